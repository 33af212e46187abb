"""The 王宮のささやき (Palastgeflüster) table: the court on its felt, a row for
each player (their plate, the cards they hold, face down, and their display of
six places), beside it the King card in force and the three piles (the King
cards, the draw pile, the face-down discards); under it the hand of whoever
holds the tablet, the cards they may play standing up, each saying where the
turn goes after it (or why it cannot be played). The scores and the cards (the
seven characters and the King card, large, with what each does) are panels.

Every card is the collection's card (ui/cards.py): the character's figure
(figures.toml) in its colour's tone, and in its band the colour's shape
(art.svg), so that a colour, which is also a player's, is never told by colour
alone: seat i plays colour i, and the same shape marks the player, their cards
and the turn going to them. Faces that never change are drawn once
(functools.cache, by card, language, size and marks).

Motion (static/motion.js) is asked for by marks: a card is keyed by its round
and id ("card:2:red-maid") wherever its viewer may see it (a hand, a display, a
hand the viewer knows), so a play, a Butler's swap and a Guard's return glide;
a card played unseen flies in from its player's hand ("hand:<seat>"); the
cards others hold are backs keyed by position ("back:<round>:<seat>:<i>"),
never by what they are; what the last move brought (a deal, a Maid's draw, an
exchange) flies in from where it came; a new King card from the King pile;
points pulse (data-bump)."""
from __future__ import annotations

import functools
import pathlib
from typing import NamedTuple

from royaltable.games.whispers import GAME
from royaltable.games.whispers.actions import (Count, Discard, Give, Next, Play, Return, Swap,
                                                  SwapWith, Target)
from royaltable.games.whispers.rules import CHARACTERS, knowledge

from ...cards import card, card_back, fan
from ...figures import figure
from ...html import button, tappable
from ...i18n import Translator
from ...icons import drawings
from ...markup import Markup, el, join, text as plain
from ...widgets import scores_by_round, seat_plate, turn_line
from ...table import Panel, Table


SLOTS = 6                                     # a display is complete at six (WH-20)
GAME_ID = "whispers"

ART = pathlib.Path(__file__).with_name("art.svg")


def art(name: str) -> Markup:
    """The shapes of one drawing of art.svg ("symbol-red", "eye", "arrow")."""
    return drawings(ART)[name]


def split(card_id: str) -> tuple[str, str]:
    colour, _, character = card_id.partition("-")
    return colour, character


def by_character(cards) -> list[str]:
    """Cards in the characters' order (the order of the legend), then by colour."""
    return sorted(cards, key=lambda c: (CHARACTERS.index(split(c)[1]), c))


@functools.cache
def symbol(colour: str, cls: str = "wh-sym") -> Markup:
    """A colour's shape (20 x 20): a shape for each player, bars for grey."""
    return el("svg", {"class": cls, "viewBox": "0 0 20 20", "aria-hidden": "true", "focusable": "false",
                      "fill": "currentColor"}, art("symbol-" + colour))


def eye() -> Markup:
    """The mark of a card everyone knows is in the hand."""
    return el("svg", {"class": "wh-eye", "viewBox": "0 0 24 24", "aria-hidden": "true", "focusable": "false",
                      "fill": "currentColor"}, art("eye"))


def arrow() -> Markup:
    """Where the turn goes after a card."""
    return el("svg", {"class": "wh-arrow", "viewBox": "0 0 16 20", "aria-hidden": "true", "focusable": "false"},
              art("arrow"))


@functools.cache
def token(colour: str) -> Markup:
    """A player's colour as a round token with its shape (decorative: words say it too)."""
    return el("span", {"class": f"wh-token wh-c-{colour}", "aria-hidden": "true"}, symbol(colour))


def card_words(card_id: str, t) -> str:
    """A card in words, "red Wizard" / "赤の魔法使い"."""
    return t("wh.card." + card_id)


# ---- the faces (drawn once each) -------------------------------------------------------------
#
# Sizes: "hand" (the collection's md: 100 px, the hand deciding), "held" (sm: the
# hand while the decision is elsewhere), "display" (a display's card, a summary's
# proof: its width set by the table's size in style.css), "chip" (a known card in a
# hand, a summary's display: a figure and the colour's shape, its name for screen
# readers), "ref" (lg: the cards panel).
SIZE = {"hand": "md", "held": "sm", "display": "xs", "chip": "xs", "ref": "lg"}


