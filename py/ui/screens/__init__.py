"""The app's screens, one object each (home, setup, table, replay, rules): its
own state, its commands (`cmd_<name>`, found by ui.app.App.handle) and its
drawing (`render`, which only reads: it never changes the app or the screen).

What several screens share (the language, the library, the open game, the
running review, the message) stays on the App, which every screen holds."""
from __future__ import annotations

from ..icons import icon as _icon
from ..markup import Markup, join, raw

NOTHING = join(())        # no markup: a piece a screen leaves out


def icon(name: str, cls: str = "icon") -> Markup:
    """ui.icons' SVG (our own static art) as markup."""
    return raw(_icon(name, cls))


def built(html) -> Markup:
    """Markup handed over as text by a part not built with ui.markup yet (a
    table's drawing, the teacher's panel): our own code's output, taken as it is."""
    return html if isinstance(html, Markup) else raw(str(html))


class Screen:
    name = ""

    def __init__(self, app):
        self.app = app

    @property
    def t(self):
        return self.app.t

    def commands(self) -> dict:
        """This screen's commands by name: `cmd_start` answers the tap "start"."""
        return {name[4:]: getattr(self, name) for name in dir(type(self)) if name.startswith("cmd_")}

    def render(self) -> Markup:
        raise NotImplementedError
