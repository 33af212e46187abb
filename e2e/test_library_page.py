"""The library of games in IndexedDB, in Chromium: several games side by side,
two tabs that never lose or fork a game, storage that fails, saves too deep or
too big, the earlier version's save carried over, export and import, and a
share link that opens a replay."""
from __future__ import annotations

import json
import pathlib
import random
import sys
import time

from conftest import wait_until_ready
from table_driver import READ_LIBRARY, SAVED_TEXT, new_game

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "py"))
from royaltable import registry  # noqa: E402
from ui import saves  # noqa: E402

READ = READ_LIBRARY

# Python's start waits for its standard library until the test lets it in.
HOLD_PYTHON = """(() => {
  window.royalSnapshotMode = "off";    // the normal start: a restored one fetches no standard library
  const real = window.fetch;
  let open;
  const gate = new Promise(resolve => { open = resolve; });
  window.__pythonHeld = 0;
  window.__letPythonIn = () => open();
  window.fetch = function (input, init) {
    if (String(input && input.url || input).includes("python_stdlib.zip")) {
      window.__pythonHeld++;
      return gate.then(() => real.call(window, input, init));
    }
    return real.call(window, input, init);
  };
})();"""
FULL = 'IDBObjectStore.prototype.put = function () { throw new DOMException("full", "QuotaExceededError"); };'
HUMANS2 = ["human", "human"]
HUMANS3 = ["human", "human", "human"]


# ---- helpers -------------------------------------------------------------------------
def database(page) -> dict:
    return page.evaluate(READ)


def actions_of(text: str) -> list[str]:
    return json.loads(text)["record"]["actions"]


def seed(w, records=(), legacy=None):
    """Puts games (id, text) on the tablet before the app's start (`Watched.seed`)."""
    w.seed([{"id": i, "text": t, "updated": 1_700_000_000_000 + n, "rev": 1} for n, (i, t) in enumerate(records)],
           legacy_save=legacy)


def open_id(page) -> str:
    """The game this tab holds (its lock is granted a moment after the start)."""
    return page.wait_for_function("royalStore.open").json_value()


def written(page) -> list[str]:
    """The open game's actions, as this tab last wrote them."""
    text = page.evaluate(SAVED_TEXT)
    return actions_of(text) if text else []


# One tap, as a person at the table would make it: take the tablet, go on after a
# summary, else a random enabled move (a card to select when there is none).
TAP = """(pick) => {
  const all = s => [...document.querySelectorAll('#app ' + s)];
  const next = all('[data-cmd=handoff]')[0] || all('[data-cmd=resume]')[0];
  if (next) { next.click(); return true; }
  const acts = all('[data-cmd=act]:not([disabled])');
  const pool = acts.length ? acts : all('[data-cmd=select]');
  if (!pool.length) return false;
  pool[pick % pool.length].click();
  return true;
}"""


def play_to(page, moves: int, seed: int = 1) -> list[str]:
    """Taps random legal moves until the open game has at least `moves` actions,
    then waits for it to settle."""
    chooser = random.Random(seed)
    deadline = time.time() + 30
    while len(written(page)) < moves:
        assert time.time() < deadline, "the game did not get there in time"
        if not page.evaluate(TAP, chooser.randrange(1 << 30)):
            page.wait_for_timeout(20)
    return settled(page)


def settled(page) -> list[str]:
    """The open game's actions once nothing moves by itself (a forced play, a computer)."""
    last, same = written(page), 0
    while same < 3:
        page.wait_for_timeout(100)
        now = written(page)
        same = same + 1 if now == last else 0
        last = now
    return last


def go_home_saved(page):
    """The browser's Back, then "go home (saved)"."""
    page.go_back()
    page.click("[data-cmd=quit][data-arg=leave]")
    page.wait_for_selector(".game-grid")


def continue_game(page, game_id: str):
    page.click(f'.lib-row[data-entry="{game_id}"] [data-cmd=continue]')
    page.wait_for_function("id => royalStore.open === id", arg=game_id)
    page.wait_for_selector(".table-layout, .handoff")


