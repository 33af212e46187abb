"""The rules contract every game follows (see README "How the code is laid out").

A game is a `Game`: an id, titles, player range, options and a `State` class.
A `State` holds everything about one game in progress. The only way to change it
is `apply(action)`, which checks the action against `legal_actions()` first, so
an illegal action raises `IllegalAction` and leaves the state exactly as it was.

Actions are short strings ("play 7", "discard 3 12", "pass"): JSON-friendly,
hashable, readable in a saved record. All randomness comes from the seed, through
the state's own `random.Random`, so a record (seed + actions) replays exactly.
"""
from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping


class Luck(random.Random):
    """A game's random source, the same sequence as random.Random for a seed,
    counting its draws so that undo knows when dice were rolled or cards shuffled."""
    draws = 0

    def random(self):
        self.draws += 1
        return super().random()

    def getrandbits(self, k):
        self.draws += 1
        return super().getrandbits(k)


class IllegalAction(ValueError):
    """An action that the rules do not allow now. The state is unchanged."""


@dataclass(frozen=True)
class Game:
    id: str
    title: Mapping[str, str]             # {"ja": ..., "en": ...}
    min_players: int
    max_players: int
    options: Mapping[str, tuple]         # name -> (choices, default)
    state_class: type
    # Builds a full state that agrees with one seat's view, with every hidden
    # thing (others' hands, stock order, future rolls) drawn at random.
    # Strong bots search over such states; the conformance suite checks views with it.
    sample_state: Callable[[dict, int], "State"] = field(default=None, repr=False)
    bots: Mapping[str, type] = field(default_factory=dict, repr=False)  # level -> Bot class
    default_players: int | None = None   # what the new-game screen offers first
    # Raised whenever a change to the rules could make a saved record replay to
    # another position: a save made under another number is never continued.
    rules_version: int = 1

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict:
        options = dict(options or {})
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            raise ValueError(f"{self.id}: unknown option(s) {', '.join(unknown)}; "
                             f"known: {', '.join(self.options) or 'none'}")
        resolved = {}
        for name, (choices, default) in self.options.items():
            value = options.get(name, default)
            if value not in choices:
                raise ValueError(f"{self.id}: option {name}={value!r} is not one of "
                                 f"{', '.join(map(repr, choices))}")
            resolved[name] = value
        return resolved

    def new(self, players: int, seed: int | None = None,
            options: Mapping[str, Any] | None = None) -> "State":
        if not isinstance(players, int) or isinstance(players, bool) \
                or not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.id} is played by {self.min_players}–{self.max_players} "
                             f"players, not {players!r}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, not {seed!r}")
        return self.state_class(self, players, seed, self.resolve_options(options))


class State:
    """Base of every game's state. Subclasses implement the underscored hooks."""

    def __init__(self, game: Game, players: int, seed: int, options: dict):
        self.game = game
        self.players = players
        self.seed = seed
        self.options = options
        self.rng = Luck(seed)
        self.actions: list[str] = []
        self.actors: list[int] = []      # the seat that made each action
        self.sealed_at = 0               # actions before this can no longer be taken back
        self._seal = False

    # ---- the contract -------------------------------------------------
    @property
    def current(self) -> int | None:
        raise NotImplementedError

    @property
    def over(self) -> bool:
        return self.current is None

    def legal_actions(self) -> list[str]:
        raise NotImplementedError

    def apply(self, action: str, seat: int | None = None) -> "State":
        """Play `action` for the seat to move. Give `seat` to have an action
        from the wrong seat refused rather than played for someone else."""
        if self.over:
            raise IllegalAction("the game is over: no more actions")
        if seat is not None and seat != self.current:
            raise IllegalAction(self.why_out_of_turn(seat, action))
        legal = self.legal_actions()
        if not isinstance(action, str) or action not in legal:
            raise IllegalAction(self.why_illegal(action))
        actor = self.current
        forced = len(legal) == 1
        draws = self.rng.draws
        self._apply(action)
        self.actions.append(action)
        self.actors.append(actor)
        # Dice rolled or cards shuffled, the game revealed something, or there was
        # no choice to take back: no way back past here.
        if self._seal or forced or self.rng.draws != draws:
            self.sealed_at = len(self.actions)
            self._seal = False
        return self

    # ---- taking back moves (Board Game Arena's way) ----------------------
    def seal(self) -> None:
        """Called by a game's _apply when the action reveals hidden information
        or draws cards: it and everything before it can no longer be undone."""
        self._seal = True

    def undo_depth(self, seat: int) -> int:
        """How many of the latest actions `seat` may take back: its own, made
        since anything was revealed or drawn, with nobody else acting since."""
        depth = 0
        for index in range(len(self.actions) - 1, self.sealed_at - 1, -1):
            if self.actors[index] != seat:
                break
            depth += 1
        return depth

    def without_last(self, count: int = 1) -> "State":
        """The same game with its last `count` actions taken back (a replay)."""
        state = self.game.new(self.players, self.seed, self.options)
        for action in self.actions[:len(self.actions) - count]:
            state.apply(action)
        return state

    def view(self, seat: int | None) -> dict:
        raise NotImplementedError

    def result(self) -> dict | None:
        """{"scores": [...], "winners": [...]} once the game is over, else None."""
        raise NotImplementedError

    def record(self) -> dict:
        return {"game": self.game.id, "options": dict(self.options), "seed": self.seed,
                "players": self.players, "actions": list(self.actions)}

    # ---- for subclasses -----------------------------------------------
    def _apply(self, action: str) -> None:
        raise NotImplementedError

    def why_illegal(self, action: str) -> str:
        """A player-facing reason; games override it with sharper messages."""
        return f"{action!r} is not allowed now; allowed: {', '.join(self.legal_actions())}"

    def why_out_of_turn(self, seat: int, action: str) -> str:
        return f"it is seat {self.current + 1}'s turn, not seat {seat + 1}'s"

    def clone(self) -> "State":
        return copy.deepcopy(self)


class Bot:
    """A computer player: a view and the legal actions in, an action out."""
    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal: list[str]) -> str:
        raise NotImplementedError


class RandomBot(Bot):
    """Picks uniformly among the legal actions; a yardstick for the others."""
    def choose(self, view: dict, legal: list[str]) -> str:
        return self.rng.choice(legal)
