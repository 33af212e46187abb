"""Icons drawn as inline SVG, never as font glyphs: a tablet's fonts may lack a
symbol and show an empty box instead (Debian's Chromium did, for ⏮ ⏭ ⚿ 🂠).

The art is data: the shell's icons are ui/art/<name>.svg (each 48 × 48, drawn in
currentColor); the games' figures are ui/figures.py's. They are drawn
inline (not <img> or <use> of a file) so that they take the text's colour and
cost no request."""
from __future__ import annotations

import functools
import pathlib
import re

from .markup import Markup, el, raw

UI = pathlib.Path(__file__).resolve().parent
_SVG = re.compile(r"<svg\b[^>]*>(.*)</svg>", re.S)


# A drawing in a sprite file: a <symbol> or <g> with an id, its shapes inside.
_DRAWING = re.compile(r'<(symbol|g) id="([\w-]+)"[^>]*>(.*?)</\1>', re.S)


def _tidy(shapes: str) -> Markup:
    return raw(re.sub(r">\s+<", "><", shapes.strip()))


@functools.cache
def drawings(path: pathlib.Path) -> dict[str, Markup]:
    """A table's art file (art.svg, cards.svg beside its table.py): each drawing's
    shapes by its id, to draw inline inside an <svg> of the table's."""
    return {name: _tidy(shapes) for _, name, shapes in _DRAWING.findall(path.read_text(encoding="utf-8"))}


@functools.cache
def _shapes(name: str) -> Markup:
    return _tidy(_SVG.search((UI / "art" / f"{name}.svg").read_text()).group(1))


def icon(name: str, cls: str = "icon") -> Markup:
    """An icon that takes the text colour; decorative, so hidden from screen readers."""
    return el("svg", {"class": cls, "viewBox": "0 0 48 48", "aria-hidden": "true", "focusable": "false",
                      "fill": "currentColor"}, _shapes(name))
