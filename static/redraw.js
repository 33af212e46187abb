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

  // Is every child of el an element with a key (a list: the log's lines, a hand)?
  function keyedList(el) {
    if (el.childNodes.length !== el.childElementCount || !el.firstElementChild) return false;
    for (var c = el.firstElementChild; c; c = c.nextElementSibling) if (!keyOf(c)) return false;
    return true;
  }

  // Is the keyed element `el` (of the new markup) new to the page, with nothing keyed
  // inside it? (A keyed thing that is on the page elsewhere is moved there by morphdom:
  // the same node, so that motion.js sees it glide.)
  function brandNew(el) {
    if (el.querySelector("[data-key], [id]")) return false;
    var key = el.getAttribute("data-key");
    return !(key ? document.querySelector('[data-key="' + CSS.escape(key) + '"]') : document.getElementById(el.id));
  }

  // morphdom matches keyed children in order: a new one before those already there (the
  // log's newest line at its top) made it move every line after it to the end of the
  // list, one by one, each a node taken out and put back (Chromium styles and lays out
  // the whole list again). Put in its place first, the new line is the only change.
  // Only where the lines kept are in the same order in both lists, each the same kind of
  // element as before (a card that became a button is another node to morphdom): morphdom
  // then meets every new line where it was put. It could not find one anywhere else (it
  // knows the page's keyed nodes from before the patch) and would add it a second time.
  function placeNewBeforeKept(fromEl, toEl) {
    if (!keyedList(fromEl) || !keyedList(toEl)) return;
    var kept = {}, wanted = {}, order = [], k = 0;
    for (var c = fromEl.firstElementChild; c; c = c.nextElementSibling) kept[keyOf(c)] = c;
    for (c = toEl.firstElementChild; c; c = c.nextElementSibling) {
      var was = kept[keyOf(c)];
      if (was && was.nodeName !== c.nodeName) return;
      if (was) order.push(keyOf(c));
      wanted[keyOf(c)] = true;
    }
    for (c = fromEl.firstElementChild; c; c = c.nextElementSibling)
      if (wanted[keyOf(c)] && order[k++] !== keyOf(c)) return;      // moved about: morphdom's
    // Nor where one of the new is on the page elsewhere: morphdom moves that one in
    // while it walks, and would pass a new line put in after it.
    for (c = toEl.firstElementChild; c; c = c.nextElementSibling)
      if (!kept[keyOf(c)] && !brandNew(c)) return;
    var waiting = [];
    for (var t = toEl.firstElementChild; t; t = t.nextElementSibling) {
      var old = kept[keyOf(t)];
      if (!old) { waiting.push(t); continue; }
      for (var i = 0; i < waiting.length; i++) fromEl.insertBefore(document.importNode(waiting[i], true), old);
      waiting.length = 0;
    }
  }

  var OPTIONS = {
    childrenOnly: true,
    getNodeKey: keyOf,
    onBeforeElUpdated: function (fromEl, toEl) {
      if (fromEl.isEqualNode(toEl)) return false;           // the same: nothing to walk
      if (typingIn(fromEl)) toEl.value = fromEl.value;      // what is being typed stays, caret too
      return true;
    },
    onBeforeElChildrenUpdated: function (fromEl, toEl) {
      placeNewBeforeKept(fromEl, toEl);
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
