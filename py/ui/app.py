"""The app shell: screens, commands from taps, and the HTML of each screen.

Pure Python (no pyscript/js): main.py feeds it taps and timer ticks and puts
what render() returns on the page, so all of this is tested in CPython too.
"""
from __future__ import annotations

from royaltable import IllegalAction, registry

from . import rules_page, saves
from .collection import COLLECTION, playable
from .html import button, esc
from .i18n import Translator, default_lang
from .match import Match

LANG_KEY = "royaltable.lang"


class MemoryStorage(dict):
    """The storage interface main.py gives over localStorage; a dict in tests."""
    def get(self, key):
        return super().get(key)

    def set(self, key, value):
        self[key] = value

    def remove(self, key):
        self.pop(key, None)

KINDS = ("human", "quick", "strong")


class Ctx:
    """What a table renderer may use: never the state, only views and legal actions."""
    def __init__(self, t: Translator, match: Match):
        self.t = t
        self.names = match.names
        self.bots = [match.is_bot(s) for s in range(len(match.seats))]
        self.viewer = match.viewer
        self.paused = match.paused
        self.selection = list(match.selection)
        state = match.state
        self.last_action = state.actions[-1] if state.actions else None
        mine = state.current is not None and state.current == match.viewer and not match.forced_now()
        self.legal = state.legal_actions() if mine and not match.paused else []


