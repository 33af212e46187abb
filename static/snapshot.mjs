// The interpreter module PyScript loads (pyscript.toml `interpreter`): Pyodide's own
// loadPyodide, plus a memory snapshot of an interpreter that has already booted and
// imported our packages, when this device keeps one for this version of the app.
// tools/build.py copies this file to static/vendor/pyodide/royal-snapshot.mjs, KEY filled in
// (a hash of app.zip, the Pyodide runtime and these two files): a new version never
// restores an older snapshot.
//
//  - A returning visit restores the snapshot (IndexedDB "royaltable-snapshot", its own
//    database, never the library's; its pages of zeros left out, then gzipped: the gzip
//    trailer's CRC also tells a damaged copy). Anything wrong with it (no copy, damaged,
//    refused by Pyodide, our modules missing after it): the copy is dropped and the
//    normal start runs, silently; a database that does not answer within
//    READ_LIMIT_MS: the normal start, copy kept.
//  - After a normal start, once the app is usable and the page idle, a worker
//    (royal-snapshot-worker.mjs beside this file) boots a second interpreter, imports our
//    packages and keeps its snapshot for the next visit. Only the code is in it:
//    the worker never opens the library, so no game of anyone's is in it.
//  - When: in Chromium 15 s after the app is usable, when the page is idle (the worker
//    costs the page nothing there). In WebKit (iPad Safari) making one takes the web
//    process 20-80 s and +170 MiB (bench/RESULTS-snapshot-webkit.md), so only while the
//    home screen has been left untouched for 15 s, never while a game is played: if the
//    person opens anything else meanwhile, the making is stopped and tried again at
//    the next quiet home. (?snapshot=soon: 300 ms instead of 15 s, for the tests and
//    the bench.) Other browsers (Firefox) start normally; ?snapshot=force tries anyway.
//  - A making that fails, or a page that dies while making one (out of memory: the web
//    process is killed), is remembered in localStorage under this version's KEY
//    ("making" is written before the worker starts and cleared when it ends, or when
//    the page is left): this version never tries again on this device; the next does.
// html[data-snapshot] says what happened: at the start "restored", "normal" (none, or
// one refused: royalSnapshot.restoreError), "off" or "unsupported"; after a normal
// start "making", then "stored", "failed" or "skipped" (royalSnapshot.reason: short
// of space, or an earlier making of this version failed or died), or "normal" again
// when a making in WebKit was stopped because the home screen was left.
// window.royalSnapshot holds the timings (at.usable: when the app became usable).
import * as pyodide from "./pyodide.mjs";

export const version = pyodide.version;

const KEY = "__SNAPSHOT_KEY__";
const DB = "royaltable-snapshot", STORE = "snapshot", RECORD = "current";
const INDEX_URL = new URL("./", import.meta.url).href;
const APP_ZIP = new URL("../app.zip", import.meta.url).href;     // our Python (tools/build.py)
const READ_LIMIT_MS = 3000;         // a database that hangs never holds up the start
// This version's memory of a making: "making" while one is made, "failed" after one failed
// or died. Older versions' entries are dropped at the start.
const MEMORY_PREFIX = "royaltable.snapshot.", MEMORY = MEMORY_PREFIX + KEY;
const QUIET_HOME_MS = 15000;       // WebKit: the home screen untouched this long
const HOME = "#app .game-grid";
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

