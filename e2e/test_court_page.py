"""To Court the King in the real page: a game of four to the winner, a turn
with several abilities, and a two-person hot-seat game from a few turns before the King into the final
round and to the result."""
from __future__ import annotations

import pathlib
import sys
import time

import pytest
from table_driver import MOVING_PACE, PATCHES, WATCH_PATCHES, log_text, patched_as_drawn, record_json, started

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "py"))
from royaltable import registry  # noqa: E402
from ui import saves  # noqa: E402

from test_library_page import seed  # noqa: E402

INTERACTIVE = {"jester", "maid", "smith", "guard", "hunter", "pawnbroker", "knight",
               "magician", "merchant", "lady", "noble", "priest", "queen", "philosopher", "alchemist"}


def start(page, kinds, names=None, seed="7"):
    page.click("[data-game=court] [data-cmd=setup]")
    page.click(f'[data-cmd=players][data-arg="{len(kinds)}"]')
    for seat, kind in enumerate(kinds):
        page.click(f'[data-cmd=kind][data-arg="{seat}:{kind}"]')
    for seat, name in enumerate(names or []):
        page.fill(f'[data-field="name:{seat}"]', name)
    page.click("[data-cmd=more_options]")                 # the game number is folded there
    page.fill('[data-field="seed"]', seed)
    page.click("[data-cmd=start]")
    started(page, ".ct")


def human_step(page) -> bool:
    """A plain strategy through the buttons on screen: take the best card, roll,
    keep the dice of the most common value."""
    take = page.locator(".ct-take")
    if take.count():
        take.last.click(timeout=3000)
        return True
    for arg in ("pass", "roll", "done", "cancel"):
        button = page.locator(f'.ct-tray [data-cmd=act][data-arg="{arg}"]')
        if button.count():
            button.first.click(timeout=3000)
            return True
    dice = page.locator('.ct-dice [data-cmd=act]')
    if dice.count():
        args = [dice.nth(i).get_attribute("data-arg") for i in range(dice.count())]
        best = max(args, key=args.count)
        page.click(f'.ct-dice [data-arg="{best}"] >> nth=0', timeout=3000)
        return True
    return False


def bot_step(page) -> bool:
    """Taps the button of the move a quick computer player would make for the
    person to move (the saved record replayed in CPython)."""
    state = registry.replay(record_json(page))
    if state.over:
        return False
    game = registry.get("court")
    action = game.bots["quick"](seed=len(state.actions)).choose(state.view(state.current),
                                                                state.legal_actions())
    button = page.locator(f'#app [data-cmd=act][data-arg="{action}"]')
    if not button.count():
        return human_step(page)
    button.first.click(timeout=3000)
    return True


def drive(page, until, limit_s=420, step=None):
    deadline = time.time() + limit_s
    while time.time() < deadline:
        if until():
            return
        try:
            acted = (step or human_step)(page)
        except Exception:
            acted = True
        if not acted:
            page.wait_for_timeout(25)
    raise AssertionError("the game did not get there in time")


def test_four_players_three_computers_to_the_winner(watched):
    w = watched()
    page = w.open()
    page.evaluate(WATCH_PATCHES)
    start(page, ["human", "strong", "quick", "quick"], names=["Mio"])
    w.shot("court-table-1024x768")
    assert page.evaluate("document.documentElement.scrollWidth") <= 1024
    drive(page, lambda: page.locator(".result").count() > 0, limit_s=600)
    assert "勝者" in page.inner_text(".result")
    w.shot("court-result")
    patched_as_drawn(page.evaluate(PATCHES))
    assert w.errors == [] and w.foreign_requests() == []


def position_with_abilities(min_cards=4):
    """A saved game in which seat 0 (a person) starts a turn holding several
    characters with abilities: found by letting computer players play."""
    game = registry.get("court")
    for seed in range(1, 200):
        state = game.new(3, seed=seed)
        bots = [game.bots["quick"](seed=s) for s in range(3)]
        while not state.over and len(state.actions) < 4000:
            view = state.view(0)
            held = {c["card"] for c in view["hands"][0]} & INTERACTIVE
            if (state.current == 0 and not view["dice"]["rolled"] and len(held) >= min_cards
                    and not view["final_round"]):
                seats = [{"name": "Rin", "kind": "human"}, {"name": "Henry", "kind": "quick"},
                         {"name": "Anne", "kind": "quick"}]
                return saves.dump(seats, state.record()), held
            seat = state.current
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    raise AssertionError("no position found")


