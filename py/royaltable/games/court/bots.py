"""Computer players for 王への請願 (To Court the King).

Both play a turn by a *plan*: the faces worth setting aside now. "kind" chases
the face it has most of; "high" keeps 5s and 6s (sums); "pairs" completes and
starts pairs; "odd" and "even" keep one parity; "straight" fills a run. A plan
sets aside every wanted die, puts die adders in play at once (an added die
either is wanted or is one more die to roll), and spends the other abilities to
save a roll that showed nothing wanted.

QuickBot always plays "kind" and takes the character worth most in a fixed table.

StrongBot, at every choice, plays the rest of the turn out many times under each
plan (and once more after setting everything aside at once), from a state built
from its view with fresh future rolls, and follows the plan whose turns end best:
the value of the best character earned, or in the final round whether the King
is won and by how much. Plans get play-outs by successive halving. Nothing is
hidden in this game but future rolls, so sampling only the dice is exact.

Between two rolls nothing new is learnt: the dice change only as the player
chooses. So StrongBot searches once after each roll and then plays on by the
plans that chose that move (the search scored the move as "this, then that plan
to the end of the dice") while the table is what it expected; it searches again
only when those plans part ways, or after anything random (a roll, the Jester,
the Merchant). What it expects is worked out from its own view and its own move,
so a fresh bot (after a reload, or any new bot) simply searches again.
"""
from __future__ import annotations

import itertools

from ...core import Action, Bot
from ...gentle import gentle_bot
from ...search import Model, SearchBot
from .actions import Aside, AsideAll, Confirm, Done, Pass, Pick, Roll, Take, Use, Value
from .rules import (ADDS, DICE, FACES, START_DICE, TAKE, CourtState, best_kind, face_counts,
                    sample_state, start_dice)

# What a character is worth to QuickBot; dice count most (more dice, more of a kind).
CARD_VALUE = {
    "king": 1000, "lord": 80, "farmer": 40, "swindler": 38,
    "priest": 36, "knight": 35, "pawnbroker": 33, "hunter": 32, "guard": 31, "smith": 30,
    "magician": 30, "noble": 28, "lady": 26, "merchant": 26, "alchemist": 24,
    "astronomer": 20, "maid": 15, "philosopher": 12, "jester": 8, "queen": 0,
}
# How much a character raises the expected most-of-a-kind count of a turn, with
# 3 and with 7 start dice: measured by playing 1500 turns with the "kind" plan
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
PLANS = ("kind", "high", "pairs", "odd", "even", "straight")

FINAL_PLANS = ("kind",) + tuple("kind %d" % f for f in FACES)   # CT-17: count, then face
# Which ability to try first when a roll shows nothing wanted.
RESCUE_ORDER = ["lady", "noble", "maid", "astronomer", "philosopher", "alchemist",
                "merchant", "magician", "jester"]
RUNS = ((1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5), (2, 3, 4, 5, 6))


def strong_values(dice: int) -> dict:
    share = min(max((dice - 3) / 4, 0.0), 1.0)
    return {card: low + (high - low) * share for card, (low, high) in COUNT_GAIN.items()}


# StrongBot's values for every number of start dice a hand can have (3 to 7, CT-7).
STRONG_VALUES = {dice: strong_values(dice) for dice in range(START_DICE, 8)}

