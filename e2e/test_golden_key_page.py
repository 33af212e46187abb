"""黄金の鍵 (The Golden Key) in the real page: a whole game of a person against
the strong computer; two people through a flick, a stack, a re-roll and a won
chip (a saved game found in CPython, then played by tapping); the advanced
board with two arranged rules played to the end by computers; a die glides
and a chip won flies to its winner, except under reduced motion."""
from __future__ import annotations

import pathlib
import random
import sys
import time

from table_driver import (OUT_OF_REACH, PATCHES, SAVED_TEXT, WATCH_PATCHES, game_over, log_lines, log_text, new_game,
                          patched_as_drawn, record_json, snapshot)

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "py"))
from royaltable import registry  # noqa: E402
from royaltable.games.golden_key.actions import DIE_STEPS, Move  # noqa: E402
from royaltable.games.golden_key.rules import REROLL  # noqa: E402
from ui import saves  # noqa: E402

GAME = registry.get("golden_key")


def no_trouble(w, page):
    assert page.locator(".py-error, .toast").count() == 0, page.inner_text("#app")[:300]
    assert w.errors == []


def select_die(page, die: str) -> None:
    """Picks the die: tapping it on the board, or, when it sits on a card the
    picked die may move to (that card is then the button), the "move the N
    instead" button beside the board (a select button's data-arg names the die)."""
    buttons = page.locator("#app [data-cmd=select]")
    for i in range(buttons.count()):
        if buttons.nth(i).get_attribute("data-arg") == die:
            buttons.nth(i).click(timeout=3000)
            return
    raise AssertionError(f"no button picks {die}")


def play(page, action: str) -> None:
    """Plays `action` the way a person does: a die, then where it goes; or a button."""
    target = page.locator(f'#app [data-cmd=act][data-arg="{action}"]')
    action = GAME.parse(action)
    if not target.count() and isinstance(action, DIE_STEPS):
        select_die(page, action.die)
    target.click(timeout=5000)


def person_step(page, rng) -> bool:
    """A plain strategy through what is on screen: win a chip when a star shows,
    otherwise a die and a place at random; re-roll half the time; agree to rescue rules."""
    for arg in ("accept", "pass", "end"):
        button = page.locator(f'#app [data-cmd=act][data-arg="{arg}"]')
        if button.count():
            button.click(timeout=3000)
            return True
    offers = page.locator('#app [data-cmd=act][data-arg^="propose "]')
    if offers.count():
        offers.first.click(timeout=3000)
        return True
    choices = page.locator('#app [data-cmd=act][data-arg="reroll"], #app [data-cmd=act][data-arg="keep"]')
    if choices.count():
        choices.nth(rng.randrange(choices.count())).click(timeout=3000)
        return True
    wins = page.locator(".gk-target:has(.is-win)")
    if wins.count():
        wins.first.click(timeout=3000)
        return True
    places = page.locator("#app .gk-target, #app .gk-spot-btn")
    dice = page.locator(".gk-board [data-cmd=select]:not([aria-pressed=true])")
    if places.count() and (not dice.count() or rng.random() < 0.8):
        places.nth(rng.randrange(places.count())).click(timeout=3000)
        return True
    if dice.count():
        dice.nth(rng.randrange(dice.count())).click(timeout=3000)
        return True
    return False


def test_a_person_plays_a_whole_game_against_the_strong_computer(watched):
    w = watched(locale="en-US")
    page = w.open()
    page.evaluate(WATCH_PATCHES)
    new_game(page, "golden_key", ["human", "strong"], names=["Mio"], seed="21")
    page.wait_for_selector(".gk-board")
    w.shot("golden_key-start-1024x768")
    rng = random.Random(21)
    deadline = time.time() + 900
    while not game_over(page) and time.time() < deadline:
        try:
            acted = person_step(page, rng)
        except Exception:          # the table was redrawn under the tap: look again
            acted = True
        if not acted:
            page.wait_for_timeout(40)
    assert game_over(page), "no winner in time"
    w.shot("golden_key-result-1024x768")
    record = record_json(page)
    state = registry.replay(record)
    assert state.result()["winners"] and max(state.result()["scores"]) == 4
    result = page.inner_text(".result")
    assert "Winner" in result and "/ 4" in result
    assert len(log_lines(page)) >= 10
    patched_as_drawn(page.evaluate(PATCHES))
    no_trouble(w, page)


