"""Computer players for 王への請願 (To Court the King).

QuickBot chases one face: it sets aside every die showing its target face, puts
die adders in play at once (an added die either shows the face or is one more
die to roll) and spends the other abilities only to save a roll that missed.
At the end it takes the character worth most in a fixed table.

StrongBot tries every legal action and plays the rest of the turn out many
times with the quick policy (a fresh state from its view, fresh future rolls),
keeping the action whose turns end best on average: the value of the best
character earned, or in the final round whether the King is won and by how much.
Nothing is hidden in this game but future rolls, so sampling only the dice is exact.
"""
from __future__ import annotations

import itertools
import random

from ...core import Bot, Luck
from .rules import ADDS, DICE, FACES, TAKE, CourtState, face_counts, sample_state, start_dice

# What a character is worth when taken; dice count most (more dice, more of a kind).
CARD_VALUE = {
    "king": 1000, "lord": 80, "farmer": 40, "swindler": 38,
    "priest": 36, "knight": 35, "pawnbroker": 33, "hunter": 32, "guard": 31, "smith": 30,
    "magician": 30, "noble": 28, "lady": 26, "merchant": 26, "alchemist": 24,
    "astronomer": 20, "maid": 15, "philosopher": 12, "jester": 8, "queen": 0,
}
# How much a character raises the expected most-of-a-kind count of a turn, with
# 3 and with 7 start dice: measured by playing 1500 turns with the quick policy
# for each hand. StrongBot values cards by this, in between by the dice it has.
COUNT_GAIN = {
    "lord": (1.2, 1.44), "magician": (0.76, 0.94), "astronomer": (0.76, 0.94),
    "farmer": (0.59, 0.76), "swindler": (0.45, 0.62), "smith": (0.6, 0.77),
    "guard": (0.6, 0.77), "hunter": (0.58, 0.74), "pawnbroker": (0.6, 0.78),
    "knight": (0.6, 0.76), "priest": (0.59, 0.8), "maid": (0.48, 0.76),
    "philosopher": (0.15, 0.83), "alchemist": (0.0, 0.72), "lady": (0.22, 0.68),
    "noble": (0.23, 0.63), "merchant": (0.21, 0.49), "jester": (0.3, 0.3),
    "queen": (0.0, 0.0), "king": (8.0, 8.0),   # first holders win about 60% of games
}


def strong_values(dice: int) -> dict:
    share = min(max((dice - 3) / 4, 0.0), 1.0)
    return {card: low + (high - low) * share for card, (low, high) in COUNT_GAIN.items()}


# Which ability to try first when a roll shows no die of the target face.
RESCUE_ORDER = ["lady", "noble", "maid", "astronomer", "philosopher", "alchemist",
                "merchant", "magician", "jester"]


def best_card(cards, values=CARD_VALUE) -> str | None:
    return max(cards, key=lambda c: (values[c], -cards.index(c)), default=None)


# ---- the quick policy (on a full state; the bots rebuild one from the view) -------

def target_face(state: CourtState) -> int:
    """The face to collect: the most set-aside dice, else the most active dice
    (counting dice an unused adder would add); higher faces on ties."""
    aside = face_counts(state.aside)
    active = face_counts(v for v in state.active if v is not None)
    if state.aside:
        return max(FACES, key=lambda f: (aside[f], active[f], f))
    hand = state.hands[state.current]
    bonus = [0] * 7
    for card, face in ADDS.items():
        if card in hand and card not in state.used:
            bonus[face] += 1
    return max(FACES, key=lambda f: (active[f] + bonus[f], f))


def philosopher_plan(active, f, lower=None, raise_=None):
    """(gain, lowered value, raised value, new lowered value) making most dice show f."""
    best = None
    for v in set(active) if lower is None else {lower}:
        for w in set(active) if raise_ is None else {raise_}:
            if v < 2 or w > 5 or (v == w and active.count(v) < 2):
                continue
            for x in range(max(1, v - (6 - w)), v):
                gain = (x == f) + (w + v - x == f) - (v == f) - (w == f)
                if best is None or gain > best[0]:
                    best = (gain, v, w, x)
    return best


def alchemist_plan(values, f):
    """(dice showing f afterwards, the three values to pick) for the best triple."""
    best = None
    for triple in set(itertools.combinations(sorted(values), 3)):
        total = sum(triple)
        made = 3 if total == 3 * f else 2 if 1 <= total - 2 * f <= 6 else 1 if 2 <= total - f <= 12 else 0
        gain = made - triple.count(f)
        if best is None or gain > best[0]:
            best = (gain, triple)
    return best


def helps(state: CourtState, card: str, f: int) -> bool:
    """Would `card` likely turn an active die into f right now?"""
    active = state.active
    if card == "lady":
        return f - 1 in active
    if card == "noble":
        return f - 2 in active
    if card == "maid":
        return any(f - 3 <= v < f for v in active)
    if card == "astronomer":
        return f in state.aside
    if card == "philosopher":
        plan = philosopher_plan(active, f)
        return plan is not None and plan[0] > 0
    if card == "alchemist":
        return alchemist_plan(active, f)[0] > 0
    return card in ("merchant", "magician", "jester")


