"""End-to-end fixtures: the built site served on localhost, Debian's Chromium
driven by Playwright (never a downloaded browser)."""
from __future__ import annotations

import base64
import functools
import http.server
import json
import os
import pathlib
import sys
import threading
import weakref

import playwright.sync_api
import pytest
from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "e2e" / "artifacts"
# Pages run in Debian's Chromium headless shell: the same Chromium (Blink and V8 of the
# same build) without the desktop browser around it, as Playwright runs headless tests;
# the suite's browser tests take a fifth less CPU in it than in the full browser, side by
# side (bench/RESULTS-suite.md). A test that asks for `full_chromium` gets Debian's full
# Chromium, the browser people have. CHROMIUM=/usr/bin/chromium runs every test in it.
FULL_CHROMIUM = "/usr/bin/chromium"
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
CHROMIUM = os.environ.get("CHROMIUM") or (HEADLESS_SHELL if os.path.exists(HEADLESS_SHELL) else FULL_CHROMIUM)

# Names are drawn between U+2068 and U+2069 (invisible: they keep a name's own
# direction from reordering the sentence around it). Tests read text as a person
# sees it, so these two marks are dropped from what inner_text gives.
ISOLATES = str.maketrans("", "", "\u2068\u2069")


def _seen(method):
    def read(self, *args, **kwargs):
        text = method(self, *args, **kwargs)
        return text.translate(ISOLATES) if isinstance(text, str) else text
    return read


for _cls in (playwright.sync_api.Page, playwright.sync_api.Locator, playwright.sync_api.ElementHandle):
    _cls.inner_text = _seen(_cls.inner_text)
BOOT_TIMEOUT_MS = 90_000


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """A page closed while it still downloads (the service worker keeping the runtime)
    resets its connections: that is no error of the test's, not worth a traceback."""
    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def serve(folder) -> tuple[str, QuietServer]:
    """Serves `folder` on a free port of 127.0.0.1; returns (origin, server)."""
    server = QuietServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}", server


def start_server():
    """Serves the built site on a free port; returns (origin, server)."""
    if not (ROOT / "static" / "vendor" / "app.zip").exists():
        pytest.fail("the site is not built: run `python3 tools/build.py` (the test command does)")
    return serve(ROOT)


def stop_server(server):
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def site():
    origin, server = start_server()
    yield origin
    stop_server(server)


# Chromium's own messages (its stderr, through Playwright's DEBUG_FILE), one file per
# worker: a test whose tab crashed shows the last of them, so that a crash says why.
BROWSER_LOG = ARTIFACTS / f"chromium-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.log"
CRASHES = ("Target crashed", "Page crashed")
# What Chromium says on every start here (no D-Bus, no CPU frequency): not about a crash.
BROWSER_NOISE = ("dbus/", "cpufreq/", "<launching>")


def browser_messages() -> list[str]:
    try:
        lines = BROWSER_LOG.read_text(errors="replace").splitlines()
    except OSError as error:
        return [f"no log: {error}"]
    return [line for line in lines if not any(noise in line for noise in BROWSER_NOISE)]


class Chromium:
    """The worker's Chromium. After a tab crashed under a test it is launched anew, with
    new shared profiles, before the next test (the rerun): whatever state of the
    browser or a profile crashed the tab, the rerun starts clean."""
    ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"]

    def __init__(self):
        # Playwright's driver reads its log settings when it starts; they are not left
        # in this process's environment for the programs it starts later (WebKit's).
        before = os.environ.copy()
        os.environ.update(DEBUG="pw:browser", DEBUG_FILE=str(BROWSER_LOG))
        try:
            self._playwright = sync_playwright().start()
        finally:
            os.environ.clear()
            os.environ.update(before)
        self.browser = self._launch()
        self._full = None
        self.crashed = False

    def _launch(self, path=CHROMIUM):
        return self._playwright.chromium.launch(executable_path=path, args=self.ARGS)

    def full(self):
        """Debian's full Chromium, launched the first time a test asks for it."""
        if self._full is None:
            self._full = self._launch(FULL_CHROMIUM)
        return self._full

    def relaunch(self):
        self.close_browsers()
        self.browser = self._launch()
        self.crashed = False

    def close_browsers(self):
        self.browser.close()
        if self._full is not None:
            self._full.close()
            self._full = None

    def close(self):
        self.close_browsers()
        self._playwright.stop()


@pytest.fixture(scope="session")
def chromium():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    chromium = Chromium()
    yield chromium
    chromium.close()


