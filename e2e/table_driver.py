"""Plays any game in the page as people tap it, without knowing the game: a
random legal button at each decision, hand-offs taken, summaries tapped on; or
as a person with the keyboard alone (KeyboardPlayer).

It also reads, in one step, what the page shows and what the app saved, so a
test can replay the record in CPython and know the true hands at that moment.
"""
from __future__ import annotations

import collections
import contextlib
import json
import pathlib
import random
import sys
import time

import playwright.sync_api

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests")]
from royaltable import registry  # noqa: E402
from screens import strings as view_strings  # noqa: E402,F401  (one definition for UI and page tests)
from ui import saves  # noqa: E402

# The save this tab last wrote of the game it holds, as text (null until it holds one:
# static/store.js sets `open` a moment after the table is drawn; see `started`).
SAVED_TEXT = "(royalStore.written[royalStore.open] || null)"
SNAPSHOT = """() => [document.getElementById('app').innerHTML, %s,
                     (document.querySelector('[data-screen]') || {dataset: {}}).dataset.screen || '']""" % SAVED_TEXT
DECISION = "#app [data-cmd=act]:not([disabled]), #app [data-cmd=select]"
# The shortest pace at which static/motion.js still moves things (at the tests' usual
# 0.02 every motion would be over within a frame, and none is prepared).
MOVING_PACE = "pace=0.05"
# Every figure on screen that is not drawn: its <use> refers to no symbol of the page
# (ui/figures.py: the sprite is in index.html) or draws nothing. A function of no arguments
# (WebKit's driver runs it as "return (...)()").
UNDRAWN_FIGURES = """() => [...document.querySelectorAll('#app use')].filter(use => {
  const svg = use.ownerSVGElement;
  if (!svg || !svg.getClientRects().length) return false;
  const symbol = document.getElementById((use.getAttribute('href') || '').replace(/^#/, ''));
  return !symbol || symbol.tagName !== 'symbol' || !(use.getBBox().width > 0);
}).map(use => use.getAttribute('href'))"""
# Every redraw checked against its markup (static/redraw.js patches the page): the page
# after the patch is the markup drawn afresh, node for node (attributes in any order).
# Installed once a page has booted; PATCHES then gives the redraws counted and the first
# that was not as drawn (its number, where, and the two versions), or null.
WATCH_PATCHES = """() => { const draw = window.royalRedraw.draw;
  const fresh = document.implementation.createHTMLDocument('');
  const named = (node) => node.nodeType !== 1 ? '#text'
    : node.nodeName.toLowerCase() + (node.classList[0] ? '.' + node.classList[0] : '');
  const text = (node) => (node.outerHTML || node.nodeValue || '').slice(0, 600);
  const differ = (want, got, where) => {
    if (want.isEqualNode(got)) return null;
    if (want.nodeType !== 1 || got.nodeType !== 1 || want.nodeName !== got.nodeName)
      return {where, want: text(want), got: text(got)};
    return inside(want, got, where) || {where: where + ' (its attributes)',
      want: want.cloneNode(false).outerHTML, got: got.cloneNode(false).outerHTML};
  };
  const inside = (want, got, where) => {
    if (want.childNodes.length !== got.childNodes.length)
      return {where, want: text(want), got: text(got)};
    for (let i = 0; i < want.childNodes.length; i++) {
      const found = differ(want.childNodes[i], got.childNodes[i], `${where} > ${named(want.childNodes[i])}[${i}]`);
      if (found) return found;
    }
    return null;
  };
  window.royalPatches = {drawn: 0, wrong: null};
  window.royalRedraw.draw = (root, html, samePage) => {
    const patched = draw(root, html, samePage);
    const seen = window.royalPatches;
    seen.drawn++;
    if (!seen.wrong) {
      fresh.body.innerHTML = html;
      // A review's table is then scaled to fit (redraw.js fit(): styles of its own)
      let page = root;
      if (root.querySelector('.review-fit')) {
        page = root.cloneNode(true);
        for (const el of page.querySelectorAll('.review-table, .review-fit')) el.removeAttribute('style');
      }
      const wrong = inside(fresh.body, page, '#app');
      if (wrong) seen.wrong = Object.assign(wrong, {redraw: seen.drawn});
    }
    return patched;
  };
}"""
PATCHES = "() => window.royalPatches"


