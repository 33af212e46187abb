// Royal Table service worker, written by tools/build.py: do not edit sw.js itself.
// Keeps every file the app needs, so the site plays offline after one visit.
//
// A first visit downloads the runtime once: at install only the small app files
// are fetched; the big runtime files are kept when the page, once usable, asks
// for them ("precache"), and then come from the browser's cache (a revalidation,
// not a second download).
//
// An update (a new deploy changes VERSION) never costs offline play: the new
// worker fills a cache of its own with every file, shell and runtime, before its
// install ends. Each file comes from the older cache when its SHA-256 is the one
// this version expects, or else from the network, checked the same way (a file
// that does not match fails the install, so a half-published deploy never takes
// over). Only then does it take over, and only when it is active are the older
// caches dropped; the page in use carries on with what it has loaded (the app
// loads every file at its start), and the next visit is the new version, whole.
const VERSION = "__VERSION__";
const CACHE = "royaltable-" + VERSION;
const SHELL = __SHELL__;
const RUNTIME = __RUNTIME__;
const HASHES = __HASHES__;
const FILES = [...SHELL, ...RUNTIME];
const KEPT = new Map(FILES.map((f) => [new URL(f, self.location).href, f]));

function revalidate(file) {
  return new Request(file, { cache: "no-cache" });
}

async function sha256(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function olderCaches() {
  return (await caches.keys()).filter((k) => k.startsWith("royaltable-") && k !== CACHE);
}

// An update: every file, each checked against HASHES, before this worker may take over.
async function fillFrom(older) {
  const cache = await caches.open(CACHE);
  const previous = await Promise.all(older.map((name) => caches.open(name)));
  for (const file of FILES) {
    const hit = await cache.match(file);
    if (hit && (await sha256(hit)) === HASHES[file]) continue;     // an earlier, interrupted install
    let kept = null;
    for (const old of previous) {
      const copy = await old.match(file);
      if (copy && (await sha256(copy)) === HASHES[file]) { kept = copy; break; }
    }
    if (!kept) {
      const response = await fetch(revalidate(file));
      if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
      const got = await sha256(response);
      if (got !== HASHES[file]) throw new Error(`${file}: not the published file (sha256 ${got})`);
      kept = response;
    }
    await cache.put(file, kept);
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const older = await olderCaches();
    if (older.length || self.registration.active) {
      await fillFrom(older);                      // every file, checked, before taking over
    } else {                                      // a first visit: nothing to replace
      const cache = await caches.open(CACHE);
      await cache.addAll(SHELL.map(revalidate));
    }
    await self.skipWaiting();
  })());
});

async function dropOlder() {
  await Promise.all((await olderCaches()).map((k) => caches.delete(k)));
}

self.addEventListener("activate", (event) => {
  // Active means complete: a first visit has nothing older, and an update's
  // install ended only once its cache held every file.
  event.waitUntil((async () => {
    await dropOlder();
    await self.clients.claim();
  })());
});

// This worker's cache, unless a newer worker has dropped it (an older worker still
// finishing a fetch must not bring its cache back).
async function ownCache() {
  return (await caches.has(CACHE)) ? caches.open(CACHE) : null;
}

// Keeps a response as `file` only when it is this version's file.
async function keepChecked(cache, file, response) {
  if (response.ok && (await sha256(response)) === HASHES[file] && (await caches.has(CACHE))) {
    await cache.put(file, response);
  }
}

async function precacheRuntime() {
  const cache = await ownCache();
  if (!cache) return;
  for (const file of RUNTIME) {
    if (!(await cache.match(file))) await keepChecked(cache, file, await fetch(revalidate(file)));
  }
  for (const client of await self.clients.matchAll()) client.postMessage("precached");
}

// Whether this worker's cache holds every file of its list.
async function complete() {
  const cache = await ownCache();
  if (!cache) return false;
  for (const file of FILES) if (!(await cache.match(file))) return false;
  return true;
}

self.addEventListener("message", (event) => {
  if (event.data === "precache") event.waitUntil(precacheRuntime());
  else if (event.data === "status" && event.ports[0]) {
    event.waitUntil(complete().then((all) => event.ports[0].postMessage({ version: VERSION, complete: all })));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  // A visit also sweeps away a cache an older worker brought back while it was replaced.
  if (request.mode === "navigate") event.waitUntil(dropOlder());
  event.respondWith((async () => {
    const cache = await ownCache();
    // ignoreSearch: "./?pace=…" is still the app's page.
    const hit = cache && await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    try {
      const response = await fetch(request);
      const url = new URL(request.url);
      url.search = "";
      const file = KEPT.get(url.href);
      if (file && cache) event.waitUntil(keepChecked(cache, file, response.clone()));
      return response;
    } catch (err) {
      if (request.mode === "navigate" && cache) {
        const page = await cache.match("./index.html") || await cache.match("./");
        if (page) return page;
      }
      throw err;
    }
  })());
});
