"""王宮のささやき (Palastgeflüster): play characters into your own display
(密談場) without ever playing the same character twice; the colour of each card
decides who plays next. Whoever cannot play gives everyone else a point;
whoever lays six different characters scores themselves.

Rule IDs (WH-n) refer to the team's specification of this game; each rule is
cited where the code carries it out.

Cards are ids "<colour>-<character>": colours red, blue, green, yellow, purple
(seat i plays colour i) and grey; characters accountant, wizard, maid, butler,
guard, general, jester. The 14 grey cards are two of each character, so
"grey-maid" can be in the deck twice. King cards are "king-<character>".
Seats are numbered from 0, in actions as in views.

Action grammar (each verb an Action of actions.py; its text is one short string):

    play CARD      play a hand card into your display (WH-8); its effect follows
                   (WH-9, WH-11..WH-17) through the steps below, then the turn
                   passes by the card's colour (WH-10)
    next S         a grey card and several players tie for the fewest display
                   cards: the player who played it hands the turn to S (WH-10)
    target S       Wizard: the other player to exchange with (WH-12)
    count N        Wizard: how many cards go each way, 1 up to the smaller hand
    give CARD      Wizard: one of your cards to give, N times; then the target
                   (now `current`) gives N of theirs the same way, and the cards
                   change hands together
    discard CARD   Maid: the hand card to discard face down; a card is drawn (WH-13)
    swap S CARD    Butler: the first card of the swap, in seat S's display (WH-14)
    with S CARD    Butler: the second card, in another display; the swap happens
    return CARD    Guard: the display card to take back into your hand (WH-15)

The Accountant (WH-11), the General (WH-16) and the Jester (WH-17) need no
choice. The private steps are "give" (both sides of an exchange) and "discard";
every other action is public.

What is known of the hands. "known" in the view is what everyone knows is in
each hand: the Accountant's whole hand and a Guard's returned card, less what
has since been played or may have moved unseen (after a face-down Maid discard
or an exchange of N cards, of k known copies of a card k - 1 or k - N remain
certain). "history" lists the round's plays in public, and adds for each seat
its own private side: what it gave and got in an exchange, what it discarded
and drew with the Maid. `knowledge(view)` reads from the two what that seat
knows of every other hand (public knowledge plus what it gave its partners
that must still be there).
"""
from __future__ import annotations

import copy
import random
from collections.abc import Mapping

from ...core import DERIVED, HIDDEN, PRIVATE, PUBLIC, Action, Luck, Refusal, State, refuse
from .actions import ACTIONS, Count, Discard, Give, Next, Play, Return, Swap, SwapWith, Target

COLOURS = ["red", "blue", "green", "yellow", "purple"]                      # WH-1
CHARACTERS = ["accountant", "wizard", "maid", "butler", "guard", "general", "jester"]  # WH-2
ACCOUNTANT, WIZARD, MAID, BUTLER, GUARD, GENERAL, JESTER = range(7)
KINGS = ["king-" + c for c in CHARACTERS if c != "general"]                # WH-5
GREY = "grey"

HAND = 6          # WH-4, WH-7: hand + display is six for everyone
GOALS = {3: 6, 4: 5, 5: 4}                                                 # WH-22
EARLY_BUTLER = 2  # WH-14: the Butler does nothing as the 1st or 2nd card of a round

NAMES = {
    "accountant": {"ja": "会計士", "en": "Accountant"},
    "wizard": {"ja": "魔法使い", "en": "Wizard"},
    "maid": {"ja": "メイド", "en": "Maid"},
    "butler": {"ja": "執事", "en": "Butler"},
    "guard": {"ja": "衛兵", "en": "Guard"},
    "general": {"ja": "将軍", "en": "General"},
    "jester": {"ja": "道化師", "en": "Jester"},
    "red": {"ja": "赤", "en": "red"}, "blue": {"ja": "青", "en": "blue"},
    "green": {"ja": "緑", "en": "green"}, "yellow": {"ja": "黄", "en": "yellow"},
    "purple": {"ja": "紫", "en": "purple"}, "grey": {"ja": "灰", "en": "grey"},
}


def deck(players: int) -> list[str]:
    """WH-3: one of each character per colour in play, and two grey of each."""
    return ([f"{colour}-{c}" for colour in COLOURS[:players] for c in CHARACTERS]
            + [f"{GREY}-{c}" for c in CHARACTERS for _ in range(2)])


ALL_CARDS = deck(len(COLOURS))
ORDER = {card: i for i, card in enumerate(dict.fromkeys(ALL_CARDS + KINGS))}
CHAR = {card: CHARACTERS.index(card.split("-")[1]) for card in ORDER}
OWNER = {card: (COLOURS.index(card.split("-")[0]) if card.split("-")[0] in COLOURS else None)
         for card in ORDER}
KING_CHAR = {king: CHAR[king] for king in KINGS}

