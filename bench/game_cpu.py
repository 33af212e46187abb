"""What one computer-only game costs the browser, commits side by side: the CPU
seconds of Chromium's processes (the page's renderer, the browser, the GPU process)
and the wall time of a seeded game of quick computers played to its result at the
tests' pace, for each commit in one run.

    .venv/bin/python bench/game_cpu.py --commits HEAD,d8ab96d [--games krypkille,whispers] [--rounds 4]

Each commit's site is built from git in a temporary folder (bench/redraw.py's
build_site) and served on its own localhost port; one Chromium (Debian's, through
Playwright, the e2e tests' flags) gets a profile per commit with its start-up
snapshot made, as the e2e tests' shared profiles have. Round r plays the game with
seed 5 + r on every commit, in an order that turns (A B, then B A): a game's moves
are the same on each, so the commits differ only in what a move costs. The CPU is
read from /proc for the browser's process and all its descendants, from after the
page is usable to the result drawn. This is the cost the e2e suite pays in its
whole-game tests, which is why it is measured: the suite is bound by CPU
(RESULTS-suite.md). Prints a Markdown report.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import pathlib
import sys
import tempfile
import time
import uuid

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
for entry in (str(HERE), str(ROOT / "e2e")):
    if entry not in sys.path:
        sys.path.insert(0, entry)

from common import CHROMIUM, load, median, proc_stat, table  # noqa: E402
from conftest import wait_until_ready  # noqa: E402
from table_driver import new_game  # noqa: E402
from redraw import build_site  # noqa: E402
from web import ARGS, Site  # noqa: E402

SEATS = {"court": 4, "krypkille": 3, "whispers": 3, "golden_key": 2, "struggle": 4}
BOOT_S = 300
TICK = os.sysconf("SC_CLK_TCK")


def tree_cpu(marker: str) -> float:
    """CPU seconds of the Chromium started with `marker` among its switches and of
    every process under it (its zygotes, renderers, GPU and utility processes)."""
    children, ticks, root = {}, {}, None
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            stat = proc_stat(f"/proc/{pid}/stat")
            if root is None and marker in pathlib.Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace"):
                root = pid
        except OSError:          # a process that ended meanwhile
            continue
        ticks[pid] = stat.ticks
        children.setdefault(stat.parent, []).append(pid)
    if root is None:
        raise RuntimeError("the browser's process is not found")
    inside, todo = [], [root]
    while todo:
        pid = todo.pop()
        inside.append(pid)
        todo.extend(children.get(pid, ()))
    return sum(ticks[pid] for pid in inside) / TICK


def play(page, origin: str, game: str, seed: int, marker: str) -> tuple[float, float]:
    """One game of quick computers to its result; (CPU seconds, wall seconds)."""
    page.goto(f"{origin}/?pace=0.02")
    wait_until_ready(page)
    time.sleep(0.5)                  # the start's own work settles
    cpu, began = tree_cpu(marker), time.monotonic()
    new_game(page, game, ["quick"] * SEATS[game], seed=str(seed))
    page.wait_for_selector(".result", timeout=BOOT_S * 1000)
    return tree_cpu(marker) - cpu, time.monotonic() - began


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--commits", required=True, help="two or more commits, the first the reference")
    ap.add_argument("--games", default="krypkille,whispers")
    ap.add_argument("--rounds", type=int, default=4)
    args = ap.parse_args()
    commits, games = args.commits.split(","), args.games.split(",")
    marker = f"--royal-bench={uuid.uuid4().hex}"     # finds this run's browser in /proc
    started, load_start = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), load()
    results = {(c, g): [] for c in commits for g in games}
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory(prefix="game-cpu-") as tmp, contextlib.ExitStack() as stack:
        sites = {}
        for i, commit in enumerate(commits):
            print(f"building {commit}", file=sys.stderr)
            sites[commit] = Site(build_site(commit, pathlib.Path(tmp) / f"site{i}"))
            stack.callback(sites[commit].close)
        p = stack.enter_context(sync_playwright())
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[*ARGS, marker])
        stack.callback(browser.close)
        contexts = {}
        for commit, site in sites.items():
            contexts[commit] = browser.new_context(viewport={"width": 1024, "height": 768})
            page = contexts[commit].new_page()
            page.goto(f"{site.origin}/?snapshot=soon")
            wait_until_ready(page)
            page.wait_for_selector("html[data-snapshot=stored]", state="attached", timeout=BOOT_S * 1000)
            page.close()
        for r in range(args.rounds):
            for game in games:
                for commit in (commits if r % 2 == 0 else commits[::-1]):
                    page = contexts[commit].new_page()
                    cpu, wall = play(page, sites[commit].origin, game, 5 + r, marker)
                    page.close()
                    results[(commit, game)].append((cpu, wall))
                    print(f"round {r + 1} {game} {commit}: {cpu:.1f} CPU-s, {wall:.1f} s", file=sys.stderr)
    rows = []
    for game in games:
        first = results[(commits[0], game)]
        for commit in commits:
            runs = results[(commit, game)]
            cpu = [c for c, _ in runs]
            ratios = [c / f for (c, _), (f, _) in zip(runs, first)]
            rows.append([game, commit, len(runs), f"{median(cpu):.1f}", f"{median([w for _, w in runs]):.1f}",
                         f"{median(ratios):.2f} ({min(ratios):.2f}–{max(ratios):.2f})"])
    print(f"# One computer-only game's cost, commits side by side\n\nMeasured {started} by "
          f"`bench/game_cpu.py --commits {args.commits} --games {args.games} --rounds {args.rounds}`; "
          f"load average {load_start} at start, {load()} at end.\n")
    print(table(["game", "commit", "games", "CPU-s (median)", "wall s (median)",
                 f"CPU / {commits[0]}, same seed (median, range)"], rows))


if __name__ == "__main__":
    main()
