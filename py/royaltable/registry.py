"""Every game of the collection, by id."""
from __future__ import annotations

from .core import Game, IllegalAction, State

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    _GAMES[game.id] = game
    return game


def ids() -> list[str]:
    return list(_GAMES)


def get(game_id: str) -> Game:
    try:
        return _GAMES[game_id]
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}; known games: {', '.join(_GAMES)}") from None


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
    except (KeyError, TypeError) as err:
        raise ValueError(f"not a game record: missing or bad field {err}") from None
    return game, state, actions


def play_recorded(state: State, number: int, action: str) -> None:
    """Applies a record's action `number` (from 1); ValueError if it is illegal there."""
    try:
        state.apply(action)
    except IllegalAction as err:
        raise ValueError(f"record does not replay: action {number} ({action!r}): {err}") from None
