"""PyScript entry point: the only Python that touches the page.

Taps become commands for the App; the App's HTML replaces the page's content;
timers let computer players and forced plays act after a visible pause.
"""
from pyodide.ffi import create_proxy
from pyscript import document, window

from ui.app import App


class LocalStorage:
    """The browser's localStorage; a full or blocked storage costs the save, not the game."""
    def get(self, key):
        try:
            return window.localStorage.getItem(key)
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


root = document.getElementById("app")
# ?pace=0.05 shortens the pauses before computer and forced moves (used by the tests).
params = window.URLSearchParams.new(window.location.search)
app = App(storage=LocalStorage(), browser_langs=list(window.navigator.languages or []),
          pace=float(params.get("pace") or 1))
timer = {"id": None}


def draw():
    root.innerHTML = app.render()
    document.documentElement.lang = app.t.lang
    schedule()


def schedule():
    if timer["id"] is not None:
        window.clearTimeout(timer["id"])
        timer["id"] = None
    delay = app.pending_delay()
    if delay is not None:
        timer["id"] = window.setTimeout(tick_proxy, delay)


def tick():
    timer["id"] = None
    app.step()
    draw()


def on_click(event):
    target = event.target.closest("[data-cmd]")
    if target is None or target.disabled:
        return
    try:
        app.handle(target.getAttribute("data-cmd"), target.getAttribute("data-arg") or "")
    except Exception as err:   # a bug must not freeze the table: say so and carry on
        app.message = f"{type(err).__name__}: {err}"
    draw()


def on_input(event):
    field = event.target.getAttribute("data-field")
    if field:
        app.field(field, event.target.value)


tick_proxy = create_proxy(tick)
root.addEventListener("click", create_proxy(on_click))
root.addEventListener("input", create_proxy(on_input))
draw()
document.getElementById("boot").remove()
root.hidden = False
