"""Builds the static site in place: copies the pinned runtime from node_modules
into static/vendor/ and packs py/ into one zip that the interpreter module
(static/snapshot.mjs) unpacks at start.

Run `npm ci` first. Output is .gitignored; the site is then the repository root
(index.html, pyscript.toml, py/main.py, static/), servable by any file server.
"""
from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
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


# Fixed file times, permissions and order: the same py/ gives the same app.zip,
# whatever its files' times (a checkout, a `touch`), so the service worker's
# version changes only when the code does.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def pack_python(target: pathlib.Path | None = None) -> pathlib.Path:
    """py/ minus the entry point, as a zip the start unpacks into the interpreter's
    working dir (static/snapshot.mjs); each TOML data file packed as JSON (x.toml.json),
    which the page reads quicker (py/ui/datafile.py: json is C, tomllib is Python); and
    the bytecode of the modules a start imports (start_bytecode)."""
    target = target or VENDOR / "app.zip"
    # The Python, and the data it reads: words and rules text (TOML), art (SVG).
    sources = sorted((src.relative_to(ROOT / "py").as_posix(), src) for src in (ROOT / "py").rglob("*")
                     if src.suffix in (".py", ".toml", ".svg") and "__pycache__" not in src.parts)
    files: dict[str, bytes] = {}
    for rel, src in sources:
        if rel.split("/")[0] in ("tools",) or rel.split("/")[-1] == "main.py":
            continue
        if src.suffix == ".toml":
            # A value JSON cannot hold (a TOML date) fails here, not in the page.
            data = tomllib.loads(src.read_text(encoding="utf-8"))
            files[rel + ".json"] = json.dumps(data, ensure_ascii=False, separators=(",", ":"),
                                              allow_nan=False).encode()
        else:
            files[rel] = src.read_bytes()
    files.update(start_bytecode(files))
    write_if_changed(target, zipped(files))
    return target


def zipped(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for rel in sorted(files):
            info = zipfile.ZipInfo(rel, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3                       # unix, whichever system builds
            info.external_attr = 0o100644 << 16          # a plain file, rw-r--r--
            archive.writestr(info, files[rel], compresslevel=9)
    return buffer.getvalue()


# A start with no snapshot (a first visit, the first after an update, WebKit until it
# has made one) compiled every module it imports from its source: about a third of our
# part of a start (bench/RESULTS-boot.md). Those modules ship compiled too, by the
# Pyodide the site ships (tools/precompile.mjs); a game's rules and table, imported
# when it is first opened, stay source only. Kept by a hash of what they are made from,
# so that a rebuild with no change does not start Pyodide again.
BYTECODE_CACHE = MODULES / ".cache" / "royaltable-bytecode"


def start_bytecode(files: dict[str, bytes]) -> dict[str, bytes]:
    """`files` (app.zip's, by name) -> the .pyc of each module main.py's imports bring in,
    by its name in the zip (ui/__pycache__/app.cpython-314.pyc)."""
    precompile = ROOT / "tools" / "precompile.mjs"
    if not (MODULES / "pyodide").is_dir():
        sys.exit("node_modules/ is missing: run `npm ci` first")
    digest = hashlib.sha256()
    for part in (precompile.read_bytes(), (ROOT / "py" / "main.py").read_bytes(),
                 (MODULES / "pyodide" / "package.json").read_bytes(),
                 *(name.encode() + b"\0" + files[name] for name in sorted(files))):
        digest.update(hashlib.sha256(part).digest())
    kept = BYTECODE_CACHE / digest.hexdigest()[:32]
    if not kept.is_dir():
        BYTECODE_CACHE.mkdir(parents=True, exist_ok=True)
        # Made beside the cache (one file system), then moved into it whole.
        with tempfile.TemporaryDirectory(dir=BYTECODE_CACHE.parent) as work:
            source = pathlib.Path(work, "app.zip")
            source.write_bytes(zipped(files))
            made = pathlib.Path(work, "out")
            subprocess.run(["node", str(precompile), str(source), str(ROOT / "py" / "main.py"), str(made)],
                           check=True, stdout=subprocess.DEVNULL)
            for older in BYTECODE_CACHE.iterdir():
                shutil.rmtree(older, ignore_errors=True)
            try:
                os.replace(made, kept)
            except OSError:
                if not kept.is_dir():        # not a build beside this one that made it first
                    raise
    return {path.relative_to(kept).as_posix(): path.read_bytes() for path in sorted(kept.rglob("*.pyc"))}


# The memory snapshot (issue 22): static/snapshot.mjs is the interpreter module
# pyscript.toml names (Pyodide's loadPyodide, restoring a snapshot this device made
# of an interpreter with our packages imported), static/snapshot-worker.mjs makes
# one. Both go beside pyodide.mjs, with the key of this build: a hash of app.zip,
# the Pyodide runtime and the two files, so another version never restores it.
SNAPSHOT_FILES = {"royal-snapshot.mjs": "static/snapshot.mjs",
                  "royal-snapshot-worker.mjs": "static/snapshot-worker.mjs"}


def snapshot_key(app_zip: pathlib.Path) -> str:
    digest = hashlib.sha256()
    for path in [app_zip, *(VENDOR / "pyodide" / name for name in PYODIDE_FILES),
                 *(ROOT / src for src in SNAPSHOT_FILES.values())]:
        digest.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def write_snapshot_modules(app_zip: pathlib.Path) -> list[pathlib.Path]:
    key = snapshot_key(app_zip)
    out = []
    for name, src in SNAPSHOT_FILES.items():
        target = VENDOR / "pyodide" / name
        text = (ROOT / src).read_text().replace("__SNAPSHOT_KEY__", key)
        text = text.replace("__APP_ZIP_SHA256__", hashlib.sha256(app_zip.read_bytes()).hexdigest())
        write_if_changed(target, text.encode())
        out.append(target)
    return out


def write_if_changed(path: pathlib.Path, data: bytes) -> bool:
    """Writes data at path atomically (a page being served never reads half a file),
    and not at all when the file already holds it."""
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.write_bytes(data)
    os.replace(partial, path)
    return True


# The app's own files, beside the built vendor/ folder, that the page loads.
SITE_FILES = ("index.html", "pyscript.toml", "py/main.py", "static/app.css", "static/boot.js",
              "static/offline.js", "static/store.js", "static/sound.js", "static/motion.js", "static/redraw.js",
              "static/lang.js", "static/rules-page.js",
              *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "py" / "ui" / "games").glob("*/style.css")),
              "static/icon.svg", "static/manifest.webmanifest", "static/icons/icon-192.png",
              "static/icons/icon-512.png", "static/icons/maskable-512.png",
              "static/icons/apple-touch-icon.png")


