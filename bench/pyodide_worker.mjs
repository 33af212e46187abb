// Pyodide under Node for bench/run.py: loads the vendored Pyodide from
// node_modules (no network), unpacks the built static/vendor/app.zip and
// bench/benchlib.py into its file system, then answers one JSON request per
// line on stdin with one JSON line on stdout (benchlib.handle does the work).
//
//   node bench/pyodide_worker.mjs [path/to/app.zip]
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const zipPath = process.argv[2] || join(root, "static", "vendor", "app.zip");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));

const started = performance.now();
const pyodide = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") + "/" });
const loadMs = performance.now() - started;
const appDir = "/home/pyodide/app";
pyodide.FS.mkdirTree(appDir);
pyodide.unpackArchive(new Uint8Array(readFileSync(zipPath)), "zip", { extractDir: appDir });
pyodide.FS.writeFile(appDir + "/benchlib.py", new Uint8Array(readFileSync(join(here, "benchlib.py"))));
pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(appDir)})\nimport benchlib`);
const handle = pyodide.globals.get("benchlib").handle;

function reply(obj) { process.stdout.write(JSON.stringify(obj) + "\n"); }
reply({ ready: true, pyodide: pyodide.version, load_ms: loadMs,
        python: pyodide.runPython("import sys; sys.version.split()[0]") });

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  try {
    reply({ ok: JSON.parse(handle(line)) });
  } catch (err) {
    reply({ error: String(err && err.message || err) });
  }
}
process.exit(0);
