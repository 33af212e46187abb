"""How long a game review takes (issue 21, part 3): a typical game of each game,
reviewed for its person's seat, in CPython and (with --browser) in Chromium on the
bots page, as the app runs it: step by step (royaltable.review.reviewer), every
step between two yields timed, so the longest slice the page would run is known.

    python3 bench/review.py                 # CPython only -> bench/RESULTS-review.{md,json}
    python3 bench/review.py --browser       # and Chromium (builds app.zip first with --build)
    python3 bench/review.py --playouts 40   # another budget for every decision

A typical game: seat 0 is the person, played by the quick computer; seat 1 the
strong computer, the other seats quick; four players where the game allows it
(two for a two-player game); seeds fixed. Targets (issue 21): the whole review
within 30 s in Chromium, and no step between two yields over 50 ms (the page runs
the review in slices between frames).
"""
from __future__ import annotations

import argparse
import json
import pathlib
import shutil
import statistics
import subprocess
import sys
import time

BENCH_DIR = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH_DIR))
sys.path.insert(0, str(BENCH_DIR.parent / "py"))

from common import ROOT, fmt_ms, fmt_ratio, fmt_s, machine, met, quantile, snapshot_site, table  # noqa: E402

from royaltable import registry  # noqa: E402
from royaltable.review import default_playouts, own_budget  # noqa: E402

REVIEW_S = 30.0          # a typical game's whole review, in Chromium
STEP_MS = 50.0           # the longest slice between two yields
GAME_SEED = 21
PERSON = 0


def players_for(game_id: str) -> int:
    game = registry.get(game_id)
    return min(max(4, game.min_players), game.max_players)


def typical_game(game_id: str, seed: int = GAME_SEED) -> dict:
    """The record of a finished game: the person (seat 0) played by the quick
    computer, seat 1 the strong one, the rest quick."""
    game = registry.get(game_id)
    players = players_for(game_id)
    state = game.new(players, seed=seed)
    levels = ["quick"] * players
    levels[1] = "strong"
    bots = [game.bots[level](seed=seed * 10 + seat) for seat, level in enumerate(levels)]
    return state.play_out(bots).record()


def summarize_runs(runs: list[dict]) -> dict:
    """Several reviews of one game in one runtime: the median total, every decision
    and step of them all pooled, the load over them."""
    pooled = {key: [x for run in runs for x in run[key]] for key in ("steps", "steps_cpu", "decisions")}
    out = summarize(dict(runs[0], **pooled))
    out.update(seconds=statistics.median(run["seconds"] for run in runs),
               runs=[run["seconds"] for run in runs],
               load=[min(run["load"][0] for run in runs), max(run["load"][1] for run in runs)])
    return out


def summarize(run: dict) -> dict:
    decisions = run["decisions"]
    return {"seconds": run["seconds"], "graded": run["graded"], "playouts": run["playouts"],
            "decision_median_s": statistics.median(decisions) if decisions else 0.0,
            "decision_p95_s": quantile(decisions, 0.95) if decisions else 0.0,
            "decision_max_s": max(decisions, default=0.0),
            "step_max_ms": 1000 * max(run["steps"], default=0.0),
            "step_p99_ms": 1000 * quantile(run["steps"], 0.99) if run["steps"] else 0.0,
            "step_cpu_max_ms": 1000 * max(run["steps_cpu"], default=0.0),
            "step_cpu_p99_ms": 1000 * quantile(run["steps_cpu"], 0.99) if run["steps_cpu"] else 0.0,
            "steps": len(run["steps"]), "grades": {g: run["grades"].count(g) for g in sorted(set(run["grades"]))}}


