"""Computer players for 黄金の鍵 (The Golden Key).

Both read only their view (a full state is rebuilt from it with `sample_state`;
under C1 the face-down cards in it are guesses, and both players treat a
face-down card as worth nothing until it is turned up).

QuickBot looks at its whole turn: every flick, move and re-roll it could make
(a re-roll counted at its average over the six faces), and scores where the
turn ends by the chips won, minus the most the opponent could win with one
flick and one move in reply, plus a little for its own chances next turn.
It proposes and accepts the rescue rules whenever they are offered.

StrongBot is the shared search (royaltable.search) over a Model: every legal
action is played out a few turns ahead in worlds rebuilt from the view with
fresh dice (the only luck is in the re-rolls, and under C1 the face-down
cards), both sides playing a fast greedy policy (the move that wins the most
chips now, else one that does not hand the opponent a chip, with a little
noise); where a play-out stops, a chip count weighted by what each side still
needs and by the threat of the side to move gives each seat a value.
"""
from __future__ import annotations

import random

from ...core import Bot
from ...search import Model, SearchBot
from .rules import (COLOURS, DICE, FACTION, FLICK, MOVE, OFFER, ANSWER, PLACE, REROLL,
                    REROLL_STEP, GoldenKeyState, owner, sample_state)

# Weights of QuickBot's turn score: a chip won now, the opponent's best reply,
# and its own best chance next turn (the opponent may spoil it).
CHIP, THREAT, CHANCE = 10.0, 8.0, 2.0


def dest_name(state: GoldenKeyState, dest: int) -> str:
    return state.geo.names[dest] if dest >= 0 else COLOURS[-1 - dest]


def move_gain(state: GoldenKeyState, die: int, dest: int) -> int:
    """Chips the move or flick of `die` to `dest` wins for its owner, minus the
    chips it hands to the other player (GK-11, GK-25), judged on the two cards
    it touches. Face-down cards count as nothing."""
    me = owner(die)
    gain = 0
    value = state.value[die] % 6 + 1
    src = state.loc[die]
    if src >= 0:
        s = state.stack[src]
        if len(s) == 2 and s[1] == die and state.chips_on[src] and state.card[src] != REROLL:
            under = s[0]
            if state.card[src] == state.value[under]:       # the die left alone matches
                gain += state.chips_on[src] if owner(under) == me else -state.chips_on[src]
    if dest >= 0:
        chips = state.chips_on[dest]
        if chips and state.up[dest] and state.card[dest] != REROLL:
            s = state.stack[dest]
            if value + (state.value[s[0]] if s else 0) == state.card[dest]:
                gain += chips
    elif dest == FACTION[1 - me] and "C4" in state.arranged and not state.c4_used[me] \
            and state.chips[1 - me] > 0:
        gain += 2                                           # one chip over: a swing of two
    return gain


def best_gain(state: GoldenKeyState, seat: int) -> int:
    """The most `seat` could win with the flicks it must make and one move, if
    it moved now (a quick estimate: each flick and the move judged alone)."""
    total = 0
    movable = []
    for die in (2 * seat, 2 * seat + 1):
        top = state.top_of(die)
        if top is not None:
            targets = state.flick_targets(top)
            if targets:
                total += max(move_gain(state, top, d) for d in targets)
                movable.append(die)                         # free once flicked
        else:
            movable.append(die)
    best = 0
    for die in movable:
        for dest in _targets_ignoring_cover(state, die):
            g = move_gain(state, die, dest)
            if g > best:
                best = g
    return total + best


def _targets_ignoring_cover(state, die):
    if state.covered(die):
        loc = state.loc[die]
        return [d for d in state.next_to(loc) if state.room(d)]
    return state.move_targets(die)


def turn_score(state: GoldenKeyState, me: int) -> float:
    """QuickBot's value of a state where its turn has ended."""
    if state.over:
        return 1000.0 if me in state.winners and len(state.winners) == 1 else -1000.0
    other = 1 - me
    score = CHIP * (state.chips[me] - state.chips[other])
    if state.chips[me] - state.chips[other] == 0 and state.chips[me] + 1 >= state.target:
        score += 0.0
    score -= THREAT * best_gain(state, other)
    score += CHANCE * best_gain(state, me)
    # Chips matter more near the goal: the threat of a winning reply is worst.
    if state.chips[other] + best_gain(state, other) >= state.target:
        score -= 200.0
    return score


def _after(state: GoldenKeyState, action: str) -> GoldenKeyState:
    world = state.clone()
    world._apply(action)
    return world


def turn_value(state: GoldenKeyState, me: int, depth: int = 0) -> float:
    """The best QuickBot can make of the rest of its turn from `state`."""
    if state.over or state.current != me or state.phase not in (FLICK, MOVE, REROLL_STEP):
        return turn_score(state, me)
    if state.phase == REROLL_STEP:
        roll = reroll_value(state, me) if depth == 0 else turn_value(_as_kept(state), me, depth + 1)
        if state.reroll_forced:
            return roll
        return max(roll, turn_value(_after(state, "keep"), me, depth + 1))
    return max(turn_value(_after(state, a), me, depth + 1) for a in state.legal_actions())


