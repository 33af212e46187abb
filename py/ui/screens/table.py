"""The table screen: the open game (its table drawn by the game's Table), its
result, the hand-off and "show my cards" between turns, the questions over it
(end the game, leave by Back, lost to another tab) and the log."""
from __future__ import annotations

import re
from typing import Callable

from .. import aid, saves, teacher
from ..html import button, suggesting, tappable, teaching
from ..i18n import Reworded, Translator, log_line, shown_names
from ..markup import Markup, el, escape, join, text
from ..match import LINGER, SUMMARY, Match
from ..table import Panel
from . import NOTHING, Screen, built, icon
from .lesson import tutorial_bar, tutorial_end

LOG_SHOWN = 80


class Ctx:
    """What a table renderer may use: never the state, only views and legal actions."""
    def __init__(self, t: Translator, match: Match, replay: bool = False):
        self.t = t
        self.names = shown_names(match.seats, t)    # isolated; defaults in t's language
        self.bots = [match.is_bot(s) for s in range(len(match.seats))]
        self.replay = replay
        self.viewer = None if replay else match.viewer
        self.actor = None if replay else match.actor()        # the person deciding on screen
        self.legal = [] if replay else match.legal_on_screen()
        self.interlude = None if replay else match.interlude
        self.lingering = self.interlude == LINGER
        self.selection = list(match.selection)
        self.hint = None if replay else match.hint
        # The suggestion's reasons (ui/teacher.py; empty when nothing is suggested):
        # the table draws `ctx.teacher` right after its line saying a move is lit.
        self.reasons = Markup("")
        self.reasons_drawn = False
        state = match.state
        self.last_action = state.actions[-1] if state.actions else None
        self.moves = len(state.actions)         # the number of the last move (motion: data-roll)
        # The move the app is about to play for the person holding the tablet.
        self.forced = (state.legal_actions()[0] if not replay and match.forced_now()
                       and state.current == self.viewer else None)


    @classmethod
    def at_decision(cls, t: Translator, match: Match, seat: int, action: str) -> "Ctx":
        """A past decision as `seat` saw it, `action` lit (a review's better move):
        the match stands just before it; the table is drawn from view(seat) with
        this ctx inside html.suggesting(action), exactly as a suggestion is drawn
        in play, so every table shows it with no code of its own. Its line about
        the lit move says it is the better one; nothing on it plays."""
        ctx = cls(Reworded(t.lang, {"hint.shown": "review.lit"}), match, replay=True)
        ctx.viewer = ctx.actor = seat
        ctx.legal = match.state.legal_actions()
        ctx.hint = action
        return ctx

    @property
    def teacher(self) -> Markup:
        """The suggestion's reasons, for the table to draw after its hint line (the
        screen notes that it was taken, and draws them under a table that has none)."""
        self.reasons_drawn = True
        return self.reasons


class KeptLines:
    """The log's lines, each kept from one redraw to the next while the language and
    the names are the same: an entry once written does not change, and the eighty
    lines made again at every move were a third of a table's drawing. An entry is
    known by itself (an undo makes new ones), not by its place. A memo: drawing with
    it draws what drawing without it does.

    Each line carries its move's number as its id, so that the page's patch
    (static/redraw.js) knows a line by its move: a new move adds one line at the top
    (the newest is first) instead of rewriting the text of every line below it."""
    def __init__(self):
        self._said: tuple = ()
        self._kept: dict[int, tuple] = {}

    def __call__(self, entries, t: Translator, names: list[str], first: int = 1) -> list[Markup]:
        """`entries` with their move numbers from `first` on."""
        said = (t.lang, tuple(names))
        kept = self._kept if said == self._said else {}
        lines, now = [], {}
        for number, entry in enumerate(entries, first):
            old = kept.get(id(entry))
            line = (old[2] if old is not None and old[0] is entry and old[1] == number
                    else el("li", {"id": f"log-{number}"}, log_line(entry, t, names)))
            now[id(entry)] = (entry, number, line)
            lines.append(line)
        self._said, self._kept = said, now
        return lines


