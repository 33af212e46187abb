"""The readers of a save on 1 MB adversarial texts, side by side in one run.

 1. CPython: `ui.saves.peek`, `ui.saves.load_state` and `ui.saves.depth` (from
    py/) on the worst texts of exactly 1,000,000 characters (saves.MAX_CHARS, the
    largest the store keeps): an unclosed string of escaped quotes, deep
    brackets, quotes only, a lone backslash after each quote; and, for
    comparison, a real game's save (Krypkille, 6 seats, seed 1, random legal
    actions to the end) and json.loads of a plain 1 MB JSON string (the cheapest
    full read of 1 MB: the unit of the ratios).
 2. In Chromium: the same Python (the built static/vendor/app.zip, unpacked into
    a Pyodide loaded from static/vendor/pyodide/ in a page of the origin, as
    bench/pyodide_worker.mjs does under Node), timed with performance.now(); and
    the first paint's JavaScript reader (static/boot.js: its `depth` and `peek`,
    taken from the file itself, run in the app's page with the page's own
    ROYAL_FIRST_PAINT). Each repeat runs CPython, Pyodide and the JavaScript one
    after the other, so the ratios are paired in time.
 3. The home screen with such a save stored: IndexedDB seeded from a page of the
    site that runs no app (/rules/krypkille.html) with one record whose text is
    the 1 MB unclosed string of escapes, then the home (/?pace=0.02&snapshot=off)
    timed from navigation to its first paint (a `.game-grid` with a box) and to
    usable (royalReady, #boot gone), against a visit with an empty library;
    the two kinds alternate, each visit in a fresh browser context (its own
    storage and cache). The damaged save's Discard button is checked on the
    first paint (boot.js) and once Python is ready.

    .venv/bin/python bench/readers.py        # writes bench/RESULTS-readers.md

Debian's Chromium (/usr/bin/chromium) through Playwright; the site is served on
127.0.0.1 only. Nothing here talks to anything else.
"""
from __future__ import annotations

import json
import pathlib
import random
import re
import sys
import time
import zipfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
for entry in (str(HERE), str(ROOT / "py"), str(ROOT / "e2e")):
    if entry not in sys.path:
        sys.path.insert(0, entry)

from common import APP_ZIP, CHROMIUM, fmt_ms, fmt_ratio, fmt_s, load, machine, median, quantile, table  # noqa: E402

N = 1_000_000
REPEATS = 9                 # parts 1 and 2: interleaved repeats
ROUNDS = 12                #  part 3: rounds of (empty, damaged), alternating order
OUT = HERE / "RESULTS-readers.md"
LOAD_TIMEOUT_MS = 180_000
VISIT_TIMEOUT_MS = 60_000   # part 3: a visit is usable in a few seconds; a stuck one is dropped
BUDGET_S = 270              # part 3 starts no new round after this much of the run


# ---- the texts -------------------------------------------------------------------------

def real_save() -> tuple[str, int]:
    """A real long game's save: Krypkille, 6 seats, seed 1, random legal actions."""
    from royaltable import registry
    from ui import saves
    state = registry.get("krypkille").new(6, seed=1)
    rng = random.Random(1)
    while not state.over:
        state.apply(rng.choice(state.legal_actions()))
    seats = [{"name": f"P{i + 1}", "kind": "human"} for i in range(6)]
    return saves.dump_state(seats, state), len(state.actions)


