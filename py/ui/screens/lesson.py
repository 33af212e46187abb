"""A guided first game on the table screen (ui/tutorial.py): the lesson's bar above
the table (the step's words, Next, or a computer's move in one line) and its end,
in the result (how to win, a real game, the rules, the player aid)."""
from __future__ import annotations

from .. import aid
from ..html import button, tappable
from ..i18n import log_line, shown_names
from ..markup import Markup, el, join, text
from ..tutorial import FREE, NEXT, RESUME
from . import NOTHING, icon


def tutorial_bar(app, asked) -> Markup:
    """What the lesson says now, above the table: a step's words (with Next when it
    asks only to read), the hint of free play, or the computers' last move."""
    lesson, match, t = app.tutorial, app.match, app.t
    if lesson is None or (match.state.over and match.interlude != "summary") or match.needs_handoff():
        return NOTHING
    step = lesson.step(match)
    deciding = bool(match.legal_on_screen())
    total = len(lesson.lesson.steps)
    count = el("span", {"class": "teach-count"}, t("teach.count", n=min(lesson.index + 1, total), total=total))
    reading = match.interlude == "summary" and step is not None and step.ask == RESUME
    if step is not None and (step.ask == NEXT or deciding or reading):
        words = step.words[t.lang]
        if step.ask == FREE or (step.ask != NEXT and not reading and asked != step.tap()):
            words = t("teach.choose", words=words)
        go = (tappable(join((t("teach.next"), " ", icon("next", "icon icon-small"))), "teach_next", "",
                       "btn btn-primary teach-next", attrs={"data-teach": True}) if step.ask == NEXT else None)
        # What the step lets act (for tools): "read" (Next), "only" (the one lit move), "free".
        kind = "read" if step.ask == NEXT else "only" if asked == step.tap() else "free"
        return el("section", {"class": "teach-bar", "aria-label": t("teach.label"),
                              "data-teach-point": step.point or None},
                  icon("guide"), el("p", {"class": "teach-words", "data-teach-step": kind}, count, words), go)
    if deciding:
        return el("section", {"class": "teach-bar is-free", "aria-label": t("teach.label")},
                  icon("guide"), el("p", {"class": "teach-words", "data-teach-step": "free"},
                                    lesson.lesson.free[t.lang]))
    said = log_line(match.log[-1], t, shown_names(match.seats, t)) if match.log else t("teach.watch")
    return el("section", {"class": "teach-bar is-watching", "aria-label": t("teach.label")},
              icon("speed"), el("p", {"class": "teach-words", "data-teach-say": True}, said))


def tutorial_end(app) -> Markup:
    """The lesson's end, in the result: how to win, then a real game, the rules and
    the player aid (a screen of its own; Back returns to this result)."""
    t, game = app.t, app.tutorial.game
    aid_button = button(text(t("teach.done.aid")), "aid", game) if aid.has_aid(game) else None
    return el("div", {"class": "teach-done", "data-teach-done": True},
              el("h3", t("teach.done.title")),
              el("p", app.tutorial.lesson.win[t.lang]),
              el("div", {"class": "dialog-actions"},
                 button(text(t("teach.done.real")), "setup", game, cls="btn-primary"),
                 button(text(t("nav.rules")), "rules", game), aid_button))
