"""PyScript entry point: the only Python that touches the page.

Taps become commands for the App; the App's HTML replaces the page's content;
timers let computer players and forced plays act after a visible pause.
"""
from pyodide.ffi import create_proxy
from pyscript import document, window

from ui.app import App
from ui.i18n import default_lang

LANG_KEY = "royaltable.lang"

root = document.getElementById("app")
# ?pace=0.05 shortens the pauses before computer and forced moves (used by the tests).
params = window.URLSearchParams.new(window.location.search)
app = App(window.localStorage.getItem(LANG_KEY) or default_lang(list(window.navigator.languages or [])),
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
    lang = app.t.lang
    app.handle(target.getAttribute("data-cmd"), target.getAttribute("data-arg") or "")
    if app.t.lang != lang:
        window.localStorage.setItem(LANG_KEY, app.t.lang)
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
