"""The rules contract every game follows (see README "How the code is laid out").

A game is a `Game`: an id, titles, player range, options and a `State` class.
A `State` holds everything about one game in progress. The only way to change it
is `apply(action)`, which checks the action against `legal_actions()` first, so
an illegal action raises `IllegalAction` and leaves the state exactly as it was.

Actions are typed values that are their own record text: each verb of a game is
an `Action` subclass with named parts (`Move("red0", "r1c1")`, `.die`, `.to`)
whose text is the short string a record keeps ("move red0 r1c1"), so records,
saves and logs stay JSON strings and `Game.parse` reads them back. All randomness comes from the seed, through
the state's own `random.Random`, so a record (seed + actions) replays exactly.
"""
from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Mapping, Sequence
import typing


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

    def copy(self) -> "Luck":
        """The same source at the same point of its sequence, its draws counted as
        far: what a state's clone() needs (no seeding from the OS, nothing shared)."""
        twin = Luck.__new__(Luck)
        twin.setstate(self.getstate())
        twin.draws = self.draws
        return twin


class Action(str):
    """One action of a game: its record text, with its parts named. A game
    declares each verb once, the parts in order with their types:

        class Move(Action, verb="move"):
            die: str
            to: str

    `Move("red0", "r1c1")` is the text "move red0 r1c1" (it compares and hashes
    as that text, so records and saves hold plain strings) with `.die == "red0"`
    and `.to == "r1c1"`; `match action: case Move(die, to): ...` reads it.
    Parts are `str`, `int`, or, as the last part, `tuple[int, ...]` /
    `tuple[str, ...]` (any number of words). A verb may be several words
    ("aside all"). Values are immutable and interned: building the same action
    twice gives the same object, so legal-action lists cost no more than strings."""

    verb: ClassVar[str] = ""
    _parts: ClassVar[tuple[tuple[str, type, bool], ...]] = ()   # (name, type, many words)
    _interned: ClassVar[dict] = {}

    def __init_subclass__(cls, verb: str = "", **kwargs):
        super().__init_subclass__(**kwargs)
        cls.verb = verb or cls.verb
        hints = typing.get_type_hints(cls)
        own = [name for name in cls.__dict__.get("__annotations__", {}) if name in hints
               and typing.get_origin(hints[name]) is not ClassVar]
        parts = []
        for name in own:
            kind = hints[name]
            many = typing.get_origin(kind) is tuple
            part = typing.get_args(kind)[0] if many else kind
            if part not in (str, int) or (many and name != own[-1]):
                raise TypeError(f"{cls.__name__}.{name}: a part is str, int, or a last tuple of them")
            parts.append((name, part, many))
        cls._parts = tuple(parts)
        cls.__match_args__ = tuple(name for name, _, _ in parts)
        cls._interned = {}

    def __new__(cls, *values):
        known = cls._interned.get(values)
        if known is not None:
            return known
        if not cls.verb or len(values) != len(cls._parts):
            raise TypeError(f"{cls.__name__} takes {len(cls._parts)} part(s): "
                            f"{', '.join(name for name, _, _ in cls._parts) or 'none'}")
        words = [cls.verb]
        for (name, kind, many), value in zip(cls._parts, values):
            for item in (value if many else (value,)):
                if type(item) is not kind:
                    raise TypeError(f"{cls.__name__}.{name} is {kind.__name__}, not {item!r}")
                words.append(str(item))
        action = str.__new__(cls, " ".join(words))
        for (name, _, _), value in zip(cls._parts, values):
            object.__setattr__(action, name, value)
        cls._interned[values] = action
        return action

    @classmethod
    def read(cls, words: list[str]) -> "Action":
        """The action of this verb whose words after the verb are `words`;
        ValueError when they do not fit its parts."""
        values, rest = [], list(words)
        for name, kind, many in cls._parts:
            taken, rest = (rest, []) if many else (rest[:1], rest[1:])
            if not taken and not many:
                raise ValueError(f"{cls.verb!r} needs its {name}")
            try:
                converted = tuple(kind(word) for word in taken)
            except ValueError:
                raise ValueError(f"{cls.verb!r}: {name} must be {kind.__name__}") from None
            values.append(converted if many else converted[0])
        if rest:
            raise ValueError(f"{cls.verb!r} takes {len(cls._parts)} part(s)")
        return cls(*values)

    def __setattr__(self, name, value):
        raise AttributeError(f"an action cannot change ({type(self).__name__}.{name})")

    def __delattr__(self, name):
        raise AttributeError(f"an action cannot change ({type(self).__name__}.{name})")

    def __repr__(self):
        return f"{type(self).__name__}({', '.join(repr(getattr(self, n)) for n, _, _ in self._parts)})"

    def __reduce__(self):
        return (type(self), tuple(getattr(self, name) for name, _, _ in self._parts))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


