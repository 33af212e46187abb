"""Instant return (issue 22): after a normal start the app keeps a memory snapshot of
an interpreter with our packages imported (static/snapshot.mjs, made in a worker);
the next visit restores it, online or offline, and plays. A damaged snapshot, one
of another version, or ?snapshot=off: the normal start, silently, and a fresh
snapshot later. No game of anyone's is in it."""
from __future__ import annotations

import json
import pathlib
import sys

import pytest

from conftest import SNAPSHOT_RECORD, SNAPSHOT_WRITE, wait_until_ready
from kk_driver import new_game, take_turn
from table_driver import READ_LIBRARY

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "py"))
from ui import saves  # noqa: E402

# Tests of the start itself: each in a browser profile of its own (no snapshot made before it).
pytestmark = pytest.mark.fresh_context

SOON = "pace=0.02&snapshot=soon"
SETTLED = ("() => ['stored', 'failed', 'skipped', 'unsupported', 'off']"
           ".includes(document.documentElement.dataset.snapshot)")
SNAPSHOT_TIMEOUT_MS = 120_000

# The snapshot's one record, or null.
READ = """async () => {
  const record = await %s;
  return record ? {key: record.key, raw: record.raw, size: record.gzip.byteLength} : null;
}""" % SNAPSHOT_RECORD
# Rewrites the record: {key?, gzip: "garbage" | "random" (gzip of noise of the right size) | kept}.
SPOIL = """async (how) => {
  const record = await %s;
  if (how.key) record.key = how.key;
  if (how.gzip === "garbage") record.gzip = new TextEncoder().encode("not a snapshot at all").buffer;
  if (how.gzip === "random") {
    const noise = new Uint8Array(record.raw);
    for (let i = 0; i < noise.length; i += 65536) crypto.getRandomValues(noise.subarray(i, i + 65536));
    record.gzip = await new Response(new Blob([noise]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
  }
  await (%s)(record);                           // committed before the page goes
}""" % (SNAPSHOT_RECORD, SNAPSHOT_WRITE)
# The record and its kept body, gunzipped (an expression to await).
UNPACKED = """(async () => {
  const record = await %s;
  const unpacked = new Blob([record.gzip]).stream().pipeThrough(new DecompressionStream("gzip"));
  return {record, body: new Uint8Array(await new Response(unpacked).arrayBuffer())};
})()""" % SNAPSHOT_RECORD
# Whether the kept snapshot holds the text (as Python keeps an ASCII str: one byte a letter).
HOLDS = """async (text) => {
  const bytes = (await %s).body;
  const needle = new TextEncoder().encode(text);
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    if (bytes[i] !== needle[0]) continue;
    for (let j = 1; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}""" % UNPACKED


# The kept body as the worker packs it (static/snapshot-worker.mjs `pack`): its length,
# the number of pages its map names and the bytes of the pages it keeps.
BODY = """async () => {
  const {record, body} = await %s;
  const pages = Math.ceil(record.raw / 4096);
  let kept = 0, other = 0;
  for (let p = 0; p < pages; p++) {
    if (body[p] === 1) kept += Math.min(record.raw, (p + 1) * 4096) - p * 4096;
    else if (body[p] !== 0) other++;
  }
  return {length: body.length, raw: record.raw, pages, kept, other};
}""" % UNPACKED
# The start's reader (static/snapshot.mjs `unpack`) on bodies made by hand: three pages
# and a short one, the second all zeros; the same with a byte less, a byte more, a map
# that is not 0 or 1; and a memory of zeros alone. What each gives: "same" (the memory
# made), whether it is all zeros, or its error.
UNPACK = """async () => {
  const { unpack } = await import("/static/vendor/pyodide/royal-snapshot.mjs");
  const gzip = (bytes) => new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
  const P = 4096, raw = 3 * P + 100;
  const memory = new Uint8Array(raw);
  for (let i = 0; i < raw; i++) if (i < P || i >= 2 * P) memory[i] = 1 + (i * 7) % 250;
  const body = new Uint8Array(4 + 2 * P + 100);
  body.set([1, 0, 1, 1]);
  body.set(memory.subarray(0, P), 4);
  body.set(memory.subarray(2 * P), 4 + P);
  const read = async (bytes, size) => {
    try {
      const out = await unpack(await gzip(bytes), size);
      return out.length === memory.length && out.every((b, i) => b === memory[i]) ? "same" : "zeros:" + out.every((b) => b === 0);
    } catch (err) { return "error: " + err.message; }
  };
  const badMap = body.slice(); badMap[1] = 2;
  const longer = new Uint8Array(body.length + 1); longer.set(body);
  return [await read(body, raw), await read(body.subarray(0, body.length - 1), raw), await read(longer, raw),
          await read(badMap, raw), await read(new Uint8Array(4), raw)];
}"""


def state(page):
    return page.evaluate("document.documentElement.dataset.snapshot")


def snapshot_made(page):
    page.wait_for_function(SETTLED, timeout=SNAPSHOT_TIMEOUT_MS)
    info = page.evaluate("window.royalSnapshot")
    assert state(page) == "stored", info
    record = page.evaluate(READ)
    assert record["key"] == info["key"] and record["raw"] == info["bytes"] > 1_000_000
    assert record["size"] < record["raw"] / 2                     # kept gzipped
    return record


def play_a_move(page):
    for _ in range(200):
        if take_turn(page):
            return
        page.wait_for_timeout(50)
    raise AssertionError("no move to make")


