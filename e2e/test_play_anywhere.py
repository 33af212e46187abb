"""Offline play, save and resume, undo, and the tablet sizes, in Chromium."""
from __future__ import annotations

import pathlib
import sys

from conftest import ARTIFACTS, start_server, stop_server, wait_until_ready
from kk_driver import drive, new_game
from table_driver import DECISION, UNDRAWN_FIGURES, panel_open, players_near, tap_while_there
from table_driver import new_game as start_game

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "py"))
from ui.app import App  # noqa: E402
from ui.games.struggle.table import turn_scale  # noqa: E402
from ui.i18n import Translator  # noqa: E402


def wait_for_service_worker(page):
    """Until the service worker controls the page and keeps the whole runtime."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=120_000)


def expected_totals(seed: str, kinds: list[str]) -> list[int]:
    """The same game, with the same choices, played in CPython without a reload."""
    app = App("ja")
    app.handle("setup", "krypkille")
    app.handle("players", str(len(kinds)))
    for seat, kind in enumerate(kinds):
        app.handle("kind", f"{seat}:{kind}")
    app.handle("option", "limit:50")
    app.field("seed", seed)
    app.handle("start")
    match = app.match
    while not match.state.over:
        if match.interlude:
            app.handle("resume")
        elif app.pending_delay() is not None:
            app.step()
        else:   # the driver's fixed choices: keep all, lead the highest, pass
            legal = match.state.legal_actions()
            app.handle("act", "keep" if "keep" in legal else "pass" if "pass" in legal else legal[-1])
    return match.state.result()["scores"]


def totals_on_screen(page) -> list[int]:
    """The totals of the scores panel, opened for the reading and closed again."""
    with panel_open(page, "scores"):
        cells = page.locator(".table-side .scores .scores-total td")      # the Σ row: a cell per player
        return [int(cells.nth(i).inner_text()) for i in range(cells.count())]


def test_offline_half_a_game_then_reload_then_finish_equals_no_reload(watched, chromium):
    """In Debian's full Chromium, the browser people have (the other tests run in its
    headless shell), as players have it (a snapshot made during play): once the app is
    kept for offline play, the network goes; half a game, a reload, the game continued
    from the library and finished, all offline, ends as the same game played in CPython
    without a reload; the finished game replays step by step; the rules pages open
    offline too."""
    kinds = ["human", "quick", "strong"]
    origin, server = start_server()
    try:
        w = watched(origin=origin, full_chromium=True)
        page = w.open("pace=0.02&snapshot=on")
        assert page.context.browser is chromium.full()
        wait_for_service_worker(page)
    finally:
        stop_server(server)            # the network is gone
    w.requests.clear()
    w.errors.clear()
    page.reload()
    wait_until_ready(page)
    new_game(page, kinds, limit=50, seed="21")
    drive(page, lambda: page.locator(".kk-summary").count() > 0, discard=False)
    page.click("[data-cmd=resume]")
    page.reload()
    wait_until_ready(page)
    assert "クリップキレ" in page.inner_text(".library")
    page.click("[data-cmd=continue]")
    drive(page, lambda: page.locator(".result").count() > 0, discard=False)
    tap_while_there(page, "[data-cmd=resume]")
    assert totals_on_screen(page) == expected_totals("21", kinds)
    # a finished game replays step by step from its record
    page.click("[data-cmd=replay]")
    page.click('[data-cmd=replay_step][data-arg="next"]')
    assert "1 /" in page.inner_text(".replay-step")
    page.click('[data-cmd=replay_step][data-arg="last"]')
    assert page.locator('[data-cmd=replay_step][data-arg="next"][disabled]').count() == 1
    w.shot("krypkille-replay")
    assert w.errors == []          # no failed request, no error
    assert w.foreign_requests() == []
    page.goto(f"{origin}/rules/court.html")          # the rules pages too, offline
    assert page.locator('.rules >> nth=0').locator('[data-rule="CT-12"]').count()


def test_a_corrupt_save_is_reported_and_the_home_screen_still_works(watched):
    w = watched()
    page = w.open()
    page.evaluate("localStorage.setItem('royaltable.save', '{\"format\": \"royaltable-save\", \"version\": 1, broken')")
    page.reload()
    wait_until_ready(page)
    assert "読み込めませんでした" in page.inner_text(".library")
    page.evaluate("localStorage.setItem('royaltable.save', JSON.stringify({format: 'royaltable-save', version: 99}))")
    page.reload()
    wait_until_ready(page)
    assert "新しい版" in page.inner_text(".library")
    assert page.locator("[data-cmd=discard_save]").count() == 2     # both kept until discarded
    page.click("[data-cmd=discard_save]")
    page.click("[data-cmd=discard_save]")
    assert page.locator(".library").count() == 0
    page.wait_for_function("royalStore.items().length === 0")
    assert page.evaluate("localStorage.getItem('royaltable.save')") is None
    page.click("[data-game=krypkille] [data-cmd=setup]")
    page.click("[data-cmd=start]")
    page.wait_for_selector(".kk")
    assert w.errors == []


def test_undo_own_move_until_someone_else_moves_or_cards_are_drawn(watched):
    w = watched()
    page = w.open()
    new_game(page, ["human", "human", "human"], names=["Aki", "Ben", "Chie"], seed="5")

    def take_tablet():
        page.click("[data-cmd=handoff]")
        return page.inner_text(".kk-hand h2").split("の")[0]

    first = take_tablet()
    assert page.locator("[data-cmd=undo]").count() == 0
    page.click('.kk-controls [data-cmd=act][data-arg="keep"]')
    # the next person has not acted: the first may take it back
    assert page.locator(".handoff").count() == 1
    undo = page.locator("[data-cmd=undo]")
    assert undo.count() == 1 and first in undo.inner_text()
    w.shot("undo-on-handoff")
    undo.click()
    # the tablet may already be in the next person's hands: the mover's cards wait for a hand-off
    assert page.locator(".handoff").count() == 1
    assert first in page.inner_text(".handoff h2")
    assert take_tablet() == first
    assert page.locator('.kk-controls [data-cmd=act][data-arg="keep"]').count() == 1
    page.click('.kk-controls [data-cmd=act][data-arg="keep"]')
    second = take_tablet()
    assert second != first
    assert page.locator("[data-cmd=undo]").count() == 0      # the first player's move is no longer theirs
    page.click('.kk-controls [data-cmd=act][data-arg="keep"]')
    assert take_tablet() not in (first, second)                # the third person, the dealer
    page.click('.kk-controls [data-cmd=act][data-arg="keep"]')  # hands are refilled
    page.wait_for_selector(".kk-hand-cards [data-cmd=act], .handoff")
    assert page.locator("[data-cmd=undo]").count() == 0      # cards were drawn: no way back
    assert w.errors == []


SIZES = [(390, 844), (768, 1024), (1024, 768), (1366, 1024), (1024, 1366)]

# small: text under 14 px; tight: a control under 44 px; broken: a word (a name, a tab's
# word) split over two lines; spill: something on a seat's plate past its edges; cut: a
# control or a card past the window's sides (a table may clip what overflows it, so the
# page's width alone does not show it).
CHECK_LAYOUT = r"""() => {
  const small = [], tight = [], broken = [], spill = [], cut = [];
  for (const el of document.querySelectorAll('#app *')) {
    const text = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (text && el.offsetParent !== null && parseFloat(getComputedStyle(el).fontSize) < 14)
      small.push(el.className || el.tagName);
  }
  for (const el of document.querySelectorAll('#app button:not(.sr-only-focusable), #app input:not(.sr-only)')) {
    const r = el.getBoundingClientRect();
    if (r.width && (r.width < 44 || r.height < 44)) tight.push(el.outerHTML.slice(0, 80));
  }
  const texts = document.createTreeWalker(document.getElementById('app'), NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    const word = node.textContent.replace(/[\u2068\u2069]/g, '').trim();
    // a word: no space; in Japanese, which may break anywhere, no longer than a name
    const cjk = /[\u3040-\u30ff\u4e00-\u9fff]/.test(word);
    if (!word || word.length > (cjk ? 6 : 16) || /\s/.test(word) || !node.parentElement.offsetParent) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if (new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1) broken.push(word);
  }
  for (const plate of document.querySelectorAll('#app .plate')) {
    const box = plate.getBoundingClientRect();
    for (const el of plate.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width && (r.right > box.right + 0.5 || r.left < box.left - 0.5))
        spill.push(plate.textContent.trim().slice(0, 20) + ': ' + (el.getAttribute('class') || el.tagName));
    }
  }
  for (const el of document.querySelectorAll('#app [data-cmd], #app .card')) {
    const r = el.getBoundingClientRect();
    if (r.width && (r.left < -0.5 || r.right > innerWidth + 0.5)) cut.push(el.textContent.trim().slice(0, 20));
  }
  return {small, tight, broken, spill, cut, width: document.documentElement.scrollWidth};
}"""


# A person's longest name, typed at the setup (it takes 32 characters): the status bar
# keeps its height for these, each at a table in either language (a Japanese name at an
# English table is the widest turn of all, then a name in capitals).
LONG_NAMES = {"en": "MAXIMILIANA MONTGOMERY-WHITFIELD", "ja": "寿限無寿限無五劫の擦り切れ海砂利水魚の水行末雲来末風来末食う寝る"}


def status_lines(t, name: str) -> list[list]:
    """Every [phase, turn, its scale] King's Struggle's status bar may show, with `name`
    (a long turn is set smaller, by the table's own rule)."""
    phases = [t("st.phase.lead"), t("st.phase.choose"), t("st.phase.turns"), t("st.phase.over")]
    turns = ["", t("st.your_turn"), t("table.waiting", name=name), t("st.turn.forced", name=name),
             t("table.your_turn", name=name), t("table.turn", name=name)]
    return [[phase, turn, turn_scale(turn)] for phase in phases for turn in turns]


# The status bar's height with each [phase, turn, its scale] written into it (then put back).
STATUS_HEIGHTS = """lines => {
  const bar = document.querySelector('.st-status');
  const phase = bar.querySelector('.status-phase'), turn = bar.querySelector('.status-turn');
  const was = [phase.textContent, turn.textContent, turn.style.getPropertyValue('--turn-scale')];
  const heights = lines.map(([p, t, scale]) => {
    phase.textContent = p;
    turn.textContent = t;
    turn.style.setProperty('--turn-scale', scale);
    return Math.round(bar.getBoundingClientRect().height);
  });
  [phase.textContent, turn.textContent] = was;
  turn.style.setProperty('--turn-scale', was[2]);
  return heights;
}"""


def test_tablet_and_phone_sizes(watched):
    """The home screen and every game's table at every size, a phone's included, every
    figure drawn; on a tablet King's Struggle's status bar keeps one height whatever it
    says, a long name too, in both languages. The layout is CSS alone (no Python reads
    the viewport), so one page is resized instead of booted five times."""
    w = watched(*SIZES[0], reduced_motion="reduce")
    page = w.open()
    checks = []

    def at_every_size(screen):
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            checks.append((width, screen, page.evaluate(CHECK_LAYOUT) | {"undrawn": page.evaluate(UNDRAWN_FIGURES)}))
            w.shot(f"size-{width}x{height}-{screen}", full_page=True)

    at_every_size("home")
    new_game(page, ["human", "quick", "quick", "quick", "quick", "quick"])
    drive(page, lambda: page.locator(".kk-played").count() >= 2 and page.locator(".handoff").count() == 0)
    at_every_size("table")
    for game_id in ("court", "whispers", "golden_key", "struggle"):    # every other table
        page.click("[data-cmd=home]")
        # every table at its most crowded (up to six seats): the seats share a phone's width
        seats = players_near(game_id, 6)
        start_game(page, game_id, ["human"] + ["quick"] * (seats - 1))
        page.wait_for_selector(DECISION, timeout=60_000)
        at_every_size(game_id)
    bars = {}
    for lang in ("ja", "en"):
        if lang == "en":
            page.click("[data-cmd=lang]")
            page.wait_for_selector("html[lang=en] .st-status")
        longest = max(page.eval_on_selector_all(".st-seat .plate-name", "els => els.map(e => e.textContent)"), key=len)
        lines = [line for name in (longest, *LONG_NAMES.values()) for line in status_lines(Translator(lang), name)]
        for width, height in SIZES[1:]:
            page.set_viewport_size({"width": width, "height": height})
            bars[lang, width, height] = set(page.evaluate(STATUS_HEIGHTS, lines))
    assert all(len(heights) == 1 for heights in bars.values()), bars
    for width, screen, found in checks:
        assert found["width"] <= width, (width, screen)
        assert found["tight"] == [], (width, screen, found["tight"][:5])
        assert found["broken"] == [] and found["spill"] == [], (width, screen, found["broken"][:5], found["spill"][:5])
        assert found["cut"] == [], (width, screen, found["cut"][:5])
        assert found["undrawn"] == [], (width, screen, found["undrawn"][:5])
        if screen in ("home", "table"):
            assert found["small"] == [], (width, screen, found["small"][:5])
    assert len(checks) == 6 * len(SIZES)
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    assert ARTIFACTS.exists()
    assert w.errors == []


def test_works_from_a_sub_path_like_github_pages(watched, tmp_path):
    from conftest import ROOT, serve
    (tmp_path / "repo").symlink_to(ROOT)
    origin, server = serve(tmp_path)
    try:
        w = watched(origin=origin)
        page = w.page
        page.goto(f"{origin}/repo/?pace=0.02")
        wait_until_ready(page)
        new_game(page, ["human", "quick", "quick"])
        scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
        assert scope == f"{origin}/repo/"
        assert all(u.startswith(f"{origin}/repo/") for u in w.requests), w.requests
        assert w.errors == []
    finally:
        stop_server(server)
