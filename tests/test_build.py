"""The build is reproducible: the same sources give the same bytes, whatever the
files' times, so the service worker's version (and with it a returning player's
update) changes only when something the page loads does. Runs the build's steps
after the runtime copy (no npm) into the tree, twice, with a `touch` between."""
import os
import pathlib
import re
import sys
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402


def built() -> list[str]:
    return ["index.html", "sw.js", "static/vendor/app.zip", "static/vendor/figures.svg", "static/vendor/morphdom.js",
            *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "rules").glob("*.html"))]


def outputs() -> dict[str, bytes]:
    return {name: (ROOT / name).read_bytes() for name in built()}


@pytest.fixture
def runtime():
    if not (build.VENDOR / "pyodide").is_dir():
        pytest.skip("the runtime is not in static/vendor/: run `python3 tools/build.py` once")
    return build.vendor_runtime()


def written_at() -> dict[str, int]:
    return {name: (ROOT / name).stat().st_mtime_ns for name in built()}


def test_a_rebuild_with_no_change_gives_the_same_bytes_and_worker_version_and_writes_nothing(runtime):
    """Nothing is written either: the end-to-end tests serve this very folder while
    the unit tests run beside them (a page that read a half-written index.html asked
    for a file that is not there)."""
    build.build_site(runtime)
    first = outputs()
    first_written = written_at()
    touched = ROOT / "py" / "ui" / "html.py"
    times = touched.stat()
    try:
        later = time.time() + 120                       # another minute, as a checkout would give
        os.utime(touched, (later, later))
        build.build_site(runtime)
    finally:
        os.utime(touched, ns=(times.st_atime_ns, times.st_mtime_ns))
    second = outputs()
    assert [name for name in first if first[name] != second[name]] == []
    assert [name for name, at in written_at().items() if at != first_written[name]] == []
    assert build.worker_version() == re.search(rb'VERSION = "(\w+)"', first["sw.js"]).group(1).decode()


def test_the_zip_has_fixed_times_permissions_and_order(runtime, tmp_path):
    import zipfile
    target = build.pack_python(tmp_path / "app.zip")
    with zipfile.ZipFile(target) as archive:
        infos = archive.infolist()
    names = [i.filename for i in infos]
    assert names == sorted(names) and "ui/html.py" in names and "main.py" not in names
    assert {i.date_time for i in infos} == {build.ZIP_TIME}
    assert {i.external_attr >> 16 for i in infos} == {0o100644}


def test_the_worker_version_follows_the_content(runtime, tmp_path):
    """A changed file changes the version, and the worker lists its hash."""
    site = tmp_path / "site"
    for name in build.SITE_FILES:
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes((ROOT / name).read_bytes())
    build.write_service_worker([], [], root=site)
    before = build.worker_version(site / "sw.js")
    with (site / "static" / "app.css").open("a") as css:
        css.write("\n/* changed */\n")
    build.write_service_worker([], [], root=site)
    worker = (site / "sw.js").read_text()
    assert build.worker_version(site / "sw.js") != before
    import hashlib
    assert hashlib.sha256((site / "static" / "app.css").read_bytes()).hexdigest() in worker


def test_the_policy_hashes_the_inline_script_the_build_wrote():
    import base64
    import hashlib
    text = (ROOT / "index.html").read_text()
    policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', text).group(1)
    script = re.search(r"<!-- first-paint:start --><script>(.*?)</script>", text, re.S).group(1)
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    assert f"'sha256-{digest}'" in policy
    assert "'unsafe-inline'" not in policy.split("style-src-attr")[0]     # scripts: never inline at will
    assert text.index("Content-Security-Policy") < text.index("<script")
    for page in (ROOT / "rules").glob("*.html"):
        assert "script-src 'self';" in page.read_text()


# main.py's own imports of our packages, run as the page runs them; prints the files
# of every module of ours they bring in.
START_IMPORTS = """
import ast, json, pathlib, sys
tree = ast.parse(pathlib.Path(sys.argv[1]).read_text(encoding="utf-8"))
for node in tree.body:
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
        if all(name.split(".")[0] in ("ui", "royaltable") for name in names):
            exec(compile(ast.Module([node], []), "main.py", "exec"), {})
here = str(pathlib.Path.cwd())
print(json.dumps(sorted(m.__file__ for m in list(sys.modules.values())
                        if (getattr(m, "__file__", None) or "").startswith(here))))
"""


def test_the_zip_holds_the_bytecode_of_what_a_start_imports_and_of_nothing_else(runtime, tmp_path):
    """A start with no snapshot reads the modules it imports compiled (tools/precompile.mjs,
    by the Pyodide the site ships); a game's rules and table, imported when the game is
    first opened, stay source only. Each .pyc is hash-based and unchecked (the page
    unpacks app.zip with the visit's file times), all for one Python."""
    import json
    import subprocess
    import zipfile
    with zipfile.ZipFile(build.pack_python(tmp_path / "app.zip")) as archive:
        archive.extractall(tmp_path / "app")
        compiled = {name: archive.read(name) for name in archive.namelist() if name.endswith(".pyc")}
    out = subprocess.run([sys.executable, "-c", START_IMPORTS, str(ROOT / "py" / "main.py")],
                         cwd=tmp_path / "app", capture_output=True, text=True,
                         env={"PYTHONPATH": str(tmp_path / "app"), "PYTHONDONTWRITEBYTECODE": "1",
                              "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr[-2000:]
    started = [pathlib.Path(f).relative_to(tmp_path / "app") for f in json.loads(out.stdout)]
    assert len(started) > 20 and pathlib.Path("ui/app.py") in started
    assert not any(part == "games" and path.name == "table.py" for path in started for part in path.parts)
    tags = {name.rsplit(".", 2)[-2] for name in compiled}
    assert len(tags) == 1, tags
    (tag,) = tags
    assert tag.startswith("cpython-3"), tag
    assert sorted(compiled) == sorted(f"{p.parent.as_posix()}/__pycache__/{p.stem}.{tag}.pyc" for p in started)
    assert {data[:4] for data in compiled.values()} == {next(iter(compiled.values()))[:4]}
    assert {int.from_bytes(data[4:8], "little") for data in compiled.values()} == {0b01}   # hash-based, unchecked
