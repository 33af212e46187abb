"""Krypkille: a Swedish "last trick" game with the Kille deck.

Rule IDs (KK-n) refer to the team's Krypkille specification; each rule is cited
where the code carries it out. Cards are ranks 0 (Mask, weakest) to 20 (Jester,
strongest); actions and views name them ("mask", "7", "jester").
"""
from __future__ import annotations

import copy
import itertools
import random

from ...core import HIDDEN, PRIVATE, PUBLIC, Refusal, State, refuse
from .actions import Declare, Discard, Keep, Pass, Play

# KK-2: weakest to strongest.
CARDS = ["mask", "flowerpot", "wreath", *[str(n) for n in range(1, 13)],
         "inn", "horse", "pig", "hussar", "cuckoo", "jester"]
RANK = {name: rank for rank, name in enumerate(CARDS)}
# KK-3: penalty of each rank.
PENALTY = [0, 0, 0, *range(1, 13), 13, 14, 15, 16, 17, 50]
# KK-1: 21 kinds, two copies each.
DECK = [rank for rank in range(len(CARDS)) for _ in range(2)]

HAND_SIZE = 5          # KK-7
MAX_DISCARD = 3        # KK-8
TRICKS = 4             # KK-14
COWARD_PENALTY = 10    # KK-19
FAILED_DECLARATION = 10  # KK-18

DISCARD, PLAY, SHOWDOWN, OVER = "discard", "play", "showdown", "over"


def card_names(ranks) -> list[str]:
    return [CARDS[r] for r in ranks]


def discard_action(ranks) -> Discard | Keep:
    """KK-8: the discard of these cards, weakest first; none is Keep."""
    key = tuple(sorted(ranks))
    action = _DISCARDS.get(key)
    if action is None:       # made once for each set of ranks: the play-outs ask often
        action = _DISCARDS[key] = Discard(tuple(CARDS[r] for r in key)) if key else Keep()
    return action


_DISCARDS: dict[tuple, Discard | Keep] = {}


def forced_card(hand: list[int], trick: list[tuple[int, int]]) -> int:
    """KK-11: the one card a follower must play."""
    top = max(rank for _, rank in trick)
    at_least = [rank for rank in hand if rank >= top]
    return min(at_least) if at_least else min(hand)


def trick_winner(trick: list[tuple[int, int]]) -> int:
    """KK-12: the highest card wins; of equal cards the later one."""
    top = max(rank for _, rank in trick)
    return [seat for seat, rank in trick if rank == top][-1]


def score_round(last: list[int], declarer: int | None) -> tuple[list[int], str]:
    """KK-17..KK-19: penalties of one round, and how it ended."""
    low = min(last)
    holders = [seat for seat, rank in enumerate(last) if rank == low]
    if declarer is None:
        if len(holders) == 1:   # KK-19: the coward
            return [COWARD_PENALTY if seat == holders[0] else 0 for seat in range(len(last))], "coward"
        return [0] * len(last), "void"  # KK-19: two lowest, void round
    if last[declarer] == low and len(holders) == 1:  # KK-17
        return [0 if seat == declarer else PENALTY[rank] for seat, rank in enumerate(last)], "success"
    scores = []  # KK-18
    for seat, rank in enumerate(last):
        if seat == declarer:
            scores.append(PENALTY[rank] + FAILED_DECLARATION)
        elif rank == low:
            scores.append(0)
        else:
            scores.append(PENALTY[rank])
    return scores, "fail"


