"""The library of games on the tablet (py/ui/library.py) and the saves it keeps
(py/ui/saves.py): every game under its own id, one tab at a time, failures told,
saves that cannot stop the app or come back in another position."""
from __future__ import annotations

import json
import random

import pytest

from royaltable import registry
from royaltable.games.court.rules import CourtState
from screens import advance, start
from ui import saves
from ui.app import App
from ui.library import Library, MemoryStore, Stored

SEATS3 = [{"name": "Aki", "kind": "human"}, {"name": "Ben", "kind": "quick"}, {"name": "Chie", "kind": "quick"}]


def played(game_id="court", players=3, moves=12, seed=5):
    game = registry.get(game_id)
    state = game.new(players, seed=seed)
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.over:
            break
        state.apply(chooser.choice(state.legal_actions()))
    return state


def finished(game_id="golden_key", players=2, seed=3):
    state = played(game_id, players, moves=10_000, seed=seed)
    assert state.over
    return state


# ---- saves ------------------------------------------------------------------------------
def test_a_save_replays_to_the_position_it_was_saved_at():
    state = played()
    save, again = saves.load_state(saves.dump_state(SEATS3, state))
    assert again.actions == state.actions and saves.digest(again) == saves.digest(state)
    assert save.rules == state.game.rules_version


def test_the_digest_catches_a_changed_start_player(monkeypatch):
    text = saves.dump_state(SEATS3, played())
    original = CourtState.__init__

    def shifted(self, *args):          # the same rules, but the start player one seat on
        original(self, *args)
        self.order = self.order[1:] + self.order[:1]
    monkeypatch.setattr(CourtState, "__init__", shifted)
    with pytest.raises(saves.SaveError, match="no_replay"):   # same rules version: it does not replay
        saves.load_state(text)


@pytest.mark.parametrize("rules_now, said", [(2, "older_rules"),     # the rules were raised since
                                             (0, "newer")])          # saved under newer rules
def test_a_save_of_other_rules_is_never_continued_and_says_which(monkeypatch, rules_now, said):
    text = saves.dump_state(SEATS3, played())
    game = registry.get("court")
    monkeypatch.setitem(registry._GAMES, "court", type(game)(**{**game.__dict__, "rules_version": rules_now}))
    with pytest.raises(saves.SaveError, match=said):
        saves.load_state(text)


def test_a_save_of_an_earlier_version_without_digest_still_loads():
    state = played()
    legacy = json.dumps({"format": "royaltable-save", "version": 1, "seats": SEATS3,
                         "record": state.record(), "finished": False})
    assert saves.load(legacy).record["actions"] == state.actions


def test_a_deep_save_is_refused_before_it_is_parsed():
    deep = '{"format":"royaltable-save","version":1,"x":' + "[" * 6000 + "]" * 6000 + "}"
    assert saves.depth(deep) == 6001
    with pytest.raises(saves.SaveError, match="corrupt"):
        saves.peek(deep)
    # Refused by its depth, not by the parser: a valid save with a deep extra field.
    valid = json.loads(saves.dump_state(SEATS3, played()))
    saves.peek(json.dumps(valid))
    with pytest.raises(saves.SaveError, match="corrupt"):
        saves.peek(json.dumps(dict(valid, extra=json.loads("[" * 50 + "]" * 50))))
    # Brackets inside strings are text, not nesting.
    assert saves.depth('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "b": ["]"]}') == 2


def test_a_huge_save_is_refused_and_long_names_are_cut():
    with pytest.raises(saves.SaveError, match="too_big"):
        saves.peek(" " * (saves.MAX_CHARS + 1))
    state = played()
    seats = [dict(SEATS3[0], name="N" * 100_000), SEATS3[1], dict(SEATS3[2], name="   ")]
    save = saves.peek(saves.dump_state(seats, state))
    assert len(save.seats[0]["name"]) == saves.NAME_LIMIT and save.seats[2]["name"] == "?"


