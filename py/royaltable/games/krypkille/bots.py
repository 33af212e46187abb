"""Computer players for Krypkille.

QuickBot follows a few rules of thumb. StrongBot samples the hands it cannot see
from its own view (never the real ones), plays every candidate action out to the
end of the round in each sampled world, and keeps the action with the best
average outcome. Follows are forced (KK-11), so only discards, leads and the
showdown are real decisions.
"""
from __future__ import annotations

import copy
import random

from ...core import Bot, Luck
from .rules import (CARDS, DECK, DISCARD, MAX_DISCARD, PENALTY, PLAY, RANK, SHOWDOWN,
                    KrypkilleState, discard_action, forced_card, score_round)

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


# ---- fast play-outs inside a sampled world --------------------------------------

def _copy_world(state: KrypkilleState) -> KrypkilleState:
    world = copy.copy(state)
    world.hands = [list(h) for h in state.hands]
    world.stock = list(state.stock)
    world.discard_pile = list(state.discard_pile)
    world.discarded = [None if d is None else list(d) for d in state.discarded]
    world.tricks = [list(t) for t in state.tricks]
    world.showdown = list(state.showdown)
    world.actions = []
    return world


def _rollout_showdown(world: KrypkilleState) -> list[int]:
    """Everyone answers the showdown by the quick rule; returns the round's scores."""
    n = world.players
    played = [r for trick in world.tricks for _, r in trick]
    seat = world.to_act
    declarer = None
    for _ in range(n - len(world.showdown)):
        card = world.hands[seat][0]
        # what this seat has not seen: everything but its card, the table and its discards
        below = sum(1 for r in DECK if r <= card) - 1 - sum(1 for r in played if r <= card)
        if world.discarded[seat] and not world.reshuffled:
            below -= sum(1 for r in world.discarded[seat] if r <= card)
        if safe_to_declare(card, below):
            declarer = seat
            break
        seat = (seat + 1) % n
    return score_round([h[0] for h in world.hands], declarer)[0]


def rollout(world: KrypkilleState) -> list[int]:
    """Plays the round out with the quick rules; returns each seat's penalty."""
    while world.phase == DISCARD:
        world._apply(discard_action(quick_discard(world.hands[world.to_act])))
    while world.phase == PLAY:
        hand = world.hands[world.to_act]
        trick = world.tricks[-1]
        card = forced_card(hand, trick) if trick else quick_lead(hand)
        world._apply("play " + CARDS[card])
    return _rollout_showdown(world)


class StrongBot(Bot):
    """Determinized Monte Carlo: sampled deals, one play-out per action in each.
    Up to `worlds` deals, fewer when there are many actions (the discard offers
    up to 26), so that a move stays well under a second in the browser."""
    def __init__(self, seed: int = 0, worlds: int = 40, playouts: int = 640):
        super().__init__(seed)
        self.worlds = worlds
        self.playouts = playouts

    def choose(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        from .rules import sample_state
        seat = view["seat"]
        totals = {action: 0.0 for action in legal}
        for _ in range(max(12, min(self.worlds, self.playouts // len(legal)))):
            world = sample_state(view, self.rng.randrange(2**31))
            infer_hands(world, view, self.rng)
            for action in legal:   # the same world for every action: a fair comparison
                trial = _copy_world(world)
                trial.rng = Luck(self.rng.randrange(2**31))
                if action == "declare":
                    trial.showdown.append((seat, action))
                    scores = score_round([h[0] for h in trial.hands], seat)[0]
                elif trial.phase == SHOWDOWN:
                    trial.showdown.append((seat, action))
                    trial.to_act = (seat + 1) % trial.players
                    scores = (score_round([h[0] for h in trial.hands], None)[0]
                              if len(trial.showdown) == trial.players else _rollout_showdown(trial))
                else:
                    trial._apply(action)
                    scores = rollout(trial)
                others = (sum(scores) - scores[seat]) / (len(scores) - 1)
                totals[action] += scores[seat] - others
        return min(legal, key=lambda a: (totals[a], legal.index(a)))