def a_game(game_id: str, players: int, moves: int | None, seed: int = 7, names=None, options=None):
    """A save made in CPython: `moves` random legal actions, or (None) to the end."""
    game = registry.get(game_id)
    state = game.new(players, seed=seed, options=options or {})
    chooser = random.Random(seed)
    while not state.over and (moves is None or len(state.record()["actions"]) < moves):
        state.apply(chooser.choice(state.legal_actions()))
    seats = [{"name": (names or ["Aki", "Ben", "Chie", "Dai", "Emi", "Fumi"])[s], "kind": "human"}
             for s in range(players)]
    return saves.dump_state(seats, state), state


# ---- 1. games side by side -----------------------------------------------------------------
def test_two_games_one_after_the_other_are_both_kept_and_continue_each_as_left(watched):
    w = watched()
    page = w.open()
    new_game(page, "krypkille", HUMANS3, options=["limit:50"], seed="3")
    kk_id = open_id(page)
    kk = play_to(page, 3)
    go_home_saved(page)
    new_game(page, "golden_key", HUMANS2, seed="4")
    gk_id = open_id(page)
    assert gk_id != kk_id
    gk = play_to(page, 2, seed=2)
    page.wait_for_function("id => royalStore.items().some(i => i.id === id && i.rev > 1)", arg=gk_id)
    page.reload()
    wait_until_ready(page)
    assert page.locator(".library .lib-row").count() == 2
    for game_id, moves, title in ((kk_id, kk, "クリップキレ"), (gk_id, gk, "黄金の鍵")):
        row = page.locator(f'.library .lib-row[data-entry="{game_id}"]')
        assert title in row.inner_text() and f"{len(moves)}手" in row.inner_text()
    for game_id, moves, title in ((kk_id, kk, "クリップキレ"), (gk_id, gk, "黄金の鍵")):
        continue_game(page, game_id)
        assert title in page.inner_text(".topbar-title")
        assert actions_of(database(page)[game_id]["text"]) == moves
        more = play_to(page, len(moves) + 1, seed=5)          # it plays on from there
        assert more[:len(moves)] == moves
        go_home_saved(page)
    records = database(page)
    assert set(records) == {kk_id, gk_id}
    assert [json.loads(records[i]["text"])["record"]["game"] for i in (kk_id, gk_id)] == ["krypkille", "golden_key"]
    assert w.errors == []


