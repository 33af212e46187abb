"""The app shell: screens, commands from taps, and the HTML of each screen.

Pure Python (no pyscript/js): main.py feeds it taps, timer ticks and the
browser's Back, and puts what render() returns on the page, so all of this is
tested in CPython too.
"""
from __future__ import annotations

from . import rules_page, saves
from .collection import COLLECTION, GAMES, playable
from .html import button, esc
from .i18n import Translator, default_lang, load_game
from .icons import icon
from .match import LINGER, SPEEDS, SUMMARY, Match

LANG_KEY = "royaltable.lang"
SPEED_KEY = "royaltable.speed"
KINDS = ("human", "quick", "strong")
LOG_SHOWN = 80


class MemoryStorage(dict):
    """The storage interface main.py gives over localStorage; a dict in tests."""
    def get(self, key):
        return super().get(key)

    def set(self, key, value):
        self[key] = value

    def remove(self, key):
        self.pop(key, None)


class Ctx:
    """What a table renderer may use: never the state, only views and legal actions."""
    def __init__(self, t: Translator, match: Match, replay: bool = False):
        self.t = t
        self.names = match.names
        self.bots = [match.is_bot(s) for s in range(len(match.seats))]
        self.replay = replay
        self.viewer = None if replay else match.viewer
        self.actor = None if replay else match.actor()        # the person deciding on screen
        self.legal = [] if replay else match.legal_on_screen()
        self.interlude = None if replay else match.interlude
        self.lingering = self.interlude == LINGER
        self.selection = list(match.selection)
        self.hint = None if replay else match.hint
        state = match.state
        self.last_action = state.actions[-1] if state.actions else None
        # The move the app is about to play for the person holding the tablet.
        self.forced = (state.legal_actions()[0] if not replay and match.forced_now()
                       and state.current == self.viewer else None)


