"""The review shows the moment, and practice from there (issue 32, items 2 and 3),
in the page, on one page: a finished Krypkille game with its review, put in the
library before the app starts, is replayed from the library; "next mistake" goes
to the person's first mistake, where the table is drawn as they saw it (their
hand, in its private zone, and no other seat's cards) with the better move lit,
the grade, the moves compared and the chart strip; the page does not scroll at
1024×768 or 768×1024, in either language, and no word is cut (screenshots in
e2e/artifacts/). Then "Try again from here" opens a practice game from that
position, which is played on; the library lists it as practice in words and
keeps the game it came from as it was."""
from __future__ import annotations

import collections
import json
import pathlib
import sys

from table_driver import READ_LIBRARY, SAVED_TEXT
from test_library_page import seed
from test_text_fit import MISFITS

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "py"))
from royaltable import registry  # noqa: E402
from royaltable import review as engine  # noqa: E402
from ui import saves  # noqa: E402

SIZES = ((1024, 768), (768, 1024))
PAGE_SCROLL = "() => document.documentElement.scrollHeight - innerHeight"
SEATS = [{"name": "Aiko", "kind": "human"}, {"name": "Henry", "kind": "quick"},
         {"name": "Anne", "kind": "quick"}, {"name": "Edward", "kind": "quick"}]


def reviewed_game():
    """A finished Krypkille game (seat 0 played by the quick player, for a person) and
    its review with a small budget: (save text, the review)."""
    game = registry.get("krypkille")
    state = game.new(4, seed=3, options={"limit": 50})
    bots = [game.bots["quick"](seed=seat) for seat in range(4)]
    state.play_out(bots)
    review = engine.review(state.record(), [0], playouts=6)
    return saves.dump_state(SEATS, state, review.to_dict()), review


def test_a_mistake_is_shown_as_its_person_saw_it_and_tried_again_from_there(watched):
    text, review = reviewed_game()
    first = min(m.index for m in review.moves if m.grade in ("inaccuracy", "mistake", "blunder"))
    record = json.loads(text)["record"]
    seen = registry.replay(dict(record, actions=record["actions"][:first])).view(0)
    w = watched(*SIZES[0], locale="en-US")
    seed(w, [("kk", text)])                              # in the library before the app starts
    page = w.open("pace=0")
    page.click('#app .lib-row[data-entry="kk"] [data-cmd=replay_saved]')
    page.wait_for_selector("#app .review-strip svg.review-chart.is-strip")
    page.click("#app [data-cmd=review_mistake][data-arg=next]")
    page.wait_for_selector("#app .review-table [data-private] [data-card]")
    assert page.inner_text("#app .replay-step") == f"Move {first + 1} of {len(record['actions'])}"

    # The person's hand, whole, in its private zone; nothing on the table beyond their view.
    hand = page.eval_on_selector_all("#app .review-table [data-private] [data-card]", "els => els.map(e => e.dataset.card)")
    assert sorted(hand) == sorted(seen["hand"])
    drawn = collections.Counter(page.eval_on_selector_all("#app .review-table [data-card]",
                                                          "els => els.map(e => e.dataset.card)"))
    assert all(json.dumps(seen).count(f'"{card}"') >= n for card, n in drawn.items()), drawn
    # The better move lit, the grade and the moves compared in words.
    assert page.locator("#app .review-table [data-hint], #app .review-table .is-hint").count() >= 1
    assert page.get_attribute("#app .review-strip [data-grade]", "data-grade") in ("inaccuracy", "mistake", "blunder")
    assert page.locator("#app .review-alt").count() >= 2 and page.locator("#app .review-alt.is-played").count() == 1

    for lang in ("en", "ja"):
        if page.get_attribute("html", "lang") != lang:
            page.click("#app [data-cmd=lang]")
            page.wait_for_selector(f"html[lang={lang}] #app .review-table")
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
            assert page.evaluate(PAGE_SCROLL) <= 0, (lang, width, "the page scrolls")
            assert page.evaluate(MISFITS) == [], (lang, width)
            assert page.locator("#app .review-table [data-hint], #app .review-table .is-hint").first.is_visible()
            w.shot(f"review-moment-krypkille-{lang}-{width}x{height}")
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    page.click("#app [data-cmd=lang]")                     # back to English
    page.wait_for_selector("html[lang=en] #app .review-table")

    # Try again from here: a practice game at that very position, played on.
    page.click(f"#app [data-cmd=practice][data-arg='{first}']")
    page.wait_for_selector("#app .table-layout[data-screen=table] .kk-hand[data-private] [data-card]")
    played = 0
    for _ in range(40):                                  # the person's moves, and the computers' in between
        if played >= 3:
            break
        tap = page.locator("#app [data-cmd=resume], #app .kk-hand [data-cmd=act]:not([disabled]), "
                           "#app .kk-hand [data-cmd=select]")
        if tap.count():
            before = page.evaluate(SAVED_TEXT)
            tap.first.click()
            if page.locator("#app .kk-controls [data-cmd=act]:not([disabled])").count():
                page.locator("#app .kk-controls [data-cmd=act]:not([disabled])").first.click()
            page.wait_for_function(f"b => {SAVED_TEXT} !== b", arg=before)
            played += 1
        else:
            page.wait_for_timeout(100)
    assert played >= 3
    library = {i: json.loads(r["text"]) for i, r in page.evaluate(READ_LIBRARY).items()}
    assert library["kk"]["record"] == record and library["kk"]["finished"]     # the original, as it was
    (practice,) = [save for i, save in library.items() if i != "kk"]
    assert practice["practice"] == {"move": first + 1} and practice["seats"] == SEATS
    assert practice["record"]["actions"][:first] == record["actions"][:first]
    assert practice["record"]["luck"][0][0] == first and len(practice["record"]["actions"]) > first
    page.click("#app [data-cmd=home]")
    page.wait_for_selector("#app .game-grid")
    assert f"Krypkille (practice from move {first + 1})" in page.inner_text("#app .library")
    w.shot("review-practice-library-en-1024x768")
    assert w.errors == []