# Every action value made once (legal_actions runs in every step of a play-out).
_CARDS = [c for c in ORDER if not c.startswith("king-")]
_SEATS = range(len(COLOURS))
PLAYS, GIVES, DISCARDS, RETURNS = ({c: kind(c) for c in _CARDS} for kind in (Play, Give, Discard, Return))
NEXTS, TARGETS = ({s: kind(s) for s in _SEATS} for kind in (Next, Target))
COUNTS = {n: Count(n) for n in range(1, HAND + 1)}
SWAPS, WITHS = ({(s, c): kind(s, c) for s in _SEATS for c in _CARDS} for kind in (Swap, SwapWith))

PLAY, NEXT, TARGET, COUNT, GIVE, ANSWER, DISCARD, SWAP, WITH, RETURN, OVER = (
    "play", "next", "target", "count", "give", "answer", "discard", "swap", "with",
    "return", "over")


def character(card: str) -> str:
    return CHARACTERS[CHAR[card]]


def sort_cards(cards) -> list[str]:
    return sorted(cards, key=ORDER.__getitem__)


def forget(known: list[str], moved: int) -> list[str]:
    """What stays certain of a known multiset after `moved` unseen cards left
    the hand: of k copies of a card, k - moved (any of them may have gone)."""
    if not moved or not known:
        return list(known)
    counts: dict[str, int] = {}
    for card in known:
        counts[card] = counts.get(card, 0) + 1
    return [card for card, k in counts.items() for _ in range(k - moved)]


def remove_one(cards: list[str], card: str) -> None:
    if card in cards:
        cards.remove(card)


def swaps(displays: list[list[str]], butler_seat: int) -> list[tuple[tuple[int, str], tuple[int, str]]]:
    """WH-14: every legal Butler swap, as ((seat, card), (later seat, card)): two
    cards of different displays, the Butler just played (in `butler_seat`'s
    display) not among them, leaving no display with two of one character."""
    chars = [{CHAR[c] for c in d} for d in displays]
    movable = [[c for c in d if not (s == butler_seat and CHAR[c] == BUTLER)]
               for s, d in enumerate(displays)]
    out = []
    for s, mine in enumerate(movable):
        for x in mine:
            cx = CHAR[x]
            for t in range(s + 1, len(displays)):
                taken = cx in chars[t]       # then only the same character fits
                for y in movable[t]:
                    cy = CHAR[y]
                    if cy == cx or (not taken and cy not in chars[s]):
                        out.append(((s, x), (t, y)))
    return out


def knowledge(view: dict) -> list[list[str] | None]:
    """What the view's seat knows is in each other hand (None for its own, or
    every hand for onlookers): the round's history replayed from that seat's
    side. For onlookers it equals the public "known"."""
    me = view["seat"]
    known: list[list[str]] = [[] for _ in range(view["players"])]
    for event in view["history"]:
        seat = event["seat"]
        remove_one(known[seat], event["card"])           # a played card is seen by all
        effect = event["effect"]
        if effect == "accountant":
            known[seat] = list(event["shown"])
        elif effect == "guard" and "returned" in event:
            known[seat].append(event["returned"])
        elif effect == "maid" and "reshuffled" in event:
            known[seat] = forget(known[seat], 1)
        elif effect == "wizard" and event.get("exchanged"):
            wizard, target = seat, event["target"]
            if me in (wizard, target):
                partner = target if me == wizard else wizard
                for card in event["got"]:
                    remove_one(known[partner], card)
                known[partner] += event["gave"]
            else:
                known[wizard] = forget(known[wizard], event["count"])
                known[target] = forget(known[target], event["count"])
    return [None if seat == me else sort_cards(k) for seat, k in enumerate(known)]


def public_event(event) -> dict:
    """A play's public record (a dict, or a Frozen finished play) as plain data."""
    return {k: (_thawed(v) if type(v) in _MADE else v) for k, v in event.items() if k != "private"}


def event_view(event: dict, seat: int | None) -> dict:
    """A play as `seat` saw it: the public record, and its own private side."""
    view = public_event(event)
    private = event.get("private")
    if private and seat in private:
        for key, value in private[seat].items():
            view[key] = _thawed(value)
    return view


class Frozen(Mapping):
    """Plain data that no longer changes (a finished round's summary, a finished
    play of the round), read as a dict (its lists as tuples): copies of a state
    share it instead of copying it. Views give it back as dicts and lists."""
    __slots__ = ("_data",)

    def __init__(self, data):
        self._data = {k: (_frozen(v) if type(v) in _MADE else v) for k, v in data.items()}

    @classmethod
    def made(cls, data: dict) -> "Frozen":
        """A Frozen of a dict whose values are frozen already (tuples, Frozen, scalars)."""
        frozen = cls.__new__(cls)
        frozen._data = data
        return frozen

    def __getitem__(self, key):
        return self._data[key]

    def __iter__(self):
        return iter(self._data)

    def __len__(self):
        return len(self._data)

    def __repr__(self):
        return f"Frozen({self._data!r})"

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def _frozen(data):
    kind = type(data)
    if kind is dict:
        return Frozen(data)
    if kind is list or kind is tuple:
        return tuple((_frozen(v) if type(v) in _MADE else v) for v in data)
    return data


