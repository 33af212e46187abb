"""Pieces every table draws the same way: a seat's plate and whose turn it is."""
from __future__ import annotations

import unicodedata

from .markup import Markup, el
from .screens import built


def seat_plate(ctx, seat: int, is_turn: bool, badges: list, body) -> Markup:
    """A player's plate: name, badges (CPU and turn added here), then the game's own
    lines. `badges` and `body`: Markup (a plain str is taken as markup too, for
    tables not yet built with ui.markup)."""
    t = ctx.t
    badges = [built(b) for b in badges]
    if ctx.bots[seat]:
        badges.append(el("span", {"class": "badge badge-cpu"}, t("table.cpu")))
    # The turn's badge is on every plate, shown on the one whose turn it is: a table whose
    # seats must not move as the turn goes round keeps an idle badge's room (its style.css).
    badges.append(el("span", {"class": ["badge badge-turn", None if is_turn else "is-off"],
                              "aria-hidden": None if is_turn else "true"}, t("table.turn_marker")))
    return el("div", {"class": ["plate", "is-turn" if is_turn else None], "data-seat": seat, "data-key": f"seat:{seat}"},
              el("div", {"class": "plate-head"}, el("span", {"class": "plate-name"}, ctx.names[seat]),
                 el("span", {"class": "plate-badges"}, badges)),
              built(body))


def text_width(text: str) -> float:
    """About how wide a text is set, in half-width characters: a Japanese character counts
    two, a capital letter one and a half (a name typed in capitals is that much wider)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1.5 if c.isupper() else 1
               for c in text if c.isprintable())


def turn_line(ctx, current: int | None, forced: bool = False, forced_key: str = "") -> str:
    """Who is to act, in words (not only by colour)."""
    t = ctx.t
    if current is None:
        return ""
    if ctx.replay:
        return t("table.turn", name=ctx.names[current])
    if ctx.bots[current]:
        return t("table.waiting", name=ctx.names[current])
    if forced:
        return t(forced_key, name=ctx.names[current])
    if current == ctx.actor and ctx.legal:
        return t("table.your_turn", name=ctx.names[current])
    return t("table.turn", name=ctx.names[current])


def scores_by_round(t, label: str, players: list, rounds: list, totals: list, extra: list = (),
                    leading=(), cls: str = "") -> Markup:
    """A score table with every round, its totals adding them up: a column per
    player (`players`: their headings, Markup), a row per round (`rounds`:
    (heading, a cell per player)), the totals last (`totals`: a cell per player),
    after `extra` rows of the same shape (a tie-break's numbers). Rounds go down:
    six players fit across a tablet, forty rounds do not. A long game's rounds
    scroll inside the box, its heading and totals stay in view; the box is
    focusable, so a keyboard scrolls it too, and named for screen readers."""
    def row(heading, cells, row_cls=None):
        return el("tr", {"class": row_cls}, el("th", {"scope": "row"}, heading), (el("td", cell) for cell in cells))
    head = el("tr", el("th", {"scope": "col"}, t("scores.round")),
              (el("th", {"scope": "col", "class": ["scores-name", "is-leading" if seat in leading else None]}, name)
               for seat, name in enumerate(players)))
    body = [row(heading, cells) for heading, cells in rounds]
    foot = [*(row(heading, cells, "scores-extra") for heading, cells in extra),
            row("Σ", (el("strong", total) for total in totals), "scores-total")]
    table = el("table", {"class": ["scores", "scores-by-round", cls]},
               el("thead", head), el("tbody", body), el("tfoot", foot))
    return el("div", {"class": "scores-box", "role": "region", "tabindex": "0", "aria-label": label}, table)
