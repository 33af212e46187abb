// Puts a screen's markup on the page (py/main.py's draw()), changing only what changed.
//
// royalRedraw.draw(root, html, samePage) patches root's content into html with
// morphdom (static/vendor/morphdom.js, pinned in package-lock.json): an element that
// did not change is left as it is (no re-parse, no re-layout of the whole table), and
// a thing with the same data-key (or id) is the same node however it moved, so
// static/motion.js sees it glide. A field being typed in keeps its text and caret.
//
// Privacy: between tables drawn for different viewers (the table layout's data-viewer)
// or different pages (py/ui/app.py's page_of: a hand-off, a dialog, another screen;
// the table, a round's summary and the result are one page), nothing of the old DOM
// survives: the whole content is replaced, as if it had never been drawn.
(function () {
  "use strict";

  function layoutOf(node) { return node.querySelector(".table-layout"); }

  // Who a screen is drawn for ("": nobody's cards); null outside a table.
  function viewerOf(node) {
    var layout = layoutOf(node);
    return layout && layout.getAttribute("data-viewer");
  }

  function ownKey(node) {
    var key = node.getAttribute("data-key");
    if (key) return "key:" + key;
    return node.id ? "id:" + node.id : undefined;
  }

  // A node's identity across two redraws: its data-key, else its id (distinct names).
  // A slot (data-slot: a card's place in a fan, a die's place) is known by the keyed
  // thing it holds: matched by place instead, every slot after a card that left took
  // the next slot's card.
  function keyOf(node) {
    if (node.nodeType !== 1) return undefined;
    var key = ownKey(node);
    if (key || !node.hasAttribute("data-slot") || !node.firstElementChild) return key;
    key = ownKey(node.firstElementChild);
    return key && "in:" + key;
  }

  function typingIn(el) {
    return el === document.activeElement && (el.tagName === "TEXTAREA" ||
      (el.tagName === "INPUT" && !/^(checkbox|radio|file|button|submit|reset)$/i.test(el.type)));
  }

  // Is the element `el` (of the new markup) new to the page: neither it nor anything
  // keyed inside it is there? (A keyed thing on the page elsewhere is moved by morphdom:
  // the same node, so that motion.js sees it glide; beside a copy put in, the old one
  // would stay.)
  function brandNew(el) {
    var inner = el.querySelectorAll("[data-key], [id]");
    for (var i = -1; i < inner.length; i++) {
      var node = i < 0 ? el : inner[i], key = node.getAttribute("data-key");
      if (key ? document.querySelector('[data-key="' + CSS.escape(key) + '"]') : node.id && document.getElementById(node.id))
        return false;
    }
    return true;
  }

  // A key whose element changes kind (a card played from the hand, a button, into a
  // display, a span) cannot be the same node: morphdom would still find the old one
  // by its key, move it before each empty slot of the display in turn (taking every
  // slot out as it goes), then give up and put in a new one. Unkeyed, the old element
  // is simply taken out where it was, and the new one is new.
  function forgetChangedKinds(root, next) {
    var drawn = new Map(), nodes = root.querySelectorAll("[data-key], [id]");
    for (var i = 0; i < nodes.length; i++) drawn.set(keyOf(nodes[i]), nodes[i]);
    nodes = next.querySelectorAll("[data-key], [id]");
    for (i = 0; i < nodes.length; i++) {
      var old = drawn.get(keyOf(nodes[i]));
      if (old && old.nodeName !== nodes[i].nodeName)
        old.removeAttribute(old.hasAttribute("data-key") ? "data-key" : "id");
    }
  }

  // morphdom meets a keyed child it does not know (a new line at the top of the log, a
  // card played before a display's empty slots) by taking out every child after it, one
  // by one, and putting the keyed ones back at the end (Chromium styles and lays out
  // the whole list again). Put in its place first, the new child is the only change.
  // This walks the two lists as morphdom will, and gives up (leaving the list to
  // morphdom) wherever morphdom would not meet a child put in where it was put: kept
  // children in another order, or one of the new on the page elsewhere (morphdom
  // moves that one in, and knowing the page's keyed nodes from before the patch, would
  // add a new one put in beside it a second time).
  function placeNewChildren(fromEl, toEl) {
    if (fromEl.childNodes.length !== fromEl.childElementCount ||
        toEl.childNodes.length !== toEl.childElementCount) return;      // text: morphdom's
    var from = fromEl.children, kept = new Map(), places = [], i = 0;
    for (var c = fromEl.firstElementChild; c; c = c.nextElementSibling) if (keyOf(c)) kept.set(keyOf(c), c);
    // Moves i past the first child that `found` accepts, over those morphdom takes out on
    // its way there. False where there is none: morphdom appends the rest, after anything
    // put in, or moves a kept child back from behind. (A kept child passed over on the
    // way is looked for later, behind: false then.)
    function reach(found) {
      while (i < from.length && !found(from[i])) i++;
      return i++ < from.length;
    }
    for (var t = toEl.firstElementChild; t; t = t.nextElementSibling) {
      var key = keyOf(t), old = key && kept.get(key);
      if (key && !old) {
        if (!brandNew(t)) return;
        places.push([t, from[i] || null]);
      } else if (!reach(old ? function (f) { return f === old; }
                            : function (f) { return !keyOf(f) && f.nodeName === t.nodeName; })) {
        return;
      }
    }
    for (var p = 0; p < places.length; p++) fromEl.insertBefore(document.importNode(places[p][0], true), places[p][1]);
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
      placeNewChildren(fromEl, toEl);
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
  function draw(root, html, samePage) {
    var next = inert.body;
    next.innerHTML = html;
    var patch = samePage && viewerOf(root) === viewerOf(next);
    if (patch) {
      forgetChangedKinds(root, next);
      window.morphdom(root, next, OPTIONS);
    }
    else root.innerHTML = html;
    next.textContent = "";
    drawn = root;
    fit();
    return patch;
  }

  window.royalRedraw = { draw: draw };
})();
