"""End-to-end fixtures: the built site served on localhost, Debian's Chromium
driven by Playwright (never a downloaded browser)."""
from __future__ import annotations

import functools
import http.server
import os
import pathlib
import threading

import playwright.sync_api
import pytest
from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "e2e" / "artifacts"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

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


def start_server():
    """Serves the built site on a free port; returns (origin, server)."""
    if not (ROOT / "static" / "vendor" / "app.zip").exists():
        pytest.fail("the site is not built: run `python3 tools/build.py` (the test command does)")
    handler = functools.partial(QuietHandler, directory=str(ROOT))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}", server


def stop_server(server):
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def site():
    origin, server = start_server()
    yield origin
    stop_server(server)


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"])
        yield browser
        browser.close()


def wait_until_ready(page):
    page.wait_for_function("window.royalReady === true && !document.getElementById('boot')",
                           timeout=BOOT_TIMEOUT_MS)


# Every page reports what its Content-Security-Policy blocked as a console error,
# so a test that checks `watched.errors` fails on any violation.
CSP_VIOLATIONS = """document.addEventListener("securitypolicyviolation", (e) => {
  console.error("CSP violation: " + e.effectiveDirective + " " + (e.blockedURI || "(inline)")
                + (e.sourceFile ? " at " + e.sourceFile + ":" + e.lineNumber : ""));
}, true);"""


# The start-up snapshot (static/snapshot.mjs) is off in the suite unless a test asks for
# it in its URL (?snapshot=soon, or =on: made as for a player, 15 s after the start):
# making one boots a second interpreter in a worker, seconds of a core that every test
# longer than 15 s would pay for nothing (e2e/test_snapshot.py and the offline whole
# game test it). E2E_SNAPSHOT=on runs every page as players have it; =soon makes it at
# once, so that every reload restores it.
SNAPSHOT_MODE = os.environ.get("E2E_SNAPSHOT") or "off"


class Watched:
    """A page plus what it asked for and complained about."""
    def __init__(self, page, origin):
        self.page = page
        self.origin = origin
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        page.on("request", lambda r: self.requests.append(r.url))
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("requestfailed", self._request_failed)
        page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        page.add_init_script(CSP_VIOLATIONS)
        if SNAPSHOT_MODE:
            page.add_init_script(f"window.royalSnapshotMode = {SNAPSHOT_MODE!r};")

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
        wait_until_ready(self.page)
        return self.page

    def foreign_requests(self):
        return [u for u in self.requests if not u.startswith(self.origin + "/")]

    def shot(self, name: str, full_page: bool = False):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)


@pytest.fixture
def watched(browser, site):
    def make(width=1024, height=768, locale="ja-JP", origin=None, **options):
        context = browser.new_context(viewport={"width": width, "height": height}, locale=locale, **options)
        contexts.append(context)
        return Watched(context.new_page(), origin or site)
    contexts = []
    yield make
    for context in contexts:
        context.close()
