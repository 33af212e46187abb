"""王宮のささやき (Palastgeflüster) in the real page: a person and three
computers to the winner; two people and a computer in hot-seat through a
Wizard's exchange between the two people (the tablet handed over and back),
an Accountant, a Butler's swap, a Maid, a Guard and a General, each reached
by loading a position found by playing in CPython; the largest table keeps
every decision in reach; a crafted tap is refused in words; the rules page."""
from __future__ import annotations

import collections
import pathlib
import re
import sys

from table_driver import (OUT_OF_REACH, PATCHES, WATCH_PATCHES, RandomPlayer, game_over, log_lines, log_text,
                          new_game, panel_open, patched_as_drawn, snapshot, view_strings)


sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "py"))
from royaltable import registry  # noqa: E402
from royaltable.games.whispers.rules import COLOURS, knowledge  # noqa: E402
from ui import saves  # noqa: E402

GAME = registry.get("whispers")
HOT_SEAT = ["human", "human", "quick"]
NAMES = ["Aki", "Ben", "Henry", "Anne", "Edward"]


# ---- positions found in CPython -------------------------------------------------------------

def moment(kinds, plan, seeds=range(1, 400)):
    """The first position (quick computer players in every seat) at which
    `plan(state)` gives the actions the test will tap; (save, state, actions)."""
    people = {s for s, k in enumerate(kinds) if k == "human"}
    for seed in seeds:
        state = GAME.new(len(kinds), seed=seed)
        bots = [GAME.bots["quick"](seed=s) for s in range(len(kinds))]
        while not state.over and len(state.actions) < 3000:
            if state.current in people and state.phase == "play":
                steps = plan(state)
                if steps:
                    seats = [{"name": NAMES[s], "kind": k} for s, k in enumerate(kinds)]
                    return saves.dump(seats, state.record()), state, steps
            seat = state.current
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    raise AssertionError("no game reached the moment")


def played_out(state, steps):
    trial = state.clone()
    for action in steps:
        trial.apply(action)
    return trial


def effect_plan(character, then=None, colour=None, follow=(), keep=lambda state, trial: True):
    """Play a card of `character` (of `colour` if given) whose effect happens
    (not silenced, not the round's end), leading to phase `then`; `follow` takes
    the first legal action of each step after it. `keep` may refuse the outcome."""
    def plan(state):
        for action in state.legal_actions():
            card = action.card
            if card.split("-")[1] != character or (colour and card.split("-")[0] != colour(state)):
                continue
            trial = played_out(state, [action])
            event = trial.history[-1] if trial.history and len(trial.rounds) == len(state.rounds) else None
            if event is None or event["effect"] != character or (then and trial.phase != then):
                continue
            steps = [action]
            for _ in follow:
                steps.append(trial.legal_actions()[0])
                trial.apply(steps[-1])
            if len(trial.rounds) == len(state.rounds) and keep(state, trial):
                return steps
        return None
    return plan


def wizard_between_people(state):
    """The Wizard of the mover's own colour (the turn comes back to them), the
    other person as partner, one card each way."""
    a = state.current
    b = 1 - a
    action = f"play {COLOURS[a]}-wizard"
    if action not in state.legal_actions():
        return None
    trial = played_out(state, [action])
    if trial.phase != "target" or f"target {b}" not in trial.legal_actions():
        return None
    steps = [action, f"target {b}", "count 1"]
    trial = played_out(state, steps)
    while trial.phase in ("give", "answer"):
        steps.append(trial.legal_actions()[0])
        trial.apply(steps[-1])
    if trial.current == a and trial.phase == "play" and len(trial.rounds) == len(state.rounds):
        return steps
    return None


# ---- the page ----------------------------------------------------------------------------------

def load(w, save):
    """Opens a saved position and continues it. The save is written once the page in
    use is gone (`Watched.open_saved`), so that no computer player of a game on screen
    saves over it."""
    page = w.open_saved(save)
    page.click("[data-cmd=continue]")
    page.wait_for_selector(".wh, .handoff")
    return page


def tap(page, action):
    page.click(f'#app [data-cmd=act][data-arg="{action}"]', timeout=10_000)


def take_tablet(page, name):
    page.wait_for_selector(".handoff")
    assert name in page.inner_text(".handoff h2")
    assert page.locator("#app [data-card]").count() == 0
    page.click("[data-cmd=handoff]")
    page.wait_for_selector(".wh")