# Every animation static/motion.js starts, as "<kind> <data-key>": a die tumbles
# ("roll"), a thing moved glides, a thing just drawn flies in from where it came.
MOTION_SPY = """() => { window.motionSeen = []; const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const f = JSON.stringify(frames);
    const kind = f.includes('rotate') ? 'roll' : f.includes('transformOrigin') ? 'fly'
      : f.includes('scale(1.3)') ? 'bump' : f.includes('opacity') ? 'ghost' : 'glide';
    window.motionSeen.push(kind + ' ' + ((this.dataset && this.dataset.key) || ''));
    return animate.call(this, frames, options); }; }"""


def motions(page, after_click):
    """What moved on the table after a tap (the redraw it caused included)."""
    page.evaluate("window.motionSeen = []")
    after_click()
    page.wait_for_function("window.motionSeen.length > 0", timeout=5000)
    page.wait_for_timeout(100)
    return page.evaluate("window.motionSeen")


def test_a_turn_that_rolls_sets_aside_uses_three_abilities_and_takes_a_card(watched):
    save, held = position_with_abilities()
    w = watched(locale="en-US")
    page = w.open_saved(save, MOVING_PACE)
    page.click("[data-cmd=continue]", timeout=90_000)
    page.evaluate(MOTION_SPY)
    seen = motions(page, lambda: page.click('.ct-tray [data-arg="roll"]'))
    rolled = page.eval_on_selector_all(".ct-zone:not(.ct-zone-aside) .ct-die", "ds => ds.map(d => d.dataset.key)")
    assert sorted(k.split()[1] for k in seen if k.startswith("roll ")) == sorted(rolled)   # every die tumbles
    used = []
    for _ in range(60):
        if len(used) >= 3:
            break
        abilities = page.locator(".ct-ability[data-cmd=act]")
        choices = [abilities.nth(i).get_attribute("data-arg") for i in range(abilities.count())]
        fresh = [c for c in choices if c not in used]
        if not fresh:
            dice = page.locator('.ct-dice [data-arg^="aside "]')
            assert dice.count(), "no ability left to use and no die to set aside"
            dice.first.click()
            continue
        page.click(f'.ct-ability[data-arg="{fresh[0]}"]')
        used.append(fresh[0])
        for _ in range(8):   # complete the ability: tap dice, then a value or confirm
            if page.locator('.ct-tray [data-arg^="value "]').count():
                page.locator('.ct-tray [data-arg^="value "]').last.click()
            elif page.locator('.ct-tray [data-arg="confirm"]').count():
                page.click('.ct-tray [data-arg="confirm"]')
            elif page.locator('.ct-dice [data-arg^="pick "]').count():
                page.locator('.ct-dice [data-arg^="pick "]').first.click()
            else:
                break
    assert len(used) >= 3, used
    assert page.locator(".ct-held .ct-chip.is-used").count() >= 3
    w.shot("court-abilities")
    die = page.locator('.ct-dice [data-arg^="aside "]')
    if die.count() >= 2:                   # one die set aside (the turn goes on): it glides there
        key = die.first.get_attribute("data-key")
        seen = motions(page, die.first.click)
        assert f"glide {key}" in seen
        assert page.locator(f'.ct-zone-aside [data-key="{key}"]').count() == 1
    page.click('.ct-tray [data-arg="aside all"]') if page.locator('.ct-tray [data-arg="aside all"]').count() else None
    while page.locator('.ct-dice [data-arg^="aside "]').count():
        page.locator('.ct-dice [data-arg^="aside "]').first.click()
    if page.locator('.ct-tray [data-arg="done"]').count():
        page.click('.ct-tray [data-arg="done"]')
    take = page.locator(".ct-take")
    assert take.count() >= 1          # the jester, at least, is always earned unless held
    card = take.last.get_attribute("data-arg").split()[1]
    seen = motions(page, take.last.click)
    assert "took the" in log_text(page)
    assert f"fly {'king' if card == 'king' else 'held:0:' + card}" in seen   # from the card tapped to the seat
    assert w.errors == []


