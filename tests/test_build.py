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
