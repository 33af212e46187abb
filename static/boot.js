// Before Python runs. The home screen is already on the page (written by the
// build from the app's own Python); this script
//  - shows the games in progress on it the way the app will (ROYAL_FIRST_PAINT
//    holds the app's own templates; the games come from static/store.js),
//  - keeps a tap on Play, Rules or Continue and marks the button as starting,
//    for py/main.py to carry out once Python is ready,
//  - says in words when the load fails.
// static/offline.js looks after the service worker (offline play and updates).
(function () {
  var data = window.ROYAL_FIRST_PAINT;
  var app = document.getElementById("app");

  function escapeHtml(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return {"&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#x27;"}[c];
    });
  }

  // ---- the games in progress, read as py/ui/saves.py peek() reads them ---------
  // How deeply the JSON text nests: one pass, character by character, so a save
  // of anything (an unclosed string of escapes, say) is read in time linear in its
  // length; no pattern that could backtrack.
  function depth(text) {
    var deepest = 0, level = 0, inString = false;
    for (var i = 0; i < text.length; i++) {
      var c = text.charCodeAt(i);
      if (inString) {
        if (c === 92) i++;                       // a backslash: the next character is escaped
        else if (c === 34) inString = false;     // the closing quote
      } else if (c === 34) inString = true;
      else if (c === 91 || c === 123) { if (++level > deepest) deepest = level; }
      else if (c === 93 || c === 125) level--;
    }
    return deepest;
  }
  function isInt(v) { return typeof v === "number" && Math.floor(v) === v; }

  // "ok" with the save, or the problem's key.
  function peek(text) {
    if (typeof text !== "string") return {problem: "corrupt"};
    if (text.length > data.maxChars) return {problem: "too_big"};
    if (depth(text) > 12) return {problem: "corrupt"};
    var save;
    try { save = JSON.parse(text); } catch (e) { return {problem: "corrupt"}; }
    if (!save || typeof save !== "object" || Array.isArray(save) || save.format !== "royaltable-save")
      return {problem: "corrupt"};
    if (!isInt(save.version) || save.version < 1) return {problem: "corrupt"};
    if (save.version > data.version) return {problem: "newer"};
    var seats = save.seats, record = save.record;
    if (!Array.isArray(seats) || !record || typeof record !== "object" || Array.isArray(record)
        || !Array.isArray(record.actions) || !isInt(record.players) || seats.length !== record.players
        || !isInt(record.seed) || typeof record.game !== "string"
        || (record.options !== undefined && (!record.options || typeof record.options !== "object"
                                             || Array.isArray(record.options)))
        || !record.actions.every(function (a) { return typeof a === "string"; })
        || !seats.every(function (s) {
          return s && typeof s === "object" && typeof s.name === "string" && data.kinds.indexOf(s.kind) >= 0; }))
      return {problem: "corrupt"};
    if (data.games.indexOf(record.game) < 0) return {problem: "unknown_game"};
    if ((save.rules != null && !isInt(save.rules)) || (save.digest != null && typeof save.digest !== "string")
        || (save.winners != null && !(Array.isArray(save.winners) && save.winners.every(isInt))))
      return {problem: "corrupt"};
    return {save: save};
  }

  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function when(ms) {       // as App.when() writes it
    var d = new Date(ms), now = new Date();
    var day = (d.getMonth() + 1) + "/" + d.getDate();
    if (d.getFullYear() !== now.getFullYear()) day = d.getFullYear() + "/" + day;
    return day + " " + pad(d.getHours()) + ":" + pad(d.getMinutes());
  }
  function fill(template, marks) {
    for (var key in marks) template = template.split(data.marks[key]).join(marks[key]);
    return template;
  }

  // As ui.i18n.shown_names: a name nobody typed in this language, every name isolated
  // (U+2068 … U+2069) from the text around it.
  function shownNames(seats, words) {
    var humans = 0, bots = 0;
    return seats.map(function (s) {
      var name;
      if (s.kind === "human") { humans += 1; name = words.human.split(data.many).join(String(humans)); }
      else { name = words.bots[bots % words.bots.length]; bots += 1; }
      if (s["default"] !== true) name = Array.from(s.name.trim()).slice(0, data.nameLimit).join("") || "?";
      return "\u2068" + escapeHtml(name) + "\u2069";
    });
  }

  function libraryPanel(lang, items) {
    var t = data.langs[lang].library, damaged = [], progress = [];
    items.slice().sort(function (a, b) { return b.updated - a.updated; }).forEach(function (item) {
      var read = peek(item.text), id = escapeHtml(item.id);
      if (read.problem) { damaged.push(fill(t.problems[read.problem], {id: id})); return; }
      var save = read.save;
      if (save.finished === true || save.ended === true) return;   // the history is drawn by the app
      var moves = save.record.actions.length;
      var names = shownNames(save.seats, data.langs[lang]).join(data.langs[lang].sep);
      var title = data.langs[lang].titles[save.record.game], practice = save.practice;
      if (practice && typeof practice === "object" && Number.isInteger(practice.move) && practice.move >= 1)
        title = data.langs[lang].practice.split("{game}").join(title).split("{n}").join(String(practice.move));
      progress.push(fill(moves === 1 ? t.one : t.many.split(data.many).join(String(moves)), {
        id: id, cover: data.covers[save.record.game], title: escapeHtml(title),
        names: names, when: when(item.updated)}));
    });
    var rows = damaged.concat(progress);
    return rows.length ? t.section.split(data.marks.rows).join(rows.join("")) : "";
  }

  if (data && app && window.royalStore) {
    window.royalStore.ready.then(function (items) {
      if (window.royalReady) return;                      // Python has drawn the home itself
      var homes = app.querySelectorAll(".prerender");
      for (var i = 0; i < homes.length; i++) {
        var panel = libraryPanel(homes[i].getAttribute("data-lang"), items);
        var tagline = homes[i].querySelector(".tagline");
        if (panel && tagline) tagline.insertAdjacentHTML("afterend", panel);
      }
    });
  }

  // ---- taps before Python is ready -------------------------------------------
  window.royalPending = null;
  if (app) app.addEventListener("click", function (event) {
    if (window.royalReady) return;                    // Python handles taps now
    var button = event.target.closest && event.target.closest("[data-cmd]");
    if (!button) return;
    var cmd = button.getAttribute("data-cmd");
    if (cmd === "discard_save" && window.royalStore) {   // a damaged save goes at once, Python or not
      var id = button.getAttribute("data-arg") || "";
      window.royalStore.remove(id);
      var rows = app.querySelectorAll(".lib-row");
      for (var r = 0; r < rows.length; r++) {
        if (rows[r].getAttribute("data-entry") === id) {
          var list = rows[r].parentNode;
          rows[r].remove();
          if (!list.children.length) list.closest(".library").remove();
        }
      }
      return;
    }
    if (cmd === "lang") {                              // needs no Python
      var lang = document.documentElement.lang === "ja" ? "en" : "ja";
      document.documentElement.lang = lang;
      try { localStorage.setItem("royaltable.lang", lang); } catch (e) { /* blocked */ }
      return;
    }
    window.royalPending = {cmd: cmd, arg: button.getAttribute("data-arg") || ""};
    var starting = app.querySelectorAll(".is-starting");
    for (var j = 0; j < starting.length; j++) starting[j].classList.remove("is-starting");
    button.classList.add("is-starting");
    button.setAttribute("aria-busy", "true");
  });

  // ---- a failed load, said in words -----------------------------------------
  var failed = false;
  function fail(reason) {
    var note = document.getElementById("boot");
    if (failed || !note) return;
    failed = true;
    note.classList.add("boot-failed");
    note.textContent = "読み込みに失敗しました。ページを再読み込みしてください。 " +
      "The game could not load. Please reload the page. (" + reason + ")";
  }
  window.addEventListener("error", function (event) {
    if (window.royalReady) return;
    // Which file, for whoever looks into it (the console, the tests' report); not on screen.
    var target = event.target || {};
    window.royalBootFailure = target.src || target.href || event.filename || String(event.message || "");
    if (window.console) console.error("not loaded: " + window.royalBootFailure);
    fail(event.message || "a file did not load");
  }, true);
  window.addEventListener("unhandledrejection", function (event) {
    if (!window.royalReady) fail(String(event.reason && event.reason.message || event.reason));
  });
  // PyScript shows Python errors as .py-error elements.
  new MutationObserver(function () {
    var err = document.querySelector(".py-error");
    if (err) fail((err.textContent || "").trim().split("\n").pop());
  }).observe(document.documentElement, { childList: true, subtree: true });
  setTimeout(function () {
    var note = document.getElementById("boot");
    if (note && !failed) note.classList.add("is-slow");
  }, 30000);

})();
