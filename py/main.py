"""PyScript entry point: the only Python that touches the page.

Taps become commands for the App; the App's HTML becomes the page's content
(only what changed is patched, static/redraw.js);
timers let computer players and forced plays act after a visible pause; the
browser's Back goes to the app's previous screen. Every value that comes from
JavaScript is checked here (a JS null arrives as pyodide.ffi.jsnull, not None),
and no exception from a tap or a timer reaches the page as an error box: the
app's own message says what happened.
"""
from pyodide.ffi import create_proxy, jsnull
from pyscript import document, window

from ui import saves
from ui.app import App, page_of
from ui.library import Stored
from ui.taps import TapGuard


def py_value(value):
    """A JS value as Python: null and undefined become None."""
    if value is None or value is jsnull or str(type(value).__name__) == "JsUndefined":
        return None
    return value


class LocalStorage:
    """Small settings (language, speed) in localStorage; a blocked one costs the setting only."""
    def get(self, key):
        try:
            return py_value(window.localStorage.getItem(key))
        except Exception:
            return None

    def set(self, key, value):
        try:
            window.localStorage.setItem(key, value)
        except Exception:
            pass

    def remove(self, key):
        try:
            window.localStorage.removeItem(key)
        except Exception:
            pass


class BrowserStore:
    """The library in IndexedDB (static/store.js); its answers come back as events."""
    def __init__(self, js):
        self.js = js
        self.listener = None

    def items(self):
        out = []
        for item in self.js.items():
            try:
                out.append(Stored(str(item.id), str(item.text), float(py_value(item.updated) or 0),
                                  int(py_value(item.rev) or 0)))
            except (TypeError, ValueError):
                continue
        return out

    def put(self, item):
        self.js.put(item.id, item.text, item.updated, item.rev)

    def remove(self, game_id):
        self.js.remove(game_id)

    def claim(self, game_id, steal):
        self.js.claim(game_id, bool(steal))

    def release(self, game_id):
        self.js.release(game_id)


def on_store_event(event):
    """static/store.js answers: a write failed or went through, a claim, another tab.
    A move's write that went through is not drawn: the screen is as it was (and the
    computers' pause, scheduled by a draw, is not started again)."""
    def field(name):                 # an absent field of a JS object is undefined here
        return py_value(getattr(event, name, None))
    try:
        text = field("text")
        changed = app.store_event(str(field("kind")), id=str(field("id") or ""), ok=bool(field("ok")),
                                  text=None if text is None else str(text), rev=int(field("rev") or 0),
                                  problem=str(field("problem") or ""))
    except Exception as err:
        app.message = app.t("error.unexpected", reason=f"{type(err).__name__}: {err}")
        changed = True
    if changed:
        draw()


root = document.getElementById("app")
announcer = document.getElementById("announce")
DECISION = "[data-cmd=act]:not([disabled]), [data-cmd=select], [data-cmd=handoff], [data-cmd=resume]"
# ?pace=0.05 shortens every pause (used by the tests; players choose a speed in the app).
params = window.URLSearchParams.new(window.location.search)
try:
    pace = max(0.0, float(py_value(params.get("pace")) or 1))
except ValueError:
    pace = 1.0
# ?review=8 searches each decision of a review with 8 play-outs (the tests' quick review).
review_param = py_value(params.get("review"))
try:
    review_playouts = max(1, int(review_param)) if review_param else None
except ValueError:
    review_playouts = None
await window.royalStore.ready          # the library, read once before the first draw
app = App(storage=LocalStorage(), browser_langs=[str(x) for x in (py_value(window.navigator.languages) or [])],
          pace=pace, store=BrowserStore(window.royalStore),
          tz_offset_min=int(window.Date.new().getTimezoneOffset()), review_playouts=review_playouts)
guard = TapGuard(scale=min(pace, 1.0))
motion = window.royalMotion
redraw = window.royalRedraw
motion.setScale(min(pace, 1.0))
page = {"timer": None, "html": None, "screen": None, "step_ms": 0.0, "keyboard": False,
        "review_timer": None, "review_shown": 0.0}
# A control that gives way to another (a review's button to its Cancel and back):
# the focus goes to the one that took its place.
FOCUS_AFTER = {"review": "[data-cmd=review_cancel]", "review_cancel": "[data-cmd=review]"}
REVIEW_SLICE_MS = 30       # a review's work between two chances for the page to answer a tap
REVIEW_REDRAW_MS = 250     # how often its progress bar moves


