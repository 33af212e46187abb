"""The Golden Key's actions, each verb declared once (see royaltable.core.Action).

Dice are named "red0", "red1", "blue0", "blue1"; places as in views: a cell
"r<row>c<col>", a faction card "red" / "blue", an entry spot "red:0".."blue:2".
The grammar itself is told in rules.py's docstring."""
from __future__ import annotations

from ...core import Action, Actions


class Place(Action, verb="place"):
    """GK-6: put your die on an entry spot of your own faction card ("place red0 red:2")."""
    die: str
    spot: str


class Flick(Action, verb="flick"):
    """GK-8: flick the die on top of one of yours to a card next to its stack."""
    die: str
    to: str


class Reroll(Action, verb="reroll"):
    """GK-14: re-roll the die just moved or flicked onto the re-roll card."""


class Keep(Action, verb="keep"):
    """GK-14: leave the die just moved onto the re-roll card as it is."""


class Move(Action, verb="move"):
    """GK-9: move your die to a card next to it; it gains +1."""
    die: str
    to: str


class End(Action, verb="end"):
    """R1 (GK-27): stop after the first of the turn's two moves."""


class Roll(Action, verb="roll"):
    """R2 (GK-28): instead of moving, re-roll your die where it stands."""
    die: str


class Return(Action, verb="return"):
    """R3 (GK-29): instead of moving, put your die back on your own faction card with +1."""
    die: str


class Pass(Action, verb="pass"):
    """GK-12: nothing can move."""


class Propose(Action, verb="propose"):
    """GK-26: propose a rescue rule ("R1", "R2", "R3") to the other player."""
    rule: str


class Decline(Action, verb="decline"):
    """GK-26: propose nothing."""


class Accept(Action, verb="accept"):
    """GK-26: agree to the rule proposed."""


class Refuse(Action, verb="refuse"):
    """GK-26: do not agree to the rule proposed."""


# The steps that carry a die (a tap on the die picks it first).
DIE_STEPS = (Move, Flick, Roll, Return)

ACTIONS = Actions(Place, Flick, Reroll, Keep, Move, End, Roll, Return, Pass,
                  Propose, Decline, Accept, Refuse)
