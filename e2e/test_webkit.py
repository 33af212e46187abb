"""Every game in WebKit, the engine of iPad Safari: the site boots in Debian's
WebKitGTK (MiniBrowser under WebKitWebDriver, on a private Xvfb display) and
shows the whole collection; a person plays each of the five games against quick
computer players, to halfway; the page is reloaded; each game is continued from
the library where it was left and played to its result, with no error on the
way. One browser for all five games. See webkit.py for how the browser is run."""
from __future__ import annotations

import pathlib
import sys
import time

import pytest

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))           # webkit.py, under any pytest import mode
from table_driver import PATCHES, UNDRAWN_FIGURES, WATCH_PATCHES, patched_as_drawn  # noqa: E402
from webkit import Session  # noqa: E402

sys.path.insert(0, str(HERE.parent / "py"))
from royaltable import registry  # noqa: E402

ARTIFACTS = HERE / "artifacts"

BOOT_TIMEOUT_S = 120        # Pyodide boots more slowly in WebKitGTK than in Chromium
PLAY_TIMEOUT_S = 120        # one game's half, inside the page
WIDTH, HEIGHT = 1024, 768   # an iPad in landscape

# Selenium's own WebKitGTK class still passes its address the old way.
pytestmark = pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")


def boot(b, query: str = "pace=0") -> float:
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


# Each game as quickly as a person can play it here: the fewest players, the
# shortest options, and the person's button that ends a turn or a round soonest
# (a regular expression on the action; the first button otherwise). "halfway" is
# about half of the person's moves in such a game.
GAMES = {
    "krypkille": {"prefer": [], "halfway": 4},
    "court": {"prefer": ["^aside all$", "^pass$"], "halfway": 11},
    "whispers": {"prefer": [], "halfway": 36},
    "golden_key": {"prefer": ["^pass$", "^end$", "^keep$", "^decline$", "^refuse$"], "halfway": 8},
    "struggle": {"prefer": ["^pass$", "^no-promise$"], "halfway": 11},
}
# The open game's id and its moves, as last written (or as read, before any write).
OPEN_GAME = """var id = royalStore.open, item = royalStore.items().find(i => i.id === id),
                   text = royalStore.written[id] || (item && item.text);
               return [id, text ? JSON.parse(text).record.actions.length : -1];"""


def page_width(b) -> int:
    return b.js("return document.documentElement.scrollWidth")


def no_error_on_screen(b, where: str) -> None:
    assert b.count(".py-error") == 0, f"Python error in WebKit {where}: {b.text('.py-error')}"
    assert b.count("#app .toast") == 0, f"a message in WebKit {where}: {b.text('#app .toast')}"


def new_game(b, game_id: str) -> None:
    """One person against the fewest quick computer players, the shortest options."""
    game = registry.get(game_id)
    b.click(f"[data-game={game_id}] [data-cmd=setup]")
    b.wait_for("[data-cmd=start]", 10, f"the new-game screen of {game_id}")
    b.click(f'[data-cmd=players][data-arg="{game.min_players}"]')
    for seat in range(1, game.min_players):
        b.click(f'[data-cmd=kind][data-arg="{seat}:quick"]')
    b.click("[data-cmd=more_options]")
    for name, (choices, _) in game.options.items():
        b.click(f'[data-cmd=option][data-arg="{name}:{choices[0]}"]')
    b.fill('[data-field="seed"]', "3")
    b.click("[data-cmd=start]")
    b.wait_for(".table-layout", 20, f"the table of {game_id}")


def play(b, game_id: str, moves: int) -> dict:
    done = b.play(GAMES[game_id]["prefer"], moves=moves, limit_s=PLAY_TIMEOUT_S)
    assert done["how"] != "error", f"{game_id} in WebKit: {done['text']}"
    assert done["how"] != "timeout", f"{game_id} did not get there in {PLAY_TIMEOUT_S} s in WebKit: {done}"
    return done


def test_every_game_played_to_its_result_in_webkit_across_a_reload(site):
    # Started here, not in a fixture, so that a missing WebKit is a test
    # failure that names the package to install.
    session = Session(site, ARTIFACTS / "webkit.log", optimizing_tier=False)     # webkit.py says why
    try:
        session.browser.set_viewport(WIDTH, HEIGHT)
        play_every_game(session.browser)
    finally:
        session.close()


def panels_scroll_up_and_down_only(b, game_id: str) -> None:
    """Each panel of the rail, opened over the table, scrolls up and down only. In
    WebKit the close button's overhang (a negative margin, 4 px) once made every
    panel a box a finger could push sideways; Chromium does not count such an
    overhang, so only WebKit shows it."""
    keys = b.js("return [...document.querySelectorAll('.table-rail [data-cmd=panel]')].map(t => t.dataset.arg)")
    assert "log" in keys, keys
    for key in keys:
        b.click(f'.table-rail [data-cmd=panel][data-arg="{key}"]')
        b.wait_for(f"#panel-{key}:not([hidden])", 10, f"the {key} panel of {game_id}")
        sideways = b.js("var s = document.querySelector('.table-side'); return s.scrollWidth - s.clientWidth")
        assert sideways == 0, f"the {key} panel of {game_id} scrolls {sideways} px sideways in WebKit"
    b.click(".drawer-close")
    b.wait_for(".table-side[hidden]", 10, f"the panel of {game_id} closed")


