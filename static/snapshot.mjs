// The interpreter module PyScript loads (pyscript.toml `interpreter`): Pyodide's own
// loadPyodide, plus a memory snapshot of an interpreter that has already booted and
// imported our packages, when this device keeps one for this version of the app.
// tools/build.py copies this file to static/vendor/pyodide/royal-snapshot.mjs, KEY filled in
// (a hash of app.zip, the Pyodide runtime and these two files): a new version never
// restores an older snapshot.
//
//  - A returning visit restores the snapshot (IndexedDB "royaltable-snapshot", its own
//    database, never the library's; gzip: the gzip trailer's CRC also tells a damaged
//    copy). Anything wrong with it (no copy, damaged, refused by Pyodide, our modules
//    missing after it, a database that does not answer within READ_LIMIT_MS): the
//    copy is dropped and the normal start runs, silently.
//  - After a normal start, once the app is usable and the page idle, a worker
//    (royal-snapshot-worker.mjs beside this file) boots a second interpreter, imports our
//    packages and keeps its snapshot for the next visit. Only the code is in it:
//    the worker never opens the library, so no game of anyone's is in it.
//  - Made 15 s after the app is usable, when the page is idle (?snapshot=soon: at
//    once, for the tests and the bench). Off with ?snapshot=off, and in browsers
//    where it was not tested (only Chromium-based browsers use it; WebKit and the
//    others start normally).
// html[data-snapshot] says what happened: at the start "restored", "normal" (none, or
// one refused: royalSnapshot.restoreError), "off" or "unsupported"; after a normal
// start "making", then "stored", "failed" or "skipped" (short of space).
// window.royalSnapshot holds the timings.
import * as pyodide from "./pyodide.mjs";

export const version = pyodide.version;

const KEY = "__SNAPSHOT_KEY__";
const DB = "royaltable-snapshot", STORE = "snapshot", RECORD = "current";
const INDEX_URL = new URL("./", import.meta.url).href;
const READ_LIMIT_MS = 3000;         // a database that hangs never holds up the start
const info = (globalThis.royalSnapshot = { key: KEY, state: "normal", at: {} });

function mark(state, extra) {
  Object.assign(info, extra || {}, { state });
  info.at[state] = performance.now();           // since navigation start (the bench's breakdown)
  try { document.documentElement.dataset.snapshot = state; } catch (e) { /* no page */ }
  // The library's "space used" line counts the kept copy (info.stored, bytes on the device).
  try { globalThis.dispatchEvent(new Event("royal-snapshot")); } catch (e) { /* no page */ }
}

// ?snapshot=…, or for a whole test run the page's royalSnapshotMode (e2e/conftest.py,
// E2E_SNAPSHOT=off|soon: the suite with snapshots forced off, or made at once and
// restored at every reload).
function asked() {
  try {
    return new URLSearchParams(location.search).get("snapshot") || globalThis.royalSnapshotMode || "";
  } catch (e) { return "off"; }
}

function wanted() {
  if (asked() === "off") return "off";
  if (!globalThis.indexedDB || !globalThis.Worker || !globalThis.DecompressionStream
      || !globalThis.CompressionStream || typeof WebAssembly !== "object") return "unsupported";
  // Only where it was tested: Chromium-based browsers (navigator.userAgentData is theirs).
  // WebKit (iPad Safari) and Firefox take the normal start (?snapshot=force tries it
  // anyway: how the README's findings on WebKit were made).
  if (!navigator.userAgentData && asked() !== "force") return "unsupported";
  return "on";
}

// The snapshot's database: one record {key, gzip (an ArrayBuffer), raw (its size unpacked)}.
// The worker (royal-snapshot-worker.mjs) writes it.
function openDB() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
    open.onblocked = () => reject(new Error("blocked"));
  });
}

function run(db, mode, act) {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = act(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(req && req.result);
    tx.onabort = tx.onerror = () => reject(tx.error || new Error("aborted"));
  });
}

