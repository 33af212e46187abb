// Offline play: registers the service worker (sw.js, written by tools/build.py),
// hands it the rest of the download to keep once the page is usable (so a first
// visit fetches the runtime once), says when the page is kept for offline play,
// and tells calmly of an update: the new worker takes over only once it holds
// every file, and the page in use goes on as it was loaded; the next visit is
// the new version.
(function () {
  if (!("serviceWorker" in navigator) || location.protocol.indexOf("http") !== 0) {
    window.royalUsable = function () {};
    return;
  }
  var sw = navigator.serviceWorker;
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
    if ((registration.waiting || registration.installing) && sw.controller) showUpdate();
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
