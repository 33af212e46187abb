"""King's Struggle's actions, each verb declared once (see core.Action): the
text of each is what records keep, as before ("play s2-7", "offer steal 1",
"gold 3", "promise-2", "accept 1", "knight s0-5", ...). Seats are 0-based.

An ability's use is a value too (`Use`): the free uses the active player may
make (`Steal(1)` is "steal 1"), and two that only an offer names: the Knight
used with a card its owner picks later (`KNIGHT_DEAL`, "knight") and the
ability not used (`NOT_USED`, "none"). An offer is one kind per use it names
(`OfferSteal(1)` is "offer steal 1"), its `.use` the use it names; the offers
and events of a view keep the use values (their text as before).
"""
from __future__ import annotations

from typing import ClassVar

from ...core import Action, Actions


class Play(Action, verb="play"):
    """ST-7: lead CARD face up, or choose it face down."""
    card: str


# ---- an ability's uses (ST-21..ST-31) ---------------------------------------------

class Use(Action):
    """One use of an ability."""


class Targeted(Use):
    """A use aimed at a seat (its played card, or its gold)."""


class Steal(Targeted, verb="steal"):       # Thief, ST-22
    target: int


class Plus(Targeted, verb="plus"):         # Jester, ST-24
    target: int


class Spy(Targeted, verb="spy"):           # Spy, ST-25
    target: int


class Minus(Targeted, verb="minus"):       # Guard, ST-26
    target: int


class Discard(Targeted, verb="discard"):   # Diplomat, ST-27
    target: int


class Swap(Targeted, verb="swap"):         # Queen, ST-29
    target: int


class Knight(Use, verb="knight"):          # Knight, ST-28: the card added to it
    card: str


class KnightDeal(Use, verb="knight"):
    """An offer's Knight: used, with a card its owner picks after accepting
    (not an action itself: its text is the offer's)."""


class NotUsed(Use, verb="none"):
    """An offer's "the ability is not used" (not an action itself)."""


KNIGHT_DEAL = KnightDeal()
NOT_USED = NotUsed()
TARGETED = (Steal, Plus, Spy, Minus, Discard, Swap)


# ---- offers (ST-15): one kind per use named ------------------------------------------

class Offer(Action):
    """Start an offer for one use of the active player's ability."""
    use_kind: ClassVar[type] = Use

    @property
    def use(self) -> Use:
        raise NotImplementedError


class _TargetedOffer(Offer):
    @property
    def use(self) -> Use:
        return self.use_kind(self.target)


class OfferSteal(_TargetedOffer, verb="offer steal"):
    use_kind = Steal
    target: int


class OfferPlus(_TargetedOffer, verb="offer plus"):
    use_kind = Plus
    target: int


class OfferSpy(_TargetedOffer, verb="offer spy"):
    use_kind = Spy
    target: int


class OfferMinus(_TargetedOffer, verb="offer minus"):
    use_kind = Minus
    target: int


class OfferDiscard(_TargetedOffer, verb="offer discard"):
    use_kind = Discard
    target: int


class OfferSwap(_TargetedOffer, verb="offer swap"):
    use_kind = Swap
    target: int


class OfferKnight(Offer, verb="offer knight"):
    use_kind = KnightDeal

    @property
    def use(self) -> Use:
        return KNIGHT_DEAL


class OfferNone(Offer, verb="offer none"):
    use_kind = NotUsed

    @property
    def use(self) -> Use:
        return NOT_USED


OFFER_KINDS = (OfferSteal, OfferPlus, OfferSpy, OfferMinus, OfferDiscard, OfferSwap,
               OfferKnight, OfferNone)
_OFFER_OF_USE = {kind.use_kind: kind for kind in OFFER_KINDS}


def offer_of(use: Use) -> Offer:
    """The offer that names `use` (a Knight's offer names KNIGHT_DEAL)."""
    kind = _OFFER_OF_USE[type(use)]
    return kind(use.target) if isinstance(use, Targeted) else kind()


class Gold(Action, verb="gold"):
    """The amount of the offer being made (ST-15)."""
    amount: int


class Promise(Action):
    """A promise in words with an offer (ST-15; never enforced): `number` 0..4."""
    number: ClassVar[int]


class Promise0(Promise, verb="promise-0"):
    number = 0


class Promise1(Promise, verb="promise-1"):
    number = 1


class Promise2(Promise, verb="promise-2"):
    number = 2


class Promise3(Promise, verb="promise-3"):
    number = 3


class Promise4(Promise, verb="promise-4"):
    number = 4


class NoPromise(Action, verb="no-promise"):
    """No promise: the offer is complete."""


class Pass(Action, verb="pass"):
    """Make no offer (ST-15), or do not use the ability (ST-17)."""


class Accept(Action, verb="accept"):
    """ST-16: take `seat`'s offer."""
    seat: int


PROMISE_KINDS = (Promise0, Promise1, Promise2, Promise3, Promise4)
PROMISE_ACTIONS = [kind() for kind in PROMISE_KINDS] + [NoPromise()]
PASS = Pass()
NO_PROMISE = PROMISE_ACTIONS[-1]

ACTIONS = Actions(Play, *OFFER_KINDS, Gold, *PROMISE_KINDS, NoPromise, Pass, Accept,
                  *TARGETED, Knight)
# The uses a view's offers and events name, read back from text.
USES = Actions(*TARGETED, Knight, NotUsed)


def use_of(text) -> Use:
    """The use a view's offer or event names (a Use, or its text)."""
    if isinstance(text, Use):
        return text
    if text == KNIGHT_DEAL:
        return KNIGHT_DEAL
    return USES.parse(text)