def texts() -> dict[str, str]:
    real, _ = real_save()
    out = {
        # '"' + '\\"' * N would be 2N + 1 characters: one character short of 1e6,
        # so one more plain character ends it (the string stays unclosed).
        "escapes": '"' + '\\"' * ((N - 1) // 2) + "x",
        "brackets": "[" * N,
        "quotes": '"' * N,
        "backslashes": '"\\' * (N // 2),
        "real": real,
        "reference": '"' + "a" * (N - 2) + '"',     # valid JSON: one 1 MB string
    }
    for name, text in out.items():
        assert name == "real" or len(text) == N, (name, len(text))
    return out


LABELS = {
    "escapes": "unclosed string of escaped quotes `'\"' + '\\\\\"' * 499999 + 'x'`",
    "brackets": "deep brackets `'[' * 1000000`",
    "quotes": "quotes only `'\"' * 1000000`",
    "backslashes": "a lone backslash after each quote `'\"\\\\' * 500000`",
    "real": "real save",
    "reference": "reference: a valid 1 MB JSON string",
}
ADVERSARIAL = ["escapes", "brackets", "quotes", "backslashes"]

# ---- the measuring code, run as it is by CPython and by Pyodide in the page ------------

READERS_PY = r'''
import json
from ui import saves


def _call(fn, text):
    try:
        fn(text)
        return "ok"
    except saves.SaveError as err:
        return "SaveError(" + str(err) + ")"
    except ValueError as err:
        return type(err).__name__


def _per_call(fn, text, clock, min_ms=5.0):
    """Milliseconds per call: the call repeated until min_ms have passed (a
    browser's clock ticks in 0.1 ms steps)."""
    calls = 0
    started = clock()
    while True:
        _call(fn, text)
        calls += 1
        elapsed = clock() - started
        if elapsed >= min_ms:
            return elapsed / calls


def plan(texts):
    """(text name, reader name, function) to time."""
    readers = {"peek": saves.peek, "load_state": saves.load_state, "depth": saves.depth}
    out = [(name, reader, fn) for name in texts if name != "reference" for reader, fn in readers.items()]
    out.append(("reference", "json.loads", json.loads))
    return out


def outcomes(texts):
    return {name + "/" + reader: _call(fn, texts[name]) for name, reader, fn in plan(texts)}


def one_repeat(texts, clock):
    """One pass over every (text, reader): ms per call."""
    return {name + "/" + reader: _per_call(fn, texts[name], clock) for name, reader, fn in plan(texts)}
'''

# ---- Pyodide in a page of the origin ------------------------------------------------------

PYODIDE_BOOT = """async origin => {
  const started = performance.now();
  const {loadPyodide} = await import(origin + "/static/vendor/pyodide/pyodide.mjs");
  const py = await loadPyodide({indexURL: origin + "/static/vendor/pyodide/"});
  const loaded = performance.now();
  const zip = await (await fetch(origin + "/static/vendor/app.zip", {cache: "no-store"})).arrayBuffer();
  const appDir = "/home/pyodide/app";
  py.FS.mkdirTree(appDir);
  py.unpackArchive(zip, "zip", {extractDir: appDir});
  py.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(appDir)})`);
  window.__py = py;
  return {load_ms: loaded - started, total_ms: performance.now() - started, version: py.version,
          python: py.runPython("import sys; sys.version.split()[0]")};
}"""

PYODIDE_SETUP = """([code, texts]) => {
  const py = window.__py;
  py.globals.set("__readers_code", code);
  py.globals.set("__readers_texts", texts);
  py.runPython(`
__readers = {}
exec(__readers_code, __readers)
__texts = __readers_texts.to_py()
from js import performance as __performance
def __clock():
    return __performance.now()
import json as __json
# the first import of the rules and one replay, before anything is timed
__readers["outcomes"](__texts)
`);
  return JSON.parse(py.runPython("__json.dumps(__readers['outcomes'](__texts))"));
}"""

PYODIDE_REPEAT = """() => JSON.parse(window.__py.runPython(
  "__json.dumps(__readers['one_repeat'](__texts, __clock))"))"""

# ---- the first paint's JavaScript reader (static/boot.js) --------------------------------


def boot_js_readers() -> str:
    """static/boot.js's own depth(), isInt() and peek(), cut out of its IIFE."""
    source = (ROOT / "static" / "boot.js").read_text()
    parts = []
    for name in ("depth", "isInt", "peek"):
        found = (re.search(rf"^  function {name}\(.*\}}$", source, re.M)          # one line
                 or re.search(rf"^  function {name}\(.*?^  \}}$", source, re.S | re.M))
        if not found:
            raise RuntimeError(f"static/boot.js has no function {name}() any more")
        parts.append(found.group(0))
    return "\n".join(parts)


JS_SETUP = """([source, texts]) => {
  const made = new Function("data", source + "\\nreturn {depth: depth, peek: peek};")(window.ROYAL_FIRST_PAINT);
  const call = (fn, text) => { try { const r = fn(text); return r && r.problem ? "problem(" + r.problem + ")"
                                                             : (typeof r === "number" ? "ok: " + r : "ok"); }
                               catch (e) { return e.name; } };
  const plan = [];
  for (const name of Object.keys(texts)) {
    if (name === "reference") continue;
    plan.push([name, "peek", made.peek], [name, "depth", made.depth]);
  }
  plan.push(["reference", "JSON.parse", JSON.parse]);
  window.__js = {texts, plan, call};
  const out = {};
  for (const [name, reader, fn] of plan) out[name + "/" + reader] = call(fn, texts[name]);
  return out;
}"""

JS_REPEAT = """() => {
  const {texts, plan, call} = window.__js;
  const out = {};
  for (const [name, reader, fn] of plan) {
    let calls = 0;
    const started = performance.now();
    let elapsed = 0;
    do { call(fn, texts[name]); calls++; elapsed = performance.now() - started; } while (elapsed < 5);
    out[name + "/" + reader] = elapsed / calls;
  }
  return out;
}"""

USABLE = "() => window.royalReady === true && !document.getElementById('boot')"

# ---- part 3: the home with the damaged save ------------------------------------------------

MARKS = """
(() => {
  if (location.pathname !== "/" && location.pathname !== "/index.html") return;
  const m = window.__marks = {};
  const shown = el => { const b = el.getBoundingClientRect(); return b.width > 0 && b.height > 0; };
  const any = sel => Array.from(document.querySelectorAll(sel)).some(shown);
  const DISCARD = ".lib-row.is-problem [data-cmd=discard_save]";
  try {
    new PerformanceObserver(list => {
      for (const e of list.getEntries()) {
        if (m.ready !== undefined) continue;
        m.long_sum = (m.long_sum || 0) + e.duration;
        m.long_max = Math.max(m.long_max || 0, e.duration);
      }
    }).observe({type: "longtask", buffered: true});
  } catch (e) { /* no long task timing */ }
  const check = () => {
    if (m.ready === undefined && window.royalReady === true && !document.getElementById("boot"))
      m.ready = performance.now();
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
  const frame = () => {
    const now = performance.now();
    check();
    if (m.grid === undefined && any(".game-grid")) m.grid = now;
    if (m.discard === undefined && any(DISCARD)) {
      m.discard = now;
      m.discard_by = window.royalReady ? "python" : "boot.js";
    }
    if (m.ready === undefined || m.grid === undefined) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""

MARKS_DONE = "() => window.__marks && window.__marks.ready !== undefined && window.__marks.grid !== undefined"

AFTER_READY = """() => {
  const shown = el => { const b = el.getBoundingClientRect(); return b.width > 0 && b.height > 0; };
  const all = Array.from(document.querySelectorAll("#app .lib-row.is-problem [data-cmd=discard_save]"));
  return {discard_visible: all.filter(shown).length, discard_in_dom: all.length,
          problem_rows: Array.from(document.querySelectorAll("#app .lib-row.is-problem")).filter(shown).length,
          entry: (all.find(shown) || {dataset: {}}).dataset.arg || null,
          marks: window.__marks};
}"""

# The database as static/store.js opens it, and its seeding: the tests' own.
from table_driver import _OPEN_LIBRARY, SEED_LIBRARY  # noqa: E402

COUNT_LIBRARY = """async () => {
  const db = await %s;
  const n = await new Promise((resolve, reject) => {
    const req = db.transaction("games", "readonly").objectStore("games").count();
    req.onsuccess = () => resolve(req.result); req.onerror = () => reject(req.error);
  });
  db.close();
  return n;
}""" % _OPEN_LIBRARY


def visit(browser, site, records: list[dict]) -> dict:
    """A fresh context: the library seeded (or left empty) from the rules page,
    then the home, timed from navigation."""
    import web
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="ja-JP")
    try:
        context.add_init_script(script=MARKS)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(site.origin + "/rules/krypkille.html", timeout=VISIT_TIMEOUT_MS)
        if records:
            page.evaluate(SEED_LIBRARY, records)
        stored = page.evaluate(COUNT_LIBRARY)
        # the marks count from navigation start: no need to wait for the load event here
        page.goto(site.origin + "/?pace=0.02&snapshot=off", timeout=VISIT_TIMEOUT_MS, wait_until="commit")
        try:
            page.wait_for_function(MARKS_DONE, timeout=VISIT_TIMEOUT_MS, polling=20)
        except Exception as err:
            state = page.evaluate(web.PAGE_STATE)
            raise RuntimeError(f"the home never became usable: {state}") from err
        page.wait_for_timeout(50)
        after = page.evaluate(AFTER_READY)
        marks = after.pop("marks")
        return {"stored": stored, "grid": marks["grid"], "ready": marks["ready"],
                "discard": marks.get("discard"), "discard_by": marks.get("discard_by"),
                "long_sum": marks.get("long_sum"), "long_max": marks.get("long_max"),
                "after": after, "errors": errors}
    finally:
        context.close()


def app_zip_differs() -> list[str] | None:
    """The files of static/vendor/app.zip that differ from py/ (or that py/ has
    and the zip lacks: its .py files but main.py and tools/), None if unbuilt:
    the page runs the zip, CPython runs py/."""
    if not APP_ZIP.exists():
        return None
    py = ROOT / "py"
    with zipfile.ZipFile(APP_ZIP) as archive:
        packed = {name: archive.read(name) for name in archive.namelist() if not name.endswith("/")}
    out = [name for name, data in packed.items()
           if not (py / name).is_file() or (py / name).read_bytes() != data]
    out += [f.relative_to(py).as_posix() for f in py.rglob("*.py")
            if f.name != "main.py" and f.relative_to(py).parts[0] != "tools"
            and "__pycache__" not in f.parts and f.relative_to(py).as_posix() not in packed]
    return sorted(out)


def _quiet(server):
    """A browser context closed while the service worker still downloads resets
    its connections: not worth a traceback on the console."""
    default = server.handle_error

    def handle_error(request, client_address):
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            default(request, client_address)
    server.handle_error = handle_error


# ---- the run --------------------------------------------------------------------------------

def log(*args):
    print(time.strftime("%H:%M:%S"), *args, flush=True)


def main() -> int:
    from playwright.sync_api import sync_playwright
    import web

    started = time.time()
    info = machine()
    zip_state = app_zip_differs()
    loads = {"start": load()}
    all_texts = texts()
    real_actions = real_save()[1]
    log(f"texts: {', '.join(f'{k} {len(v):,}' for k, v in all_texts.items())} chars")

    # CPython: the code above, from py/
    cpython: dict = {}
    exec(READERS_PY, cpython)
    cp_outcomes = cpython["outcomes"](all_texts)          # also imports the rules once
    cp_clock = lambda: time.perf_counter() * 1000          # noqa: E731

    site = web.Site(ROOT)
    _quiet(site.server)
    results = {"cpython": [], "pyodide": [], "js": []}
    visits: list[dict] = []
    failures: list[str] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=web.ARGS)
            try:
                # --- parts 1 and 2 ---
                log("Pyodide: loading it in a page of the origin")
                ctx = browser.new_context()
                py_page = ctx.new_page()
                page_errors: list[str] = []
                py_page.on("pageerror", lambda e: page_errors.append(str(e)))
                py_page.goto(site.origin + "/bench/__readers__")      # a 404 page: the origin, no app
                boot = py_page.evaluate(PYODIDE_BOOT, site.origin)
                log(f"  Pyodide {boot['version']} (Python {boot['python']}) in {boot['total_ms']:.0f} ms")
                py_outcomes = py_page.evaluate(PYODIDE_SETUP, [READERS_PY, all_texts])

                log("app page: /?pace=0.02&snapshot=off for the JavaScript reader")
                app_ctx = browser.new_context(viewport={"width": 1024, "height": 768}, locale="ja-JP")
                app_page = app_ctx.new_page()
                app_page.on("pageerror", lambda e: page_errors.append(str(e)))
                app_page.goto(site.origin + "/?pace=0.02&snapshot=off", timeout=LOAD_TIMEOUT_MS,
                              wait_until="domcontentloaded")
                app_page.wait_for_function(USABLE, timeout=LOAD_TIMEOUT_MS, polling=50)
                try:    # let the service worker keep the runtime first, so it is idle while timed
                    app_page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'",
                                               timeout=60_000, polling=200)
                except Exception:
                    pass
                js_source = boot_js_readers()
                js_outcomes = app_page.evaluate(JS_SETUP, [js_source, all_texts])

                loads["readers"] = load()
                cpython["one_repeat"](all_texts, cp_clock)     # one unmeasured repeat of each first
                py_page.evaluate(PYODIDE_REPEAT)
                app_page.evaluate(JS_REPEAT)
                for rep in range(REPEATS):
                    results["cpython"].append(cpython["one_repeat"](all_texts, cp_clock))
                    results["pyodide"].append(py_page.evaluate(PYODIDE_REPEAT))
                    results["js"].append(app_page.evaluate(JS_REPEAT))
                    log(f"  repeat {rep + 1}/{REPEATS}: escapes peek CPython "
                        f"{results['cpython'][-1]['escapes/peek']:.1f} ms, Pyodide "
                        f"{results['pyodide'][-1]['escapes/peek']:.1f} ms, boot.js "
                        f"{results['js'][-1]['escapes/peek']:.1f} ms")
                ctx.close()
                app_ctx.close()

                # --- part 3 ---
                loads["home"] = load()
                damaged = [{"id": "bench-damaged", "text": all_texts["escapes"],
                            "updated": int(time.time() * 1000), "rev": 1}]
                log("home: one unmeasured visit of each kind first")
                visit(browser, site, [])
                visit(browser, site, damaged)
                for rnd in range(ROUNDS):
                    if time.time() - started > BUDGET_S:
                        log(f"  out of time: {len(visits)} rounds")
                        break
                    order = ["empty", "damaged"] if rnd % 2 == 0 else ["damaged", "empty"]
                    got = {}
                    for kind in order:
                        try:
                            got[kind] = visit(browser, site, damaged if kind == "damaged" else [])
                        except Exception as err:      # one stuck visit costs its round, not the run
                            failures.append(f"round {rnd + 1} {kind}: {type(err).__name__}: "
                                            f"{str(err).splitlines()[0][:300]}")
                            log("  " + failures[-1])
                            got = None
                            break
                        v = got[kind]
                        log(f"  round {rnd + 1}/{ROUNDS} {kind}: grid {v['grid']:.0f} ms, usable "
                            f"{v['ready']:.0f} ms, discard {v['discard'] and round(v['discard'])} "
                            f"({v['discard_by']}), after ready {v['after']}, stored {v['stored']}"
                            f"{', errors ' + '; '.join(v['errors'][:2]) if v['errors'] else ''}")
                    if got is not None:
                        got["order"] = order
                        visits.append(got)
            finally:
                browser.close()
    finally:
        site.close()
    loads["end"] = load()

    report = render(info, zip_state, loads, all_texts, real_actions, cp_outcomes, py_outcomes, js_outcomes,
                    boot, results, visits, failures, page_errors, time.time() - started)
    OUT.write_text(report)
    log(f"wrote {OUT.relative_to(ROOT)} in {time.time() - started:.0f} s")
    return 0


# ---- the report ------------------------------------------------------------------------------

def _med(rows: list[dict], key: str) -> float:
    return median([r[key] for r in rows if key in r])


def _spread(rows: list[dict], key: str) -> str:
    xs = [r[key] for r in rows if key in r]
    return f"{fmt_ms(min(xs))}–{fmt_ms(max(xs))}" if xs else "—"


def _diff_ms(x: float) -> str:
    return "—" if x != x else f"{x:+.0f} ms"


def _paired(a: list[dict], b: list[dict], key_a: str, key_b: str | None = None) -> float:
    """Median over repeats of a[key_a] ÷ b[key_b] (same repeat)."""
    key_b = key_b or key_a
    return median([x[key_a] / y[key_b] for x, y in zip(a, b) if key_a in x and key_b in y and y[key_b] > 0])


def render(info, zip_state, loads, all_texts, real_actions, cp_out, py_out, js_out, boot,
           results, visits, failures, page_errors, seconds) -> str:
    cp, pyo, js = results["cpython"], results["pyodide"], results["js"]
    names = ADVERSARIAL + ["real"]
    label = dict(LABELS)
    label["real"] = f"real save (Krypkille, 6 seats, {real_actions} actions, {len(all_texts['real']):,} chars)"
    lines = [
        "# Readers of a save on 1 MB adversarial texts",
        "",
        f"Date: {info['date']}. Machine: {info['cores']} cores ({info['cpu']}), {info['ram']}; "
        f"{info['os']}. CPython {info['python']}; {info['chromium']}; Pyodide {boot['version']} "
        f"(Python {boot['python']}); Playwright {info['playwright']}. Commit {info['commit']}"
        f"{' with uncommitted changes' if info['dirty'] else ''}; static/vendor/app.zip "
        + ("is not built" if zip_state is None else "matches py/ file for file" if not zip_state
           else f"**differs from py/ in {', '.join(zip_state)}**")
        + f". Load average at start / readers / home / end: {loads.get('start')} / {loads.get('readers')} / "
        f"{loads.get('home')} / {loads.get('end')}. Whole run {seconds:.0f} s.",
        "",
        "Run: `.venv/bin/python bench/readers.py` (Debian's Chromium through Playwright, the site "
        "served on 127.0.0.1 only; writes this file).",
        "",
        "Every adversarial text is exactly 1,000,000 characters (`saves.MAX_CHARS`: the largest a save "
        "may be, so each passes the size check and reaches the readers). The escapes text cannot be "
        "`'\"' + '\\\\\"' * N` exactly (that is an odd length), so one plain `x` ends it, still "
        "unclosed. After one unmeasured repeat, each time is the median over "
        f"{len(cp)} repeats of the milliseconds per call, a call repeated until 5 ms had passed (a "
        "browser's clock ticks in 0.1 ms steps). In each repeat CPython, Pyodide and the JavaScript "
        "reader ran one after the other, so the ratios are taken within a repeat, then their median. "
        "**Unit**: the same runtime's parse of a valid 1 MB JSON string (`json.loads` / "
        "`JSON.parse` of `'\"' + 'a' * 999998 + '\"'`), the cheapest full read of 1 MB.",
        "",
    ]

    # 1. CPython
    rows = []
    for name in names:
        for reader in ("peek", "load_state", "depth"):
            key = f"{name}/{reader}"
            rows.append([label[name], f"`{reader}`", cp_out.get(key, "?"), fmt_ms(_med(cp, key)),
                         _spread(cp, key), fmt_ratio(_paired(cp, cp, key, "reference/json.loads"))])
    rows.append([label["reference"], "`json.loads`", cp_out.get("reference/json.loads"),
                 fmt_ms(_med(cp, "reference/json.loads")), _spread(cp, "reference/json.loads"), "1.00×"])
    worst = max((_med(cp, f"{n}/{r}"), n, r) for n in ADVERSARIAL for r in ("peek", "load_state", "depth"))
    lines += ["## 1. CPython (`ui.saves` from py/)", "",
              table(["text", "reader", "outcome", "median", "spread", "÷ 1 MB json.loads"], rows), "",
              f"Worst: `{worst[2]}` on {worst[1]}, {fmt_ms(worst[0])}; "
              f"Continue of the real save (`load_state`, a replay) takes {fmt_ms(_med(cp, 'real/load_state'))}.",
              ""]

    # 2. in the page
    rows = []
    for name in names:
        for reader in ("peek", "load_state", "depth"):
            key = f"{name}/{reader}"
            has_js = reader != "load_state"
            rows.append([label[name], f"`{reader}`", py_out.get(key, "?"), fmt_ms(_med(pyo, key)),
                         _spread(pyo, key), fmt_ratio(_paired(pyo, cp, key)),
                         fmt_ratio(_paired(pyo, pyo, key, "reference/json.loads")),
                         js_out.get(key, "?") if has_js else "— (boot.js has no replay)",
                         fmt_ms(_med(js, key)) if has_js else "—",
                         fmt_ratio(_paired(js, js, key, "reference/JSON.parse")) if has_js else "—",
                         fmt_ratio(_paired(js, pyo, key)) if has_js else "—"])
    rows.append([label["reference"], "`json.loads` / `JSON.parse`", py_out.get("reference/json.loads"),
                 fmt_ms(_med(pyo, "reference/json.loads")), _spread(pyo, "reference/json.loads"),
                 fmt_ratio(_paired(pyo, cp, "reference/json.loads")), "1.00×",
                 js_out.get("reference/JSON.parse"), fmt_ms(_med(js, "reference/JSON.parse")), "1.00×",
                 fmt_ratio(_paired(js, pyo, "reference/JSON.parse", "reference/json.loads"))])
    py_worst = max((_med(pyo, f"{n}/{r}"), n, r) for n in ADVERSARIAL for r in ("peek", "load_state", "depth"))
    js_worst = max((_med(js, f"{n}/{r}"), n, r) for n in ADVERSARIAL for r in ("peek", "depth"))
    lines += ["## 2. In Chromium: Pyodide and the first paint's JavaScript", "",
              f"Pyodide {boot['version']} loaded from static/vendor/pyodide/ in a page of the origin "
              f"(a 404 page, so no app runs there; {boot['total_ms']:.0f} ms to load it and unpack "
              "static/vendor/app.zip into its file system, as bench/pyodide_worker.mjs does under "
              "Node), the same measuring code as CPython's, clocked with `performance.now()`. "
              "The app's own interpreter is not reachable from outside (py/main.py exposes no "
              "Python hook), hence the separate page running the same built app.zip. The "
              "JavaScript reader is static/boot.js's own `depth()` and `peek()`, cut out of its "
              "IIFE by this script and run in the app's page (`/?pace=0.02&snapshot=off`, after "
              "it was usable and its service worker had kept the runtime) with the page's "
              "`ROYAL_FIRST_PAINT`.", "",
              table(["text", "reader", "Pyodide outcome", "Pyodide median", "spread", "÷ CPython",
                     "÷ 1 MB json.loads", "boot.js outcome", "boot.js median", "÷ 1 MB JSON.parse",
                     "boot.js ÷ Pyodide"], rows), "",
              f"Worst in Pyodide: `{py_worst[2]}` on {py_worst[1]}, {fmt_ms(py_worst[0])}; worst in "
              f"boot.js: `{js_worst[2]}` on {js_worst[1]}, {fmt_ms(js_worst[0])}.", ""]

    # 3. the home
    def col(kind, key):
        return [v[kind][key] for v in visits if v[kind].get(key) is not None]

    def ratios(key):
        return [v["damaged"][key] / v["empty"][key] for v in visits
                if v["damaged"].get(key) and v["empty"].get(key)]

    def ratio(key):
        return median(ratios(key))

    def ratio_spread(key):
        xs = ratios(key)
        return f"{fmt_ratio(quantile(xs, 0.25))}–{fmt_ratio(quantile(xs, 0.75))}" if xs else "—"

    if not visits:
        return "\n".join(lines + ["## 3. The home with the 1 MB damaged save stored", "",
                                   "**No round completed**: " + "; ".join(failures or ["?"]), ""])
    hrows = []
    for key, what in (("grid", "first paint of the home (a `.game-grid` with a box)"),
                      ("ready", "usable (royalReady, #boot removed)")):
        e, d = col("empty", key), col("damaged", key)
        hrows.append([what, fmt_s(median(e) / 1000), fmt_s(median(d) / 1000),
                      f"{fmt_s(min(d) / 1000)}–{fmt_s(max(d) / 1000)}", fmt_ratio(ratio(key)),
                      ratio_spread(key), _diff_ms(median(d) - median(e))])
    disc = col("damaged", "discard")
    if disc:
        hrows.append(["the damaged save's Discard button painted", "—", fmt_s(median(disc) / 1000),
                      f"{fmt_s(min(disc) / 1000)}–{fmt_s(max(disc) / 1000)}",
                      f"{fmt_ratio(median([v['damaged']['discard'] / v['damaged']['grid'] for v in visits if v['damaged'].get('discard')]))} of its own first paint",
                      "—", "—"])
    for key, what in (("long_sum", "long tasks before usable, total"), ("long_max", "longest task before usable")):
        e, d = col("empty", key), col("damaged", key)
        if e and d:
            hrows.append([what, fmt_ms(median(e)), fmt_ms(median(d)), f"{fmt_ms(min(d))}–{fmt_ms(max(d))}",
                          fmt_ratio(ratio(key)), ratio_spread(key), _diff_ms(median(d) - median(e))])
    by = {}
    for v in visits:
        b = v["damaged"].get("discard_by") or "never"
        by[b] = by.get(b, 0) + 1
    after_ok = sum(1 for v in visits if v["damaged"]["after"]["discard_visible"] == 1
                   and v["damaged"]["after"]["entry"] == "bench-damaged")
    empty_clean = sum(1 for v in visits if v["empty"]["after"]["problem_rows"] == 0)
    first_paint_ok = by.get("boot.js", 0)
    stored = sorted({v["damaged"]["stored"] for v in visits}) + sorted({v["empty"]["stored"] for v in visits})
    errors = sorted({e for v in visits for k in ("empty", "damaged") for e in v[k]["errors"]} | set(page_errors))
    lines += ["## 3. The home with the 1 MB damaged save stored", "",
              f"{len(visits)} rounds (of {ROUNDS} planned) of two cold visits, an empty library and one record "
              "`{id: \"bench-damaged\", text, updated, rev: 1}` whose text is the 1 MB unclosed string "
              "of escapes (seeded into IndexedDB `royaltable` / `games` from /rules/krypkille.html, "
              "which runs no app, with e2e/table_driver.py's SEED_LIBRARY; the empty visit opens the "
              "same page first and seeds nothing), in alternating order, each in a fresh browser "
              "context (its own storage and HTTP cache), after one unmeasured visit of each kind. "
              "Times from navigation start; the ratio is damaged ÷ empty within a round, then the "
              "median (and the quartiles of the rounds' ratios). Long tasks are those the page reported (PerformanceObserver `longtask`) "
              "before it was usable.", "",
              table(["mark", "empty library (median)", "damaged save (median)", "damaged spread",
                     "damaged ÷ empty (median)", "ratio, quartiles", "difference of medians"], hrows), "",
              f"Records stored before the visit (damaged / empty): {stored}. "
              f"Discard button (`.lib-row.is-problem [data-cmd=discard_save]`) on the first paint, "
              f"drawn by boot.js before Python: **{first_paint_ok} of {len(visits)}** damaged visits"
              + (f" (first drawn by: {', '.join(f'{k} {n}' for k, n in sorted(by.items()))})"
                 if set(by) != {"boot.js"} else "")
              + f"; visible once Python was ready, for that record: **{after_ok} of {len(visits)}**. "
              f"The empty-library visits showed no problem row: {empty_clean} of {len(visits)}.", ""]
    own = _med(js, "escapes/peek") + _med(pyo, "escapes/peek")
    usable_ratios = ratios("ready")
    q1, q3 = quantile(usable_ratios, 0.25), quantile(usable_ratios, 0.75)
    lines += [f"What the readers themselves should add at start-up, from section 2: boot.js `peek` "
              f"{fmt_ms(_med(js, 'escapes/peek'))} + Pyodide `peek` {fmt_ms(_med(pyo, 'escapes/peek'))} "
              f"≈ {fmt_ms(own)} on this save, {100 * own / median(col('empty', 'ready')):.1f} % of the empty "
              f"home's usable time (reading the 1 MB record out of IndexedDB and handing it to Python "
              f"come on top, not timed apart). The rounds' usable ratios have quartiles "
              f"{fmt_ratio(q1)}–{fmt_ratio(q3)}: "
              + ("they include 1.00×, so no cost of the damaged save is resolved at this machine's noise."
                 if q1 <= 1 <= q3 else
                 "they exclude 1.00×: the damaged save's cost shows through this machine's noise."), ""]
    if failures:
        lines += [f"**{len(failures)} visit(s) failed** (their rounds are left out): "
                  + "; ".join(failures), ""]
    if errors:
        lines += ["Page errors: " + "; ".join(errors[:5]), ""]
    lines += ["Not measured: the app's own interpreter from outside (no hook; the same Python and "
              "Pyodide were timed in a page of their own instead), and `load_state` in JavaScript "
              "(the first paint only peeks; it never replays).", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