def moments_window():
    """A saved game (two people, found by computer players in CPython) and the
    next few actions, which hold a flick, a move onto another die, a re-roll and
    a won chip, starting at the start of a turn."""
    for seed in range(1, 80):
        state = GAME.new(2, seed=seed)
        actions, tags, starts = [], [], []
        while not state.over:
            action = GAME.bots["quick"](seed=len(actions)).choose(state.view(state.current), state.legal_actions())
            starts.append(state.phase in ("flick", "move") and state.moves_done == 0 and state.turn > 1)
            after = state.clone()
            after.apply(action)
            tag = {action.verb}
            dest = after.geo.parse(action.to) if isinstance(action, Move) else None
            if dest is not None and dest >= 0 and after.card[dest] != REROLL and len(after.stack[dest]) == 2:
                tag.add("stack")
            if sum(after.chips) > sum(state.chips):
                tag.add("chip")
            tags.append(tag)
            actions.append(action)
            state = after
        for i in range(len(actions)):
            if not starts[i]:
                continue
            need = {"flick", "stack", "reroll", "chip"}
            for j in range(i, min(len(actions), i + 14)):
                need -= tags[j]
                if not need:
                    seats = [{"name": "Sora", "kind": "human"}, {"name": "Umi", "kind": "human"}]
                    record = dict(GAME.new(2, seed=seed).record(), actions=actions[:i])
                    return saves.dump(seats, record), actions[i:j + 1]
    raise AssertionError("no window found")


def chips_shown(page):
    return [page.inner_text(f'.plate[data-seat="{s}"] .gk-chip-count') for s in (0, 1)]


def test_two_people_a_flick_a_stack_a_reroll_and_a_won_chip(watched):
    save, actions = moments_window()
    w = watched(768, 1024, locale="en-US")
    page = w.open_saved(save)
    page.click("[data-cmd=continue]", timeout=90_000)
    page.wait_for_selector(".gk-board")
    assert page.locator(".handoff").count() == 0           # everything is public: no hand-off
    seen = set()
    for action in actions:
        state = registry.replay(record_json(page))
        verb = action.verb
        if verb == "flick":
            # the flick is shown before the move: in words, with the die marked
            assert "Step 1, flick" in page.inner_text(".gk-panel")
            assert page.locator(".gk-flick-tag").count() >= 1 and page.locator(".gk-die.is-flicked").count()
            if "flick" not in seen:
                w.shot("golden_key-flick-768x1024")
        chips_before = list(state.chips)
        play(page, action)
        page.wait_for_function(f"n => JSON.parse({SAVED_TEXT}).record.actions.length === n",
                               arg=len(state.actions) + 1)
        after = registry.replay(record_json(page))
        assert after.actions[-1] == action
        if verb == "move" and after.phase == "reroll":
            assert page.locator('[data-cmd=act][data-arg="reroll"]').count() == 1
            if "reroll" not in seen:
                w.shot("golden_key-reroll-768x1024")
        if verb == "reroll":
            assert "re-rolled it" in log_text(page)
            seen.add("reroll")
        if verb == "move":
            dest = after.geo.parse(action.to)
            if dest is not None and dest >= 0 and after.card[dest] != REROLL and len(after.stack[dest]) == 2:
                cell = page.locator(".gk-cell:has(.gk-sum)")
                assert cell.count() >= 1 and page.locator(".gk-slot-top").count() >= 1
                if "stack" not in seen:
                    w.shot("golden_key-stack-768x1024")
                seen.add("stack")
        if verb == "flick":
            seen.add("flick")
        if sum(after.chips) > sum(chips_before):
            shown = chips_shown(page)
            assert shown == [f"{after.chips[s]} of 4 chips" for s in (0, 1)], shown
            assert "wins 1 chip" in log_text(page)
            seen.add("chip")
    assert seen == {"flick", "stack", "reroll", "chip"}, seen
    no_trouble(w, page)


