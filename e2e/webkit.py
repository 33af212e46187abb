"""WebKit, the engine of iPad Safari, for the end-to-end tests: Debian's
WebKitGTK driver (WebKitWebDriver) and its MiniBrowser, driven by Selenium on a
private Xvfb display, so it runs under a plain `pytest` with no desktop and no
xvfb-run. Never a downloaded browser: everything comes from Debian packages.

WebKitGTK's driver has no log endpoint and no WebDriver BiDi, so console
messages cannot be read from outside: `Browser.watch_errors` hooks the page's
own error events and console.error once it has booted."""
from __future__ import annotations

import ctypes
import glob
import os
import signal
import shutil
import subprocess
import time

import pytest

DRIVER_PACKAGE = "webkit2gtk-driver"
INSTALL_HINT = (f"install Debian's packages: apt-get install {DRIVER_PACKAGE} xvfb; "
                "and the Python package: pip install selenium==4.51.0")
BROWSER_GLOBS = [
    "/usr/lib/*/webkit2gtk-4.1/MiniBrowser",
    "/usr/lib/*/webkitgtk-6.0/MiniBrowser",
    "/usr/lib/*/webkit2gtk-4.0/MiniBrowser",
    "/usr/libexec/webkit2gtk-4.1/MiniBrowser",
    "/usr/libexec/webkitgtk-6.0/MiniBrowser",
]

try:
    from selenium import webdriver
    from selenium.common.exceptions import (ElementClickInterceptedException,
                                            ElementNotInteractableException,
                                            NoSuchElementException,
                                            StaleElementReferenceException)
    from selenium.webdriver.common.by import By
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service
except ImportError:   # reported as a test failure by Session(), naming the package
    webdriver = None

# The table is redrawn as the game goes on: a click can land between redraws.
REDRAWN = () if webdriver is None else (
    StaleElementReferenceException, NoSuchElementException,
    ElementClickInterceptedException, ElementNotInteractableException)


def _die_with_parent():
    """Makes a child end when the test process does, even if it is killed
    (Linux's PR_SET_PDEATHSIG), so no Xvfb or driver outlives a run."""
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl   # looked up before the fork
    except (OSError, AttributeError):
        return None
    return lambda: prctl(1, signal.SIGTERM)   # 1 = PR_SET_PDEATHSIG


def find_driver() -> str:
    path = os.environ.get("WEBKIT_DRIVER") or shutil.which("WebKitWebDriver")
    if not path or not os.access(path, os.X_OK):
        pytest.fail(f"WebKitWebDriver is not installed: it comes in Debian's `{DRIVER_PACKAGE}` "
                    f"package ({INSTALL_HINT})", pytrace=False)
    return path


def find_browser() -> str:
    if os.environ.get("WEBKIT_BROWSER"):
        return os.environ["WEBKIT_BROWSER"]   # e.g. another WebKitGTK browser in automation mode
    for pattern in BROWSER_GLOBS:
        found = sorted(glob.glob(pattern))
        if found:
            return found[0]
    pytest.fail(f"WebKitGTK's MiniBrowser was not found ({' '.join(BROWSER_GLOBS)}): it comes with "
                f"`{DRIVER_PACKAGE}` (libwebkit2gtk-4.1-0); {INSTALL_HINT}", pytrace=False)


class VirtualDisplay:
    """An Xvfb server on a display number it picks itself (-displayfd), so it
    never collides with another X server or another test run."""

    def __init__(self, width=1280, height=1024):
        xvfb = shutil.which("Xvfb")
        if not xvfb:
            pytest.fail(f"Xvfb is not installed: it comes in Debian's `xvfb` package ({INSTALL_HINT})",
                        pytrace=False)
        read_fd, write_fd = os.pipe()
        self.process = subprocess.Popen(
            [xvfb, "-displayfd", str(write_fd), "-screen", "0", f"{width}x{height}x24",
             "-nolisten", "tcp", "-noreset"],
            pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=_die_with_parent())
        os.close(write_fd)
        number = b""
        with os.fdopen(read_fd, "rb") as pipe:
            while not number.endswith(b"\n"):
                chunk = pipe.read(1)
                if not chunk:
                    break
                number += chunk
        if not number.strip().isdigit():
            self.stop()
            pytest.fail("Xvfb did not start (no display number came back)", pytrace=False)
        self.display = f":{number.decode().strip()}"

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


