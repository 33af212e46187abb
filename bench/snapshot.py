"""Instant return (issue 22): the start of a returning visit that restores this
device's memory snapshot, side by side with the normal start (?snapshot=off) and
the bare runtime page (bench/bare.html), all in the same run.

    python3 bench/snapshot.py                 # 3 rounds -> bench/RESULTS-snapshot.md/.json
    python3 bench/snapshot.py --rounds 5 --game court

Each round visits, in a rotating order, each in a fresh profile (no HTTP cache, no
service worker, no snapshot): the bare page, the app's home and the app's first
table (the instant person of bench/web.py: "play" then "start" the moment the home
is usable), each with snapshots on and off. A visit is: a cold first visit (which,
with snapshots on, makes the snapshot in a worker once usable: ?snapshot=soon, at
once rather than 15 s later, to keep the run short), a warm reload, and an offline
reload once the service worker keeps everything. Ratios are taken within a round
(cold to the bare page's cold, warm and offline to the bare page's warm, as
bench/run.py does), then the median. Also: the snapshot's size raw and stored,
how long it takes to make and what it costs the page's main thread while it is
made (long tasks), the bytes fetched while it is made, and a breakdown of a
restored start. Run on the built site (a copy of it, as bench/run.py does).
"""
from __future__ import annotations

import argparse
import json
import pathlib
import shutil
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from common import BENCH, fmt_bytes, fmt_ratio, load, machine, snapshot_site, summary, table  # noqa: E402
from web import (LOAD_TIMEOUT_MS, PRECACHE_TIMEOUT_MS, SW_SETTLE, TABLE, Site, _wait_marks,  # noqa: E402
                 fresh_profile, rotated)

SETTLED = ("() => ['stored', 'failed', 'skipped', 'unsupported', 'off']"
           ".includes(document.documentElement.dataset.snapshot)")
# Long tasks on the page's main thread (the snapshot is made in a worker: these say
# whether the page stays smooth meanwhile).
LONG_TASKS = """(() => {
  window.__longTasks = [];
  try {
    new PerformanceObserver(list => { for (const e of list.getEntries())
      window.__longTasks.push([e.startTime, e.duration]); }).observe({type: "longtask", buffered: true});
  } catch (e) { /* no long task timing */ }
})();"""
TARGETS = ("bare", "home", "home-off", "table", "table-off")


def plan_for(target: str, origin: str, game: str):
    if target == "bare":
        return f"{origin}/bench/bare.html", {"ready": "body[data-ready]"}
    query = "pace=0.02&snapshot=" + ("off" if target.endswith("-off") else "soon")
    plan = {"app": True}
    if target.startswith("table"):
        plan.update(game=game, table=TABLE)
    return f"{origin}/?{query}", plan


def sent(site: Site, phase) -> int:
    return sum(e["bytes"] for e in site.recorder.take(phase) if e["status"] == 200)


def visit(p, site: Site, target: str, game: str, log) -> dict:
    url, plan = plan_for(target, site.origin, game)
    out = {}
    with fresh_profile(p, site, plan, LONG_TASKS) as (context, page, errors):
        tag = (target, id(out))
        site.recorder.phase = tag + ("cold",)
        page.goto(url, timeout=LOAD_TIMEOUT_MS)
        out["cold"] = _wait_marks(page, plan)
        if plan.get("app"):
            out["sw"] = page.evaluate(SW_SETTLE, {"app": True, "timeout": PRECACHE_TIMEOUT_MS})
        out["cold_sent"] = sent(site, site.recorder.phase)
        if plan.get("app") and not target.endswith("-off"):
            site.recorder.phase = tag + ("making",)
            page.wait_for_function(SETTLED, timeout=PRECACHE_TIMEOUT_MS)
            info = page.evaluate("window.royalSnapshot")
            at = info.get("at", {})
            tasks = [d for s, d in page.evaluate("window.__longTasks")
                     if at.get("making", 1e18) <= s <= at.get("stored", at.get("failed", 1e18))]
            out["making"] = {"info": info, "sent": sent(site, site.recorder.phase),
                             "long_tasks": len(tasks), "long_ms": sum(tasks), "longest_ms": max(tasks, default=0)}
        for phase in ("warm", "offline"):
            if phase == "offline":
                if not page.evaluate("!!(navigator.serviceWorker && navigator.serviceWorker.controller)"):
                    break
                context.set_offline(True)
            site.recorder.phase = tag + (phase,)
            page.reload(timeout=LOAD_TIMEOUT_MS)
            out[phase] = _wait_marks(page, plan)
            if plan.get("app"):
                out[phase + "_snapshot"] = page.evaluate("window.royalSnapshot")
        context.set_offline(False)
        out["errors"] = errors
    log(f"  {target}: " + ", ".join(f"{ph} {out[ph]['ready']:.2f}s" + (f" table {out[ph]['table']:.2f}s"
                                                                       if "table" in out[ph] else "")
                                     for ph in ("cold", "warm", "offline") if ph in out)
        + (f"; restored: {out.get('warm_snapshot', {}).get('state')}" if target in ("home", "table") else ""))
    return out


