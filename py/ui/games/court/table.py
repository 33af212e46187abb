"""The 王への請願 (To Court the King) table: the dice tray, the characters of
each player, the supply with what the current dice would earn, the rotating
start player, the King and the final round."""
from __future__ import annotations

import functools

from royaltable.games.court import GAME
from royaltable.games.court.actions import (Aside, AsideAll, Cancel, Confirm, Done, Pass, Pick, Roll,
                                            Take, Use, Value)
from royaltable.games.court.bots import random_step
from royaltable.games.court.rules import CARDS, CHARACTERS

from ...html import button, tappable
from ...markup import Markup, el, join, text

from ...screens import built
from ...widgets import seat_plate, turn_line
from ...table import Panel, Table


PIPS = {1: [(50, 50)], 2: [(28, 28), (72, 72)], 3: [(28, 28), (50, 50), (72, 72)],
        4: [(28, 28), (72, 28), (28, 72), (72, 72)],
        5: [(28, 28), (72, 28), (50, 50), (28, 72), (72, 72)],
        6: [(28, 25), (72, 25), (28, 50), (72, 50), (28, 75), (72, 75)]}
ROMAN = {0: "", 1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}


def name(card: str, t) -> str:
    return CHARACTERS[card]["name"][t.lang]


def die(value, t, cmd: str = "", arg: str = "", cls: str = "", does: str = "") -> Markup:
    """A die drawn as a die (SVG pips), with its value in words for screen readers
    and, when it is tappable, what tapping it does."""
    label = t("ct.die.unrolled") if value is None else t("ct.die.value", n=value)
    svg = _die_face(value)
    if cmd:
        return tappable(svg, cmd, arg, f"ct-die is-playable {cls}", aria=f"{label}: {does}" if does else label)
    return el("span", {"class": ["ct-die", cls.strip()], "role": "img", "aria-label": label}, svg)


@functools.cache
def _die_face(value: int | None) -> Markup:
    """The picture of a die showing `value` (None: not rolled yet): the same every time."""
    if value is None:
        face = el("text", {"x": 50, "y": 64, "text-anchor": "middle", "font-size": 44}, "?")
    else:
        face = [el("circle", {"cx": x, "cy": y, "r": 9}) for x, y in PIPS[value]]
    return el("svg", {"viewBox": "0 0 100 100", "aria-hidden": "true"},
              el("rect", {"x": 4, "y": 4, "width": 92, "height": 92, "rx": 18}), face)


def kind_text(kind, t) -> str:
    if not kind:
        return t("ct.kind.none")
    if kind["count"] == 1:
        return t("ct.kind.single", face=kind["face"])
    return t("ct.kind", count=kind["count"], face=kind["face"])


