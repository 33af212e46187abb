"""The 王への請願 (To Court the King) table: the dice tray, the characters of
each player, the supply with what the current dice would earn, the rotating
start player, the King and the final round."""
from __future__ import annotations

from royaltable.games.court.rules import CARDS, CHARACTERS

from ..html import button, esc
from ..widgets import seat_plate, turn_line

# Dice are public and there are no hidden hands: no hand-off screen needed.
HAND_OFF = False
# A computer turn is many small steps; a shorter pause keeps it lively but followable.
BOT_DELAY_MS = 450

PIPS = {1: [(50, 50)], 2: [(28, 28), (72, 72)], 3: [(28, 28), (50, 50), (72, 72)],
        4: [(28, 28), (72, 28), (28, 72), (72, 72)],
        5: [(28, 28), (72, 28), (50, 50), (28, 72), (72, 72)],
        6: [(28, 25), (72, 25), (28, 50), (72, 50), (28, 75), (72, 75)]}


def name(card: str, t) -> str:
    return CHARACTERS[card]["name"][t.lang]


def die(value, t, cmd: str = "", arg: str = "", cls: str = "") -> str:
    """A die drawn as a die (SVG pips), with its value in words for screen readers."""
    if value is None:
        face = '<text x="50" y="64" text-anchor="middle" font-size="44">?</text>'
        label = t("ct.die.unrolled")
    else:
        face = "".join(f'<circle cx="{x}" cy="{y}" r="9"/>' for x, y in PIPS[value])
        label = t("ct.die.value", n=value)
    svg = (f'<svg viewBox="0 0 100 100" aria-hidden="true"><rect x="4" y="4" width="92" height="92" rx="18"/>'
           f'{face}</svg>')
    if cmd:
        return (f'<button type="button" class="ct-die is-playable {cls}" data-cmd="{cmd}" data-arg="{esc(arg)}"'
                f' aria-label="{esc(label)}">{svg}</button>')
    return f'<span class="ct-die {cls}" role="img" aria-label="{esc(label)}">{svg}</span>'


def kind_text(kind, t) -> str:
    return t("ct.kind", count=kind["count"], face=kind["face"]) if kind else t("ct.kind.none")


# ---- renderer hooks used by the app shell ---------------------------------------

def auto_play(view: dict, legal: list[str]) -> bool:
    return False


def pause_after(before: dict, after: dict) -> bool:
    return False


def opening_log(view: dict):
    return [("ct.log.start", {"name": ("seat", view["start_player"])})]


def describe(before: dict, action: str, seat: int, after: dict, forced: bool):
    who = ("seat", seat)
    verb, _, arg = action.partition(" ")
    lines = []
    if verb == "roll":
        dice = after["dice"]["active"] if after["current"] == seat else []
        lines.append(("ct.log.roll", {"name": who, "dice": " ".join(map(str, sorted(dice)))}))
    elif verb == "aside":
        lines.append(("ct.log.aside_all" if arg == "all" else "ct.log.aside", {"name": who, "n": arg}))
    elif verb == "use":
        lines.append(("ct.log.use", {"name": who, "card": ("tr", "ct.card." + arg)}))
    elif verb == "take":
        lines.append(("ct.log.take", {"name": who, "card": ("tr", "ct.card." + arg)}))
    elif verb == "pass":
        lines.append(("ct.log.pass", {"name": who}))
    turn_ended = len(after["history"]) and (after["history"] != before["history"])
    if turn_ended:
        last = after["history"][-1]
        if last["final"]:
            key = "ct.log.final_king" if last["took"] == "king" else "ct.log.final_miss"
            lines.append((key, {"name": who, "dice": " ".join(map(str, last["dice"]))}))
    if after["final_round"] and not before["final_round"]:
        lines.append(("ct.log.final_round", {}))
    elif after["round"] != before["round"] and after["phase"] != "over":
        lines.append(("ct.log.round", {"n": after["round"], "name": ("seat", after["start_player"])}))
    return lines


# ---- the table --------------------------------------------------------------------

def render(view: dict, ctx) -> str:
    return (f'<section class="ct" aria-label="{esc(ctx.t("game.court"))}">'
            f'{_status(view, ctx)}{_players(view, ctx)}{_tray(view, ctx)}{_supply(view, ctx)}</section>')


def side(view: dict, ctx) -> str:
    return _standings(view, ctx)


def result_detail(view: dict, ctx) -> str:
    return _standings(view, ctx)


