"""The data files (py/ui/datafile.py): the page reads each TOML file as the JSON the
build packs in its place (tools/build.py), holding the same data, and its start never
loads the TOML parser (about 40 ms of every start in the browser)."""
import json
import pathlib
import subprocess
import sys
import tomllib
import zipfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "py"))

import build  # noqa: E402
from ui import datafile  # noqa: E402

# Everything the app reads from its data files, as JSON; and whether drawing the home
# screen loaded tomllib. Run in the folder given (the source tree, or app.zip unpacked).
READ_ALL = """
import json, sys
from ui.app import App
App().render()
at_start = "tomllib" in sys.modules
from ui import aid, datafile, figures, i18n, tutorial
games = [path.parent.name for path in datafile.find(i18n._GAMES_DIR, "*/words.toml")]
print(json.dumps({
    "tomllib_at_start": at_start,
    "games": games,
    "catalog": dict(i18n.CATALOG),
    "figures": figures.all_names(),
    "rules": {g: i18n.rules_text(g) for g in games},
    "aids": {g: aid.topics(g) for g in games if aid.has_aid(g)},
    "lessons": {g: repr(tutorial.lesson(g)) for g in games if tutorial.has_lesson(g)},
}, ensure_ascii=False))
"""


def read_all(folder: pathlib.Path) -> dict:
    out = subprocess.run([sys.executable, "-c", READ_ALL], cwd=folder, capture_output=True, text=True,
                         env={"PYTHONPATH": str(folder), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout)


def test_the_build_packs_every_data_file_as_json_holding_what_tomllib_reads(tmp_path):
    with zipfile.ZipFile(build.pack_python(tmp_path / "app.zip")) as archive:
        names = set(archive.namelist())
        sources = sorted(p.relative_to(ROOT / "py").as_posix() for p in (ROOT / "py").rglob("*.toml"))
        assert len(sources) > 10
        for rel in sources:
            assert rel not in names and rel + ".json" in names, rel
            assert json.loads(archive.read(rel + ".json")) == tomllib.loads((ROOT / "py" / rel).read_text()), rel


def test_a_packed_copy_is_read_in_place_of_its_toml_and_found_by_the_toml_name(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "words.toml").write_text('x = 1\n')
    (tmp_path / "b" / "words.toml.json").write_text('{"x": 2}')
    assert datafile.load_toml(tmp_path / "a" / "words.toml") == {"x": 1}
    assert datafile.load_toml(tmp_path / "b" / "words.toml") == {"x": 2}
    assert datafile.find(tmp_path, "*/words.toml") == [tmp_path / "a" / "words.toml", tmp_path / "b" / "words.toml"]
    assert datafile.exists(tmp_path / "b" / "words.toml") and datafile.exists(tmp_path / "a" / "words.toml")
    assert not datafile.exists(tmp_path / "c" / "words.toml")


def test_the_packed_app_reads_what_the_sources_say_and_starts_without_the_toml_parser(tmp_path):
    with zipfile.ZipFile(build.pack_python(tmp_path / "app.zip")) as archive:
        archive.extractall(tmp_path / "app")
    packed, source = read_all(tmp_path / "app"), read_all(ROOT / "py")
    assert packed["tomllib_at_start"] is False
    assert len(packed["games"]) == 5 and packed["catalog"] and packed["lessons"] and packed["aids"]
    assert {k: v for k, v in packed.items() if k != "tomllib_at_start"} == \
        {k: v for k, v in source.items() if k != "tomllib_at_start"}
