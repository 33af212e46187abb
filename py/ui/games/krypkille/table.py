"""The Krypkille table: seats, the trick in play, every card played this round,
the hand of whoever holds the tablet, the showdown, scores and round results."""
from __future__ import annotations

import pathlib

from royaltable.games.krypkille import GAME
from royaltable.games.krypkille.actions import Declare, Discard, Keep, Pass, Play
from royaltable.games.krypkille.rules import PENALTY, RANK

from ...html import button, tappable
from ...icons import drawings
from ...markup import Markup, el, join, text

from ...screens import built
from ...widgets import seat_plate, turn_line
from ...table import Panel, Table


def faces() -> dict[str, Markup]:
    """The pictures of the named cards, drawn in SVG (a font may lack the symbols):
    data, one <symbol> a card in cards.svg beside this file."""
    return drawings(pathlib.Path(__file__).resolve().parent / "cards.svg")


def card_label(name: str, t) -> str:
    return name if name.isdigit() else t("kk.card." + name)


def tier(name: str) -> str:
    rank = RANK[name]
    return "low" if rank < RANK["1"] else "num" if rank <= RANK["12"] else "high"


def _classes(*names) -> str:
    return " ".join(name for name in names if name)


def card(name: str, t, size: str = "", cmd: str = "", arg: str = "", selected: bool = False,
         marks: str = "") -> Markup:
    """One card face; `marks` adds classes such as is-forced or is-hint. A tappable
    card is named by its visible words plus what tapping does (for screen readers)."""
    if not cmd:
        return _still_card(name, t, size, marks, selected)
    face, cls = _face(name, t, selected), _card_classes(name, size, marks, selected)
    does = t("kk.tap.select") if cmd == "select" else t("kk.tap.play")
    pressed = ("true" if selected else "false") if cmd == "select" else None
    return tappable(join((face, el("span", {"class": "sr-only"}, ", " + does))), cmd, arg,
                    cls + " is-playable", attrs={"data-card": name, "aria-pressed": pressed})


# A face is the same for the same card, language and selection: drawn once, not at
# every redraw (a table shows up to 30 cards). Tappable cards are built anew, since
# the suggested move is marked while they are built (html.suggesting).
_drawn: dict = {}


def _face(name: str, t, selected: bool) -> Markup:
    key = ("face", name, t.lang, selected)
    face = _drawn.get(key)
    if face is None:
        label = card_label(name, t)
        if name.isdigit():
            picture = (el("span", {"class": "kk-corner", "aria-hidden": "true"}, label),
                       el("span", {"class": "kk-face"}, name))
        else:
            picture = (el("svg", {"class": "kk-face", "viewBox": "0 0 48 48", "aria-hidden": "true",
                                  "fill": "currentColor"}, faces()[name]),
                       el("span", {"class": "kk-name"}, label))
        face = _drawn[key] = join((picture, el("span", {"class": "kk-pen"}, t("kk.penalty", n=PENALTY[RANK[name]])),
                                   selected and el("span", {"class": "kk-check", "aria-hidden": "true"}, "✓")))
    return face


def _card_classes(name: str, size: str, marks: str, selected: bool) -> str:
    return _classes("kk-card", "tier-" + tier(name), size, marks, selected and "is-selected")