class Actions:
    """A game's action grammar: its Action classes, and `parse` from record text."""

    def __init__(self, *kinds: type[Action]):
        self.kinds = kinds
        self._by_verb = {kind.verb: kind for kind in kinds}
        if len(self._by_verb) != len(kinds):
            raise ValueError("two action kinds share a verb")
        self._longest_verb = max((len(verb.split(" ")) for verb in self._by_verb), default=1)

    def parse(self, text: str) -> Action:
        """The typed action a text names; ValueError for a text that names none.
        Only the canonical text is read: parse(str(a)) == a, and nothing else parses."""
        if isinstance(text, Action) and type(text) in self.kinds:
            return text
        if not isinstance(text, str):
            raise ValueError(f"an action is a text, not {text!r}")
        words = text.split(" ")
        for size in range(min(len(words), self._longest_verb), 0, -1):   # "aside all" before "aside"
            kind = self._by_verb.get(" ".join(words[:size]))
            if kind is not None:
                action = kind.read(words[size:])
                if action != text:
                    raise ValueError(f"not written as the game writes it: {text!r}, not {str(action)!r}")
                return action
        raise ValueError(f"no action of this game begins {words[0]!r}")


class Refusal(str):
    """Why an action is not allowed now, as data: its English text (the str
    itself, for Python users, logs and tests), a `key` each game's screen words in
    every language with `params`, and the rule it rests on."""

    def __new__(cls, key: str, text: str, params: Mapping[str, Any] | None = None,
                rule: str | None = None):
        refusal = str.__new__(cls, text)
        refusal.key, refusal.params, refusal.rule = key, dict(params or {}), rule
        return refusal

    @property
    def text(self) -> str:
        return str.__str__(self)

    def __repr__(self):
        return f"Refusal({self.key!r}, {self.text!r}, {self.params!r}, {self.rule!r})"


def refuse(key: str, template: str, rule: str | None = None, **params) -> Refusal:
    """A Refusal whose English text is `template` filled with `params`, with the
    rule's ID in brackets at the end: refuse("covered", "{die} is covered", "GK-9", die="red0")."""
    text = template.format(**params) if params else template
    return Refusal(key, f"{text} ({rule})" if rule else text, dict(params), rule)


class IllegalAction(ValueError):
    """An action that the rules do not allow now. The state is unchanged.
    `.refusal` says why, as data (see Refusal); str() is its English text."""

    def __init__(self, why):
        self.refusal = why if isinstance(why, Refusal) else Refusal("not_allowed", str(why))
        super().__init__(self.refusal.text)


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
    # The game's action grammar (its Action classes): reads record text back.
    actions: Actions | None = field(default=None, repr=False)

    def parse(self, text: str) -> Action:
        """The typed action a record's text names (ValueError if none)."""
        if self.actions is None:
            raise ValueError(f"{self.id} declares no action grammar")
        return self.actions.parse(text)

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


# What each field of a game's state is, for the privacy of views (see State.FIELDS).
PUBLIC, PRIVATE, HIDDEN, DERIVED = "public", "private", "hidden", "derived"


