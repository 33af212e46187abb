"""The review of a finished game, as the app draws it: the progress bar while
it runs, each graded move's words on the replay's step line, the list of the
biggest mistakes to jump to, a tally of grades, and the chart of each graded
player's chance to win over the game (review_chart).

Pure Python like the rest of ui/: app.py calls these with a Translator, the
review (royaltable.review.Review) and the seats' names as drawn.
"""
from __future__ import annotations

import math

from . import review_chart
from .html import button
from .markup import Markup, el, text
from .teacher import chance_words

FLAWED = ("inaccuracy", "mistake", "blunder")    # a mistake of some size (royaltable.review.FLAWED)

GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
MISTAKES_SHOWN = 5


def progress(t, fraction: float, cancel_arg: str = "") -> Markup:
    """The running review: a progress bar (main.py moves it in place between
    redraws, through data-review-progress) and its Cancel."""
    percent = review_chart.percent(fraction)
    return el("div", {"class": "review-progress", "data-review-progress": True},
              el("span", {"class": "review-progress-label", "id": "review-progress-label"}, t("review.running")),
              el("div", {"class": "review-bar", "role": "progressbar", "aria-labelledby": "review-progress-label",
                         "aria-valuemin": "0", "aria-valuemax": "100", "aria-valuenow": percent,
                         "aria-valuetext": t("review.percent", n=percent)},
                 el("div", {"class": "review-bar-fill", "style": f"width:{percent}%"})),
              el("span", {"class": "review-progress-num", "aria-hidden": "true"}, t("review.pct", n=percent)),
              button(text(t("review.cancel")), "review_cancel", cancel_arg, cls="btn-small"))


def move_words(table, state, seat: int, action: str, t, names: list[str], log_line) -> str:
    """An action of `seat` in `state` (before it) in a player's words: the
    table's own words (`move_words`), else what the log would say of it."""
    try:
        words = table.move_words(state.view(seat), action, t, names)
        if words:
            return words
    except NotImplementedError:
        pass
    before = state.view(None)
    after_state = state.clone()
    after_state.apply(action, seat=seat)
    entries = table.describe(before, action, seat, after_state.view(None), False)
    return t("speak.join").join(log_line(entry, t, names) for entry in entries) or action


def lost_percent(lost: float) -> int:
    """The chance a move lost, in whole percent rounded down: a loss just under a
    grade's bound (9.96 %: an inaccuracy) never reads as the bound (10 %: a mistake)."""
    return math.floor(lost * 100 + 1e-9)


def graded_at(review, step: int, seat: int | None = None):
    """The graded move the replay shows at `step` (the move just played), or None;
    `seat`: only a move of that seat (whose review is on screen)."""
    if review is None or step <= 0:
        return None
    return next((move for move in review.moves if move.index == step - 1 and seat in (None, move.seat)), None)


def mistake_step(review, seat: int, step: int, direction: str) -> int | None:
    """The replay's step at `seat`'s previous or next mistake (an inaccuracy or
    worse) from `step`, in game order; None when there is none that way."""
    steps = [move.index + 1 for move in review.moves if move.seat == seat and move.grade in FLAWED]
    if direction == "prev":
        return max((s for s in steps if s < step), default=None)
    return min((s for s in steps if s > step), default=None)


def alternatives(t, move, words: dict[str, str], share: float | None = None) -> Markup:
    """The moves the review compared at a decision, best first, each with its
    chance in words (with `share`, rough chances: ahead / about even / behind);
    the one played marked (`words`: each action in words)."""
    rows = []
    for action, chance in move.alternatives:             # best first, each action once
        if action not in dict(rows):
            rows.append((action, chance))
    if move.played not in dict(rows):
        rows.append((move.played, move.chance_played))
    items = (el("li", {"class": ["review-alt", action == move.best and "is-best", action == move.played and "is-played"]},
                t("hint.next", move=words.get(action, action), chance=chance_words(chance, t, share)),
                action == move.played and move.played != move.best and el("span", {"class": "review-alt-played"},
                                                                          " ", t("review.played")))
             for action, chance in rows)
    return el("div", {"class": "review-alts"}, el("h3", {"class": "sr-only"}, t("review.alternatives")),
              el("ol", {"class": "review-alt-list"}, items))


def grade_line(t, move, best_words: str, name: str, several: bool, share: float | None = None) -> str:
    """ "Mistake: would have played Take Jester (about 57 % against 42 %)"; with
    `share` (the game's chances are rough: teacher.rough_share) "ahead", "about
    even" or "behind" against it instead of percentages."""
    grade = t("review.grade." + move.grade)
    rough = ".rough" if share is not None else ""
    if move.grade == "best" or move.best == move.played:
        text = t("review.line.best" + rough, grade=grade, chance=chance_words(move.chance_played, t, share))
    else:
        text = t("review.line.other" + rough, grade=grade, best=best_words,
                 best_chance=chance_words(move.chance_best, t, share),
                 chance=chance_words(move.chance_played, t, share))
    return t("review.line.who", name=name, line=text) if several else text


