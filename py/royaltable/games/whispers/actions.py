"""The actions of 王宮のささやき (Palastgeflüster), each verb declared once (see
rules.py for the grammar and the rules each one carries out). Every action is
its own record text: `Play("red-maid")` is "play red-maid"."""
from __future__ import annotations

from ...core import Action, Actions


class Play(Action, verb="play"):
    """Play a hand card into your display (WH-8)."""
    card: str


class Next(Action, verb="next"):
    """A grey card and a tie for the fewest display cards: hand the turn to `seat` (WH-10)."""
    seat: int


class Target(Action, verb="target"):
    """The Wizard: the other player to exchange with (WH-12)."""
    seat: int


class Count(Action, verb="count"):
    """The Wizard: how many cards go each way (WH-12)."""
    n: int


class Give(Action, verb="give"):
    """The Wizard's exchange: one card to give, either side (WH-12)."""
    card: str


class Discard(Action, verb="discard"):
    """The Maid: the hand card to discard face down (WH-13)."""
    card: str


class Swap(Action, verb="swap"):
    """The Butler: the first card of the swap, in `seat`'s display (WH-14)."""
    seat: int
    card: str


class SwapWith(Action, verb="with"):
    """The Butler: the second card, in another display; the swap happens (WH-14)."""
    seat: int
    card: str


class Return(Action, verb="return"):
    """The Guard: the display card to take back into your hand (WH-15)."""
    card: str


ACTIONS = Actions(Play, Next, Target, Count, Give, Discard, Swap, SwapWith, Return)
