"""Strength of each game's computer players: one seat of a level (the hero) against
the other seats all of another level, at four players where the game allows (a
two-player game one against one), the hero's seat rotating game by game; win
rates against the fair share (1 / players), and how long the games were. bench/run.py
runs every pairing of every registered game through `tournaments`; by hand:

    python3 bench/strength.py krypkille strong quick 200
"""
from __future__ import annotations

import pathlib
import sys
import time
from multiprocessing import Pool

if __name__ == "__main__":   # by hand: the source tree (run.py imports app.zip instead)
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "py"))

from royaltable import RandomBot, registry  # noqa: E402

SEED = 10_000


def pairings(game_id: str) -> list[tuple[str, str]]:
    """Each level against the one below it and against random, strongest first
    (levels are registered weakest first: gentle, quick, strong)."""
    levels = list(registry.get(game_id).bots)
    out = []
    for i in range(len(levels) - 1, -1, -1):
        if i > 0:
            out.append((levels[i], levels[i - 1]))
        out.append((levels[i], "random"))
    return out


def players_for(game_id: str) -> int:
    """Four players where the game allows it (the issue's tables), else the nearest
    count: a two-player game is played one against one."""
    game = registry.get(game_id)
    return min(max(4, game.min_players), game.max_players)


def length(state) -> tuple[int, str]:
    """How long the finished game was, as the game counts it: rounds, else turns,
    else actions."""
    view = state.view(None)
    for unit in ("round", "turn"):
        if isinstance(view.get(unit), int):
            return view[unit], unit + "s"
    return len(state.actions), "actions"


def play(args):
    """One game; the hero sits at seat index % players (a two-player game
    alternates the first seat). Returns the hero's share of the win (a shared
    win counts as a fraction), the actions, the game's length and the CPU seconds."""
    game_id, hero, rest, players, index = args
    started = time.process_time()
    game = registry.get(game_id)
    levels = dict(game.bots, random=RandomBot)
    hero_seat = index % players
    state = game.new(players, seed=SEED + index)
    bots = [levels[hero if s == hero_seat else rest](seed=index * 10 + s) for s in range(players)]
    winners = state.play_out(bots).result()["winners"]
    won = (1 / len(winners) if hero_seat in winners else 0.0)
    return (game_id, hero, rest), won, len(state.actions), length(state), time.process_time() - started


def tournaments(matches: list[tuple[str, str, str, int]], games: int, processes: int = 2,
                log=print, more: dict | None = None, on_pairing=None) -> list[dict]:
    """matches: (game id, hero level, rest level, players); `games` each, or
    more[game id] for a game that needs a narrower interval. All games go
    through one pool, pairing after pairing in the order given (the most
    telling first), so both cores stay busy; `on_pairing(rows)` is called with
    the finished pairings whenever one finishes, so a long run can be written
    out as it goes and stopped with what it has."""
    more = more or {}
    jobs = [(g, hero, rest, players, i) for g, hero, rest, players in matches
            for i in range(more.get(g, games))]
    tally = {(g, h, r): {"game": g, "hero": h, "rest": r, "players": n, "games": 0, "wins": 0.0,
                         "actions": 0, "length": 0, "unit": "", "cpu_seconds": 0.0,
                         "planned": more.get(g, games)}
             for g, h, r, n in matches}
    started = time.time()
    done = 0

    def finished():
        return [finish(t, time.time() - started) for t in tally.values() if t["games"] == t["planned"]]

    with Pool(processes) as pool:
        for key, won, actions, (size, unit), seconds in pool.imap_unordered(play, jobs, chunksize=1):
            t = tally[key]
            t["games"] += 1
            t["wins"] += won
            t["actions"] += actions
            t["length"] += size
            t["unit"] = unit
            t["cpu_seconds"] += seconds
            done += 1
            if done % max(1, len(jobs) // 20) == 0:
                log(f"  strength: {done}/{len(jobs)} games, {time.time() - started:.0f} s")
            if t["games"] == t["planned"]:
                log(f"  strength: {key[0]} one {key[1]} vs {key[2]} done: {t['wins'] / t['games']:.1%}")
                if on_pairing:
                    on_pairing(finished())
    return finished()


def finish(t: dict, wall: float) -> dict:
    return dict(t, win_rate=t["wins"] / t["games"], share=1 / t["players"],
                seconds_per_game=t["cpu_seconds"] / t["games"], mean_length=t["length"] / t["games"],
                wall_seconds=wall)


def tournament(game_id, hero, rest, games, players=None, processes=2):
    players = players or players_for(game_id)
    start = time.time()
    r = tournaments([(game_id, hero, rest, players)], games, processes, log=lambda *_: None)[0]
    r["seconds"] = time.time() - start
    return r


if __name__ == "__main__":
    game_id, hero, rest, games = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    r = tournament(game_id, hero, rest, games)
    print(f"{r['game']}: one {r['hero']} seat vs {r['players'] - 1} {r['rest']}, {r['games']} games: "
          f"wins {r['win_rate']:.1%} (share {r['share']:.0%}), {r['mean_length']:.1f} {r['unit']} "
          f"a game, in {r['seconds']:.0f} s")
