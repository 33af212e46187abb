"""Why a suggested move: under the hint line, the strong player's best few moves
in words, each with the chance to win its search estimates ("Play Mask: wins
about 62 % of the games played out from here"; "Play 4: about 41 %").

Drawn only from what Match.suggest kept (the search from the deciding seat's
view) and the view on screen, which may show that seat's decision: the words of
a move never say more than the buttons beside it.
"""
from __future__ import annotations

from royaltable import calibration

from .html import esc
from .i18n import shown_names


def chance_words(chance: float, t) -> str:
    """A chance in whole percent; the ends as "under 1 %" and "over 99 %", since
    an estimate from play-outs is never sure."""
    percent = round(chance * 100)
    if percent < 1:
        return t("hint.chance.under")
    if percent > 99:
        return t("hint.chance.over")
    return t("hint.chance.about", n=percent)


def panel(match, t, view: dict) -> str:
    """The suggestion's reasons as a short list, or "" when no suggestion is on screen."""
    if match.hint is None or not match.legal_on_screen():
        return ""
    names = shown_names(match.seats, t)
    lines = []
    for place, (action, chance) in enumerate(match.advice):
        words = match.table.move_words(view, action, t, names)
        key = "hint.best" if place == 0 else "hint.next"
        lines.append(f"<li>{esc(t(key, move=words, chance=chance_words(chance, t)))}</li>")
    if not lines:       # nothing searched: no chance to give, and why
        key = "hint.only" if len(match.legal_on_screen()) == 1 else "hint.unsearched"
        lines.append(f"<li>{esc(t(key, move=match.table.move_words(view, match.hint, t, names)))}</li>")
    rough = ""
    if match.game.id in getattr(calibration, "ROUGH", frozenset()):
        rough = f'<p class="teacher-rough">{esc(t("hint.rough"))}</p>'
    return (f'<section class="teacher" aria-label="{esc(t("hint.why"))}">'
            f'<h3 class="teacher-title">{esc(t("hint.why"))}</h3>'
            f'<ul class="teacher-moves">{"".join(lines)}</ul>{rough}</section>')


def after_hint(body: str, drawn: str, t) -> str:
    """`drawn` placed right after the element holding the table's hint line, so
    that it is read after it; after the whole table where a table has none."""
    at = body.find(esc(t("hint.shown")))
    if not drawn or at < 0:
        return body + drawn
    end = body.find(">", body.find("</", at)) + 1
    return body[:end] + drawn + body[end:]
