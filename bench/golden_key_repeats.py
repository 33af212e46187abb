"""How often a Golden Key game gets stuck (GK-26): the share of games in which
a position came up a third time, or the rescue rules were offered after a long
quiet spell (the QUIET_TURNS ruling), and how many ended at the turn limit.
By level pairing, one against one, the first seat alternating.

    python3 bench/golden_key_repeats.py [games] [strong games]
"""
from __future__ import annotations

import sys
from multiprocessing import Pool

from common import ROOT

sys.path.insert(0, str(ROOT / "py"))
from royaltable import registry  # noqa: E402

GAME = registry.get("golden_key")


def play(args):
    first, second, seed = args
    state = GAME.new(2, seed=seed)
    kinds = (first, second) if seed % 2 == 0 else (second, first)
    bots = [GAME.bots[k](seed=seed * 2 + i) for i, k in enumerate(kinds)]
    why = set()
    while not state.over:
        seat = state.current
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
        if state.phase == "offer" and state.offer and state.offer.get("why"):
            why.add(state.offer["why"])
    return (first, second), why, state.ended_by_limit, state.turn


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    strong_games = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    jobs = ([("quick", "quick", s) for s in range(games)]
            + [("strong", "quick", s) for s in range(strong_games)])
    tally = {}
    with Pool(2) as pool:
        for key, why, limit, turns in pool.imap_unordered(play, jobs, chunksize=4):
            t = tally.setdefault(key, {"games": 0, "repeat": 0, "quiet": 0, "limit": 0, "turns": 0})
            t["games"] += 1
            t["repeat"] += "repeat" in why
            t["quiet"] += "quiet" in why
            t["limit"] += limit
            t["turns"] += turns
    print("| pairing | games | a position a third time | stuck 30 quiet turns | ended at the turn limit | mean turns |")
    print("|---|---|---|---|---|---|")
    for (a, b), t in tally.items():
        n = t["games"]
        print(f"| {a} vs {b} | {n} | {t['repeat'] / n:.1%} | {t['quiet'] / n:.1%} | "
              f"{t['limit'] / n:.1%} | {t['turns'] / n:.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
