"""Computer players for 黄金の鍵 (The Golden Key).

Both read only their view (a full state is rebuilt from it with `sample_state`;
under C1 the face-down cards in it are guesses, and both players treat a
face-down card as worth nothing until it is turned up).

QuickBot looks at its whole turn: every flick, move and re-roll it could make
(a re-roll counted at its average over the six faces), and scores where the
turn ends by the chips won, minus the most the opponent could win with its
flicks and one move in reply, plus a little for its own chances next turn and
for the chips its dice are heading for ("reach": for each die the best card
it could match, alone or on top of the die there, discounted by the number of
moves it needs, faction-card detours included, from a table of fewest moves
between every (place, value) pair of the board). It proposes and accepts the
rescue rules whenever they are offered.

StrongBot is the shared search (royaltable.search) over GoldenKeyModel: every
legal action is played out six turns ahead (400 play-outs a move, shared by
sequential halving; 2 turns ahead won 48 % against QuickBot, 4 won 76 %, 6 won
82 %, 8 won 79 %, and 800 play-outs no more than 400) in worlds rebuilt from the view
with fresh dice (the only luck is in the re-rolls, and under C1 the face-down
cards), both sides playing a fast greedy policy (the flick or move that wins
the most chips now, with a little noise); where a play-out stops, each seat's
value comes from the chips it still needs, the side to move counted as
holding most of what it can win at once.
"""
from __future__ import annotations

import random

from ...core import Bot
from ...gentle import gentle_bot
from ...search import Model, SearchBot
from .actions import Accept, Decline, End, Flick, Keep, Move, Pass, Place, Propose, Refuse, Reroll
from .rules import (ANSWER, COLOURS, DICE, FACTION, FLICK, GEOMETRY, MOVE, OFFER, PLACE,
                    REROLL, REROLL_STEP, SPOTS, GoldenKeyState, owner, sample_state)

# Weights of QuickBot's turn score: a chip won now, the opponent's best reply,
# its own best chance next turn (the opponent may spoil it), and the chips each
# side's dice are heading for (REACH, worth DECAY less for every move further).
CHIP, THREAT, CHANCE, REACH, DECAY = 10.0, 8.0, 2.0, 3.0, 0.6


def _moves_table(geo, open_factions: bool) -> list[list[int]]:
    """table[a][b]: the fewest moves taking a die from (place, value) a to
    (place, value) b, each move adding 1 (GK-9/GK-10), over the board and the
    faction cards (GK-15), ignoring other dice; -1 when impossible. A place is
    a cell, or cells + 0 / + 1 for red's and blue's faction card; a pair is
    place * 6 + value - 1."""
    n = geo.cells
    near = []
    for loc in range(n + 2):
        if loc < n:
            out = list(geo.neighbours[loc])
            beside = geo.faction_beside[loc]
            if beside is not None and open_factions:
                out.append(n + (-1 - beside))
        else:
            out = geo.row_of_faction[-1 - (loc - n)] if open_factions else []
        near.append(out)
    size = (n + 2) * 6
    table = []
    for start in range(size):
        dist = [-1] * size
        frontier = [start]
        dist[start] = 0
        while frontier:
            nxt = []
            for node in frontier:
                loc, v = divmod(node, 6)
                for dest in near[loc]:
                    other = dest * 6 + (v + 1) % 6
                    if dist[other] < 0:
                        dist[other] = dist[node] + 1
                        nxt.append(other)
            frontier = nxt
        table.append(dist)
    return table


MOVES = {(rows, open_): _moves_table(geo, open_) for rows, geo in GEOMETRY.items()
         for open_ in (True, False)}


def place_index(state: GoldenKeyState, loc: int) -> int:
    return loc if loc >= 0 else state.geo.cells + (-1 - loc)