def play_every_game(b):
    started = time.monotonic()
    boot_s = boot(b)
    b.watch_errors()
    b.js(f"({WATCH_PATCHES})()")

    # The home screen: the whole collection, every game playable.
    assert b.count(".game-card") == len(GAMES)
    for game_id in GAMES:
        assert b.count(f"[data-game={game_id}] [data-cmd=setup]") == 1, game_id
    assert b.count("#boot") == 0 and b.count(".py-error") == 0
    assert page_width(b) <= WIDTH, "the home screen scrolls sideways in WebKit"
    assert b.js(f"return ({UNDRAWN_FIGURES})()") == [], "a cover's figure is not drawn in WebKit"
    b.settle()
    b.screenshot(ARTIFACTS / "webkit-home.png")

    # Each game to about halfway, the person to act. The first four are left
    # with Back (the iPad's back swipe: "leave, keep the game"); the last is on
    # its table when the page is reloaded.
    left: dict[str, tuple[str, int]] = {}
    halves: dict[str, dict] = {}
    for number, game_id in enumerate(GAMES):
        new_game(b, game_id)
        halves[game_id] = play(b, game_id, GAMES[game_id]["halfway"])
        assert halves[game_id]["how"] == "moves", f"{game_id} ended before halfway in WebKit: {halves[game_id]}"
        no_error_on_screen(b, f"halfway through {game_id}")
        assert page_width(b) <= WIDTH, f"the {game_id} table scrolls sideways in WebKit"
        if number == 0:
            panels_scroll_up_and_down_only(b, game_id)
        assert b.js(f"return ({UNDRAWN_FIGURES})()") == [], f"a figure of {game_id} is not drawn in WebKit"
        left[game_id] = tuple(b.js(OPEN_GAME))
        assert left[game_id][1] > 0, (game_id, left[game_id])
        if number == len(GAMES) - 1:
            b.settle()
            b.screenshot(ARTIFACTS / f"webkit-{game_id}-halfway.png")
            break
        b.js("history.back()")
        b.wait_for('[data-cmd=quit][data-arg="leave"]', 10, f"the question on leaving {game_id}")
        b.click('[data-cmd=quit][data-arg="leave"]')
        b.wait_for(".game-grid", 10, f"the home screen after leaving {game_id}")
    assert b.errors() == []
    assert b.foreign_resources() == []
    patched_as_drawn(b.js(f"return ({PATCHES})()"), "WebKit, each game to halfway")

    # The reload: every game is in the library (IndexedDB) at the move it was left.
    time.sleep(0.5)                          # the last write's transaction
    reboot_s = boot(b, "pace=0&review=8")        # a quick review (8 play-outs a decision)
    b.watch_errors()
    b.js(f"({WATCH_PATCHES})()")
    assert b.count(".library [data-cmd=continue]") == len(GAMES)
    stored = b.js("""var out = {};
        royalStore.items().forEach(i => { var r = JSON.parse(i.text).record;
                                          out[i.id] = [r.game, r.actions.length]; });
        return out;""")
    assert {game_id: tuple(stored[entry]) for game_id, (entry, _) in left.items()} == \
        {game_id: (game_id, moves) for game_id, (_, moves) in left.items()}

    # Continue each from the library, on to its result.
    for game_id, (entry, moves) in left.items():
        b.click(f'.lib-row[data-entry="{entry}"] [data-cmd=continue]')
        b.wait_for(".table-layout", 20, f"{game_id}, continued")
        assert b.js(OPEN_GAME) == [entry, moves], f"{game_id} did not continue where it was left"
        done = play(b, game_id, -1)
        assert done["how"] == "result", (game_id, done)
        assert done["moves"] > 0, f"the person had nothing left to do in {game_id} after the reload"
        no_error_on_screen(b, f"at the result of {game_id}")
        assert b.js(OPEN_GAME)[1] > moves
        assert page_width(b) <= WIDTH, f"the {game_id} result scrolls sideways in WebKit"
        if game_id == "krypkille":
            b.settle()
            b.screenshot(ARTIFACTS / f"webkit-{game_id}-result.png")
            # The review runs in slices between WebKit's frames and opens in the replay.
            b.click(".result [data-cmd=review]")
            b.wait_for("#app .review-strip .review-chart", 60, f"the review of {game_id}")
            b.click("#app [data-cmd=panel][data-arg=review]")        # the review's tab of the rail
            b.wait_for("#app .review-tally .review-count", 10, f"the grades of {game_id}")
            b.click("#app .review-panel [data-cmd=replay_jump]")     # the biggest mistake
            b.wait_for("#app .review-strip [data-grade]", 10, f"a graded move of {game_id}")
            no_error_on_screen(b, f"in the review of {game_id}")
            assert page_width(b) <= WIDTH, f"the {game_id} review scrolls sideways in WebKit"
            b.screenshot(ARTIFACTS / f"webkit-{game_id}-review.png")
            b.click("[data-cmd=replay_close]")
            b.wait_for(".result [data-cmd=home]", 10, f"the result of {game_id} after its review")
        print(f"WebKit {game_id}: the person's moves {halves[game_id]['moves']} + {done['moves']}, "
              f"{halves[game_id]['ms'] / 1000:.1f} + {done['ms'] / 1000:.1f} s in the page")
        b.click(".result [data-cmd=home]")
        b.wait_for(".game-grid", 10, f"the home screen after {game_id}")

    # Nothing went wrong on the way, nothing came from elsewhere, nothing is left open.
    assert b.count("#boot") == 0 and b.count(".py-error") == 0
    assert b.count(".library [data-cmd=continue]") == 0
    assert b.errors() == []
    assert b.foreign_resources() == []
    patched_as_drawn(b.js(f"return ({PATCHES})()"), "WebKit, each game from halfway to its result")
    print(f"WebKit: booted in {boot_s:.1f} s, again in {reboot_s:.1f} s; "
          f"{time.monotonic() - started:.1f} s in all")
