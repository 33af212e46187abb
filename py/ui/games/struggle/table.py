"""The 王の闘争 (King's Struggle) table: the seats around the felt, each with its
played card (face down until the reveal), markers and total; the ability turn in
progress with the offers on the table; the hand of whoever holds the tablet as a
fan of cards; the seven rounds, day or night, and the supply. The scores and the
court of ten (every card large, with what it does) are panels beside the table.

Every card is the collection's face (ui.cards): its owner's colour as its tone
(and the owner's shape on it: colour is never the only sign), its power large in
the corner, its kind marks (apple, coins or crown; the handshake of a card whose
use can be bargained over) and its figure (figures.toml).

Offers are public: making one is a decision in the open (no hand-off). Choosing
a card from one's hand (the lead, the face-down choice, the Knight's second
card) is private.

Motion (static/motion.js) is marked: a card in the trick or a hand is keyed by
its id (so a Queen's swap glides, a card led from the hand glides to the felt), a
card just played flies from its seat, a face-down card is keyed by its seat only,
markers fly from the supply, gold and cards won pulse (gold flies from whoever
paid it), an offer slides in from the seat that made it, and the won trick slides
to its winner when the next round begins."""
from __future__ import annotations

import pathlib
from types import SimpleNamespace

from royaltable.games.struggle import GAME
from royaltable.games.struggle.actions import (KNIGHT_DEAL, NO_PROMISE, PASS, Accept, Discard, Gold,
                                               Knight, KnightDeal, NotUsed, Offer, Pass, Play,
                                               Promise, Steal, Targeted, use_of)
from royaltable.games.struggle.rules import CARD_OF, CHARACTERS, POWERS, ROUNDS, ranking_key

from ...cards import card as card_face, card_back, fan
from ...figures import figure
from ...html import button, tappable
from ...i18n import log_line
from ...icons import drawings
from ...markup import Markup, el, join, text
from ...widgets import seat_plate, text_width, turn_line
from ...table import Panel, Table


OFFER_PHASES = ("offer", "offer-gold", "offer-promise")
TURN_PHASES = (*OFFER_PHASES, "decide", "knight")
# An offer is asked one thing at a time: whether to make one (a tap that only chooses,
# the table's selection set to OFFERING), then what it buys, how much, and a promise.
OFFERING, ASKING = "offering", "asking"


def offering(ctx) -> bool:
    """Whether the person deciding on an offer has said they will make one."""
    return OFFERING in ctx.selection
# What an empty spot on the felt says: no card yet, none to play, discarded.
EMPTY_SPOT = {"waiting": "st.spot.waiting", "out": "st.spot.out", "gone": "st.spot.gone"}
# The figure of each card, by power (figures.toml).
FIGURES = {1: "peasant", 2: "thief", 3: "merchant", 4: "jester", 5: "spy", 6: "guard", 7: "diplomat",
           8: "knight", 9: "queen", 10: "king"}
# Each seat's colour (a tone of the collection's palette: its cards, its backs, its
# marks) and shape (shapes.svg): colour is never the only sign.
SEAT_TONES = ("red", "blue", "green", "brown", "plum", "teal")
# The widest turn, in half-width characters, that keeps to two lines of the status bar on
# a tablet in landscape in either language (measured: a 22-character Japanese name in the
# English "… has only one choice" took a third line); a wider one is set smaller there, by
# as much as it is wider, so that a long name never gives the bar a third line.
LONG_TURN = 62
# A card's size in the trick, by the number of seats around the felt.
TRICK_SIZE = {3: "sm", 4: "sm", 5: "sm", 6: "sm"}

SHAPES = drawings(pathlib.Path(__file__).resolve().parent / "shapes.svg")


def turn_scale(turn: str) -> float:
    """How much smaller the status bar sets `turn` (1: as it is)."""
    width = text_width(turn)
    return 1.0 if width <= LONG_TURN else max(0.7, round(LONG_TURN / width, 2))


def fig(name: str, cls: str = "fig") -> Markup:
    return figure("struggle", name, cls)


def seat_mark(seat: int, cls: str = "st-mark") -> Markup:
    """Each seat has a colour and a shape (colour is never the only sign)."""
    return el("svg", {"class": [cls, f"st-c{seat}"], "viewBox": "0 0 48 48", "aria-hidden": "true",
                      "focusable": "false", "fill": "currentColor"}, SHAPES[f"seat-{seat % 6}"])


def parse(card: str) -> tuple[int, int]:
    """'s2-7' -> (owner 2, power 7)."""
    number = CARD_OF[card]
    return number // 10, number % 10 + 1


def power_of(card: str) -> int:
    return parse(card)[1]


def card_label(card: str, t) -> str:
    owner, power = parse(card)
    char = CHARACTERS[power]
    key = "st.card.label.nego" if char["negotiable"] else "st.card.label"
    return t(key, name=t(f"st.char.{power}"), power=power, cls=t("st.class." + char["class"]))


def kind_marks(power: int) -> Markup:
    """A card's kind (apple, coins, crown) and, if its use can be bargained over, the handshake."""
    char = CHARACTERS[power]
    return join([fig(char["class"], "st-kind"), fig("deal", "st-kind") if char["negotiable"] else None])