@functools.cache
def face(card_id: str, lang: str, size: str = "hand", state: str = "", foot: str = "",
         goes: bool = False, known: bool = False) -> Markup:
    """One character card: its colour's tone, its colour's shape (and word, on a
    hand's card) in the band, its figure, its name. `state`: "is-blocked",
    "is-chosen", "is-fresh", "is-picked" or ""; `foot`: the line under the name
    (the next player when `goes`, else why it cannot be played, or "to give");
    `known`: the others know it is in the hand (an eye)."""
    t = Translator(lang)
    colour, character = split(card_id)
    word = t("wh.colour." + colour)
    said = size in ("hand", "held")
    corner = join((symbol(colour), el("span", {"class": "wh-colour-word" if said else "sr-only"}, word)))
    mark = el("span", {"class": "wh-known"}, eye(), el("span", {"class": "sr-only"}, ", " + t("wh.known_to_all"))) \
        if known else None
    if foot and goes:
        foot_markup = join((arrow(), el("span", {"class": "sr-only"}, t("wh.next_prefix")), foot))
    else:
        foot_markup = foot or None
    attrs = {"data-card": card_id}
    if size == "chip":
        # too small for its name: the card says what it is to screen readers as a whole
        attrs.update({"role": "img", "aria-label": card_words(card_id, t)})
    name = t("wh.char." + character)
    return card(name, figure(GAME_ID, character), tone=f"wh-{colour}", size=SIZE[size],
                corner=corner, mark=mark, foot=foot_markup, name_cls="is-long" if len(name) > 8 else "",
                cls=" ".join(part for part in ("wh-card", f"wh-card-{size}", state) if part), attrs=attrs)


@functools.cache
def king_face(king: str, lang: str, size: str = "display") -> Markup:
    """The King card in force (WH-16, WH-18): the character it silences under a red
    stroke, or the Jester under a ring and stroke (banned), a crown in its band."""
    t = Translator(lang)
    character = split(king)[1]
    banned = character == "jester"
    name = t("wh.king.banned") if banned else t("wh.king.silences", name=t("wh.char." + character))
    corner = join((figure(GAME_ID, "crown", "wh-crown"),
                   el("span", {"class": "wh-king-word" if size == "ref" else "sr-only"}, t("wh.king.card"))))
    art_ = join((figure(GAME_ID, character), el("span", {"class": "wh-ban" if banned else "wh-hush"})))
    text_ = (t("wh.king.banned.long") if banned
             else t("wh.king.silences.long", name=t("wh.char." + character))) if size == "ref" else None
    return card(name, art_, tone="wh-king", size=SIZE[size], corner=corner, text=text_,
                cls=f"wh-card wh-king-card wh-card-{size}", attrs={"data-card": king})


@functools.cache
def reference_face(character: str, lang: str, state: str = "") -> Markup:
    """A character for the cards panel: its figure, its name and what it does;
    `state` "silenced" or "banned" by the King card. No colour: it is every card
    of that character (no data-card: it is no card of the game's)."""
    t = Translator(lang)
    art_ = join((figure(GAME_ID, character),
                 el("span", {"class": "wh-ban" if state == "banned" else "wh-hush"}) if state else None))
    return card(t("wh.char." + character), art_, tone="plum", size="lg", text=t("wh.effect." + character),
                foot=t("wh.legend." + state) if state else None,
                cls=" ".join(part for part in ("wh-card wh-ref", state and "is-" + state) if part))


@functools.lru_cache(maxsize=1024)
def held(lang: str, seat: int, known: tuple, down: tuple) -> Markup:
    """The cards a seat holds, at its plate, as a small fan: `known` (card, key, where
    it came from) face up, `down` (key, where it came from) face down."""
    faces = [put(face(card_id, lang, "chip"), key, came) for card_id, key, came in known]
    faces += [card_back(size="xs", cls="wh-mini-back", attrs={"data-key": key, "data-from": came}) for key, came in down]
    return el("span", {"class": "wh-held", "data-key": f"hand:{seat}"},
              fan(faces, cls="wh-fan") if faces else None,
              el("span", {"class": "sr-only"}, Translator(lang)("wh.hand_count", n=len(faces))))


@functools.lru_cache(maxsize=1024)
def display(lang: str, seat: int, cards: tuple) -> Markup:
    """A display none of whose cards is to be chosen: its cards ((card, state, key))
    in its six places, each flying in from its player's hand when it is new."""
    t = Translator(lang)
    out = [put(face(card_id, lang, "display", state, t("wh.picked") if state == "is-picked" else ""),
               key, f"hand:{seat}") for card_id, state, key in cards]
    out += [el("span", {"class": "wh-slot", "aria-hidden": "true"}) for _ in range(SLOTS - len(cards))]
    return join(out)


def put(inner: Markup, key: str, came: str | None = None, cls: str = "wh-put") -> Markup:
    """A card where it lies, keyed for motion (it glides when it moves; `came`: the
    keys it flies in from when it is new)."""
    return el("span", {"class": cls, "data-key": key, "data-from": came}, inner)


# ---- reading a view --------------------------------------------------------------