def now() -> float:
    return window.performance.now()


def draw(cause="", x=0.0, y=0.0):
    """Puts the app's screen on the page. `cause` is "tap" or "timer" when the
    screen changed because of one (the tap guard needs to know)."""
    try:
        html = app.render()
    except Exception as err:     # a drawing bug must not leave a blank page
        app.recover(err)
        html = app.render()
    key = app.screen_key()
    if html != page["html"]:
        focused = focus_key()
        motion.before(root)          # static/motion.js: where things were ...
        # static/redraw.js: only what changed, or all of it for another page or viewer
        redraw.draw(root, html, page_of(key) == page_of(page["screen"]))
        motion.after(root)           # ... and they glide, fly or tumble to where they are
        page["html"] = html
        light_taught()
        restore_focus(focused)
        if cause:
            guard.screen_changed(now(), cause == "tap", x, y)
    announcement = app.announcement()
    if announcement:
        say(announcement)
    if key != page["screen"]:
        page["screen"] = key
        window.scrollTo(0, 0)    # a new screen (a result, a hand-off) starts at its top
        sync_history()
    if document.documentElement.lang != app.t.lang:    # setting it restyles the whole page
        document.documentElement.lang = app.t.lang
    run_effects()
    schedule()
    schedule_review()


def run_effects():
    """What the app asked of the page: a sound, "your turn" in a hidden tab's
    title, a file to download, a link to make, a copy."""
    effects, app.effects = app.effects, []
    for effect in effects:
        if effect[0] == "sound":
            window.royalSound.play(effect[1])
        elif effect[0] == "your_turn":
            window.royalSound.callTitle(effect[1])
        elif effect[0] == "download":
            window.royalStore.download(effect[1], effect[2])
        elif effect[0] == "share":
            game_id = effect[1]
            window.royalStore.shareLink(effect[2]).then(
                create_proxy(lambda url, game_id=game_id: (app.shared_link(game_id, str(url)), draw())))
        elif effect[0] == "copy":
            try:
                window.navigator.clipboard.writeText(effect[1])
            except Exception:
                pass                 # the link stays on screen to copy by hand


def schedule():
    if page["timer"] is not None:
        window.clearTimeout(page["timer"])
        page["timer"] = None
    delay = app.pending_delay()
    if delay is not None:
        # A computer's thinking counts as part of its pause.
        page["timer"] = window.setTimeout(tick_proxy, max(0, delay - page["step_ms"]))
    page["step_ms"] = 0.0


def schedule_review():
    """A review asked for runs in slices, each a task of its own, so taps and the
    computers' moves are answered between them."""
    if app.reviewing is not None and page["review_timer"] is None:
        page["review_timer"] = window.setTimeout(review_proxy, 0)


def review_slice():
    page["review_timer"] = None
    started = now()
    try:
        while app.review_step() and now() - started < REVIEW_SLICE_MS:
            pass
    except Exception as err:
        app.message = app.t("error.unexpected", reason=f"{type(err).__name__}: {err}")
        app.cmd_review_cancel("")
    if app.reviewing is None:          # done (or failed): the review, or the screen as it is
        draw()
        return
    if now() - page["review_shown"] >= REVIEW_REDRAW_MS:
        page["review_shown"] = now()
        show_review_progress()
    schedule_review()


def show_review_progress():
    """Moves the progress bar in place: a whole redraw would replace the element
    under a finger that is just tapping something else."""
    progress = app.review_progress()
    box = py_value(root.querySelector("[data-review-progress]"))
    if progress is None or box is None:
        return
    percent = round(progress * 100)
    bar = box.querySelector("[role=progressbar]")
    bar.setAttribute("aria-valuenow", str(percent))
    bar.setAttribute("aria-valuetext", app.t("review.percent", n=percent))
    box.querySelector(".review-bar-fill").style.width = f"{percent}%"
    box.querySelector(".review-progress-num").textContent = f"{percent} %"


def tick():
    page["timer"] = None
    started = now()
    try:
        app.step()
    except Exception as err:
        app.message = app.t("error.unexpected", reason=f"{type(err).__name__}: {err}")
    page["step_ms"] = now() - started
    draw("timer")