class KrypkilleState(State):
    FIELDS = {
        "limit": PUBLIC,          # KK-6: the penalty that ends the game
        "totals": PUBLIC,         # each seat's penalties so far
        "rounds": PUBLIC,         # the summary of every finished round (KK-16..KK-19)
        "round_no": PUBLIC,
        "dealer": PUBLIC,         # KK-5
        "stock": HIDDEN,          # its order; a view counts it
        "hands": PRIVATE,         # KK-7: a seat sees its own
        "discard_pile": HIDDEN,   # KK-8/9: face down
        "discarded": PRIVATE,     # a seat sees its own discards, everyone counts them
        "reshuffled": PUBLIC,     # KK-9: this round's discards went back into the stock
        "tricks": PUBLIC,         # KK-13: played face up
        "showdown": PUBLIC,       # KK-15: the answers so far
        "phase": PUBLIC,
        "to_act": PUBLIC,
    }
    # The strong player's worlds also carry `styles` (how it thinks each seat
    # plays: bots.KrypkilleModel.sample): a search's note, not the game's state.

    def __init__(self, game, players, seed, options):
        super().__init__(game, players, seed, options)
        self.limit = options["limit"]
        self.totals = [0] * players
        self.rounds: list[dict] = []       # public summary of each finished round
        self.round_no = 0
        self.dealer = self.rng.randrange(players)  # KK-5: first dealer at random
        self._start_round()

    # ---- round flow -----------------------------------------------------
    def _start_round(self) -> None:
        n = self.players
        self.round_no += 1
        self.stock = list(DECK)
        self.rng.shuffle(self.stock)
        self.hands = [[] for _ in range(n)]
        for _ in range(HAND_SIZE):          # KK-7: five each, dealt from left of the dealer
            for offset in range(1, n + 1):
                self.hands[(self.dealer + offset) % n].append(self.stock.pop())
        for hand in self.hands:
            hand.sort()
        self.discard_pile: list[int] = []
        self.discarded: list[list[int] | None] = [None] * n  # what each seat threw away
        self.reshuffled = False
        self.tricks: list[list[tuple[int, int]]] = []
        self.showdown: list[tuple[int, str]] = []
        self.phase = DISCARD
        self.to_act = (self.dealer + 1) % n  # KK-8: from the left of the dealer

    def _refill(self) -> None:
        """KK-8: the dealer tops every hand up to five, from the left of the dealer."""
        n = self.players
        for offset in range(1, n + 1):
            hand = self.hands[(self.dealer + offset) % n]
            while len(hand) < HAND_SIZE:
                if not self.stock:           # KK-9: this round's discards become the stock
                    self.stock = self.discard_pile
                    self.discard_pile = []
                    self.rng.shuffle(self.stock)
                    self.reshuffled = True
                hand.append(self.stock.pop())
            hand.sort()
        self.seal()                          # everyone has seen new cards
        self.phase = PLAY
        self.tricks = [[]]
        self.to_act = self.dealer            # KK-10: the dealer leads

    def _end_round(self, declarer: int | None) -> None:
        last = [hand[0] for hand in self.hands]   # KK-16: every last card is shown
        self.seal()
        scores, outcome = score_round(last, declarer)
        self.totals = [t + s for t, s in zip(self.totals, scores)]
        self.rounds.append({
            "round": self.round_no, "dealer": self.dealer, "last": card_names(last),
            "showdown": [{"seat": s, "choice": c} for s, c in self.showdown],
            "declarer": declarer, "outcome": outcome, "scores": scores,
            "totals": list(self.totals),
        })
        if max(self.totals) >= self.limit:     # KK-6
            self.phase = OVER
            self.to_act = None
            return
        self.dealer = (self.dealer + 1) % self.players  # KK-5
        self._start_round()

    # ---- the contract ---------------------------------------------------
    @property
    def current(self):
        return self.to_act

    def legal_actions(self) -> list[str]:
        if self.phase == DISCARD:
            hand = self.hands[self.to_act]
            choices = {tuple(combo) for k in range(MAX_DISCARD + 1)
                       for combo in itertools.combinations(hand, k)}
            return [discard_action(c) for c in sorted(choices, key=lambda c: (len(c), c))]
        if self.phase == PLAY:
            trick = self.tricks[-1]
            hand = self.hands[self.to_act]
            if not trick:                      # KK-10/12: a lead is free
                return [Play(CARDS[r]) for r in sorted(set(hand))]
            return [Play(CARDS[forced_card(hand, trick)])]  # KK-11
        if self.phase == SHOWDOWN:
            return [Declare(), Pass()]          # KK-15
        return []

    def _apply(self, action) -> None:
        seat = self.to_act
        match action:
            case Keep():
                self._discard(seat, [])
            case Discard(cards):
                self._discard(seat, [RANK[name] for name in cards])
            case Play(card):
                self._play(seat, RANK[card])
            case Declare() | Pass():
                self._answer(seat, action)

    def _discard(self, seat: int, ranks: list[int]) -> None:
        """KK-8: one seat's discard; the dealer's, the last, ends the discards."""
        for rank in ranks:
            self.hands[seat].remove(rank)
        self.discard_pile.extend(ranks)
        self.discarded[seat] = sorted(ranks)
        if seat == self.dealer:
            self._refill()
        else:
            self.to_act = (seat + 1) % self.players

    def _play(self, seat: int, rank: int) -> None:
        """KK-10..KK-14: a lead or a follow."""
        n = self.players
        self.hands[seat].remove(rank)
        trick = self.tricks[-1]
        trick.append((seat, rank))         # KK-13: stays face up, public
        if len(trick) < n:
            self.to_act = (seat + 1) % n
            return
        winner = trick_winner(trick)       # KK-12
        if len(self.tricks) < TRICKS:
            self.tricks.append([])
            self.to_act = winner
        else:                              # KK-14/15: one card left, showdown
            self.phase = SHOWDOWN
            self.to_act = winner

    def _answer(self, seat: int, action: Declare | Pass) -> None:
        """KK-15: a showdown answer; the first declaration ends the round."""
        self.showdown.append((seat, action.verb))
        if isinstance(action, Declare):
            self._end_round(seat)
        elif len(self.showdown) == self.players:
            self._end_round(None)
        else:
            self.to_act = (seat + 1) % self.players

    def why_illegal(self, action) -> Refusal:
        seat = self.to_act
        text = str(action)
        if self.phase == DISCARD:
            if action in ("declare", "pass") or text.startswith("play"):
                return refuse("discard_first", "first everyone discards: choose up to {most} cards "
                              "to throw away, or keep all", most=MAX_DISCARD)
            if len(text.split()) - 1 > MAX_DISCARD:    # the refused text's words, not an action's
                return refuse("too_many", "you may discard at most {most} cards", "KK-8", most=MAX_DISCARD)
            hand = card_names(self.hands[seat])
            return Refusal("not_in_hand", f"you can only discard cards from your hand ({' '.join(hand)})",
                           {"hand": tuple(hand)})
        if self.phase == PLAY:
            if text.startswith("discard") or action == "keep":
                return refuse("discards_over", "the discards are over: this round's cards are being played")
            if self.tricks[-1]:
                return refuse("must_play", "you must play {must}: the lowest card at least as high as "
                              "{top}, or your lowest card if you have none", "KK-11",
                              must=CARDS[forced_card(self.hands[seat], self.tricks[-1])],
                              top=CARDS[max(r for _, r in self.tricks[-1])])
            return refuse("lead", "lead a card from your hand")
        if self.phase == SHOWDOWN:
            return refuse("showdown", "the showdown: declare or pass")
        return super().why_illegal(action)

    def why_out_of_turn(self, seat, action) -> Refusal:
        if self.phase == DISCARD and self.discarded[seat] is not None:
            return Refusal("already_discarded", f"seat {seat + 1} has already discarded this round; "
                           f"it is seat {self.to_act + 1}'s turn", {"seat": seat, "turn": self.to_act})
        return super().why_out_of_turn(seat, action)

    def clone(self) -> "KrypkilleState":
        """The same game to play on, much faster than deepcopy: every field of
        FIELDS copied by hand, sharing no list or dict with this one."""
        other = copy.copy(self)
        other.rng = self.rng.copy()
        other.actions = list(self.actions)
        other.actors = list(self.actors)
        other.totals = list(self.totals)
        other.rounds = list(self.rounds)        # a finished round's summary never changes: shared
        other.hands = [list(hand) for hand in self.hands]
        other.stock = list(self.stock)
        other.discard_pile = list(self.discard_pile)
        other.discarded = [None if d is None else list(d) for d in self.discarded]
        other.tricks = [list(trick) for trick in self.tricks]
        other.showdown = list(self.showdown)
        return other

    def view(self, seat: int | None) -> dict:
        n = self.players
        return {
            "game": "krypkille", "players": n, "seat": seat, "phase": self.phase,
            "current": self.to_act, "round": self.round_no, "dealer": self.dealer,
            "limit": self.limit, "totals": list(self.totals),
            "hand": card_names(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "discarded": [None if d is None else len(d) for d in self.discarded],
            "my_discards": (card_names(self.discarded[seat])
                            if seat is not None and self.discarded[seat] is not None else None),
            "stock": len(self.stock), "reshuffled": self.reshuffled,
            "tricks": [[{"seat": s, "card": CARDS[r]} for s, r in trick] for trick in self.tricks],
            "showdown": [{"seat": s, "choice": c} for s, c in self.showdown],
            "rounds": [dict(r) for r in self.rounds],
        }

    def result(self):
        if self.phase != OVER:
            return None
        low = min(self.totals)  # KK-6: the lowest total wins; ties share
        return {"scores": list(self.totals),
                "winners": [s for s, t in enumerate(self.totals) if t == low]}


def sample_state(view: dict, seed: int) -> KrypkilleState:
    """A full state agreeing with `view`, with everything that seat cannot see
    (others' hands, discards, the stock) dealt at random from the unseen cards."""
    from . import GAME
    seat = view["seat"]
    rng = random.Random(seed)
    state = KrypkilleState.__new__(KrypkilleState)
    State.__init__(state, GAME, view["players"], seed, {"limit": view["limit"]})
    state.limit = view["limit"]
    state.totals = list(view["totals"])
    state.rounds = [dict(r) for r in view["rounds"]]
    state.round_no = view["round"]
    state.dealer = view["dealer"]
    state.phase = view["phase"]
    state.to_act = view["current"]
    state.reshuffled = view["reshuffled"]
    state.tricks = [[(p["seat"], RANK[p["card"]]) for p in trick] for trick in view["tricks"]]
    state.showdown = [(p["seat"], p["choice"]) for p in view["showdown"]]
    unseen = list(DECK)
    own_hand = [RANK[c] for c in view["hand"]]
    for rank in own_hand + [r for trick in state.tricks for _, r in trick]:
        unseen.remove(rank)
    own_discards = [RANK[c] for c in view["my_discards"] or []]
    if not state.reshuffled:
        for rank in own_discards:
            unseen.remove(rank)
    rng.shuffle(unseen)
    state.hands = []
    for other, size in enumerate(view["hand_sizes"]):
        state.hands.append(sorted(own_hand) if other == seat else sorted(unseen.pop() for _ in range(size)))
    state.discarded = []
    for other, count in enumerate(view["discarded"]):
        if count is None:
            state.discarded.append(None)
        elif other == seat:
            state.discarded.append(sorted(own_discards))
        elif state.reshuffled:  # KK-9: those cards went back into the stock; only history now
            state.discarded.append(sorted(rng.sample(DECK, count)))
        else:
            state.discarded.append(sorted(unseen.pop() for _ in range(count)))
    state.discard_pile = [] if state.reshuffled else [r for d in state.discarded if d for r in d]
    state.stock = unseen
    assert len(state.stock) == view["stock"], "view and deck disagree"
    return state
