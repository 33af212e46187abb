"""Krypkille's actions, each verb declared once (see royaltable.core.Action).

Cards are named as in views ("mask", "7", "jester"); a discard lists its cards
weakest first (KK-2), and discarding nothing is "keep" (KK-8)."""
from __future__ import annotations

from ...core import Action, Actions


class Keep(Action, verb="keep"):
    """KK-8: throw nothing away."""


class Discard(Action, verb="discard"):
    """KK-8: throw away one to three cards, weakest first."""
    cards: tuple[str, ...]


class Play(Action, verb="play"):
    """KK-10/11: lead or follow with a card."""
    card: str


class Declare(Action, verb="declare"):
    """KK-15: declare the last card the lowest."""


class Pass(Action, verb="pass"):
    """KK-15: do not declare."""


ACTIONS = Actions(Keep, Discard, Play, Declare, Pass)
