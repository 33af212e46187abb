"""A returning visit's start (the memory snapshot restored), two builds side by side in
one run: this commit's site (HEAD, as tools/build.py builds it) against --before's, in
Chromium and in WebKit (iPad Safari's engine).

    python3 bench/warm_start.py --before 600e736              # -> bench/RESULTS-warm-start.md/.json
    python3 bench/warm_start.py --before 600e736 --rounds 6 --reloads 6 --webkit-rounds 2

Each round visits both sites in a rotating order, each in a fresh profile: a first
visit (?snapshot=soon: the snapshot made at once, rather than 15 s after the app is
usable or, in WebKit, on a home screen left quiet that long), once it is stored and
the service worker keeps every file, `--reloads` return visits, each of which must
restore it. Per return visit, from window.royalSnapshot (static/snapshot.mjs): when
the app was usable (since navigation start), how long reading the snapshot took (the
database and the unpacking) and, where the site measures it, the unpacking alone.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "e2e"))

from common import BENCH, CHROMIUM, load, machine, summary, table  # noqa: E402
from redraw import build_site  # noqa: E402
from web import ARGS, SETTLED, Site, rotated  # noqa: E402

QUERY = "pace=0&snapshot=soon"
USABLE = "window.royalReady === true && !document.getElementById('boot')"
STORED = "document.documentElement.dataset.snapshot === 'stored'"
LIMIT_S = 900                   # a first visit and its making in WebKit under load
FIELDS = {"usable": "navigation → usable", "read": "reading the snapshot (database + unpacking)",
          "unpack": "  unpacking alone (where measured)", "restore": "restoring it (Pyodide) → restored"}


def log(*parts):
    print(time.strftime("%H:%M:%S"), *parts, flush=True)


def visit_row(info: dict) -> dict:
    assert info["state"] == "restored", f"a return visit did not restore the snapshot: {info}"
    at = info["at"]
    return {"usable": at["usable"], "read": info["readMs"], "unpack": info.get("unpackMs"),
            "restore": at["restored"] - at["called"] - info["readMs"]}


def chromium_visits(browser, origin: str, reloads: int) -> list[dict]:
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        page = context.new_page()
        page.goto(f"{origin}/?{QUERY}")
        page.wait_for_function(f"() => {STORED}", timeout=LIMIT_S * 1000)
        page.wait_for_selector(SETTLED, state="attached", timeout=LIMIT_S * 1000)
        rows = []
        for _ in range(reloads):
            page.reload()
            page.wait_for_function(f"() => {USABLE}", timeout=LIMIT_S * 1000)
            rows.append(visit_row(page.evaluate("window.royalSnapshot")))
        return rows
    finally:
        context.close()


def webkit_visits(origin: str, reloads: int, log_path: pathlib.Path) -> list[dict]:
    from webkit import Session
    session = Session(origin, log_path, optimizing_tier=False)      # as e2e/test_snapshot_webkit.py
    try:
        b = session.browser
        b.set_viewport(1024, 768)
        b.driver.get(f"{origin}/?{QUERY}")
        wait(lambda: b.js(f"return {STORED}"), "the snapshot stored in WebKit")
        wait(lambda: b.count(SETTLED) == 1, "the files kept for offline play in WebKit")
        rows = []
        for _ in range(reloads):
            b.driver.get(f"{origin}/?{QUERY}")
            wait(lambda: b.js(f"return {USABLE}"), "WebKit's return visit usable")
            rows.append(visit_row(b.js("return window.royalSnapshot")))
        return rows
    finally:
        session.close()


def wait(check, what: str) -> None:
    deadline = time.monotonic() + LIMIT_S
    while not check():
        if time.monotonic() > deadline:
            raise RuntimeError(f"not within {LIMIT_S} s: {what}")
        time.sleep(0.25)


def render(report: dict) -> str:
    lines = [f"# A returning visit's start: {report['names'][0]} against {report['names'][1]}", "",
             f"{report['date']}, load {report['load_start']} → {report['load_end']}, commit {report['commit']} "
             f"against {report['before']}; {report['rounds']} Chromium rounds, {report['webkit_rounds']} WebKit "
             f"rounds, {report['reloads']} return visits each; {report['machine'].get('cpu', '?')}.", "",
             "Medians over the return visits (ms); the ratio is this commit's to --before's.", ""]
    this, that = report["names"]
    for engine, runs in report["engines"].items():
        if not runs[this]:
            continue
        rows = []
        for key, label in FIELDS.items():
            a = [r[key] for r in runs[this] if r[key] is not None]
            b = [r[key] for r in runs[that] if r[key] is not None]
            ma = summary(a)["median"] if a else None
            mb = summary(b)["median"] if b else None
            ratio = f"{ma / mb:.2f}×" if ma and mb else "—"
            rows.append([label, f"{ma:.0f}" if ma else "—", f"{mb:.0f}" if mb else "—", ratio])
        lines += [f"## {engine} ({len(runs[this])} / {len(runs[that])} visits)", "",
                  table(["", this, that, "ratio"], rows), ""]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", required=True, help="the commit to compare HEAD with")
    ap.add_argument("--names", default="this,before", help="what HEAD and --before are, for the report")
    ap.add_argument("--rounds", type=int, default=4, help="Chromium's rounds")
    ap.add_argument("--webkit-rounds", type=int, default=1)
    ap.add_argument("--reloads", type=int, default=6)
    ap.add_argument("--out", default=str(BENCH / "RESULTS-warm-start.md"))
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    names = args.names.split(",")
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="royaltable-warm-start-"))
    sites = {names[0]: Site(build_site("HEAD", tmp / "this")), names[1]: Site(build_site(args.before, tmp / "before"))}
    report = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "load_start": load(), "commit": head,
              "before": args.before, "names": names, "rounds": args.rounds, "webkit_rounds": args.webkit_rounds,
              "reloads": args.reloads, "machine": machine(),
              "engines": {"Chromium": {n: [] for n in names}, "WebKit": {n: [] for n in names}}}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for r in range(args.rounds):
                for name in rotated(names, r):
                    report["engines"]["Chromium"][name] += chromium_visits(browser, sites[name].origin, args.reloads)
                    log("chromium", r, name, [round(x["usable"]) for x in report["engines"]["Chromium"][name]])
            browser.close()
        for r in range(args.webkit_rounds):
            for name in rotated(names, r):
                report["engines"]["WebKit"][name] += webkit_visits(sites[name].origin, args.reloads,
                                                                   tmp / f"webkit-{name}.log")
                log("webkit", r, name, [round(x["usable"]) for x in report["engines"]["WebKit"][name]])
    finally:
        for site in sites.values():
            site.close()
    report["load_end"] = load()
    out = pathlib.Path(args.out)
    out.with_suffix(".json").write_text(json.dumps(report, indent=1))
    out.write_text(render(report))
    print(out.read_text())


if __name__ == "__main__":
    main()
