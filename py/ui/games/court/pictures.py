"""The pictures of 王への請願 (To Court the King) that are not figures: a die as a
die, and each character's requirement drawn as dice (a small pictogram language,
the same on every card that shows a requirement).

The language (CT-6 in dice):
- dice that must show the same face have one colour and one sign: a pair is two
  red ★ dice, two pairs are two red ★ and two blue ◆, a full house three red ★ and
  two blue ◆, N of a kind N red ★ dice; a third group is green ▲ (three pairs);
- dice with pips show those very faces: a straight 2-3-4-5 with a 1 or a 6 (the
  1 over the 6: either), 1 to 6 for the Alchemist;
- a dashed frame around dice means "every die like these": all odd (1 3 5), all
  even (2 4 6);
- a die with Σ, then the number: the sum of the dice, at least that;
- a die with a tick: always; the Jester's hat and a turning arrow: own the
  Jester and turn it over; the King's crown: comes with the King.

Each is drawn once (cached) and carries the requirement's words for screen readers
where the table draws it (role="img" and its aria-label, see table.py)."""
from __future__ import annotations

import functools

from ...figures import SPRITE, symbol_id
from ...markup import Markup, el

UNIT = 20          # a die's side, in the pictogram's units
GAP = 4            # between dice (and rows)

PIPS = {1: [(50, 50)], 2: [(28, 28), (72, 72)], 3: [(28, 28), (50, 50), (72, 72)],
        4: [(28, 28), (72, 28), (28, 72), (72, 72)],
        5: [(28, 28), (72, 28), (50, 50), (28, 72), (72, 72)],
        6: [(28, 25), (72, 25), (28, 50), (72, 50), (28, 75), (72, 75)]}

# The groups of dice that show one face: colour and sign (shape, for those who do not
# tell the colours apart). Dark enough for a white sign on them and for 3:1 on cream.
GROUPS = {"a": ("#9b2226", "star"), "b": ("#23507a", "diamond"), "c": ("#2d6a4f", "triangle")}
SIGNS = {
    "star": "M10 3.2l1.9 4.3 4.6.4-3.5 3 1.1 4.6-4.1-2.5-4.1 2.5 1.1-4.6-3.5-3 4.6-.4z",
    "diamond": "M10 3.5l5.6 6.5-5.6 6.5-5.6-6.5z",
    "triangle": "M10 4l6 11h-12z",
}


def _kind(*groups: int) -> list[list[str]]:
    """Dice of one face per group (group sizes), laid out in rows of at most four,
    a group kept whole on its row where it can be."""
    dice = [name for name, size in zip("abc", groups) for _ in range(size)]
    total = len(dice)
    if total <= 4:
        return [dice]
    if len(groups) == 1:
        first = (total + 1) // 2 if total != 7 else 4
        return [dice[:first], dice[first:]]
    if groups == (2, 2, 2):
        return [dice[:4], dice[4:]]
    return [dice[:groups[0]], dice[groups[0]:]]


# The requirement of each character (CT-6) as rows of dice: "a"/"b"/"c" a die of
# a group, 1-6 a die with pips, "sum:N" Σ and N, "tick", "jester", "flip", "king",
# "1|6" a 1 over a 6 (either); `frame` marks "every die like these".
REQUIREMENTS = {
    "jester": {"rows": [["tick"]]},
    "swindler": {"rows": [["jester", "flip"]]},
    "farmer": {"rows": _kind(2)},
    "maid": {"rows": [[1, 3, 5]], "frame": True},
    "philosopher": {"rows": [[2, 4, 6]], "frame": True},
    "smith": {"rows": [["sum:15"]]},
    "guard": {"rows": _kind(3)},
    "hunter": {"rows": _kind(4)},
    "merchant": {"rows": [["sum:20"]]},
    "astronomer": {"rows": _kind(2, 2)},
    "lady": {"rows": _kind(3, 2)},
    "pawnbroker": {"rows": [["sum:30"]]},
    "knight": {"rows": _kind(5)},
    "magician": {"rows": [[2, 3, 4, 5, "1|6"]]},
    "alchemist": {"rows": [[1, 2, 3], [4, 5, 6]]},
    "priest": {"rows": _kind(2, 2, 2)},
    "noble": {"rows": _kind(3, 3)},
    "lord": {"rows": _kind(6)},
    "king": {"rows": _kind(7)},
    "queen": {"rows": [["king"]]},
}


def _width(item) -> int:
    """How wide an item of a row is, in units."""
    if isinstance(item, str) and item.startswith("sum:"):
        return UNIT * 2 + GAP
    return UNIT


def _pips(x: float, y: float, value: int, size: float = UNIT, fill: str = "#24152b") -> list:
    r = size * .09
    return [el("circle", {"cx": round(x + px * size / 100, 2), "cy": round(y + py * size / 100, 2),
                          "r": round(r, 2), "fill": fill}) for px, py in PIPS[value]]


