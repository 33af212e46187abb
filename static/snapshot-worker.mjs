// Makes the memory snapshot static/snapshot.mjs restores (copied by tools/build.py to
// static/vendor/pyodide/royal-snapshot-worker.mjs): a fresh interpreter, app.zip unpacked
// where the page's start unpacks it, our packages imported (nothing else: no page, no
// library, no game of anyone's), then Pyodide's snapshot of its memory, its pages of
// zeros left out (`pack`), gzipped into its own IndexedDB database under this version's
// key (one record: an older version's copy is replaced). Runs in a worker so that the
// page stays smooth while it works.
import { loadPyodide } from "./pyodide.mjs";

// Two fifths of the memory are pages of zeros. Left out, the start has that much less to
// unpack (gunzip's time goes with what it writes: 141 against 72 ms in zlib here) and
// writes nothing for them (the restored memory is zeros to begin with). The body: one
// byte a PAGE of the memory (1 kept, 0 all zeros), then the kept pages in order (the
// last may be short). snapshot.mjs `unpack` reads it back.
const PAGE = 4096;

function pack(bytes) {
  if (bytes.byteOffset % 4) bytes = bytes.slice();
  const pages = Math.ceil(bytes.length / PAGE);
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
  const kept = new Uint8Array(pages);
  let size = pages;
  for (let page = 0; page < pages; page++) {
    const start = page * PAGE, end = Math.min(bytes.length, start + PAGE);
    let zeros = true;
    for (let w = start >> 2; zeros && w < end >> 2; w++) if (words[w]) zeros = false;
    for (let b = (end >> 2) << 2; zeros && b < end; b++) if (bytes[b]) zeros = false;
    if (!zeros) { kept[page] = 1; size += end - start; }
  }
  const body = new Uint8Array(size);
  body.set(kept);
  let at = pages;
  for (let page = 0; page < pages; page++) {
    if (!kept[page]) continue;
    const start = page * PAGE, end = Math.min(bytes.length, start + PAGE);
    body.set(bytes.subarray(start, end), at);
    at += end - start;
  }
  return { body, raw: bytes.length };
}

const APP_ZIP_SHA256 = "__APP_ZIP_SHA256__";          // written by tools/build.py

// Everything a start imports (py/main.py, ui.app) and, explicitly, every game's
// rules, table, words and rules text, which a normal start imports only when the
// game is first opened: a restored start has them all, and imports nothing.
const IMPORTS = `
import importlib
import ui.app, ui.library, ui.saves, ui.taps
import royaltable.review, royaltable.search
from ui.collection import GAMES
from ui.i18n import rules_text
from ui import aid, rules_page
for game in GAMES:
    importlib.import_module("royaltable.games." + game)      # its rules (registered)
    importlib.import_module("ui.games." + game + ".table")   # its table
    rules_text(game)
    rules_page.pictures(game)                                 # its rules page's drawings
    aid.topics(game)                                          # its player aid
del importlib, game, GAMES, rules_text, aid, rules_page
`;

function keep(names, record) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(names.db, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(names.store);
    open.onerror = () => reject(open.error);
    open.onblocked = () => reject(new Error("blocked"));
    open.onsuccess = () => {
      const db = open.result, tx = db.transaction(names.store, "readwrite");
      try { tx.objectStore(names.store).put(record, names.record); } catch (err) { reject(err); return; }
      tx.oncomplete = () => { db.close(); resolve(); };
      tx.onabort = tx.onerror = () => { db.close(); reject(tx.error || new Error("aborted")); };
    };
  });
}

self.onmessage = async (event) => {
  const { key, indexURL, zip } = event.data;
  const steps = {};
  let t = performance.now();
  const step = (name) => { const now = performance.now(); steps[name] = now - t; t = now; };
  try {
    const py = await loadPyodide({ indexURL, _makeSnapshot: true, stdout: () => {}, stderr: () => {} });
    step("boot");
    const response = await fetch(zip);
    if (!response.ok) throw new Error(`app.zip: HTTP ${response.status}`);
    const archive = await response.arrayBuffer();
    // This version's app.zip, not one a newer service worker has meanwhile put in its place.
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", archive));
    const sha = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
    if (sha !== APP_ZIP_SHA256) throw new Error("app.zip is not this version's");
    py.unpackArchive(archive, "zip", { extractDir: py.FS.cwd() });
    py.runPython(IMPORTS);
    step("imports");
    // The memory's copy (31 MB) is bound to no name: once packed it can go before the
    // gzip and the store, the making's longest part (an iPad may kill a making for memory).
    const { body, raw } = pack(py.makeMemorySnapshot());
    step("snapshot");
    const gz = await new Response(new Blob([body]).stream().pipeThrough(new CompressionStream("gzip"))).blob();
    step("gzip");
    // An ArrayBuffer, not a Blob: WebKit aborts a worker's transaction holding a Blob.
    await keep(event.data, { key, gzip: await gz.arrayBuffer(), raw, made: Date.now() });
    step("store");
    self.postMessage({ ok: true, bytes: raw, stored: gz.size, steps });
  } catch (err) {
    self.postMessage({ ok: false, error: String(err && err.message || err), steps });
  }
};
