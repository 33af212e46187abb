"""Tappable things, built with ui.markup. Every text we did not write ourselves
is escaped (markup.el does it by construction; esc() is for the f-strings
that are left)."""
from __future__ import annotations

import contextlib
import contextvars
from html import escape

from .markup import Markup, el, raw

# The move the strong player suggests, while a table is drawn (see suggesting()).
_SUGGESTED: contextvars.ContextVar = contextvars.ContextVar("suggested", default=None)


def esc(text) -> str:
    return escape(str(text), quote=True)


@contextlib.contextmanager
def suggesting(action):
    """Inside this block every button that plays `action` is drawn marked as the
    suggested move (`data-hint`): the mark is made while building, by tappable()."""
    token = _SUGGESTED.set(action)
    try:
        yield
    finally:
        _SUGGESTED.reset(token)


def button(label, cmd: str, arg: str = "", cls: str = "", disabled: bool = False,
           aria: str | None = None) -> Markup:
    """A tappable button; `label` is Markup, or text (escaped)."""
    return tappable(label, cmd, arg, "btn " + cls, disabled=disabled, aria=aria)


def tappable(inner, cmd: str, arg: str = "", cls: str = "", disabled: bool = False,
             aria: str | None = None, extra: str = "", attrs: dict | None = None) -> Markup:
    """Any tappable thing (a card, a die, a board space) as a <button>: `inner` is
    Markup (a plain str is taken as markup too, for tables not yet built with
    ui.markup); `attrs` are more attributes ({"data-card": "K", "aria-pressed": "true"})."""
    arg = str(arg)
    suggested = _SUGGESTED.get()
    marked = cmd == "act" and suggested is not None and arg == suggested
    tag = el("button", {"type": "button", "class": cls.strip(), "data-cmd": cmd,
                        "data-arg": arg if arg != "" else None, "data-hint": marked,
                        "aria-label": aria or None, "disabled": disabled}, attrs or {})
    inner = inner if isinstance(inner, Markup) else raw(str(inner))
    head = tag[:-len("></button>")]
    return Markup(f"{head}{extra}>{inner}</button>")
