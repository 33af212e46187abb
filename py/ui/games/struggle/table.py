"""The 王の闘争 (King's Struggle) table: every seat around the felt with its
played card (face down until the reveal), markers and total; the ability turn
in progress with the offers on the table; the hand of whoever holds the tablet;
gold, won cards and the best split of each player; the seven rounds, day or night.

Offers are public: making one is a decision in the open (no hand-off). Choosing
a card from one's hand (the lead, the face-down choice, the Knight's second
card) is private."""
from __future__ import annotations

from types import SimpleNamespace

from royaltable.games.struggle import GAME
from royaltable.games.struggle.actions import (NO_PROMISE, PASS, Accept, Discard, Gold, Knight,
                                               KnightDeal, NotUsed, Offer, Pass, Play, Promise,
                                               Steal, Targeted, use_of)
from royaltable.games.struggle.rules import CARD_OF, CHARACTERS, ROUNDS

from ...html import button, esc, tappable
from ...i18n import load_game
from ...widgets import seat_plate, turn_line
from ...table import Table

load_game("struggle")

OFFER_PHASES = ("offer", "offer-gold", "offer-promise")
TURN_PHASES = (*OFFER_PHASES, "decide", "knight")


def _svg(body: str, cls: str) -> str:
    return (f'<svg class="{cls}" viewBox="0 0 48 48" aria-hidden="true" focusable="false" '
            f'fill="currentColor">{body}</svg>')


PAPER = 'fill="var(--st-paper, #fffdf7)"'
# One emblem per character, drawn in SVG (a font may lack any symbol).
EMBLEMS = {
    1: ('<path d="M24 44V21M24 44 15 23M24 44l9-21" fill="none" stroke="currentColor" stroke-width="2.6"/>'
        '<ellipse cx="24" cy="12" rx="4.2" ry="9.5"/>'
        '<ellipse cx="13" cy="16" rx="3.6" ry="8.5" transform="rotate(-24 13 16)"/>'
        '<ellipse cx="35" cy="16" rx="3.6" ry="8.5" transform="rotate(24 35 16)"/>'
        '<rect x="16" y="31" width="16" height="5" rx="2.5"/>'),                        # wheat sheaf
    2: ('<path d="M3 19c7-5 15-5 21-1 6-4 14-4 21 1-1 9-6 15-13 15-4 0-6-3-8-6-2 3-4 6-8 6C9 34 4 28 3 19z"/>'
        f'<ellipse cx="14" cy="23" rx="5" ry="3.2" {PAPER}/><ellipse cx="34" cy="23" rx="5" ry="3.2" {PAPER}/>'
        '<path d="M20 38h8l-4 7z"/>'),                                                  # thief's mask
    3: ('<path d="M18 9h12l-3 6c8 3 14 11 14 19 0 7-6 10-17 10S7 41 7 34c0-8 6-16 14-19z"/>'
        '<rect x="16" y="13" width="16" height="4" rx="2"/>'
        f'<circle cx="24" cy="32" r="6.5" fill="none" stroke="var(--st-paper, #fffdf7)" stroke-width="2.6"/>'
        f'<rect x="22.8" y="28" width="2.4" height="8" {PAPER}/>'),                      # money bag
    4: ('<path d="M9 37c1-9 0-15-6-22 8 1 14 6 17 12 0-8 2-14 4-20 2 6 4 12 4 20 3-6 9-11 17-12-6 7-7 13-6 22z"/>'
        '<circle cx="3.5" cy="14" r="3.2"/><circle cx="24" cy="6" r="3.2"/><circle cx="44.5" cy="14" r="3.2"/>'
        '<rect x="8" y="37" width="32" height="6" rx="3"/>'
        f'<circle cx="16" cy="40" r="1.6" {PAPER}/><circle cx="24" cy="40" r="1.6" {PAPER}/>'
        f'<circle cx="32" cy="40" r="1.6" {PAPER}/>'),                                  # jester's cap
    5: ('<path d="M2 24c6-10 14-15 22-15s16 5 22 15c-6 10-14 15-22 15S8 34 2 24z"/>'
        f'<circle cx="24" cy="24" r="10" {PAPER}/><circle cx="24" cy="24" r="5.5"/>'
        f'<circle cx="26" cy="22" r="1.8" {PAPER}/>'),                                  # watching eye
    6: ('<path d="M24 3 41 9v13c0 12-8 19-17 23C15 41 7 34 7 22V9z"/>'
        f'<path d="M21.5 11h5v9h9v5h-9v14h-5V25h-9v-5h9z" {PAPER}/>'),                   # shield
    7: ('<rect x="11" y="8" width="26" height="32" rx="2"/>'
        '<rect x="7" y="4" width="34" height="7" rx="3.5"/><rect x="7" y="37" width="34" height="7" rx="3.5"/>'
        '<path d="M16 17h16M16 22h16M16 27h9" stroke="var(--st-paper, #fffdf7)" stroke-width="2.2"/>'
        f'<circle cx="32" cy="31" r="6" {PAPER}/><circle cx="32" cy="31" r="3.8"/>'),    # sealed scroll
    8: ('<path d="M13 41c0-8 4-13 9-17l-3-1-6 4-5-3 2-6c2-6 7-11 13-13l2-4 3 4c6 1 9 6 9 11 0 8 3 15 3 25z"/>'
        f'<circle cx="21" cy="14" r="1.9" {PAPER}/><rect x="10" y="40" width="30" height="5" rx="2"/>'),
    9: ('<path d="M6 36c2-10 8-17 18-22 10 5 16 12 18 22z"/>'
        '<circle cx="24" cy="9" r="3.4"/><circle cx="12" cy="17" r="2.8"/><circle cx="36" cy="17" r="2.8"/>'
        f'<path d="M24 20l5 6-5 6-5-6z" {PAPER}/><rect x="6" y="36" width="36" height="6" rx="3"/>'),  # tiara
    10: ('<path d="M6 35 4 14l10 8 10-12 10 12 10-8-2 21z"/>'
         '<path d="M22 1h4v4h4v4h-4v4h-4V9h-4V5h4z"/>'
         '<circle cx="4" cy="13" r="2.6"/><circle cx="44" cy="13" r="2.6"/>'
         '<rect x="6" y="37" width="36" height="7" rx="2"/>'
         f'<circle cx="15" cy="40.5" r="2" {PAPER}/><circle cx="24" cy="40.5" r="2" {PAPER}/>'
         f'<circle cx="33" cy="40.5" r="2" {PAPER}/>'),                                 # king's crown
}
CLASS_ICONS = {
    "apple": ('<path d="M24 15c-4-3-15-3-17 7-2 10 5 21 11 21 3 0 4-2 6-2s3 2 6 2c6 0 13-11 11-21-2-10-13-10-17-7z"/>'
              '<path d="M24 15c0-5 2-8 6-10" fill="none" stroke="currentColor" stroke-width="3"/>'
              '<path d="M27 10c4-5 10-4 12-2-3 4-8 4-12 2z"/>'),
    "coins": ('<ellipse cx="24" cy="37" rx="17" ry="7"/><rect x="7" y="24" width="34" height="13"/>'
              f'<ellipse cx="24" cy="24" rx="17" ry="7" stroke="var(--st-paper, #fffdf7)" stroke-width="2.5"/>'
              '<ellipse cx="24" cy="13" rx="13" ry="5.5"/><rect x="11" y="7" width="26" height="6"/>'
              f'<ellipse cx="24" cy="7" rx="13" ry="5.5" stroke="var(--st-paper, #fffdf7)" stroke-width="2.5"/>'),
    "crown": ('<path d="M7 35 4 13l11 9 9-15 9 15 11-9-3 22z"/><rect x="7" y="37" width="34" height="5" rx="1.5"/>'),
}
SCALES = ('<path d="M22 8h4v30h9v5H13v-5h9z"/><rect x="6" y="11" width="36" height="4" rx="2"/>'
          '<path d="M11 15 5 29M11 15l6 14M37 15l-6 14M37 15l6 14" fill="none" stroke="currentColor" stroke-width="2"/>'
          '<path d="M3 29h16a8 5 0 0 1-16 0zM29 29h16a8 5 0 0 1-16 0z"/>')
