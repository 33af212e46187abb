"""Learn to play (issue 31, item 1): each game's guided first game, opened by one
of its ways in (its address #learn=<game id>, the home screen, the new-game screen,
the rules screen, the rules page's link), played ONCE to its end by tapping only what it
lights (data-teach) and, once, something it does not ask (a gentle refusal, no
move). At every step's words (data-teach-step) the screen is looked at where it
is and then in the other orientation and the other language on the same page:
no page scroll, no text cut (test_text_fit's check), and a look that finds one
photographed to e2e/artifacts/ (every look with FIT_SHOTS=1: about 250
pictures, a sixth of these tests' time). axe at 0 serious at the first step and at the end; the end shows
data-teach-done, and the record, read from the library, replays in CPython."""
from __future__ import annotations

import json
import pathlib
import sys
import time

import pytest

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "py"))
from conftest import wait_until_ready  # noqa: E402
from royaltable import registry  # noqa: E402
from table_driver import ENDLESS_REPAINTS, SAVED_TEXT, record_json  # noqa: E402
from test_access import axe  # noqa: E402
from test_text_fit import EVERY_SHOT, MISFITS, SIZES  # noqa: E402
from ui.collection import GAMES  # noqa: E402
from ui.tutorial import has_lesson, lesson  # noqa: E402

LESSONS = [game for game in GAMES if has_lesson(game)]
TIMES: dict[str, float] = {}

# Taps the lit thing once it is there and the table is still, unless it comes with
# words the test has not looked at yet (the computers' moves may bring the next step
# while the test waits here); answers "tapped", "new" (words to look at first),
# "done" (the end), or "timeout".
TAP_TAUGHT = """async ([limit, seen]) => {
  const end = performance.now() + limit;
  while (performance.now() < end) {
    if (document.querySelector('#app [data-teach-done]')) return 'done';
    const lit = document.querySelector('#app [data-teach]:not([disabled])');
    if (lit) {
      const words = document.querySelector('#app [data-teach-step]');
      if (words && words.textContent && words.textContent !== seen) return 'new';
      lit.click();
      return 'tapped';
    }
    await new Promise(r => setTimeout(r, 15));
  }
  return 'timeout';
}"""
STEP_WORDS = "() => { const e = document.querySelector('#app [data-teach-step]'); return e ? e.textContent : '' }"
SCROLLS = "() => document.scrollingElement.scrollHeight > window.innerHeight + 1"
SETTLE = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def open_lesson(w, game: str, problems: list[str]):
    """Each lesson by another of its ways in (looked at, in Japanese at 1024×768): its
    address, the home screen's game card, the new-game screen, the rules screen, and
    the link of the rules page of its own."""
    page = w.page
    if game == "court":
        w.open(f"pace=0.02#learn={game}")
        assert "#learn" not in page.url            # taken off the address: a reload does not restart it
        return
    if game == "whispers":
        page.goto(f"{w.origin}/rules/{game}.html")
        link = page.locator(f'.prerender[data-lang="ja"] a[href$="#learn={game}"]')
        link.wait_for()
        where = link.get_attribute("href")
        w.shot(f"learn-{game}-way-in")
        # The link, with the tests' pace (the link itself has none).
        page.goto(f"{w.origin}/?pace=0.02{where[where.index('#'):]}")
        wait_until_ready(page)
        return
    w.open("pace=0.02")
    if game == "golden_key":
        page.locator(f"#app [data-game={game}] [data-cmd=setup]").click()
    elif game == "krypkille":
        page.locator(f"#app [data-game={game}] [data-cmd=rules]").click()
    learn = page.locator(f"#app [data-cmd=learn][data-arg={game}]").first
    learn.wait_for()
    page.evaluate(SETTLE)
    problems += [f"{game} way in: {m}" for m in page.evaluate(MISFITS)]
    w.shot(f"learn-{game}-way-in")
    learn.click()


def moves_kept(page) -> int:
    return len(record_json(page)["actions"])


