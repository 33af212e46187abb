"""One search for every game's strong computer player.

A strong player never sees hidden cards: it samples full worlds that agree with
its view, tries each candidate move in each world, plays the world on with a fast
play-out policy until the model says stop, and keeps the move whose play-outs
ended best. This is determinized Monte Carlo ("perfect information Monte Carlo")
with sequential halving at the root (Karnin, Koren and Somekh 2013): each round
gives every candidate still in play the same number of play-outs and drops the
worse half, so the budget goes to telling the good moves apart. Every candidate
of a round is played in the same worlds with the same luck (common random
numbers: a world's future dice and shuffles travel with it in `clone()`), so
what separates two moves is the moves, not the dice.

The search is driven only through the rules contract (`current`, `over`,
`legal_actions`, `_apply`, `clone`, `result`) and a per-game `Model`:

    from royaltable.search import Model, SearchBot

    class KrypkilleModel(Model):
        game_id = "krypkille"
        def playout(self, state, rng):        # a fast, sensible move for state.current
            return quick_action(state)         # may look at the whole sampled world
        def stop(self, root, state):          # score the round, do not play the match
            return state.over or state.round_no != root.round_no
        def evaluate(self, state):            # each seat's value in [0, 1]
            ...

    class StrongBot(SearchBot):
        def __init__(self, seed=0):
            super().__init__(seed, model=KrypkilleModel(), playouts=600)

    bot = StrongBot(seed=7)
    bot.choose(view, legal)          # the move
    bot.ranked(view, legal)          # [(action, estimated value), ...], best first
    bot.search(view, legal)          # a SearchResult: every candidate's value and play-outs

`search_steps` is the same search as a generator that pauses after every play-out,
for a page that must keep answering taps while it thinks (a game review).

The budget is counted in play-outs, never in time, so a bot is deterministic for
its seed. The play-outs apply actions with `_apply` (no legality check, no record):
a model's `playout` must return a legal action.

Two optional hooks let a model say more:
- `candidates(world, legal)`: the root moves to compare, as (action, plan) pairs.
  By default every legal action with plan None. A plan is the model's own name
  for how the searching seat goes on after that action (Court's "collect the
  face I have most of" or "collect high dice"); the search then asks
  `follow(plan, state, rng)` for that seat's moves in the play-out, and a move
  is worth what its best plan makes of it. Candidates must depend only on what
  the view shows (the world given is one sample of it; do not change it), and
  plans must be hashable (a string, a tuple).
- `sample(view, rng)`: besides dealing hidden cards, a model may decide in each
  world how the other seats play (a style drawn from what they have done so far)
  and store it on the world for its `playout` to read.
"""
from __future__ import annotations

import math
import random
from collections.abc import Generator
from dataclasses import dataclass

from . import calibration, registry
from .core import Bot, State

# A play-out longer than this is scored where it stands (a safety net: a model's
# stop rule should end play-outs long before).
MAX_PLAYOUT_ACTIONS = 5000


def interpolate(points, x: float) -> float:
    """The piecewise-linear function through `points` ((x, y) pairs, x increasing),
    flat beyond its ends."""
    if x <= points[0][0]:
        return points[0][1]
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        if x <= x1:
            return y0 if x1 == x0 else y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return points[-1][1]


# A chance read from play-outs is never certain while the game goes on: a fitted
# point where every bench game was lost (or won) says little about the next game,
# so an estimate stays this far from 0 and 1 (it reads "under 1 %", "over 99 %").
NEVER_SURE = 0.005


def read_chance(points, value: float) -> float:
    """`value` read through a game's fitted (value, share won) points, in [0, 1].
    Beyond the fitted points the line runs on to (0, 0) and (1, 1) rather than
    flat: a move valued below every fitted position stays worse than them (a
    blunder is not graded like the worst move the bench happened to see)."""
    if not points:
        return min(1.0, max(0.0, value))
    ends = (((0.0, 0.0),) if points[0][0] > 0 else ()) + tuple(points) + (
        ((1.0, 1.0),) if points[-1][0] < 1 else ())
    return min(1.0, max(0.0, interpolate(ends, value)))


