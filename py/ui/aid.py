"""A game's player aid (ui/games/<game id>/aid.toml), one screen opened from the
table's rail: how to win, how a turn goes, the cards drawn with what they do,
the numbers a player looks up. One renderer for every game; the data is each
game's. Like the rules page, it imports no rules (data and words only).

aid.toml holds `[[topic]]` tables, each:
    title = { ja, en }                    the topic's heading
    text = { ja, en }                     a short paragraph (optional)
    lines = [{ ja, en }, ...]             steps or numbers, one a line (optional)
    rules = ["CT-3", ...]                 the rule IDs (of rules.toml) the topic shows
    [[topic.card]]                        cards drawn, each with what it does (optional):
    figure = "farmer"                     its figure (figures.toml)
    name = "ct.card.farmer"               its name: a key of the game's words
    tone = "green"                        its tone (ui/cards.py)
    corner = "7"                          its value or rank (optional)
    ja / en                               what it does
The rule IDs are only attributes (data-rule): players read words.
"""
from __future__ import annotations

import functools
import pathlib

from .cards import card
from . import datafile
from .figures import figure
from .markup import Markup, el
from .rules_page import pictures

GAMES = pathlib.Path(__file__).resolve().parent / "games"


@functools.cache
def topics(game_id: str) -> list[dict]:
    """The game's aid topics as aid.toml has them (read once; callers only read)."""
    return datafile.load_toml(GAMES / game_id / "aid.toml")["topic"]


def has_aid(game_id: str) -> bool:
    return datafile.exists(GAMES / game_id / "aid.toml")


def card_row(game_id: str, t, cards) -> Markup:
    """Cards side by side, each its face (figure, value) beside its name and what it does
    (the name in the running text, where a long one has room: not on a small face), and
    what the game draws beside a card on its rules page (Court: the requirement as dice)."""
    beside = getattr(pictures(game_id), "beside", None)
    return el("ul", {"class": "aid-cards"},
              (el("li", {"class": "aid-card"},
                  card("", figure(game_id, c["figure"]), tone=c.get("tone", "plum"), size="xs",
                       corner=c.get("corner"), cls="aid-face"),
                  beside and beside(c["figure"]),
                  el("span", {"class": "aid-card-text"}, el("b", t(c["name"])), " ", c[t.lang]))
               for c in cards))


def render(game_id: str, t) -> Markup:
    lang = t.lang
    return el("article", {"class": ["aid", f"aid-{game_id}"]},
              (el("section", {"class": ["aid-topic", "card" in topic and "has-cards"],
                              "data-rule": " ".join(topic["rules"]) or None},
                  el("h2", topic["title"][lang]),
                  "text" in topic and el("p", topic["text"][lang]),
                  "lines" in topic and el("ul", {"class": "aid-lines"},
                                          (el("li", line[lang]) for line in topic["lines"])),
                  "card" in topic and card_row(game_id, t, topic["card"]))
               for topic in topics(game_id)))