COIN = ('<circle cx="24" cy="24" r="21"/>'
        '<circle cx="24" cy="24" r="14.5" fill="none" stroke="var(--st-coin-ring, #fff3c4)" stroke-width="3"/>')
SUN = ('<circle cx="24" cy="24" r="9.5"/><path d="M24 2v8M24 38v8M2 24h8M38 24h8M8.5 8.5l5.7 5.7M33.8 33.8l5.7 5.7'
       'M8.5 39.5l5.7-5.7M33.8 14.2l5.7-5.7" stroke="currentColor" stroke-width="4" stroke-linecap="round"/>')
MOON = '<path d="M31 4a20 20 0 1 0 13 32A16 16 0 0 1 31 4z"/>'
EYE = ('<path d="M2 24c6-10 14-15 22-15s16 5 22 15c-6 10-14 15-22 15S8 34 2 24z"/>'
       f'<circle cx="24" cy="24" r="9" {PAPER}/><circle cx="24" cy="24" r="5"/>')
CROSS = '<path d="M10 6 24 20 38 6l4 4-14 14 14 14-4 4-14-14-14 14-4-4 14-14L6 10z"/>'
TROPHY = ('<path d="M12 5h24v5h7c0 8-4 13-10 14-2 4-5 6-7 7v5h6v6H16v-6h6v-5c-2-1-5-3-7-7-6-1-10-6-10-14h7z'
          'M8 14c1 3 3 5 5 6-1-2-1-4-1-6zM40 14h-4c0 2 0 4-1 6 2-1 4-3 5-6z"/>')
FAN = ('<rect x="6" y="10" width="20" height="30" rx="3" transform="rotate(-18 16 40)"/>'
       '<rect x="14" y="6" width="20" height="30" rx="3" stroke="var(--st-paper, #fffdf7)" stroke-width="2.5"/>'
       '<rect x="22" y="10" width="20" height="30" rx="3" transform="rotate(18 32 40)" stroke="var(--st-paper, #fffdf7)" stroke-width="2.5"/>')
WON = ('<rect x="6" y="10" width="22" height="32" rx="3" transform="rotate(-10 17 26)"/>'
       '<rect x="19" y="6" width="22" height="32" rx="3" stroke="var(--st-paper, #fffdf7)" stroke-width="2.5"/>')
# Each seat has a colour and a shape (colour is never the only sign).
SEAT_SHAPES = [
    '<circle cx="24" cy="24" r="19"/>',
    '<rect x="6" y="6" width="36" height="36" rx="4"/>',
    '<path d="M24 4 45 42H3z"/>',
    '<path d="M24 2 46 24 24 46 2 24z"/>',
    '<path d="M24 2l6.5 14.5 15.5 1.6-11.7 10.4 3.4 15.5L24 36l-13.7 8 3.4-15.5L2 18.1l15.5-1.6z"/>',
    '<path d="M13 5h22l11 19-11 19H13L2 24z"/>',
]


def parse(card: str) -> tuple[int, int]:
    """'s2-7' -> (owner 2, power 7)."""
    owner, power = card[1:].split("-")
    return int(owner), int(power)


def power_of(card: str) -> int:
    return parse(card)[1]


def seat_mark(seat: int, cls: str = "st-mark") -> str:
    return _svg(SEAT_SHAPES[seat % 6], f"{cls} st-c{seat}")


def card_label(card: str, t) -> str:
    power = power_of(card)
    char = CHARACTERS[power]
    key = "st.card.label.nego" if char["negotiable"] else "st.card.label"
    return t(key, name=t(f"st.char.{power}"), power=power, cls=t("st.class." + char["class"]))


