"""王の闘争 (King's Struggle): a trick-taking game in which card abilities are
bargained over with gold, equal totals cancel each other, and won cards score
as sets and runs.

Rule IDs (ST-n) refer to the team's specification; each rule is cited where the
code carries it out. The seed gives no card texts: CHARACTERS is this edition's
court of ten (ST-21..ST-30), and the in-app rules say so.

Cards: every player has an own deck of powers 1-10 (ST-1). A card's id is
"s<owner>-<power>", owner being the 0-based seat whose deck it belongs to:
"s2-7" is the Diplomat of seat 2's deck. Seats in actions are 0-based too.

Action grammar (each verb is a typed value declared in actions.py, whose text is
the short string a record keeps; `current` says whose it is):

    play CARD       lead: the first player plays CARD face up (ST-7);
                    choose: every other player, seat by seat, picks CARD face
                    down; the cards are revealed together after the last pick
  Negotiation, when a 交渉 card's ability turn comes (ST-15), every other player
  holding gold, in seat order from the active player's left:
    offer USE       start an offer for one use of the ability: a USE token below,
                    "knight" (the Knight is used, the active player picks the
                    card) or "none" (the ability is not used)
    gold N          the amount, 1..the gold one holds
    promise-K       a promise in words, K = 0..4 (PROMISES; never enforced), or
    no-promise      none; this completes the offer
    pass            make no offer
  Then the active player (ST-16, ST-17):
    accept P        take seat P's offer: its gold moves at once and its use is
                    carried out (binding)
    USE             use the ability freely, one of:
                      steal P    Thief: take up to 2 gold from seat P (ST-22)
                      plus P     Jester: a +3 marker on seat P's card (ST-24)
                      spy P      Spy: seat P's card goes back, a random card of
                                 their hand replaces it (ST-25)
                      minus P    Guard: a -3 marker on seat P's card (ST-26)
                      discard P  Diplomat: seat P's card leaves the trick (ST-27)
                      knight CARD  Knight: CARD from the hand joins it (ST-28)
                      swap P     Queen: exchange played cards with seat P (ST-29)
    pass            do not use the ability
    knight CARD     after accepting a "knight" offer: the card to add

Abilities that need no decision are carried out by themselves in their turn and
logged: the Peasant's and the Merchant's gold (taking gold never hurts), the
King (no ability), a card switched in by the Spy or the Queen (ST-9) and an
ability without a legal use (ST-31). Seats with no gold are not asked for offers.

Readings where the specification is silent (see also the report of issue 12):
- Thief: takes 2, or all the target has if less. Merchant: counts the coins
  cards in the trick at its turn, a Knight's second card included.
- Spy: the replacement is drawn from the target's hand before the played card
  goes back, so it is another card; the played card (with a Knight's second
  card) goes back to the hand of its deck's owner, known to everyone
  (`known_in_hand`) until played again; markers on it return to the supply.
  The target needs a card in the trick and a card in hand.
- Diplomat: not its own card; the discarded card takes its Knight's second card
  and its markers (back to the supply) with it. Jester and Guard: any card, own
  included, several markers on a card allowed.
- Queen: a Knight's second card moves with its Knight; only the other player is
  "made to switch" (ST-9).
- Knight offers name "knight" (used, the Knight's owner picks the card, which
  nobody else can see) or "none"; an accepted "knight" deal must add a card.
- Night: 8 cards for 7 rounds leave one card over (none after a Knight's second
  card); the seed's "no card is left" does not fit its own numbers.
- A seat whose hand is empty at a round's start (a Queen's exchange followed by
  a Spy costs its victim a card; in practice only at night) sits the round out;
  the next seat with cards leads.
"""
from __future__ import annotations

import random

from ...core import DERIVED, HIDDEN, PRIVATE, PUBLIC, Refusal, State, refuse
from .actions import (KNIGHT_DEAL, NOT_USED, PASS, PROMISE_ACTIONS, Accept,
                      Discard, Gold, Knight, KnightDeal, Minus, NotUsed, Offer, Pass, Play, Plus,
                      Promise, Spy, Steal, Swap, Targeted, Use, offer_of, use_of)
from .scoring import best_split, group_points

POWERS = 10            # ST-1
START_GOLD = 5         # ST-2
GOLD_SUPPLY = 80       # ST-2
MARKERS = 5            # ST-3: five +3 and five -3
MARKER_VALUE = 3
ROUNDS = 7             # ST-5, ST-6, ST-13
NIGHT_REMOVED = 2      # ST-6
THIEF_TAKE = 2         # ST-22
PEASANT_GOLD = 2       # ST-21

PEASANT, THIEF, MERCHANT, JESTER, SPY, GUARD, DIPLOMAT, KNIGHT, QUEEN, KING = range(1, 11)
NEGOTIABLE = frozenset({THIEF, JESTER, SPY, GUARD, DIPLOMAT, KNIGHT, QUEEN})   # ST-14
COINS = frozenset({THIEF, MERCHANT, DIPLOMAT})                                 # ST-23