@pytest.fixture
def browser(chromium, shared_contexts):
    if chromium.crashed:
        shared_contexts.forget()
        chromium.relaunch()
    return chromium.browser


# Where a start that never became usable stopped: what its page shows and says.
BOOT_STATE = """() => ({url: location.href, ready: window.royalReady === true,
  snapshot: document.documentElement.dataset.snapshot || null,
  snapshotInfo: window.royalSnapshot || null,
  boot: (document.getElementById('boot') || {}).textContent || null,
  failedFile: window.royalBootFailure || null,
  screen: (document.querySelector('[data-screen]') || {dataset: {}}).dataset.screen || null,
  pyError: (document.querySelector('.py-error') || {}).textContent || null})"""


def wait_until_ready(page):
    try:
        page.wait_for_function("window.royalReady === true && !document.getElementById('boot')",
                               timeout=BOOT_TIMEOUT_MS)
    except playwright.sync_api.TimeoutError:
        try:
            state = page.evaluate(BOOT_STATE)
        except playwright.sync_api.Error as error:
            state = f"(the page did not answer: {error})"
        raise AssertionError(f"the page was not usable within {BOOT_TIMEOUT_MS // 1000} s: {state}") from None


# Every page reports what its Content-Security-Policy blocked as a console error,
# so a test that checks `watched.errors` fails on any violation.
CSP_VIOLATIONS = """document.addEventListener("securitypolicyviolation", (e) => {
  console.error("CSP violation: " + e.effectiveDirective + " " + (e.blockedURI || "(inline)")
                + (e.sourceFile ? " at " + e.sourceFile + ":" + e.lineNumber : ""));
}, true);"""


# Pages share a browser context (one with touch and one without, per worker), emptied of
# everything a player keeps between tests that holds a game or a choice: the library
# and every other database, the settings (e2e/conftest.py `Contexts`). What stays is
# what a returning player's tablet keeps that holds neither: the HTTP cache, the
# service worker with the files it keeps for offline play, and the start-up snapshot
# (static/snapshot.mjs), in each context before its first test (made once a run, then
# copied: `Contexts._make_snapshot`), so that every test's page restores it (about a
# third of a normal start's time) instead of booting
# Pyodide from nothing, and loads its files from the worker instead of installing it
# again (a fresh worker fetches, hashes and stores the whole runtime: about 0.9 s of
# CPU a test). A test of the start itself (the snapshot's, the first paint's, the
# worker's) is marked `fresh_context` and gets a browser profile of its own, as does
# one served from another origin. E2E_SNAPSHOT=off runs every page with the normal
# start (pages still share contexts); =fresh gives every test a new profile, as before.
SNAPSHOT_MODE = os.environ.get("E2E_SNAPSHOT") or "on"


# A document of the site's origin that runs no app: from it a test reaches the origin's
# storage (to empty it, or to put games on the tablet) with nothing saving over it.
NO_APP_PAGE = "/static/icon.svg"


def pytest_configure(config):
    config.addinivalue_line("markers", "fresh_context: the test gets a browser profile of its own")


def watch_page(page, snapshot_mode: str) -> None:
    """What every page of a test runs before the app: its CSP's complaints reported,
    and whether it may restore the start-up snapshot."""
    _PLAIN_ADD_INIT_SCRIPT(page, CSP_VIOLATIONS)
    _PLAIN_ADD_INIT_SCRIPT(page, f"window.royalSnapshotMode = {snapshot_mode!r};")