_FACES: dict = {}


def face(card: str, t, size: str = "sm", cls: str = "") -> Markup:
    """A card of the trick or a hand, as the collection's face: the owner's tone and
    shape, the power in the corner, the kind marks, the figure, the name (and on a
    hand's card, what it does in a line). The same card, language and size give the
    same face: drawn once (a hand of ten at every redraw)."""
    key = (card, t.lang, size, cls)
    drawn = _FACES.get(key)
    if drawn is None:
        owner, power = parse(card)
        drawn = _FACES[key] = card_face(
            t(f"st.char.{power}"), join([fig(FIGURES[power]), seat_mark(owner, "st-owner")]),
            tone=SEAT_TONES[owner % 6], size=size, corner=power, mark=kind_marks(power),
            text=t(f"st.short.{power}") if size in ("md", "lg") else None, cls=f"st-face {cls}".strip(),
            attrs={"data-card": card, "role": "img", "aria-label": card_label(card, t)})
    return drawn


_REFERENCE: dict = {}


def reference(power: int, t) -> Markup:
    """A card of the court as the reference shows it: nobody's (the court's gold),
    large, with what it does. No data-card: it is no card of the game."""
    key = (power, t.lang)
    drawn = _REFERENCE.get(key)
    if drawn is None:
        char = CHARACTERS[power]
        deal = el("span", {"class": "st-ref-deal"}, fig("deal", "st-kind"), t("st.negotiable.long")) \
            if char["negotiable"] else None
        drawn = _REFERENCE[key] = card_face(
            t(f"st.char.{power}"), fig(FIGURES[power]), tone="gold", size="lg", corner=power,
            mark=kind_marks(power), text=t(f"st.ability.{power}"), cls="st-face st-ref",
            foot=join([t("st.class." + char["class"]), deal and " · ", deal]),
            attrs={"role": "img", "aria-label": card_label(f"s0-{power}", t) + ": " + t(f"st.ability.{power}")})
    return drawn


def back(seat: int, t, size: str = "sm") -> Markup:
    """A card face down: the collection's back in its seat's colour, nothing of the card."""
    return card_back(tone=SEAT_TONES[seat % 6], size=size, cls="st-down", label=t("st.card.back"))


def coin(cls: str = "st-coin") -> Markup:
    return fig("gold", cls)


def tokens(card: str | None, plus: int, minus: int, t, moving: bool = True) -> Markup | None:
    """The markers on a card: round tokens with their value; each keyed to its card
    (a new one flies in from the supply)."""
    marks = []
    for kind, sign, count, words in (("plus", "+3", plus, "st.marker.plus"), ("minus", "−3", minus, "st.marker.minus")):
        for k in range(count):
            keyed = {"data-key": f"{kind}:{card}:{k}", "data-from": "pot"} if moving and card else {}
            marks.append(el("span", {"class": ["st-token", f"is-{kind}"], "title": t(words)},
                            keyed, sign))
    return el("span", {"class": "st-tokens"}, marks) if marks else None


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


def is_hand_choice(action) -> bool:
    """Actions that pick a card from the hand: the lead, the face-down choice, the Knight's card."""
    return isinstance(GAME.parse(action), (Play, Knight))


