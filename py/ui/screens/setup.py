"""The new-game form: how many players, who plays each seat (a person or a
computer) under which name, the game's options, the computer's speed, a seed."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..collection import playable
from ..html import button
from ..i18n import default_names
from ..markup import Markup, el, join, text
from ..saves import KINDS
from ..tutorial import has_lesson
from . import Screen

# The options a first game is set up with; a game's other options (variants, arranged
# and rescue rules) and the game number are folded under "More options", so that a
# newcomer reads the form at once and Start stays on screen.
COMMON_OPTIONS = {"krypkille": ("limit",), "golden_key": ("board",), "struggle": ("mode",)}


@dataclass
class SetupForm:
    """The form as it stands: one entry per seat the game may have (the first
    `players` are played)."""
    game: str
    players: int
    kinds: list[str]
    names: list[str]
    custom: list[bool]                       # a name the player typed (else it follows the language)
    options: dict = field(default_factory=dict)
    seed: str = ""
    more: bool = False                       # "More options" unfolded

    @classmethod
    def new(cls, game) -> "SetupForm":
        return cls(game.id, game.default_players or game.min_players,
                   ["human"] + ["strong"] * (game.max_players - 1),
                   [""] * game.max_players, [False] * game.max_players,
                   {n: d for n, (_, d) in game.options.items()})


class SetupScreen(Screen):
    name = "setup"

    def __init__(self, app):
        super().__init__(app)
        self.form: SetupForm | None = None

    def _game(self):
        from royaltable import registry
        return registry.get(self.form.game)

    def cmd_setup(self, arg):
        from royaltable import registry
        if not playable(arg):
            return
        self.form = SetupForm.new(registry.get(arg))
        self.rename_defaults()
        self.app.screen = "setup"

    def rename_defaults(self):
        """Fill names the player has not typed, in the current language."""
        form = self.form
        if form is None:
            return
        for seat, default in enumerate(default_names(self.t, form.kinds)):
            if not form.custom[seat]:
                form.names[seat] = default

    def cmd_players(self, arg):
        game = self._game()
        if arg.isdigit() and game.min_players <= int(arg) <= game.max_players:
            self.form.players = int(arg)

    def cmd_kind(self, arg):
        seat, _, kind = arg.partition(":")
        if kind in KINDS and seat.isdigit() and int(seat) < len(self.form.kinds):
            self.form.kinds[int(seat)] = kind
            self.rename_defaults()

    def cmd_option(self, arg):
        name, _, value = arg.partition(":")
        options = self._game().options
        for choice in options.get(name, ((), None))[0]:
            if str(choice) == value:
                self.form.options[name] = choice

    def cmd_more_options(self, arg):
        if self.form:
            self.form.more = not self.form.more

    def field(self, name: str, value: str) -> None:
        """Text typed into the form (no redraw, so typing is not lost)."""
        form = self.form
        if not form or not isinstance(value, str):
            return
        if name == "seed":
            form.seed = value
        elif name.startswith("name:") and name[5:].isdigit():
            seat = int(name[5:])
            form.names[seat] = value
            form.custom[seat] = True

    def cmd_start(self, arg):
        from ..match import Match
        app, form = self.app, self.form
        n = form.players
        names = [name.strip()[:32] for name in form.names[:n]]
        for seat, name in enumerate(names):
            if not name:
                app.message = self.t("setup.empty_name", n=seat + 1)
                return
        seed = None
        if form.seed.strip():
            try:
                seed = int(form.seed.strip())
            except ValueError:
                app.message = self.t("setup.bad_seed")
                return
        # A name nobody typed is marked: it follows the language, also later in the game.
        seats = [{"name": names[s], "kind": form.kinds[s], **({} if form.custom[s] else {"default": True})}
                 for s in range(n)]
        app.open_new(Match(form.game, seats, form.options, seed, app.pace, app.speed))

    # ---- drawing --------------------------------------------------------------------
    def render(self) -> Markup:
        t = self.t
        form = self.form
        game = self._game()
        counts = [button(str(n), "players", str(n), cls="btn-choice" + (" is-on" if n == form.players else ""),
                         aria=t("setup.players.n", n=n))
                  for n in range(game.min_players, game.max_players + 1)]
        rows = []
        for seat in range(form.players):
            # Short words, the computer's levels grouped under "Computer:", so that the
            # four choices stay on the name's row.
            human, *computers = [button(text(t("setup.kind.short." + kind)), "kind", f"{seat}:{kind}",
                                        cls="btn-choice" + (" is-on" if form.kinds[seat] == kind else ""))
                                 for kind in KINDS]
            kinds = [human, el("span", {"class": "choice-sub", "role": "group", "aria-label": t("setup.kind.computer")},
                               el("span", {"class": "choice-word", "aria-hidden": "true"}, t("setup.kind.computer")),
                               computers)]
            rows.append(el("div", {"class": "seat-row"},
                           el("label", {"class": "seat-label", "for": f"name-{seat}"}, t("setup.seat", n=seat + 1)),
                           el("input", {"id": f"name-{seat}", "class": "name-input", "data-field": f"name:{seat}",
                                        "maxlength": "32", "value": form.names[seat], "aria-label": t("setup.name")}),
                           el("div", {"class": "choice-group", "role": "group"}, kinds)))
        common, more = [], []
        for name, (choices, _) in game.options.items():
            buttons = [button(text(option_value(t, game.id, name, c)), "option", f"{name}:{c}",
                              cls="btn-choice" + (" is-on" if form.options[name] == c else ""))
                       for c in choices]
            row = _row(t(f"option.{game.id}.{name}"), buttons)
            (common if name in COMMON_OPTIONS.get(game.id, ()) else more).append(row)
        more.append(el("div", {"class": "form-row"},
                       el("label", {"class": "form-label", "for": "seed"}, t("setup.seed")),
                       el("input", {"id": "seed", "class": "seed-input", "data-field": "seed", "inputmode": "numeric",
                                    "value": form.seed}),
                       el("span", {"class": "hint"}, t("setup.seed.hint"))))
        return join((
            self.app.topbar(t("setup.title", game=t("game." + form.game)),
                            join((has_lesson(form.game) and button(text(t("teach.learn")), "learn", form.game,
                                                                   cls="btn-ghost"),
                                  button(text(t("nav.rules")), "rules", form.game, cls="btn-ghost")))),
            el("section", {"class": "setup"},
               _row(t("setup.players"), counts),
               el("div", {"class": "seats"}, rows),
               common,
               _row(t("speed.title"), self.app.speed_choices()),
               self._more_options(game, more),
               el("div", {"class": "form-actions"},
                  button(text(t("setup.start")), "start", cls="btn-primary btn-big")))))

    def _more_options(self, game, rows) -> Markup:
        """The folded options: a disclosure button that says which of them are not as
        a first game has them, and, unfolded, their rows."""
        t, form = self.t, self.form
        changed = [option_value(t, game.id, name, form.options[name])
                   for name, (_, default) in game.options.items()
                   if name not in COMMON_OPTIONS.get(game.id, ()) and form.options[name] != default]
        if form.seed.strip():
            changed.append(t("setup.more.number", number=form.seed.strip()))
        toggle = el("button", {"type": "button", "class": "btn btn-ghost more-toggle", "data-cmd": "more_options",
                               "aria-expanded": "true" if form.more else "false", "aria-controls": "more-options"},
                    el("span", {"class": "more-mark", "aria-hidden": "true"}, "▾" if form.more else "▸"),
                    text(t("setup.more")))
        summary = (el("span", {"class": "hint more-summary"},
                      t("setup.more.changed", what=t.join(changed)) if changed else t("setup.more.none"))
                   if not form.more else "")
        return el("div", {"class": "more-options"}, el("div", {"class": "form-row"}, toggle, summary),
                  el("div", {"id": "more-options", "class": "more-rows"}, rows) if form.more else "")


def _row(label: str, choices) -> Markup:
    return el("div", {"class": "form-row"}, el("span", {"class": "form-label"}, label),
              el("div", {"class": "choice-group"}, choices))


def option_value(t, game_id: str, name: str, value) -> str:
    """A choice of a new-game option in words: its own key
    ("option.<game>.<option>.<choice>"), else the option's "{value}" pattern."""
    key = f"option.{game_id}.{name}.{value}"
    return t(key) if t.has(key) else t(f"option.{game_id}.{name}.value", value=value)
