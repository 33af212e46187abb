// Offline play: registers the service worker (sw.js, written by tools/build.py)
// and hands it the rest of the download to keep once the page is usable, so a
// first visit fetches the runtime once.
(function () {
  // ---- offline play -------------------------------------------------------------
  // The service worker (sw.js, written by the build) keeps the app. It fetches the
  // big runtime files only when py/main.py says the page is usable (royalUsable),
  // from the browser's cache where the page already has them.
  if ("serviceWorker" in navigator && location.protocol.indexOf("http") === 0) {
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data === "precached") document.documentElement.setAttribute("data-offline", "ready");
    });
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("./sw.js").catch(function () { /* plays online anyway */ });
    });
    window.royalUsable = function () {
      navigator.serviceWorker.ready.then(function (registration) {
        if (registration.active) registration.active.postMessage("precache");
      });
    };
  } else {
    window.royalUsable = function () {};
  }
})();