def reach(state: GoldenKeyState, seat: int) -> float:
    """The chips `seat`'s dice are heading for: for each free die, the best card
    it could match (alone, or on top of the one die there) counting the moves
    that takes, each further move worth DECAY less."""
    table = MOVES[(state.geo.rows, "C3" not in state.arranged)]
    total = 0.0
    for die in (2 * seat, 2 * seat + 1):
        loc = state.loc[die]
        if loc is None or state.covered(die):
            continue
        row = table[place_index(state, loc) * 6 + state.value[die] - 1]
        best = 0.0
        for cell, chips in enumerate(state.chips_on):
            if not chips or not state.up[cell] or state.card[cell] == REROLL:
                continue
            s = state.stack[cell]
            if len(s) == 2 or die in s:
                continue
            need = state.card[cell] - (state.value[s[0]] if s else 0)
            if 1 <= need <= 6:
                k = row[cell * 6 + need - 1]
                if k > 0:
                    worth = chips * DECAY ** (k - 1)
                    if worth > best:
                        best = worth
        total += best
    return total


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
    score += REACH * (reach(state, me) - reach(state, other))
    # Chips matter more near the goal: the threat of a winning reply is worst.
    if state.chips[other] + best_gain(state, other) >= state.target:
        score -= 200.0
    return score


def _after(state: GoldenKeyState, action) -> GoldenKeyState:
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
        return max(roll, turn_value(_after(state, Keep()), me, depth + 1))
    return max(turn_value(_after(state, a), me, depth + 1) for a in state.legal_actions())


def _as_kept(state: GoldenKeyState) -> GoldenKeyState:
    """The re-roll step with the die left as it is (a stand-in for its average)."""
    world = state.clone()
    world.reroll_forced = False
    world._apply(Keep())
    return world


def reroll_value(state: GoldenKeyState, me: int) -> float:
    """The average over the six faces of re-rolling the waiting die."""
    total = 0.0
    die = state.reroll_die
    for face in range(1, 7):
        world = state.clone()
        world.value[die] = face
        world.reroll_forced = False
        world._apply(Keep())            # continue exactly as after a roll of `face`
        total += turn_value(world, me, 1)
    return total / 6


def place_value(state: GoldenKeyState, action: Place) -> int:
    """GK-6: a spot is good when the die, moved on with +1, matches the card it faces."""
    die = DICE.index(action.die)
    colour = COLOURS[owner(die)]
    row = state.geo.row_of_faction[FACTION[owner(die)]]
    cell = row[SPOTS[colour].index(action.spot)]
    card = state.card[cell]
    return int(state.up[cell] and card != REROLL and card == state.value[die] % 6 + 1)


def quick_action(state: GoldenKeyState, rng: random.Random):
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
            if Propose(rule) in legal:
                return Propose(rule)
        return Decline()
    if phase == ANSWER:
        return Accept()
    if phase == REROLL_STEP:
        keep = turn_value(_after(state, Keep()), me, 1)
        return Reroll() if reroll_value(state, me) > keep else Keep()
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

def _targets(state: GoldenKeyState) -> list[tuple[int, float]]:
    """(index of the (cell, value) a die must reach to win a card, chips) for
    every card a single die could win now."""
    out = []
    for cell, chips in enumerate(state.chips_on):
        if chips and state.up[cell] and state.card[cell] != REROLL:
            s = state.stack[cell]
            if len(s) < 2:
                need = state.card[cell] - (state.value[s[0]] if s else 0)
                if 1 <= need <= 6:
                    out.append((cell * 6 + need - 1, chips))
    return out


POWERS = [DECAY ** (k - 1) if k > 0 else 0.0 for k in range(64)]


