"""Nothing a person started is lost, in Chromium: Home in every table's bar keeps
the game; a hostile share link (a 286-character one that inflates to 200 kB of
an unclosed string of escapes, one that inflates to 400 MB) or a stored save of
the worst text leaves the app usable with a message; a game open in one tab is
not deleted from another; each failure of an import or a link says what
happened, in both languages, and a success is told as a success."""
from __future__ import annotations

import base64
import json
import pathlib
import sys
import zlib

import pytest

from conftest import wait_until_ready
from table_driver import READ_TOMBSTONES, new_game
from test_library_page import HOLD_PYTHON, a_game, actions_of, continue_game, database, play_to, seed, settled

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "py"))
from royaltable import registry  # noqa: E402
from ui import saves  # noqa: E402

MAX = saves.MAX_CHARS


def link(origin: str, data: bytes | None = None, chunks=None) -> str:
    """A share link carrying `data` (or the chunks of a stream), deflated as the app does."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = b"".join(deflate.compress(c) for c in (chunks if chunks is not None else [data])) + deflate.flush()
    code = base64.urlsafe_b64encode(body).decode().rstrip("=")
    return f"{origin}/?pace=0.02#replay={code}"


def usable(page):
    """The app answers: a game's setup opens and Home comes back."""
    page.click("[data-game=court] [data-cmd=setup]")
    page.wait_for_selector("[data-cmd=start]")
    page.click(".topbar [data-cmd=home]")
    page.wait_for_selector(".game-grid")


# ---- 1. Home keeps the game ---------------------------------------------------------------
def test_home_from_each_table_keeps_the_game_and_continue_takes_it_up(watched):
    w = watched()
    page = w.open()
    for number, game_id in enumerate(registry.ids()):
        game = registry.get(game_id)
        kinds = ["human"] + ["quick"] * (game.min_players - 1)
        if number == 2:                                   # the bar in English too
            page.click("[data-cmd=lang]")
        new_game(page, game_id, kinds)
        moves = play_to(page, 2, seed=number)
        home = page.locator(".topbar [data-cmd=home]")
        assert home.inner_text().strip() in ("ホーム", "Home") and home.is_visible()
        label = home.get_attribute("aria-label")
        assert "保存" in label or "saved" in label
        game_key = page.evaluate("royalStore.open")
        home.click()                                      # no question asked
        page.wait_for_selector(".game-grid")
        assert page.locator("[data-screen=confirm]").count() == 0
        row = page.locator(f'.library .lib-row[data-entry="{game_key}"]')
        assert row.locator("[data-cmd=continue]").count() == 1
        page.wait_for_function("id => !royalStore.open", arg=game_key)      # its lock let go
        assert actions_of(database(page)[game_key]["text"])[:len(moves)] == moves
    page.reload()                                         # all five wait in the library
    wait_until_ready(page)
    assert page.locator(".library .lib-row [data-cmd=continue]").count() == len(registry.ids())
    first = page.locator(".library .lib-row").last.get_attribute("data-entry")
    continue_game(page, first)
    assert w.errors == []


def test_ending_a_game_keeps_it_unfinished_in_the_history_and_it_plays_on(watched):
    w = watched(locale="en-US")
    page = w.open()
    new_game(page, "krypkille", ["human", "quick", "quick"])
    moves = play_to(page, 3)
    game_key = page.evaluate("royalStore.open")
    page.click(".topbar [data-cmd=quit]")
    assert "finished games as unfinished" in page.inner_text("[data-screen=confirm]")
    page.click('[data-cmd=quit][data-arg="yes"]')
    page.wait_for_selector(".game-grid")
    assert "The game is ended" in page.inner_text(".good-news")
    row = page.locator(f'.history .lib-row[data-entry="{game_key}"]')
    assert "Ended before the finish" in row.inner_text()
    assert page.locator(f'.library .lib-row[data-entry="{game_key}"]').count() == 0
    assert game_key in database(page)
    page.add_init_script(HOLD_PYTHON)                     # the first paint lists it not as in progress
    page.reload()
    page.wait_for_function("window.__pythonHeld > 0")
    page.evaluate("royalStore.ready.then(() => new Promise(r => setTimeout(r, 50)))")
    assert page.locator(f'.prerender .lib-row[data-entry="{game_key}"]').count() == 0
    page.evaluate("window.__letPythonIn()")
    wait_until_ready(page)
    row.locator("[data-cmd=continue]").click()            # Play on
    page.wait_for_selector(".table-layout, .handoff")
    assert settled(page)[:len(moves)] == moves
    assert w.errors == []


# ---- 2. links and saves that cannot hang the app ------------------------------------------
def test_a_short_link_of_an_unclosed_string_of_escapes_leaves_the_app_usable_and_goes_away(watched):
    w = watched()
    url = link(w.origin, ('"' + '\\"' * 100_000).encode())
    assert len(url.split("#replay=")[1]) < 400           # the 286-character link of the report
    page = w.page
    page.goto(url)
    wait_until_ready(page)
    toast = page.inner_text(".toast")
    assert "このリンクのゲームは開けませんでした" in toast and "何も追加していません" in toast
    assert "壊れている" in toast
    assert "#replay=" not in page.url
    page.click(".toast [data-cmd=dismiss]")
    usable(page)
    page.reload()                                         # the link does not come back
    wait_until_ready(page)
    assert page.locator(".toast").count() == 0 and "#replay=" not in page.url
    assert database(page) == {} and w.errors == []