class TableScreen(Screen):
    name = "table"
    result_folded = False       # the result folded into a bar, to look at the table as it ended

    def __init__(self, app):
        super().__init__(app)
        self.log_lines = KeptLines()

    def cmd_result_fold(self, arg):
        self.result_folded = not self.result_folded

    # ---- commands -----------------------------------------------------------------
    def cmd_again(self, arg):
        app = self.app
        match = app.match
        app.open_new(Match(match.game.id, match.seats, match.state.options, None, app.pace, app.speed))

    def cmd_act(self, action):
        app = self.app
        match = app.match
        if not match or app.confirm or app.lost or action not in match.legal_on_screen():
            if match and action and match.actor() is not None and not match.needs_handoff():
                self._refuse(action)
            return
        if not self._taught("act", action):
            return
        match.act(action, match.actor())

    def _taught(self, cmd: str, arg: str) -> bool:
        """In a guided first game, may this tap act now? If not, the lesson says
        gently what to do instead (ui/tutorial.py)."""
        app = self.app
        lesson = app.tutorial
        if lesson is None:
            return True
        refusal = lesson.refusal(app.match, cmd, arg)
        if refusal:
            app.message = app.t(refusal)
            return False
        lesson.tapped(app.match, cmd, arg)
        return True

    def _refuse(self, action):
        """An action the rules do not allow now: say why; nothing changes."""
        from royaltable import IllegalAction
        app = self.app
        try:
            app.match.state.clone().apply(action, seat=app.match.actor())
        except IllegalAction as err:
            names = shown_names(app.match.seats, app.t)
            app.message = app.t("error.illegal", reason=app.match.table.refusal_words(err.refusal, app.t, names))

    def cmd_select(self, arg):
        """A tap that chooses before acting. A position (digits: a card of a hand
        picked for a discard) goes in or out of the selection; a name (the die to
        move, "red1") is the one thing chosen, in place of any other."""
        match = self.app.match
        if not match or not match.legal_on_screen() or not arg or not self._taught("select", arg):
            return
        if not arg.isdigit():
            match.selection[:] = [arg]
            return
        index = int(arg)
        if index in match.selection:
            match.selection.remove(index)
        else:
            match.selection.append(index)

    def cmd_handoff(self, arg):
        if self.app.match:
            self.app.match.take_tablet()

    def cmd_peek(self, arg):
        if self.app.match and arg.isdigit() and not self.app.lost:
            self.app.match.ask_peek(int(arg))

    def cmd_peek_end(self, arg):
        if self.app.match:
            self.app.match.end_peek()

    def cmd_resume(self, arg):
        if self.app.match and (self.app.match.interlude != SUMMARY or self._taught("resume", "")):
            self.app.match.resume()

    def cmd_hint(self, arg):
        if self.app.match:
            self.app.match.suggest()

    def cmd_undo(self, arg):
        if self.app.match and not self.app.tutorial:     # a lesson's steps go forward only
            self.app.match.undo()

    def go_home(self) -> None:
        """Home with no question: the game is saved and waits in the library
        (Continue on the home screen)."""
        app = self.app
        app.save()
        app.leave()
        app.screen = "home"

    def cmd_quit(self, arg):
        """End the game for good ("yes", after the question): it goes to the
        history as unfinished, where it can be replayed or played on; nothing is
        deleted here (only the library's Delete deletes). "leave": home, saved."""
        app = self.app
        if arg == "yes":
            match = app.match
            if match and not match.state.over and not app.lost:
                app.library.write(app.game_id, saves.dump_state(match.seats, match.state, ended=True,
                                                                           practice=match.practice))
                app.good_news = app.t("nav.ended")
            app.leave()
            app.screen = "home"
            return
        if arg == "leave":
            self.go_home()
            return
        app.confirm = None if arg == "cancel" else "quit"

    def back(self) -> None:
        app = self.app
        if app.match.state.over or app.lost:
            self.go_home()
        else:                                # Back (a swipe) asks: Home in the bar does not
            app.confirm = None if app.confirm else "leave"

    def kind(self) -> str:
        """What the table screen shows now (the page scrolls to the top of a new one)."""
        app = self.app
        match = app.match
        return ("lost" if app.lost else "confirm" if app.confirm else "handoff" if match.needs_handoff()
                else "summary" if match.interlude == SUMMARY
                else "result" if match.state.over else "table")

    # ---- drawing --------------------------------------------------------------------
    def render(self) -> Markup:
        app, t = self.app, self.t
        match = app.match
        game_id = match.game.id
        tools = []
        names = shown_names(match.seats, t)
        lesson = app.tutorial
        undoer = None if lesson else match.undoer()
        if undoer is not None and not app.confirm and not app.lost:
            tools.append(button(join((icon("undo"), " ", t("undo.button", name=names[undoer]))),
                                "undo", cls="btn-undo"))
        if match.can_suggest() and not app.confirm and not app.lost and not lesson:
            tools.append(button(join((icon("hint"), " ", t("hint.button"))), "hint", cls="btn-hint",
                                disabled=match.hint is not None))
        if any(match.is_bot(s) for s in range(len(match.seats))):
            speed = t("speed." + app.speed)
            tools.append(button(join((icon("speed"), " ", speed)), "speed", cls="btn-ghost",
                                aria=t("speed.button", speed=speed)))
        tools.append(tappable(icon("sound" if app.sound else "mute"), "sound", "", "btn btn-ghost btn-icon",
                              aria=t("sound.button"), attrs={"aria-pressed": "true" if app.sound else "false",
                                                             "title": t("sound.button")}))
        end = None if match.state.over or app.lost else button(text(t("nav.quit")), "quit", cls="btn-ghost")
        ways_out = join((button(join((icon("guide"), " ", t("nav.rules"))), "rules", game_id, cls="btn-ghost"),
                         end))
        bar = app.topbar(t("game." + game_id), ways_out, join(tools))
        if app.lost:
            words = t("library.deleted" if app.lost == "deleted" else "library.lost")
            return join((bar, el("section", {"class": "dialog", "role": "dialog", "data-screen": "lost"},
                                 el("p", words),
                                 el("div", {"class": "dialog-actions"},
                                    button(text(t("result.home")), "home", cls="btn-primary")))))
        if app.confirm:
            return join((bar, self.render_confirm()))
        if match.needs_handoff():
            seat = match.handoff_to()
            name = names[seat]
            cancel = (button(text(t("peek.cancel")), "peek_end", cls="btn-ghost")
                      if match.peek_asked is not None else None)
            # Nothing private is drawn here: the previous holder's cards are gone.
            return join((bar, el("section", {"class": "handoff", "role": "dialog", "aria-live": "assertive",
                                             "data-screen": "handoff"},
                                 el("div", {"class": "handoff-icon"}, icon("handoff")),
                                 el("h2", t("handoff.title", name=name)),
                                 el("p", t("handoff.body")),
                                 button(text(t("handoff.ready", name=name)), "handoff", str(seat),
                                        cls="btn-primary btn-big"),
                                 cancel)))
        ctx = Ctx(t, match)
        view = match.state.view(match.viewer)
        if match.hint:
            ctx.reasons = teacher.panel(match, t, view)
        asked = lesson.asked(match) if lesson and not match.needs_handoff() else None
        with suggesting(match.hint), teaching(asked):
            body = match.table.render(view, ctx)
        if asked and asked[0] == "act" and not lesson.owns(match, asked) and _drawn(body, asked[1]) is None:
            # Free play's hint is a move whose button is not drawn yet (a die not
            # picked): the first move that is drawn is lit instead.
            drawn = [a for a in match.legal_on_screen() if _drawn(body, a)]
            if drawn:
                asked = ("act", drawn[0])
                with suggesting(match.hint), teaching(asked):
                    ctx = Ctx(t, match)
                    body = match.table.render(view, ctx)
        if match.interlude == SUMMARY:
            with teaching(asked):
                summary = match.table.summary(view, ctx)
            body = join((built(body), el("div", {"class": "overlay"}, built(summary))))
        elif match.state.over:
            body = join((built(body), self.render_result(ctx, view)))
        if ctx.reasons and not ctx.reasons_drawn:      # a table with no hint line on screen
            body = join((built(body), ctx.reasons))
        # Under the table, where a hand would be: its coming and going moves nothing above.
        body = join((built(body), self.render_peek(match, ctx.names)))
        speak = button(text(t("speak.button")), "speak", cls="btn-small sr-only-focusable")
        # The table screen is the window: the top bar, then the table in all the height left.
        return el("div", {"class": "screen-fit"}, bar, speak,
                  table_layout(self.kind(), match.viewer, body, match.table.panels(view, ctx),
                               lambda: self.render_log(match), app.panel, t,
                               lit=match.lit if match.lit == match.actor() else None,
                               aid_game=game_id if aid.has_aid(game_id) else None,
                               teach=tutorial_bar(app, asked) if lesson else None))

    def render_peek(self, match: Match, names: list[str]) -> Markup:
        """Between turns: "show my cards" for each person; while one looks, a way to hide them."""
        t = self.t
        if match.peeking is not None:
            name = names[match.peeking]
            return el("div", {"class": "peek-bar is-peeking", "role": "status"},
                      el("span", t("peek.only", name=name)),
                      button(text(t("peek.hide")), "peek_end", cls="btn-primary"))
        seats = match.peekers()
        if not seats:
            return NOTHING
        return el("div", {"class": "peek-bar"},
                  (button(join((icon("handoff"), " ", t("peek.show", name=names[s]))), "peek", str(s),
                          cls="btn-small") for s in seats))

    def render_confirm(self) -> Markup:
        t = self.t
        if self.app.confirm == "leave":
            words, actions = t("nav.leave.confirm"), (
                button(text(t("nav.quit.no")), "quit", "cancel", cls="btn-primary"),
                button(text(t("nav.leave.yes")), "quit", "leave"))
        else:
            words, actions = t("nav.quit.confirm"), (
                button(text(t("nav.quit.yes")), "quit", "yes"),
                button(text(t("nav.quit.no")), "quit", "cancel", cls="btn-primary"))
        return el("section", {"class": "dialog", "role": "dialog", "data-screen": "confirm"},
                  el("p", words), el("div", {"class": "dialog-actions"}, actions))

    def render_result(self, ctx: Ctx, view: dict) -> Markup:
        t = self.t
        app = self.app
        match = app.match
        result = match.state.result()
        winners = t.join([ctx.names[s] for s in result["winners"]])
        line = t("result.winner" if len(result["winners"]) == 1 else "result.winners", names=winners)
        reason = match.table.result_reason(view, ctx)
        control = app.replay.review_control(app.game_id) if app.game_id and not app.lost else ""
        # Over the table; folded into a bar at its foot to look at the table as it ended.
        fold = tappable(join((icon("cards"), " ", t("result.unfold" if self.result_folded else "result.fold"))),
                        "result_fold", "", "btn btn-ghost result-fold",
                        attrs={"aria-expanded": "false" if self.result_folded else "true"})
        return el("div", {"class": ["overlay", "overlay-result", self.result_folded and "is-folded"]},
                  el("section", {"class": "result", "role": "status"},
                     el("h2", icon("crown"), " ", t("result.title")),
                     el("p", {"class": "result-winners"}, line),
                     el("p", {"class": "result-reason"}, reason) if reason and not self.result_folded else None,
                     not self.result_folded and built(match.table.result_detail(view, ctx)),
                     el("div", {"class": "dialog-actions"},
                        button(text(t("result.again")), "again", cls="btn-primary"),
                        button(text(t("replay.open")), "replay"),
                        button(text(t("result.home")), "home"), fold),
                     el("div", {"class": "result-review"}, control) if control and not self.result_folded else None,
                     tutorial_end(app) if app.tutorial and not self.result_folded else None))

    def render_log(self, match: Match) -> Markup:
        t = self.t
        shown = match.log[-LOG_SHOWN:]
        lines = self.log_lines(shown, t, shown_names(match.seats, t), first=len(match.log) - len(shown) + 1)
        # Numbered as moves of the whole game, newest first, even when older ones are cut.
        return el("section", {"class": "log"}, el("h2", {"class": "side-title"}, t("table.log")),
                  el("ol", {"class": "log-list", "reversed": True, "start": len(match.log), "tabindex": "0",
                            "aria-label": t("table.log")}, reversed(lines)))


