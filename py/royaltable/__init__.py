"""Royal Table rules package: pure standard library, runs in CPython and Pyodide."""
from .core import Action, Actions, Bot, Game, IllegalAction, RandomBot, Refusal, State, refuse
from . import registry
from . import games  # noqa: F401  (registers every game)

__all__ = ["Action", "Actions", "Bot", "Game", "IllegalAction", "RandomBot", "Refusal", "State",
           "refuse", "registry"]