LEAD, CHOOSE, OFFER, OFFER_GOLD, OFFER_PROMISE, DECIDE, KNIGHT_CARD, OVER = (
    "lead", "choose", "offer", "offer-gold", "offer-promise", "decide", "knight", "over")
# A seat's place in the trick.
WAITING, FACE_DOWN, IN, GONE, OUT = "waiting", "face-down", "in", "gone", "out"


def _character(ja, en, kind, ability_ja, ability_en):
    return {"name": {"ja": ja, "en": en}, "class": kind,
            "ability": {"ja": ability_ja, "en": ability_en}}


# This edition's court (ST-21..ST-30), by power; for the table and the rules page.
CHARACTERS = {
    PEASANT: _character("農民", "Peasant", "apple", "供給から2ゴールドを得る",
                        "take 2 gold from the supply"),
    THIEF: _character("盗賊", "Thief", "coins", "他のプレイヤー1人から2ゴールドまで奪う",
                      "take up to 2 gold from one other player"),
    MERCHANT: _character("商人", "Merchant", "coins",
                         "トリック内のコイン札1枚につき1ゴールドを得る（自身を含む）",
                         "take 1 gold for each coins card in the trick, this one included"),
    JESTER: _character("道化師", "Jester", "apple", "トリック内の好きなカードに+3マーカーを置く",
                       "put a +3 marker on any card in the trick"),
    SPY: _character("密偵", "Spy", "apple",
                    "他のプレイヤー1人の場札を手札に戻させ、その手札から無作為の1枚と替える",
                    "another player's played card goes back to the hand; a random card "
                    "from that hand replaces it"),
    GUARD: _character("衛兵", "Guard", "crown", "トリック内の好きなカードに−3マーカーを置く",
                      "put a −3 marker on any card in the trick"),
    DIPLOMAT: _character("外交官", "Diplomat", "coins", "トリックから他のカード1枚を捨てる",
                         "discard one other card from the trick"),
    KNIGHT: _character("騎士", "Knight", "crown",
                       "手札からもう1枚を表向きに添える。その強さを騎士に加える",
                       "add a second card from your hand face up; its power adds to the Knight's"),
    QUEEN: _character("王妃", "Queen", "crown",
                      "自分の場札を他のプレイヤーの場札と交換する（マーカーは札に残る）",
                      "exchange your played card with another player's (markers stay on their cards)"),
    KING: _character("王", "King", "crown", "能力なし", "no ability"),
}
for _power, _char in CHARACTERS.items():
    _char["power"] = _power
    _char["negotiable"] = _power in NEGOTIABLE

# ST-15: the promises an offer may carry, in words; shown in the log, never enforced.
PROMISES = {
    "promise-0": {"ja": "このラウンド、あなたには能力を使わない",
                  "en": "I will not use my ability against you this round"},
    "promise-1": {"ja": "次のラウンド、あなたの味方をする",
                  "en": "I will side with you next round"},
    "promise-2": {"ja": "次の交渉で、あなたに有利な申し出をする",
                  "en": "I will make you a good offer at the next bargain"},
    "promise-3": {"ja": "次のラウンド、高いカードは出さない",
                  "en": "I will not play a high card next round"},
    "promise-4": {"ja": "この借りは必ず返す",
                  "en": "I owe you one"},
}

# Cards are ints: owner * 10 + power - 1.
CARD_IDS = [f"s{owner}-{power}" for owner in range(6) for power in range(1, POWERS + 1)]
CARD_OF = {name: card for card, name in enumerate(CARD_IDS)}
# The actions of each card, made once: legal lists are built of these.
PLAY_OF = [Play(name) for name in CARD_IDS]
KNIGHT_OF = [Knight(name) for name in CARD_IDS]
ACCEPT_OF = [Accept(s) for s in range(6)]
GOLD_OF = [None] + [Gold(k) for k in range(1, GOLD_SUPPLY + 1)]
STEAL_OF, PLUS_OF, SPY_OF, MINUS_OF, DISCARD_OF, SWAP_OF = (
    [kind(s) for s in range(6)] for kind in (Steal, Plus, Spy, Minus, Discard, Swap))
# The free uses (ST-9: a switched card's ability cannot be used), and the kind of
# action each first word of a text names (for the refusal of a hand-made text).
USE_KINDS = frozenset((Steal, Plus, Spy, Minus, Discard, Swap, Knight))
KIND_OF_WORD = {kind.verb: kind for kind in (Play, Gold, Pass, Accept, *USE_KINDS)}


def power_of(card: int) -> int:
    return card % 10 + 1


def owner_of(card: int) -> int:
    return card // 10


def deck(owner: int) -> list[int]:
    return list(range(owner * 10, owner * 10 + POWERS))


def score_cards(cards) -> tuple[int, list[dict]]:
    """ST-19: points of won cards and their best split, naming the cards."""
    points, groups = best_split([power_of(c) for c in cards])
    pool: dict[int, list[int]] = {}
    for card in sorted(cards):
        pool.setdefault(power_of(card), []).append(card)
    split = []
    for kind, powers in groups:
        split.append({"kind": kind, "cards": [CARD_IDS[pool[p].pop(0)] for p in powers],
                      "points": group_points(kind, len(powers))})
    return points, split


