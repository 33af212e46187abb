"""The quick start in WebKit, the engine of iPad Safari (issue 33): the memory
snapshot (static/snapshot.mjs) is made on a quiet home screen, never while a game
is played, and restored at the next visit; a making that died is not tried again by
this version; a damaged copy gives the normal start, silently. Debian's WebKitGTK
through Selenium (webkit.py); each test on an origin of its own (a server on a new
port), so no test sees another's snapshot."""
from __future__ import annotations

import pathlib
import sys
import time

import pytest

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from conftest import start_server, stop_server  # noqa: E402
from test_snapshot import READ, SPOIL  # noqa: E402
import test_webkit  # noqa: E402
from test_webkit import boot, no_error_on_screen  # noqa: E402
from webkit import Session  # noqa: E402

ARTIFACTS = HERE / "artifacts"
SOON = "pace=0&snapshot=soon"
SETTLED = ("['stored', 'failed', 'skipped', 'unsupported', 'off']"
           ".includes(document.documentElement.dataset.snapshot)")
MAKING_TIMEOUT_S = 900        # a second interpreter in WebKit: 20-80 s, minutes under load
# This version's memory of a making in localStorage ("making" while one is made).
MEMORY = "return localStorage.getItem('royaltable.snapshot.' + window.royalSnapshot.key)"

pytestmark = pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")


@pytest.fixture
def webkit(monkeypatch):
    """A WebKit window and a server of its own (a fresh origin: no snapshot, no library)."""
    # WebKit's first boot took 114-400 s here under a load of 27-44, and these tests boot it
    # while it makes a snapshot too (test_webkit.py's 120 s is for one quieter boot).
    monkeypatch.setattr(test_webkit, "BOOT_TIMEOUT_S", 900)
    origin, server = start_server()
    session = Session(origin, ARTIFACTS / "webkit-snapshot.log", optimizing_tier=False)   # webkit.py says why
    try:
        session.browser.set_viewport(1024, 768)
        yield session
    finally:
        session.close()
        stop_server(server)


def snapshot(b) -> dict:
    return b.js("return window.royalSnapshot")


def page_script(b, script: str, *args):
    """Runs one of test_snapshot.py's async page functions in WebKit."""
    return b.driver.execute_async_script(
        f"const done = arguments[arguments.length - 1];"
        f"({script})(...Array.from(arguments).slice(0, -1)).then(done, e => done({{error: String(e)}}));", *args)


def wait_settled(b) -> dict:
    deadline = time.monotonic() + MAKING_TIMEOUT_S
    while not b.js(f"return {SETTLED}"):
        assert time.monotonic() < deadline, f"no snapshot made in WebKit within {MAKING_TIMEOUT_S} s: {snapshot(b)}"
        time.sleep(0.5)
    return snapshot(b)


