"""Computer players for Krypkille.

QuickBot follows a few rules of thumb. StrongBot samples the hands it cannot see
from its own view (never the real ones), plays every candidate action out to the
end of the round in each sampled world, and keeps the action with the best
average outcome. Follows are forced (KK-11), so only discards, leads and the
showdown are real decisions.
"""
from __future__ import annotations

import random

from ...core import Bot
from ...search import Model, SearchBot
from .rules import (CARDS, DECK, DISCARD, MAX_DISCARD, PLAY, RANK, KrypkilleState,
                    discard_action, forced_card, sample_state)

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
            return "play " + CARDS[quick_lead(hand)]
        card = hand[0]
        below = sum(1 for r in unseen_ranks(view) if r <= card)
        return "declare" if safe_to_declare(card, below) else "pass"


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


def quick_move(state: KrypkilleState) -> str:
    """QuickBot's choice, read off a full state (fast: no view is built)."""
    seat = state.to_act
    hand = state.hands[seat]
    if state.phase == DISCARD:
        return discard_action(quick_discard(hand))
    if state.phase == PLAY:
        trick = state.tricks[-1]
        return "play " + CARDS[forced_card(hand, trick) if trick else quick_lead(hand)]
    return "declare" if quick_declares(state, seat) else "pass"


class KrypkilleModel(Model):
    """Worlds agree with the forced follows; play-outs use the quick rules and
    stop at the end of the round, scored as this seat's penalty against the
    others' mean."""
    game_id = "krypkille"

    def sample(self, view, rng):
        world = sample_state(view, rng.randrange(2**31))
        infer_hands(world, view, rng)
        return world

    def playout(self, state, rng):
        return quick_move(state)

    def stop(self, root, state):
        return state.round_no != root.round_no or state.over

    def evaluate(self, state):
        scores = state.rounds[-1]["scores"]
        total = sum(scores)
        n = len(scores)
        # 0.5 = as good as the others' mean; a penalty ranges over 0..60
        return [0.5 + ((total - mine) / (n - 1) - mine) / 120 for mine in scores]


MODEL = KrypkilleModel()


class StrongBot(SearchBot):
    """The shared search (royaltable.search) over sampled deals, 640 play-outs a move."""
    def __init__(self, seed: int = 0, playouts: int = 640):
        super().__init__(seed, model=MODEL, playouts=playouts)
