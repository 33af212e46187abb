"""The Krypkille table: seats, the trick in play, every card played this round,
the hand of whoever holds the tablet, the showdown, scores and round results."""
from __future__ import annotations

from royaltable.games.krypkille import GAME
from royaltable.games.krypkille.actions import Declare, Discard, Keep, Pass, Play
from royaltable.games.krypkille.rules import PENALTY, RANK

from ...html import button, esc, tappable
from ...i18n import load_game
from ...widgets import seat_plate, turn_line
from ...table import Table

load_game("krypkille")

# Pictures for the named cards, drawn in SVG (a font may lack the symbols).
PAPER = "#fffdf7"
FACES = {
    "mask": '<path d="M5 17c6-5 13-5 19 0 6-5 13-5 19 0-1 11-6 17-12 17-3 0-5-2-7-5-2 3-4 5-7 5-6 0-11-6-12-17z"/>'
            f'<ellipse cx="14.5" cy="23" rx="4.6" ry="3" fill="{PAPER}"/><ellipse cx="33.5" cy="23" rx="4.6" ry="3" fill="{PAPER}"/>'
            '<path d="M41 30l4 13" stroke="currentColor" stroke-width="2.6" stroke-linecap="round"/>',
    "flowerpot": '<path d="M13 31h22l-3 13H16z"/><rect x="11" y="28" width="26" height="4" rx="1.5"/>'
                 '<path d="M24 28V15" stroke="currentColor" stroke-width="2.2"/>'
                 '<path d="M24 24c-5-1-8-4-8-7 4 0 7 3 8 7zM24 22c4-1 7-3 7-6-3 0-6 2-7 6z"/>'
                 '<circle cx="24" cy="7" r="3.4"/><circle cx="29.5" cy="10.5" r="3.4"/><circle cx="18.5" cy="10.5" r="3.4"/>'
                 '<circle cx="27.5" cy="16" r="3.4"/><circle cx="20.5" cy="16" r="3.4"/>'
                 f'<circle cx="24" cy="11.5" r="2.6" fill="{PAPER}"/>',
    "wreath": '<ellipse cx="28.8" cy="12.8" rx="2.6" ry="5" transform="rotate(20 28.8 12.8)"/><ellipse cx="33.5" cy="15.7" rx="2.6" ry="5" transform="rotate(42 33.5 15.7)"/><ellipse cx="36.7" cy="20.1" rx="2.6" ry="5" transform="rotate(65 36.7 20.1)"/><ellipse cx="38.0" cy="25.4" rx="2.6" ry="5" transform="rotate(88 38.0 25.4)"/><ellipse cx="37.2" cy="30.8" rx="2.6" ry="5" transform="rotate(110 37.2 30.8)"/><ellipse cx="34.3" cy="35.5" rx="2.6" ry="5" transform="rotate(132 34.3 35.5)"/><ellipse cx="29.9" cy="38.7" rx="2.6" ry="5" transform="rotate(155 29.9 38.7)"/><ellipse cx="19.2" cy="12.8" rx="2.6" ry="5" transform="rotate(340 19.2 12.8)"/><ellipse cx="14.5" cy="15.7" rx="2.6" ry="5" transform="rotate(318 14.5 15.7)"/><ellipse cx="11.3" cy="20.1" rx="2.6" ry="5" transform="rotate(295 11.3 20.1)"/><ellipse cx="10.0" cy="25.4" rx="2.6" ry="5" transform="rotate(272 10.0 25.4)"/><ellipse cx="10.8" cy="30.8" rx="2.6" ry="5" transform="rotate(250 10.8 30.8)"/><ellipse cx="13.7" cy="35.5" rx="2.6" ry="5" transform="rotate(228 13.7 35.5)"/><ellipse cx="18.1" cy="38.7" rx="2.6" ry="5" transform="rotate(205 18.1 38.7)"/><path d="M19 40l5-4 5 4-5 5z"/>',
    "inn": '<path d="M24 5 4 21h5v20h30V21h5z"/><rect x="20" y="29" width="8" height="12" fill="#fffdf7"/>'
           '<rect x="12" y="24" width="6" height="6" fill="#fffdf7"/><rect x="30" y="24" width="6" height="6" fill="#fffdf7"/>'
           '<path d="M34 8h5v9l-5-4z"/>',
    "horse": '<path d="M13 43c0-9 3-15 9-19l-5-1 1-7 4-1 3-7 3 5c6 2 10 8 11 15l-4 3-5-3-3 4c3 3 5 7 5 11z"/>'
             f'<circle cx="24" cy="15" r="1.7" fill="{PAPER}"/>',
    "pig": '<ellipse cx="21" cy="28" rx="15" ry="11"/><circle cx="34" cy="24" r="8"/>'
           '<path d="M30 15l5-7 3 8zM36 16l6-4 0 8z"/>'
           f'<ellipse cx="40" cy="26" rx="3.6" ry="3" fill="{PAPER}"/>'
           '<rect x="11" y="36" width="4" height="8" rx="1.5"/><rect x="27" y="36" width="4" height="8" rx="1.5"/>'
           '<path d="M6 25c-4-1-4-5-1-5" fill="none" stroke="currentColor" stroke-width="2"/>'
           f'<circle cx="35" cy="21" r="1.4" fill="{PAPER}"/>',
    "hussar": '<path d="M10 41 36 11l3 3L13 44z"/><path d="M34 6l8 8-3 3-8-8z"/><path d="M7 37l4 4-5 5-4-4z"/>'
              '<path d="M8 38c-3-7 0-13 6-15" fill="none" stroke="currentColor" stroke-width="2.4"/>',
    "cuckoo": '<path d="M7 29c0-9 8-15 17-15 5 0 8 2 11 5l8-2-5 6c0 10-9 16-19 16-7 0-12-3-12-10z"/>'
              f'<circle cx="30" cy="21" r="2" fill="{PAPER}"/><path d="M4 28l7-5v11z"/>'
              f'<path d="M13 30c4 4 10 4 14 0" fill="none" stroke="{PAPER}" stroke-width="2"/>',
    "jester": '<path d="M9 36c3-9 3-17-3-25 9 2 13 9 14 18 1-9 2-17 4-24 2 7 3 15 4 24 1-9 5-16 14-18-6 8-6 16-3 25z"/>'
              '<circle cx="6" cy="10" r="3.2"/><circle cx="24" cy="4.5" r="3.2"/><circle cx="42" cy="10" r="3.2"/>'
              '<rect x="8" y="36" width="32" height="7" rx="2.5"/>'
              f'<circle cx="16" cy="39.5" r="1.8" fill="{PAPER}"/><circle cx="24" cy="39.5" r="1.8" fill="{PAPER}"/>'
              f'<circle cx="32" cy="39.5" r="1.8" fill="{PAPER}"/>',
}


