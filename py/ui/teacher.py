"""Why a suggested move: under the hint line, the strong player's best few moves
in words, each with the chance to win its search estimates ("Play Mask: wins
about 62 % of the games played out from here"; "Play 4: about 41 %").

Drawn only from what Match.suggest kept (the search from the deciding seat's
view) and the view on screen, which may show that seat's decision: the words of
a move never say more than the buttons beside it.
"""
from __future__ import annotations

from royaltable import calibration

from .i18n import shown_names
from .markup import Markup, el, join

NOTHING = join(())


def chance_words(chance: float, t) -> str:
    """A chance in whole percent; the ends as "under 1 %" and "over 99 %", since
    an estimate from play-outs is never sure."""
    percent = round(chance * 100)
    if percent < 1:
        return t("hint.chance.under")
    if percent > 99:
        return t("hint.chance.over")
    return t("hint.chance.about", n=percent)


def panel(match, t, view: dict) -> Markup:
    """The suggestion's reasons as a short list; nothing when no suggestion is on screen."""
    if match.hint is None or not match.legal_on_screen():
        return NOTHING
    names = shown_names(match.seats, t)
    lines = []
    for place, (action, chance) in enumerate(match.advice):
        words = match.table.move_words(view, action, t, names)
        key = "hint.best" if place == 0 else "hint.next"
        lines.append(el("li", t(key, move=words, chance=chance_words(chance, t))))
    if not lines:       # nothing searched: no chance to give, and why
        key = "hint.only" if len(match.legal_on_screen()) == 1 else "hint.unsearched"
        lines.append(el("li", t(key, move=match.table.move_words(view, match.hint, t, names))))
    rough = (el("p", {"class": "teacher-rough"}, t("hint.rough"))
             if match.game.id in getattr(calibration, "ROUGH", frozenset()) else None)
    return el("section", {"class": "teacher", "aria-label": t("hint.why")},
              el("h3", {"class": "teacher-title"}, t("hint.why")),
              el("ul", {"class": "teacher-moves"}, lines), rough)
