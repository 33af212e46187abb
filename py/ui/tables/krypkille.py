"""The Krypkille table: seats, the trick in play, every card played this round,
the hand of whoever holds the tablet, the showdown, scores and round results."""
from __future__ import annotations

from royaltable.games.krypkille.rules import PENALTY, RANK

from ..html import button, esc
from ..widgets import seat_plate, turn_line

# "\ufe0e" asks for the text form, not an emoji, where a font has both.
GLYPHS = {name: glyph + "\ufe0e" for name, glyph in {
    "mask": "☻", "flowerpot": "✿", "wreath": "❀", "inn": "⌂", "horse": "♞",
    "pig": "♣", "hussar": "⚔", "cuckoo": "♪", "jester": "✪"}.items()}


def card_label(name: str, t) -> str:
    return name if name.isdigit() else t("kk.card." + name)


def tier(name: str) -> str:
    rank = RANK[name]
    return "low" if rank < RANK["1"] else "num" if rank <= RANK["12"] else "high"


def card(name: str, t, size: str = "", cmd: str = "", arg: str = "", selected: bool = False) -> str:
    label = card_label(name, t)
    penalty = PENALTY[RANK[name]]
    aria = f"{label}, {t('kk.penalty', n=penalty)}"
    face = (f'<span class="kk-corner">{esc(label)}</span>'
            f'<span class="kk-face">{esc(name) if name.isdigit() else GLYPHS[name]}</span>'
            + ("" if name.isdigit() else f'<span class="kk-name">{esc(label)}</span>') +
            f'<span class="kk-pen">{esc(t("kk.penalty", n=penalty))}</span>')
    cls = f"kk-card tier-{tier(name)} {size}" + (" is-selected" if selected else "")
    if selected:
        face += '<span class="kk-check" aria-hidden="true">✓</span>'
    if cmd:
        pressed = f' aria-pressed="{"true" if selected else "false"}"' if cmd == "select" else ""
        return (f'<button type="button" class="{cls} is-playable" data-cmd="{cmd}" data-arg="{esc(arg)}"'
                f' aria-label="{esc(aria)}"{pressed}>{face}</button>')
    return f'<div class="{cls}" role="img" aria-label="{esc(aria)}">{face}</div>'


# ---- renderer hooks used by the app shell ---------------------------------------

def auto_play(view: dict, legal: list[str]) -> bool:
    """Follows are forced (KK-11): the app plays them, visibly, after a pause."""
    return view["phase"] == "play" and bool(view["tricks"][-1]) and len(legal) == 1


def pause_after(before: dict, after: dict) -> bool:
    """Stop after each round to show every last card and the scores (KK-16)."""
    return len(after["rounds"]) > len(before["rounds"])


def opening_log(view: dict):
    return [("kk.log.deal", {"n": view["round"], "name": ("seat", view["dealer"])})]


def describe(before: dict, action: str, seat: int, after: dict, forced: bool):
    """The move log in public words: discards are counted, never named."""
    who = ("seat", seat)
    words = action.split()
    lines = []
    if action == "keep":
        lines.append(("kk.log.keep", {"name": who}))
    elif words[0] == "discard":
        lines.append(("kk.log.discard", {"name": who, "n": len(words) - 1}))
    elif words[0] == "play":
        played = words[1]
        trick = before["tricks"][-1]
        key = "kk.log.lead" if not trick else "kk.log.forced" if forced else "kk.log.follow"
        lines.append((key, {"name": who, "card": _card_param(played)}))
        if len(trick) + 1 == before["players"]:
            plays = [(p["seat"], RANK[p["card"]]) for p in trick] + [(seat, RANK[played])]
            top = max(rank for _, rank in plays)
            winner = [s for s, rank in plays if rank == top][-1]
            lines.append(("kk.log.trick", {"name": ("seat", winner)}))
    elif action == "pass":
        lines.append(("kk.log.pass", {"name": who}))
    if len(after["rounds"]) > len(before["rounds"]):
        summary = after["rounds"][-1]
        if action == "declare":
            lines.append(("kk.log.declare", {"name": who, "card": _card_param(summary["last"][seat])}))
        lines.append(_outcome_line(summary))
        if after["phase"] != "over":
            lines.append(("kk.log.deal", {"n": after["round"], "name": ("seat", after["dealer"])}))
    return lines


def _card_param(name: str):
    return name if name.isdigit() else ("tr", "kk.card." + name)


def _outcome_line(summary: dict):
    outcome = summary["outcome"]
    if outcome in ("success", "fail"):
        return ("kk.outcome." + outcome, {"name": ("seat", summary["declarer"])})
    if outcome == "coward":
        coward = summary["scores"].index(max(summary["scores"]))
        return ("kk.outcome.coward", {"name": ("seat", coward)})
    return ("kk.outcome.void", {})