def before_the_king(turns_left=3):
    """A saved two-person game (played in CPython by computer players, seed 3)
    a few turns before someone takes the King: the final round is near."""
    game = registry.get("court")
    state = game.new(2, seed=3)
    bots = [game.bots["quick"](seed=s) for s in range(2)]
    turn_starts = []
    while state.king_holder is None:
        view = state.view(None)
        if not view["dice"]["rolled"] and (not turn_starts or turn_starts[-1][1] != (view["round"], view["turn_index"])):
            turn_starts.append((len(state.actions), (view["round"], view["turn_index"])))
        seat = state.current
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    cut = turn_starts[-turns_left][0]
    record = dict(game.new(2, seed=3).record(), actions=state.actions[:cut])
    seats = [{"name": "Sora", "kind": "human"}, {"name": "Umi", "kind": "human"}]
    return saves.dump(seats, record)


def test_two_people_hot_seat_reach_the_final_round(watched):
    w = watched(768, 1024)
    page = w.open_saved(before_the_king())
    page.click("[data-cmd=continue]", timeout=90_000)
    page.wait_for_selector(".ct")
    assert page.locator(".handoff").count() == 0     # nothing hidden: no hand-off screen
    # Both people tap what a quick computer player would choose: the King comes soon.
    drive(page, lambda: "（最終）" in page.inner_text(".status-bar"), limit_s=300, step=bot_step)
    w.shot("court-final-round-768x1024")
    drive(page, lambda: page.locator(".result").count() > 0, limit_s=300, step=bot_step)
    assert w.errors == []


def final_round_of_five(seed=3):
    """A saved five-person game (played in CPython by quick computer players) at the
    start of its final round: every seat holds many characters, the one to roll five
    with abilities."""
    game = registry.get("court")
    state = game.new(5, seed=seed)
    bots = [game.bots["quick"](seed=s) for s in range(5)]
    while not state.final_round:
        seat = state.current
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    record = dict(game.new(5, seed=seed).record(), actions=list(state.actions))
    return saves.dump([{"name": n, "kind": "human"} for n in ("Sora", "Umi", "Aoi", "Ren", "Mei")], record)


OUT_OF_VIEW = """() => [document.documentElement.scrollHeight - innerHeight,
  [...document.querySelectorAll('#app [data-cmd]')].map(b => b.getBoundingClientRect())
    .filter(r => r.height && (r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)).length]"""


@pytest.mark.parametrize("size", [(1024, 768), (768, 1024)])
def test_the_final_round_of_five_fits_the_screen_with_roll_in_view(watched, size):
    w = watched(*size, locale="en-US")
    seed(w, [("final", final_round_of_five())])         # in the library before the app starts
    page = w.open()
    page.click("[data-cmd=continue]", timeout=90_000)
    page.wait_for_selector(".ct [data-cmd=act]")
    assert page.locator(".ct-abilities .card").count() >= 5       # the crowded moment
    assert page.evaluate(OUT_OF_VIEW) == [0, 0]
    w.shot(f"court-final-round-of-five-{size[0]}x{size[1]}")
    # Every seat holding a dozen characters (more than any seat came to in forty games of
    # five): the seats grow, the screen still fits, and every name stays whole in its seat.
    assert page.evaluate(A_DOZEN_EACH) == 5 * 12
    assert page.evaluate(OUT_OF_VIEW) == [0, 0]
    assert page.evaluate(NAMES_CUT) == []
    w.shot(f"court-a-dozen-each-{size[0]}x{size[1]}")
    assert w.errors == []


# Fills every seat's list to twelve characters with copies of its first chip renamed after
# characters of the supply it does not hold (the page is only looked at afterwards).
A_DOZEN_EACH = """() => { const names = [...document.querySelectorAll('.ct-mini .card-name')].map(e => e.textContent);
  for (const list of document.querySelectorAll('.ct-chips')) {
    const held = new Set([...list.querySelectorAll('.ct-chip-name')].map(e => e.textContent));
    for (const name of names.filter(n => !held.has(n)).slice(0, 12 - list.children.length)) {
      const chip = list.children[0].cloneNode(true);
      chip.querySelector('.ct-chip-name').textContent = name;
      chip.removeAttribute('data-key');
      list.appendChild(chip);
    }
  }
  return document.querySelectorAll('.ct-chip').length; }"""
# The characters' names that do not lie whole inside their chip and their seat.
NAMES_CUT = """() => [...document.querySelectorAll('.ct-chip-name')].filter(n => {
  const r = n.getBoundingClientRect(), chip = n.closest('.ct-chip').getBoundingClientRect(),
        seat = n.closest('.plate').getBoundingClientRect();
  return n.scrollWidth > n.clientWidth + 1 || r.right > chip.right + 1 || chip.right > seat.right + 1
    || chip.bottom > seat.bottom + 1; }).map(n => n.textContent)"""
