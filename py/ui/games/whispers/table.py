"""The 王宮のささやき (Palastgeflüster) table: each player's display (密談場)
as six slots, the hand of whoever holds the tablet with the cards they may play
marked (and why the others cannot be), the King card in force, the draw pile and
the face-down discards, scores against the goal, the cards each player knows of
the others' hands, and the round's end.

Every card is drawn in SVG: a band in its colour with the colour's symbol (a
player's colour is never told by colour alone), the character's emblem and its
name. Seat i plays colour i, so the same symbol marks the player, their cards
and the turn going to them. The art is data: art.svg beside this file holds
each symbol and emblem once (a <symbol> by id), drawn inline here with el()."""
from __future__ import annotations

import pathlib

from royaltable.games.whispers import GAME
from royaltable.games.whispers.actions import (Count, Discard, Give, Next, Play, Return, Swap,
                                                  SwapWith, Target)
from royaltable.games.whispers.rules import CHARACTERS, knowledge

from ...html import button, tappable

from ...icons import drawings
from ...markup import Markup, el, join, text as plain
from ...widgets import seat_plate, turn_line
from ...table import Panel, Table


SLOTS = 6                                     # a display is complete at six (WH-20)

ART = pathlib.Path(__file__).with_name("art.svg")


def art(name: str) -> Markup:
    """The shapes of one drawing of art.svg ("symbol-red", "emblem-maid", "crown", ...)."""
    return drawings(ART)[name]


def split(card: str) -> tuple[str, str]:
    colour, _, character = card.partition("-")
    return colour, character


def by_character(cards) -> list[str]:
    """Cards in the characters' order (the order of the legend), then by colour."""
    return sorted(cards, key=lambda c: (CHARACTERS.index(split(c)[1]), c))


def symbol(colour: str, cls: str = "wh-sym") -> Markup:
    """A colour's symbol (20 x 20): a shape for each player, bars for grey."""
    return el("svg", {"class": cls, "viewBox": "0 0 20 20", "aria-hidden": "true", "focusable": "false",
                      "fill": "currentColor"}, art("symbol-" + colour))


def emblem(character: str, cls: str = "wh-emblem") -> Markup:
    """A character's emblem (48 x 48)."""
    return el("svg", {"class": cls, "viewBox": "0 0 48 48", "aria-hidden": "true", "focusable": "false",
                      "fill": "currentColor"}, art("emblem-" + character))


def crown(hidden: bool = True) -> Markup:
    return el("svg", {"class": "wh-crown", "viewBox": "0 0 40 28", "aria-hidden": "true" if hidden else None,
                      "fill": "currentColor"}, art("crown"))


def king_mark(character: str, hidden: bool = True) -> Markup:
    """The King card's character with its mark over it: a slash (silenced) or a
    ring and slash (the Jester forbidden)."""
    return el("svg", {"class": "wh-emblem", "viewBox": "0 0 48 48", "aria-hidden": "true" if hidden else None,
                      "fill": "currentColor"},
              art("emblem-" + character), art("ban" if character == "jester" else "hush"))


def eye() -> Markup:
    """The mark of a card everyone knows is in the hand."""
    return el("svg", {"class": "wh-eye", "viewBox": "0 0 24 24", "aria-hidden": "true", "fill": "currentColor"},
              art("eye"))


def arrow() -> Markup:
    """Where the turn goes after a card."""
    return el("svg", {"class": "wh-arrow", "viewBox": "0 0 16 20", "aria-hidden": "true"}, art("arrow"))


def token(colour: str, t) -> Markup:
    """A player's colour as a round token with its symbol (decorative: words say it too)."""
    return el("span", {"class": f"wh-token wh-c-{colour}", "aria-hidden": "true"}, symbol(colour))


def card_words(card: str, t) -> str:
    """A card in words, "red Wizard" / "赤の魔法使い"."""
    return t("wh.card." + card)


