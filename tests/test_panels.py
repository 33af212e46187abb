"""Beside the table: the rail's panels (scores, cards, the log) open over the table
one at a time, every one drawn from the table's own view; the result lies over
the table and folds away; the About screen names whose work the app shows."""
import re

import pytest

from screens import start, step
from ui.app import App
from ui.collection import GAMES
from ui.match import SUMMARY
from ui.table import table_for


def panel_state(html):
    """{panel key: open?} as drawn, and whether the drawer is open."""
    panels = dict(re.findall(r'<section class="panel" id="panel-(\w+)" data-panel="\w+"( hidden)?', html))
    drawer_open = re.search(r'<aside class="table-side"( hidden)?', html).group(1) is None
    return {key: not hidden for key, hidden in panels.items()}, drawer_open


def test_every_panel_is_drawn_closed_until_its_tab_opens_it_one_at_a_time():
    app = start(["human", "quick", "quick"], game="whispers")
    panels, drawer = panel_state(app.render())
    assert set(panels) == {"scores", "cards", "log"} and not any(panels.values()) and not drawer
    app.handle("panel", "scores")
    html = app.render()
    assert panel_state(html) == ({"scores": True, "cards": False, "log": False}, True)
    assert 'data-arg="scores" aria-expanded="true"' in html
    app.handle("panel", "log")                          # another tab: that one instead
    assert panel_state(app.render()) == ({"scores": False, "cards": False, "log": True}, True)
    app.handle("panel", "log")                          # the same tab again: closed
    assert panel_state(app.render())[1] is False
    app.handle("panel", "cards")
    app.handle("panel", "")                             # the close button
    assert panel_state(app.render())[1] is False


def test_back_closes_an_open_panel_before_anything_else():
    app = start(["human", "quick", "quick"], game="krypkille")
    app.handle("panel", "log")
    assert app.back() and app.panel is None and app.screen == "table" and app.confirm is None
    assert app.back() and app.confirm == "leave"           # then Back asks before leaving, as before


def test_only_the_open_panel_is_drawn_the_log_too():
    app = start(["human", "quick", "quick"], game="court")
    closed = app.render()
    assert '<section class="panel" id="panel-cards" data-panel="cards" hidden></section>' in closed
    assert '<section class="panel" id="panel-log" data-panel="log" hidden></section>' in closed
    assert 'class="log-list"' not in closed
    app.handle("panel", "log")
    assert 'class="log-list"' in app.render()
    app.handle("panel", "log")
    app.handle("panel", "cards")
    opened = app.render()
    assert len(opened) > len(closed) + 5000       # twenty characters drawn large
    assert '<section class="panel" id="panel-scores" data-panel="scores" hidden></section>' in opened


def test_the_log_kept_between_redraws_reads_as_the_log_drawn_afresh():
    """The log's lines are kept from one redraw to the next (ui/screens/table.py): after
    moves, undos that take lines away and a switch of language, every redraw shows the
    lines a table screen that never drew before shows."""
    import random

    from ui.screens.table import TableScreen
    rng = random.Random(7)
    app = start(["human", "human", "quick"], names=["Aki", "Ben", "Cho"], game="krypkille", seed="9")
    undone = switched = 0
    for n in range(160):
        match = app.match
        if match.state.over:
            break
        if n % 40 == 39:
            app.handle("lang")
            switched += 1
        elif match.undoer() is not None and rng.random() < 0.15:
            app.handle("undo")
            undone += 1
        else:
            step(match, rng)
        assert app.table.render_log(app.match) == TableScreen(app).render_log(app.match), n
    assert undone >= 3 and switched >= 2


def test_a_panel_the_game_does_not_have_is_drawn_closed():
    app = start(["human", "quick", "quick"], game="krypkille")
    app.handle("panel", "cards-of-another-game")
    panels, drawer = panel_state(app.render())
    assert not drawer and not any(panels.values())


def test_a_new_game_and_a_replay_start_with_every_panel_closed():
    app = start(["human", "quick", "quick"], game="krypkille")
    app.handle("panel", "log")
    app.handle("quit", "leave")
    app.handle("setup", "court")
    app.handle("start")
    assert app.panel is None


@pytest.mark.parametrize("game", GAMES)
def test_the_log_is_the_last_tab_and_every_tab_has_a_word(game):
    app = start(["human"] + ["quick"] * 3, game=game)
    html = app.render()
    rail = re.search(r'<nav class="table-rail".*?</nav>', html, re.S).group(0)
    tabs = re.findall(r'data-cmd="panel" data-arg="([\w-]+)"', rail)
    words = re.findall(r'<span class="rail-word">([^<]+)</span>', rail)
    # the panels' tabs, the log last of them, then the player aid (a screen of its own)
    assert tabs[-1] == "log" and len(words) == len(tabs) + 1 and all(w.strip() for w in words)
    assert rail.rindex('data-cmd="aid"') > rail.rindex('data-arg="log"')
    assert len(tabs) == len(set(tabs))
    assert [p.key for p in table_for(game).panels(app.match.state.view(None), _ctx(app))] + ["log"] == tabs