def on_click(event):
    x = y = 0.0
    try:
        x, y = float(event.clientX or 0), float(event.clientY or 0)
        element = py_value(event.target)
        target = py_value(element.closest("[data-cmd]")) if element is not None else None
        if target is None:
            if app.skip_linger():                # a tap anywhere ends a moment's pause
                draw("tap", x, y)
            return                               # text, the felt, empty space: nothing
        cmd = py_value(target.getAttribute("data-cmd")) or ""
        if target.disabled or not guard.allows(now(), x, y, str(cmd)):
            return
        arg = py_value(target.getAttribute("data-arg")) or ""
        if cmd == "speak":
            speak_hand()
            return
        app.handle(str(cmd), str(arg))
    except Exception as err:   # a bug must not freeze the table: say so and carry on
        app.message = app.t("error.unexpected", reason=f"{type(err).__name__}: {err}")
    draw("tap", x, y)


def import_file(files):
    """An exported game, the first of a FileList from the file picker or a drop."""
    files = py_value(files)
    file = py_value(files.item(0)) if files is not None and files.length else None
    if file is None:
        return

    def done(text):
        app.import_game(str(text))
        draw()

    def failed(err):
        app.import_failed("too_big" if "too_big" in str(err) else "corrupt")
        draw()
    window.royalStore.readFile(file).then(create_proxy(done), create_proxy(failed))


def on_change(event):
    try:
        target = py_value(event.target)
        if target is not None and target.hasAttribute("data-import"):
            import_file(target.files)
            target.value = ""
    except Exception as err:
        app.message = app.t("error.unexpected", reason=f"{type(err).__name__}: {err}")
        draw()


def on_dragover(event):
    if app.screen == "home":
        event.preventDefault()


def on_drop(event):
    if app.screen != "home":
        return
    event.preventDefault()
    try:
        if py_value(event.dataTransfer) is not None:
            import_file(event.dataTransfer.files)
    except Exception as err:
        app.message = app.t("error.unexpected", reason=f"{type(err).__name__}: {err}")
        draw()


def on_input(event):
    try:
        field = py_value(event.target.getAttribute("data-field"))
        if field:
            app.field(str(field), str(py_value(event.target.value) or ""))
    except Exception as err:
        app.message = app.t("error.unexpected", reason=f"{type(err).__name__}: {err}")
        draw()


# ---- the keyboard and screen readers -------------------------------------------------
def focus_key():
    """What had the focus before a redraw, as (command, argument)."""
    element = py_value(document.activeElement)
    if element is None or not root.contains(element):
        return None
    return control_of(element)


def control_of(element):
    return (py_value(element.getAttribute("data-cmd")), py_value(element.getAttribute("data-arg")))


def restore_focus(key):
    """A redraw keeps the focus on the same control; a keyboard player whose
    control is gone lands on the first control of the decision on screen."""
    kept = py_value(document.activeElement)
    if key and kept is not None and root.contains(kept) and control_of(kept) == key:
        return               # the patch kept the very element (a field being typed in): it has it still
    target = None
    if key and key[0]:
        selector = f'[data-cmd="{key[0]}"]' + (f'[data-arg="{key[1]}"]' if key[1] else ":not([data-arg])")
        target = py_value(root.querySelector(selector))
    if target is None and key and key[0] in FOCUS_AFTER:
        target = py_value(root.querySelector(FOCUS_AFTER[key[0]]))
    if target is None and page["keyboard"]:     # a lesson's lit tap first, else the first decision
        target = py_value(root.querySelector("[data-teach]")) or py_value(root.querySelector(DECISION))
    if target is not None:
        target.focus()


def light_taught():
    """A lesson's step lights the thing it is about (its bar's data-teach-point, a
    selector into the table: the die, the card, the seat) beside its words."""
    for old in root.querySelectorAll("[data-teach-lit]"):
        old.removeAttribute("data-teach-lit")
    bar = py_value(root.querySelector("[data-teach-point]"))
    if bar is None:
        return
    try:
        for thing in root.querySelectorAll(str(bar.getAttribute("data-teach-point"))):
            thing.setAttribute("data-teach-lit", "")
    except Exception:
        pass                 # a selector the table no longer matches: nothing to light


def say(text: str):
    """Puts words in the polite live region (read out, never shown)."""
    announcer.textContent = ""
    announcer.textContent = text


def speak_hand():
    """Reads out what the screen shows privately to its holder and the choices on it."""
    parts = []
    private = py_value(root.querySelector("[data-private]"))
    if private is not None:
        cards = [str(e.getAttribute("aria-label") or e.textContent).strip()
                 for e in root.querySelectorAll("[data-private] [data-card]")]
        parts.append(app.t("speak.hand", cards=", ".join(cards)))
    choices = [" ".join(str(b.textContent).split()) for b in root.querySelectorAll(DECISION)]
    parts.append(app.t("speak.choices", choices="; ".join(choices)) if choices else app.t("speak.none"))
    say(app.t("speak.join").join(parts))


