"""Tap to the next frame: the page patched (static/redraw.js, morphdom) against the
whole table's HTML replaced (the site as it was before), in Chromium and in WebKit,
side by side in one run. Writes bench/RESULTS-redraw.md (and .json).

    .venv/bin/python bench/redraw.py [--rounds 1] [--games court,...] [--limit-s 240]
                                     [--before COMMIT] [--out bench/RESULTS-redraw.md]

Two copies of the site are built in a temporary folder with tools/build.py from
git (`git archive`): **patch**, this commit (HEAD), and **replace**, `--before`
(default: the commit before morphdom came in), so the two differ only in how a
redraw reaches the page. Each is served on its own localhost port; four pages are
booted once (Chromium through Playwright, Debian's `chromium`; WebKit = Debian's
WebKitWebDriver + MiniBrowser under Xvfb through Selenium, e2e/webkit.py) and then
play, in each round and for each game, one whole game each, the four in a rotating
order (engines and variants interleaved). A game: one person, the other seats quick
computers, `?pace=0.05` (motion on, the shortest pace that keeps it), the person's taps a
seeded walk over the table's buttons as bench/web.py's taps section does (same seed
for the four pages), each tap dispatched at its button's centre from inside the page.

Per tap, in the page (performance.now()): **next frame** runs from just before the
click is dispatched to a setTimeout(0) queued by the first requestAnimationFrame
after the click's handler returned: the frame with the redraw has been styled,
laid out and painted. Its parts: **python** (the click to motion.before(): the
handler, the app's move and its Markup), **dom** (motion.before() to motion.after():
the old rects read, then the markup parsed and patched in or replaced), **motion**
(motion.after(): the new rects, a forced layout, the animations), **rest** (focus,
announcement, timers), **frame** (the handler's return to the frame painted: style,
layout, paint). A tap during which a computer's move also redrew the page (its timer
fired before the frame) is *crossed*. A tap the page ignored (py/ui/taps.py: at this
pace, a tap 9 ms after a redraw is taken as aimed at the screen before) draws nothing
and costs next to nothing. p95 is given over every tap, and the target is read on the
taps that redrew the table and were not crossed (the report says why).

`--before` another commit with `--names this,that` compares any two commits the same
way (the two copies of the figures' sprite, say: `--before 5eaa6bd --names
page-sprite,sprite-file --engines chromium`).
"""
from __future__ import annotations

import argparse
import contextlib
import json
import pathlib
import subprocess
import sys
import tempfile
import time
import datetime as dt

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
for entry in (str(HERE), str(ROOT / "e2e"), str(ROOT / "py")):
    if entry not in sys.path:
        sys.path.insert(0, entry)

from common import CHROMIUM, MOVING_PACE, fmt_ms, load, median, quantile  # noqa: E402
from web import ARGS, SETTLED, USABLE, Site  # noqa: E402

GAMES = ["court", "krypkille", "whispers", "golden_key", "struggle"]
BEFORE = "5255420"            # main before this change: every redraw replaced the whole HTML
PACE = MOVING_PACE
BOOT_S = 300
# Booted and settled (web.SETTLED). Played while the service worker still fetched and
# hashed the runtime, a page's first game shared the machine with that (WebKit's first
# Court read p95 92 ms against 47-67 ms in the next rounds, 2026-12-06).
SETTLE_S = 120

# Sets up a new game in the page: one person, the other seats quick, the seed; resolves
# when the table is drawn. Taps are dispatched at the button's centre (py/ui/taps.py
# tells taps apart by where they land).
SETUP = """(opts) => new Promise((resolve) => {
  const tap = el => { const b = el.getBoundingClientRect();
    el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window,
      clientX: b.x + b.width / 2, clientY: b.y + b.height / 2})); };
  const q = s => document.querySelector("#app " + s);
  const later = (f) => setTimeout(f, 30);
  const home = q("[data-cmd=home]");
  if (home) tap(home);
  later(() => {
    tap(q(`[data-game="${opts.game}"] [data-cmd=setup]`));
    later(() => {
      const rows = document.querySelectorAll("#app .seat-row").length;
      const kinds = [];
      for (let s = 1; s < rows; s++) kinds.push(`[data-cmd=kind][data-arg="${s}:quick"]`);
      const next = () => {
        if (kinds.length) { tap(q(kinds.shift())); return later(next); }
        const seed = q('[data-field="seed"]');
        if (seed) { seed.value = String(opts.seed); seed.dispatchEvent(new Event("input", {bubbles: true})); }
        later(() => { tap(q("[data-cmd=start]"));
          const wait = () => q(".table-main, .handoff") ? resolve(rows) : setTimeout(wait, 20);
          wait(); });
      };
      next();
    });
  });
})"""

