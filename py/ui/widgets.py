"""Pieces every table draws the same way: a seat's plate and whose turn it is."""
from __future__ import annotations

from .html import esc


def seat_plate(ctx, seat: int, is_turn: bool, badges: list[str], body: str) -> str:
    """A player's plate: name, badges (CPU and turn added here), then the game's own lines."""
    t = ctx.t
    badges = list(badges)
    if ctx.bots[seat]:
        badges.append(f'<span class="badge badge-cpu">{esc(t("table.cpu"))}</span>')
    if is_turn:
        badges.append(f'<span class="badge badge-turn">{esc(t("table.turn_marker"))}</span>')
    return (f'<div class="plate{" is-turn" if is_turn else ""}" data-seat="{seat}">'
            f'<div class="plate-head"><span class="plate-name">{esc(ctx.names[seat])}</span>'
            f'<span class="plate-badges">{"".join(badges)}</span></div>{body}</div>')


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
