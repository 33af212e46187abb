"""The browser half of the bench: the repository root served on localhost, Debian's
Chromium through Playwright (never a downloaded browser), and the measurements
made in it: start-up, weight, taps and the computer players in the page.
"""
from __future__ import annotations

import contextlib
import functools
import gzip
import http.server
import json
import pathlib
import random
import shutil
import tempfile
import threading
import time
from urllib.parse import urlsplit

from common import CHROMIUM, MOVING_PACE, ROOT

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
READY_BARE = "body[data-ready]"
# The app's home screen is in the first HTML (tools/prerender.py), so it is on
# screen long before it works: "usable" is Python having taken over
# (py/main.py sets royalReady, then removes the boot note), as e2e/ waits for it.
USABLE = "() => window.royalReady === true && !document.getElementById('boot')"
# The service worker keeps every file for offline play (static/offline.js): a page's
# downloads and hashing are over, and what is timed next does not share the machine with them.
SETTLED = "html[data-offline=ready]"
PRECACHE_TIMEOUT_MS = 120_000
TABLE = ".table-main"
LOAD_TIMEOUT_MS = 180_000


# ---- the server: the repository root, every response logged ------------------

class Recorder:
    def __init__(self):
        self.lock = threading.Lock()
        self.entries: list[dict] = []
        self.phase = None

    def take(self, phase) -> list[dict]:
        with self.lock:
            return [e for e in self.entries if e["phase"] == phase]


class Handler(http.server.SimpleHTTPRequestHandler):
    recorder: Recorder = None

    def log_message(self, *args):
        pass

    def log_request(self, code="-", size="-"):
        headers = self.headers
        # A service worker's precache asks with cache: "no-cache" (Chromium sends
        # Cache-Control: max-age=0, a revalidation) or "reload" (no-cache); a
        # first visit's own requests send neither.
        cache_control = headers.get("Cache-Control") or ""
        precache = ("no-cache" in cache_control or "max-age=0" in cache_control
                    or "no-cache" in (headers.get("Pragma") or ""))
        self._entry = {"phase": self.recorder.phase, "path": urlsplit(self.path).path,
                       "status": int(code) if str(code).isdigit() or isinstance(code, int) else 0,
                       "bytes": 0, "sw": headers.get("Service-Worker") == "script",
                       "precache": precache}
        with self.recorder.lock:
            self.recorder.entries.append(self._entry)

    def copyfile(self, source, outputfile):
        total = 0
        while True:
            chunk = source.read(64 * 1024)
            if not chunk:
                break
            outputfile.write(chunk)
            total += len(chunk)
        self._entry["bytes"] += total


class Site:
    """http.server in a thread, like e2e/conftest.py, serving the repository root
    (or the run's snapshot of it, laid out the same)."""
    def __init__(self, root=ROOT):
        self.recorder = Recorder()
        handler = functools.partial(type("H", (Handler,), {"recorder": self.recorder}),
                                    directory=str(root))
        self.root = root
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


# ---- start-up ------------------------------------------------------------------------

