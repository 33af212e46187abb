"""Icons drawn as inline SVG, never as font glyphs: a tablet's fonts may lack a
symbol and show an empty box instead (Debian's Chromium did, for ⏮ ⏭ ⚿ 🂠).

The art is data: a game's crest is ui/games/<game id>/crest.svg, the shell's
icons are ui/art/<name>.svg (each 48 × 48, drawn in currentColor). They are drawn
inline (not <img> or <use> of a file) so that they take the text's colour and
cost no request."""
from __future__ import annotations

import functools
import pathlib
import re

from .markup import Markup, el, raw

UI = pathlib.Path(__file__).resolve().parent
_SVG = re.compile(r"<svg\b[^>]*>(.*)</svg>", re.S)


@functools.cache
def _shapes(name: str) -> Markup:
    crest = UI / "games" / name / "crest.svg"
    path = crest if crest.exists() else UI / "art" / f"{name}.svg"
    return raw(re.sub(r">\s+<", "><", _SVG.search(path.read_text()).group(1).strip()))


def icon(name: str, cls: str = "icon") -> Markup:
    """An icon that takes the text colour; decorative, so hidden from screen readers."""
    return el("svg", {"class": cls, "viewBox": "0 0 48 48", "aria-hidden": "true", "focusable": "false",
                      "fill": "currentColor"}, _shapes(name))