def wait_state(b, state: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while b.js("return document.documentElement.dataset.snapshot") != state:
        assert time.monotonic() < deadline, f"the snapshot never became {state!r} in WebKit: {snapshot(b)}"
        time.sleep(0.2)


def made(b) -> dict:
    info = wait_settled(b)
    assert info["state"] == "stored", info
    record = page_script(b, READ)
    assert record["key"] == info["key"] and record["raw"] == info["bytes"] > 1_000_000, record
    assert b.js(MEMORY) is None                        # nothing to remember of a making that worked
    return info


# The game number typed on the new-game screen. A random game may end within the moves
# these tests play (the computer won one in 13 actions), and Back from a result goes home
# without the question on leaving; this one lasts.
GAME_NUMBER = "3"
# What the page is when Back did not ask (a failure's message says it).
PAGE_AFTER_BACK = """return {href: location.href, entries: history.length, state: history.state,
    loaded: Math.round(performance.now()), screen: document.querySelector('#app') &&
    document.querySelector('#app').innerText.slice(0, 300)}"""


def start_the_numbered_game(b, what: str) -> None:
    """From the new-game screen: game GAME_NUMBER, the rest as offered."""
    b.wait_for("[data-cmd=start]", 20, f"the new-game screen of {what}")
    b.click("[data-cmd=more_options]")
    b.fill('[data-field="seed"]', GAME_NUMBER)
    b.click("[data-cmd=start]")
    b.wait_for(".table-layout", 30, f"the table of {what}")


def play_on(b, moves: int) -> None:
    done = b.play(moves=moves, limit_s=90)
    assert done["how"] == "moves", f"the game did not go on for {moves} moves: {done}"


def leave_by_back(b) -> None:
    """Back from a table in play (an iPad's back swipe), and Leave at its question: the
    home screen."""
    b.js("history.back()")
    try:
        b.wait_for('[data-cmd=quit][data-arg="leave"]', 20, "the question on leaving")
    except AssertionError as err:
        raise AssertionError(f"{err}; the page then: {b.js(PAGE_AFTER_BACK)}") from None
    b.click('[data-cmd=quit][data-arg="leave"]')
    b.wait_for(".game-grid", 20, "the home screen")


def play_a_game_a_little(b, game_id: str = "golden_key") -> None:
    b.click(f"[data-game={game_id}] [data-cmd=setup]")
    start_the_numbered_game(b, game_id)
    play_on(b, 3)
    no_error_on_screen(b, f"playing {game_id}")


def test_webkit_makes_the_snapshot_on_a_quiet_home_restores_it_and_survives_a_damaged_one(webkit):
    """One WebKit profile through three visits (a first visit and its making are the
    dearest thing here, so the visits follow each other as a player's do): the first
    visit makes no snapshot while a game is played and makes it on a quiet home; the
    return visit restores it; a damaged copy gives the normal start, silently, and a
    fresh snapshot."""
    b = webkit.browser
    b.driver.get(f"{b.origin}/?{SOON}")
    # The person taps "play" the moment the app is usable (the making would start on
    # a home screen left quiet for 0.3 s here, 15 s for players).
    b.driver.set_script_timeout(900)
    b.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const tick = () => {
          if (window.royalReady === true && !document.getElementById('boot')) {
            document.querySelector('[data-game=golden_key] [data-cmd=setup]').click();
            return done();
          }
          setTimeout(tick, 5);
        };
        tick();""")
    b.driver.set_script_timeout(30)
    start_the_numbered_game(b, "golden_key")
    play_on(b, 2)
    time.sleep(3)                                        # a person thinking: nothing tapped for 3 s
    play_on(b, 4)
    no_error_on_screen(b, "playing")
    info = snapshot(b)
    assert "making" not in info["at"] and info["state"] == "normal", f"made while a game was played: {info}"

    # Back on the home screen, left quiet: the making starts...
    leave_by_back(b)
    wait_state(b, "making", 60)
    # ...and stops the moment the person opens a game, not counted as a failure.
    b.click("[data-game=krypkille] [data-cmd=setup]")
    wait_state(b, "normal", 5)
    info = snapshot(b)
    assert info.get("stopped") == 1 and b.js(MEMORY) is None, info
    time.sleep(2)
    assert b.js("return document.documentElement.dataset.snapshot") == "normal"
    # The next quiet home makes it.
    b.js("history.back()")
    b.wait_for(".game-grid", 20, "the home screen again")
    made(b)                                              # for the return visit

    # The return visit restores it.
    boot(b, SOON)
    b.watch_errors()
    info = snapshot(b)
    assert info["state"] == "restored", info
    assert b.count("html[data-snapshot=restored]") == 1
    play_a_game_a_little(b)
    b.settle()
    b.screenshot(ARTIFACTS / "webkit-restored-table.png")
    assert b.errors() == []

    # A damaged copy: the next visit has the normal start, silently, and makes a fresh one.
    page_script(b, SPOIL, {"gzip": "garbage"})
    boot(b, SOON)
    b.watch_errors()
    info = snapshot(b)
    assert info["state"] in ("normal", "making", "stored") and info.get("restoreError"), info
    no_error_on_screen(b, "after a damaged snapshot")
    play_a_game_a_little(b, "struggle")
    assert b.errors() == []
    leave_by_back(b)
    made(b)                                              # a fresh one, for the next visit


def test_a_making_that_died_in_webkit_is_not_tried_again_by_this_version(webkit):
    b = webkit.browser
    boot(b, SOON)
    wait_state(b, "making", 120)
    key = "royaltable.snapshot." + snapshot(b)["key"]
    assert b.js(MEMORY) == "making"
    # A page left while it makes one did not die: nothing is remembered. (Left for a
    # file of the same origin, whose document reads the same storage.)
    b.driver.get(f"{b.origin}/static/icon.svg")
    assert b.js("return localStorage.getItem(arguments[0])", key) is None
    # A page killed while making one (an iPad out of memory) leaves its "making" behind.
    # (Killing WebKitGTK's web process ends the WebDriver session, and a new session has
    # none of the old one's storage, so the marker is written here as a death leaves it.)
    b.js("localStorage.setItem(arguments[0], 'making')", key)
    boot(b, SOON)                                        # the next visit
    b.watch_errors()
    info = snapshot(b)
    assert info["state"] == "skipped" and info["reason"] == "the page died while making one", info
    time.sleep(5)                                        # a quiet home: still not tried
    info = snapshot(b)
    assert info["state"] == "skipped" and "making" not in info["at"], info
    assert page_script(b, READ) is None
    assert b.js(MEMORY) == "making"
    # So is a making that failed; and another version's memory is forgotten (that
    # version may try again).
    b.js("localStorage.setItem(arguments[0], 'failed');"
         "localStorage.setItem('royaltable.snapshot.0123456789abcdef', 'making')", key)
    boot(b, SOON)
    assert snapshot(b)["reason"] == "an earlier making failed"
    assert b.js("return localStorage.getItem('royaltable.snapshot.0123456789abcdef')") is None
    no_error_on_screen(b, "after a making died")
    assert b.errors() == []
