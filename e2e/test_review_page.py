"""The review of a finished game in the page (issue 21, parts 2 and 3): a Golden
Key game played to its result and reviewed from the result screen, with its
progress bar, a tap answered while it runs, and its Cancel; reviewed again from
the library after a reload, the grades and the chart in the replay, in both
languages at 1024×768 and 768×1024 (screenshots in e2e/artifacts/); and, after
one more reload, the replay shows the kept review without reviewing again. Then
the other four games, each played to its result and reviewed from it (one page
for the four).

The review's budget is the page's test hook ?review=N (play-outs per decision):
a large one while the review must still be running when the test taps, a small
one where it only has to finish."""
from __future__ import annotations

import json

import pytest
from conftest import Watched
from table_driver import READ_LIBRARY, new_game, shortest_options
from royaltable import registry  # noqa: E402  (table_driver puts py/ on the path)
from test_access import axe
from test_text_fit import GAMES, MISFITS
from webkit import PLAY_IN_PAGE

SIZES = ((1024, 768), (768, 1024))
SLOW_REVIEW = 3000          # play-outs per decision: a review that outlasts the taps below
QUICK_REVIEW = 8
PLAY_LIMIT_MS = 60_000
PROGRESS = "#app [data-review-progress] [role=progressbar]"
# The page's longest tasks from now on (Long Tasks API), for the report.
WATCH_LONG_TASKS = """() => { window.__longTasks = [];
  new PerformanceObserver(list => list.getEntries().forEach(e => window.__longTasks.push(Math.round(e.duration))))
    .observe({type: 'longtask'}); }"""


def play_to_result(page, game_id: str) -> None:
    done = page.evaluate(PLAY_IN_PAGE, {"prefer": GAMES[game_id]["prefer"], "moves": -1,
                                        "limit_ms": PLAY_LIMIT_MS})
    assert done["how"] == "result", (game_id, done)


def stored(page) -> dict:
    """The library as IndexedDB holds it: id -> the save's JSON."""
    return {i: json.loads(r["text"]) for i, r in page.evaluate(READ_LIBRARY).items()}


def finished_id(page, game_id: str) -> str:
    (found,) = [i for i, save in stored(page).items() if save["record"]["game"] == game_id and save["finished"]]
    return found


def shows_review(page) -> None:
    """The replay with the review: its chart strip (title, description, a line,
    the even share), its tally behind the rail's Review tab, and a grade over the
    table at a graded move."""
    page.wait_for_selector("#app .review-strip svg.review-chart")
    chart = page.locator("#app svg.review-chart")
    assert chart.locator("title").count() == 1 and chart.locator("desc").text_content().strip()
    assert chart.locator(".chart-line").count() >= 1 and chart.locator(".chart-fair").count() == 1
    assert page.locator("#app .review-figure figcaption.sr-only").inner_text().strip()
    if not page.locator("#app .review-count").count():
        page.click("#app [data-cmd=panel][data-arg=review]")
    assert page.locator("#app .review-count").count() == 5
    jumps = page.locator("#app [data-cmd=replay_jump]")
    if jumps.count():
        jumps.first.click()
    else:                                   # no mistake: step on to the first graded move
        while not page.locator("#app [data-grade]").count():
            page.click("#app [data-cmd=replay_step][data-arg=next]")
    page.wait_for_selector("#app .review-strip [data-grade]")