def face(card: str, t, size: str = "", cmd: str = "", arg: str = "", marks: str = "",
         foot=None, foot_words: str = "", does: str = "") -> Markup:
    """One character card. `size`: "" (the hand), "mid" (a display), "chip" (a
    known card or a summary: emblem and band only). `foot` is the line under the
    name (where the turn goes, or why the card cannot be played); `does` what a
    tap does, for screen readers."""
    colour, character = split(card)
    name = t("wh.char." + character)
    body = [el("span", {"class": "wh-band", "aria-hidden": "true"}, symbol(colour),
               None if size else el("span", {"class": "wh-band-word"}, t("wh.colour." + colour))),
            emblem(character)]
    if size != "chip":
        # "Accountant" on a display card
        body.append(el("span", {"class": ["wh-name", "is-long" if len(name) > 8 else None]}, name))
    if foot:
        body.append(el("span", {"class": "wh-foot"}, foot))
    cls = " ".join(part for part in ("wh-card", f"wh-c-{colour}", size, marks) if part)
    if cmd:
        # the visible words are the colour, the name and the foot; the rest is for screen readers
        said = f"{t('wh.colour.' + colour)} {name}" + (f", {foot_words}" if foot_words else "") \
            + (f": {does}" if does else "")
        body.append(el("span", {"class": "sr-only"}, said))
        return tappable(join(body), cmd, arg, cls + " is-playable", attrs={"data-card": card})
    label = card_words(card, t) + (f" ({foot_words})" if foot_words else "")
    return el("span", {"class": cls, "role": "img", "aria-label": label, "data-card": card}, body)


def king_face(king: str | None, t, cls: str = "") -> Markup:
    """The King card in force (WH-16, WH-18): a crown over the character it
    silences, or over a banned Jester; an empty place before the first General."""
    if king is None:
        return el("span", {"class": ["wh-king", "is-none", cls], "role": "img", "aria-label": t("wh.king.none")},
                  crown())
    character = split(king)[1]
    words = (t("wh.king.banned") if character == "jester"
             else t("wh.king.silences", name=t("wh.char." + character)))
    return el("span", {"class": ["wh-king", cls], "role": "img", "aria-label": words, "data-card": king},
              crown(), king_mark(character), el("span", {"class": "wh-name"}, t("wh.char." + character)))


def king_icon(king: str | None) -> Markup:
    """The King card in small, beside its words in the status bar (an icon, not a card face)."""
    return el("span", {"class": ["wh-king", "tiny", None if king else "is-none"], "aria-hidden": "true"},
              crown(hidden=False), king_mark(split(king)[1], hidden=False) if king else None)


def back(cls: str = "wh-back") -> Markup:
    return el("span", {"class": cls, "aria-hidden": "true"})


# ---- reading a view --------------------------------------------------------------

def event_of(before: dict, after: dict) -> dict | None:
    """The play an action belongs to, from the onlookers' view after it: the
    round's latest play, or the play that ended the round."""
    if len(after["rounds"]) > len(before["rounds"]):
        return after["rounds"][len(before["rounds"])]["last"]
    return after["history"][-1] if after["history"] else None


def blocked_reason(view: dict, card: str) -> str | None:
    """Why a hand card cannot be played now (WH-8, WH-18), as a catalog key."""
    seat = view["seat"]
    character = split(card)[1]
    if character == "jester" and view["jester_banned"]:
        return "wh.why.banned"
    if any(split(c)[1] == character for c in view["displays"][seat]):
        return "wh.why.twice"
    return None


