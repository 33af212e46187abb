"""Every result says why its winners won, in both languages: the rule that decided it,
and each tie and tie-break as such (issue 31). Views are the onlookers' views at the
end, cut down to what a game's reason reads."""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from screens import advance, start

from ui.i18n import Translator, shown_names
from ui.table import table_for

NAMES = ["Aki", "Ben", "Chie", "Dan"]


def ctx_name(app, seat):
    return shown_names(app.match.seats, app.t)[seat]


def reason(game_id, view, lang="en"):
    ctx = SimpleNamespace(t=Translator(lang), names=NAMES[:view.get("players", 4)])
    return table_for(game_id).result_reason(view, ctx)


def both(game_id, view):
    """The English reason; the Japanese one must exist and name the same people."""
    en, ja = reason(game_id, view), reason(game_id, view, "ja")
    assert ja and ja != en
    for name in NAMES:
        assert (name in en) == (name in ja), (name, en, ja)
    return en


# ---- To Court the King ------------------------------------------------------------------
def court(holder, king, finals):
    history = [{"seat": s, "dice": dice, "took": took, "final": True} for s, dice, took in finals]
    return {"players": 3, "winners": [holder], "king_result": king, "history": history}


def test_court_says_who_took_the_king_with_what_and_the_closest_try():
    said = both("court", court(1, {"count": 8, "face": 2},
                               [(2, [6] * 6 + [1, 3], None), (0, [4] * 3, None), (1, [2] * 8, "king")]))
    assert said.startswith("Ben took the King in the final round with 8 of a kind (2s).")
    assert "The closest try: Chie, 6 of a kind (6s)." in said      # eight 2s beat six 6s
    assert "most dice showing one number" in said


def test_court_says_the_holder_kept_the_king_when_nobody_beat_it():
    said = both("court", court(0, {"count": 7, "face": 5}, [(1, [5] * 7, None), (2, [1, 2], None), (0, [3], None)]))
    assert said.startswith("Aki kept the King: nobody beat 7 of a kind (5s) in the final round.")
    assert "The closest try: Ben, 7 of a kind (5s)." in said        # equal is not enough for a challenger


# ---- Krypkille ------------------------------------------------------------------------------
def test_krypkille_says_who_reached_the_limit_and_the_lowest_total():
    said = both("krypkille", {"players": 3, "totals": [104, 38, 61], "limit": 100})
    assert said == "The game ended when Aki reached 100 penalty points. The lowest total wins: Ben, with 38."


def test_krypkille_says_a_shared_win():
    said = both("krypkille", {"players": 4, "totals": [51, 22, 22, 50], "limit": 50})
    assert said == ("The game ended when Aki, Dan reached 50 penalty points. "
                    "The lowest total wins: Ben, Chie share it, with 22 each.")


# ---- Palastgeflüster ------------------------------------------------------------------------
def whispers(totals, displays, winners, recorded=None):
    return {"players": len(totals), "totals": totals, "goal": 6, "winners": winners,
            "displays": [["x"] * n for n in displays], "recorded": recorded or [0] * len(totals),
            "options": {"recorded_tiebreak": recorded is not None}}


def test_whispers_says_who_reached_the_goal():
    assert both("whispers", whispers([6, 4, 2], [3, 5, 1], [0])) == "Aki reached the 6 points that end the game."


def test_whispers_says_the_display_broke_the_tie_or_the_win_is_shared():
    said = both("whispers", whispers([6, 7, 2], [3, 5, 1], [1]))
    assert "the most cards in the display wins: Ben, with 5." in said and "Aki" in said
    said = both("whispers", whispers([6, 6, 2], [4, 4, 1], [0, 1]))
    assert "with 4 cards each in the display: they share the win." in said


def test_whispers_recorded_variant_says_the_recorded_sizes_broke_the_tie():
    said = both("whispers", whispers([6, 6, 2], [4, 4, 1], [0], recorded=[21, 19, 3]))
    assert "recorded display sizes wins: Aki, with 21." in said
    said = both("whispers", whispers([6, 6, 2], [4, 4, 1], [0, 1], recorded=[20, 20, 3]))
    assert "with 20 recorded display cards each: they share the win." in said


# ---- The Golden Key -------------------------------------------------------------------------
def golden_key(chips, winners, by_limit):
    return {"players": 2, "chips": chips, "winners": winners, "target": 4, "turn_limit": 200,
            "ended_by_limit": by_limit}


def test_golden_key_says_the_target_or_the_turn_limit_decided():
    assert both("golden_key", golden_key([4, 2], [0], False)) == "Aki was the first to win 4 chips."
    assert both("golden_key", golden_key([1, 3], [1], True)) == \
        "After 200 turns nobody had 4 chips: the most chips wins, Ben with 3."
    assert both("golden_key", golden_key([2, 2], [0, 1], True)) == \
        "After 200 turns nobody had 4 chips, and both had 2: a draw."


# ---- King's Struggle ------------------------------------------------------------------------
def struggle(totals, won):
    return {"players": len(totals), "score": [{"total": n} for n in totals], "won": won}


def test_struggle_says_the_most_points_or_the_tie_break_that_decided():
    assert both("struggle", struggle([20, 25, 9], [[], [], []])) == \
        "Ben has the most points: 25, cards and gold together."
    said = both("struggle", struggle([25, 25, 9], [["s0-1", "s1-2"], ["s0-3"], []]))
    assert said.endswith("the most cards won decides: Aki, with 2.")
    # Equal points and cards won: Ben has a 9 where Aki's best is an 8 (10s equal: none).
    said = both("struggle", struggle([25, 25, 9], [["s0-8", "s1-2"], ["s0-9", "s1-1"], []]))
    assert said.endswith("the most cards of power 9 decides: Ben, with 1.")
    said = both("struggle", struggle([25, 25, 9], [["s0-8", "s1-2"], ["s2-8", "s3-2"], []]))
    assert said.endswith("on cards won and on every power: they share the win.")


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id, players", [("court", 3), ("krypkille", 3), ("whispers", 3),
                                              ("golden_key", 2), ("struggle", 3)])
def test_the_result_dialog_says_why_at_the_end_of_a_real_game(game_id, players, lang):
    app = start(["quick"] * players, game=game_id, lang=lang)
    advance(app, 100_000)
    while app.match.interlude:
        app.handle("resume")
    html = app.render()
    said = re.search(r'<p class="result-reason">(.+?)</p>', html)
    assert said and all(ctx_name(app, s) in said.group(1) for s in app.match.state.result()["winners"])