def _status(view, ctx) -> str:
    t = ctx.t
    current = view["current"]
    chips = [t("ct.round", n=view["round"]),
             t("ct.start_player", name=ctx.names[view["start_player"]])]
    if view["final_round"]:
        chips.insert(0, "♛ " + t("ct.final_round"))
    if view["king_holder"] is not None:
        chips.append(t("ct.king_to_beat", name=ctx.names[view["king_holder"]],
                       kind=kind_text(view["king_result"], t)))
    turn = turn_line(ctx, current)
    return ('<div class="status-bar">' + "".join(f'<span class="chip">{esc(c)}</span>' for c in chips)
            + f'<strong class="status-turn" aria-live="polite">{esc(turn)}</strong></div>')


def _players(view, ctx) -> str:
    t = ctx.t
    plates = []
    order = view["order"]
    for seat in range(view["players"]):
        is_turn = seat == view["current"]
        badges = []
        if seat == view["start_player"]:
            badges.append(f'<span class="badge badge-dealer">{esc(t("ct.starts"))}</span>')
        if seat == view["king_holder"]:
            badges.append(f'<span class="badge badge-king">♛ {esc(t("ct.card.king"))}</span>')
        cards = "".join(
            f'<span class="ct-chip{" is-used" if c["used"] else ""}">{esc(name(c["card"], t))}'
            f'{" ✓" if c["used"] else ""}</span>'
            for c in view["hands"][seat] if c["card"] != "king") or f'<span class="hint">{esc(t("ct.no_cards"))}</span>'
        position = order.index(seat) + 1 if seat in order else "–"
        plates.append(seat_plate(ctx, seat, is_turn, badges,
                                 f'<div class="plate-facts">{esc(t("ct.plate", dice=view["start_dice"][seat], n=position))}</div>'
                                 f'<div class="ct-chips">{cards}</div>'))
    return f'<div class="plates">{"".join(plates)}</div>'


def _tray(view, ctx) -> str:
    t = ctx.t
    dice = view["dice"]
    legal = set(ctx.legal)
    pending = view["pending"]
    rolled_now = ctx.last_action in ("roll", "use jester", "confirm")
    active = []
    picked = list(pending["picked"]) if pending else []
    for value in dice["active"]:
        cls = "is-rolling" if rolled_now else ""
        if value in picked:
            picked.remove(value)
            cls += " is-picked"
        if f"pick {value}" in legal:
            active.append(die(value, t, "act", f"pick {value}", cls))
        elif f"aside {value}" in legal:
            active.append(die(value, t, "act", f"aside {value}", cls))
        else:
            active.append(die(value, t, cls=cls))
    aside = "".join(die(v, t, cls="is-aside") for v in dice["aside"])
    current = view["current"]
    best = view["best"]
    summary = ""
    if dice["rolled"]:
        summary = t("ct.best", kind=kind_text(best, t), total=sum(dice["aside"]) + sum(
            v for v in dice["active"] if v))
    controls = _controls(view, ctx, legal)
    owner = ctx.names[current] if current is not None else ""
    hint = ""
    if ctx.legal:
        if pending:
            hint = t("ct.hint.pick" if pending["step"] == "pick" else "ct.hint.value",
                     card=name(pending["card"], t))
        elif dice["must_set_aside"]:
            hint = t("ct.hint.aside")
        elif view["phase"] == "take":
            hint = t("ct.hint.take")
    abilities = _abilities(view, ctx, legal)
    return (f'<div class="ct-tray"><div class="ct-tray-head"><h2>{esc(t("ct.tray", name=owner))}</h2>'
            f'<span class="ct-best">{esc(summary)}</span></div>'
            f'<div class="ct-zones"><div class="ct-zone"><div class="ct-zone-title">{esc(t("ct.active"))}</div>'
            f'<div class="ct-dice">{"".join(active) or esc(t("ct.none"))}</div></div>'
            f'<div class="ct-zone ct-zone-aside"><div class="ct-zone-title">{esc(t("ct.aside"))}</div>'
            f'<div class="ct-dice">{aside or esc(t("ct.none"))}</div></div></div>'
            f'<p class="hint ct-hint">{esc(hint)}</p>{abilities}<div class="kk-controls">{controls}</div></div>')


