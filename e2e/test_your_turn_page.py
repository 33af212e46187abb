"""The your-turn call in the real page: when the tablet comes back to the person
after the computers moved, their plate lights (a gold ring and glow, also with
reduced motion, in both orientations, and a pulse the compositor draws alone), and a
tab in the background says "your turn" in its title until it is seen again. The page
is made hidden by overriding document.hidden / visibilityState (a headless tab is
never hidden)."""
from __future__ import annotations

import json
import time

import pytest

from kk_driver import new_game, take_turn
from table_driver import KEYFRAME_FIELDS

HIDDEN = """
window.__hidden = false;
Object.defineProperty(Document.prototype, "hidden", {configurable: true, get() { return window.__hidden; }});
Object.defineProperty(Document.prototype, "visibilityState",
                      {configurable: true, get() { return window.__hidden ? "hidden" : "visible"; }});
"""
LIT = "#app .table-layout[data-lit] .plate.is-turn"
SHOWN = "() => { window.__hidden = false; document.dispatchEvent(new Event('visibilitychange')); }"
# The plate's ring and glow, and its pulse (a brighter glow over them, its ::after): the
# pulse's name and what its frames move.
PLATE_STYLE = """selector => { const plate = document.querySelector(selector); const s = getComputedStyle(plate);
  const pulse = document.getAnimations().filter(a => a.effect.target === plate && a.effect.pseudoElement === '::after');
  return {outline: s.outlineStyle, shadow: s.boxShadow, animation: getComputedStyle(plate, '::after').animationName,
          moves: [...new Set(pulse.flatMap(a => a.effect.getKeyframes().flatMap(k => Object.keys(k))))]
            .filter(p => !%s.includes(p))}; }""" % json.dumps(KEYFRAME_FIELDS)


def decide_until_called(page, limit_s=120):
    """The person decides once, then the table plays until it comes back to them, lit."""
    deadline = time.time() + limit_s
    acted = False
    while time.time() < deadline:
        if acted and page.locator(LIT).count():
            return
        try:
            acted = take_turn(page) or acted
        except Exception:       # redrawn under the click: look again
            pass
        page.wait_for_timeout(25)
    raise AssertionError("the tablet never came back lit")


@pytest.mark.parametrize("size, motion", [((1024, 768), "no-preference"), ((768, 1024), "reduce")])
def test_the_tablet_comes_back_lit_and_a_hidden_tab_says_your_turn(watched, size, motion):
    w = watched(*size)
    page = w.page
    page.add_init_script(HIDDEN)
    page.emulate_media(reduced_motion=motion)
    w.open()
    new_game(page, ["human", "quick", "quick"])
    title = page.title()
    page.evaluate("() => { window.__hidden = true; }")      # the person switched tabs
    decide_until_called(page)
    assert page.title().startswith("● ") and "あなたの番" in page.title() and page.title().endswith(title)
    lit = page.evaluate(PLATE_STYLE, LIT)
    assert lit["outline"] == "solid" and "rgb(233, 196, 106)" in lit["shadow"], lit   # the gold ring
    assert lit["animation"] == ("none" if motion == "reduce" else "plate-called")
    # Only the glow's opacity pulses, which the compositor moves alone: the table is not
    # painted again at every frame of it (a pulsing box-shadow was, for 3.3 s at every turn).
    assert lit["moves"] == ([] if motion == "reduce" else ["opacity"]), lit
    assert page.locator(LIT).get_attribute("data-seat") == "0"
    w.shot(f"your-turn-lit-{size[0]}x{size[1]}-{motion}")
    page.evaluate(SHOWN)                                     # back to the tab: its own title again
    assert page.title() == title
    page.evaluate("() => { window.__hidden = false; }")
    decide_until_called(page)                                # seen: the title stays the page's
    assert page.title() == title
    assert w.errors == []