@pytest.mark.parametrize("text", [
    "", "[]", "null", '{"format":"royaltable-save","version":true}',
    '{"format":"royaltable-save","version":1,"seats":[],"record":{"players":0,"actions":[1],"game":"court"}}',
    '{"format":"royaltable-save","version":1,"seats":[],"record":{"players":0,"actions":[],"game":"court"},"rules":"x"}',
])
def test_damaged_saves_are_reported_never_raised(text):
    with pytest.raises(saves.SaveError):
        saves.load(text)


# ---- the library ----------------------------------------------------------------------------
def test_starting_a_second_game_never_touches_the_first():
    app = start(["human", "quick", "quick"], game="krypkille")
    first = app.game_id
    advance(app, 3)
    moves = len(app.match.state.actions)
    app.handle("quit", "leave")
    app.handle("setup", "golden_key")
    app.handle("start")
    assert app.game_id != first
    again = App("en", store=app.store)                       # a reload
    games = {e.save.record["game"]: e for e in again.library.in_progress()}
    assert set(games) == {"krypkille", "golden_key"}
    assert len(games["krypkille"].save.record["actions"]) == moves
    again.handle("continue", first)
    assert again.match.game.id == "krypkille" and len(again.match.state.actions) == moves


def test_ending_a_game_keeps_it_in_the_history_unfinished_and_play_on_takes_it_up_again():
    store = MemoryStore()
    store.shared["items"]["old"] = Stored("old", saves.dump_state(SEATS3, played()), 1.0, 1)
    app = App("en", store=store)
    app.handle("setup", "krypkille")
    app.handle("start")
    advance(app, 3)
    game_id, actions = app.game_id, list(app.match.state.actions)
    app.handle("quit")
    assert "It goes to the finished games as unfinished" in app.render()
    app.handle("quit", "yes")
    assert app.screen == "home" and set(store.shared["items"]) == {"old", game_id}    # nothing deleted
    html = app.render()
    assert "The game is ended" in html and 'class="good-news"' in html and 'class="toast"' not in html
    assert [e.id for e in app.library.in_progress()] == ["old"]
    assert [e.id for e in app.library.finished()] == [game_id]
    assert "Ended before the finish" in html and f'data-cmd="continue" data-arg="{game_id}"' in html
    assert f'data-cmd="share" data-arg="{game_id}"' not in html         # a link is for finished games
    again = App("en", store=store)                                       # a reload: still ended
    assert [e.id for e in again.library.finished()] == [game_id]
    again.handle("replay_saved", game_id)
    assert again.screen == "replay"
    again.handle("replay_close")
    again.handle("continue", game_id)                                     # play on
    assert again.screen == "table" and again.match.state.actions == actions
    assert {e.id for e in again.library.in_progress()} == {game_id, "old"}
    assert not saves.peek(store.shared["items"][game_id].text).ended


def test_a_finished_game_stays_in_the_history_and_replays():
    store = MemoryStore()
    done = App("en", store=store)
    store.shared["items"]["won"] = Stored("won", saves.dump_state(
        [{"name": "A", "kind": "human"}, {"name": "B", "kind": "quick"}], finished()), 2.0, 1)
    done.library.refresh()
    assert [e.id for e in done.library.finished()] == ["won"]
    html = done.render()
    assert "Finished games" in html and 'data-cmd="replay_saved" data-arg="won"' in html
    done.handle("replay_saved", "won")
    assert done.screen == "replay"
    done.handle("replay_close")
    assert done.screen == "home" and "won" in store.shared["items"]


def test_delete_asks_first():
    app = start(["human", "quick", "quick"], game="krypkille")
    game_id = app.game_id
    app.handle("quit", "leave")
    app.handle("delete", game_id)
    assert "Delete this game?" in app.render() and game_id in app.store.shared["items"]
    app.handle("delete_no", game_id)
    assert game_id in app.store.shared["items"]
    app.handle("delete", game_id)
    app.handle("delete_yes", game_id)
    assert game_id not in app.store.shared["items"] and app.library.in_progress() == []