class App:
    def __init__(self, lang: str | None = None, pace: float = 1.0, storage=None, browser_langs=()):
        self.storage = storage if storage is not None else MemoryStorage()
        self.t = Translator(lang or self.storage.get(LANG_KEY) or default_lang(browser_langs))
        self.pace = pace
        speed = self.storage.get(SPEED_KEY)
        self.speed = speed if speed in SPEEDS else "normal"
        self.screen = "home"
        self.replaying: dict | None = None
        self.saved: saves.Save | None = None     # a game that can be continued
        self.save_problem: str | None = None     # why the save could not be read
        self.check_save()
        self.rules_game = None
        self.rules_return = "home"
        self.setup: dict | None = None
        self.match: Match | None = None
        self.message: str | None = None
        self.confirm: str | None = None          # "quit" or "leave": a question over the table
        self._told: tuple | None = None          # (match, log length) already announced

    # ---- commands -----------------------------------------------------------
    def handle(self, cmd: str, arg: str = "") -> None:
        handler = getattr(self, f"cmd_{cmd}", None)
        if handler is None:
            return
        self.message = None
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

    def cmd_speed(self, arg):
        """Slow, normal or fast computer moves; a tap without a choice cycles."""
        order = list(SPEEDS)
        self.speed = arg if arg in SPEEDS else order[(order.index(self.speed) + 1) % len(order)]
        self.storage.set(SPEED_KEY, self.speed)
        if self.match:
            self.match.speed = self.speed

    def cmd_home(self, arg):
        if self.screen == "rules" and self.rules_return == "table" and self.match:
            self.screen = "table"
            return
        self.screen = "home"

    def cmd_rules(self, arg):
        if not playable(arg):
            return
        load_game(arg)
        self.rules_game = arg
        self.rules_return = self.screen
        self.screen = "rules"

    def cmd_setup(self, arg):
        from royaltable import registry
        if not playable(arg):
            return
        load_game(arg)
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
        from royaltable import registry
        game = registry.get(self.setup["game"])
        if arg.isdigit() and game.min_players <= int(arg) <= game.max_players:
            self.setup["players"] = int(arg)

    def cmd_kind(self, arg):
        seat, _, kind = arg.partition(":")
        if kind in KINDS and seat.isdigit() and int(seat) < len(self.setup["kinds"]):
            self.setup["kinds"][int(seat)] = kind
            self._rename_defaults()

    def cmd_option(self, arg):
        from royaltable import registry
        name, _, value = arg.partition(":")
        options = registry.get(self.setup["game"]).options
        for choice in options.get(name, ((), None))[0]:
            if str(choice) == value:
                self.setup["options"][name] = choice

    def field(self, name: str, value: str) -> None:
        """Text typed into the new-game form (no redraw, so typing is not lost)."""
        if not self.setup or not isinstance(value, str):
            return
        if name == "seed":
            self.setup["seed"] = value
        elif name.startswith("name:") and name[5:].isdigit():
            seat = int(name[5:])
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
        self._open(Match(setup["game"], seats, setup["options"], seed, self.pace, self.speed))

    def _open(self, match: Match) -> None:
        self.match = match
        self.confirm = None
        self.screen = "table"
        self.saved = self.save_problem = None
        self.save()

    def cmd_again(self, arg):
        match = self.match
        self._open(Match(match.game.id, match.seats, match.state.options, None, self.pace, self.speed))

    def cmd_act(self, action):
        match = self.match
        if not match or self.confirm or action not in match.legal_on_screen():
            if match and action and match.actor() is not None and not match.needs_handoff():
                self._refuse(action)
            return
        match.act(action, match.actor())

    def _refuse(self, action):
        """An action the rules do not allow now: say why; nothing changes."""
        from royaltable import IllegalAction
        try:
            self.match.state.clone().apply(action, seat=self.match.actor())
        except IllegalAction as err:
            self.message = self.t("error.illegal", reason=str(err))

    def cmd_select(self, arg):
        match = self.match
        if not match or not match.legal_on_screen() or not arg.isdigit():
            return
        index = int(arg)
        if index in match.selection:
            match.selection.remove(index)
        else:
            match.selection.append(index)

    def cmd_handoff(self, arg):
        if self.match:
            self.match.take_tablet()

    def cmd_resume(self, arg):
        if self.match:
            self.match.resume()

    def cmd_hint(self, arg):
        if self.match:
            self.match.suggest()

    def cmd_quit(self, arg):
        if arg == "yes":
            self.match = None
            self.confirm = None
            self.screen = "home"
            self.storage.remove(saves.SAVE_KEY)
            return
        if arg == "leave":                       # keeps the save: Continue on the home screen
            self.confirm = None
            self.match = None
            self.screen = "home"
            self.check_save()
            return
        self.confirm = None if arg == "cancel" else "quit"

    def back(self) -> bool:
        """The browser's Back (a tablet's back swipe): the app's previous screen.
        False when there is none and the browser may leave the app."""
        if self.screen == "rules":
            self.cmd_home("")
        elif self.screen == "setup":
            self.screen = "home"
        elif self.screen == "replay":
            self.cmd_replay_close("")
        elif self.screen == "table" and self.match:
            if self.match.state.over:
                self.cmd_quit("yes")
            else:                                # never leave a game without asking
                self.confirm = None if self.confirm else "leave"
        else:
            return False
        self.message = None
        return True

    # ---- the saved game -------------------------------------------------------
    def check_save(self) -> None:
        """Reads the save's shape only: the home screen shows it before the rules
        are loaded. Continue replays it (and reports it then if it cannot)."""
        text = self.storage.get(saves.SAVE_KEY)
        self.saved = self.save_problem = None
        if text:
            try:
                save = saves.peek(text, GAMES)
            except saves.SaveError as err:
                self.save_problem = str(err)
            else:
                self.saved = None if save.finished else save

    def save(self) -> None:
        """Called after every change: a game in progress survives any reload (a
        finished one stays too, for a replay, but is not offered to continue)."""
        match = self.match
        if match:
            self.storage.set(saves.SAVE_KEY, saves.dump(match.seats, match.record(), match.state.over))

    def cmd_continue(self, arg):
        if not self.saved:
            return
        try:
            save = saves.load(self.storage.get(saves.SAVE_KEY) or "")
        except saves.SaveError as err:
            self.saved, self.save_problem = None, str(err)
            return
        self._open(Match.from_record(save.seats, save.record, self.pace, self.speed))

    def cmd_discard_save(self, arg):
        self.storage.remove(saves.SAVE_KEY)
        self.saved = self.save_problem = None

    def cmd_undo(self, arg):
        if self.match:
            self.match.undo()

    def cmd_replay(self, arg):
        match = self.match
        if not match or not match.state.over:
            return
        self.replaying = {"seats": match.seats, "record": match.record(), "step": 0}
        self._replay_to(0)
        self.screen = "replay"

    def cmd_replay_step(self, arg):
        if not self.replaying:
            return
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
        if self.screen != "table" or not self.match or self.confirm:
            return None
        return self.match.pending_delay()

    def step(self) -> None:
        if self.pending_delay() is not None:
            self.match.step()
            self.save()

    def skip_linger(self) -> bool:
        """A tap anywhere during a moment's pause ends it. True if it did."""
        if self.screen == "table" and self.match and self.match.interlude == LINGER:
            self.match.resume()
            return True
        return False

    # ---- drawing ------------------------------------------------------------
    def news(self) -> list[str]:
        """The log lines added since the last call, in words: what a screen reader
        announces after each move, whoever made it."""
        match = self.match if self.screen == "table" else None
        if match is None:
            self._told = None
            return []
        told = self._told[1] if self._told and self._told[0] is match else len(match.log)
        self._told = (match, len(match.log))
        return [log_line(entry, self.t, match.names) for entry in match.log[told:]]

    def announcement(self) -> str:
        """The news as one text for the live region, a sentence per log line."""
        return self.t("speak.join").join(self.news())

    def screen_key(self) -> str:
        """Changes when a different kind of screen appears (the page scrolls to its top)."""
        if self.screen == "table" and self.match:
            match = self.match
            kind = ("confirm" if self.confirm else "handoff" if match.needs_handoff()
                    else "summary" if match.interlude == SUMMARY
                    else "result" if match.state.over else "table")
            return f"table:{kind}"
        return self.screen

    def render(self) -> str:
        body = getattr(self, f"render_{self.screen}")()
        message = ""
        if self.message:
            message = (f'<div class="toast" role="alert"><span>{esc(self.message)}</span>'
                       f'{button(esc(self.t("error.dismiss")), "dismiss", cls="btn-small")}</div>')
        return body + message

    def topbar(self, title: str, extra: str = "") -> str:
        t = self.t
        home = ""
        if self.screen not in ("home", "table"):
            label = t("nav.back") if self.screen == "rules" else t("nav.home")
            home = button(icon("home") + " " + esc(label), "home", cls="btn-ghost")
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
                badge = f'<span class="badge badge-coming">{esc(t("home.coming"))}</span>'
            cards.append(
                f'<article class="game-card {"" if ready else "is-coming"}" data-game="{game_id}">'
                f'<div class="game-card-crest">{icon(game_id, "crest")}</div>'
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
            seats, record = self.saved.seats, self.saved.record
            names = t.join([s["name"] for s in seats])
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
        from royaltable import registry
        t = self.t
        setup = self.setup
        game = registry.get(setup["game"])
        counts = "".join(
            button(str(n), "players", str(n), cls="btn-choice" + (" is-on" if n == setup["players"] else ""),
                   aria=t("setup.players.n", n=n))
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
                button(esc(t(f"option.{game.id}.{name}.value", value=c)), "option", f"{name}:{c}",
                       cls="btn-choice" + (" is-on" if setup["options"][name] == c else ""))
                for c in choices)
            options.append(f'<div class="form-row"><span class="form-label">{esc(t(f"option.{game.id}.{name}"))}</span>'
                           f'<div class="choice-group">{buttons}</div></div>')
        return (self.topbar(esc(t("setup.title", game=t("game." + setup["game"]))),
                            button(esc(t("nav.rules")), "rules", setup["game"], cls="btn-ghost"))
                + '<section class="setup">'
                f'<div class="form-row"><span class="form-label">{esc(t("setup.players"))}</span>'
                f'<div class="choice-group">{counts}</div></div>'
                f'<div class="seats">{"".join(rows)}</div>'
                + "".join(options)
                + f'<div class="form-row"><span class="form-label">{esc(t("speed.title"))}</span>'
                f'<div class="choice-group">{self._speed_choices()}</div></div>'
                f'<div class="form-row"><label class="form-label" for="seed">{esc(t("setup.seed"))}</label>'
                f'<input id="seed" class="seed-input" data-field="seed" inputmode="numeric" '
                f'value="{esc(setup["seed"])}"><span class="hint">{esc(t("setup.seed.hint"))}</span></div>'
                f'<div class="form-actions">{button(esc(t("setup.start")), "start", cls="btn-primary btn-big")}</div>'
                '</section>')

    def _speed_choices(self) -> str:
        return "".join(button(esc(self.t("speed." + s)), "speed", s,
                              cls="btn-choice" + (" is-on" if self.speed == s else ""))
                       for s in SPEEDS)

    def render_table(self) -> str:
        t = self.t
        match = self.match
        game_id = match.game.id
        tools = []
        undoer = match.undoer()
        if undoer is not None and not self.confirm:
            tools.append(button(icon("undo") + " " + esc(t("undo.button", name=match.names[undoer])),
                                "undo", cls="btn-undo"))
        if match.can_suggest() and not self.confirm:
            tools.append(button(icon("hint") + " " + esc(t("hint.button")), "hint", cls="btn-hint",
                                disabled=match.hint is not None))
        if any(match.is_bot(s) for s in range(len(match.seats))):
            tools.append(button(icon("speed") + " " + esc(t("speed.button", speed=t("speed." + self.speed))),
                                "speed", cls="btn-ghost"))
        tools.append(button(esc(t("nav.rules")), "rules", game_id, cls="btn-ghost"))
        tools.append(button(esc(t("nav.quit")), "quit", cls="btn-ghost"))
        bar = self.topbar(esc(t("game." + game_id)), "".join(tools))
        screen = self.screen_key().split(":")[1]
        if self.confirm:
            return bar + self.render_confirm()
        if match.needs_handoff():
            seat = match.state.current
            name = match.names[seat]
            # Nothing private is drawn here: the previous holder's cards are gone.
            return bar + (f'<section class="handoff" role="dialog" aria-live="assertive" data-screen="handoff">'
                          f'<div class="handoff-icon">{icon("handoff")}</div>'
                          f'<h2>{esc(t("handoff.title", name=name))}</h2>'
                          f'<p>{esc(t("handoff.body"))}</p>'
                          f'{button(esc(t("handoff.ready", name=name)), "handoff", str(seat), cls="btn-primary btn-big")}'
                          '</section>')
        ctx = Ctx(t, match)
        view = match.state.view(match.viewer)
        body = match.table.render(view, ctx)
        if match.interlude == SUMMARY:
            body += f'<div class="overlay">{match.table.summary(view, ctx)}</div>'
        elif match.state.over:
            body = self.render_result(ctx, view) + body
        if match.hint:
            body = _mark_hint(body, match.hint)
        side = match.table.side(view, ctx) + self.render_log(match)
        viewer = "" if match.viewer is None else str(match.viewer)
        speak = button(esc(t("speak.button")), "speak", cls="btn-small sr-only-focusable")
        return (f'{bar}{speak}<div class="table-layout" data-screen="{screen}" data-viewer="{viewer}">'
                f'<div class="table-main">{body}</div><aside class="table-side">{side}</aside></div>')

    def render_confirm(self) -> str:
        t = self.t
        if self.confirm == "leave":
            text, actions = t("nav.leave.confirm"), (
                button(esc(t("nav.quit.no")), "quit", "cancel", cls="btn-primary")
                + button(esc(t("nav.leave.yes")), "quit", "leave"))
        else:
            text, actions = t("nav.quit.confirm"), (
                button(esc(t("nav.quit.yes")), "quit", "yes", cls="btn-danger")
                + button(esc(t("nav.quit.no")), "quit", "cancel", cls="btn-primary"))
        return (f'<section class="dialog" role="dialog" data-screen="confirm"><p>{esc(text)}</p>'
                f'<div class="dialog-actions">{actions}</div></section>')

    def render_result(self, ctx: Ctx, view: dict) -> str:
        t = self.t
        match = self.match
        result = match.state.result()
        winners = t.join([match.names[s] for s in result["winners"]])
        line = t("result.winner" if len(result["winners"]) == 1 else "result.winners", names=winners)
        return (f'<section class="result" role="status"><h2>{icon("crown")} {esc(t("result.title"))}</h2>'
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
            button(icon(arg), "replay_step", arg, disabled=disabled, aria=t("replay." + arg))
            for arg, disabled in (("first", step == 0), ("back", step == 0),
                                  ("next", step == total), ("last", step == total)))
        bar = self.topbar(esc(t("replay.title", game=t("game." + match.game.id))),
                          button(esc(t("replay.close")), "replay_close", cls="btn-ghost"))
        ctx = Ctx(t, match, replay=True)
        view = match.state.view(None)
        last = esc(log_line(match.log[-1], t, match.names)) if step and match.log else ""
        return (f'{bar}<div class="replay-bar" role="toolbar">{controls}'
                f'<span class="replay-step">{esc(t("replay.step", n=step, total=total))}</span>'
                f'<span class="replay-last">{last}</span></div>'
                f'<div class="table-layout" data-screen="replay" data-viewer="">'
                f'<div class="table-main">{match.table.render(view, ctx)}</div>'
                f'<aside class="table-side">{match.table.side(view, ctx)}{self.render_log(match)}</aside></div>')

    def render_log(self, match: Match) -> str:
        t = self.t
        shown = match.log[-LOG_SHOWN:]
        lines = [f"<li>{esc(log_line(entry, t, match.names))}</li>" for entry in reversed(shown)]
        # Numbered as moves of the whole game, newest first, even when older ones are cut.
        return (f'<details class="log" open><summary>{esc(t("table.log"))}</summary>'
                f'<ol class="log-list" reversed start="{len(match.log)}" tabindex="0" '
                f'aria-label="{esc(t("table.log"))}">{"".join(lines)}</ol></details>')


def _mark_hint(html: str, action: str) -> str:
    """Highlights the suggested move: every button that plays exactly that action."""
    needle = f'data-cmd="act" data-arg="{esc(action)}"'
    return html.replace(needle, needle + " data-hint")


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
