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
    try:
        game = get(record["game"])
        state = game.new(record["players"], record["seed"], record["options"])
        actions = record["actions"]
    except (KeyError, TypeError) as err:
        raise ValueError(f"not a game record: missing or bad field {err}") from None
    for number, action in enumerate(actions, 1):
        try:
            state.apply(action)
        except IllegalAction as err:
            raise ValueError(f"record does not replay: action {number} ({action!r}): {err}") from None
    return state
