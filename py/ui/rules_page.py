"""The in-app rules of a game, from ui/games/<game id>/rules.toml: how to win in
one paragraph first, then the sections, every card drawn beside its text (its
figure, as the table draws it), the board and worked examples drawn (the game's
pictures.py: `PICTURES`, drawings by name, and `beside(figure)`, more to draw
beside a card), and at the end the notes on where our rules depart from the
original ones. Each rule's ID is kept as the data-rule attribute of its item,
never shown. Imports no rules: a page of its own is written from this by the
build (tools/prerender.py)."""
from __future__ import annotations

import importlib

from .cards import card
from .figures import figure
from .i18n import rules_frame, rules_text
from .markup import Markup, el


def pictures(game_id: str):
    """The game's drawings module (ui/games/<id>/pictures.py), or None."""
    try:
        return importlib.import_module(f"ui.games.{game_id}.pictures")
    except ModuleNotFoundError:
        return None


def _drawn(game_id: str, item: dict, t, module) -> Markup | None:
    if "figure" in item:
        fig = item["figure"]
        extra = getattr(module, "beside", None)
        return el("span", {"class": "rules-fig"},
                  # the face bare: the rule's words name the card, where a long name has room
                  card("", figure(game_id, fig), tone=item.get("tone", "plum"), size="xs",
                       corner=item.get("corner"), cls="rules-face"),
                  extra and extra(fig))
    if "picture" in item:
        return el("span", {"class": "rules-picture"}, module.PICTURES[item["picture"]](t))
    return None


def _item(game_id: str, item: dict, t, module) -> Markup:
    drawn = _drawn(game_id, item, t, module)
    if drawn is None:
        return el("li", {"data-rule": item["id"] or None}, item["text"])
    return el("li", {"class": ["has-drawing", "picture" in item and "is-example"], "data-rule": item["id"] or None},
              drawn, el("span", {"class": "rules-words"}, item["text"]))


def render(game_id: str, t) -> Markup:
    sections = rules_text(game_id)[t.lang]
    frame = rules_frame(game_id, t.lang)
    module = pictures(game_id)
    # Players read rules, not a specification: the rule's ID is only an
    # attribute (tests and the specification find each rule by it).
    return el("article", {"class": ["rules", f"rules-{game_id}"]},
              el("section", {"class": "rules-win"}, el("h2", t("rules.win")), el("p", frame["win"])),
              (el("section", el("h2", section["title"]),
                  el("ul", (_item(game_id, item, t, module) for item in section["items"])))
               for section in sections),
              frame["notes"] and el("section", {"class": "rules-notes"}, el("h2", t("rules.notes")),
                                    el("ul", (el("li", note) for note in frame["notes"]))))
