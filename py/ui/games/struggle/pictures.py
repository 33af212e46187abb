"""王の闘争's drawings for the rules page (ui/rules_page.py): a round played out
(the cards revealed, a +3 marker, equal totals cancelled, the trick won). Imports
no rules (a rules page loads none)."""
from __future__ import annotations

from ...markup import Markup
from ...scenes import frame, label, scene, stack, token

FIGURES = {1: "peasant", 2: "thief", 3: "merchant", 4: "jester", 5: "spy", 6: "guard", 7: "diplomat",
           8: "knight", 9: "queen", 10: "king"}
TONES = {"A": "red", "B": "blue", "C": "green", "D": "brown"}


def seat(who: str, power: int, total: str = "", cls: str = "") -> Markup:
    return stack(label(who), token("struggle", FIGURES[power], corner=str(power), tone=TONES[who], cls=cls),
                 total and label(total, cls))


def _round(t) -> Markup:
    reveal = frame(t("st.ex.reveal"), seat("A", 8), seat("B", 5), seat("C", 8), seat("D", 4))
    marker = frame(t("st.ex.marker"), seat("A", 8, "8"), seat("B", 5, "5+3=8"), seat("C", 8, "8"), seat("D", 4, "4"))
    ties = frame(t("st.ex.ties"), seat("A", 8, "8", "is-out"), seat("B", 5, "8", "is-out"), seat("C", 8, "8", "is-out"),
                 seat("D", 4, "4", "is-win"))
    return scene(reveal, marker, ties, frame(t("st.ex.wins"), label("D", "is-win")))


PICTURES = {"round": _round}
