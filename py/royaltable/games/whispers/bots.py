"""Computer players for 王宮のささやき (Palastgeflüster).

The game in one line: each of your turns lays one more character, the turn goes
where the card's colour sends it, and the round ends when someone has nothing
left to lay (everyone else scores) or lays a sixth (they score). So a player
watches three things: how many different characters it can still lay ("live"
cards: a character not yet in its display), whether its hand is on track for
six (all live and all different), and who it sends the turn to.

QuickBot plays one look ahead by these rules of thumb:
- Play: each playable card is scored by the hand it leaves (live characters,
  dead cards, on track for six), by its effect (the Maid, the Wizard and the
  Guard repair a hand with dead cards; showing your hand with the Accountant
  costs a little) and by where its colour sends the turn: to an opponent who
  is likely stuck (what it knows of their hand, else the chance that an unseen
  card repeats their display), away from one who would lay their sixth, back
  to itself when it is on track (with one card left: the sixth), never back to
  itself with nothing left to lay.
- Wizard: the opponent whose display makes its dead cards dead for them too;
  as many cards as it has dead ones; gives dead cards first, then duplicates.
  As the Wizard's partner it gives its dead cards, preferring ones the Wizard
  cannot lay either.
- Maid: discards a dead card (else a duplicate). Guard: takes back the display
  card whose character blocks most of its hand. Butler: the swap that frees
  most of its own hand and blocks an opponent's most. Grey-card ties: the
  tied player it most wants to move.

StrongBot searches (royaltable.search, 250 play-outs a move): from its view it
deals the cards it cannot see (keeping every card it knows: its hand, what the
Accountant showed, what its exchanges and the Guard revealed, its own
face-down discards, the King cards not yet turned up), tries each legal action
and plays the round out with QuickBot's rules for every seat, which in a
sampled world know every hand. A round's end is scored by the standings it
leaves (each point short of the goal weighs e^-1), the game's end by the result.
"""
from __future__ import annotations

import math

from ...core import Action, Bot
from ...gentle import gentle_bot
from ...search import Model, SearchBot
from .actions import Count, Discard, Give, Next, Play, Return, Swap, SwapWith, Target
from .rules import (ACCOUNTANT, BUTLER, CHAR, CHARACTERS, GENERAL, GUARD, JESTER, KING_CHAR,
                    MAID, OWNER, OVER, WIZARD, deck, knowledge, my_discards, swaps)

# Weights of the rules of thumb. Tournaments of QuickBot against itself found
# the play hardly sensitive to them (±60 % moved the win rate by under 1 %).
LIVE = 0.25        # each different character the hand can still lay
DEAD = 0.15        # each card that repeats the display
ON_TRACK = 0.3     # the hand can go on to six as it is
STUCK_GAIN = 0.6   # sending the turn to a player who cannot play
SIXTH_LOSS = 1.0   # sending the turn to a player who lays their sixth
REPAIR = {MAID: 0.25, WIZARD: 0.2, GUARD: 0.3}


class Seen:
    """What one seat knows, in plain data: its hand, every display, the cards it
    knows in each other hand, and the characters of the cards it has not seen.
    Characters are numbers (rules.CHAR); `blocked[s]` is what seat s cannot lay."""
    __slots__ = ("seat", "players", "hand", "chars", "displays", "blocked", "sizes", "known",
                 "pool", "pool_total", "banned", "silenced", "played", "totals", "goal")

    def _common(self, seat, players, hand, displays, sizes, king, played, totals, goal):
        self.seat = seat
        self.players = players
        self.hand = hand
        self.chars = [CHAR[c] for c in hand]
        self.displays = displays
        self.sizes = sizes
        self.banned = king == "king-jester"
        self.silenced = KING_CHAR[king] if king and not self.banned else None
        self.blocked = [{CHAR[c] for c in d} for d in displays]
        if self.banned:
            for blocked in self.blocked:
                blocked.add(JESTER)
        self.played = played
        self.totals = totals
        self.goal = goal

    @classmethod
    def from_view(cls, view: dict) -> "Seen":
        seen = cls()
        seat = view["seat"]
        seen._common(seat, view["players"], list(view["hand"]), view["displays"],
                     view["hand_sizes"], view["king"], view["played"], view["totals"], view["goal"])
        known = [k if k is not None else [] for k in knowledge(view)]
        seen.known = known
        pool = [0] * 7
        for card in deck(view["players"]):
            pool[CHAR[card]] += 1
        for card in (seen.hand + [c for d in seen.displays for c in d]
                     + [c for t, k in enumerate(known) if t != seat for c in k]
                     + my_discards(view)):
            pool[CHAR[card]] -= 1
        seen.pool = pool
        seen.pool_total = sum(pool)
        return seen

    @classmethod
    def from_state(cls, state, seat: int) -> "Seen":
        """Inside a sampled world: every hand is known."""
        seen = cls()
        seen._common(seat, state.players, state.hands[seat], state.displays,
                     [len(h) for h in state.hands], state.king, state.played, state.totals,
                     state.goal)
        seen.known = state.hands
        seen.pool = [0] * 7
        seen.pool_total = 0
        return seen

    # ---- reading a hand ------------------------------------------------------------
    def p_live(self, blocked: set[int]) -> float:
        """The chance that a card this seat has not seen is live for `blocked`."""
        if not self.pool_total:
            return 0.5
        return sum(k for c, k in enumerate(self.pool) if c not in blocked) / self.pool_total

    def stuck_chance(self, seat: int, blocked: set[int] | None = None) -> float:
        """How likely `seat` has nothing to lay (with `blocked` for its display)."""
        if blocked is None:
            blocked = self.blocked[seat]
        known = self.known[seat]
        for card in known:
            if CHAR[card] not in blocked:
                return 0.0
        unknown = self.sizes[seat] - len(known)
        if unknown <= 0:
            return 1.0
        return (1 - self.p_live(blocked)) ** unknown

    def turn_value(self, seat: int) -> float:
        """What handing the turn to another seat is worth to me."""
        stuck = self.stuck_chance(seat)
        sixth = (1 - stuck) if self.sizes[seat] == 1 else 0.0
        danger = 1.5 if self.totals[seat] + 1 >= self.goal else 1.0
        return STUCK_GAIN * stuck - SIXTH_LOSS * danger * sixth