class StruggleTable(Table):
    game_id = "struggle"
    # An offer is three small steps (use, gold, promise): a shorter pause keeps a
    # computer's bargain quick while each step stays visible (this long at slow
    # speed, x 1.8) ...
    bot_delay_ms = 550

    # ---- pace and privacy ---------------------------------------------------------
    def group_pause_ms(self, view):
        """... and shorter still at normal and fast speed, up to five computers."""
        return 400

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

    def sound_of(self, before, action, after):
        """Gold changing hands; else a card played."""
        if after.get("gold") != before.get("gold"):
            return "coin"
        return "card" if isinstance(action, Play) else None

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
        return el("section", {"class": ["st", f"st-n{view['players']}"], "aria-label": ctx.t("game.struggle")},
                  self._status(view, ctx), self._table(view, ctx), self._turn(view, ctx),
                  self._hand(view, ctx))

    def panels(self, view, ctx):
        return [Panel("scores", ctx.t("panel.scores"),
                      lambda: el("div", {"class": "st-panel"}, self._scores(view, ctx), self._supply(view, ctx))),
                Panel("cards", ctx.t("panel.cards"), lambda: self._court(ctx))]

    def result_reason(self, view, ctx):
        """The most points; on a tie, the tie-break that decided it (cards won, then
        the most cards of the highest power), or a shared win."""
        t = ctx.t
        totals = [score["total"] for score in view["score"]]
        keys = [ranking_key(totals[s], [CARD_OF[c] for c in view["won"][s]]) for s in range(view["players"])]
        top = max(totals)
        level = [s for s in range(view["players"]) if totals[s] == top]
        winners = [s for s in level if keys[s] == max(keys)]
        if len(level) == 1:
            return t("st.why.points", name=ctx.names[level[0]], n=top)
        names = t.join(ctx.names[s] for s in level)
        if len(winners) > 1:
            return t("st.why.shared", names=names, n=top)
        # keys: (points, cards won, then the count of each power from the highest down)
        place = next(i for i in range(1, len(keys[0])) if len({keys[s][i] for s in level}) > 1)
        name = ctx.names[winners[0]]
        if place == 1:
            return t("st.why.cards", names=names, n=top, name=name, cards=keys[winners[0]][1])
        return t("st.why.power", names=names, n=top, name=name, power=POWERS - (place - 2),
                 cards=keys[winners[0]][place])

    def result_detail(self, view, ctx):
        return el("div", {"class": "st-panel"}, self._scores(view, ctx, final=True))

    # ---- the status bar: rounds, day or night, the supply, what happens now -------------
    def _status(self, view, ctx):
        t = ctx.t
        winners = {h["round"]: h["winner"] for h in view["history"]}
        pips = []
        for n in range(1, ROUNDS + 1):
            if n in winners:
                seat = winners[n]
                label = (t("st.tracker.won", n=n, name=ctx.names[seat]) if seat is not None
                         else t("st.tracker.nobody", n=n))
                inner = seat_mark(seat, "st-pip-mark") if seat is not None else fig("out", "st-pip-mark")
                cls = "is-done"
            elif n == view["round"] and view["phase"] != "over":
                label, inner, cls = t("st.tracker.now", n=n), el("span", {"aria-hidden": "true"}, n), "is-now"
            else:
                label, inner, cls = t("st.tracker.later", n=n), el("span", {"aria-hidden": "true"}, n), None
            pips.append(el("li", {"class": ["st-pip", cls], "title": label},
                           el("span", {"class": "sr-only"}, label), inner))
        mode = view["mode"]
        phase = view["phase"]
        if phase == "lead":
            what = t("st.phase.lead")       # who: the turn beside it says
        elif phase == "choose":
            what = t("st.phase.choose")
        elif phase in TURN_PHASES:
            what = t("st.phase.turns")
        else:
            what = t("st.phase.over")
        if view["current"] is not None and view["current"] == ctx.viewer and ctx.legal and not ctx.forced:
            turn = t("st.your_turn")       # the tablet's holder decides: their name is on their plate
        else:
            turn = turn_line(ctx, view["current"], ctx.forced is not None, "st.turn.forced")
        scale = turn_scale(turn)
        return el("div", {"class": "status-bar st-status"},
                  el("span", {"class": "st-rounds"},
                     el("span", {"class": "st-rounds-label", "aria-hidden": "true"}, t("st.tracker")),
                     el("ol", {"class": "st-tracker", "aria-label": t("st.round", n=view["round"])}, pips)),
                  el("span", {"class": ["chip", "st-mode", f"is-{mode}"]},
                     fig("sun" if mode == "day" else "moon", "st-sky"), t("st.mode." + mode)),
                  self._pot(view, ctx),
                  el("span", {"class": "status-phase"}, what),
                  el("strong", {"class": "status-turn", "aria-live": "polite",
                                "style": f"--turn-scale: {scale}" if scale < 1 else None}, turn))

    @staticmethod
    def _pot(view, ctx):
        """The supply on the table: its gold and markers (gold and markers come from here)."""
        t = ctx.t
        supply = view["supply"]
        return el("span", {"class": "st-pot", "data-key": "pot", "data-bump": supply["gold"]},
                  el("span", {"class": "sr-only"}, t("st.supply"), ": "),
                  StruggleTable._fact(t("st.supply.gold", n=supply["gold"]), coin(), supply["gold"]),
                  StruggleTable._fact(t("st.supply.plus", n=supply["plus"]),
                                      el("span", {"class": "st-token is-plus", "aria-hidden": "true"}, "+3"),
                                      supply["plus"]),
                  StruggleTable._fact(t("st.supply.minus", n=supply["minus"]),
                                      el("span", {"class": "st-token is-minus", "aria-hidden": "true"}, "−3"),
                                      supply["minus"]))

    # ---- the seats around the felt -----------------------------------------------------
    def _table(self, view, ctx):
        n = view["players"]
        ended = None
        if view["history"] and (view["phase"] == "over" or ctx.interlude == "summary"):
            ended = view["history"][-1]      # the felt keeps the trick as it ended
            view = self._last_round(view)
        paid = self._gold_from(view["events"])
        return el("div", {"class": ["st-table", f"st-n{n}"], "aria-label": ctx.t("st.trick"), "role": "group"},
                  (self._seat(view, ctx, s, ended, paid) for s in range(n)))

    @staticmethod
    def _last_round(view):
        """The last trick (the round summary's cards) with its outcome, as it ended."""
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
        return {**view, "trick": trick, "events": record["events"], "turn": None,
                "leader": None if view["phase"] == "over" else record["leader"],
                "standing": {"cancelled": record["cancelled"], "winner": record["winner"], "final": True}}

    @staticmethod
    def _gold_from(events) -> dict:
        """Where the gold of the last thing done came from, by the seat it went to: the
        supply ("pot"), or the seat that paid it (an accepted offer, the Thief's take)."""
        if not events:
            return {}
        event = events[-1]
        if event.get("deal"):
            return {event["seat"]: f"gold:{event['deal']['seat']}"}
        if event["what"] == "gold":
            return {event["seat"]: "pot"}
        if event["what"] == "used" and isinstance(use_of(event["use"]), Steal):
            return {event["seat"]: f"gold:{event['target']}"}
        return {}

    @staticmethod
    def _fact(title, icon, count, attrs=None):
        """A count with its icon; its words for screen readers and as a tooltip."""
        return el("span", {"class": "st-fact", "title": title}, attrs or {}, icon,
                  el("span", {"class": "sr-only"}, title), el("span", {"aria-hidden": "true"}, count))

    def _seat(self, view, ctx, seat, ended, paid):
        t = ctx.t
        spot = view["trick"][seat]
        turn = view["turn"]
        active = turn is not None and turn["seat"] == seat
        leader = view["leader"] if view["leader"] is not None else view["first"]
        badges = [seat_mark(seat)]
        if seat == leader and view["phase"] != "over":     # like a dealer's button: it moves on
            badges.append(el("span", {"class": "st-first", "data-key": "first", "title": t("st.first")},
                             fig("crown", "st-first-icon"), el("span", {"class": "sr-only"}, t("st.first"))))
        score = view["score"][seat]
        gold, won = view["gold"][seat], len(view["won"][seat])
        facts = el("div", {"class": "plate-line st-facts"},
                   self._fact(t("st.points", n=score["total"]), fig("points", "st-points-icon"), score["total"],
                              {"class": "st-fact st-points", "data-key": f"points:{seat}", "data-bump": score["total"]}),
                   el("span", {"class": "st-facts-icons"},
                      self._fact(t("st.gold", n=gold), coin(), gold,
                                 {"data-key": f"gold:{seat}", "data-bump": gold, "data-from": paid.get(seat)}),
                      self._fact(t("st.won", n=won), fig("won", "st-won-icon"), won,
                                 {"data-key": f"won:{seat}", "data-bump": won}),
                      self._fact(t("st.hand_count", n=view["hand_sizes"][seat]), fig("hand", "st-hand-icon"),
                                 view["hand_sizes"][seat])))
        is_turn = seat == view["current"] and not ctx.interlude
        plate = seat_plate(ctx, seat, is_turn, badges, facts)
        # A long name wraps in smaller type (the plates of a row share their height).
        cls = ["st-seat", "has-long-name" if len(ctx.names[seat]) > 16 else None]
        note = self._note(view, ctx, seat)
        standing = view["standing"] or {}
        flags = []
        if active:          # this seat's ability is being bargained over or used now
            cls.append("is-active")
            flags.append(el("span", {"class": "st-flag is-active"}, t("st.active")))
        if standing.get("winner") == seat:
            cls.append("is-winning")
            flags.append(el("span", {"class": "st-flag is-winning"}, fig("crown", "st-flag-icon"),
                            t("st.won_trick" if standing.get("final") else "st.winning")))
        if seat in standing.get("cancelled", []):
            cls.append("is-tied")
            flags.append(el("span", {"class": "st-flag is-tied"}, fig("out", "st-flag-icon"), t("st.tied")))
        known = view["known_in_hand"][seat]
        if known:       # sent back by the Spy: everyone knows these are in that hand
            known = el("div", {"class": "st-known", "title": t("st.known")}, fig("known", "st-known-icon"),
                       el("span", {"class": "sr-only"}, t("st.known")),
                       (el("span", {"class": "st-play", "data-key": f"known:{c}", "data-from": f"card:{c}"},
                           face(c, t, "xs", "st-chip")) for c in known))
        return el("div", {"class": cls, "data-seat": seat}, plate,
                  el("div", {"class": "st-spot"}, self._spot(view, ctx, seat, spot, flags, ended)),
                  el("div", {"class": "st-notes"}, note, known or None))

    def _spot(self, view, ctx, seat, spot, flags, ended):
        t = ctx.t
        size = TRICK_SIZE[view["players"]]
        status = spot["status"]
        if status in EMPTY_SPOT:
            return el("div", {"class": ["st-slot", f"card-{size}", "is-empty", "is-gone" if status == "gone" else None]},
                      el("span", t(EMPTY_SPOT[status])))
        if status == "face-down":
            if spot["card"] is None:      # keyed by its seat: nothing of the card
                return join([el("span", {"class": "st-play", "data-key": f"back:{seat}", "data-from": f"seat:{seat}"},
                                back(seat, t, size)),
                             el("span", {"class": "st-caption"}, t("st.spot.down"))])
            # The viewer's own face-down card: theirs alone until the reveal.
            return join([el("div", {"class": "st-own-down", "data-private": True},
                            el("span", {"class": "st-play", "data-key": f"card:{spot['card']}"},
                               face(spot["card"], t, size, "is-down"))),
                         el("span", {"class": "st-caption"}, t("st.spot.yours_down"))])
        blocked = any(e["seat"] == seat and e["what"] == "blocked" for e in view["events"])
        # The trick as it ended: its cards go to the winner when the next round begins.
        winner = ended["winner"] if ended else None
        to = ({"data-to": f"seat:{winner}"} if winner is not None and spot["card"] in ended["taken"] else {})

        def played(card, cls=""):
            owner = parse(card)[0]
            return el("span", {"class": ["st-play", cls], "data-key": f"card:{card}",
                               "data-from": f"back:{seat} seat:{owner}"}, to, face(card, t, size))
        companion = spot["companion"]
        return join([
            el("div", {"class": ["st-pair", "has-companion" if companion else None]},
               played(spot["card"]), played(companion, "st-companion") if companion else None,
               tokens(spot["card"], spot["plus"], spot["minus"], t),
               # switched in by the Spy or the Queen: a stamp on the card, its ability lost
               el("span", {"class": "st-switched", "title": t("st.switched")},
                  t("st.switched.short"), el("span", {"class": "sr-only"}, ": ", t("st.switched")))
               if spot["switched"] and not blocked else None,
               ),
            el("div", {"class": "st-standing"},
               # the total, where it is not the card's power (markers, the Knight's second card)
               el("span", {"class": "st-total", "data-key": f"total:{seat}", "data-bump": spot["total"]},
                  t("st.total", n=spot["total"]))
               if spot["total"] is not None and spot["total"] != power_of(spot["card"]) else None,
               flags)])
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
                notes.append(use_words(KNIGHT_DEAL if isinstance(use, Knight) else use, view, ctx))
            if event.get("deal"):
                notes[-1] += " · " + t("st.note.deal", name=ctx.names[event["deal"]["seat"]])
        return join(el("span", {"class": "st-note"}, n) for n in notes) if notes else None

    # ---- the ability turn and the offers ------------------------------------------------
    def _turn(self, view, ctx):
        turn = view["turn"]
        if turn is None:
            return None
        t = ctx.t
        n = view["players"]
        active = turn["seat"]
        power = power_of(turn["card"])
        legal = ctx.legal
        owner = parse(turn["card"])[0]
        # Deciding on one's own ability: what is asked stands where the ability's words do
        # (its uses are on the buttons); the Knight's decision is asked over the hand.
        ask = self._ask(view, ctx)
        head = el("div", {"class": "st-turn-head"},
                  el("span", {"class": ["st-turn-fig", f"tone-{SEAT_TONES[owner % 6]}"]}, fig(FIGURES[power])),
                  el("h2", t("st.turn.title.yours", card=t(f"st.cardname.{power}")) if active == ctx.viewer
                     else t("st.turn.title", name=ctx.names[active], card=t(f"st.cardname.{power}"))),
                  el("span", {"class": ["st-turn-ability", "st-ask" if ask else None]}, ask or t(f"st.ability.{power}")))
        offers = {o["seat"]: o for o in turn["offers"]}
        phase = view["phase"]
        rows = []
        waiting, passed, penniless = [], [], []
        for seat in _others_from(active, n):
            offer = offers.get(seat)
            if offer:
                line = t("st.offer.line", gold=offer["gold"], use=use_words(offer["use"], view, ctx))
                promise = (el("span", {"class": "st-promise"},
                              t("st.promise.quoted", text=t("st.promise." + offer["promise"])))
                           if offer["promise"] else None)
                accept = None
                if Accept(seat) in legal:
                    accept = button(join([t("st.accept"),
                                          el("span", {"class": "sr-only"},
                                             ": ", t("st.accept.does", name=ctx.names[seat], gold=offer["gold"]))]),
                                    "act", Accept(seat), cls="btn-primary st-accept")
                rows.append(self._offer_row(seat, ctx, "has-offer",
                                            join([coin("st-coin st-coin-inline"), line]), accept, promise=promise,
                                            keyed=True))
            elif seat == view["current"] and phase in OFFER_PHASES:
                making = turn["making"]
                if making and making["gold"]:
                    line = t("st.offer.making_gold", gold=making["gold"], use=use_words(making["use"], view, ctx))
                elif making:
                    line = t("st.offer.making", use=use_words(making["use"], view, ctx))
                else:
                    line = t("st.offer.deciding")
                rows.append(self._offer_row(seat, ctx, "is-now", line))
            elif seat in turn["waiting"]:
                waiting.append(seat)
            elif view["gold"][seat] == 0:
                penniless.append(seat)
            else:
                passed.append(seat)
        others = [el("span", {"class": "st-others-group"}, el("span", {"class": "st-others-key"}, t(key)),
                     (el("span", {"class": "st-who"}, seat_mark(s), ctx.names[s]) for s in seats))
                  for key, seats in (("st.offer.waiting", waiting), ("st.offer.passed", passed),
                                     ("st.offer.no_gold", penniless)) if seats]
        if not rows and not others:
            rows.append(el("li", {"class": "st-offer is-empty"}, t("st.offer.none_yet")))
        deal = (el("p", {"class": "st-deal"}, t("st.turn.deal", name=ctx.names[turn["deal"]["seat"]]))
                if turn["deal"] else None)
        return el("div", {"class": "st-turn"}, head,
                  el("div", {"class": "st-turn-body"},
                     el("ul", {"class": "st-offers", "aria-label": t("st.offers")}, rows) if rows else None,
                     el("p", {"class": "st-others"}, others) if others else None,
                     deal, self._turn_controls(view, ctx)))

    @staticmethod
    def _offer_row(seat, ctx, state, line, *extra, promise=None, keyed=False):
        """An offer (or the one being made) at the table, beside its maker's name, its
        promise under its words: an offer made slides in from its maker's seat."""
        moving = {"data-key": f"offer:{seat}", "data-from": f"seat:{seat}"} if keyed else {}
        return el("li", {"class": ["st-offer", state]}, moving, seat_mark(seat),
                  el("span", {"class": "st-offer-name"}, ctx.names[seat]),
                  el("span", {"class": "st-offer-body"}, el("span", {"class": "st-offer-text"}, line), promise),
                  extra)

    def _turn_controls(self, view, ctx):
        """The buttons of a person's decision in an ability turn (the question stands
        in the turn's head: _ask)."""
        t = ctx.t
        phase = view["phase"]
        if ctx.forced:
            return el("p", {"class": "st-ask"}, t("st.ask.forced"))
        legal = [GAME.parse(a) for a in ctx.legal]
        ask = self._ask(view, ctx)
        if not legal or ask is None:
            return None     # nobody decides here, or the Knight's choice: the hand's
        if phase == "offer" and not offering(ctx):
            # One question at a time: first whether to bargain at all ...
            # A suggested offer lights its first step (a review's better move too).
            lit = ctx.hint is not None and isinstance(GAME.parse(ctx.hint), Offer)
            return self._controls(ask, [
                tappable(text(t("st.make_offer")), "select", OFFERING, "btn st-use st-make-offer",
                         attrs={"data-hint": lit}),
                button(text(t("st.no_offer")), "act", PASS, cls="st-use st-pass")])
        if phase == "offer":
            # ... then what the gold buys; the amount and the promise come next.
            uses = self._use_buttons([(a, a.use) for a in legal if isinstance(a, Offer)], view, ctx, offer=True)
            uses.append(button(text(t("st.offer.back")), "select", ASKING, cls="st-use st-pass"))
            return self._controls(ask, uses)
        if phase == "offer-gold":
            amounts = [button(join([coin("st-coin st-coin-inline"), a.amount,
                                    el("span", {"class": "sr-only"}, " ", t("st.gold.does"))]),
                              "act", a, cls="st-gold-btn") for a in legal]
            return self._controls(ask, amounts, cls="st-golds")
        if phase == "offer-promise":
            promises = [button(text(t(f"st.promise.{a}")), "act", a, cls="st-use st-promise-btn")
                        for a in legal if isinstance(a, Promise)]
            promises.append(button(text(t("st.no_promise")), "act", NO_PROMISE, cls="st-use st-pass"))
            return self._controls(ask, promises, cls="st-promises")
        own = self._use_buttons([(a, a) for a in legal if not isinstance(a, (Accept, Pass))], view, ctx)
        own.append(button(text(t("st.not_use")), "act", PASS, cls="st-use st-pass"))
        return self._controls(ask, own)

    @staticmethod
    def _ask(view, ctx) -> str | None:
        """The question of a person's decision in an ability turn, in words (not the
        Knight's second card: that is asked over the hand it comes from)."""
        t = ctx.t
        phase = view["phase"]
        if phase not in TURN_PHASES or not ctx.legal or ctx.forced:
            return None
        legal = [GAME.parse(a) for a in ctx.legal]
        turn = view["turn"]
        gold = view["gold"][view["current"]]
        if phase == "offer":
            return t("st.ask.offer.what" if offering(ctx) else "st.ask.offer", name=ctx.names[turn["seat"]],
                     card=t(f"st.cardname.{power_of(turn['card'])}"), gold=gold)
        if phase == "offer-gold":
            return t("st.ask.gold", gold=gold)
        if phase == "offer-promise":
            return t("st.ask.promise")
        if phase == "decide" and not any(is_hand_choice(a) for a in legal):
            return t("st.ask.decide" if any(isinstance(a, Accept) for a in legal) else "st.ask.alone")
        return None

    @staticmethod
    def _use_buttons(pairs, view, ctx, offer=False) -> list:
        """A button for each use of an ability, [(action, use)]: uses aimed at a seat
        under one label ("Take gold from:"), a button a seat (its mark and name; the
        whole use for screen readers); the others (the Knight, not used) in words.
        In an offer, not using the ability is said as what the gold buys."""
        t = ctx.t
        out, groups = [], {}
        for action, use in pairs:
            use = use_of(use)
            if isinstance(use, Targeted):
                groups.setdefault(use.verb, []).append((action, use))
            elif offer and isinstance(use, NotUsed):
                out.append(button(text(t("st.offer.not_used")), "act", action, cls="st-use"))
            else:
                out.append(button(text(use_words(use, view, ctx)), "act", action, cls="st-use"))
        picks = [el("span", {"class": "st-pick"}, el("span", {"class": "st-pick-label"}, t(f"st.pick.{verb}")),
                    (button(join([seat_mark(use.target), ctx.names[use.target],
                                  el("span", {"class": "sr-only"}, ": ", use_words(use, view, ctx))]),
                            "act", action, cls="st-use st-target") for action, use in group))
                 for verb, group in groups.items()]
        return [*picks, *out]

    @staticmethod
    def _knight_ask(view, legal) -> str:
        """What the Knight's owner is asked, over the hand the second card comes from."""
        if view["phase"] == "knight":
            return "st.ask.knight_card"             # a deal made: the card, as agreed
        return "st.ask.decide.knight" if any(isinstance(a, Accept) for a in legal) else "st.ask.alone.knight"

    @staticmethod
    def _controls(ask, buttons, cls=""):
        """A decision's buttons, named by its question (which the turn's head shows)."""
        return el("div", {"class": "st-controls"},
                  el("div", {"class": ["st-buttons", cls], "role": "group", "aria-label": ask}, buttons))

    # ---- the hand of whoever holds the tablet --------------------------------------------
    def _hand(self, view, ctx):
        t = ctx.t
        if ctx.viewer is None or view["hand"] is None:
            return None
        legal = {GAME.parse(a) for a in ctx.legal}
        known = set(view["known_in_hand"][ctx.viewer])
        forced = GAME.parse(ctx.forced).card if ctx.forced and is_hand_choice(ctx.forced) else None
        hint = ""
        if ctx.hint:
            hint = t("hint.shown")
        elif any(isinstance(a, Play) for a in legal):
            hint = t("st.hand.lead" if view["phase"] == "lead" else "st.hand.choose")
        elif any(is_hand_choice(a) for a in legal):
            hint = t(self._knight_ask(view, legal))
        elif forced:
            hint = t("st.hand.forced")
        cards = []
        for name in view["hand"]:
            keyed = {"data-key": f"card:{name}"}
            seen = (el("span", {"class": "st-known-mark", "title": t("st.hand.known")}, fig("known", "st-known-eye"),
                       el("span", {"class": "sr-only"}, ", ", t("st.hand.known")))
                    if name in known else None)
            if Play(name) in legal:
                action, does = Play(name), t("st.tap.lead" if view["phase"] == "lead" else "st.tap.choose")
            elif Knight(name) in legal:
                action, does = Knight(name), t("st.tap.knight")
            else:
                action = None
            if action is not None:
                cards.append(tappable(join([face(name, t, "md"), seen, el("span", {"class": "sr-only"}, ", ", does)]),
                                      "act", action, "card-btn st-hand-card", attrs=keyed))
            else:
                cards.append(el("span", {"class": ["st-hand-card", "is-forced" if name == forced else None]}, keyed,
                                face(name, t, "md"), seen))
        choosing = any(is_hand_choice(a) for a in legal)
        # The Knight's decision is the hand and "not used": both in one box, so that
        # the turn's box above stays short and neither falls below the fold.
        not_use = (button(text(t("st.not_use")), "act", PASS, cls="st-use st-pass")
                   if choosing and view["phase"] == "decide" and PASS in legal else None)
        title = t("st.hand", name=ctx.names[ctx.viewer])
        return el("div", {"class": ["st-hand", "is-deciding" if choosing else None], "data-private": True},
                  el("div", {"class": "st-hand-head"},
                     el("h2", t("st.hand.yours"), el("span", {"class": "sr-only"}, " (", ctx.names[ctx.viewer], ")")),
                     el("span", {"class": "st-hand-hint"}, hint),
                     getattr(ctx, "teacher", None),   # the suggestion's reasons (ui/teacher.py)
                     not_use),
                  el("div", {"class": "st-hand-cards"},
                     fan(cards, cls="st-fan", label=title) if cards
                     else el("p", {"class": "hint"}, t("st.hand.empty"))))

    # ---- the cards panel: this edition's court, each card large with what it does ------------
    def _court(self, ctx):
        t = ctx.t
        return el("div", {"class": "st-panel st-court"},
                  el("h2", {"class": "side-title"}, t("st.court")),
                  el("p", {"class": "hint"}, t("st.court.note")),
                  el("div", {"class": "st-court-cards", "role": "list"},
                     (el("div", {"role": "listitem"}, reference(power, t)) for power in range(1, 11))))

    # ---- scores, split and supply -------------------------------------------------------
    def _scores(self, view, ctx, final=False):
        t = ctx.t
        rows = []
        totals = [s["total"] for s in view["score"]]
        best = max(totals)
        for seat in range(view["players"]):
            score = view["score"][seat]
            lead = score["total"] == best and any(totals)
            rows.append(el("tr", {"class": ["st-score-row", "is-leading" if lead else None]},
                           el("th", {"scope": "row", "class": "scores-name"}, seat_mark(seat), " ", ctx.names[seat]),
                           el("td", score["gold"]), el("td", score["cards"]),
                           el("td", {"class": "scores-total"}, el("strong", score["total"]))))
            rows.append(el("tr", {"class": "st-split-row"},
                           el("td", {"colspan": "4"}, self._split(score["split"], t))))
        title = t("st.result.split") if final else t("st.scores")
        head = el("tr", (el("th", {"scope": "col"}, t(key))
                         for key in ("st.col.player", "st.col.gold", "st.col.cards", "st.col.total")))
        return join([el("h2", {"class": "side-title"}, title),
                     el("p", {"class": "hint"}, t("st.split.hint")),
                     el("table", {"class": "scores st-scores"}, el("thead", head), el("tbody", rows)),
                     el("p", {"class": "hint"}, t("st.tiebreak")) if final else None])

    @staticmethod
    def _split(split, t):
        """ST-19: the best split, as sets, runs and the singles together."""
        if not split:
            return el("span", {"class": "st-split-none"}, t("st.split.none"))
        chips = []
        singles = []
        for group in split:
            powers = [power_of(c) for c in group["cards"]]
            if group["kind"] == "single":
                singles.extend(powers)
                continue
            shown = "·".join(map(str, powers)) if group["kind"] == "set" else f"{powers[0]}–{powers[-1]}"
            chips.append(el("span", {"class": ["st-group", f"is-{group['kind']}"]},
                            el("span", {"class": "st-group-kind"}, t("st.split." + group["kind"])),
                            f" {shown} ", el("strong", {"class": "st-group-pts"}, group["points"])))
        if singles:
            chips.append(el("span", {"class": "st-group is-single"},
                            el("span", {"class": "st-group-kind"}, t("st.split.singles")),
                            f" {'·'.join(map(str, sorted(singles)))} ",
                            el("strong", {"class": "st-group-pts"}, len(singles))))
        return join(chips)

    def _supply(self, view, ctx):
        t = ctx.t
        supply = view["supply"]
        return el("div", {"class": "st-supply"}, el("h2", {"class": "side-title"}, t("st.supply")),
                  el("ul", el("li", coin(), t("st.supply.gold", n=supply["gold"])),
                     el("li", el("span", {"class": "st-token is-plus", "aria-hidden": "true"}, "+3"),
                        t("st.supply.plus", n=supply["plus"])),
                     el("li", el("span", {"class": "st-token is-minus", "aria-hidden": "true"}, "−3"),
                        t("st.supply.minus", n=supply["minus"]))))

    # ---- the round's summary, everybody reads it -------------------------------------------
    def summary(self, view, ctx):
        t = ctx.t
        record = view["history"][-1]
        cancelled = set(record["cancelled"])
        rows = []
        for play in sorted(record["plays"], key=lambda p: (p["seat"] - record["leader"]) % view["players"]):
            seat = play["seat"]
            named = t(f"st.cardname.{power_of(play['card'])}")
            if play["companion"]:
                named += " + " + t(f"st.cardname.{power_of(play['companion'])}")
            pair = [face(play["card"], t, "xs", "st-chip"),
                    face(play["companion"], t, "xs", "st-chip") if play["companion"] else None,
                    el("span", {"class": "st-sum-name"}, named)]
            if seat in cancelled:
                outcome, cls = t("st.summary.cancelled"), "is-tied"
            elif seat == record["winner"]:
                outcome, cls = t("st.won_trick"), "is-winner"
            else:
                outcome, cls = "", ""
            crown = fig("crown", "st-flag-icon") if seat == record["winner"] else None
            rows.append(el("tr", {"class": cls},
                           el("th", {"scope": "row", "class": "scores-name"}, seat_mark(seat), " ", ctx.names[seat]),
                           el("td", el("div", {"class": "st-sum-cards"}, pair,
                                       tokens(None, play["plus"], play["minus"], t, moving=False))),
                           el("td", el("strong", play["total"])),
                           el("td", {"class": "st-sum-result"}, crown, outcome)))
        if record["winner"] is None:
            headline = t("st.summary.nobody")
        else:
            headline = t("st.summary.won", name=ctx.names[record["winner"]], n=len(record["taken"]))
        happened = [log_line(event_line(e), ctx.t, ctx.names) for e in record["events"]]
        label = t("st.summary.final") if view["phase"] == "over" else t("st.summary.next")
        title = t("st.summary.title", n=record["round"])
        head = el("tr", el("th"), (el("th", {"scope": "col"}, t(key))
                                   for key in ("st.summary.col.card", "st.summary.col.total",
                                               "st.summary.col.result")))
        return el("section", {"class": "dialog st-summary", "role": "dialog", "aria-live": "assertive",
                              "data-screen": "summary", "aria-label": title},
                  el("h2", title), el("p", {"class": "st-headline"}, headline),
                  el("div", {"class": "st-sum-body"},
                     el("table", {"class": "scores st-sum-table"}, el("thead", head), el("tbody", rows)),
                     el("div", {"class": "st-sum-happened"},
                        el("h3", t("st.summary.happened")),
                        el("ul", {"class": "st-sum-events"}, (el("li", line) for line in happened)))
                     if happened else None),
                  el("div", {"class": "dialog-actions"}, button(text(label), "resume", cls="btn-primary btn-big")))


TABLE = StruggleTable()