def write_service_worker(runtime: list[pathlib.Path], shell: list[pathlib.Path],
                         root: pathlib.Path = ROOT) -> pathlib.Path:
    """sw.js at the site root (its scope is the whole site): the small app files to
    keep at install, the big runtime files to keep once the page is usable, and the
    SHA-256 of every one of them, so that an updated worker can check each file it
    keeps (from the older cache or the network) before it takes over. Its version is
    a hash of the worker's own code and of every file it keeps; `root` is the site's
    folder (the repository, or a copy of the published site)."""
    shell = [root / name for name in SITE_FILES] + sorted(shell)
    runtime = sorted(runtime)
    hashes = {"./": hashlib.sha256((root / "index.html").read_bytes()).hexdigest()}
    for path in shell + runtime:
        hashes["./" + path.relative_to(root).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    template = (ROOT / "tools" / "sw_template.js").read_text()
    digest = hashlib.sha256(template.encode())
    for url, sha in sorted(hashes.items()):
        digest.update(f"{url}\0{sha}\n".encode())

    def urls(paths):
        return json.dumps(["./" + path.relative_to(root).as_posix() for path in paths], indent=2)

    target = root / "sw.js"
    write_if_changed(target, template.replace("__VERSION__", digest.hexdigest()[:16])
                     .replace("__SHELL__", '["./", ' + urls(shell)[1:])
                     .replace("__RUNTIME__", urls(runtime))
                     .replace("__HASHES__", json.dumps(hashes, indent=2, sort_keys=True)).encode())
    return target


def worker_version(worker: pathlib.Path = ROOT / "sw.js") -> str:
    return re.search(r'const VERSION = "([0-9a-f]+)";', worker.read_text()).group(1)


# ---- Content-Security-Policy --------------------------------------------------------
# The page runs only its own files: PyScript and Pyodide from static/vendor/ (Pyodide
# compiles WebAssembly and PyScript evaluates its bootstrap, hence 'unsafe-eval'),
# and one inline script, the first-paint data, allowed by its hash. The app's markup
# sets a few style attributes (style-src-attr); no <style> elements, no other origin.
CSP = ("default-src 'self'; script-src 'self' 'unsafe-eval' {hashes}; style-src 'self'; "
       "style-src-attr 'unsafe-inline'; object-src 'none'; base-uri 'none'; form-action 'none'")
INLINE_SCRIPT = re.compile(r"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.S)


def inline_script_hashes(html: str) -> list[str]:
    """'sha256-…' of every inline script the browser runs (not src=, not type=py)."""
    out = []
    for m in INLINE_SCRIPT.finditer(html):
        attrs = m.group("attrs")
        if re.search(r"\bsrc\s*=", attrs) or re.search(r"""\btype\s*=\s*["']?(py|mpy)""", attrs):
            continue
        digest = base64.b64encode(hashlib.sha256(m.group("body").encode()).digest()).decode()
        out.append(f"'sha256-{digest}'")
    return sorted(set(out))


def write_csp(index: pathlib.Path = ROOT / "index.html") -> str:
    """The policy, written into index.html between the csp markers; run after every
    other write into index.html, so it hashes the scripts as they are."""
    text = index.read_text()
    policy = CSP.format(hashes=" ".join(inline_script_hashes(text)))
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
    pattern = re.compile(r"(<!-- csp:start -->).*?(<!-- csp:end -->)", re.S)
    if not pattern.search(text):
        raise SystemExit("index.html has no <!-- csp:start/end --> markers")
    write_if_changed(index, pattern.sub(lambda m: m.group(1) + meta + m.group(2), text).encode())
    return policy


def vendor_runtime() -> list[pathlib.Path]:
    """The runtime files copy_runtime() put in static/vendor/ (an earlier build's)."""
    return sorted(p for folder in ("pyscript", "pyodide") for p in (VENDOR / folder).iterdir())


# Browser builds of small libraries the page loads with a <script> tag, from the
# pinned npm packages: morphdom patches a redraw into the page (static/redraw.js).
LIBRARIES = {"morphdom.js": "morphdom/dist/morphdom-umd.min.js"}


def copy_libraries() -> list[pathlib.Path]:
    out = []
    for name, src in LIBRARIES.items():
        write_if_changed(VENDOR / name, (MODULES / src).read_bytes())
        out.append(VENDOR / name)
    return out


def write_figures() -> str:
    """static/vendor/figures.svg: the figures every game names (ui/games/<id>/figures.toml),
    and only those, from the pinned icon package (ui/figures.py). Returns the same
    symbols as the app's page holds them (tools/prerender.py writes them into index.html)."""
    if str(ROOT / "py") not in sys.path:
        sys.path.insert(0, str(ROOT / "py"))
    from ui import figures
    icons = json.loads((MODULES / "@iconify-json" / "game-icons" / "icons.json").read_text())
    write_if_changed(VENDOR / "figures.svg", figures.sprite(icons).encode())
    return figures.page_sprite(icons)


def build_site(runtime: list[pathlib.Path]) -> pathlib.Path:
    """Everything after the runtime is copied: app.zip, the figures, the prerendered
    pages, the policy and the service worker. The same sources give the same bytes."""
    import prerender
    app_zip = pack_python()
    copy_libraries()
    sprite = write_figures()
    runtime = sorted(set(runtime) | set(write_snapshot_modules(app_zip)))
    prerender.write_index(sprite)               # the home screen, drawn before Python runs
    write_csp()                                 # after it: the policy hashes what it wrote
    prerender.write_rules_pages()               # rules/<game>.html, readable without Python
    return write_service_worker(runtime, built_shell())


def built_shell(root: pathlib.Path = ROOT) -> list[pathlib.Path]:
    """What the build writes that the worker keeps at install, besides SITE_FILES:
    app.zip, the figures and the rules pages, in `root` (the repository, or a copy of
    the published site: e2e/test_offline_update.py rebuilds its worker with this)."""
    vendor = root / "static" / "vendor"
    return [vendor / "app.zip", vendor / "figures.svg", *(vendor / name for name in LIBRARIES),
            *sorted((root / "rules").glob("*.html"))]


def main() -> None:
    files = copy_runtime()
    build_site(files)
    files += [VENDOR / "app.zip", VENDOR / "figures.svg", *(VENDOR / name for name in LIBRARIES),
              *(VENDOR / "pyodide" / name for name in SNAPSHOT_FILES)]
    versions = {name: json.loads((MODULES / name / "package.json").read_text())["version"]
                for name in ("@pyscript/core", "pyodide", "morphdom")}
    size = sum(f.stat().st_size for f in files)
    print(f"built site: {len(files)} runtime files, {size / 1e6:.1f} MB "
          f"(@pyscript/core {versions['@pyscript/core']}, pyodide {versions['pyodide']}, "
          f"morphdom {versions['morphdom']}), "
          f"service worker {worker_version()}")


if __name__ == "__main__":
    main()
