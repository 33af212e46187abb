// The library of games on this tablet, in the browser's own database (IndexedDB).
// Loaded before boot.js and Python: the first paint lists the games from it, and
// py/main.py gives the app a store over `window.royalStore`.
//  - Each game is one record {id, text, updated, rev} (text: the save's JSON, as
//    py/ui/saves.py writes it), written after every move in one transaction that
//    also checks `rev`, so a tab that is behind never overwrites a newer game.
//  - A game is played in one tab at a time: the tab holds a Web Lock named after
//    it; another tab may take it over (steal), and the first one is told it lost it.
//  - The one save of earlier versions (localStorage "royaltable.save") is moved
//    in at the first start, and removed only once the database holds it.
//  - Every failure (storage full, blocked, private mode) is told to the app,
//    never swallowed.
(function () {
  var DB_NAME = "royaltable", STORE = "games", LEGACY = "royaltable.save";
  var listener = null, queued = [];
  var items = [];
  var held = {};                 // id -> function releasing this tab's lock
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
      items = (all || []).filter(function (item) {
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
      store.written[id] = text;
      dbPromise.then(function (db) {
        var tx = db.transaction(STORE, "readwrite"), games = tx.objectStore(STORE), conflict = false, failure = null;
        var finished = done(tx);
        var read = games.get(id);        // callbacks, not promises: the transaction stays active
        read.onsuccess = function () {
          var old = read.result;
          if (old && typeof old.rev === "number" && old.rev >= rev) { conflict = true; tx.abort(); return; }
          // A full storage may throw at once (QuotaExceededError) rather than abort later.
          try { games.put({id: id, text: text, updated: updated, rev: rev}); } catch (e) { failure = e; tx.abort(); }
        };
        return finished.then(function () { return true; }, function (err) {
          if (conflict) return false;
          throw failure || err;
        });
      }).then(function (ok) {
        if (!ok) { tell({kind: "lost", id: id}); return; }
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

    remove: function (id) {
      items = items.filter(function (i) { return i.id !== id; });
      return dbPromise.then(function (db) {
        var tx = db.transaction(STORE, "readwrite");
        tx.objectStore(STORE).delete(id);
        return done(tx);
      }).then(function () {
        if (channel) channel.postMessage({id: id});
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
        return new Promise(function (release) {
          held[id] = release;
          answer(true);
        });
      }).catch(function (err) {
        // Another tab took this game over: stop writing it and say so.
        if (held[id]) delete held[id];
        if (store.open === id) store.open = null;
        if (err && err.name === "AbortError") tell({kind: "lost", id: id});
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

    readShared: function () {
      var hash = location.hash || "";
      if (hash.indexOf("#replay=") !== 0) return Promise.resolve(null);
      var code = hash.slice(8).replace(/-/g, "+").replace(/_/g, "/");
      if (code.length > 1500000) return Promise.reject(new Error("too_big"));
      var binary = atob(code), bytes = new Uint8Array(binary.length);
      for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
      return new Response(stream).text();
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
  if (channel) channel.onmessage = function (event) {
    readAll().then(function () { tell({kind: "changed", id: event.data && event.data.id || ""}); })
      .catch(function () {});
  };
  window.royalStore = store;
})();
