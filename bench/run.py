"""Royal Table benchmarks: how fast the collection starts, plays and thinks,
measured side by side. One command runs everything and writes bench/RESULTS.md:

    python3 bench/run.py                # the full suite (~30-45 min on 2 cores)
    python3 bench/run.py --quick        # a smoke run in a few minutes -> bench/RESULTS-quick.md
    python3 bench/run.py --games 400    # more games per strength pairing (default 200)
    python3 bench/run.py --games-for court=600   # more for one game (a narrower interval)
    python3 bench/run.py --only startup,taps   # some sections (startup, taps, engine, bots, strength, waits, library)
    python3 bench/run.py --build        # run tools/build.py first (else the built site as it is)
    python3 bench/run.py --head         # our Python as of the last commit, whatever was built
    python3 bench/run.py --only startup --with bench/RESULTS-strength.json
                                        # and the sections this run skips from an earlier run

Every timing is a median over repeated runs with its spread; every comparison is
a ratio of two things measured in the same run, interleaved (A B B A ...), since
this machine is shared and noisy. Every registered game is picked up
(royaltable.registry.ids()); the browser parts use every game whose "play"
button the home screen shows.

Needs: the built site (npm ci && python3 tools/build.py), Node 20+, the Python
`playwright` package and Debian's Chromium at /usr/bin/chromium (or $CHROMIUM);
never a downloaded browser.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import shutil
import subprocess
import sys
import time
import traceback

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from common import (APP_ZIP, BENCH, ROOT, app_zip_state, fmt_bytes, fmt_ms, fmt_ratio,  # noqa: E402
                    fmt_s, load, machine, median, met, quantile, snapshot_site, summary, table,
                    use_built_python, wilson)

SECTIONS = ("startup", "taps", "engine", "bots", "strength", "waits", "library")
# Issue 13, "instant start": ratios to the bare runtime page, measured in the same run.
VISIBLE_TARGET, USABLE_TARGET, TABLE_TARGET = 0.2, 1.2, 1.4
BYTES_TARGET = 1.1
# Information, not a target: it measures the interpreter, not this app, and flips
# between runs around this figure (retired as a target with the start-up snapshot).
PYODIDE_REFERENCE = 0.5
TAP_P95_MS = 50
STRONG_MOVE_S = 1.0
STRONG_MOVE_MAX_S = 2.0     # issue 9: and no move over 2 s
COMPUTER_TURN_S = 2.5       # issue 18: a court computer's whole turn at normal speed
WAIT_P95_S = 6.0            # issue 33: the wait between a person's decisions, most computers, p95

T0 = time.time()


def log(message: str) -> None:
    print(f"[{time.time() - T0:6.0f} s] {message}", file=sys.stderr, flush=True)


# ---- running -----------------------------------------------------------------------

def settings(args) -> dict:
    if args.quick:
        s = {"startup_reps": 2, "engine_reps": 3, "engine_batch_s": 0.15, "min_taps": 40,
             "max_tap_games": 2, "positions": 6, "chunks": 2, "games": args.games or 8, "waits": 4,
             "startup_warm_up": False, "library_writes": 40, "library_size_games": 2}
    else:
        s = {"startup_reps": 5, "engine_reps": 5, "engine_batch_s": 0.5, "min_taps": 150,
             "max_tap_games": 4, "positions": 60, "chunks": 3, "games": args.games or 200, "waits": 24,
             "startup_warm_up": True, "library_writes": 200, "library_size_games": 5}
    if args.reps:
        s["startup_reps"] = s["engine_reps"] = args.reps
    if args.positions:
        s["positions"] = args.positions
    return s


def run_browser_sections(wanted, s, data, root):
    from playwright.sync_api import sync_playwright
    import web

    site = web.Site(root)
    try:
        with sync_playwright() as p:
            games = web.playable_games(p, site)
            data["playable"] = games
            log(f"playable in the browser: {', '.join(games) or 'none'}")
            if "startup" in wanted:
                guarded(data, "startup", lambda: web.startup(p, site, games, s["startup_reps"], log,
                                                            warm_up=s["startup_warm_up"]))
            if "taps" in wanted:
                def taps():
                    browser = p.chromium.launch(executable_path=web.CHROMIUM, args=web.ARGS)
                    out = {}
                    try:
                        for game in games:
                            runs = []
                            while (sum(len(r["taps"]) for r in runs) < s["min_taps"]
                                   and len(runs) < s["max_tap_games"]):
                                runs.append(web.play_one(browser, site, game, 11 + len(runs), log))
                            out[game] = runs
                    finally:
                        browser.close()
                    return out
                guarded(data, "taps", taps)
            if "bots" in wanted:
                def bots():
                    import engine
                    page = web.BotsPage(p, site)
                    try:
                        out = engine.bot_timing(page, s["positions"], s["chunks"], log)
                        out["browser_python"] = page.python
                        out["errors"] = page.errors
                        return out
                    finally:
                        page.close()
                guarded(data, "bots", bots)
            if "waits" in wanted:        # 5c: the wait between a person's turns (benchlib.waits)
                def waits():
                    from royaltable import registry
                    page = web.BotsPage(p, site)
                    try:
                        out = {"games": {}, "browser_python": page.python}
                        for game in games:
                            players = registry.get(game).max_players     # the most computers it allows
                            runs = []
                            chunks = 3 if s["waits"] >= 12 else 1
                            for chunk in range(chunks):      # waits from several games
                                started = time.time()
                                runs.append(page.ask({"kind": "waits", "game": game, "players": players,
                                                      "seed": 100 * (chunk + 1), "count": s["waits"] // chunks}))
                                log(f"  waits: {game} chunk {chunk + 1}/{chunks} in {time.time() - started:.0f} s")
                            out["games"][game] = {"players": players, "runs": runs}
                        out["errors"] = page.errors
                        kept = BENCH / "court_pace.json"     # the strength side by side, if run
                        if kept.exists():
                            out["court_strength"] = dict(json.loads(kept.read_text()), file="bench/court_pace.json",
                                                         written=time.strftime("%Y-%m-%d %H:%M UTC",
                                                                               time.gmtime(kept.stat().st_mtime)))
                        return out
                    finally:
                        page.close()
                guarded(data, "waits", waits)
            if "library" in wanted:      # section 6: the game library in IndexedDB (bench/library.py)
                import library
                guarded(data, "library", lambda: library.measure(p, site, games, s, log))
    finally:
        site.close()


def guarded(data, name, fn):
    log(f"section {name} ...")
    data.setdefault("loads", {})[name] = load()
    started = time.time()
    try:
        data[name] = fn()
    except Exception as err:   # one broken section must not lose the others
        traceback.print_exc()
        data[name] = {"failed": f"{type(err).__name__}: {err}"}
    data.setdefault("durations", {})[name] = time.time() - started
    log(f"section {name} done in {time.time() - started:.0f} s")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="a short smoke run (few repeats, 8 games)")
    ap.add_argument("--games", type=int, help="games per strength pairing (default 200; quick 8)")
    ap.add_argument("--games-for", metavar="GAME=N[,GAME=N]",
                    help="more games per pairing for some games, e.g. court=600")
    ap.add_argument("--reps", type=int, help="repeats for start-up and engine speed")
    ap.add_argument("--pairings", metavar="GAME:HERO:REST[,...]",
                    help="strength: only these pairings (e.g. golden_key:strong:random)")
    ap.add_argument("--positions", type=int, help="decisions per game and seat count timed in 5a (default 60)")
    ap.add_argument("--only", help="comma-separated sections: " + ",".join(SECTIONS))
    ap.add_argument("--build", action="store_true", help="run tools/build.py first")
    ap.add_argument("--head", action="store_true",
                    help="measure our Python as of the last commit (packed like tools/build.py), "
                         "not the built app.zip")
    ap.add_argument("--out", help="report path (default bench/RESULTS.md; quick: bench/RESULTS-quick.md)")
    ap.add_argument("--rerender", metavar="JSON", help="write the report again from a run's .json, measuring nothing")
    ap.add_argument("--with", dest="earlier", metavar="JSON", action="append", default=[],
                    help="an earlier run's .json: the sections it measured and this run does not "
                         "are put into this report, said to be from that run (repeatable)")
    args = ap.parse_args(argv)
    if args.rerender:
        source = pathlib.Path(args.rerender)
        data = json.loads(source.read_text())
        if "levels" not in data:   # a run from before levels were recorded
            use_built_python()
            from royaltable import registry
            data["levels"] = {g: list(registry.get(g).bots) for g in registry.ids()}
        for earlier in args.earlier:
            merge_earlier(data, pathlib.Path(earlier))
        target = pathlib.Path(args.out) if args.out else source.with_suffix(".md")
        target.write_text(render(data))
        log(f"wrote {target}")
        if args.earlier:   # the combined run, so that a later --with carries it on
            target.with_suffix(".json").write_text(json.dumps(data, indent=1, default=str))
            log(f"wrote {target.with_suffix('.json')}")
        return 0
    wanted = [w.strip() for w in args.only.split(",")] if args.only else list(SECTIONS)
    unknown = set(wanted) - set(SECTIONS)
    if unknown:
        ap.error(f"unknown section(s) {', '.join(sorted(unknown))}")
    for earlier in args.earlier:
        try:
            json.loads(pathlib.Path(earlier).read_text())["machine"]["date"]
        except (OSError, ValueError, KeyError, TypeError) as err:
            ap.error(f"--with {earlier}: not a bench run's .json ({type(err).__name__}: {err})")
    s = settings(args)
    out = pathlib.Path(args.out) if args.out else BENCH / ("RESULTS-quick.md" if args.quick else "RESULTS.md")

    if args.build:
        log("building the site: python3 tools/build.py")
        subprocess.run([sys.executable, str(ROOT / "tools" / "build.py")], check=True)
    if not APP_ZIP.exists():
        sys.exit("the site is not built: run `npm ci && python3 tools/build.py` (or pass --build)")

    snapshot = snapshot_site(head=args.head)
    app_zip = snapshot / "static" / "vendor" / "app.zip"
    log(f"serving and importing a snapshot of the built site: {snapshot}")
    use_built_python(app_zip)
    from royaltable import registry
    data = {"settings": s, "quick": args.quick, "head": args.head, "sections": wanted, "machine": machine(),
            "build": app_zip_state(app_zip), "games": registry.ids(),
            "levels": {g: list(registry.get(g).bots) for g in registry.ids()},
            "command": "python3 bench/run.py" + (" " + " ".join(argv if argv is not None else sys.argv[1:])
                                                 if (argv if argv is not None else sys.argv[1:]) else "")}
    if data["build"]["stale"]:
        log(f"NOTE: the measured app.zip differs from the working tree's py/ in "
            f"{len(data['build']['stale'])} file(s): {', '.join(data['build']['stale'])} "
            + ("(--head: the last commit's Python)" if args.head else "(pass --build to rebuild first)"))
    log(f"games: {', '.join(data['games'])}; sections: {', '.join(wanted)}")

    try:
        if set(wanted) & {"startup", "taps", "bots", "waits", "library"}:
            run_browser_sections(wanted, s, data, snapshot)
        if "engine" in wanted:
            import engine
            guarded(data, "engine", lambda: engine.engine_speed(s["engine_reps"], s["engine_batch_s"], log,
                                                                app_zip))
        if "strength" in wanted:
            import strength
            # The strongest level against the next first (every game), then against
            # random players, then the rest: a run stopped early keeps what matters most.
            matches = sorted([(g, hero, rest, strength.players_for(g))
                              for g in registry.ids() for hero, rest in strength.pairings(g)],
                             key=lambda m: (m[1] != data["levels"][m[0]][-1], m[2] == "random"))
            if args.pairings:                # some pairings only, e.g. golden_key:strong:random
                wanted_pairings = {tuple(p.split(":")) for p in args.pairings.split(",")}
                matches = [m for m in matches if m[:3] in wanted_pairings]
            more = {name: int(n) for name, n in (item.split("=") for item in
                                                  (args.games_for or "").split(",") if item)}
            def write_so_far(rows):
                partial = dict(data, strength=rows, total_s=time.time() - T0)
                partial["machine"] = dict(data["machine"], load_end=load())
                out.write_text(render(partial))
                out.with_suffix(".json").write_text(json.dumps(partial, indent=1, default=str))
            guarded(data, "strength", lambda: strength.tournaments(matches, s["games"], 2, log, more,
                                                                   on_pairing=write_so_far))
    finally:
        shutil.rmtree(snapshot, ignore_errors=True)
    data["machine"]["load_end"] = load()
    data["total_s"] = time.time() - T0
    for earlier in args.earlier:
        merge_earlier(data, pathlib.Path(earlier))

    out.write_text(render(data))
    out.with_suffix(".json").write_text(json.dumps(data, indent=1, default=str))
    log(f"wrote {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out} "
        f"in {data['total_s'] / 60:.1f} min")
    return 0


# What a section's report needs of its run besides the section itself.
RUN_CONTEXT = ("settings", "quick", "head", "machine", "build", "games", "levels", "playable", "command")


def merge_earlier(data: dict, path: pathlib.Path) -> None:
    """--with: every section the earlier run measured (or had itself merged) that
    this run did not measure is kept in data["merged"] with what its report
    needs of that run (its machine, settings, levels), so it is rendered as that
    run rendered it and said to be from it. A section that failed there is left out."""
    old = json.loads(path.read_text())
    try:
        shown = path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        shown = str(path)
    merged = data.setdefault("merged", {})
    for name in SECTIONS:
        if name in data.get("sections", []) or name in merged:
            continue
        if name in old.get("merged", {}):                    # merged there from a still earlier run
            merged[name] = old["merged"][name]
        elif name in old.get("sections", []) and name in old:
            if isinstance(old[name], dict) and "failed" in old[name]:
                log(f"--with {shown}: {name} failed in that run, left out")
                continue
            run = {k: old[k] for k in RUN_CONTEXT if k in old}
            run.update({"sections": [name], name: old[name]})
            m = old["machine"]
            merged[name] = {"file": shown, "date": m["date"], "command": old.get("command", "?"),
                            "commit": m.get("commit", "?") + (" + uncommitted changes" if m.get("dirty") else ""),
                            "load": f"{m.get('load', '?')} at start, {m.get('load_end', '?')} at end",
                            "duration_s": old.get("durations", {}).get(name), "run": run}
        else:
            continue
        log(f"--with {shown}: {name} from the run of {merged[name]['date']}")


def merged_note(d: dict) -> list[str]:
    merged = d.get("merged") or {}
    if not merged:
        return []
    by_run: dict[tuple, list[str]] = {}
    for name in SECTIONS:
        if name in merged:
            e = merged[name]
            by_run.setdefault((e["file"], e["date"], e["command"], e["commit"]), []).append(name)
    runs = "; ".join(f"{', '.join(names)} from `{file}`, measured {date} by `{command}` (commit {commit})"
                     for (file, date, command, commit), names in by_run.items())
    return [f"**Sections from earlier runs** (`--with`): {runs}. The rest was measured in this run "
            f"({', '.join(d['sections'])}). A merged section's figures, ratios and targets are that "
            "run's, on that run's machine load (given in the section).", ""]


# ---- the report ---------------------------------------------------------------------

def render(d: dict) -> str:
    m = d["machine"]
    parts = [f"# Royal Table benchmarks{' (QUICK SMOKE RUN: not the figures of record)' if d['quick'] else ''}",
             "",
             f"Measured {m['date']} by `{d['command']}` in {d['total_s'] / 60:.1f} min. "
             "Every timing is the median of repeated runs with its spread (min–max unless "
             "said otherwise); every ratio compares two things measured in the same run, "
             "interleaved, so the machine's other load falls on both sides.",
             "", *merged_note(d), "## Machine", "",
             table(["what", "value"], [
                 ["CPU", f"{m['cpu']} ({m['cores']} cores)"], ["RAM", m["ram"]], ["OS", m["os"]],
                 ["Chromium", f"{m['chromium']} (Debian; headless, driven by Playwright {m['playwright']})"],
                 ["Node", m["node"]], ["Python (CPython)", m["python"]],
                 ["Pyodide", f"{m['pyodide']} (Python {pyodide_python(d)})"],
                 ["PyScript", m["pyscript"]],
                 ["load average (1/5/15 min)", f"{m['load']} at start, {m.get('load_end', '?')} at end "
                                               "(other work shared the machine)"],
                 ["code", code_line(d)],
             ]), ""]
    targets = []
    sections = []
    for name, fn in (("startup", render_startup), ("engine", render_engine), ("taps", render_taps),
                     ("bots", render_bots), ("strength", render_strength), ("waits", render_waits),
                     ("library", render_library)):
        if name in d["sections"]:
            if name in d and isinstance(d[name], dict) and "failed" in d[name]:
                sections.append(f"## {name}\n\n**FAILED**: {d[name]['failed']}\n")
                targets.append([name, "the section failed", "—", "**MISSED**"])
                continue
            text, tg = fn(d)
        elif name in (d.get("merged") or {}):
            e = d["merged"][name]
            text, tg = fn(e["run"])
            head, _, rest = text.partition("\n")
            text = (f"{head}\n\n*From an earlier run, merged with `--with {e['file']}`: measured "
                    f"{e['date']} by `{e['command']}`, commit {e['commit']}; load average "
                    f"{e['load']}.*\n" + rest)
            tg = [[f"{row[0]} (earlier run, {e['date']})", *row[1:]] for row in tg]
        else:
            continue
        sections.append(text)
        targets += tg
    parts += ["## Targets", "", table(["target", "measured", "limit", "Target"], targets), ""]
    parts += sections
    if d.get("durations"):
        earlier = [[f"{k} (earlier run, {e['date']})", f"{e['duration_s'] / 60:.1f} min", "see that run"]
                   for k, e in (d.get("merged") or {}).items() if e.get("duration_s") is not None]
        parts += ["## Run time", "", table(["section", "wall time", "load average when it began"],
                  [[k, f"{v / 60:.1f} min", d.get("loads", {}).get(k, "?")]
                   for k, v in d["durations"].items()] + earlier), ""]
        if isinstance(d.get("strength"), list) and d["strength"] and "strength" in d["durations"]:
            idle = (d["total_s"] - d["durations"]["strength"]
                    + sum(r["cpu_seconds"] for r in d["strength"]) / 2)
            parts += [f"In all {d['total_s'] / 60:.0f} min; with the tournaments at their CPU time on "
                      f"two idle cores, about {idle / 60:.0f} min.", ""]
    return "\n".join(parts) + "\n"


def code_line(d) -> str:
    m, b = d["machine"], d["build"]

    def files(names):
        return ", ".join(names[:6]) + ("…" if len(names) > 6 else "")
    line = (f"commit {m['commit']}{' + uncommitted changes' if m['dirty'] else ''}; every runtime "
            f"measured one snapshot of the built site taken at the start"
            f"{', with our Python from that commit (`--head`)' if d.get('head') else ''} (app.zip {b['sha']}")
    vs_head = b.get("vs_head")
    if vs_head is not None:
        line += (", the Python of that commit" if not vs_head else
                 f", **differs from that commit in {len(vs_head)} file(s)**: {files(vs_head)}")
    if b["stale"]:
        line += (f"; **differs from the working tree's py/ in {len(b['stale'])} file(s)**: "
                 f"{files(b['stale'])} — rebuild with `--build` to measure those")
    return line + ")"


def pyodide_python(d):
    runs = [d] + [e["run"] for e in (d.get("merged") or {}).values()]
    for run in runs:
        found = (run.get("engine") or {}).get("node_python") or (run.get("bots") or {}).get("browser_python")
        if found:
            return found
    return "?"


def render_startup(d):
    st = d["startup"]
    rounds = st["rounds"]
    targets = st["targets"]
    games = [t for t in targets if t not in ("bare", "home")]
    apps = [t for t in targets if t != "bare"]
    instant = st.get("version", 1) >= 2   # runs before "instant start" timed the home screen as drawn
    lines = ["## 1. Start-up in Chromium", "",
             "Seconds from navigation start to: the bare page's empty Python script having run "
             "(`bench/bare.html`: the same vendored PyScript + Pyodide, nothing of ours, the "
             "yardstick); our home screen **visible** (the game list painted: the first animation "
             "frame in which a `.game-card` has a box, i.e. the first paint of the home screen "
             "the build writes into index.html; the browser's own first-contentful-paint beside "
             "it); our home screen **usable** (Python has taken over: `window.royalReady` and the "
             "`#boot` note gone, what the e2e tests wait for); the first table drawn after tapping "
             "play then start at once, as soon as the home screen is usable (`.table-main`). "
             "**Cold**: a new browser profile (no HTTP cache, no service worker). **Warm**: a "
             "reload in the same profile, online, once the first visit is over (the app's service "
             "worker then answers; the bare page has none and uses the HTTP cache). **Offline**: "
             "a reload with the network cut, once a service worker controls the page. "
             f"{len(rounds)} rounds, targets visited in rotating order in each; ratios are taken "
             "within each round (cold to cold, warm to warm; offline to the bare page's warm "
             "reload, the best the bare page can do), then the median. Every load of the app "
             "(one per playable game) counts towards visible and usable.", ""]
    rows, tg = [], []

    def row(label, phase, values, comparator, limit, target_label=None):
        if not values:
            return
        s = summary(values)
        ratios = [v / c for v, c in zip(values, comparator)] if comparator else []
        rs = summary(ratios) if ratios else None
        ok = None if (limit is None or rs is None) else rs["median"] <= limit
        rows.append([label, phase, fmt_s(s["median"]), f"{fmt_s(s['min'])}–{fmt_s(s['max'])}", s["n"],
                     fmt_ratio(rs["median"]) + f" ({fmt_ratio(rs['min'])}–{fmt_ratio(rs['max'])})"
                     if rs else "—", f"≤ {limit}×" if limit else "—", met(ok) if limit else "—"])
        if limit:
            tg.append([f"{target_label or label}, {phase}", fmt_ratio(rs["median"]) + " of bare",
                       f"≤ {limit}×", met(ok)])

    for phase in ("cold", "warm", "offline"):
        comp_phase = "warm" if phase == "offline" else phase
        if phase != "offline":
            row("bare page: script ran", phase, [r["bare"][phase]["ready"] for r in rounds], None, None)
        series: dict[str, tuple[list, list]] = {}

        def add(key, r, marks, mark):
            if marks.get(mark) is not None:
                pair = series.setdefault(key, ([], []))
                pair[0].append(marks[mark])
                pair[1].append(r["bare"][comp_phase]["ready"])
        for r in rounds:
            for t in apps:
                if phase not in r[t]:
                    continue
                marks = r[t][phase]
                for mark in ("visible", "fcp", "ready"):
                    add(mark, r, marks, mark)
                add(("table", t), r, marks, "table")
        if "ready" not in series:
            rows.append(["home screen usable", phase, "n/a: no service worker yet" if phase == "offline"
                         else "n/a", "", "", "", "", ""])
            if phase == "offline":
                tg.append(["offline start-up", "n/a: no service worker yet", "—", "n/a"])
            continue
        if instant:
            row("home screen visible (game list painted)", phase, *series.get("visible", ([], [])),
                VISIBLE_TARGET, "home screen visible")
            row("first contentful paint (the browser's)", phase, *series.get("fcp", ([], [])), None)
            row("home screen usable (Python took over)", phase, *series["ready"], USABLE_TARGET,
                "home screen usable")
        else:
            row("home screen drawn (`.topbar`, an older run's measure)", phase, *series["ready"], None)
        for game in games:
            if ("table", game) in series:
                row(f"first table: {game}", phase, *series[("table", game)], TABLE_TARGET if instant else None)
    lines += [table(["page", "load", "median", "spread", "n", "ratio to bare", "limit", "Target"], rows), ""]
    deltas = []
    for game in games:
        for phase in ("cold", "warm", "offline"):
            xs = [(r[game][phase]["table"] - r[game][phase]["ready"]) * 1000
                  for r in rounds if phase in r[game] and "table" in r[game][phase]]
            if xs:
                deltas.append(f"{game} {phase} {fmt_ms(median(xs))}")
    if deltas:
        lines += ["From home usable to the table drawn (the two taps, the new game and its first "
                  "drawing), median: " + "; ".join(deltas) + ". The rest of each table figure is "
                  "the home screen's start-up in the same load.", ""]

    # What the warm and offline loads asked of the server, and the service worker.
    obs = []
    for t in targets:
        first = rounds[0][t]
        for phase in ("warm", "offline"):
            reqs = first.get(f"{phase}_requests")
            if reqs is None:
                continue
            codes = {}
            for e in reqs:
                codes[e["status"]] = codes.get(e["status"], 0) + 1
            cold_n = len([e for e in first["cold_requests"] if not e["precache"] and not e["sw"]])
            how = ""
            if phase == "warm" and not reqs and first.get("controlled"):
                how = ": the service worker served everything"
            elif phase == "warm" and codes and set(codes) <= {304}:
                how = ": revalidated (If-Modified-Since → 304), the rest fresh in the HTTP cache by heuristic"
            obs.append([t, phase, f"{len(reqs)} of the cold load's {cold_n} page requests reached the server"
                        + (f" ({', '.join(f'{n}× {c}' for c, n in sorted(codes.items()))})" if codes else "")
                        + how])
        sw = first.get("sw", {})
        if sw.get("state") == "controlling":
            at = [r[t]["sw"]["at_ms"] / 1000 for r in rounds if (r[t].get("sw") or {}).get("at_ms")]
            kept = [r[t]["sw"]["precached_ms"] / 1000 for r in rounds
                    if (r[t].get("sw") or {}).get("precached_ms")]
            not_kept = sum((r[t].get("sw") or {}).get("precached") is False for r in rounds)
            text = f"controls the page {fmt_s(median(at))} after the first navigation started (median)"
            if kept:
                text += (f"; the runtime kept for offline (`html[data-offline=ready]`) after "
                         f"{fmt_s(median(kept))} (median)")
            if not_kept:
                text += f"; **not kept after {web_precache_s():.0f} s in {not_kept} of {len(rounds)} visits**"
            obs.append([t, "service worker", text])
        else:
            obs.append([t, "service worker", {"none": "n/a: no service worker yet", "registered":
                        "registered but not controlling after 120 s"}.get(sw.get("state"), sw.get("state", "?"))])
    errors = sorted({e for r in rounds for t in targets for e in r[t].get("errors", [])})
    lines += ["What the loads asked of the local server (Python's http.server sends Last-Modified, "
              "no Cache-Control; HTTP/1.0, no compression), first round:", "",
              table(["page", "load", "observed"], obs), ""]
    if errors:
        lines += ["Page errors during the loads: " + "; ".join(errors[:5]), ""]
    weight_text, wtg = render_weight(d)
    return "\n".join(lines) + "\n" + weight_text, tg + wtg


def web_precache_s() -> float:
    import web
    return web.PRECACHE_TIMEOUT_MS / 1000


def render_weight(d):
    import web
    st = d["startup"]
    targets = st["targets"]
    apps = [t for t in targets if t != "bare"]
    per_round = [{t: web.weigh(r[t]["cold_requests"]) for t in targets} for r in st["rounds"]]
    w = per_round[0]
    head = ["kind"] + [("bare page" if t == "bare" else f"home + {t} table" if t != "home" else "home")
                       for t in targets]
    rows = []
    for kind in web.KINDS:
        rows.append([kind] + [f"{fmt_bytes(w[t]['kinds'][kind])} ({fmt_bytes(w[t]['kinds_gzip'][kind])} gz)"
                              for t in targets])
    rows.append(["**weight (each file once)**"] + [
        f"**{fmt_bytes(w[t]['total'])}** ({fmt_bytes(w[t]['total_gzip'])} gz)"
        + ("" if t == "bare" else f", **{fmt_ratio(w[t]['total'] / w['bare']['total'])}** of bare "
                                  f"({fmt_ratio(w[t]['total_gzip'] / w['bare']['total_gzip'])} gz)")
        for t in targets])
    rows.append(["requests: the page's / service-worker precache"] + [
        f"{w[t]['page_requests']} / {w[t]['precache_requests']}" for t in targets])
    rows.append(["bytes sent in all, every round"] + [
        ", ".join(fmt_bytes(r[t]["sent"]) for r in per_round)
        for t in targets])
    rows.append(["of which fetched twice (by the page and by the precache), every round"] + [
        ", ".join(fmt_bytes(r[t]["twice"]) for r in per_round) for t in targets])
    text = ["## 2. Weight of a first visit", "",
            "What the cold visits downloaded from the local server, by kind: each file counted "
            "once (uncompressed, as http.server sends it; \"gz\" is what gzip -6 of the same files "
            "weighs, as most static hosts would send it). Round 1 for the kinds; the sent bytes for "
            "every round. A service worker's precache requests are told apart by their request "
            "headers (`Cache-Control: max-age=0` or `no-cache`: a revalidation, or a reload past "
            "the HTTP cache).", "", table(head, rows), ""]
    missing = sorted({p for t in targets for p in w[t]["not_found"]})
    if missing:
        text += [f"Not found (404) during the visit: {', '.join(missing)}", ""]

    # Bytes sent on a first visit: the app until its service worker has kept the
    # runtime, against the bare page's first visit in the same round.
    tg = []
    if apps:
        app_sent, bare_sent, ratios = [], [], []
        for r, rnd in zip(per_round, st["rounds"]):
            for t in apps:
                app_sent.append(r[t]["sent"])
                bare_sent.append(r["bare"]["sent"])
                ratios.append(r[t]["sent"] / r["bare"]["sent"] if r["bare"]["sent"] else float("nan"))
        a, b, q = summary(app_sent), summary(bare_sent), summary(ratios)
        ok = q["median"] <= BYTES_TARGET
        twice: dict[str, list[int]] = {}   # path -> how many times in each visit that sent it again
        for r in per_round:
            for t in apps:
                for path, times in r[t].get("twice_paths", {}).items():
                    twice.setdefault(path, []).append(times)
        visits = len(app_sent)
        unfinished = sum((rnd[t].get("sw") or {}).get("precached") is False
                         for rnd in st["rounds"] for t in apps)
        revalidated = summary([r[t].get("revalidated", 0) for r in per_round for t in apps])
        twice_text = ("none" if not twice else
                      "; ".join(f"`{path}` ({'–'.join(str(x) for x in sorted({min(n), max(n)}))} times) "
                                f"in {len(n)} of {visits} visits" for path, n in sorted(twice.items())))
        until = (f"the service worker had kept the runtime (`html[data-offline=ready]`, or "
                 f"{web_precache_s():.0f} s)" if st.get("version", 1) >= 2
                 else "a service worker controlled the page (an older run)")
        text += ["**Bytes sent on a first visit**: every body byte the server sent from the "
                 f"navigation until {until}, against the bare "
                 "page's first visit in the same round; headers not counted. "
                 f"{visits} first visits of the app, {len(per_round)} of the bare page.", "",
                 table(["", "median", "spread"], [
                     ["the app, first visit", fmt_bytes(a["median"]), f"{fmt_bytes(a['min'])}–{fmt_bytes(a['max'])}"],
                     ["the bare page, first visit", fmt_bytes(b["median"]), f"{fmt_bytes(b['min'])}–{fmt_bytes(b['max'])}"],
                     ["app ÷ bare", f"**{fmt_ratio(q['median'])}** (target ≤ {BYTES_TARGET}×: {met(ok)})",
                      f"{fmt_ratio(q['min'])}–{fmt_ratio(q['max'])}"],
                     ["requests answered 304 (a revalidation, no body)", f"{revalidated['median']:.0f}",
                      f"{revalidated['min']:.0f}–{revalidated['max']:.0f}"],
                 ]), "",
                 f"Files the server sent whole more than once in one first visit (`/` and "
                 f"`/index.html` counted as one file): {twice_text}.", ""]
        if unfinished:
            text += [f"**In {unfinished} of {visits} visits the service worker had not kept the "
                     f"runtime after {web_precache_s():.0f} s**: those totals stop there.", ""]
        tg.append(["bytes sent on a first visit", f"{fmt_bytes(a['median'])}, {fmt_ratio(q['median'])} "
                   f"of bare ({fmt_bytes(b['median'])})" + (f"; sent more than once: {', '.join(sorted(twice))}"
                                                            if twice else ""),
                   f"≤ {BYTES_TARGET}×", met(ok)])
    return "\n".join(text), tg


def render_taps(d):
    taps = d["taps"]
    rows, tg, cmd_rows = [], [], []
    for game, runs in taps.items():
        all_taps = [t for r in runs for t in r["taps"]]
        if not all_taps:
            rows.append([game, 0, "", "", "", "", "", "no taps: the driver found nothing to tap"])
            tg.append([f"taps, {game}", "no taps measured", f"p95 ≤ {TAP_P95_MS} ms", "**MISSED**"])
            continue
        h = summary([t["handler"] for t in all_taps])
        lay = summary([t["layout"] for t in all_taps])
        finished = sum(r["over"] for r in runs)
        ok = lay["p95"] <= TAP_P95_MS and finished == len(runs)
        rows.append([game, f"{len(all_taps)} in {len(runs)} game(s), {finished} to the end",
                     fmt_ms(h["median"]), fmt_ms(h["p95"]), fmt_ms(lay["median"]), fmt_ms(lay["p95"]),
                     fmt_ms(lay["max"]), met(ok)])
        tg.append([f"tap to table redrawn, {game}", f"p95 {fmt_ms(lay['p95'])}", f"≤ {TAP_P95_MS} ms", met(ok)])
        for cmd in sorted({t["cmd"] for t in all_taps}):
            xs = [t["layout"] for t in all_taps if t["cmd"] == cmd]
            cmd_rows.append([game, cmd, len(xs), fmt_ms(median(xs)), fmt_ms(quantile(xs, 0.95))])
    text = ["## 4. Taps", "",
            "Every human decision of whole games (one person, default seat count, the other seats "
            "quick computer players, `?pace=0.05`, motion on), tapped by a seeded walk over the table's "
            "buttons. Each tap is timed in the page with `performance.now()` around "
            "`element.click()` (the Python handler redraws synchronously inside it): **handler** is "
            "the click alone (Python + `innerHTML`), **+ layout** adds the style and layout the "
            "browser owes for the new HTML (`document.body.offsetHeight`), the part of a redraw "
            "before painting. The target applies to handler + layout.", "",
            table(["game", "taps", "handler median", "handler p95", "+ layout median",
                   "+ layout p95", "max", "Target"], rows), "",
            table(["game", "tap", "n", "+ layout median", "+ layout p95"], cmd_rows), ""]
    return "\n".join(text), tg


def render_engine(d):
    e = d["engine"]
    rows, tg = [], []
    for r in e["rows"]:
        c, p, ratio = summary(r["cpython"]), summary(r["pyodide"]), summary(r["ratios"])
        rows.append([r["game"], r["players"], f"{r['actions_per_game']:.0f}",
                     f"{c['median']:.1f} ({c['min']:.1f}–{c['max']:.1f})",
                     f"{p['median']:.1f} ({p['min']:.1f}–{p['max']:.1f})",
                     f"{fmt_ratio(ratio['median'])} ({fmt_ratio(ratio['min'])}–{fmt_ratio(ratio['max'])})",
                     "yes" if r["same_work"] else "**NO**"])
    text = ["## 3. Engine speed", "",
            f"Seeded games of random players from deal to end (`bench/benchlib.py: playout`), per "
            f"second, in CPython {d['machine']['python']} and in Pyodide {e['node_pyodide']} (Python "
            f"{e['node_python']}) under Node {d['machine']['node']} — the same app.zip and the same "
            f"seeds, batches of about {d['settings']['engine_batch_s']} s alternating A B B A, "
            f"{d['settings']['engine_reps']} per side; the ratio is Pyodide's speed over CPython's "
            "within each pair. \"same work\" checks that both played the same number of actions. "
            f"Information only, not a target: it measures the interpreter, not this app, and has "
            f"flipped around {PYODIDE_REFERENCE}× between runs. "
            f"(Pyodide took {e['node_load_s']:.1f} s to load under Node.)", "",
            table(["game", "players", "actions/game", "CPython games/s", "Pyodide games/s",
                   "Pyodide ÷ CPython", "same work"], rows), ""]
    return "\n".join(text), tg


def render_bots(d):
    b = d["bots"]
    rows, tg = [], []
    for r in b["rows"]:
        c, w = summary(r["cpython"]), summary(r["browser"])
        ratios = [x / y for x, y in zip(r["browser"], r["cpython"]) if y > 0]
        strongest = d["levels"][r["game"]][-1] == r["level"]
        ok = w["p95"] <= STRONG_MOVE_S and w["max"] <= STRONG_MOVE_MAX_S if strongest else None
        rows.append([r["game"], r["players"], r["level"], r["positions"],
                     fmt_ms(c["median"] * 1000), fmt_ms(c["p95"] * 1000),
                     fmt_ms(w["median"] * 1000), fmt_ms(w["p95"] * 1000), fmt_ms(w["max"] * 1000),
                     fmt_ratio(median(ratios)) if ratios else "—",
                     met(ok) if strongest else "—"])
        if strongest:
            tg.append([f"{r['level']} move in the browser, {r['game']} {r['players']}p",
                       f"p95 {fmt_ms(w['p95'] * 1000)} (max {fmt_ms(w['max'] * 1000)})",
                       f"p95 ≤ {STRONG_MOVE_S:.0f} s, max ≤ {STRONG_MOVE_MAX_S:.0f} s", met(ok)])
    text = ["## 5a. Computer players: time per move", "",
            "`bot.choose(view, legal)` at real decisions (more than one legal action) spread over "
            "seeded games of quick players, at the default and the largest seat count; CPython in "
            "this process against Chromium (`bench/bots.html`: the site's runtime and app.zip on "
            "the page's main thread, as the app runs them, Python "
            f"{b.get('browser_python', '?')}), chunk by chunk in alternating order. Fast players "
            "are timed over repeated calls (a browser's clock ticks in 0.1 ms). The ratio is the "
            "median over positions of browser ÷ CPython. Target: the strongest level's p95 in the "
            "browser within 1 s and its slowest move within 2 s.", "",
            table(["game", "players", "level", "positions", "CPython median", "CPython p95",
                   "browser median", "browser p95", "browser max", "browser ÷ CPython", "Target"], rows), ""]
    return "\n".join(text), tg


def render_waits(d):
    w = d["waits"]
    rows, tg = [], []
    for game, g in w["games"].items():
        waits = [x for r in g["runs"] for x in r["waits"]]
        pauses = [x for r in g["runs"] for x in r["pauses"]]
        compute = [x for r in g["runs"] for x in r["compute"]]
        if not waits:
            rows.append([game, g["players"], g["players"] - 1, 0] + ["—"] * 7)
            continue
        ws = summary(waits)
        ps, cs = summary(pauses), summary(compute)
        rows.append([game, g["players"], g["players"] - 1, len(waits), fmt_s(ws["median"]),
                     fmt_s(ws["p95"]), fmt_s(ws["max"]), fmt_s(ps["median"]), fmt_s(ps["p95"]),
                     fmt_s(cs["median"]), fmt_s(cs["p95"])])
        tg.append([f"{game}: the wait between a person's decisions at normal speed, "
                   f"{g['players'] - 1} strong computers, in the browser",
                   f"median {fmt_s(ws['median'])}, p95 {fmt_s(ws['p95'])}", f"p95 ≤ {WAIT_P95_S:g} s",
                   met(ws["p95"] <= WAIT_P95_S)])
    text = ["## 5c. Computer players: the wait between a person's turns", "",
            "One person and as many strong computers as each game allows at normal speed, in "
            "the app itself (`ui.app.App`: its steps, saves and screens) in Chromium "
            f"(`bench/bots.html`, the site's runtime and app.zip, Python {w.get('browser_python', '?')}), "
            "`benchlib.waits`. A wait runs from the person's decision to the next screen on which "
            "they decide again; it is timed as `py/main.py` plays it: each step of the app after "
            "its pause less the previous step's compute (main.py subtracts it), then the step "
            "(the computer's thinking, the move, the save) and the screen drawn (`app.render`). "
            "The pauses are added, not slept; the page's own painting (section 4: a few ms to "
            "tens of ms) is not in it. The person plays the quick level's choice at once; a round "
            "summary they would tap away adds nothing. The pauses are the pacing's own (the same "
            "on any machine); the compute (the computers' thinking, the save, the screen) grows "
            "with the machine's load (its load average is in the table above). "
            "Games from seeds 100, 200, 300 on; "
            "per game: " + ", ".join(f"{game} {sum(r['games'] for r in g['runs'])}"
                                      for game, g in w["games"].items()) + ".", "",
            table(["game", "players", "computers", "waits", "median", "p95", "max",
                   "pauses (median)", "pauses (p95)", "compute (median)", "compute (p95)"], rows), ""]
    court = w["games"].get("court")
    if court:
        turns = [x for r in court["runs"] for x in r["turns"]]
        paused = [x for r in court["runs"] for x in r["turn_pauses"]]
        if turns:
            ts, over = summary(turns), sum(t > COMPUTER_TURN_S for t in turns)
            ok = ts["max"] <= COMPUTER_TURN_S
            text += [f"王への請願, one computer's whole turn (from the pause before its first roll to "
                     f"its take, compute included), {len(turns)} turns: median {fmt_s(ts['median'])}, "
                     f"p95 {fmt_s(ts['p95'])}, max {fmt_s(ts['max'])}; {over} over "
                     f"{COMPUTER_TURN_S} s. Its pauses alone: median {fmt_s(median(paused))}, max "
                     f"{fmt_s(max(paused))} (at most 2.12 s by construction, `py/ui/games/court/table.py`).", ""]
            tg.append(["court: a computer's whole turn at normal speed, in the browser",
                       f"median {fmt_s(ts['median'])}, p95 {fmt_s(ts['p95'])}, max {fmt_s(ts['max'])}",
                       f"≤ {COMPUTER_TURN_S} s", met(ok)])
    if w.get("court_strength"):
        import court_pace
        cs = w["court_strength"]
        text += [court_pace.markdown(cs) + f" (From `{cs['file']}`, written {cs['written']}.)", ""]
    if w.get("errors"):
        text += ["Page errors: " + "; ".join(w["errors"][:3]), ""]
    return "\n".join(text), tg


def render_library(d):
    import library
    return library.render(d)


def render_strength(d):
    rows, tg = [], []
    for r in d["strength"]:
        low, high = wilson(r["wins"], r["games"])
        strongest = d["levels"][r["game"]][-1] == r["hero"]
        share = r["share"]
        if r["rest"] == "random":
            # the issues' target against random players: at least twice the share
            # (one against one, where that would be every game: 90 %)
            goal = min(2 * share, 0.9)
            ok, limit = r["win_rate"] >= goal, f"≥ {goal:.0%}" + (" (2× share)" if goal == 2 * share else "")
        else:
            ok, limit = low > share, f"CI above {share:.0%}"
        length = (f"{r['mean_length']:.1f} {r['unit']}" if r.get("unit") else "—")
        rows.append([r["game"], f"one {r['hero']} vs {r['players'] - 1} {r['rest']}", r["games"],
                     f"**{r['win_rate']:.1%}**", f"{low:.0%}–{high:.0%}", f"{share:.0%}",
                     fmt_ratio(r["win_rate"] / share), length, f"{r['seconds_per_game']:.2f} s",
                     met(ok) if strongest else ("above share" if low > share else "not clearly above share")])
        if "gentle" in (r["hero"], r["rest"]) and r["rest"] in ("gentle", "random"):
            # the gentle level sits between random and quick: quick beats it clearly,
            # and it beats random players
            tg.append([f"{r['game']}: {r['hero']} vs {r['rest']}",
                       f"{r['win_rate']:.1%} wins (95% CI {low:.0%}–{high:.0%}) vs share {share:.0%}",
                       f"CI above {share:.0%}", met(low > share)])
        if strongest:
            tg.append([f"{r['game']}: {r['hero']} vs {r['rest']}",
                       f"{r['win_rate']:.1%} wins (95% CI {low:.0%}–{high:.0%}) vs share {share:.0%}"
                       + (f"; {r['win_rate'] / share:.2f}× share (aim 1.6×)" if r["rest"] != "random" else ""),
                       limit, met(ok)])
    if not d["strength"]:
        return "## 5b. Computer players: strength\n\nNo game has computer players.\n", []
    note = f"{min(r['games'] for r in d['strength'])} games or more per pairing"
    text = ["## 5b. Computer players: strength", "",
            f"Tournaments, {note}: one seat of the first level (the hero) against all other seats "
            "of the second, at four players (a two-player game one against one), the hero's seat "
            "rotating game by game (so a two-player game alternates the first seat) and the same "
            "seeds for every pairing; a shared win counts as a fraction. The fair share is "
            "1 / players. Targets for the strongest level: against the level below, the 95% "
            "(Wilson) interval of its win rate lies above the share (aim: 1.6× the share); "
            "against random players, at least twice the share. Length: the mean length of a "
            "game as the game counts it (its final round or turn number). CPython, 2 processes; "
            f"s/game is CPU time per game (all pairings took "
            f"{d['strength'][0]['wall_seconds'] / 60:.1f} min of wall time).", "",
            table(["game", "pairing", "games", "hero wins", "95% CI", "share", "÷ share", "length",
                   "s/game", "Target"], rows), ""]
    cpu = sum(r["cpu_seconds"] for r in d["strength"])
    text += [f"All games took {cpu / 60:.0f} min of CPU time: about {cpu / 120:.0f} min of wall time on "
             f"two otherwise idle cores; the {d['strength'][0]['wall_seconds'] / 60:.0f} min it took "
             "here is the machine's other load.", ""]
    if d["quick"]:
        text += ["(Quick run: fewer games than the 200 per pairing the suite requires.)", ""]
    return "\n".join(text), tg


if __name__ == "__main__":
    sys.exit(main())