def patched_as_drawn(patches: dict, when: str = "the game") -> None:
    """After WATCH_PATCHES, what PATCHES gives (in either browser): at least twenty
    redraws, each leaving the page as its markup."""
    assert patches["drawn"] >= 20 and patches["wrong"] is None, \
        f"{when}: a redraw left the page unlike its markup: {patches}"


# Every button a decision is taken with that lies outside the window, the page at its top: a
# player's decision must be in reach without scrolling.
OUT_OF_REACH = """() => { window.scrollTo(0, 0); const out = [];
  for (const b of document.querySelectorAll(
      '#app [data-cmd=act], #app [data-cmd=select], #app [data-cmd=handoff], #app [data-cmd=resume]')) {
    const r = b.getBoundingClientRect();
    if (!r.width) continue;
    if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1)
      out.push(b.dataset.cmd + ' ' + (b.dataset.arg || '') + ' at y ' + Math.round(r.top) + '-' + Math.round(r.bottom));
  }
  return out; }"""
# What a screen offers a player: a hand-off (its seat), a resume, an undo, and the
# decision buttons' kinds, in DECISION's order.
_OFFER = """() => {
  const handoff = document.querySelector('[data-cmd=handoff]');
  return {handoff: handoff ? handoff.dataset.arg : null,
          resume: !!document.querySelector('[data-cmd=resume]'),
          undo: !!document.querySelector('[data-cmd=undo]'),
          decisions: [...document.querySelectorAll(%r)].map(b => b.dataset.cmd)};
}""" % DECISION
# The height of the window left unused under the table: below the lowest thing drawn on it
# (a word, a card, a die, a button; not a box's background), all motion at its end.
UNUSED = """() => { if (window.royalMotion) royalMotion.finish(); window.scrollTo(0, 0);
  let low = 0;
  const main = document.querySelector('.table-main') || document.getElementById('app');
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  while (walker.nextNode()) {
    const n = walker.currentNode;
    if (!n.textContent.trim() || n.parentElement.closest('.sr-only, [hidden], .table-side')) continue;
    range.selectNodeContents(n);
    for (const r of range.getClientRects()) if (r.height) low = Math.max(low, r.bottom);
  }
  for (const e of main.querySelectorAll('.card, svg, button, .ct-die, .ct-d, [data-card]')) {
    if (e.closest('.sr-only, [hidden], .table-side')) continue;
    const r = e.getBoundingClientRect();
    if (r.height && r.width) low = Math.max(low, r.bottom);
  }
  return Math.round(innerHeight - low); }"""

# The animations running on the page that never end and move what must be painted again
# at every frame (a colour, a shadow, an outline; not opacity or a transform, which the
# compositor moves alone): each keeps the tablet drawing for as long as it is on screen.
KEYFRAME_FIELDS = ("offset", "easing", "composite", "computedOffset")     # in every keyframe: not what it moves
COMPOSITED = KEYFRAME_FIELDS + ("opacity", "transform", "translate", "rotate", "scale")
ENDLESS_REPAINTS = """() => document.getAnimations()
  .filter(a => a.playState === 'running' && a.effect.getComputedTiming().endTime === Infinity)
  .filter(a => a.effect.getKeyframes().some(k => Object.keys(k).some(p => !%s.includes(p))))
  .map(a => (a.animationName || 'a script animation') + ' on ' + a.effect.target.className
            + (a.effect.pseudoElement || ''))""" % json.dumps(COMPOSITED)

