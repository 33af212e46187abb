"""A game's player aid (ui/aid.py draws it): opened from the table's rail (or by
the command `aid <game id>` from anywhere, e.g. a tutorial's end); Back and the
top bar's Back return to the screen it was opened from, the game kept."""
from __future__ import annotations

from .. import aid
from ..collection import playable
from ..markup import Markup, join
from . import Screen


class AidScreen(Screen):
    name = "aid"

    def __init__(self, app):
        super().__init__(app)
        self.game: str | None = None
        self.back_to = "home"

    def cmd_aid(self, arg):
        if not playable(arg) or not aid.has_aid(arg):
            return
        self.game = arg
        if self.app.screen not in ("aid", "rules"):
            self.back_to = self.app.screen
        self.app.screen = "aid"

    def close(self) -> None:
        """Back where it was opened: the table (its panel as it was), else home."""
        app = self.app
        back = self.back_to
        if back in ("table", "replay") and not app.match and not app.replaying:
            back = "home"
        app.screen = back if back in app.screens else "home"

    def render(self) -> Markup:
        t = self.t
        title = t("aid.title", game=t("game." + self.game))
        return join((self.app.topbar(title), aid.render(self.game, t)))
