"""Every player at the table (issue 14): axe-core's WCAG 2.0–2.2 A/AA rules on
the screens beside the games (the library, About, the panels), the live region
and the hand read on request. Each game played to its end with the keyboard
alone, axe-core on every kind of its screens, rides in test_trust.py's whole game
(one game carries its checks and these).

axe-core is pinned in package.json and injected from node_modules (no CDN)."""
from __future__ import annotations

import pathlib
import random

from table_driver import log_lines, new_game
from conftest import ISOLATES

from royaltable import registry

ROOT = pathlib.Path(__file__).resolve().parents[1]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
RUN_AXE = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' ' + (n.failureSummary || '').split('\\n')[1]).join(' | '));
}"""


def axe(page, where: str) -> list[str]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        # Evaluated, not added as a <script>: the page's Content-Security-Policy
        # (rightly) refuses inline scripts, and the test must not weaken it.
        page.evaluate(AXE.read_text() + "\n;undefined")
    return [f"{where}: {v}" for v in page.evaluate(RUN_AXE, TAGS)]


def both_languages(page, where: str) -> list[str]:
    found = axe(page, where + " " + page.get_attribute("html", "lang"))
    page.locator("[data-cmd=lang]").dispatch_event("click")
    found += axe(page, where + " " + page.get_attribute("html", "lang"))
    page.locator("[data-cmd=lang]").dispatch_event("click")
    return found


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
    # The words of the log, a sentence per line: a computer's card and the end of
    # the trick may come in one announcement.
    log = [line.translate(ISOLATES) for line in log_lines(page)]
    assert all(sentence in log for sentence in said.split(". ")), (said, log)
    assert page.get_attribute("#announce", "aria-live") == "polite"
    # Ask on the person's own turn: no computer moves then, so neither the hand
    # nor the live region changes between the request and the reading.
    page.wait_for_selector("[data-cmd=act]", timeout=60_000)
    page.focus("[data-cmd=speak]")
    # shown when focused (ask the focused element itself)
    assert page.evaluate("""() => { const b = document.activeElement;
        return b.dataset.cmd === 'speak' ? b.getBoundingClientRect().width : 0 }""") > 40   # shown when focused
    page.keyboard.press("Enter")
    heard = page.wait_for_function("""() => {
        const said = document.getElementById('announce').textContent;
        return said.startsWith('Your cards') && {said, hand: [...document.querySelectorAll(
            '.kk-hand-cards [data-card]')].map(e => e.dataset.card)} }""").json_value()
    spoken, hand = heard["said"], heard["hand"]
    assert all(card in spoken or card.capitalize() in spoken for card in hand if card.isdigit())
    assert "Your choices" in spoken
    assert w.errors == []


def test_the_library_on_the_home_screen_has_no_serious_violation(watched):
    """Games in progress, a damaged save, finished games, a share link and a
    question to delete, in both languages."""
    from ui import saves
    records = []
    for n, (game_id, players) in enumerate([("court", 3), ("golden_key", 2), ("krypkille", 3)]):
        state = registry.get(game_id).new(players, seed=n + 1)
        chooser = random.Random(n)
        while not state.over and (game_id == "golden_key" or len(state.actions) < 12):
            state.apply(chooser.choice(state.legal_actions()))
        seats = [{"name": f"P{s}", "kind": "human" if s == 0 else "quick"} for s in range(players)]
        records.append({"id": game_id, "text": saves.dump_state(seats, state), "updated": 1e12 + n, "rev": 1})
    records.append({"id": "damaged", "text": "[" * 40, "updated": 1e12, "rev": 1})
    w = watched(1024, 768)
    w.seed(records)
    page = w.open()
    page.wait_for_selector(".history [data-cmd=share]", timeout=90_000)
    page.click('.history [data-cmd=share][data-arg="golden_key"]')
    page.wait_for_selector(".lib-link-url")
    page.click('[data-cmd=delete][data-arg="court"]')
    assert page.locator(".lib-row").count() == 4
    found = both_languages(page, "library")
    assert found == [], "\n".join(found)
    assert w.errors == []


SIDEWAYS = "sel => { const box = document.querySelector(sel); return box.scrollWidth - box.clientWidth; }"
# What of the open panel lies under its close button (which floats over the panel's
# first line, its heading): nothing but that heading may.
UNDER_CLOSE = """() => { const close = document.querySelector('.drawer-close').getBoundingClientRect();
  const panel = document.querySelector('.table-side .panel:not([hidden])');
  return [...panel.querySelectorAll('*')].filter(e => !panel.firstElementChild.contains(e)).filter(e => {
    const r = e.getBoundingClientRect();
    return r.width && r.height && r.top < close.bottom - 0.5 && r.bottom > close.top && r.right > close.left + 0.5
      && r.left < close.right; }).map(e => e.tagName + '.' + e.className); }"""


def test_the_about_screen_and_every_panel_beside_the_table_pass_axe(watched):
    """The About screen, and at the table each panel of the rail opened over it
    (scores, cards, the log), in both languages: no serious violation."""
    w = watched(1024, 768)
    page = w.open()
    page.click("[data-cmd=about]")
    page.wait_for_selector(".about")
    found = both_languages(page, "about")
    assert "CC BY 3.0" in page.inner_text(".about")
    page.click("[data-cmd=home]")
    new_game(page, "whispers", ["human", "quick", "quick"], seed="2")
    tabs = page.locator(".table-rail [data-cmd=panel]")
    keys = [tabs.nth(i).get_attribute("data-arg") for i in range(tabs.count())]
    assert "log" in keys and len(keys) >= 2
    for key in keys:
        page.click(f'.table-rail [data-cmd=panel][data-arg="{key}"]')
        page.wait_for_selector(f"#panel-{key}:not([hidden])")
        assert page.get_attribute(f'.table-rail [data-arg="{key}"]', "aria-expanded") == "true"
        # it scrolls up and down only: a panel a finger can push sideways wobbles
        assert page.evaluate(SIDEWAYS, ".table-side") == 0, key
        assert page.evaluate(UNDER_CLOSE) == [], key
        found += both_languages(page, f"panel {key}")
    page.click(".drawer-close")
    page.wait_for_selector(".table-side[hidden]", state="attached")
    assert found == [], "\n".join(found)
    assert w.errors == []