def playout_action(state: GoldenKeyState, rng: random.Random, guided: bool = False):
    """A fast move for the play-outs: the flick or move winning the most chips
    now (among equals, if `guided`, the one bringing the die nearest to a card
    it could win); a little noise."""
    phase = state.phase
    if phase == MOVE or phase == FLICK:
        me = state.mover
        options = []
        if phase == FLICK:
            for die in state.flicks:
                for dest in state.flick_targets(die):
                    options.append((Flick, die, dest))
        else:
            for die in (2 * me, 2 * me + 1):
                for dest in state.move_targets(die):
                    options.append((Move, die, dest))
        if not options:
            legal = state.legal_actions()
            return Pass() if Pass() in legal else rng.choice(legal)
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
            if guided and len(picks) > 1 and phase == MOVE:
                targets = _targets(state)
                if targets:
                    table = MOVES[(state.geo.rows, "C3" not in state.arranged)]
                    n = state.geo.cells
                    top, near = -1.0, []
                    for option in picks:
                        _, die, dest = option
                        row = table[(dest if dest >= 0 else n - 1 - dest) * 6 + state.value[die] % 6]
                        worth = max(chips * POWERS[row[t]] for t, chips in targets)
                        if worth > top + 1e-9:
                            top, near = worth, [option]
                        elif worth > top - 1e-9:
                            near.append(option)
                    picks = near
            verb, die, dest = rng.choice(picks)
            if best <= 0 and state.moves_done and rng.random() < 0.5:
                return End()
        return verb(DICE[die], dest_name(state, dest))
    if phase == REROLL_STEP:
        if state.reroll_forced:
            return Reroll()
        die = state.reroll_die
        loc = state.loc[die]
        value = state.value[die] % 6 + 1
        for dest in state.geo.neighbours[loc]:
            if state.chips_on[dest] and state.up[dest]:
                s = state.stack[dest]
                if len(s) < 2 and value + (state.value[s[0]] if s else 0) == state.card[dest]:
                    return Keep()                           # a chip is in reach next turn
        return Reroll()
    if phase == OFFER:
        return Decline()
    if phase == ANSWER:
        return Refuse()
    return rng.choice(state.legal_actions())


def chances(state: GoldenKeyState, reach_weight: float = 0.0) -> list[float]:
    """Each seat's chance to win, judged from the chips each still needs: the
    mover counted as already holding most of what it can win at once, and each
    side some of what its dice are heading for."""
    if state.over:
        winners = state.winners
        return [1 / len(winners) if s in winners else 0.0 for s in (0, 1)]
    need = [state.target - state.chips[0], state.target - state.chips[1]]
    if reach_weight:
        need = [max(0.5, need[s] - reach_weight * reach(state, s)) for s in (0, 1)]
    mover = state.mover
    if state.phase in (FLICK, MOVE):
        need[mover] = max(0.3, need[mover] - 0.8 * best_gain(state, mover))
    a, b = need[1] ** 2, need[0] ** 2       # fewer chips still needed: better
    return [a / (a + b), b / (a + b)]


class GoldenKeyModel(Model):
    game_id = "golden_key"

    def __init__(self, horizon: int = 6, reach_weight: float = 0.0, guided: int = 0):
        self.horizon = horizon          # turns a play-out looks ahead
        self.reach_weight = reach_weight
        self.guided = bool(guided)

    def standing(self, view):
        # GK-19/21: the first to the target in chips: the chips each side has to go.
        me, chips, target = view["seat"], view["chips"], view["target"]
        return ((target - chips[me]) / target, (target - chips[1 - me]) / target)

    def playout(self, state, rng):
        return playout_action(state, rng, self.guided)

    def stop(self, root, state):
        return state.over or state.turn >= root.turn + self.horizon

    def evaluate(self, state):
        return chances(state, self.reach_weight)


MODEL = GoldenKeyModel()


class StrongBot(SearchBot):
    def __init__(self, seed: int = 0, playouts: int = 400, model: GoldenKeyModel = MODEL):
        super().__init__(seed, model=model, playouts=playouts)


# The gentle level: quick's moves with a person's kind of mistakes (royaltable.gentle).
GentleBot = gentle_bot(QuickBot, GoldenKeyModel)
