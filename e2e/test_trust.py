"""Pass-and-play you can trust, in Chromium, for every game the app offers:
nothing private on screen, stray taps do nothing, the controls of each decision
are in reach in both orientations, each game played to its end with the keyboard
alone and every kind of screen checked by axe-core on the way, a double tap
presses once, Back stays in the app, the suggested move and the speed setting."""
from __future__ import annotations

import collections
import json
import random
import re
import statistics

import pytest
from table_driver import (DECISION, ENDLESS_REPAINTS, OUT_OF_REACH, PATCHES, UNUSED, WATCH_PATCHES, KeyboardPlayer,
                          RandomPlayer, cards_drawn, game_over, has_secrets, new_game, patched_as_drawn, players_near,
                          record_json, shortest_options, snapshot, tab_to, view_strings)

from conftest import wait_until_ready
from test_access import both_languages
from ui.collection import COLLECTION, playable

GAMES = [g for g, _, _ in COLLECTION if playable(g)]
SECRET_GAMES = [g for g in GAMES if has_secrets(g)]
LANDSCAPE, PORTRAIT = (1024, 768), (768, 1024)
# Chrome moves a finger's tap onto a tappable thing nearby (touch adjustment), so a
# stray tap is one with nothing tappable within a finger's width around it.
NO_BUTTON = """([x, y]) => { for (const dx of [-24, 0, 24]) for (const dy of [-24, 0, 24]) {
    const e = document.elementFromPoint(x + dx, y + dy);
    if (!e || e.closest('[data-cmd], input, summary, label, a, .toast')) return false; }
  return true; }"""


def seats_for(game_id, people):
    players = players_near(game_id, 4)
    return ["human"] * people + ["quick"] * (players - people)     # privacy needs no strong play


def no_trouble(w, page):
    assert page.locator(".py-error, .toast").count() == 0, page.inner_text("#app")[:300]
    assert w.errors == []


# ---- 1. privacy, one rule for every game with secrets --------------------------------

def privacy_checker(page, seen, people=(0, 1)):
    """At every screen: the cards drawn are only those the person to decide may
    know (the true hands come from replaying the saved record in CPython); while
    a computer is to act, and on a hand-off or a screen everybody reads (a round's
    summary, the result), nobody's."""
    def check():
        html, state, screen = snapshot(page)
        drawn = collections.Counter(re.findall(r'data-card="([^"]*)"', html))
        if screen == "handoff":
            assert not drawn, f"cards on the hand-off screen: {drawn}"
        elif state is not None:
            deciding = state.current if screen == "table" and state.current in people else None
            allowed = view_strings(state.view(deciding))
            extra = {card: n - allowed[card] for card, n in drawn.items() if n > allowed[card]}
            assert not extra, f"{screen} screen, seat {deciding} to decide: shows {extra}"
            if deciding is None and screen == "table":
                assert "data-private" not in html, "a hand on screen while a computer is to act"
                seen["between"] = seen.get("between", 0) + 1
        if screen == "handoff" and seen.get("last") != "handoff":
            seen["handoffs"] = seen.get("handoffs", 0) + 1          # a hand-off, not its screens checked
        seen["last"] = screen
        seen[screen] = seen.get(screen, 0) + 1
    return check


@pytest.mark.parametrize("game_id", SECRET_GAMES)
def test_between_turns_at_a_normal_pace_no_hand_is_on_screen(watched, game_id):
    """Privacy at the pace people play (the whole game at a shortened pace, in section
    3, hides the moments between turns): from the first hand-off until the tablet has
    gone from one person to the other three more times, the computers' turns between
    them seen."""
    w = watched(*LANDSCAPE, has_touch=True)
    page = w.open("pace=1")
    new_game(page, game_id, seats_for(game_id, 2), names=["Aki", "Ben"],
             options=shortest_options(game_id), seed="11")
    player = RandomPlayer(page, seed=5)
    seen = {}
    check = privacy_checker(page, seen)
    player.play(lambda: seen.get("handoffs", 0) >= 4 or game_over(page), on_screen=check, limit_s=60)
    assert seen.get("between", 0) >= 3 and seen.get("handoffs", 0) >= 4, seen
    no_trouble(w, page)


# ---- 2. stray taps ---------------------------------------------------------------------

