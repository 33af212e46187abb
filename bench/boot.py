"""Where a normal start's time goes (issue 33): the app's start with no snapshot (what
WebKit and every first visit get) against the bare runtime page (bench/bare.html),
before and after a change, side by side in the same run, in Chromium and WebKit.

    python3 bench/boot.py                  # 3 rounds in Chromium, 2 in WebKit -> bench/RESULTS-boot.md/.json
    python3 bench/boot.py --rounds 5 --webkit-rounds 0 --base 5255420

Variants, each a copy of the built site (tools/build.py) served from one local
server: `bare` (bench/bare.html: the same PyScript and Pyodide, nothing of ours),
`before` (our Python as of --base, packed as the build packs it), `after` (the built
site as it is) and `after+pyc` (the same app.zip with every module also precompiled
for Pyodide's Python: bench/precompile.mjs). Each round visits every variant in a
rotating order, each in a fresh profile: a cold first visit, then a warm reload once
the service worker keeps every file (a return visit), both with ?snapshot=off.
bench/boot_probe.js, put first into each copy's pages (and their service worker's
hashes), marks the steps (see it); the ratios are taken
within a round, cold to the bare page's cold and warm to its warm, then the median.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tools"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "e2e"))

from common import BENCH, CHROMIUM, ROOT, fmt_ratio, load, machine, snapshot_site, summary, table  # noqa: E402
from web import ARGS, SETTLED, Site, rotated  # noqa: E402

VARIANTS = ("bare", "before", "after", "after+pyc")
PROBE = '<script src="./bench/boot_probe.js"></script>'
USABLE = "() => window.__boot && window.__boot.usable !== undefined"
# A return visit comes once the first visit's downloads are done: the service worker
# keeps every file (web.SETTLED). Reloaded while it is still fetching and hashing the
# runtime, the warm start shared the machine with it, and read up to 0.2 s slower than
# any player's return visit (2026-12-05).
SETTLE_TIMEOUT_S = 120
TIMEOUT_S = 240
# The steps of a start, each from the mark before (boot_probe.js's marks).
STEPS = (("navigation → Pyodide's start begins (the page parsed)", None, "called"),
         ("Pyodide's own start (wasm, standard library)", "called", "booted"),
         ("  (app.zip's download, meanwhile)", "zip_start", "zip_end"),
         ("app.zip unpacked", "booted", "unpacked"),
         ("PyScript's set-up, to its onReady", "unpacked", "pyodide"),
         ("our imports (main.py's, outermost)", None, "imports_ms"),
         ("main.py's other work to the App made", None, "rest"),
         ("first draw of the home → usable", "app_made", "usable"))


def folder(variant: str) -> str:
    return variant.replace("+", "-")


def url(origin: str, variant: str) -> str:
    if variant == "bare":
        return f"{origin}/after/bench/bare.html"
    return f"{origin}/{folder(variant)}/?snapshot=off"


def pack(tree: pathlib.Path, target: pathlib.Path) -> None:
    """app.zip of the py/ folder of `tree` (a commit's py/ and tools/), exactly as that
    commit's own tools/build.py packs it (how data files are packed has changed)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("base_build", tree / "tools" / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    build.ROOT = tree
    build.pack_python(target)


def with_probe(site: pathlib.Path) -> None:
    """The probe first in the copy's index.html and bare page; the copy's service
    worker told the new hashes of what changed (so it installs as on the real site)."""
    worker = (site / "sw.js").read_text()
    (site / "bench" / "boot_probe.js").write_bytes((BENCH / "boot_probe.js").read_bytes())
    for name in ("index.html", "bench/bare.html"):
        path = site / name
        old = hashlib.sha256(path.read_bytes()).hexdigest()
        text = path.read_text()
        probe = PROBE if name == "index.html" else PROBE.replace("./bench/", "./")
        path.write_text(text.replace('<meta charset="utf-8">', '<meta charset="utf-8">\n  ' + probe, 1))
        worker = worker.replace(old, hashlib.sha256(path.read_bytes()).hexdigest())
    (site / "sw.js").write_text(worker)


def rehash(site: pathlib.Path, paths: dict[str, bytes]) -> None:
    """Replaces files of a copy and their hashes in its service worker."""
    worker = (site / "sw.js").read_text()
    for rel, data in paths.items():
        path = site / rel
        worker = worker.replace(hashlib.sha256(path.read_bytes()).hexdigest(), hashlib.sha256(data).hexdigest())
        path.write_bytes(data)
    (site / "sw.js").write_text(worker)


def make_sites(base: str, log) -> pathlib.Path:
    root = pathlib.Path(tempfile.mkdtemp(prefix="royaltable-boot-"))
    built = snapshot_site()
    try:
        shutil.copytree(built, root / "after")
    finally:
        shutil.rmtree(built, ignore_errors=True)
    with_probe(root / "after")
    shutil.copytree(root / "after", root / "before")
    # before: our Python as of `base` (app.zip and main.py)
    work = root / "base-src"
    work.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", base, "py", "tools"], capture_output=True,
                             check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(work)], input=archive, check=True)
    (work / "node_modules").symlink_to(ROOT / "node_modules")     # a build that precompiles runs Pyodide
    pack(work, work / "app.zip")
    rehash(root / "before", {"static/vendor/app.zip": (work / "app.zip").read_bytes(),
                             "py/main.py": (work / "py" / "main.py").read_bytes()})
    log(f"before: {base}'s Python ({(work / 'app.zip').stat().st_size} bytes of app.zip)")
    shutil.copytree(root / "after", root / "after-pyc")
    compiled = work / "app-pyc.zip"
    started = time.time()
    subprocess.run(["node", str(BENCH / "precompile.mjs"), str(root / "after" / "static" / "vendor" / "app.zip"),
                    str(compiled)], check=True, cwd=ROOT)
    rehash(root / "after-pyc", {"static/vendor/app.zip": compiled.read_bytes()})
    log(f"after+pyc: precompiled in {time.time() - started:.0f} s, app.zip {compiled.stat().st_size} bytes "
        f"(after: {(root / 'after' / 'static' / 'vendor' / 'app.zip').stat().st_size})")
    return root


