"""Every game of the collection, by id. A game's rules are imported the first time
it is asked for (get), not at start: ids() finds every game's folder without
importing it, so a screen that only lists the games loads no game's rules."""
from __future__ import annotations

import importlib
import pkgutil

from .core import Game, IllegalAction, State

_GAMES: dict[str, Game] = {}      # the games imported so far: each registers itself


def register(game: Game) -> Game:
    _GAMES[game.id] = game
    return game


def _found() -> list[str]:
    """Every game's id: each sub-package of royaltable/games/ (a new game's folder is
    found by itself, no list to edit), in the order of their names."""
    from . import games         # the package alone: it imports no game
    # pkgutil, not the file system: the package may be imported from a zip (app.zip).
    return sorted(module.name for module in pkgutil.iter_modules(games.__path__) if module.ispkg)


def ids() -> list[str]:
    """Every game's id, found or registered, without importing any game."""
    return list(dict.fromkeys([*_found(), *_GAMES]))


def get(game_id: str) -> Game:
    """The game of this id, its rules imported now if they were not yet."""
    if game_id not in _GAMES and game_id in _found():
        importlib.import_module(f"{__package__}.games.{game_id}")     # registers it
    try:
        return _GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; known games: {', '.join(ids())}") from None


def replay(record: dict) -> State:
    """The state a record describes. A record that does not replay raises ValueError."""
    _, state, actions = start(record)
    for number, action in enumerate(actions, 1):
        play_recorded(state, number, action)
    return state


def start(record: dict) -> tuple[Game, State, list]:
    """A record's game, its state before the first action, and its actions;
    ValueError for a record that is not one."""
    try:
        game = get(record["game"])
        state = game.new(record["players"], record["seed"], record["options"])
        actions = record["actions"]
        state.luck_from(fresh_luck(record))
    except (KeyError, TypeError) as err:
        raise ValueError(f"not a game record: missing or bad field {err}") from None
    return game, state, actions


def fresh_luck(record: dict) -> dict[int, int]:
    """Where a record's luck was drawn afresh ({after so many actions: seed}; a
    practice game's); ValueError for a "luck" that is not a list of such pairs."""
    pairs = record.get("luck", [])
    def whole(n):
        return isinstance(n, int) and not isinstance(n, bool)
    if not isinstance(pairs, list) or not all(isinstance(p, list) and len(p) == 2 and whole(p[0]) and whole(p[1])
                                              and 0 <= p[0] for p in pairs):
        raise ValueError(f"not a game record: its luck {pairs!r:.60} is not a list of [moves, seed]")
    return {at: seed for at, seed in pairs}


def play_recorded(state: State, number: int, action: str) -> None:
    """Applies a record's action `number` (from 1); ValueError if it is illegal there."""
    try:
        state.apply(action)
    except IllegalAction as err:
        raise ValueError(f"record does not replay: action {number} ({action!r}): {err}") from None