def stray_taps(page, rng, taps=10):
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    done = 0
    for _ in range(taps * 4):
        x, y = rng.uniform(4, width - 4), rng.uniform(4, height - 4)
        if page.evaluate(NO_BUTTON, [x, y]):
            page.touchscreen.tap(x, y)
            done += 1
            if done == taps:
                break
    page.wait_for_timeout(30)


# ---- 3. a whole game: nothing private shown, stray taps ignored, every decision on one screen ----

# What does not fit the screen: the page scrolls (its document is taller or wider than
# the window), or a control of the decision lies outside the window, or a card face
# has no figure. Measured from the top of the page, with every motion at its end.
OFF_SCREEN = """() => { if (window.royalMotion) royalMotion.finish();   // the table at rest
  window.scrollTo(0, 0); const out = [];
  const doc = document.documentElement;
  if (doc.scrollHeight > innerHeight + 1) out.push('page ' + doc.scrollHeight + ' px tall');
  if (doc.scrollWidth > innerWidth + 1) out.push('page ' + doc.scrollWidth + ' px wide');
  out.push(...(%s)());
  for (const c of document.querySelectorAll('#app .card:not(.card-back)'))
    if (!c.querySelector('svg')) out.push('a card with no figure: ' + c.textContent.trim().slice(0, 30));
  return out; }""" % OUT_OF_REACH

# The kind of screen, while it offers a decision, a hand-off or a resume (else null).
SCREEN_OFFERED = """() => document.querySelector(%r)
  ? ((document.querySelector('[data-screen]') || {dataset: {}}).dataset.screen || '') : null""" % (
    DECISION + ", [data-cmd=handoff], [data-cmd=resume]")