def _thawed(data):
    """Frozen data as plain dicts and lists again (for a view)."""
    kind = type(data)
    if kind is dict or kind is Frozen:
        items = data._data.items() if kind is Frozen else data.items()
        return {k: (_thawed(v) if type(v) in _MADE else v) for k, v in items}
    if kind is list or kind is tuple:
        return [(_thawed(v) if type(v) in _MADE else v) for v in data]
    return data


def _copied(data):
    """A copy of a dict or list of plain data sharing no list or dict with it."""
    if type(data) is dict:
        return {k: (_copied(v) if type(v) in _CONTAINERS else v) for k, v in data.items()}
    return [(_copied(v) if type(v) in _CONTAINERS else v) for v in data]


_CONTAINERS = (dict, list)
_MADE = frozenset((dict, list, tuple, Frozen))      # what _frozen and _thawed look into


def face_down(history: list[dict]) -> list[dict]:
    """The Maid plays whose discards are still face down: those since the last
    time the discards were shuffled into a new pile (WH-13)."""
    since = 0
    for index, event in enumerate(history):
        if event["effect"] == "maid" and event.get("reshuffled"):
            since = index + 1
    return [e for e in history[since:] if e["effect"] == "maid" and "reshuffled" in e]


def my_discards(view: dict) -> list[str]:
    """The view's seat's own cards among the face-down discards."""
    return [e["discarded"] for e in face_down(view["history"]) if e["seat"] == view["seat"]]


