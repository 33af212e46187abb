"""The games of the collection, in home-screen order: every game the rules
registry holds (royaltable/games/__init__.py gives the order) that has a screen
folder, ui/games/<game id>/. Nothing here is kept by hand."""
import royaltable.games  # noqa: F401  (registers every game)
from royaltable import registry

from .table import has_table

# (id, fewest players, most players), from each game's own Game.
COLLECTION = [(game.id, game.min_players, game.max_players)
              for game in map(registry.get, registry.ids()) if has_table(game.id)]
GAMES = [game_id for game_id, _, _ in COLLECTION]


def playable(game_id: str) -> bool:
    """A game is on offer once both its rules and its screen exist."""
    return game_id in GAMES