// Where it was tested: Chromium-based browsers (navigator.userAgentData is theirs) and
// WebKit (every browser on an iPad, Safari on a Mac, WebKitGTK: "AppleWebKit" in the
// user agent without userAgentData). Firefox starts normally.
function engine() {
  try {
    if (navigator.userAgentData) return "chromium";
    if (/AppleWebKit\//.test(navigator.userAgent)) return "webkit";
  } catch (e) { /* no navigator */ }
  return "other";
}

function wanted() {
  if (asked() === "off") return "off";
  if (!globalThis.indexedDB || !globalThis.Worker || !globalThis.DecompressionStream
      || !globalThis.CompressionStream || typeof WebAssembly !== "object") return "unsupported";
  if (engine() === "other" && asked() !== "force") return "unsupported";
  return "on";
}

// The snapshot's database: one record {key, gzip (an ArrayBuffer), raw (the memory's size)}.
// The worker (royal-snapshot-worker.mjs) writes it; its `pack` says what the gzip holds.
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

async function readRecord() {
  const db = await openDB();
  try { return await run(db, "readonly", (store) => store.get(RECORD)); } finally { db.close(); }
}

class NoAnswer extends Error {}

async function readSnapshot() {
  // Only the database's answer is timed: unpacking a good copy takes seconds on a slow
  // tablet (5 s in WebKit at a high load, bench/RESULTS-snapshot-webkit.md), and a copy
  // that was merely slow to come is kept for the next visit.
  const record = await Promise.race([readRecord(), new Promise((resolve, reject) =>
    setTimeout(() => reject(new NoAnswer("the snapshot's database did not answer")), READ_LIMIT_MS))]);
  if (!record) return null;
  if (record.key !== KEY || !(record.gzip instanceof ArrayBuffer)) {    // another version's
    await dropAll();
    return null;
  }
  info.stored = record.gzip.byteLength;
  const unpacking = performance.now();
  const memory = await unpack(record.gzip, record.raw);
  info.unpackMs = performance.now() - unpacking;
  return memory;
}

// The memory back from the worker's `pack`: the map of kept pages, then each kept page
// written where it belongs as the gzip stream gives it (no copy of the whole body), the
// pages of zeros left as the new memory is. Anything more or less than the map says is a
// damaged copy. (Exported for e2e/test_snapshot.py.)
const PAGE = 4096;

export async function unpack(gzip, raw) {
  const pages = Math.ceil(raw / PAGE);
  const kept = new Uint8Array(pages);
  const memory = new Uint8Array(raw);
  const reader = new Blob([gzip]).stream().pipeThrough(new DecompressionStream("gzip")).getReader();
  let mapped = 0, page = -1, at = 0, end = 0;      // the kept page being written: memory[at..end)
  const nextPage = () => {
    do page++; while (page < pages && !kept[page]);
    at = page * PAGE;
    end = Math.min(raw, at + PAGE);
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    let i = 0;
    if (mapped < pages) {
      i = Math.min(pages - mapped, value.length);
      kept.set(value.subarray(0, i), mapped);
      mapped += i;
      if (mapped === pages) {
        if (kept.some((k) => k > 1)) throw new Error("damaged snapshot");
        nextPage();
      }
    }
    while (i < value.length) {
      if (page >= pages) throw new Error("snapshot of the wrong size");
      const n = Math.min(end - at, value.length - i);
      memory.set(value.subarray(i, i + n), at);
      at += n;
      i += n;
      if (at === end) nextPage();
    }
  }
  if (mapped < pages || page < pages) throw new Error("snapshot of the wrong size");
  return memory;
}

// What the restored interpreter must hold; and a fresh random state (a snapshot
// would otherwise give every visit the same `random` sequence).
const CHECK = `
import sys, random
assert "ui.app" in sys.modules and "ui.table" in sys.modules
random.seed()
`;

// The start begins once the page is parsed (index.html loads this module, async, in its
// head), not when PyScript asks for it: PyScript first reads its configuration, its
// plugins and its storage, one after another, after the page is parsed (about 0.1 s).
// Not sooner: Pyodide's start holds the main thread for a second, and the page's own
// scripts (boot.js keeps the taps made before Python is ready) come first. PyScript's
// call gets the start already running; what Python prints goes to PyScript's streams
// once it has handed them over (nothing runs in Python before that). Its other options
// come too late to be taken: pyscript.toml names no packages, so it passes none.
const streams = { stdout: (...a) => console.log(...a), stderr: (...a) => console.error(...a) };
let starting = null;

export function loadPyodide(options) {
  if (options && options.stdout) streams.stdout = options.stdout;
  if (options && options.stderr) streams.stderr = options.stderr;
  return (starting ??= start());
}

// Our Python is fetched beside Pyodide's own files, and unpacked into the interpreter's
// working directory before PyScript gets it: PyScript's [files] fetched it only once the
// interpreter was up, a download that waited for the whole start on a first visit.
function fetchApp() {
  return fetch(APP_ZIP).then((response) => {
    if (!response.ok) throw new Error(`app.zip: HTTP ${response.status}`);
    return response.arrayBuffer();
  });
}

async function withApp(py, app) {
  info.at.booted = performance.now();
  py.unpackArchive(await app, "zip", { extractDir: py.FS.cwd() });
  info.at.unpacked = performance.now();
  return py;
}

function parsed() {
  return !globalThis.document || document.readyState !== "loading" ? Promise.resolve()
    : new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }));
}