class WhispersTable(Table):
    game_id = "whispers"
    # A computer's turn is often several small steps (a Wizard: target, count,
    # then each card): each stays visible, the whole turn stays short.
    bot_delay_ms = 650
    summary_ms = 3500

    # ---- pace ---------------------------------------------------------------------
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
        return el("section", {"class": "wh", "aria-label": ctx.t("game.whispers")},
                  self._status(view, ctx), self._hand(view, ctx), self._court(view, ctx))

    def panels(self, view, ctx):
        return [Panel("scores", ctx.t("panel.scores"), self._scores(view, ctx)),
                Panel("cards", ctx.t("panel.cards"), join((self._king_panel(view, ctx), self._legend(view, ctx))))]

    def result_detail(self, view, ctx):
        return self._scores(view, ctx, final=True)

    def _status(self, view, ctx):
        t = ctx.t
        current = view["current"]
        turn = turn_line(ctx, current)
        king = view["king"]
        if king is None:
            king_words = t("wh.king.none")
        elif view["jester_banned"]:
            king_words = t("wh.king.banned")
        else:
            king_words = t("wh.king.silences", name=t("wh.char." + view["silenced"]))
        pile = el("span", {"class": "chip wh-chip"},
                  back("wh-back small"), t("wh.pile", n=view["pile"]),
                  back("wh-back small is-down"), t("wh.discards", n=view["discards"]))
        return el("div", {"class": "status-bar wh-status"},
                  el("span", {"class": "chip"}, t("wh.round", n=view["round"])),
                  el("span", {"class": ["chip wh-chip wh-king-chip", "is-banned" if view["jester_banned"] else None]},
                     king_icon(king),
                     el("span", {}, el("span", {"class": "wh-king-label"}, t("wh.king")), " ", king_words)),
                  pile,
                  el("strong", {"class": "status-turn", "aria-live": "polite"},
                     token(view["colours"][current], t) if turn else None, turn))

    # ---- the viewer's hand and the decision -------------------------------------------------
    def _hand(self, view, ctx):
        t = ctx.t
        if ctx.viewer is None or view["hand"] is None:
            return el("div", {"class": "wh-hand is-hidden"}, el("p", {}, t("wh.hand_hidden")),
                      self._prompt(view, ctx))
        seat = ctx.viewer
        legal = ctx.legal
        phase = view["phase"]
        acts = {a.card: a for a in map(GAME.parse, legal) if isinstance(a, (Play, Give, Discard))}
        verb = {"play": "play", "give": "give", "answer": "give", "discard": "discard"}.get(phase)
        # Full-size cards when the decision is a tap on one of them; smaller otherwise,
        # so that the displays stay in reach when the choice is made there.
        size = "" if legal and verb else "mid"
        chosen = list(view["exchange"]["mine"]) if view["exchange"] else []
        known = list(view["known"][seat])
        cards = []
        for card in by_character(view["hand"]):
            marks = []
            # WH-8/WH-18 refuse a card only to be played: what may be given or
            # discarded now is drawn as such, even a character the display holds.
            reason = None if verb != "play" and legal and card in acts else blocked_reason(view, card)
            foot, foot_words = None, ""
            if card in chosen:
                chosen.remove(card)
                marks.append("is-chosen")
                foot = foot_words = t("wh.chosen")
            elif reason:
                marks.append("is-blocked")
                foot = foot_words = t(reason)
            elif phase == "play" and legal:
                foot_words = self._goes_to(view, card, ctx)
                foot = join((arrow(), foot_words))
                foot_words = t("wh.next_is", name=foot_words)
            if card in known:
                known.remove(card)
                marks.append("is-known")
                foot_words = (foot_words + ", " if foot_words else "") + t("wh.known_to_all")
            seen = eye() if "is-known" in marks else None
            if verb and card in acts and "is-chosen" not in marks:
                cards.append(face(card, t, size, "act", str(acts[card]), " ".join(marks), join((seen, foot)),
                                  foot_words, t("wh.tap." + verb)))
            else:
                cards.append(face(card, t, size, marks=" ".join(marks),
                                  foot=join((seen, foot)) if not size else join((seen,)), foot_words=foot_words))
        return el("div", {"class": ["wh-hand", "is-deciding" if legal else None, "is-compact" if size else None],
                          "data-private": True},
                  el("div", {"class": "wh-hand-head"}, el("h2", {}, t("wh.your_hand", name=ctx.names[seat])),
                     self._prompt(view, ctx)),
                  el("div", {"class": "wh-hand-cards"}, cards))

    def _goes_to(self, view, card, ctx):
        """Where the turn goes after this card (WH-10), in a word or a name."""
        colour = split(card)[0]
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
            seat, card = view["first_pick"]
            params.update(card=card_words(card, t), other=names[seat])
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
                else:
                    facts = t("wh.you") if seat == view["seat"] else t("wh.display_count", n=len(view["displays"][seat]))
                out.append(button(join((token(colour, t), el("span", {"class": "wh-who"}, ctx.names[seat]),
                                        el("small", {}, facts),
                                        el("span", {"class": "sr-only"}, ": " + t("wh.tap." + verb)))),
                                  "act", str(action), cls=f"wh-player wh-c-{colour}"))
            elif isinstance(action, Count):
                out.append(button(plain(t("wh.count", n=action.n)), "act", str(action), cls="wh-count"))
        return join(out)

    # ---- the court: every player and their display --------------------------------------------
    def _court(self, view, ctx):
        known = knowledge(view)        # what the viewer knows of each other hand
        return el("div", {"class": "wh-court"},
                  (self._seat(view, ctx, seat, known[seat]) for seat in range(view["players"])))

    def _seat(self, view, ctx, seat, know):
        t = ctx.t
        colour = view["colours"][seat]
        is_turn = seat == view["current"]
        badges = []
        if seat == view["starter"] and view["phase"] != "over":
            badges.append(el("span", {"class": "badge badge-dealer"}, t("wh.starter")))
        size = view["hand_sizes"][seat]
        # the cards the viewer knows in this hand (WH-11, WH-15, their own exchanges)
        know = know or []
        body = el("div", {"class": "wh-plate-line"}, token(colour, t),
                  el("span", {"class": "wh-hand-mini"},
                     (face(c, t, "chip") for c in by_character(know)),
                     [back() for _ in range(size - len(know))],
                     el("span", {"class": "sr-only"}, t("wh.hand_count", n=size))),
                  el("span", {"class": "wh-score"}, t("wh.score", n=view["totals"][seat], goal=view["goal"])))
        label = t("wh.display_of", name=ctx.names[seat], n=len(view["displays"][seat]))
        return el("div", {"class": ["wh-seat", f"wh-c-{colour}", "is-turn" if is_turn else None,
                                    "is-viewer" if seat == view["seat"] else None]},
                  seat_plate(ctx, seat, is_turn, badges, body),
                  el("div", {"class": "wh-display", "role": "group", "aria-label": label},
                     self._slots(view, ctx, seat)))

    def _slots(self, view, ctx, seat):
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
            for s, card in last.get("swap", []):
                if s == seat:
                    fresh.add(card)
        picked = view["first_pick"][1] if view["first_pick"] and view["first_pick"][0] == seat else None
        out = []
        for card in by_character(view["displays"][seat]):
            marks = []
            if card in fresh:
                marks.append("is-fresh")
            if card == picked:
                marks.append("is-picked")
            if card in legal:
                action = legal[card]
                out.append(face(card, t, "mid", "act", str(action), " ".join(marks),
                                does=t("wh.tap." + action.verb)))
            else:
                out.append(face(card, t, "mid", marks=" ".join(marks),
                                foot_words=t("wh.picked") if card == picked else ""))
        out += [el("span", {"class": "wh-slot", "aria-hidden": "true"})
                for _ in range(SLOTS - len(view["displays"][seat]))]
        return join(out)

    # ---- the side: scores and the characters ------------------------------------------------
    def _scores(self, view, ctx, final=False):
        t = ctx.t
        rounds = view["rounds"][-4:]
        recorded = view["options"].get("recorded_tiebreak")
        head = [el("th", {"scope": "col"}, t("wh.round_n", n=r["round"])) for r in rounds]
        if recorded:
            head.append(el("th", {"scope": "col"}, t("wh.recorded")))
        elif final:
            head.append(el("th", {"scope": "col"}, t("wh.display_col")))
        rows = []
        best = max(view["totals"])
        for seat in range(view["players"]):
            colour = view["colours"][seat]
            cells = [el("td", {}, "+" + str(r["points"][seat]) if r["points"][seat] else "·") for r in rounds]
            if recorded:
                cells.append(el("td", {}, view["recorded"][seat]))
            elif final:
                cells.append(el("td", {}, len(view["displays"][seat])))
            rows.append(el("tr", {"class": "is-leading" if best and view["totals"][seat] == best else None},
                           el("th", {"scope": "row", "class": "scores-name"},
                              el("span", {"class": "wh-named"}, token(colour, t), el("span", {}, ctx.names[seat]))),
                           cells,
                           el("td", {"class": "scores-total"}, el("strong", {}, view["totals"][seat]))))
        rule = t("wh.goal", n=view["goal"])
        if view["options"].get("sixth_two_points") and view["players"] >= 4:
            rule += " · " + t("wh.sixth_two")
        return join((el("h2", {"class": "side-title"}, t("wh.scores")),
                     el("p", {"class": "hint"}, rule),
                     el("table", {"class": "scores wh-scores"},
                        el("thead", {}, el("tr", {}, el("th", {"scope": "col"}, t("wh.player")), head,
                                           el("th", {"scope": "col"}, "Σ"))),
                        el("tbody", {}, rows))))

    def _king_panel(self, view, ctx):
        """The King card in force, drawn large, and what it does (WH-16, WH-18)."""
        t = ctx.t
        if view["king"] is None:
            words = t("wh.king.none.long")
        elif view["jester_banned"]:
            words = t("wh.king.banned.long")
        else:
            words = t("wh.king.silences.long", name=t("wh.char." + view["silenced"]))
        return el("div", {"class": "wh-king-panel"}, king_face(view["king"], t),
                  el("p", {}, el("strong", {}, t("wh.king.title")), el("br"), words))

    def _legend(self, view, ctx):
        """The seven characters and what each does, the silenced one marked (WH-11..WH-18)."""
        t = ctx.t
        items = []
        for character in CHARACTERS:
            state = ""
            if character == view["silenced"]:
                state = t("wh.legend.silenced")
            elif character == "jester" and view["jester_banned"]:
                state = t("wh.legend.banned")
            items.append(el("li", {"class": "is-off" if state else ""}, emblem(character, "wh-legend-emblem"),
                            el("span", {}, el("strong", {}, t("wh.char." + character)),
                               (" ", el("strong", {"class": "wh-legend-state"}, state)) if state else None,
                               el("br"), el("span", {"class": "wh-legend-text"}, t("wh.effect." + character)))))
        return el("details", {"class": "wh-legend", "open": True}, el("summary", {}, t("wh.legend")),
                  el("ul", {}, items), el("p", {"class": "hint"}, t("wh.kings_left", n=view["kings_left"])))

    # ---- the round's end ----------------------------------------------------------------------
    def summary(self, view, ctx):
        t = ctx.t
        summary = view["rounds"][-1]
        seat = summary["seat"]
        name = ctx.names[seat]
        detail = None
        if summary["end"] == "A":
            outcome = t("wh.end_a", name=name)
            proof = [face(c, t, "mid") for c in by_character(summary["hand"] or [])]
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
                              el("span", {"class": "wh-named"}, token(colour, t), el("span", {}, ctx.names[s]))),
                           el("td", {"class": "wh-sum-display"},
                              (face(c, t, "chip") for c in by_character(summary["displays"][s])),
                              [el("span", {"class": "wh-slot chip", "aria-hidden": "true"})
                               for _ in range(SLOTS - len(summary["displays"][s]))]),
                           el("td", {}, "+" + str(points) if points else "0"),
                           el("td", {}, summary["recorded"][s]) if recorded else None,
                           el("td", {}, el("strong", {}, summary["totals"][s]), f" / {view['goal']}")))
        if view["phase"] == "over":
            label, after = t("wh.final_result"), None
        else:
            label = t("wh.next_round")
            after = el("p", {"class": "wh-next-start"}, token(view["colours"][view["starter"]], t),
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


def card_param(card: str):
    """A card in a log line, read in either language."""
    return ("tr", "wh.card." + card)


TABLE = WhispersTable()
