"""Guided first games ("Learn to play"): one shape for every game.

A game's lesson is data, `ui/games/<game id>/tutorial.toml`: a fixed seed and seats
(the person at seat 0, computer players at the others) chosen so that the game's
key moments come up, and the steps, each with its words in both languages, the
rule IDs it teaches, and what it asks:

- ask = "next": read, then tap Next (the table waits, computers too);
- ask = "<an action's text>": that one move is lit (`data-teach`) and is the only
  one that acts; other taps are answered gently;
- ask = "select <arg>": the one tap that picks something before a move (a card of
  a hand, a die);
- ask = "resume": the words of a round's summary, read before tapping on;
- ask = "free": the person chooses any move; the words are the hint.

A step is shown once the game has `at` moves or more (its moment), after the steps
before it. Past the last step the person plays on freely to the end, a computer's
choice from their own view lit as a hint. The game is a real game of the rules,
played through the same match, table and record as any other: its record replays.

Pure Python: ui.app holds the running Tutorial; ui.screens.table draws it.
"""
from __future__ import annotations

import functools
import pathlib
from dataclasses import dataclass

from . import datafile
from .i18n import LANGS

_GAMES_DIR = pathlib.Path(__file__).resolve().parent / "games"
NEXT, FREE, SELECT, RESUME = "next", "free", "select ", "resume"


@dataclass(frozen=True)
class Step:
    words: dict                  # {"ja": ..., "en": ...}: one or two plain sentences
    rules: tuple[str, ...] = ()  # the rule IDs it teaches (tests/test_tutorial.py counts them)
    ask: str = NEXT              # see the module's docstring
    point: str = ""              # a CSS selector of the thing it is about, lit beside the words
    at: int = 0                  # its moment: shown once the game has this many moves

    def tap(self) -> tuple[str, str] | None:
        """The one tap this step asks for, as (command, argument); None for Next and free steps."""
        if self.ask in (NEXT, FREE):
            return None
        if self.ask == RESUME:
            return "resume", ""
        if self.ask.startswith(SELECT):
            return "select", self.ask[len(SELECT):]
        return "act", self.ask


@dataclass(frozen=True)
class Lesson:
    game: str
    seed: int
    seats: tuple[str, ...]       # "human" at seat 0, then computer levels
    options: dict
    steps: tuple[Step, ...]
    free: dict                   # the hint once the steps are over: play on, what to look for
    win: dict                    # how to win, said at the end

    def taught(self) -> set[str]:
        return {rule for step in self.steps for rule in step.rules}


def _words(entry: dict, where: str) -> dict:
    missing = [lang for lang in LANGS if not entry.get(lang)]
    if missing:
        raise ValueError(f"{where}: no words in {', '.join(missing)}")
    return {lang: entry[lang] for lang in LANGS}


def has_lesson(game_id: str) -> bool:
    return datafile.exists(_GAMES_DIR / game_id / "tutorial.toml")


@functools.cache
def lesson(game_id: str) -> Lesson:
    """A game's lesson, read once from its tutorial.toml (a bad file: ValueError)."""
    data = datafile.load_toml(_GAMES_DIR / game_id / "tutorial.toml")
    steps = tuple(Step(words=_words(s, f"{game_id} step {n + 1}"), rules=tuple(s.get("rules", ())),
                       ask=s.get("ask", NEXT), point=s.get("point", ""), at=int(s.get("at", 0)))
                  for n, s in enumerate(data["step"]))
    seats = tuple(data["seats"])
    if seats[0] != "human" or "human" in seats[1:]:
        raise ValueError(f"{game_id}: a lesson seats one person, at seat 0")
    return Lesson(game_id, int(data["seed"]), seats, dict(data.get("options", {})), steps,
                  _words(data["free"], f"{game_id} free"), _words(data["win"], f"{game_id} win"))


class Tutorial:
    """A lesson being played: which step is on, what it lights, what it lets through."""

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self.index = 0                 # the next step not yet done
        self.told = -1                 # the last step whose words were announced
        self._hint: tuple[int, str] | None = None     # (moves, the hint's action) in free play

    @property
    def game(self) -> str:
        return self.lesson.game

    def step(self, match) -> Step | None:
        """The step on screen now: the next one, once its moment has come."""
        if self.index >= len(self.lesson.steps) or (match.state.over and match.interlude != "summary"):
            return None
        step = self.lesson.steps[self.index]
        return step if len(match.state.actions) >= step.at else None

    def holds(self, match) -> bool:
        """Words to read before anything moves: the table (computers too) waits for Next."""
        step = self.step(match)
        return step is not None and step.ask == NEXT

    def asked(self, match) -> tuple[str, str] | None:
        """The tap lit now (`data-teach`): the step's own, when it is possible now;
        on a free step (or one whose move a different free choice made impossible)
        and past the steps, a computer's choice from the person's view, as a hint."""
        if self.holds(match):
            return None
        if match.interlude == "summary":
            return "resume", ""                # a round's summary: read it, then play on (or see the end)
        legal = match.legal_on_screen()
        if not legal:
            return None
        step = self.step(match)
        tap = step.tap() if step is not None else None
        if tap is not None and self._possible(tap, match):
            return tap
        moves = len(match.state.actions)
        if self._hint is None or self._hint[0] != moves:
            bot = match.game.bots["quick"](seed=match.state.seed * 7919 + moves)
            self._hint = (moves, str(bot.choose(match.state.view(match.actor()), legal)))
        return "act", self._hint[1]

    @staticmethod
    def _possible(tap, match) -> bool:
        cmd, arg = tap
        if cmd == "resume":
            return match.interlude == "summary"
        return arg in match.legal_on_screen() if cmd == "act" else bool(match.legal_on_screen())

    def owns(self, match, tap) -> bool:
        """Is `tap` the step's own (not a hint of free play)?"""
        step = self.step(match)
        return step is not None and tap is not None and step.tap() == tap

    def refusal(self, match, cmd: str, arg: str) -> str | None:
        """Why a tap does not act now, as a words key (None: it may act)."""
        if self.holds(match):
            return "teach.refuse.next"
        step = self.step(match)
        tap = step.tap() if step is not None else None
        if tap is not None and self._possible(tap, match) and (cmd, arg) != tap:
            return "teach.refuse.ask"
        return None

    def tapped(self, match, cmd: str, arg: str) -> None:
        """A tap about to act (called before it does): the step it answers is done."""
        step = self.step(match)
        if step is None or step.ask == NEXT:
            return
        tap = step.tap()
        if tap is None or not self._possible(tap, match):
            if cmd == "act":               # a free step ends with the move chosen
                self.index += 1
        elif (cmd, arg) == tap:
            self.index += 1

    def next(self, match) -> None:
        if self.holds(match):
            self.index += 1