def take_if_asked(page):
    """Takes the tablet for whoever the hand-off screen names, if it is there:
    their seat, else None."""
    page.wait_for_timeout(100)
    if not page.locator(".handoff").count():
        return None
    name = page.inner_text(".handoff h2").split("Pass the tablet to ")[1]
    take_tablet(page, name)
    return NAMES.index(name)


def only_what_the_holder_may_know(page, holder):
    """The cards drawn are a part of the holder's view (nobody's on a shared screen)."""
    html, state, screen = snapshot(page)
    viewer = None if screen in ("handoff", "summary", "result") else holder
    allowed = view_strings(state.view(viewer))
    drawn = collections.Counter(re.findall(r'data-card="([^"]*)"', html))
    extra = {card: n - allowed[card] for card, n in drawn.items() if n > allowed[card]}
    assert not extra, f"{screen} screen, tablet with seat {viewer}: shows {extra}"
    return state


def plate_cards(page, seat):
    return sorted(page.eval_on_selector_all(f'.wh-seat .plate[data-seat="{seat}"] [data-card]',
                                            "els => els.map(e => e.dataset.card)"))


def no_trouble(w, page):
    assert page.locator(".toast").count() == 0, page.inner_text(".toast")
    assert w.errors == []


# ---- 1. a whole game ----------------------------------------------------------------------------

def test_a_person_and_three_computers_play_to_the_winner(watched):
    w = watched()
    page = w.open()
    page.evaluate(WATCH_PATCHES)
    new_game(page, "whispers", ["human", "strong", "quick", "quick"], names=["Mio"], seed="7")
    page.wait_for_selector(".wh-hand [data-cmd=act]", timeout=120_000)
    w.shot("whispers-table-1024x768")
    assert page.evaluate("document.documentElement.scrollWidth") <= 1024
    RandomPlayer(page, seed=7).play(lambda: game_over(page), limit_s=1500)
    result = page.inner_text(".result")
    assert "ゲーム終了" in result and "勝者" in result
    state = snapshot(page)[1]
    assert state.over and max(state.totals) >= state.goal
    assert len(log_lines(page)) > 40
    w.shot("whispers-result")
    patched_as_drawn(page.evaluate(PATCHES))
    assert w.errors == [] and w.foreign_requests() == []


# ---- 2. hot-seat through every effect -------------------------------------------------------------

def test_hot_seat_through_a_wizard_exchange_between_the_two_people(watched):
    save, state, steps = moment(HOT_SEAT, wizard_between_people)
    wizard = state.current
    partner = 1 - wizard
    w = watched(locale="en-US")
    page = load(w, save)
    take_tablet(page, NAMES[wizard])
    for action in steps[:4]:                      # play, partner, how many, the card to give
        tap(page, action)
    take_tablet(page, NAMES[partner])             # the partner chooses their own card
    assert f"{NAMES[wizard]}'s Wizard" in page.inner_text(".wh-prompt")
    state = only_what_the_holder_may_know(page, partner)
    hand = page.eval_on_selector_all(".wh-hand [data-card]", "els => els.map(e => e.dataset.card)")
    assert sorted(hand) == sorted(state.hands[partner])
    w.shot("whispers-wizard-partner")
    tap(page, steps[4])
    take_tablet(page, NAMES[wizard])              # and back: a wizard of the mover's colour
    state = only_what_the_holder_may_know(page, wizard)
    assert f"{NAMES[wizard]} and {NAMES[partner]} exchanged" in log_text(page)
    given = state.history[-1]["private"][wizard]
    # the wizard knows what they gave: it is drawn as known in the partner's hand
    assert set(given["gave"]) <= set(plate_cards(page, partner))
    no_trouble(w, page)


