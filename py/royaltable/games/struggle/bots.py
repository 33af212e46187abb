"""Computer players for King's Struggle.

QuickBot reads a full state dealt from its own view (sample_state) but looks only
at what its seat knows: its hand and the table. It
- weighs each card by its worth now, the chance that it takes the trick
  (against the cards each opponent may still hold, equal totals cancelling, its
  own ability counted as a rough boost) times what a trick adds to a split,
  plus the gold its ability brings, against what keeping it is worth in a later
  round (nothing, for cards beyond those the remaining rounds can use); it then
  picks at random, the better cards far more often: with equal decks, players
  who all pick the best card by one rule pick the same power and cancel;
- at its ability turn, tries every legal use and every offer on the table on the
  revealed trick and keeps the one that leaves it best off against the others'
  mean (gold, and the split points of the trick for whoever would take it);
- values each use of someone else's ability the same way, predicts what the
  active player would do unpaid, and offers the smallest amount that makes the
  use it prefers worth more to the active player, when what it gains is worth
  more than the gold (gold paid counts twice: it leaves us and helps a rival).

StrongBot is the shared search (royaltable.search) with QuickBot's rules as the
play-out policy; a play-out ends with the round, scored by gold, the best split
of the won cards, and the expected worth of the cards still in hand, as the
margin over the best rival (in the last round, half that and half the win).
Offers are searched like any move: whether to bid and for which use, and a
handful of amounts around what the quick rule would bid, so the search prices a
use in gold by playing it out; accepting is compared with using the ability
freely the same way. Promises are never made (they bind nobody and no play-out
can value them). The budget is 200 play-outs a move at 3 players down to 90 at
6, where a round's play-out is about twice as long.
"""
from __future__ import annotations

import math

from ...core import Bot
from ...gentle import gentle_bot
from ...search import Model, SearchBot
from .actions import (NO_PROMISE, PASS, Accept, Discard, Knight, KnightDeal, Minus, NotUsed,
                      Pass, Plus, Spy, Steal, Swap, offer_of)
from .rules import (CARD_OF, CHOOSE, DECIDE, GOLD_OF, IN, KNIGHT_CARD, KNIGHT_OF, LEAD, MARKER_VALUE,
                    MERCHANT, NEGOTIABLE, OFFER, OFFER_GOLD, OFFER_PROMISE, OUT, OVER, PEASANT_GOLD,
                    PLAY_OF, ROUNDS, THIEF, THIEF_TAKE, StruggleState, power_of, sample_state)
from .scoring import best_split

CARD_WORTH = 1.8        # what one more won card adds to a split, on average
# A card's strength in the fight for the trick, its ability counted roughly: the
# Jester adds 3 to itself, the Knight a second card, the Guard and the Diplomat
# cut down the best rival, the Queen takes it.
STRENGTH = {1: 1, 2: 2, 3: 3, 4: 7, 5: 6, 6: 8, 7: 9, 8: 10, 9: 10, 10: 10}
# Gold an ability brings on its own (the Merchant's grows with the table).
ABILITY_GOLD = {1: PEASANT_GOLD, THIEF: 0.75 * THIEF_TAKE}
NEGOTIABLE_BONUS = 0.4  # others may pay for its use
TEMPERATURE = 0.5       # how far the card choice strays from the best (in points)


def ability_gold(power: int, players: int) -> float:
    if power == MERCHANT:
        return 1 + 0.3 * (players - 1)
    return ABILITY_GOLD.get(power, 0.0) + (NEGOTIABLE_BONUS if power in NEGOTIABLE else 0)


