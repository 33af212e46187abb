// Before Python runs: report a failed load in words instead of a silent page.
(function () {
  var failed = false;
  function fail(reason) {
    if (failed || !document.getElementById("boot")) return;
    failed = true;
    var box = document.getElementById("boot");
    box.classList.add("boot-failed");
    document.getElementById("boot-status").textContent =
      "読み込みに失敗しました。ページを再読み込みしてください。 " +
      "The game could not load. Please reload the page. (" + reason + ")";
  }
  window.addEventListener("error", function (event) {
    fail(event.message || "a file did not load");
  }, true);
  window.addEventListener("unhandledrejection", function (event) {
    fail(String(event.reason && event.reason.message || event.reason));
  });
  // PyScript shows Python errors as .py-error elements.
  new MutationObserver(function () {
    var err = document.querySelector(".py-error");
    if (err) fail((err.textContent || "").trim().split("\n").pop());
  }).observe(document.documentElement, { childList: true, subtree: true });
  // Offline play: the service worker (sw.js, written by the build) caches the app.
  if ("serviceWorker" in navigator && location.protocol.indexOf("http") === 0) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("./sw.js").catch(function () { /* plays online anyway */ });
    });
  }
  setTimeout(function () {
    if (document.getElementById("boot") && !failed)
      document.getElementById("boot-status").textContent =
        "まだ読み込み中です… Still loading… (slow connection or device)";
  }, 30000);
})();