def load_average() -> float:
    """The machine's one-minute load average (2 cores: above 2, others' work waits
    with ours, and a step between two yields can be held up by theirs)."""
    try:
        return float(pathlib.Path("/proc/loadavg").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return float("nan")


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", help="comma-separated game ids (default: every game)")
    parser.add_argument("--playouts", type=int, help="every decision's budget (default: the review's own)")
    parser.add_argument("--share", type=float,
                        help="every decision's budget as this share of the strong player's own "
                             "(default: the review's BUDGET_SHARE)")
    parser.add_argument("--browser", action="store_true", help="also in Chromium (bench/bots.html)")
    parser.add_argument("--reps", type=int, default=2, help="reviews of each game in each runtime")
    parser.add_argument("--build", action="store_true", help="run tools/build.py first (for --browser)")
    parser.add_argument("--out", default=str(BENCH_DIR / "RESULTS-review.md"))
    parser.add_argument("--with", dest="earlier", action="append", default=[],
                        help="an earlier run's JSON to show after this one (e.g. another budget)")
    parser.add_argument("--render", action="store_true",
                        help="measure nothing: write the .md again from the .json (and --with)")
    args = parser.parse_args(argv)
    out = pathlib.Path(args.out)
    if args.render:
        data = json.loads(out.with_suffix(".json").read_text())
        return write(data, args.earlier, out)
    import benchlib

    games = args.games.split(",") if args.games else registry.ids()
    if args.build:
        subprocess.run([sys.executable, str(ROOT / "tools" / "build.py")], check=True)
    data = {"measured": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "machine": machine(),
            "command": "python3 bench/review.py " + " ".join(argv if argv is not None else sys.argv[1:]),
            "commit": subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                                     capture_output=True, text=True).stdout.strip(),
            "targets": {"review_s": REVIEW_S, "step_ms": STEP_MS}, "reps": args.reps, "games": {}}
    records, budgets = {}, {}
    for game_id in games:
        started = time.time()
        records[game_id] = typical_game(game_id)
        players = players_for(game_id)
        log(f"{game_id}: a game of {len(records[game_id]['actions'])} actions played in {time.time() - started:.0f} s")
        budgets[game_id] = args.playouts
        if args.share:
            own = own_budget(registry.get(game_id).bots["strong"](seed=0), players)
            budgets[game_id] = max(2, round(own * args.share))
        data["games"][game_id] = {"players": players, "actions": len(records[game_id]["actions"]),
                                  "default_playouts": default_playouts(game_id, players)}

    def measure(ask) -> None:
        """Every game reviewed `reps` times in each runtime, interleaved (A B B A ...),
        so that a change of the machine's load falls on both."""
        for number, game_id in enumerate(games):
            runs = {name: [] for name in ask}
            order = list(ask)
            for rep in range(args.reps):
                for name in (order if (number + rep) % 2 == 0 else order[::-1]):
                    before = load_average()
                    run = ask[name](records[game_id], budgets[game_id])
                    run["load"] = [before, load_average()]
                    runs[name].append(run)
                    log(f"  {name} {game_id}: {run['seconds']:.1f} s for {run['graded']} decisions")
            for name, kept in runs.items():
                data["games"][game_id][name] = summarize_runs(kept)
                data["games"][game_id]["playouts"] = kept[0]["playouts"]

    def in_cpython(record, playouts):
        return benchlib.review_timing(record, [PERSON], playouts)

    if not args.browser:
        measure({"cpython": in_cpython})
    else:
        from playwright.sync_api import sync_playwright
        import web

        root = snapshot_site()      # a rebuild by someone else mid-run cannot mix versions
        site = web.Site(root)
        try:
            with sync_playwright() as p:
                page = web.BotsPage(p, site)
                try:
                    data["browser_python"] = page.python

                    def in_chromium(record, playouts):
                        return page.ask({"kind": "review", "record": record, "seats": [PERSON],
                                         "playouts": playouts})
                    measure({"cpython": in_cpython, "chromium": in_chromium})
                    data["browser_errors"] = page.errors
                finally:
                    page.close()
        finally:
            site.close()
            shutil.rmtree(root, ignore_errors=True)
    return write(data, args.earlier, out)


def write(data: dict, earlier_paths: list[str], out: pathlib.Path) -> int:
    if earlier_paths:
        data["earlier"] = []
        for path in earlier_paths:
            earlier = json.loads(pathlib.Path(path).read_text())
            earlier.pop("earlier", None)
            data["earlier"].append(earlier)
    out.with_suffix(".json").write_text(json.dumps(data, indent=1) + "\n")
    out.write_text(render(data))
    print(render(data))
    return 0