def _outcome_text(summary: dict, ctx) -> str:
    key, params = _outcome_line(summary)
    params = {k: ctx.names[v[1]] if isinstance(v, tuple) else v for k, v in params.items()}
    return ctx.t(key, **params)


# ---- the table --------------------------------------------------------------------

def render(view: dict, ctx) -> str:
    t = ctx.t
    parts = [_status(view, ctx), _seats(view, ctx), _trick_area(view, ctx), _hand(view, ctx)]
    if ctx.paused and view["rounds"]:
        parts.insert(0, _round_summary(view, ctx))
    return f'<section class="kk" aria-label="{esc(t("game.krypkille"))}">{"".join(parts)}</section>'


def _status(view, ctx) -> str:
    t = ctx.t
    phase = view["phase"]
    if phase == "discard":
        phase_text = t("kk.phase.discard")
    elif phase == "play":
        phase_text = t("kk.phase.play", n=len(view["tricks"]))
    elif phase == "showdown":
        phase_text = t("kk.phase.showdown")
    else:
        phase_text = t("result.title")
    # KK-11: a person's follow is forced; the app plays it, visibly
    forced = phase == "play" and bool(view["tricks"][-1])
    turn = turn_line(ctx, view["current"], forced, "kk.hint.forced")
    return (f'<div class="status-bar"><span class="chip">{esc(t("kk.round", n=view["round"]))}</span>'
            f'<span class="chip">{esc(t("kk.limit", n=view["limit"]))}</span>'
            f'<span class="chip">{esc(t("kk.stock", n=view["stock"]))}</span>'
            f'<span class="status-phase">{esc(phase_text)}</span>'
            f'<strong class="status-turn" aria-live="polite">{esc(turn)}</strong></div>')


def _seats(view, ctx) -> str:
    t = ctx.t
    plates = []
    showdown = {p["seat"]: p["choice"] for p in view["showdown"]}
    for seat in range(view["players"]):
        is_turn = seat == view["current"]
        badges = []
        if seat == view["dealer"]:
            badges.append(f'<span class="badge badge-dealer">{esc(t("kk.dealer"))}</span>')
        facts = [t("kk.hand_count", n=view["hand_sizes"][seat])]
        if view["discarded"][seat] is not None and view["phase"] == "discard":
            facts.append(t("kk.discarded", n=view["discarded"][seat]))
        if seat in showdown:
            facts.append(t("kk.showdown.choice." + showdown[seat]))
        backs = '<span class="kk-back" aria-hidden="true"></span>' * view["hand_sizes"][seat]
        plates.append(seat_plate(ctx, seat, is_turn, badges,
                                 f'<div class="plate-total">{esc(t("kk.total", n=view["totals"][seat]))}</div>'
                                 f'<div class="plate-backs">{backs}</div>'
                                 f'<div class="plate-facts">{esc(" · ".join(facts))}</div>'))
    return f'<div class="plates">{"".join(plates)}</div>'


def _trick_area(view, ctx) -> str:
    t = ctx.t
    tricks = view["tricks"]
    if not tricks:   # the discard: the stock and the face-down discards, counted
        thrown = sum(d or 0 for d in view["discarded"])
        piles = [(t("kk.stock", n=view["stock"]), view["stock"]), (t("kk.discard_pile", n=thrown), thrown)]
        return ('<div class="kk-center kk-piles">' + "".join(
            f'<div class="kk-pile"><div class="kk-pile-cards">'
            f'{"<span class=kk-back></span>" * min(count, 12)}</div><div>{esc(label)}</div></div>'
            for label, count in piles) + '</div>')
    current = tricks[-1]
    played = "".join(
        f'<figure class="kk-played">{card(p["card"], t)}<figcaption>{esc(ctx.names[p["seat"]])}</figcaption></figure>'
        for p in current) or f'<p class="kk-empty">{esc(t("kk.table_empty"))}</p>'
    history = []
    for number, trick in enumerate(tricks[:-1], 1):
        top = max(RANK[p["card"]] for p in trick)
        winner = [p["seat"] for p in trick if RANK[p["card"]] == top][-1]
        minis = "".join(card(p["card"], t, "mini") for p in trick)
        history.append(f'<div class="kk-past"><span class="kk-past-label">{esc(t("kk.trick", n=number))}'
                       f'<br><small>{esc(t("kk.trick_won", name=ctx.names[winner]))}</small></span>'
                       f'<div class="kk-past-cards">{minis}</div></div>')
    if view["phase"] == "showdown":
        title = t("kk.phase.showdown")
    else:
        title = t("kk.trick", n=len(tricks))
    return (f'<div class="kk-center"><div class="kk-trick" aria-label="{esc(title)}">'
            f'<div class="kk-trick-title">{esc(title)}</div><div class="kk-trick-cards">{played}</div></div>'
            f'<div class="kk-history">{"".join(history)}</div></div>')