# Runs in every document before the page's own scripts: records, against the
# navigation start (performance.now()),
#  - bare page: when its script has run (`ready`);
#  - the app: when the game list is first on screen (`visible`: the first
#    animation frame in which a .game-card has a box, i.e. the frame that paints
#    it; rendering waits for the stylesheets, so this is the first paint of the
#    pre-drawn home screen), when Python has taken over (`ready`, the home screen
#    usable), and, for a game, taps "play" then "start" at once (as an instant
#    person would) and records when the table is drawn (`table`). The app draws
#    synchronously inside a tap. Also the browser's first-contentful-paint
#    (`fcp`) and when the service worker said the runtime is kept
#    (`offline_ready`, html[data-offline=ready]), and when a service worker took
#    control of the page (`controlled`, its controllerchange).
INIT_SCRIPT = """
(() => {
  const plan = %s;
  const marks = window.__bench = {};
  // A tap where the button is: py/ui/taps.py drops a second tap on the same spot
  // just after a tap changed the screen (element.click() would tap at 0, 0).
  const tap = el => {
    const box = el.getBoundingClientRect();
    el.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true, view: window,
      clientX: box.x + box.width / 2, clientY: box.y + box.height / 2}));
  };
  const usable = () => plan.app ? (window.royalReady === true && !document.getElementById("boot"))
                                : !!document.querySelector(plan.ready);
  const check = () => {
    if (marks.ready === undefined && usable()) {
      marks.ready = performance.now();
      if (plan.game) {
        const setup = document.querySelector(`#app [data-game="${plan.game}"] [data-cmd=setup]`);
        if (!setup) { marks.error = "no setup button for " + plan.game; return; }
        tap(setup);
        const start = document.querySelector("[data-cmd=start]");
        if (!start) { marks.error = "no start button"; return; }
        tap(start);
      }
    }
    if (plan.table && marks.ready !== undefined && marks.table === undefined
        && document.querySelector(plan.table)) {
      marks.table = performance.now();
    }
    if (plan.app && marks.offline_ready === undefined && document.documentElement
        && document.documentElement.dataset.offline === "ready") {
      marks.offline_ready = performance.now();
    }
    if (plan.app && marks.error === undefined && document.querySelector("#boot.boot-failed")) {
      marks.error = "the page says it failed to load: " + document.getElementById("boot").textContent.trim();
    }
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
  try {
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (marks.controlled === undefined) marks.controlled = performance.now();
    });
  } catch (e) { /* no service workers here (about:blank, file:) */ }
  if (plan.app) {
    const frame = () => {
      for (const card of document.querySelectorAll(".game-card")) {
        const box = card.getBoundingClientRect();
        if (box.width > 0 && box.height > 0) { marks.visible = performance.now(); return; }
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }
  try {
    new PerformanceObserver(list => {
      for (const e of list.getEntries())
        if (e.name === "first-contentful-paint" && marks.fcp === undefined) marks.fcp = e.startTime;
    }).observe({type: "paint", buffered: true});
  } catch (e) { /* no paint timing */ }
})();
"""

MARKS_DONE = """plan => window.__bench && (window.__bench.error !== undefined ||
  (window.__bench.ready !== undefined && (!plan.table || window.__bench.table !== undefined)
   && (!plan.app || window.__bench.visible !== undefined)))"""

# After a first visit: wait until a service worker (if the page registers one)
# controls the page and, for the app, has kept the runtime (it posts "precached",
# offline.js sets html[data-offline=ready]), so every byte of a first visit was sent.
SW_SETTLE = """async plan => {
  if (!("serviceWorker" in navigator)) return {state: "unsupported"};
  if (document.readyState !== "complete")
    await new Promise(r => addEventListener("load", r, {once: true}));
  await new Promise(r => setTimeout(r, 300));
  const reg = await navigator.serviceWorker.getRegistration();
  if (!reg) return {state: "none"};
  const t0 = performance.now();
  while (!navigator.serviceWorker.controller && performance.now() - t0 < plan.timeout)
    await new Promise(r => setTimeout(r, 50));
  const controlled = navigator.serviceWorker.controller
    ? (window.__bench.controlled ?? performance.now()) : undefined;
  const kept = () => document.documentElement.dataset.offline === "ready";
  while (plan.app && !kept() && performance.now() - t0 < plan.timeout)
    await new Promise(r => setTimeout(r, 50));
  return {state: controlled !== undefined ? "controlling" : "registered", at_ms: controlled,
          precached: plan.app ? kept() : undefined,
          precached_ms: plan.app && kept() ? (window.__bench.offline_ready ?? performance.now()) : undefined};
}"""


def _plans(origin: str, games: list[str]) -> dict:
    plans = {"bare": (f"{origin}/bench/bare.html", {"ready": READY_BARE})}
    if games:
        for game in games:
            plans[game] = (f"{origin}/?pace=0.02", {"app": True, "game": game, "table": TABLE})
    else:
        plans["home"] = (f"{origin}/?pace=0.02", {"app": True})
    return plans


# What the page shows when its marks never come: which marks there are, the boot
# note, the screen, whether a service worker controls it.
PAGE_STATE = """() => ({marks: window.__bench, ready: window.royalReady,
  boot: (document.getElementById("boot") || {}).textContent,
  screen: (document.querySelector("[data-screen]") || {dataset: {}}).dataset.screen,
  text: (document.getElementById("app") || document.body || {}).innerText?.slice(0, 300),
  controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller)})"""