# What taking a character is worth, in points of the chance to win the game over
# taking nothing, by the taker's start dice (3, 4, 5, 6 or more) while the King is
# still in the supply ("race"), and once someone holds it ("after": only the
# final turn is left to improve). Measured from 17,000 games of four quick
# players in which a third of the takes were drawn at random among the legal
# ones: the difference in final wins between the random choices, per option,
# least squares over every decision (noisy cells smoothed by their neighbours;
# the Magician, Alchemist and Farmer-after-the-King, rarely seen, by kin).
TAKE_VALUE = {
    "race": {
        #              3 dice  4     5     6+
        "king":        (50,   50,   42,   42),
        "lord":        (41,   39,   31,   28),
        "farmer":      (21,   18,   15,   12),
        "knight":      (19,   23,   16,   19),
        "priest":      (20,   21,   15,   21),
        "hunter":      (17,   20,   15,   20),
        "guard":       (16,   19,   15,   20),
        "pawnbroker":  (19,   19,   13,   20),
        "smith":       (15,   18,   13,   12),
        "magician":    (14,   21,   14,   19),
        "astronomer":  (11,   18,   12,   18),
        "swindler":    (10,   15,   12,   12),
        "lady":        (6,    13,    7,   13),
        "maid":        (10,   12,   10,   14),
        "noble":       (7,    12,    7,   11),
        "philosopher": (10,   10,   11,   14),
        "alchemist":   (8,    10,   10,   13),
        "merchant":    (6,     9,    7,   12),
        "jester":      (5,     4,    4,    6),
        "queen":       (0,     0,    0,    0),
    },
    "after": {
        "lord": 23, "farmer": 10, "priest": 10, "knight": 8, "pawnbroker": 7, "hunter": 7,
        "swindler": 6, "magician": 6, "smith": 5, "astronomer": 5, "guard": 4, "lady": 3,
        "maid": 2, "philosopher": 2, "merchant": 2, "noble": 2, "alchemist": 2, "jester": 1,
        "king": 0, "queen": 0,
    },
}
# One more die of the King's face when taking it (CT-17), in the same points:
# against three challengers, eight of a kind is kept far more often than seven.
KING_STEP = 15


def take_values(state: CourtState) -> dict:
    """TAKE_VALUE for the seat to move, in its situation."""
    if state.king_holder is not None:
        return TAKE_VALUE["after"]
    column = min(start_dice(state.hands[state.current]), 6) - START_DICE
    return {card: row[column] for card, row in TAKE_VALUE["race"].items()}


def best_card(cards, values=CARD_VALUE) -> str | None:
    return max(cards, key=lambda c: (values[c], -cards.index(c)), default=None)


# ---- plans (on a full state; the bots rebuild one from the view) --------------------

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


def wanted(state: CourtState, plan: str) -> set[int]:
    """The faces `plan` would set aside now."""
    if plan == "kind":
        return {target_face(state)}
    if plan.startswith("kind "):
        return {int(plan[5:])}
    if plan == "high":
        return {5, 6}
    if plan == "odd":
        return {1, 3, 5}
    if plan == "even":
        return {2, 4, 6}
    aside = face_counts(state.aside)
    if plan == "pairs":
        active = face_counts(state.active)
        return {f for f in FACES if aside[f] % 2 or active[f] >= 2}
    # straight: the longest run when there are dice enough, else the nearer 5-run
    dice = len(state.aside) + len(state.active)
    seen = set(state.aside) | set(state.active)
    run = RUNS[0] if dice >= 6 else max(RUNS[1:], key=lambda r: sum(f in seen for f in r))
    return {f for f in run if not aside[f]}


def philosopher_plan(active, want, lower=None, raise_=None):
    """(gain, lowered value, raised value, new lowered value) putting most dice in `want`."""
    best = None
    for v in set(active) if lower is None else {lower}:
        for w in set(active) if raise_ is None else {raise_}:
            if v < 2 or w > 5 or (v == w and active.count(v) < 2):
                continue
            for x in range(max(1, v - (6 - w)), v):
                gain = (x in want) + (w + v - x in want) - (v in want) - (w in want)
                if best is None or gain > best[0]:
                    best = (gain, v, w, x)
    return best


def alchemist_values(total: int, want) -> tuple[int, tuple[int, int]]:
    """How many of three dice with this total can be wanted, and the first two values."""
    best = (-1, (1, 1))
    for x in FACES:
        for y in FACES:
            z = total - x - y
            if 1 <= z <= 6:
                made = (x in want) + (y in want) + (z in want)
                if made > best[0]:
                    best = (made, (x, y))
    return best


def alchemist_plan(values, want, chosen=()):
    """(gain, the values still to pick) for the best triple holding `chosen`."""
    best = None
    for rest in set(itertools.combinations(sorted(values), 3 - len(chosen))):
        triple = (*chosen, *rest)
        gain = alchemist_values(sum(triple), want)[0] - sum(v in want for v in triple)
        if best is None or gain > best[0]:
            best = (gain, rest)
    return best


