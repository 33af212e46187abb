"""What the page draws while a person thinks: the seconds after the tablet came back
to them (their plate lit and pulsing), or with Whispers' court cards beckoning. Two
commits side by side in one run, Chromium, one person against quick computers at the
tests' pace. Writes bench/RESULTS-rest.md.

    .venv/bin/python bench/rest.py [--before COMMIT] [--rounds 2] [--seconds 3]
                                   [--out bench/RESULTS-rest.md]

Each commit's site is built from git (`git archive`, its own tools/build.py) and
served on its own localhost port. For each game and round, both pages (their order
turning) play until the moment, then a Chromium trace of `--seconds` sums the
renderer's work: its main thread (style, layout, paint, script), raster (the
worker threads' tiles), and the compositor's and Viz's frames. A moving box-shadow
or outline is painted and rastered again at every frame; opacity and transforms are
moved by the compositor alone (only its and Viz's columns stay).
"""
from __future__ import annotations

import argparse
import collections
import json
import pathlib
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT / "e2e"), str(ROOT / "py"), str(ROOT / "tests")]
from common import CHROMIUM, load, median, table  # noqa: E402
from redraw import build_site, log  # noqa: E402
from table_driver import RandomPlayer, new_game  # noqa: E402
from web import ARGS, Site  # noqa: E402

PACE = 0.02
# (game, the seats, what marks the moment): the person is seat 1, so that plates lie
# on both sides of theirs.
LIT, BECKON = "[data-lit] .plate.is-turn", ".wh-court .card-btn"
MOMENTS = [("court", ["quick", "human", "quick"], LIT), ("krypkille", ["quick", "human", "quick"], LIT),
           ("golden_key", ["quick", "human"], LIT), ("struggle", ["quick", "human", "quick"], LIT),
           ("whispers", ["quick", "human", "quick"], BECKON)]
SAID = {LIT: "the tablet came back: the plate lit, pulsing", BECKON: "a court card to choose, beckoning"}
MAIN, RASTER, FRAMES = "CrRendererMain", "ThreadPoolForegroundWorker", ("Compositor", "VizCompositorThread")


def traced(browser, page, seconds: float) -> dict:
    """CPU ms of the renderer's parts over `seconds`, from a trace's top-level tasks, and
    how many frames its main thread committed."""
    browser.start_tracing(page=page, categories=["devtools.timeline", "disabled-by-default-devtools.timeline"])
    page.wait_for_timeout(seconds * 1000)
    events = json.loads(browser.stop_tracing())["traceEvents"]
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e["name"] == "thread_name"}
    busy = collections.Counter()
    for e in events:
        if e.get("ph") != "X":
            continue
        thread = names.get((e["pid"], e["tid"]), "")
        if thread == MAIN and e["name"] == "RunTask":
            busy["main"] += e["dur"]
        elif thread == RASTER and e["name"] == "RasterTask":
            busy["raster"] += e["dur"]
        elif thread in FRAMES and e["name"] == "RunTask":
            busy["frames"] += e["dur"]
    commits = sum(1 for e in events if e.get("ph") == "X" and e["name"] == "Commit")
    return {**{k: v / 1000 for k, v in busy.items()}, "commits": commits}


def measure(browser, origin: str, game_id: str, seats: list[str], moment: str, seconds: float) -> dict:
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="ja-JP")
    page = context.new_page()
    try:
        page.goto(f"{origin}/?pace={PACE}&snapshot=off")
        page.wait_for_function("() => window.royalReady === true && !document.getElementById('boot')",
                               timeout=180_000)
        new_game(page, game_id, seats, seed="7")
        RandomPlayer(page, seed=3).play(lambda: page.locator(moment).count() > 0, limit_s=180)
        return traced(browser, page, seconds)
    finally:
        context.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--before", default="39f8bb4", help="the commit to compare HEAD with")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--out", default=str(HERE / "RESULTS-rest.md"))
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    started, load_start = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), load()
    results = collections.defaultdict(list)       # (game, variant) -> measurements
    with tempfile.TemporaryDirectory() as tmp:
        log("building the two sites")
        variants = {"before": build_site(args.before, pathlib.Path(tmp) / "before"),
                    "HEAD": build_site("HEAD", pathlib.Path(tmp) / "head")}
        sites = {name: Site(root) for name, root in variants.items()}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for round_no in range(args.rounds):
                for i, (game_id, seats, moment) in enumerate(MOMENTS):
                    order = ["before", "HEAD"] if (round_no + i) % 2 == 0 else ["HEAD", "before"]
                    for name in order:
                        got = measure(browser, sites[name].origin, game_id, seats, moment, args.seconds)
                        results[(game_id, name)].append(got)
                        log(f"round {round_no + 1} {game_id} {name}: " + ", ".join(f"{k} {v:.0f}" for k, v in got.items()))
            browser.close()
        for site in sites.values():
            site.close()
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], check=True,
                          capture_output=True, text=True).stdout.strip()
    rows = []
    for game_id, _, moment in MOMENTS:
        for name in ("before", "HEAD"):
            runs = results[(game_id, name)]
            rows.append([game_id, args.before if name == "before" else head, SAID[moment]] +
                        [f"{median([r.get(k, 0) for r in runs]):.0f}" for k in ("main", "raster", "frames", "commits")])
    text = (f"# What the page draws while a person thinks\n\nMeasured {started} by `bench/rest.py` "
            f"(rounds {args.rounds}, {args.seconds:g} s traced at each moment), {head} against {args.before}; "
            f"load average {load_start} at start, {load()} at end (2 cores, shared).\n\n"
            "How: see the docstring of `bench/rest.py`. CPU ms over the traced seconds, median of the "
            "rounds: the renderer's main thread, raster, and the compositor's and Viz's frames; commits are "
            "the frames the main thread made.\n\n"
            + table(["game", "commit", "the moment", "main ms", "raster ms", "compositor + Viz ms", "commits"], rows)
            + "\n")
    pathlib.Path(args.out).write_text(text)
    log("wrote", args.out)


if __name__ == "__main__":
    main()