def win_chances(dists: list[list[float]]) -> list[float]:
    """For each strength 0..10 of our card, the chance that it takes the trick.
    dists: for each opponent, the chance of each strength 0..10 of its card.
    Our card wins when nobody equals it and every higher card is cancelled by
    an equal one elsewhere (the opponents taken as independent)."""
    chances = [1.0] * 11
    for index, dist in enumerate(dists):
        # below[v]: its card is lower than v; cancelled[v]: higher, but cancelled
        below = [0.0] * 11
        for v in range(1, 11):
            below[v] = below[v - 1] + dist[v - 1]
        cancelled = [0.0] * 12
        for x in range(10, -1, -1):
            share = 0.0
            if dist[x]:
                alone = 1.0
                for other, d in enumerate(dists):
                    if other != index:
                        alone *= 1 - d[x]
                share = dist[x] * (1 - alone)
            cancelled[x] = cancelled[x + 1] + share
        for v in range(11):
            chances[v] *= below[v] + cancelled[v + 1]
    return chances


def _uniform_win_chance(strength: int, players: int) -> float:
    """The chance that a card of `strength` takes a trick against others playing
    powers 1..10 at random (equal totals cancel)."""
    dist = [0.0] + [0.1] * 10
    return win_chances([dist] * (players - 1))[strength]


# Worth of keeping a card for a later round, by power and table size.
KEEP = {n: {p: _uniform_win_chance(STRENGTH[p], n) * CARD_WORTH * n + ability_gold(p, n)
            for p in range(1, 11)} for n in range(3, 7)}


def hand_worth(powers: list[int], rounds: int, players: int) -> float:
    """What the best `rounds` cards of a hand are worth in later rounds."""
    keep = KEEP[players]
    values = sorted((keep[p] for p in powers), reverse=True)
    return sum(values[:max(rounds, 0)])


def trick_worth(state: StruggleState, seat: int, cards: list[int], memo: dict) -> float:
    """What taking `cards` adds to `seat`'s best split. `memo` may be shared by
    any states: it is keyed by the powers alone."""
    pile = tuple(power_of(c) for c in state.won[seat])
    key = (pile, tuple(sorted(power_of(c) for c in cards)))
    worth = memo.get(key)
    if worth is None:
        if len(memo) > 200_000:
            memo.clear()
        worth = memo[key] = best_split(pile + key[1])[0] - state.scores[seat][0]
    return worth


# ---- the revealed trick as plain numbers ---------------------------------------

class Trick:
    """The revealed trick: each seat's total and cards (None once gone), and gold."""
    __slots__ = ("totals", "cards", "gold")

    def __init__(self, totals, cards, gold):
        self.totals, self.cards, self.gold = totals, cards, gold

    @classmethod
    def of(cls, state: StruggleState) -> "Trick":
        totals, cards = [], []
        for s in range(state.players):
            if state.slot[s] is None or state.status[s] != IN:
                totals.append(None)
                cards.append(None)
            else:
                totals.append(state._total(s))
                cards.append([c for c in (state.slot[s], state.companion[s]) if c is not None])
        return cls(totals, cards, list(state.gold))

    def copy(self) -> "Trick":
        return Trick(list(self.totals), list(self.cards), list(self.gold))

    def winner(self):
        counts = {}
        for t in self.totals:
            if t is not None:
                counts[t] = counts.get(t, 0) + 1
        best, who = None, None
        for s, t in enumerate(self.totals):
            if t is not None and counts[t] == 1 and (best is None or t > best):
                best, who = t, s
        return who


def gains(state: StruggleState, trick: Trick, memo: dict) -> list[float]:
    """Each seat's gain if the trick ended as it stands: gold, and the split
    points of the cards for its taker."""
    result = [trick.gold[s] - state.gold[s] for s in range(state.players)]
    winner = trick.winner()
    if winner is not None:
        cards = [c for cs in trick.cards if cs for c in cs]
        result[winner] += trick_worth(state, winner, cards, memo)
    return result


def utility(values: list[float], seat: int) -> float:
    """Better off than the others' mean."""
    n = len(values)
    return values[seat] - (sum(values) - values[seat]) / (n - 1)


