"""Tappable things, built with ui.markup (text escaped by construction), and
the mark of the suggested move."""
from __future__ import annotations

import contextlib
import contextvars

from .markup import Markup, el, escape, text

# The move the strong player suggests, while a table is drawn (see suggesting()).
_SUGGESTED: contextvars.ContextVar = contextvars.ContextVar("suggested", default=None)


def esc(text) -> str:
    return escape(str(text))


@contextlib.contextmanager
def suggesting(action):
    """Inside this block every button that plays `action` is drawn marked as the
    suggested move (`data-hint`): the mark is made while building, by tappable()."""
    token = _SUGGESTED.set(action)
    try:
        yield
    finally:
        _SUGGESTED.reset(token)


# The tap a guided first game asks for now, as (command, argument) (see teaching()).
_TAUGHT: contextvars.ContextVar = contextvars.ContextVar("taught", default=None)


@contextlib.contextmanager
def teaching(tap):
    """Inside this block the tappable thing that makes `tap` ((command, argument),
    ui/tutorial.py) is drawn lit as the one the lesson asks for (`data-teach`)."""
    token = _TAUGHT.set(tap)
    try:
        yield
    finally:
        _TAUGHT.reset(token)


def button(label, cmd: str, arg: str = "", cls: str = "", disabled: bool = False,
           aria: str | None = None) -> Markup:
    """A tappable button; `label` is Markup, or text (escaped)."""
    return tappable(label, cmd, arg, "btn " + cls, disabled=disabled, aria=aria)


def tappable(inner, cmd: str, arg: str = "", cls: str = "", disabled: bool = False,
             aria: str | None = None, attrs: dict | None = None) -> Markup:
    """Any tappable thing (a card, a die, a board space) as a <button>: `inner` is
    Markup, or text (escaped); `attrs` are more attributes ({"data-card": "K"})."""
    arg = str(arg)
    suggested = _SUGGESTED.get()
    marked = cmd == "act" and suggested is not None and arg == suggested
    tag = el("button", {"type": "button", "class": cls.strip(), "data-cmd": cmd,
                        "data-arg": arg if arg != "" else None, "data-hint": marked,
                        "data-teach": _TAUGHT.get() == (cmd, arg),
                        "aria-label": aria or None, "disabled": disabled}, attrs or {})
    return Markup(f"{tag[:-len('</button>')]}{text(inner)}</button>")