def _still_card(name: str, t, size: str, marks: str, selected: bool) -> Markup:
    """A card that is not tapped: a picture with its name and penalty in words."""
    key = ("still", name, t.lang, size, marks, selected)
    drawn = _drawn.get(key)
    if drawn is None:
        aria = f"{card_label(name, t)}, {t('kk.penalty', n=PENALTY[RANK[name]])}"
        drawn = _drawn[key] = el("div", {"class": _card_classes(name, size, marks, selected), "role": "img",
                                         "aria-label": aria, "data-card": name}, _face(name, t, selected))
    return drawn


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

    def sound_of(self, before, action, after):
        """A card played or thrown away."""
        return "card" if isinstance(action, (Play, Discard)) else None

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
        return el("section", {"class": "kk", "aria-label": ctx.t("game.krypkille")},
                  self._status(view, ctx), self._seats(view, ctx), self._centre(view, ctx),
                  self._hand(view, ctx))

    def panels(self, view, ctx):
        return [Panel("scores", ctx.t("panel.scores"), self._scores(view, ctx))]

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
        return el("div", {"class": "status-bar"},
                  el("span", {"class": "chip"}, t("kk.round", n=view["round"])),
                  el("span", {"class": "chip"}, t("kk.stock", n=view["stock"])),
                  el("span", {"class": "status-phase"}, phase_text),
                  el("strong", {"class": "status-turn", "aria-live": "polite"}, turn))

    def _seats(self, view, ctx):
        t = ctx.t
        plates = []
        showdown = {p["seat"]: p["choice"] for p in view["showdown"]}
        for seat in range(view["players"]):
            is_turn = seat == view["current"] and not ctx.lingering
            badges = []
            if seat == view["dealer"]:
                badges.append(el("span", {"class": "badge badge-dealer"}, t("kk.dealer")))
            facts = [t("kk.hand_count", n=view["hand_sizes"][seat])]
            if view["discarded"][seat] is not None and view["phase"] == "discard":
                facts.append(t("kk.discarded", n=view["discarded"][seat]))
            if seat in showdown:
                facts.append(t("kk.showdown.choice." + showdown[seat]))
            backs = [el("span", {"class": "kk-back", "aria-hidden": "true"})] * view["hand_sizes"][seat]
            body = join((el("div", {"class": "plate-line"},
                            el("span", {"class": "plate-total"}, t("kk.total", n=view["totals"][seat])),
                            el("span", {"class": "plate-backs"}, backs)),
                         el("div", {"class": "plate-facts"}, " · ".join(facts))))
            plates.append(seat_plate(ctx, seat, is_turn, badges, body))
        return el("div", {"class": "plates"}, plates)

    def _centre(self, view, ctx):
        t = ctx.t
        tricks = view["tricks"]
        if not tricks:   # the discard: the stock and the face-down discards, counted
            thrown = sum(d or 0 for d in view["discarded"])
            piles = [(t("kk.stock", n=view["stock"]), view["stock"]),
                     (t("kk.discard_pile", n=thrown), thrown)]
            return el("div", {"class": "kk-center kk-piles"}, (
                el("div", {"class": "kk-pile"},
                   el("div", {"class": "kk-pile-cards"}, [el("span", {"class": "kk-back"})] * min(count, 12)),
                   el("div", label))
                for label, count in piles))
        # While a finished trick lingers it stays in the middle, with its winner.
        shown = len(tricks) - (2 if ctx.lingering else 1)
        current = tricks[shown]
        winner = trick_winner(current) if ctx.lingering else None
        played = [el("figure", {"class": ["kk-played", p["seat"] == winner and "is-winner"]},
                     card(p["card"], t), el("figcaption", ctx.names[p["seat"]]))
                  for p in current] or el("p", {"class": "kk-empty"}, t("kk.table_empty"))
        history = [el("div", {"class": "kk-past"},
                      el("span", {"class": "kk-past-label"}, t("kk.trick", n=number), " ",
                         el("small", t("kk.trick_won", name=ctx.names[trick_winner(trick)]))),
                      el("div", {"class": "kk-past-cards"}, (card(p["card"], t, "mini") for p in trick)))
                   for number, trick in enumerate(tricks[:shown], 1)]
        if view["phase"] == "showdown":
            title = t("kk.phase.showdown")
        elif ctx.lingering:
            title = t("kk.trick", n=shown + 1) + " · " + t("kk.trick_won", name=ctx.names[winner])
        else:
            title = t("kk.trick", n=shown + 1)
        skip = ctx.lingering and button(text(t("kk.continue")), "resume", cls="btn-small kk-skip")
        return el("div", {"class": ["kk-center", ctx.lingering and "is-lingering"]},
                  el("div", {"class": "kk-trick", "aria-label": title},
                     el("div", {"class": "kk-trick-title"}, title, skip),
                     el("div", {"class": "kk-trick-cards"}, played)),
                  el("div", {"class": "kk-history"}, history))

    def _hand(self, view, ctx):
        t = ctx.t
        if ctx.viewer is None or view["hand"] is None:
            return el("div", {"class": "kk-hand is-hidden"}, el("p", t("kk.hand_hidden")))
        hand = view["hand"]
        legal = ctx.legal
        phase = view["phase"]
        suggested = GAME.parse(ctx.hint) if ctx.hint else None
        hinted = list(suggested.cards) if isinstance(suggested, Discard) else []
        controls = None
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
            chosen = sorted((hand[i] for i in ctx.selection), key=RANK.get)
            if not chosen:
                controls = button(text(t("kk.keep_all")), "act", Keep(), cls="btn-primary")
            elif len(chosen) > 3:
                controls = button(text(t("kk.too_many")), "act", "", cls="btn-primary", disabled=True)
            else:
                controls = button(text(t("kk.discard_n", n=len(chosen))), "act",
                                  Discard(tuple(chosen)), cls="btn-primary")
        elif legal and phase == "play":
            hint = t("kk.hint.lead")
            playable = {action.card for action in map(GAME.parse, legal) if isinstance(action, Play)}
            cards = [card(name, t, "big", "act", Play(name)) if name in playable
                     else card(name, t, "big") for name in hand]
        elif legal and phase == "showdown":
            hint = t("kk.hint.showdown")
            cards = [card(name, t, "big") for name in hand]
            controls = (button(text(t("kk.declare")), "act", Declare(), cls="btn-primary"),
                        button(text(t("kk.pass")), "act", Pass()))
        else:
            # KK-11: the card the app is about to play for this person is marked first.
            coming = GAME.parse(ctx.forced) if ctx.forced else None
            forced = coming.card if isinstance(coming, Play) else None
            cards = []
            for name in hand:
                mark = "is-forced" if name == forced else ""
                forced = None if mark else forced
                cards.append(card(name, t, "big", marks=mark))
            if ctx.forced:
                hint = t("kk.forced_card")
        if ctx.hint:
            hint = t("hint.shown")
        return el("div", {"class": "kk-hand", "data-private": True},
                  el("div", {"class": "kk-hand-head"},
                     el("h2", t("kk.your_hand", name=ctx.names[ctx.viewer])),
                     el("span", {"class": "hint"}, hint),
                     built(ctx.teacher)),    # the suggestion's reasons (ui/teacher.py)
                  el("div", {"class": "kk-hand-row"},
                     el("div", {"class": "kk-hand-cards"}, cards),
                     el("div", {"class": "kk-controls"}, controls)))

    def _scores(self, view, ctx):
        """One row per player (it fits six players and long names), the latest
        rounds as columns, the total last."""
        t = ctx.t
        rounds = view["rounds"][-4:]
        low = min(view["totals"])
        rows = [el("tr", {"class": "is-leading" if view["totals"][seat] == low and view["rounds"] else ""},
                   el("th", {"scope": "row", "class": "scores-name"}, ctx.names[seat]),
                   (el("td", r["scores"][seat]) for r in rounds),
                   el("td", {"class": "scores-total"}, el("strong", view["totals"][seat])))
                for seat in range(view["players"])]
        return join((
            el("h2", {"class": "side-title"}, t("kk.scores")),
            el("p", {"class": "hint"}, t("kk.lowest_wins"), " · ", t("kk.limit", n=view["limit"])),
            el("table", {"class": "scores kk-scores"},
               el("thead", el("tr", el("th", {"scope": "col"}, t("kk.scores.player")),
                                 (el("th", {"scope": "col"}, t("kk.scores.round_n", n=r["round"])) for r in rounds),
                                 el("th", {"scope": "col"}, "Σ"))),
               el("tbody", rows))))

    def summary(self, view, ctx):
        t = ctx.t
        summary = view["rounds"][-1]
        rows = [el("tr",
                   el("th", {"scope": "row", "class": "scores-name"}, ctx.names[seat],
                      seat == summary["declarer"] and " ★"),
                   el("td", card(summary["last"][seat], t, "mini")),
                   el("td", f"+{summary['scores'][seat]}"),
                   el("td", el("strong", summary["totals"][seat])))
                for seat in range(view["players"])]
        label = t("kk.final_scores") if view["phase"] == "over" else t("kk.next_round")
        return el("section", {"class": "dialog kk-summary", "role": "dialog", "aria-live": "assertive",
                              "data-screen": "summary"},
                  el("h2", t("kk.round_over", n=summary["round"])),
                  el("p", {"class": "kk-outcome"}, _outcome_text(summary, ctx)),
                  el("table", {"class": "scores"},
                     el("thead", el("tr", el("th"), el("th", t("kk.last_card")), el("th", t("kk.round_score")),
                                    el("th", "Σ"))),
                     el("tbody", rows)),
                  el("div", {"class": "dialog-actions"},
                     button(text(label), "resume", cls="btn-primary btn-big")))


TABLE = KrypkilleTable()
