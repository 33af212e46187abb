"""The collection on screen before Python is ready (issue 13): the home screen is
drawn by the build with the app's own Python, a tap on it made before Python runs
is carried out once it does, nothing changes on screen when Python takes over,
and each game's rules are a page of their own, readable without Python."""
from __future__ import annotations

import json
import pathlib
import sys

import pytest

from conftest import wait_until_ready

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "py"))
from ui import saves  # noqa: E402
from ui.collection import GAMES  # noqa: E402

# Tests of the start itself: each in a browser profile of its own (no snapshot made before it).
pytestmark = pytest.mark.fresh_context

# Runs in the page before any of its scripts: what the first paint showed.
FIRST_PAINT = """
document.addEventListener('DOMContentLoaded', () => {
  const lang = document.documentElement.lang;
  const home = document.querySelector(`#app .prerender[data-lang="${lang}"]`);
  const cards = home ? [...home.querySelectorAll('.game-card')] : [];
  window.__firstPaint = {
    lang, ready: !!window.royalReady,
    visible: cards.filter(c => c.offsetParent !== null).map(c => c.dataset.game),
    other: [...document.querySelectorAll('#app .prerender')].filter(p => p !== home)
             .every(p => getComputedStyle(p).display === 'none'),
    html: home ? home.innerHTML : '',
    note: !!document.getElementById('boot'),
  };
  // The games in progress come from the library (IndexedDB) a moment later.
  if (window.royalStore) window.royalStore.ready.then(() => setTimeout(() => {
    const library = home && home.querySelector('.library');
    window.__firstPaint.library = library ? library.outerHTML : '';
    window.__firstPaint.libraryBeforePython = !window.royalReady;
  }, 0));
  const play = window.__tap && home && home.querySelector(window.__tap);
  if (play) { play.click(); window.__firstPaint.starting = play.classList.contains('is-starting'); }
});
"""


def open_raw(w, init=""):
    w.page.add_init_script(init + FIRST_PAINT)
    w.page.goto(f"{w.origin}/?pace=0.02")
    wait_until_ready(w.page)
    return w.page


def test_the_collection_is_on_screen_before_python_in_the_browsers_language(watched):
    for locale, lang, title in (("ja-JP", "ja", "王への請願"), ("en-US", "en", "To Court the King")):
        w = watched(locale=locale)
        page = open_raw(w)
        first = page.evaluate("window.__firstPaint")
        assert first["ready"] is False and first["lang"] == lang and first["other"]
        assert first["visible"] == GAMES
        assert title in first["html"] and first["note"]
        # Python's home is the same markup: nothing flashes or moves when it takes over
        assert page.inner_html("#app") == first["html"]
        assert page.locator("#boot").count() == 0
        assert w.errors == []


def test_a_saved_game_is_shown_at_first_paint_as_the_app_shows_it(watched):
    # Chie's seat was never named: it is drawn with the default name in the page's language.
    save = saves.dump([{"name": "<Aki>", "kind": "human"}, {"name": "Ben", "kind": "quick"},
                       {"name": "Chie", "kind": "strong", "default": True}],
                      {"game": "krypkille", "options": {"limit": 50}, "seed": 3, "players": 3,
                       "actions": ["keep"]})
    w = watched(locale="en-US")
    page = open_raw(w, f"localStorage.setItem('royaltable.save', {json.dumps(save)});")
    first = page.evaluate("window.__firstPaint")
    assert first["libraryBeforePython"]
    assert "Krypkille" in first["library"] and "&lt;Aki&gt;" in first["library"] and "1 move" in first["library"]
    assert "Chie" not in first["library"]
    assert page.locator(".library").evaluate("e => e.outerHTML") == first["library"]
    assert w.errors == []


def test_a_tap_before_python_is_ready_is_carried_out_when_it_is(watched):
    w = watched(locale="en-US")
    page = open_raw(w, "window.__tap = '[data-game=krypkille] [data-cmd=setup]';")
    assert page.evaluate("window.__firstPaint.starting") is True       # the button shows it
    page.wait_for_selector(".setup")
    assert "Krypkille" in page.inner_text(".topbar-title")
    assert w.errors == []


ASKED = "(name) => performance.getEntriesByType('resource').filter(e => e.name.endsWith('/' + name)).length"


def test_pyodide_starts_without_waiting_for_pyscript_and_starts_once(watched):
    """Pyodide's start begins once the page is parsed (static/snapshot.mjs), not after
    PyScript has read its configuration, plugins and storage, and our Python (app.zip) is
    fetched beside it: with PyScript's code held back, both are still fetched. With it,
    PyScript takes over that interpreter: each is fetched once and the app starts."""
    w = watched(locale="en-US")
    page = w.page
    page.route("**/static/vendor/pyscript/core.js", lambda route: route.abort())
    page.goto(w.origin + "/")
    page.wait_for_function(f"({ASKED})('pyodide.asm.wasm') === 1 && ({ASKED})('app.zip') === 1", timeout=60_000)
    assert page.evaluate("window.royalReady") is not True          # no PyScript, no app
    page.unroute("**/static/vendor/pyscript/core.js")
    page.reload()
    wait_until_ready(page)
    assert [page.evaluate(ASKED, name) for name in ("pyodide.asm.wasm", "app.zip")] == [1, 1]
    assert [e for e in w.errors if "pyscript/core.js" not in e] == []     # only the held-back file


def test_each_games_rules_are_a_page_of_their_own(watched):
    w = watched(locale="en-US")
    page = w.page
    page.goto(f"{w.origin}/rules/krypkille.html")
    assert page.locator('[data-lang=en] .rules [data-rule="KK-11"]').count()
    assert page.locator("[data-lang=ja]").first.is_hidden()
    page.click("[data-lang=en] [data-lang-switch=ja]")
    assert page.locator("[data-lang=ja] .rules").is_visible()
    assert page.evaluate("localStorage.getItem('royaltable.lang')") == "ja"
    page.click("[data-lang=ja] .topbar a")
    wait_until_ready(page)
    assert page.locator("html").get_attribute("lang") == "ja"
    assert w.errors == [] and w.foreign_requests() == []