def shape(chars: list[int], blocked: set[int]) -> tuple[int, int, bool]:
    """(different live characters, dead cards, on track for six) of a hand."""
    live = set()
    dead = 0
    for c in chars:
        if c in blocked:
            dead += 1
        else:
            live.add(c)
    return len(live), dead, dead == 0 and len(live) == len(chars)


def hand_value(chars: list[int], blocked: set[int]) -> float:
    live, dead, on_track = shape(chars, blocked)
    return LIVE * live - DEAD * dead + (ON_TRACK if on_track else 0.0)


def again_value(chars: list[int], blocked: set[int], repair: bool) -> float:
    """Getting the turn back myself with this hand."""
    live, _, on_track = shape(chars, blocked)
    if not live:
        return -0.5 if repair else -1.0
    if on_track:
        return 0.9 if len(chars) == 1 else 0.1
    return -0.1


def play_score(seen: Seen, card: str) -> float:
    me = seen.seat
    char = CHAR[card]
    if len(seen.displays[me]) == 5:
        return 10.0                                   # WH-20: the sixth scores
    chars = list(seen.chars)
    chars.remove(char)
    blocked = seen.blocked[me] | {char}
    live, dead, on_track = shape(chars, blocked)
    score = LIVE * live - DEAD * dead + (ON_TRACK if on_track else 0.0)
    active = char != seen.silenced
    repair = active and char in REPAIR and dead > 0
    if active:
        if char in REPAIR:
            score += REPAIR[char] if dead else -0.05
        elif char == ACCOUNTANT:
            score -= 0.1
        elif char == BUTLER and seen.played >= 2:
            score += 0.05
    owner = OWNER[card]
    if owner is None:                                # WH-10: grey goes to the fewest
        sizes = [len(d) for d in seen.displays]
        sizes[me] += 0 if active and char == GUARD and sizes[me] else 1
        fewest = min(sizes)
        tied = [s for s, size in enumerate(sizes) if size == fewest]
    else:
        tied = (owner,)
    best = -9.0
    for seat in tied:
        if seat == me:
            if not live:
                value = -0.5 if repair else -1.0
            elif on_track:
                value = 0.9 if len(chars) == 1 else 0.1
            else:
                value = -0.1
        else:
            value = seen.turn_value(seat)
        if value > best:
            best = value
    return score + best


def _give_rank(seen: Seen, card: str, partner: int) -> float:
    """How gladly I part with a card (higher: sooner)."""
    char = CHAR[card]
    rank = 0.0
    if char in seen.blocked[seen.seat]:
        rank += 2.0                                   # dead for me
    if seen.chars.count(char) > 1:
        rank += 1.0                                   # a duplicate: one of them must go
    if char in seen.blocked[partner]:
        rank += 0.5                                   # and useless to them
    return rank


def _swap_delta(seen: Seen, seat: int, out: str, into: int, memo: dict) -> float:
    """What replacing `out` in `seat`'s display by a card of character `into` is
    worth to me: a freer hand for myself, a more blocked one for an opponent."""
    key = (seat, out, into)
    value = memo.get(key)
    if value is None:
        before = seen.blocked[seat]
        after = (before - {CHAR[out]}) | {into}
        if seat == seen.seat:
            value = hand_value(seen.chars, after) - hand_value(seen.chars, before)
        else:
            known = [CHAR[c] for c in seen.known[seat]]
            value = (STUCK_GAIN * (seen.stuck_chance(seat, after) - seen.stuck_chance(seat, before))
                     - 0.1 * (shape(known, after)[0] - shape(known, before)[0]))
        memo[key] = value
    return value