def card(card_id: str, t, size: str = "", cmd: str = "", arg: str = "", does: str = "",
         marks: str = "", note: str = "") -> str:
    """One card face: the power large, the emblem, the name, its class and, for
    the cards that can be bargained over, the scales. `note` adds words (visible)."""
    owner, power = parse(card_id)
    char = CHARACTERS[power]
    name = t(f"st.char.{power}")
    nego = _svg(SCALES, "st-nego") if char["negotiable"] else ""
    face = (f'<span class="st-power">{power}</span>'
            f'{_svg(CLASS_ICONS[char["class"]], "st-cls")}{nego}'
            f'{_svg(EMBLEMS[power], "st-emblem")}'
            f'<span class="st-name"> {esc(name)}</span>'
            f'{seat_mark(owner, "st-owner")}{note}')
    cls = f"st-card cls-{char['class']} {size} {marks}".strip()
    data = f' data-card="{esc(card_id)}"'
    if cmd:
        hidden = (f'<span class="sr-only"> ({esc(t("st.class." + char["class"]))}'
                  f'{", " + esc(t("st.negotiable.long")) if char["negotiable"] else ""}), {esc(does)}</span>')
        return tappable(face + hidden, cmd, arg, cls + " is-playable", extra=data)
    return f'<div class="{cls}" role="img" aria-label="{esc(card_label(card_id, t))}"{data}>{face}</div>'


def back(seat: int, t, size: str = "") -> str:
    """A card face down: its seat's colour and shape, nothing of the card."""
    return (f'<div class="st-back st-c{seat} {size}" role="img" aria-label="{esc(t("st.card.back"))}">'
            f'{seat_mark(seat, "st-back-mark")}</div>')


def coin(cls: str = "st-coin") -> str:
    return _svg(COIN, cls)


def tokens(plus: int, minus: int, t) -> str:
    out = "".join(f'<span class="st-token is-plus" title="{esc(t("st.marker.plus"))}">+3</span>' for _ in range(plus))
    out += "".join(f'<span class="st-token is-minus" title="{esc(t("st.marker.minus"))}">−3</span>'
                   for _ in range(minus))
    return f'<span class="st-tokens">{out}</span>' if out else ""


def _card_param(card: str):
    return ("tr", f"st.cardname.{power_of(card)}")


def _clockwise(seat: int, n: int) -> list[int]:
    return [(seat + k) % n for k in range(n)]


def _others_from(seat: int, n: int) -> list[int]:
    """The other seats, clockwise from `seat`'s left (the order offers are asked in)."""
    return [(seat + k) % n for k in range(1, n)]


# ---- words for uses, log lines and events (shared by the table, the log and the summary) ---

def use_words(use, view: dict, ctx) -> str:
    """A use of an ability (a view's offer or event names it) in words."""
    t = ctx.t
    use = use_of(use)
    if isinstance(use, NotUsed):
        return t("st.use.none")
    if isinstance(use, KnightDeal):
        return t("st.use.knight")
    if isinstance(use, Knight):
        return t("st.use.knight_card", card=t(f"st.cardname.{power_of(use.card)}"))
    if isinstance(use, Steal):
        return t("st.use.steal", name=ctx.names[use.target], n=min(2, view["gold"][use.target]))
    return t(f"st.use.{use.verb}", name=ctx.names[use.target])


def offer_line(seat: int, use, gold: int) -> tuple:
    use = use_of(use)
    params = {"name": ("seat", seat), "gold": gold}
    if isinstance(use, Targeted):
        params["target"] = ("seat", use.target)
    return (f"st.log.offer.{use.verb}", params)


def event_line(event: dict) -> tuple:
    """A log entry for something an ability did (rules.py's events)."""
    params = {"name": ("seat", event["seat"]), "card": _card_param(event["card"])}
    what = event["what"]
    if what == "gold":
        return ("st.log.gold", {**params, "n": event["gold"]})
    if what == "blocked":
        return ("st.log.blocked", params)
    if what == "no-effect":
        return ("st.log.no_effect", params)
    if what == "not-used":
        return ("st.log.not_used", params)
    verb = use_of(event["use"]).verb
    if "target" in event:
        params["target"] = ("seat", event["target"])
    if verb == "steal":
        params["n"] = event["gold"]
    elif verb == "spy":
        params["back"] = _card_param(event["returned"][0])
        params["card2"] = _card_param(event["replacement"])
    elif verb == "discard":
        params["card2"] = _card_param(event["discarded"][0])
    elif verb == "knight":
        params["card2"] = _card_param(event["companion"])
    return (f"st.log.used.{verb}", params)


def round_end_lines(record: dict, after: dict) -> list:
    """A finished round in the log: ties, the winner, and who leads next."""
    lines = []
    totals = {p["seat"]: p["total"] for p in record["plays"]}
    for total in sorted({totals[s] for s in record["cancelled"]}, reverse=True):
        lines.append(("st.log.tie", {"n": total}))
    if record["winner"] is None:
        lines.append(("st.log.nobody", {}))
    else:
        lines.append(("st.log.won", {"name": ("seat", record["winner"]), "n": len(record["taken"])}))
    if after["phase"] != "over" and after["leader"] is not None:
        lines.append(("st.log.round", {"n": after["round"], "name": ("seat", after["leader"])}))
    return lines


def words(entry, ctx) -> str:
    """A log entry in the screen's language (names and catalog keys resolved)."""
    key, params = entry
    out = {}
    for name, value in params.items():
        if isinstance(value, tuple) and value[0] == "seat":
            value = ctx.names[value[1]]
        elif isinstance(value, tuple) and value[0] == "tr":
            value = ctx.t(value[1])
        out[name] = value
    return ctx.t(key, **out)


def is_hand_choice(action) -> bool:
    """Actions that pick a card from the hand: the lead, the face-down choice, the Knight's card."""
    return isinstance(GAME.parse(action), (Play, Knight))


