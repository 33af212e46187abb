"""Computer players for Krypkille.

QuickBot follows a few rules of thumb. StrongBot samples the hands it cannot see
from its own view (never the real ones), plays every candidate action out to the
end of the round in each sampled world, and keeps the action with the best
average outcome. Follows are forced (KK-11), so only discards, leads and the
showdown are real decisions.
"""
from __future__ import annotations

import random

from ...core import Action, Bot
from ...gentle import gentle_bot
from ...search import Model, SearchBot
from .actions import Declare, Pass, Play
from .rules import (CARDS, DECK, DISCARD, MAX_DISCARD, PLAY, RANK, SHOWDOWN, KrypkilleState,
                    discard_action, forced_card, sample_state, score_round)

# A card this high is a liability worth throwing away at the discard.
DISCARD_FROM = RANK["9"]


def quick_discard(hand: list[int]) -> list[int]:
    return sorted(r for r in hand if r >= DISCARD_FROM)[-MAX_DISCARD:]


def quick_lead(hand: list[int]) -> int:
    # Leading the highest card sheds its penalty and makes the others spend
    # their own high cards, or their lowest if they have nothing as high.
    return max(hand)


def safe_to_declare(card: int, unseen_at_or_below: int) -> bool:
    return unseen_at_or_below == 0


def unseen_ranks(view: dict) -> list[int]:
    """Cards this seat has not seen anywhere: a multiset of ranks."""
    unseen = list(DECK)
    seen = [RANK[c] for c in view["hand"]]
    seen += [RANK[p["card"]] for trick in view["tricks"] for p in trick]
    if not view["reshuffled"]:
        seen += [RANK[c] for c in view["my_discards"] or []]
    for rank in seen:
        unseen.remove(rank)
    return unseen


