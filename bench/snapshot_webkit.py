"""The quick start in WebKit (issue 33): WebKit's first and return visits side by
side with Chromium's, engines alternating in one run, and what making the memory
snapshot costs WebKit's web process.

    python3 bench/snapshot_webkit.py              # 3 rounds -> bench/RESULTS-snapshot-webkit.md/.json
    python3 bench/snapshot_webkit.py --rounds 5

Each round visits the app once in each engine, in alternating order (Chromium
first in odd rounds, WebKit first in even ones), each on a fresh origin (a server
on a new port: no HTTP cache, no service worker, no snapshot, no localStorage)
and, in Chromium, a fresh profile; WebKit is Debian's WebKitGTK (MiniBrowser
under WebKitWebDriver on a private Xvfb display, e2e/webkit.py). A visit is: the
first visit (?snapshot=soon: the snapshot is made as soon as the home screen is
quiet rather than 15 s later, to keep the run short), waiting until it is stored,
then a reload (the return visit, which restores it). "Usable" is the page's own
mark (royalSnapshot.at.usable: Python has taken over the home screen), read the
same way in both engines. Ratios are WebKit over Chromium within a round, then
the median. While WebKit makes the snapshot, the resident memory of its web
process (WebKitWebProcess, where the page and its workers run) is read from
/proc every 100 ms. Run on the built site (a copy of it, as bench/run.py does).
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import shutil
import sys
import tempfile
import threading
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "e2e"))

from common import BENCH, fmt_bytes, fmt_ratio, load, machine, proc_stat, snapshot_site, summary, table  # noqa: E402
from web import Site, fresh_profile  # noqa: E402

QUERY = "pace=0.02&snapshot=soon"
SETTLED = ("['stored', 'failed', 'skipped', 'unsupported', 'off']"
           ".includes(document.documentElement.dataset.snapshot)")
USABLE = "window.royalSnapshot && window.royalSnapshot.at.usable !== undefined"
# The page's frames (requestAnimationFrame), from the first visit's usable on: how
# smooth the page stays while the snapshot is made, against the 10 s after.
FRAMES = """if (!window.__frames) { window.__frames = [];
  const frame = (t) => { window.__frames.push(t); requestAnimationFrame(frame); };
  requestAnimationFrame(frame); }"""
FRAME_GAPS = """(from, to) => { const f = window.__frames.filter(t => t >= from && t <= to);
  const gaps = f.slice(1).map((t, i) => t - f[i]).sort((a, b) => a - b);
  return {frames: f.length, p95: gaps.length ? gaps[Math.floor(gaps.length * 0.95)] : null,
          max: gaps.length ? gaps[gaps.length - 1] : null, over50: gaps.filter(g => g > 50).length}; }"""
AFTER_S = 10
MAKING_TIMEOUT_S = 600
LOAD_TIMEOUT_MS = 600_000      # WebKit's first boot took 114 s at a load of 27
# What the page knows of its start: the snapshot module's marks and when the big
# files arrived (resource timing, ms since navigation start).
PAGE_INFO = """return {snapshot: window.royalSnapshot, now: performance.now(),
  files: Object.fromEntries(performance.getEntriesByType('resource')
    .filter(e => /(pyodide\\.asm\\.wasm|python_stdlib\\.zip|app\\.zip|main\\.py|pyodide\\.asm\\.js)$/.test(e.name))
    .map(e => [e.name.split('/').pop(), [Math.round(e.startTime), Math.round(e.responseEnd)]]))};"""


# ---- WebKit's web process memory ---------------------------------------------------
def descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = pathlib.Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            children.setdefault(int(stat.rsplit(")", 1)[1].split()[1]), []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def web_processes(driver_pid: int) -> list[int]:
    found = []
    for pid in descendants(driver_pid):
        try:
            if pathlib.Path(f"/proc/{pid}/comm").read_text().strip().startswith("WebKitWebProces"):
                found.append(pid)
        except OSError:
            pass
    return found


def cpu_seconds(pid: int) -> float:
    try:
        return proc_stat(f"/proc/{pid}/stat")[1] / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def rss_bytes(pid: int) -> int:
    try:
        for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


BROWSER_PROCESSES = ("chromium", "WebKit", "MiniBrowser")


def browser_cpu() -> float:
    """CPU seconds so far of every browser process this run started (Chromium's or
    WebKit's, not the drivers nor Xvfb): a visit's CPU cost, which the machine's load
    does not stretch as it stretches the wall clock."""
    total = 0.0
    for pid in descendants(os.getpid()):
        try:
            if pathlib.Path(f"/proc/{pid}/comm").read_text().startswith(BROWSER_PROCESSES):
                total += cpu_seconds(pid)
        except OSError:
            pass
    return total


class MemorySampler(threading.Thread):
    """The summed RSS and CPU time of the session's web processes, every 100 ms:
    (monotonic s, bytes, CPU s)."""

    def __init__(self, driver_pid: int):
        super().__init__(daemon=True)
        self.driver_pid = driver_pid
        self.samples: list[tuple[float, int]] = []
        self.done = threading.Event()

    def run(self):
        pids, looked = [], 0.0
        while not self.done.is_set():
            now = time.monotonic()
            if now - looked > 2:             # a navigation may swap the web process
                pids, looked = web_processes(self.driver_pid), now
            self.samples.append((now, sum(rss_bytes(pid) for pid in pids),
                                 sum(cpu_seconds(pid) for pid in pids)))
            self.done.wait(0.1)

    def peak(self, start: float, end: float) -> int:
        return max((b for t, b, _ in self.samples if start <= t <= end), default=0)

    def at(self, moment: float) -> int:
        before = [b for t, b, _ in self.samples if t <= moment]
        return before[-1] if before else 0

    def cpu(self, start: float, end: float) -> float:
        inside = [c for t, _, c in self.samples if start <= t <= end]
        return inside[-1] - inside[0] if len(inside) > 1 else 0.0


# ---- one visit in each engine --------------------------------------------------------
def webkit_visit(root: pathlib.Path, log) -> dict:
    from webkit import Session
    site = Site(root)
    session = Session(site.origin, pathlib.Path(tempfile.gettempdir()) / "royaltable-webkit-bench.log")
    sampler = MemorySampler(session.driver.service.process.pid)
    sampler.start()
    b = session.browser
    out = {}
    try:
        session.browser.set_viewport(1024, 768)
        cpu = browser_cpu()
        b.driver.get(f"{site.origin}/?{QUERY}")
        out["first"] = wait_usable_webkit(b)
        out["first"]["cpu_s"] = browser_cpu() - cpu
        b.js(FRAMES)
        deadline = time.monotonic() + MAKING_TIMEOUT_S
        while not b.js(f"return {SETTLED}"):
            if time.monotonic() > deadline:
                raise RuntimeError(f"WebKit's snapshot was not made within {MAKING_TIMEOUT_S} s")
            time.sleep(0.5)
        made = page_info_webkit(b)
        out["made"] = made
        at = made["snapshot"]["at"]
        if "making" in at and "stored" in at:
            to_mono = made["mono"] - made["now"] / 1000      # page time (ms) -> monotonic (s)
            start, end = to_mono + at["making"] / 1000, to_mono + at["stored"] / 1000
            out["memory"] = {"before": sampler.at(start), "peak": sampler.peak(start, end),
                             "peak_boot": sampler.peak(0, start), "cpu_s": sampler.cpu(start, end),
                             "after": None}
            time.sleep(AFTER_S)
            out["memory"]["after"] = sampler.at(time.monotonic())
            gaps = f"return ({FRAME_GAPS})(arguments[0], arguments[1])"
            out["frames"] = {"making": b.js(gaps, at["making"], at["stored"]),
                             "after": b.js(gaps, at["stored"], at["stored"] + AFTER_S * 1000)}
        cpu = browser_cpu()
        b.driver.refresh()
        out["return"] = wait_usable_webkit(b)
        out["return"]["cpu_s"] = browser_cpu() - cpu
    finally:
        sampler.done.set()
        session.close()
        site.close()
    return out


def wait_usable_webkit(b) -> dict:
    deadline = time.monotonic() + LOAD_TIMEOUT_MS / 1000
    while not b.js(f"return !!({USABLE})"):
        if b.count("#boot.boot-failed, .py-error"):
            raise RuntimeError("WebKit: " + b.text("#boot.boot-failed, .py-error"))
        if time.monotonic() > deadline:
            raise RuntimeError("WebKit: not usable in time")
        time.sleep(0.2)
    return page_info_webkit(b)


def page_info_webkit(b) -> dict:
    before = time.monotonic()
    info = b.js(PAGE_INFO)
    info["mono"] = (before + time.monotonic()) / 2
    return info


def chromium_visit(p, root: pathlib.Path, log) -> dict:
    site = Site(root)
    out = {}
    try:
        with fresh_profile(p, site, {"app": True}) as (context, page, errors):
            cpu = browser_cpu()
            page.goto(f"{site.origin}/?{QUERY}", timeout=LOAD_TIMEOUT_MS)
            page.wait_for_function(f"() => {USABLE}", timeout=LOAD_TIMEOUT_MS)
            spent = browser_cpu() - cpu
            out["first"] = page.evaluate(f"() => {{ {PAGE_INFO} }}")
            out["first"]["cpu_s"] = spent
            page.evaluate(f"() => {{ {FRAMES} }}")
            page.wait_for_function(f"() => {SETTLED}", timeout=MAKING_TIMEOUT_S * 1000)
            out["made"] = page.evaluate(f"() => {{ {PAGE_INFO} }}")
            at = out["made"]["snapshot"]["at"]
            if "making" in at and "stored" in at:
                page.wait_for_timeout(AFTER_S * 1000)
                gaps = f"([from, to]) => ({FRAME_GAPS})(from, to)"
                out["frames"] = {"making": page.evaluate(gaps, [at["making"], at["stored"]]),
                                 "after": page.evaluate(gaps, [at["stored"], at["stored"] + AFTER_S * 1000])}
            cpu = browser_cpu()
            page.reload(timeout=LOAD_TIMEOUT_MS)
            page.wait_for_function(f"() => {USABLE}", timeout=LOAD_TIMEOUT_MS)
            spent = browser_cpu() - cpu
            out["return"] = page.evaluate(f"() => {{ {PAGE_INFO} }}")
            out["return"]["cpu_s"] = spent
            out["errors"] = errors
    finally:
        site.close()
    return out


def usable_s(visit: dict, phase: str) -> float:
    return visit[phase]["snapshot"]["at"]["usable"] / 1000


def making_s(visit: dict) -> float:
    at = visit["made"]["snapshot"]["at"]
    return (at["stored"] - at["making"]) / 1000


def describe(engine: str, visit: dict) -> str:
    made = visit["made"]["snapshot"]
    text = (f"{engine}: first {usable_s(visit, 'first'):.1f} s, made {made['state']}"
            f" in {made.get('makeMs', 0) / 1000:.1f} s, return {usable_s(visit, 'return'):.1f} s"
            f" ({visit['return']['snapshot']['state']})")
    if "memory" in visit:
        m = visit["memory"]
        text += f"; web process {m['before'] / 2**20:.0f} -> peak {m['peak'] / 2**20:.0f} MiB"
    return text


def run(rounds: int, log) -> dict:
    from playwright.sync_api import sync_playwright
    root = snapshot_site()
    data = {"machine": machine(), "rounds": []}
    try:
        with sync_playwright() as p:
            for r in range(rounds):
                order = ["chromium", "webkit"] if r % 2 == 0 else ["webkit", "chromium"]
                log(f"round {r + 1}/{rounds} (load {load()}): {', '.join(order)}")
                one = {"load": load()}
                for engine in order:
                    one[engine] = chromium_visit(p, root, log) if engine == "chromium" else webkit_visit(root, log)
                    log("  " + describe(engine, one[engine]))
                data["rounds"].append(one)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    data["load_after"] = load()
    return data


# ---- the report ----------------------------------------------------------------------
def report(data: dict) -> str:
    rounds = data["rounds"]

    def med(xs):
        return summary(xs)["median"] if xs else float("nan")

    def spread(xs, f):
        return f"{f(med(xs))} ({f(min(xs))}–{f(max(xs))})" if xs else "—"

    def secs(v):
        return f"{v:.2f} s"

    def at(r, engine, phase, mark):
        return r[engine][phase]["snapshot"]["at"].get(mark)

    def ratio(phase):
        return [usable_s(r["webkit"], phase) / usable_s(r["chromium"], phase) for r in rounds]

    first, back = med(ratio("first")), med(ratio("return"))
    lines = ["# The quick start in WebKit (issue 33)", "",
             f"{data['machine']['date']}, load {data['machine']['load']} → {data['load_after']} "
             f"(1, 5, 15 min), commit {data['machine']['commit']}"
             f"{' (dirty)' if data['machine']['dirty'] else ''}, {data['machine']['cores']} cores; "
             f"{data['machine']['chromium']}; WebKitGTK {webkit_version()}; Pyodide {data['machine']['pyodide']}, "
             f"PyScript {data['machine']['pyscript']}; {len(rounds)} rounds, engines alternating, "
             f"load at each round's start: {', '.join(r['load'].split()[0] for r in rounds)}.", "",
             "## Targets (WebKit / Chromium, within a round; median)", "",
             table(["target", "median (min–max)", "limit", "met"], [
                 ["return visit usable", spread(ratio("return"), fmt_ratio), "≤ 3×", "yes" if back <= 3 else "NO"],
                 ["first visit usable", spread(ratio("first"), fmt_ratio), "≤ 3×", "yes" if first <= 3 else "NO"]]),
             "", "## Seconds from navigation start to usable", "",
             table(["", "Chromium", "WebKit"], [
                 ["first visit", spread([usable_s(r["chromium"], "first") for r in rounds], secs),
                  spread([usable_s(r["webkit"], "first") for r in rounds], secs)],
                 ["return visit (restored)", spread([usable_s(r["chromium"], "return") for r in rounds], secs),
                  spread([usable_s(r["webkit"], "return") for r in rounds], secs)]]), "",
             "## CPU seconds of the browser's processes from navigation to usable", "",
             "(Every process of the engine: Chromium's browser, renderer, GPU and network processes; "
             "WebKit's MiniBrowser, web and network processes. The machine's load stretches the wall "
             "clock far more than this.)", "",
             table(["", "Chromium", "WebKit", "WebKit / Chromium"], [
                 [label, spread([r["chromium"][phase]["cpu_s"] for r in rounds], secs),
                  spread([r["webkit"][phase]["cpu_s"] for r in rounds], secs),
                  spread([r["webkit"][phase]["cpu_s"] / r["chromium"][phase]["cpu_s"] for r in rounds], fmt_ratio)]
                 for label, phase in (("first visit", "first"), ("return visit (restored)", "return"))]), "",
             "States of the return visits: "
             + ", ".join(f"{e} {r[e]['return']['snapshot']['state']}" for r in rounds for e in ("chromium", "webkit"))
             + ".", ""]

    def breakdown(phase, parts):
        rows = []
        for label, f in parts:
            row = [label]
            for engine in ("chromium", "webkit"):
                xs = [v for v in (f(r, engine) for r in rounds) if v is not None]
                row.append(spread([x / 1000 for x in xs], secs))
            rows.append(row)
        return table(["from → to", "Chromium", "WebKit"], rows)

    def file_end(r, engine, phase, name):
        span = r[engine][phase]["files"].get(name)
        return span[1] if span else None

    def diff(a, b):
        return None if a is None or b is None else a - b

    lines += ["## Where a first visit's time goes (medians, min–max)", "",
              breakdown("first", [
                  ["navigation → PyScript calls our loadPyodide", lambda r, e: at(r, e, "first", "called")],
                  ["navigation → pyodide.asm.wasm received", lambda r, e: file_end(r, e, "first", "pyodide.asm.wasm")],
                  ["Pyodide's own start (loadPyodide: wasm, runtime, standard library)",
                   lambda r, e: r[e]["first"]["snapshot"].get("bootMs")],
                  ["Pyodide started → usable (app.zip, our imports, main.py, first draw)",
                   lambda r, e: diff(at(r, e, "first", "usable"), at(r, e, "first", "normal"))],
                  ["navigation → usable", lambda r, e: at(r, e, "first", "usable")]]), "",
              "## Where a return visit's time goes (medians, min–max)", "",
              breakdown("return", [
                  ["navigation → PyScript calls our loadPyodide", lambda r, e: at(r, e, "return", "called")],
                  ["reading the snapshot (IndexedDB + gunzip)", lambda r, e: r[e]["return"]["snapshot"].get("readMs")],
                  ["restoring it (Pyodide: wasm instance, memory, checks)",
                   lambda r, e: diff(r[e]["return"]["snapshot"].get("restoreMs"),
                                     r[e]["return"]["snapshot"].get("readMs"))],
                  ["restored → usable (PyScript's setup, app.zip files, main.py, first draw)",
                   lambda r, e: diff(at(r, e, "return", "usable"), at(r, e, "return", "restored"))],
                  ["navigation → usable", lambda r, e: at(r, e, "return", "usable")]]), ""]

    made = [r["webkit"]["made"]["snapshot"] for r in rounds if r["webkit"]["made"]["snapshot"]["state"] == "stored"]
    mem = [r["webkit"]["memory"] for r in rounds if "memory" in r["webkit"]]
    chromium_made = [r["chromium"]["made"]["snapshot"] for r in rounds
                     if r["chromium"]["made"]["snapshot"]["state"] == "stored"]
    if made:
        mib = (lambda v: f"{v / 2**20:.0f} MiB")
        steps = {k: [m["steps"][k] for m in made] for k in made[0]["steps"]}
        lines += ["## What making the snapshot costs WebKit (the first visit, on the quiet home)", "",
                  table(["", "WebKit", "Chromium"], [
                      ["made in (worker)", spread([m["makeMs"] / 1000 for m in made], secs),
                       spread([m["makeMs"] / 1000 for m in chromium_made], secs)],
                      *[[f"  {k}", spread([v / 1000 for v in vs], secs),
                         spread([m["steps"][k] / 1000 for m in chromium_made], secs)] for k, vs in steps.items()],
                      ["size in memory (raw)", fmt_bytes(med([m["bytes"] for m in made])),
                       fmt_bytes(med([m["bytes"] for m in chromium_made]))],
                      ["kept on the device (gzip)", fmt_bytes(med([m["stored"] for m in made])),
                       fmt_bytes(med([m["stored"] for m in chromium_made]))]]), "",
                  table(["web process resident memory (WebKitWebProcess, /proc)", "median (min–max)"], [
                      ["peak while booting (first visit)", spread([m["peak_boot"] for m in mem], mib)],
                      ["just before the making", spread([m["before"] for m in mem], mib)],
                      ["peak while making", spread([m["peak"] for m in mem], mib)],
                      ["added by the making (peak − before)", spread([m["peak"] - m["before"] for m in mem], mib)],
                      [f"{AFTER_S} s after it was stored", spread([m["after"] for m in mem], mib)],
                      ["web process CPU time while making", spread([m["cpu_s"] for m in mem], secs)]]), ""]
    frame_rows = []
    for engine in ("webkit", "chromium"):
        for when in ("making", "after"):
            fs = [(r[engine]["frames"][when], making_s(r[engine]) if when == "making" else AFTER_S)
                  for r in rounds if "frames" in r[engine] and r[engine]["frames"][when]["p95"]]
            if fs:
                frame_rows.append([f"{engine}, {'while making' if when == 'making' else f'{AFTER_S} s after'}",
                                   spread([f["p95"] for f, _ in fs], lambda v: f"{v:.0f} ms"),
                                   spread([f["max"] for f, _ in fs], lambda v: f"{v:.0f} ms"),
                                   spread([f["over50"] / s for f, s in fs], lambda v: f"{v:.1f}")])
    if frame_rows:
        lines += ["The page's frames on the home screen (requestAnimationFrame gaps) while the snapshot is made, "
                  "against the seconds after:", "",
                  table(["", "gap p95", "gap max", "gaps > 50 ms a second"], frame_rows), ""]
    errors = [e for r in rounds for e in r["chromium"].get("errors", [])]
    lines += [f"Chromium page errors: {len(errors)}" + (f" ({'; '.join(errors[:3])})" if errors else ""), ""]
    return "\n".join(lines)


def webkit_version() -> str:
    import subprocess
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "libwebkit2gtk-4.1-0"],
                             capture_output=True, text=True, timeout=10).stdout
        return out.strip() or "?"
    except (OSError, subprocess.SubprocessError):
        return "?"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", default=str(BENCH / "RESULTS-snapshot-webkit"))
    args = parser.parse_args()
    started = time.time()
    data = run(args.rounds, lambda m: print(m, flush=True))
    data["duration_s"] = time.time() - started
    out = pathlib.Path(args.out)
    out.with_suffix(".json").write_text(json.dumps(data, indent=1))
    text = report(data)
    out.with_suffix(".md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