def node_cpu(root: pathlib.Path, rounds: int, log) -> dict:
    """bench/boot_imports.mjs on each variant's app.zip: CPU ms of unpacking it and of
    main.py's imports, the App and the home, in a fresh Pyodide under Node each time."""
    zips = {v: root / folder(v) / "static" / "vendor" / "app.zip" for v in VARIANTS if v != "bare"}
    log(f"node: {rounds} fresh interpreters per app.zip")
    out = subprocess.run(["node", str(BENCH / "boot_imports.mjs"), str(rounds), *map(str, zips.values())],
                         capture_output=True, text=True, check=True, cwd=ROOT).stdout
    got = json.loads(out.strip().splitlines()[-1])
    return {v: got[str(path)] | {"bytes": path.stat().st_size} for v, path in zips.items()}


def derived(marks: dict) -> dict:
    """The probe's marks in seconds, with main.py's work outside its imports."""
    out = {k: v / 1000 for k, v in marks.items() if isinstance(v, (int, float))}
    if "pyodide" not in out:       # PyScript's hooks never called (WebKit): no Python marks
        out.pop("imports_ms", None)
    if "app_made" in out and "pyodide" in out:
        out["rest"] = out["app_made"] - out["pyodide"] - out.get("imports_ms", 0)
    return out


# ---- the engines ---------------------------------------------------------------------