def test_a_game_open_in_another_tab_is_taken_over_never_forked():
    shared = {}
    a = App("en", store=MemoryStore(shared))
    a.handle("setup", "krypkille")
    a.handle("start")
    game_id = a.game_id
    b = App("en", store=MemoryStore(shared))
    b.handle("continue", game_id)
    assert b.screen == "home" and b.home.elsewhere == game_id and "open in another tab" in b.render()
    advance(a, 2)                                               # A plays on meanwhile
    moves = len(a.match.state.actions)
    b.handle("takeover", game_id)
    assert b.screen == "table" and len(b.match.state.actions) == moves   # where A left it
    assert a.lost and 'data-screen="lost"' in a.render()
    kept = shared["items"][game_id]
    a.handle("act", "anything")
    a.step()
    assert shared["items"][game_id] == kept                     # A writes nothing any more
    advance(b)
    assert shared["items"][game_id].rev > kept.rev


def test_a_stale_tab_cannot_overwrite_a_newer_game():
    store = MemoryStore()
    events = []
    store.listener = type("L", (), {"store_event": lambda self, kind, **d: events.append(kind)})()
    store.put(Stored("g", "new", 2.0, 5))
    store.put(Stored("g", "old", 3.0, 4))
    assert store.shared["items"]["g"].text == "new" and events == ["saved", "lost"]


def test_a_failing_storage_is_told_and_play_goes_on():
    app = App("ja")
    app.store.fail = "quota"
    app.handle("setup", "krypkille")
    app.handle("start")
    assert app.store_problem == "quota" and "空き容量" in app.render() and app.screen == "table"
    advance(app)
    app.store.fail = None
    advance(app)
    assert app.store_problem is None and "store-notice" not in app.render()
    app.store_event("problem", problem="blocked")
    app.t = type(app.t)("en")
    assert "does not let the app save" in app.render()


def test_only_a_write_that_clears_a_problem_asks_for_a_redraw():
    """Every move is written, and its answer comes back: the page redraws for it only
    when the screen changes (a storage problem shown goes away)."""
    app = App("en")
    app.handle("setup", "krypkille")
    app.handle("start")
    before = app.render()
    assert app.store_event("saved", id=app.game_id) is False and app.render() == before
    assert app.store_event("problem", problem="quota") is True and app.render() != before
    assert app.store_event("saved", id=app.game_id) is True and app.render() == before
    assert app.store_event("changed") is True


def test_damaged_saves_are_listed_with_a_discard_that_works():
    store = MemoryStore()
    store.shared["items"]["bad"] = Stored("bad", "[" * 6000, 1.0, 1)
    store.shared["items"]["big"] = Stored("big", "x" * (saves.MAX_CHARS + 1), 2.0, 1)
    app = App("en", store=store)
    html = app.render()
    assert "Its data is damaged" in html and "too large" in html
    app.handle("discard_save", "bad")
    app.handle("discard_save", "big")
    assert store.shared["items"] == {} and "lib-row" not in app.render()


def test_a_save_with_older_rules_is_kept_and_never_continued(monkeypatch):
    store = MemoryStore()
    store.shared["items"]["g"] = Stored("g", saves.dump_state(SEATS3, played()), 1.0, 1)
    app = App("en", store=store)
    game = registry.get("court")
    monkeypatch.setitem(registry._GAMES, "court", type(game)(**{**game.__dict__, "rules_version": 2}))
    app.handle("continue", "g")
    assert app.screen == "home" and app.match is None
    html = app.render()
    assert "played under an earlier version of the rules" in html and "The game is kept here" in html
    assert "g" in store.shared["items"]


def test_a_save_that_does_not_come_back_to_its_position_is_kept_and_never_continued(monkeypatch):
    store = MemoryStore()
    store.shared["items"]["g"] = Stored("g", saves.dump_state(SEATS3, played()), 1.0, 1)
    app = App("en", store=store)
    monkeypatch.setattr(saves, "digest", lambda state: "0" * 16)
    app.handle("continue", "g")
    assert app.screen == "home" and app.match is None
    html = app.render()
    assert "do not replay to the same game" in html and "The game is kept here" in html
    assert "g" in store.shared["items"]


