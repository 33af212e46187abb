// Before anything is drawn: the language the app will use (the same choice as
// py/ui/i18n.py default_lang), so the first paint is already in it.
(function () {
  var lang = null;
  try { lang = localStorage.getItem("royaltable.lang"); } catch (e) { /* storage blocked */ }
  if (lang !== "ja" && lang !== "en") {
    lang = "ja";
    var asked = navigator.languages || [navigator.language || ""];
    for (var i = 0; i < asked.length; i++) {
      var tag = String(asked[i]).toLowerCase();
      if (tag.indexOf("ja") === 0) { lang = "ja"; break; }
      if (tag.indexOf("en") === 0) { lang = "en"; break; }
    }
  }
  document.documentElement.lang = lang;
})();
