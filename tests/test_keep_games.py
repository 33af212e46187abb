"""Nothing a person started is lost: Home from any table keeps the game, ending
a game keeps it in the history, and a game deleted in one tab stays deleted (the
tab that plays it is told and stops saving, or the delete is refused while that
tab holds it)."""
from __future__ import annotations

import pytest

from royaltable import registry
from screens import advance, start
from ui import saves
from ui.app import App
from ui.library import MemoryStore

GAMES = registry.ids()


def players(game_id):
    return ["human"] + ["quick"] * (registry.get(game_id).min_players - 1)


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("game_id", GAMES)
def test_home_in_the_table_bar_saves_and_goes_home_with_no_question(game_id, lang):
    app = start(players(game_id), game=game_id, lang=lang)
    advance(app, 3)
    game_id_in_library, actions = app.game_id, list(app.match.state.actions)
    html = app.render()
    home = 'data-cmd="home"'
    assert home in html and html.index(home) < html.index('class="topbar-title"')    # in the bar, first
    assert app.t("nav.home") in html and app.t("nav.home.table") in html
    app.handle("home")
    assert app.screen == "home" and app.match is None and app.confirm is None
    (entry,) = app.library.in_progress()
    assert entry.id == game_id_in_library and entry.save.record["actions"] == actions
    assert game_id_in_library in app.store.shared["items"]
    assert app.store.shared["locks"] == {}                     # let go: another tab may open it
    app.handle("continue", entry.id)
    assert app.screen == "table" and app.match.state.actions == actions


def test_home_from_the_result_and_from_the_lost_screen_keeps_the_game():
    app = start(["human", "quick"], game="golden_key")
    advance(app, 10_000)
    assert app.match.state.over
    html = app.render()
    assert 'data-cmd="quit"' not in html                        # nothing to end: it is over
    app.handle("replay")                                        # its replay's Home lets it go too
    assert app.screen == "replay" and 'data-cmd="home"' in app.render()
    app.handle("home")
    assert app.screen == "home" and app.match is None and app.store.shared["locks"] == {}
    assert [e.id for e in app.library.finished()]


def test_no_control_on_any_table_deletes_a_game():
    """Every command a table offers, tapped, leaves the game in the store."""
    app = start(["human", "quick", "quick"], game="krypkille")
    advance(app, 2)
    game_id = app.game_id
    for cmd, arg in (("quit", ""), ("quit", "cancel"), ("quit", ""), ("quit", "yes")):
        app.handle(cmd, arg)
    assert game_id in app.store.shared["items"]
    assert saves.peek(app.store.shared["items"][game_id].text).ended


# ---- two tabs of one browser ------------------------------------------------------------
def two_tabs():
    shared = {}
    a, b = App("en", store=MemoryStore(shared)), App("en", store=MemoryStore(shared))
    return shared, a, b


def test_a_game_open_in_another_tab_is_not_deleted_and_that_is_said():
    shared, a, b = two_tabs()
    b.handle("setup", "krypkille")
    b.handle("start")
    advance(b, 2)
    game_id = b.game_id
    a.library.refresh()
    a.handle("delete", game_id)
    a.handle("delete_yes", game_id)
    assert game_id in shared["items"] and a.library.get(game_id) is not None
    assert "being played in another tab, so it was not deleted" in a.render()
    advance(b, 1)                                                # b plays on, saving
    assert b.lost is False and len(saves.peek(shared["items"][game_id].text).record["actions"]) >= 3


def test_a_game_deleted_in_one_tab_is_never_written_back_by_another():
    """Without locks (a browser that has none): tab B still plays the game when
    A deletes it; B's next write is refused, B is told and stops saving."""
    shared, a, b = two_tabs()
    b.handle("setup", "krypkille")
    b.handle("start")
    advance(b, 2)
    game_id = b.game_id
    shared["locks"].clear()                                      # as if the browser had no Web Locks
    a.library.refresh()
    a.handle("delete", game_id)
    a.handle("delete_yes", game_id)
    assert game_id not in shared["items"]
    advance(b, 1)
    assert b.lost == "deleted" and game_id not in shared["items"]
    assert "deleted in another tab. This tab has stopped saving it" in b.render()
    assert b.pending_delay() is None                            # the computers stop too
    b.handle("home")
    assert b.screen == "home" and b.library.get(game_id) is None
    a.store_event("changed", id=game_id)
    assert a.library.get(game_id) is None and "lib-row" not in a.render()


def test_continue_on_a_game_deleted_meanwhile_says_it_is_gone():
    shared, a, b = two_tabs()
    a.handle("setup", "krypkille")
    a.handle("start")
    game_id = a.game_id
    a.handle("home")
    b.library.refresh()                                          # b's list shows it
    a.handle("delete", game_id)
    a.handle("delete_yes", game_id)
    b.handle("continue", game_id)
    assert b.screen == "home" and b.match is None and game_id not in shared["items"]
    assert "no longer on this tablet" in b.render()


def test_a_tab_whose_game_was_taken_over_writes_it_no_more():
    shared, a, b = two_tabs()
    a.handle("setup", "krypkille")
    a.handle("start")
    game_id = a.game_id
    b.library.refresh()
    b.handle("continue", game_id)
    b.handle("takeover", game_id)
    assert a.lost == "taken" and b.match is not None
    text = shared["items"][game_id].text
    a.store.put(a.library.entries[game_id].stored._replace(rev=10_000, text="{}"))   # a stray write
    assert shared["items"][game_id].text == text


def test_an_import_is_told_as_a_success_above_the_screen_not_over_its_buttons():
    app = start(["human", "quick", "quick"], game="krypkille")
    advance(app, 3)
    text = saves.dump_state(app.match.seats, app.match.state)
    app.handle("home")
    app.import_game(text)
    html = app.render()
    assert app.message is None and 'class="good-news" role="status"' in html and 'class="toast"' not in html
    assert html.index("good-news") < html.index("topbar")
    app.handle("dismiss")
    assert "good-news" not in app.render()


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_failed_import_says_nothing_was_added_and_never_kept(lang):
    app = App(lang)
    for text in ("{", saves.dump(
            [{"name": "A", "kind": "human"}] * 3, {"game": "court", "players": 3, "seed": 1, "options": {},
                                                   "actions": []}, rules=0)):
        app.import_game(text)
        assert app.t("library.import.failed", reason="") in app.message + app.t("library.import.failed", reason="")
        assert app.t("save.kept") not in app.message and not app.library.entries
