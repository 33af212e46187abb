"""The games of the collection, in home-screen order: every game the rules
registry holds (each sub-package of royaltable/games/) that has a screen folder,
ui/games/<game id>/, ordered by that folder's HOME_ORDER. Nothing here is kept by hand."""
import importlib

import royaltable.games  # noqa: F401  (registers every game)
from royaltable import registry

from .table import has_table


def _home_order(game_id: str) -> int:
    return importlib.import_module(f"ui.games.{game_id}").HOME_ORDER


# (id, fewest players, most players), from each game's own Game.
COLLECTION = sorted(((game.id, game.min_players, game.max_players)
                     for game in map(registry.get, registry.ids()) if has_table(game.id)),
                    key=lambda row: _home_order(row[0]))
GAMES = [game_id for game_id, _, _ in COLLECTION]


def playable(game_id: str) -> bool:
    """A game is on offer once both its rules and its screen exist."""
    return game_id in GAMES