# Plays the game on screen from inside the page, so that a whole game costs one
# round trip: hand-offs and summaries tapped on, and at each decision of the
# person the first enabled button whose action matches one of `prefer` (regular
# expressions, in order), else the first one; a die or card to pick first when
# no action is offered yet. It stops (resolves with what it did) at the result,
# at `stop` (a selector that appears), before the person's move number `moves`
# (when >= 0), at an error on screen, or after `limit_ms`. A promise: Playwright
# awaits it in page.evaluate, Selenium in Browser.play.
PLAY_IN_PAGE = """(opts) => new Promise((resolve) => {
  const prefer = (opts.prefer || []).map(p => new RegExp(p));
  const started = performance.now();
  let moves = 0, picks = 0, taps = 0;
  const shown = (selector) => [...document.querySelectorAll('#app ' + selector)]
    .filter(b => !b.disabled && b.getClientRects().length);
  const end = (how, extra) => resolve(Object.assign({how, moves, picks, taps,
    ms: Math.round(performance.now() - started)}, extra || {}));
  const tick = () => {
    const error = document.querySelector('.py-error, #app .toast');
    if (error) return end('error', {text: error.textContent});
    if (document.querySelector('#app .result')) return end('result');
    if (opts.stop && document.querySelector(opts.stop)) return end('stop');
    if (performance.now() - started > opts.limit_ms) {
      const turn = document.querySelector('.status-turn');
      return end('timeout', {turn: turn ? turn.textContent : ''});
    }
    let button = shown('[data-cmd=handoff]')[0] || shown('[data-cmd=resume]')[0];
    if (button) taps++;
    if (!button) {
      const acts = shown('[data-cmd=act]');
      if (acts.length) {
        if (opts.moves >= 0 && moves >= opts.moves) return end('moves');
        button = prefer.map(p => acts.find(b => p.test(b.dataset.arg || ''))).find(b => b) || acts[0];
        moves++;
      } else {
        button = shown('[data-cmd=select]')[0];
        if (button) picks++;
      }
    }
    if (button) button.click();
    setTimeout(tick, button ? 0 : 10);
  };
  tick();
})"""


