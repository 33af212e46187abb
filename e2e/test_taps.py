"""Taps people make, in the real page: a tap anywhere on a glowing destination
of 黄金の鍵 moves the die there, dice on that card included; every tap on a
replay's ▶ is one step, however quick."""
from __future__ import annotations

import json
import pathlib
import random
import re
import sys

from conftest import wait_until_ready

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "py"))
from royaltable import registry  # noqa: E402
from ui import saves  # noqa: E402

SAVED = "(JSON.parse(royalStore.written[royalStore.open] || 'null') || {record: {actions: []}}).record.actions"


def load_legacy_save(w, save: str, query: str = "pace=0.02"):
    """The app with `save` as the earlier versions' single save, which the first
    start moves into the library."""
    page = w.open(query)
    page.evaluate(f"localStorage.setItem('royaltable.save', {json.dumps(save)})")
    page.reload()
    wait_until_ready(page)
    return page


def golden_key_move_onto_a_die():
    """Two people; the first turn's move where a die may go onto a card a die lies on."""
    game = registry.get("golden_key")
    for seed in range(1, 40):
        state = game.new(2, seed=seed)
        while not state.over:
            legal = state.legal_actions()
            if state.phase == "move" and state.moves_done == 0 and any(
                    a.startswith("move ") and (d := state.geo.parse(a.split()[2])) is not None
                    and d >= 0 and state.stack[d] for a in legal):
                seats = [{"name": "Sora", "kind": "human"}, {"name": "Umi", "kind": "human"}]
                return saves.dump_state(seats, state), len(state.actions)
            state.apply(game.bots["quick"](seed=len(state.actions)).choose(state.view(state.current), legal))
    raise AssertionError("no such position")


def test_a_tap_on_the_middle_of_a_destination_with_a_die_on_it_moves_there(watched):
    save, done = golden_key_move_onto_a_die()
    for width, height in ((1024, 768), (768, 1024)):
        w = watched(width, height, locale="en-US")
        page = load_legacy_save(w, save)
        page.click("[data-cmd=continue]", timeout=90_000)
        page.wait_for_selector(".gk-board")
        target = page.locator(".gk-cell.is-target:has(.gk-die)")
        picks = page.locator("#app [data-cmd=select]")
        for i in range(picks.count()):          # pick the die that may go onto another die
            if target.count():
                break
            picks.nth(i).click()
        assert target.count(), "no destination with a die on it"
        action = target.first.locator(".gk-target").get_attribute("data-arg")
        box = target.first.bounding_box()
        w.shot(f"taps-golden_key-die-on-destination-{width}x{height}")
        # what a finger finds at the card's middle belongs to the card's button
        hit = page.evaluate("([x, y]) => !!document.elementFromPoint(x, y).closest('.gk-target')",
                            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_function(f"{SAVED}.length > {done}", timeout=5000)
        assert page.evaluate(SAVED)[done] == action
        assert hit
        assert w.errors == []


def finished_game():
    game = registry.get("krypkille")
    state = game.new(3, seed=7, options={"limit": 50})
    chooser = random.Random(7)
    while not state.over:
        state.apply(chooser.choice(state.legal_actions()))
    seats = [{"name": n, "kind": "human"} for n in ("Aki", "Ben", "Chie")]
    return saves.dump_state(seats, state)


def step(page) -> int:
    return int(re.search(r"\d+", page.inner_text(".replay-step")).group())


def test_eight_quick_taps_on_next_step_a_replay_eight_steps(watched):
    w = watched(locale="en-US")
    page = load_legacy_save(w, finished_game(), query="")     # real pace: the tap guard at full strength
    page.click(".history [data-cmd=replay_saved]", timeout=90_000)
    page.wait_for_selector("[data-screen=replay]")
    assert step(page) == 0
    box = page.locator('[data-cmd=replay_step][data-arg="next"]').bounding_box()
    for _ in range(8):
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_timeout(250)
    page.wait_for_timeout(300)
    assert step(page) == 8, page.inner_text(".replay-step")
    w.shot("taps-replay-8-steps-1024x768")
    assert w.errors == []
