"""A game's rules in the app (ui/rules_page.py draws them), opened from the home
screen, the new-game form or the table; Back returns there."""
from __future__ import annotations

from .. import rules_page
from ..collection import playable

from ..html import button
from ..markup import Markup, join, text
from ..tutorial import has_lesson
from . import Screen


class RulesScreen(Screen):
    name = "rules"

    def __init__(self, app):
        super().__init__(app)
        self.game: str | None = None
        self.back_to = "home"                  # the screen they were opened from

    def cmd_rules(self, arg):
        if not playable(arg):
            return
        self.game = arg
        self.back_to = self.app.screen
        self.app.screen = "rules"

    def close(self) -> None:
        """Back to the table they were opened from, else home."""
        app = self.app
        app.screen = "table" if self.back_to == "table" and app.match else "home"

    def render(self) -> Markup:
        t = self.t
        title = t("rules.title", game=t("game." + self.game))
        learn = has_lesson(self.game) and button(text(t("teach.learn")), "learn", self.game, cls="btn-ghost")
        return join((self.app.topbar(title, learn or None), rules_page.render(self.game, t)))