async function start() {
  await parsed();
  const began = (info.at.called = performance.now());
  watchUsable();
  const app = fetchApp();
  app.catch(() => {});                      // a failed download fails the start (withApp)
  const options = { indexURL: INDEX_URL, stdout: (...a) => streams.stdout(...a),
                    stderr: (...a) => streams.stderr(...a) };
  const want = wanted();
  if (want !== "on") {
    mark(want);
    return withApp(await pyodide.loadPyodide(options), app);
  }
  let bytes = null;
  try {
    bytes = await readSnapshot();
  } catch (err) {
    if (!(err instanceof NoAnswer)) dropAll();   // damaged (gzip CRC) or unreadable; not waited for
    info.restoreError = String(err && err.message || err);
  }
  info.readMs = performance.now() - began;
  if (bytes) {
    let restored = null;
    try {
      restored = await pyodide.loadPyodide({ ...options, _loadSnapshot: bytes });
      restored.runPython(CHECK);
      mark("restored", { bytes: bytes.length, restoreMs: performance.now() - began });
    } catch (err) {
      restored = null;
      info.restoreError = String(err && err.message || err);
      dropAll();
    }
    if (restored) return withApp(restored, app);      // the snapshot holds memory, not files
  }
  const py = await pyodide.loadPyodide(options);
  info.bootMs = performance.now() - began;
  mark("normal");                        // info.restoreError says why, if one was refused
  whenUsable(startMaking);
  return withApp(py, app);
}

// ---- making one, after a normal start ----------------------------------------------

// When the app becomes usable (py/main.py sets royalReady, then removes the boot note):
// info.at.usable, and the callbacks waiting for it.
const usableWaiters = [];
function isUsable() {
  return globalThis.royalReady === true && !document.getElementById("boot");
}
function watchUsable() {
  try {
    const observer = new MutationObserver(() => {
      if (!isUsable()) return;
      observer.disconnect();
      info.at.usable = performance.now();
      usableWaiters.splice(0).forEach((then) => then());
    });
    observer.observe(document.documentElement, { childList: true, subtree: true });
  } catch (e) { /* no page */ }
}
function whenUsable(then) {
  if (info.at.usable !== undefined) then();
  else usableWaiters.push(then);
}

// The last tap or key anywhere on the page (WebKit's quiet home).
let lastInput = -Infinity;
try {
  for (const type of ["pointerdown", "keydown"]) {
    addEventListener(type, () => { lastInput = performance.now(); }, { capture: true, passive: true });
  }
} catch (e) { /* no page */ }

function onHome() {
  return !!document.querySelector(HOME);
}

function soon() {
  return asked() === "soon" || asked() === "force";
}

// Calls `then` once the page is idle, well after the first screen and the service
// worker's precache: in Chromium 15 s after usable; in WebKit once the home screen has
// been shown and untouched for QUIET_HOME_MS.
function whenIdle(then) {
  const wait = soon() ? 300 : QUIET_HOME_MS;
  if (engine() !== "webkit") {
    setTimeout(() => {
      if (globalThis.requestIdleCallback) requestIdleCallback(then, { timeout: 10000 });
      else then();
    }, wait);
    return;
  }
  let homeSince = null;
  const timer = setInterval(() => {
    if (!onHome()) { homeSince = null; return; }
    if (homeSince === null) homeSince = performance.now();
    if (performance.now() - Math.max(homeSince, lastInput) >= wait) {
      clearInterval(timer);
      then();
    }
  }, 250);
}