def public_pools(state: StruggleState, seat: int) -> list[list[int]]:
    """For each seat, the cards of its deck that `seat` has not seen played,
    won or discarded: what its hand (and face-down card) may hold."""
    seen = set(state.discard)
    for pile in state.won:
        seen.update(pile)
    for s in range(state.players):
        if state.status[s] == IN or s == seat:
            seen.update(c for c in (state.slot[s], state.companion[s]) if c is not None)
    return [[c for c in range(s * 10, s * 10 + 10) if c not in seen] for s in range(state.players)]


def outcome_of_use(trick: Trick, active: int, use,
                   pools: list[list[int]]) -> list[tuple[float, Trick]]:
    """The tricks a use (or pass) leads to, with their chances (the Spy's draw is random)."""
    if isinstance(use, (NotUsed, Pass)):
        return [(1.0, trick)]
    after = trick.copy()
    if isinstance(use, (Knight, KnightDeal)):
        if isinstance(use, Knight):
            card = CARD_OF[use.card]
        else:              # the Knight's hand, seen from outside: its weakest card
            unseen = [c for c in pools[active] if c not in trick.cards[active]]
            if not unseen:
                return [(1.0, after)]
            card = min(unseen, key=power_of)
        after.totals[active] += power_of(card)
        after.cards[active] = after.cards[active] + [card]
        return [(1.0, after)]
    target = use.target
    if isinstance(use, Steal):
        took = min(THIEF_TAKE, after.gold[target])
        after.gold[target] -= took
        after.gold[active] += took
    elif isinstance(use, Plus):
        after.totals[target] += MARKER_VALUE
    elif isinstance(use, Minus):
        after.totals[target] -= MARKER_VALUE
    elif isinstance(use, Discard):
        after.totals[target] = None
        after.cards[target] = None
    elif isinstance(use, Swap):
        for field in (after.totals, after.cards):
            field[active], field[target] = field[target], field[active]
        # markers stay on their cards: the totals move with them
    elif isinstance(use, Spy):
        pool = [c for c in pools[target] if c not in trick.cards[target]] or pools[target]
        outcomes = []
        for card in pool:
            one = after.copy()
            one.totals[target] = power_of(card)
            one.cards[target] = [card]
            outcomes.append((1 / len(pool), one))
        return outcomes
    return [(1.0, after)]


def use_gains(state, trick, active, use, pools, memo) -> list[float]:
    """Each seat's expected gain if `active` carries out `use` and the trick
    ended then."""
    outcomes = outcome_of_use(trick, active, use, pools)
    if len(outcomes) == 1:
        return gains(state, outcomes[0][1], memo)
    total = [0.0] * state.players
    for chance, after in outcomes:
        for s, g in enumerate(gains(state, after, memo)):
            total[s] += chance * g
    return total


def own_use_value(state, trick, use, pools, memo) -> float:
    """The active player's utility of its own use, knowing its hand: a Knight
    deal gets its best card, and a card added to the Knight leaves the hand."""
    seat = state.active
    if isinstance(use, KnightDeal):
        return max(own_use_value(state, trick, KNIGHT_OF[c], pools, memo)
                   for c in state.hands[seat])
    value = utility(use_gains(state, trick, seat, use, pools, memo), seat)
    if isinstance(use, Knight):
        value -= 0.5 * KEEP[state.players][power_of(CARD_OF[use.card])]
    return value


def paid(amount: int, players: int) -> float:
    """What paying `amount` to one rival costs in utility (it leaves us and helps them)."""
    return amount * (1 + 1 / (players - 1))


# ---- the quick rules, on a full state, reading only what the seat knows ----------

