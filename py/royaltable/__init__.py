"""Royal Table rules package: pure standard library, runs in CPython and Pyodide."""
from .core import Bot, Game, IllegalAction, RandomBot, State
from . import registry
from . import games  # noqa: F401  (registers every game)

__all__ = ["Bot", "Game", "IllegalAction", "RandomBot", "State", "registry"]