# The page origin's library, laid out as static/store.js keeps it: database
# "royaltable" v1, object store "games" of records {id, text, updated, rev}.
_OPEN_LIBRARY = """new Promise((resolve, reject) => {
    const open = indexedDB.open("royaltable", 1);
    open.onupgradeneeded = () => {
      if (!open.result.objectStoreNames.contains("games"))
        open.result.createObjectStore("games", {keyPath: "id"});
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  })"""
# page.evaluate(SEED_LIBRARY, records): writes the records.
SEED_LIBRARY = """async (records) => {
  const db = await %s;
  await new Promise((resolve, reject) => {
    const tx = db.transaction("games", "readwrite");
    for (const record of records) tx.objectStore("games").put(record);
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}""" % _OPEN_LIBRARY
# What the database holds now, id -> record, of the records `keep` (a JS test of r).
_READ_RECORDS = """async () => {
  const db = await %s;
  const all = await new Promise((resolve, reject) => {
    const req = db.transaction("games", "readonly").objectStore("games").getAll();
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  db.close();
  return Object.fromEntries(all.filter(r => %s).map(r => [r.id, r]));
}"""
# page.evaluate(READ_LIBRARY): the games (a deleted game's tombstone, {id, deleted:
# true}, is no game: left out); page.evaluate(READ_TOMBSTONES): the games deleted for good.
READ_LIBRARY = _READ_RECORDS % (_OPEN_LIBRARY, "!r.deleted")
READ_TOMBSTONES = _READ_RECORDS % (_OPEN_LIBRARY, "r.deleted")


def open_more_options(page):
    """Unfolds the new-game screen's "More options" (the variants and the game number)."""
    page.click("[data-cmd=more_options][aria-expanded=false]")


def new_game(page, game_id, kinds, names=(), options=(), seed="3"):
    page.click(f"[data-game={game_id}] [data-cmd=setup]")
    page.click(f'[data-cmd=players][data-arg="{len(kinds)}"]')
    for seat, kind in enumerate(kinds):
        page.click(f'[data-cmd=kind][data-arg="{seat}:{kind}"]')
    for seat, name in enumerate(names):
        page.fill(f'[data-field="name:{seat}"]', name)
    open_more_options(page)
    for option in options:
        page.click(f'[data-cmd=option][data-arg="{option}"]')
    page.fill('[data-field="seed"]', seed)
    page.click("[data-cmd=start]")
    started(page, ".table-layout, .handoff")


def started(page, table: str) -> None:
    """Waits for a new game's table (the selector), then until the tab holds the game: its
    lock is granted (static/store.js, claim) a moment after the table is drawn, and the
    tab's save is read by that (snapshot, record_json)."""
    page.wait_for_selector(table)
    page.wait_for_function("() => window.royalStore.open !== null")


def shortest_options(game_id: str) -> list[str]:
    """Each option's first choice (the shortest game where it matters, e.g. a limit)."""
    return [f"{name}:{choices[0]}" for name, (choices, _) in registry.get(game_id).options.items()]


def players_near(game_id: str, wanted: int) -> int:
    """`wanted` seats, or the nearest number the game seats."""
    game = registry.get(game_id)
    return max(game.min_players, min(wanted, game.max_players))


def has_secrets(game_id: str) -> bool:
    """Does any seat of this game ever see more than the onlookers? (a random game in CPython)"""
    game = registry.get(game_id)
    state = game.new(game.max_players, seed=1)
    chooser = random.Random(1)
    for _ in range(400):
        if state.over:
            break
        public = state.view(None)
        for seat in range(state.players):
            private = state.view(seat)
            if {k: v for k, v in private.items() if k != "seat"} != \
                    {k: v for k, v in public.items() if k != "seat"}:
                return True
        state.apply(chooser.choice(state.legal_actions()))
    return False


def snapshot(page):
    """(html, the replayed state or None, the screen kind), read atomically."""
    html, save, screen = page.evaluate(SNAPSHOT)
    state = registry.replay(saves.load(save).record) if save else None
    return html, state, screen


LOG_LINES = "#app .log-list li"
RESULT_OVER_TABLE = "#app .overlay-result:not(.is-folded)"