class WhispersState(State):
    FIELDS = {
        "goal": PUBLIC,           # WH-22: the points that end the game
        "totals": PUBLIC,
        "recorded": PUBLIC,       # WH-24: display sizes, summed
        "rounds": PUBLIC,         # each finished round's summary (Frozen)
        "round_no": PUBLIC,
        "kings": HIDDEN,          # WH-5: the King pile, face down; a view counts it
        "king": PUBLIC,           # WH-16/18: the King card shown
        "kings_seen": PUBLIC,     # shown since the pile was last made
        "history": PRIVATE,       # this round's plays: public, each seat's private side its own
        "event": DERIVED,         # the latest of them (the play in progress)
        "turn_seat": PUBLIC,      # who played the card in progress
        "card": PUBLIC,           # and which card
        "swap_cache": DERIVED,    # the Butler's legal swaps, worked out once
        "hands": PRIVATE,         # WH-4: a seat sees its own
        "pile": HIDDEN,           # the draw pile; a view counts it
        "discards": HIDDEN,       # WH-13: the Maid's, face down (each seat knows its own)
        "displays": PUBLIC,       # WH-8
        "known": PUBLIC,          # what everyone knows is in each hand
        "played": PUBLIC,         # cards played this round (WH-14's first two)
        "starter": PUBLIC,        # WH-6/21
        "exchange": PRIVATE,      # WH-12 in progress: each side sees the cards it picked
        "first_pick": PUBLIC,     # WH-14: the Butler's first card
        "phase": PUBLIC,
        "to_act": PUBLIC,
    }

    def __init__(self, game, players, seed, options):
        super().__init__(game, players, seed, options)
        n = players
        self.goal = GOALS[n]                             # WH-22
        self.totals = [0] * n
        self.recorded = [0] * n                          # WH-24: display sizes, summed
        self.rounds: list[dict] = []
        self.round_no = 0
        self.kings = list(KINGS)                         # WH-5: face down
        self.rng.shuffle(self.kings)
        self.king: str | None = None                     # the King card shown
        self.kings_seen: list[str] = []                  # shown since the pile was last made
        self.history: list[dict] = []                   # this round's plays (see view)
        self.turn_seat = 0                               # who played the card in progress
        self.card: str | None = None
        self.swap_cache: list | None = None
        self._deal(self.rng.randrange(n))                # WH-6

    # ---- a round ---------------------------------------------------------------
    def _deal(self, starter: int) -> None:
        """WH-4/WH-21: gather every character card, shuffle and deal six each;
        `starter` plays first."""
        n = self.players
        self.round_no += 1
        cards = deck(n)
        self.rng.shuffle(cards)
        self.hands = [cards[HAND * s:HAND * (s + 1)] for s in range(n)]
        self.pile = cards[HAND * n:]                     # drawn from the end
        self.discards: list[str] = []                    # the Maid's, face down
        self.displays: list[list[str]] = [[] for _ in range(n)]
        self.known: list[list[str]] = [[] for _ in range(n)]   # what everyone knows
        self.history = []
        self.event: dict | None = None                   # the play in progress
        self.played = 0
        self.starter = starter
        self.exchange: dict | None = None
        self.first_pick: tuple[int, str] | None = None
        self.phase = PLAY
        self.to_act = starter
        if not self.playable(starter):                   # WH-19, before any card is played
            self._end_round("A", starter)

    def playable(self, seat: int) -> list[str]:
        """WH-8/WH-18: hand cards whose character is not in the display yet and
        that the King card does not forbid."""
        shown = {CHAR[c] for c in self.displays[seat]}
        if self.king == "king-jester":
            shown.add(JESTER)
        return [c for c in self.hands[seat] if CHAR[c] not in shown]

    def _end_round(self, end: str, seat: int) -> None:
        """WH-19 (A: `seat` cannot play) / WH-20 (B: `seat` laid six). Scores,
        records, then either ends the game or deals the next round."""
        n = self.players
        if end == "A":
            points = [0 if s == seat else 1 for s in range(n)]
        else:
            two = self.options["sixth_two_points"] and n >= 4       # WH-25
            points = [2 if two and s == seat else int(s == seat) for s in range(n)]
        sizes = [len(d) for d in self.displays]
        self.totals = [t + p for t, p in zip(self.totals, points)]
        self.recorded = [r + s for r, s in zip(self.recorded, sizes)]   # WH-24
        last = self.history[-1] if self.history else None
        self.rounds.append(Frozen.made({         # (its values already frozen: a play-out ends here)
            "round": self.round_no, "end": end, "seat": seat,
            # A: the hand that could not play is laid open as proof; B: the sixth card
            "hand": tuple(sort_cards(self.hands[seat])) if end == "A" else None,
            "card": self.displays[seat][-1] if end == "B" else None,
            "points": tuple(points), "displays": tuple(map(tuple, self.displays)),
            "sizes": tuple(sizes), "totals": tuple(self.totals), "recorded": tuple(self.recorded),
            "last": Frozen({k: v for k, v in last.items() if k != "private"}) if last else None,
        }))
        self.seal()
        if max(self.totals) >= self.goal:              # WH-22
            self.phase = OVER
            self.to_act = None
            self.exchange = None
            self.first_pick = None
            return
        self._deal(seat)                                 # WH-21: who ended it starts

    def _pass_turn(self, seat: int) -> None:
        """WH-10 then WH-19: the turn goes to `seat`, who may have nothing to play."""
        self.event["next"] = seat
        self.phase = PLAY
        self.to_act = seat
        self.exchange = None
        self.first_pick = None
        if not self.playable(seat):
            self._end_round("A", seat)

    def _finish_turn(self) -> None:
        """WH-10: a coloured card passes to its colour's player; a grey one to the
        fewest display cards, the player of the card choosing among a tie."""
        owner = OWNER[self.card]
        if owner is not None:
            self._pass_turn(owner)
            return
        sizes = [len(d) for d in self.displays]
        fewest = min(sizes)
        tied = [s for s, size in enumerate(sizes) if size == fewest]
        if len(tied) == 1:
            self._pass_turn(tied[0])
            return
        self.event["tied"] = tied
        self.phase = NEXT
        self.to_act = self.turn_seat

    # ---- the contract ----------------------------------------------------------
    @property
    def current(self):
        return self.to_act

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        seat = self.to_act
        if phase == PLAY:
            return [PLAYS[c] for c in sort_cards(set(self.playable(seat)))]
        if phase == NEXT:
            return [NEXTS[s] for s in self.event["tied"]]
        if phase == TARGET:
            return [TARGETS[s] for s in self._wizard_targets()]
        if phase == COUNT:
            return [COUNTS[k] for k in range(1, self._max_count() + 1)]
        if phase in (GIVE, ANSWER):
            return [GIVES[c] for c in sort_cards(set(self._giveable()))]
        if phase == DISCARD:
            return [DISCARDS[c] for c in sort_cards(set(self.hands[seat]))]
        if phase == SWAP:
            return [SWAPS[pick] for pick in self._first_picks()]
        if phase == WITH:
            s, c = self.first_pick
            return [WITHS[pick] for pick in self._partners(s, c)]
        if phase == RETURN:
            return [RETURNS[c] for c in sort_cards(self._returnable())]
        return []

    def _apply(self, action: Action) -> None:
        match action:
            case Play(card):
                self._play(card)
            case Next(seat):
                self._pass_turn(seat)
            case Target(seat):
                self.exchange["target"] = self.event["target"] = seat
                self.phase = COUNT
            case Count(n):
                self.exchange["count"] = self.event["count"] = n
                self.phase = GIVE
            case Give(card):
                self._give(card)
            case Discard(card):
                self._maid(card)
            case Swap(seat, card):
                self.first_pick = (seat, card)
                self.phase = WITH
            case SwapWith(seat, card):
                self._butler(seat, card)
            case Return(card):
                self._guard(card)

    # ---- playing a card ----------------------------------------------------------
    def _play(self, card: str) -> None:
        seat = self.to_act
        self.hands[seat].remove(card)
        self.displays[seat].append(card)                 # WH-8
        self.played += 1
        self.turn_seat = seat
        self.card = card
        self.swap_cache = None
        remove_one(self.known[seat], card)               # a played card is seen by all
        char = CHAR[card]
        event = self.event = {"seat": seat, "card": card, "effect": CHARACTERS[char], "next": None}
        self.history.append(event)
        if len(self.displays[seat]) == HAND:             # WH-20: six different, no effect
            event["effect"] = None
            event["why"] = "sixth"
            self._end_round("B", seat)
            return
        if self.king is not None and KING_CHAR[self.king] == char:   # WH-18: silenced
            event["effect"] = None
            event["why"] = "silenced"
            self._finish_turn()
            return
        if char == ACCOUNTANT:                           # WH-11
            self.known[seat] = list(self.hands[seat])
            event["shown"] = sort_cards(self.hands[seat])
            self.seal()
        elif char == WIZARD:                             # WH-12
            if self._wizard_targets():
                self.exchange = {"wizard": seat, "target": None, "count": None,
                                 "given": [], "taken": []}
                event.update(target=None, count=None)
                self.phase = TARGET
                return
            event["effect"] = None
            event["why"] = "empty"
        elif char == MAID:                               # WH-13 (the hand is never empty here: WH-7)
            self.phase = DISCARD
            return
        elif char == BUTLER:                             # WH-14
            if self.played <= EARLY_BUTLER:
                event["effect"] = None
                event["why"] = "early"
            elif self._swaps():
                self.phase = SWAP
                return
            else:
                event["effect"] = None
                event["why"] = "no-swap"
        elif char == GUARD:                              # WH-15
            if self._returnable():
                self.phase = RETURN
                return
            event["effect"] = None
            event["why"] = "alone"
        elif char == GENERAL:                            # WH-16
            reshuffled = not self.kings
            if reshuffled:
                self.kings = list(KINGS)
                self.rng.shuffle(self.kings)
                self.kings_seen = []
            self.king = self.kings.pop()
            self.kings_seen.append(self.king)
            event["king"] = self.king
            event["reshuffled"] = reshuffled
            self.seal()
        # WH-17: the Jester does nothing
        self._finish_turn()

    # ---- the Wizard (WH-12) ------------------------------------------------------
    def _wizard_targets(self) -> list[int]:
        wizard = self.turn_seat
        if not self.hands[wizard]:
            return []
        return [s for s in range(self.players) if s != wizard and self.hands[s]]

    def _max_count(self) -> int:
        return min(len(self.hands[self.exchange["wizard"]]),
                   len(self.hands[self.exchange["target"]]))

    def _giveable(self) -> list[str]:
        ex = self.exchange
        picked = ex["given"] if self.phase == GIVE else ex["taken"]
        rest = list(self.hands[self.to_act])
        for card in picked:
            rest.remove(card)
        return rest

    def _give(self, card: str) -> None:
        ex = self.exchange
        if self.phase == GIVE:
            ex["given"].append(card)
            if len(ex["given"]) == ex["count"]:
                self.phase = ANSWER                      # the target chooses theirs
                self.to_act = ex["target"]
            return
        ex["taken"].append(card)
        if len(ex["taken"]) < ex["count"]:
            return
        wizard, target = ex["wizard"], ex["target"]
        given, taken = ex["given"], ex["taken"]
        for c in given:                                  # together, both ways
            self.hands[wizard].remove(c)
            self.hands[target].append(c)
        for c in taken:
            self.hands[target].remove(c)
            self.hands[wizard].append(c)
        # onlookers saw only how many cards went each way
        self.known[wizard] = forget(self.known[wizard], ex["count"])
        self.known[target] = forget(self.known[target], ex["count"])
        self.event["exchanged"] = True
        self.event["private"] = {wizard: {"gave": sort_cards(given), "got": sort_cards(taken)},
                                 target: {"gave": sort_cards(taken), "got": sort_cards(given)}}
        self.to_act = wizard
        self.exchange = None
        self.seal()
        self._finish_turn()

    # ---- the Maid (WH-13) --------------------------------------------------------
    def _maid(self, card: str) -> None:
        seat = self.turn_seat
        self.hands[seat].remove(card)
        self.discards.append(card)
        self.known[seat] = forget(self.known[seat], 1)   # nobody saw which card went
        # The pile empty: the face-down discards (never none: one was just
        # discarded) become the new pile.
        reshuffled = not self.pile
        if reshuffled:
            self.pile = self.discards
            self.discards = []
            self.rng.shuffle(self.pile)
        drew = self.pile.pop()
        self.hands[seat].append(drew)
        self.event["reshuffled"] = reshuffled
        self.event["private"] = {seat: {"discarded": card, "drew": drew}}
        self.seal()
        self._finish_turn()

    # ---- the Butler (WH-14) ------------------------------------------------------
    def _swaps(self) -> list:
        """The legal swaps of the Butler in progress (the displays do not change
        until it is done, so they are worked out once)."""
        if self.swap_cache is None:
            self.swap_cache = swaps(self.displays, self.turn_seat)
        return self.swap_cache

    def _first_picks(self) -> list[tuple[int, str]]:
        ends = {end for pair in self._swaps() for end in pair}
        return [(s, c) for s, display in enumerate(self.displays) for c in display
                if (s, c) in ends]

    def _partners(self, seat: int, card: str) -> list[tuple[int, str]]:
        pick = (seat, card)
        ends = {b if a == pick else a for a, b in self._swaps()
                if pick in (a, b)}
        return [(s, c) for s, display in enumerate(self.displays) for c in display
                if (s, c) in ends]

    def _butler(self, seat: int, card: str) -> None:
        first, first_card = self.first_pick
        a, b = self.displays[first], self.displays[seat]
        a[a.index(first_card)] = card
        b[b.index(card)] = first_card
        self.event["swap"] = [[first, first_card], [seat, card]]
        self._finish_turn()

    # ---- the Guard (WH-15) -------------------------------------------------------
    def _returnable(self) -> list[str]:
        return [c for c in self.displays[self.turn_seat] if c != self.card]

    def _guard(self, card: str) -> None:
        seat = self.turn_seat
        self.displays[seat].remove(card)
        self.hands[seat].append(card)
        self.known[seat].append(card)                    # taken back in the open
        self.event["returned"] = card
        self._finish_turn()

    # ---- refusing in words -----------------------------------------------------------
    def why_illegal(self, action) -> Refusal:
        phase = self.phase
        if phase == OVER:
            return refuse("over", "the game is over")
        try:
            tried = ACTIONS.parse(action)
        except ValueError:
            tried = None                     # names no action of this game: said below
        seat = self.to_act
        match tried:
            case Play(card) if phase == PLAY:
                if card not in self.hands[seat]:
                    return refuse("not_in_hand", "{card} is not in your hand", card=card)
                if CHAR[card] == JESTER and self.king == "king-jester":
                    return refuse("jester_banned",
                                  "the King card 道化師 (Jester) forbids playing the Jester", "WH-18")
                return refuse("twice", "your display already holds a {character}: "
                              "a display never holds two cards of one character", "WH-8",
                              card=card, character=NAMES[character(card)]["en"])
            case Count() if phase == COUNT:
                return refuse("count", "exchange 1 to {most} cards: no more than the smaller "
                              "hand holds", "WH-12", most=self._max_count())
            case Target(target) if phase == TARGET and target == self.turn_seat:
                return refuse("target_self", "the Wizard exchanges with another player, "
                              "not with yourself", "WH-12")
            case Give(card) if phase in (GIVE, ANSWER):
                return refuse("not_to_give", "{card} is not among the cards you still hold to give",
                              card=card)
            case Discard(card) if phase == DISCARD:
                return refuse("not_in_hand", "{card} is not in your hand", card=card)
            case Swap() if phase == SWAP:
                return self._why_not_swap(tried)
            case SwapWith() if phase == WITH:
                return self._why_not_swap(tried)
            case Return(card) if phase == RETURN:
                if card == self.card:
                    return refuse("guard_itself", "the Guard takes back another card, not itself",
                                  "WH-15")
                return refuse("not_in_display", "{card} is not in your display", card=card)
            case Next() if phase == NEXT:
                return refuse("not_tied", "the turn goes to one of the players with the fewest "
                              "display cards", "WH-10")
        expect = {PLAY: "play a card from your hand (WH-8)",
                  NEXT: "choose who plays next among the tied players (WH-10)",
                  TARGET: "the Wizard: choose another player to exchange with (WH-12)",
                  COUNT: "the Wizard: choose how many cards to exchange (WH-12)",
                  GIVE: "the Wizard: choose a card of yours to give (WH-12)",
                  ANSWER: "the Wizard's exchange: choose a card of yours to give (WH-12)",
                  DISCARD: "the Maid: discard a card from your hand face down (WH-13)",
                  SWAP: "the Butler: pick the first display card of the swap (WH-14)",
                  WITH: "the Butler: pick the card to swap it with (WH-14)",
                  RETURN: "the Guard: take a card of your display back (WH-15)"}[phase]
        text = str.__str__(action) if isinstance(action, str) else action
        return refuse("wrong_step", "{action!r} is not allowed now: {expect}",
                      action=text, expect=expect, phase=phase)

    def _why_not_swap(self, tried: Swap | SwapWith) -> Refusal:
        seat, card = tried.seat, tried.card
        if not 0 <= seat < self.players or card not in self.displays[seat]:
            return refuse("no_such_card", "there is no {card} in that display", "WH-14", card=card)
        if seat == self.turn_seat and CHAR[card] == BUTLER:
            return refuse("butler_itself", "the Butler just played cannot be swapped", "WH-14")
        if isinstance(tried, SwapWith):               # the second card: the first is picked
            first, first_card = self.first_pick
            if seat == first:
                return refuse("same_display", "swap between two different displays", "WH-14")
            return refuse("pair", "swapping {first} with {card} would put two cards of one "
                          "character into a display", "WH-14", first=first_card, card=card)
        return refuse("no_partner", "{card} has no card it can swap with without making a pair "
                      "in a display", "WH-14", card=card)

    def why_out_of_turn(self, seat, action) -> Refusal:
        if self.phase == ANSWER:
            return Refusal("partner_chooses",
                           f"seat {self.to_act + 1}, the Wizard's partner, chooses the cards "
                           f"they give now (WH-12)", {"turn": self.to_act}, "WH-12")
        if self.phase in (NEXT, TARGET, COUNT, GIVE, DISCARD, SWAP, WITH, RETURN):
            return Refusal("carrying_out",
                           f"seat {self.to_act + 1} is carrying out the card they played; "
                           f"it is not seat {seat + 1}'s choice", {"turn": self.to_act, "seat": seat})
        return super().why_out_of_turn(seat, action)

    # ---- copies and views ----------------------------------------------------------
    def clone(self) -> "WhispersState":
        other = copy.copy(self)
        rng = Luck(0)                                    # (unseeded would read the OS: slow)
        rng.setstate(self.rng.getstate())
        rng.draws = self.rng.draws
        other.rng = rng
        other.actions = list(self.actions)
        other.actors = list(self.actors)
        other.totals = list(self.totals)
        other.recorded = list(self.recorded)
        other.rounds = list(self.rounds)                # finished rounds: Frozen, shared
        other.kings = list(self.kings)
        other.kings_seen = list(self.kings_seen)
        other.hands = [list(h) for h in self.hands]
        other.pile = list(self.pile)
        other.discards = list(self.discards)
        other.displays = [list(d) for d in self.displays]
        other.known = [list(k) for k in self.known]
        # A play's record changes only while it is the latest: the earlier ones are
        # frozen (once, here: the same data) and shared, the latest copied.
        history = self.history
        for index in range(len(history) - 2, -1, -1):
            if type(history[index]) is Frozen:
                break
            history[index] = Frozen(history[index])
        other.history = history[:-1] + [_copied(history[-1])] if history else []
        if self.event is not None:
            other.event = other.history[-1] if self.event is history[-1] else _copied(self.event)
        if self.swap_cache is not None:
            other.swap_cache = list(self.swap_cache)
        if self.exchange is not None:
            ex = self.exchange
            other.exchange = dict(ex, given=list(ex["given"]), taken=list(ex["taken"]))
        return other

    def view(self, seat: int | None) -> dict:
        n = self.players
        exchange = None
        if self.exchange is not None and self.phase in (TARGET, COUNT, GIVE, ANSWER):
            ex = self.exchange
            mine = (ex["given"] if seat == ex["wizard"] else
                    ex["taken"] if seat == ex["target"] else [])
            exchange = {"wizard": ex["wizard"], "target": ex["target"], "count": ex["count"],
                        "given": len(ex["given"]), "taken": len(ex["taken"]),
                        "mine": sort_cards(mine)}
        return {
            "game": "whispers", "players": n, "seat": seat, "current": self.to_act,
            "phase": self.phase, "options": dict(self.options),
            "colours": COLOURS[:n], "goal": self.goal,
            "round": self.round_no, "starter": self.starter, "played": self.played,
            "totals": list(self.totals), "recorded": list(self.recorded),
            "hand": sort_cards(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "displays": [list(d) for d in self.displays],
            "known": [sort_cards(k) for k in self.known],
            "pile": len(self.pile), "discards": len(self.discards),
            "king": self.king, "kings_left": len(self.kings),
            "kings_seen": list(self.kings_seen),
            "silenced": (None if self.king is None or self.king == "king-jester"
                         else character(self.king)),
            "jester_banned": self.king == "king-jester",
            "history": [event_view(e, seat) for e in self.history],
            "exchange": exchange,
            "first_pick": list(self.first_pick) if self.first_pick and self.phase == WITH else None,
            "rounds": [_thawed(r) for r in self.rounds],
            "winners": self.result()["winners"] if self.phase == OVER else None,
        }

    def result(self):
        if self.phase != OVER:
            return None
        reached = [s for s, t in enumerate(self.totals) if t >= self.goal]
        # WH-23: most display cards at the end; WH-24: the recorded sizes instead.
        # Still equal: they share the win.
        tiebreak = (self.recorded if self.options["recorded_tiebreak"]
                    else [len(d) for d in self.displays])
        best = max(tiebreak[s] for s in reached)
        return {"scores": list(self.totals),
                "winners": [s for s in reached if tiebreak[s] == best]}


PRIVATE_KEYS = ("gave", "got", "discarded", "drew")


def sample_state(view: dict, seed: int) -> WhispersState:
    """A full state agreeing with `view`: the hidden cards (others' hands beyond
    what this seat knows of them, the face-down discards it did not make, the
    draw pile and the King pile) dealt at random from what it has not seen.

    A game in progress tells more than the cards: the seat to move has a card it
    may play, or the round would have ended (WH-19). Deals that deny it are drawn
    again, so every sampled world offers an action, as the real one does."""
    rng = random.Random(seed)
    for _ in range(200):
        state = _deal(view, rng)
        if view["current"] is None or state.legal_actions():
            return state
    return state        # unreachable in practice: the true deal is one of the candidates


def _deal(view: dict, rng: random.Random) -> WhispersState:
    from . import GAME
    seat = view["seat"]
    n = view["players"]
    seed = rng.randrange(2**31)
    state = WhispersState.__new__(WhispersState)
    State.__init__(state, GAME, n, seed, dict(view["options"]))
    state.goal = view["goal"]
    state.totals = list(view["totals"])
    state.recorded = list(view["recorded"])
    state.rounds = [Frozen(r) for r in view["rounds"]]
    state.round_no = view["round"]
    state.starter = view["starter"]
    state.played = view["played"]
    state.phase = view["phase"]
    state.to_act = view["current"]
    state.king = view["king"]
    state.kings_seen = list(view["kings_seen"])
    state.kings = [k for k in KINGS if k not in state.kings_seen]
    rng.shuffle(state.kings)
    state.displays = [list(d) for d in view["displays"]]
    state.known = [list(k) for k in view["known"]]
    fp = view["first_pick"]
    state.first_pick = (fp[0], fp[1]) if fp else None

    # The round's plays; this seat's private side kept, the partner's side of its
    # own exchanges mirrored, everyone else's private sides filled in below.
    state.history = []
    for shown in view["history"]:
        event = {k: v for k, v in shown.items() if k not in PRIVATE_KEYS}
        event = public_event(event)
        if shown["effect"] == "wizard" and shown.get("exchanged"):
            private = {}
            if "gave" in shown:
                partner = shown["target"] if shown["seat"] == seat else shown["seat"]
                private[seat] = {"gave": list(shown["gave"]), "got": list(shown["got"])}
                private[partner] = {"gave": list(shown["got"]), "got": list(shown["gave"])}
            event["private"] = private
        elif shown["effect"] == "maid" and "reshuffled" in shown:
            event["private"] = ({seat: {"discarded": shown["discarded"], "drew": shown["drew"]}}
                                if "discarded" in shown else {})
        state.history.append(event)
    state.event = state.history[-1] if state.history else None
    state.turn_seat = state.event["seat"] if state.event else state.starter
    state.card = state.event["card"] if state.event else None
    state.swap_cache = None

    maids = face_down(state.history)
    own_discards = my_discards(view)

    # What this seat has not seen anywhere, dealt out at random.
    unseen = deck(n)
    own = list(view["hand"])
    told = knowledge(view)
    for card in (own + [c for d in state.displays for c in d]
                 + [c for k in told if k for c in k] + own_discards):
        unseen.remove(card)
    rng.shuffle(unseen)
    state.hands = [own if other == seat else told[other] + [unseen.pop() for _ in range(size - len(told[other]))]
                   for other, size in enumerate(view["hand_sizes"])]
    state.discards = []
    placed = {}                        # id(maid event) -> its card in the discards
    for event in maids:
        card = event["private"][seat]["discarded"] if event["seat"] == seat else unseen.pop()
        state.discards.append(card)
        placed[id(event)] = card
    state.pile = unseen
    assert len(state.pile) == view["pile"] and len(state.discards) == view["discards"], \
        "the deck and the view disagree"
    everything = deck(n)
    for event in state.history:        # private sides this seat cannot know: any cards
        private = event.get("private")
        if private is None:
            continue
        if event["effect"] == "wizard":
            for party in (event["seat"], event["target"]):
                if party not in private:
                    private[party] = {"gave": rng.sample(everything, event["count"]),
                                      "got": rng.sample(everything, event["count"])}
        elif event["seat"] not in private:
            discarded = placed.get(id(event)) or rng.choice(everything)
            private[event["seat"]] = {"discarded": discarded, "drew": rng.choice(everything)}

    ex = view["exchange"]
    state.exchange = None
    if ex is not None:
        wizard, target = ex["wizard"], ex["target"]
        given = list(ex["mine"]) if seat == wizard else rng.sample(state.hands[wizard], ex["given"])
        taken = (list(ex["mine"]) if seat == target else
                 rng.sample(state.hands[target], ex["taken"]) if target is not None else [])
        state.exchange = {"wizard": wizard, "target": target, "count": ex["count"],
                          "given": given, "taken": taken}
    return state