class CourtTable(Table):
    game_id = "court"
    # At slow speed a computer's every step shows alone, this long (x 1.8).
    bot_delay_ms = 260
    # At normal and fast speed its quiet steps (dice set aside, abilities) show
    # together with the roll or the take that follows them: one pause a roll.
    # The pauses shrink as the turn goes on (by the dice set aside and abilities
    # used, which grow at every roll), so even a long turn stays short:
    # at normal speed a whole turn pauses at most TURN_START_MS + ROLL_MS / (1 - ROLL_DECAY).
    TURN_START_MS = 300         # the previous move, before the turn's first roll
    ROLL_MS = 400               # a roll's result, the turn's first ...
    ROLL_DECAY = 0.78           # ... and this much shorter for each die set aside or ability used

    def shows_with_next(self, before, action, after):
        """A computer's step shows with its next one unless it brought new dice
        (a roll, the Jester, the Merchant) or ended its turn (a take, a pass; the
        same player may start the next round): those are what people watch."""
        action = GAME.parse(action)
        return not random_step(before, action) and not isinstance(action, (Take, Pass))

    def group_pause_ms(self, view):
        if view["phase"] != "dice" or not view["dice"]["rolled"]:
            return self.TURN_START_MS
        current = view["current"]
        done = len(view["dice"]["aside"]) + sum(c["used"] for c in view["hands"][current])
        return self.ROLL_MS * self.ROLL_DECAY ** done

    # ---- the log ----------------------------------------------------------------
    def opening_log(self, view):
        return [("ct.log.start", {"name": ("seat", view["start_player"])})]

    def sound_of(self, before, action, after):
        """Dice rolled, a character taken."""
        return "dice" if isinstance(action, Roll) else "card" if isinstance(action, Take) else None

    def describe(self, before, action, seat, after, forced):
        who = ("seat", seat)
        lines = []
        match GAME.parse(action):
            case Roll():
                dice = after["dice"]["active"] if after["current"] == seat else []
                lines.append(("ct.log.roll", {"name": who, "dice": " ".join(map(str, sorted(dice)))}))
            case AsideAll():
                lines.append(("ct.log.aside_all", {"name": who, "n": "all"}))
            case Aside(face):
                lines.append(("ct.log.aside", {"name": who, "n": str(face)}))
            case Use(card):
                lines.append(("ct.log.use", {"name": who, "card": ("tr", "ct.card." + card)}))
            case Take(card):
                lines.append(("ct.log.take", {"name": who, "card": ("tr", "ct.card." + card)}))
            case Pass():
                lines.append(("ct.log.pass", {"name": who}))
        if len(after["history"]) and after["history"] != before["history"]:
            last = after["history"][-1]
            if last["final"]:
                key = "ct.log.final_king" if last["took"] == "king" else "ct.log.final_miss"
                lines.append((key, {"name": who, "dice": " ".join(map(str, last["dice"]))}))
        if after["final_round"] and not before["final_round"]:
            lines.append(("ct.log.final_round", {}))
        elif after["round"] != before["round"] and after["phase"] != "over":
            lines.append(("ct.log.round", {"n": after["round"], "name": ("seat", after["start_player"])}))
        return lines

    def move_words(self, view, action, t, names):
        pending = view["pending"]
        match GAME.parse(action):
            case Roll():
                return t("ct.roll", n=len(view["dice"]["active"]))
            case AsideAll():
                return t("ct.say.aside_all", dice=" ".join(map(str, sorted(view["dice"]["active"]))))
            case Aside(face):
                return t("ct.say.aside", n=face)
            case Value(face):
                return t("ct.say.value", n=face)
            case Use(card):
                return t("ct.say.use", card=name(card, t))
            case Take(card):
                return t("ct.say.take", card=name(card, t))
            case Pick(face):
                return t("ct.say.pick", n=face, card=name(pending["card"], t))
            case Confirm():
                return t("ct.say.confirm", card=name(pending["card"], t))
            case Cancel():
                return t("ct.say.cancel", card=name(pending["card"], t))
            case Done():
                return t("ct.done")
            case Pass():
                return t("ct.pass")

    def refusal_params(self, refusal, t, names):
        """Seats by name, characters by their names, values listed in words."""
        params = super().refusal_params(refusal, t, names)
        card = params.get("card")
        if card in CHARACTERS:
            params["name"] = name(card, t)
            if "requirement" in params:
                params["requirement"] = CHARACTERS[card]["requirement"][t.lang]
        if "values" in params:
            params["values"] = t.join(map(str, params["values"]))
        return params

    # ---- the table ----------------------------------------------------------------
    def render(self, view, ctx):
        return el("section", {"class": "ct", "aria-label": ctx.t("game.court")},
                  self._status(view, ctx), self._players(view, ctx), self._tray(view, ctx),
                  self._supply(view, ctx))

    def panels(self, view, ctx):
        return [Panel("scores", ctx.t("panel.scores"), self._standings(view, ctx))]

    def _status(self, view, ctx):
        t = ctx.t
        chips = [t("ct.round", n=view["round"]),
                 t("ct.start_player", name=ctx.names[view["start_player"]])]
        if view["final_round"]:
            chips.insert(0, t("ct.final_round"))
        if view["king_holder"] is not None:
            chips.append(t("ct.king_to_beat", name=ctx.names[view["king_holder"]],
                           kind=kind_text(view["king_result"], t)))
        return el("div", {"class": "status-bar"}, (el("span", {"class": "chip"}, chip) for chip in chips),
                  el("strong", {"class": "status-turn", "aria-live": "polite"}, turn_line(ctx, view["current"])))

    def _players(self, view, ctx):
        t = ctx.t
        plates = []
        order = view["order"]
        for seat in range(view["players"]):
            badges = []
            if seat == view["start_player"]:
                badges.append(el("span", {"class": "badge badge-dealer"}, t("ct.starts")))
            if seat == view["king_holder"]:
                badges.append(el("span", {"class": "badge badge-king"}, t("ct.card.king")))
            cards = [el("span", {"class": ["ct-chip", c["used"] and "is-used"]}, name(c["card"], t),
                        c["used"] and " ✓")
                     for c in view["hands"][seat] if c["card"] != "king"] \
                or el("span", {"class": "hint"}, t("ct.no_cards"))
            position = t.ordinal(order.index(seat) + 1) if seat in order else "–"
            body = join((el("div", {"class": "plate-facts"},
                            t("ct.plate", dice=view["start_dice"][seat], order=position)),
                         el("div", {"class": "ct-chips"}, cards)))
            plates.append(seat_plate(ctx, seat, seat == view["current"], badges, body))
        return el("div", {"class": "plates"}, plates)

    def _tray(self, view, ctx):
        t = ctx.t
        dice = view["dice"]
        legal = set(map(GAME.parse, ctx.legal))
        pending = view["pending"]
        rolled_now = ctx.last_action in (Roll(), Use("jester"), Confirm())
        picked = set(pending["picked"]) if pending else set()      # positions among the active dice
        active = []
        for index, value in enumerate(dice["active"]):
            cls = "is-rolling" if rolled_now else ""
            if index in picked:
                cls += " is-picked"
            if value is not None and Pick(value) in legal and index not in picked:
                active.append(die(value, t, "act", Pick(value), cls,
                                  t("ct.tap.pick", card=name(pending["card"], t))))
            elif value is not None and Aside(value) in legal:
                active.append(die(value, t, "act", Aside(value), cls, t("ct.tap.aside")))
            else:
                active.append(die(value, t, cls=cls))
        aside = [die(v, t, cls="is-aside") for v in dice["aside"]]
        current = view["current"]
        summary = ""
        if dice["rolled"]:
            summary = t("ct.best", kind=kind_text(view["best"], t), total=sum(dice["aside"]) + sum(
                v for v in dice["active"] if v))
        title = t("ct.tray", name=ctx.names[current]) if current is not None else t("ct.tray.idle")
        hint = ""
        if ctx.hint:
            hint = t("hint.shown")
        elif ctx.legal:
            if pending:
                hint = t("ct.hint.pick" if pending["step"] == "pick" else "ct.hint.value",
                         card=name(pending["card"], t))
            elif dice["must_set_aside"]:
                hint = t("ct.hint.aside")
            elif view["phase"] == "take":
                hint = t("ct.hint.take")
        return el("div", {"class": "ct-tray"},
                  el("div", {"class": "ct-tray-head"}, el("h2", title), el("span", {"class": "ct-best"}, summary)),
                  el("div", {"class": "ct-zones"},
                     el("div", {"class": "ct-zone"}, el("div", {"class": "ct-zone-title"}, t("ct.active")),
                        el("div", {"class": "ct-dice"}, active or t("ct.none"))),
                     el("div", {"class": "ct-zone ct-zone-aside"}, el("div", {"class": "ct-zone-title"}, t("ct.aside")),
                        el("div", {"class": "ct-dice"}, aside or t("ct.none")))),
                  el("p", {"class": "hint ct-hint"}, hint),
                  built(ctx.teacher),      # the suggestion's reasons (ui/teacher.py), after its line
                  self._abilities(view, ctx, legal), self._takeable(view, ctx),
                  el("div", {"class": "kk-controls"}, self._controls(view, ctx, legal)))

    def _controls(self, view, ctx, legal):
        t = ctx.t
        out = []
        if Roll() in legal:
            out.append(button(text(t("ct.roll", n=len(view["dice"]["active"]))), "act", Roll(),
                              cls="btn-primary btn-big"))
        if AsideAll() in legal:
            out.append(button(text(t("ct.aside_all")), "act", AsideAll()))
        values = [a for a in map(GAME.parse, ctx.legal) if isinstance(a, Value)]
        if values:
            out.append(el("div", {"class": "ct-values", "role": "group"},
                          (button(die(a.face, t), "act", a, cls="btn-die", aria=t("ct.tap.value", n=a.face))
                           for a in values)))
        for action, key, cls in ((Confirm(), "ct.confirm", "btn-primary"), (Cancel(), "ct.cancel", ""),
                                 (Done(), "ct.done", "btn-primary"), (Pass(), "ct.pass", "")):
            if action in legal:
                out.append(button(text(t(key)), "act", action, cls=cls))
        return join(out)

    def _takeable(self, view, ctx):
        """CT-12: the characters the result earns, as buttons beside the dice (the
        supply below is the reference, not where the choice is made)."""
        t = ctx.t
        takes = [a for a in map(GAME.parse, ctx.legal) if isinstance(a, Take)]
        if not takes:
            return None
        return el("div", {"class": "ct-takes", "role": "group", "aria-label": t("ct.hint.take")},
                  (button(join((el("strong", name(a.card, t)), el("small", CHARACTERS[a.card]["ability"][t.lang]))),
                          "act", a, cls="ct-take")
                   for a in takes))

    def _abilities(self, view, ctx, legal):
        t = ctx.t
        current = view["current"]
        if current is None:
            return None
        cards = []
        for held in view["hands"][current]:
            card = held["card"]
            if card == "king":
                continue
            words = (el("strong", name(card, t)), " ", el("small", CHARACTERS[card]["ability"][t.lang]))
            if Use(card) in legal:
                cards.append(button(join((words, el("span", {"class": "sr-only"}, ": " + t("ct.tap.use")))),
                                    "act", Use(card), cls="ct-ability"))
            else:
                cards.append(el("span", {"class": "ct-ability is-idle"}, words,
                                held["used"] and " · " + t("ct.used")))
        if not cards:
            return None
        return el("div", {"class": "ct-abilities", "aria-label": t("ct.abilities")}, cards)

    def _supply(self, view, ctx):
        t = ctx.t
        earns = set(view["earns"])
        cards = [self._supply_card(card, view["supply"][card], card in earns, t) for card in CARDS]
        return el("div", {"class": "ct-supply"},
                  el("h2", {"class": "side-title"}, t("ct.supply")),
                  el("p", {"class": "hint"}, t("ct.supply.hint")),
                  el("div", {"class": "ct-grid"}, cards))

    _drawn_cards: dict = {}

    def _supply_card(self, card: str, left: int | None, earned: bool, t) -> Markup:
        """One character of the supply: the same for the same copies left, earned or
        not, and language, so it is drawn once (20 cards at every redraw)."""
        key = (card, left, earned, t.lang)
        drawn = self._drawn_cards.get(key)
        if drawn is None:
            info = CHARACTERS[card]
            copies = t("ct.unlimited") if left is None else t("ct.left", n=left)
            row = ROMAN[info["row"]]
            drawn = self._drawn_cards[key] = el(
                "div", {"class": ["ct-card", earned and "is-earned", left == 0 and "is-gone"]},
                el("span", {"class": "ct-card-head"},
                   el("span", {"class": "ct-card-name"}, info["name"][t.lang]),
                   row and el("span", {"class": "ct-card-row", "title": t("ct.row." + str(info["row"]))}, row),
                   el("span", {"class": "ct-card-left"}, copies)),
                el("span", {"class": "ct-card-req"}, info["requirement"][t.lang]),
                el("span", {"class": "ct-card-ability"}, info["ability"][t.lang]),
                earned and el("span", {"class": "ct-card-earn"}, "★ " + t("ct.earned")))
        return drawn

    def _standings(self, view, ctx):
        t = ctx.t
        rows = []
        for seat in range(view["players"]):
            count = len([c for c in view["hands"][seat] if c["card"] not in ("king", "queen")])
            king = t("ct.card.king") if seat == view["king_holder"] else ""
            rows.append(el("tr", el("th", {"scope": "row", "class": "scores-name"}, ctx.names[seat]),
                           el("td", view["start_dice"][seat]), el("td", count), el("td", king)))
        finals = [h for h in view["history"] if h["final"]]
        heading = t("ct.final_results") if view["phase"] == "over" else t("ct.final_standings")
        final = view["final_round"] and (
            el("h3", {"class": "side-title"}, heading),
            el("ol", {"class": "ct-finals"},
               (el("li", ctx.names[h["seat"]], ": ", " ".join(map(str, h["dice"])),
                   h["took"] == "king" and " · " + t("ct.card.king")) for h in finals)))
        return join((
            el("h2", {"class": "side-title"}, t("ct.players")),
            el("table", {"class": "scores"},
               el("thead", el("tr", el("th"), el("th", t("ct.col.dice")), el("th", t("ct.col.cards")),
                              el("th", t("ct.card.king")))),
               el("tbody", rows)),
            final))


TABLE = CourtTable()
