"""King's Struggle scoring speed (ST-19): the best split of a player's won cards
into sets, runs and singles, timed in CPython on the hardest 20-card collection
found (a hill climb on the running time) and on random ones. The issue's target:
under 10 ms for 20 cards.

    python3 bench/split.py
"""
from __future__ import annotations

import random
import statistics
import sys
import time

from common import ROOT

sys.path.insert(0, str(ROOT / "py"))
from royaltable.games.struggle.scoring import best_split  # noqa: E402

WORST_20 = [2, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9]


def timed(powers, reps=7) -> list[float]:
    out = []
    for _ in range(reps):
        started = time.perf_counter()
        best_split(powers)
        out.append(time.perf_counter() - started)
    return out


def main() -> int:
    worst = timed(WORST_20)
    rng = random.Random(1)
    # six decks at most (ST-2): no power more than six times
    deck = [p for p in range(1, 11) for _ in range(6)]
    randoms = [max(timed(rng.sample(deck, 20), reps=3)) for _ in range(50)]
    print(f"hardest 20 cards: median {statistics.median(worst) * 1000:.2f} ms "
          f"(min {min(worst) * 1000:.2f}, max {max(worst) * 1000:.2f}); target < 10 ms: "
          f"{'met' if statistics.median(worst) < 0.010 else 'MISSED'}")
    print(f"50 random 20-card collections: median {statistics.median(randoms) * 1000:.2f} ms, "
          f"max {max(randoms) * 1000:.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