class App:
    def __init__(self, lang: str | None = None, pace: float = 1.0, storage=None, browser_langs=()):
        self.storage = storage if storage is not None else MemoryStorage()
        self.t = Translator(lang or self.storage.get(LANG_KEY) or default_lang(browser_langs))
        self.pace = pace
        self.screen = "home"
        self.replaying: dict | None = None
        self.saved: tuple | None = None        # (seats, record) of a readable save
        self.save_problem: str | None = None   # why the save could not be read
        self.check_save()
        self.rules_game = None
        self.rules_return = "home"
        self.setup: dict | None = None
        self.match: Match | None = None
        self.message: str | None = None
        self.confirm_quit = False

    # ---- commands -----------------------------------------------------------
    def handle(self, cmd: str, arg: str = "") -> None:
        handler = getattr(self, f"cmd_{cmd}", None)
        if handler is None:
            return
        self.message = None if cmd != "dismiss" else self.message
        handler(arg)
        if cmd in ("act", "undo"):
            self.save()

    def cmd_dismiss(self, arg):
        self.message = None

    def cmd_lang(self, arg):
        self.t = Translator("en" if self.t.lang == "ja" else "ja")
        self.storage.set(LANG_KEY, self.t.lang)
        if self.setup:
            self._rename_defaults()

    def cmd_home(self, arg):
        if self.screen == "rules" and self.rules_return == "table" and self.match:
            self.screen = "table"
            return
        self.screen = "home"

    def cmd_rules(self, arg):
        self.rules_game = arg
        self.rules_return = self.screen
        self.screen = "rules"

    def cmd_setup(self, arg):
        if not playable(arg):
            return
        game = registry.get(arg)
        players = game.default_players or game.min_players
        self.setup = {"game": arg, "players": players,
                      "kinds": ["human"] + ["strong"] * (game.max_players - 1),
                      "names": [""] * game.max_players, "custom": [False] * game.max_players,
                      "options": {n: d for n, (_, d) in game.options.items()}, "seed": ""}
        self._rename_defaults()
        self.screen = "setup"

    def _rename_defaults(self):
        """Fill names the player has not typed, in the current language."""
        bots = iter(self.t("bot.names").split(","))
        humans = 0
        for seat, kind in enumerate(self.setup["kinds"]):
            if kind == "human":
                humans += 1
                default = self.t("setup.default_human", n=humans)
            else:
                default = next(bots)
            if not self.setup["custom"][seat]:
                self.setup["names"][seat] = default

    def cmd_players(self, arg):
        game = registry.get(self.setup["game"])
        n = int(arg)
        if game.min_players <= n <= game.max_players:
            self.setup["players"] = n

    def cmd_kind(self, arg):
        seat, kind = arg.split(":")
        if kind in KINDS:
            self.setup["kinds"][int(seat)] = kind
            self._rename_defaults()

    def cmd_option(self, arg):
        name, value = arg.split(":", 1)
        choices = registry.get(self.setup["game"]).options[name][0]
        for choice in choices:
            if str(choice) == value:
                self.setup["options"][name] = choice

    def field(self, name: str, value: str) -> None:
        """Text typed into the new-game form (no redraw, so typing is not lost)."""
        if name == "seed":
            self.setup["seed"] = value
        elif name.startswith("name:"):
            seat = int(name.split(":")[1])
            self.setup["names"][seat] = value
            self.setup["custom"][seat] = True

    def cmd_start(self, arg):
        setup = self.setup
        n = setup["players"]
        names = [name.strip()[:32] for name in setup["names"][:n]]
        for seat, name in enumerate(names):
            if not name:
                self.message = self.t("setup.empty_name", n=seat + 1)
                return
        seed = None
        if setup["seed"].strip():
            try:
                seed = int(setup["seed"].strip())
            except ValueError:
                self.message = self.t("setup.bad_seed")
                return
        seats = [{"name": names[s], "kind": setup["kinds"][s]} for s in range(n)]
        self.match = Match(setup["game"], seats, setup["options"], seed, self.pace)
        self.confirm_quit = False
        self.screen = "table"
        self.saved = self.save_problem = None
        self.save()

    def cmd_again(self, arg):
        match = self.match
        self.match = Match(match.game.id, match.seats, match.state.options, None, self.pace)
        self.screen = "table"
        self.save()

    def cmd_act(self, action):
        match = self.match
        if not match or match.needs_handoff() or match.paused:
            return
        try:
            match.act(action, match.viewer if match.viewer is not None else -1)
        except IllegalAction as err:
            self.message = self.t("error.illegal", reason=str(err))

    def cmd_select(self, arg):
        selection = self.match.selection
        index = int(arg)
        if index in selection:
            selection.remove(index)
        else:
            selection.append(index)

    def cmd_handoff(self, arg):
        if self.match and self.match.needs_handoff():
            self.match.take_tablet()

    def cmd_resume(self, arg):
        if self.match:
            self.match.resume()

    def cmd_quit(self, arg):
        self.confirm_quit = arg != "cancel"
        if arg == "yes":
            self.match = None
            self.confirm_quit = False
            self.screen = "home"
            self.save()

    # ---- the saved game -------------------------------------------------------
    def check_save(self) -> None:
        text = self.storage.get(saves.SAVE_KEY)
        self.saved = self.save_problem = None
        if text:
            try:
                self.saved = saves.load(text)
            except saves.SaveError as err:
                self.save_problem = str(err)

    def save(self) -> None:
        """Called after every change: a game in progress survives any reload."""
        match = self.match
        if match and not match.state.over:
            self.storage.set(saves.SAVE_KEY, saves.dump(match.seats, match.record()))
        else:
            self.storage.remove(saves.SAVE_KEY)

    def cmd_continue(self, arg):
        if self.saved:
            seats, record = self.saved
            self.match = Match.from_record(seats, record, self.pace)
            self.saved = None
            self.screen = "table"

    def cmd_discard_save(self, arg):
        self.storage.remove(saves.SAVE_KEY)
        self.saved = self.save_problem = None

    def cmd_undo(self, arg):
        if self.match:
            self.match.undo()

    def cmd_replay(self, arg):
        match = self.match
        self.replaying = {"seats": match.seats, "record": match.record(), "step": 0}
        self._replay_to(0)
        self.screen = "replay"

    def cmd_replay_step(self, arg):
        total = len(self.replaying["record"]["actions"])
        step = self.replaying["step"]
        target = {"first": 0, "back": step - 1, "next": step + 1, "last": total}.get(arg, step)
        self._replay_to(max(0, min(total, target)))

    def _replay_to(self, step: int) -> None:
        record = dict(self.replaying["record"], actions=self.replaying["record"]["actions"][:step])
        self.replaying["step"] = step
        self.replaying["match"] = Match.from_record(self.replaying["seats"], record, self.pace)

    def cmd_replay_close(self, arg):
        self.replaying = None
        self.screen = "table" if self.match else "home"

    # ---- time ---------------------------------------------------------------
    def pending_delay(self) -> int | None:
        if self.screen != "table" or not self.match or self.confirm_quit:
            return None
        return self.match.pending_delay()

    def step(self) -> None:
        if self.pending_delay() is not None:
            self.match.step()
            self.save()

    # ---- drawing ------------------------------------------------------------
    def render(self) -> str:
        body = getattr(self, f"render_{self.screen}")()
        message = ""
        if self.message:
            message = (f'<div class="toast" role="alert"><span>{esc(self.message)}</span>'
                       f'{button(esc(self.t("error.dismiss")), "dismiss", cls="btn-small")}</div>')
        return body + message

    def topbar(self, title: str, extra: str = "") -> str:
        t = self.t
        home = "" if self.screen in ("home", "table") else button(
            "⌂ " + esc(t("nav.home") if self.screen != "rules" else t("nav.back")), "home", cls="btn-ghost")
        lang = button(esc(t("lang.switch")), "lang", cls="btn-ghost", aria=t("lang.switch.label"))
        return (f'<header class="topbar"><div class="topbar-left">{home}'
                f'<h1 class="topbar-title">{title}</h1></div>'
                f'<div class="topbar-right">{extra}{lang}</div></header>')

    def render_home(self) -> str:
        t = self.t
        cards = []
        for game_id, low, high in COLLECTION:
            ready = playable(game_id)
            players = t("home.players.exact", min=low) if low == high else t("home.players", min=low, max=high)
            if ready:
                actions = (button(esc(t("home.play")), "setup", game_id, cls="btn-primary")
                           + button(esc(t("home.rules")), "rules", game_id))
                badge = ""
            else:
                actions = ""
                badge = f'<span class="badge badge-coming">◷ {esc(t("home.coming"))}</span>'
            cards.append(
                f'<article class="game-card {"" if ready else "is-coming"}" data-game="{game_id}">'
                f'<div class="game-card-crest" aria-hidden="true">{CRESTS[game_id]}</div>'
                f'<h2>{esc(t("game." + game_id))}</h2>'
                f'<p class="game-card-players">{esc(players)}</p>'
                f'<p class="game-card-blurb">{esc(t("game." + game_id + ".blurb"))}</p>'
                f'{badge}<div class="game-card-actions">{actions}</div></article>')
        return (self.topbar(esc(t("app.name")))
                + f'<section class="home"><p class="tagline">{esc(t("app.tagline"))}</p>{self.render_save_panel()}'
                f'<h2 class="section-title">{esc(t("home.title"))}</h2>'
                f'<div class="game-grid">{"".join(cards)}</div></section>')

    def render_save_panel(self) -> str:
        t = self.t
        if self.save_problem:
            return (f'<div class="save-panel is-problem" role="alert"><p><strong>{esc(t("save.problem"))}</strong> '
                    f'{esc(t("save." + self.save_problem))}</p>'
                    f'{button(esc(t("save.discard")), "discard_save", cls="btn-danger")}</div>')
        if self.saved:
            seats, record = self.saved
            names = "、".join(s["name"] for s in seats) if t.lang == "ja" else ", ".join(s["name"] for s in seats)
            return (f'<div class="save-panel"><p><strong>{esc(t("save.title", game=t("game." + record["game"])))}</strong>'
                    f'<br><span>{esc(t("save.detail", names=names, n=len(record["actions"])))}</span></p>'
                    f'<div class="dialog-actions">{button(esc(t("save.continue")), "continue", cls="btn-primary btn-big")}'
                    f'{button(esc(t("save.discard")), "discard_save")}</div></div>')
        return ""

    def render_rules(self) -> str:
        t = self.t
        title = t("rules.title", game=t("game." + self.rules_game))
        return self.topbar(esc(title)) + rules_page.render(self.rules_game, t)

    def render_setup(self) -> str:
        t = self.t
        setup = self.setup
        game = registry.get(setup["game"])
        counts = "".join(
            button(str(n), "players", str(n), cls="btn-choice" + (" is-on" if n == setup["players"] else ""),
                   aria=f'{t("setup.players")} {n}')
            for n in range(game.min_players, game.max_players + 1))
        rows = []
        for seat in range(setup["players"]):
            kinds = "".join(
                button(esc(t("setup.kind." + kind)), "kind", f"{seat}:{kind}",
                       cls="btn-choice" + (" is-on" if setup["kinds"][seat] == kind else ""))
                for kind in KINDS)
            rows.append(
                f'<div class="seat-row"><label class="seat-label" for="name-{seat}">'
                f'{esc(t("setup.seat", n=seat + 1))}</label>'
                f'<input id="name-{seat}" class="name-input" data-field="name:{seat}" maxlength="32" '
                f'value="{esc(setup["names"][seat])}" aria-label="{esc(t("setup.name"))}">'
                f'<div class="choice-group" role="group">{kinds}</div></div>')
        options = []
        for name, (choices, _) in game.options.items():
            buttons = "".join(
                button(esc(t(f"option.{name}.value", value=c)), "option", f"{name}:{c}",
                       cls="btn-choice" + (" is-on" if setup["options"][name] == c else ""))
                for c in choices)
            options.append(f'<div class="form-row"><span class="form-label">{esc(t("option." + name))}</span>'
                           f'<div class="choice-group">{buttons}</div></div>')
        return (self.topbar(esc(t("setup.title", game=t("game." + setup["game"]))),
                            button(esc(t("nav.rules")), "rules", setup["game"], cls="btn-ghost"))
                + '<section class="setup">'
                f'<div class="form-row"><span class="form-label">{esc(t("setup.players"))}</span>'
                f'<div class="choice-group">{counts}</div></div>'
                f'<div class="seats">{"".join(rows)}</div>'
                + "".join(options)
                + f'<div class="form-row"><label class="form-label" for="seed">{esc(t("setup.seed"))}</label>'
                f'<input id="seed" class="seed-input" data-field="seed" inputmode="numeric" '
                f'value="{esc(setup["seed"])}"><span class="hint">{esc(t("setup.seed.hint"))}</span></div>'
                f'<div class="form-actions">{button(esc(t("setup.start")), "start", cls="btn-primary btn-big")}</div>'
                '</section>')

    def render_table(self) -> str:
        t = self.t
        match = self.match
        game_id = match.game.id
        quit_button = button(esc(t("nav.quit")), "quit", cls="btn-ghost")
        undo = ""
        if match.undo_depth() and not self.confirm_quit:
            undo = button("↶ " + esc(t("undo.button", name=match.names[match.viewer])), "undo", cls="btn-undo")
        bar = self.topbar(esc(t("game." + game_id)),
                          undo + button(esc(t("nav.rules")), "rules", game_id, cls="btn-ghost") + quit_button)
        if self.confirm_quit:
            return bar + (f'<section class="dialog" role="dialog"><p>{esc(t("nav.quit.confirm"))}</p>'
                          f'<div class="dialog-actions">{button(esc(t("nav.quit.yes")), "quit", "yes", cls="btn-danger")}'
                          f'{button(esc(t("nav.quit.no")), "quit", "cancel", cls="btn-primary")}</div></section>')
        if match.needs_handoff():
            name = match.names[match.state.current]
            # Nothing private is drawn here: the previous holder's cards are gone.
            return bar + (f'<section class="handoff" role="dialog" aria-live="assertive">'
                          f'<div class="handoff-icon" aria-hidden="true">⇄</div>'
                          f'<h2>{esc(t("handoff.title", name=name))}</h2>'
                          f'<p>{esc(t("handoff.body"))}</p>'
                          f'{button(esc(t("handoff.ready", name=name)), "handoff", cls="btn-primary btn-big")}'
                          '</section>')
        ctx = Ctx(t, match)
        view = match.state.view(match.viewer)
        body = match.table.render(view, ctx)
        if match.state.over and not match.paused:
            body = self.render_result(ctx, view) + body
        side = match.table.side(view, ctx) + self.render_log()
        return (f'{bar}<div class="table-layout"><div class="table-main">{body}</div>'
                f'<aside class="table-side">{side}</aside></div>')

    def render_result(self, ctx: Ctx, view: dict) -> str:
        t = self.t
        match = self.match
        result = match.state.result()
        winners = [match.names[s] for s in result["winners"]]
        line = t("result.winner" if len(winners) == 1 else "result.winners", names="、".join(winners)
                 if t.lang == "ja" else ", ".join(winners))
        return (f'<section class="result" role="status"><h2>♛ {esc(t("result.title"))}</h2>'
                f'<p class="result-winners">{esc(line)}</p>'
                f'{match.table.result_detail(view, ctx)}'
                f'<div class="dialog-actions">{button(esc(t("result.again")), "again", cls="btn-primary")}'
                f'{button(esc(t("replay.open")), "replay")}'
                f'{button(esc(t("result.home")), "quit", "yes")}</div></section>')

    def render_replay(self) -> str:
        t = self.t
        replaying = self.replaying
        match = replaying["match"]
        step, total = replaying["step"], len(replaying["record"]["actions"])
        controls = "".join(
            button(label, "replay_step", arg, disabled=disabled, aria=t("replay." + arg))
            for label, arg, disabled in (("⏮", "first", step == 0), ("◀", "back", step == 0),
                                         ("▶", "next", step == total), ("⏭", "last", step == total)))
        bar = self.topbar(esc(t("replay.title", game=t("game." + match.game.id))),
                          button(esc(t("replay.close")), "replay_close", cls="btn-ghost"))
        ctx = Ctx(t, match)
        ctx.legal = []
        ctx.paused = False
        view = match.state.view(None)
        last = (f'{esc(log_line(match.log[-1], t, match.names))}' if step else "")
        return (f'{bar}<div class="replay-bar" role="toolbar">{controls}'
                f'<span class="replay-step">{esc(t("replay.step", n=step, total=total))}</span>'
                f'<span class="replay-last">{last}</span></div>'
                f'<div class="table-layout"><div class="table-main">{match.table.render(view, ctx)}</div>'
                f'<aside class="table-side">{match.table.side(view, ctx)}{self.render_log(match)}</aside></div>')

    def render_log(self, match: Match | None = None) -> str:
        t = self.t
        match = match or self.match
        lines = [f"<li>{esc(log_line(entry, t, match.names))}</li>" for entry in reversed(match.log[-80:])]
        return (f'<details class="log" open><summary>{esc(t("table.log"))}</summary>'
                f'<ol class="log-list" reversed>{"".join(lines)}</ol></details>')


def log_line(entry, t: Translator, names: list[str]) -> str:
    key, params = entry
    return t(key, **resolve(params, t, names))


def resolve(params: dict, t: Translator, names: list[str]) -> dict:
    """Log parameters name seats and catalog keys, so a log reads right in either language."""
    out = {}
    for key, value in params.items():
        if isinstance(value, (tuple, list)) and len(value) == 2 and value[0] == "seat":
            value = names[value[1]]
        elif isinstance(value, (tuple, list)) and len(value) == 2 and value[0] == "tr":
            value = t(value[1])
        out[key] = value
    return out


CRESTS = {"court": "♚", "krypkille": "🂠", "whispers": "✉", "golden_key": "⚿", "struggle": "⚔"}
