"""The replay of a finished game, step by step, and its review: the review's
runs (one at a time, in small steps between frames, asked from the home screen,
a result or a replay) and what the replay shows of it."""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Generator

from .. import review_screen, saves
from ..html import button, suggesting
from ..markup import Markup, el, join, text
from ..match import Match
from . import NOTHING, Screen, built, icon
from ..i18n import log_line
from ..table import Panel
from ..teacher import rough_share
from .table import Ctx, table_layout


@dataclass
class Replaying:
    """The game being replayed. `id`: the library's game (None: a shared link's)."""
    seats: list[dict]
    record: dict
    step: int = 0
    review: Any = None                       # royaltable.review.Review, or None
    id: str | None = None
    match: Match | None = None               # the game as of `step`
    best_words: str = ""                     # what the review would have played at `step`, in words
    words: dict = field(default_factory=dict)   # moves in words by (move index, action, language), kept
    seat: int | None = None                  # whose review is on screen (their moves, their hand)
    moment: Match | None = None              # at a move of theirs the review graded: the game just before it


@dataclass
class ReviewJob:
    """The review running now, advanced by main.py between frames."""
    id: str
    seats: list[dict]
    record: dict
    steps: Generator
    came_from: str                           # the screen it was asked from (App.screen_key)
    progress: float = 0.0