def on_keydown(event):
    try:
        key = str(event.key)
        if key == "Tab" or key.startswith("Arrow"):
            page["keyboard"] = True
        if not key.startswith("Arrow"):
            return
        current = py_value(document.activeElement)
        controls = list(root.querySelectorAll(DECISION))
        if current is None or not controls or not any(current == c for c in controls):
            return
        index = next(i for i, c in enumerate(controls) if current == c)
        step = 1 if key in ("ArrowRight", "ArrowDown") else -1
        controls[(index + step) % len(controls)].focus()
        event.preventDefault()
    except Exception as err:
        app.message = app.t("error.unexpected", reason=f"{type(err).__name__}: {err}")
        draw()


def on_pointerdown(event):
    page["keyboard"] = False


# ---- Back ---------------------------------------------------------------------------
# One history entry above the page's own: while the app is anywhere but the home
# screen, Back pops it and the app goes to its previous screen (and arms it again).
history = {"armed": False}


def sync_history():
    away = app.screen != "home"
    if away and not history["armed"]:
        window.history.pushState("royaltable", "")
        history["armed"] = True


def snapshot_size() -> int:
    """Bytes of the quick-start copy of the app kept on the device (static/snapshot.mjs)."""
    info = py_value(getattr(window, "royalSnapshot", None))
    stored = py_value(getattr(info, "stored", None)) if info is not None else None
    return int(stored or 0)


def on_snapshot(event=None):
    """The quick-start copy was restored, made or dropped: the library's space line
    counts it."""
    size = snapshot_size()
    if size != app.snapshot_bytes:
        app.snapshot_bytes = size
        draw()


def on_popstate(event):
    history["armed"] = False
    try:
        stayed = app.back()
    except Exception as err:
        app.message = app.t("error.unexpected", reason=f"{type(err).__name__}: {err}")
        stayed = True
    if not stayed:
        window.history.back()      # Back on the home screen leaves the app
        return
    page["screen"] = None          # re-arm for the next Back
    draw()


tick_proxy = create_proxy(tick)
review_proxy = create_proxy(review_slice)
root.addEventListener("click", create_proxy(on_click))
root.addEventListener("input", create_proxy(on_input))
root.addEventListener("change", create_proxy(on_change))
document.addEventListener("dragover", create_proxy(on_dragover))
document.addEventListener("drop", create_proxy(on_drop))
window.royalStore.listen(create_proxy(on_store_event))
window.addEventListener("popstate", create_proxy(on_popstate))
document.addEventListener("keydown", create_proxy(on_keydown))
window.addEventListener("royal-snapshot", create_proxy(on_snapshot))
document.addEventListener("pointerdown", create_proxy(on_pointerdown), True)

# Python is ready: the same home screen replaces the pre-drawn one, and a tap
# made before now (kept by static/boot.js) is carried out.
window.royalReady = True
pending = py_value(window.royalPending)
if pending is not None:
    try:
        app.handle(str(pending.cmd), str(pending.arg))
    except Exception as err:
        app.message = app.t("error.unexpected", reason=f"{type(err).__name__}: {err}")
# A finished game that came in a link (#replay=…) opens as its replay (static/store.js
# took it off the address already, so a bad link does not come back on reload).
try:
    shared = py_value(await window.royalStore.readShared(saves.MAX_CHARS))
    if shared is not None:
        app.open_shared(str(shared))
except Exception as err:
    reason = "too_big" if "too_big" in str(err) else "corrupt"
    app.message = app.t("library.shared.failed", reason=app.t("save." + reason))
# "Learn to play" at its own address (#learn=<game id>: from a rules page, or a
# friend's link): taken off the address, so a reload does not start it again.
learn_hash = str(py_value(window.location.hash) or "")
if learn_hash.startswith("#learn="):
    window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search))
    try:
        app.handle("learn", learn_hash[len("#learn="):])
    except Exception as err:
        app.message = app.t("error.unexpected", reason=f"{type(err).__name__}: {err}")
app.snapshot_bytes = snapshot_size()
draw()
document.getElementById("boot").remove()
root.hidden = False
window.royalUsable()          # the service worker may keep the rest of the runtime now