def test_export_then_import_gives_the_same_game():
    app = start(["human", "quick", "quick"], game="krypkille")
    advance(app, 4)
    game_id = app.game_id
    actions = list(app.match.state.actions)
    app.handle("quit", "leave")
    app.handle("export", game_id)
    kind, name, text = app.effects.pop()
    assert kind == "download" and name.startswith("royaltable-krypkille-") and name.endswith(".json")
    app.handle("delete", game_id)
    app.handle("delete_yes", game_id)
    app.import_game(text)
    assert "Imported" in app.good_news and app.message is None          # told as a success
    (entry,) = app.library.in_progress()
    app.handle("continue", entry.id)
    assert app.match.state.actions == actions
    app.import_game('{"format": "royaltable-save"')
    assert "could not be imported" in app.message and len(app.library.entries) == 1


def test_an_imported_finished_game_keeps_its_result():
    app = App("en")
    app.import_game(saves.dump_state([{"name": "A", "kind": "human"}, {"name": "B", "kind": "quick"}], finished()))
    (entry,) = app.library.finished()
    assert entry.save.winners and "Winner" in app.render()


def test_a_shared_finished_game_opens_as_its_replay():
    app = App("en")
    app.open_shared(saves.dump_state([{"name": "A", "kind": "human"}, {"name": "B", "kind": "quick"}],
                                     finished()))
    assert app.screen == "replay" and app.library.entries == {}
    app.open_shared("nonsense")
    assert "could not be opened" in app.message


def test_the_library_says_how_much_space_it_uses():
    app = start(["human", "quick", "quick"], game="krypkille")
    app.handle("quit", "leave")
    used = app.library.bytes_used()
    assert used > 100 and "Games on this tablet: 1 · 1 kB" in app.render()


def test_the_space_line_counts_the_quick_start_copy_of_the_app():
    app = start(["human", "quick", "quick"], game="krypkille")
    app.handle("quit", "leave")
    app.snapshot_bytes = 6_800_000
    assert "Games on this tablet: 1 · 1 kB · Kept for a quick start: 6.8 MB" in app.render()
    app.handle("lang", "ja")
    assert "このタブレットのゲーム：1件・1 kB・すぐに始めるための控え：6.8 MB" in app.render()
    app.library.remove(next(iter(app.library.entries)))
    assert "すぐに始めるための控え：6.8 MB" in app.render()     # no game, the copy still counts
    app.snapshot_bytes = 0
    assert "すぐに始めるための控え" not in app.render()


def test_a_refresh_never_takes_back_this_tabs_own_latest_write():
    store = MemoryStore()
    library = Library(store)
    first, second = (saves.dump_state(SEATS3, played(moves=n)) for n in (4, 6))
    library.write("g", first)
    library.write("g", second)
    library.write("new", first)
    store.shared["items"]["g"] = Stored("g", first, 1.0, 1)   # the store has not answered for rev 2 yet
    del store.shared["items"]["new"]
    store.shared["items"]["other"] = Stored("other", first, 2.0, 1)   # another tab's game
    library.refresh()
    assert library.get("g").stored.text == second and library.get("g").stored.rev == 2
    assert set(library.entries) == {"g", "new", "other"}
    store.shared["items"]["g"] = Stored("g", first, 3.0, 7)   # another tab moved it on
    library.refresh()
    assert library.get("g").stored.rev == 7


def test_newest_games_come_first():
    store = MemoryStore()
    for n, when in enumerate((5.0, 9.0, 1.0)):
        store.shared["items"][f"g{n}"] = Stored(f"g{n}", saves.dump_state(SEATS3, played(seed=n + 1)), when, 1)
    assert [e.id for e in Library(store).in_progress()] == ["g1", "g0", "g2"]