class State:
    """Base of every game's state. Subclasses implement the underscored hooks."""

    # Every field a game's state adds to the base's, declared once: its name and
    # what it is: PUBLIC (every view shows it), PRIVATE (per seat: a seat's view
    # shows its own part only), HIDDEN (no view shows it: the stock's order, a
    # card set aside) or DERIVED (worked out from the others: a cache, a geometry
    # made from the options). The contract suite checks clone(), view() and sample_state()
    # against it, so that no field is forgotten in one of them.
    FIELDS: ClassVar[Mapping[str, str]] = {}
    # Where the luck was drawn afresh (a practice game from a past position): after
    # that many actions, the luck comes from that seed. Replaced, never changed in
    # place (clones share it). Empty for every other game.
    fresh_luck: Mapping[int, int] = {}

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
            raise IllegalAction(refuse("game_over", "the game is over: no more actions"))
        if seat is not None and seat != self.current:
            raise IllegalAction(self.why_out_of_turn(seat, action))
        legal = self.legal_actions()
        if not isinstance(action, str) or action not in legal:
            raise IllegalAction(self.why_illegal(action))
        action = legal[legal.index(action)]      # the typed value, whatever text came in
        actor = self.current
        forced = len(legal) == 1
        draws = self.rng.draws
        self._apply(action)
        self.actions.append(action)
        self.actors.append(actor)
        if len(self.actions) in self.fresh_luck:
            self.rng = Luck(self.fresh_luck[len(self.actions)])
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
        state.luck_from(self.fresh_luck)
        for action in self.actions[:len(self.actions) - count]:
            state.apply(action)
        return state

    def view(self, seat: int | None) -> dict:
        raise NotImplementedError

    def result(self) -> dict | None:
        """{"scores": [...], "winners": [...]} once the game is over, else None."""
        raise NotImplementedError

    def record(self) -> dict:
        record = {"game": self.game.id, "options": dict(self.options), "seed": self.seed,
                  "players": self.players, "actions": list(self.actions)}
        if self.fresh_luck:
            record["luck"] = [[at, seed] for at, seed in sorted(self.fresh_luck.items())]
        return record

    def draw_luck_afresh(self, seed: int) -> None:
        """From this position on, the luck (cards still to shuffle, dice still to
        roll) comes from `seed`: a practice game from a past position plays on
        differently from the game it came from. Kept in the record ("luck")."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, not {seed!r}")
        self.fresh_luck = {**{at: s for at, s in self.fresh_luck.items() if at < len(self.actions)},
                           len(self.actions): seed}
        draws = self.rng.draws
        self.rng = Luck(seed)
        self.rng.draws = draws

    def luck_from(self, fresh_luck: Mapping[int, int]) -> None:
        """A new game's luck drawn afresh where a record says (before its first action).
        Without any, the state stays field for field the one game.new() made."""
        if not fresh_luck:
            return
        self.fresh_luck = dict(fresh_luck)
        if 0 in self.fresh_luck:
            self.rng = Luck(self.fresh_luck[0])

    # ---- for subclasses -----------------------------------------------
    def _apply(self, action: Action) -> None:
        """Plays one legal action, always one of legal_actions()'s own values."""
        raise NotImplementedError

    def why_illegal(self, action) -> Refusal | str:
        """Why `action` is refused now; games override it with sharper reasons."""
        return refuse("not_now", "{action!r} is not allowed now; allowed: {allowed}",
                      action=action, allowed=", ".join(self.legal_actions()))

    def why_out_of_turn(self, seat: int, action) -> Refusal | str:
        return Refusal("out_of_turn", f"it is seat {self.current + 1}'s turn, not seat {seat + 1}'s",
                       {"turn": self.current, "seat": seat})

    def clone(self) -> "State":
        return copy.deepcopy(self)

    def play_out(self, bots: Sequence[Bot], until: Callable[[State], bool] | None = None) -> State:
        """Lets `bots`, one per seat, play from here until the game is over (or
        `until(self)` holds). Each choice is played as its seat's: a bot that
        answers illegally is refused, not obeyed."""
        while not self.over and not (until and until(self)):
            seat = self.current
            self.apply(bots[seat].choose(self.view(seat), self.legal_actions()), seat=seat)
        return self


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
