"""Pieces every table draws the same way: a seat's plate and whose turn it is."""
from __future__ import annotations

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
    if is_turn:
        badges.append(el("span", {"class": "badge badge-turn"}, t("table.turn_marker")))
    return el("div", {"class": ["plate", "is-turn" if is_turn else None], "data-seat": seat, "data-key": f"seat:{seat}"},
              el("div", {"class": "plate-head"}, el("span", {"class": "plate-name"}, ctx.names[seat]),
                 el("span", {"class": "plate-badges"}, badges)),
              built(body))


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
