"""The in-app rules of a game, from ui/rules_text/<game id>.py."""
from __future__ import annotations

import importlib

from .html import esc


def render(game_id: str, t) -> str:
    sections = importlib.import_module(f"ui.rules_text.{game_id}").RULES[t.lang]
    out = ['<article class="rules">']
    for section in sections:
        out.append(f'<section><h2>{esc(section["title"])}</h2><ul>')
        for item in section["items"]:
            rule_id = f'<span class="rule-id">{esc(item["id"])}</span>' if item["id"] else ""
            cls = ' class="is-ruling"' if item["ruling"] else ""
            out.append(f"<li{cls}>{esc(item['text'])} {rule_id}</li>")
        out.append("</ul></section>")
    out.append("</article>")
    return "".join(out)