class Keys:
    """The motion keys of the cards drawn face up: a card by its round and id, the
    second grey copy of a character (the deck holds two of each grey) by its id and
    2. Given to the displays first, then to the hands the viewer knows of, then to
    the viewer's hand, so that a card in the open keeps its key."""

    def __init__(self, view: dict, known: list):
        rnd = view["round"]
        zones = [(("display", s), view["displays"][s]) for s in range(view["players"])]
        zones += [(("held", s), known[s] or []) for s in range(view["players"])]
        zones.append((("hand", None), view["hand"] or []))
        self.given: dict = {}
        seen: dict = {}
        for zone, cards in zones:
            for card_id in by_character(cards):
                seen[card_id] = seen.get(card_id, 0) + 1
                suffix = f":{seen[card_id]}" if seen[card_id] > 1 else ""
                self.given.setdefault((zone, card_id), []).append(f"card:{rnd}:{card_id}{suffix}")

    def take(self, zone: tuple, card_id: str) -> str:
        return self.given[(zone, card_id)].pop(0)


class Moved(NamedTuple):
    """What the last move brought that motion shows (from the view and the move),
    with the keys of the cards face up and what the viewer knows of each hand."""
    keys: Keys | None = None
    known: list | None = None
    dealt: bool = False               # a round has just been dealt: cards fly from the pile
    exchange: tuple | None = None     # (wizard, target, count): an exchange just completed
    got: tuple = ()                   # the viewer's cards from that exchange
    gave: tuple = ()                  # the viewer's cards given in it
    discarder: int | None = None      # a Maid's player just discarded and drew
    drew: str | None = None           # the card the viewer drew with their Maid


def moved(view: dict, ctx) -> Moved:
    """What the last move (ctx.last_action) brought, read from the view after it:
    marks for that move only, never again at a later redraw."""
    event = view["history"][-1] if view["history"] else None
    last = GAME.parse(ctx.last_action) if ctx.last_action is not None else None
    dealt = view["played"] == 0 and view["phase"] != "over"
    if event is None:
        return Moved(dealt=dealt)
    if isinstance(last, Give) and event.get("exchanged") and view["phase"] not in ("give", "answer"):
        return Moved(exchange=(event["seat"], event["target"], event["count"]),
                     got=tuple(event.get("got", ())), gave=tuple(event.get("gave", ())))
    if isinstance(last, Discard) and event["effect"] == "maid":
        return Moved(discarder=event["seat"], drew=event.get("drew"))
    return Moved(dealt=dealt)


def event_of(before: dict, after: dict) -> dict | None:
    """The play an action belongs to, from the onlookers' view after it: the
    round's latest play, or the play that ended the round."""
    if len(after["rounds"]) > len(before["rounds"]):
        return after["rounds"][len(before["rounds"])]["last"]
    return after["history"][-1] if after["history"] else None


def blocked_reason(view: dict, card_id: str) -> str | None:
    """Why a hand card cannot be played now (WH-8, WH-18), as a catalog key."""
    seat = view["seat"]
    character = split(card_id)[1]
    if character == "jester" and view["jester_banned"]:
        return "wh.why.banned"
    if any(split(c)[1] == character for c in view["displays"][seat]):
        return "wh.why.twice"
    return None


