"""The 黄金の鍵 (The Golden Key) table: the battlefield of cards between the two
faction cards, every card a face of the collection (ui.cards: the battle cards
with their number large and a place of the borderland as their figure, the
re-roll card, the faction cards with their lion and eagle, face-down cards as
the collection's back), the dice standing on them in the players' colours (red
dice are rounded squares, blue dice cut-cornered: colour is never the only
carrier), stacks drawn as stacks, the chips on the cards and won, and one panel
beside the board that says in words what the player to act does now.

Both players sit at one tablet. Each player's faction card is on their own
side: with two people red sits at the top and blue at the bottom, and what is
red's (their plate, their faction card, and the panel while red decides) is
turned to face red; a lone person always has their own faction at the bottom.
Everything is public: no hand-off; a face-down card is hidden from both alike
(its face is never drawn, and nothing of it is in an attribute).

A move is two taps: tap a die (a `select`, see `chosen_die`), and the cards it
may go to become buttons that show what the die will read there.

Motion is asked for by marks (static/motion.js): each die is keyed by its name
(red0 ... blue1), so it glides from card to card, from its player's tray to an
entry spot, home; a die the last move rolled tumbles (data-roll); a chip won
flies from its card to its winner's plate, whose count pulses (data-bump); a
face-down card turned up leaves as its back, turning away over the face.
"""
from __future__ import annotations

import functools
import pathlib

from royaltable.games.golden_key import GAME
from royaltable.games.golden_key.actions import (DIE_STEPS, Accept, Decline, End, Flick, Keep, Move,
                                                 Pass, Place, Propose, Refuse, Reroll, Return, Roll)
from royaltable.games.golden_key.rules import COLOURS, DICE, SPOTS

from ...cards import card as card_face, card_back
from ...figures import figure
from ...html import button, tappable

from ...i18n import log_line
from ...icons import drawings
from ...markup import Markup, el, join, text
from ...widgets import seat_plate, turn_line
from ...table import Panel, Table


GAME_ID = "golden_key"
COLS = 3
PIPS = {1: [(50, 50)], 2: [(29, 29), (71, 71)], 3: [(29, 29), (50, 50), (71, 71)],
        4: [(29, 29), (71, 29), (29, 71), (71, 71)],
        5: [(29, 29), (71, 29), (50, 50), (29, 71), (71, 71)],
        6: [(29, 27), (71, 27), (29, 50), (71, 50), (29, 73), (71, 73)]}
# The actions a table log entry starts from (what follows it are its consequences).
PRIMARY = {"place", "flick", "move", "reroll", "keep", "roll", "return", "end", "pass",
           "propose", "decline", "accept", "refuse"}
# An entry spot's number (0..2) by its name ("red:1" -> 1), for a place action.
SPOT_NUMBER = {name: number for spots in SPOTS.values() for number, name in enumerate(spots)}
# The tone of each faction's cards (the palette's red and blue).
TONE = {"red": "red", "blue": "blue"}


# ---- small drawings --------------------------------------------------------------------
# The fixed shapes are data: art.svg beside this file, one <symbol> each, drawn
# inline (the shapes inside an <svg> of the caller's) so that they take the
# page's colours.

ART = pathlib.Path(__file__).resolve().parent / "art.svg"


@functools.cache
def art(name: str) -> Markup:
    """The shapes of one symbol of art.svg."""
    return drawings(ART)[name]


def svg(cls, view_box: str, *shapes, **attrs) -> Markup:
    """A decorative inline SVG (hidden from screen readers)."""
    return el("svg", {"class": cls, "viewBox": view_box}, attrs,
              {"aria-hidden": "true", "focusable": "false"}, *shapes)


# Red dice are rounded squares, blue dice octagons: a shape as well as a colour.
def body(owner: int) -> Markup:
    return art("die-body-" + COLOURS[owner])


@functools.cache
def die_svg(owner: int, value: int) -> Markup:
    pips = [el("circle", {"cx": x, "cy": y, "r": "9.5"}) for x, y in PIPS[value]]
    return svg("gk-die-svg", "0 0 100 100", body(owner), el("g", {"class": "gk-pips"}, pips))


@functools.cache
def emblem(owner: int) -> Markup:
    """The faction's shape alone (the same as its dice), for plates and badges."""
    return svg(["gk-emblem", "gk-" + COLOURS[owner]], "0 0 100 100", body(owner))


@functools.cache
def coin(filled: bool = True) -> Markup:
    return svg("gk-coin", "0 0 24 24", art("coin" if filled else "coin-empty"))


def number(card: str) -> Markup:
    """A card's number; 6 and 9 are underlined so that they read from either side."""
    return el("span", {"class": "gk-69"}, card) if card in ("6", "9") else text(card)


# ---- the cards: faces of the collection's card (ui.cards) ---------------------------------
# Each is drawn once per place, number, chips and language (a redraw reuses it).
# A face on the board is aria-hidden: its cell says in words what lies there.

def chip_key(cell: str, index: int) -> str:
    """The motion key of a chip still on a card (it flies to its winner from there)."""
    return f"gk:chip:{cell}:{index}"


def won_key(seat: int, index: int) -> str:
    """The motion key of a chip a player has won (the index-th of theirs)."""
    return f"gk:won:{seat}:{index}"


@functools.cache
def battle_face(cell: str, card: str, chips: int) -> Markup:
    """A battle card: its number in the band and large on its banner (and turned
    in the foot, for the player across the table), its place of the borderland
    as its figure, the chips it still carries in the band's corner. A card whose
    chips are won is grey."""
    coins = [el("span", {"class": "gk-chip", "data-key": chip_key(cell, i)}, coin()) for i in range(chips)]
    return card_face(number(card), figure(GAME_ID, "card-" + card), tone="green" if chips else "grey",
                     corner=number(card), mark=el("span", {"class": "gk-chips"}, coins) if coins else None,
                     foot=el("span", {"class": "gk-turned"}, number(card)),
                     cls="gk-face gk-battle-face" + ("" if chips else " is-spent"),
                     attrs={"data-card": card, "data-key": f"gk:card:{cell}", "aria-hidden": "true"})