def helps(state: CourtState, card: str, want) -> bool:
    """Would `card` likely turn an active die into a wanted one right now?"""
    misses = [v for v in state.active if v not in want]
    if card == "lady":
        return any(v + 1 in want for v in misses)
    if card == "noble":
        return any(v + 2 in want for v in misses)
    if card == "maid":
        return any(v + k in want for v in misses for k in (1, 2, 3))
    if card == "astronomer":
        return bool(misses) and any(x in want for x in state.aside)
    if card == "philosopher":
        plan = philosopher_plan(state.active, want)
        return plan is not None and plan[0] > 0
    if card == "alchemist":
        return alchemist_plan(state.active, want)[0] > 0
    return bool(misses)                        # merchant, magician, jester


def plan_action(state: CourtState, plan: str = "kind") -> Action:
    if state.phase == TAKE:
        card = best_card(state.earnable())
        return Pass() if card is None else Take(card)
    if not state.rolled:
        return Roll()
    want = wanted(state, plan)
    if state.pending is not None:
        return pending_step(state, want)
    usable = state.usable_abilities()
    for card in usable:                       # adders first: one more die, maybe wanted
        if card in ADDS or card == "queen":
            return Use(card)
    active = state.active
    if not active:
        return Done()
    for card, up in (("lady", 1), ("noble", 2)):   # worth it on two dice at once
        if card in usable and sum(1 for v in active if v not in want and v + up in want) >= 2:
            return Use(card)
    hits = [v for v in active if v in want]
    if hits:
        return Aside(max(hits))
    if state.aside_since_roll:
        return Roll()
    for card in RESCUE_ORDER:                 # nothing wanted in this roll: save it if we can
        if card in usable and helps(state, card, want):
            return Use(card)
    return Aside(max(active))                 # forced to keep a miss: keep it high


def quick_action(state: CourtState) -> Action:
    return plan_action(state, "kind")


def pending_step(state: CourtState, want) -> Action:
    legal = state.legal_actions()
    picks = [a.face for a in legal if isinstance(a, Pick)]
    values = [a.face for a in legal if isinstance(a, Value)]
    p = state.pending
    card, picked, active = p["card"], p["picked"], state.active

    def pick(preferred):
        for v in preferred:
            if v in picks:
                return Pick(v)
        return None

    def value(preferred):
        for x in preferred:
            if x in values:
                return Value(x)
        return Value(max(values))

    top = sorted(want, reverse=True)
    misses = [v for v in picks if v not in want]
    if card in ("merchant", "lady", "noble"):
        up = {"merchant": None, "lady": 1, "noble": 2}[card]
        chosen = misses if up is None else [v for v in misses if v + up in want]
        return pick(chosen) or (Confirm() if Confirm() in legal else Pick(picks[0]))
    if card == "queen" or (values and card in ("maid", "magician", "astronomer")):
        return value(top)
    if card == "maid":
        return pick([v for v in misses if any(v + k in want for k in (1, 2, 3))]) \
            or Pick(picks[-1])
    if card in ("jester", "magician", "astronomer"):
        return pick(misses) or Pick(picks[0])
    if card == "philosopher":
        if values:
            plan = philosopher_plan(active, want, active[picked[0]], active[picked[1]])
            return value([plan[3]])
        plan = philosopher_plan(active, want, active[picked[0]] if picked else None)
        if plan is None:
            return Pick(picks[0])
        return pick([plan[2] if picked else plan[1]]) or Pick(picks[0])
    if card == "alchemist":
        if values:
            total = sum(active[i] for i in picked)
            first, second = alchemist_values(total, want)[1]
            return value([second if p["values"] else first])
        rest = [v for i, v in enumerate(active) if i not in picked]
        return pick(alchemist_plan(rest, want, [active[i] for i in picked])[1]) \
            or Pick(picks[0])
    return legal[0]


