"""王への請願: does the strong level that searches once a roll (and follows the
plan that won between rolls) still beat the quick one as clearly as the one that
searched at every decision? Both, side by side, on the same games:

    python3 bench/court_pace.py [games] [processes]     # default 200 games, 2 processes

Each game is strength.py's (seed 10000 + index, the strong seat at index % 4,
bots seeded index * 10 + seat), played once with StrongBot(follow=True) (the
level the app plays) and once with StrongBot(follow=False) (a search at every
decision, the level before). Prints, and writes bench/court_pace.json: each
one's share of wins with its Wilson 95% interval, the paired difference (games
won by one and not the other), searches and CPU seconds per strong turn.
"""
from __future__ import annotations

import json
import math
import os
import pathlib
import sys
import time
from multiprocessing import Pool

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "py"))

from royaltable import registry  # noqa: E402
from royaltable.games.court.bots import QuickBot, StrongBot  # noqa: E402

PLAYERS, SEED = 4, 10_000   # strength.py's


def play(job):
    index, follow = job
    started = time.process_time()
    hero = index % PLAYERS
    state = registry.get("court").new(PLAYERS, seed=SEED + index)
    bots = [StrongBot(seed=index * 10 + s, follow=follow) if s == hero else QuickBot(seed=index * 10 + s)
            for s in range(PLAYERS)]
    searches = turns = 0
    while not state.over:
        seat = state.current
        bot = bots[seat]
        if seat == hero:
            bot.spent = 0
        action = bot.choose(state.view(seat), state.legal_actions())
        if seat == hero:
            searches += bot.spent > 0
            turns += action.startswith(("take ", "pass"))
        state.apply(action, seat=seat)
    winners = state.result()["winners"]
    return index, follow, hero in winners, searches, turns, time.process_time() - started


def wilson(wins, n, z=1.96):
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main(games=200, processes=2):
    jobs = [(i, follow) for i in range(games) for follow in (True, False)]   # interleaved
    started = time.time()
    with Pool(processes) as pool:
        out = pool.map(play, jobs, chunksize=1)
    by = {True: {}, False: {}}
    for index, follow, won, searches, turns, cpu in out:
        by[follow][index] = (won, searches, turns, cpu)
    report = {"games": games, "players": PLAYERS, "wall_s": time.time() - started}
    for follow, name in ((True, "follow"), (False, "every_decision")):
        rows = by[follow].values()
        wins = sum(r[0] for r in rows)
        turns = sum(r[2] for r in rows)
        low, high = wilson(wins, games)
        report[name] = {"wins": wins, "win_rate": wins / games, "ci": [low, high],
                        "searches_per_turn": sum(r[1] for r in rows) / turns,
                        "cpu_s_per_game": sum(r[3] for r in rows) / games}
    only_follow = sum(by[True][i][0] and not by[False][i][0] for i in range(games))
    only_every = sum(by[False][i][0] and not by[True][i][0] for i in range(games))
    report["paired"] = {"won_only_following": only_follow, "won_only_every_decision": only_every}
    for name in ("follow", "every_decision"):
        r = report[name]
        print(f"{name:15s}: {r['wins']}/{games} = {r['win_rate']:.1%} (95% CI {r['ci'][0]:.0%}-{r['ci'][1]:.0%}), "
              f"{r['searches_per_turn']:.2f} searches a strong turn, {r['cpu_s_per_game']:.2f} CPU s a game")
    print(f"paired: won only when following {only_follow}, only when searching every decision {only_every}; "
          f"{report['wall_s']:.0f} s wall")
    report["machine_load_end"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    (pathlib.Path(__file__).resolve().parent / "court_pace.json").write_text(json.dumps(report, indent=1))
    print()
    print(markdown(report))
    return report


def markdown(r: dict) -> str:
    """The paragraph bench/RESULTS.md gives in section 5c."""
    f, e, pr = r["follow"], r["every_decision"], r["paired"]
    return (f"王への請願, strength kept (`bench/court_pace.py {r['games']} 2`, CPython): one strong seat "
            f"against three quick players, the same {r['games']} games (strength.py's seeds) played by "
            f"the strong level as the app plays it (a search once a roll, then the plan that won) "
            f"and by the same level searching at every decision (as before). As played now: "
            f"**{f['win_rate']:.1%}** wins (95% CI {f['ci'][0]:.0%}–{f['ci'][1]:.0%}), "
            f"{f['searches_per_turn']:.1f} searches a turn, {f['cpu_s_per_game']:.2f} CPU s a game; "
            f"searching every decision: **{e['win_rate']:.1%}** ({e['ci'][0]:.0%}–{e['ci'][1]:.0%}), "
            f"{e['searches_per_turn']:.1f} searches a turn, {e['cpu_s_per_game']:.2f} CPU s a game "
            f"(fair share 25%). Games won by one and not the other: {pr['won_only_following']} and "
            f"{pr['won_only_every_decision']}.")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--markdown"]:        # the paragraph again, from court_pace.json
        print(markdown(json.loads((pathlib.Path(__file__).resolve().parent / "court_pace.json").read_text())))
    else:
        main(*(int(arg) for arg in sys.argv[1:3]))