def card_label(name: str, t) -> str:
    return name if name.isdigit() else t("kk.card." + name)


def tier(name: str) -> str:
    rank = RANK[name]
    return "low" if rank < RANK["1"] else "num" if rank <= RANK["12"] else "high"


def card(name: str, t, size: str = "", cmd: str = "", arg: str = "", selected: bool = False,
         marks: str = "") -> str:
    """One card face; `marks` adds classes such as is-forced or is-hint. A tappable
    card is named by its visible words plus what tapping does (for screen readers)."""
    label = card_label(name, t)
    penalty = PENALTY[RANK[name]]
    picture = (f'<span class="kk-face">{esc(name)}</span>' if name.isdigit() else
               f'<svg class="kk-face" viewBox="0 0 48 48" aria-hidden="true" fill="currentColor">{FACES[name]}</svg>'
               f'<span class="kk-name">{esc(label)}</span>')
    corner = f'<span class="kk-corner" aria-hidden="true">{esc(label)}</span>' if name.isdigit() else ""
    face = (f'{corner}{picture}<span class="kk-pen">{esc(t("kk.penalty", n=penalty))}</span>')
    cls = f"kk-card tier-{tier(name)} {size} {marks}" + (" is-selected" if selected else "")
    if selected:
        face += '<span class="kk-check" aria-hidden="true">✓</span>'
    data = f' data-card="{esc(name)}"'
    if cmd:
        does = t("kk.tap.select") if cmd == "select" else t("kk.tap.play")
        pressed = f' aria-pressed="{"true" if selected else "false"}"' if cmd == "select" else ""
        return tappable(face + f'<span class="sr-only">, {esc(does)}</span>', cmd, arg,
                        cls + " is-playable", extra=data + pressed)
    aria = f"{label}, {t('kk.penalty', n=penalty)}"
    return f'<div class="{cls}" role="img" aria-label="{esc(aria)}"{data}>{face}</div>'