def quick_action(seen: Seen, phase: str, legal: list[Action], *, exchange=None,
                 first_pick=None, butler_seat=None, butler_swaps=None) -> Action:
    """QuickBot's choice among `legal` (the rules of thumb in the docstring)."""
    if len(legal) == 1:
        return legal[0]
    me = seen.seat
    kind = type(legal[0])
    if kind is Play:
        return max(legal, key=lambda a: play_score(seen, a.card))
    if kind is Next:
        def value(action):
            seat = action.seat
            return (again_value(seen.chars, seen.blocked[me], False) if seat == me
                    else seen.turn_value(seat))
        return max(legal, key=value)
    if kind is Target:
        mine = seen.blocked[me]
        dead = [c for c in seen.chars if c in mine]
        def target_value(action):
            seat = action.seat
            theirs = seen.blocked[seat]
            value = sum(0.3 for c in dead if c in theirs) + 0.05 * len(seen.displays[seat])
            value += 0.1 * sum(1 for c in seen.known[seat] if CHAR[c] not in mine)
            return value
        return max(legal, key=target_value)
    if kind is Count:
        _, dead, on_track = shape(seen.chars, seen.blocked[me])
        want = 1 if on_track else max(1, dead)
        return legal[min(want, len(legal)) - 1]
    if kind is Give:
        partner = exchange["target"] if exchange["wizard"] == me else exchange["wizard"]
        return max(legal, key=lambda a: _give_rank(seen, a.card, partner))
    if kind is Discard:
        return max(legal, key=lambda a: _give_rank(seen, a.card, me))
    if kind is Return:
        return max(legal, key=lambda a: seen.chars.count(CHAR[a.card]))
    if kind in (Swap, SwapWith):
        memo = {}
        best, best_value = legal[0], -9.0
        if butler_swaps is None:
            butler_swaps = swaps(seen.displays, butler_seat)
        for first, second in butler_swaps:
            (s, x), (t, y) = first, second
            if kind is SwapWith and first_pick not in (first, second):
                continue
            value = 0.0
            if CHAR[x] != CHAR[y]:
                value = (_swap_delta(seen, s, x, CHAR[y], memo)
                         + _swap_delta(seen, t, y, CHAR[x], memo))
            if value > best_value:
                best_value = value
                if kind is Swap:
                    best = Swap(s, x)
                else:
                    other = second if first == first_pick else first
                    best = SwapWith(other[0], other[1])
        return best
    return legal[0]


class QuickBot(Bot):
    def choose(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        last = view["history"][-1] if view["history"] else {}
        pick = view["first_pick"]
        return quick_action(Seen.from_view(view), view["phase"], legal,
                            exchange=view["exchange"], first_pick=tuple(pick) if pick else None,
                            butler_seat=last.get("seat"))


# ---- the strong level: the shared search with QuickBot as the play-out ------------

def state_action(state) -> Action:
    """QuickBot's move for whoever acts in a full (sampled) state."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return quick_action(Seen.from_state(state, state.current), state.phase, legal,
                        exchange=state.exchange, first_pick=state.first_pick,
                        butler_seat=state.turn_seat,
                        butler_swaps=state._swaps() if state.phase in ("swap", "with") else None)


class WhispersModel(Model):
    game_id = "whispers"

    def standing(self, view):
        # WH-22: the first to the goal in points: my lead on the best and on the
        # mean of the others, and how near the goal the leader is.
        me, totals, goal = view["seat"], view["totals"], view["goal"]
        others = [t for s, t in enumerate(totals) if s != me]
        best = (totals[me] - max(others)) / goal
        return (best, (totals[me] - sum(others) / len(others)) / goal,
                best * max(totals) / goal, max(totals) / goal)

    def playout(self, state, rng):
        return state_action(state)

    def stop(self, root, state):
        return state.phase == OVER or state.round_no != root.round_no

    def evaluate(self, state):
        result = state.result()
        if result is not None:
            winners = result["winners"]
            return [1 / len(winners) if s in winners else 0.0 for s in range(state.players)]
        # Standings as chances: each point short of the goal weighs e^-1.
        weights = [math.exp(-(state.goal - t)) for t in state.totals]
        total = sum(weights)
        return [w / total for w in weights]


MODEL = WhispersModel()


class StrongBot(SearchBot):
    def __init__(self, seed: int = 0):
        super().__init__(seed, model=MODEL, playouts=250)


# The gentle level: quick's moves with a person's kind of mistakes (royaltable.gentle).
GentleBot = gentle_bot(QuickBot, WhispersModel)