function remembered() {
  try { return localStorage.getItem(MEMORY); } catch (e) { return "unreadable"; }
}
function remember(value) {
  try {
    if (value) localStorage.setItem(MEMORY, value);
    else localStorage.removeItem(MEMORY);
    return true;
  } catch (e) { return false; }
}
// Older versions' memories, and this version's: may it try?
function mayMake() {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const name = localStorage.key(i);
      if (name && name.startsWith(MEMORY_PREFIX) && name !== MEMORY) localStorage.removeItem(name);
    }
  } catch (e) { /* storage blocked: remembered() says so */ }
  const memory = remembered();
  if (memory === "making") return "the page died while making one";
  if (memory === "failed") return "an earlier making failed";
  if (memory === "unreadable") return "no storage to remember a making in";
  return "";
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

function startMaking() {
  const refused = mayMake();
  if (refused) { mark("skipped", { reason: refused }); return; }
  whenIdle(makeSnapshot);
}

// Whether this page is making one now (its "making" in localStorage is its own; its
// worker), and whether it is being left.
let makingHere = false, leaving = false, worker = null;
try {
  addEventListener("pagehide", () => {
    leaving = true;
    if (!makingHere) return;
    if (worker) worker.terminate();          // not left working in a page kept for "back"
    remember(null);                          // left or reloaded while making: the page did not die
  });
} catch (e) { /* no page */ }

async function makeSnapshot() {
  if (!(await roomForSnapshot())) { mark("skipped", { reason: "short of space" }); return; }
  // Written before the worker starts: found at a later start, it means this page died.
  if (!remember("making")) { mark("skipped", { reason: "no storage to remember a making in" }); return; }
  makingHere = true;
  const started = performance.now();
  mark("making");
  let watch = null, mine = null;
  const stop = () => { clearInterval(watch); mine.terminate(); };
  const end = (memory, state, extra) => {
    if (!makingHere) return;
    stop();
    makingHere = false;
    remember(memory);
    mark(state, extra);
  };
  try {
    mine = worker = new Worker(new URL("./royal-snapshot-worker.mjs", import.meta.url), { type: "module" });
  } catch (err) {
    makingHere = false;
    remember(null);
    mark("unsupported", { error: String(err) });
    return;
  }
  // Leaving the page cancels the worker's downloads before "pagehide" comes (WebKit):
  // such a failure is the navigation's, not the making's, so a failure is remembered
  // only if the page is still here a moment later.
  const failed = (error) => {
    stop();
    setTimeout(() => { if (!leaving) end("failed", "failed", { error }); }, 2000);
  };
  mine.onmessage = (event) => {
    const answer = event.data || {};
    if (!answer.ok) { failed(answer.error); return; }
    end(null, "stored", { bytes: answer.bytes, stored: answer.stored, makeMs: performance.now() - started,
                          steps: answer.steps });
  };
  mine.onerror = (event) => failed(String(event.message || "worker error"));
  if (engine() === "webkit") {
    // Never while a game is played: leaving the home screen stops it, for another quiet home.
    watch = setInterval(() => {
      if (onHome()) return;
      info.stopped = (info.stopped || 0) + 1;
      end(null, "normal");
      whenIdle(makeSnapshot);
    }, 250);
  }
  mine.postMessage({ key: KEY, db: DB, store: STORE, record: RECORD, indexURL: INDEX_URL,
                     zip: APP_ZIP });
}

// On the page, the start begins now (see loadPyodide). A start that fails is PyScript's
// to report when it asks for it (boot.js shows it), not an unhandled rejection here.
if (globalThis.document) loadPyodide().catch(() => {});
