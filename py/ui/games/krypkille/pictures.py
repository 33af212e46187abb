"""Krypkille's drawings for the rules page (ui/rules_page.py): the deck in order
of strength with each card's penalty, and a trick played out. Imports no rules
(a rules page loads none): the few numbers drawn are the rules' (KK-2, KK-3)."""
from __future__ import annotations

from ...markup import Markup
from ...scenes import frame, label, scene, stack, token

# Strongest first, with its penalty (KK-2, KK-3); numbers are "12" … "1".
DECK = (("jester", 50), ("cuckoo", 17), ("hussar", 16), ("pig", 15), ("horse", 14), ("inn", 13),
        *((str(n), n) for n in range(12, 0, -1)), ("wreath", 0), ("flowerpot", 0), ("mask", 0))
TONE = {50: "ink", 0: "green"}


def card(name: str, t, cls: str = "") -> Markup:
    penalty = dict(DECK)[name]
    tone = TONE.get(penalty, "red" if penalty > 12 else "plum" if penalty > 8 else "blue" if penalty > 4 else "teal")
    words = name if name.isdigit() else t("kk.card." + name)
    face = token("krypkille", "number" if name.isdigit() else name, corner=str(penalty), tone=tone, cls=cls)
    return stack(face, label(words))


def _deck(t) -> Markup:
    return scene(frame(t("kk.ex.deck"), *(card(name, t) for name, _ in DECK)), cls="kk-deck")


def _trick(t) -> Markup:
    seats = (("A", "7", "kk.ex.lead"), ("B", "9", "kk.ex.follow"), ("C", "mask", "kk.ex.lowest"),
             ("D", "10", "kk.ex.follow"))
    played = [frame(t(why), label(seat), card(name, t, "is-win" if seat == "D" else "")) for seat, name, why in seats]
    return scene(*played, frame(t("kk.ex.wins"), label("D", "is-win")))


PICTURES = {"deck": _deck, "trick": _trick}
