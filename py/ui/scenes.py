"""Small drawings for the rules pages' worked examples (ui/games/<id>/pictures.py
composes them): frames side by side, each a few dice or cards over a caption, an
arrow between them. Plain elements styled by static/app.css (.scene...), dice as
the collection draws them (the pips of court/style.css's .ct-d), cards as the one
card face (ui/cards.py). Decorative: the rule's words beside a drawing say what
it shows, so a drawing is hidden from screen readers."""
from __future__ import annotations

from .cards import card
from .figures import figure
from .markup import Markup, el


def scene(*frames, cls: str = "") -> Markup:
    """Frames in a row (wrapping on a narrow screen), an arrow between each two."""
    parts = []
    for n, frame in enumerate(frames):
        if n:
            parts.append(el("span", {"class": "scene-arrow"}, "→"))
        parts.append(frame)
    return el("span", {"class": ["scene", cls], "aria-hidden": "true"}, parts)


def frame(caption: str, *things, cls: str = "") -> Markup:
    """One moment: its things in a row, a short caption under them."""
    return el("span", {"class": ["scene-frame", cls]},
              el("span", {"class": "scene-things"}, things),
              caption and el("span", {"class": "scene-caption"}, caption))


def die(value: int | None, colour: str = "", mark: str = "") -> Markup:
    """A die showing `value` (pips); `colour` "red"/"blue" for a player's die;
    `mark` a word over it (a +1, a ★)."""
    face = el("i", {"class": ["ct-d", f"ct-d-{'q' if value is None else value}", "scene-die",
                              colour and f"scene-die-{colour}"]})
    return el("span", {"class": "scene-die-box"}, face, mark and el("b", {"class": "scene-mark"}, mark)) \
        if mark else face


def dice(*values, colour: str = "") -> Markup:
    return el("span", {"class": "scene-dice"}, (die(v, colour) for v in values))


def token(game_id: str, fig: str, *, name: str = "", corner=None, tone: str = "plum", mark=None,
          cls: str = "") -> Markup:
    """A small card: its figure, its value in the corner, a short name (or none)."""
    return card(name, figure(game_id, fig), tone=tone, size="xs", corner=corner, mark=mark,
                cls=" ".join(c for c in ("scene-card", cls, "" if name else "scene-card-bare") if c))


def label(text: str, cls: str = "") -> Markup:
    """A word beside the things (a player's letter, a total)."""
    return el("span", {"class": ["scene-label", cls]}, text)


def stack(*things, cls: str = "") -> Markup:
    """Things one over the other (a seat's name over its card, dice on a card)."""
    return el("span", {"class": ["scene-stack", cls]}, things)
