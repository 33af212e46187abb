"""Two versions side by side: the same work timed in the code of an earlier
commit (A) and of the working tree (B), each in its own CPython process,
interleaved A/B/B/A so that whatever else the machine does falls on both:
benchlib's random play-outs and strong players' decisions (the same seeds), and
the app drawing a game's table at every step of a seeded game (one person, quick
computers; tests/screens.py plays it). Reports B/A per game: below 1 is faster.

    .venv/bin/python bench/ab.py 404b1c0              # against that commit
    .venv/bin/python bench/ab.py 404b1c0 --rounds 4 --positions 6
"""
from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
GAMES = {"court": 4, "krypkille": 4, "whispers": 4, "golden_key": 2, "struggle": 4}

# Runs inside each version's process: its own py/ first on the path, benchlib from here.
WORK = """
import json, random, sys, time
sys.path[:0] = [{py!r}, {tests!r}, {bench!r}]
import benchlib, screens
out = {{}}
for game, players in {games!r}.items():
    play = benchlib.playouts(game, players, 1, {playouts})
    spots = benchlib.positions(game, players, {positions})
    app = screens.start(["human"] + ["quick"] * (players - 1), seed="3", game=game)
    rng, drawn, draws = random.Random(3), 0.0, 0
    while app.match and not app.match.state.over and draws < 300:
        started = time.perf_counter()
        app.render()
        drawn += time.perf_counter() - started
        draws += 1
        screens.step(app.match, rng)
    out[game] = {{"playout_s": play["seconds"],
                  "strong_s": sum(benchlib.time_choices(game, players, "strong", spots)),
                  "render_ms": 1000 * drawn / draws}}
print(json.dumps(out))
"""


def run(tree: pathlib.Path, playouts: int, positions: int) -> dict:
    code = WORK.format(py=str(tree / "py"), tests=str(tree / "tests"), bench=str(ROOT / "bench"), games=GAMES,
                       playouts=playouts, positions=positions)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("before", help="the earlier commit (A)")
    ap.add_argument("--rounds", type=int, default=2, help="A/B/B/A rounds (default 2)")
    ap.add_argument("--playouts", type=int, default=20)
    ap.add_argument("--positions", type=int, default=4)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        before = pathlib.Path(scratch) / "before"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(before), args.before],
                       check=True)
        try:
            runs = {"A": [], "B": []}
            for _ in range(args.rounds):
                for side in "ABBA":
                    runs[side].append(run(before if side == "A" else ROOT, args.playouts, args.positions))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(before)], check=True)
    print(f"B = working tree, A = {args.before}; medians of {2 * args.rounds} runs each; B/A")
    measures = (("playout_s", "play-outs A s"), ("strong_s", "strong A s"), ("render_ms", "a redraw A ms"))
    print(f"{'game':<12}" + "".join(f"{title:>15}{'B/A':>7}" for _, title in measures))
    for game in GAMES:
        cells = []
        for measure, _ in measures:
            a = statistics.median(r[game][measure] for r in runs["A"])
            b = statistics.median(r[game][measure] for r in runs["B"])
            cells.append(f"{a:>15.3f}{b / a:>7.2f}")
        print(f"{game:<12}{''.join(cells)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