class WhispersTable(Table):
    game_id = "whispers"
    # A computer's turn is often several small steps (a Wizard: target, count,
    # then each card): each stays visible, at slow speed this long (x 1.8) ...
    bot_delay_ms = 650
    summary_ms = 3500

    # ---- pace ---------------------------------------------------------------------
    def group_pause_ms(self, view):
        """... and at normal and fast speed shorter: each step stays on the table
        (and moves, and is in the log) until the next, one by one."""
        return 400

    def pause_after(self, before, after):
        """Stop at each round's end: how it ended, points, displays (WH-19..WH-21)."""
        return len(after["rounds"]) > len(before["rounds"])

    # ---- the log ----------------------------------------------------------------
    def opening_log(self, view):
        return [("wh.log.round", {"n": view["round"], "name": ("seat", view["starter"])})]

    def sound_of(self, before, action, after):
        """A card played, given, thrown away, swapped or taken back."""
        return "card" if isinstance(action, (Play, Give, Discard, Swap, SwapWith, Return)) else None

    def describe(self, before, action, seat, after, forced):
        """The move log in public words: what was given in an exchange and what
        the Maid discarded and drew are never named."""
        who = ("seat", seat)
        event = event_of(before, after)
        lines = []
        match GAME.parse(action):
            case Play(card):
                lines.append(("wh.log.play", {"name": who, "card": card_param(card)}))
                lines += self._effect_lines(event, seat)
            case Next(next_seat):
                lines.append(("wh.log.chose_next", {"name": who, "next": ("seat", next_seat)}))
            case Target(other):
                lines.append(("wh.log.target", {"name": who, "other": ("seat", other)}))
            case Count(n):
                other = before["exchange"]["target"]
                lines.append(("wh.log.count", {"name": who, "other": ("seat", other), "n": n}))
            case Give() if event and event.get("exchanged") and before["phase"] == "answer":
                lines.append(("wh.log.exchanged", {"name": ("seat", event["seat"]),
                                                   "other": ("seat", event["target"]), "n": event["count"]}))
            case Discard():
                lines.append(("wh.log.maid", {"name": who}))
                if event and event.get("reshuffled"):
                    lines.append(("wh.log.reshuffled", {}))
            case Swap(owner, card):
                lines.append(("wh.log.swap_first", {"name": who, "card": card_param(card),
                                                    "owner": ("seat", owner)}))
            case SwapWith():
                (s1, c1), (s2, c2) = event["swap"]
                lines.append(("wh.log.swap", {"name": who, "card": card_param(c1), "owner": ("seat", s1),
                                              "card2": card_param(c2), "owner2": ("seat", s2)}))
            case Return(card):
                lines.append(("wh.log.guard", {"name": who, "card": card_param(card)}))
        lines += self._turn_lines(before, after, event)
        return lines

    def _effect_lines(self, event, seat):
        """What the card just played did at once (or why it did nothing)."""
        if event is None:
            return []
        who = ("seat", seat)
        why = event.get("why")
        if why:
            if why == "silenced":
                return [("wh.log.silenced", {"char": ("tr", "wh.char." + split(event["card"])[1])})]
            return [("wh.log.no_effect." + why, {})]
        effect = event["effect"]
        if effect == "accountant":
            shown = event["shown"]
            params = {"name": who}
            params.update({f"c{i}": card_param(c) for i, c in enumerate(shown)})
            return [(f"wh.log.shown.{len(shown)}", params)]
        if effect == "general":
            lines = [("wh.log.reshuffled_kings", {})] if event.get("reshuffled") else []
            character = split(event["king"])[1]
            if character == "jester":
                lines.append(("wh.log.king_jester", {}))
            else:
                lines.append(("wh.log.king", {"char": ("tr", "wh.char." + character)}))
            return lines
        if effect == "jester":
            return [("wh.log.jester", {})]
        return []

    def _turn_lines(self, before, after, event):
        """Where the turn went, the round's end and the next deal."""
        lines = []
        ended = after["rounds"][len(before["rounds"]):]
        passed = bool(ended) or after["phase"] == "play"       # the card's play is complete
        if passed and event is not None and event.get("next") is not None and before["phase"] != "next":
            lines.append(("wh.log.next", {"name": ("seat", event["next"])}))
        for number, summary in enumerate(ended):
            lines.append(self._outcome(summary))
            last = number == len(ended) - 1
            if last and after["phase"] != "over":
                lines.append(("wh.log.round", {"n": after["round"], "name": ("seat", after["starter"])}))
            elif not last:
                following = ended[number + 1]
                lines.append(("wh.log.round", {"n": following["round"], "name": ("seat", summary["seat"])}))
        return lines

    @staticmethod
    def _outcome(summary):
        seat = summary["seat"]
        if summary["end"] == "A":
            return ("wh.log.end_a", {"name": ("seat", seat)})
        return ("wh.log.end_b", {"name": ("seat", seat), "n": summary["points"][seat]})

    def move_words(self, view, action, t, names):
        action = GAME.parse(action)
        match action:
            case Next(seat) | Target(seat):
                return t(f"wh.say.{action.verb}", name=names[seat])
            case Count(n):
                return t("wh.say.count", n=n)
            case Swap(seat, card) | SwapWith(seat, card):
                return t(f"wh.say.{action.verb}", owner=names[seat], card=t("wh.card." + card))
        return t(f"wh.say.{action.verb}", card=t("wh.card." + action.card))

    def refusal_params(self, refusal, t, names):
        """Seats by name, cards by their drawn names, the step asked for in words."""
        params = super().refusal_params(refusal, t, names)
        for key in ("card", "first"):
            if key in params:
                card = params[key]
                params[key] = (t("wh.refusal.the_card", card=card_words(card, t))
                               if t.has("wh.card." + card) else t("wh.refusal.that_card"))
        if "character" in params:
            params["character"] = t("wh.char." + split(refusal.params["card"])[1])
        if "phase" in params:
            params["expect"] = t("wh.refusal.expect." + params["phase"])
        return params

    # ---- the table ----------------------------------------------------------------
    def render(self, view, ctx):
        known = knowledge(view)        # what the viewer knows of each other hand
        motion = moved(view, ctx)._replace(keys=Keys(view, known), known=known)
        return el("section", {"class": ["wh", f"wh-p{view['players']}"], "aria-label": ctx.t("game.whispers")},
                  self._court(view, ctx, motion), self._hand(view, ctx, motion))

    def panels(self, view, ctx):
        return [Panel("scores", ctx.t("panel.scores"), lambda: self._scores(view, ctx)),
                Panel("cards", ctx.t("panel.cards"), lambda: self._cards_panel(view, ctx))]

    def result_reason(self, view, ctx):
        """Who reached the goal; with several at once, the tie-break by the displays."""
        t = ctx.t
        reached = [s for s, total in enumerate(view["totals"]) if total >= view["goal"]]
        winners = view["winners"]
        names = t.join(ctx.names[s] for s in reached)
        if len(reached) == 1:
            return t("wh.why.reached", name=names, goal=view["goal"])
        recorded = view["options"]["recorded_tiebreak"]
        sizes = view["recorded"] if recorded else [len(d) for d in view["displays"]]
        decider = "wh.why.recorded" if recorded else "wh.why.display"
        if len(winners) == 1:
            return t(decider, names=names, goal=view["goal"], name=ctx.names[winners[0]], n=sizes[winners[0]])
        return t(decider + "_shared", names=names, goal=view["goal"], n=sizes[winners[0]])

    def result_detail(self, view, ctx):
        return self._scores(view, ctx, final=True)

    @staticmethod
    def _turn(view, ctx):
        """Whose turn it is, for screen readers (a live region): on screen the seat's
        plate says it (its badge, its row lit) and the prompt what they are doing."""
        return el("strong", {"class": "status-turn sr-only", "aria-live": "polite"},
                  turn_line(ctx, view["current"]))

    # ---- the viewer's hand and the decision -------------------------------------------------
    def _hand(self, view, ctx, motion):
        t = ctx.t
        if ctx.viewer is None or view["hand"] is None:
            return el("div", {"class": "wh-hand is-hidden"},
                      el("div", {"class": "wh-hand-head"}, el("p", {"class": "wh-hidden-note"}, t("wh.hand_hidden")),
                         self._turn(view, ctx), self._prompt(view, ctx)))
        seat = ctx.viewer
        legal = ctx.legal
        phase = view["phase"]
        acts = {a.card: a for a in map(GAME.parse, legal) if isinstance(a, (Play, Give, Discard))}
        verb = {"play": "play", "give": "give", "answer": "give", "discard": "discard"}.get(phase)
        # The hand's full cards when the decision is a tap on one of them; smaller
        # otherwise, so that the court keeps its room when the choice is made there.
        deciding = bool(legal and verb and acts)
        size = "hand" if deciding else "held"
        chosen = list(view["exchange"]["mine"]) if view["exchange"] else []
        known = list(view["known"][seat])
        partner = None
        if motion.exchange:
            wizard, target, _ = motion.exchange
            partner = target if seat == wizard else wizard if seat == target else None
        got = list(motion.got)
        cards = []
        for card_id in by_character(view["hand"]):
            state, foot, goes = "", "", False
            if card_id in chosen:
                chosen.remove(card_id)
                state, foot = "is-chosen", t("wh.chosen")
            elif phase == "play" and (reason := blocked_reason(view, card_id)):
                # WH-8/WH-18 refuse a card only to be played: what may be given or
                # discarded is drawn as such, even a character the display holds.
                state, foot = "is-blocked", t(reason)
            elif phase == "play" and legal:
                foot, goes = self._goes_to(view, card_id, ctx), True
            is_known = card_id in known
            if is_known:
                known.remove(card_id)
            drawn = face(card_id, t.lang, size, state, foot, goes, is_known)
            came = None
            if card_id in got and partner is not None:
                got.remove(card_id)
                came = f"hand:{partner}"
            elif motion.dealt or card_id == motion.drew:
                came = "pile"
            key = motion.keys.take(("hand", None), card_id)
            if verb and card_id in acts and state != "is-chosen":
                said = t("wh.tap." + verb)
                cards.append(tappable(join((drawn, el("span", {"class": "sr-only"}, ": " + said))), "act",
                                      str(acts[card_id]), "card-btn wh-put",
                                      attrs={"data-key": key, "data-from": came}))
            else:
                cards.append(put(drawn, key, came))
        return el("div", {"class": ["wh-hand", "is-deciding" if legal else None, "is-held" if not deciding else None],
                          "data-private": True},
                  el("div", {"class": "wh-hand-head"},
                     el("h2", {}, t("wh.your_hand", name=ctx.names[seat])), self._turn(view, ctx),
                     self._prompt(view, ctx)),
                  el("div", {"class": "wh-hand-cards"}, cards))

    def _goes_to(self, view, card_id, ctx):
        """Where the turn goes after this card (WH-10), in a word or a name."""
        colour = split(card_id)[0]
        if colour == "grey":
            return ctx.t("wh.next.fewest")
        owner = view["colours"].index(colour)
        return ctx.t("wh.next.again") if owner == view["seat"] else ctx.names[owner]

    def _prompt(self, view, ctx):
        """What the decision on screen asks, with its buttons when they are not
        cards; or what the player to act is doing. Under a suggested move's line,
        the teacher's reasons (ctx.teacher)."""
        t = ctx.t
        phase = view["phase"]
        current = view["current"]
        if current is None:
            return Markup("")
        names = ctx.names
        ex = view["exchange"]
        params = {"name": names[current]}
        if ex:
            partner = ex["target"] if current == ex["wizard"] else ex["wizard"]
            if partner is not None:
                params["other"] = names[partner]
            params["n"] = ex["count"] or 0
            params["k"] = (ex["given"] if phase == "give" else ex["taken"]) + 1
        if phase == "with":
            seat, card_id = view["first_pick"]
            params.update(card=card_words(card_id, t), other=names[seat])
        if phase == "next":
            params["names"] = t.join(names[s] for s in self._tied(view))
        controls = None
        if ctx.legal:
            words = t("wh.prompt." + phase, **params)
            controls = self._controls(view, ctx)
            cls = "wh-prompt is-mine"
        else:
            words = t("wh.doing." + phase, **params)
            cls = "wh-prompt"
        teacher = None
        if ctx.hint:
            words = t("hint.shown")
            teacher = getattr(ctx, "teacher", None)     # the suggestion's reasons (ui/teacher.py)
        return el("div", {"class": cls}, el("p", {"class": "wh-prompt-text"}, words), teacher,
                  el("div", {"class": "wh-controls"}, controls) if controls else None)

    @staticmethod
    def _tied(view):
        return view["history"][-1].get("tied", []) if view["history"] else []

    def _controls(self, view, ctx):
        """Buttons of the decisions that are not a tap on a card: a player, a number."""
        t = ctx.t
        out = []
        for action in map(GAME.parse, ctx.legal):
            verb = action.verb
            if isinstance(action, (Next, Target)):
                seat = action.seat
                colour = view["colours"][seat]
                if verb == "target":
                    facts = t("wh.hand_count", n=view["hand_sizes"][seat])
                else:       # a tie: every one of them has as many display cards
                    facts = t("wh.you") if seat == view["seat"] else None
                out.append(button(join((token(colour), el("span", {"class": "wh-who"}, ctx.names[seat]),
                                        facts and el("small", {}, facts),
                                        el("span", {"class": "sr-only"}, ": " + t("wh.tap." + verb)))),
                                  "act", str(action), cls=f"wh-player wh-c-{colour}"))
            elif isinstance(action, Count):
                out.append(button(plain(t("wh.count", n=action.n)), "act", str(action), cls="wh-count"))
        return join(out)

    # ---- the court: every player and their display, the King card and the piles -----------------
    def _court(self, view, ctx, motion):
        known = motion.known
        return el("div", {"class": "wh-court felt"},
                  el("div", {"class": "wh-seats"},
                     (self._seat(view, ctx, seat, known[seat], motion) for seat in range(view["players"]))),
                  self._middle(view, ctx, motion))

    def _seat(self, view, ctx, seat, know, motion):
        t = ctx.t
        colour = view["colours"][seat]
        is_turn = seat == view["current"]
        badges = []
        if seat == view["starter"] and view["phase"] != "over":
            badges.append(el("span", {"class": "badge badge-dealer"}, t("wh.starter")))
        total = view["totals"][seat]
        body = el("div", {"class": "wh-plate-line"}, token(colour), self._held(view, ctx, seat, know, motion),
                  el("span", {"class": "wh-score", "data-key": f"score:{seat}", "data-bump": total},
                     t("wh.score", n=total, goal=view["goal"])))
        label = t("wh.display_of", name=ctx.names[seat], n=len(view["displays"][seat]))
        return el("div", {"class": ["wh-seat", f"wh-c-{colour}", "is-turn" if is_turn else None,
                                    "is-viewer" if seat == view["seat"] else None]},
                  seat_plate(ctx, seat, is_turn, badges, body),
                  el("div", {"class": "wh-display", "role": "group", "aria-label": label, "data-display": seat},
                     self._slots(view, ctx, seat, motion)))

    def _held(self, view, ctx, seat, know, motion):
        """The cards a player holds, at their plate: those the viewer knows face up
        (keyed by card: the viewer knows them), the others face down, keyed by their
        place only. What the last move brought flies in: a deal from the pile, the
        cards of an exchange from the partner's hand, a Maid's card from the pile."""
        t = ctx.t
        rnd = view["round"]
        size = view["hand_sizes"][seat]
        know = by_character(know or [])
        viewer = view["seat"]
        came_known = None
        exchange = motion.exchange
        if exchange and viewer in exchange[:2] and seat in exchange[:2] and seat != viewer:
            came_known = set(motion.gave)          # what the viewer gave, now known in the partner's hand
        known = tuple((card_id, motion.keys.take(("held", seat), card_id),
                       f"hand:{viewer}" if came_known and card_id in came_known else None) for card_id in know)
        backs = size - len(know)
        # the last few backs, when the last move brought them (an exchange seen from outside, a Maid's draw)
        fresh, other = 0, None
        if exchange and seat in exchange[:2] and viewer not in exchange[:2]:
            fresh, other = min(exchange[2], backs), exchange[1] if seat == exchange[0] else exchange[0]
        elif motion.discarder == seat and seat != viewer:
            fresh = min(1, backs)
        dealt = "pile" if motion.dealt else None

        def came(i):
            # a back of the partner's hand in the same place (else their hand), or the pile
            return f"back:{rnd}:{other}:{i} hand:{other}" if other is not None else "pile"
        down = tuple((f"got:{ctx.moves}:{seat}:{i}", came(i)) if i >= backs - fresh else (f"back:{rnd}:{seat}:{i}", dealt)
                     for i in range(backs))
        return held(t.lang, seat, known, down)

    def _slots(self, view, ctx, seat, motion):
        """Six places: the display's cards in the characters' order, then empty ones.
        In the Butler's and the Guard's steps the cards that may be chosen are buttons."""
        t = ctx.t
        legal = {}
        for action in map(GAME.parse, ctx.legal):
            if isinstance(action, (Swap, SwapWith)):
                if action.seat == seat:
                    legal[action.card] = action
            elif isinstance(action, Return) and seat == view["seat"]:
                legal[action.card] = action
        last = view["history"][-1] if view["history"] else None
        fresh = set()
        if last:
            if last["seat"] == seat:
                fresh.add(last["card"])
            for s, card_id in last.get("swap", []):
                if s == seat:
                    fresh.add(card_id)
        picked = view["first_pick"][1] if view["first_pick"] and view["first_pick"][0] == seat else None
        cards = tuple((card_id, "is-picked" if card_id == picked else "is-fresh" if card_id in fresh else "",
                       motion.keys.take(("display", seat), card_id)) for card_id in by_character(view["displays"][seat]))
        if not legal:
            return display(t.lang, seat, cards)
        out = []
        for card_id, state, key in cards:
            drawn = face(card_id, t.lang, "display", state, t("wh.picked") if state == "is-picked" else "")
            came = f"hand:{seat}"
            if card_id in legal:
                action = legal[card_id]
                out.append(tappable(join((drawn, el("span", {"class": "sr-only"}, ": " + t("wh.tap." + action.verb)))),
                                    "act", str(action), "card-btn wh-put", attrs={"data-key": key, "data-from": came}))
            else:
                out.append(put(drawn, key, came))
        out += [el("span", {"class": "wh-slot", "aria-hidden": "true"})
                for _ in range(SLOTS - len(view["displays"][seat]))]
        return join(out)

    def _middle(self, view, ctx, motion):
        """The middle of the table: the round, the King card in force (a new one
        turns up from the King pile), the King pile, the draw pile and the face-down
        discards."""
        t = ctx.t
        king = view["king"]
        if king is None:
            shown = el("span", {"class": "wh-king-none"}, figure(GAME_ID, "crown", "wh-crown"),
                       el("span", {}, t("wh.king"), " ", el("span", {"class": "wh-king-none-yet"}, t("wh.king.none"))))
        else:
            shown = put(king_face(king, t.lang), f"king:{king}:{view['kings_left']}", "kings")
        discarder = motion.discarder
        return el("div", {"class": "wh-middle"}, el("span", {"class": "chip wh-round"}, t("wh.round", n=view["round"])),
                  el("div", {"class": "wh-king-spot", "role": "group", "aria-label": t("wh.king.title")}, shown),
                  el("div", {"class": "wh-stacks"},
                     self._stack("kings", "gold", t("wh.kings_pile", n=view["kings_left"]), view["kings_left"]),
                     self._stack("pile", "plum", t("wh.pile", n=view["pile"]), view["pile"]),
                     self._stack("discards", "brown", t("wh.discards", n=view["discards"]), view["discards"],
                                 f"hand:{discarder}" if discarder is not None else None)))

    @staticmethod
    def _stack(key, tone, words, n, came=None):
        """A pile, face down, with how many it holds (a count that pulses when it
        changes; the discards fly in from the Maid's player)."""
        return el("div", {"class": ["wh-stack", f"wh-stack-{key}", "is-empty" if not n else None]},
                  card_back(tone=tone, size="xs", cls="wh-stack-back",
                            attrs={"data-key": key, "data-bump": n, "data-from": came}),
                  el("span", {"class": "wh-stack-count"}, words))

    # ---- the panels: scores, the cards -----------------------------------------------------
    def _scores(self, view, ctx, final=False):
        """Every round's points, a row each (WH-22), each player's total (their sum)
        last; above it, the display tie-break's numbers (WH-24) when they count."""
        t = ctx.t
        players = range(view["players"])
        recorded = view["options"].get("recorded_tiebreak")
        rounds = [(t("wh.round_n", n=r["round"]), ["+" + str(r["points"][seat]) if r["points"][seat] else "·"
                                                   for seat in players]) for r in view["rounds"]]
        extra = []
        if recorded:
            extra.append((t("wh.recorded"), [view["recorded"][seat] for seat in players]))
        elif final:
            extra.append((t("wh.display_col"), [len(view["displays"][seat]) for seat in players]))
        best = max(view["totals"])
        leading = [seat for seat in players if best and view["totals"][seat] == best]
        names = [el("span", {"class": "wh-named"}, token(view["colours"][seat]), el("span", {}, ctx.names[seat]))
                 for seat in players]
        rule = t("wh.goal", n=view["goal"])
        if view["options"].get("sixth_two_points") and view["players"] >= 4:
            rule += " · " + t("wh.sixth_two")
        return join((el("h2", {"class": "side-title"}, t("wh.scores")),
                     el("p", {"class": "hint"}, rule),
                     scores_by_round(t, t("wh.scores"), names, rounds, view["totals"], extra, leading,
                                     cls="wh-scores")))

    def _cards_panel(self, view, ctx):
        """The King card in force, large, with what it does (WH-16, WH-18), and the
        seven characters as large cards with what each does, the one the King card
        silences (or the banned Jester) marked (WH-11..WH-18)."""
        t = ctx.t
        king = view["king"]
        if king is None:
            shown = el("span", {"class": "wh-king-none is-large"}, figure(GAME_ID, "crown", "wh-crown"),
                       el("span", {}, t("wh.king.none")))
            words = t("wh.king.none.long")
        else:
            shown = king_face(king, t.lang, "ref")
            words = None
        refs = []
        for character in CHARACTERS:
            state = ("silenced" if character == view["silenced"]
                     else "banned" if character == "jester" and view["jester_banned"] else "")
            refs.append(reference_face(character, t.lang, state))
        return join((el("h2", {"class": "side-title"}, t("wh.king.title")),
                     el("div", {"class": "wh-king-panel"}, shown,
                        el("p", {}, words, words and el("br"), t("wh.kings_left", n=view["kings_left"]))),
                     el("h2", {"class": "side-title"}, t("wh.legend")),
                     el("div", {"class": "wh-refs"}, refs)))

    # ---- the round's end ----------------------------------------------------------------------
    def summary(self, view, ctx):
        t = ctx.t
        summary = view["rounds"][-1]
        seat = summary["seat"]
        name = ctx.names[seat]
        detail = None
        if summary["end"] == "A":
            outcome = t("wh.end_a", name=name)
            proof = [face(c, t.lang, "display") for c in by_character(summary["hand"] or [])]
            if proof:
                detail = el("div", {"class": "wh-proof"}, el("span", {}, t("wh.end_a.hand", name=name)),
                            el("span", {"class": "wh-proof-cards"}, proof))
        else:
            outcome = t("wh.end_b", name=name, n=summary["points"][seat])
        recorded = view["options"].get("recorded_tiebreak")
        rows = []
        for s in range(view["players"]):
            colour = view["colours"][s]
            points = summary["points"][s]
            rows.append(el("tr", {"class": "is-ender" if s == seat else ""},
                           el("th", {"scope": "row", "class": "scores-name"},
                              el("span", {"class": "wh-named"}, token(colour), el("span", {}, ctx.names[s]))),
                           el("td", {"class": "wh-sum-display"},
                              (face(c, t.lang, "chip") for c in by_character(summary["displays"][s])),
                              [el("span", {"class": "wh-slot wh-chip-slot", "aria-hidden": "true"})
                               for _ in range(SLOTS - len(summary["displays"][s]))]),
                           el("td", {}, el("span", {"class": "wh-gain"}, "+" + str(points)) if points else "0"),
                           el("td", {}, summary["recorded"][s]) if recorded else None,
                           el("td", {}, el("strong", {}, summary["totals"][s]), f" / {view['goal']}")))
        if view["phase"] == "over":
            label, after = t("wh.final_result"), None
        else:
            label = t("wh.next_round")
            after = el("p", {"class": "wh-next-start"}, token(view["colours"][view["starter"]]),
                       t("wh.next_starts", n=view["round"], name=ctx.names[view["starter"]]))
        return el("section", {"class": "dialog wh-summary", "role": "dialog", "aria-live": "assertive",
                              "data-screen": "summary"},
                  el("h2", {}, t("wh.round_over", n=summary["round"])),
                  el("p", {"class": "wh-outcome"}, outcome), detail,
                  el("table", {"class": "scores"},
                     el("thead", {}, el("tr", {}, el("th", {"scope": "col"}, t("wh.player")),
                                        el("th", {"scope": "col"}, t("wh.display_col")),
                                        el("th", {"scope": "col"}, t("wh.points")),
                                        el("th", {"scope": "col"}, t("wh.recorded")) if recorded else None,
                                        el("th", {"scope": "col"}, "Σ"))),
                     el("tbody", {}, rows)),
                  after,
                  el("div", {"class": "dialog-actions"},
                     button(plain(label), "resume", cls="btn-primary btn-big")))


def card_param(card_id: str):
    """A card in a log line, read in either language."""
    return ("tr", "wh.card." + card_id)


TABLE = WhispersTable()