async function dropAll() {
  info.stored = 0;
  try {
    const db = await openDB();
    await run(db, "readwrite", (store) => store.clear());
    db.close();
  } catch (e) { /* nothing kept */ }
}

async function readSnapshot() {
  const db = await openDB();
  let record;
  try { record = await run(db, "readonly", (store) => store.get(RECORD)); } finally { db.close(); }
  if (!record) return null;
  if (record.key !== KEY || !(record.gzip instanceof ArrayBuffer)) {    // another version's
    await dropAll();
    return null;
  }
  info.stored = record.gzip.byteLength;
  const body = new Blob([record.gzip]).stream().pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(body).arrayBuffer());
  if (bytes.length !== record.raw) throw new Error("snapshot of the wrong size");
  return bytes;
}

// What the restored interpreter must hold; and a fresh random state (a snapshot
// would otherwise give every visit the same `random` sequence).
const CHECK = `
import sys, random
assert "ui.app" in sys.modules and "ui.table" in sys.modules
random.seed()
`;

export async function loadPyodide(options) {
  const start = (info.at.called = performance.now());
  options = { ...options, indexURL: INDEX_URL };
  const want = wanted();
  if (want !== "on") {
    mark(want);
    return pyodide.loadPyodide(options);
  }
  let bytes = null;
  try {
    bytes = await Promise.race([readSnapshot(), new Promise((resolve, reject) =>
      setTimeout(() => reject(new Error("the snapshot's database did not answer")), READ_LIMIT_MS))]);
  } catch (err) {
    dropAll();                       // damaged (gzip CRC) or unreadable; not waited for
    info.restoreError = String(err && err.message || err);
  }
  info.readMs = performance.now() - start;
  if (bytes) {
    try {
      const py = await pyodide.loadPyodide({ ...options, _loadSnapshot: bytes });
      py.runPython(CHECK);
      mark("restored", { bytes: bytes.length, restoreMs: performance.now() - start });
      return py;
    } catch (err) {
      info.restoreError = String(err && err.message || err);
      dropAll();
    }
  }
  const py = await pyodide.loadPyodide(options);
  info.bootMs = performance.now() - start;
  mark("normal");                        // info.restoreError says why, if one was refused
  whenUsable(makeSnapshot);
  return py;
}

// ---- making one, after a normal start ----------------------------------------------
function whenUsable(then) {
  const timer = setInterval(() => {
    if (globalThis.royalReady === true && !document.getElementById("boot")) {
      clearInterval(timer);
      // Well after the first screen and the service worker's precache.
      setTimeout(() => {
        if (globalThis.requestIdleCallback) requestIdleCallback(then, { timeout: 10000 });
        else then();
      }, asked() === "soon" || asked() === "force" ? 300 : 15000);
    }
  }, 250);
}

// Room to spare: a snapshot is ~30 MB raw, a few MB kept; never make one when the
// device is short of space (the library matters more).
async function roomForSnapshot() {
  try {
    if (!navigator.storage || !navigator.storage.estimate) return true;
    const { usage, quota } = await navigator.storage.estimate();
    return quota - usage > 200e6;
  } catch (e) { return true; }
}

async function makeSnapshot() {
  if (!(await roomForSnapshot())) { mark("skipped"); return; }
  const started = performance.now();
  mark("making");
  let worker;
  try {
    worker = new Worker(new URL("./royal-snapshot-worker.mjs", import.meta.url), { type: "module" });
  } catch (err) {
    mark("unsupported", { error: String(err) });
    return;
  }
  worker.onmessage = (event) => {
    const answer = event.data || {};
    worker.terminate();
    if (answer.ok) mark("stored", { bytes: answer.bytes, stored: answer.stored, makeMs: performance.now() - started,
                                    steps: answer.steps });
    else mark("failed", { error: answer.error });
  };
  worker.onerror = (event) => {
    worker.terminate();
    mark("failed", { error: String(event.message || "worker error") });
  };
  worker.postMessage({ key: KEY, db: DB, store: STORE, record: RECORD, indexURL: INDEX_URL,
                       zip: new URL("../app.zip", import.meta.url).href });
}