def fitted_chance(weights, value: float, standing, players: int) -> float:
    """The logistic map of a game's FITS entry: weights (bias, value, one per
    standing number) over the even share's log-odds, so that an even table
    reads as an even chance at any number of players."""
    share = 1 / max(2, players)
    z = math.log(share / (1 - share)) + weights[0] + weights[1] * value
    z += sum(w * x for w, x in zip(weights[2:], standing))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def finish(steps: Generator):
    """Runs a stepped computation (a generator that pauses now and then) to its
    end and gives its return value: the all-at-once form of every stepped search."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


class Model:
    """What the search needs to know about one game. Subclass it in the game's
    bots.py and override what the game needs; every method gets full states."""
    game_id: str = ""

    def sample(self, view: dict, rng: random.Random) -> State:
        """A full world that agrees with `view`, everything hidden drawn at random."""
        return registry.get(self.game_id).sample_state(view, rng.randrange(2**31))

    def playout(self, state: State, rng: random.Random) -> str:
        """A legal move for `state.current`; the default plays at random."""
        return rng.choice(state.legal_actions())

    def evaluate(self, state: State) -> list[float]:
        """Each seat's value in [0, 1] where a play-out stopped. The default: at the
        end, a share of the win; before it, nothing known (1 / players each)."""
        result = state.result()
        if result is None:
            return [1 / state.players] * state.players
        winners = result["winners"]
        return [1 / len(winners) if seat in winners else 0.0 for seat in range(state.players)]

    def stop(self, root: State, state: State) -> bool:
        """End the play-out here? `root` is the world the search started from."""
        return state.over

    def standing(self, view: dict) -> tuple[float, ...]:
        """The standings of the whole game as the view shows them, from its seat's
        side, as a few numbers near 0 when the table is even (a lead in points,
        the rounds left...). A play-out that stops at the end of a round or a turn
        sees the move, not the match: the calibration weighs these with the
        search's value into the chance to win the game. The default: none."""
        return ()

    def standing_after(self, standing: tuple[float, ...], value: float) -> tuple[float, ...]:
        """The standings as they will be where the play-outs stopped, by what the
        search's value says of it (Krypkille's value is the round's penalties:
        the totals move by them); the map weighs these. The default: as they are."""
        return standing

    # The map from a seat's search value (and the standings) to its chance to win
    # the game, fitted on games played out in the bench by every kind of player
    # (bench/calibration.py writes royaltable/calibration.py): FITS, a logistic
    # curve over the value and `standing`, else POINTS, an increasing map of the
    # value alone; neither: the value is taken as the chance itself.
    def chance(self, value: float, view: dict | None = None) -> float:
        """The estimated chance to win the game of a seat whose best move's
        play-outs are worth `value` to it, at the position `view` shows."""
        fit = calibration.FITS.get(self.game_id) if view is not None else None
        if fit is not None:
            chance = fitted_chance(fit, value, self.standing_after(self.standing(view), value), view["players"])
        else:
            chance = read_chance(calibration.POINTS.get(self.game_id, ()), value)
        return min(1 - NEVER_SURE, max(NEVER_SURE, chance))

    def candidates(self, world: State, legal: list[str]) -> list[tuple[str, object]]:
        """The root moves to compare, each with the plan the searching seat follows
        after it (None: `playout`). Must depend only on what the view shows."""
        return [(action, None) for action in legal]

    def follow(self, plan, state: State, rng: random.Random) -> str:
        """The searching seat's move in a play-out of a candidate with `plan`."""
        return self.playout(state, rng)


@dataclass(frozen=True)
class Candidate:
    """One root move as the search saw it: its mean play-out value for the searching
    seat (the best plan's, in [0, 1]; None when it was not searched), the play-outs
    behind that mean, the plan, and every seat's mean value in those play-outs."""
    action: str
    value: float | None
    playouts: int = 0
    plan: object = None
    values: tuple[float, ...] = ()


@dataclass(frozen=True)
class SearchResult:
    """What one search found: every legal action, best first. Computed from the
    searching seat's view only, like the choice itself."""
    seat: int
    candidates: tuple[Candidate, ...]
    arms: tuple[Candidate, ...] = ()    # every (action, plan) pair searched, best first
    spent: int = 0
    simulated: int = 0

    @property
    def choice(self) -> str:
        return self.candidates[0].action

    def candidate(self, action: str) -> Candidate | None:
        return next((c for c in self.candidates if c.action == action), None)

    @property
    def sees_the_future(self) -> bool:
        """Did the search see anything of what comes after its moves? One whose
        every play-out stopped at once, all its moves valued alike (Court's
        choice of a character ends the turn: nothing of the game is played out),
        and one of an unsearched decision (one move to make) say no chance to
        win; a move that ends the game and is valued apart does."""
        if not self.spent:
            return False
        return self.simulated > self.spent or len({c.value for c in self.arms if c.playouts}) > 1


