"""A review of a finished game: every decision of the chosen seats, graded by the
strong player looking again from that seat's view at that moment.

    from royaltable import review

    done = review.review(record, seats=[0])        # all at once
    steps = review.reviewer(record, seats=[0])     # or in slices: yields progress in [0, 1]
    ...                                            # next(steps) until StopIteration
    done.mistakes()                                # the biggest chances lost, biggest first
    review.Review.from_dict(done.to_dict())        # kept with the game in the library

A decision is graded by the chance it lost: the strong player's search is run
from the deciding seat's view (never the true game, so two games behind one view
grade the same), with the move actually played always among those searched; the
estimated chance to win after the best move minus that after the played move
gives the grade. Chances come from the search's values through the game's model
(`Model.chance`, the calibration fitted in the bench).

Pure Python, no UI: the page runs `reviewer` a few milliseconds at a time.
"""
from __future__ import annotations

import copy
import math
import random
from collections.abc import Generator
from dataclasses import dataclass

from . import registry
from .search import finish

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
# Chance lost (best's chance minus the played move's) below each bound -> that
# grade; at or above the last bound: blunder.
BOUNDS = (0.02, 0.05, 0.10, 0.20)
# Grades that count as a mistake of some size (shown in the list to jump to).
FLAWED = frozenset(GRADES[2:])
# How many of the best moves a graded move keeps to show.
ALTERNATIVES = 3
# The version of Review.to_dict's layout, so a library can tell an old one.
FORMAT_VERSION = 1


def grade_of(lost: float) -> str:
    """The grade of a move that lost `lost` chance to win against the best."""
    for grade, bound in zip(GRADES, BOUNDS):
        if lost < bound:
            return grade
    return GRADES[-1]


@dataclass(frozen=True)
class GradedMove:
    index: int            # position in record["actions"] of the action graded
    seat: int
    played: str           # the action the person took
    best: str             # what the strong player would have played
    chance_played: float  # estimated chance to win the game after the played move
    chance_best: float
    lost: float           # max(0, chance_best - chance_played)
    grade: str            # one of GRADES
    alternatives: tuple[tuple[str, float], ...]   # the best few (action, chance), best first

    def to_dict(self) -> dict:
        return {"index": self.index, "seat": self.seat, "played": self.played,
                "best": self.best, "chance_played": self.chance_played,
                "chance_best": self.chance_best, "lost": self.lost, "grade": self.grade,
                "alternatives": [[action, chance] for action, chance in self.alternatives]}

    @classmethod
    def from_dict(cls, data) -> "GradedMove":
        where = "a graded move"
        _require(isinstance(data, dict), f"{where} is not an object: {data!r:.60}")
        index = _count(data, "index", where)
        where = f"the graded move at action {index}"
        seat = _count(data, "seat", where)
        played, best = _text(data, "played", where), _text(data, "best", where)
        chance_played = _chance(data, "chance_played", where)
        chance_best = _chance(data, "chance_best", where)
        lost = _chance(data, "lost", where)
        _require(math.isclose(lost, max(0.0, chance_best - chance_played), abs_tol=1e-9),
                 f"{where}: lost {lost} is not chance_best - chance_played")
        grade = data.get("grade")
        _require(grade in GRADES, f"{where}: grade {grade!r} is not one of {', '.join(GRADES)}")
        _require(grade == grade_of(lost), f"{where}: grade {grade!r} does not fit a loss of {lost}")
        rows = data.get("alternatives")
        _require(isinstance(rows, list) and rows, f"{where}: alternatives must be a non-empty list")
        alternatives = []
        for row in rows:
            _require(isinstance(row, (list, tuple)) and len(row) == 2 and isinstance(row[0], str)
                     and _is_chance(row[1]), f"{where}: bad alternative {row!r:.60}")
            alternatives.append((row[0], float(row[1])))
        return cls(index, seat, played, best, chance_played, chance_best, lost, grade,
                   tuple(alternatives))


