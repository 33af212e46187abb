"""One card face for the whole collection (the style guide: static/STYLE.md).

Every card a table draws, in every game, is built here, so that the five games
read as one set: a cream face in a gold frame, the card's tone (its colour,
suit or tier) in the band at its top and in its figure, its name on a banner
under the figure, an optional line of text and a foot. Tables choose what goes
in the slots; the frame, the type and the sizes are the collection's.

    card("guard", figure("struggle", "guard"), "衛兵", tone="red", corner="6",
         text="-3 to any card of the trick", size="md", attrs={"data-card": "6"})

A face is a <span> (so that it may sit inside a tappable <button>, whose content
is phrasing only): wrap it with html.tappable(face, "act", action, "card-btn").
The card's words are its accessible text; the figure is decorative.
"""
from __future__ import annotations

from .markup import Markup, el

SIZES = ("xs", "sm", "md", "lg")


def card(name_text, figure: Markup | None, *, tone: str = "plum", size: str = "md",
         corner=None, mark=None, text=None, foot=None, cls: str = "", attrs: dict | None = None,
         name_cls: str = "") -> Markup:
    """A card face.

    name_text  the card's name (text, or Markup such as a name and a count)
    figure     its figure (ui.figures.figure(...)), drawn large in the tone's colour
    tone       a tone of the palette (plum, red, green, blue, gold, grey, teal, brown,
               or a game's own, defined in its style.css as .tone-<name> { --tone; --tone-ink })
    size       xs (a figure and a short name), sm, md (a hand's card), lg
    corner     the value or rank in the top-left corner (text or Markup)
    mark       a small sign in the top-right corner (Markup: an icon, a crown)
    text       the ability or rule, one or two short lines
    foot       a line at the bottom (copies left, points)
    """
    assert size in SIZES, size
    return el("span", {"class": ["card", f"card-{size}", f"tone-{tone}", cls]}, attrs or {},
              el("span", {"class": "card-band"},
                 corner is not None and el("span", {"class": "card-corner"}, corner),
                 mark is not None and el("span", {"class": "card-mark"}, mark)),
              el("span", {"class": "card-art"}, figure),
              el("span", {"class": ["card-name", name_cls]}, name_text),
              text and el("span", {"class": "card-text"}, text),
              foot is not None and el("span", {"class": "card-foot"}, foot))


def card_back(*, tone: str = "plum", size: str = "md", cls: str = "", attrs: dict | None = None,
              label: str | None = None) -> Markup:
    """A card face down: the collection's back (a lattice and a crown), never a
    `data-card` (nobody may know what it is). `label` names it for screen readers."""
    return el("span", {"class": ["card", "card-back", f"card-{size}", f"tone-{tone}", cls],
                       "role": label and "img", "aria-label": label}, attrs or {},
              el("span", {"class": "card-back-crest"}))


def fan(cards, *, cls: str = "", attrs: dict | None = None, label: str | None = None) -> Markup:
    """Cards held, as an overlapping fan (a row that overlaps more as it grows)."""
    cards = list(cards)
    return el("span", {"class": ["card-fan", cls], "style": f"--n:{len(cards)}",
                       "role": label and "group", "aria-label": label}, attrs or {},
              (el("span", {"class": "card-fan-slot", "style": f"--i:{i}", "data-slot": True}, face)
               for i, face in enumerate(cards)))