def test_the_advanced_board_with_two_arranged_rules_played_to_the_end_by_computers(watched):
    w = watched(locale="en-US")
    page = w.open()
    new_game(page, "golden_key", ["quick", "strong"],
             options=["board:advanced", "face_down:on", "arranged:C4"], seed="9")
    page.wait_for_selector(".gk-board")
    assert page.locator(".gk-cell").count() == 12
    html, state, _ = snapshot(page)                          # C1: face down at the start
    downs = sum(1 for cell in state.view(None)["cells"] if cell["card"] is None)
    assert html.count('class="gk-cell gk-back') == downs >= 5
    assert "C4" in page.inner_text(".gk-facts")
    page.wait_for_selector(".result", timeout=900_000)        # computers only: it plays itself
    w.shot("golden_key-advanced-result-1024x768")
    state = registry.replay(record_json(page))
    assert state.options == {"board": "advanced", "face_down": "on", "arranged": "C4", "rescue": "none"}
    assert max(state.result()["scores"]) >= 6 or state.view(None)["ended_by_limit"]
    assert page.locator(".gk-cell.gk-battle").count() > 2     # cards turned up as dice arrived
    no_trouble(w, page)


def before_a_chip(state) -> bool:
    """The start of a move that wins a chip."""
    if state.phase != "move" or state.moves_done:
        return False
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        if sum(after.chips) > sum(state.chips):
            return True
    return False


# The motions the next redraw starts (static/motion.js animates with el.animate), held
# at their first frame whatever the machine's speed, until they are finished.
HELD = """() => { const animate = window.__animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const a = animate.call(this, frames, options); a.pause(); a.currentTime = 0; return a; }; }"""
LET_GO = """() => { Element.prototype.animate = window.__animate;
  document.getAnimations().forEach(a => a.finish()); }"""

WHERE = """keys => keys.map(k => { const e = document.querySelector('[data-key="' + k + '"]');
  if (!e) return null; const r = e.getBoundingClientRect(); return [Math.round(r.x), Math.round(r.y)]; })"""


def test_a_die_glides_its_chip_flies_to_its_winner_and_nothing_moves_under_reduced_motion(watched):
    """Two people at the start of a move that wins a chip: at the first frame of the
    motion the die stands where it was and the chip won lies on its card, at the end
    they are on the card and in the winner's plate (the far one, turned to face its
    player: it moves the way it goes on the screen). The move taken back and made
    again under reduced motion: nothing moves."""
    save = saved_at({}, 5, before_a_chip)
    w = watched(locale="en-US")
    page = w.open_saved(save, "pace=1")
    page.click("[data-cmd=continue]", timeout=90_000)
    page.wait_for_selector(".gk-board")
    state = registry.replay(record_json(page))
    seat = state.current
    won = f"gk:won:{seat}:{state.chips[seat]}"
    assert page.locator(".gk-plate.is-facing").count() == 1
    for reduced in (False, True):
        page.emulate_media(reduced_motion="reduce" if reduced else "no-preference")
        wins = page.locator(".gk-target:has(.is-win)")
        picks = page.locator(".gk-board [data-cmd=select]")
        for i in range(picks.count()):
            if wins.count():
                break
            picks.nth(i).click()
        page.wait_for_timeout(700)                     # whatever the pick moved has stopped
        chip = wins.first.locator("xpath=..").locator(".gk-chip").get_attribute("data-key")
        action = GAME.parse(wins.first.get_attribute("data-arg"))
        die_was, chip_was = page.evaluate(WHERE, [action.die, chip])
        page.evaluate(HELD)                            # every motion held at its first frame
        wins.first.click()
        page.wait_for_selector(f'[data-key="{won}"]')
        if reduced:
            assert page.evaluate("() => document.getAnimations().length") == 0
            break
        assert page.evaluate("() => document.getAnimations().length") >= 2
        die_start, won_start = page.evaluate(WHERE, [action.die, won])
        page.evaluate(LET_GO)
        die_end, won_end = page.evaluate(WHERE, [action.die, won])
        near = lambda a, b: abs(a[0] - b[0]) <= 3 and abs(a[1] - b[1]) <= 3       # noqa: E731
        assert near(die_start, die_was) and not near(die_end, die_was)
        assert near(won_start, chip_was) and not near(won_end, chip_was)
        assert page.locator(f'[data-key="{won}"]').evaluate("e => !!e.closest('.gk-plate')")
        page.click("[data-cmd=undo]")
        page.wait_for_selector(f'[data-key="{won}"]', state="detached")
    no_trouble(w, page)