def test_hot_seat_accountant_butler_maid_guard_and_general(watched):
    w = watched(locale="en-US")
    seen = []

    # The Accountant of the other person's colour: the turn goes to them, and they
    # see the shown hand as known cards.
    save, state, steps = moment(HOT_SEAT, effect_plan(
        "accountant", colour=lambda s: COLOURS[1 - s.current],
        keep=lambda state, trial: trial.current == 1 - state.current))
    mover, other = state.current, 1 - state.current
    page = load(w, save)
    take_tablet(page, NAMES[mover])
    tap(page, steps[0])
    take_tablet(page, NAMES[other])
    after = only_what_the_holder_may_know(page, other)
    shown = knowledge(after.view(other))[mover]
    assert shown and plate_cards(page, mover) == sorted(shown)
    w.shot("whispers-accountant-known")
    seen.append("accountant")

    # The Butler: the first card, then the second; the two displays change.
    save, state, steps = moment(HOT_SEAT, effect_plan("butler", then="swap", follow=("swap", "with")))
    page = load(w, save)
    take_tablet(page, NAMES[state.current])
    tap(page, steps[0])
    assert page.locator(".wh-court [data-cmd=act]").count() >= 2
    tap(page, steps[1])
    assert page.locator(".wh-card.is-picked").count() == 1
    w.shot("whispers-butler-second-pick")
    tap(page, steps[2])
    with panel_open(page, "log"):
        page.wait_for_function("document.querySelector('.log-list').innerText.includes('swapped')")
    after = snapshot(page)[1]
    assert after.actions[len(state.actions):len(state.actions) + 3] == steps
    seen.append("butler")

    # The Maid: a card face down, one drawn; the log names neither.
    save, state, steps = moment(HOT_SEAT, effect_plan("maid", then="discard", follow=("discard",)))
    page = load(w, save)
    take_tablet(page, NAMES[state.current])
    tap(page, steps[0])
    assert "Maid: tap a card to discard" in page.inner_text(".wh-prompt")
    tap(page, steps[1])
    line = next(line for line in log_lines(page) if "face down" in line)
    assert "discarded a card face down and drew one" in line
    seen.append("maid")

    # The Guard: a card of the display back into the hand, in the open.
    save, state, steps = moment(HOT_SEAT, effect_plan("guard", then="return", follow=("return",)))
    mover = state.current
    page = load(w, save)
    take_tablet(page, NAMES[mover])
    tap(page, steps[0])
    assert page.locator(f'.wh-seat .plate[data-seat="{mover}"]').count() == 1
    assert page.locator(".wh-court [data-cmd=act]").count() >= 1
    tap(page, steps[1])
    returned = steps[1].card
    holder = take_if_asked(page)
    holder = mover if holder is None else holder
    only_what_the_holder_may_know(page, holder)
    if holder == mover:
        assert returned in page.eval_on_selector_all(".wh-hand [data-card]", "els => els.map(e => e.dataset.card)")
    else:
        assert returned in plate_cards(page, mover)          # public: everyone knows it
    assert "back into their hand" in log_text(page)
    seen.append("guard")

    # The General: a King card turned up, drawn with what it silences.
    save, state, steps = moment(HOT_SEAT, effect_plan("general"))
    page = load(w, save)
    take_tablet(page, NAMES[state.current])
    tap(page, steps[0])
    take_if_asked(page)
    king = played_out(state, steps).king
    # the King card turned up lies in the middle of the table, saying what it does, and in the cards panel
    assert page.get_attribute(".wh-king-spot [data-card]", "data-card") == king
    on_table = page.inner_text(".wh-king-spot")
    assert ("silenced" in on_table) or ("banned" in on_table)
    page.click("[data-cmd=panel][data-arg=cards]")
    assert page.get_attribute(".wh-king-panel [data-card]", "data-card") == king
    panel = page.inner_text(".wh-king-panel")
    assert ("no effect" in panel) or ("may not be played" in panel)
    w.shot("whispers-general-king")
    seen.append("general")
    assert seen == ["accountant", "butler", "maid", "guard", "general"]
    no_trouble(w, page)


# ---- 3. the largest table in reach -----------------------------------------------------------------

def test_five_players_keep_each_decision_in_reach_in_both_orientations(watched):
    """The Butler's picks and the Guard's card lie in the displays, the lowest
    row included; the Wizard's steps in the hand's panel."""
    kinds = ["human", "quick", "quick", "quick", "quick"]
    w = watched(1024, 768, locale="en-US", has_touch=True)
    for plan in (effect_plan("butler", then="swap", follow=("swap", "with")),
                 effect_plan("guard", then="return", follow=("return",)),
                 effect_plan("wizard", then="target", follow=("target", "count", "give"))):
        save, state, steps = moment(kinds, plan)
        page = load(w, save)
        for action in steps:
            for width, height in ((1024, 768), (768, 1024)):
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_timeout(30)
                assert page.evaluate(OUT_OF_REACH) == [], (action, width)
                assert page.evaluate("document.documentElement.scrollWidth") <= width
            if action.verb == "swap":
                w.shot("whispers-five-butler-768x1024")
            tap(page, action)
    page.set_viewport_size({"width": 1024, "height": 768})
    no_trouble(w, page)


