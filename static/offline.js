// Offline play: registers the service worker (sw.js, written by tools/build.py),
// hands it the rest of the download to keep once the page is usable (so a first
// visit fetches the runtime once), says when the page is kept for offline play,
// and brings in an update calmly: a new version, once the new worker has every
// file, is announced and starts at the next visit.
(function () {
  if (!("serviceWorker" in navigator) || location.protocol.indexOf("http") !== 0) {
    window.royalUsable = function () {};
    return;
  }
  var sw = navigator.serviceWorker;
  var RELOADED = "royaltable.update-reload";

  // ---- an update waiting from an earlier visit: it takes over now -------------
  // At the start of a page load, before Python boots: the waiting worker holds the
  // whole new version (its install ended only then), so the page reloads once into
  // it. The flag in sessionStorage allows one such reload per two loads, never a loop.
  var reloaded = null;
  try {
    reloaded = sessionStorage.getItem(RELOADED);
    sessionStorage.removeItem(RELOADED);
  } catch (e) { reloaded = "blocked"; }
  sw.getRegistration().then(function (registration) {
    if (!registration || !registration.waiting || !sw.controller || reloaded) return;
    try { sessionStorage.setItem(RELOADED, "1"); } catch (e) { return; }
    sw.addEventListener("controllerchange", function () { location.reload(); });
    registration.waiting.postMessage("skipWaiting");
  });

  // ---- kept for offline play -------------------------------------------------------
  // html[data-offline=ready] only when the worker controlling the page says its
  // cache holds every file of its list.
  function checkKept() {
    var controller = sw.controller;
    if (!controller) return;
    var channel = new MessageChannel();
    channel.port1.onmessage = function (event) {
      if (event.data && event.data.complete && sw.controller === controller)
        document.documentElement.setAttribute("data-offline", "ready");
    };
    controller.postMessage("status", [channel.port2]);
  }
  sw.addEventListener("message", function (event) {
    if (event.data === "precached") checkKept();
  });
  sw.addEventListener("controllerchange", checkKept);

  // ---- a new version is ready -----------------------------------------------------
  var TEXTS = {
    ja: {note: "新しい版の準備ができました。次に開いたときから使われます。", close: "閉じる"},
    en: {note: "A new version is ready; it starts next time you open the app.", close: "Dismiss"}
  };
  function showUpdate() {
    if (document.getElementById("update-note")) return;
    var note = document.createElement("div");
    note.id = "update-note";
    note.className = "update-note";
    note.setAttribute("role", "status");
    document.body.appendChild(note);
    // Filled in after it is on the page, so that screen readers read it out.
    setTimeout(function () {
      var html = "";
      ["ja", "en"].forEach(function (lang) {
        html += '<span data-lang="' + lang + '">' + TEXTS[lang].note + "</span>";
      });
      html += '<button type="button" class="btn btn-small update-note-close">' +
        '<span data-lang="ja">' + TEXTS.ja.close + '</span><span data-lang="en">' + TEXTS.en.close +
        "</span></button>";
      note.innerHTML = html;
      note.querySelector("button").addEventListener("click", function () { note.remove(); });
    }, 50);
  }
  function watchUpdates(registration) {
    // A worker that is installed while another controls the page is an update.
    if (registration.waiting && sw.controller) showUpdate();
    registration.addEventListener("updatefound", function () {
      var worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", function () {
        if (worker.state === "installed" && sw.controller) showUpdate();
      });
    });
  }

  window.addEventListener("load", function () {
    sw.register("./sw.js").then(watchUpdates).catch(function () { /* plays online anyway */ });
  });
  window.royalUsable = function () {
    checkKept();
    sw.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage("precache");
    });
  };
})();