def _tap_until(page, selector: str, done: str, timeout_s: float = 15) -> None:
    """Taps `selector` until `done` (a selector) is on the page. The tap guard
    (py/ui/taps.py) takes a tap just after a computer's move, or a second one on the
    same spot just after the first, for one aimed at the screen before: tap again."""
    deadline = time.monotonic() + timeout_s
    while not page.locator(done).count():
        assert time.monotonic() < deadline, f"tapping {selector} did not bring {done}"
        page.click(selector)
        try:
            page.wait_for_selector(done, state="attached", timeout=700)
        except playwright.sync_api.TimeoutError:
            pass


@contextlib.contextmanager
def panel_open(page, key: str):
    """The panel `key` of the rail ("scores", "log"...) open for the block, closed
    after: a panel is drawn only while it is open (ui/screens/table.py). A result over
    the table is folded meanwhile, as a person does to reach the rail, and unfolded."""
    tab = f'#app .table-rail [data-cmd=panel][data-arg="{key}"]'
    folded = page.locator(RESULT_OVER_TABLE).count() > 0
    if folded:
        _tap_until(page, "#app [data-cmd=result_fold]", "#app .overlay-result.is-folded")
    _tap_until(page, tab, f'{tab}[aria-expanded="true"]')
    try:
        yield
    finally:
        _tap_until(page, tab, f'{tab}[aria-expanded="false"]')
        if folded:
            _tap_until(page, "#app [data-cmd=result_fold]", RESULT_OVER_TABLE)


def log_text(page) -> str:
    with panel_open(page, "log"):
        return page.inner_text("#app .log-list")


def log_lines(page) -> list[str]:
    """The log's lines as text, newest first."""
    with panel_open(page, "log"):
        return page.locator(LOG_LINES).all_text_contents()


def tap_while_there(page, selector: str) -> bool:
    """Taps the button if it is still on screen when the tap lands; False if it went
    away first. For a button that goes away by itself (the "next" that skips a pause
    the table ends anyway): a locator's click would wait for another such button to
    come, the whole timeout (3 s a time, most of a shortened-pace game's test)."""
    button = page.query_selector(selector)
    if button is None:
        return False
    try:
        button.click(timeout=3000)      # an element handle fails at once once detached
    except playwright.sync_api.Error:
        if button.evaluate("b => b.isConnected"):
            raise
        return False
    return True


def cards_drawn(page) -> collections.Counter:
    return collections.Counter(page.eval_on_selector_all(
        "#app [data-card]", "els => els.map(e => e.dataset.card)"))


class RandomPlayer:
    """Taps through a game: hand-offs, summaries, and a random decision button."""
    def __init__(self, page, seed=1, undo_rate=0.0):
        self.page = page
        self.rng = random.Random(seed)
        self.undo_rate = undo_rate
        self.holder: int | None = None     # who holds the tablet, as the test saw the hand-offs

    def step(self) -> str:
        # What the screen offers, read in one call (a call per button made whole
        # games in the suite slow); the tap itself goes through Playwright.
        page = self.page
        offer = page.evaluate(_OFFER)
        if offer["handoff"] is not None:
            page.locator("[data-cmd=handoff]").click(timeout=3000)
            self.holder = int(offer["handoff"])
            return "handoff"
        if offer["resume"]:
            return "resume" if tap_while_there(page, "[data-cmd=resume]") else ""
        if offer["undo"] and self.rng.random() < self.undo_rate:
            page.locator("[data-cmd=undo]").click(timeout=3000)
            return "undo"
        kinds = offer["decisions"]
        if not kinds:
            return ""
        acts = [i for i, kind in enumerate(kinds) if kind == "act"]
        pick = self.rng.choice(acts) if acts and self.rng.random() < 0.5 else self.rng.randrange(len(kinds))
        page.locator(DECISION).nth(pick).click(timeout=3000)
        return "act"

    def play(self, until, on_screen=None, limit_s=600):
        deadline = time.time() + limit_s
        while time.time() < deadline:
            if on_screen:
                on_screen()
            if until():
                return
            try:
                done = self.step()
            except AssertionError:  # the player found the page wrong
                raise
            except Exception:       # the table was redrawn under the tap: look again
                done = "retry"
            if not done:
                self.page.wait_for_timeout(20)
        raise AssertionError("the game did not get there in time")