# Plays the game on screen to its result (or limit_ms), timing every tap.
PLAY = """(opts) => new Promise((resolve) => {
  const app = document.getElementById("app");
  const motion = window.royalMotion;
  const marks = window.__redrawMarks || (window.__redrawMarks = {n: 0});
  if (!motion.__timed) {          // main.py calls motion.before/after by name at every redraw
    const before = motion.before, after = motion.after;
    motion.before = (root) => { marks.n++; marks.b0 = performance.now(); return before(root); };
    motion.after = (root) => { marks.a0 = performance.now(); const r = after(root); marks.a1 = performance.now(); return r; };
    motion.__timed = true;
  }
  const usable = sel => Array.from(app.querySelectorAll(sel)).filter(el => !el.disabled && el.getClientRects().length);
  const skip = new Set(["quit", "rules", "home", "lang", "again", "dismiss", "speak", "peek"]);
  let seed = opts.seed;
  const taps = [], started = performance.now();
  const choose = () => {
    let choices = usable("[data-cmd=handoff], [data-cmd=resume]");
    if (!choices.length) choices = usable(".table-main [data-cmd], .overlay [data-cmd]").filter(el => !skip.has(el.dataset.cmd));
    if (!choices.length) choices = usable("[data-cmd=dismiss]");
    if (!choices.length) return null;
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const weights = choices.map(el => el.dataset.cmd === "act" ? 3 : 1);
    let pick = seed / 2147483648 * weights.reduce((a, b) => a + b, 0);
    for (let i = 0; i < choices.length; i++) { pick -= weights[i]; if (pick < 0) return choices[i]; }
    return choices[choices.length - 1];
  };
  const step = () => {
    if (app.querySelector(".result")) return resolve({over: true, taps});
    if (document.querySelector(".py-error")) return resolve({over: false, taps, error: document.querySelector(".py-error").textContent.slice(0, 200)});
    if (performance.now() - started > opts.limit_ms) return resolve({over: false, taps});
    const el = choose();
    if (!el) return setTimeout(step, 10);
    const cmd = el.dataset.cmd, box = el.getBoundingClientRect();
    marks.b0 = marks.a0 = marks.a1 = null;
    const n0 = marks.n;
    const t0 = performance.now();
    el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window,
      clientX: box.x + box.width / 2, clientY: box.y + box.height / 2}));
    const t1 = performance.now();
    const n1 = marks.n, b0 = marks.b0, a0 = marks.a0, a1 = marks.a1;
    requestAnimationFrame(() => setTimeout(() => {
      const tf = performance.now(), drawn = n1 > n0;
      taps.push({cmd, next: tf - t0, handler: t1 - t0, python: drawn ? b0 - t0 : t1 - t0,
                 dom: drawn ? a0 - b0 : 0, motion: drawn ? a1 - a0 : 0, rest: drawn ? t1 - a1 : 0,
                 frame: tf - t1, drawn, crossed: marks.n !== n1});
      setTimeout(step, 0);
    }, 0));
  };
  step();
})"""


def log(*parts):
    print(time.strftime("%H:%M:%S"), *parts, flush=True)


def build_site(commit: str, folder: pathlib.Path) -> pathlib.Path:
    """The site as `commit` builds it (tools/build.py of that commit), in folder."""
    folder.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    (folder / "node_modules").symlink_to(ROOT / "node_modules")
    subprocess.run([sys.executable, str(folder / "tools" / "build.py")], check=True, capture_output=True)
    return folder


class ChromiumPage:
    def __init__(self, browser, origin: str):
        self.context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="ja-JP")
        self.page = self.context.new_page()
        self.page.goto(f"{origin}/?pace={PACE}")
        self.page.wait_for_function(USABLE, timeout=BOOT_S * 1000)
        try:
            self.page.wait_for_selector(SETTLED, state="attached", timeout=SETTLE_S * 1000)
        except Exception:
            log(f"chromium: the service worker did not settle in {SETTLE_S} s; playing anyway")

    def run(self, script: str, opts: dict):
        return self.page.evaluate(script, opts)

    def close(self):
        self.context.close()


class WebKitPage:
    def __init__(self, origin: str, log_path: pathlib.Path):
        from webkit import Session
        self.session = Session(origin, log_path, compositing=False)   # e2e/webkit.py says why
        b = self.session.browser
        b.set_viewport(1024, 768)
        b.driver.get(f"{origin}/?pace={PACE}")
        if not within(BOOT_S, lambda: b.js(f"return ({USABLE})()")):
            raise RuntimeError("WebKit did not boot the app")
        try:
            b.wait_for(SETTLED, SETTLE_S, "the files kept for offline play")
        except AssertionError:
            log(f"webkit: the service worker did not settle in {SETTLE_S} s; playing anyway")

    def run(self, script: str, opts: dict):
        driver = self.session.driver
        driver.set_script_timeout(opts.get("limit_ms", 60_000) / 1000 + 120)
        return driver.execute_async_script(f"({script})(arguments[0]).then(arguments[arguments.length - 1]);", opts)

    def close(self):
        self.session.close()