def _wait_marks(page, plan) -> dict:
    try:
        page.wait_for_function(MARKS_DONE, arg=plan, timeout=LOAD_TIMEOUT_MS, polling=20)
    except Exception as err:
        try:
            state = page.evaluate(PAGE_STATE)
        except Exception as inner:      # the page itself is gone
            state = f"unreadable: {inner}"
        raise RuntimeError(f"the page's marks never came ({type(err).__name__}); it shows {state}") from err
    marks = page.evaluate("window.__bench")
    if marks.get("error"):
        raise RuntimeError(marks["error"])
    return {k: v / 1000 for k, v in marks.items()}


def playable_games(p, site: Site) -> list[str]:
    """The games whose "play" button the home screen shows, in its order."""
    browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    try:
        page = browser.new_page()
        page.goto(f"{site.origin}/")
        page.wait_for_function(USABLE, timeout=LOAD_TIMEOUT_MS)
        games = page.evaluate("""() => Array.from(document.querySelectorAll("#app [data-game]"))
            .filter(card => card.querySelector("[data-cmd=setup]") && card.getClientRects().length)
            .map(card => card.dataset.game)""")
        return list(dict.fromkeys(games))
    finally:
        browser.close()


@contextlib.contextmanager
def fresh_profile(p, site: Site, plan: dict, *scripts: str):
    """A browser with a profile of its own (no HTTP cache, no service worker, no
    IndexedDB), the plan's marks script and `scripts` run in every page: yields
    (context, page, the page's errors); the profile is gone afterwards."""
    profile = tempfile.mkdtemp(prefix="royaltable-bench-")
    context = p.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, headless=True, args=ARGS,
        viewport={"width": 1024, "height": 768}, locale="ja-JP")
    try:
        for script in (INIT_SCRIPT % json.dumps(plan),) + scripts:
            context.add_init_script(script=script)
        page = context.pages[0] if context.pages else context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        yield context, page, errors
    finally:
        site.recorder.phase = None
        context.close()
        shutil.rmtree(profile, ignore_errors=True)


def rotated(targets: list, round_no: int) -> list:
    """The targets in this round's order: each round starts one further along."""
    return targets[round_no % len(targets):] + targets[:round_no % len(targets)]


def one_visit(p, site: Site, target: str, url: str, plan: dict, log) -> dict:
    """A fresh profile: a cold first visit, a warm reload, and, if a service worker
    then controls the page, an offline reload."""
    out = {}
    with fresh_profile(p, site, plan) as (context, page, errors):
        site.recorder.phase = (target, "cold", id(out))
        page.goto(url, timeout=LOAD_TIMEOUT_MS)
        out["cold"] = _wait_marks(page, plan)
        out["sw"] = page.evaluate(SW_SETTLE, {"app": bool(plan.get("app")),
                                               "timeout": PRECACHE_TIMEOUT_MS})
        out["cold_requests"] = add_gzip(site.recorder.take(site.recorder.phase), site.root)

        site.recorder.phase = (target, "warm", id(out))
        page.reload(timeout=LOAD_TIMEOUT_MS)
        out["warm"] = _wait_marks(page, plan)
        out["warm_requests"] = site.recorder.take(site.recorder.phase)
        out["controlled"] = page.evaluate("!!(navigator.serviceWorker && navigator.serviceWorker.controller)")
        if out["controlled"]:
            context.set_offline(True)
            site.recorder.phase = (target, "offline", id(out))
            page.reload(timeout=LOAD_TIMEOUT_MS)
            out["offline"] = _wait_marks(page, plan)
            out["offline_requests"] = site.recorder.take(site.recorder.phase)
            context.set_offline(False)
        out["errors"] = errors
    log(f"  {target}: cold {out['cold']} warm {out['warm']} offline {out.get('offline', 'n/a')}")
    return out


def startup(p, site: Site, games: list[str], reps: int, log, warm_up: bool = True) -> dict:
    """Interleaved: each round visits every target once, in a rotating order,
    after one unmeasured visit of each (the first launch pays for cold disks)."""
    plans = _plans(site.origin, games)
    targets = list(plans)
    if warm_up:
        log(" start-up: one unmeasured visit of each page first")
        for target in targets:
            one_visit(p, site, target, *plans[target], log)
    rounds = []
    for rep in range(reps):
        order = rotated(targets, rep)
        log(f" start-up round {rep + 1}/{reps}: {', '.join(order)}")
        rounds.append({t: one_visit(p, site, t, *plans[t], log) for t in order})
    # version 2: the app's "ready" is usable (royalReady, #boot gone), "visible" the game list painted
    return {"version": 2, "targets": targets, "rounds": rounds}


