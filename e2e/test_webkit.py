"""Smoke test in WebKit, the engine of iPad Safari: the site boots in Debian's
WebKitGTK (MiniBrowser under WebKitWebDriver, on a private Xvfb display), shows
the whole collection, and a person plays the first moves of a Krypkille game
against computer players. See webkit.py for how the browser is run."""
from __future__ import annotations

import pathlib
import sys
import time

import pytest

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))           # webkit.py, under any pytest import mode
from webkit import Session  # noqa: E402

ARTIFACTS = HERE / "artifacts"

BOOT_TIMEOUT_S = 120        # Pyodide boots more slowly in WebKitGTK than in Chromium
PLAY_TIMEOUT_S = 60
WIDTH, HEIGHT = 1024, 768   # an iPad in landscape

# Selenium's own WebKitGTK class still passes its address the old way.
pytestmark = pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")


def boot(b, query: str = "pace=0.02") -> float:
    """Opens the site and waits for the app; fails at once, with the page's own
    words, if the boot screen reports a failure or Python shows an error."""
    start = time.monotonic()
    b.driver.get(f"{b.origin}/?{query}")
    while time.monotonic() - start < BOOT_TIMEOUT_S:
        state = b.js("""
            var boot = document.getElementById('boot'), err = document.querySelector('.py-error');
            return {ready: window.royalReady === true && !boot,
                    failed: boot && boot.classList.contains('boot-failed') ? boot.textContent : '',
                    pyError: err ? err.textContent : ''};""")
        assert not state["pyError"], f"Python error while booting in WebKit: {state['pyError']}"
        assert not state["failed"], f"the boot screen reports a failure in WebKit: {state['failed']}"
        if state["ready"]:
            return time.monotonic() - start
        time.sleep(0.25)
    status = b.text("#boot-status")
    raise AssertionError(f"the app did not boot in WebKit within {BOOT_TIMEOUT_S} s (boot screen: {status!r})")


def decide(b) -> str | None:
    """Makes the person's decision if one is on screen, as a person would:
    keep all cards at the discard, lead the highest card, pass at a showdown."""
    on_screen = b.js("""
        var n = s => document.querySelectorAll(s).length;
        return n('[data-cmd=handoff]') ? 'handoff' : n('[data-cmd=resume]') ? 'resume'
             : n('.kk-hand-cards [data-cmd=select]') ? 'discard'
             : n('.kk-hand-cards [data-cmd=act]') ? 'lead'
             : n('.kk-controls [data-cmd=act][data-arg=pass]') ? 'pass' : null;""")
    try:
        if on_screen in ("handoff", "resume"):
            b.click(f"[data-cmd={on_screen}]", timeout=3)
        elif on_screen == "discard":
            b.click(".kk-controls [data-cmd=act]", timeout=3)       # "keep all"
        elif on_screen == "lead":
            b.click(".kk-hand-cards [data-cmd=act]", which=-1, timeout=3)
        elif on_screen == "pass":
            b.click(".kk-controls [data-cmd=act][data-arg=pass]", timeout=3)
    except Exception:   # the table was redrawn under the click: look again next time
        return None
    return on_screen


def page_width(b) -> int:
    return b.js("return document.documentElement.scrollWidth")


def test_boots_and_plays_krypkille_in_webkit(site):
    # Started here, not in a fixture, so that a missing WebKit is a test
    # failure that names the package to install.
    session = Session(site, ARTIFACTS / "webkit.log")
    try:
        session.browser.set_viewport(WIDTH, HEIGHT)
        boot_and_play(session.browser)
    finally:
        session.close()


def boot_and_play(b):
    boot_s = boot(b)
    b.watch_errors()

    # The home screen: the whole collection, Krypkille playable.
    assert b.count(".game-card") == 5
    assert b.count("[data-game=krypkille] [data-cmd=setup]") == 1
    assert b.count("#boot") == 0 and b.count(".py-error") == 0
    assert page_width(b) <= WIDTH, "the home screen scrolls sideways in WebKit"
    b.settle()
    b.screenshot(ARTIFACTS / "webkit-home.png")

    # A new game: one person against two computer players.
    b.click("[data-game=krypkille] [data-cmd=setup]")
    b.wait_for("[data-cmd=start]", 10, "the new-game screen")
    b.click('[data-cmd=players][data-arg="3"]')
    for seat, kind in enumerate(["human", "quick", "quick"]):
        b.click(f'[data-cmd=kind][data-arg="{seat}:{kind}"]')
    b.fill('[data-field="seed"]', "3")
    b.click("[data-cmd=start]")
    b.wait_for(".kk, .handoff", 20, "the Krypkille table")

    # Play: the person's discard (keep all), a lead when offered, and on until
    # a trick has been played and the game waits for the person again. The
    # screenshot is taken then: while the computer players move at this pace,
    # WebKitGTK paints only a few frames a second and a screenshot can show
    # an older frame than the page holds.
    done: list[str] = []
    deadline = time.monotonic() + PLAY_TIMEOUT_S
    while True:
        state = b.js("""
            var n = s => document.querySelectorAll(s).length;
            return {tricks: n('.kk-past') + n('.kk-played'),
                    waiting: n('.kk-hand-cards [data-cmd=act], .kk-controls [data-cmd=act][data-arg=pass]') > 0};""")
        if "discard" in done and "lead" in done and state["tricks"] and state["waiting"]:
            break
        assert time.monotonic() < deadline, (
            f"the game did not get through a trick in {PLAY_TIMEOUT_S} s in WebKit "
            f"(person's moves: {done}; turn: {b.text('.status-turn')!r})")
        acted = decide(b)
        if acted:
            done.append(acted)
        time.sleep(0.05)
        assert b.count(".py-error") == 0, f"Python error in WebKit: {b.text('.py-error')}"

    assert b.count(".kk .plate") == 3
    assert b.count(".log-list li") > 3
    assert page_width(b) <= WIDTH, "the Krypkille table scrolls sideways in WebKit"
    b.settle()
    b.screenshot(ARTIFACTS / "webkit-krypkille.png")

    # Nothing went wrong on the way, and nothing came from elsewhere.
    assert b.count("#boot") == 0 and b.count(".py-error") == 0
    assert b.errors() == []
    assert b.foreign_resources() == []
    # The game is in the library (IndexedDB) and continues after a reload at its last
    # move (the person is to act: nothing moves meanwhile).
    moves = b.js("return JSON.parse(royalStore.written[royalStore.open]).record.actions.length")
    time.sleep(0.5)                          # the last write's transaction
    boot(b)
    assert b.count(".library [data-cmd=continue]") == 1
    assert b.js("return JSON.parse(royalStore.items()[0].text).record.actions.length") == moves
    b.click(".library [data-cmd=continue]")
    b.wait_for(".kk, .handoff", 20, "the Krypkille table, continued")
    assert b.errors() == []
    print(f"WebKit: booted in {boot_s:.1f} s; the person's moves: {done}")