def _hand(view, ctx) -> str:
    t = ctx.t
    if ctx.viewer is None or view["hand"] is None:
        return f'<div class="kk-hand is-hidden"><p>{esc(t("kk.hand_hidden"))}</p></div>'
    hand = view["hand"]
    legal = ctx.legal
    phase = view["phase"]
    controls = ""
    hint = ""
    if legal and phase == "discard":
        hint = t("kk.hint.discard")
        cards = "".join(card(name, t, "big", "select", str(i), i in ctx.selection) for i, name in enumerate(hand))
        chosen = sorted((hand[i] for i in ctx.selection), key=RANK.get)
        if not chosen:
            controls = button(esc(t("kk.keep_all")), "act", "keep", cls="btn-primary")
        elif len(chosen) > 3:
            controls = button(esc(t("kk.too_many")), "act", "", cls="btn-primary", disabled=True)
        else:
            controls = button(esc(t("kk.discard_n", n=len(chosen))), "act",
                              "discard " + " ".join(chosen), cls="btn-primary")
    elif legal and phase == "play":
        hint = t("kk.hint.lead")
        playable = {a.split()[1] for a in legal}
        cards = "".join(card(name, t, "big", "act", "play " + name) if name in playable
                        else card(name, t, "big") for name in hand)
    elif legal and phase == "showdown":
        hint = t("kk.hint.showdown")
        cards = "".join(card(name, t, "big") for name in hand)
        controls = (button(esc(t("kk.declare")), "act", "declare", cls="btn-primary")
                    + button(esc(t("kk.pass")), "act", "pass"))
    else:
        cards = "".join(card(name, t, "big") for name in hand)
    return (f'<div class="kk-hand"><div class="kk-hand-head"><h2>{esc(t("kk.your_hand", name=ctx.names[ctx.viewer]))}</h2>'
            f'<span class="hint">{esc(hint)}</span></div>'
            f'<div class="kk-hand-cards">{cards}</div><div class="kk-controls">{controls}</div></div>')


def _scores(view, ctx) -> str:
    t = ctx.t
    n = view["players"]
    head = "".join(f"<th scope=\"col\">{esc(ctx.names[s])}</th>" for s in range(n))
    rows = []
    for summary in view["rounds"][-8:]:
        cells = "".join(f"<td>{s}</td>" for s in summary["scores"])
        rows.append(f'<tr><th scope="row">{summary["round"]}</th>{cells}</tr>')
    totals = "".join(f"<td><strong>{v}</strong></td>" for v in view["totals"])
    return (f'<h2 class="side-title">{esc(t("kk.scores"))}</h2>'
            f'<p class="hint">{esc(t("kk.lowest_wins"))}</p>'
            f'<div class="table-wrap"><table class="scores"><thead><tr><th scope="col">{esc(t("kk.scores.round"))}</th>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody><tfoot><tr><th scope="row">Σ</th>{totals}</tr></tfoot></table></div>')


def _round_summary(view, ctx) -> str:
    t = ctx.t
    summary = view["rounds"][-1]
    rows = []
    for seat in range(view["players"]):
        mark = " ★" if seat == summary["declarer"] else ""
        rows.append(f'<tr><th scope="row">{esc(ctx.names[seat])}{mark}</th>'
                    f'<td>{card(summary["last"][seat], t, "mini")}</td>'
                    f'<td>+{summary["scores"][seat]}</td><td><strong>{summary["totals"][seat]}</strong></td></tr>')
    label = t("kk.final_scores") if view["phase"] == "over" else t("kk.next_round")
    return (f'<div class="overlay"><section class="dialog kk-summary" role="dialog" aria-live="assertive">'
            f'<h2>{esc(t("kk.round_over", n=summary["round"]))}</h2>'
            f'<p class="kk-outcome">{esc(_outcome_text(summary, ctx))}</p>'
            f'<table class="scores"><thead><tr><th></th><th>{esc(t("kk.last_card"))}</th>'
            f'<th>{esc(t("kk.round_score"))}</th><th>Σ</th></tr></thead><tbody>{"".join(rows)}</tbody></table>'
            f'<div class="dialog-actions">{button(esc(label), "resume", cls="btn-primary btn-big")}</div>'
            f'</section></div>')


def side(view, ctx) -> str:
    return _scores(view, ctx)


def result_detail(view, ctx) -> str:
    return _scores(view, ctx)
