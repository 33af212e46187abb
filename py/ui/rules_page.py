"""The in-app rules of a game, from ui/games/<game id>/rules_text.py: words only, each
rule's ID kept as the data-rule attribute of its item."""
from __future__ import annotations

import importlib

from .html import esc


def render(game_id: str, t) -> str:
    sections = importlib.import_module(f"ui.games.{game_id}.rules_text").RULES[t.lang]
    out = ['<article class="rules">']
    for section in sections:
        out.append(f'<section><h2>{esc(section["title"])}</h2><ul>')
        for item in section["items"]:
            # Players read rules, not a specification: the rule's ID is only an
            # attribute (tests and the specification find each rule by it).
            rule = f' data-rule="{esc(item["id"])}"' if item["id"] else ""
            cls = ' class="is-ruling"' if item["ruling"] else ""
            out.append(f"<li{cls}{rule}>{esc(item['text'])}</li>")
        out.append("</ul></section>")
    out.append("</article>")
    return "".join(out)
