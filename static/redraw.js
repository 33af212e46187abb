// Puts a screen's markup on the page (py/main.py's draw()), changing only what changed.
//
// royalRedraw.draw(root, html, sameScreen) patches root's content into html with
// morphdom (static/vendor/morphdom.js, pinned in package-lock.json): an element that
// did not change is left as it is (no re-parse, no re-layout of the whole table), and
// a thing with the same data-key (or id) is the same node however it moved, so
// static/motion.js sees it glide. A field being typed in keeps its text and caret.
//
// Privacy: between screens for different viewers (a hand-off: the table layout's
// data-viewer or data-screen differs) or different screens, nothing of the old DOM
// survives: the whole content is replaced, as if it had never been drawn.
(function () {
  "use strict";

  function layoutOf(node) { return node.querySelector(".table-layout"); }

  // Who a screen is drawn for: "" outside a table.
  function viewerOf(node) {
    var layout = layoutOf(node);
    return layout ? layout.getAttribute("data-screen") + "\u0000" + layout.getAttribute("data-viewer") : "";
  }

  // A node's identity across two redraws: its data-key, else its id (distinct names).
  function keyOf(node) {
    if (node.nodeType !== 1) return undefined;
    var key = node.getAttribute("data-key");
    if (key) return "key:" + key;
    return node.id ? "id:" + node.id : undefined;
  }

  function typingIn(el) {
    return el === document.activeElement && (el.tagName === "TEXTAREA" ||
      (el.tagName === "INPUT" && !/^(checkbox|radio|file|button|submit|reset)$/i.test(el.type)));
  }

  var OPTIONS = {
    childrenOnly: true,
    getNodeKey: keyOf,
    onBeforeElUpdated: function (fromEl, toEl) {
      if (fromEl.isEqualNode(toEl)) return false;           // the same: nothing to walk
      if (typingIn(fromEl)) toEl.value = fromEl.value;      // what is being typed stays, caret too
      return true;
    }
  };

  // The new markup is parsed in a document of its own, with no window: nothing in it
  // loads or runs before it is in the page.
  var inert = document.implementation.createHTMLDocument("");

  // A review draws a past decision under its grade and chart (py/ui/screens/replay.py),
  // in less height than a table has in play: a table that would not fit is drawn
  // smaller (never cut, and the page does not scroll).
  // Scaled as a picture (a transform: every text keeps its box), laid out as wide as the
  // scale asks so that it fills the width, in a box as tall as the picture drawn.
  var drawn = null;
  function fit() {
    var box = drawn && drawn.querySelector(".review-table");
    var picture = box && box.querySelector(".review-fit");
    if (!picture) return;
    box.style.height = box.style.overflow = picture.style.transform = picture.style.width = "";
    var over = document.documentElement.scrollHeight - window.innerHeight;
    var height = picture.getBoundingClientRect().height;
    if (over <= 0 || height <= 0) return;
    var scale = Math.max(0.6, (height - over - 2) / height);
    picture.style.transformOrigin = "0 0";
    picture.style.width = (100 / scale) + "%";
    picture.style.transform = "scale(" + scale + ")";
    box.style.height = (picture.offsetHeight * scale) + "px";
    box.style.overflow = "hidden";
  }
  window.addEventListener("resize", fit);

  // Returns whether the page was patched (false: replaced whole).
  function draw(root, html, sameScreen) {
    var next = inert.body;
    next.innerHTML = html;
    var patch = sameScreen && viewerOf(root) === viewerOf(next);
    if (patch) window.morphdom(root, next, OPTIONS);
    else root.innerHTML = html;
    next.textContent = "";
    drawn = root;
    fit();
    return patch;
  }

  window.royalRedraw = { draw: draw };
})();
