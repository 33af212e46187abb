"""Builds the static site in place: copies the pinned runtime from node_modules
into static/vendor/ and packs py/ into one zip that PyScript unpacks at start.

Run `npm ci` first. Output is .gitignored; the site is then the repository root
(index.html, pyscript.toml, py/main.py, static/), servable by any file server.
"""
from __future__ import annotations

import hashlib
import json
import pathlib
import shutil
import sys
import zipfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"

# Only what a page with a <script type="py"> and a TOML config loads (core.js
# imports the editor, terminal and game plugins eagerly, not their libraries): no
# CodeMirror, xterm or MicroPython, and no source maps.
PYSCRIPT_SKIP = ("codemirror", "xterm", "mpy",
                 "service-worker", "storage")
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json")


def copy_runtime() -> list[pathlib.Path]:
    if not (MODULES / "pyodide").is_dir():
        sys.exit("node_modules/ is missing: run `npm ci` first")
    shutil.rmtree(VENDOR, ignore_errors=True)
    copied = []
    pyscript = VENDOR / "pyscript"
    pyscript.mkdir(parents=True)
    for src in sorted((MODULES / "@pyscript" / "core" / "dist").iterdir()):
        if src.suffix == ".map" or src.name.startswith(PYSCRIPT_SKIP):
            continue
        copied.append(pathlib.Path(shutil.copy2(src, pyscript / src.name)))
    pyodide = VENDOR / "pyodide"
    pyodide.mkdir()
    for name in PYODIDE_FILES:
        copied.append(pathlib.Path(shutil.copy2(MODULES / "pyodide" / name, pyodide / name)))
    return copied


def pack_python() -> pathlib.Path:
    """py/ minus the entry point, as a zip PyScript unpacks into its working dir."""
    target = VENDOR / "app.zip"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for src in sorted((ROOT / "py").rglob("*.py")):
            rel = src.relative_to(ROOT / "py")
            if rel.parts[0] in ("tools",) or rel.name == "main.py":
                continue
            archive.write(src, rel.as_posix())
    return target


# The app's own files, beside the built vendor/ folder, that the page loads.
SITE_FILES = ("index.html", "pyscript.toml", "py/main.py", "static/app.css", "static/boot.js",
              "static/offline.js",
              "static/lang.js", "static/rules-page.js",
              *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "static" / "tables").glob("*.css")),
              "static/icon.svg", "static/manifest.webmanifest", "static/icons/icon-192.png",
              "static/icons/icon-512.png", "static/icons/maskable-512.png",
              "static/icons/apple-touch-icon.png")


def write_service_worker(runtime: list[pathlib.Path], shell: list[pathlib.Path]) -> pathlib.Path:
    """sw.js at the site root (its scope is the whole site): the small app files to
    keep at install, the big runtime files to keep once the page is usable; its
    version is a hash of all their contents."""
    shell = [ROOT / name for name in SITE_FILES] + sorted(shell)
    runtime = sorted(runtime)
    digest = hashlib.sha256()
    for path in shell + runtime:
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(path.read_bytes())

    def urls(paths):
        return json.dumps(["./" + path.relative_to(ROOT).as_posix() for path in paths], indent=2)

    template = (ROOT / "tools" / "sw_template.js").read_text()
    target = ROOT / "sw.js"
    target.write_text(template.replace("__VERSION__", digest.hexdigest()[:16])
                      .replace("__SHELL__", '["./", ' + urls(shell)[1:])
                      .replace("__RUNTIME__", urls(runtime)))
    return target


def main() -> None:
    import prerender
    files = copy_runtime()
    app_zip = pack_python()
    prerender.write_index()                     # the home screen, drawn before Python runs
    rules = prerender.write_rules_pages()       # rules/<game>.html, readable without Python
    write_service_worker(files, [app_zip, *rules])
    files.append(app_zip)
    versions = {name: json.loads((MODULES / name / "package.json").read_text())["version"]
                for name in ("@pyscript/core", "pyodide")}
    size = sum(f.stat().st_size for f in files)
    print(f"built site: {len(files)} runtime files, {size / 1e6:.1f} MB "
          f"(@pyscript/core {versions['@pyscript/core']}, pyodide {versions['pyodide']})")


if __name__ == "__main__":
    main()
