"""王への請願's actions, each verb declared once (see royaltable.core.Action and
the action grammar in rules.py's docstring). Dice are named by the value they
show (1-6), characters by their ids (rules.CARDS)."""
from __future__ import annotations

from ...core import Action, Actions


class Roll(Action, verb="roll"):
    """CT-8/9: roll every active die."""


class Aside(Action, verb="aside"):
    """Set aside one active die showing `face`."""
    face: int


class AsideAll(Action, verb="aside all"):
    """CT-11: set aside every active die."""


class Use(Action, verb="use"):
    """CT-10: use a held character's ability."""
    card: str


class Pick(Action, verb="pick"):
    """Choose an active die showing `face` for the pending ability."""
    face: int


class Value(Action, verb="value"):
    """The new value of the next chosen die (or the Queen's added die)."""
    face: int


class Confirm(Action, verb="confirm"):
    """Apply the Merchant, Lady or Noble to the dice picked so far."""


class Cancel(Action, verb="cancel"):
    """Drop the pending ability, unused."""


class Done(Action, verb="done"):
    """Finish the dice while a die adder is still unused (CT-11)."""


class Take(Action, verb="take"):
    """CT-12: take a character the result earns."""
    card: str


class Pass(Action, verb="pass"):
    """CT-12: take nothing."""


ACTIONS = Actions(Roll, Aside, AsideAll, Use, Pick, Value, Confirm, Cancel, Done, Take, Pass)
