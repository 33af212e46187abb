"""Strength of each game's computer players: one seat of a level against the
other seats of another level, its seat rotating; prints win rates with the share.

    python3 bench/strength.py krypkille strong quick 200
"""
from __future__ import annotations

import pathlib
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "py"))

from royaltable import RandomBot, registry  # noqa: E402


def play(args):
    game_id, hero, rest, players, index = args
    game = registry.get(game_id)
    levels = dict(game.bots, random=RandomBot)
    hero_seat = index % players
    state = game.new(players, seed=10_000 + index)
    bots = [levels[hero if s == hero_seat else rest](seed=index * 10 + s) for s in range(players)]
    while not state.over:
        seat = state.current
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    winners = state.result()["winners"]
    # A shared win counts as a fraction, so shares add up to one game.
    return (1 / len(winners) if hero_seat in winners else 0.0), len(state.actions)


def tournament(game_id, hero, rest, games, players=None, processes=2):
    game = registry.get(game_id)
    players = players or game.default_players or game.min_players
    start = time.time()
    with Pool(processes) as pool:
        results = pool.map(play, [(game_id, hero, rest, players, i) for i in range(games)])
    wins = sum(r[0] for r in results)
    return {"game": game_id, "hero": hero, "rest": rest, "players": players, "games": games,
            "win_rate": wins / games, "share": 1 / players, "seconds": time.time() - start}


if __name__ == "__main__":
    game_id, hero, rest, games = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    r = tournament(game_id, hero, rest, games)
    print(f"{r['game']}: one {r['hero']} seat vs {r['players'] - 1} {r['rest']}, {r['games']} games: "
          f"wins {r['win_rate']:.1%} (share {r['share']:.0%}) in {r['seconds']:.0f} s")