class Watched:
    """A page plus what it asked for and complained about. `lent`: a tab of the shared
    profile that already runs watch_page's scripts (Contexts lends it to each test in
    turn); its listeners go at the end of the test (`stop`)."""
    def __init__(self, page, origin, snapshot_mode="off", cdp=None, language=None, lent=False):
        self.page = page
        self.origin = origin
        self.language = language        # the page's own language, when its profile has none
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self._cdp = cdp                 # a CDP session of the page (screenshots, its language)
        self._listeners = [("request", lambda r: self.requests.append(r.url)),
                           ("console", self._console),
                           ("pageerror", lambda e: self.errors.append(str(e))),
                           ("requestfailed", self._request_failed),
                           ("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))]
        for event, listener in self._listeners:
            page.on(event, listener)
        if not lent:
            watch_page(page, snapshot_mode)

    def stop(self):
        """The test is over: what the page does next is not this test's."""
        for event, listener in self._listeners:
            self.page.remove_listener(event, listener)

    def _console(self, message):
        if message.type != "error":
            return
        # A resource that failed says only its status; where it was is in its location.
        where = (message.location or {}).get("url", "")
        self.errors.append(f"{message.text} ({where})" if message.text.startswith("Failed to load resource")
                           else message.text)

    def _request_failed(self, request):
        # An aborted request is one the browser gave up because its page reloaded or
        # closed, a download began (the favicon), or a worker was stopped (the start-up
        # snapshot's worker fetching the runtime when the test moves on): not a file
        # the app failed to get. Those fail otherwise (offline: ERR_INTERNET_DISCONNECTED
        # or ERR_FAILED from the service worker; a missing file is a 404 response).
        if "ERR_ABORTED" in (request.failure or ""):
            return
        self.errors.append(f"failed request {request.url} ({request.failure})")

    def open(self, query: str = "pace=0.02"):
        """The app, once Python has taken over the home screen drawn by the build."""
        self.page.goto(f"{self.origin}/?{query}")
        try:
            wait_until_ready(self.page)
        except AssertionError as error:
            raise AssertionError(f"{error}; its errors: {self.errors[-10:]}") from None
        return self.page

    def seed(self, records=(), legacy_save: str | None = None):
        """Puts games on the tablet as a returning player's holds them: `records` in the
        library (as the app stores them), `legacy_save` as the earlier versions' single
        save. Written from a document of the origin that runs no app (nothing saves over
        them), so that the app's next start finds them: a test of a saved game starts
        the app once, instead of opening it, writing and reloading."""
        from table_driver import SEED_LIBRARY
        self.page.goto(self.origin + NO_APP_PAGE, wait_until="commit")
        if records:
            self.page.evaluate(SEED_LIBRARY, list(records))
        if legacy_save is not None:
            self.page.evaluate("save => localStorage.setItem('royaltable.save', save)", legacy_save)

    def open_saved(self, save: str, query: str = "pace=0.02"):
        """The app on a tablet that holds `save` as the earlier versions' single save,
        which its start moves into the library."""
        self.seed(legacy_save=save)
        return self.open(query)

    def another_tab(self):
        """Another tab of the same profile (the same tablet), in the same language."""
        page = self.page.context.new_page()
        cdp = in_language(page, self.language) if self.language else None
        return Watched(page, self.origin, cdp=cdp, language=self.language)

    def foreign_requests(self):
        return [u for u in self.requests if not u.startswith(self.origin + "/")]

    def shot(self, name: str, full_page: bool = False):
        """A picture for people to look at: e2e/artifacts/<name>.png. The window's is
        taken through CDP with PNG encoding optimized for speed (36 against Playwright's
        100 ms at 1024×768, a larger file; a run takes about 480)."""
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        if full_page:
            self.page.screenshot(path=str(path), full_page=True)
            return
        if self._cdp is None:
            self._cdp = self.page.context.new_cdp_session(self.page)
        shot = self._cdp.send("Page.captureScreenshot", {"format": "png", "optimizeForSpeed": True})
        path.write_bytes(base64.b64decode(shot["data"]))


# What a context is made with; the rest of a test's options (language, viewport, reduced
# motion) are set on its page.
CONTEXT_OPTIONS = ("locale", "has_touch")
# The origin's storage a test leaves behind, but the start-up snapshot's database and
# the service worker with its cache (neither holds a game).
CLEARED = "local_storage,file_systems"
SNAPSHOT_DB = "royaltable-snapshot"
DELETE_DATABASES = """async (kept) => {
  const names = (await indexedDB.databases()).map(d => d.name).filter(name => name !== kept);
  await Promise.all(names.map(name => new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = resolve;
    request.onerror = () => reject(request.error);
    setTimeout(() => reject(new Error("database " + name + " still open")), 10000);
  })));
}"""


# The start-up snapshot's own database (never the library's), opened as the app opens it
# (static/snapshot.mjs): its store is made if it has none.
SNAPSHOT_OPEN = """new Promise((resolve, reject) => {
  const open = indexedDB.open("%s", 1);
  open.onupgradeneeded = () => open.result.createObjectStore("snapshot");
  open.onsuccess = () => resolve(open.result);
  open.onerror = () => reject(open.error);
})""" % SNAPSHOT_DB
# Whether the profile still keeps a snapshot (counted, not read: it is 7 MB).
SNAPSHOT_KEPT = """async () => {
  const db = await %s;
  const count = await new Promise((resolve, reject) => {
    const req = db.transaction("snapshot").objectStore("snapshot").count();
    req.onsuccess = () => resolve(req.result); req.onerror = () => reject(req.error);
  });
  db.close();
  return count > 0;
}""" % SNAPSHOT_OPEN
# The snapshot's one record as the app stored it ({key, raw, gzip}, or undefined), an
# expression to await; and a function that writes one in its place, committed before
# it resolves. What the tests read of the snapshot, and write, goes through these two.
SNAPSHOT_RECORD = """(async () => {
  const db = await %s;
  try {
    return await new Promise((resolve, reject) => {
      const req = db.transaction("snapshot").objectStore("snapshot").get("current");
      req.onsuccess = () => resolve(req.result); req.onerror = () => reject(req.error);
    });
  } finally { db.close(); }
})()""" % SNAPSHOT_OPEN
SNAPSHOT_WRITE = """(async (record) => {
  const db = await %s;
  try {
    await new Promise((resolve, reject) => {
      const tx = db.transaction("snapshot", "readwrite");
      tx.objectStore("snapshot").put(record, "current");
      tx.oncomplete = resolve; tx.onabort = tx.onerror = () => reject(tx.error);
    });
  } finally { db.close(); }
})""" % SNAPSHOT_OPEN
# The record, the gzip as base64 (null if there is none); and its writing into another profile.
SNAPSHOT_COPY = """async () => {
  const record = await %s;
  return record ? {key: record.key, raw: record.raw, gzip: new Uint8Array(record.gzip).toBase64()} : null;
}""" % SNAPSHOT_RECORD
SNAPSHOT_PASTE = """(copy) => (%s)({key: copy.key, raw: copy.raw, gzip: Uint8Array.fromBase64(copy.gzip).buffer})""" \
    % SNAPSHOT_WRITE


def in_language(page, locale):
    """The page speaks `locale` as a tablet set to it does (navigator.languages, the
    Accept-Language header, Intl's formats), set on the page rather than its profile:
    one profile, and one start-up snapshot made, serves both languages. Returns the CDP
    session that holds the setting; it lasts as long as the session stays attached."""
    cdp = _PLAIN_NEW_CDP_SESSION(page.context, page)
    speak(cdp, locale)
    return cdp


def speak(cdp, locale):
    """Sets (or changes) the language of the page `cdp` is attached to (in_language)."""
    agent = cdp.send("Browser.getVersion")["userAgent"]
    cdp.send("Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": locale})
    cdp.send("Emulation.setLocaleOverride", {"locale": locale})


# A tab of the shared profile is lent to one test after another: a new tab is a new
# renderer process, and the app's start in a new process cost 1.9-2.4 CPU-s against
# 1.2-1.3 in a tab that had run it before (12 starts each way, three times, side by side).
# Each test still starts the app anew in it (a navigation: nothing of a page's scripts
# survives it), with the profile emptied as before. What a navigation does not undo is
# the tab's own settings: a test that changes one (scripts run before the app, routes,
# media, a CDP session of its own...) gets the tab closed after it, as every tab was.
_CHANGES_A_TAB = ("add_init_script", "route", "route_from_har", "route_web_socket", "expose_function",
                  "expose_binding", "emulate_media", "set_default_timeout", "set_default_navigation_timeout",
                  "set_extra_http_headers", "unroute", "unroute_all")
_changed_tabs: "weakref.WeakSet" = weakref.WeakSet()
_PLAIN_ADD_INIT_SCRIPT = playwright.sync_api.Page.add_init_script
_PLAIN_NEW_CDP_SESSION = playwright.sync_api.BrowserContext.new_cdp_session


def _noting_a_change(method):
    @functools.wraps(method)
    def changing(page, *args, **kwargs):
        _changed_tabs.add(page)
        return method(page, *args, **kwargs)
    return changing


def _new_cdp_session_noted(context, page, *args, **kwargs):
    if isinstance(page, playwright.sync_api.Page):
        _changed_tabs.add(page)
    return _PLAIN_NEW_CDP_SESSION(context, page, *args, **kwargs)


for _name in _CHANGES_A_TAB:
    if hasattr(playwright.sync_api.Page, _name):
        setattr(playwright.sync_api.Page, _name, _noting_a_change(getattr(playwright.sync_api.Page, _name)))
playwright.sync_api.BrowserContext.new_cdp_session = _new_cdp_session_noted


class Contexts:
    """One shared browser context per kind of page (touch or not) for a worker's tests,
    each with a start-up snapshot before its first test (`_make_snapshot`), and a tab
    of it lent to one test after another (see _CHANGES_A_TAB); a page's language is
    its own (`in_language`)."""
    def __init__(self, chromium, origin, run_dir: pathlib.Path):
        self.chromium = chromium
        self.origin = origin
        self.copy_file = run_dir / "snapshot-copy.json"     # the run's workers share one making
        self.shared: dict[bool, object] = {}      # has_touch -> its context
        self.lent: dict[bool, tuple] = {}         # has_touch -> (its tab, the CDP session of its language)
        self.snapshot: dict | None = None         # the first one the app made here (SNAPSHOT_COPY)

    def page(self, locale, has_touch):
        """A page of the shared profile, emptied, in `locale`; and the CDP session that
        keeps it in that language."""
        context = self.shared.get(has_touch)
        if context is None:
            context = self.chromium.browser.new_context(has_touch=has_touch)
            if SNAPSHOT_MODE == "on":
                self._make_snapshot(context)
            self.shared[has_touch] = context
        lent = self.lent.get(has_touch)
        if lent is not None and not lent[0].is_closed():
            page, cdp = lent
            speak(cdp, locale)
        else:
            page = context.new_page()
            watch_page(page, "off" if SNAPSHOT_MODE == "off" else "on")
            cdp = in_language(page, locale)
            self.lent[has_touch] = (page, cdp)
        return self._emptied(page), cdp

    def _make_snapshot(self, context):
        """The start-up snapshot in `context`'s profile: made by the app the first time
        (a normal start and a making: about 10 s of a core), and from then on, in every
        worker of the run, a copy of that record written as the app writes it (a few
        tenths of a second): the same bytes, as the same build makes the same snapshot."""
        if self.snapshot is None and self.copy_file.exists():
            self.snapshot = json.loads(self.copy_file.read_text())
        page = context.new_page()
        try:
            if self.snapshot is not None:
                page.goto(self.origin + NO_APP_PAGE, wait_until="commit")
                page.evaluate(SNAPSHOT_PASTE, self.snapshot)
                return
            page.goto(f"{self.origin}/?snapshot=soon")
            wait_until_ready(page)
            page.wait_for_selector("html[data-snapshot=stored], html[data-snapshot=failed], "
                                   "html[data-snapshot=skipped], html[data-snapshot=unsupported]",
                                   state="attached", timeout=BOOT_TIMEOUT_MS)
            self.snapshot = page.evaluate(SNAPSHOT_COPY)
            if self.snapshot is not None:
                written = self.copy_file.with_suffix(f".{os.getpid()}")
                written.write_text(json.dumps(self.snapshot))
                os.replace(written, self.copy_file)           # whole or not there, for the other worker
        finally:
            page.close()

    def _emptied(self, page):
        """The test's page, once what the previous test kept in this profile is gone:
        the library and every other database but the snapshot's, the settings.
        Emptied from a document of the origin (to reach its databases) in the test's
        own page (a page of its own for it cost another renderer each test), fetched
        past the service worker: whatever the last test left it doing, the emptying
        does not wait for it."""
        cdp = _PLAIN_NEW_CDP_SESSION(page.context, page)
        cdp.send("Storage.clearDataForOrigin", {"origin": self.origin, "storageTypes": CLEARED})
        cdp.send("Network.enable")
        cdp.send("Network.setBypassServiceWorker", {"bypass": True})
        page.goto(self.origin + NO_APP_PAGE, wait_until="commit")
        page.evaluate(DELETE_DATABASES, SNAPSHOT_DB)
        kept = SNAPSHOT_MODE != "on" or page.evaluate(SNAPSHOT_KEPT)
        cdp.send("Network.setBypassServiceWorker", {"bypass": False})
        cdp.detach()
        if not kept:
            # A test dropped it (a full storage drops it first, as on a tablet): every later
            # test would start normally, and its page begin a making that the next
            # navigation stops (a third of a core for nothing). Made again, once.
            self._make_snapshot(page.context)
        return page

    def release(self, context):
        """After a test: online again; its pages closed (their locks and channels with
        them), but the lent tab if the test left its settings as they were: that one
        leaves the app (a navigation ends its scripts, timers, locks and channels)."""
        context.set_offline(False)
        lent = {pair[0] for pair in self.lent.values()}
        for page in list(context.pages):
            if page in lent and page not in _changed_tabs and not page.is_closed():
                try:
                    page.goto(self.origin + NO_APP_PAGE, wait_until="commit")
                    continue
                except playwright.sync_api.Error:
                    pass                      # a tab that cannot leave (crashed) is closed
            page.close()
        self.lent = {kind: pair for kind, pair in self.lent.items() if not pair[0].is_closed()}

    def close(self):
        for context in self.shared.values():
            context.close()

    def forget(self):
        """Before the browser is launched anew: the next test makes new profiles."""
        self.shared.clear()
        self.lent.clear()


@pytest.fixture(scope="session")
def shared_contexts(chromium, site, tmp_path_factory):
    run_dir = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        run_dir = run_dir.parent                  # the workers' own folders are in the run's
    contexts = Contexts(chromium, site, run_dir)
    yield contexts
    contexts.close()


@pytest.fixture
def watched(request, chromium, browser, site, shared_contexts):
    fresh = SNAPSHOT_MODE == "fresh" or request.node.get_closest_marker("fresh_context") is not None

    def make(width=1024, height=768, locale="ja-JP", origin=None, full_chromium=False, **options):
        context_options = {name: options.pop(name) for name in CONTEXT_OPTIONS if name in options}
        reduced_motion = options.pop("reduced_motion", None)
        kind = context_options.get("has_touch", False)
        # A second page of the same kind in one test is another person's tablet: a profile of
        # its own; so is a page of the full Chromium.
        if fresh or origin or options or full_chromium or kind in kinds:
            launched = chromium.full() if full_chromium else browser
            context = launched.new_context(viewport={"width": width, "height": height}, locale=locale,
                                           reduced_motion=reduced_motion, **context_options, **options)
            own.append(context)
            return Watched(context.new_page(), origin or site)
        kinds.add(kind)
        page, cdp = shared_contexts.page(locale, kind)
        used.append(page.context)
        page.set_viewport_size({"width": width, "height": height})
        if reduced_motion:
            page.emulate_media(reduced_motion=reduced_motion)
        lent.append(Watched(page, site, cdp=cdp, language=locale, lent=True))
        return lent[-1]
    own, used, kinds, lent = [], [], set(), []
    yield make
    for context in own:
        context.close()
    for watcher in lent:
        watcher.stop()
    for context in used:
        shared_contexts.release(context)


# The longest tests first (WebKit's, then whole games in the browser, then the rest of the
# browser tests, the unit tests last): with two workers stealing work from each other, a
# long test that starts last keeps one worker busy alone at the end of the run.
LONGEST_FIRST = ("test_snapshot_webkit.py", "test_webkit.py", "test_play_anywhere.py", "test_trust.py",
                 "test_krypkille_page.py", "test_court_page.py", "test_whispers_page.py",
                 "test_struggle_page.py", "test_tutorial_page.py", "test_text_fit.py")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A test whose tab crashed: the end of Chromium's log in its report, and the
    worker's Chromium launched anew for the next test (its rerun)."""
    report = yield
    if report.failed and any(crash in str(report.longrepr) for crash in CRASHES):
        if "chromium" in item.funcargs:
            item.funcargs["chromium"].crashed = True
        report.sections.append(("Chromium's last messages", "\n".join(browser_messages()[-40:])))
    return report


# A browser test whose tab crashed under it runs once more; any other failure fails.
# "Target crashed": Chromium's renderer, about once in two thousand page loads here; "page
# crash or hang": WebKit's web process (its log says "WebProcess CRASHED"), seen twice in the
# fresh runs of a week, in two different WebKit tests, neither again in five reruns.
# Given to the browser tests alone (pytest-rerunfailures' marker), not to the whole run
# (--reruns): under xdist the plugin asks the controller over a socket about every test it
# may rerun, 30-40 ms a test here: 52 s of a worker's time over the unit tests.
CRASH_RERUN = pytest.mark.flaky(reruns=1, only_rerun=["Target crashed", "page crash or hang"])


def pytest_collection_modifyitems(items):
    for item in items:
        if item.path.parent == ROOT / "e2e":
            item.add_marker(CRASH_RERUN)
    if os.environ.get("MUTANT_UNDER_TEST"):
        return
    def rank(item):
        name = item.path.name
        if name in LONGEST_FIRST:
            return LONGEST_FIRST.index(name)
        return len(LONGEST_FIRST) + (item.path.parent.name != "e2e")
    items.sort(key=rank)
