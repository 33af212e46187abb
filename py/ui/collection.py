"""The five games of the collection, in home-screen order, built or not.

The home screen needs nothing more than this: it never imports the rules."""
from .tables import has_table

# (id, min players, max players) from the rules specifications.
COLLECTION = [("court", 2, 5), ("krypkille", 3, 6), ("whispers", 3, 5),
              ("golden_key", 2, 2), ("struggle", 3, 6)]
GAMES = [game_id for game_id, _, _ in COLLECTION]


def playable(game_id: str) -> bool:
    """A game is on offer once its table exists (a table belongs to a registered game)."""
    return game_id in GAMES and has_table(game_id)