@functools.cache
def reroll_face(cell: str, name: str) -> Markup:
    """The re-roll card: its dice, its name."""
    return card_face(name, figure(GAME_ID, "reroll"), tone="plum", cls="gk-face gk-reroll-face",
                     attrs={"data-card": "reroll", "data-key": f"gk:card:{cell}", "aria-hidden": "true"})


@functools.cache
def back_face(cell: str) -> Markup:
    """A card face down (C1): the collection's back, keyed by its place only. When
    it is turned up it leaves toward its face (data-to), turning away over it."""
    return card_back(tone="plum", cls="gk-face gk-back-face",
                     attrs={"data-key": f"gk:back:{cell}", "data-to": f"gk:card:{cell}", "aria-hidden": "true"})


@functools.cache
def faction_face(colour: str, name: str) -> Markup:
    """A faction card: the realm's name in its band between its beast twice, and
    its beast large on the card, where the dice enter."""
    beast = figure(GAME_ID, colour, "fig gk-beast")
    return card_face(name, figure(GAME_ID, colour), tone=TONE[colour], cls="gk-face gk-faction-face",
                     corner=beast, mark=beast,
                     attrs={"data-card": colour, "aria-hidden": "true"})


@functools.cache
def star_mark() -> Markup:
    return svg("gk-star", "0 0 24 24", art("star"))


@functools.cache
def trail_mark(owner: int) -> Markup:
    """Where a die stood before the last move: its outline."""
    return svg(["gk-trail", "gk-" + COLOURS[owner]], "0 0 100 100", body(owner))


@functools.cache
def arrow_mark(cls: str = "gk-arrow") -> Markup:
    return svg(cls, "0 0 24 24", art("arrow"))


# ---- how the board is turned ------------------------------------------------------------

class Layout:
    """Where each cell and faction card is drawn. Row 0 of the rules lies beside
    red's faction card; the board is turned half round when red sits near (a lone
    person playing red), so that each player's faction card is on their side."""

    def __init__(self, view: dict, ctx):
        self.rows = view["rows"]
        humans = [s for s in (0, 1) if not ctx.bots[s]]
        self.near = humans[0] if len(humans) == 1 else 1
        self.far = 1 - self.near
        self.facing = len(humans) == 2 and not ctx.replay   # a person on each side
        self.turned = self.near == 0

    def cell_pos(self, r: int, c: int) -> tuple[int, int]:
        """(grid row, grid column), 1-based: row 1 is the far faction card."""
        if self.turned:
            r, c = self.rows - 1 - r, COLS - 1 - c
        return r + 2, c + 1

    def faction_row(self, owner: int) -> int:
        return 1 if owner == self.far else self.rows + 2

    def spot_col(self, spot: int) -> int:
        """Entry spot s faces column s (GK-4)."""
        return (COLS - 1 - spot if self.turned else spot) + 1


# ---- words -----------------------------------------------------------------------------

def place_param(place: str | None, view: dict):
    """A place as a log parameter that reads in either language."""
    if place is None:
        return ("tr", "gk.place.nowhere")
    if place.startswith("r") and "c" in place:
        cell = next(c for c in view["cells"] if c["cell"] == place)
        return ("tr", place_key(place, cell["card"]))
    return ("tr", "gk.place." + place.partition(":")[0])


def place_key(place: str, card: str | None) -> str:
    """The words' key of a place: a faction card ("red", "red:1") by its colour,
    a cell by the card seen there (`card`: "5", "reroll", or None face down)."""
    colour = place.partition(":")[0]
    if colour in COLOURS:
        return "gk.place." + colour
    if card is None:
        return "gk.place.facedown"
    return "gk.place.reroll" if card == "reroll" else "gk.place.card." + card


def event_line(event: dict, view: dict) -> tuple[str, dict] | None:
    """One event of the view's log as a catalog entry (public words only)."""
    kind = event["do"]
    who = ("seat", event["seat"]) if event.get("seat") is not None else None
    die = event.get("die")
    if kind == "place":
        return "gk.log.place", {"name": who, "n": view["dice"][die]["value"]}
    if kind in ("move", "flick"):
        params = {"name": who, "from": place_param(event["from"], view),
                  "to": place_param(event["to"], view), "n": event["value"]}
        if kind == "flick":
            owner = view["dice"][die]["owner"]
            if owner == event["seat"]:
                return "gk.log.flick_own", params
            return "gk.log.flick", dict(params, owner=("seat", owner))
        return "gk.log.move", params
    if kind == "reroll":
        return "gk.log.reroll", {"name": who, "n": event["value"]}
    if kind == "keep":
        return "gk.log.keep", {"name": who, "n": view["dice"][die]["value"]}
    if kind == "roll":
        return "gk.log.roll", {"name": who, "n": event["value"]}
    if kind == "return":
        return "gk.log.return", {"name": who, "from": place_param(event["from"], view), "n": event["value"]}
    if kind == "end":
        return "gk.log.end", {"name": who}
    if kind == "pass":
        return "gk.log.pass", {"name": who}
    if kind == "reveal":
        card = event["card"]
        return "gk.log.reveal", {"card": ("tr", "gk.place.reroll" if card == "reroll" else "gk.place.card." + card)}
    if kind == "score":
        return "gk.log.score", {"name": ("seat", event["seat"]), "n": event["chips"],
                                "card": ("tr", "gk.place.card." + event["card"]),
                                "total": view["chips"][event["seat"]]}
    if kind == "steal":
        return "gk.log.steal", {"name": ("seat", event["seat"]), "other": ("seat", 1 - event["seat"])}
    if kind == "stuck":
        if event["why"] == "repeat":
            return "gk.log.stuck.repeat", {}
        return "gk.log.stuck.quiet", {"n": view["quiet_turns"]}
    if kind == "propose":
        return "gk.log.propose", {"name": who, "rule": event["rule"]}
    if kind == "decline":
        return "gk.log.decline", {"name": who}
    if kind == "accept":
        return "gk.log.accept", {"name": who, "rule": event["rule"]}
    if kind == "refuse":
        return "gk.log.refuse", {"name": who, "rule": event["rule"]}
    return None


