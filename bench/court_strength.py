"""How strong is the 王への請願 StrongBot? Prints the figures the README quotes.

    python bench/court_strength.py [games] [processes]

1. `games` four-player games (200 unless given): one StrongBot, three QuickBots,
   the strong seat rotating 0-1-2-3; its share of wins (a fair share is 25%),
   and how it won: by taking the King first, or as a challenger in the final round.
2. Average game length in rounds, all-quick against all-strong tables.
3. CPU seconds per StrongBot move (mean, 99th percentile, max) in this CPython.
"""
from __future__ import annotations

import math
import multiprocessing
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "py"))

from royaltable import registry  # noqa: E402
from royaltable.games.court.bots import QuickBot, StrongBot  # noqa: E402

PLAYERS = 4


def play(job):
    """One game: job = (seed, levels per seat). Returns the final state's facts and strong timings."""
    seed, levels = job
    state = registry.get("court").new(PLAYERS, seed=seed)
    bots = [(StrongBot if level == "strong" else QuickBot)(seed=seed * 10 + seat)
            for seat, level in enumerate(levels)]
    timings = []
    while not state.over:
        seat = state.current
        view, legal = state.view(seat), state.legal_actions()
        started = time.process_time()
        action = bots[seat].choose(view, legal)
        if levels[seat] == "strong":
            timings.append(time.process_time() - started)
        state.apply(action, seat=seat)
    return state.result()["winners"], state.first_holder, state.round_no, timings


def main(games=200, processes=2):
    mixed = [(1000 + g, ["strong" if s == g % PLAYERS else "quick" for s in range(PLAYERS)])
             for g in range(games)]
    quick = [(5000 + g, ["quick"] * PLAYERS) for g in range(games)]
    strong = [(9000 + g, ["strong"] * PLAYERS) for g in range(max(8, games // 5))]
    started = time.time()
    with multiprocessing.Pool(processes) as pool:
        mixed_out = pool.map(play, mixed, chunksize=1)
        quick_out = pool.map(play, quick, chunksize=4)
        strong_out = pool.map(play, strong, chunksize=1)

    wins = first = kept = challenged = 0
    by_seat = [0] * PLAYERS
    for (_, levels), (winners, first_holder, _, _) in zip(mixed, mixed_out):
        seat = levels.index("strong")
        won = seat in winners
        wins += won
        by_seat[seat] += won
        if first_holder == seat:
            first += 1
            kept += won
        else:
            challenged += won
    share = wins / games
    error = math.sqrt(0.25 * 0.75 / games)
    print(f"strong seat vs 3 quick, {games} games: won {wins} = {100 * share:.1f}% "
          f"(fair share 25%, {(share - 0.25) / error:.1f} standard errors above); "
          f"wins by seat {by_seat} of {games // PLAYERS} each")
    print(f"  took the King first in {first} games ({100 * first / games:.1f}%) and kept it in {kept}; "
          f"won {challenged} of the other {games - first} as a challenger")
    for name, out in (("all-quick", quick_out), ("all-strong", strong_out)):
        rounds = [r for _, _, r, _ in out]
        print(f"{name}: {len(out)} games, {sum(rounds) / len(rounds):.2f} rounds on average "
              f"(min {min(rounds)}, max {max(rounds)}; the final round counts)")
    timings = sorted(t for out in (mixed_out, strong_out) for _, _, _, times in out for t in times)
    print(f"StrongBot CPU time per move: mean {1000 * sum(timings) / len(timings):.1f} ms, "
          f"99th percentile {1000 * timings[int(0.99 * len(timings))]:.1f} ms, "
          f"max {1000 * timings[-1]:.1f} ms over {len(timings)} moves")
    print(f"({time.time() - started:.0f} s wall clock, {processes} processes)")


if __name__ == "__main__":
    main(*(int(arg) for arg in sys.argv[1:3]))
