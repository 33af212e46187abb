"""王宮のささやき's drawings for the rules page (ui/rules_page.py): a turn played
out (a card into the display, its effect, the colour choosing who plays next).
Imports no rules (a rules page loads none)."""
from __future__ import annotations

from ...markup import Markup
from ...scenes import frame, label, scene, token


def card(character: str, colour: str, t, cls: str = "") -> Markup:
    return token("whispers", character, name=t("wh.char." + character), tone="wh-" + colour, cls=cls)


def _turn(t) -> Markup:
    display = frame(t("wh.ex.display"), card("maid", "grey", t), card("jester", "red", t))
    play = frame(t("wh.ex.play"), card("guard", "blue", t, "is-win"))
    effect = frame(t("wh.ex.effect"), card("maid", "grey", t), card("guard", "blue", t))
    return scene(display, play, effect, frame(t("wh.ex.next"), label(t("wh.colour.blue"), "is-win")))


PICTURES = {"turn": _turn}