# ---- weight --------------------------------------------------------------------------

def kind_of(path: str) -> str:
    if path.startswith(("/static/vendor/pyscript/", "/static/vendor/pyodide/")):
        return "runtime (PyScript + Pyodide)"
    if path == "/static/vendor/app.zip" or path.startswith("/py/"):
        return "our Python (app.zip, main.py)"
    if path.startswith("/static/"):
        return "our CSS, JS and art"
    return "pages (index, rules), TOML, sw.js"


KINDS = ["pages (index, rules), TOML, sw.js", "our CSS, JS and art", "our Python (app.zip, main.py)",
         "runtime (PyScript + Pyodide)"]


@functools.lru_cache(maxsize=None)
def gzipped(path: str, root=ROOT) -> int:
    """What the file would weigh gzipped (-6), as most static hosts would send it."""
    file = pathlib.Path(root) / path.lstrip("/")
    if path.endswith("/"):
        file = file / "index.html"
    try:
        return len(gzip.compress(file.read_bytes(), 6))
    except OSError:
        return 0


def add_gzip(requests: list[dict], root) -> list[dict]:
    for r in requests:
        r["gzip"] = gzipped(r["path"], str(root)) if r["status"] == 200 else 0
    return requests


def weigh(requests: list[dict]) -> dict:
    """What a visit downloaded: each file once, by kind (raw and gzipped), and the
    bytes actually sent, split into the page's own requests and a service
    worker's precache (fetched with cache: reload, so with no-cache headers);
    a file both fetched counts once in the weight and again in "twice"."""
    files: dict[str, int] = {}
    gz: dict[str, int] = {}
    out = {"kinds": {k: 0 for k in KINDS}, "kinds_gzip": {k: 0 for k in KINDS},
           "page_bytes": 0, "page_requests": 0, "precache_bytes": 0, "precache_requests": 0,
           "not_found": sorted({r["path"] for r in requests if r["status"] == 404})}
    for r in requests:
        if r["status"] != 200:
            continue
        if r["precache"] or r["sw"]:
            out["precache_bytes"] += r["bytes"]
            out["precache_requests"] += 1
        else:
            out["page_bytes"] += r["bytes"]
            out["page_requests"] += 1
        files[r["path"]] = max(files.get(r["path"], 0), r["bytes"])
        gz[r["path"]] = r["gzip"] if "gzip" in r else gzipped(r["path"])
    for path, size in files.items():
        out["kinds"][kind_of(path)] += size
        out["kinds_gzip"][kind_of(path)] += gz[path]
    out["total"] = sum(files.values())
    out["total_gzip"] = sum(out["kinds_gzip"].values())
    out["twice"] = out["page_bytes"] + out["precache_bytes"] - out["total"]
    # Every body byte the server sent (304s send none), and which files it sent
    # whole more than once: "/" and "/index.html" are one file.
    out["sent"] = sum(r["bytes"] for r in requests)
    whole: dict[str, int] = {}
    for r in requests:
        if r["status"] == 200 and r["bytes"] > 0:
            name = r["path"] + "index.html" if r["path"].endswith("/") else r["path"]
            whole[name] = whole.get(name, 0) + 1
    out["twice_paths"] = {path: n for path, n in sorted(whole.items()) if n > 1}
    out["revalidated"] = sum(r["status"] == 304 for r in requests)
    return out


# ---- taps ----------------------------------------------------------------------------

