"""About the app: who made each game, whose figures are on the cards (game-icons.net,
CC BY 3.0: their licence asks for the credit), and what the app runs on."""
from __future__ import annotations

from ..collection import GAMES
from ..markup import Markup, el, join
from . import Screen


class AboutScreen(Screen):
    name = "about"

    def cmd_about(self, arg):
        self.app.screen = "about"

    def render(self) -> Markup:
        t = self.t
        games = el("ul", {"class": "about-games"},
                   (el("li", el("strong", t("game." + g)), " — ", t(f"game.{g}.credit")) for g in GAMES))
        return join((self.app.topbar(t("about.title")),
                     el("section", {"class": "about rules"},
                        el("p", t("app.tagline")),
                        el("h2", t("about.games")), games,
                        el("h2", t("about.figures")),
                        el("p", t("about.figures.credit")),
                        el("p", {"class": "about-url"}, "https://game-icons.net · https://creativecommons.org/licenses/by/3.0/"),
                        el("h2", t("about.software")),
                        el("p", t("about.software.text")),
                        el("p", t("about.offline")))))