def choose_card(state: StruggleState, seat: int, rng) -> str:
    n = state.players
    pools = public_pools(state, seat)
    dists = []
    for s in range(n):
        if s == seat or state.status[s] == OUT:
            continue
        dist = [0.0] * 11
        if state.status[s] == IN:
            dist[STRENGTH[power_of(state.slot[s])]] = 1.0
        else:
            pool = pools[s]
            for c in pool:
                dist[STRENGTH[power_of(c)]] += 1 / len(pool)
        dists.append(dist)
    chances = win_chances(dists)
    hand = [power_of(c) for c in state.hands[seat]]
    rounds_after = ROUNDS - state.round_no
    pile = [0] * 11
    for c in state.won[seat]:
        pile[power_of(c)] += 1
    worth = CARD_WORTH * (len(dists) + 1)
    values = []
    for card in state.hands[seat]:
        p = power_of(card)
        rest = list(hand)
        rest.remove(p)
        # worth now, plus what the rest of the hand is still worth later
        value = (chances[STRENGTH[p]] * (worth + (1.5 if pile[p] else 0))
                 + ability_gold(p, n) + hand_worth(rest, rounds_after, n))
        values.append(value)
    # Equal decks and one rule would have every quick player pick the same power
    # and cancel each other (ST-10): pick at random, the better cards more often.
    top = max(values)
    weights = [math.exp((v - top) / TEMPERATURE) for v in values]
    return PLAY_OF[rng.choices(state.hands[seat], weights)[0]]


def decide_ability(state: StruggleState, seat: int, legal: list[str], memo: dict) -> str:
    trick = Trick.of(state)
    pools = public_pools(state, seat)
    n = state.players
    offers = {o["seat"]: o for o in state.offers}
    best, choice = None, PASS
    for action in legal:
        if isinstance(action, Accept):
            offer = offers[action.seat]
            value = paid(offer["gold"], n) + own_use_value(state, trick, offer["use"], pools, memo)
        else:
            value = own_use_value(state, trick, action, pools, memo)
        if best is None or value > best + 1e-9:
            best, choice = value, action
    return choice


def bids(state: StruggleState, seat: int, memo: dict) -> dict[str, tuple[int, float]]:
    """For each use an offer may name: (the gold that makes the active player
    prefer it to what it would do unpaid and to the offers on the table, what
    the deal would gain this seat). Amounts beyond this seat's gold: (0, 0)."""
    n = state.players
    active = state.active
    # Every bidder sees the same: the trick is revealed and the Knight's hand
    # hidden from all. So the expected gains of each use, what the active player
    # would do unpaid and the best deal on the table are worked out once a step.
    key = (state.round_no, state.turn, len(state.offers))
    cached = getattr(state, "_bargain", None)
    if cached and cached[0] == key:
        _, outcome, theirs, predicted, target = cached
    else:
        trick = Trick.of(state)
        pools = public_pools(state, seat)
        outcome = {u: use_gains(state, trick, active, u, pools, memo) for u in state.offer_uses()}
        theirs = {u: utility(g, active) for u, g in outcome.items()}
        predicted = max(theirs, key=theirs.get)
        target = theirs[predicted]
        for other in state.offers:
            target = max(target, paid(other["gold"], n) + theirs[other["use"]])
        state._bargain = (key, outcome, theirs, predicted, target)
    baseline = utility(outcome[predicted], seat)
    result = {}
    for use, gain in outcome.items():
        amount = max(1, int((target - theirs[use]) / (1 + 1 / (n - 1))) + 1)
        if amount > state.gold[seat]:
            result[use] = (0, 0.0)
        else:
            result[use] = (amount, utility(gain, seat) - baseline - paid(amount, n))
    return result


def make_offer(state: StruggleState, seat: int, memo: dict) -> str:
    best, choice = 0.5, PASS         # an offer must gain more than this to be worth it
    for use, (amount, gain) in bids(state, seat, memo).items():
        if amount and gain > best:
            best, choice = gain, offer_of(use)
    return choice


def offer_amount(state: StruggleState, seat: int, memo: dict) -> int:
    amount, _ = bids(state, seat, memo)[state.making["use"]]
    return max(1, min(amount, state.gold[seat]))