# [command, argument, in the app] of the focused control; a text field is ["field", its name].
FOCUSED = """() => { const e = document.activeElement;
  if (!e || !e.dataset) return ['', '', false];
  if (e.dataset.field) return ['field', e.dataset.field, !!e.closest('#app')];
  return [e.dataset.cmd || '', e.dataset.arg || '', !!e.closest('#app')]; }"""
# What the keyboard is on (FOCUSED) and what the screen offers, in one call: whether a
# decision, a hand-off or a resume is offered, and whether a move may be taken back.
_KEYS_OFFER = """() => ({focused: (%s)(), ready: !!document.querySelector(%r),
  undo: !!document.querySelector('[data-cmd=undo]')})""" % (FOCUSED, DECISION + ", [data-cmd=handoff], [data-cmd=resume]")
_TAKES = ("act", "select", "handoff", "resume")     # the commands a decision is taken with


def focused_command(focused) -> str:
    """The command of a control in the app, from what FOCUSED gave ('' outside the app)."""
    cmd, _, in_app = focused
    return cmd if in_app else ""


def tab_to(page, cmd, arg=None, presses=150, key="Tab", rounds=2) -> None:
    """Presses `key` until the control has the focus. A second round after a pause: a
    redraw for news from the background (the library's space, the start-up snapshot made
    for next time) may land mid-round on a loaded machine. A failure lists where the
    focus went."""
    seen = []
    for _ in range(rounds):
        for _ in range(presses):
            page.keyboard.press(key)
            focused = page.evaluate(FOCUSED)
            if focused[0] == cmd and (arg is None or focused[1] == arg):
                return
            if not seen or seen[-1] != focused:
                seen.append(focused)
        page.wait_for_timeout(1000)
    raise AssertionError(f"{key} never reached {cmd} {arg}; the focus went to {seen[:80]}")


class KeyboardPlayer(RandomPlayer):
    """Plays as RandomPlayer does, with the keyboard alone: Tab to the decision (the
    app puts the focus on it when it comes), the arrow keys to a random one of its
    controls, Enter. A move is taken back with Shift+Tab to Undo and Enter."""

    STUCK = 5       # rounds of Tab in a row that never reach an offered decision: a failure

    def __init__(self, page, seed=1, undo_rate=0.0):
        super().__init__(page, seed, undo_rate)
        self.stuck = []         # where the focus went, in each round of Tab that found no decision

    def step(self) -> str:
        page, keys = self.page, self.page.keyboard
        offer = page.evaluate(_KEYS_OFFER)
        if not offer["ready"]:
            return ""
        focused = focused_command(offer["focused"])
        if offer["undo"] and focused in ("act", "select") and self.rng.random() < self.undo_rate:
            tab_to(page, "undo", presses=80, key="Shift+Tab", rounds=1)
            keys.press("Enter")
            return "undo"
        went = []
        while focused not in _TAKES:
            if len(went) == 60:     # a redraw may have taken the focus mid-round: once more
                self.stuck.append(went)
                if len(self.stuck) == self.STUCK:
                    raise AssertionError(f"Tab never reaches the decision on screen; the focus went to {went}")
                return ""
            keys.press("Tab")
            focused = focused_command(page.evaluate(FOCUSED))
            went.append(focused)
        self.stuck = []
        arrows = self.rng.randrange(4)
        for _ in range(arrows):
            keys.press(self.rng.choice(["ArrowRight", "ArrowLeft", "ArrowDown"]))
        if arrows and focused_command(page.evaluate(FOCUSED)) not in _TAKES:
            return ""
        keys.press("Enter")
        return "act"


def game_over(page) -> bool:
    return page.locator(".result").count() > 0


def record_json(page) -> dict:
    return json.loads(page.evaluate(SAVED_TEXT))["record"]