def saved_at(options, seed, until, kinds=("human", "human")):
    """A save of a game played by computer players in CPython up to `until`."""
    state = GAME.new(2, seed=seed, options=options)
    while not state.over and not until(state):
        state.apply(GAME.bots["quick"](seed=len(state.actions)).choose(state.view(state.current),
                                                                       state.legal_actions()))
    assert until(state), "no such moment in this game"
    seats = [{"name": name, "kind": kind} for name, kind in zip(("Sora", "Umi"), kinds)]
    return saves.dump(seats, state.record())


def test_the_rescue_offer_and_the_advanced_board_are_in_reach_in_both_orientations(watched):
    """GK-26's dialog (both people read it, the one who decides answers it) and a
    turn on the tallest board: every button on screen at 1024×768 and 768×1024."""
    import test_access as access
    import test_trust as trust
    moments = [
        ("offer", saved_at({}, 18, lambda s: s.phase == "offer")),
        ("answer", saved_at({}, 18, lambda s: s.phase == "answer")),
        ("advanced", saved_at({"board": "advanced", "face_down": "on", "arranged": "C2"}, 4,
                              lambda s: s.phase == "move" and s.turn > 8)),
    ]
    w = watched(locale="en-US")
    for name, save in moments:
        page = w.open_saved(save)
        page.click("[data-cmd=continue]", timeout=90_000)
        page.wait_for_selector(".gk-board")
        if name == "offer":
            assert page.locator('[role=dialog] [data-arg^="propose "]').count() == 3
            assert "Stuck?" in page.inner_text(".gk-offer")
        if name == "answer":
            assert page.locator('[data-arg="accept"]').count() == 1
        for width, height in trust.LANDSCAPE, trust.PORTRAIT:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(50)
            assert page.evaluate(OUT_OF_REACH) == [], (name, width)
            w.shot(f"golden_key-{name}-{width}x{height}")
        page.set_viewport_size({"width": 1024, "height": 768})
        if name == "advanced":
            # The guide and the cards as references, opened over the table: every
            # card with its figure, no serious accessibility problem, in both orientations.
            for key in ("guide", "cards"):
                page.click(f'.table-rail [data-cmd=panel][data-arg="{key}"]')
                page.wait_for_selector(f"#panel-{key}:not([hidden])")
                assert access.axe(page, f"the {key} panel") == []
                for width, height in trust.LANDSCAPE, trust.PORTRAIT:
                    page.set_viewport_size({"width": width, "height": height})
                    page.wait_for_timeout(50)
                    w.shot(f"golden_key-panel-{key}-{width}x{height}")
                page.set_viewport_size({"width": 1024, "height": 768})
            faces = page.locator("#panel-cards .card:not(.card-back)")
            assert faces.count() == 15 and page.locator("#panel-cards .card:not(.card-back) svg use").count() == 15
            page.click(".drawer-close")
    no_trouble(w, page)
