"""Section 6 of the bench: the game library in IndexedDB (static/store.js).

 a. Start-up with a library of 50 games (30 in progress, 20 finished, of every
    game, made here in CPython by quick computer players with royaltable.registry
    and ui.saves.dump_state): the bare runtime page, our home screen with an empty
    library and our home screen with the 50 games, cold / warm / offline, each
    visit in a fresh profile whose IndexedDB is seeded before the measured visit
    (from a 404 page of the same origin, so nothing of the site is cached by it).
    The marks are section 1's (web.INIT_SCRIPT) plus **library visible**: the
    first animation frame in which the 30 `.library .lib-row` rows have a box
    (boot.js paints them from IndexedDB before Python runs).
 b. A move written to IndexedDB: static/store.js's royalStore.put wrapped in the
    page, timed from the call to the store's answer ("saved") for real moves of
    games played by quick computer players in the app, with the 50 games present;
    and the main thread's part of each write: the put() call itself, the
    IDBObjectStore.put() inside the transaction (it clones the record), and the
    app's handling of the "saved" answer (py/main.py redraws).
 c. The save's size per game: UTF-8 bytes of a whole game's save, quick players.

The seeding writes the database the way static/store.js opens it ("royaltable",
version 1, object store "games", keyPath "id", records {id, text, updated, rev}).
"""
from __future__ import annotations

import json
import random
import shutil
import tempfile
import time

from common import CHROMIUM, fmt_bytes, fmt_ms, fmt_ratio, fmt_s, load, median, met, summary, table

IN_PROGRESS, FINISHED = 30, 20
VISIBLE_TARGET, USABLE_TARGET = 0.2, 1.2          # as section 1 (issue 13)
SEED_PATH = "/bench/__library_seed__"              # a 404 page: the origin, and nothing cached


# ---- the library, made in CPython ---------------------------------------------------

def _played(game, players: int, seed: int) -> list[str]:
    state = game.new(players, seed=seed)
    bots = [game.bots["quick"](seed * 10 + s) for s in range(players)]
    return list(state.play_out(bots).actions)


def make_library(in_progress: int = IN_PROGRESS, finished: int = FINISHED, seed: int = 7) -> list[dict]:
    """Records as static/store.js keeps them: every game in turn, seat counts
    between its least and most, a person in the first seat and computer players
    of either level in the rest; a game in progress stopped at a random move."""
    from royaltable import registry
    from ui import saves
    rng = random.Random(seed)
    ids = registry.ids()
    now_ms = int(time.time() * 1000)
    out = []
    for number in range(in_progress + finished):
        game = registry.get(ids[number % len(ids)])
        players = rng.randint(game.min_players, game.max_players)
        game_seed = rng.randrange(1, 10**6)
        actions = _played(game, players, game_seed)
        state = game.new(players, seed=game_seed)
        keep = len(actions) if number >= in_progress else rng.randint(1, len(actions) - 1)
        for action in actions[:keep]:
            state.apply(action)
        seats = [{"name": "あなた", "kind": "human"}] + [
            {"name": f"コンピューター{s}", "kind": rng.choice(list(game.bots))} for s in range(1, players)]
        out.append({"id": f"g{now_ms - number * 3_600_000:x}{number:08x}", "text": saves.dump_state(seats, state),
                    "updated": now_ms - number * 3_600_000, "rev": keep + 1})
    return out


def late_games(games: list[str], last: int) -> list[dict]:
    """One game of each kind with quick players in every seat, stopped `last`
    moves before its end (seed 5), for the page to continue: the writes of the
    end of a game, whose saves are the largest."""
    from royaltable import registry
    from ui import saves
    now_ms = int(time.time() * 1000)
    out = []
    for number, game_id in enumerate(games):
        game = registry.get(game_id)
        players = game.default_players or game.min_players
        actions = _played(game, players, 5)
        state = game.new(players, seed=5)
        keep = max(1, len(actions) - last)
        for action in actions[:keep]:
            state.apply(action)
        seats = [{"name": f"コンピューター{s + 1}", "kind": "quick"} for s in range(players)]
        out.append({"id": f"late-{game_id}", "text": saves.dump_state(seats, state),
                    "updated": now_ms + 60_000 + number, "rev": keep + 1})
    return out


