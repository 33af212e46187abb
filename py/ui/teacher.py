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


# Within this of the even share, a rough chance reads "about even".
EVEN_BAND = 0.07


def rough_share(game_id: str, players: int) -> float | None:
    """The even share (1 / players) where the game's chances are still rough
    (calibration.ROUGH: they missed their targets on held-out games), so that
    they are told in words against it; None where percentages are honest."""
    return 1 / players if game_id in getattr(calibration, "ROUGH", frozenset()) else None


def chance_words(chance: float, t, share: float | None = None) -> str:
    """A chance in whole percent; the ends as "under 1 %" and "over 99 %", since
    an estimate from play-outs is never sure. With `share` (the chances are rough,
    see rough_share): only "ahead", "about even" or "behind" against that share."""
    if share is not None:
        side = "ahead" if chance >= share + EVEN_BAND else "behind" if chance <= share - EVEN_BAND else "even"
        return t("hint.standing." + side)
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
    share = rough_share(match.game.id, len(match.seats))
    lines = []
    for place, (action, chance) in enumerate(match.advice):
        words = match.table.move_words(view, action, t, names)
        key = ("hint.best" + (".rough" if share is not None else "")) if place == 0 else "hint.next"
        lines.append(el("li", t(key, move=words, chance=chance_words(chance, t, share))))
    if not lines:       # nothing searched: no chance to give, and why
        key = "hint.only" if len(match.legal_on_screen()) == 1 else "hint.unsearched"
        lines.append(el("li", t(key, move=match.table.move_words(view, match.hint, t, names))))
    rough = el("p", {"class": "teacher-rough"}, t("hint.rough")) if share is not None else None
    return el("section", {"class": "teacher", "aria-label": t("hint.why")},
              el("h3", {"class": "teacher-title"}, t("hint.why")),
              el("ul", {"class": "teacher-moves"}, lines), rough)
