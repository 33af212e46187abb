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

from . import registry
from .core import Bot, State

# A play-out longer than this is scored where it stands (a safety net: a model's
# stop rule should end play-outs long before).
MAX_PLAYOUT_ACTIONS = 5000


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

    def candidates(self, world: State, legal: list[str]) -> list[tuple[str, object]]:
        """The root moves to compare, each with the plan the searching seat follows
        after it (None: `playout`). Must depend only on what the view shows."""
        return [(action, None) for action in legal]

    def follow(self, plan, state: State, rng: random.Random) -> str:
        """The searching seat's move in a play-out of a candidate with `plan`."""
        return self.playout(state, rng)


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
        return self.ranked(view, legal)[0][0]

    def ranked(self, view: dict, legal: list[str]) -> list[tuple[str, float | None]]:
        """Every legal action with its estimated value for this seat (the mean
        play-out value of its best plan, in [0, 1]), best first. Actions dropped
        early rank below those that stayed longer; a forced move is not searched
        (value None)."""
        self.spent = self.simulated = 0
        if len(legal) == 1:
            return [(legal[0], None)]
        model, rng, seat = self.model, self.rng, view["seat"]
        first = model.sample(view, rng)
        arms = [arm for arm in dict.fromkeys(model.candidates(first, legal)) if arm[0] in legal]
        if not arms:
            raise ValueError("the model offers no legal candidate")
        if len({action for action, _ in arms}) == 1:      # nothing to tell apart
            return [(arms[0][0], None)] + [(a, None) for a in legal if a != arms[0][0]]
        totals = [0.0] * len(arms)
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
                    totals[arm] += self._playout(world, arms[arm], seat)
                    counts[arm] += 1
                world = None
                self.spent += len(alive)
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
        seen = {}
        for arm in order:
            action = arms[arm][0]
            if action not in seen:
                seen[action] = totals[arm] / counts[arm] if counts[arm] else None
        ranking = list(seen.items())
        ranking += [(action, None) for action in legal if action not in seen]
        return ranking

    def out_of_steps(self) -> bool:
        return self.steps is not None and self.simulated >= self.steps

    def _playout(self, world: State, arm: tuple[str, object], seat: int) -> float:
        """Plays `arm` in a copy of `world` and returns the searching seat's value.
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
        return model.evaluate(state)[seat]