def last_action_events(view: dict) -> list[dict]:
    """The events of the latest action: its own event and what followed from it."""
    log = view["log"]
    for index in range(len(log) - 1, -1, -1):
        if log[index]["do"] in PRIMARY:
            return log[index:]
    return []


def hinted(ctx):
    """The suggested move as an action value (ctx.hint may be its plain text), or None."""
    return GAME.parse(ctx.hint) if ctx.hint else None


def hinted_die(ctx) -> str | None:
    """The die the suggested move carries, if it carries one."""
    return getattr(hinted(ctx), "die", None)


def chosen_die(ctx, selectable: list[str]) -> str | None:
    """The die picked for the move or flick. One is always picked when any can
    act (the suggested one, else the first), so that where it may go is on the
    board at once; tapping another die picks that one (a "select" tap naming
    the die: the selection is that name)."""
    if not selectable:
        return None
    if ctx.selection and ctx.selection[-1] in selectable:
        return ctx.selection[-1]
    die = hinted_die(ctx)
    return die if die in selectable else selectable[0]


# ---- the table --------------------------------------------------------------------------

class GoldenKeyTable(Table):
    game_id = "golden_key"
    # A turn is one to four short steps (flick, move, re-roll): each stays in view.
    bot_delay_ms = 650

    # ---- the log -------------------------------------------------------------------
    def opening_log(self, view):
        first = view["first"]
        return [("gk.log.first", {"name": ("seat", first), "colour": ("tr", "gk.colour." + COLOURS[first])})]

    def sound_of(self, before, action, after):
        """A chip won; else a die rolled, placed, moved or flicked."""
        if after.get("chips") != before.get("chips"):
            return "coin"
        return "dice" if isinstance(action, (Place, Move, Flick, Roll, Reroll, Return)) else None

    def describe(self, before, action, seat, after, forced):
        lines = []
        for event in last_action_events(after):
            line = event_line(event, after)
            if line:
                lines.append(line)
        if after["ended_by_limit"] and not before["ended_by_limit"]:
            lines.append(("gk.log.limit", {"n": after["turn_limit"]}))
        return lines

    def move_words(self, view, action, t, names):
        action = GAME.parse(action)
        dice = view["dice"]
        match action:
            case Reroll() | End() | Pass():
                return t("gk.do." + action.verb)
            case Keep():
                return t("gk.do.keep", n=dice[view["reroll"]["die"]]["value"])
            case Propose(rule):
                return t("gk.offer.propose", rule=rule)
            case Accept():
                return t("gk.offer.accept", rule=view["offer"]["rule"])
            case Decline() | Refuse():
                return t("gk.offer." + action.verb)
        die = dice[action.die]
        n = die["value"]
        match action:
            case Place(_, spot):
                return t("gk.tap.place", n=n, spot=SPOT_NUMBER[spot] + 1)
            case Roll() | Return():
                return t(f"gk.say.{action.verb}", n=n, m=n % 6 + 1)
        to = t(place_param(action.to, view)[1])
        if isinstance(action, Flick):
            if die["owner"] == view["current"]:
                return t("gk.say.flick_own.to", n=n, to=to)
            return t("gk.say.flick.to", owner=names[die["owner"]], n=n, to=to)
        # A move: the die named by its place too when both of the player's dice show the same
        twins = [d for name, d in dice.items() if name != action.die and d["owner"] == die["owner"] and d["value"] == n]
        if twins:
            return t("gk.say.move.from", n=n, to=to, frm=t(place_param(die["at"], view)[1]))
        return t("gk.say.move.to", n=n, to=to)

    # ---- refusals -------------------------------------------------------------------
    def refusal_params(self, refusal, t, names):
        """The rules' names in words (see GoldenKeyState._die_param/_place_param):
        a die as its colour and value, a place as the card seen there, a seat as
        its name, an entry spot counted from 1."""
        params = refusal.params
        out = {}
        for key, value in params.items():
            if key in ("seat", "turn") and isinstance(value, int):
                out[key] = names[value]
            elif key + "_value" in params:
                colour = COLOURS[DICE.index(value) // 2]
                out[key] = t("gk.refusal.die." + colour, n=params[key + "_value"])
            elif key + "_card" in params:
                out[key] = t(place_key(value, params[key + "_card"]))
            elif key == "spot":
                out[key] = (SPOT_NUMBER[value] if isinstance(value, str) else value) + 1
            else:
                out[key] = value
        return out

    # ---- drawing -------------------------------------------------------------------
    def render(self, view, ctx):
        lay = Layout(view, ctx)
        legal = [GAME.parse(action) for action in ctx.legal]
        selectable = self._selectable(view, legal)
        chosen = chosen_die(ctx, selectable)
        motion = self._motion(view, ctx)
        board = self._board(view, ctx, lay, legal, selectable, chosen, motion)
        side = el("div", {"class": "gk-seats"},
                  self._plate(view, ctx, lay, lay.far, "far", motion),
                  self._panel(view, ctx, lay, legal, selectable, chosen),
                  self._plate(view, ctx, lay, lay.near, "near", motion))
        return el("section", {"class": "gk", "aria-label": ctx.t("game.golden_key")},
                  el("p", {"class": "status-turn sr-only", "aria-live": "polite"}, turn_line(ctx, view["current"])),
                  el("div", {"class": "gk-table"}, board, side))

    def panels(self, view, ctx):
        return [Panel("guide", ctx.t("panel.guide"), lambda: self._about(view, ctx)),
                Panel("cards", ctx.t("panel.cards"), lambda: self._references(view, ctx))]

    def result_reason(self, view, ctx):
        """The first to the target, or after the turn limit the most chips."""
        t, winners = ctx.t, view["winners"]
        if not view["ended_by_limit"]:
            return t("gk.why.target", name=ctx.names[winners[0]], n=view["target"])
        if len(winners) == 1:
            return t("gk.why.limit", limit=view["turn_limit"], target=view["target"],
                     name=ctx.names[winners[0]], n=view["chips"][winners[0]])
        return t("gk.why.limit_shared", limit=view["turn_limit"], target=view["target"], n=view["chips"][0])

    def result_detail(self, view, ctx):
        t = ctx.t
        rows = [el("tr", el("th", {"scope": "row", "class": "scores-name"}, emblem(s), " ", ctx.names[s]),
                   el("td", t("gk.colour." + COLOURS[s])),
                   el("td", el("strong", view["chips"][s]), " / ", view["target"]))
                for s in (0, 1)]
        note = t("gk.result.limit", n=view["turn_limit"]) if view["ended_by_limit"] else \
            t("gk.result.turns", n=view["turn"])
        head = el("tr", (el("th", {"scope": "col"}, t(key)) for key in ("gk.player", "gk.side", "gk.chips")))
        return join((el("table", {"class": "scores gk-scores"}, el("thead", head), el("tbody", rows)),
                     el("p", {"class": "hint"}, note)))

    # ---- which dice may be tapped ----------------------------------------------------
    @staticmethod
    def _selectable(view, legal) -> list[str]:
        """Dice with a move, flick, R2 roll or R3 return among the legal actions."""
        dice = []
        for action in legal:
            if isinstance(action, DIE_STEPS) and action.die not in dice:
                dice.append(action.die)
        return dice

    # ---- status bar --------------------------------------------------------------------
    def _facts(self, view, ctx):
        """The turn and the rules of this game, small, at the top of the panel."""
        t = ctx.t
        chips = [t("gk.turn_n", n=view["turn"]) if view["phase"] != "place" else t("gk.setup"),
                 t("gk.target", n=view["target"])]
        chips += [t("gk.rule.short." + rule) for rule in view["arranged"]]
        chips += [t("gk.rescue.short." + rule) for rule in view["rescue"]]
        return el("div", {"class": "gk-facts"}, (el("span", {"class": "chip"}, c) for c in chips))

    # ---- the board ------------------------------------------------------------------------
    def _board(self, view, ctx, lay, legal, selectable, chosen, motion):
        t = ctx.t
        # What a tap on each place does now: {place name: action}
        targets: dict[str, Move | Flick] = {}
        if chosen:
            for action in legal:
                if isinstance(action, (Move, Flick)) and action.die == chosen:
                    targets[action.to] = action
        placing = {a.spot: a for a in legal if isinstance(a, Place)}
        hint_place = None
        match hinted(ctx):
            case Move(_, to) | Flick(_, to) | Place(_, to):
                hint_place = to
        first, rest = [], []
        for cell in view["cells"]:
            r, c = cell["cell"][1:].split("c")
            row, col = lay.cell_pos(int(r), int(c))
            html = self._cell(view, ctx, cell, row, col, targets.get(cell["cell"]), chosen,
                              selectable, motion, hint_place == cell["cell"])
            (first if cell["cell"] in targets else rest).append(html)
        for owner in (lay.far, lay.near):
            colour = COLOURS[owner]
            html = self._faction(view, ctx, lay, owner, targets.get(colour), placing, chosen,
                                 selectable, motion, hint_place)
            (first if colour in targets or any(p.startswith(colour) for p in placing) else rest).append(html)
        rows = lay.rows
        style = f"--rows:{rows};grid-template-rows:var(--band-h) repeat({rows}, var(--cell-h)) var(--band-h)"
        # Destinations first in the document: after a die is picked by keyboard,
        # the focus lands on the first place it may go.
        return el("div", {"class": ["gk-board", f"gk-rows-{rows}", "is-turned" if lay.turned else None],
                          "style": style, "role": "group", "aria-label": t("gk.board")}, first, rest)

    @staticmethod
    def _motion(view, ctx) -> dict:
        """The marks of what the latest action did (static/motion.js; a redraw of the
        same moment repeats none of it, the marks being the same):
        "roll": {die: the move's number} for a die it rolled (it tumbles);
        "won": {(seat, index): the keys it flies in from} for each chip it won (from
        the card it lay on, or, C4, from the other player's chips);
        "trail": {place: owner} where the die it moved stood (drawn as its outline,
        so that who did what is still seen once the motion is over)."""
        events = last_action_events(view)
        trail = {}
        if events and events[0]["do"] in ("move", "flick", "return") and events[0].get("from"):
            trail[events[0]["from"]] = view["dice"][events[0]["die"]]["owner"]
        rolled = {}
        if events and events[0]["do"] in ("reroll", "roll"):
            rolled[events[0]["die"]] = str(ctx.moves)
        won = {}
        totals = list(view["chips"])               # counted back from the chips after it
        for event in reversed(events):
            if event["do"] == "score":
                seat, n = event["seat"], event["chips"]
                for i in range(n):
                    won[(seat, totals[seat] - n + i)] = chip_key(event["cell"], i)
                totals[seat] -= n
            elif event["do"] == "steal":
                seat, other = event["seat"], 1 - event["seat"]
                won[(seat, totals[seat] - 1)] = won_key(other, totals[other])
                totals[seat] -= 1
                totals[other] += 1
        return {"roll": rolled, "won": won, "trail": trail}

    def _die(self, view, ctx, name, cls="", motion=None, cmd="", arg="", tap_words="", chosen_words="") -> Markup:
        """A die, keyed by its name (it glides wherever it goes next)."""
        t = ctx.t
        info = view["dice"][name]
        owner = info["owner"]
        label = t("gk.die.label", colour=t("gk.colour." + COLOURS[owner]), n=info["value"],
                  name=ctx.names[owner])
        if chosen_words:
            label += ", " + chosen_words
        classes = f"gk-die gk-{COLOURS[owner]} {cls}".strip()
        marks = {"data-key": name, "data-roll": (motion or {}).get("roll", {}).get(name)}
        if cmd:
            inner = join((die_svg(owner, info["value"]), el("span", {"class": "sr-only"}, label, ", ", tap_words)))
            return tappable(inner, cmd, arg, classes + " is-tappable", attrs=marks)
        return el("span", {"class": classes, "role": "img", "aria-label": label}, marks,
                  die_svg(owner, info["value"]))

    def _die_in_place(self, view, ctx, name, slot_cls, chosen, selectable, motion, hinted=False) -> Markup:
        """A die drawn where it lies: tappable when it may act now."""
        t = ctx.t
        classes = [slot_cls]
        info = view["dice"][name]
        if name in view["flicks"]:
            classes.append("is-flicked")
        if info["covered"]:
            classes.append("is-covered")
        if hinted:
            classes.append("is-hint")
        waiting = view["phase"] == "reroll" and (view["reroll"] or {}).get("die") == name
        if name == chosen or waiting:            # picked (its places are buttons), or to be re-rolled
            classes.append("is-chosen")
            die = self._die(view, ctx, name, " ".join(classes), motion, chosen_words=t("gk.die.chosen"))
        elif name in selectable:
            words = t("gk.tap.flick") if name in view["flicks"] else t("gk.tap.pick")
            die = self._die(view, ctx, name, " ".join(classes) + " is-selectable", motion, "select", name, words)
        else:
            die = self._die(view, ctx, name, " ".join(classes), motion)
        tag = None
        if name in view["flicks"] and view["phase"] == "flick":
            tag = el("span", {"class": "gk-flick-tag", "aria-hidden": "true"},
                     arrow_mark("gk-flick-arrow"), t("gk.flick.tag"))
        return join((die, tag))

    def _preview(self, view, ctx, chosen, place, action) -> tuple[int, str, bool]:
        """(value, words, wins) for a destination: the value the die will show
        there, and whether the move wins the card's chips (GK-11)."""
        t = ctx.t
        value = view["dice"][chosen]["value"] % 6 + 1          # GK-10
        star = ""
        cell = next((c for c in view["cells"] if c["cell"] == place), None)
        if isinstance(action, Move) and cell and cell["card"] not in (None, "reroll") and cell["chips"]:
            under = [d for d in cell["dice"] if d != chosen]
            total = value + sum(view["dice"][d]["value"] for d in under[-1:])
            if total == int(cell["card"]):
                star = t("gk.preview.win", n=cell["chips"])
        words = t("gk.preview.value", n=value)
        if star:
            words += ", " + star
        return value, words, bool(star)

    def _target_button(self, view, ctx, chosen, place, action, where_words, hinted, column=None) -> Markup:
        """A destination: the whole card is the button; its pill shows the die as it
        will read there (on a faction card, over the column it will stand in)."""
        t = ctx.t
        value, words, wins = self._preview(view, ctx, chosen, place, action)
        verb = t("gk.tap.flick_here") if isinstance(action, Flick) else t("gk.tap.move_here")
        star = star_mark() if wins else None
        owner = view["dice"][chosen]["owner"]
        pill = el("span", {"class": ["gk-pill", "is-win" if wins else None]},
                  el("span", {"class": f"gk-pill-die gk-{COLOURS[owner]}"}, die_svg(owner, value)), star)
        return tappable(join((pill, el("span", {"class": "sr-only"}, f"{verb}: {where_words}, {words}"))),
                        "act", action, "gk-target" + (" is-hint" if hinted else ""),
                        attrs={"style": f"--col:{column}" if column else None})

    def _cell(self, view, ctx, cell, row, col, action, chosen, selectable, motion, hinted):
        t = ctx.t
        card = cell["card"]
        place = cell["cell"]
        kind = "reroll" if card == "reroll" else "back" if card is None else "battle"
        where_words = t(place_param(place, view)[1])
        dice = cell["dice"]
        if kind == "back":
            face = back_face(place)
        elif kind == "reroll":
            face = reroll_face(place, t("gk.card.reroll"))
        else:
            face = battle_face(place, card, cell["chips"] or 0)
        parts = [face]
        if place in motion["trail"]:
            parts.append(trail_mark(motion["trail"][place]))
        # A destination: the whole card is the button, over the dice on it (the
        # player's other die there is picked from the panel instead).
        if action:
            parts.append(self._target_button(view, ctx, chosen, place, action, where_words, hinted))
        for index, name in enumerate(dice):
            slot = self._slot(kind, index, len(dice))
            parts.append(self._die_in_place(view, ctx, name, slot, chosen, [] if action else selectable,
                                            motion, hinted_die(ctx) == name))
        if kind != "reroll" and len(dice) == 2:       # a stack: its sum, the number that scores
            under, top = (view["dice"][d]["value"] for d in dice)
            parts.append(el("span", {"class": "gk-sum", "aria-hidden": "true"}, f"{under}+{top}={under + top}"))
        classes = ["gk-cell", "gk-" + kind, "has-dice" if dice else None]
        if action:
            classes.append("is-target")
        elif hinted:
            classes.append("is-hint-place")
        described = self._cell_words(view, ctx, cell, where_words)
        # Keyed: the destinations come first in the document (below), and a cell
        # matched by its place there would take another cell's card and dice.
        return el("div", {"class": classes, "style": f"grid-row:{row};grid-column:{col}",
                          "data-key": f"gk:cell:{place}"},
                  el("span", {"class": "sr-only"}, described), parts)

    @staticmethod
    def _slot(kind, index, count) -> str:
        if kind == "reroll":        # up to four dice, side by side, then in two rows
            return "gk-slot-one" if count == 1 else f"gk-slot-p{index}" if count == 2 else f"gk-slot-r{index}"
        if count == 2:
            return "gk-slot-under" if index == 0 else "gk-slot-top"
        return "gk-slot-one"

    def _cell_words(self, view, ctx, cell, where_words) -> str:
        t = ctx.t
        parts = [where_words]
        if cell["card"] not in (None, "reroll"):
            parts.append(t("gk.cell.chips", n=cell["chips"]))
        dice = [t("gk.die.label", colour=t("gk.colour." + COLOURS[view["dice"][d]["owner"]]),
                  n=view["dice"][d]["value"], name=ctx.names[view["dice"][d]["owner"]]) for d in cell["dice"]]
        if len(dice) == 2 and cell["card"] != "reroll":
            parts.append(t("gk.cell.stack", under=dice[0], top=dice[1]))
        elif dice:
            parts.append(", ".join(dice))
        return ". ".join(parts)

    def _faction(self, view, ctx, lay, owner, action, placing, chosen, selectable, motion, hint_place):
        t = ctx.t
        colour = COLOURS[owner]
        row = lay.faction_row(owner)
        here = [name for name in DICE if (view["dice"][name]["at"] or "").partition(":")[0] == colour]
        # Dice on a spot sit on it (GK-6); dice that came in sit in the freest column.
        columns: dict[int, list[str]] = {1: [], 2: [], 3: []}
        for name in here:
            _, _, spot = view["dice"][name]["at"].partition(":")
            if spot:
                columns[lay.spot_col(int(spot))].append(name)
        for name in here:
            if not view["dice"][name]["at"].partition(":")[2]:
                col = min(columns, key=lambda c: (len(columns[c]), abs(c - 2)))
                columns[col].append(name)
        spots = []
        for spot in range(COLS):
            col = lay.spot_col(spot)
            place = SPOTS[colour][spot]
            if place in placing:
                die = placing[place].die
                value = view["dice"][die]["value"]
                hinted = hint_place == place
                spots.append(tappable(
                    join((die_svg(owner, value),
                          el("span", {"class": "sr-only"}, t("gk.tap.place", n=value, spot=spot + 1)))),
                    "act", placing[place], f"gk-spot-btn gk-ghost gk-{colour}" + (" is-hint" if hinted else ""),
                    attrs={"style": f"grid-column:{col}"}))
            else:
                spots.append(el("span", {"class": "gk-spot", "style": f"grid-column:{col}", "aria-hidden": "true"},
                                arrow_mark("gk-spot-arrow")))
        dice = []
        for col, names in columns.items():
            for index, name in enumerate(names):
                slot = f"gk-fslot gk-fslot-{index if len(names) > 1 else 'one'}"
                die = self._die_in_place(view, ctx, name, slot, chosen, [] if action else selectable,
                                         motion, hinted_die(ctx) == name)
                dice.append(el("span", {"class": "gk-fcell", "style": f"grid-column:{col}", "data-slot": True}, die))
        title = t("gk.faction." + colour)
        target = None
        if action:                  # the die will stand in the freest column
            landing = min(columns, key=lambda c: (len(columns[c]), abs(c - 2)))
            target = self._target_button(view, ctx, chosen, colour, action, title, hint_place == colour, landing)
        far = owner == lay.far
        classes = ["gk-faction", f"gk-faction-{colour}", "is-far" if far else "is-near",
                   "is-facing" if far and lay.facing else None, "is-target" if action else None]
        label = f'{title}. {t("gk.faction.holds", n=len(here))}' if here else title
        return el("div", {"class": classes, "style": f"grid-row:{row};grid-column:1 / -1",
                          "data-key": f"gk:faction:{colour}"},
                  el("span", {"class": "sr-only"}, label), faction_face(colour, title),
                  el("div", {"class": "gk-spots"}, spots, dice), target)

    # ---- plates ------------------------------------------------------------------------------
    def _plate(self, view, ctx, lay, seat, where, motion):
        """A player's plate: their realm, the chips won (each won chip keyed: one
        just won flies in from where it lay, and the count pulses) and, at the
        setup, the two dice they rolled, waiting to be placed. The far player's
        plate is turned to face them; what moves in it is turned back inside it,
        so that it moves the way it goes on the table."""
        t = ctx.t
        colour = COLOURS[seat]
        is_turn = view["current"] == seat
        turned = lay.facing and where == "far"

        def upright(thing):
            return el("span", {"class": "gk-unturn"}, thing) if turned else thing

        badges = [el("span", {"class": f"badge gk-badge-{colour}"}, emblem(seat), t("gk.faction." + colour))]
        if view["first"] == seat:
            badges.append(el("span", {"class": "badge badge-dealer"}, t("gk.first")))
        won = view["chips"][seat]
        coins = []
        for i in range(max(view["target"], won)):
            if i < won:
                coins.append(upright(el("span", {"class": "gk-won", "data-key": won_key(seat, i),
                                                 "data-from": motion["won"].get((seat, i))}, coin())))
            else:
                coins.append(coin(False))
        count = el("span", {"class": "gk-chip-count", "data-key": f"gk:count:{seat}", "data-bump": won},
                   t("gk.chips.count", n=won, target=view["target"]))
        tray = None
        waiting = [d for d in DICE if view["dice"][d]["owner"] == seat and view["dice"][d]["at"] is None]
        if waiting:
            tray = el("div", {"class": "gk-tray"}, el("span", {"class": "gk-tray-words"}, t("gk.rolled")),
                      (upright(self._die(view, ctx, d, "gk-tray-die", {"roll": {d: "0"}})) for d in waiting))
        facts = t("gk.c4_used") if view["c4_used"][seat] else None
        body = join((el("div", {"class": "gk-plate-chips"}, el("span", {"class": "gk-coins"}, coins), count),
                     tray, el("div", {"class": "plate-facts"}, facts) if facts else None))
        plate = seat_plate(ctx, seat, is_turn, badges, body)
        return el("div", {"class": ["gk-plate", f"gk-plate-{where}", f"gk-plate-{colour}",
                                    "is-facing" if turned else None]}, plate)

    # ---- the panel: what happens now, in words, with its buttons -----------------------
    def _panel(self, view, ctx, lay, legal, selectable, chosen):
        t = ctx.t
        phase = view["phase"]
        current = view["current"]
        if phase in ("offer", "answer"):
            return self._offer(view, ctx, lay, legal)
        title, lines, controls = "", [], []
        if current is None:
            title = t("gk.over")
            winners = view["winners"] or []
            lines.append(t("gk.over.line", names=t.join([ctx.names[s] for s in winners])))
        else:
            name = ctx.names[current]
            deciding = bool(legal)
            if phase == "place":
                title = t("gk.step.place", name=name)
                die = next((d for d in DICE if view["dice"][d]["owner"] == current and view["dice"][d]["at"] is None), None)
                if die:
                    lines.append(t("gk.say.place", n=view["dice"][die]["value"]))
            elif phase == "flick":
                title = t("gk.step.flick", name=name)
                for die in view["flicks"]:
                    info = view["dice"][die]
                    key = "gk.say.flick_own" if info["owner"] == current else "gk.say.flick"
                    lines.append(t(key, owner=ctx.names[info["owner"]], n=info["value"], m=info["value"] % 6 + 1))
                if deciding:
                    lines.append(t("gk.say.flick.tap"))
                    controls += self._switch(view, ctx, selectable, chosen, "gk.do.other_flick")
            elif phase == "reroll":
                reroll = view["reroll"]
                value = view["dice"][reroll["die"]]["value"]
                title = t("gk.step.reroll", name=name)
                lines.append(t("gk.say.reroll.forced" if reroll["forced"] else "gk.say.reroll", n=value))
                if Reroll() in legal:
                    controls.append(button(join((self._dice_icon(), " ", t("gk.do.reroll"))), "act", Reroll(),
                                           cls="btn-primary"))
                if Keep() in legal:
                    controls.append(button(text(t("gk.do.keep", n=value)), "act", Keep()))
            elif phase == "move":
                second = view["moves_done"] > 0
                title = t("gk.step.move2" if second else "gk.step.move", name=name)
                if legal == [Pass()]:
                    lines.append(t("gk.say.pass"))
                    controls.append(el("ul", {"class": "gk-why"},
                                       (el("li", r) for r in self._why_stuck(view, ctx, current))))
                    controls.append(button(text(t("gk.do.pass")), "act", Pass(), cls="btn-primary"))
                elif deciding and chosen:
                    info = view["dice"][chosen]
                    lines.append(t("gk.say.chosen", n=info["value"], m=info["value"] % 6 + 1))
                    if any(isinstance(a, Move) and a.die == chosen for a in legal):
                        lines.append(t("gk.say.move.tap"))
                    controls += self._switch(view, ctx, selectable, chosen, "gk.do.other_die")
                    for kind, key in ((Roll, "gk.do.roll"), (Return, "gk.do.return")):
                        action = kind(chosen)
                        if action in legal:
                            m = info["value"] % 6 + 1
                            controls.append(button(text(t(key, n=info["value"], m=m)), "act", action))
                if deciding and legal != [Pass()]:
                    if second:
                        lines.insert(0, t("gk.say.move2"))
                    if End() in legal:
                        controls.append(button(text(t("gk.do.end")), "act", End()))
                elif view["double_move"] and not second:
                    lines.append(t("gk.say.double"))
            if not deciding:
                if ctx.bots[current] and not ctx.replay:
                    lines.insert(0, t("gk.say.thinking", name=name))
        facing = lay.facing and current == lay.far and bool(legal)
        hint = None
        if ctx.hint:      # the suggestion's reasons (the shell's markup) right after its line
            hint = join((el("p", {"class": "gk-hint-shown"}, t("hint.shown")), getattr(ctx, "teacher", None)))
        return el("div", {"class": ["gk-panel", None if current is None else f"gk-panel-{COLOURS[current]}",
                                    "is-facing" if facing else None],
                          "role": "region", "aria-label": title},
                  self._facts(view, ctx),
                  el("h2", {"class": "gk-panel-title"}, title),
                  (el("p", line) for line in lines if line),
                  hint,
                  el("div", {"class": "gk-controls"}, controls) if controls else None,
                  self._recent(view, ctx))

    def _switch(self, view, ctx, selectable, chosen, key) -> list[Markup]:
        """A button per other die that may act: pick it instead (the same as tapping it)."""
        out = []
        for name in selectable:
            if name == chosen:
                continue
            info = view["dice"][name]
            icon = el("span", {"class": f"gk-btn-die gk-{COLOURS[info['owner']]}"},
                      die_svg(info["owner"], info["value"]))
            out.append(button(join((icon, ctx.t(key, n=info["value"]))), "select", name,
                              cls="gk-switch"))
        return out

    @staticmethod
    def _dice_icon() -> Markup:
        return svg("icon", "0 0 48 48", art("dice-icon"), fill="currentColor")

    def _recent(self, view, ctx) -> Markup | None:
        """What happened last (the latest action and its consequences), in words."""
        events = last_action_events(view)
        if not events or view["phase"] == "place" and events[0]["do"] == "place":
            return None
        words = []
        for event in events:
            line = event_line(event, view)
            if line:
                key, params = line
                words.append(log_line((key, params), ctx.t, ctx.names))
        if not words:
            return None
        return el("div", {"class": "gk-recent"}, el("span", {"class": "gk-recent-title"}, ctx.t("gk.recent")),
                  (el("p", w) for w in words[-3:]))

    def _why_stuck(self, view, ctx, seat) -> list[str]:
        """GK-12: why none of the player's dice can move, die by die."""
        t = ctx.t
        out = []
        for name in DICE:
            info = view["dice"][name]
            if info["owner"] != seat:
                continue
            if info["covered"]:
                out.append(t("gk.why.covered", n=info["value"]))
            elif info["fresh"]:
                out.append(t("gk.why.fresh", n=info["value"]))
            else:
                out.append(t("gk.why.blocked", n=info["value"]))
        return out

    def _offer(self, view, ctx, lay, legal):
        """GK-26: the rescue rules offered to both players, as a dialog in the open."""
        t = ctx.t
        offer = view["offer"]
        current = view["current"]
        name, other = ctx.names[current], ctx.names[1 - current]
        why = t("gk.offer.why." + offer["why"], n=view["quiet_turns"])
        controls = []
        if view["phase"] == "offer":
            ask = t("gk.offer.ask", name=name, other=other)
            for action in legal:
                if isinstance(action, Propose):
                    rule = action.rule
                    controls.append(button(join((el("strong", t("gk.offer.propose", rule=rule)),
                                                 el("small", t("gk.rescue.brief." + rule)))),
                                           "act", action, cls="gk-offer-btn"))
            if Decline() in legal:
                controls.append(button(text(t("gk.offer.decline")), "act", Decline()))
        else:
            rule = offer["rule"]
            ask = t("gk.offer.answer", name=ctx.names[offer["by"]], other=name, rule=rule)
            controls.append(el("p", {"class": "gk-offer-rule"}, el("strong", rule), " ",
                               t("gk.rescue.text." + rule)))
            if Accept() in legal:
                controls.append(button(text(t("gk.offer.accept", rule=rule)), "act", Accept(), cls="btn-primary"))
            if Refuse() in legal:
                controls.append(button(text(t("gk.offer.refuse")), "act", Refuse()))
        if not legal:
            controls.append(el("p", t("gk.say.thinking", name=name)))
        facing = lay.facing and current == lay.far
        # With a person on each side, the side that is not deciding reads a line of its own.
        other_side = None
        if lay.facing:
            watch = (t("gk.offer.watch", name=name) if view["phase"] == "offer"
                     else t("gk.offer.watch.answer", name=name, rule=offer["rule"]))
            other_side = el("p", {"class": "gk-offer-other", "aria-hidden": "true"}, watch)
        return el("div", {"class": ["gk-panel", "gk-offer", "is-facing" if facing else None], "role": "dialog",
                          "aria-labelledby": "gk-offer-title", "data-screen-part": "offer"},
                  other_side,
                  el("h2", {"class": "gk-panel-title", "id": "gk-offer-title"}, t("gk.offer.title")),
                  el("p", why), el("p", el("strong", ask)),
                  el("div", {"class": "gk-controls gk-offer-controls"}, controls))

    # ---- the side column ------------------------------------------------------------------------
    def _about(self, view, ctx):
        t = ctx.t

        def rule_item(rule, key):
            return el("li", el("strong", rule), " ", t(key + rule))

        rules = [el("li", el("strong", t("gk.board." + view["board"])))]
        rules += [rule_item(rule, "gk.rule.text.") for rule in view["arranged"]]
        rules += [rule_item(rule, "gk.rescue.text.") for rule in view["rescue"]]
        if view["offer"]:
            offered = [r for r in ("R1", "R2", "R3") if r not in view["rescue"]]
            rules.append(el("li", t("gk.rescue.offered"),
                            el("ul", (rule_item(r, "gk.rescue.text.") for r in offered))))
        watch = []
        if view["repeats"] >= 2 and view["phase"] != "over" and len(view["rescue"]) < 3:
            watch.append(t("gk.watch.repeats", n=view["repeats"]))
        if view["quiet"] >= view["quiet_turns"] // 2 and view["phase"] != "over" and len(view["rescue"]) < 3:
            watch.append(t("gk.watch.quiet", n=view["quiet"], limit=view["quiet_turns"]))
        return el("div", {"class": "gk-about"},
                  el("h2", {"class": "side-title"}, t("gk.how")),
                  el("ol", {"class": "gk-how"}, (el("li", t(k)) for k in ("gk.how.flick", "gk.how.move", "gk.how.score"))),
                  el("h2", {"class": "side-title"}, t("gk.rules_in_play")),
                  el("ul", {"class": "gk-rules"}, rules),
                  (el("p", {"class": "hint"}, w) for w in watch))

    def _references(self, view, ctx):
        """The cards of this game, large, each with its figure and what it does: the
        battle cards (every number the game deals from, whichever lie face down or
        were left out), the re-roll card, the two faction cards, a card face down."""
        t = ctx.t
        arranged = tuple(view["arranged"])
        numbers = range(1, 13 if view["board"] == "advanced" else 10)
        battle = el("div", {"class": "gk-ref-row"}, (reference_battle(str(n), arranged) for n in numbers))
        others = []
        if "A1" not in arranged:
            others.append(reference_card("reroll", t.lang))
        others += [reference_card("red", t.lang), reference_card("blue", t.lang)]
        if "C1" in arranged:
            others.append(reference_card("back", t.lang))
        key = "gk.ref.battle.A2" if "A2" in arranged else "gk.ref.battle"
        return el("div", {"class": "gk-refs"},
                  el("h2", {"class": "side-title"}, t("gk.ref.title")),
                  el("p", {"class": "gk-ref-words"}, t(key, top=numbers[-1])), battle,
                  el("div", {"class": "gk-ref-row gk-ref-big"}, others))


@functools.cache
def reference_battle(card: str, arranged: tuple) -> Markup:
    """A battle card as the references show it: its number, its place, its chips."""
    chips = 2 if "A2" in arranged and int(card) >= 7 else 1
    return card_face(number(card), figure(GAME_ID, "card-" + card), tone="green", size="xs", corner=number(card),
                     mark=el("span", {"class": "gk-chips"}, [coin()] * chips), cls="gk-ref-battle")


@functools.cache
def reference_card(kind: str, lang: str) -> Markup:
    """The re-roll card, a faction card or a card face down, large, with what it does."""
    from ...i18n import Translator
    t = Translator(lang)
    words = t("gk.ref." + kind)
    if kind == "back":
        return el("span", {"class": "gk-ref-back"}, card_back(tone="plum", size="lg", label=t("gk.place.facedown")),
                  el("span", {"class": "gk-ref-text"}, words))
    if kind == "reroll":
        return card_face(t("gk.card.reroll"), figure(GAME_ID, "reroll"), tone="plum", size="lg", text=words)
    return card_face(t("gk.faction." + kind), figure(GAME_ID, kind), tone=TONE[kind], size="lg", text=words)


TABLE = GoldenKeyTable()