def sizes(games_each: int) -> dict:
    """UTF-8 bytes of a whole game's save (quick players), at the default and the
    largest seat count."""
    from royaltable import registry
    from ui import saves
    out = {}
    for game_id in registry.ids():
        game = registry.get(game_id)
        rows = []
        for players in dict.fromkeys([game.default_players or game.min_players, game.max_players]):
            texts, lengths = [], []
            for seed in range(1, games_each + 1):
                actions = _played(game, players, seed)
                state = game.new(players, seed=seed)
                for action in actions:
                    state.apply(action)
                seats = [{"name": f"プレイヤー{s + 1}", "kind": "quick"} for s in range(players)]
                texts.append(len(saves.dump_state(seats, state).encode()))
                lengths.append(len(actions))
            rows.append({"players": players, "bytes": texts, "actions": lengths})
        out[game_id] = rows
    return out


def cpython_save_cost(library: list[dict], moves_each: int = 60) -> dict:
    """What App.save() costs per move in CPython (dump_state, then Library.write,
    which reads the save back with saves.peek) with the 50 games in a MemoryStore:
    the Python part of a write, which the page runs on its main thread too."""
    from royaltable import registry
    from ui import saves
    from ui.library import Library, MemoryStore, Stored
    store = MemoryStore()
    for r in library:
        store.shared["items"][r["id"]] = Stored(r["id"], r["text"], r["updated"], r["rev"])
    lib = Library(store, registry.ids())
    out = {}
    for game_id in registry.ids():
        game = registry.get(game_id)
        players = game.default_players or game.min_players
        actions = _played(game, players, 3)
        state = game.new(players, seed=3)
        seats = [{"name": f"P{s}", "kind": "quick"} for s in range(players)]
        step = max(1, len(actions) // moves_each)
        times = []
        for index, action in enumerate(actions):
            state.apply(action)
            if index % step == 0:
                started = time.perf_counter()
                lib.write("bench-" + game_id, saves.dump_state(seats, state))
                times.append((time.perf_counter() - started) * 1000)
        out[game_id] = times
    return out


# ---- in the page ---------------------------------------------------------------------

SEED = """async records => {
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open("royaltable", 1);
    open.onupgradeneeded = () => {
      if (!open.result.objectStoreNames.contains("games")) open.result.createObjectStore("games", {keyPath: "id"});
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  await new Promise((resolve, reject) => {
    const tx = db.transaction("games", "readwrite");
    for (const r of records) tx.objectStore("games").put(r);
    tx.oncomplete = resolve;
    tx.onerror = tx.onabort = () => reject(tx.error);
  });
  const count = await new Promise((resolve, reject) => {
    const req = db.transaction("games", "readonly").objectStore("games").count();
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  db.close();
  let usage = null;
  try { usage = (await navigator.storage.estimate()).usage; } catch (e) { /* not here */ }
  return {count, usage};
}"""

# The first animation frame in which `want` rows of the games in progress have a
# box (two pre-drawn homes, ja and en, are on the page: only one is shown).
ROWS_SCRIPT = """
(() => {
  const want = %d;
  if (!want || location.pathname.indexOf("__library_seed__") >= 0) return;
  const shown = sel => Array.from(document.querySelectorAll(sel)).filter(el => {
    const box = el.getBoundingClientRect(); return box.width > 0 && box.height > 0; }).length;
  const frame = () => {
    if (window.__bench && shown(".library .lib-row") >= want) {
      window.__bench.library = performance.now();
      window.__benchLibraryBy = window.royalReady ? "python" : "boot.js";
      return;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();
"""

ROWS_NOW = """() => { const shown = sel => Array.from(document.querySelectorAll(sel)).filter(el => {
    const box = el.getBoundingClientRect(); return box.width > 0 && box.height > 0; }).length;
  return {progress: shown(".library .lib-row"), finished: shown(".history .lib-row"),
          by: window.__benchLibraryBy || null}; }"""

DONE = """plan => window.__bench && (window.__bench.error !== undefined ||
  (window.__bench.ready !== undefined && (!plan.app || window.__bench.visible !== undefined)
   && (!plan.rows || window.__bench.library !== undefined)))"""

# Wraps window.royalStore as static/store.js defines it: put() timed to its
# answer (the listener's "saved" / "lost" / "problem" event for that id; writes of
# one game are answered in order), the put() call itself, the IDBObjectStore.put()
# inside its transaction (the record's clone), and the app's handling of the answer.
HOOK = """
(() => {
  if (location.pathname.indexOf("__library_seed__") >= 0) return;
  const log = window.__writes = [];
  const pending = {};
  const idbPut = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (value) {
    const t0 = performance.now();
    const result = idbPut.apply(this, arguments);
    const spent = performance.now() - t0;
    const queue = value && pending[value.id];
    if (queue) { const e = queue.find(e => e.rev === value.rev); if (e) e.clone = spent; }
    return result;
  };
  let store;
  Object.defineProperty(window, "royalStore", {configurable: true, get() { return store; }, set(s) {
    store = s;
    const put = s.put, listen = s.listen;
    s.put = function (id, text, updated, rev) {
      const t0 = performance.now();
      const result = put.apply(this, arguments);
      const sync = performance.now() - t0;
      (pending[id] = pending[id] || []).push({t0, sync, rev, text, bytes: new TextEncoder().encode(text).length});
      return result;
    };
    s.listen = function (fn) {
      return listen.call(this, function (event) {
        const t = performance.now();
        const queue = event && pending[event.id];
        let entry = null;
        if (queue && queue.length && ["saved", "lost", "problem"].indexOf(event.kind) >= 0) {
          entry = queue.shift();
          entry.done = t - entry.t0;
          entry.kind = event.kind;
          entry.id = event.id;
        }
        const result = fn(event);
        if (entry) { entry.answer = performance.now() - t; log.push(entry); }
        return result;
      });
    };
  }});
})();
"""


DIRECT = """async texts => {
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open("royaltable", 1);
    open.onsuccess = () => resolve(open.result); open.onerror = () => reject(open.error); });
  const out = [];
  let rev = 1;
  for (const text of texts) {
    rev += 1;
    const t0 = performance.now();
    await new Promise((resolve, reject) => {
      const tx = db.transaction("games", "readwrite"), games = tx.objectStore("games");
      const read = games.get("bench-alone");
      read.onsuccess = () => {
        const old = read.result;
        if (old && old.rev >= rev) { tx.abort(); return; }
        games.put({id: "bench-alone", text, updated: Date.now(), rev});
      };
      tx.oncomplete = resolve; tx.onerror = tx.onabort = () => reject(tx.error);
    });
    out.push(performance.now() - t0);
  }
  await new Promise(resolve => { const tx = db.transaction("games", "readwrite");
    tx.objectStore("games").delete("bench-alone"); tx.oncomplete = resolve; tx.onerror = resolve; });
  db.close();
  return out;
}"""


def _marks(page, plan) -> dict:
    import web
    page.wait_for_function(DONE, arg=plan, timeout=web.LOAD_TIMEOUT_MS, polling=20)
    marks = page.evaluate("window.__bench")
    if marks.get("error"):
        raise RuntimeError(marks["error"])
    out = {k: v / 1000 for k, v in marks.items() if isinstance(v, (int, float))}
    if plan.get("app"):
        out["rows"] = page.evaluate(ROWS_NOW)
    return out


def _context(p, profile):
    import web
    return p.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, headless=True, args=web.ARGS,
        viewport={"width": 1024, "height": 768}, locale="ja-JP")


