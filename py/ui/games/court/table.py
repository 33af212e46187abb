"""The 王への請願 (To Court the King) table: the dice tray, the characters of
each player listed at their seat (figure and name), the supply (small cards by tier, the
ones the current dice earn lit, each with its requirement drawn as dice and the
copies left), the rotating start player, the King and the final round. The
full cards (figure, requirement, ability) open in the "cards" panel.

Motion (static/motion.js) is asked for by marks:
- a die is keyed by its face and its place among the dice showing that face
  ("die:5:0" the first 5 of the turn: the dice set aside counted first, then the
  active ones), and the dice are drawn in order of their faces. A die set aside
  ("aside 5" moves the first active 5, and every 5 is the same) keeps its key, so
  it glides from the active dice to the ones set aside; the others keep theirs and
  make room. A roll marks the active dice data-roll (they tumble); a die added by
  an ability (Smith...) flies in from its card, and a die changed by an ability
  (a new face: a new key) flies in from the card being used ("using");
- a character taken flies from the card tapped (or the supply) to the taker's
  seat (data-from); the King is one thing ("king") wherever it is, so it glides
  from holder to holder; a character of the supply pulses when a copy leaves it,
  and so do the dice a seat rolls when they change (data-bump).
"""
from __future__ import annotations

import functools

from royaltable.games.court import GAME
from royaltable.games.court.actions import (Aside, AsideAll, Cancel, Confirm, Done, Pass, Pick, Roll,
                                            Take, Use, Value)
from royaltable.games.court.bots import random_step
from royaltable.games.court.rules import ABILITIES, ADDS, CARDS, CHARACTERS, best_kind

from ...cards import card
from ...figures import figure
from ...html import button, tappable
from ...i18n import Translator
from ...markup import Markup, el, join, text

from ...screens import built
from ...widgets import seat_plate, turn_line
from ...table import Panel, Table
from .pictures import die_face, requirement

ROMAN = {0: "", 1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}
# The tone of each supply row (CT-2): the band and the figure of its cards.
TONES = {0: "plum", 1: "green", 2: "blue", 3: "brown", 4: "red", 5: "gold"}
TIERS = tuple(sorted({info["row"] for info in CHARACTERS.values()}))


def name(card_id: str, t) -> str:
    return CHARACTERS[card_id]["name"][t.lang]


def die(value, t, cmd: str = "", arg: str = "", cls: str = "", does: str = "", attrs: dict | None = None) -> Markup:
    """A die drawn as a die (SVG pips), with its value in words for screen readers
    and, when it is tappable, what tapping it does."""
    label = t("ct.die.unrolled") if value is None else t("ct.die.value", n=value)
    svg = die_face(value)
    if cmd:
        return tappable(svg, cmd, arg, f"ct-die is-playable {cls}", aria=f"{label}: {does}" if does else label,
                        attrs=attrs)
    return el("span", {"class": ["ct-die", cls.strip()], "role": "img", "aria-label": label}, attrs or {}, svg)


def kind_text(kind, t) -> str:
    if not kind:
        return t("ct.kind.none")
    if kind["count"] == 1:
        return t("ct.kind.single", face=kind["face"])
    return t("ct.kind", count=kind["count"], face=kind["face"])


def dice_keys(aside: list, active: list) -> tuple[list[str], list[str]]:
    """The motion keys of the dice set aside and of the active ones, in the order of
    each list: "die:<face>:<n>", n counting the dice showing that face, the ones set
    aside first (in the order they were set aside), then the active ones in the order
    they are drawn (by face, then place). Dice not rolled yet are "die:?:<place>"."""
    seen: dict = {}
    aside_keys = []
    for value in aside:
        aside_keys.append(f"die:{value}:{seen.get(value, 0)}")
        seen[value] = seen.get(value, 0) + 1
    active_keys = [""] * len(active)
    for index in drawn_order(active):
        value = active[index]
        if value is None:
            active_keys[index] = f"die:?:{index}"
            continue
        active_keys[index] = f"die:{value}:{seen.get(value, 0)}"
        seen[value] = seen.get(value, 0) + 1
    return aside_keys, active_keys


