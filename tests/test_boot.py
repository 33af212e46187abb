"""A light start (issue 33): the home screen is drawn without any game's rules or
table imported; opening a game (set up, continued, replayed, imported) imports
that game's alone; the start-up snapshot's worker imports them all.

Each start runs in a fresh interpreter (the test process has every game imported
long before), importing what py/main.py imports of ours."""
import ast
import html
import json
import pathlib
import re
import subprocess
import sys

import pytest
from hypothesis import given, strategies as st

from royaltable import registry
from ui import markup, saves
from ui.collection import COLLECTION, GAMES

ROOT = pathlib.Path(__file__).resolve().parents[1]
SEATS = [{"name": "Aki", "kind": "human"}, {"name": "Ben", "kind": "quick"}, {"name": "Chie", "kind": "quick"},
         {"name": "Dan", "kind": "quick"}]


def main_imports() -> str:
    """py/main.py's imports of our packages (pyodide and pyscript exist only in the page)."""
    tree = ast.parse((ROOT / "py" / "main.py").read_text(encoding="utf-8"))
    ours = [node for node in tree.body if isinstance(node, ast.ImportFrom) and node.module.split(".")[0] in
            ("ui", "royaltable")]
    assert ours, "main.py imports nothing of ours?"
    return "\n".join(ast.unparse(node) for node in ours)


# Standard modules the home screen does without (each costs a start in Pyodide some
# 15-40 ms): html (its entities table), hashlib (a save's digest), secrets (a new id).
UNNEEDED = ("html", "hashlib", "secrets")

# Which games' rules or tables a fresh interpreter has imported, after each step.
START = """
import json, sys
sys.path.insert(0, {py!r})
{imports}
from ui.app import App
from ui.library import MemoryStore, Stored

def loaded():
    return sorted({{name.split(".")[2] for name in sys.modules
                    if re.match(r"(royaltable\\.games|ui\\.games)\\.\\w+", name)
                    and (name.startswith("royaltable") or name.endswith(".table"))}})

import re
store = MemoryStore()
for item_id, text in {saved!r}.items():
    store.shared["items"][item_id] = Stored(item_id, text, 1.0, 1)
app = App("en", store=store)
html = app.render()
assert 'data-cmd="setup"' in html
steps = {{"home": loaded(), "unneeded": sorted(set(UNNEEDED) & set(sys.modules))}}
for cmd, arg in {steps!r}:
    if cmd == "import":
        app.import_game(arg)
    else:
        app.handle(cmd, arg)
    app.render()
    steps[cmd] = loaded()
steps["screen"] = app.screen
print(json.dumps(steps))
"""


def start(steps=(), saved=None) -> dict:
    script = START.format(py=str(ROOT / "py"), imports=main_imports(), saved=saved or {}, steps=list(steps))
    script = script.replace("UNNEEDED", repr(UNNEEDED))
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def save_of(game_id: str, moves: int, finished: bool = False) -> str:
    game = registry.get(game_id)
    seats = SEATS[:game.default_players]
    state = game.new(len(seats), seed=3)
    while not state.over and (finished or len(state.actions) < moves):
        state.apply(state.legal_actions()[0])
    return saves.dump_state(seats, state)


def test_the_home_screen_imports_no_game_and_setting_one_up_imports_that_one_alone():
    steps = start([("setup", "krypkille"), ("start", "")])
    assert steps["home"] == [] and steps["unneeded"] == []
    assert steps["setup"] == ["krypkille"]
    assert steps["start"] == ["krypkille"] and steps["screen"] == "table"


def test_a_game_in_progress_continued_from_the_home_imports_that_game_alone():
    steps = start([("continue", "g1")], saved={"g1": save_of("court", 10), "g2": save_of("whispers", 10)})
    assert steps["home"] == []
    assert steps["continue"] == ["court"] and steps["screen"] == "table"


def test_a_finished_game_replayed_and_a_file_imported_import_their_game_alone():
    steps = start([("replay_saved", "done")], saved={"done": save_of("golden_key", 0, finished=True)})
    assert steps["home"] == [] and steps["replay_saved"] == ["golden_key"] and steps["screen"] == "replay"
    steps = start([("import", save_of("struggle", 6))])
    assert steps["home"] == [] and steps["import"] == ["struggle"]


def test_a_rules_page_imports_no_rules():
    steps = start([("rules", "whispers")])
    assert steps["rules"] == [] and steps["screen"] == "rules"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_home_screens_player_counts_are_the_rules_own(game_id):
    game = registry.get(game_id)
    assert [row[1:] for row in COLLECTION if row[0] == game_id] == [(game.min_players, game.max_players)]


def test_the_snapshot_worker_imports_every_games_rules_and_table():
    worker = (ROOT / "static" / "snapshot-worker.mjs").read_text(encoding="utf-8")
    imports = re.search(r"const IMPORTS = `(.*?)`;", worker, re.S).group(1)
    script = (f"import sys\nsys.path.insert(0, {str(ROOT / 'py')!r})\n{imports}\n"
              "print(' '.join(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    modules = set(out.stdout.split())
    assert sorted(registry.ids()) == sorted(GAMES)
    for game_id in GAMES:
        assert {f"royaltable.games.{game_id}", f"ui.games.{game_id}.table"} <= modules


@given(st.text(alphabet=st.sampled_from("&<>\"'a &amp;\u3042") | st.characters()))
def test_the_apps_escape_is_html_escape(value):
    assert markup.escape(value) == html.escape(value, quote=True)
