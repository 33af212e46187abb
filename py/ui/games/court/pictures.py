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

A die is an HTML element drawn by style.css (`ct-d` and its face: pips are
backgrounds, a group's sign a character), not an SVG: forty pictures and the dice
of the tray are redrawn at every tap, and plain elements cost the page far less
than as many small SVGs. Each picture is built once (cached) and carries the
requirement's words for screen readers where the table draws it (role="img" and
its aria-label, see table.py)."""
from __future__ import annotations

import functools

from ...figures import figure
from ...markup import Markup, el

# The groups of dice that show one face: each its colour and sign in style.css
# (.ct-d-a red ★, .ct-d-b blue ◆, .ct-d-c green ▲), dark enough for a white sign.
GROUPS = ("a", "b", "c")


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
    "magician": {"rows": [[2, 3, 4, 5], ["1|6"]]},
    "alchemist": {"rows": [[1, 2, 3], [4, 5, 6]]},
    "priest": {"rows": _kind(2, 2, 2)},
    "noble": {"rows": _kind(3, 3)},
    "lord": {"rows": _kind(6)},
    "king": {"rows": _kind(7)},
    "queen": {"rows": [["king"]]},
}


def _item(item) -> Markup:
    if item in ("jester", "king"):          # a figure (the Jester's hat, the King's crown)
        return el("span", {"class": "ct-d-fig"}, figure("court", item))
    if isinstance(item, str) and item.startswith("sum:"):
        return el("span", {"class": "ct-sum"}, el("i", {"class": "ct-d ct-d-sum"}), el("b", item[4:] + "+"))
    return el("i", {"class": f"ct-d ct-d-{FACE_CLASS.get(item, item)}"})


FACE_CLASS = {"1|6": "1or6"}


@functools.cache
def requirement(card: str) -> Markup:
    """The requirement of `card` drawn as dice, decorative (its words are beside it,
    or its card's label says them): rows of dice; style.css sizes them by --u."""
    spec = REQUIREMENTS[card]
    rows = spec["rows"]
    dice = ((_item(item) for item in rows[0]) if len(rows) == 1    # one row: the dice themselves
            else (el("span", {"class": "ct-req-row"}, (_item(item) for item in row)) for row in rows))
    return el("span", {"class": ["ct-req-dice", len(rows) == 1 and "is-row", spec.get("frame") and "is-frame"],
                       "aria-hidden": "true"}, dice)


@functools.cache
def die_face(value: int | None) -> Markup:
    """A die showing `value` (None: not rolled yet), as the tray and the seats draw it."""
    return el("i", {"class": f"ct-d ct-d-{'q' if value is None else value}", "aria-hidden": "true"})


# ---- the rules page (ui/rules_page.py): a requirement beside its card, worked examples ----

def beside(card: str) -> Markup:
    """Beside a character's card on the rules page: its requirement as dice."""
    return el("span", {"class": "ct-rules-req"}, requirement(card))


def _result(t) -> Markup:
    from ...scenes import dice, frame, scene, token
    earned = [token("court", c, name=t("ct.card." + c), tone=tone) for c, tone in
              (("knight", "brown"), ("lady", "brown"), ("hunter", "blue"), ("guard", "green"))]
    return scene(frame(t("ct.ex.result"), dice(2, 2, 2, 2, 2, 6)), frame(t("ct.ex.earns"), *earned))


def _final(t) -> Markup:
    from ...scenes import dice, frame, scene
    return scene(frame(t("ct.ex.king"), dice(5, 5, 5, 5, 5, 5, 5)),
                 frame(t("ct.ex.beats"), dice(1, 1, 1, 1, 1, 1, 1, 1)))


PICTURES = {"result": _result, "final": _final}