@dataclass(frozen=True)
class Review:
    game: str
    seats: tuple[int, ...]             # the seats graded
    moves: tuple[GradedMove, ...]      # in game order
    # (action index, every seat's estimated chance to win before that action; None
    # for a seat the review did not estimate there), in game order, ending with the
    # result (1.0 / winners' count for each winner, 0 for the others)
    curve: tuple[tuple[int, tuple[float | None, ...]], ...]
    playouts: int                      # the budget each decision was searched with

    def mistakes(self, n: int = 5) -> list[GradedMove]:
        """The `n` moves that lost the most chance, biggest first (ties: the
        earlier first), inaccuracies or worse only."""
        flawed = [move for move in self.moves if move.grade in FLAWED]
        flawed.sort(key=lambda move: (-move.lost, move.index))
        return flawed[:max(0, n)]

    def to_dict(self) -> dict:
        return {"version": FORMAT_VERSION, "game": self.game, "seats": list(self.seats),
                "moves": [move.to_dict() for move in self.moves],
                "curve": [[index, list(chances)] for index, chances in self.curve],
                "playouts": self.playouts}

    @classmethod
    def from_dict(cls, data) -> "Review":
        """The review `to_dict` wrote; ValueError (saying what is wrong) for
        anything else, so a damaged library entry is refused, not half read."""
        _require(isinstance(data, dict), f"a review is an object, not {type(data).__name__}")
        version = data.get("version")
        _require(version == FORMAT_VERSION,
                 f"a review of version {version!r} cannot be read (this app reads {FORMAT_VERSION})")
        game = data.get("game")
        _require(isinstance(game, str) and game in registry.ids(), f"a review of unknown game {game!r}")
        seats = data.get("seats")
        _require(isinstance(seats, list) and all(_is_count(s) for s in seats)
                 and len(set(seats)) == len(seats), f"the review's seats {seats!r:.60} are not distinct seat numbers")
        playouts = data.get("playouts")
        _require(_is_count(playouts) and playouts >= 1, f"the review's budget {playouts!r} is not a positive count")
        rows = data.get("moves")
        _require(isinstance(rows, list), "the review's moves must be a list")
        moves = tuple(GradedMove.from_dict(row) for row in rows)
        indexes = [move.index for move in moves]
        _require(indexes == sorted(set(indexes)), "the review's moves are not in game order, once each")
        _require(all(move.seat in seats for move in moves), "a graded move is by a seat the review did not grade")
        rows = data.get("curve")
        _require(isinstance(rows, list) and rows, "the review's curve must be a non-empty list")
        curve = []
        width = None
        for row in rows:
            _require(isinstance(row, (list, tuple)) and len(row) == 2 and _is_count(row[0])
                     and isinstance(row[1], (list, tuple)) and row[1]
                     and all(c is None or _is_chance(c) for c in row[1]),
                     f"bad point of the review's curve: {row!r:.60}")
            width = len(row[1]) if width is None else width
            _require(len(row[1]) == width, "the review's curve has points of different widths")
            curve.append((row[0], tuple(None if c is None else float(c) for c in row[1])))
        points = [index for index, _ in curve]
        _require(points == sorted(points), "the review's curve is not in game order")
        _require(all(seat < width for seat in seats), "a graded seat is not at the table of the curve")
        return cls(game, tuple(seats), moves, tuple(curve), playouts)


def _require(ok: bool, message: str) -> None:
    if not ok:
        raise ValueError(message)


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_chance(value) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and 0.0 <= value <= 1.0)


def _count(data: dict, key: str, where: str) -> int:
    value = data.get(key)
    _require(_is_count(value), f"{where}: {key} {value!r} is not a whole number >= 0")
    return value


def _text(data: dict, key: str, where: str) -> str:
    value = data.get(key)
    _require(isinstance(value, str) and value, f"{where}: {key} {value!r} is not an action")
    return value