def quick_action(state: StruggleState, rng, memo: dict | None = None) -> str:
    """QuickBot's move for state.current (only what that seat may know is read).
    `memo` caches split points across calls (see trick_worth)."""
    if memo is None:
        memo = {}
    seat = state.to_act
    phase = state.phase
    if phase in (LEAD, CHOOSE):
        return choose_card(state, seat, rng)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if phase in (DECIDE, KNIGHT_CARD):
        return decide_ability(state, seat, legal, memo)
    if phase == OFFER:
        return make_offer(state, seat, memo)
    if phase == OFFER_GOLD:
        return GOLD_OF[offer_amount(state, seat, memo)]
    if phase == OFFER_PROMISE:
        return NO_PROMISE
    return legal[0]


class QuickBot(Bot):
    def choose(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        world = sample_state(view, self.rng.randrange(2**31))
        action = quick_action(world, self.rng)
        return action if action in legal else legal[0]


# ---- the strong level: the shared search with a King's Struggle model -------------

def expected_points(state: StruggleState) -> list[float]:
    """Each seat's points so far and what its hand should still bring."""
    n = state.players
    rounds = ROUNDS - state.round_no + (0 if state.phase == OVER else 1)
    return [state.gold[s] + state.scores[s][0]
            + hand_worth([power_of(c) for c in state.hands[s]], rounds, n) for s in range(n)]


class StruggleModel(Model):
    game_id = "struggle"
    scale = 40.0     # points that separate a sure loss from a sure win

    def __init__(self):
        self.memo: dict = {}     # split points by powers, shared by all play-outs

    def standing(self, view):
        # ST-18..20: points (won cards' best split and gold) after the last round:
        # my lead on the best and on the mean of the others, and the rounds played.
        me = view["seat"]
        totals = [s["total"] for s in view["score"]]
        others = [t for s, t in enumerate(totals) if s != me]
        played = (view["round"] - 1) / view["rounds"]
        best = (totals[me] - max(others)) / 30
        return (best, (totals[me] - sum(others) / len(others)) / 30, best * played, played)

    def playout(self, state, rng):
        return quick_action(state, rng, self.memo)

    def stop(self, root, state):
        return state.round_no != root.round_no or state.over

    def evaluate(self, state):
        points = expected_points(state)
        result = state.result()
        values = []
        for s, mine in enumerate(points):
            rival = max(p for t, p in enumerate(points) if t != s)
            value = 0.5 + (mine - rival) / self.scale
            if result is not None:
                value = 0.5 * value + 0.5 * (1.0 / len(result["winners"]) if s in result["winners"] else 0.0)
            values.append(min(1.0, max(0.0, value)))
        return values

    def candidates(self, world, legal):
        if world.phase == OFFER_PROMISE:
            return [(NO_PROMISE, None)]
        if world.phase == OFFER_GOLD:
            seat = world.to_act
            quick = offer_amount(world, seat, self.memo)
            amounts = {1, 2, 3, 5, 8, quick - 1, quick, quick + 1, quick + 3}
            return [(GOLD_OF[k], None) for k in sorted(amounts) if 0 < k < len(GOLD_OF) and GOLD_OF[k] in legal]
        return [(action, None) for action in legal]


class StrongBot(SearchBot):
    """The shared search over sampled hands, play-outs to the end of the round.
    A round's play-out is longer with more players (more cards, more bargains),
    so the budget shrinks with the table to keep a move's time in bounds."""
    BUDGET = {3: 200, 4: 150, 5: 110, 6: 90}

    def __init__(self, seed: int = 0, playouts: int | None = None):
        super().__init__(seed, model=StruggleModel(), playouts=playouts or self.BUDGET[4])
        self.fixed = playouts

    def ranked(self, view, legal):
        if self.fixed is None:
            self.playouts = self.BUDGET[view["players"]]
        return super().ranked(view, legal)


# The gentle level: quick's moves with a person's kind of mistakes (royaltable.gentle).
GentleBot = gentle_bot(QuickBot, StruggleModel)