# ---- 2. two tabs -------------------------------------------------------------------------
def test_two_tabs_lose_no_game_and_never_fork_one(watched):
    # Both tabs are in one window: only the one in front draws frames, and
    # Playwright waits for frames, so each step first brings its tab to the front.
    wa = watched()
    wb = wa.another_tab()
    a, b = wa.open(), wb.open()
    a.bring_to_front()
    new_game(a, "krypkille", HUMANS3, options=["limit:50"], seed="3")
    kk_id = open_id(a)
    play_to(a, 2)
    b.bring_to_front()
    new_game(b, "golden_key", HUMANS2, seed="4")
    gk_id = open_id(b)
    gk = play_to(b, 2, seed=2)
    a.bring_to_front()
    kk = play_to(a, 4, seed=3)                      # A moves again after B wrote its game
    b.bring_to_front()
    go_home_saved(b)
    new_game(b, "court", HUMANS2, seed="5")
    court_id = open_id(b)
    court = play_to(b, 1, seed=4)
    assert len({kk_id, gk_id, court_id}) == 3
    expected = {kk_id: kk, gk_id: gk, court_id: court}
    a.bring_to_front()
    a.wait_for_function("n => royalStore.items().length === n", arg=3)
    b.bring_to_front()
    b.wait_for_function("ids => ids.every(id => royalStore.items().some(i => i.id === id))",
                        arg=[court_id])
    for page in (a, b):
        page.bring_to_front()
        page.reload()
        wait_until_ready(page)
    for page in (a, b):
        page.bring_to_front()
        assert {i: actions_of(r["text"]) for i, r in database(page).items()} == expected
        for game_id, moves in expected.items():
            assert f"{len(moves)}手" in page.inner_text(f'.library .lib-row[data-entry="{game_id}"]')

    # the same game in two tabs: B is asked, takes over at A's latest move, A stops
    a.bring_to_front()
    continue_game(a, kk_id)
    kk = play_to(a, len(kk) + 1, seed=6)
    a.wait_for_function("([id, n]) => royalStore.items().some(i => i.id === id && JSON.parse(i.text)"
                        ".record.actions.length === n)", arg=[kk_id, len(kk)])
    before = database(a)[kk_id]
    b.bring_to_front()
    b.click(f'.lib-row[data-entry="{kk_id}"] [data-cmd=continue]')
    row = b.locator(f'.lib-row[data-entry="{kk_id}"]')
    row.locator(f'[data-cmd=takeover][data-arg="{kk_id}"]').wait_for()
    assert "別のタブ" in row.inner_text()
    assert b.evaluate("royalStore.open") is None              # nothing opened yet
    row.locator("[data-cmd=takeover]").click()
    b.wait_for_function("id => royalStore.open === id", arg=kk_id)
    b.wait_for_selector(".table-layout, .handoff")
    a.bring_to_front()
    a.wait_for_selector("[data-screen=lost]")
    assert "別のタブ" in a.inner_text("[data-screen=lost]")
    b.bring_to_front()
    kk_b = play_to(b, len(kk) + 1, seed=7)                     # B plays on from A's latest move
    assert kk_b[:len(kk)] == kk
    b.wait_for_function("([id, text]) => royalStore.items().some(i => i.id === id && i.text === text)",
                        arg=[kk_id, b.evaluate("id => royalStore.written[id]", kk_id)])
    theirs = database(b)[kk_id]
    assert theirs["rev"] > before["rev"]
    assert theirs["text"] == b.evaluate("id => royalStore.written[id]", kk_id)
    # A, behind now: its taps and a write from its old revision change nothing
    a.bring_to_front()
    a.click("[data-screen=lost] p")
    a.evaluate("([id, text, rev]) => royalStore.put(id, text, Date.now(), rev)",
               [kk_id, before["text"], before["rev"]])
    a.evaluate("([id, text, rev]) => royalStore.put(id, text, Date.now(), rev)",
               [kk_id, before["text"], before["rev"] + 1])
    a.wait_for_timeout(300)
    a.click("[data-screen=lost] [data-cmd=home]")
    a.wait_for_selector(".game-grid")
    a.wait_for_timeout(300)
    now = database(a)[kk_id]
    assert (now["rev"], now["text"]) == (theirs["rev"], theirs["text"])
    b.bring_to_front()
    assert b.locator("[data-screen=lost]").count() == 0
    assert wa.errors == [] and wb.errors == []


# ---- 3. storage that fails ---------------------------------------------------------------
def test_storage_that_throws_is_told_in_both_languages_and_play_goes_on(watched):
    w = watched()
    w.page.add_init_script(FULL)
    page = w.open()
    new_game(page, "krypkille", HUMANS3, options=["limit:50"], seed="3")
    notice = page.locator(".store-notice")
    notice.wait_for()
    assert notice.get_attribute("role") == "alert"
    moves = play_to(page, 2)                          # play goes on
    assert len(moves) >= 2 and page.locator(".table-layout, .handoff").count() == 1
    assert "空き容量が足りません" in notice.inner_text()
    page.click("[data-cmd=lang]")
    assert "storage is full" in page.inner_text(".store-notice")
    assert page.evaluate("royalStore.items().length") == 0
    assert w.errors == []


# The library's database cannot be opened (as in some private modes); the
# runtime's own use of IndexedDB is left alone.
BLOCKED = """const real = IDBFactory.prototype.open;
IDBFactory.prototype.open = function (name, version) {
  if (name !== "royaltable") return real.call(this, name, version);
  const request = {};
  setTimeout(() => { request.error = new DOMException("denied", "InvalidStateError");
                     if (request.onerror) request.onerror(); });
  return request;
};"""


