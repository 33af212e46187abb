"""Suggest a move says why (issue 21, part 1), in the page: one Krypkille game
from the new-game screen to its result, where "Suggest a move" lights a move
and a short list under the hint line gives the strong player's best moves with
their estimated chances, in Japanese and in English, fitting the screen at
1024×768 and 768×1024 (screenshots in e2e/artifacts/)."""
from __future__ import annotations

import re

from table_driver import new_game, shortest_options
from test_access import axe
from test_text_fit import MISFITS, play

from royaltable import calibration  # noqa: E402  (the path table_driver sets)

SIZES = ((1024, 768), (768, 1024))
# Where the game's chances are rough (calibration.ROUGH), in words against the even share.
ROUGH = "krypkille" in calibration.ROUGH
CHANCE = ({"ja": re.compile(r"(優勢|互角|劣勢)"), "en": re.compile(r"(ahead|about even|behind)")} if ROUGH else
          {"ja": re.compile(r"(約\d+%|1%未満|99%超)"), "en": re.compile(r"(about \d+\u00a0%|under 1\u00a0%|over 99\u00a0%)")})
HINT_LINE = {"ja": "おすすめの手を光らせています", "en": "The suggested move is highlighted"}
FIRST_LINE = ({"ja": "この手なら", "en": "with this move"} if ROUGH else
              {"ja": "ここから最後まで試しに進めたゲームの", "en": "of the games played out from here"})
# What is read just before the panel: the element holding the hint line.
BEFORE_PANEL = "() => document.querySelector('#app .teacher').previousElementSibling.textContent"


def look(w, page, lang: str) -> None:
    """The panel in `lang` at both sizes: its lines, its place, nothing cut."""
    assert page.evaluate("document.documentElement.lang") == lang
    lines = page.locator("#app .teacher li").all_inner_texts()
    assert 1 <= len(lines) <= 3, lines
    assert all(CHANCE[lang].search(line) for line in lines), lines
    assert FIRST_LINE[lang] in lines[0]
    assert HINT_LINE[lang] in page.evaluate(BEFORE_PANEL)
    assert axe(page, f"the suggestion's reasons in {lang}") == []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        page.locator("#app .teacher").scroll_into_view_if_needed()
        w.shot(f"suggest-krypkille-{lang}-{width}x{height}")
        misfits = page.evaluate(MISFITS)
        assert misfits == [], (lang, width, misfits)


def test_a_suggestion_says_why_in_both_languages_and_the_game_plays_on_to_its_end(watched):
    w = watched(*SIZES[0], locale="ja-JP")
    page = w.open("pace=0")
    new_game(page, "krypkille", ["human", "quick", "quick"], options=shortest_options("krypkille"), seed="3")
    page.wait_for_selector("#app [data-cmd=hint]:not([disabled])")
    assert page.locator("#app .teacher").count() == 0
    page.click("#app [data-cmd=hint]")
    page.wait_for_selector("#app .teacher")
    assert page.locator("#app [data-hint], #app .is-hint").count() >= 1       # the move lit
    look(w, page, "ja")
    page.click("#app [data-cmd=lang]")
    page.wait_for_selector("html[lang=en] #app .teacher")
    look(w, page, "en")
    # A move clears the suggestion and its reasons; the game goes on to its result.
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    page.locator("#app [data-cmd=act]:not([disabled])").first.click()
    page.wait_for_function("!document.querySelector('#app .teacher')")
    assert play(page, "krypkille")["how"] == "result"
    assert w.errors == []