def _die(x: float, y: float, fill: str = "#fffdf7", stroke: str = "#5b4a2f", size: float = UNIT) -> Markup:
    return el("rect", {"x": x + .75, "y": y + .75, "width": size - 1.5, "height": size - 1.5,
                       "rx": size * .2, "fill": fill, "stroke": stroke, "stroke-width": 1.5})


def _item(item, x: float, y: float) -> list:
    if isinstance(item, int):
        return [_die(x, y), *_pips(x, y, item)]
    if item in GROUPS:
        colour, sign = GROUPS[item]
        return [_die(x, y, colour, colour),
                el("path", {"d": SIGNS[sign], "fill": "#fff", "transform": f"translate({x} {y})"})]
    if item == "1|6":                  # a 1 in front of a 6: either
        small = UNIT * .78
        back, front = (x + UNIT - small, y), (x, y + UNIT - small)
        return [_die(*back, size=small), *_pips(*back, 6, small),
                _die(*front, size=small), *_pips(*front, 1, small)]
    if item == "tick":
        return [_die(x, y), el("path", {"d": "M5 10.5l3.6 3.6 6.6-7.4", "fill": "none", "stroke": "#2d6a4f",
                                        "stroke-width": 2.6, "stroke-linecap": "round",
                                        "stroke-linejoin": "round", "transform": f"translate({x} {y})"})]
    if item in ("jester", "king"):
        return [el("use", {"href": f"{SPRITE}#{symbol_id('court', item)}", "x": x, "y": y,
                           "width": UNIT, "height": UNIT, "fill": "currentColor"})]
    if item == "flip":                 # a turning arrow: the card turned over
        return [el("path", {"d": "M4 8a6.5 6.5 0 0 1 11.5-2.5M16 12a6.5 6.5 0 0 1-11.5 2.5", "fill": "none",
                            "stroke": "currentColor", "stroke-width": 2, "stroke-linecap": "round",
                            "transform": f"translate({x} {y})"}),
                el("path", {"d": "M16.5 2v4.5h-4.5M3.5 18v-4.5h4.5", "fill": "none", "stroke": "currentColor",
                            "stroke-width": 2, "stroke-linecap": "round", "stroke-linejoin": "round",
                            "transform": f"translate({x} {y})"})]
    if item.startswith("sum:"):
        number = item[4:]
        return [_die(x, y),
                el("text", {"x": x + UNIT / 2, "y": y + UNIT * .74, "text-anchor": "middle", "font-size": 14,
                            "font-weight": 700, "fill": "#24152b", "font-family": "Georgia, serif"}, "Σ"),
                el("text", {"x": x + UNIT + GAP / 2 + UNIT / 2, "y": y + UNIT * .76, "text-anchor": "middle",
                            "font-size": 13, "font-weight": 700, "fill": "currentColor"}, number + "+")]
    raise KeyError(item)


@functools.cache
def requirement(card: str) -> Markup:
    """The requirement of `card` drawn as dice: an <svg> sized in units by --w and
    --h (style.css scales it with --u), decorative (its words are beside it)."""
    spec = REQUIREMENTS[card]
    rows = spec["rows"]
    pad = 3 if spec.get("frame") else 0
    widths = [sum(_width(i) for i in row) + GAP * (len(row) - 1) for row in rows]
    width = max(widths) + 2 * pad
    height = UNIT * len(rows) + GAP * (len(rows) - 1) + 2 * pad
    parts = []
    if spec.get("frame"):
        parts.append(el("rect", {"x": .75, "y": .75, "width": width - 1.5, "height": height - 1.5, "rx": 5,
                                 "fill": "none", "stroke": "currentColor", "stroke-width": 1.5,
                                 "stroke-dasharray": "3 2"}))
    for r, (row, row_width) in enumerate(zip(rows, widths)):
        x = pad + (width - 2 * pad - row_width) / 2
        y = pad + r * (UNIT + GAP)
        for item in row:
            parts += _item(item, x, y)
            x += _width(item) + GAP
    return el("svg", {"class": "ct-req-dice", "viewBox": f"0 0 {width} {height}", "aria-hidden": "true",
                      "focusable": "false", "style": f"--w:{width};--h:{height}"}, parts)


@functools.cache
def die_face(value: int | None) -> Markup:
    """The picture of a die in the tray showing `value` (None: not rolled yet)."""
    if value is None:
        face = el("text", {"x": 50, "y": 64, "text-anchor": "middle", "font-size": 44}, "?")
    else:
        face = [el("circle", {"cx": x, "cy": y, "r": 9}) for x, y in PIPS[value]]
    return el("svg", {"viewBox": "0 0 100 100", "aria-hidden": "true", "focusable": "false"},
              el("rect", {"x": 4, "y": 4, "width": 92, "height": 92, "rx": 18}), face)