def test_a_library_that_cannot_be_opened_is_told_and_play_goes_on(watched):
    w = watched(locale="en-US")
    w.page.add_init_script(BLOCKED)
    page = w.open()
    assert "does not let the app save" in page.inner_text(".store-notice")
    new_game(page, "krypkille", HUMANS3, options=["limit:50"], seed="3")
    assert len(play_to(page, 2)) >= 2
    assert page.locator(".store-notice").count() == 1
    assert w.errors == []


# ---- 4. saves too deep or too big ---------------------------------------------------------------
def deep_save(depth: int = 6000) -> str:
    """A save of the right shape but for one field nested `depth` deep (~12 kB)."""
    text, _ = a_game("krypkille", 3, 2, options={"limit": 50})
    return text[:-1] + ',"note":' + "[" * depth + "]" * depth + "}"


def test_too_deep_and_too_big_saves_leave_the_app_usable_and_go_when_discarded(watched):
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    named, _ = a_game("krypkille", 3, 2, names=[alphabet * 20_000, "Ben", "Chie"], options={"limit": 50})
    huge, _ = a_game("krypkille", 3, 2, names=["x" * 2_000_000, "Ben", "Chie"], options={"limit": 50})
    assert len(deep_save()) < 13_000 and 500_000 < len(named) < saves.MAX_CHARS < len(huge)
    w = watched()
    seed(w, [("deep1", deep_save()), ("deep2", deep_save()), ("named", named), ("huge", huge)])
    page = w.page
    page.add_init_script(HOLD_PYTHON)          # Python waits while we tap
    page.goto(f"{w.origin}/?pace=0.02")
    first = page.locator('.prerender[data-lang="ja"] .library')
    first.locator('.lib-row.is-problem[data-entry="deep1"]').wait_for()
    assert page.evaluate("window.royalReady") is not True
    assert first.locator('.lib-row.is-problem[data-entry="deep2"]').count() == 1
    assert "大きすぎ" in first.locator('.lib-row.is-problem[data-entry="huge"]').inner_text()
    assert alphabet[:32] + "、" in first.locator('.lib-row[data-entry="named"]').inner_text()
    first.locator('[data-cmd=discard_save][data-arg="deep1"]').click()       # before Python
    page.wait_for_function("() => !royalStore.items().some(i => i.id === 'deep1')")
    assert "deep1" not in database(page)
    page.wait_for_function("window.__pythonHeld > 0")      # Python was waiting all along
    assert page.evaluate("window.royalReady") is not True
    page.evaluate("window.__letPythonIn()")
    wait_until_ready(page)
    library = page.locator(".library")
    assert library.locator('.lib-row[data-entry="deep1"]').count() == 0
    assert "壊れて" in library.locator('.lib-row.is-problem[data-entry="deep2"]').inner_text()
    assert "大きすぎ" in library.locator('.lib-row.is-problem[data-entry="huge"]').inner_text()
    row = library.locator('.lib-row[data-entry="named"]')
    assert alphabet[:32] + "、" in row.inner_text() and alphabet[:33] not in row.inner_text()
    for game_id in ("deep2", "huge"):
        page.click(f'[data-cmd=discard_save][data-arg="{game_id}"]')
    page.wait_for_function("() => royalStore.items().length === 1")
    assert set(database(page)) == {"named"}
    continue_game(page, "named")                                  # the cut name plays
    assert alphabet[:32] in page.inner_text("#app") and alphabet[:33] not in page.inner_text("#app")
    go_home_saved(page)
    new_game(page, "golden_key", HUMANS2, seed="4")               # and a new game starts
    play_to(page, 1)
    assert w.errors == []