class StruggleTable(Table):
    game_id = "struggle"
    # An offer is three small steps (use, gold, promise): a shorter pause keeps a
    # computer's bargain quick while each step stays visible.
    bot_delay_ms = 550

    # ---- pace and privacy ---------------------------------------------------------
    def private_decision(self, public_view, private_view, legal):
        """Offers, accepting one and free uses are made in the open (ST-15..ST-17);
        only a card from the hand (lead, face-down choice, the Knight's card) is private."""
        return any(is_hand_choice(action) for action in legal)

    def auto_play(self, view, legal):
        """A person's only possible move (the last card, all the gold one holds) is a formality."""
        return len(legal) == 1

    def pause_after(self, before, after):
        """Each round ends with a summary everybody reads: what cancelled, who won."""
        return len(after["history"]) > len(before["history"])

    # ---- refusals in words -----------------------------------------------------------
    def refusal_params(self, refusal, t, names):
        """Seats as names, a card as its drawn name; the record's texts of uses and
        actions (what an English refusal lists) are not for players' words."""
        out = {}
        for key, value in refusal.params.items():
            if key in ("seat", "turn", "offerer"):
                if isinstance(value, int) and 0 <= value < len(names):
                    value = names[value]
                else:
                    value = t("refusal.struggle.that_player")
            elif key == "card":
                value = (t(f"st.cardname.{power_of(value)}") if value in CARD_OF
                         else t("refusal.struggle.that_card"))
            elif key in ("use", "uses", "allowed"):
                continue
            out[key] = value
        return out

    # ---- the log ------------------------------------------------------------------
    def opening_log(self, view):
        return [(f"st.log.start.{view['mode']}", {}),
                ("st.log.round", {"n": view["round"], "name": ("seat", view["leader"])})]

    def describe(self, before, action, seat, after, forced):
        who = ("seat", seat)
        action = GAME.parse(action)
        phase = before["phase"]
        ended = len(after["history"]) > len(before["history"])
        lines = []
        if phase == "lead":
            lines.append(("st.log.lead", {"name": who, "card": _card_param(action.card)}))
        elif phase == "choose":
            lines.append(("st.log.choose", {"name": who}))
            if ended or after["phase"] != "choose":                   # ST-7: revealed together
                plays = ({p["seat"]: p["card"] for p in after["history"][-1]["plays"]} if ended
                         else {p["seat"]: p["card"] for p in after["trick"] if p["card"]})
                down = [p["seat"] for p in before["trick"] if p["status"] == "face-down"] + [seat]
                for s in _clockwise(before["leader"], before["players"]):
                    if s in down and s in plays:
                        lines.append(("st.log.reveal", {"name": ("seat", s), "card": _card_param(plays[s])}))
        elif phase == "offer" and isinstance(action, Pass):
            lines.append(("st.log.no_offer", {"name": who}))
        elif phase == "offer-promise":
            making = before["turn"]["making"]
            lines.append(offer_line(seat, making["use"], making["gold"]))
            if isinstance(action, Promise):
                lines.append(("st.log.promise", {"name": who, "promise": ("tr", f"st.promise.{action}")}))
        elif phase == "decide" and isinstance(action, Accept):
            offer = next(o for o in before["turn"]["offers"] if o["seat"] == action.seat)
            lines.append(("st.log.accept", {"name": who, "other": ("seat", offer["seat"]), "n": offer["gold"]}))
        events = after["history"][-1]["events"] if ended else after["events"]
        lines.extend(event_line(e) for e in events[len(before["events"]):])
        if ended:
            lines.extend(round_end_lines(after["history"][-1], after))
        return lines

    def move_words(self, view, action, t, names):
        action = GAME.parse(action)
        phase = view["phase"]
        words_of = SimpleNamespace(t=t, names=names)      # what use_words reads of a ctx
        if isinstance(action, Play):
            return t("st.say.lead" if phase == "lead" else "st.say.choose",
                     card=t(f"st.cardname.{power_of(action.card)}"))
        if isinstance(action, Knight) and phase == "knight":
            return t("st.say.knight", card=t(f"st.cardname.{power_of(action.card)}"))
        if isinstance(action, Offer):
            return t("st.say.offer", use=use_words(action.use, view, words_of))
        if isinstance(action, Gold):
            return t("st.say.gold", n=action.amount)
        if isinstance(action, Promise):
            return t("st.promise.quoted", text=t(f"st.promise.{action}"))
        if action == NO_PROMISE:
            return t("st.no_promise")
        if isinstance(action, Pass):
            return t("st.no_offer" if phase == "offer" else "st.not_use")
        if isinstance(action, Accept):
            offer = next(o for o in view["turn"]["offers"] if o["seat"] == action.seat)
            return t("st.say.accept", name=names[offer["seat"]], gold=offer["gold"],
                     use=use_words(offer["use"], view, words_of))
        return t("st.say.use", use=use_words(action, view, words_of))

    # ---- the table ------------------------------------------------------------------
    def render(self, view, ctx):
        parts = [self._status(view, ctx), self._table(view, ctx), self._turn(view, ctx),
                 self._hand(view, ctx), self._court(ctx)]
        return f'<section class="st" aria-label="{esc(ctx.t("game.struggle"))}">{"".join(parts)}</section>'

    def side(self, view, ctx):
        return self._scores(view, ctx) + self._supply(view, ctx)

    def result_detail(self, view, ctx):
        return self._scores(view, ctx, final=True)

    # ---- the status bar: rounds, day or night, what happens now -------------------------
    def _status(self, view, ctx):
        t = ctx.t
        winners = {h["round"]: h["winner"] for h in view["history"]}
        pips = []
        for n in range(1, ROUNDS + 1):
            if n in winners:
                seat = winners[n]
                label = (t("st.tracker.won", n=n, name=ctx.names[seat]) if seat is not None
                         else t("st.tracker.nobody", n=n))
                inner = seat_mark(seat, "st-pip-mark") if seat is not None else _svg(CROSS, "st-pip-mark")
                cls = "is-done"
            elif n == view["round"] and view["phase"] != "over":
                label, inner, cls = t("st.tracker.now", n=n), f'<span aria-hidden="true">{n}</span>', "is-now"
            else:
                label, inner, cls = t("st.tracker.later", n=n), f'<span aria-hidden="true">{n}</span>', ""
            pips.append(f'<li class="st-pip {cls}" title="{esc(label)}"><span class="sr-only">{esc(label)}</span>{inner}</li>')
        mode = view["mode"]
        sky = _svg(SUN if mode == "day" else MOON, "st-sky")
        phase = view["phase"]
        if phase == "lead":
            what = t("st.phase.lead", name=ctx.names[view["current"]])
        elif phase == "choose":
            what = t("st.phase.choose")
        elif phase in TURN_PHASES:
            what = t("st.phase.turns")
        else:
            what = t("st.phase.over")
        turn = turn_line(ctx, view["current"], ctx.forced is not None, "st.turn.forced")
        return (f'<div class="status-bar st-status">'
                f'<span class="st-rounds"><span class="st-rounds-label" aria-hidden="true">{esc(t("st.tracker"))}</span>'
                f'<ol class="st-tracker" aria-label="{esc(t("st.round", n=view["round"]))}">{"".join(pips)}</ol></span>'
                f'<span class="chip st-mode is-{mode}">{sky}{esc(t("st.mode." + mode))}</span>'
                f'<span class="status-phase">{esc(what)}</span>'
                f'<strong class="status-turn" aria-live="polite">{esc(turn)}</strong></div>')

    # ---- the seats around the felt -----------------------------------------------------
    def _table(self, view, ctx):
        n = view["players"]
        if view["phase"] == "over" and view["history"]:
            view = self._last_round(view)
        seats = "".join(self._seat(view, ctx, s) for s in range(n))
        return (f'<div class="st-table st-n{n}" aria-label="{esc(ctx.t("st.trick"))}" role="group">'
                f'{seats}</div>')

    @staticmethod
    def _last_round(view):
        """At the end, the felt keeps the last trick (the round summary's cards) with its outcome."""
        record = view["history"][-1]
        plays = {p["seat"]: p for p in record["plays"]}
        gone = {e["target"] for e in record["events"] if "use" in e and isinstance(use_of(e["use"]), Discard)}
        trick = []
        for seat in range(view["players"]):
            play = plays.get(seat)
            if play is None:
                trick.append({**view["trick"][seat], "status": "gone" if seat in gone else "out"})
            else:
                trick.append({"seat": seat, "status": "in", "card": play["card"], "companion": play["companion"],
                              "plus": play["plus"], "minus": play["minus"], "total": play["total"],
                              "switched": play["switched"]})
        return {**view, "trick": trick, "events": record["events"], "leader": None,
                "standing": {"cancelled": record["cancelled"], "winner": record["winner"], "final": True}}

    def _seat(self, view, ctx, seat):
        t = ctx.t
        spot = view["trick"][seat]
        turn = view["turn"]
        active = turn is not None and turn["seat"] == seat
        badges = [seat_mark(seat)]
        leader = view["leader"] if view["leader"] is not None else view["first"]
        first = ""
        if seat == leader and view["phase"] != "over":     # like a dealer's button on the table
            first = f'<span class="st-first">{_svg(CLASS_ICONS["crown"], "st-first-icon")}{esc(t("st.first"))}</span>'
        score = view["score"][seat]
        gold = t("st.gold", n=view["gold"][seat])
        won = t("st.won", n=len(view["won"][seat]))
        held = t("st.hand_count", n=view["hand_sizes"][seat])
        facts = (f'<div class="plate-line st-facts"><strong class="st-points">{esc(t("st.points", n=score["total"]))}</strong>'
                 f'<span class="st-fact" title="{esc(gold)}">{coin()}<span class="sr-only">{esc(gold)}</span>'
                 f'<span aria-hidden="true">{view["gold"][seat]}</span></span></div>'
                 f'<div class="plate-facts st-facts2"><span class="st-fact" title="{esc(won)}">{_svg(TROPHY, "st-won-icon")}'
                 f'<span class="sr-only">{esc(won)}</span><span aria-hidden="true">{len(view["won"][seat])}</span></span>'
                 f'<span class="st-fact" title="{esc(held)}">{_svg(FAN, "st-hand-icon")}'
                 f'<span class="sr-only">{esc(held)}</span><span aria-hidden="true">{view["hand_sizes"][seat]}</span></span></div>')
        known = view["known_in_hand"][seat]
        if known:       # sent back by the Spy: everyone knows these are in that hand
            facts += (f'<div class="st-known" title="{esc(t("st.known"))}">{_svg(EYE, "st-known-icon")}'
                      f'<span class="sr-only">{esc(t("st.known"))}</span>'
                      + "".join(card(c, t, "tiny") for c in known) + "</div>")
        is_turn = seat == view["current"] and not ctx.interlude
        plate = seat_plate(ctx, seat, is_turn, badges, facts)
        cls = ["st-seat"]
        note = self._note(view, ctx, seat)
        if active:          # this seat's ability is being bargained over or used now
            cls.append("is-active")
            note = f'<span class="st-flag is-active">{esc(t("st.active"))}</span>' + note
        standing = view["standing"] or {}
        flags = []
        if standing.get("winner") == seat:
            cls.append("is-winning")
            flags.append(f'<span class="st-flag is-winning">{_svg(CLASS_ICONS["crown"], "st-flag-icon")}'
                         f'{esc(t("st.won_trick" if standing.get("final") else "st.winning"))}</span>')
        if seat in standing.get("cancelled", []):
            cls.append("is-tied")
            flags.append(f'<span class="st-flag is-tied">{_svg(CROSS, "st-flag-icon")}{esc(t("st.tied"))}</span>')
        return (f'<div class="{" ".join(cls)}" data-seat="{seat}">{first}{plate}'
                f'<div class="st-spot">{self._spot(view, ctx, seat, spot, "".join(flags))}</div>'
                f'<div class="st-notes">{note}</div></div>')

    def _spot(self, view, ctx, seat, spot, flags=""):
        t = ctx.t
        status = spot["status"]
        if status == "waiting":
            return f'<div class="st-slot is-empty"><span>{esc(t("st.spot.waiting"))}</span></div>'
        if status == "out":
            return f'<div class="st-slot is-empty"><span>{esc(t("st.spot.out"))}</span></div>'
        if status == "gone":
            return f'<div class="st-slot is-empty is-gone"><span>{esc(t("st.spot.gone"))}</span></div>'
        if status == "face-down":
            if spot["card"] is None:
                return back(seat, t) + f'<span class="st-caption">{esc(t("st.spot.down"))}</span>'
            # The viewer's own face-down card: theirs alone until the reveal.
            return (f'<div class="st-own-down" data-private>{card(spot["card"], t, marks="is-down")}</div>'
                    f'<span class="st-caption">{esc(t("st.spot.yours_down"))}</span>')
        pair = card(spot["card"], t)
        if spot["companion"]:
            pair += card(spot["companion"], t, "companion")
        blocked = any(e["seat"] == seat and e["what"] == "blocked" for e in view["events"])
        switched = (f'<span class="st-switched">{esc(t("st.switched"))}</span>'
                    if spot["switched"] and not blocked else "")
        total = (f'<span class="st-total">{esc(t("st.total", n=spot["total"]))}</span>'
                 if spot["total"] is not None else "")
        return (f'<div class="st-pair{" has-companion" if spot["companion"] else ""}">{pair}'
                f'{tokens(spot["plus"], spot["minus"], t)}</div><div class="st-standing">{total}{flags}</div>{switched}')

    def _note(self, view, ctx, seat):
        """What this seat's ability did this round, in a few words."""
        t = ctx.t
        notes = []
        for event in view["events"]:
            if event["seat"] != seat:
                continue
            what = event["what"]
            if what == "gold":
                notes.append(t("st.note.gold", n=event["gold"]))
            elif what == "blocked":
                notes.append(t("st.note.blocked"))
            elif what == "no-effect":
                notes.append(t("st.note.no_effect"))
            elif what == "not-used":
                notes.append(t("st.note.not_used"))
            else:
                use = use_of(event["use"])
                notes.append(use_words(KnightDeal() if isinstance(use, Knight) else use, view, ctx))
            if event.get("deal"):
                notes[-1] += " · " + t("st.note.deal", name=ctx.names[event["deal"]["seat"]])
        return "".join(f'<span class="st-note">{esc(n)}</span>' for n in notes)

    # ---- the ability turn and the offers ------------------------------------------------
    def _turn(self, view, ctx):
        turn = view["turn"]
        if turn is None:
            return ""
        t = ctx.t
        n = view["players"]
        active = turn["seat"]
        power = power_of(turn["card"])
        phase = view["phase"]
        legal = ctx.legal
        char = CHARACTERS[power]
        head = (f'<div class="st-turn-head cls-{char["class"]}">{_svg(EMBLEMS[power], "st-turn-emblem")}'
                f'<h2>{esc(t("st.turn.title", name=ctx.names[active], card=t(f"st.cardname.{power}")))}</h2>'
                f'<span class="st-turn-ability">{esc(t(f"st.ability.{power}"))}</span></div>')
        offers = {o["seat"]: o for o in turn["offers"]}
        rows = []
        waiting, passed, penniless = [], [], []
        for seat in _others_from(active, n):
            offer = offers.get(seat)
            if offer:
                text = t("st.offer.line", gold=offer["gold"], use=use_words(offer["use"], view, ctx))
                promise = (f'<span class="st-promise">{esc(t("st.promise.quoted", text=t("st.promise." + offer["promise"])))}</span>'
                           if offer["promise"] else "")
                accept = ""
                if Accept(seat) in legal:
                    accept = button(esc(t("st.accept", gold=offer["gold"]))
                                    + f'<span class="sr-only">: {esc(t("st.accept.does", name=ctx.names[seat]))}</span>',
                                    "act", Accept(seat), cls="btn-primary st-accept")
                rows.append(self._offer_row(seat, ctx, "has-offer",
                                            f'{coin("st-coin st-coin-inline")}{esc(text)}', promise + accept))
            elif seat == view["current"] and phase in OFFER_PHASES:
                making = turn["making"]
                if making and making["gold"]:
                    text = t("st.offer.making_gold", gold=making["gold"], use=use_words(making["use"], view, ctx))
                elif making:
                    text = t("st.offer.making", use=use_words(making["use"], view, ctx))
                else:
                    text = t("st.offer.deciding")
                rows.append(self._offer_row(seat, ctx, "is-now", esc(text)))
            elif seat in turn["waiting"]:
                waiting.append(seat)
            elif view["gold"][seat] == 0:
                penniless.append(seat)
            else:
                passed.append(seat)
        others = []
        for key, seats in (("st.offer.waiting", waiting), ("st.offer.passed", passed), ("st.offer.no_gold", penniless)):
            if seats:
                who = "".join(f'<span class="st-who">{seat_mark(s)}{esc(ctx.names[s])}</span>' for s in seats)
                others.append(f'<span class="st-others-group"><span class="st-others-key">{esc(t(key))}</span>{who}</span>')
        if not rows and not others:
            rows.append(f'<li class="st-offer is-empty">{esc(t("st.offer.none_yet"))}</li>')
        deal = ""
        if turn["deal"]:
            deal = f'<p class="st-deal">{esc(t("st.turn.deal", name=ctx.names[turn["deal"]["seat"]]))}</p>'
        offers_html = (f'<ul class="st-offers" aria-label="{esc(t("st.offers"))}">{"".join(rows)}</ul>'
                       if rows else "")
        if others:
            offers_html += f'<p class="st-others">{"".join(others)}</p>'
        return (f'<div class="st-turn">{head}<div class="st-turn-body">{offers_html}{deal}'
                f'{self._turn_controls(view, ctx)}</div></div>')

    @staticmethod
    def _offer_row(seat, ctx, state, text, extra=""):
        return (f'<li class="st-offer {state}">{seat_mark(seat)}<span class="st-offer-name">{esc(ctx.names[seat])}</span>'
                f'<span class="st-offer-text">{text}</span>{extra}</li>')

    def _turn_controls(self, view, ctx):
        t = ctx.t
        phase = view["phase"]
        turn = view["turn"]
        legal = [GAME.parse(a) for a in ctx.legal]
        if ctx.forced:
            return f'<p class="st-ask">{esc(t("st.ask.forced"))}</p>'
        if not legal:
            return ""
        me = view["current"]
        gold = view["gold"][me]
        if phase == "offer":
            ask = t("st.ask.offer", name=ctx.names[turn["seat"]], card=t(f"st.cardname.{power_of(turn['card'])}"),
                    gold=gold)
            uses = [button(esc(use_words(a.use, view, ctx)), "act", a, cls="st-use")
                    for a in legal if isinstance(a, Offer)]
            uses.append(button(esc(t("st.no_offer")), "act", PASS, cls="st-use st-pass"))
            return self._controls(ask, "".join(uses))
        if phase == "offer-gold":
            ask = t("st.ask.gold", gold=gold)
            amounts = "".join(
                button(f'{coin("st-coin st-coin-inline")}{a.amount}<span class="sr-only"> {esc(t("st.gold.does"))}</span>',
                       "act", a, cls="st-gold-btn") for a in legal)
            return self._controls(ask, amounts, cls="st-golds")
        if phase == "offer-promise":
            promises = "".join(button(esc(t("st.promise." + a)), "act", a, cls="st-use st-promise-btn")
                               for a in legal if isinstance(a, Promise))
            promises += button(esc(t("st.no_promise")), "act", NO_PROMISE, cls="st-use st-pass")
            return self._controls(t("st.ask.promise"), promises, cls="st-promises")
        if phase == "decide":
            knight = any(is_hand_choice(a) for a in legal)
            uses = "".join(button(esc(use_words(a, view, ctx)), "act", a, cls="st-use")
                           for a in legal if not isinstance(a, (Accept, Pass)) and not is_hand_choice(a))
            own = f'<span class="st-own-label">{esc(t("st.use_own"))}</span>{uses}' if uses else ""
            if not knight:          # the Knight's "not used" sits with the hand it is chosen from
                own += button(esc(t("st.not_use")), "act", PASS, cls="st-use st-pass")
            offered = any(isinstance(a, Accept) for a in legal)
            ask = {(True, True): "st.ask.decide.knight", (True, False): "st.ask.alone.knight",
                   (False, True): "st.ask.decide", (False, False): "st.ask.alone"}[knight, offered]
            return self._controls(t(ask), own)
        if phase == "knight":
            return f'<p class="st-ask">{esc(t("st.ask.knight_card"))}</p>'
        return ""

    @staticmethod
    def _controls(ask, buttons, what="", cls=""):
        what = f'<p class="st-ask-what">{esc(what)}</p>' if what else ""
        return (f'<div class="st-controls"><p class="st-ask">{esc(ask)}</p>{what}'
                f'<div class="st-buttons {cls}" role="group" aria-label="{esc(ask)}">{buttons}</div></div>')

    # ---- the hand of whoever holds the tablet --------------------------------------------
    def _hand(self, view, ctx):
        t = ctx.t
        if ctx.viewer is None or view["hand"] is None:
            return ""
        legal = {GAME.parse(a) for a in ctx.legal}
        known = set(view["known_in_hand"][ctx.viewer])
        forced = GAME.parse(ctx.forced).card if ctx.forced and is_hand_choice(ctx.forced) else None
        hint = ""
        if ctx.hint:
            hint = t("hint.shown")
        elif any(isinstance(a, Play) for a in legal):
            hint = t("st.hand.lead" if view["phase"] == "lead" else "st.hand.choose")
        elif any(is_hand_choice(a) for a in legal):
            hint = t("st.hand.knight")
        elif forced:
            hint = t("st.hand.forced")
        cards = []
        for name in view["hand"]:
            note = ""
            if name in known:
                note = (f'{_svg(EYE, "st-known-eye")}<span class="sr-only">, {esc(t("st.hand.known"))}</span>')
            if Play(name) in legal:
                does = t("st.tap.lead" if view["phase"] == "lead" else "st.tap.choose")
                cards.append(card(name, t, "in-hand", "act", Play(name), does, note=note))
            elif Knight(name) in legal:
                cards.append(card(name, t, "in-hand", "act", Knight(name), t("st.tap.knight"), note=note))
            else:
                mark = "is-forced" if name == forced else ""
                cards.append(card(name, t, "in-hand", marks=mark, note=note))
        body = "".join(cards) or f'<p class="hint">{esc(t("st.hand.empty"))}</p>'
        choosing = any(is_hand_choice(a) for a in legal)
        deciding = " is-deciding" if choosing else ""
        # The Knight's decision is the hand and "not used": both in one box, so that
        # the turn's box above stays short and neither falls below the fold.
        not_use = (button(esc(t("st.not_use")), "act", PASS, cls="st-use st-pass")
                   if choosing and view["phase"] == "decide" and PASS in legal else "")
        return (f'<div class="st-hand{deciding}" data-private><div class="st-hand-head">'
                f'<h2>{esc(t("st.hand", name=ctx.names[ctx.viewer]))}</h2>'
                f'<span class="st-hand-hint">{esc(hint)}</span>{not_use}</div>'
                f'<div class="st-hand-cards">{body}</div></div>')

    # ---- reference: this edition's court --------------------------------------------------
    def _court(self, ctx):
        t = ctx.t
        rows = []
        for power in range(1, 11):
            char = CHARACTERS[power]
            nego = (f'<span class="st-court-nego">{_svg(SCALES, "st-nego-icon")}{esc(t("st.negotiable"))}</span>'
                    if char["negotiable"] else "")
            rows.append(f'<li class="st-court-row cls-{char["class"]}">'
                        f'<span class="st-court-power">{power}</span>{_svg(EMBLEMS[power], "st-court-emblem")}'
                        f'<span class="st-court-name">{esc(t(f"st.char.{power}"))}'
                        f'{_svg(CLASS_ICONS[char["class"]], "st-court-cls")}'
                        f'<span class="sr-only"> ({esc(t("st.class." + char["class"]))})</span>{nego}</span>'
                        f'<span class="st-court-text">{esc(t(f"st.ability.{power}"))}</span></li>')
        return (f'<section class="st-court"><h2>{esc(t("st.court"))}</h2>'
                f'<p class="hint">{esc(t("st.court.note"))}</p><ol class="st-court-list">{"".join(rows)}</ol></section>')

    # ---- scores, split and supply -------------------------------------------------------
    def _scores(self, view, ctx, final=False):
        t = ctx.t
        rows = []
        totals = [s["total"] for s in view["score"]]
        best = max(totals)
        for seat in range(view["players"]):
            score = view["score"][seat]
            lead = " is-leading" if score["total"] == best and any(totals) else ""
            rows.append(f'<tr class="st-score-row{lead}"><th scope="row" class="scores-name">{seat_mark(seat)} '
                        f'{esc(ctx.names[seat])}</th><td>{score["gold"]}</td><td>{score["cards"]}</td>'
                        f'<td class="scores-total"><strong>{score["total"]}</strong></td></tr>'
                        f'<tr class="st-split-row"><td colspan="4">{self._split(score["split"], t)}</td></tr>')
        title = t("st.result.split") if final else t("st.scores")
        return (f'<h2 class="side-title">{esc(title)}</h2>'
                f'<p class="hint">{esc(t("st.split.hint"))}</p>'
                f'<table class="scores st-scores"><thead><tr><th scope="col">{esc(t("st.col.player"))}</th>'
                f'<th scope="col">{esc(t("st.col.gold"))}</th><th scope="col">{esc(t("st.col.cards"))}</th>'
                f'<th scope="col">{esc(t("st.col.total"))}</th></tr></thead><tbody>{"".join(rows)}</tbody></table>'
                + (f'<p class="hint">{esc(t("st.tiebreak"))}</p>' if final else ""))

    @staticmethod
    def _split(split, t):
        """ST-19: the best split, as sets, runs and the singles together."""
        if not split:
            return f'<span class="st-split-none">{esc(t("st.split.none"))}</span>'
        chips = []
        singles = []
        for group in split:
            powers = [power_of(c) for c in group["cards"]]
            if group["kind"] == "single":
                singles.extend(powers)
                continue
            sep = "·" if group["kind"] == "set" else "–"
            shown = sep.join(map(str, powers)) if group["kind"] == "set" else f"{powers[0]}–{powers[-1]}"
            chips.append(f'<span class="st-group is-{group["kind"]}"><span class="st-group-kind">'
                         f'{esc(t("st.split." + group["kind"]))}</span> {esc(shown)} '
                         f'<strong class="st-group-pts">{group["points"]}</strong></span>')
        if singles:
            chips.append(f'<span class="st-group is-single"><span class="st-group-kind">{esc(t("st.split.singles"))}'
                         f'</span> {esc("·".join(map(str, sorted(singles))))} <strong class="st-group-pts">{len(singles)}</strong></span>')
        return "".join(chips)

    def _supply(self, view, ctx):
        t = ctx.t
        supply = view["supply"]
        return (f'<div class="st-supply"><h2 class="side-title">{esc(t("st.supply"))}</h2><ul>'
                f'<li>{coin()}{esc(t("st.supply.gold", n=supply["gold"]))}</li>'
                f'<li><span class="st-token is-plus" aria-hidden="true">+3</span>{esc(t("st.supply.plus", n=supply["plus"]))}</li>'
                f'<li><span class="st-token is-minus" aria-hidden="true">−3</span>{esc(t("st.supply.minus", n=supply["minus"]))}</li>'
                f'</ul></div>')

    # ---- the round's summary, everybody reads it -------------------------------------------
    def summary(self, view, ctx):
        t = ctx.t
        record = view["history"][-1]
        cancelled = set(record["cancelled"])
        rows = []
        for play in sorted(record["plays"], key=lambda p: (p["seat"] - record["leader"]) % view["players"]):
            seat = play["seat"]
            pair = card(play["card"], t, "mini")
            named = t(f"st.cardname.{power_of(play['card'])}")
            if play["companion"]:
                pair += card(play["companion"], t, "mini")
                named += " + " + t(f"st.cardname.{power_of(play['companion'])}")
            pair += f'<span class="st-sum-name">{esc(named)}</span>'
            if seat in cancelled:
                outcome, cls = t("st.summary.cancelled"), "is-tied"
            elif seat == record["winner"]:
                outcome, cls = t("st.won_trick"), "is-winner"
            else:
                outcome, cls = "", ""
            if seat == record["winner"]:
                outcome = f'{_svg(CLASS_ICONS["crown"], "st-flag-icon")}{esc(outcome)}'
            else:
                outcome = esc(outcome)
            rows.append(f'<tr class="{cls}"><th scope="row" class="scores-name">{seat_mark(seat)} {esc(ctx.names[seat])}</th>'
                        f'<td><div class="st-sum-cards">{pair}{tokens(play["plus"], play["minus"], t)}</div></td>'
                        f'<td><strong>{play["total"]}</strong></td><td class="st-sum-result">{outcome}</td></tr>')
        if record["winner"] is None:
            headline = t("st.summary.nobody")
        else:
            headline = t("st.summary.won", name=ctx.names[record["winner"]], n=len(record["taken"]))
        happened = [words(event_line(e), ctx) for e in record["events"]]
        happened_html = (f'<h3>{esc(t("st.summary.happened"))}</h3><ul class="st-sum-events">'
                         + "".join(f"<li>{esc(line)}</li>" for line in happened) + "</ul>") if happened else ""
        label = t("st.summary.final") if view["phase"] == "over" else t("st.summary.next")
        return (f'<section class="dialog st-summary" role="dialog" aria-live="assertive" data-screen="summary"'
                f' aria-label="{esc(t("st.summary.title", n=record["round"]))}">'
                f'<h2>{esc(t("st.summary.title", n=record["round"]))}</h2>'
                f'<p class="st-headline">{esc(headline)}</p>'
                f'<table class="scores st-sum-table"><thead><tr><th></th><th scope="col">{esc(t("st.summary.col.card"))}</th>'
                f'<th scope="col">{esc(t("st.summary.col.total"))}</th><th scope="col">{esc(t("st.summary.col.result"))}</th>'
                f'</tr></thead><tbody>{"".join(rows)}</tbody></table>{happened_html}'
                f'<div class="dialog-actions">{button(esc(label), "resume", cls="btn-primary btn-big")}</div></section>')


TABLE = StruggleTable()