def render(d: dict) -> str:
    lines = ["# Game review timing (issue 21)", "",
             f"Measured {d['measured']} by `{d['command']}` at commit {d['commit']} "
             f"({d['machine'].get('cpu', '')}; {d['machine'].get('cores', '?')} cores, shared).", "",
             "A typical game of each game (the person at seat 0 played by the quick computer, seat 1 "
             "the strong computer, the other seats quick; four players where the game allows, seed "
             f"{GAME_SEED}) reviewed for the person's seat with `royaltable.review.reviewer`, run step by "
             f"step as the page runs it. Each game is reviewed {d.get('reps', 1)} times in each runtime, "
             "interleaved (A B B A), so that the machine's changing load falls on both: the total is "
             "their median, the decisions and steps are pooled. A decision's time runs from the end "
             "of the one before (the replay to it included); a step is what runs between two yields, the longest slice the "
             f"page would run at once. Targets: the whole review within {REVIEW_S:.0f} s in Chromium, "
             f"no step over {STEP_MS:.0f} ms. The load is the machine's one-minute load average before "
             "and after (2 cores, shared with other work): above 2, a step can wait for others' work, "
             "so CPython also gives each step's processor time, which that waiting does not lengthen "
             "(Pyodide's clock has no such measure).", ""]
    browser = any("chromium" in g for g in d["games"].values())
    header = ["game", "players", "actions", "graded", "play-outs a decision", "runtime", "load",
              "total", "a decision: median", "p95", "max", "step: p99", "longest step",
              "longest step, processor time", "grades"]
    rows = []
    for game_id, g in d["games"].items():
        for runtime in ("cpython", "chromium"):
            r = g.get(runtime)
            if not r:
                continue
            rows.append([game_id, g["players"], g["actions"], r["graded"], r["playouts"],
                         "CPython" if runtime == "cpython" else "Chromium",
                         "–".join(f"{x:.1f}" for x in r.get("load", [])), fmt_s(r["seconds"]),
                         fmt_ms(1000 * r["decision_median_s"]), fmt_ms(1000 * r["decision_p95_s"]),
                         fmt_ms(1000 * r["decision_max_s"]), fmt_ms(r["step_p99_ms"]), fmt_ms(r["step_max_ms"]),
                         fmt_ms(r["step_cpu_max_ms"]) if runtime == "cpython" else "—",
                         ", ".join(f"{k} {v}" for k, v in r["grades"].items())])
    lines += [table(header, rows), ""]
    verdicts = []
    for game_id, g in d["games"].items():
        c = g["cpython"]
        if browser and "chromium" in g:
            r = g["chromium"]
            ratio = r["seconds"] / c["seconds"] if c["seconds"] else float("nan")
            verdicts.append([game_id, fmt_s(r["seconds"]), fmt_ratio(ratio), met(r["seconds"] <= REVIEW_S),
                             fmt_ms(r["step_max_ms"]), met(r["step_max_ms"] <= STEP_MS)])
        else:
            verdicts.append([game_id, "not run", "—", "n/a", fmt_ms(c["step_max_ms"]) + " (CPython)",
                             met(c["step_max_ms"] <= STEP_MS)])
    lines += ["## Targets", "", table(["game", "review in Chromium", "Chromium ÷ CPython",
                                       f"≤ {REVIEW_S:.0f} s", "longest step (Chromium)", f"≤ {STEP_MS:.0f} ms"],
                                      verdicts), ""]
    if d.get("browser_errors"):
        lines += ["Page errors: " + "; ".join(d["browser_errors"]), ""]
    if d.get("earlier"):
        lines += ["Earlier runs follow, kept for comparison (their budgets in the play-outs column). "
                  "Runs at different moments of a shared machine differ mostly by its load, and so "
                  "does a ratio of Chromium to CPython taken across them.", ""]
    for earlier in d.get("earlier", []):
        lines += [f"## An earlier run: {earlier['measured']}, `{earlier['command']}` (commit {earlier['commit']})", "",
                  table(["game", "play-outs a decision", "CPython", "Chromium", "load (Chromium)",
                         "longest step: Chromium", "CPython processor time"],
                        [[game_id, g["cpython"]["playouts"], fmt_s(g["cpython"]["seconds"]),
                          fmt_s(g.get("chromium", {}).get("seconds")),
                          "–".join(f"{x:.1f}" for x in g.get("chromium", {}).get("load", [])) or "not kept",
                          fmt_ms(g.get("chromium", {}).get("step_max_ms")),
                          fmt_ms(g["cpython"].get("step_cpu_max_ms"))]
                         for game_id, g in earlier["games"].items()]), ""]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