def ranking_key(points: int, won: list[int]) -> tuple:
    """ST-20: points, then cards won, then the most 10s, 9s, and so on."""
    by_power = [0] * (POWERS + 1)
    for card in won:
        by_power[power_of(card)] += 1
    return (points, len(won), *reversed(by_power[1:]))


class StruggleState(State):
    # Every field, declared once (see State.FIELDS); seats' lists are by seat.
    FIELDS = {
        "night": PUBLIC,            # ST-6
        "gold": PUBLIC,             # ST-2
        "hands": PRIVATE,           # each seat's own cards
        "removed": HIDDEN,          # ST-6: the night's cards out, unseen by anyone
        "known": PUBLIC,            # cards sent back by the Spy: known to be in that hand
        "won": PUBLIC,
        "scores": DERIVED,          # the best split of each seat's won cards (ST-19)
        "discard": PUBLIC,
        "history": PUBLIC,          # each finished round's record
        "first": PUBLIC,            # ST-4
        "round_no": PUBLIC,
        "leader": PUBLIC,
        "phase": PUBLIC,
        "to_act": PUBLIC,
        # the round in progress
        "slot": PRIVATE,            # the played card: a face-down one its owner's alone (ST-7)
        "companion": PUBLIC,        # the Knight's second card (ST-28)
        "plus": PUBLIC, "minus": PUBLIC,     # markers on each seat's card (ST-3)
        "switched": PUBLIC,         # ST-9
        "status": PUBLIC,
        "dealt": PUBLIC,            # ST-16: one deal a round
        "events": PUBLIC,           # what the abilities did this round
        "order": PUBLIC,            # ST-8: the ability turns
        "turn": PUBLIC,             # the ability turn under way, its index in order
        "active": PUBLIC,           # whose ability it is
        "offers": PUBLIC,           # ST-15: offers are made in the open
        "queue": PUBLIC,            # who still chooses a card, or may still offer
        "making": PUBLIC,           # the offer being made
        "pending_deal": PUBLIC,     # an accepted Knight deal awaiting its card
        # the quick bot's bargain sums for one step, worked out from the public
        # table (bots.bids): kept by clones, never changed once made
        "_bargain": DERIVED,
    }

    def __init__(self, game, players, seed, options):
        super().__init__(game, players, seed, options)
        n = players
        self.night = options["mode"] == "night"
        self.gold = [START_GOLD] * n                     # ST-2
        self.hands = [deck(s) for s in range(n)]         # ST-1, ST-5
        self.removed = [[] for _ in range(n)]
        if self.night:                                   # ST-6: unseen by anyone
            for s in range(n):
                self.removed[s] = sorted(self.rng.sample(self.hands[s], NIGHT_REMOVED))
                self.hands[s] = [c for c in self.hands[s] if c not in self.removed[s]]
        # Cards everyone knows to be in a hand (sent back by the Spy), until played.
        self.known = [[] for _ in range(n)]
        self.won = [[] for _ in range(n)]
        self.scores = [(0, []) for _ in range(n)]        # best split of each seat's won cards
        self.discard: list[int] = []
        self.history: list[dict] = []
        self.first = self.rng.randrange(n)               # ST-4
        self.round_no = 0
        self._bargain = None
        self._start_round()

    # ---- round flow -------------------------------------------------------
    def _clockwise(self, start: int) -> list[int]:
        return [(start + k) % self.players for k in range(self.players)]

    def _start_round(self) -> None:
        n = self.players
        self.round_no += 1
        self.slot: list[int | None] = [None] * n
        self.companion: list[int | None] = [None] * n
        self.plus = [0] * n                               # ST-12: markers back
        self.minus = [0] * n
        self.switched = [False] * n
        self.status = [WAITING if self.hands[s] else OUT for s in range(n)]
        self.dealt = [False] * n
        self.events: list[dict] = []
        self.order: list[int] = []
        self.turn = -1
        self.active: int | None = None
        self.offers: list[dict] = []
        self.queue: list[int] = []
        self.making: dict | None = None
        self.pending_deal: dict | None = None   # an accepted "knight" offer awaiting its card
        self.leader = next((s for s in self._clockwise(self.first) if self.hands[s]), None)
        if self.round_no > ROUNDS or self.leader is None:  # ST-13 (or nobody holds a card)
            self.round_no -= 1                             # the last round played
            self.phase = OVER
            self.to_act = None
            return
        self.phase = LEAD
        self.to_act = self.leader

    def _reveal(self) -> None:
        """ST-7: the face-down cards are turned over together."""
        for s in range(self.players):
            if self.status[s] == FACE_DOWN:
                self.status[s] = IN
                self._forget(s, self.slot[s])
        self.seal()
        # ST-8: ability turns from the first player, clockwise.
        self.order = [s for s in self._clockwise(self.leader) if self.status[s] == IN]
        self.turn = -1
        self._next_turn()

    def _next_turn(self) -> None:
        self.active = None
        self.offers = []
        self.making = None
        while True:
            self.turn += 1
            if self.turn >= len(self.order):
                self._end_round()
                return
            seat = self.order[self.turn]
            card = self.slot[seat]
            if card is None:                  # discarded before its turn (ST-27)
                continue
            power = power_of(card)
            if self.switched[seat]:           # ST-9
                self._log(seat, "blocked")
                continue
            if power == PEASANT:              # ST-21
                self._log(seat, "gold", gold=self._gain(seat, PEASANT_GOLD))
                continue
            if power == MERCHANT:             # ST-23
                coins = sum(1 for c in self._trick_cards() if power_of(c) in COINS)
                self._log(seat, "gold", gold=self._gain(seat, coins))
                continue
            if power == KING:                 # ST-30
                continue
            if not self._uses(seat):          # ST-31
                self._log(seat, "no-effect")
                continue
            # ST-15: a 交渉 card: the others may bid, from the active player's left.
            self.active = seat
            self.queue = [s for s in self._clockwise(seat)[1:] if self.gold[s] > 0]
            if self.queue:
                self.phase = OFFER
                self.to_act = self.queue[0]
            else:
                self.phase = DECIDE
                self.to_act = seat
            return

    def _end_round(self) -> None:
        n = self.players
        totals = {s: self._total(s) for s in range(n) if self.slot[s] is not None}
        values = list(totals.values())
        cancelled = [s for s, t in totals.items() if values.count(t) > 1]   # ST-10
        remaining = [s for s in totals if s not in cancelled]
        winner = max(remaining, key=totals.get) if remaining else None       # ST-11
        plays = [{"seat": s, "card": CARD_IDS[self.slot[s]],
                  "companion": None if self.companion[s] is None else CARD_IDS[self.companion[s]],
                  "plus": self.plus[s], "minus": self.minus[s], "total": totals[s],
                  "switched": self.switched[s]} for s in totals]
        taken, lost = [], []
        for s in totals:
            cards = [c for c in (self.slot[s], self.companion[s]) if c is not None]
            (lost if s in cancelled else taken).extend(cards)
        self.discard.extend(lost)
        if winner is not None:
            self.won[winner].extend(taken)
            self.won[winner].sort()
            self.scores[winner] = score_cards(self.won[winner])
            self.first = winner                                              # ST-12
        self.history.append({
            "round": self.round_no, "leader": self.leader, "plays": plays,
            "cancelled": cancelled, "winner": winner,
            "taken": [CARD_IDS[c] for c in taken], "cancelled_cards": [CARD_IDS[c] for c in lost],
            "events": self.events, "gold": list(self.gold),
        })
        self._start_round()

    # ---- pieces -------------------------------------------------------------
    def _trick_cards(self) -> list[int]:
        return [c for s in range(self.players) for c in (self.slot[s], self.companion[s])
                if c is not None and self.status[s] == IN]

    def _total(self, seat: int) -> int:
        total = power_of(self.slot[seat]) + MARKER_VALUE * (self.plus[seat] - self.minus[seat])
        if self.companion[seat] is not None:
            total += power_of(self.companion[seat])          # ST-28
        return total

    def _gain(self, seat: int, amount: int) -> int:
        amount = max(0, min(amount, GOLD_SUPPLY - sum(self.gold)))   # ST-2
        self.gold[seat] += amount
        return amount

    def _forget(self, seat: int, card: int) -> None:
        if card in self.known[seat]:
            self.known[seat].remove(card)

    def _log(self, seat: int, what: str, **detail) -> dict:
        event = {"seat": seat, "card": CARD_IDS[self.slot[seat]], "what": what, **detail}
        self.events.append(event)
        return event

    def markers_left(self) -> tuple[int, int]:
        """(+3, -3) markers in the supply (ST-3); markers on a card that leaves the
        trick go back at once."""
        return MARKERS - sum(self.plus), MARKERS - sum(self.minus)

    def _uses(self, seat: int) -> list[Use]:
        """The legal free uses of `seat`'s ability now (ST-21..ST-31)."""
        power = power_of(self.slot[seat])
        n = self.players
        others = [s for s in range(n) if s != seat]
        played = [s for s in range(n) if self.slot[s] is not None]
        if power == THIEF:
            return [STEAL_OF[s] for s in others if self.gold[s] > 0]
        if power == JESTER:
            return [PLUS_OF[s] for s in played] if self.markers_left()[0] else []
        if power == GUARD:
            return [MINUS_OF[s] for s in played] if self.markers_left()[1] else []
        if power == SPY:
            return [SPY_OF[s] for s in others if self.slot[s] is not None and self.hands[s]]
        if power == DIPLOMAT:
            return [DISCARD_OF[s] for s in others if self.slot[s] is not None]
        if power == KNIGHT:
            return [KNIGHT_OF[c] for c in self.hands[seat]]
        if power == QUEEN:
            return [SWAP_OF[s] for s in others if self.slot[s] is not None]
        return []

    def offer_uses(self) -> list[Use]:
        """The uses an offer may name (ST-15): the free uses, the Knight's as one."""
        uses = self._uses(self.active)
        if power_of(self.slot[self.active]) == KNIGHT:
            uses = [KNIGHT_DEAL] if uses else []
        return uses + [NOT_USED]

    def _carry_out(self, seat: int, use: Use, deal: dict | None) -> None:
        """Applies one use of `seat`'s ability and logs it."""
        if isinstance(use, NotUsed):
            self._log(seat, "not-used", deal=deal, offers=self.offers)
            return
        if isinstance(use, KnightDeal):       # a deal for the Knight: the card is picked next
            self.phase = KNIGHT_CARD
            self.to_act = seat
            self.pending_deal = deal
            return
        detail = {}
        if isinstance(use, Knight):           # ST-28
            card = CARD_OF[use.card]
            self.hands[seat].remove(card)
            self._forget(seat, card)
            self.companion[seat] = card
            detail["companion"] = use.card
            self.seal()
        else:
            target = use.target
            detail["target"] = target
            if isinstance(use, Steal):        # ST-22
                took = min(THIEF_TAKE, self.gold[target])
                self.gold[target] -= took
                self.gold[seat] += took
                detail["gold"] = took
            elif isinstance(use, Plus):       # ST-24
                self.plus[target] += 1
            elif isinstance(use, Minus):      # ST-26
                self.minus[target] += 1
            elif isinstance(use, Spy):        # ST-25
                hand = self.hands[target]
                replacement = hand.pop(self.rng.randrange(len(hand)))
                self._forget(target, replacement)
                back = [c for c in (self.slot[target], self.companion[target]) if c is not None]
                for card in back:             # back to its owner's hand, known to all
                    owner = owner_of(card)
                    self.hands[owner].append(card)
                    self.hands[owner].sort()
                    self.known[owner].append(card)
                    self.known[owner].sort()
                self.slot[target] = replacement
                self.companion[target] = None
                self.plus[target] = self.minus[target] = 0
                self.switched[target] = True  # ST-9
                detail["returned"] = [CARD_IDS[c] for c in back]
                detail["replacement"] = CARD_IDS[replacement]
            elif isinstance(use, Discard):    # ST-27
                gone = [c for c in (self.slot[target], self.companion[target]) if c is not None]
                self.discard.extend(gone)
                self.slot[target] = self.companion[target] = None
                self.plus[target] = self.minus[target] = 0
                self.status[target] = GONE
                detail["discarded"] = [CARD_IDS[c] for c in gone]
            elif isinstance(use, Swap):       # ST-29: markers stay on their cards
                for field in (self.slot, self.companion, self.plus, self.minus):
                    field[seat], field[target] = field[target], field[seat]
                self.switched[target] = True  # ST-9
        event = self._log(seat, "used", use=use, deal=deal, offers=self.offers, **detail)
        if isinstance(use, Swap):             # the event names the Queen, now in front of target
            event["card"] = CARD_IDS[self.slot[target]]

    # ---- the contract -----------------------------------------------------
    @property
    def current(self):
        return self.to_act

    def legal_actions(self) -> list:
        phase = self.phase
        seat = self.to_act
        if phase in (LEAD, CHOOSE):
            return [PLAY_OF[c] for c in self.hands[seat]]
        if phase == OFFER:
            return [offer_of(u) for u in self.offer_uses()] + [PASS]
        if phase == OFFER_GOLD:
            return GOLD_OF[1:self.gold[seat] + 1]
        if phase == OFFER_PROMISE:
            return list(PROMISE_ACTIONS)
        if phase == DECIDE:
            # One ability turn a round, so one deal at most (ST-16) comes by itself.
            return [ACCEPT_OF[o["seat"]] for o in self.offers] + self._uses(seat) + [PASS]
        if phase == KNIGHT_CARD:
            return [KNIGHT_OF[c] for c in self.hands[seat]]
        return []

    def _apply(self, action) -> None:
        seat = self.to_act
        phase = self.phase
        if phase == LEAD:
            card = CARD_OF[action.card]
            self.hands[seat].remove(card)
            self._forget(seat, card)
            self.slot[seat] = card
            self.status[seat] = IN            # ST-7: face up
            self.seal()
            self.queue = [s for s in self._clockwise(seat)[1:] if self.status[s] == WAITING]
            self._next_chooser()
        elif phase == CHOOSE:
            card = CARD_OF[action.card]
            self.hands[seat].remove(card)
            self.slot[seat] = card
            self.status[seat] = FACE_DOWN     # ST-7: hidden until all have chosen
            self.queue.pop(0)
            self._next_chooser()
        elif phase == OFFER:
            if isinstance(action, Pass):
                self._next_offerer()
            else:
                self.making = {"seat": seat, "use": action.use, "gold": None, "promise": None}
                self.phase = OFFER_GOLD
        elif phase == OFFER_GOLD:
            self.making["gold"] = action.amount
            self.phase = OFFER_PROMISE
        elif phase == OFFER_PROMISE:
            self.making["promise"] = action if isinstance(action, Promise) else None
            self.offers.append(self.making)
            self.making = None
            self._next_offerer()
        elif phase == DECIDE:
            if isinstance(action, Accept):    # ST-16: binding, gold moves at once
                offer = next(o for o in self.offers if o["seat"] == action.seat)
                self.gold[offer["seat"]] -= offer["gold"]
                self.gold[seat] += offer["gold"]
                self.dealt[seat] = True
                self._carry_out(seat, use_of(offer["use"]), offer)
            elif isinstance(action, Pass):    # ST-17
                self._carry_out(seat, NOT_USED, None)
            else:
                self._carry_out(seat, action, None)
            if self.phase != KNIGHT_CARD:
                self._next_turn()
        elif phase == KNIGHT_CARD:
            self.phase = DECIDE
            self._carry_out(seat, action, self.pending_deal)
            self.pending_deal = None
            self._next_turn()

    def _next_chooser(self) -> None:
        if self.queue:
            self.phase = CHOOSE
            self.to_act = self.queue[0]
        else:
            self._reveal()

    def _next_offerer(self) -> None:
        self.queue.pop(0)
        if self.queue:
            self.phase = OFFER
            self.to_act = self.queue[0]
        else:
            self.phase = DECIDE
            self.to_act = self.active

    # ---- refusals in words ------------------------------------------------
    @staticmethod
    def _attempt(action) -> tuple[bool, type | None, str]:
        """What a refused action names, to say why: (is it an offer, the kind of
        action or use it names, its argument as text). An action the game writes
        is read by its type; any other text (a hand-made record) by its words, so
        that it is refused with the same reason as an action of that kind."""
        from . import GAME
        try:
            typed = GAME.parse(action)
        except ValueError:
            words = str(action).split()
            offering = words[:1] == ["offer"]
            named = words[1:] if offering else words
            arg = str(action).partition(" ")[2]
            return offering, KIND_OF_WORD.get(named[0] if named else ""), arg
        if isinstance(typed, Offer):
            return True, type(typed.use), str(typed.use)
        if isinstance(typed, (Play, Knight)):
            return False, type(typed), typed.card
        if isinstance(typed, Gold):
            return False, Gold, str(typed.amount)
        if isinstance(typed, (Accept, Targeted)):
            return False, type(typed), str(typed.seat if isinstance(typed, Accept) else typed.target)
        return False, type(typed), ""

    def _ability_refusal(self, seat: int, action) -> Refusal | None:
        """Reasons that hold whoever sends the action: ST-9, ST-16, ST-31."""
        offering, kind, _ = self._attempt(action)
        if kind is Accept and self.dealt[seat]:
            return refuse("dealt", "seat {seat} has already accepted a deal this round: "
                          "one deal per round", "ST-16", seat=seat)
        if (not offering and kind in USE_KINDS and self.slot[seat] is not None
                and self.switched[seat]):
            return refuse("switched", "this card was switched in by the Spy or the Queen: "
                          "its ability cannot be used", "ST-9")
        plus_left, minus_left = self.markers_left()
        if kind is Plus and not plus_left:
            return refuse("no_plus", "no +3 marker is left in the supply: the Jester has no effect",
                          "ST-31")
        if kind is Minus and not minus_left:
            return refuse("no_minus", "no −3 marker is left in the supply: the Guard has no effect",
                          "ST-31")
        return None

    def why_illegal(self, action) -> Refusal:
        seat = self.to_act
        phase = self.phase
        if self.over:
            return refuse("game_over", "the game is over: no more actions")
        reason = self._ability_refusal(seat, action)
        if reason:
            return reason
        offering, kind, arg = self._attempt(action)
        if offering:           # what follows "offer" names a use, not the action
            kind = Offer
        if phase in (LEAD, CHOOSE):
            if kind is Play:
                return refuse("not_in_hand", "{card} is not in your hand: play a card you hold",
                              "ST-7", card=arg)
            if phase == LEAD:
                return refuse("lead", "first choose a card to play face up: you lead", "ST-7")
            return refuse("choose", "first choose a card to play face down", "ST-7")
        if phase == OFFER:
            if kind is Offer:
                return refuse("not_a_use", "{use!r} is not a use of this ability now; an offer "
                              "names one of: {uses}", "ST-15",
                              use=arg, uses=", ".join(self.offer_uses()))
            return refuse("offer_or_pass", "make an offer for a use of the ability, or pass", "ST-15")
        if phase == OFFER_GOLD:
            if kind is Gold and arg.lstrip("-").isdigit():
                if int(arg) > self.gold[seat]:
                    return refuse("gold_held", "you hold only {gold} gold: an offer is gold you hold",
                                  "ST-15", gold=self.gold[seat])
                if int(arg) < 1:
                    return refuse("gold_least", "an offer is at least 1 gold", "ST-15")
            return refuse("gold_name", "name the gold you offer: 1 to {gold}", "ST-15",
                          gold=self.gold[seat])
        if phase == OFFER_PROMISE:
            return refuse("promise", "add a promise (promise-0..promise-4) or no-promise", "ST-15")
        if phase == DECIDE:
            if kind is Accept:
                offerer = int(arg) if arg.isdigit() and int(arg) < self.players else arg
                return refuse("no_offer", "seat {offerer} made no offer to accept", "ST-16",
                              offerer=offerer)
            return refuse("decide", "accept an offer, use the ability one of the legal ways, "
                          "or pass: {allowed}", "ST-17", allowed=", ".join(self.legal_actions()))
        if phase == KNIGHT_CARD:
            return refuse("binding", "the deal is binding: choose the card from your hand to add "
                          "to the Knight", "ST-16, ST-28")
        return super().why_illegal(action)

    def why_out_of_turn(self, seat, action) -> Refusal:
        if not 0 <= seat < self.players:
            return refuse("no_seat", "there is no seat {number}", number=seat)
        reason = self._ability_refusal(seat, action)
        if reason:
            return reason
        if self.phase == CHOOSE and self.status[seat] == FACE_DOWN:
            return refuse("chosen", "seat {seat} has already chosen a card face down; "
                          "it is seat {turn}'s turn", "ST-7", seat=seat, turn=self.to_act)
        if self.phase in (OFFER, OFFER_GOLD, OFFER_PROMISE):
            return refuse("offer_turn", "it is seat {turn}'s turn to make an offer or pass",
                          "ST-15", turn=self.to_act)
        if self.phase == DECIDE:
            return refuse("decides", "it is seat {turn}'s turn: seat {turn} decides on the offers",
                          "ST-16", turn=self.to_act)
        return refuse("out_of_turn", "it is seat {turn}'s turn, not seat {seat}'s",
                      turn=self.to_act, seat=seat)

    # ---- what each seat sees --------------------------------------------
    def view(self, seat: int | None) -> dict:
        n = self.players
        trick = []
        for s in range(n):
            status = self.status[s]
            card = self.slot[s]
            shown = card is not None and (status == IN or s == seat)
            trick.append({
                "seat": s, "status": status,
                "card": CARD_IDS[card] if shown else None,
                "companion": None if self.companion[s] is None else CARD_IDS[self.companion[s]],
                "plus": self.plus[s], "minus": self.minus[s],
                "total": self._total(s) if status == IN else None,
                "switched": self.switched[s],
            })
        standing = None
        if self.phase in (OFFER, OFFER_GOLD, OFFER_PROMISE, DECIDE, KNIGHT_CARD):
            totals = {s: self._total(s) for s in range(n) if self.slot[s] is not None}
            values = list(totals.values())
            cancelled = [s for s, t in totals.items() if values.count(t) > 1]
            rest = [s for s in totals if s not in cancelled]
            standing = {"cancelled": cancelled,
                        "winner": max(rest, key=totals.get) if rest else None}
        turn = None
        if self.active is not None:
            turn = {"seat": self.active, "card": CARD_IDS[self.slot[self.active]],
                    "offer_uses": self.offer_uses() if self.phase != KNIGHT_CARD else [],
                    "offers": [dict(o) for o in self.offers],
                    "making": dict(self.making) if self.making else None,
                    "deal": dict(self.pending_deal) if self.pending_deal else None,
                    "waiting": list(self.queue) if self.phase in (OFFER, OFFER_GOLD, OFFER_PROMISE) else []}
        plus_left, minus_left = self.markers_left()
        return {
            "game": "struggle", "players": n, "seat": seat, "current": self.to_act,
            "phase": self.phase, "mode": "night" if self.night else "day",
            "round": self.round_no, "rounds": ROUNDS, "first": self.first, "leader": self.leader,
            "hand": [CARD_IDS[c] for c in self.hands[seat]] if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "known_in_hand": [[CARD_IDS[c] for c in k] for k in self.known],
            "gold": list(self.gold),
            "supply": {"gold": GOLD_SUPPLY - sum(self.gold), "plus": plus_left, "minus": minus_left},
            "trick": trick, "order": list(self.order), "turn": turn, "standing": standing,
            "deals": list(self.dealt),
            "won": [[CARD_IDS[c] for c in w] for w in self.won],
            "score": [{"cards": pts, "gold": self.gold[s], "total": pts + self.gold[s],
                       "split": [dict(g) for g in split]}
                      for s, (pts, split) in enumerate(self.scores)],
            "discard": [CARD_IDS[c] for c in self.discard],
            "events": [dict(e) for e in self.events],
            "history": [dict(h) for h in self.history],
        }

    def result(self):
        if self.phase != OVER:
            return None
        points = [pts + self.gold[s] for s, (pts, _) in enumerate(self.scores)]   # ST-18, ST-19
        keys = [ranking_key(points[s], self.won[s]) for s in range(self.players)]
        best = max(keys)
        return {"scores": points, "winners": [s for s, k in enumerate(keys) if k == best]}  # ST-20

    def clone(self) -> "StruggleState":
        """Written out field by field for the search's speed (a clone a play-out):
        the numbers and texts are shared, every list and dict is copied."""
        other = object.__new__(StruggleState)
        other.__dict__.update(self.__dict__)
        other.rng = self.rng.copy()
        other.actions = list(self.actions)
        other.actors = list(self.actors)
        other.options = dict(self.options)
        for name in ("gold", "slot", "companion", "plus", "minus", "switched", "status",
                     "dealt", "order", "queue", "discard"):
            setattr(other, name, list(getattr(self, name)))
        for name in ("hands", "removed", "known", "won"):
            setattr(other, name, [list(x) for x in getattr(self, name)])
        other.scores = [(points, [dict(g, cards=list(g["cards"])) for g in split])
                        for points, split in self.scores]
        other.history = [_copy_round(h) for h in self.history]
        other.events = [_copy_event(e) for e in self.events]
        other.offers = [dict(o) for o in self.offers]
        other.making = dict(self.making) if self.making else None
        other.pending_deal = dict(self.pending_deal) if self.pending_deal else None
        return other


