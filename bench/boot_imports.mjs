// bench/boot.py's CPU count of a start's Python part, under Node (Pyodide as the page
// has it, no browser, no network): for each app.zip given, in a fresh interpreter each
// time (order rotating), the CPU time of unpacking it, then of what main.py imports of
// ours, the App made and the home drawn, and which modules that added. CPU time, not
// wall time: the machine is shared.
//
//   node bench/boot_imports.mjs ROUNDS a.zip b.zip ...   -> one JSON line
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [rounds, ...zips] = process.argv.slice(2);
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const out = Object.fromEntries(zips.map((z) => [z, { unpack_ms: [], imports_ms: [], added: null }]));
for (let r = 0; r < Number(rounds); r++) {
  const order = zips.slice(r % zips.length).concat(zips.slice(0, r % zips.length));
  for (const zip of order) {
    const py = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") + "/" });
    const before = py.runPython("import sys; sorted(sys.modules)").toJs();
    const bytes = new Uint8Array(readFileSync(zip));
    const c0 = cpu();
    py.unpackArchive(bytes, "zip", { extractDir: py.FS.cwd() });
    const c1 = cpu();
    py.runPython(`
from ui import saves
from ui.app import App
from ui.library import Stored
from ui.taps import TapGuard
App().render()
`);
    const c2 = cpu();
    const after = py.runPython("sorted(sys.modules)").toJs();
    out[zip].unpack_ms.push(c1 - c0);
    out[zip].imports_ms.push(c2 - c1);
    out[zip].added = after.filter((m) => !before.includes(m));
  }
}
process.stdout.write(JSON.stringify(out) + "\n");