def drawn_order(values: list) -> list[int]:
    """The places of the dice in the order they are drawn: by face, then place
    (dice not rolled yet keep their places)."""
    return sorted(range(len(values)), key=lambda i: (values[i] or 0, i))


def used_mark(t) -> Markup:
    return el("span", {"class": "ct-used-mark"}, el("span", {"aria-hidden": "true"}, "✓"),
              el("span", {"class": "sr-only"}, t("ct.used")))


def left_words(left: int | None, t) -> str:
    return t("ct.unlimited") if left is None else t("ct.left", n=left)


# ---- the card faces, each drawn once for what it shows --------------------------------

@functools.cache
def words(lang: str) -> Translator:
    """The words of a language, for the faces drawn once (cached by language)."""
    return Translator(lang)


@functools.cache
def supply_face(card_id: str, left: int | None, earned: bool, lang: str) -> Markup:
    """A character of the supply, small: its figure, name, requirement as dice and
    the copies left; lit when the dice on the table earn it."""
    info, t = CHARACTERS[card_id], words(lang)
    count = el("span", {"class": "ct-left", "role": "img", "aria-label": left_words(left, t)},
               "∞" if left is None else f"×{left}")
    req = el("span", {"class": "ct-req", "role": "img", "aria-label": t("ct.requirement",
                                                                         words=info["requirement"][lang])},
             requirement(card_id))
    earned_words = earned and el("span", {"class": "sr-only"}, t("ct.earned"))
    return card(info["name"][lang], figure("court", card_id), tone=TONES[info["row"]], size="xs",
                corner=count, text=join((req, earned_words)),
                cls=" ".join(filter(None, ("ct-mini", earned and "is-earned", left == 0 and "is-gone"))),
                attrs={"data-card": card_id, "data-key": f"supply:{card_id}", "data-bump": left})


@functools.cache
def held_face(card_id: str, seat: int, used: bool, lang: str) -> Markup:
    """A character a player holds, in the list at their seat: its figure and its name
    whole, in a chip of its row's tone (a seat may hold a dozen: a fan of cards would
    hide their names). Flies in from where it was taken (the card tapped, else the
    supply); the King from its last holder."""
    info, t = CHARACTERS[card_id], words(lang)
    key = "king" if card_id == "king" else f"held:{seat}:{card_id}"
    return el("span", {"class": ["ct-chip", f"tone-{TONES[info['row']]}", used and "is-used"],
                       "data-card": card_id, "data-key": key, "data-from": f"take:{card_id} supply:{card_id}"},
              el("span", {"class": "ct-chip-fig", "aria-hidden": "true"}, figure("court", card_id)),
              el("span", {"class": "ct-chip-name"}, info["name"][lang]),
              used and used_mark(t))


@functools.cache
def ability_face(card_id: str, used: bool, using: bool, lang: str) -> Markup:
    """A character of the player to move, large, with its ability: the cards they
    use (the one being used is "using": a die it changes flies from it)."""
    info, t = CHARACTERS[card_id], words(lang)
    return card(info["name"][lang], figure("court", card_id), tone=TONES[info["row"]], size="md",
                corner=ROMAN[info["row"]], mark=used_mark(t) if used else None, text=info["ability"][lang],
                cls=" ".join(filter(None, ("ct-hand-card", used and "is-used", using and "is-using"))),
                attrs={"data-card": card_id, "data-key": "using" if using else f"use:{card_id}"})


@functools.cache
def take_face(card_id: str, left: int | None, lang: str) -> Markup:
    """A character the dice earn, large, with its ability and the copies left."""
    info, t = CHARACTERS[card_id], words(lang)
    return card(info["name"][lang], figure("court", card_id), tone=TONES[info["row"]], size="md",
                corner=ROMAN[info["row"]], text=info["ability"][lang], foot=left_words(left, t),
                cls="ct-take-card", attrs={"data-card": card_id, "data-key": f"take:{card_id}"})