def chromium_visit(p, target: str, settle: bool) -> dict:
    profile = tempfile.mkdtemp(prefix="royaltable-boot-profile-")
    context = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True, args=ARGS,
                                                   viewport={"width": 1024, "height": 768}, locale="ja-JP")
    try:
        page = context.pages[0] if context.pages else context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        out = {}
        for phase in ("cold", "warm"):
            if phase == "cold":
                page.goto(target, timeout=TIMEOUT_S * 1000)
            else:
                page.reload(timeout=TIMEOUT_S * 1000)
            page.wait_for_function(USABLE, timeout=TIMEOUT_S * 1000, polling=50)
            out[phase] = derived(page.evaluate("window.__boot.finish()"))
            if phase == "cold" and settle:
                page.wait_for_selector(SETTLED, state="attached", timeout=SETTLE_TIMEOUT_S * 1000)
        out["errors"] = errors
        return out
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)


def webkit_visit(origin: str, target: str, settle: bool) -> dict:
    from webkit import Session
    session = Session(origin, ROOT / "e2e" / "artifacts" / "boot-webkit-driver.log")
    try:
        driver = session.driver
        driver.set_page_load_timeout(TIMEOUT_S)
        out = {}
        for phase in ("cold", "warm"):
            if phase == "cold":
                driver.get(target)
            else:
                driver.refresh()
            deadline = time.monotonic() + TIMEOUT_S
            while not driver.execute_script(f"return ({USABLE})()"):
                if time.monotonic() > deadline:
                    raise RuntimeError(f"WebKit: {target} not usable in {TIMEOUT_S} s")
                time.sleep(0.1)
            out[phase] = derived(driver.execute_script("return window.__boot.finish()"))
            if phase == "cold" and settle:
                session.browser.wait_for(SETTLED, SETTLE_TIMEOUT_S, f"{target}'s files kept for offline play")
        return out
    finally:
        session.close()


def run(rounds: dict[str, int], base: str, log, save=lambda data: None) -> dict:
    from playwright.sync_api import sync_playwright
    root = make_sites(base, log)
    site = Site(root)
    engines = [engine for engine, n in rounds.items() if n and engine != "node"]
    data = {"machine": machine(), "base": base, "engines": engines, "rounds": {e: [] for e in engines}}
    try:
        with sync_playwright() as p:
            visit = {"chromium": lambda v: chromium_visit(p, url(site.origin, v), settle=v != "bare"),
                     "webkit": lambda v: webkit_visit(site.origin, url(site.origin, v), settle=v != "bare")}
            if "chromium" in engines:      # the files read once from disk before anything is timed
                log("chromium: one unmeasured visit")
                visit["chromium"]("after")
            for r in range(max([rounds[e] for e in engines], default=0)):
                for engine in (e for e in engines if r < rounds[e]):
                    order = rotated(list(VARIANTS), r)
                    before = load()
                    got = {}
                    try:
                        for variant in order:
                            got[variant] = visit[engine](variant)
                            log(f"  {engine} {variant}: cold {got[variant]['cold']['usable']:.2f} s, "
                                f"warm {got[variant]['warm']['usable']:.2f} s")
                    except Exception as err:     # a round with a visit missing is left out, and said
                        data.setdefault("failed", []).append(f"{engine} round {r + 1}: {type(err).__name__}: {err}")
                        log(f"  {engine} round {r + 1} left out: {err}")
                        continue
                    got["load"] = [before, load()]
                    data["rounds"][engine].append(got)
                    log(f"round {r + 1}/{rounds[engine]} {engine} done (load {before} → {load()})")
                    save(data)                  # a long run cut short keeps its rounds
            if rounds.get("node"):
                data["node"] = node_cpu(root, rounds["node"], log)
    finally:
        site.close()
        shutil.rmtree(root, ignore_errors=True)
    data["load_after"] = load()
    return data


# ---- the report ----------------------------------------------------------------------