class QuickBot(Bot):
    def choose(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        action = quick_action(sample_state(view, 0))
        return action if action in legal else legal[0]


# ---- the strong level: the shared search over the rest of the turn ------------------

class CourtModel(Model):
    """Nothing is hidden but future rolls, so the default sampling (the view with
    fresh dice) is exact. The candidates are the next action of each plan (and
    setting everything aside at once); a play-out follows that plan to the end
    of the dice, where it stops and is scored by the best character the result
    earns, or in the final round by whether the King is won and by how much."""
    game_id = "court"

    def __init__(self, king_step: float = KING_STEP, learned: bool = True):
        self.king_step = king_step
        self.learned = learned

    def worth(self, state):
        if self.learned:
            return take_values(state)
        return STRONG_VALUES[start_dice(state.hands[state.current])]

    def standing(self, view):
        # CT-7, CT-15..17: the dice my characters give against the best of the
        # others', who holds the King, and whether the final round has begun.
        me, dice, holder = view["seat"], view["start_dice"], view["king_holder"]
        others = [d for s, d in enumerate(dice) if s != me]
        return ((dice[me] - max(others)) / 3, float(holder == me),
                float(holder is not None and holder != me), float(view["final_round"]),
                view["round"] / view["round_limit"])

    def candidates(self, world, legal):
        if world.phase == TAKE:
            card = best_card(world.earnable(), self.worth(world))
            return [(Pass() if card is None else Take(card), None)]
        arms = [(plan_action(world, plan), plan)
                for plan in (FINAL_PLANS if world.final_round else PLANS)]
        if AsideAll() in legal:                      # stop here and keep what is showing
            arms.append((AsideAll(), "kind"))
        return arms

    def follow(self, plan, state, rng):
        return plan_action(state, plan)

    def playout(self, state, rng):
        return quick_action(state)

    def stop(self, root, state):
        return state.phase != DICE or not state.rolled   # a new turn starts unrolled

    def evaluate(self, state):
        values = [0.0] * state.players
        if state.phase == TAKE:
            seat = state.current
            worth = self.worth(state)
            card = best_card(state.earnable(), worth)
            value = worth[card]
            if card == "king":                         # CT-17: a higher result keeps it better
                count, face = best_kind(state.aside)
                step = self.king_step if self.learned else 3.0
                value += step * (count - 7 + face / 6)
            values[seat] = value / 100 if self.learned else value / 30
        elif state.history:
            last = state.history[-1]
            if last["final"] and last["took"] == "king":
                count, face = state.king_result
                values[last["seat"]] = (10 + count + face / 10) / 30   # harder to beat later
        return values


MODEL = CourtModel()


def random_step(view: dict, action: Action) -> bool:
    """Does `action` bring new luck (dice rolled anew)?"""
    card = (view["pending"] or {}).get("card")
    return (isinstance(action, Roll) or (isinstance(action, Confirm) and card == "merchant")
            or (isinstance(action, Pick) and card == "jester"))


class StrongBot(SearchBot):
    """The shared search (royaltable.search) over the rest of the turn, once a
    roll: until the next one it follows the plan that made its move best
    (`follow` False: a search at every decision, as before)."""
    def __init__(self, seed: int = 0, playouts: int = 600, follow: bool = True):
        super().__init__(seed, model=MODEL, playouts=playouts)
        self.follow = follow
        self.expect: tuple[dict, tuple] | None = None   # (the next view foreseen, the plans)
        self.followed = 0       # decisions made by following, not searching (for the bench)

    def choose(self, view, legal):
        expected, self.expect = self.expect, None
        state = sample_state(view, 0)
        if expected is not None and expected[0] == view:
            plans = expected[1]
            if len(legal) == 1:
                self._foresee(view, state, legal[0], plans)
                return legal[0]
            moves = {plan_action(state, plan) for plan in plans}
            if len(moves) == 1 and moves <= set(legal):
                action = moves.pop()
                self.followed += 1
                self._foresee(view, state, action, plans)
                return action
        if len(legal) == 1:
            return legal[0]
        found = self.search(view, legal)
        action = found.choice
        # The plan that made this move best: of the arms with this move, the one
        # that stayed longest in the halving, then the one that scored most.
        arms = [arm for arm in found.arms if arm.action == action and arm.playouts]
        if arms:
            best = max(arms, key=lambda arm: (arm.playouts, arm.value))
            plans = (best.plan,)
        else:                       # not searched (every plan agreed): go on while they agree
            plans = tuple(plan for move, plan in MODEL.candidates(state, legal) if move == action)
        self._foresee(view, state, action, plans)
        return action

    def _foresee(self, view, state, action, plans):
        """What the table will show after `action` if nothing random happens, and
        the plans to go on by then."""
        if not self.follow or not plans or random_step(view, action) or state.phase != DICE:
            return
        seat = view["seat"]
        state._apply(action)
        if state.phase == DICE and state.current == seat:
            self.expect = (state.view(seat), plans)


# The gentle level: quick's moves with a person's kind of mistakes (royaltable.gentle).
GentleBot = gentle_bot(QuickBot, CourtModel)