def _as_kept(state: GoldenKeyState) -> GoldenKeyState:
    """The re-roll step with the die left as it is (a stand-in for its average)."""
    world = state.clone()
    world.reroll_forced = False
    world._apply("keep")
    return world


def reroll_value(state: GoldenKeyState, me: int) -> float:
    """The average over the six faces of re-rolling the waiting die."""
    total = 0.0
    die = state.reroll_die
    for face in range(1, 7):
        world = state.clone()
        world.value[die] = face
        world.reroll_forced = False
        world._apply("keep")            # continue exactly as after a roll of `face`
        total += turn_value(world, me, 1)
    return total / 6


def place_value(state: GoldenKeyState, action: str) -> int:
    """GK-6: a spot is good when the die, moved on with +1, matches the card it faces."""
    _, die_name, spot = action.split()
    die = DICE.index(die_name)
    row = state.geo.row_of_faction[FACTION[owner(die)]]
    cell = row[int(spot[-1])]
    card = state.card[cell]
    return int(state.up[cell] and card != REROLL and card == state.value[die] % 6 + 1)


def quick_action(state: GoldenKeyState, rng: random.Random) -> str:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    me = state.current
    phase = state.phase
    if phase == PLACE:
        best = max(place_value(state, a) for a in legal)
        return rng.choice([a for a in legal if place_value(state, a) == best])
    if phase == OFFER:
        for rule in ("R2", "R3", "R1"):                    # GK-26: break the deadlock
            if "propose " + rule in legal:
                return "propose " + rule
        return "decline"
    if phase == ANSWER:
        return "accept"
    if phase == REROLL_STEP:
        keep = turn_value(_after(state, "keep"), me, 1)
        return "reroll" if reroll_value(state, me) > keep else "keep"
    scored = [(turn_value(_after(state, a), me, 1), a) for a in legal]
    top = max(v for v, _ in scored)
    return rng.choice([a for v, a in scored if v >= top - 1e-9])


class QuickBot(Bot):
    def choose(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        state = sample_state(view, self.rng.randrange(2**31))
        action = quick_action(state, self.rng)
        return action if action in legal else legal[0]


# ---- the strong level: the shared search over a model of this game ----------------------

def playout_action(state: GoldenKeyState, rng: random.Random) -> str:
    """A fast move for the play-outs: the flick or move winning the most chips
    now; among equals, one that leaves nothing next to the opponent's dice
    worth taking; a little noise."""
    phase = state.phase
    if phase == MOVE or phase == FLICK:
        me = state.mover
        options = []
        if phase == FLICK:
            for die in state.flicks:
                for dest in state.flick_targets(die):
                    options.append(("flick", die, dest))
        else:
            for die in (2 * me, 2 * me + 1):
                for dest in state.move_targets(die):
                    options.append(("move", die, dest))
        if not options:
            legal = state.legal_actions()
            return "pass" if "pass" in legal else rng.choice(legal)
        if rng.random() < 0.1:
            verb, die, dest = rng.choice(options)
        else:
            best, picks = None, []
            for option in options:
                g = move_gain(state, option[1], option[2])
                if best is None or g > best:
                    best, picks = g, [option]
                elif g == best:
                    picks.append(option)
            verb, die, dest = rng.choice(picks)
            if best <= 0 and state.moves_done and rng.random() < 0.5:
                return "end"
        return "%s %s %s" % (verb, DICE[die], dest_name(state, dest))
    if phase == REROLL_STEP:
        if state.reroll_forced:
            return "reroll"
        die = state.reroll_die
        loc = state.loc[die]
        value = state.value[die] % 6 + 1
        for dest in state.geo.neighbours[loc]:
            if state.chips_on[dest] and state.up[dest]:
                s = state.stack[dest]
                if len(s) < 2 and value + (state.value[s[0]] if s else 0) == state.card[dest]:
                    return "keep"                           # a chip is in reach next turn
        return "reroll"
    if phase == OFFER:
        return "decline"
    if phase == ANSWER:
        return "refuse"
    return rng.choice(state.legal_actions())


def chances(state: GoldenKeyState) -> list[float]:
    """Each seat's chance to win, judged from the chips each still needs, the
    mover counted as already holding most of what it can win at once."""
    if state.over:
        winners = state.winners
        return [1 / len(winners) if s in winners else 0.0 for s in (0, 1)]
    need = [state.target - state.chips[0], state.target - state.chips[1]]
    mover = state.current if state.phase not in (OFFER, ANSWER) else state.mover
    if mover is not None and state.phase in (FLICK, MOVE):
        need[mover] = max(0.3, need[mover] - 0.8 * best_gain(state, mover))
    a, b = need[1] ** 2, need[0] ** 2       # fewer chips still needed: better
    return [a / (a + b), b / (a + b)]


class GoldenKeyModel(Model):
    game_id = "golden_key"
    horizon = 4                 # turns a play-out looks ahead

    def playout(self, state, rng):
        return playout_action(state, rng)

    def stop(self, root, state):
        return state.over or state.turn >= root.turn + self.horizon

    def evaluate(self, state):
        return chances(state)


MODEL = GoldenKeyModel()


class StrongBot(SearchBot):
    def __init__(self, seed: int = 0, playouts: int = 400):
        super().__init__(seed, model=MODEL, playouts=playouts)