# The round and the height of each seat's row at every redraw: the seats' rows stand one
# under the other, so a row that grows moves every seat under it (and the table is painted
# again whole).
SEAT_HEIGHTS = """() => { window.seatHeights = [];
  const look = () => window.seatHeights.push([(document.querySelector('#app .wh-round') || {}).textContent || '']
      .concat([...document.querySelectorAll('#app .wh-seat')].map(s => Math.round(s.getBoundingClientRect().height * 10) / 10)));
  new MutationObserver(look).observe(document.getElementById('app'), {subtree: true, childList: true, attributes: true});
  look(); }"""


def test_no_seat_moves_as_the_turn_goes_round(watched):
    """In English (whose badges take the most room) four computers play on, in landscape
    and then in portrait: in a round, each seat's row keeps one height at each size,
    whoever's turn it is (a plate showing whose turn it is is no taller than one that does
    not). A new round may move them once in portrait (its first player's badge goes to
    another plate); in landscape every row is as tall as its display, so none ever moves."""
    w = watched(1024, 768, locale="en-US")
    page = w.open()
    new_game(page, "whispers", ["quick"] * 4, seed="7")
    page.wait_for_selector(".wh-seat")
    for width, height in ((1024, 768), (768, 1024)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(SEAT_HEIGHTS)
        page.wait_for_function("window.seatHeights.length > 40 || !!document.querySelector('.result')")
        rounds = collections.defaultdict(set)
        for round_name, *heights in page.evaluate("window.seatHeights"):
            if round_name and len(heights) == 4:
                rounds[round_name].add(tuple(heights))
        assert rounds and all(len(seen) == 1 for seen in rounds.values()), \
            f"at {width}x{height} the seats' rows change height in a round: {dict(rounds)}"
        if width > height:          # in landscape no plate is taller than a display: all rows alike
            assert all(len(set(h)) == 1 for seen in rounds.values() for h in seen), dict(rounds)
    no_trouble(w, page)


# ---- 4. bad input ----------------------------------------------------------------------------------

def test_a_crafted_tap_on_a_card_the_rules_refuse_is_refused_in_words(watched):
    """A tap on a card whose character is already in the display (WH-8), made
    up in the page: the rules refuse it, the app says why in the player's words
    (no rule ID, the card by its name), nothing changes."""
    def repeat(state):
        hand, display = state.hands[state.current], state.displays[state.current]
        shown = {c.split("-")[1] for c in display}
        return [f"play {c}" for c in hand if c.split("-")[1] in shown][:1] or None
    save, state, steps = moment(["human", "quick", "quick"], repeat)
    w = watched(locale="en-US")
    page = load(w, save)
    before = snapshot(page)[1].record()
    page.evaluate("""(arg) => { const b = document.createElement('button');
        b.dataset.cmd = 'act'; b.dataset.arg = arg; b.id = 'crafted'; b.textContent = 'x';
        document.querySelector('.wh-hand').appendChild(b); }""", steps[0])
    page.click("#crafted")
    page.wait_for_selector(".toast")
    message = page.inner_text(".toast")
    assert "not allowed" in message and "your display already holds the " in message
    assert "WH-8" not in message and steps[0] not in message
    assert snapshot(page)[1].record() == before
    page.click("[data-cmd=dismiss]")
    assert page.locator(".toast").count() == 0 and page.locator(".wh-hand [data-cmd=act]").count()


# ---- 5. the rules ----------------------------------------------------------------------------------

def test_rules_in_both_languages_with_every_rule_and_the_notes_on_the_original(watched):
    w = watched()
    page = w.open()
    page.click("[data-game=whispers] [data-cmd=rules]")
    text = page.inner_text(".rules")
    assert all(page.locator(f'[data-rule="WH-{n}"]').count() for n in range(1, 26))
    assert page.locator(".rules-notes li").count() >= 3 and "原作のルールとの違い" in text and "この版" not in text
    page.click("[data-cmd=lang]")
    assert "differ from the original" in page.inner_text(".rules") and "Group SNE" in page.inner_text(".rules")
    assert w.errors == []
