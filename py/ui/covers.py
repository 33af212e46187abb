"""Each game's cover, in the collection's style (static/STYLE.md): three of its
figures on its tone in a gold frame, its name in both scripts, how many play and
for how long. The home screen draws the covers of the collection; a game of the
library has a small one (its middle figure). Each game gives its COVER in
ui/games/<game id>/__init__.py:

    COVER = {"tone": "gold", "figures": ("jester", "king", "knight"), "minutes": (20, 40)}
"""
from __future__ import annotations

import functools
import importlib

from .figures import figure
from .markup import Markup, el


def cover_of(game_id: str) -> dict:
    return importlib.import_module(f"ui.games.{game_id}").COVER


@functools.cache
def art(game_id: str) -> Markup:
    """The cover's picture: the middle figure large, the other two beside it, turned."""
    cover = cover_of(game_id)
    left, middle, right = cover["figures"]
    return el("span", {"class": ["cover-art", "tone-" + cover["tone"]], "aria-hidden": "true"},
              el("span", {"class": "cover-fig cover-fig-left"}, figure(game_id, left)),
              el("span", {"class": "cover-fig cover-fig-middle"}, figure(game_id, middle)),
              el("span", {"class": "cover-fig cover-fig-right"}, figure(game_id, right)))


@functools.cache
def thumb(game_id: str) -> Markup:
    """The small cover beside a game of the library."""
    cover = cover_of(game_id)
    return el("span", {"class": ["cover-thumb", "tone-" + cover["tone"]], "aria-hidden": "true"},
              figure(game_id, cover["figures"][1]))


def minutes(game_id: str) -> tuple[int, int]:
    return tuple(cover_of(game_id)["minutes"])