def _copy_event(event: dict) -> dict:
    copy = dict(event)
    for name in ("returned", "discarded"):
        if name in copy:
            copy[name] = list(copy[name])
    if copy.get("deal"):
        copy["deal"] = dict(copy["deal"])
    if "offers" in copy:
        copy["offers"] = [dict(o) for o in copy["offers"]]
    return copy


def _copy_round(record: dict) -> dict:
    return {**record, "plays": [dict(p) for p in record["plays"]],
            "cancelled": list(record["cancelled"]), "taken": list(record["taken"]),
            "cancelled_cards": list(record["cancelled_cards"]),
            "events": [_copy_event(e) for e in record["events"]], "gold": list(record["gold"])}


def sample_state(view: dict, seed: int) -> StruggleState:
    """A full state agreeing with `view`, with everything that seat cannot see
    drawn at random: the others' hands (keeping the cards everyone knows to be
    there), their face-down choices, and at night the removed cards."""
    from . import GAME
    seat = view["seat"]
    n = view["players"]
    rng = random.Random(seed)
    state = StruggleState.__new__(StruggleState)
    State.__init__(state, GAME, n, seed, {"mode": view["mode"]})
    state.night = view["mode"] == "night"
    state._bargain = None
    state.gold = list(view["gold"])
    state.won = [[CARD_OF[c] for c in w] for w in view["won"]]
    state.scores = [(s["cards"], [dict(g) for g in s["split"]]) for s in view["score"]]
    state.discard = [CARD_OF[c] for c in view["discard"]]
    state.history = [dict(h) for h in view["history"]]
    state.events = [dict(e) for e in view["events"]]
    state.first, state.leader, state.round_no = view["first"], view["leader"], view["round"]
    state.phase, state.to_act = view["phase"], view["current"]
    state.known = [[CARD_OF[c] for c in k] for k in view["known_in_hand"]]
    trick = view["trick"]
    state.status = [t["status"] for t in trick]
    state.slot = [None if t["card"] is None else CARD_OF[t["card"]] for t in trick]
    state.companion = [None if t["companion"] is None else CARD_OF[t["companion"]] for t in trick]
    state.plus = [t["plus"] for t in trick]
    state.minus = [t["minus"] for t in trick]
    state.switched = [t["switched"] for t in trick]
    state.dealt = list(view["deals"])
    state.order = list(view["order"])
    turn = view["turn"]
    state.active = turn["seat"] if turn else None
    state.offers = [dict(o) for o in turn["offers"]] if turn else []
    state.making = dict(turn["making"]) if turn and turn["making"] else None
    state.pending_deal = dict(turn["deal"]) if turn and turn["deal"] else None
    state.turn = state.order.index(state.active) if turn else -1
    if state.phase == CHOOSE:
        state.queue = [s for s in state._clockwise(state.leader) if state.status[s] == WAITING]
    else:
        state.queue = list(turn["waiting"]) if turn else []
    own_hand = [CARD_OF[c] for c in view["hand"]]
    seen = set(own_hand) | set(state.discard)
    for cards in (*state.won, *state.known, state.slot, state.companion):
        seen.update(c for c in cards if c is not None)
    state.hands, state.removed = [], []
    for other in range(n):
        unseen = [c for c in deck(other) if c not in seen]
        if other == seat:
            state.hands.append(sorted(own_hand))
            state.removed.append(unseen)
            continue
        face_down = state.status[other] == FACE_DOWN
        held = view["hand_sizes"][other] + face_down
        rng.shuffle(unseen)
        fresh = held - len(state.known[other])
        pool = state.known[other] + unseen[:fresh]
        state.removed.append(sorted(unseen[fresh:]))
        if face_down:
            state.slot[other] = pool.pop(rng.randrange(len(pool)))
        state.hands.append(sorted(pool))
    return state