def visit(p, site, target: str, url: str, plan: dict, records: list[dict], log) -> dict:
    """A fresh profile, its IndexedDB seeded (or not) from a 404 page of the
    origin; then as web.one_visit: cold, warm reload, offline reload."""
    import web
    out = {}
    with web.fresh_profile(p, site, plan, ROWS_SCRIPT % plan.get("rows", 0)) as (context, page, errors):
        page.goto(site.origin + SEED_PATH)        # every target, so that every visit does the same
        if records:
            out["seeded"] = page.evaluate(SEED, records)
        page.goto(url, timeout=web.LOAD_TIMEOUT_MS)
        out["cold"] = _marks(page, plan)
        out["sw"] = page.evaluate(web.SW_SETTLE, {"app": bool(plan.get("app")),
                                                   "timeout": web.PRECACHE_TIMEOUT_MS})
        page.reload(timeout=web.LOAD_TIMEOUT_MS)
        out["warm"] = _marks(page, plan)
        out["controlled"] = page.evaluate("!!(navigator.serviceWorker && navigator.serviceWorker.controller)")
        if out["controlled"]:
            context.set_offline(True)
            page.reload(timeout=web.LOAD_TIMEOUT_MS)
            out["offline"] = _marks(page, plan)
            context.set_offline(False)
        out["errors"] = errors
    brief = {ph: {k: round(v, 2) for k, v in out[ph].items() if isinstance(v, float)}
             for ph in ("cold", "warm", "offline") if ph in out}
    log(f"  {target}: {brief}")
    return out