def _chance(data: dict, key: str, where: str) -> float:
    value = data.get(key)
    _require(_is_chance(value), f"{where}: {key} {value!r} is not a chance between 0 and 1")
    return float(value)


# ---- grading a game -------------------------------------------------------------------

# What part of the strong player's own budget a review spends on each decision, per
# game (a game not listed: all of it), so that a typical game of each is reviewed
# within 30 s in Chromium (bench/review.py, RESULTS-review.md). With the whole
# budget, a typical game took 3-14 s on a quiet machine, but Court 29 s and Whispers
# 30 s on a busy one: those two keep three quarters and three fifths.
BUDGET_SHARE = {"court": 0.75, "krypkille": 1.0, "whispers": 0.6, "golden_key": 1.0, "struggle": 1.0}
# The replay before the searches yields this often (actions), so that even a long
# record never holds the page for long.
REPLAY_SLICE = 40


def _start(record: dict):
    """The game and its state before the first action; ValueError for a record
    that is not one."""
    _require(isinstance(record, dict), f"a game record is an object, not {type(record).__name__}")
    game, state, actions = registry.start(record)
    _require(isinstance(actions, list) and all(isinstance(a, str) for a in actions),
             "not a game record: its actions are not a list of actions")
    return game, state, actions


def _seats(seats, players: int) -> tuple[int, ...]:
    try:
        chosen = tuple(sorted(set(seats)))
    except TypeError:
        raise ValueError(f"the seats to review must be seat numbers, not {seats!r:.60}") from None
    _require(all(_is_count(s) and s < players for s in chosen),
             f"the seats to review must be seat numbers from 0 to {players - 1}, not {list(chosen)!r:.60}")
    return chosen


def decisions(record: dict, seats) -> list[int]:
    """Indexes of the actions the review grades: by one of `seats`, with more than one
    legal action."""
    return finish(_decisions(record, seats))[2]


def _decisions(record: dict, seats):
    """`decisions` in slices (yields None now and then); returns the game, the
    seats and the indexes."""
    game, state, actions = _start(record)
    chosen = _seats(seats, state.players)
    found = []
    for index, action in enumerate(actions):
        if state.over:
            raise ValueError(f"record does not replay: action {index + 1} ({action!r}) "
                             "comes after the end of the game")
        if state.current in chosen and len(state.legal_actions()) > 1:
            found.append(index)
        registry.play_recorded(state, index + 1, action)
        if index % REPLAY_SLICE == REPLAY_SLICE - 1:
            yield
    _require(state.over, "only a finished game can be reviewed: this one is not over")
    return game, chosen, found


def own_budget(bot, players: int) -> int:
    """The play-outs a strong player spends on a move at a table of `players`
    (King's Struggle's shrinks with the table)."""
    return getattr(bot, "BUDGET", {}).get(players, bot.playouts)


def default_playouts(game_id: str, players: int) -> int:
    """A review's budget for a decision: a share of the strong player's own."""
    bot = registry.get(game_id).bots["strong"](seed=0)
    return max(2, round(own_budget(bot, players) * BUDGET_SHARE.get(game_id, 1.0)))


def _decision_seed(seed: int, index: int) -> int:
    # Each decision's search has its own luck, so its grade does not depend on
    # which other decisions (or seats) the review grades.
    return (seed * 1_000_003 + index) % 2**63


