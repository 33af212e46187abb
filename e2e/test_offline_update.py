"""An update of the published site keeps offline play: the new service worker
fills a cache of its own with every file before it takes over (and only then
are older caches dropped), the page says so calmly, and the next visit, even
one made offline, is the new version."""
from __future__ import annotations

import os
import shutil
import sys
import time

from conftest import ROOT, Watched, serve, stop_server, wait_until_ready
from kk_driver import new_game, take_turn

sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests"))
import build  # noqa: E402
from test_site import published  # noqa: E402
from ui.collection import GAMES  # noqa: E402

# What .github/workflows/pages.yml publishes (read from the workflow itself).
PUBLISHED = tuple(published())

# Asks the worker controlling the page what it holds (it checks its cache first).
STATUS = """() => new Promise((resolve) => {
  const worker = navigator.serviceWorker.controller;
  if (!worker) return resolve(null);
  const channel = new MessageChannel();
  channel.port1.onmessage = (event) => resolve(event.data);
  worker.postMessage("status", [channel.port2]);
})"""
WAITING = "navigator.serviceWorker.getRegistration().then(r => r && r.waiting ? r.waiting.state : null)"


def publish(site):
    for name in PUBLISHED:
        src, dst = ROOT / name, site / name
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(src, dst)
        else:
            shutil.copy2(src, dst)


def rebuild_worker(site) -> str:
    """sw.js for the site as it now is (the build's own step); its version."""
    vendor = site / "static" / "vendor"
    runtime = sorted(p for folder in ("pyscript", "pyodide") for p in (vendor / folder).iterdir())
    build.write_service_worker(runtime, build.built_shell(site), root=site)
    return build.worker_version(site / "sw.js")


def play_a_move(page):
    deadline = time.time() + 30
    while not take_turn(page):
        assert time.time() < deadline, "no move to make"
        page.wait_for_timeout(50)


def test_a_rebuild_with_no_change_keeps_the_workers_version(tmp_path):
    site = tmp_path / "site"
    publish(site)
    before = rebuild_worker(site)
    assert before == build.worker_version(ROOT / "sw.js")
    for name in ("py/main.py", "static/app.css", "static/vendor/app.zip", "index.html"):
        os.utime(site / name, (time.time() + 60, time.time() + 60))
    assert rebuild_worker(site) == before


def test_an_update_keeps_offline_play_and_starts_at_the_next_visit(browser, tmp_path):
    site = tmp_path / "site"
    publish(site)
    old = build.worker_version(site / "sw.js")
    origin, server = serve(site)
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="ja-JP")
    try:
        w = Watched(context.new_page(), origin)
        page = w.open()
        page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=120_000)
        assert page.evaluate(STATUS) == {"version": old, "complete": True}
        new_game(page, ["human", "quick", "quick"])
        play_a_move(page)

        # A rebuild with no change is no update.
        assert rebuild_worker(site) == old
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        assert page.evaluate(WAITING) is None

        # Publish an update: one stylesheet changes.
        with (site / "static" / "app.css").open("a") as css:
            css.write("\n.topbar-title { letter-spacing: .01em; }\n")
        new = rebuild_worker(site)
        assert new != old

        # One visit online: the new worker installs (every file in its own cache), and
        # only then takes over; the page in use goes on as it was loaded.
        w.open()
        note = page.wait_for_selector("#update-note:not(:empty)", timeout=60_000)
        assert "新しい版の準備ができました。次に開いたときから使われます。" in note.inner_text()
        deadline = time.time() + 60
        while (page.evaluate(STATUS) or {}).get("version") != new:
            assert time.time() < deadline, "the new worker never took over"
            page.wait_for_timeout(200)
        assert page.evaluate(STATUS) == {"version": new, "complete": True}
        assert f"royaltable-{new}" in page.evaluate("caches.keys()")
        assert page.evaluate("window.royalReady") is True                  # the page in use plays on
        assert page.locator("#app #update-note").count() == 0    # outside the app's redraws
        page.click("#update-note button")
        assert page.locator("#update-note").count() == 0
    finally:
        stop_server(server)                      # and the network is gone
    context.set_offline(True)
    w.errors.clear()

    # The next visit, offline: the new version, whole, from its own cache.
    page.reload()
    wait_until_ready(page)
    assert page.evaluate(STATUS) == {"version": new, "complete": True}
    assert page.evaluate("caches.keys()") == [f"royaltable-{new}"]
    assert page.evaluate("getComputedStyle(document.querySelector('.topbar-title')).letterSpacing") != "normal"
    assert page.locator("#app [data-cmd=continue]").count() == 1      # the game in play is kept
    for game in GAMES:
        page.click(f"[data-game={game}] [data-cmd=setup]")
        page.click("[data-cmd=start]")
        page.wait_for_selector(".table-layout, .handoff")
        page.click(".topbar [data-cmd=home]")               # saved: it waits in the library
        page.wait_for_selector(f"[data-game={game}] [data-cmd=setup]")
    assert w.errors == []
    context.close()
