"""One renderer per game: ui/tables/<game id>.py.

Each module provides render(view, ctx) -> HTML, auto_play(view, legal),
describe(before, action, seat, after, forced) -> log lines, pause_after(before, after),
opening_log(view) and result_detail(view, ctx).
"""
from __future__ import annotations

import importlib
import importlib.util


def table_for(game_id: str):
    return importlib.import_module(f"{__name__}.{game_id}")


def has_table(game_id: str) -> bool:
    return importlib.util.find_spec(f"{__name__}.{game_id}") is not None
