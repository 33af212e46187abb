// A rules page of its own (rules/<game>.html): its language switch.
(function () {
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-lang-switch]");
    if (!button) return;
    var lang = button.getAttribute("data-lang-switch");
    document.documentElement.lang = lang;
    try { localStorage.setItem("royaltable.lang", lang); } catch (e) { /* storage blocked */ }
  });
})();