# All at once, in one call: what does not fit, (at a decision on the table, no overlay
# over it) the height left unused under the table, the height of the table's status
# bar (a bar that gains a line now and then moves the whole table under the eyes), where
# the first seat's place begins (the same: seats pushed about by what comes and goes above
# them), and what keeps repainting the page while the person thinks.
FIT = """() => { const endless = (%s)(); const outside = (%s)();
  const table = document.querySelector('.table-layout') && document.querySelector(%s)
    && !document.querySelector('.overlay');
  const bar = document.querySelector('#app .status-bar'), plate = document.querySelector('#app .table-main .plate');
  return {outside, endless, unused: table ? (%s)() : null,
          bar: bar ? Math.round(bar.getBoundingClientRect().height) : null,
          seat: table && plate ? Math.round(plate.parentElement.getBoundingClientRect().top + scrollY) : null};
}""" % (ENDLESS_REPAINTS, OFF_SCREEN, json.dumps(DECISION), UNUSED)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_by_keyboard_keeps_hands_private_ignores_stray_taps_fits_the_screen_and_passes_axe(
        watched, game_id):
    """A whole game on a touch screen at a shortened pace, set up and played with the
    keyboard alone (Tab, the arrow keys, Enter; no pointer): two people and computers
    in a game with secrets (the tablet passes between them), one person against quick
    computers in the others. One game carries five checks, so that the suite plays it once:
    - the keyboard: the new game is chosen (its players, options and game number) and
      every decision, hand-off and summary taken with the keys; the people take a
      move back now and then (Shift+Tab to Undo) in a game with secrets;
    - axe-core: no serious WCAG 2.0-2.2 A/AA violation on every kind of screen (home,
      rules, new game, a decision, a hand-off, a summary, the result, the replay), in
      Japanese and in English;
    - privacy (a game with secrets): at every screen the cards drawn are only those the
      person to decide may know, none while a computer is to act or on a hand-off, a
      round's summary or the result;
    - stray taps: on the home, rules and new-game screens, at the first fifteen
      looks at the table (the people's turns and the computers'; at least ten, as the
      shortest games are short), on the result and in its replay, taps with nothing
      tappable near them do nothing;
    - one screen: at every decision (a move, a pick, a hand-off, a summary) and at the
      result, in landscape and in portrait, the page does not scroll, every control of
      the decision is in the window and every card face on screen carries its figure
      (the game goes on in the orientation looked at last: it is played in both).
      In portrait the table uses the height: at the people's decisions, the window's
      height left unused under the table is at most a fifth of the window (the median
      over the game). The table's status bar keeps one height at each size, and the
      seats keep their place (nothing above them comes and goes). Nothing
      on screen moves endlessly in a way that is painted again at every frame (a
      glow's colour or shadow; opacity and transforms the compositor moves alone)."""
    secrets = game_id in SECRET_GAMES
    w = watched(*LANDSCAPE, has_touch=True)
    page = w.open()
    page.evaluate(WATCH_PATCHES)
    keys = page.keyboard
    rng = random.Random(game_id)
    violations = both_languages(page, "home")
    stray_taps(page, rng)                                     # home
    tab_to(page, "rules", game_id)
    keys.press("Enter")
    violations += both_languages(page, f"{game_id} rules")
    stray_taps(page, rng)                                     # rules
    tab_to(page, "home")
    keys.press("Enter")
    tab_to(page, "setup", game_id)
    keys.press("Enter")
    violations += both_languages(page, f"{game_id} setup")
    stray_taps(page, rng)                                     # the new game
    no_trouble(w, page)
    kinds = seats_for(game_id, 2 if secrets else 1)
    number = "11" if secrets else "5"
    choices = [("players", str(len(kinds)))] + [("kind", f"{seat}:{kind}") for seat, kind in enumerate(kinds) if seat] \
        + [("more_options", "")] + [("option", option) for option in shortest_options(game_id)] \
        + [("field", "seed"), ("start", "")]
    for cmd, arg in choices:                 # the shortest game, chosen by keyboard too
        tab_to(page, cmd, arg)
        if cmd == "field":
            keys.press("Control+A")
            keys.type(number)
        else:
            keys.press("Enter")
    page.wait_for_selector(".table-layout, .handoff")
    player = KeyboardPlayer(page, seed=int(number), undo_rate=0.15 if secrets else 0.0)
    seen = {}
    private = privacy_checker(page, seen) if secrets else (lambda: None)
    heights = {LANDSCAPE: 0, PORTRAIT: 0}
    unused = []             # in portrait, at the people's decisions on the table
    bars = {LANDSCAPE: set(), PORTRAIT: set()}
    seats = {LANDSCAPE: set(), PORTRAIT: set()}     # where the first seat's place begins
    screens = set()         # the kinds of screen axe has looked at

    def fits():
        # A look at the size the table is at, then at the other, where the game goes on:
        # it is played in both orientations, and each look costs one resize (a resize
        # lays out and paints the whole table again: most of this test's time).
        now = (page.viewport_size["width"], page.viewport_size["height"])
        for size in (now, PORTRAIT if now == LANDSCAPE else LANDSCAPE):
            if size != now:
                page.set_viewport_size({"width": size[0], "height": size[1]})
            found = page.evaluate(FIT)
            if found["outside"]:
                w.shot(f"one-screen-{game_id}-{size[0]}x{size[1]}")
            assert found["outside"] == [], f"{game_id} at {size}: {found['outside']}"
            assert found["endless"] == [], f"{game_id} repaints at every frame while a person thinks: {found['endless']}"
            heights[size] += 1
            if found["bar"] is not None:
                bars[size].add(found["bar"])
            if found["seat"] is not None:
                seats[size].add(found["seat"])
            if size == PORTRAIT and found["unused"] is not None:
                unused.append(found["unused"])

    checked = strayed = 0

    def at_each_screen():
        nonlocal checked, strayed, violations
        private()
        if strayed < 15:                # the table as it plays, the computers' turns too
            stray_taps(page, rng, taps=3)
            no_trouble(w, page)
            strayed += 1
        screen = page.evaluate(SCREEN_OFFERED)
        if screen is not None:
            label = "decision" if screen == "table" else screen
            if label not in screens:
                screens.add(label)
                violations += both_languages(page, f"{game_id} {label}")
            fits()
            checked += 1

    player.play(lambda: game_over(page), on_screen=at_each_screen, limit_s=900)
    private()
    fits()
    assert record_json(page)["seed"] == int(number), "the game number typed is not the game's"
    violations += both_languages(page, f"{game_id} result")
    if secrets:
        assert seen.get("handoffs", 0) >= 2 and seen.get("result"), seen
        assert {"decision", "handoff"} <= screens, screens
        page.set_viewport_size({"width": LANDSCAPE[0], "height": LANDSCAPE[1]})
        w.shot(f"privacy-{game_id}-result")
    stray_taps(page, rng)                                     # the result
    tab_to(page, "replay")
    keys.press("Enter")
    stray_taps(page, rng)                                     # the replay
    tab_to(page, "replay_step", "next")
    keys.press("Enter")
    stray_taps(page, rng)
    assert "1 /" in page.inner_text(".replay-step") or "Move 1" in page.inner_text(".replay-step")
    violations += both_languages(page, f"{game_id} replay")
    assert violations == [], "\n".join(violations)
    assert strayed >= 10
    assert checked >= 10 and heights[LANDSCAPE] == heights[PORTRAIT] == checked + 1
    assert len(unused) >= 5 and statistics.median(unused) <= PORTRAIT[1] / 5, \
        f"{game_id} in portrait leaves {statistics.median(unused)} px unused (median of {sorted(unused)})"
    assert all(len(found) <= 1 for found in bars.values()), f"{game_id}'s status bar changes height: {bars}"
    assert all(max(found) - min(found) <= 2 for found in seats.values() if found), \
        f"{game_id}'s seats move up and down: {seats}"
    patched_as_drawn(page.evaluate(PATCHES))
    no_trouble(w, page)