def run(rounds: int, game: str, log) -> dict:
    from playwright.sync_api import sync_playwright
    root = snapshot_site()
    site = Site(root)
    data = {"machine": machine(), "game": game, "rounds": []}
    try:
        with sync_playwright() as p:
            log("one unmeasured visit of each first")
            for target in TARGETS:
                visit(p, site, target, game, log)
            for r in range(rounds):
                order = rotated(list(TARGETS), r)
                log(f"round {r + 1}/{rounds} (load {load()}): {', '.join(order)}")
                data["rounds"].append({t: visit(p, site, t, game, log) for t in order})
    finally:
        site.close()
        shutil.rmtree(root, ignore_errors=True)
    data["load_after"] = load()
    return data


def report(data: dict) -> str:
    rounds = data["rounds"]

    def ratios(target, phase, key, bare_phase):
        return [r[target][phase][key] / r["bare"][bare_phase]["ready"]
                for r in rounds if phase in r[target] and key in r[target][phase]]

    def fmt(xs, unit="×"):
        s = summary(xs)
        if not xs:
            return "—"
        f = fmt_ratio if unit == "×" else (lambda v: f"{v:.2f} s")
        return f"{f(s['median'])} ({f(s['min'])}–{f(s['max'])})"

    def secs(target, phase, key):
        return [r[target][phase][key] for r in rounds if phase in r[target] and key in r[target][phase]]

    rows = []
    for label, target, key in (("home usable", "home", "ready"), ("first table", "table", "table")):
        for phase, bare_phase in (("cold", "cold"), ("warm", "warm"), ("offline", "warm")):
            rows.append([f"{label}, {phase}", fmt(secs(target, phase, key), "s"),
                         fmt(ratios(target, phase, key, bare_phase)),
                         fmt(secs(target + "-off", phase, key), "s"),
                         fmt(ratios(target + "-off", phase, key, bare_phase))])
    rows.append(["bare page: script ran, cold", fmt(secs("bare", "cold", "ready"), "s"), "1", "", ""])
    rows.append(["bare page: script ran, warm", fmt(secs("bare", "warm", "ready"), "s"), "1", "", ""])

    def med(xs):
        return summary(xs)["median"] if xs else float("nan")

    restored = [r[t][ph + "_snapshot"] for r in rounds for t in ("home", "table") for ph in ("warm", "offline")
                if ph + "_snapshot" in r[t]]
    states = sorted({s["state"] for s in restored})
    making = [r[t]["making"] for r in rounds for t in ("home", "table") if "making" in r[t]]
    infos = [m["info"] for m in making if m["info"].get("state") == "stored"]
    targets = {
        "home usable, warm": med(ratios("home", "warm", "ready", "warm")),
        "home usable, offline": med(ratios("home", "offline", "ready", "warm")),
        "first table, warm": med(ratios("table", "warm", "table", "warm")),
        "first table, offline": med(ratios("table", "offline", "table", "warm")),
        "cold start, usable": med(ratios("home", "cold", "ready", "cold")),
    }
    limits = {"home usable, warm": 0.6, "home usable, offline": 0.6, "first table, warm": 0.7,
              "first table, offline": 0.7, "cold start, usable": 1.2}
    cold_on = [r["home"]["cold_sent"] for r in rounds]
    cold_off = [r["home-off"]["cold_sent"] for r in rounds]
    bytes_ratio = med([a / b for a, b in zip(cold_on, cold_off) if b])
    lines = [f"# Instant return: the memory snapshot (issue 22)", "",
             f"{data['machine']['date']}, load {data['machine']['load']} → {data['load_after']}, "
             f"commit {data['machine']['commit']}{' (dirty)' if data['machine']['dirty'] else ''}, "
             f"Chromium {data['machine']['chromium']}, Pyodide {data['machine']['pyodide']}, "
             f"PyScript {data['machine']['pyscript']}; {len(rounds)} rounds; first table: {data['game']}.", "",
             "## Targets (ratios to the bare runtime page in the same round)", "",
             table(["target", "median", "limit", "met"],
                   [[k, fmt_ratio(v), f"≤ {limits[k]}", "yes" if v <= limits[k] else "NO"]
                    for k, v in targets.items()]
                   + [["first-visit bytes, snapshots on / off", fmt_ratio(bytes_ratio), "≤ 1.1",
                       "yes" if bytes_ratio <= 1.1 else "NO"]]), "",
             "## Start-up, seconds from navigation start, snapshots on and off", "",
             table(["what", "on: s", "on: × bare", "off: s", "off: × bare"], rows), "",
             f"States of the warm and offline reloads with snapshots on: {', '.join(states)}.", ""]
    if infos:
        raw, stored = med([i["bytes"] for i in infos]), med([i["stored"] for i in infos])
        steps = {k: med([i["steps"][k] for i in infos]) for k in infos[0]["steps"]}
        lines += ["## The snapshot", "",
                  table(["", "median"],
                        [["size in memory (raw)", fmt_bytes(raw)], ["kept on the device (gzip)", fmt_bytes(stored)],
                         ["made in (worker, after usable)", f"{med([i['makeMs'] for i in infos]) / 1000:.2f} s"]]
                        + [[f"  {k}", f"{v:.0f} ms"] for k, v in steps.items()]
                        + [["page main thread: long tasks while it is made",
                            f"{med([m['long_tasks'] for m in making]):.0f} "
                            f"(total {med([m['long_ms'] for m in making]):.0f} ms, longest "
                            f"{med([m['longest_ms'] for m in making]):.0f} ms)"],
                           ["bytes fetched from the network while it is made",
                            fmt_bytes(med([m["sent"] for m in making]))]]), ""]
    ok = [(r["home"]["warm"], r["home"]["warm_snapshot"]) for r in rounds
          if r["home"].get("warm_snapshot", {}).get("state") == "restored"]
    if ok:
        def part(f):
            return f"{med([f(m, s) for m, s in ok]) * 1000:.0f} ms"
        lines += ["## Where a restored start's time goes (home, warm reload; medians)", "",
                  table(["from → to", "median"], [
                      ["navigation → first paint of the home (visible)", part(lambda m, s: m["visible"])],
                      ["navigation → PyScript calls our loadPyodide", part(lambda m, s: s["at"]["called"] / 1000)],
                      ["reading the snapshot (IndexedDB + gunzip)", part(lambda m, s: s["readMs"] / 1000)],
                      ["restoring it (Pyodide: wasm instance, memory, checks)",
                       part(lambda m, s: (s["restoreMs"] - s["readMs"]) / 1000)],
                      ["restored → usable (PyScript's own setup, app.zip files, main.py, first draw)",
                       part(lambda m, s: m["ready"] - s["at"]["restored"] / 1000)],
                      ["navigation → usable", part(lambda m, s: m["ready"])]]), ""]
    errors = [e for r in rounds for t in r.values() for e in t.get("errors", [])]
    lines += [f"Page errors: {len(errors)}" + (f" ({'; '.join(errors[:3])})" if errors else ""), ""]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", default="krypkille")
    parser.add_argument("--out", default=str(BENCH / "RESULTS-snapshot"))
    args = parser.parse_args()
    started = time.time()
    data = run(args.rounds, args.game, lambda m: print(m, flush=True))
    data["duration_s"] = time.time() - started
    out = pathlib.Path(args.out)
    out.with_suffix(".json").write_text(json.dumps(data, indent=1))
    text = report(data)
    out.with_suffix(".md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