def reviewer(record: dict, seats, *, playouts: int | None = None, seed: int = 0
             ) -> Generator[float, None, Review]:
    """Yields the progress in [0, 1] often (after every play-out of every search, so
    a page can run it in slices of a few ms), returns the Review. Deterministic for
    (record, seats, playouts, seed); ValueError for a record that is not a finished
    game or seats that are not at its table."""
    _require(playouts is None or (_is_count(playouts) and playouts >= 1),
             f"a review's budget must be a positive number of play-outs, not {playouts!r}")
    _require(isinstance(seed, int) and not isinstance(seed, bool), f"a review's seed must be a whole number, not {seed!r}")
    scan = _decisions(record, seats)
    while True:
        try:
            next(scan)
        except StopIteration as done:
            game, chosen, indexes = done.value
            break
        yield 0.0
    _, state, actions = _start(record)
    players = state.players
    bot = game.bots["strong"](seed=seed)
    budget = playouts or default_playouts(game.id, players)
    bot.playouts = budget
    moves: list[GradedMove] = []
    curve: list[tuple[int, tuple[float | None, ...]]] = []
    total = len(indexes)
    done_count = 0
    position = 0
    before = [1.0 / players] * players      # each seat's chance at its last decision (the even share at first)
    for index in indexes:
        for action in actions[position:index]:
            state.apply(action)         # replayed once already: known to be legal
        position = index
        seat = state.current
        played = actions[index]
        view = copy.deepcopy(state.view(seat))     # the search must not touch the game
        legal = state.legal_actions()
        searched = yield from _search(bot, view, legal, played, _decision_seed(seed, index),
                                      done_count, total)
        move = _graded(bot.model, index, seat, played, searched, view, before[seat])
        before[seat] = move.chance_best
        moves.append(move)
        chances: list[float | None] = [None] * players
        chances[seat] = move.chance_best
        if players == 2:
            chances[1 - seat] = 1.0 - move.chance_best
        curve.append((index, tuple(chances)))
        done_count += 1
        yield done_count / total
    for action in actions[position:]:
        state.apply(action)
    winners = state.result()["winners"]
    curve.append((len(actions), tuple(1.0 / len(winners) if s in winners else 0.0
                                      for s in range(players))))
    if not total:
        yield 1.0
    return Review(game.id, chosen, tuple(moves), tuple(curve), budget)


def _search(bot, view: dict, legal: list[str], played: str, seed: int, done: int, total: int):
    """The strong player's search of one decision, the played move searched too;
    yields the review's progress after every play-out."""
    bot.rng = random.Random(seed)
    result = yield from _steps(bot, view, legal, played, done, total)
    if all(c.value is None for c in result.candidates):
        # The model saw nothing to tell apart (one move it would offer) and the
        # person played that move: search it against another legal move, so the
        # played move gets a chance of its own.
        other = next(a for a in legal if a != played)
        bot.rng = random.Random(seed)
        result = yield from _steps(bot, view, legal, other, done, total)
    return result


def _steps(bot, view, legal, include, done, total):
    steps = bot.search_steps(view, legal, include=include)
    budget = max(1, bot.playouts)
    while True:
        try:
            next(steps)
        except StopIteration as finished:
            return finished.value
        yield (done + min(1.0, bot.spent / budget) * 0.999) / total


def _graded(model, index: int, seat: int, played: str, result, view: dict, before: float) -> GradedMove:
    if not result.sees_the_future:
        # Nothing of the game after this move was seen (Court's choice of a character
        # ends the turn): no chance to tell, so the one of the seat's decision before
        # carries on, and no move is said to lose anything.
        return GradedMove(index, seat, played, result.choice, before, before, 0.0, grade_of(0.0),
                          ((result.choice, before),))
    searched = [(c.action, model.chance(c.value, view)) for c in result.candidates if c.value is not None]
    chance = dict(searched)
    best = result.choice
    chance_best = chance[best]
    # A played move left unsearched although others were searched could only be one
    # dropped before any play-out: rank it with the worst.
    chance_played = chance.get(played, min(chance.values()))
    lost = max(0.0, chance_best - chance_played)
    # The search's choice first, then the others by their chance (a move dropped
    # early may have a lucky mean, but a list read by a player should go down).
    others = sorted((row for row in searched if row[0] != best), key=lambda row: -row[1])
    alternatives = ((best, chance_best), *others[:ALTERNATIVES - 1])
    return GradedMove(index, seat, played, best, chance_played, chance_best, lost,
                      grade_of(lost), alternatives)


def review(record: dict, seats, **kw) -> Review:
    """The same as `reviewer`, all at once."""
    return finish(reviewer(record, seats, **kw))