def quick_action(state: CourtState) -> str:
    if state.phase == TAKE:
        return "take " + best_card(state.earnable()) if state.earnable() else "pass"
    if not state.rolled:
        return "roll"
    f = target_face(state)
    if state.pending is not None:
        return pending_step(state, f)
    usable = state.usable_abilities()
    for card in usable:                       # adders first: one more die, maybe f
        if card in ADDS or card == "queen":
            return "use " + card
    active = state.active
    if not active:
        return "done"
    for card, below in (("lady", 1), ("noble", 2)):   # worth it on two dice at once
        if card in usable and active.count(f - below) >= 2:
            return "use " + card
    if f in active:
        return "aside %d" % f
    if state.aside_since_roll:
        return "roll"
    for card in RESCUE_ORDER:                 # no f in this roll: save it if we can
        if card in usable and helps(state, card, f):
            return "use " + card
    return "aside %d" % max(active)           # forced to keep a miss: keep it high


def pending_step(state: CourtState, f: int) -> str:
    legal = state.legal_actions()
    picks = [int(a[5:]) for a in legal if a.startswith("pick ")]
    values = [int(a[6:]) for a in legal if a.startswith("value ")]
    p = state.pending
    card, picked, active = p["card"], p["picked"], state.active

    def pick(preferred):
        for v in preferred:
            if v in picks:
                return "pick %d" % v
        return None

    def value(preferred):
        for x in preferred:
            if x in values:
                return "value %d" % x
        return "value %d" % max(values)

    misses = sorted((v for v in picks if v != f), reverse=False)
    if card in ("merchant", "lady", "noble"):
        wanted = {"merchant": misses, "lady": [f - 1], "noble": [f - 2]}[card]
        return pick(wanted) or ("confirm" if "confirm" in legal else "pick %d" % picks[0])
    if card == "queen":
        return value([f])
    if values and card in ("maid", "magician", "astronomer"):
        return value([f])
    if card == "maid":
        return pick([f - 1, f - 2, f - 3]) or "pick %d" % picks[-1]
    if card in ("jester", "magician", "astronomer"):
        return pick(misses) or "pick %d" % picks[0]
    if card == "philosopher":
        if values:
            v, w = active[picked[0]], active[picked[1]]
            return value([philosopher_plan(active, f, v, w)[3]])
        lower = active[picked[0]] if picked else None
        plan = philosopher_plan(active, f, lower)
        if plan is None:
            return "pick %d" % picks[0]
        return pick([plan[2] if picked else plan[1]]) or "pick %d" % picks[0]
    if card == "alchemist":
        if values:
            return value([f])
        rest = [v for i, v in enumerate(active) if i not in picked]
        need = 3 - len(picked)
        triple = alchemist_plan([active[i] for i in picked] + rest, f)[1] if not picked \
            else sorted(rest, key=lambda v: v == f)[:need]
        chosen = list(triple)
        for i in picked:
            if active[i] in chosen:
                chosen.remove(active[i])
        return pick(chosen) or "pick %d" % picks[0]
    return legal[0]


def quick_take(state: CourtState) -> str:
    card = best_card(state.earnable())
    return "pass" if card is None else "take " + card


class QuickBot(Bot):
    def choose(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        action = quick_action(sample_state(view, 0))
        return action if action in legal else legal[0]


# ---- play-outs of the rest of a turn ----------------------------------------------

def turn_outcome(world: CourtState, action: str, values: dict) -> float:
    """Plays `action`, then the quick policy to the end of the dice; scores how the turn ended."""
    world._apply(action)
    while world.phase == DICE and world.rolled:     # a new turn starts unrolled
        world._apply(quick_action(world))
    if world.phase == TAKE:
        return values[best_card(world.earnable(), values)]
    last = world.history[-1]
    if last["final"] and last["took"] == "king":
        count, face = world.king_result
        return 10 + count + face / 10          # a higher result is harder to beat later
    return 0.0


class StrongBot(Bot):
    """Monte Carlo over the rest of the turn. Every legal action gets a few
    play-outs; the better half gets more, and so on (successive halving), the
    same future dice for every action. The quick policy's own choice wins ties."""
    def __init__(self, seed: int = 0, playouts: int = 600, values=None):
        super().__init__(seed)
        self.playouts = playouts
        self.fixed_values = values

    def choose(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        state = sample_state(view, 0)
        values = self.fixed_values or strong_values(start_dice(state.hands[state.current]))
        if state.phase == TAKE:
            card = best_card(state.earnable(), values)
            return "pass" if card is None else "take " + card
        quick = quick_action(state)
        candidates = [quick] + [a for a in legal if a not in (quick, "cancel")]
        if len(candidates) == 1:
            return quick
        totals = {a: 0.0 for a in candidates}
        done = 0
        rounds = max(1, (len(candidates) - 1).bit_length())
        budget = self.playouts // rounds             # play-outs per halving round
        while len(candidates) > 1:
            per = max(4, budget // len(candidates))
            seeds = [self.rng.randrange(2**31) for _ in range(per)]
            for action in candidates:
                for seed in seeds:
                    totals[action] += turn_outcome(state.clone(Luck(seed)), action, values)
            done += per
            ranked = sorted(candidates, key=lambda a: (-totals[a], a != quick))
            candidates = ranked[:len(ranked) // 2] if len(ranked) > 2 else ranked[:1]
        return candidates[0]