def trick_winner(trick: list[dict]) -> int:
    """KK-12, on a view's trick: the highest card; of equal cards the later one."""
    top = max(RANK[p["card"]] for p in trick)
    return [p["seat"] for p in trick if RANK[p["card"]] == top][-1]


def _card_param(name: str):
    return name if name.isdigit() else ("tr", "kk.card." + name)


def _listed(labels: list[str], t) -> str:
    """Card names in a sentence: "Mask", "Mask and 4", "Mask, 4 and 7"."""
    return labels[0] if len(labels) == 1 else t("kk.say.and", rest=t.join(labels[:-1]), last=labels[-1])


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


class KrypkilleTable(Table):
    game_id = "krypkille"

    # ---- pace -------------------------------------------------------------------
    def auto_play(self, view, legal):
        """Follows are forced (KK-11): the app plays them, visibly, after a pause."""
        return view["phase"] == "play" and bool(view["tricks"][-1]) and len(legal) == 1

    def pause_after(self, before, after):
        """Stop after each round to show every last card and the scores (KK-16)."""
        return len(after["rounds"]) > len(before["rounds"])

    def linger_after(self, before, after):
        """A finished trick stays in the middle for a moment before the next lead."""
        return len(after["tricks"]) > len(before["tricks"]) and bool(before["tricks"])

    # ---- the log ----------------------------------------------------------------
    def opening_log(self, view):
        return [("kk.log.deal", {"n": view["round"], "name": ("seat", view["dealer"])})]

    def describe(self, before, action, seat, after, forced):
        """The move log in public words: discards are counted, never named."""
        who = ("seat", seat)
        action = GAME.parse(action)
        lines = []
        if isinstance(action, Keep):
            lines.append(("kk.log.keep", {"name": who}))
        elif isinstance(action, Discard):
            lines.append(("kk.log.discard", {"name": who, "n": len(action.cards)}))
        elif isinstance(action, Play):
            played = action.card
            trick = before["tricks"][-1]
            key = "kk.log.lead" if not trick else "kk.log.forced" if forced else "kk.log.follow"
            lines.append((key, {"name": who, "card": _card_param(played)}))
            if len(trick) + 1 == before["players"]:
                winner = trick_winner(trick + [{"seat": seat, "card": played}])
                lines.append(("kk.log.trick", {"name": ("seat", winner)}))
        elif isinstance(action, Pass):
            lines.append(("kk.log.pass", {"name": who}))
        if len(after["rounds"]) > len(before["rounds"]):
            summary = after["rounds"][-1]
            if isinstance(action, Declare):
                lines.append(("kk.log.declare", {"name": who, "card": _card_param(summary["last"][seat])}))
            lines.append(_outcome_line(summary))
            if after["phase"] != "over":
                lines.append(("kk.log.deal", {"n": after["round"], "name": ("seat", after["dealer"])}))
        return lines

    def move_words(self, view, action, t, names):
        match GAME.parse(action):
            case Discard(cards):
                return t("kk.say.discard", cards=_listed([card_label(c, t) for c in cards], t))
            case Play(card):
                return t("kk.say.play", card=card_label(card, t))
            case Keep():
                return t("kk.keep_all")
            case Declare():
                return t("kk.declare")
            case Pass():
                return t("kk.say.pass")

    def refusal_params(self, refusal, t, names):
        """Seats by name, cards by their drawn names."""
        params = super().refusal_params(refusal, t, names)
        for key in ("must", "top"):
            if key in params:
                params[key] = card_label(params[key], t)
        if "hand" in params:
            params["hand"] = t.join(card_label(name, t) for name in params["hand"])
        return params

    # ---- the table ----------------------------------------------------------------
    def render(self, view, ctx):
        parts = [self._status(view, ctx), self._seats(view, ctx), self._centre(view, ctx),
                 self._hand(view, ctx)]
        return f'<section class="kk" aria-label="{esc(ctx.t("game.krypkille"))}">{"".join(parts)}</section>'

    def side(self, view, ctx):
        return self._scores(view, ctx)

    def result_detail(self, view, ctx):
        return self._scores(view, ctx)

    def _status(self, view, ctx):
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
        turn = "" if ctx.lingering else turn_line(ctx, view["current"], forced, "kk.hint.forced")
        return (f'<div class="status-bar"><span class="chip">{esc(t("kk.round", n=view["round"]))}</span>'
                f'<span class="chip">{esc(t("kk.stock", n=view["stock"]))}</span>'
                f'<span class="status-phase">{esc(phase_text)}</span>'
                f'<strong class="status-turn" aria-live="polite">{esc(turn)}</strong></div>')

    def _seats(self, view, ctx):
        t = ctx.t
        plates = []
        showdown = {p["seat"]: p["choice"] for p in view["showdown"]}
        for seat in range(view["players"]):
            is_turn = seat == view["current"] and not ctx.lingering
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
                                     f'<div class="plate-line"><span class="plate-total">'
                                     f'{esc(t("kk.total", n=view["totals"][seat]))}</span>'
                                     f'<span class="plate-backs">{backs}</span></div>'
                                     f'<div class="plate-facts">{esc(" · ".join(facts))}</div>'))
        return f'<div class="plates">{"".join(plates)}</div>'

    def _centre(self, view, ctx):
        t = ctx.t
        tricks = view["tricks"]
        if not tricks:   # the discard: the stock and the face-down discards, counted
            thrown = sum(d or 0 for d in view["discarded"])
            piles = [(t("kk.stock", n=view["stock"]), view["stock"]),
                     (t("kk.discard_pile", n=thrown), thrown)]
            return ('<div class="kk-center kk-piles">' + "".join(
                f'<div class="kk-pile"><div class="kk-pile-cards">'
                f'{"<span class=kk-back></span>" * min(count, 12)}</div><div>{esc(label)}</div></div>'
                for label, count in piles) + '</div>')
        # While a finished trick lingers it stays in the middle, with its winner.
        shown = len(tricks) - (2 if ctx.lingering else 1)
        current = tricks[shown]
        winner = trick_winner(current) if ctx.lingering else None
        played = "".join(
            f'<figure class="kk-played{" is-winner" if p["seat"] == winner else ""}">{card(p["card"], t)}'
            f'<figcaption>{esc(ctx.names[p["seat"]])}</figcaption></figure>'
            for p in current) or f'<p class="kk-empty">{esc(t("kk.table_empty"))}</p>'
        history = []
        for number, trick in enumerate(tricks[:shown], 1):
            minis = "".join(card(p["card"], t, "mini") for p in trick)
            history.append(f'<div class="kk-past"><span class="kk-past-label">{esc(t("kk.trick", n=number))}'
                           f' <small>{esc(t("kk.trick_won", name=ctx.names[trick_winner(trick)]))}</small></span>'
                           f'<div class="kk-past-cards">{minis}</div></div>')
        if view["phase"] == "showdown":
            title = t("kk.phase.showdown")
        elif ctx.lingering:
            title = t("kk.trick", n=shown + 1) + " · " + t("kk.trick_won", name=ctx.names[winner])
        else:
            title = t("kk.trick", n=shown + 1)
        skip = (button(esc(t("kk.continue")), "resume", cls="btn-small kk-skip") if ctx.lingering else "")
        return (f'<div class="kk-center{" is-lingering" if ctx.lingering else ""}">'
                f'<div class="kk-trick" aria-label="{esc(title)}">'
                f'<div class="kk-trick-title">{esc(title)}{skip}</div><div class="kk-trick-cards">{played}</div></div>'
                f'<div class="kk-history">{"".join(history)}</div></div>')

    def _hand(self, view, ctx):
        t = ctx.t
        if ctx.viewer is None or view["hand"] is None:
            return f'<div class="kk-hand is-hidden"><p>{esc(t("kk.hand_hidden"))}</p></div>'
        hand = view["hand"]
        legal = ctx.legal
        phase = view["phase"]
        suggested = GAME.parse(ctx.hint) if ctx.hint else None
        hinted = list(suggested.cards) if isinstance(suggested, Discard) else []
        controls = ""
        hint = ""
        if legal and phase == "discard":
            hint = t("kk.hint.discard")
            cards = []
            for i, name in enumerate(hand):
                mark = ""
                if name in hinted:
                    hinted.remove(name)
                    mark = "is-hint"
                cards.append(card(name, t, "big", "select", str(i), i in ctx.selection, mark))
            cards = "".join(cards)
            chosen = sorted((hand[i] for i in ctx.selection), key=RANK.get)
            if not chosen:
                controls = button(esc(t("kk.keep_all")), "act", Keep(), cls="btn-primary")
            elif len(chosen) > 3:
                controls = button(esc(t("kk.too_many")), "act", "", cls="btn-primary", disabled=True)
            else:
                controls = button(esc(t("kk.discard_n", n=len(chosen))), "act",
                                  Discard(tuple(chosen)), cls="btn-primary")
        elif legal and phase == "play":
            hint = t("kk.hint.lead")
            playable = {action.card for action in map(GAME.parse, legal) if isinstance(action, Play)}
            cards = "".join(card(name, t, "big", "act", Play(name)) if name in playable
                            else card(name, t, "big") for name in hand)
        elif legal and phase == "showdown":
            hint = t("kk.hint.showdown")
            cards = "".join(card(name, t, "big") for name in hand)
            controls = (button(esc(t("kk.declare")), "act", Declare(), cls="btn-primary")
                        + button(esc(t("kk.pass")), "act", Pass()))
        else:
            # KK-11: the card the app is about to play for this person is marked first.
            coming = GAME.parse(ctx.forced) if ctx.forced else None
            forced = coming.card if isinstance(coming, Play) else None
            cards = []
            for name in hand:
                mark = "is-forced" if name == forced else ""
                forced = None if mark else forced
                cards.append(card(name, t, "big", marks=mark))
            cards = "".join(cards)
            if ctx.forced:
                hint = t("kk.forced_card")
        if ctx.hint:
            hint = t("hint.shown")
        return (f'<div class="kk-hand" data-private><div class="kk-hand-head"><h2>{esc(t("kk.your_hand", name=ctx.names[ctx.viewer]))}</h2>'
                f'<span class="hint">{esc(hint)}</span></div>'
                f'<div class="kk-hand-row"><div class="kk-hand-cards">{cards}</div>'
                f'<div class="kk-controls">{controls}</div></div></div>')

    def _scores(self, view, ctx):
        """One row per player (it fits six players and long names), the latest
        rounds as columns, the total last."""
        t = ctx.t
        rounds = view["rounds"][-4:]
        head = "".join(f'<th scope="col">{esc(t("kk.scores.round_n", n=r["round"]))}</th>' for r in rounds)
        rows = []
        low = min(view["totals"])
        for seat in range(view["players"]):
            cells = "".join(f"<td>{r['scores'][seat]}</td>" for r in rounds)
            lead = " is-leading" if view["totals"][seat] == low and view["rounds"] else ""
            rows.append(f'<tr class="{lead.strip()}"><th scope="row" class="scores-name">{esc(ctx.names[seat])}</th>'
                        f'{cells}<td class="scores-total"><strong>{view["totals"][seat]}</strong></td></tr>')
        return (f'<h2 class="side-title">{esc(t("kk.scores"))}</h2>'
                f'<p class="hint">{esc(t("kk.lowest_wins"))} · {esc(t("kk.limit", n=view["limit"]))}</p>'
                f'<table class="scores kk-scores"><thead><tr><th scope="col">{esc(t("kk.scores.player"))}</th>{head}'
                f'<th scope="col">Σ</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')

    def summary(self, view, ctx):
        t = ctx.t
        summary = view["rounds"][-1]
        rows = []
        for seat in range(view["players"]):
            mark = " ★" if seat == summary["declarer"] else ""
            rows.append(f'<tr><th scope="row" class="scores-name">{esc(ctx.names[seat])}{mark}</th>'
                        f'<td>{card(summary["last"][seat], t, "mini")}</td>'
                        f'<td>+{summary["scores"][seat]}</td><td><strong>{summary["totals"][seat]}</strong></td></tr>')
        label = t("kk.final_scores") if view["phase"] == "over" else t("kk.next_round")
        return (f'<section class="dialog kk-summary" role="dialog" aria-live="assertive" data-screen="summary">'
                f'<h2>{esc(t("kk.round_over", n=summary["round"]))}</h2>'
                f'<p class="kk-outcome">{esc(_outcome_text(summary, ctx))}</p>'
                f'<table class="scores"><thead><tr><th></th><th>{esc(t("kk.last_card"))}</th>'
                f'<th>{esc(t("kk.round_score"))}</th><th>Σ</th></tr></thead><tbody>{"".join(rows)}</tbody></table>'
                f'<div class="dialog-actions">{button(esc(label), "resume", cls="btn-primary btn-big")}</div>'
                f'</section>')


TABLE = KrypkilleTable()
