"""Krypkille in the real page: boot, a whole match against computer players,
pass-and-play privacy, and names shown as text."""
from __future__ import annotations

import pathlib
import sys

from kk_driver import drive, new_game
from table_driver import MOVING_PACE, PATCHES, WATCH_PATCHES, log_lines, patched_as_drawn

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "py"))
from ui.collection import GAMES  # noqa: E402  (every game, in home-screen order)


def test_boots_offline_ready_with_the_whole_collection(watched):
    w = watched()
    page = w.open("")
    cards = page.locator(".game-card")
    assert [cards.nth(i).get_attribute("data-game") for i in range(cards.count())] == GAMES
    # every game of the collection is playable: a Play and a Rules button each
    assert page.locator(".game-card [data-cmd=setup]").count() == len(GAMES)
    assert page.locator(".game-card [data-cmd=rules]").count() == len(GAMES)
    assert page.locator(".game-card.is-coming").count() == 0
    assert page.locator("html").get_attribute("lang") == "ja"
    w.shot("home-1024x768")
    assert w.errors == []
    assert w.foreign_requests() == []


# What static/motion.js animated, as the table marked it: each animation's element by
# its key (a ghost: "ghost" and the key it was a copy of), and its first frame.
MOTION_LOG = """(() => {
  const animate = Element.prototype.animate;
  window.kkMotion = [];
  Element.prototype.animate = function (frames, options) {
    const ghost = this.classList.contains('motion-ghost');
    window.kkMotion.push({key: this.getAttribute('data-key') || (ghost ? 'ghost' : ''),
                          from: this.getAttribute('data-from') || '', to: this.getAttribute('data-to') || '',
                          card: this.querySelector('[data-card]') ? 1 : 0, bump: this.getAttribute('data-bump')});
    return animate.call(this, frames, options);
  };
})();"""


def test_a_person_plays_a_whole_match_against_computers(watched):
    """And what happened moves: played cards fly in, won tricks slide to their
    winners, new rounds are dealt from the stock, totals pulse."""
    w = watched()
    w.page.add_init_script(MOTION_LOG)
    page = w.open(MOVING_PACE)
    page.evaluate(WATCH_PATCHES)
    new_game(page, ["human", "strong", "quick", "quick"], names=["Hana"], limit=50)
    w.shot("krypkille-table-1024x768")
    assert page.evaluate("document.documentElement.scrollWidth") <= 1024
    drive(page, lambda: page.locator(".result").count() > 0)
    result = page.locator(".result").inner_text()
    assert "ゲーム終了" in result and "勝者" in result
    assert len(log_lines(page)) > 20
    w.shot("krypkille-result")
    moved = page.evaluate("window.kkMotion")
    flown = [m for m in moved if m["key"].startswith("trick:")]
    assert len(flown) > 20 and all(m["card"] for m in flown)
    assert any(m["from"].startswith("hand:") and m["key"].endswith(":0") for m in flown)   # Hana's own cards
    # won tricks on their way to their winners (a copy of each card, gone from the middle)
    assert sum(m["key"] == "ghost" and m["to"].startswith("seat:") and m["card"] for m in moved) > 8
    assert any(m["key"].startswith("backs:") and m["from"] == "deck" for m in moved)  # a round dealt
    assert any(m["key"].startswith("back:") and m["from"] == "deck" for m in moved)   # the refill after discards
    assert any(m["key"].startswith("total:") and m["bump"] for m in moved)   # a total pulsed
    assert not any(m["key"].startswith("back:") and m["card"] for m in moved)
    patched_as_drawn(page.evaluate(PATCHES))
    assert w.errors == [] and w.foreign_requests() == []


def test_two_people_pass_the_tablet_without_seeing_each_others_cards(watched):
    w = watched(768, 1024)
    page = w.open()
    new_game(page, ["human", "human", "quick", "quick"], names=["Aki", "Ben"])
    handoffs = []

    def check():
        if page.locator(".handoff").count():
            html = page.inner_html("#app")
            assert "kk-hand" not in html and "data-card" not in html
            handoffs.append(page.locator(".handoff h2").inner_text())
            if len(handoffs) == 1:
                w.shot("krypkille-handoff-768x1024")
        elif page.locator(".kk-hand h2").count() and page.locator(".kk-controls [data-cmd=act], .kk-hand-cards [data-cmd]").count():
            owner = page.locator(".kk-hand h2").inner_text()
            turn = page.locator(".status-turn").inner_text()
            assert owner.split("の")[0] in turn   # the hand on screen is the player to act

    drive(page, lambda: page.locator(".kk-summary").count() > 0, on_step=check)
    assert any("Aki" in h for h in handoffs) and any("Ben" in h for h in handoffs)
    w.shot("krypkille-round-summary-768x1024")
    assert page.evaluate("document.documentElement.scrollWidth") <= 768
    assert w.errors == []


def test_a_hostile_name_is_shown_as_text(watched):
    w = watched(locale="en-US")
    page = w.open()
    hostile = "<img src=x onerror=alert(1)>"
    new_game(page, ["human", "quick", "quick"], names=[hostile])
    assert hostile in page.locator(".plate-name").first.inner_text()
    assert page.locator("#app img").count() == 0
    page.wait_for_timeout(300)
    assert w.dialogs == []


def test_rules_in_both_languages_with_the_notes_on_the_original(watched):
    w = watched()
    page = w.open()
    page.click("[data-game=krypkille] [data-cmd=rules]")
    assert page.locator('.rules [data-rule="KK-11"]').count()
    assert page.locator(".rules-notes li").count() >= 4
    assert "原作のルールとの違い" in page.inner_text(".rules") and "この版" not in page.inner_text(".rules")
    page.click("[data-cmd=lang]")
    assert "differ from the original" in page.inner_text(".rules")
    assert page.locator("html").get_attribute("lang") == "en"