# ---- 5. the earlier version's save -------------------------------------------------------------
def test_the_earlier_versions_save_is_carried_over_and_continues(watched):
    text, _ = a_game("krypkille", 3, 5, options={"limit": 50})
    data = json.loads(text)
    for key in ("rules", "digest", "winners"):
        data.pop(key, None)
    data["version"] = 1
    legacy = json.dumps(data, ensure_ascii=False)
    w = watched()
    seed(w, legacy=legacy)
    page = w.open()
    records = database(page)
    assert [r["text"] for r in records.values()] == [legacy]
    assert page.evaluate("localStorage.getItem('royaltable.save')") is None
    (game_id,) = records
    row = page.locator(f'.library .lib-row[data-entry="{game_id}"]')
    assert "クリップキレ" in row.inner_text() and "5手" in row.inner_text()
    continue_game(page, game_id)
    moves = play_to(page, 6)
    assert moves[:5] == data["record"]["actions"]
    page.reload()                                   # once moved, it is not moved again
    wait_until_ready(page)
    assert list(database(page)) == [game_id] and page.locator(".library .lib-row").count() == 1
    assert w.errors == []


# ---- 6. export and import ----------------------------------------------------------------------
def test_an_exported_game_imports_as_the_same_game(watched, tmp_path):
    text, state = a_game("golden_key", 2, 12)
    w = watched()
    seed(w, [("g-export", text)])
    page = w.open()
    with page.expect_download() as info:
        page.click('[data-cmd=export][data-arg="g-export"]')
    download = info.value
    assert download.suggested_filename.startswith("royaltable-golden_key-")
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    assert path.read_text(encoding="utf-8") == text
    page.click('[data-cmd=delete][data-arg="g-export"]')
    page.click('[data-cmd=delete_yes][data-arg="g-export"]')
    page.wait_for_function("() => royalStore.items().length === 0")
    assert database(page) == {} and page.locator(".library").count() == 0
    page.set_input_files("#import-file", str(path))
    page.locator(".library .lib-row").wait_for()
    assert "黄金の鍵" in page.inner_text(".good-news") and page.locator(".toast").count() == 0
    records = database(page)
    (game_id,) = records
    assert game_id != "g-export"
    assert actions_of(records[game_id]["text"]) == state.record()["actions"]
    assert "12手" in page.inner_text(f'.lib-row[data-entry="{game_id}"]')
    continue_game(page, game_id)
    moves = play_to(page, 13)
    assert moves[:12] == state.record()["actions"]
    assert w.errors == []


# ---- 7. a share link -----------------------------------------------------------------------
def test_a_share_link_opens_the_finished_game_as_a_replay_anywhere(watched):
    text, state = a_game("krypkille", 3, None, options={"limit": 50})
    total = len(state.record()["actions"])
    w = watched()
    seed(w, [("g-done", text)])
    page = w.open()
    row = page.locator('.history .lib-row[data-entry="g-done"]')
    row.locator("[data-cmd=share]").click()
    link = row.locator("input.lib-link-url")
    link.wait_for()
    assert link.get_attribute("readonly") is not None
    url = link.input_value()
    assert url.startswith(f"{w.origin}/#replay=")
    assert row.locator('[data-cmd=copy][data-arg="g-done"]').count() == 1

    other = watched()                                   # a new browser profile: an empty library
    there = other.page
    there.goto(url)
    wait_until_ready(there)
    there.wait_for_selector("[data-screen=replay]")
    assert there.evaluate("royalStore.items().length") == 0
    assert f"0 / {total}手" in there.inner_text(".replay-step")
    there.click('[data-cmd=replay_step][data-arg="next"]')
    assert f"1 / {total}手" in there.inner_text(".replay-step")
    there.click('[data-cmd=replay_step][data-arg="last"]')
    assert f"{total} / {total}手" in there.inner_text(".replay-step")
    assert there.locator('[data-cmd=replay_step][data-arg="next"][disabled]').count() == 1
    assert "#replay=" not in there.url                    # the link is not kept in the address
    assert w.errors == [] and other.errors == []