def test_a_golden_key_game_is_reviewed_from_its_result_kept_and_shown_after_a_reload(watched):
    w = watched(*SIZES[0], locale="en-US")
    page = w.open(f"pace=0&review={SLOW_REVIEW}")
    new_game(page, "golden_key", ["human", "quick"], options=shortest_options("golden_key"), seed="3")
    play_to_result(page, "golden_key")
    game = finished_id(page, "golden_key")

    # Reviewing: the bar moves on, the page answers a tap meanwhile, Cancel stops it.
    page.evaluate(WATCH_LONG_TASKS)
    page.focus("#app .result [data-cmd=review]")
    page.keyboard.press("Enter")                           # by keyboard: the focus goes to Cancel
    page.wait_for_selector(PROGRESS)
    assert page.evaluate("document.activeElement.dataset.cmd") == "review_cancel"
    assert page.get_attribute(PROGRESS, "aria-valuemin") == "0"
    assert page.get_attribute(PROGRESS, "aria-valuemax") == "100"
    page.wait_for_function(f"Number(document.querySelector('{PROGRESS}').getAttribute('aria-valuenow')) > 0")
    w.shot("review-progress-en-1024x768")
    assert axe(page, "the review's progress") == []
    page.click("#app [data-cmd=lang]")                     # a tap elsewhere, answered at once
    page.wait_for_selector("html[lang=ja] #app .review-progress-label:has-text('ふり返っています')", timeout=2000)
    now = int(page.get_attribute(PROGRESS, "aria-valuenow"))
    page.wait_for_function(
        f"Number(document.querySelector('{PROGRESS}').getAttribute('aria-valuenow')) > {now}")
    page.focus("#app [data-cmd=review_cancel]")
    page.keyboard.press("Enter")                           # Cancel, and the focus back on Review
    page.wait_for_selector("#app .result [data-cmd=review]")
    assert page.evaluate("document.activeElement.dataset.cmd") == "review"
    assert page.locator("#app [role=progressbar]").count() == 0
    long_tasks = sorted(page.evaluate("window.__longTasks"))
    print(f"longest tasks while reviewing (ms): {long_tasks[-5:]}")
    save = stored(page)[game]
    assert "review" not in save and save["finished"] is True        # nothing changed, nothing lost

    # Reviewed again from the library, with a small budget: it finishes and shows.
    page = w.open(f"pace=0&review={QUICK_REVIEW}")
    page.locator(f'#app .lib-row[data-entry="{game}"]').scroll_into_view_if_needed()
    w.shot("review-library-ja-1024x768")
    page.click(f'#app .lib-row[data-entry="{game}"] [data-cmd=review]')
    shows_review(page)
    review = stored(page)[game]["review"]
    assert review["game"] == "golden_key" and review["seats"] == [0] and review["playouts"] == QUICK_REVIEW
    grade = page.get_attribute("#app .review-strip [data-grade]", "data-grade")
    step = page.inner_text("#app .replay-step")
    assert grade in ("best", "good", "inaccuracy", "mistake", "blunder")

    # After a reload the replay shows the kept review; nothing is reviewed again.
    page = w.open("pace=0")
    row = page.locator(f'#app .lib-row[data-entry="{game}"]')
    assert "ふり返り済み" in row.inner_text() and row.locator("[data-cmd=review]").count() == 0
    row.scroll_into_view_if_needed()
    w.shot("review-library-reviewed-ja-1024x768")
    row.locator("[data-cmd=replay_saved]").click()
    page.wait_for_selector("#app .review-strip")
    assert page.locator("#app [role=progressbar]").count() == 0
    assert stored(page)[game]["review"] == review
    shows_review(page)
    assert page.get_attribute("#app .review-strip [data-grade]", "data-grade") == grade
    assert page.inner_text("#app .replay-step") == step

    # Both languages at both sizes: nothing cut, no serious accessibility problem.
    for lang in ("ja", "en"):
        if page.get_attribute("html", "lang") != lang:
            page.click("#app [data-cmd=lang]")
            page.wait_for_selector(f"html[lang={lang}] #app .review-strip")
        assert axe(page, f"the review in {lang}") == []
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            w.shot(f"review-golden_key-{lang}-{width}x{height}")
            assert page.evaluate(MISFITS) == [], (lang, width)
        page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    assert w.errors == []


@pytest.fixture(scope="module")
def one_page(chromium, site):
    """One page for the other four games (one boot, not four): each test starts at
    its home screen, and a test that left it elsewhere costs the next a reload."""
    context = chromium.browser.new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]}, locale="en-US")
    w = Watched(context.new_page(), site)
    w.open(f"pace=0&review={QUICK_REVIEW}")
    yield w
    context.close()


@pytest.mark.parametrize("game_id", ["krypkille", "court", "struggle", "whispers"])
def test_a_finished_game_is_reviewed_from_its_result(one_page, game_id):
    w = one_page
    page = w.page
    w.errors.clear()                        # what an earlier game's test saw is its own
    if not page.locator("#app .game-grid").count():
        w.open(f"pace=0&review={QUICK_REVIEW}")
    kinds = ["human"] + ["quick"] * (GAMES[game_id].get("players", registry.get(game_id).min_players) - 1)
    new_game(page, game_id, kinds, options=shortest_options(game_id), seed="3")
    play_to_result(page, game_id)
    page.click("#app .result [data-cmd=review]")
    shows_review(page)
    assert stored(page)[finished_id(page, game_id)]["review"]["game"] == game_id
    if game_id == "court":                  # the computers graded too, when asked: a line each
        assert page.locator("#app .review-chart .chart-line-1").count() == 0
        page.click("#app .review-panel [data-cmd=review_everyone]")
        page.wait_for_selector("#app .review-chart .chart-line-1")
        assert stored(page)[finished_id(page, game_id)]["review"]["seats"] == [0, 1]
        assert page.locator("#app [data-cmd=review_everyone]").count() == 0
    w.shot(f"review-{game_id}-en-1024x768")
    page.click("#app [data-cmd=replay_close]")
    page.click("#app .result [data-cmd=home]")
    page.wait_for_selector("#app .game-grid")
    assert w.errors == []