@functools.cache
def reference_face(card_id: str, left: int | None, lang: str) -> Markup:
    """A character as the "cards" panel shows it: everything on it, large."""
    info, t = CHARACTERS[card_id], words(lang)
    req = el("span", {"class": "ct-req"}, requirement(card_id),
             el("span", {"class": "ct-req-words"}, info["requirement"][lang]))
    return card(info["name"][lang], figure("court", card_id), tone=TONES[info["row"]], size="lg",
                corner=ROMAN[info["row"]],
                text=join((req, el("span", {"class": "ct-ability-words"}, info["ability"][lang]))),
                foot=left_words(left, t), cls="ct-ref-card", attrs={"data-card": card_id})


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
        return el("section", {"class": ["ct", f"ct-seats-{view['players']}"], "aria-label": ctx.t("game.court")},
                  self._status(view, ctx), self._players(view, ctx), self._tray(view, ctx),
                  self._supply(view, ctx))

    def panels(self, view, ctx):
        return [Panel("scores", ctx.t("panel.scores"), lambda: self._standings(view, ctx)),
                Panel("cards", ctx.t("ct.panel.cards"), lambda: self._references(view, ctx))]

    def _status(self, view, ctx):
        t = ctx.t
        chips = [t("ct.round.final" if view["final_round"] else "ct.round", n=view["round"]),
                 t("ct.start_player", name=ctx.names[view["start_player"]])]
        if view["king_holder"] is not None:
            chips.append(t("ct.king_to_beat", name=ctx.names[view["king_holder"]],
                           kind=kind_text(view["king_result"], t)))
        return el("div", {"class": "status-bar"},
                  el("span", {"class": "ct-status-chips"}, (el("span", {"class": "chip"}, chip) for chip in chips)),
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
            hand = list(view["hands"][seat])
            if seat == view["king_holder"]:         # the King is held apart (CT-17), before the Queen
                hand.insert(len(hand) - bool(hand and hand[-1]["card"] == "queen"), {"card": "king", "used": False})
            held = el("span", {"class": "ct-chips", "role": "group", "aria-label": t("ct.held", name=ctx.names[seat])},
                      (held_face(c["card"], seat, c["used"], t.lang) for c in hand)) if hand \
                else el("span", {"class": "hint ct-no-cards"}, t("ct.no_cards"))
            position = t.ordinal(order.index(seat) + 1) if seat in order else "–"
            count = view["start_dice"][seat]
            facts = el("div", {"class": "plate-facts"},
                       el("span", {"class": "ct-seat-dice", "data-key": f"dice:{seat}", "data-bump": count},
                          el("span", {"aria-hidden": "true"}, die_face(count if count <= 6 else 6), count),
                          el("span", {"class": "sr-only"}, t("ct.dice_count", n=count))),
                       " · ", t("ct.order", order=position))
            body = join((facts, el("div", {"class": "ct-held"}, held)))
            plates.append(seat_plate(ctx, seat, seat == view["current"], badges, body))
        return el("div", {"class": "plates ct-plates"}, plates)

    def _tray(self, view, ctx):
        t = ctx.t
        dice = view["dice"]
        legal = set(map(GAME.parse, ctx.legal))
        pending = view["pending"]
        last = GAME.parse(ctx.last_action) if ctx.last_action else None
        rolled_now = isinstance(last, Roll)
        # Where a die that is new on the table comes from: the card that added it,
        # or the card being used (a die it changed shows a new face: a new key).
        if isinstance(last, Use) and last.card in ADDS:
            came_from = f"use:{last.card}"
        elif isinstance(last, (Pick, Value, Confirm)):
            came_from = "using"
        else:
            came_from = None
        picked = set(pending["picked"]) if pending else set()      # positions among the active dice
        aside_keys, active_keys = dice_keys(dice["aside"], dice["active"])
        active = []
        for index in drawn_order(dice["active"]):
            value = dice["active"][index]
            cls = "is-picked" if index in picked else ""
            attrs = {"data-key": active_keys[index], "data-roll": rolled_now and ctx.moves or None,
                     "data-from": came_from}
            if value is not None and Pick(value) in legal and index not in picked:
                active.append(die(value, t, "act", Pick(value), cls,
                                  t("ct.tap.pick", card=name(pending["card"], t)), attrs))
            elif value is not None and Aside(value) in legal:
                active.append(die(value, t, "act", Aside(value), cls, t("ct.tap.aside"), attrs))
            else:
                active.append(die(value, t, cls=cls, attrs=attrs))
        aside = [die(dice["aside"][i], t, cls="is-aside", attrs={"data-key": aside_keys[i]})
                 for i in drawn_order(dice["aside"])]
        current = view["current"]
        summary = ""
        if dice["rolled"]:
            summary = t("ct.best", kind=kind_text(view["best"], t), total=sum(dice["aside"]) + sum(
                v for v in dice["active"] if v))
            if view["beats_king"] is not None:     # CT-17: the final round is played for the King alone
                summary = f'{summary} · {t("ct.beats" if view["beats_king"] else "ct.beats_not")}'
        # whose dice they are is said by the seat lit and the turn line; a long name is not drawn again
        title = t("ct.tray.idle") if current is None else join((
            el("span", {"aria-hidden": "true"}, t("ct.tray.idle")),
            el("span", {"class": "sr-only"}, t("ct.tray", name=ctx.names[current]))))
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
                        el("div", {"class": "ct-dice"}, active or el("span", {"class": "ct-none"}, t("ct.none")))),
                     el("div", {"class": "ct-zone ct-zone-aside"}, el("div", {"class": "ct-zone-title"}, t("ct.aside")),
                        el("div", {"class": "ct-dice"}, aside or el("span", {"class": "ct-none"}, t("ct.none"))))),
                  el("p", {"class": "hint ct-hint"}, hint),
                  built(ctx.teacher),      # the suggestion's reasons (ui/teacher.py), after its line
                  self._takeable(view, ctx) or self._abilities(view, ctx, legal),
                  el("div", {"class": "ct-controls"}, self._controls(view, ctx, legal)))

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
        """CT-12: the characters the result earns, as cards to tap (with what each
        does); while a computer decides, the same cards, not tappable."""
        t = ctx.t
        if view["phase"] != "take":
            return None
        takes = set(a.card for a in map(GAME.parse, ctx.legal) if isinstance(a, Take))
        cards = []
        for card_id in view["earns"]:
            face = take_face(card_id, view["supply"][card_id], t.lang)
            if card_id in takes:
                cards.append(tappable(join((face, el("span", {"class": "sr-only"}, t("ct.tap.take")))),
                                      "act", Take(card_id), "card-btn ct-take"))
            else:
                cards.append(face)
        return el("div", {"class": "ct-row ct-takes", "role": "group", "aria-label": t("ct.hint.take"),
                          "style": f"--n:{len(cards)}"}, cards)

    def _abilities(self, view, ctx, legal):
        """The characters of the player to move that have an ability, as cards: the
        ones they may use now stand up to be tapped; the used ones are marked."""
        t = ctx.t
        current = view["current"]
        if current is None:
            return None
        pending = view["pending"]
        cards = []
        for held in view["hands"][current]:
            card_id = held["card"]
            if card_id not in ABILITIES:
                continue
            using = bool(pending) and pending["card"] == card_id
            face = ability_face(card_id, held["used"], using, t.lang)
            if Use(card_id) in legal:
                cards.append(tappable(join((face, el("span", {"class": "sr-only"}, t("ct.tap.use")))),
                                      "act", Use(card_id), "card-btn ct-ability"))
            else:
                cards.append(face)
        if not cards:
            return None
        return el("div", {"class": "ct-row ct-abilities", "role": "group", "aria-label": t("ct.abilities"),
                          "style": f"--n:{len(cards)}"}, cards)

    def _supply(self, view, ctx):
        t = ctx.t
        earns = set(view["earns"])
        cards = [supply_face(c, view["supply"][c], c in earns, t.lang) for c in CARDS]
        return el("div", {"class": "ct-supply"},
                  el("h2", {"class": "sr-only"}, t("ct.supply")),
                  el("div", {"class": "ct-grid"}, cards))

    def _references(self, view, ctx):
        """The "cards" panel: every character as a full card (figure, requirement
        as dice and in words, ability, copies left), by supply row, and how the
        dice of a requirement read."""
        t = ctx.t
        rows = []
        for tier in TIERS:
            cards = [reference_face(c, view["supply"][c], t.lang) for c in CARDS if CHARACTERS[c]["row"] == tier]
            rows.append(el("h3", {"class": "ct-ref-title"}, t("ct.row." + str(tier))))
            rows.append(el("div", {"class": "ct-ref-row"}, cards))
        return join((el("h2", {"class": "side-title"}, t("ct.supply")),
                     el("p", {"class": "hint ct-legend"}, t("ct.legend")),
                     rows))

    def result_reason(self, view, ctx):
        """Who holds the King and with what, the closest try against it, and the rule."""
        t = ctx.t
        if not view["winners"]:
            return ""
        holder = view["winners"][0]
        finals = [h for h in view["history"] if h["final"]]
        took = any(h["seat"] == holder and h["took"] == "king" for h in finals)
        said = [t("ct.why.took" if took else "ct.why.kept", name=ctx.names[holder],
                  kind=kind_text(view["king_result"], t))]
        tries = [h for h in finals if h["seat"] != holder and h["dice"]]
        if tries:
            closest = max(tries, key=lambda h: best_kind(h["dice"]))
            count, face = best_kind(closest["dice"])
            said.append(t("ct.why.closest", name=ctx.names[closest["seat"]],
                          kind=kind_text({"count": count, "face": face}, t)))
        said.append(t("ct.why.rule"))
        return t.sentences(said)

    def result_detail(self, view, ctx):
        """The standings and the final round's rolls, without the panel's heading."""
        return self._standings(view, ctx, heading=False)

    def _standings(self, view, ctx, heading=True):
        t = ctx.t
        rows = []
        for seat in range(view["players"]):
            count = len([c for c in view["hands"][seat] if c["card"] not in ("king", "queen")])
            king = t("ct.card.king") if seat == view["king_holder"] else ""
            rows.append(el("tr", el("th", {"scope": "row", "class": "scores-name"}, ctx.names[seat]),
                           el("td", view["start_dice"][seat]), el("td", count), el("td", king)))
        columns = ("ct.col.player", "ct.col.dice", "ct.col.cards", "ct.card.king")
        return join((
            heading and el("h2", {"class": "side-title"}, t("ct.players")),
            el("table", {"class": "scores"},
               el("thead", el("tr", (el("th", {"scope": "col"}, t(key)) for key in columns))),
               el("tbody", rows)),
            self._finals(view, ctx)))

    @staticmethod
    def _finals(view, ctx):
        """The final round's turns in the order played: each player's dice and the
        best of a kind they made, the King's takes marked."""
        t = ctx.t
        finals = [h for h in view["history"] if h["final"]]
        if not view["final_round"]:
            return ""
        rows = [el("tr", {"class": "is-took" if h["took"] == "king" else None},
                   el("th", {"scope": "row", "class": "scores-name"}, ctx.names[h["seat"]]),
                   el("td", {"class": "ct-finals-dice"}, " ".join(map(str, sorted(h["dice"])))),
                   el("td", kind_text(dict(zip(("count", "face"), best_kind(h["dice"]))) if h["dice"] else None, t)),
                   el("td", t("ct.final.took") if h["took"] == "king" else ""))
                for h in finals]
        columns = ("ct.col.player", "ct.col.rolled", "ct.col.best", "ct.card.king")
        return join((
            el("h3", {"class": "side-title"}, t("ct.final_results" if view["phase"] == "over" else "ct.final_standings")),
            el("table", {"class": "scores ct-finals"},
               el("thead", el("tr", (el("th", {"scope": "col"}, t(key)) for key in columns))),
               el("tbody", rows))))


TABLE = CourtTable()
