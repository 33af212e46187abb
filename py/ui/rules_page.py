"""The in-app rules of a game, from ui/games/<game id>/rules.toml: words only, each
rule's ID kept as the data-rule attribute of its item."""
from __future__ import annotations

from .i18n import rules_text
from .markup import Markup, el


def render(game_id: str, t) -> Markup:
    sections = rules_text(game_id)[t.lang]
    # Players read rules, not a specification: the rule's ID is only an
    # attribute (tests and the specification find each rule by it).
    return el("article", {"class": "rules"},
              (el("section", el("h2", section["title"]),
                  el("ul", (el("li", {"class": "is-ruling" if item["ruling"] else None, "data-rule": item["id"] or None},
                               item["text"]) for item in section["items"])))
               for section in sections))
