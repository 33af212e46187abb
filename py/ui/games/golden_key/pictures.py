"""黄金の鍵's drawings for the rules page (ui/rules_page.py): the two boards as
they are laid out, every battle card, and a turn's flick and move. Imports no
rules (a rules page loads none)."""
from __future__ import annotations

from ...figures import figure
from ...markup import Markup, el
from ...scenes import die, frame, label, scene, stack, token


def battle(n: int, *dice, cls: str = "") -> Markup:
    """A battle card with the dice on it, the later on top of the earlier."""
    return stack(token("golden_key", f"card-{n}", corner=str(n), tone="green", cls=cls),
                 dice and el("span", {"class": "gk-ex-dice"}, dice), cls="gk-ex-spot")


def faction(colour: str, t) -> Markup:
    """A faction card as a band along its side of the board, its figure and name."""
    return el("span", {"class": f"gk-ex-faction gk-ex-{colour}"},
              figure("golden_key", colour), t("gk.faction." + colour))


def reroll(t) -> Markup:
    return stack(token("golden_key", "reroll", tone="plum"), cls="gk-ex-spot")


def board(rows, t) -> Markup:
    """Rows of cards (a number, or "R" the re-roll card) between the two faction cards."""
    grid = el("span", {"class": "gk-ex-grid"},
              ((reroll(t) if c == "R" else battle(c)) for row in rows for c in row))
    return el("span", {"class": "gk-ex-board"}, faction("red", t), grid, faction("blue", t))


def _basic(t) -> Markup:
    return scene(frame(t("gk.ex.basic"), board(((4, 9, 2), (3, "R", 7), (8, 1, 6)), t)))


def _advanced(t) -> Markup:
    return scene(frame(t("gk.ex.advanced"), board(((7, 2, 11), (5, 12, 1), (9, 4, 10), (3, 8, 6)), t)))


def _turn(t) -> Markup:
    covered = frame(t("gk.ex.covered"), battle(8, die(2, "red"), die(5, "blue")))
    flicked = frame(t("gk.ex.flick"), battle(8, die(2, "red")), battle(1, die(6, "blue", "+1")))
    moved = frame(t("gk.ex.move"), battle(3, die(3, "red", "+1 ★"), cls="is-win"), label(t("gk.ex.chip"), "is-win"))
    return scene(covered, flicked, moved)


PICTURES = {"basic": _basic, "advanced": _advanced, "turn": _turn}
