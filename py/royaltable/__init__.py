"""Royal Table rules package: pure standard library, runs in CPython and Pyodide."""
from .core import Action, Actions, Bot, Game, IllegalAction, RandomBot, Refusal, State, refuse
from . import registry       # each game's rules are imported when it is first asked for

__all__ = ["Action", "Actions", "Bot", "Game", "IllegalAction", "RandomBot", "Refusal", "State",
           "refuse", "registry"]
