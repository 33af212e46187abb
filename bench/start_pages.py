"""Warm starts of two versions of the whole page side by side (issue 33): the bare
runtime page, the site as `--before` builds it and the site as HEAD builds it, each
built from git (bench/redraw.py's build_site), bench/boot_probe.js put into each copy.
bench/boot.py swaps only our Python between its variants; this compares what it
cannot: the page itself (index.html, the scripts, the interpreter module).

Each round opens every variant in a fresh profile (rotating order), waits for its
service worker to keep every file, then reloads it twice: each reload's probe marks and
the request times of the runtime's files (Resource Timing), in ms since navigation.

    .venv/bin/python bench/start_pages.py --before 2cc22c8 --rounds 6 --out /tmp/start
"""
from __future__ import annotations

import argparse
import json
import pathlib
import shutil
import sys
import tempfile
import time

BENCH = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH.parent / "e2e"))

from boot import USABLE, with_probe  # noqa: E402
from common import CHROMIUM, load, machine, median  # noqa: E402
from redraw import build_site, log  # noqa: E402
from web import ARGS, SETTLED, Site, rotated  # noqa: E402

RELOADS = 2
# What one reload reports: the probe's marks, paint, the page parsed, and when each file
# was asked for and came (by its last path segment).
READ = """() => {
  const out = { marks: {}, files: {} };
  for (const [k, v] of Object.entries(window.__boot.finish())) if (typeof v === "number") out.marks[k] = v;
  for (const e of performance.getEntriesByType("paint")) out.marks[e.name] = e.startTime;
  out.marks.parsed = performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd;
  for (const e of performance.getEntriesByType("resource")) out.files[e.name.split("/").pop()] = [e.startTime, e.responseEnd];
  return out;
}"""
# The rows of the report: (label, how to read one reload).
ROWS = (("page parsed (DOMContentLoaded)", lambda r: r["marks"].get("parsed")),
        ("first contentful paint", lambda r: r["marks"].get("first-contentful-paint")),
        ("interpreter module asked for", lambda r: r["files"].get("royal-snapshot.mjs", [None])[0]),
        ("Pyodide's start called", lambda r: r["marks"].get("called")),
        ("pyodide.asm.wasm asked for", lambda r: r["files"].get("pyodide.asm.wasm", [None])[0]),
        ("pyodide.asm.wasm arrived", lambda r: r["files"].get("pyodide.asm.wasm", [None, None])[1]),
        ("app.zip asked for", lambda r: r["files"].get("app.zip", [None])[0]),
        ("Pyodide ready (PyScript's onReady)", lambda r: r["marks"].get("pyodide")),
        ("usable", lambda r: r["marks"].get("usable")))


def visit(p, url: str, settle: bool) -> list[dict]:
    profile = tempfile.mkdtemp(prefix="royaltable-start-")
    context = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True, args=ARGS,
                                                   viewport={"width": 1024, "height": 768}, locale="ja-JP")
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(url)
        page.wait_for_function(USABLE, timeout=240_000, polling=50)
        if settle:
            page.wait_for_selector(SETTLED, state="attached", timeout=120_000)
        else:
            page.wait_for_timeout(3000)
        out = []
        for _ in range(RELOADS):
            page.reload()
            page.wait_for_function(USABLE, timeout=240_000, polling=50)
            out.append(page.evaluate(READ))
        return out
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)


def measured_median(values) -> float | None:
    """The median of the reloads that have this mark (None: none has it)."""
    values = [v for v in values if v is not None]
    return median(values) if values else None


def render(report: dict) -> str:
    names = list(report["reloads"])
    where = ", ".join(f"{k} {v}" for k, v in report["machine"].items())
    lines = [f"`{report['command']}`, {where}, load {report['load_before']} → {report['load_after']}.",
             "", f"{report['rounds']} rounds × {RELOADS} warm reloads; medians in ms since navigation.", "",
             "| | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for label, read in ROWS:
        cells = [measured_median(read(r) for r in report["reloads"][n]) for n in names]
        lines.append(f"| {label} | " + " | ".join("—" if c is None else f"{c:.0f}" for c in cells) + " |")
    bare = report["reloads"]["bare"]
    cells = []
    for n in names:
        ratios = [r["marks"]["usable"] / b["marks"]["usable"] for r, b in zip(report["reloads"][n], bare)]
        cells.append(f"{median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f})")
    lines.append("| usable × bare (per reload, median) | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", required=True, help="the commit whose page is `before`")
    ap.add_argument("--names", default="before,after", help="what --before and HEAD are, for the report")
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--out", required=True, help="writes OUT.md and OUT.json")
    args = ap.parse_args()
    before_name, after_name = args.names.split(",")
    work = pathlib.Path(tempfile.mkdtemp(prefix="royaltable-start-pages-"))
    sites = {}
    try:
        for name, commit in ((before_name, args.before), (after_name, "HEAD")):
            log(f"building {name} ({commit})")
            with_probe(build_site(commit, work / name))
            sites[name] = Site(work / name)
        load_before = load()
        reloads = {"bare": [], before_name: [], after_name: []}
        from playwright.sync_api import sync_playwright
        with sync_playwright() as p:
            for round_no in range(args.rounds):
                for name in rotated(list(reloads), round_no):
                    site = sites[before_name if name == "bare" else name]
                    url = site.origin + ("/bench/bare.html" if name == "bare" else "/?snapshot=off")
                    reloads[name] += visit(p, url, settle=name != "bare")
                log(f"round {round_no + 1}: usable " + ", ".join(
                    f"{n} {reloads[n][-1]['marks']['usable']:.0f}" for n in reloads))
        report = {"command": "python3 bench/start_pages.py " + " ".join(sys.argv[1:]), "machine": machine(),
                  "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "rounds": args.rounds,
                  "load_before": load_before, "load_after": load(), "reloads": reloads}
        pathlib.Path(args.out + ".json").write_text(json.dumps(report))
        pathlib.Path(args.out + ".md").write_text(render(report))
        print(render(report))
    finally:
        for site in sites.values():
            site.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
