"""The published site holds everything the service worker precaches: the Pages
workflow's "Gather the site" step copies folders by name, and a folder left out
there (as rules/ once was) makes the service worker's install fail on Pages, so
the game would not play offline there."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[1]


def published() -> list[str]:
    """The paths the workflow copies into _site, relative to the repository root."""
    step = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    paths = []
    for line in step.splitlines():
        words = line.split()
        if words[:1] == ["cp"]:
            # `cp -r static _site/` publishes static/; `cp py/main.py _site/py/` py/main.py
            paths += [w for w in words[1:-1] if not w.startswith("-")]
    return paths


def test_every_precached_file_is_published_on_pages():
    worker = (ROOT / "sw.js").read_text()
    lists = re.findall(r'const (?:SHELL|RUNTIME) = \[(.*?)\];', worker, re.S)
    precached = [p for block in lists for p in re.findall(r'"\./([^"]*)"', block)]
    assert precached, "the service worker lists its files"
    copied = published()
    missing = [path for path in precached if path
               and not any(path == c or path.startswith(c.rstrip("/") + "/") for c in copied)]
    assert missing == []


def test_no_unit_test_file_shares_its_name_with_an_end_to_end_one():
    """pytest imports test files by their base name: two alike in tests/ and e2e/
    stop the whole run at collection ("import file mismatch")."""
    unit = {p.name for p in (ROOT / "tests").glob("test_*.py")}
    e2e = {p.name for p in (ROOT / "e2e").glob("test_*.py")}
    assert unit & e2e == set()