# ---- 4. a double tap presses once --------------------------------------------------------

def test_a_double_tap_on_roll_rolls_once(watched):
    w = watched(*LANDSCAPE)
    page = w.open("pace=1")
    new_game(page, "court", ["human", "human"], names=["Sora", "Umi"], seed="3")
    page.dblclick('.ct-tray [data-arg="roll"]')
    page.wait_for_timeout(600)
    assert record_json(page)["actions"] == ["roll"]
    page.wait_for_timeout(500)
    buttons = page.locator(".ct-tray [data-cmd=act]")
    assert buttons.count() >= 1                     # the next decision waits for a new tap
    no_trouble(w, page)


# ---- 5. Back ------------------------------------------------------------------------------

def test_back_goes_to_the_previous_screen_and_asks_before_leaving_a_game(watched):
    w = watched(*LANDSCAPE)
    page = w.open()
    origin = page.url
    page.click("[data-game=court] [data-cmd=rules]")
    page.go_back()
    page.wait_for_selector(".game-grid")
    page.click("[data-game=krypkille] [data-cmd=setup]")
    page.go_back()
    page.wait_for_selector(".game-grid")
    page.click("[data-game=krypkille] [data-cmd=setup]")
    page.click("[data-cmd=start]")
    page.wait_for_selector(".kk")
    page.go_back()
    page.wait_for_selector('[data-cmd=quit][data-arg="leave"]')
    assert page.url == origin
    page.go_back()                                    # Back again: the question goes away
    page.wait_for_selector(".kk")
    page.go_back()
    page.click('[data-cmd=quit][data-arg="leave"]')
    page.wait_for_selector(".library [data-cmd=continue]")
    page.click("[data-cmd=continue]")
    page.wait_for_selector(".kk")
    no_trouble(w, page)


# ---- 6. the suggested move and the computer speed ------------------------------------------

def test_a_suggestion_lights_a_move_and_plays_nothing(watched):
    w = watched(*LANDSCAPE)
    page = w.open()
    new_game(page, "court", ["human", "quick", "quick"], seed="4")
    page.wait_for_selector('.ct-tray [data-arg="roll"]', timeout=60_000)
    page.click('.ct-tray [data-arg="roll"]')
    page.wait_for_selector("[data-cmd=hint]")
    before = len(record_json(page)["actions"])
    page.click("[data-cmd=hint]")
    page.wait_for_selector("[data-hint]")
    assert page.evaluate(ENDLESS_REPAINTS) == []          # the glow beats a few times, then rests
    after = len(record_json(page)["actions"])
    assert after == before
    w.shot("court-suggestion")
    no_trouble(w, page)


def test_the_computer_speed_is_remembered(watched):
    w = watched(*LANDSCAPE)
    page = w.open()
    page.click("[data-game=court] [data-cmd=setup]")
    page.click('[data-cmd=speed][data-arg="fast"]')
    page.reload()
    wait_until_ready(page)
    page.click("[data-game=court] [data-cmd=setup]")
    assert "is-on" in page.get_attribute('[data-cmd=speed][data-arg="fast"]', "class")
    no_trouble(w, page)


def test_cards_drawn_helper_sees_the_hand(watched):
    """The privacy test counts data-card attributes: a person's own hand must carry them."""
    w = watched(*LANDSCAPE)
    page = w.open()
    new_game(page, "krypkille", ["human", "quick", "quick"])
    page.wait_for_selector(".kk-hand-cards .kk-card")
    _, state, _ = snapshot(page)
    hand = state.view(0)["hand"]
    drawn = cards_drawn(page)
    assert all(drawn[c] >= hand.count(c) for c in hand)
