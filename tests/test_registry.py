"""The registry: games by id, in home-screen order, and records replayed."""
import dataclasses
import pathlib

import pytest

from royaltable import registry

KRYPKILLE = registry.get("krypkille")


@pytest.fixture
def games(monkeypatch):
    """The registry on a copy of its table, so that a test may register games; a test
    that clears it has no game folders either."""
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    found = registry._found()
    monkeypatch.setattr(registry, "_found", lambda: [g for g in found if g in registry._GAMES])
    return registry._GAMES


def test_register_adds_a_game_last_and_returns_it(games):
    before = registry.ids()
    copy = dataclasses.replace(KRYPKILLE, id="copy")
    assert registry.register(copy) is copy
    assert registry.get("copy") is copy
    assert registry.ids() == before + ["copy"]


def test_ids_are_the_registered_games_in_order(games):
    games.clear()
    assert registry.ids() == []
    for game_id in ("b", "a"):
        registry.register(dataclasses.replace(KRYPKILLE, id=game_id))
    assert registry.ids() == ["b", "a"]


def test_unknown_game_names_the_known_ones(games):
    games.clear()
    for game_id in ("b", "a"):
        registry.register(dataclasses.replace(KRYPKILLE, id=game_id))
    with pytest.raises(ValueError, match=r"^unknown game 'chess'; known games: b, a$"):
        registry.get("chess")


def test_replay_gives_the_same_game():
    state = KRYPKILLE.new(3, seed=4, options={"limit": 50})
    for _ in range(5):
        state.apply(state.legal_actions()[-1])
    again = registry.replay(state.record())
    assert again.record() == state.record() and again.view(None) == state.view(None)


def test_replay_names_the_action_that_does_not_replay():
    record = KRYPKILLE.new(3, seed=4).record()
    record["actions"] = ["keep", "fly", "keep"]
    with pytest.raises(ValueError, match=r"^record does not replay: action 2 \('fly'\): "):
        registry.replay(record)


@pytest.mark.parametrize("record", [None, {}, {"game": "krypkille", "players": 3, "seed": 1},
                                    {"game": "krypkille", "players": 3, "options": {}, "actions": []}])
def test_replay_refuses_what_is_not_a_record(record):
    with pytest.raises(ValueError, match="^not a game record: missing or bad field"):
        registry.replay(record)


def test_start_gives_the_game_its_first_state_and_the_actions():
    state = KRYPKILLE.new(3, seed=4, options={"limit": 50})
    state.apply(state.legal_actions()[-1])
    game, first, actions = registry.start(state.record())
    assert game is KRYPKILLE and actions == state.actions
    assert first.actions == [] and first.seed == 4 and first.players == 3
    assert first.options == state.options and first.view(None) == KRYPKILLE.new(
        3, seed=4, options={"limit": 50}).view(None)


def test_a_record_refused_names_its_missing_field_and_the_failing_action():
    record = KRYPKILLE.new(3, seed=4).record()
    del record["seed"]
    with pytest.raises(ValueError, match=r"^not a game record: missing or bad field 'seed'$"):
        registry.start(record)
    state = KRYPKILLE.new(3, seed=4)
    with pytest.raises(ValueError) as out:
        registry.play_recorded(state, 7, "fly")
    try:
        KRYPKILLE.new(3, seed=4).apply("fly")
    except Exception as err:
        why = str(err)
    assert str(out.value) == f"record does not replay: action 7 ('fly'): {why}"
    assert state.actions == []
    registry.play_recorded(state, 1, state.legal_actions()[0])
    assert len(state.actions) == 1


def test_every_game_is_found_when_the_rules_are_imported_from_a_zip(tmp_path):
    """As the bench imports app.zip (zipimport): the games are found through the
    package, not the file system (a glob of the folder finds nothing in a zip)."""
    import subprocess
    import sys
    import zipfile
    py = pathlib.Path(__file__).resolve().parents[1] / "py"
    archive = tmp_path / "app.zip"
    with zipfile.ZipFile(archive, "w") as out:
        for path in (py / "royaltable").rglob("*.py"):
            out.write(path, path.relative_to(py).as_posix())
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from royaltable import registry; "
            "assert '.zip' in registry.__file__; print(registry.ids(), registry.get('court').id)")
    done = subprocess.run([sys.executable, "-c", code, str(archive)], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "['court', 'golden_key', 'krypkille', 'struggle', 'whispers'] court"