def within(seconds: float, check) -> bool:
    """Asks check() every half second until it is true (True) or the time is up (False)."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.5)
    return True


def summarize(taps: list[dict]) -> dict:
    def q(key, rows, p):
        return quantile([t[key] for t in rows], p)
    clean = [t for t in taps if t["drawn"] and not t["crossed"]]
    out = {"n": len(taps), "crossed": sum(t["crossed"] for t in taps), "drawn": sum(t["drawn"] for t in taps)}
    drawn = [t for t in taps if t["drawn"]] or taps
    out["next"] = {"median": q("next", taps, 0.5), "p95": q("next", taps, 0.95)}
    for key in ("python", "dom", "motion", "rest", "frame"):           # of the taps that redrew
        out[key] = {"median": q(key, drawn, 0.5), "p95": q(key, drawn, 0.95)}
    out["next_clean"] = {"median": q("next", clean, 0.5), "p95": q("next", clean, 0.95)}
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--limit-s", type=float, default=240, help="a game's cap, in seconds of play")
    ap.add_argument("--before", default=BEFORE, help="the commit whose site replaces the whole HTML")
    ap.add_argument("--engines", default="chromium,webkit")
    ap.add_argument("--names", default="patch,replace", help="what HEAD and --before are, for the report")
    ap.add_argument("--out", default=str(HERE / "RESULTS-redraw.md"))
    args = ap.parse_args()
    games = args.games.split(",")
    engines = args.engines.split(",")
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                          capture_output=True, text=True).stdout.strip()
    report = {"started": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
              "load_start": load(), "commit": head, "before": args.before, "pace": PACE,
              "games": games, "rounds": args.rounds, "engines": engines,
              "names": args.names.split(","), "plays": []}
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory(prefix="redraw-bench-") as tmp, contextlib.ExitStack() as stack:
        tmp = pathlib.Path(tmp)
        log("building the two sites")
        roots = {"patch": build_site("HEAD", tmp / "patch"), "replace": build_site(args.before, tmp / "replace")}
        sites = {v: Site(root) for v, root in roots.items()}
        for site in sites.values():
            stack.callback(site.close)
        p = stack.enter_context(sync_playwright())
        pages = {}
        if "chromium" in engines:
            chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            stack.callback(chromium.close)
            for variant, site in sites.items():
                log(f"booting chromium {variant}")
                pages[("chromium", variant)] = ChromiumPage(chromium, site.origin)
                stack.callback(pages[("chromium", variant)].close)
        if "webkit" in engines:
            for variant, site in sites.items():
                log(f"booting webkit {variant}")
                pages[("webkit", variant)] = WebKitPage(site.origin, tmp / f"webkit-{variant}.log")
                stack.callback(pages[("webkit", variant)].close)
        order = list(pages)
        turn = 0
        for round_no in range(args.rounds):
            for game in games:
                seed = 11 + round_no
                for key in order[turn % len(order):] + order[:turn % len(order)]:
                    engine, variant = key
                    page = pages[key]
                    players = page.run(SETUP, {"game": game, "seed": seed})
                    began = time.monotonic()
                    result = page.run(PLAY, {"seed": seed, "limit_ms": args.limit_s * 1000})
                    taps = result["taps"]
                    log(f"round {round_no + 1} {game} {engine} {variant}: {len(taps)} taps in "
                        f"{time.monotonic() - began:.0f} s, {'over' if result['over'] else 'NOT over'}, "
                        f"next frame median {median([t['next'] for t in taps]):.1f} ms"
                        + (f", error {result['error']}" if result.get("error") else ""))
                    report["plays"].append({"round": round_no, "game": game, "engine": engine, "variant": variant,
                                            "players": players, "seed": seed, "over": result["over"],
                                            "error": result.get("error"), "taps": taps})
                turn += 1
    report["load_end"] = load()
    report["finished"] = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    out = pathlib.Path(args.out)
    out.with_suffix(".json").write_text(dump(report))
    out.write_text(render(report))
    log(f"wrote {out}")


def dump(report: dict) -> str:
    """The run as JSON, one play a line without spaces (indented, a run of five rounds
    made well over a megabyte); the taps' times as measured, so that the report renders
    again from it exactly (`render`)."""
    head = json.dumps({k: v for k, v in report.items() if k != "plays"}, indent=1)
    plays = [json.dumps(play, separators=(",", ":")) for play in report["plays"]]
    return head[:-2] + ',\n "plays": [\n' + ",\n".join(plays) + "\n ]\n}\n"


def render(report: dict) -> str:
    plays = report["plays"]
    engines, games = report["engines"], report["games"]
    this, that = report.get("names", ["patch", "replace"])
    named = {"patch": this, "replace": that}
    what = ((f"commit {report['commit']} (**patch**: static/redraw.js, morphdom) against {report['before']} "
             "(**replace**: `root.innerHTML = html` at every redraw)") if (this, that) == ("patch", "replace")
            else f"commit {report['commit']} (**{this}**) against {report['before']} (**{that}**)")
    lines = [f"# Redraws: {this} against {that} (issue 33)", "",
             f"Measured {report['started']} to {report['finished']} by `.venv/bin/python bench/redraw.py` "
             f"(rounds {report['rounds']}, names {this},{that}, before {report['before']}), {what}; "
             f"load average {report['load_start']} at start, {report['load_end']} at end (2 cores, shared).", "",
             "How: see the docstring of `bench/redraw.py`. One person against quick computers, "
             f"`?pace={report['pace']}`, whole games of seeded taps; the {2 * len(engines)} pages ({len(engines)} engines × 2 variants) "
             "play each game in turn, in a rotating order. Times in ms, per tap.", "",
             "The target is read on the taps that redrew the table and whose frame held that redraw only "
             "(redrawn alone). A tap the page ignored (the tap guard, py/ui/taps.py) draws nothing. A crossed "
             "tap's frame also drew a computer's move, whose pause the bench's pace shortens to a few ms; "
             "at every speed a player can choose, the first computer pause after a person's tap is at "
             "least 130 ms (Court's quickest, at fast speed: py/ui/match.py, each table's pauses), so a "
             "player's tap never shares its frame with one.", "",
             "## Tap → next frame", "",
             "| game | engine | variant | taps (redrawn, crossed) | median | p95 | p95 redrawn alone | p95 target |",
             "|---|---|---|---|---|---|---|---|"]
    sums = {}
    for game in games:
        for engine in engines:
            for variant in ("patch", "replace"):
                taps = [t for pl in plays if pl["game"] == game and pl["engine"] == engine
                        and pl["variant"] == variant for t in pl["taps"]]
                if not taps:
                    continue
                s = sums[(game, engine, variant)] = summarize(taps)
                target = ""
                if variant == "patch":
                    if engine == "chromium":
                        target = "≤ 50: " + ("met" if s["next_clean"]["p95"] <= 50 else "NOT met")
                    elif (game, "chromium", "patch") in sums:
                        c = sums[(game, "chromium", "patch")]["next_clean"]["p95"]
                        ratio = s["next_clean"]["p95"] / c
                        target = f"≤ 2× Chromium: {ratio:.2f}× " + ("met" if ratio <= 2 else "NOT met")
                over = all(pl["over"] for pl in plays if pl["game"] == game and pl["engine"] == engine
                           and pl["variant"] == variant)
                lines.append(f"| {game}{'' if over else ' (not finished)'} | {engine} | {named[variant]} | "
                             f"{s['n']} ({s['drawn']}, {s['crossed']}) | {fmt_ms(s['next']['median'])} | {fmt_ms(s['next']['p95'])} | "
                             f"{fmt_ms(s['next_clean']['p95'])} | {target} |")
    lines += ["", f"## {this} against {that}, same engine, same games (ratio of the medians and of p95)", "",
              f"| game | engine | median {this} / {that} | p95 {this} / {that} |", "|---|---|---|---|"]
    for game in games:
        for engine in engines:
            a, b = sums.get((game, engine, "patch")), sums.get((game, engine, "replace"))
            if a and b:
                lines.append(f"| {game} | {engine} | {a['next']['median'] / b['next']['median']:.2f} | "
                             f"{a['next']['p95'] / b['next']['p95']:.2f} |")
    lines += ["", "## Where the time goes (median / p95 of each part)", "",
              "Over the taps that redrew. python: the click to motion.before() (handler, move, Markup); dom: motion.before() to "
              "motion.after() (old rects, parse, patch or replace); motion: motion.after(); rest: focus, "
              "announcement, timers; frame: the handler's return to the frame painted.", "",
              "| game | engine | variant | python | dom | motion | rest | frame |", "|---|---|---|---|---|---|---|---|"]
    for (game, engine, variant), s in sums.items():
        cells = " | ".join(f"{fmt_ms(s[k]['median'])} / {fmt_ms(s[k]['p95'])}"
                           for k in ("python", "dom", "motion", "rest", "frame"))
        lines.append(f"| {game} | {engine} | {named[variant]} | {cells} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
