"""The five games of the collection, in home-screen order, built or not."""
from royaltable import registry

from .tables import has_table

# (id, min players, max players) from the rules specifications.
COLLECTION = [("court", 2, 5), ("krypkille", 3, 6), ("whispers", 3, 5),
              ("golden_key", 2, 2), ("struggle", 3, 6)]


def playable(game_id: str) -> bool:
    return game_id in registry.ids() and has_table(game_id)
