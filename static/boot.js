// Before Python runs. The home screen is already on the page (written by the
// build from the app's own Python); this script
//  - shows a saved game on it the way the app will (from ROYAL_FIRST_PAINT),
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

  // ---- a saved game, read as py/ui/saves.py peek() reads it --------------------
  function savePanel(lang) {
    var text = null;
    try { text = localStorage.getItem("royaltable.save"); } catch (e) { return ""; }
    if (!text) return "";
    var t = data.langs[lang], save;
    try { save = JSON.parse(text); } catch (e) { return t.panels.corrupt; }
    if (!save || typeof save !== "object" || save.format !== "royaltable-save") return t.panels.corrupt;
    if (typeof save.version !== "number" || save.version > 1) return t.panels.newer;
    var seats = save.seats, record = save.record;
    var kinds = ["human", "quick", "strong"];
    if (!Array.isArray(seats) || !record || typeof record !== "object" || !Array.isArray(record.actions)
        || seats.length !== record.players || !seats.every(function (s) {
          return s && typeof s.name === "string" && kinds.indexOf(s.kind) >= 0; }))
      return t.panels.corrupt;
    if (data.games.indexOf(record.game) < 0) return t.panels.unknown_game;
    if (save.finished === true) return "";
    var moves = record.actions.length;
    var panel = moves === 1 ? t.panels.one : t.panels.many.split(data.many).join(String(moves));
    var names = seats.map(function (s) { return escapeHtml(s.name); }).join(t.sep);
    return panel.split(data.names).join(names).split("game." + data.game).join(escapeHtml(t.titles[record.game]));
  }

  if (data && app) {
    var homes = app.querySelectorAll(".prerender");
    for (var i = 0; i < homes.length; i++) {
      var panel = savePanel(homes[i].getAttribute("data-lang"));
      var tagline = homes[i].querySelector(".tagline");
      if (panel && tagline) tagline.insertAdjacentHTML("afterend", panel);
    }
  }

  // ---- taps before Python is ready -------------------------------------------
  window.royalPending = null;
  if (app) app.addEventListener("click", function (event) {
    if (window.royalReady) return;                    // Python handles taps now
    var button = event.target.closest && event.target.closest("[data-cmd]");
    if (!button) return;
    var cmd = button.getAttribute("data-cmd");
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
    if (!window.royalReady) fail(event.message || "a file did not load");
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