def test_a_second_visit_offline_restores_the_snapshot_and_plays_with_the_library(watched):
    """The first visit makes the snapshot; the second, with the network gone (the
    offline copy made meanwhile), restores it, continues the library's game and plays;
    the move is saved and shown at the next (offline) visit."""
    name = "Zephyrine7731"
    save = saves.dump([{"name": name, "kind": "human"}, {"name": "Ben", "kind": "quick"},
                       {"name": "Chie", "kind": "quick"}],
                      {"game": "krypkille", "options": {"limit": 50}, "seed": 3, "players": 3, "actions": []})
    w = watched(locale="en-US")
    w.page.add_init_script(f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', 1);"
                           f" localStorage.setItem('royaltable.save', {json.dumps(save)}); }}")
    page = w.open(SOON)
    assert page.evaluate("window.royalSnapshot.state") in ("normal", "making", "stored")   # a first visit
    assert page.locator("[data-cmd=continue]").count() == 1       # the library's game, read by this page
    record = snapshot_made(page)
    assert page.evaluate(HOLDS, "ui.games.krypkille.table") is True     # our code is in it...
    assert page.evaluate(HOLDS, name) is False                     # ...nobody's game
    body = page.evaluate(BODY)                                     # kept without its pages of zeros
    assert body["other"] == 0 and body["length"] == body["pages"] + body["kept"] < 0.8 * body["raw"], body
    kept = f"Kept for a quick start: {record['size'] / 1e6:.1f} MB"   # counted in the space used
    page.wait_for_function("(kept) => document.querySelector('.lib-size').textContent.includes(kept)", arg=kept)
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=120_000)

    page.context.set_offline(True)           # for the rest of the test (its profile is its own)
    page.reload()
    wait_until_ready(page)
    assert state(page) == "restored"
    assert page.locator("[data-cmd=continue]").count() == 1
    assert kept in page.inner_text(".lib-size")                  # known from the restore too
    page.click("[data-cmd=continue]")
    page.wait_for_selector(".kk, .handoff")
    play_a_move(page)
    for _ in range(50):                                            # the move is in the library
        if any(json.loads(r["text"])["record"]["actions"] for r in page.evaluate(READ_LIBRARY).values()):
            break
        page.wait_for_timeout(200)
    else:
        raise AssertionError("the move was never saved")

    page.reload()                                                  # the move was saved, and is shown
    wait_until_ready(page)
    assert state(page) == "restored"
    assert page.locator("[data-cmd=continue]").count() == 1
    assert "0 moves" not in page.inner_text(".library") and name in page.inner_text(".library")
    assert w.errors == []


def test_a_damaged_or_another_versions_snapshot_gives_the_normal_start_and_a_fresh_one(watched):
    """One profile through its visits: a damaged snapshot (garbage, then noise that
    unpacks), and one another version kept, each give the normal start, silently, and
    a fresh snapshot of this version, which the next visit restores. Then ?snapshot=off
    means off; and on a tablet short of space the snapshot goes first."""
    w = watched()
    page = w.open(SOON)
    key = snapshot_made(page)["key"]
    for how in ({"gzip": "garbage"}, {"gzip": "random"}):
        page.evaluate(SPOIL, how)
        page.reload()
        wait_until_ready(page)
        info = page.evaluate("window.royalSnapshot")
        assert info["state"] in ("normal", "making", "stored") and info.get("restoreError"), (how, info)
        page.click("[data-game=golden_key] [data-cmd=setup]")
        page.click("[data-cmd=start]")
        page.wait_for_selector(".table-main")
        snapshot_made(page)                                        # a fresh one, for the next visit
    page.evaluate(SPOIL, {"key": "0123456789abcdef"})                # as an older version kept it
    page.reload()
    wait_until_ready(page)
    assert page.evaluate("window.royalSnapshot.state") in ("normal", "making", "stored")
    assert not page.evaluate("window.royalSnapshot.restoreError")
    assert snapshot_made(page)["key"] == key                        # replaced by this version's
    page.reload()
    wait_until_ready(page)
    assert state(page) == "restored"
    assert w.errors == []

    w.open("pace=0.02&snapshot=off")
    assert state(page) == "off"
    page.wait_for_timeout(1000)
    assert state(page) == "off"                                     # and none is made
    assert page.evaluate(READ)["key"] == key

    # A tablet short of space: the snapshot goes first (the library's write is refused).
    page.evaluate('() => { IDBObjectStore.prototype.put = function () { throw new DOMException("full", "QuotaExceededError"); }; }')
    new_game(page, ["human", "quick", "quick"])
    play_a_move(page)
    for _ in range(50):
        if page.evaluate(READ) is None:
            break
        page.wait_for_timeout(200)
    assert page.evaluate(READ) is None
    w.errors.clear()             # what the app says of the refused write is test_library_page's


def test_the_start_reads_a_kept_body_back_and_refuses_one_that_is_not_whole(watched):
    """The snapshot's kept body (its map of pages, then the pages not all zeros) read back
    by the start: whole, it is the memory; a byte less or more, or a map that is not 0 or
    1, is an error (the start then runs normally, as for any damaged copy)."""
    w = watched()
    w.page.goto(w.origin + "/rules/court.html")          # a page of the site that runs no app
    assert w.page.evaluate(UNPACK) == ["same", "error: snapshot of the wrong size", "error: snapshot of the wrong size",
                                       "error: damaged snapshot", "zeros:true"]