def lines(review, names: list[str]) -> list[review_chart.Line]:
    return [review_chart.Line(names[seat], tuple((point, chances[seat]) for point, chances in review.curve))
            for seat in review.seats]


def sentence(t, name: str, points, share: float | None = None) -> str:
    """One line of the chart in words: where it began and ended, its lowest point;
    with `share` (rough chances) as ahead / about even / behind, never a percentage."""
    numbers = review_chart.summary(points)
    if numbers is None:
        return t("review.sentence.none", name=name)
    if share is None:
        first, last, low = (t("review.pct", n=review_chart.percent(c)) for c in (numbers.first, numbers.last, numbers.low))
        rise = review_chart.percent(numbers.last) - review_chart.percent(numbers.first)
    else:
        first, last, low = (chance_words(c, t, share) for c in (numbers.first, numbers.last, numbers.low))
        rise = 0 if first == last else numbers.last - numbers.first
    key = "review.sentence.rose" if rise > 0 else "review.sentence.fell" if rise < 0 else "review.sentence.same"
    when = t("review.when.start") if numbers.low_at == 0 else t("review.when.move", n=numbers.low_at)
    return t(key, name=name, first=first, last=last, low=low, when=when)


def describe(t, review, names: list[str], share: float | None = None) -> str:
    return t("speak.join").join(sentence(t, line.label, line.points, share) for line in lines(review, names))


def chart(t, review, names: list[str], players: int, total: int, step: int | None = None,
          strip: bool = False, share: float | None = None) -> Markup:
    """The chances over the game; with `share` (rough chances) its side reads
    behind / about even / ahead instead of percentages."""
    fair = 1.0 / players if players else 0.0
    description = describe(t, review, names, share)
    if share is None:
        fair_label, scale = t("review.chart.fair", share=t("review.pct", n=review_chart.percent(fair))), ()
    else:
        fair_label = t("hint.standing.even")
        scale = ((0.0, t("hint.standing.behind")), (1.0, t("hint.standing.ahead")))
    words = review_chart.Words(t("review.chart.title"), description, t("review.chart.x"), t("review.chart.y"),
                               fair_label, t("review.pct", n="{n}"), scale)
    svg = review_chart.chart(lines(review, names), total, fair, words, marker=step, strip=strip)
    return el("figure", {"class": ["review-figure", strip and "is-strip"]}, svg,
              el("figcaption", {"class": "sr-only"}, description))


def tally(t, review, names: list[str]) -> Markup:
    """How many moves of each grade, per graded player."""
    rows = []
    for seat in review.seats:
        counts = [sum(1 for m in review.moves if m.seat == seat and m.grade == g) for g in GRADES]
        cells = (el("li", {"class": f"review-count grade-{g}"}, el("span", t("review.grade." + g)), el("strong", n))
                 for g, n in zip(GRADES, counts))
        rows.append(el("div", {"class": "review-tally-row"}, el("span", {"class": "review-tally-name"}, names[seat]),
                       el("ul", {"class": "review-counts"}, cells)))
    return el("div", {"class": "review-tally"}, rows)


def mistakes(t, review, names: list[str], step: int, rough: bool = False) -> Markup:
    """The biggest mistakes as buttons: each jumps the replay to just after that move
    (with the chance it lost, unless the game's chances are rough)."""
    worst = review.mistakes(MISTAKES_SHOWN)
    title = el("h3", {"class": "review-subtitle"}, t("review.mistakes"))
    if not worst:
        return el("div", {"class": "review-mistakes"}, title, el("p", {"class": "hint"}, t("review.mistakes.none")))
    several = len(review.seats) > 1
    items = []
    for move in worst:
        grade = t("review.grade." + move.grade)
        words = (t("review.mistake.rough", n=move.index + 1, grade=grade) if rough else
                 t("review.mistake", n=move.index + 1, grade=grade, lost=t("review.pct", n=lost_percent(move.lost))))
        if several:
            words = t("review.line.who", name=names[move.seat], line=words)
        on = " is-on" if step == move.index + 1 else ""
        items.append(el("li", button(text(words), "replay_jump", str(move.index + 1),
                                     cls="btn-small review-jump grade-" + move.grade + on)))
    return el("div", {"class": "review-mistakes"}, title, el("ol", {"class": "review-mistake-list"}, items))


def panel(t, review, names: list[str], step: int, rough: bool = False,
          control: Markup | None = None) -> Markup:
    """The review's panel beside the replay (a tab of the rail): the tally, the
    biggest mistakes to jump to; `rough`: the game's chances are known to be
    badly calibrated, and the panel says so; `control`: what the app offers
    under it (to grade the computers too)."""
    note = el("p", {"class": "review-rough"}, t("review.rough")) if rough else None
    return el("div", {"class": "review-panel"},
              el("h2", {"class": "side-title review-title"}, t("review.title")), note,
              el("div", {"class": "review-facts"}, tally(t, review, names), mistakes(t, review, names, step, rough),
                 control))
