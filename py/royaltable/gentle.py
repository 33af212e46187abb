"""The gentle computer player: one level for every game, between random and quick,
for children and first games.

It plays the quick player's move most of the time. Now and then (`SLIP`) it
looks a little further, as a person does who wonders about another move: a
small search (the game's own strong model, a few play-outs a move) values the
moves the model would consider, and it plays one that looks a little worse
than quick's, the closer the likelier. A move that loses more than `ABSURD` of
the chance to win (a blunder, in the review's grades) is never played, so its
mistakes are a person's, not nonsense; with no such move it plays quick's.

    GentleBot = gentle_bot(QuickBot, KrypkilleModel)   # in a game's bots.py
    GentleBot(seed=7).choose(view, legal)

Like every bot it sees only the view and the legal actions.
"""
from __future__ import annotations

import math
from collections.abc import Callable

from .core import Bot
from .search import Model, SearchBot

SLIP = 0.35           # how often it considers another move than quick's
PLAYOUTS_PER_MOVE = 6  # the small search's budget, per legal move ...
MAX_PLAYOUTS = 120     # ... up to this (a fifth of a strong move or less)
ABSURD = 0.15          # a chance lost at or above this is never chosen
CLOSENESS = 0.05       # a move this much worse than quick's is 1/e as likely as one equal to it


class GentleBot(Bot):
    """Quick's choice, or a plausible worse one. Subclasses name the game's
    quick player and model (see `gentle_bot`)."""
    quick_class: type[Bot]
    model_factory: Callable[[], Model]

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.quick = self.quick_class(seed=seed)
        self.searcher = SearchBot(seed * 31 + 1, model=self.model_factory(), playouts=MAX_PLAYOUTS)
        self.slipped = 0        # decisions where it played another move than quick's (for tests)

    def choose(self, view: dict, legal: list) -> object:
        quick = self.quick.choose(view, legal)
        if len(legal) == 1 or self.rng.random() >= SLIP:
            return quick
        other = self.worse_move(view, legal, quick)
        if other is None:
            return quick
        self.slipped += 1
        return other

    def worse_move(self, view: dict, legal: list, quick) -> object | None:
        """A legal move that the small search finds a little worse than `quick`
        (never by `ABSURD` or more), drawn with weights falling with the chance it
        loses; None when there is none."""
        searcher = self.searcher
        searcher.playouts = min(MAX_PLAYOUTS, PLAYOUTS_PER_MOVE * len(legal))
        found = searcher.search(view, legal, include=quick)
        if not found.sees_the_future:       # every move looked alike: nothing to prefer
            return None
        model = searcher.model
        chances = {str(c.action): model.chance(c.value, view) for c in found.candidates if c.value is not None}
        mine = chances.get(str(quick))
        if mine is None:
            return None
        by_text = {str(action): action for action in legal}
        options, weights = [], []
        for text, chance in chances.items():
            lost = mine - chance
            if text != str(quick) and text in by_text and 0 <= lost < ABSURD:
                options.append(by_text[text])
                weights.append(math.exp(-lost / CLOSENESS))
        if not options:
            return None
        return self.rng.choices(options, weights)[0]


def gentle_bot(quick: type[Bot], model: Callable[[], Model]) -> type[GentleBot]:
    """A game's gentle level: its quick player, and a maker of its search model
    (a model may keep caches of its own, so each bot gets one)."""
    return type("GentleBot", (GentleBot,), {"quick_class": quick, "model_factory": staticmethod(model),
                                            "__module__": quick.__module__})