def test_a_link_that_inflates_to_400_mb_is_stopped_at_the_limit_and_said_too_large(watched):
    w = watched(locale="en-US")
    zeros = bytes(1 << 20)
    url = link(w.origin, chunks=(zeros for _ in range(400)))
    assert len(url) > 400_000
    page = w.page
    page.goto(url)
    wait_until_ready(page)
    toast = page.inner_text(".toast")
    assert "The game in this link could not be opened, and nothing was added" in toast
    assert "too large" in toast
    usable(page)
    assert "#replay=" not in page.url and w.errors == []


def test_a_stored_save_of_the_worst_text_leaves_the_first_paint_usable_and_its_discard_works(watched):
    worst = '"' + '\\"' * ((MAX - 1) // 2)
    assert len(worst) <= MAX
    w = watched()
    good, _ = a_game("krypkille", 3, 3, options={"limit": 50})
    seed(w, [("worst", worst), ("good", good)])
    page = w.page
    page.add_init_script(HOLD_PYTHON)                     # the first paint alone, Python held
    page.goto(f"{w.origin}/?pace=0.02")
    first = page.locator('.prerender[data-lang="ja"] .library')
    first.locator('.lib-row.is-problem[data-entry="worst"]').wait_for()
    assert first.locator('.lib-row[data-entry="good"] [data-cmd=continue]').count() == 1
    page.wait_for_function("window.__pythonHeld > 0")
    page.evaluate("window.__letPythonIn()")
    wait_until_ready(page)
    row = page.locator('.library .lib-row.is-problem[data-entry="worst"]')
    assert "壊れている" in row.inner_text()
    row.locator("[data-cmd=discard_save]").click()
    page.wait_for_function("() => !royalStore.items().some(i => i.id === 'worst')")
    assert set(database(page)) == {"good"}
    continue_game(page, "good")
    assert w.errors == []


# ---- 3. delete means deleted ---------------------------------------------------------------
def test_a_game_played_in_another_tab_is_not_deleted_until_that_tab_goes_home(watched):
    w = watched(locale="en-US")
    player = w.open()
    new_game(player, "krypkille", ["human", "quick", "quick"])
    play_to(player, 2)
    game_key = player.evaluate("royalStore.open")
    other = w.another_tab().open()
    row = other.locator(f'.library .lib-row[data-entry="{game_key}"]')
    row.locator("[data-cmd=delete]").click()
    row.locator("[data-cmd=delete_yes]").click()
    other.wait_for_selector(".toast")
    assert "being played in another tab, so it was not deleted" in other.inner_text(".toast")
    assert row.count() == 1 and game_key in database(other)
    play_to(player, 4)                                    # the player plays on, saving
    assert player.locator("[data-screen=lost]").count() == 0
    player.click(".topbar [data-cmd=home]")
    player.wait_for_selector(".game-grid")
    other.click(".toast [data-cmd=dismiss]")
    row.locator("[data-cmd=delete]").click()
    row.locator("[data-cmd=delete_yes]").click()          # now it goes, for good
    other.wait_for_function("id => !royalStore.items().some(i => i.id === id)", arg=game_key)
    assert game_key not in database(other) and game_key in other.evaluate(READ_TOMBSTONES)
    player.wait_for_function("id => !document.querySelector(`.lib-row[data-entry='${id}']`)", arg=game_key)
    # A write of the old copy (as a tab without Web Locks would make) meets the tombstone.
    player.evaluate("id => royalStore.put(id, '{}', Date.now(), 999)", game_key)
    player.wait_for_timeout(300)
    assert game_key not in database(player)
    assert w.errors == []


# ---- 4. words that say what happened --------------------------------------------------------
def edited(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
def test_each_failed_import_says_what_happened_and_that_nothing_was_added(watched, tmp_path, locale):
    good, _ = a_game("court", 3, 6)
    rules = registry.get("court").rules_version
    files = {
        "damaged": ("{ not json", ("壊れているか", "damaged, or it is not a game saved by this app")),
        "too_large": ("[" * (MAX + 10), ("大きすぎます", "too large")),
        "unknown": (edited(good, lambda d: d["record"].update(game="chess")),
                    ("このアプリにないゲーム", "a game this app does not have")),
        "newer": (edited(good, lambda d: d.update(rules=rules + 1)), ("新しい版のアプリ", "newer version of the app")),
        "no_replay": (edited(good, lambda d: d["record"]["actions"].append("roll 9")),
                      ("同じゲームを再現できません", "do not replay to the same game")),
        "older": (edited(good, lambda d: d.update(rules=rules - 1)),
                  ("前の版のルール", "earlier version of the rules")),
    }
    lang = 0 if locale == "ja-JP" else 1
    w = watched(locale=locale)
    page = w.open()
    said = set()
    for name, (text, words) in files.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        page.set_input_files("#import-file", str(path))
        page.wait_for_selector(".toast")
        toast = page.inner_text(".toast")
        assert words[lang] in toast, (name, toast)
        assert ("何も追加していません" if lang == 0 else "nothing was added") in toast
        assert ("残してあります" not in toast) and ("is kept" not in toast)
        said.add(toast)
        page.click(".toast [data-cmd=dismiss]")
    assert len(said) == len(files)                        # each its own message
    path = tmp_path / "good.json"
    path.write_text(good, encoding="utf-8")
    page.set_input_files("#import-file", str(path))
    news = page.locator(".good-news[role=status]")
    news.wait_for()
    assert page.locator(".toast").count() == 0
    assert ("読み込みました" if lang == 0 else "Imported") in news.inner_text()
    # In the page's flow, above the covers: it covers none of their buttons.
    box = news.bounding_box()
    for button in page.locator(".game-card [data-cmd]").all():
        other = button.bounding_box()
        assert other["y"] >= box["y"] + box["height"] or other["y"] + other["height"] <= box["y"]
    assert len(database(page)) == 1 and w.errors == []