class ReplayScreen(Screen):
    name = "replay"

    def __init__(self, app):
        super().__init__(app)
        self.current: Replaying | None = None

    # ---- the replay -----------------------------------------------------------------
    def open_shared(self, text: str) -> None:
        """A finished game that came in a link: its replay."""
        t = self.t
        try:
            save, _ = saves.load_state(text)
        except saves.SaveError as err:
            self.app.message = t("library.shared.failed", reason=t("save." + str(err)))
            return
        self.open(save.seats, save.record, saves.read_review(save))   # its review came along

    def cmd_replay_saved(self, arg):
        app = self.app
        entry = app.library.get(arg)
        if entry is None or not entry.in_history:
            return
        try:
            save, _ = saves.load_state(entry.stored.text)
        except saves.SaveError as err:
            app.unplayable[arg] = str(err)
            return
        self.open(save.seats, save.record, self._review_kept_in(arg, save), arg)

    def _review_kept_in(self, game_id: str, save):
        """The sound review kept with a game; a damaged one is dropped from its save
        (the game stays), so that it can be reviewed again."""
        review = saves.read_review(save)
        if review is None and save.review is not None:
            entry = self.app.library.get(game_id)
            self.app.library.write(game_id, saves.with_review(entry.stored.text, None))
        return review

    def cmd_replay(self, arg):
        app = self.app
        match = app.match
        if not match or not match.state.over:
            return
        review = None
        entry = app.library.get(app.game_id) if app.game_id else None
        if entry is not None and entry.save is not None:
            review = self._review_kept_in(app.game_id, entry.save)
        self.open(match.seats, match.record(), review, app.game_id)

    def open(self, seats: list[dict], record: dict, review=None, game_id: str | None = None,
             step: int = 0) -> None:
        """`game_id`: the library's game replayed (None: a shared link's)."""
        self.current = Replaying(seats, record, step, review, game_id, seat=self._first_seat(seats, review))
        self.to(step)
        self.app.screen = "replay"
        self.app.panel = None

    @staticmethod
    def _first_seat(seats: list[dict], review) -> int | None:
        """Whose review a replay opens on: the first person graded."""
        if review is None or not review.seats:
            return None
        return next((seat for seat in review.seats if seats[seat]["kind"] == "human"), review.seats[0])

    def cmd_review_seat(self, arg):
        """With several people graded: whose review is on screen (only their
        moves are drawn as they saw them, with their hand)."""
        replaying = self.current
        if replaying and replaying.review and arg.isdigit() and int(arg) in replaying.review.seats:
            replaying.seat = int(arg)
            self.to(replaying.step)

    def cmd_review_mistake(self, arg):
        """To the previous or next mistake of the person whose review is on screen."""
        replaying = self.current
        if replaying and replaying.review and replaying.seat is not None:
            step = review_screen.mistake_step(replaying.review, replaying.seat, replaying.step, arg)
            if step is not None:
                self.to(step)

    def cmd_practice(self, arg):
        """"Try again from here" at a graded move (`arg`: its index): a new game in the
        library from just before it, the same seats and computer players, the luck
        still to come (cards to shuffle, dice to roll) drawn afresh, marked as
        practice. The game replayed stays as it was."""
        replaying, app = self.current, self.app
        if replaying is None or replaying.review is None or not arg.isdigit() \
                or not any(move.index == int(arg) for move in replaying.review.moves):
            return
        import random
        index = int(arg)
        record = dict(replaying.record, actions=replaying.record["actions"][:index])
        match = Match.from_record([dict(seat) for seat in replaying.seats], record, app.pace, app.speed)
        match.state.draw_luck_afresh(random.SystemRandom().randrange(2**31))   # as a new game's seed
        match.practice = {"move": index + 1}
        self.current = None
        app.open_new(match)

    def cmd_replay_jump(self, arg):
        """To just after a move (a mistake in the review's list)."""
        if self.current and arg.isdigit():
            self.to(min(int(arg), len(self.current.record["actions"])))

    def cmd_replay_step(self, arg):
        if not self.current:
            return
        total = len(self.current.record["actions"])
        step = self.current.step
        target = {"first": 0, "back": step - 1, "next": step + 1, "last": total}.get(arg, step)
        self.to(max(0, min(total, target)))

    def to(self, step: int) -> None:
        replaying = self.current
        record = dict(replaying.record, actions=replaying.record["actions"][:step])
        replaying.step = step
        replaying.match = Match.from_record(replaying.seats, record, self.app.pace)
        graded = review_screen.graded_at(replaying.review, step, replaying.seat)
        replaying.moment = (None if graded is None else
                            Match.from_record(replaying.seats, dict(record, actions=record["actions"][:graded.index]),
                                              self.app.pace))
        self.relabel()

    def relabel(self) -> None:
        """The words of the graded move on screen, in the current language (the
        drawing only reads them; kept per move and language: the replay redraws often)."""
        replaying = self.current
        if replaying is None:
            return
        move = review_screen.graded_at(replaying.review, replaying.step)
        if move is None:
            replaying.best_words = ""
            return
        actions = {move.best, move.played, *(action for action, _ in move.alternatives)}
        if any((move.index, action, self.t.lang) not in replaying.words for action in actions):
            from royaltable import registry
            from ..i18n import shown_names
            record = replaying.record
            state = registry.replay(dict(record, actions=record["actions"][:move.index]))
            names = shown_names(replaying.match.seats, self.t)
            for action in actions:
                replaying.words[(move.index, action, self.t.lang)] = review_screen.move_words(
                    replaying.match.table, state, move.seat, action, self.t, names, log_line)
        replaying.best_words = "" if move.best == move.played else replaying.words[(move.index, move.best, self.t.lang)]

    def _words_at(self, move) -> dict[str, str]:
        """The actions compared at a graded move, in words (relabel keeps them)."""
        replaying = self.current
        return {action: words for (index, action, lang), words in replaying.words.items()
                if index == move.index and lang == self.t.lang}

    def cmd_replay_close(self, arg):
        self.current = None
        self.app.screen = "table" if self.app.match else "home"

    # ---- the review of a finished game ---------------------------------------------
    def can_review(self, game_id: str | None) -> bool:
        """A finished game of the library, with someone who played it in person."""
        app = self.app
        entry = app.library.get(game_id) if game_id else None
        return (entry is not None and entry.save is not None and entry.save.finished
                and game_id not in app.unplayable and any(s["kind"] == "human" for s in entry.save.seats))

    def cmd_review(self, arg):
        """Reviews a finished game (the open one from its result, or one of the
        library's): every decision of its people graded. It runs in slices
        (review_step) while the page goes on answering taps."""
        self._start_review(arg or self.app.game_id, everyone=False)

    def cmd_review_everyone(self, arg):
        """Reviews the game again, the computer players' decisions graded too (asked
        for from a review: a computer's moves are not graded unless asked)."""
        self._start_review(arg, everyone=True)

    def _start_review(self, game_id: str | None, everyone: bool) -> None:
        app = self.app
        if app.reviewing is not None or not self.can_review(game_id):
            return
        save = app.library.get(game_id).save
        app.reviewing = ReviewJob(game_id, save.seats, save.record, self._review_steps(game_id, everyone),
                                  app.screen_key())

    def _review_steps(self, game_id: str, everyone: bool = False):
        """The review as small steps; even checking the save and loading the
        review's code come after the tap's own redraw, so the bar shows at once."""
        app = self.app
        yield 0.0
        try:
            save, _ = saves.load_state(app.library.get(game_id).stored.text)
        except saves.SaveError as err:
            app.unplayable[game_id] = str(err)
            return None
        from royaltable import review
        yield 0.0
        graded = [seat for seat, s in enumerate(save.seats) if everyone or s["kind"] == "human"]
        return (yield from review.reviewer(save.record, graded, playouts=app.review_playouts))

    def cmd_review_cancel(self, arg):
        """Stops the review; nothing of the game changes."""
        app = self.app
        if app.reviewing is not None:
            app.reviewing.steps.close()
            app.reviewing = None

    def review_step(self) -> bool:
        """One small step of the running review. False once there is nothing more to do."""
        app = self.app
        job = app.reviewing
        if job is None:
            return False
        try:
            job.progress = max(job.progress, min(1.0, float(next(job.steps))))
            return True
        except StopIteration as done:
            app.reviewing = None
            if done.value is not None:
                self._review_done(job, done.value)
        except Exception as err:      # a review that fails costs the review only
            app.reviewing = None
            app.message = self.t("review.failed", reason=f"{type(err).__name__}: {err}")
        return False

    def _review_done(self, job: ReviewJob, result) -> None:
        """Kept with the game in the library; shown at once if the screen it was
        asked from is still there."""
        app = self.app
        entry = app.library.get(job.id)
        if entry is None or entry.save is None or entry.save.record["actions"] != job.record["actions"]:
            return                        # the game is gone meanwhile (deleted here or in another tab)
        app.library.write(job.id, saves.with_review(entry.stored.text, result.to_dict()))
        app.review_news = self.t("review.ready")
        here = app.screen_key()
        if here == job.came_from == "replay" and self.current and self.current.id == job.id:
            self.open(job.seats, job.record, result, job.id, self.current.step)
        elif here == job.came_from and (here == "home" or app.game_id == job.id):
            self.open(job.seats, job.record, result, job.id)

    # ---- drawing --------------------------------------------------------------------
    def review_control(self, game_id: str, show: bool = True) -> Markup:
        """The review's button for a finished game, its progress while it runs, or
        (`show`) the way to see it once done."""
        app, t = self.app, self.t
        if app.reviewing is not None and app.reviewing.id == game_id:
            return review_screen.progress(t, app.reviewing.progress, game_id)
        if not self.can_review(game_id):
            return NOTHING
        if app.kept_review(game_id) is not None:
            return button(text(t("review.show")), "replay") if show else NOTHING
        if app.reviewing is not None:
            return el("span", {"class": "hint review-busy"}, t("review.busy"))
        return button(text(t("review.start")), "review", game_id)

    def _everyone_control(self, review) -> Markup:
        """Under a review of the people only: the way to grade the computers too
        (or its progress while that runs)."""
        app = self.app
        game_id = self.current.id
        if len(review.seats) == len(self.current.seats) or not self.can_review(game_id):
            return NOTHING
        if app.reviewing is not None and app.reviewing.id == game_id:
            return review_screen.progress(self.t, app.reviewing.progress, game_id)
        if app.reviewing is not None:
            return el("span", {"class": "hint review-busy"}, self.t("review.busy"))
        return button(text(self.t("review.everyone")), "review_everyone", game_id, cls="btn-small")

    def render(self) -> Markup:
        t = self.t
        replaying = self.current
        match = replaying.match
        step, total = replaying.step, len(replaying.record["actions"])
        review = replaying.review
        controls = [button(icon(arg), "replay_step", arg, disabled=disabled, aria=t("replay." + arg))
                    for arg, disabled in (("first", step == 0), ("back", step == 0),
                                          ("next", step == total), ("last", step == total))]
        ctx = Ctx(t, match, replay=True)
        view = match.state.view(None)
        last = log_line(match.log[-1], t, ctx.names) if step and match.log else ""
        close = button(text(t("replay.close")), "replay_close", cls="btn-ghost")
        title = t("replay.title", game=t("game." + match.game.id))
        log = functools.partial(self.app.table.render_log, match)     # drawn only while open
        counter = el("span", {"class": "replay-step"}, t("replay.step", n=step, total=total))
        if review is None:
            steps = el("div", {"class": "replay-bar", "role": "toolbar"}, controls, counter,
                       el("span", {"class": "replay-last"}, last))
            return join((self.app.topbar(title, close), steps,
                         table_layout("replay", None, built(match.table.render(view, ctx)),
                                      match.table.panels(view, ctx), log, self.app.panel, t)))
        # With a review the screen is the window, as a table's is: the steps in the top bar.
        steps = el("div", {"class": "replay-bar", "role": "toolbar"}, controls, counter,
                   self._mistake_controls(review))
        bar = self.app.topbar(title, close, steps)
        graded = review_screen.graded_at(review, step)
        moment = review_screen.graded_at(review, step, replaying.seat)
        if moment is not None:
            # The decision as its person saw it: their view, their hand, the better move lit.
            before = replaying.moment
            seen = Ctx.at_decision(t, before, moment.seat, moment.best)
            with suggesting(moment.best):
                drawn = built(before.table.render(before.state.view(moment.seat), seen))
            main = join((el("p", {"class": "sr-only"}, t("review.moment", name=ctx.names[moment.seat],
                                                          n=moment.index + 1)),
                         el("div", {"class": "review-table", "inert": True, "data-viewer": moment.seat},
                            el("div", {"class": "review-fit"}, drawn))))
        else:
            main = built(match.table.render(view, ctx))
        share = rough_share(match.game.id, len(replaying.seats))      # None where chances read as percentages
        panel = Panel("review", t("review.title"), lambda:
                      review_screen.panel(t, review, ctx.names, step, share is not None, self._everyone_control(review)))
        return el("div", {"class": "screen-fit review-screen"}, bar,
                  self._strip(review, graded, ctx.names, total, last, share),
                  table_layout("replay", moment.seat if moment else None, main,
                               [*match.table.panels(view, ctx), panel], log, self.app.panel, t))

    def _mistake_controls(self, review) -> Markup:
        """Previous and next mistake of the person whose review is on screen."""
        replaying, t = self.current, self.t
        seat = replaying.seat
        prev, next_ = (join((icon("back"), " ", t("review.mistake.word"))),
                       join((t("review.mistake.word"), " ", icon("next"))))
        return join(button(label, "review_mistake", way, aria=t(f"review.mistake.{way}"),
                           disabled=seat is None or review_screen.mistake_step(review, seat, replaying.step, way) is None)
                    for way, label in (("prev", prev), ("next", next_)))

    def _strip(self, review, graded, names: list[str], total: int, last: str, share: float | None) -> Markup:
        """Over the table: whose review (with several graded), the move's grade and
        the moves compared in words, and the chart as a low strip (`share`: the
        chances are rough, teacher.rough_share)."""
        replaying, t = self.current, self.t
        whose = None
        if len(review.seats) > 1:
            whose = el("div", {"class": "review-whose", "role": "group", "aria-label": t("review.whose")},
                       (button(text(names[seat]), "review_seat", str(seat),
                               cls="btn-small btn-choice" + (" is-on" if seat == replaying.seat else ""))
                        for seat in review.seats))
        now = []
        if graded is not None:
            line = review_screen.grade_line(t, graded, replaying.best_words, names[graded.seat], len(review.seats) > 1,
                                            share)
            now.append(el("div", {"class": "review-line"},
                          el("p", {"class": f"replay-grade grade-{graded.grade}", "data-grade": graded.grade}, line),
                          button(text(t("review.practice")), "practice", str(graded.index), cls="btn-small",
                                 aria=t("review.practice.label", n=graded.index + 1))))
            if graded.seat == replaying.seat:
                now.append(review_screen.alternatives(t, graded, self._words_at(graded), share))
        elif last:
            now.append(el("p", {"class": "replay-last"}, last))
        return el("section", {"class": "review-strip", "aria-label": t("review.title")},
                  el("div", {"class": "review-now"}, whose, now),
                  review_screen.chart(t, review, names, len(replaying.seats), total, replaying.step, strip=True,
                                      share=share))