def _ctx(app):
    from ui.screens.table import Ctx
    return Ctx(app.t, app.match)


def test_the_result_lies_over_the_table_and_folds_into_a_bar_and_back():
    app = start(["quick", "quick", "quick"], game="krypkille", options=["limit:50"])
    for _ in range(5000):
        if app.match.state.over and not app.match.interlude:
            break
        if app.match.interlude == SUMMARY:
            app.handle("resume")
        else:
            app.step()
    html = app.render()
    assert '<div class="overlay overlay-result">' in html and 'class="scores' in html.split("overlay-result")[1]
    app.handle("result_fold")
    folded = app.render()
    assert "overlay-result is-folded" in folded
    assert "scores" not in folded.split("overlay-result")[1].split("</section>")[0]   # the detail waits
    assert 'data-cmd="again"' in folded                  # the ways on stay in the bar
    app.handle("result_fold")
    assert '<div class="overlay overlay-result">' in app.render()


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_about_screen_credits_every_game_and_the_figures(lang):
    app = App(lang)
    app.handle("about")
    html = app.render()
    for game in GAMES:
        assert app.t(f"game.{game}.credit") in html.replace("&amp;", "&")
    assert "game-icons.net" in html and "CC BY 3.0" in html
    assert app.back() and app.screen == "home"


# ---- every round in the scores ------------------------------------------------------------
def cell_text(cell: str) -> str:
    return re.sub(r"<[^>]+>", "", cell).strip()


def rounds_table(html):
    """The score table with every round (widgets.scores_by_round) as drawn: the
    players' headings, the rounds' rows (heading, a cell per player), the totals."""
    table = re.search(r'<table class="scores scores-by-round[^"]*">(.*?)</table>', html, re.S).group(1)
    head, body, foot = (table.split(tag)[1].split("</" + tag[1:])[0] for tag in ("<thead>", "<tbody>", "<tfoot>"))
    players = [cell_text(c) for c in re.findall(r"<th[^>]*>(.*?)</th>", head, re.S)][1:]

    def rows(part):
        return [(cell_text(re.search(r"<th[^>]*>(.*?)</th>", row, re.S).group(1)),
                 [cell_text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)])
                for row in re.findall(r"<tr[^>]*>(.*?)</tr>", part, re.S)]
    (total_heading, totals), = [row for row in rows(foot) if row[0] == "Σ"]
    return players, rows(body), totals


def points(cell: str) -> int:
    return 0 if cell in ("·", "") else int(cell)


def finished(game_id, players, options=(), seed="4"):
    app = start(["human"] + ["quick"] * (players - 1), game=game_id, options=options, seed=seed)
    while not app.match.state.over:
        if app.match.interlude:
            app.handle("resume")
        elif app.pending_delay() is not None:
            app.step()
        else:
            app.handle("act", app.match.legal_on_screen()[0])
    if app.match.interlude:
        app.handle("resume")                             # the last round's summary: the result
    return app


@pytest.mark.parametrize("game_id, players, options, round_n", [("krypkille", 4, ("limit:100",), "kk.scores.round_n"),
                                                                ("whispers", 4, (), "wh.round_n")])
def test_the_result_and_the_scores_list_every_round_and_each_total_is_their_sum(game_id, players, options, round_n):
    app = finished(game_id, players, options)
    view = app.match.state.view(None)
    assert len(view["rounds"]) > 5                      # more rounds than a row of columns showed
    result = app.render().split("overlay-result")[1]
    app.handle("result_fold")
    app.handle("panel", "scores")
    panel = app.render().split('id="panel-scores"')[1]
    for html in (result, panel):
        names, rounds, totals = rounds_table(html)
        assert len(names) == players
        assert [heading for heading, _ in rounds] == [app.t(round_n, n=n + 1) for n in range(len(view["rounds"]))]
        for seat in range(players):
            column = [points(cells[seat]) for _, cells in rounds]
            assert sum(column) == int(totals[seat]) == view["totals"][seat], (seat, column, totals)
        assert 'class="scores-box" role="region" tabindex="0"' in html        # long: the rounds scroll


def test_king_s_struggle_s_result_adds_each_player_s_gold_and_cards_to_their_total():
    """King's Struggle scores once, at the end (ST-19, ST-20): gold and the won
    cards' split, no points by round; its rows add up."""
    app = finished("struggle", 4)
    view = app.match.state.view(None)
    result = app.render().split("overlay-result")[1]
    table = re.search(r'<table class="scores st-scores">(.*?)</table>', result, re.S).group(1)
    rows = re.findall(r'<tr class="st-score-row[^"]*">(.*?)</tr>', table, re.S)
    assert len(rows) == 4
    for seat, row in enumerate(rows):
        gold, cards, total = (int(cell_text(c)) for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S))
        assert gold + cards == total == view["score"][seat]["total"]
        assert cards == sum(group["points"] for group in view["score"][seat]["split"])
