"""Every player at the table (issue 14): axe-core's WCAG 2.0–2.2 A/AA rules on
every screen of every game in both languages, and each game played to its end
with the keyboard alone.

axe-core is pinned in package.json and injected from node_modules (no CDN)."""
from __future__ import annotations

import pathlib
import random
import time

import pytest
from table_driver import RandomPlayer, game_over, new_game, shortest_options

from royaltable import registry
from ui.collection import COLLECTION, playable

ROOT = pathlib.Path(__file__).resolve().parents[1]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
GAMES = [g for g, _, _ in COLLECTION if playable(g)]
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
RUN_AXE = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' ' + (n.failureSummary || '').split('\\n')[1]).join(' | '));
}"""
DECISION = "#app [data-cmd=act]:not([disabled]), #app [data-cmd=select], [data-cmd=handoff], [data-cmd=resume]"


def axe(page, where: str) -> list[str]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return [f"{where}: {v}" for v in page.evaluate(RUN_AXE, TAGS)]


def both_languages(page, where: str) -> list[str]:
    found = axe(page, where + " " + page.get_attribute("html", "lang"))
    page.locator("[data-cmd=lang]").dispatch_event("click")
    found += axe(page, where + " " + page.get_attribute("html", "lang"))
    page.locator("[data-cmd=lang]").dispatch_event("click")
    return found


def screen(page) -> str:
    marked = page.locator("[data-screen]")
    return marked.first.get_attribute("data-screen") if marked.count() else ""


@pytest.mark.parametrize("game_id", GAMES)
def test_no_serious_violation_on_any_screen_in_either_language(watched, game_id):
    w = watched(1024, 768)
    page = w.open()
    found = both_languages(page, "home")
    page.click(f"[data-game={game_id}] [data-cmd=rules]")
    found += both_languages(page, "rules")
    page.click("[data-cmd=home]")
    page.click(f"[data-game={game_id}] [data-cmd=setup]")
    found += both_languages(page, "setup")
    game = registry.get(game_id)
    players = max(game.min_players, min(3, game.max_players))
    kinds = ["human", "human"] + ["quick"] * (players - 2)
    page.click("[data-cmd=home]")
    new_game(page, game_id, kinds, names=["Aki", "Ben"], options=shortest_options(game_id), seed="4")
    player = RandomPlayer(page, seed=4)
    seen = set()
    deadline = time.time() + 600
    while time.time() < deadline:
        kind = screen(page)
        decision = page.locator(DECISION).count() > 0
        label = kind if kind != "table" else ("decision" if decision else "")
        if label and label not in seen and (decision or kind in ("result", "summary", "handoff")):
            seen.add(label)
            found += both_languages(page, f"{game_id} {label}")
        if game_over(page):
            break
        try:
            player.step()
        except Exception:
            pass
        page.wait_for_timeout(20)
    assert "result" in seen, seen
    page.click("[data-cmd=replay]")
    page.click('[data-cmd=replay_step][data-arg="next"]')
    found += both_languages(page, f"{game_id} replay")
    assert found == [], "\n".join(found)


# ---- the keyboard alone ----------------------------------------------------------------

FOCUSED = """() => { const e = document.activeElement;
  return e && e.dataset ? [e.dataset.cmd || '', e.dataset.arg || '', !!e.closest('#app')] : ['', '', false]; }"""


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_by_keyboard(watched, game_id):
    """Tab (and the arrow keys) to a move, Enter to play it: to the end of the game."""
    w = watched(1024, 768)
    page = w.open()
    rng = random.Random(game_id)
    keys = page.keyboard
    # from the home screen to the table without a pointer
    for _ in range(60):
        keys.press("Tab")
        cmd, arg, _ = page.evaluate(FOCUSED)
        if cmd == "setup" and arg == game_id:
            break
    keys.press("Enter")
    page.wait_for_selector(".setup")
    wanted = [("players", str(max(registry.get(game_id).min_players, 3)))] + \
        [("option", option) for option in shortest_options(game_id)] + [("start", "")]
    for cmd, arg in wanted:                 # the shortest game, chosen by keyboard too
        for _ in range(120):
            keys.press("Tab")
            if tuple(page.evaluate(FOCUSED)[:2]) == (cmd, arg):
                break
        keys.press("Enter")
    page.wait_for_selector(".table-layout, .handoff")
    moves = 0
    deadline = time.time() + 900
    while not game_over(page) and time.time() < deadline:
        if not page.locator(DECISION).count():
            page.wait_for_timeout(30)
            continue
        # Tab to the first control of the decision, then arrows to a random one of them
        for _ in range(60):
            cmd = page.evaluate(FOCUSED)[0]
            if cmd in ("act", "select", "handoff", "resume"):
                break
            keys.press("Tab")
        for _ in range(rng.randrange(4)):
            keys.press(rng.choice(["ArrowRight", "ArrowLeft", "ArrowDown"]))
        cmd, arg, _ = page.evaluate(FOCUSED)
        if cmd in ("act", "select", "handoff", "resume"):
            keys.press("Enter")
            moves += 1
        page.wait_for_timeout(20)
    assert game_over(page), f"{game_id}: no end after {moves} keyboard moves"
    assert w.errors == []


def test_every_move_is_announced_and_the_hand_is_read_on_request(watched):
    """A polite live region outside the redrawn table says each move in the log's
    words; a button (visible when focused) reads out the holder's cards and choices."""
    w = watched(1024, 768, locale="en-US")
    page = w.open()
    new_game(page, "krypkille", ["human", "quick", "quick"], options=["limit:50"], seed="6")
    page.wait_for_selector('[data-cmd=act][data-arg="keep"]')
    page.click('[data-cmd=act][data-arg="keep"]')
    page.wait_for_function("document.getElementById('announce').textContent.length > 0", timeout=60_000)
    said = page.inner_text("#announce")
    assert said in page.inner_text(".log-list")          # the words of the log
    assert page.get_attribute("#announce", "aria-live") == "polite"
    page.focus("[data-cmd=speak]")
    assert page.locator("[data-cmd=speak]").bounding_box()["width"] > 40   # shown when focused
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('announce').textContent.startsWith('Your cards')")
    spoken = page.inner_text("#announce")
    hand = page.eval_on_selector_all(".kk-hand-cards [data-card]", "els => els.map(e => e.dataset.card)")
    assert all(card in spoken or card.capitalize() in spoken for card in hand if card.isdigit())
    assert "Your choices" in spoken
    assert w.errors == []