# One human decision, chosen and timed in the page. The click is dispatched with
# element.click() from here, so the Python handler runs (and redraws) inside it;
# "layout" adds the style and layout the browser owes for the new HTML.
TAP = """state => {
  const app = document.getElementById("app");
  if (app.querySelector(".result")) return {over: true};
  const usable = sel => Array.from(app.querySelectorAll(sel))
      .filter(el => !el.disabled && el.getClientRects().length);
  let choices = usable("[data-cmd=handoff], [data-cmd=resume]");
  if (!choices.length) {
    const skip = new Set(["quit", "rules", "home", "lang", "again", "dismiss"]);
    choices = usable(".table-main [data-cmd], .overlay [data-cmd]")
        .filter(el => !skip.has(el.dataset.cmd));
  }
  if (!choices.length) {
    const toast = usable("[data-cmd=dismiss]");
    if (toast.length) choices = toast; else return {wait: true};
  }
  // A seeded walk: actions weigh more than selections, so a hand gets played.
  let x = state.seed = (state.seed * 1103515245 + 12345) % 2147483648;
  const weights = choices.map(el => el.dataset.cmd === "act" ? 3 : 1);
  let pick = x / 2147483648 * weights.reduce((a, b) => a + b, 0);
  let el = choices[choices.length - 1];
  for (let i = 0; i < choices.length; i++) { pick -= weights[i]; if (pick < 0) { el = choices[i]; break; } }
  const cmd = el.dataset.cmd;
  const t0 = performance.now();
  el.click();
  const t1 = performance.now();
  void document.body.offsetHeight;
  const t2 = performance.now();
  return {cmd, handler: t1 - t0, layout: t2 - t0, seed: state.seed};
}"""

WAITING = """() => { const app = document.getElementById("app");
  return !!app.querySelector(".result, [data-cmd=handoff], [data-cmd=resume], [data-cmd=dismiss], "
    + ".table-main [data-cmd]:not([disabled]), .overlay [data-cmd]:not([disabled])"); }"""


def play_one(browser, site: Site, game: str, seed: int, log, limit_s: float = 600) -> dict:
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="ja-JP")
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{site.origin}/?pace={MOVING_PACE}")
        page.wait_for_function(USABLE, timeout=LOAD_TIMEOUT_MS)
        page.click(f'[data-game="{game}"] [data-cmd=setup]')
        players = page.locator(".seat-row").count()
        for seat in range(1, players):
            page.click(f'[data-cmd=kind][data-arg="{seat}:quick"]')
        if page.locator('[data-field="seed"]').count():
            page.fill('[data-field="seed"]', str(seed))
        page.click("[data-cmd=start]")
        page.wait_for_selector(TABLE, timeout=30_000)
        taps = []
        state = {"seed": seed}
        deadline = time.time() + limit_s
        over = False
        while time.time() < deadline:
            answer = page.evaluate(TAP, state)
            if answer.get("over"):
                over = True
                break
            if answer.get("wait"):
                try:
                    page.wait_for_function(WAITING, timeout=30_000, polling=10)
                except Exception:
                    pass
                continue
            state["seed"] = answer["seed"]
            taps.append({"cmd": answer["cmd"], "handler": answer["handler"], "layout": answer["layout"]})
        log(f"  {game}: {len(taps)} taps, game {'over' if over else 'NOT finished'}"
            f"{', errors: ' + '; '.join(errors[:3]) if errors else ''}")
        return {"game": game, "players": players, "taps": taps, "over": over, "errors": errors}
    finally:
        context.close()


def taps(p, site: Site, games: list[str], games_each: int, log) -> dict:
    browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    try:
        return {game: [play_one(browser, site, game, 11 + g, log) for g in range(games_each)]
                for game in games}
    finally:
        browser.close()


# ---- computer players in the page --------------------------------------------------

class BotsPage:
    """bench/bots.html: the app's runtime and app.zip, benchlib.handle on window."""
    def __init__(self, p, site: Site):
        self.browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        self.page = self.browser.new_page()
        self.errors = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(f"{site.origin}/bench/bots.html")
        self.page.wait_for_selector(READY_BARE, state="attached", timeout=LOAD_TIMEOUT_MS)
        self.python = self.page.evaluate("document.body.dataset.python")

    def ask(self, request: dict):
        self.page.evaluate("req => benchRun(req)", json.dumps(request))
        answer = json.loads(self.page.inner_text("#out"))   # the page writes it into the DOM
        if "error" in answer:
            raise RuntimeError(f"bots page: {answer['error']}")
        return answer["ok"]

    def close(self):
        self.browser.close()


def shuffled(items, seed):
    items = list(items)
    random.Random(seed).shuffle(items)
    return items
