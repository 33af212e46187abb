// The library of games on this tablet, in the browser's own database (IndexedDB).
// Loaded before boot.js and Python: the first paint lists the games from it, and
// py/main.py gives the app a store over `window.royalStore`.
//  - Each game is one record {id, text, updated, rev} (text: the save's JSON, as
//    py/ui/saves.py writes it), written after every move in one transaction that
//    also checks `rev`, so a tab that is behind never overwrites a newer game.
//  - A game is played in one tab at a time: the tab holds a Web Lock named after
//    it; another tab may take it over (steal), and the first one is told it lost it
//    and writes it no more.
//  - Delete means deleted: it is refused while another tab holds the game's lock,
//    and it leaves a tombstone {id, deleted: true} that every later write of that
//    game meets (and is refused, told as "deleted"), so no tab writes it back.
//  - A share link (#replay=...) is taken off the address as this script loads,
//    before anything reads it, so a bad link never comes back on reload; it is
//    inflated as a stream, stopped as soon as it passes the save limit.
//  - The one save of earlier versions (localStorage "royaltable.save") is moved
//    in at the first start, and removed only once the database holds it.
//  - Every failure (storage full, blocked, private mode) is told to the app,
//    never swallowed.
(function () {
  var DB_NAME = "royaltable", STORE = "games", LEGACY = "royaltable.save";
  var listener = null, queued = [];
  var items = [];
  var held = {};                 // id -> function releasing this tab's lock
  var taken = {};                // id -> true: another tab took this game from this one
  var sharedHash = null;         // "#replay=..." as the page was opened, off the address now
  if ((location.hash || "").indexOf("#replay=") === 0) {
    sharedHash = location.hash;
    try { history.replaceState(null, "", location.pathname + location.search); } catch (e) { /* kept */ }
  }
  var channel = null;
  try { channel = new BroadcastChannel("royaltable.library"); } catch (e) { /* older browsers */ }

  function tell(event) {
    if (listener) listener(event); else queued.push(event);
  }

  function kindOf(error) {
    var name = error && error.name || "";
    if (name === "QuotaExceededError") return "quota";
    return "blocked";
  }

  function request(req) {
    return new Promise(function (resolve, reject) {
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function () { reject(req.error); };
    });
  }

  function done(tx) {
    return new Promise(function (resolve, reject) {
      tx.oncomplete = function () { resolve(); };
      tx.onabort = tx.onerror = function () { reject(tx.error || new Error("aborted")); };
    });
  }

  var dbPromise = new Promise(function (resolve, reject) {
    if (!window.indexedDB) { reject(new Error("no IndexedDB")); return; }
    var open;
    try { open = indexedDB.open(DB_NAME, 1); } catch (e) { reject(e); return; }
    open.onupgradeneeded = function () {
      if (!open.result.objectStoreNames.contains(STORE)) open.result.createObjectStore(STORE, {keyPath: "id"});
    };
    open.onsuccess = function () { resolve(open.result); };
    open.onerror = function () { reject(open.error); };
    open.onblocked = function () { reject(new Error("blocked")); };
  });

  function readAll() {
    return dbPromise.then(function (db) {
      return request(db.transaction(STORE, "readonly").objectStore(STORE).getAll());
    }).then(function (all) {
      items = (all || []).filter(function (item) {     // tombstones have no text
        return item && typeof item.id === "string" && typeof item.text === "string";
      });
      return items;
    });
  }

  function migrateLegacy() {
    var text = null;
    try { text = localStorage.getItem(LEGACY); } catch (e) { return Promise.resolve(); }
    if (!text) return Promise.resolve();
    var item = {id: "legacy-" + Date.now().toString(36), text: text, updated: Date.now(), rev: 1};
    return dbPromise.then(function (db) {
      var tx = db.transaction(STORE, "readwrite");
      tx.objectStore(STORE).put(item);
      return done(tx);
    }).then(function () {
      try { localStorage.removeItem(LEGACY); } catch (e) { /* kept twice is fine */ }
    });
  }

  var store = {
    problem: null,          // "blocked" when the database cannot be opened
    written: {},            // id -> the text this tab last asked to write
    open: null,             // the game this tab holds
    items: function () { return items.slice(); },

    listen: function (fn) {
      listener = fn;
      var pending = queued; queued = [];
      pending.forEach(function (event) { fn(event); });   // one argument, as tell() gives
    },

    put: function (id, text, updated, rev) {
      // Written only by a tab that still has it: never one another tab took over.
      if (taken[id]) { tell({kind: "lost", id: id}); return; }
      store.written[id] = text;
      dbPromise.then(function (db) {
        var tx = db.transaction(STORE, "readwrite"), games = tx.objectStore(STORE), refused = null, failure = null;
        var finished = done(tx);
        var read = games.get(id);        // callbacks, not promises: the transaction stays active
        read.onsuccess = function () {
          var old = read.result;
          if (old && old.deleted === true) { refused = "deleted"; tx.abort(); return; }
          if (old && typeof old.rev === "number" && old.rev >= rev) { refused = "lost"; tx.abort(); return; }
          // A full storage may throw at once (QuotaExceededError) rather than abort later.
          try { games.put({id: id, text: text, updated: updated, rev: rev}); } catch (e) { failure = e; tx.abort(); }
        };
        return finished.then(function () { return null; }, function (err) {
          if (refused) return refused;
          throw failure || err;
        });
      }).then(function (refused) {
        if (refused) {
          if (refused === "deleted") items = items.filter(function (i) { return i.id !== id; });
          tell({kind: refused, id: id});
          return;
        }
        var index = items.findIndex(function (i) { return i.id === id; });
        var item = {id: id, text: text, updated: updated, rev: rev};
        if (index >= 0) items[index] = item; else items.push(item);
        if (channel) channel.postMessage({id: id});
        tell({kind: "saved", id: id});
      }).catch(function (err) {
        var problem = kindOf(err);
        // Short of space: the start-up snapshot (static/snapshot.mjs) goes first, so
        // that the next write has its room; it is made again when there is room.
        if (problem === "quota") try {
          indexedDB.deleteDatabase("royaltable-snapshot");
          if (window.royalSnapshot) window.royalSnapshot.stored = 0;
        } catch (e) { /* none */ }
        tell({kind: "problem", id: id, problem: problem});
      });
    },

    // Deletes a game for good: a tombstone in its place, so that a tab still
    // holding an old copy cannot write it back. Refused while another tab holds
    // the game's lock (told as "delete_refused"); this tab holds it meanwhile.
    remove: function (id) {
      function erase() {
        return dbPromise.then(function (db) {
          var tx = db.transaction(STORE, "readwrite");
          tx.objectStore(STORE).put({id: id, deleted: true, rev: Number.MAX_SAFE_INTEGER, updated: Date.now()});
          return done(tx);
        }).then(function () {
          items = items.filter(function (i) { return i.id !== id; });
          if (channel) channel.postMessage({id: id, deleted: true});
          tell({kind: "removed", id: id});
        }).catch(function (err) {
          tell({kind: "problem", id: id, problem: kindOf(err)});
        });
      }
      if (held[id] || !(navigator.locks && navigator.locks.request)) return erase();
      return navigator.locks.request("royaltable.game." + id, {ifAvailable: true}, function (lock) {
        if (!lock) { tell({kind: "delete_refused", id: id}); return null; }
        return erase();
      }).catch(function (err) {
        tell({kind: "problem", id: id, problem: kindOf(err)});
      });
    },

    // Asks to play game `id` in this tab; the answer is a "claimed" event with
    // the game as the database holds it now (another tab may have moved it on).
    claim: function (id, steal) {
      function answer(ok) {
        return readAll().catch(function () { return items; }).then(function () {
          var item = items.find(function (i) { return i.id === id; }) || null;
          tell({kind: "claimed", id: id, ok: ok, text: item ? item.text : null, rev: item ? item.rev : 0});
        });
      }
      if (!(navigator.locks && navigator.locks.request)) { store.open = id; return answer(true); }
      var options = steal ? {steal: true} : {ifAvailable: true};
      navigator.locks.request("royaltable.game." + id, options, function (lock) {
        if (!lock) { answer(false); return null; }
        store.open = id;
        delete taken[id];
        return new Promise(function (release) {
          held[id] = release;
          answer(true);
        });
      }).catch(function (err) {
        // Another tab took this game over: stop writing it and say so.
        if (held[id]) delete held[id];
        if (store.open === id) store.open = null;
        if (err && err.name === "AbortError") { taken[id] = true; tell({kind: "lost", id: id}); }
      });
    },

    release: function (id) {
      if (held[id]) { held[id](); delete held[id]; }
      if (store.open === id) store.open = null;
    },

    // ---- taking a game elsewhere --------------------------------------------
    download: function (name, text) {
      var url = URL.createObjectURL(new Blob([text], {type: "application/json"}));
      var a = document.createElement("a");
      a.href = url; a.download = name;
      document.body.appendChild(a); a.click(); a.remove();
      setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
    },

    readFile: function (file) {
      if (!file || file.size > 2000000) return Promise.reject(new Error("too_big"));
      return file.text();
    },

    // A finished game in a link: its save, deflated and written in base64url
    // after "#replay=", so it travels with no server.
    shareLink: function (text) {
      var stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
      return new Response(stream).arrayBuffer().then(function (buffer) {
        var bytes = new Uint8Array(buffer), binary = "";
        for (var i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
        var code = btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
        return location.href.split("#")[0].split("?")[0] + "#replay=" + code;
      });
    },

    // The game in the link the page was opened with (null: none), as text of at
    // most `limit` characters: inflated and decoded chunk by chunk, and refused as
    // "too_big" as soon as the text passes the limit, without inflating the rest;
    // a damaged one (base64, deflate or UTF-8) as "corrupt".
    readShared: function (limit) {
      var hash = sharedHash;
      sharedHash = null;                 // read once
      if (!hash) return Promise.resolve(null);
      // A whole game deflates to a few kB; 1.5 M characters of link is far more.
      var code = hash.slice(8).replace(/-/g, "+").replace(/_/g, "/");
      if (code.length > 1500000) return Promise.reject(new Error("too_big"));
      var bytes;
      try {
        var binary = atob(code);
        bytes = new Uint8Array(binary.length);
        for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      } catch (e) { return Promise.reject(new Error("corrupt")); }
      var reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
      var decoder = new TextDecoder("utf-8", {fatal: true}), text = "";
      function next() {
        return reader.read().then(function (part) {
          text += part.done ? decoder.decode() : decoder.decode(part.value, {stream: true});
          if (text.length > limit) {
            reader.cancel().catch(function () {});
            throw new Error("too_big");
          }
          return part.done ? text : next();
        });
      }
      return next().catch(function (err) {
        throw new Error(err && err.message === "too_big" ? "too_big" : "corrupt");
      });
    },
  };

  store.ready = migrateLegacy().catch(function () { /* the legacy save stays where it is */ })
    .then(readAll)
    .catch(function (err) {
      store.problem = "blocked";
      tell({kind: "problem", id: "", problem: "blocked"});
      return [];
    });
  if (navigator.storage && navigator.storage.persist) {
    // Asked once: a library the browser may not evict on a tablet short of space.
    store.ready.then(function () { return navigator.storage.persist(); }).catch(function () {});
  }
  // Another tab wrote a game, or deleted one (a tab playing it stops saving it).
  if (channel) channel.onmessage = function (event) {
    var data = event.data || {};
    readAll().then(function () { tell({kind: data.deleted ? "deleted" : "changed", id: data.id || ""}); })
      .catch(function () {});
  };
  window.royalStore = store;
})();