def startup(p, site, records: list[dict], reps: int, log, warm_up: bool) -> dict:
    import web
    app = f"{site.origin}/?pace=0.02"
    plans = {"bare": (f"{site.origin}/bench/bare.html", {"ready": "body[data-ready]"}, []),
             "home": (app, {"app": True}, []),
             "library": (app, {"app": True, "rows": IN_PROGRESS}, records)}
    targets = list(plans)
    if warm_up:
        log(" library start-up: one unmeasured visit of each page first")
        for t in targets:
            visit(p, site, t, *plans[t], log)
    rounds = []
    for rep in range(reps):
        order = web.rotated(targets, rep)
        log(f" library start-up round {rep + 1}/{reps}: {', '.join(order)} (load {load()})")
        rounds.append({t: visit(p, site, t, *plans[t], log) for t in order})
    return {"targets": targets, "rounds": rounds}


def writes(p, site, games: list[str], records: list[dict], want: int, log) -> dict:
    """Games of quick computer players played in the app (every seat quick, so
    they play themselves at ?pace=0.02), every write timed, the 50 games present."""
    import web
    profile = tempfile.mkdtemp(prefix="royaltable-bench-lib-")
    context = _context(p, profile)
    per_game = -(-want // max(1, len(games)))
    rows, errors = [], []
    try:
        context.add_init_script(script=HOOK)
        page = context.pages[0] if context.pages else context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(site.origin + SEED_PATH)
        half = -(-per_game // 2)
        late = late_games(games, half + 10)
        seeded = page.evaluate(SEED, records + late)
        for game in games:
            for part in ("start", "end"):      # a new game's first writes, then a game's last ones
                got = []
                for attempt in (1, 2):           # a renderer crash (seen once, at load 4) gets one retry
                    try:
                        if page.is_closed() or attempt == 2:
                            page = context.new_page()
                            page.on("pageerror", lambda e: errors.append(str(e)))
                        got = _write_part(page, site, game, part, half, errors)
                        break
                    except Exception as err:
                        errors.append(f"{game} {part} attempt {attempt}: {type(err).__name__}: "
                                      f"{str(err).splitlines()[0]}")
                for w in got:
                    w["game"], w["part"] = game, part
                rows += got[:half]
                log(f"  library writes, {game} {part}: {len(got)} writes, median "
                    f"{median([w['done'] for w in got]) if got else float('nan'):.1f} ms, "
                    f"text up to {max([w['bytes'] for w in got], default=0)} B (load {load()})")
        if page.is_closed():
            page = context.new_page()
        # The same transaction alone, on an idle page (the home screen): the texts
        # just written, one after another, as static/store.js writes them.
        page.goto(f"{site.origin}/?pace=0.02", timeout=web.LOAD_TIMEOUT_MS)
        page.wait_for_function(web.USABLE, timeout=web.LOAD_TIMEOUT_MS)
        texts = page.evaluate(DIRECT, [w["text"] for w in rows if w.get("text")])
        alone = texts
        for w in rows:
            w.pop("text", None)
        stored = page.evaluate("""() => new Promise(resolve => {
            const open = indexedDB.open("royaltable", 1);
            open.onsuccess = () => { const req = open.result.transaction("games").objectStore("games").count();
              req.onsuccess = () => { open.result.close(); resolve(req.result); }; };
            open.onerror = () => resolve(null); })""")
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)
    return {"rows": rows, "errors": errors, "seeded": seeded, "stored_after": stored, "alone": alone}


def _write_part(page, site, game: str, part: str, want: int, errors: list) -> list[dict]:
    """A new game (part "start") or the late game of its kind continued ("end"),
    played by quick players until `want` writes were answered or it is over."""
    import web
    page.goto(f"{site.origin}/?pace=0.02", timeout=web.LOAD_TIMEOUT_MS)
    page.wait_for_function(web.USABLE, timeout=web.LOAD_TIMEOUT_MS)
    page.evaluate("window.__writes.splice(0)")
    if part == "start":
        page.click(f'#app [data-game="{game}"] [data-cmd=setup]')
        for seat in range(page.locator(".seat-row").count()):
            page.click(f'[data-cmd=kind][data-arg="{seat}:quick"]')
        page.click("[data-cmd=start]")
    else:
        page.click(f'#app [data-cmd=continue][data-arg="late-{game}"]')
    page.wait_for_selector(web.TABLE, timeout=30_000)
    try:
        page.wait_for_function("""n => window.__writes.length >= n || !!document.querySelector("#app .result")""",
                               arg=want, timeout=180_000, polling=100)
    except Exception as err:
        if page.is_closed() or "crashed" in str(err):
            raise
        errors.append(f"{game} {part}: {type(err).__name__}: {str(err).splitlines()[0]}")
    page.wait_for_timeout(100)
    return page.evaluate("window.__writes.splice(0)")


def measure(p, site, games: list[str], s: dict, log) -> dict:
    log(" making the library in CPython (30 in progress, 20 finished)")
    records = make_library()
    lib = {"records": len(records), "bytes": sum(len(r["text"].encode()) for r in records),
           "by_game": {}, "finished": 0}
    for r in records:
        save = json.loads(r["text"])
        g = lib["by_game"].setdefault(save["record"]["game"], {"in_progress": 0, "finished": 0, "bytes": 0})
        g["finished" if save["finished"] else "in_progress"] += 1
        g["bytes"] += len(r["text"].encode())
    out = {"version": 1, "library": lib, "loads": {}}
    out["loads"]["sizes"] = load()
    out["sizes"] = sizes(s.get("library_size_games", 5))
    out["cpython_save"] = cpython_save_cost(records)
    out["loads"]["startup"] = load()
    out["startup"] = startup(p, site, records, s["startup_reps"], log, s["startup_warm_up"])
    out["loads"]["writes"] = load()
    out["writes"] = writes(p, site, games, records, s.get("library_writes", 200), log)
    out["loads"]["end"] = load()
    return out


# ---- the report ----------------------------------------------------------------------

def render(d: dict):
    lib = d["library"]
    st = lib["startup"]
    rounds = st["rounds"]
    info = lib["library"]
    tg = []
    rows = []

    def row(label, phase, pairs, limit=None, target_label=None, versus="bare"):
        pairs = [(v, c) for v, c in pairs if v is not None and c]
        if not pairs:
            return
        values = [v for v, _ in pairs]
        s = summary(values)
        rs = summary([v / c for v, c in pairs])
        ok = None if limit is None else rs["median"] <= limit
        rows.append([label, phase, fmt_s(s["median"]), f"{fmt_s(s['min'])}–{fmt_s(s['max'])}", s["n"],
                     f"{fmt_ratio(rs['median'])} ({fmt_ratio(rs['min'])}–{fmt_ratio(rs['max'])}) of {versus}",
                     f"≤ {limit}×" if limit else "—", met(ok) if limit else "—"])
        if limit:
            tg.append([f"{target_label}, {phase}", f"{fmt_ratio(rs['median'])} of bare", f"≤ {limit}×", met(ok)])

    for phase in ("cold", "warm", "offline"):
        bare_phase = "warm" if phase == "offline" else phase

        def get(r, t, mark):
            return (r[t].get(phase) or {}).get(mark)
        bare = [r["bare"][bare_phase]["ready"] for r in rounds]
        if phase != "offline":
            row("bare page: script ran", phase, [(b, b) for b in bare])
            rows[-1][5] = "—"
        for t, name in (("home", "home, empty library"), ("library", f"home, {info['records']} games")):
            row(f"{name}: visible (a `.game-card` painted)", phase,
                [(get(r, t, "visible"), b) for r, b in zip(rounds, bare)],
                VISIBLE_TARGET if t == "library" else None, f"home visible with {info['records']} games")
            if t == "library":
                row(f"{name}: library visible ({IN_PROGRESS} `.library .lib-row` painted)", phase,
                    [(get(r, t, "library"), b) for r, b in zip(rounds, bare)])
            row(f"{name}: usable (Python took over)", phase,
                [(get(r, t, "ready"), b) for r, b in zip(rounds, bare)],
                USABLE_TARGET if t == "library" else None, f"home usable with {info['records']} games")
        row(f"cost of the library: usable, {info['records']} games ÷ empty", phase,
            [(get(r, "library", "ready"), get(r, "home", "ready")) for r in rounds], versus="empty home")

    by = {}
    shown = []
    for r in rounds:
        for phase in ("cold", "warm", "offline"):
            m = r["library"].get(phase)
            if m:
                who = m["rows"]["by"] or "?"
                by[who] = by.get(who, 0) + 1
                shown.append((m["rows"]["progress"], m["rows"]["finished"]))
    errors = sorted({e for r in rounds for t in st["targets"] for e in r[t].get("errors", [])})
    seeded = [r["library"].get("seeded") or {} for r in rounds]
    usage = [x["usage"] for x in seeded if x.get("usage")]
    by_game = ", ".join(f"{g} {v['in_progress']}+{v['finished']}" for g, v in info["by_game"].items())
    text = ["## 6. The game library (IndexedDB)", "",
            f"A library of **{info['records']} games** ({IN_PROGRESS} in progress, {FINISHED} finished; "
            f"by game, in progress + finished: {by_game}; {fmt_bytes(info['bytes'])} of save text), made in "
            "CPython by quick computer players (`bench/library.py: make_library`: seat counts between "
            "each game's least and most, a person in the first seat, a game in progress stopped at a "
            "random move), written into the page's IndexedDB (`royaltable` / `games`, as "
            "`static/store.js` keeps it) from a 404 page of the same origin before the measured visit, "
            "in a fresh profile for each cold visit. Section 1's marks, plus **library visible**: the "
            f"first animation frame in which the {IN_PROGRESS} rows of games in progress have a box "
            "(`static/boot.js` paints them from IndexedDB before Python runs). Three pages in rotating "
            f"order in each of {len(rounds)} rounds: the bare page, our home with an empty library, our "
            f"home with the {info['records']} games; ratios within each round (offline to the bare "
            "page's warm reload, as section 1), then the median.", "",
            table(["page", "load", "median", "spread", "n", "ratio", "limit", "Target"], rows), ""]
    text += [f"Who painted the {IN_PROGRESS} rows first, over {sum(by.values())} loads with the library: "
             + ", ".join(f"{k} {v}" for k, v in sorted(by.items()))
             + ". Rows on screen once usable (in progress / finished): "
             + ", ".join(sorted({f"{a}/{b}" for a, b in shown}))
             + (f". `navigator.storage.estimate()` after seeding (before any visit of the site): "
                f"{fmt_bytes(median(usage))}" if usage else "") + ".", ""]
    if errors:
        text += ["Page errors during the loads: " + "; ".join(errors[:5]), ""]

    # b. writes
    w = lib["writes"]
    ws = [x for x in w["rows"] if x.get("kind") == "saved"]
    not_saved = len(w["rows"]) - len(ws)
    if ws:
        def line(label, key, where=ws):
            xs = [x[key] for x in where if x.get(key) is not None]
            if not xs:
                return [label, 0, "—", "—", "—"]
            s = summary(xs)
            return [label, s["n"], fmt_ms(s["median"]), fmt_ms(s["p95"]), fmt_ms(s["max"])]
        wrows = [line("**put() to its transaction complete** (the \"saved\" answer)", "done"),
                 line("main thread: the `royalStore.put()` call", "sync"),
                 line("main thread: `IDBObjectStore.put()` in the transaction (the record cloned)", "clone"),
                 line("main thread: the app handling \"saved\" (py/main.py redraws)", "answer")]
        for x in ws:
            x["blocked"] = x["sync"] + (x.get("clone") or 0)
        wrows.append(line("main thread, the write itself (put() call + clone)", "blocked"))
        if w.get("alone"):
            s_ = summary(w["alone"])
            wrows.insert(1, ["the same transaction alone (same texts, one after another, idle page)", s_["n"],
                             fmt_ms(s_["median"]), fmt_ms(s_["p95"]), fmt_ms(s_["max"])])
        per_game = []
        for g, part in dict.fromkeys((x["game"], x.get("part", "")) for x in ws):
            xs = [x for x in ws if x["game"] == g and x.get("part", "") == part]
            d_ = summary([x["done"] for x in xs])
            b_ = summary([x["bytes"] for x in xs])
            per_game.append([f"{g}, {'a new game' if part == 'start' else 'the end of a game'}", d_["n"], fmt_ms(d_["median"]), fmt_ms(d_["p95"]), fmt_ms(d_["max"]),
                             f"{fmt_bytes(b_['median'])} ({fmt_bytes(b_['min'])}–{fmt_bytes(b_['max'])})"])
        done = summary([x["done"] for x in ws])
        blocked = summary([x["blocked"] for x in ws])
        text += ["### 6b. A move written to IndexedDB", "",
                 f"{len(ws)} writes of real moves, in a profile on disk holding the {info['records']} "
                 "games: for each kind of game, the first writes of a new game and the last writes of a "
                 "game continued from the library near its end (five more games, made here, seed 5), "
                 f"about {-(-len(w['rows']) // max(1, len(per_game)))} of each, played in the app by "
                 "quick computer players in every seat (`?pace=0.02`, so they play themselves). "
                 "`royalStore.put` is wrapped in the page: from the "
                 "call to the store's answer for that write (the transaction that reads the record's "
                 "revision and puts the new one has completed). That interval also holds whatever "
                 "else the main thread ran meanwhile (the app's redraw of the move). The main thread's "
                 "own part of a write is the `put()` call and the `IDBObjectStore.put()` inside the "
                 "transaction; the app's handling of the answer is given apart. The same "
                 "transaction (read the revision, put the record) was then timed alone on the idle "
                 "home screen with the same texts, one after another: IndexedDB's own latency, "
                 "without the app's work in between. (The page's clock "
                 "ticks in 0.1 ms steps, so the smallest parts read 0.)", "",
                 table(["", "n", "median", "p95", "max"], wrows), "",
                 table(["game", "writes", "median", "p95", "max", "save text (median, range)"], per_game), ""]
        if not_saved:
            text += [f"**{not_saved} writes were not answered \"saved\"** (lost or a problem).", ""]
        tg.append(["a move written to IndexedDB (put → complete), 50 games present",
                   f"p95 {fmt_ms(done['p95'])} (median {fmt_ms(done['median'])}, max {fmt_ms(done['max'])}); "
                   f"main thread p95 {fmt_ms(blocked['p95'])}", "— (measured, no target)", "n/a"])
    else:
        text += ["### 6b. A move written to IndexedDB", "", "**No write was timed.**", ""]
        tg.append(["a move written to IndexedDB", "no write timed", "—", "**MISSED**"])
    if w.get("errors"):
        text += ["Errors while playing: " + "; ".join(w["errors"][:5]), ""]
    cp = lib.get("cpython_save") or {}
    if cp:
        text += ["The Python part of each write, for comparison, in CPython (`App.save()`: "
                 "`saves.dump_state` with its digest of the position, then `Library.write`, which "
                 "reads the save back with `saves.peek`; the page runs it on its main thread, "
                 "slower, see section 3): " + "; ".join(
                     f"{g} median {fmt_ms(median(xs))}, max {fmt_ms(max(xs))}" for g, xs in cp.items()) + ".", ""]

    # c. sizes
    srows = []
    biggest = 0
    for g, entries in lib["sizes"].items():
        for e in entries:
            b = summary(e["bytes"])
            biggest = max(biggest, b["median"])
            srows.append([g, e["players"], b["n"], f"{median(e['actions']):.0f}", fmt_bytes(b["median"]),
                          fmt_bytes(b["max"]), fmt_bytes(50 * b["median"])])
    text += ["### 6c. The library's size", "",
             "UTF-8 bytes of a whole game's save text (`ui.saves.dump_state` at the end of a game of "
             "quick computer players; a save only grows during a game), seeds 1 onwards, at the "
             "default and the largest seat count.", "",
             table(["game", "players", "games", "actions (median)", "save (median)", "save (max)",
                    "50 such games"], srows), "",
             f"The {info['records']}-game library measured above takes {fmt_bytes(info['bytes'])} of save "
             f"text; 50 games of the largest median kind {fmt_bytes(50 * biggest)}. (The store refuses a save "
             "over 1,000,000 characters.)", ""]
    loads = lib.get("loads") or {}
    text += ["Load average (1/5/15 min) at the start of each part: " + "; ".join(
        f"{k} {v}" for k, v in loads.items()) + ".", ""]
    return "\n".join(text), tg
