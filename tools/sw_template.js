// Royal Table service worker, written by tools/build.py: do not edit sw.js itself.
// Keeps every file the app needs, so the site plays offline after one visit.
// A first visit downloads the runtime once: at install only the small app files
// are fetched; the big runtime files are kept when the page, once usable, asks
// for them ("precache"), and then come from the browser's cache (a revalidation,
// not a second download). A new deploy changes VERSION, so the browser installs
// this anew and the old cache is dropped once the new one is active.
const VERSION = "__VERSION__";
const CACHE = "royaltable-" + VERSION;
const SHELL = __SHELL__;
const RUNTIME = __RUNTIME__;
const KEPT = new Set([...SHELL, ...RUNTIME].map((f) => new URL(f, self.location).href));

function revalidate(file) {
  return new Request(file, { cache: "no-cache" });
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(SHELL.map(revalidate)))
      .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("royaltable-") && k !== CACHE)
                                      .map((k) => caches.delete(k))))
      .then(() => self.clients.claim()));
});

async function precacheRuntime() {
  const cache = await caches.open(CACHE);
  for (const file of RUNTIME) {
    if (!(await cache.match(file))) await cache.add(revalidate(file));
  }
  for (const client of await self.clients.matchAll()) client.postMessage("precached");
}

self.addEventListener("message", (event) => {
  if (event.data === "precache") event.waitUntil(precacheRuntime());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // ignoreSearch: "./?pace=…" is still the app's page.
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    try {
      const response = await fetch(request);
      const url = new URL(request.url);
      url.search = "";
      if (response.ok && KEPT.has(url.href)) cache.put(url.href, response.clone());
      return response;
    } catch (err) {
      if (request.mode === "navigate") {
        const page = await cache.match("./index.html") || await cache.match("./");
        if (page) return page;
      }
      throw err;
    }
  })());
});