def look(w, game: str, n: int, problems: list[str]) -> None:
    """The step on screen as it is, then in the other orientation, then in the other
    language (each photographed if it finds a fault, or with FIT_SHOTS=1). The lesson goes on where the last look left it
    (another language at every step): each step costs one resize and one change of
    language, not two of each."""
    page = w.page
    problems += [f"{game} step {n}: repainted at every frame as long as it is read: {m}"
                 for m in page.evaluate(ENDLESS_REPAINTS)]
    size = 0 if page.viewport_size["width"] == SIZES[0][0] else 1
    # The other language in the other orientation at odd steps, in this one at even steps:
    # over a lesson every language meets every orientation.
    third = 1 - size if n % 2 else size
    for lang_switch, other in ((False, size), (False, 1 - size), (True, third)):
        if lang_switch:
            page.locator("#app [data-cmd=lang]").first.dispatch_event("click")
        width, height = SIZES[other]
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(SETTLE)
        lang = page.evaluate("document.documentElement.lang")
        where = f"{game} step {n} {lang} {width}×{height}"
        before = len(problems)
        if page.evaluate(SCROLLS):
            problems.append(f"{where}: the page scrolls")
        problems += [f"{where}: {m}" for m in page.evaluate(MISFITS)]
        if EVERY_SHOT or len(problems) > before:
            page.evaluate("window.royalMotion && royalMotion.finish()")
            w.shot(f"learn-{game}-{n:02d}-{lang}-{width}x{height}")


@pytest.mark.parametrize("game", LESSONS)
def test_a_guided_first_game_to_its_end(watched, game):
    started = time.monotonic()
    w = watched(1024, 768, locale="ja-JP")
    page = w.page
    problems: list[str] = []
    open_lesson(w, game, problems)
    page.wait_for_selector("#app [data-teach-step]")
    problems += axe(page, f"{game} first step")
    refused, seen, n, looked = False, "", 0, 0.0
    steps = len(lesson(game).steps)
    while True:
        words = page.evaluate(STEP_WORDS)
        if words and words != seen:                # a new step's words (or free play's hint): look at it
            seen = words
            n += 1
            looking = time.monotonic()
            look(w, game, n, problems)
            seen = page.evaluate(STEP_WORDS)       # the same step's words, in the language it goes on in
            looked += time.monotonic() - looking
        asks_one = page.locator("#app [data-teach][data-cmd=act]").count() == 1
        other = page.locator("#app [data-cmd=act]:not([data-teach]):not([disabled])")
        if not refused and asks_one and other.count() and page.locator("#app [data-teach-step=only]").count():
            moves = moves_kept(page)
            other.first.click()
            toast = page.locator("#app .toast").inner_text(timeout=5000)
            assert toast.strip().startswith(("今は光っている", "For now, try")), toast
            assert moves_kept(page) == moves
            page.locator("#app .toast [data-cmd=dismiss]").click()
            refused = True
        done = page.evaluate(TAP_TAUGHT, [20000, seen])
        assert done != "timeout", f"{game}: nothing lit after step {n} ({seen})"
        if done == "done":
            break
    assert refused, "no step asked for one move among others"
    page.evaluate(SETTLE)
    w.shot(f"learn-{game}-end")
    assert page.evaluate(SCROLLS) is False
    problems += axe(page, f"{game} end")
    problems += [f"{game} end: {m}" for m in page.evaluate(MISFITS)]
    assert not problems, "\n".join(problems)
    save = json.loads(page.evaluate(SAVED_TEXT))
    state = registry.replay(save["record"])
    assert state.over and state.result()["winners"] == save["winners"]
    assert n >= steps, f"only {n} screens of words seen of {steps} steps"
    assert not w.errors, w.errors
    TIMES[game] = time.monotonic() - started
    print(f"\n{game}: {TIMES[game]:.1f} s, {n} screens of words looked at ({looked:.1f} s of it)")
