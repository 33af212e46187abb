"""The player aid and the rules pages in the page (issue 31 items 2 and 3): the
aid opens from a table's rail and Back returns to the same table, the game
intact; every game's aid and rules page fit 1024×768 and 768×1024 in both
languages (no sideways scroll, every word in its box: test_text_fit's check;
axe-core at no serious finding),
and each that does not fit is photographed for people to look at
(e2e/artifacts/learn-*.png; every one with FIT_SHOTS=1).
One page for everything (a boot costs more than all the looks)."""
from __future__ import annotations

import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from table_driver import log_text, new_game  # noqa: E402
from test_access import axe  # noqa: E402
from test_text_fit import EVERY_SHOT, MISFITS, SIZES  # noqa: E402

GAMES = ("court", "krypkille", "whispers", "golden_key", "struggle")

# A command as a tap on the page's own buttons would send it (main.py reads
# data-cmd/data-arg from the tapped element inside #app): the aid has no button
# on the home screen.
TAP_COMMAND = """([cmd, arg]) => {
  const b = document.createElement('button');
  b.dataset.cmd = cmd; b.dataset.arg = arg;
  document.getElementById('app').appendChild(b);
  b.click();
}"""


def fits(page, where: str) -> list[str]:
    """What does not fit on the screen as drawn now: sideways scroll, misfit words."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    lang = page.evaluate("document.documentElement.lang")
    size = page.evaluate("`${innerWidth}x${innerHeight}`")
    wide = page.evaluate("document.documentElement.scrollWidth - innerWidth")
    found = [f"{where} {lang} {size}: {m}" for m in page.evaluate(MISFITS)]
    if wide > 0:
        found.append(f"{where} {lang} {size}: {wide}px wider than the screen")
    return found


def look_both_ways(w, where: str) -> list[str]:
    """Both sizes in both languages, axe-core's serious findings once per language, a
    screenshot of each that does not fit (of each with FIT_SHOTS=1); the first language
    on again after."""
    page, found = w.page, []
    for turn in range(2):
        for width, height in (SIZES if turn == 0 else SIZES[::-1]):
            page.set_viewport_size({"width": width, "height": height})
            misfits = fits(page, where)
            found += misfits
            if (width, height) == SIZES[turn]:
                found += axe(page, where)
            lang = page.evaluate("document.documentElement.lang")
            if misfits or EVERY_SHOT:
                w.shot(f"learn-{where}-{lang}-{width}x{height}", full_page=True)
        page.evaluate("document.querySelector('#app [data-cmd=lang]').click()")
        page.wait_for_function("(l) => document.documentElement.lang !== l", arg=lang)
    return found


def test_the_aid_opens_from_the_rail_and_every_aid_and_rules_page_fits(watched):
    w = watched(*SIZES[0], locale="ja-JP")
    page = w.open("pace=0")
    # A game, moved on a little; the aid from its rail, and back to it as it was.
    new_game(page, "court", ["human", "quick"], seed="3")
    page.click("[data-cmd=act]:not([disabled]) >> nth=0")
    page.wait_for_selector(".table-layout")
    before = log_text(page)
    page.click(".table-rail [data-cmd=aid]")
    page.wait_for_selector(".aid")
    found = look_both_ways(w, "aid-court-from-table")
    page.click(".topbar [data-cmd=home]")          # its Back
    page.wait_for_selector(".table-layout")
    assert log_text(page) == before
    page.click(".table-rail [data-cmd=aid]")
    page.wait_for_selector(".aid")
    page.go_back()                                  # the browser's Back
    page.wait_for_selector(".table-layout")
    assert log_text(page) == before
    page.click(".topbar [data-cmd=home]")
    page.wait_for_selector(".game-grid")
    # Every game's aid and rules page, from home.
    for game in GAMES:
        for screen, selector in (("aid", ".aid"), ("rules", ".rules")):
            page.evaluate(TAP_COMMAND, [screen, game])
            page.wait_for_selector(selector)
            found += look_both_ways(w, f"{screen}-{game}")
            page.click(".topbar [data-cmd=home]")
            page.wait_for_selector(".game-grid")
    assert found == [], "\n".join(found)
    assert w.errors == []
