"""The games of the collection, in home-screen order: every game of the rules
registry (each sub-package of royaltable/games/) that has a screen folder,
ui/games/<game id>/, ordered by that folder's HOME_ORDER. Nothing here is kept by
hand, and nothing here imports a game's rules: the home screen lists the games
from their screen folders (HOME_ORDER, PLAYERS, COVER) and their words; a game's
rules and table are imported when it is first opened (registry.get, table_for)."""
import importlib

from royaltable import registry

from .table import has_table


def _screen(game_id: str):
    return importlib.import_module(f"ui.games.{game_id}")


# (id, fewest players, most players), from each game's screen folder.
COLLECTION = sorted(((game_id, *_screen(game_id).PLAYERS) for game_id in registry.ids() if has_table(game_id)),
                    key=lambda row: _screen(row[0]).HOME_ORDER)
GAMES = [game_id for game_id, _, _ in COLLECTION]


def playable(game_id: str) -> bool:
    """A game is on offer once both its rules and its screen exist."""
    return game_id in GAMES