class Browser:
    """One WebKit window on the virtual display, with the few page helpers the
    tests need (all state is read with small scripts: one round trip each)."""

    def __init__(self, driver, origin: str):
        self.driver = driver
        self.origin = origin

    # -- page state ----------------------------------------------------------------
    def js(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    def count(self, selector: str) -> int:
        return self.js("return document.querySelectorAll(arguments[0]).length", selector)

    def text(self, selector: str) -> str:
        return self.js("var e = document.querySelector(arguments[0]); return e ? e.textContent : ''",
                       selector)

    def wait_for(self, selector: str, timeout: float, what: str = "", poll: float = 0.1) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.count(selector):
                return
            time.sleep(poll)
        raise AssertionError(f"{what or selector} did not appear within {timeout:.0f} s in WebKit")

    def set_viewport(self, width: int, height: int) -> None:
        """Sizes the window so the page itself (not the window with its
        toolbar) gets width x height CSS pixels."""
        self.driver.set_window_rect(width=width, height=height)
        for _ in range(3):
            inner = self.js("return [innerWidth, innerHeight]")
            if inner == [width, height]:
                return
            rect = self.driver.get_window_rect()
            self.driver.set_window_rect(width=rect["width"] + width - inner[0],
                                        height=rect["height"] + height - inner[1])
            time.sleep(0.2)

    # -- actions -------------------------------------------------------------------
    def click(self, selector: str, which: int = 0, timeout: float = 10) -> None:
        """A real click (WebKit's own mouse events) on the which-th match;
        looks again if the table was redrawn under it."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                elements = self.driver.find_elements(By.CSS_SELECTOR, selector)
                if not elements:
                    raise NoSuchElementException(selector)
                # In the middle of the screen, as a person scrolls to what they tap: at
                # an edge it may lie under a bar held in view (the new game's Start).
                self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", elements[which])
                elements[which].click()
                return
            except REDRAWN:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def fill(self, selector: str, value: str) -> None:
        element = self.driver.find_element(By.CSS_SELECTOR, selector)
        element.clear()
        element.send_keys(value)

    def settle(self) -> None:
        """Waits until WebKit has painted the page as it is now."""
        self.driver.execute_async_script("""
            var done = arguments[arguments.length - 1];
            requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50)));""")

    def screenshot(self, path) -> None:
        os.makedirs(os.path.dirname(str(path)), exist_ok=True)
        self.driver.save_screenshot(str(path))

    def play(self, prefer=(), moves: int = -1, stop: str = "", limit_s: float = 120) -> dict:
        """Plays on from inside the page (PLAY_IN_PAGE): one round trip."""
        self.driver.set_script_timeout(limit_s + 30)
        try:
            return self.driver.execute_async_script(
                f"({PLAY_IN_PAGE})(arguments[0]).then(arguments[arguments.length - 1]);",
                {"prefer": list(prefer), "moves": moves, "stop": stop, "limit_ms": limit_s * 1000})
        finally:
            self.driver.set_script_timeout(30)

    # -- errors ----------------------------------------------------------------------
    def watch_errors(self) -> None:
        """Records uncaught errors, failed loads, unhandled rejections and
        console.error from now on, in window.__webkitErrors."""
        self.js("""
            if (window.__webkitErrors) return;
            var errors = window.__webkitErrors = [];
            window.addEventListener('error', function (e) {
                var t = e.target;
                errors.push(e.message ? 'error: ' + e.message + ' at ' + e.filename + ':' + e.lineno
                                      : 'failed load: ' + (t && (t.src || t.href) || t));
            }, true);
            window.addEventListener('unhandledrejection', function (e) {
                errors.push('unhandled rejection: ' + (e.reason && e.reason.stack || e.reason));
            });
            var original = console.error;
            console.error = function () {
                errors.push('console.error: ' + Array.prototype.map.call(arguments, String).join(' '));
                return original.apply(console, arguments);
            };""")

    def errors(self) -> list[str]:
        return self.js("return window.__webkitErrors || []")

    def foreign_resources(self) -> list[str]:
        """Every resource the page fetched that did not come from the site."""
        return self.js("""
            var site = arguments[0] + '/';
            return performance.getEntriesByType('resource').map(e => e.name)
                .filter(u => u.indexOf(site) !== 0 && !/^(data|blob):/.test(u));""", self.origin)

class Session:
    """Xvfb + WebKitWebDriver + MiniBrowser, started together, stopped together."""

    def __init__(self, origin: str, log_path, compositing: bool = True, optimizing_tier: bool = True):
        if webdriver is None:
            pytest.fail(f"the Python package `selenium` is not installed ({INSTALL_HINT})", pytrace=False)
        driver_path, browser_path = find_driver(), find_browser()
        self.display = VirtualDisplay()
        env = {k: v for k, v in os.environ.items() if k != "WAYLAND_DISPLAY"}
        env.update(DISPLAY=self.display.display, GDK_BACKEND="x11", NO_AT_BRIDGE="1",
                   LIBGL_ALWAYS_SOFTWARE="1")
        if not compositing:
            # No GPU here: WebKitGTK's accelerated compositing runs on Mesa's software GL,
            # and every frame that paints anything took about 100 ms (the same with the
            # table hidden; 2 ms when nothing changed), a cost of this machine, not of the
            # page (an iPad composites on its GPU). Without it such a frame takes one
            # display frame (17 ms): what a redraw costs shows (bench/redraw.py). Not for
            # the tests: test_webkit.py's reload never became ready that way (not
            # understood yet).
            env["WEBKIT_DISABLE_COMPOSITING_MODE"] = "1"
        if not optimizing_tier:
            # JavaScriptCore's optimizing WebAssembly tier (OMG) compiles Pyodide's hot
            # functions anew at every page load, on this machine's two cores beside the
            # page: a boot here took 18-19 CPU-s of the web process and 10.5-11.2 s with
            # it, 10 CPU-s and 6.3 s without, and play was no slower (baseline code, BBQ,
            # stays; without it a boot took 74 s). For the tests, which check what the
            # page does in WebKit, not how fast; the bench measures the engine as it is.
            env["JSC_useOMGJIT"] = "0"
        options = Options()
        options.binary_location = browser_path
        options.add_argument("--automation")
        os.makedirs(os.path.dirname(str(log_path)), exist_ok=True)
        self.log = open(log_path, "w")
        try:
            # MiniBrowser ends with its X display when the display's server does.
            service = Service(executable_path=driver_path, env=env, log_output=self.log,
                              popen_kw={"preexec_fn": _die_with_parent()})
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        except BaseException:
            self.log.close()
            self.display.stop()
            raise
        self.driver.set_page_load_timeout(60)
        self.driver.set_script_timeout(30)
        self.browser = Browser(self.driver, origin)

    def close(self):
        try:
            self.driver.quit()
        finally:
            self.log.close()
            self.display.stop()