class QuickBot(Bot):
    def choose(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        hand = [RANK[c] for c in view["hand"]]
        if view["phase"] == DISCARD:
            return discard_action(quick_discard(hand))
        if view["phase"] == PLAY:
            return Play(CARDS[quick_lead(hand)])
        card = hand[0]
        below = sum(1 for r in unseen_ranks(view) if r <= card)
        return Declare() if safe_to_declare(card, below) else Pass()


# ---- what the forced follows tell about the hands still held (KK-11) -------------

def hand_limits(view: dict) -> dict[int, tuple[int, int, set[int]]]:
    """For each other seat: (lowest possible rank, highest possible rank, ranks
    excluded) of every card it still holds, read from its forced follows.

    A follower who played under the top card had nothing as high and played its
    lowest card; one who played at or over it had nothing between the top and
    the card it played."""
    limits = {}
    for trick in view["tricks"]:
        top = None
        for play in trick:
            seat, rank = play["seat"], RANK[play["card"]]
            if top is not None and seat != view["seat"]:
                low, high, banned = limits.get(seat, (0, len(CARDS) - 1, set()))
                if rank < top:
                    low, high = max(low, rank), min(high, top - 1)
                else:
                    banned = banned | set(range(top, rank))
                limits[seat] = (low, high, banned)
            top = rank if top is None else max(top, rank)
    return limits


def _fits(rank: int, limit) -> bool:
    low, high, banned = limit
    return low <= rank <= high and rank not in banned


def infer_hands(world: KrypkilleState, view: dict, rng: random.Random) -> None:
    """Re-deals the sampled others' hands so they agree with their forced follows,
    swapping with the unseen pool (stock and face-down discards) and each other."""
    limits = hand_limits(view)
    if not limits:
        return
    seat = view["seat"]
    others = [s for s in range(world.players) if s != seat]
    for _ in range(20):
        pool = [r for s in others for r in world.hands[s]] + world.stock + world.discard_pile
        rng.shuffle(pool)
        hands, ok = {}, True
        # the most constrained seat chooses first
        for other in sorted(others, key=lambda s: sum(_fits(r, limits.get(s, (0, 20, set()))) for r in pool)):
            limit = limits.get(other, (0, len(CARDS) - 1, set()))
            size = len(world.hands[other])
            chosen = [r for r in pool if _fits(r, limit)][:size]
            if len(chosen) < size:
                ok = False
                break
            for r in chosen:
                pool.remove(r)
            hands[other] = sorted(chosen)
        if ok:
            for other, hand in hands.items():
                world.hands[other] = hand
            world.stock = pool[:len(world.stock)]
            world.discard_pile = pool[len(world.stock):]
            return


# ---- how the others play, read from what they have done ---------------------------
#
# Two styles explain most tables: the quick rules (throw high cards away, lead the
# highest, declare only when no unseen card is as low) and play at random
# (declare half the time, whatever the card). A person lies somewhere between.
# Each other seat is quick or random with a probability updated by Bayes' rule
# from its showdown choices and last cards in every round so far (the view keeps
# both) and from its leads in this round; every sampled world
# draws a style per seat from that, and the play-outs play each seat by its style.

QUICK, RANDOM = "quick", "random"
PRIOR_RANDOM = 0.3        # before any evidence: most opponents play with some sense
SLIP = 0.03               # how often a quick player would do what it never does
# How often a round ends with a last card in each band of ranks (mask-wreath, 1-4,
# 5-8, 9-12, inn-jester) for each style: measured over 180 games of 3, 4 and 6
# quick and random players. Quick players keep low cards; random ones keep anything.
LAST_BANDS = (2, 6, 10, 14, 20)
LAST_CARD = {QUICK: (0.10, 0.32, 0.44, 0.11, 0.03), RANDOM: (0.11, 0.24, 0.23, 0.19, 0.23)}


def declare_likelihoods(choice: str, last: int, outcome: str) -> tuple[float, float]:
    """P(choice | quick), P(choice | random) for one showdown answer."""
    if choice == "pass":
        return 1 - SLIP, 0.5
    # A quick player declares only when sure, so it never fails, and only a very
    # low card can ever be sure.
    sure = outcome == "success" and last <= RANK["wreath"]
    return (0.5 if sure else SLIP), 0.5


def random_odds(view: dict) -> dict[int, float]:
    """For every other seat, the probability that it plays at random."""
    seat = view["seat"]
    odds = {s: PRIOR_RANDOM / (1 - PRIOR_RANDOM) for s in range(view["players"]) if s != seat}

    def observe(s, quick, rand):
        if s in odds:
            odds[s] *= rand / quick

    for summary in view["rounds"]:
        last = [RANK[c] for c in summary["last"]]
        for answer in summary["showdown"]:
            s = answer["seat"]
            observe(s, *declare_likelihoods(answer["choice"], last[s], summary["outcome"]))
        for s, rank in enumerate(last):
            band = next(i for i, top in enumerate(LAST_BANDS) if rank <= top)
            observe(s, LAST_CARD[QUICK][band], LAST_CARD[RANDOM][band])
    for answer in view["showdown"]:      # this round so far: passes only (a declare ends it)
        observe(answer["seat"], 1 - SLIP, 0.5)
    # KK-10/12: a quick player leads its highest card, so it never plays a higher
    # card later in the round.
    led: dict[int, int] = {}
    caught = set()
    for trick in view["tricks"]:
        for position, play in enumerate(trick):
            s, rank = play["seat"], RANK[play["card"]]
            if s in led and rank > led[s] and s not in caught:
                caught.add(s)
                observe(s, SLIP, 0.5)
            if position == 0:
                led[s] = min(led.get(s, rank), rank)
    return {s: o / (1 + o) for s, o in odds.items()}


def random_move(state: KrypkilleState, rng: random.Random) -> Action:
    """A move as a player at random makes it."""
    hand = state.hands[state.to_act]
    if state.phase == DISCARD:
        return rng.choice(state.legal_actions())
    if state.phase == PLAY:
        trick = state.tricks[-1]
        return Play(CARDS[forced_card(hand, trick) if trick else rng.choice(sorted(set(hand)))])
    return Declare() if rng.random() < 0.5 else Pass()


# ---- the strong level: the shared search with a Krypkille model -------------------

def quick_declares(state: KrypkilleState, seat: int) -> bool:
    """The quick showdown rule on a full state: declare when no card this seat
    has not seen is as low as its own (the table, its hand, its own discards)."""
    card = state.hands[seat][0]
    below = sum(1 for r in DECK if r <= card) - 1
    below -= sum(1 for trick in state.tricks for _, r in trick if r <= card)
    if state.discarded[seat] and not state.reshuffled:
        below -= sum(1 for r in state.discarded[seat] if r <= card)
    return safe_to_declare(card, below)


def quick_move(state: KrypkilleState) -> Action:
    """QuickBot's choice, read off a full state (fast: no view is built)."""
    seat = state.to_act
    hand = state.hands[seat]
    if state.phase == DISCARD:
        return discard_action(quick_discard(hand))
    if state.phase == PLAY:
        trick = state.tricks[-1]
        return Play(CARDS[forced_card(hand, trick) if trick else quick_lead(hand)])
    return Declare() if quick_declares(state, seat) else Pass()


def finish_showdown(state: KrypkilleState) -> list[int]:
    """KK-15..KK-19: the seats still to answer answer by their styles, coins from
    the world's luck; returns the round's penalties."""
    n = state.players
    seat = state.to_act
    declarer = None
    for _ in range(n - len(state.showdown)):
        if state.styles[seat] == RANDOM:
            declares = state.rng.random() < 0.5
        else:
            declares = quick_declares(state, seat)
        if declares:
            declarer = seat
            break
        seat = (seat + 1) % n
    return score_round([hand[0] for hand in state.hands], declarer)[0]


class KrypkilleModel(Model):
    """Worlds agree with the forced follows, each other seat plays quick or at
    random as its past suggests (random_odds); play-outs stop at the showdown,
    which is settled at once, and are scored by this seat's penalty against the
    others' mean."""
    game_id = "krypkille"

    def sample(self, view, rng):
        world = sample_state(view, rng.randrange(2**31))
        infer_hands(world, view, rng)
        chance = random_odds(view)
        world.styles = [RANDOM if rng.random() < chance.get(s, 0.0) else QUICK
                        for s in range(world.players)]
        return world

    def standing(self, view):
        # KK-6: the lowest total wins when a total reaches the limit: my lead on
        # the best and on the mean of the others (in hundreds of points), and how
        # near the end is.
        me, totals, limit = view["seat"], view["totals"], view["limit"]
        others = [t for s, t in enumerate(totals) if s != me]
        best = (min(others) - totals[me]) / 100
        near = max(totals) / limit
        return (best, (sum(others) / len(others) - totals[me]) / 100, best * near, near)

    def standing_after(self, standing, value):
        # The value is this round's penalties against the others' mean (evaluate):
        # 0.5 + lead / 120. The leads after the round move by it.
        best, mean, _, near = standing
        lead = (value - 0.5) * 120 / 100
        return (best + lead, mean + lead, (best + lead) * near, near)

    def playout(self, state, rng):
        if state.styles[state.to_act] == RANDOM:
            return random_move(state, rng)
        return quick_move(state)

    def stop(self, root, state):
        # The showdown is settled by evaluate: no new deal is shuffled for nothing.
        return state.phase == SHOWDOWN or state.round_no != root.round_no

    def evaluate(self, state):
        scores = finish_showdown(state) if state.phase == SHOWDOWN else state.rounds[-1]["scores"]
        total = sum(scores)
        n = len(scores)
        # 0.5 = as good as the others' mean; a penalty ranges over 0..60
        return [0.5 + ((total - mine) / (n - 1) - mine) / 120 for mine in scores]


MODEL = KrypkilleModel()


class StrongBot(SearchBot):
    """The shared search (royaltable.search) over sampled deals, 640 play-outs a move."""
    def __init__(self, seed: int = 0, playouts: int = 640):
        super().__init__(seed, model=MODEL, playouts=playouts)


# The gentle level: quick's moves with a person's kind of mistakes (royaltable.gentle).
GentleBot = gentle_bot(QuickBot, KrypkilleModel)