def _controls(view, ctx, legal) -> str:
    t = ctx.t
    out = []
    if "roll" in legal:
        count = sum(1 for _ in view["dice"]["active"])
        out.append(button(esc(t("ct.roll", n=count)), "act", "roll", cls="btn-primary btn-big"))
    if "aside all" in legal:
        out.append(button(esc(t("ct.aside_all")), "act", "aside all"))
    values = [a for a in ctx.legal if a.startswith("value ")]
    if values:
        out.append('<div class="ct-values" role="group">' + "".join(
            button(die(int(a.split()[1]), t), "act", a, cls="btn-die", aria=t("ct.die.value", n=a.split()[1]))
            for a in values) + "</div>")
    for action, key, cls in (("confirm", "ct.confirm", "btn-primary"), ("cancel", "ct.cancel", ""),
                             ("done", "ct.done", "btn-primary"), ("pass", "ct.pass", "")):
        if action in legal:
            out.append(button(esc(t(key)), "act", action, cls=cls))
    return "".join(out)


def _abilities(view, ctx, legal) -> str:
    t = ctx.t
    current = view["current"]
    if current is None:
        return ""
    cards = []
    for held in view["hands"][current]:
        card = held["card"]
        if card == "king":
            continue
        text = f'<strong>{esc(name(card, t))}</strong> <small>{esc(CHARACTERS[card]["ability"][t.lang])}</small>'
        if f"use {card}" in legal:
            cards.append(button(text, "act", f"use {card}", cls="ct-ability"))
        else:
            state = t("ct.used") if held["used"] else ""
            cards.append(f'<span class="ct-ability is-idle">{text}{" · " + esc(state) if state else ""}</span>')
    if not cards:
        return ""
    return f'<div class="ct-abilities" aria-label="{esc(t("ct.abilities"))}">{"".join(cards)}</div>'


ROMAN = {0: "", 1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}


def _supply(view, ctx) -> str:
    t = ctx.t
    earns = set(view["earns"])
    legal = set(ctx.legal)
    cards = []
    for card in CARDS:
        info = CHARACTERS[card]
        left = view["supply"][card]
        copies = t("ct.unlimited") if left is None else t("ct.left", n=left)
        classes = ["ct-card"]
        if card in earns:
            classes.append("is-earned")
        if left == 0:
            classes.append("is-gone")
        row = ROMAN[info["row"]]
        body = (f'<span class="ct-card-name">{esc(info["name"][t.lang])}</span>'
                f'<span class="ct-card-req">{esc(info["requirement"][t.lang])}</span>'
                f'<span class="ct-card-ability">{esc(info["ability"][t.lang])}</span>'
                f'<span class="ct-card-left">{esc(copies)}</span>'
                + (f'<span class="ct-card-row" title="{esc(t("ct.row." + str(info["row"])))}">{row}</span>' if row else "")
                + (f'<span class="ct-card-earn">★ {esc(t("ct.earned"))}</span>' if card in earns else ""))
        if f"take {card}" in legal:
            cards.append(f'<button type="button" class="{" ".join(classes)} is-playable" data-cmd="act" '
                         f'data-arg="take {card}">{body}</button>')
        else:
            cards.append(f'<div class="{" ".join(classes)}">{body}</div>')
    return (f'<div class="ct-supply"><h2 class="side-title">{esc(t("ct.supply"))}</h2>'
            f'<p class="hint">{esc(t("ct.supply.hint"))}</p><div class="ct-grid">{"".join(cards)}</div></div>')


def _standings(view, ctx) -> str:
    t = ctx.t
    rows = []
    for seat in range(view["players"]):
        count = len([c for c in view["hands"][seat] if c["card"] not in ("king", "queen")])
        king = "♛" if seat == view["king_holder"] else ""
        rows.append(f'<tr><th scope="row">{esc(ctx.names[seat])}</th><td>{view["start_dice"][seat]}</td>'
                    f'<td>{count}</td><td>{king}</td></tr>')
    finals = [h for h in view["history"] if h["final"]]
    final_rows = "".join(
        f'<li>{esc(ctx.names[h["seat"]])}: {esc(" ".join(map(str, h["dice"])))}'
        f'{" ♛" if h["took"] == "king" else ""}</li>' for h in finals)
    final = (f'<h3 class="side-title">{esc(t("ct.final_standings"))}</h3><ol class="ct-finals">{final_rows}</ol>'
             if view["final_round"] else "")
    return (f'<h2 class="side-title">{esc(t("ct.players"))}</h2>'
            f'<table class="scores"><thead><tr><th></th><th>{esc(t("ct.col.dice"))}</th>'
            f'<th>{esc(t("ct.col.cards"))}</th><th>♛</th></tr></thead><tbody>{"".join(rows)}</tbody></table>{final}')
