// Compiles the modules a start imports, for tools/build.py to add to app.zip:
// by the Pyodide the site ships (its Python is not the machine's), so that a
// start with no snapshot (a first visit, the first after an update) reads them instead
// of compiling their sources. The rest stays source only: a game's rules and table are
// imported when it is first opened, and the snapshot holds them all.
//
//   node tools/precompile.mjs app.zip main.py out/     (writes out/ui/__pycache__/app.cpython-314.pyc, ...)
//
// Which modules: those main.py's own top-level imports of ui and royaltable bring in,
// imported here as the page imports them. Each .pyc is "unchecked-hash" (Pyodide
// unpacks app.zip with the time of the visit, so a timestamp check would always fail;
// the bytecode and the source come from the same build) and names the file where the
// page has it (the page's start unpacks app.zip into /home/pyodide).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [zipPath, mainPath, outDir] = process.argv.slice(2);
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const py = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") + "/" });
py.FS.writeFile("/tmp/app.zip", new Uint8Array(readFileSync(zipPath)));
py.FS.writeFile("/tmp/main.py", readFileSync(mainPath, "utf8"));
const compiled = py.runPython(`
import ast, importlib.util, os, py_compile, sys, zipfile

HOME = "/home/pyodide"                     # where the page's start unpacks app.zip
with zipfile.ZipFile("/tmp/app.zip") as archive:
    archive.extractall(HOME)
os.chdir(HOME)
sys.path.insert(0, HOME)
ours = ("ui", "royaltable")
tree = ast.parse(open("/tmp/main.py", encoding="utf-8").read())
for node in tree.body:
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
        if all(name.split(".")[0] in ours for name in names):
            exec(compile(ast.Module([node], []), "main.py", "exec"), {})
sources = sorted({m.__file__ for m in list(sys.modules.values())
                  if (getattr(m, "__file__", None) or "").startswith(HOME + "/")})
assert sources, "main.py imports none of our modules"
compiled = []
for source in sources:
    cached = importlib.util.cache_from_source(source)
    py_compile.compile(source, cfile=cached, dfile=source, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    compiled.append((os.path.relpath(cached, HOME), cached))
compiled
`);
const written = compiled.toJs();
for (const [name, path] of written) {
  mkdirSync(dirname(join(outDir, name)), { recursive: true });
  writeFileSync(join(outDir, name), py.FS.readFile(path));
}
compiled.destroy();
