// Motion that tells what happened (FLIP with the Web Animations API).
//
// py/main.py puts the app's markup on the page at every redraw (static/redraw.js:
// a patch that keeps what did not change, or a whole new page for another viewer);
// it calls royalMotion.before(root) just before and royalMotion.after(root) just
// after. A kept element is compared by its marks, not by being new: a die tumbles
// when its data-roll changes, not when it is merely kept.
// The tables only mark their elements (py/ui/table.py says how):
//   data-key="…"     the same thing on the table from one redraw to the next (a card,
//                    a die, a seat): when it moves, it glides from where it was;
//   data-from="k …"  a thing that has just appeared (a card played, a card dealt, a
//                    coin won) flies in from the first of these keys drawn before (a
//                    seat, the deck, the pot);
//   data-to="k …"    a thing about to vanish (a won trick) slides to the first of
//                    these keys drawn after, as a fading copy;
//   data-roll="n"    a die rolled: it tumbles when n changes (n: the move's number);
//   data-bump="v"    a count (chips, gold, points): it pulses when v changes, and
//                    flies in from data-from if it has one.
// The motion is shown, never waited for: the page is already in its final state
// underneath, a tap during an animation finishes every animation at once and goes
// to what was under the finger, and nothing moves under prefers-reduced-motion.
// Between two screens for different viewers (a hand-off), nothing old is copied:
// no copy of a card is ever drawn for someone who may not see it.
(function () {
  "use strict";
  var reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };
  var EASE = "cubic-bezier(.2,.7,.2,1)";
  var GLIDE_MS = 320, FLY_MS = 420, ROLL_MS = 520, BUMP_MS = 360;
  var STAGGER_MS = 60, ROLL_STAGGER_MS = 40, STAGGERED = 6;   // things set off one after another
  var BUMP_AFTER_MS = FLY_MS * 0.6;     // a count pulses as what it counts lands
  // The longest a redraw's motion lasts, from the delays and durations below.
  var LONGEST_MS = Math.max(GLIDE_MS, FLY_MS + STAGGER_MS * STAGGERED,
                            ROLL_MS + ROLL_STAGGER_MS * STAGGERED, BUMP_MS + BUMP_AFTER_MS);
  var FRAME_MS = 1000 / 60;
  var scale = 1;               // ?pace= for the tests: shorter everything
  var last = null;             // what before() saw: {viewer, keys: Map(key -> {el, rect, roll, bump})}
  var ghosts = [];
  var downTarget = null;       // what a tap that finished the animations began on

  function layoutOf(root) { return root.querySelector(".table-layout"); }

  function where(el) {
    var r = el.getBoundingClientRect();
    return { x: r.left + window.scrollX, y: r.top + window.scrollY, w: r.width, h: r.height };
  }

  function seen(root) {
    var keys = new Map();
    var nodes = root.querySelectorAll("[data-key]");
    for (var i = 0; i < nodes.length; i++) {
      var el = nodes[i];
      var rect = where(el);
      if (!rect.w && !rect.h) continue;            // not on screen (a closed panel)
      keys.set(el.getAttribute("data-key"), {
        el: el, rect: rect, roll: el.getAttribute("data-roll"), bump: el.getAttribute("data-bump"),
        secret: !!el.closest("[data-private]")
      });
    }
    return keys;
  }

  function before(root) {
    finish();
    var layout = layoutOf(root);
    // At the tests' shortest paces every motion would be over within one frame: none
    // could be seen, and preparing them costs two layouts and a layer for each moving
    // thing, so none is prepared.
    last = (reduced.matches || !layout || scale * LONGEST_MS < FRAME_MS) ? null
      : { viewer: layout.getAttribute("data-viewer"), keys: seen(root) };
  }

  function animate(el, frames, ms, delay) {
    if (!el.animate) return null;
    return el.animate(frames, { duration: ms * scale, delay: (delay || 0) * scale, easing: EASE, fill: "backwards" });
  }

  function baseTransform(el) {
    var t = window.getComputedStyle(el).transform;
    return t && t !== "none" ? t : "";
  }

  function from(rect, to, base) {
    var dx = rect.x - to.x, dy = rect.y - to.y;
    var sx = to.w ? rect.w / to.w : 1, sy = to.h ? rect.h / to.h : 1;
    var s = Math.max(0.35, Math.min(2.5, Math.min(sx, sy)));
    return [{ transform: "translate(" + dx + "px," + dy + "px) scale(" + s + ") " + base, transformOrigin: "0 0" },
            { transform: base || "none", transformOrigin: "0 0" }];
  }

  function origin(list, keys) {
    var names = (list || "").split(/\s+/);
    for (var i = 0; i < names.length; i++) {
      if (names[i] && keys.has(names[i])) return keys.get(names[i]);
    }
    return null;
  }

  function after(root) {
    var old = last;
    last = null;
    var layout = layoutOf(root);
    if (!old || !layout || reduced.matches) return;
    var sameViewer = layout.getAttribute("data-viewer") === old.viewer;
    var now = seen(root);
    var scroll = { x: window.scrollX, y: window.scrollY };
    // Everything is read before anything moves: a started animation makes the page's
    // style stale, and each read after it (a computed transform) would restyle the page.
    var moves = [], byElement = new Map();
    now.forEach(function (item, key) {
      var el = item.el, was = old.keys.get(key);
      var move = { el: el, item: item, was: was, glide: null, start: null, base: "" };
      if (was) {
        var dx = was.rect.x - item.rect.x, dy = was.rect.y - item.rect.y;
        if (Math.abs(dx) > 2 || Math.abs(dy) > 2) move.glide = { x: dx, y: dy };
      }
      var fresh = !was || (item.bump !== null && was.bump !== item.bump);
      if (fresh && el.hasAttribute("data-from")) move.start = origin(el.getAttribute("data-from"), old.keys);
      moves.push(move);
      byElement.set(el, move);
    });
    // A thing inside a gliding thing (a count on a seat's plate) is carried by it: it
    // glides only by what it moved within it. Animated on its own as well, it would set
    // out twice as far, and each animation costs the compositor a layer.
    moves.forEach(function (move) {
      if (!move.glide) return;
      var holder = move.el.parentElement && move.el.parentElement.closest("[data-key]");
      var carrier = holder && byElement.get(holder);
      if (!carrier || !carrier.glide) return;
      var x = move.glide.x - carrier.glide.x, y = move.glide.y - carrier.glide.y;
      move.own = Math.abs(x) > 2 || Math.abs(y) > 2 ? { x: x, y: y } : null;
    });
    moves.forEach(function (move) {
      if (move.own !== undefined) move.glide = move.own;
      if (move.glide || move.start) move.base = baseTransform(move.el);
    });
    var flown = 0;
    moves.forEach(function (move) {
      var el = move.el, item = move.item, was = move.was, base = move.base;
      if (move.glide) {
        animate(el, [{ transform: "translate(" + move.glide.x + "px," + move.glide.y + "px) " + base },
                     { transform: base || "none" }], GLIDE_MS);
      }
      if (move.start) animate(el, from(move.start.rect, item.rect, base), FLY_MS, STAGGER_MS * Math.min(flown++, STAGGERED));
      if (item.roll !== null && (!was || was.roll !== item.roll)) {
        animate(el, [{ transform: "translateY(-18px) rotate(-200deg) scale(.8)", opacity: 0.4 },
                     { transform: "translateY(4px) rotate(20deg) scale(1.05)", opacity: 1, offset: 0.7 },
                     { transform: "none" }], ROLL_MS, ROLL_STAGGER_MS * Math.min(flown++, STAGGERED));
      }
      if (was && item.bump !== null && was.bump !== item.bump) {
        animate(el, [{ transform: "scale(1)" }, { transform: "scale(1.3)", offset: 0.4 }, { transform: "scale(1)" }], BUMP_MS, BUMP_AFTER_MS);
      }
    });
    if (!sameViewer) return;                       // a hand-off: no copies of what was there
    old.keys.forEach(function (was, key) {
      if (now.has(key) || was.secret || !was.el.hasAttribute("data-to")) return;
      var target = origin(was.el.getAttribute("data-to"), now);
      if (target) ghost(was, target.rect, scroll);
    });
  }

  // A copy of a vanished thing, sliding to where it went and fading out.
  function ghost(was, to, scroll) {
    var copy = was.el.cloneNode(true);
    copy.removeAttribute("data-key");
    copy.removeAttribute("id");
    var all = copy.querySelectorAll("[id], [data-cmd], [data-key]");
    for (var i = 0; i < all.length; i++) {
      all[i].removeAttribute("id"); all[i].removeAttribute("data-cmd"); all[i].removeAttribute("data-key");
    }
    copy.setAttribute("aria-hidden", "true");
    copy.classList.add("motion-ghost");
    copy.style.left = (was.rect.x - scroll.x) + "px";
    copy.style.top = (was.rect.y - scroll.y) + "px";
    copy.style.width = was.rect.w + "px";
    copy.style.height = was.rect.h + "px";
    document.body.appendChild(copy);
    ghosts.push(copy);
    var dx = to.x + to.w / 2 - (was.rect.x + was.rect.w / 2), dy = to.y + to.h / 2 - (was.rect.y + was.rect.h / 2);
    var anim = animate(copy, [{ transform: "none", opacity: 1 },
                              { transform: "translate(" + dx + "px," + dy + "px) scale(.4)", opacity: 0 }], FLY_MS);
    var done = function () { drop(copy); };
    if (anim) { anim.onfinish = done; anim.oncancel = done; } else done();
  }

  function drop(copy) {
    var i = ghosts.indexOf(copy);
    if (i >= 0) ghosts.splice(i, 1);
    if (copy.parentNode) copy.parentNode.removeChild(copy);
  }

  function running() {
    return document.getAnimations ? document.getAnimations().filter(function (a) {
      return a.playState === "running" || a.playState === "pending";
    }) : [];
  }

  // Every animation to its end at once (a tap, the next redraw).
  function finish() {
    running().forEach(function (a) {
      if (a.effect && a.effect.target && a.effect.target.closest && a.effect.target.closest("#app, .motion-ghost")) {
        try { a.finish(); } catch (e) { a.cancel(); }
      }
    });
    ghosts.slice().forEach(drop);
  }

  // A tap during an animation: everything stands still at once, and the tap goes to
  // the thing it began on (which may have been gliding under the finger).
  document.addEventListener("pointerdown", function (event) {
    var moving = running().length > 0 || ghosts.length > 0;
    downTarget = null;
    if (!moving) return;
    downTarget = event.target && event.target.closest ? event.target.closest("[data-cmd]") : null;
    finish();
  }, true);
  document.addEventListener("click", function (event) {
    var began = downTarget;
    downTarget = null;
    if (!began || !began.isConnected) return;
    var landed = event.target && event.target.closest ? event.target.closest("[data-cmd]") : null;
    if (landed === began) return;
    event.stopPropagation();
    event.preventDefault();
    began.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, clientX: event.clientX,
                                                  clientY: event.clientY, view: window }));
  }, true);

  window.royalMotion = {
    before: before,
    after: after,
    finish: finish,
    setScale: function (value) { scale = Math.max(0, Math.min(1, Number(value) || 0)); },
    running: function () { return running().length + ghosts.length; }
  };
})();
