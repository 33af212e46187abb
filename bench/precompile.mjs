// app.zip with every module also precompiled for Pyodide's own Python (3.14; the
// machine's CPython is another version), for bench/boot.py to measure against the
// build's app.zip (which ships compiled only what a start imports: tools/precompile.mjs):
// the sources as they are, plus __pycache__/<name>.cpython-314.pyc
// compiled inside Pyodide under Node, unchecked-hash (Pyodide unpacks app.zip with
// today's file times, so a timestamp check would miss), named as PyScript unpacks
// them (/home/pyodide/...). Pyodide itself never writes bytecode (dont_write_bytecode).
//
//   node bench/precompile.mjs in.zip out.zip
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [source, target] = process.argv.slice(2);
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const py = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") + "/" });
py.FS.writeFile("/tmp/in.zip", new Uint8Array(readFileSync(source)));
py.runPython(`
import compileall, io, pathlib, py_compile, zipfile
with zipfile.ZipFile("/tmp/in.zip") as archive:
    archive.extractall("/tmp/in")
    infos = archive.infolist()
assert compileall.compile_dir("/tmp/in", ddir="/home/pyodide", quiet=1,
                              invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
    for info in infos:
        if not info.filename.endswith(".pyc"):     # what the build compiled is compiled again below
            archive.writestr(info, pathlib.Path("/tmp/in", info.filename).read_bytes())
    for path in sorted(pathlib.Path("/tmp/in").rglob("*.pyc")):
        info = zipfile.ZipInfo(path.relative_to("/tmp/in").as_posix(), date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type, info.create_system, info.external_attr = zipfile.ZIP_DEFLATED, 3, 0o100644 << 16
        archive.writestr(info, path.read_bytes(), compresslevel=9)
pathlib.Path("/tmp/out.zip").write_bytes(out.getvalue())
`);
writeFileSync(target, py.FS.readFile("/tmp/out.zip"));