class SearchBot(Bot):
    """Determinized Monte Carlo over a `Model`, about `playouts` play-outs a move,
    shared among the candidates by sequential halving. `steps`, if given, caps
    the actions simulated in a move: the search then stops after the world it is
    playing and ranks the candidates still in play on what they have seen (so a
    move whose play-outs run long costs no more than the others)."""

    def __init__(self, seed: int = 0, *, model: Model, playouts: int = 600,
                 steps: int | None = None):
        super().__init__(seed)
        self.model = model
        self.playouts = playouts
        self.steps = steps      # at most this many actions simulated a move (None: no cap)
        self.spent = 0          # play-outs the last search used
        self.simulated = 0      # actions the last search simulated

    def choose(self, view: dict, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        return self.search(view, legal).choice

    def ranked(self, view: dict, legal: list[str]) -> list[tuple[str, float | None]]:
        """Every legal action with its estimated value for this seat, best first
        (see `search`)."""
        return [(c.action, c.value) for c in self.search(view, legal).candidates]

    def search(self, view: dict, legal: list[str], include: str | None = None) -> SearchResult:
        """The whole search at once: see `search_steps`."""
        return finish(self.search_steps(view, legal, include))

    def search_steps(self, view: dict, legal: list[str], include: str | None = None
                     ) -> Generator[None, None, SearchResult]:
        """The search as a generator that pauses after every play-out (so a page
        can run it between frames); its return value is the `SearchResult`.
        Actions dropped early rank below those that stayed longer; a forced move
        is not searched (value None). `include`: a legal action to search even if
        the model would not offer it (a review grading the move a person made)."""
        self.spent = self.simulated = 0
        seat = view["seat"]
        if len(legal) == 1:
            return SearchResult(seat, (Candidate(legal[0], None),))
        model, rng = self.model, self.rng
        first = model.sample(view, rng)
        if first.game.actions is not None:       # the play-outs' _apply takes typed actions only
            legal = [first.game.parse(action) for action in legal]
            include = first.game.parse(include) if include in legal else None
        arms = [arm for arm in dict.fromkeys(model.candidates(first, legal)) if arm[0] in legal]
        if not arms:
            raise ValueError("the model offers no legal candidate")
        if include in legal and all(action != include for action, _ in arms):
            arms.append((include, None))
        if len({action for action, _ in arms}) == 1:      # nothing to tell apart
            unsearched = [arms[0][0]] + [a for a in legal if a != arms[0][0]]
            return SearchResult(seat, tuple(Candidate(a, None) for a in unsearched))
        totals = [0.0] * len(arms)
        sums: list[list[float]] = [[] for _ in arms]        # every seat's, per arm
        counts = [0] * len(arms)
        alive = list(range(len(arms)))
        dropped: list[list[int]] = []       # arms in the order they left, worst first
        budget = max(self.playouts, len(arms))
        world = first
        while len(alive) > 1:
            rounds = math.ceil(math.log2(len(alive)))
            each = (budget - self.spent) // (len(alive) * rounds)
            if each < 1:
                if self.spent:
                    break
                each = 1                    # a small budget: one look at every candidate
            for _ in range(each):
                if world is None:
                    world = model.sample(view, rng)
                for arm in alive:
                    values = self._playout(world, arms[arm], seat)
                    totals[arm] += values[seat]
                    sums[arm] = [a + b for a, b in zip(sums[arm], values)] if sums[arm] else list(values)
                    counts[arm] += 1
                    self.spent += 1
                    yield               # a pause after every play-out: a world of many moves is long
                world = None
                if self.out_of_steps():
                    break                   # rank on the worlds played so far
            # Every arm still in play has seen the same worlds: compare totals.
            alive.sort(key=lambda arm: (-totals[arm], arm))
            if self.out_of_steps():
                break
            keep = (len(alive) + 1) // 2
            dropped.append(alive[keep:])
            alive = alive[:keep]
        order = alive + [arm for group in reversed(dropped) for arm in group]

        def seen(arm: int) -> Candidate:
            action, plan = arms[arm]
            n = counts[arm]
            if not n:
                return Candidate(action, None, 0, plan)
            return Candidate(action, totals[arm] / n, n, plan, tuple(v / n for v in sums[arm]))

        searched = tuple(seen(arm) for arm in order)
        best: dict[str, Candidate] = {}
        for candidate in searched:          # a move is worth its best plan: the first seen
            best.setdefault(candidate.action, candidate)
        candidates = list(best.values())
        candidates += [Candidate(action, None) for action in legal if action not in best]
        return SearchResult(seat, tuple(candidates), searched, self.spent, self.simulated)

    def out_of_steps(self) -> bool:
        return self.steps is not None and self.simulated >= self.steps

    def _playout(self, world: State, arm: tuple[str, object], seat: int) -> list[float]:
        """Plays `arm` in a copy of `world` and returns every seat's value.
        The copy carries the world's own future luck, so every arm meets the same
        dice and shuffles; the policies flip their coins with it too."""
        model = self.model
        action, plan = arm
        state = world.clone()
        luck = state.rng
        state._apply(action)
        played = 1
        for played in range(1, MAX_PLAYOUT_ACTIONS):
            if state.over or model.stop(world, state):
                break
            if plan is not None and state.current == seat:
                state._apply(model.follow(plan, state, luck))
            else:
                state._apply(model.playout(state, luck))
        self.simulated += played
        return model.evaluate(state)