def _drawn(body, action: str):
    """Is the button of `action` on the table?"""
    return re.search(f'data-cmd="act" data-arg="{re.escape(escape(action))}"', str(body))


RAIL_ICONS = {"scores": "scores", "cards": "cards", "guide": "guide", "log": "log", "review": "hint"}


def table_layout(screen: str, viewer, main, panels: list[Panel], log: Callable[[], Markup],
                 open_panel: str | None, t: Translator, lit: int | None = None, aid_game: str | None = None,
                 teach: Markup | None = None) -> Markup:
    """The table, the rail of tabs beside it and the panel open over it, if any:
    the game's panels (scores, references) and the log (`log` builds it), from the
    same view as the table. Only the open panel is drawn: a closed one is an empty,
    hidden section its tab controls (the log's eighty lines, hidden, were a fifth of
    the table's markup parsed and patched at every move). `lit`: the
    seat of the person the tablet came back to (Match.lit): their plate, the one
    whose turn it is, lights (data-lit, static/app.css). `aid_game`: a last tab
    opens that game's player aid, a screen of its own (Back returns here). `teach`:
    a guided first game's words (ui/screens/lesson.py), above the table, beside the
    rail in portrait."""
    panels = [*panels, Panel("log", t("table.log"), log)]
    keys = [panel.key for panel in panels]
    shown = open_panel if open_panel in keys else None
    rail = el("nav", {"class": "table-rail", "aria-label": t("panel.rail")},
              (tappable(join((icon(RAIL_ICONS.get(p.key, "cards")), el("span", {"class": "rail-word"}, p.tab))),
                        "panel", p.key, "rail-tab" + (" is-open" if p.key == shown else ""),
                        attrs={"aria-expanded": "true" if p.key == shown else "false", "aria-controls": f"panel-{p.key}"})
               for p in panels),
              aid_game and tappable(join((icon("aid"), el("span", {"class": "rail-word"}, t("aid.tab")))),
                                    "aid", aid_game, "rail-tab rail-aid"))
    side = el("aside", {"class": "table-side", "hidden": shown is None, "aria-label": t("panel.rail")},
              button(join((icon("close"), el("span", {"class": "sr-only"}, t("panel.close")))), "panel", "",
                     cls="btn-ghost btn-icon drawer-close", aria=t("panel.close")),
              (el("section", {"class": "panel", "id": f"panel-{p.key}", "data-panel": p.key,
                              "hidden": p.key != shown},
                  built(p.drawn()) if p.key == shown else None) for p in panels))
    return el("div", {"class": ["table-layout", teach and "has-teach"], "data-screen": screen, "data-viewer": "" if viewer is None else viewer,
                      "data-lit": lit},
              teach or None, el("div", {"class": "table-main"}, main), rail, side)