def report(data: dict) -> str:
    m = data["machine"]
    lines = ["# Where a normal start's time goes (issue 33: a lighter boot)", "",
             f"{m['date']}, load {m['load']} → {data['load_after']}, commit {m['commit']}"
             f"{' (dirty)' if m['dirty'] else ''}, Chromium {m['chromium']}, Pyodide {m['pyodide']}, "
             f"PyScript {m['pyscript']}. `{data.get('command', 'python3 bench/boot.py')}` (bench/boot.py says how). "
             f"before = our Python as of {data['base']}; after = this commit's; after+pyc = the same "
             "app.zip with every module precompiled for Pyodide's Python. Every start with "
             "?snapshot=off in a fresh profile, the warm one once the service worker keeps every file; "
             "ratios to the bare runtime page of the same round, then "
             "medians (min–max). The machine is shared: read the ratios, not the seconds.", ""]

    def med(xs):
        return summary(xs)["median"] if xs else float("nan")

    def span(xs, f):
        if not xs:
            return "—"
        s = summary(xs)
        return f"{f(s['median'])} ({f(s['min'])}–{f(s['max'])})"

    node = data.get("node")
    if node:
        ours = ("ui", "royaltable")
        rows = [[v, f"{node[v]['bytes'] / 1000:.0f} kB", f"{med(node[v]['unpack_ms']):.0f} ms",
                 f"{med(node[v]['imports_ms']):.0f} ms ({min(node[v]['imports_ms']):.0f}–{max(node[v]['imports_ms']):.0f})",
                 str(sum(m.split('.')[0] in ours for m in node[v]["added"])),
                 ", ".join(m for m in node[v]["added"] if m.split('.')[0] not in ours and not m.startswith("_"))]
                for v in node]
        lines += ["## Our part of a start in CPU time (Pyodide under Node)", "",
                  f"A fresh interpreter each time, {len(next(iter(node.values()))['imports_ms'])} per app.zip "
                  "(bench/boot_imports.mjs): unpacking app.zip, then main.py's imports of ours, the App made and "
                  "the home drawn; CPU time of the Node process (what the load of a shared machine does not "
                  "change much). Modules: what that added to sys.modules.", "",
                  table(["app.zip", "size", "unpack", "imports + App + home", "our modules",
                         "standard modules added"], rows), ""]
    for engine in data["engines"]:
        rounds = data["rounds"][engine]
        if not rounds:
            continue
        loads = "; ".join(f"{r['load'][0]} → {r['load'][1]}" for r in rounds)
        lines += [f"## {'WebKit' if engine == 'webkit' else engine.capitalize()}", "",
                  f"{len(rounds)} round{'s' if len(rounds) > 1 else ''}; load average per round: {loads}.", ""]
        if not any("pyodide" in r[v][ph] for r in rounds for v in VARIANTS for ph in ("cold", "warm")):
            lines += ["PyScript's hooks (onReady) never ran under the probe in this engine, so the Python "
                      "part is one step here, from app.zip's last byte to the App made.", ""]
        other = data.get("runs", {}).get(engine)
        if other:      # merged from a run of its own (--merge)
            lines += [f"Measured in a run of its own: {other['date']}, commit {other['commit']}, "
                      f"`{other['command']}`.", ""]
        rows = []
        for phase in ("cold", "warm"):
            for variant in VARIANTS:
                secs = [r[variant][phase]["usable"] for r in rounds]
                ratio = [r[variant][phase]["usable"] / r["bare"][phase]["usable"] for r in rounds]
                rows.append([f"{phase}: {variant}", span(secs, lambda v: f"{v:.2f} s"),
                             "1" if variant == "bare" else span(ratio, fmt_ratio),
                             "" if variant == "bare" else ("yes" if med(ratio) <= 1.2 else "NO")])
        lines += ["Usable (the home drawn by Python; the bare page: its script ran), seconds from navigation:", "",
                  table(["start", "usable", "× bare", "≤ 1.2×"], rows), ""]
        for phase in ("cold", "warm"):
            rows = []
            for label, start, end in STEPS:
                cells = []
                for variant in VARIANTS:
                    xs = []
                    for r in rounds:
                        marks = r[variant][phase]
                        if end in marks and (start is None or start in marks):
                            xs.append(marks[end] - (marks[start] if start else 0))
                    cells.append(f"{med(xs) * 1000:.0f} ms" if xs else "—")
                rows.append([label, *cells])
            rows.append(["(navigation → Pyodide ready: PyScript's onReady)",
                         *(f"{med(xs) * 1000:.0f} ms" if xs else "—"
                           for xs in ([r[v][phase]["pyodide"] for r in rounds if "pyodide" in r[v][phase]]
                                      for v in VARIANTS))])
            rows.append(["navigation → usable", *(f"{med([r[v][phase]['usable'] for r in rounds]) * 1000:.0f} ms"
                                                   for v in VARIANTS)])
            lines += [f"Where the time goes, {phase} (medians of each step):", "",
                      table(["step", *VARIANTS], rows), ""]
    errors = [e for rs in data["rounds"].values() for r in rs for v in VARIANTS
              for e in r.get(v, {}).get("errors", [])]
    lines += [f"Page errors: {len(errors)}" + (f" ({'; '.join(errors[:3])})" if errors else ""), ""]
    if data.get("failed"):
        lines += ["Rounds left out: " + "; ".join(data["failed"]), ""]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="Chromium's rounds")
    parser.add_argument("--webkit-rounds", type=int, default=2, help="WebKit's (a visit takes minutes there)")
    parser.add_argument("--base", default="5255420", help="the commit whose Python is `before`")
    parser.add_argument("--out", default=str(BENCH / "RESULTS-boot"))
    parser.add_argument("--node-rounds", type=int, default=5, help="fresh interpreters per app.zip under Node")
    parser.add_argument("--rerender", metavar="JSON", help="rewrite the report from a run's .json")
    parser.add_argument("--add-node", metavar="JSON", help="measure only the Node part into a run's .json")
    parser.add_argument("--merge", nargs=2, metavar=("JSON", "ENGINE"),
                        help="put ENGINE's rounds of another run's .json into this report's .json (--out)")
    args = parser.parse_args()
    out = pathlib.Path(args.out)
    if args.rerender:
        data = json.loads(pathlib.Path(args.rerender).read_text())
    elif args.merge:
        data = json.loads(out.with_suffix(".json").read_text())
        other, engine = json.loads(pathlib.Path(args.merge[0]).read_text()), args.merge[1]
        data["rounds"][engine] = other["rounds"][engine]
        data["engines"] = sorted(set(data["engines"]) | {engine}, key=["chromium", "webkit"].index)
        data.setdefault("runs", {})[engine] = {"date": other["machine"]["date"], "commit": other["machine"]["commit"],
                                               "command": other.get("command", "bench/boot.py")}
        out.with_suffix(".json").write_text(json.dumps(data, indent=1))
    elif args.add_node:
        data = json.loads(pathlib.Path(args.add_node).read_text())
        root = make_sites(data["base"], print)
        try:
            data["node"] = node_cpu(root, args.node_rounds, print)
        finally:
            shutil.rmtree(root, ignore_errors=True)
        out.with_suffix(".json").write_text(json.dumps(data, indent=1))
    else:
        started = time.time()
        def save(data):
            out.with_suffix(".json").write_text(json.dumps(data | {"load_after": load()}, indent=1))
        data = run({"chromium": args.rounds, "webkit": args.webkit_rounds, "node": args.node_rounds}, args.base,
                   lambda msg: print(msg, flush=True), save)
        data["duration_s"] = time.time() - started
        data["command"] = "python3 bench/boot.py " + " ".join(sys.argv[1:])
        out.with_suffix(".json").write_text(json.dumps(data, indent=1))
    text = report(data)
    out.with_suffix(".md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
