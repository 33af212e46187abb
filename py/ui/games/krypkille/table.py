"""The Krypkille table: the seats round the felt, each with the card it played to
the trick in front of it; the stock, the discards and the tricks played this round;
the hand of whoever holds the tablet; the showdown, scores and round results.

Every card is the collection's card (ui/cards.py) with its figure (figures.toml):
the Kille deck's figures, and for the twelve number cards one emblem with the
numeral large in the middle. Its tone ranks it, so that strength and penalty read
at a glance: green for the three cards worth nothing, teal, blue and plum for the
numbers 1-4, 5-8 and 9-12, red for the five figures and ink for the Jester (50).
Its corner is its penalty.

Motion (static/motion.js): a played card flies from its seat (from the hand for
the person who played it), a finished trick slides to its winner, a new round is
dealt from the stock, thrown cards go to the discards and totals pulse when they
change. Hidden cards are keyed by position only (back:<round>:<seat>:<i>, and a
seat's hand face down backs:<round>:<seat>)."""
from __future__ import annotations

import functools

from royaltable.games.krypkille import GAME
from royaltable.games.krypkille.actions import Declare, Discard, Keep, Pass, Play
from royaltable.games.krypkille.rules import CARDS, HAND_SIZE, PENALTY, RANK

from ...cards import card, card_back, fan
from ...figures import figure
from ...html import button, tappable
from ...markup import Markup, el, join, text

from ...screens import built
from ...widgets import scores_by_round, seat_plate, text_width, turn_line
from ...table import Panel, Table

GAME_ID = "krypkille"


def card_label(name: str, t) -> str:
    return name if name.isdigit() else t("kk.card." + name)


def tone(name: str) -> str:
    """The card's tone, by its rank: the penalty reads at a glance."""
    rank = RANK[name]
    if rank < RANK["1"]:
        return "green"
    if rank <= RANK["4"]:
        return "teal"
    if rank <= RANK["8"]:
        return "blue"
    if rank <= RANK["12"]:
        return "plum"
    return "ink" if name == "jester" else "red"


def art(name: str) -> Markup:
    """A card's figure: its own, or for a number the emblem with the numeral on it."""
    if name.isdigit():
        return join((figure(GAME_ID, "number", "fig kk-emblem"), el("span", {"class": "kk-numeral", "aria-hidden": "true"}, name)))
    return figure(GAME_ID, name)


# A face is the same for the same card, language, size and marks: drawn once, not at
# every redraw (a table shows up to 30 cards). Keys and taps go on what holds it.
_faces: dict = {}


def face(name: str, t, size: str = "md", marks: str = "", known: bool = True) -> Markup:
    """One card face: its penalty in the corner and in words at its foot, its
    figure, its name. It is an image for screen readers, named in words. A card
    of the game carries `data-card` (the privacy tests count them); a card of the
    reference (`known=False`: the deck as the rules have it) does not."""
    key = (name, t.lang, size, marks, known)
    drawn = _faces.get(key)
    if drawn is None:
        penalty = PENALTY[RANK[name]]
        words = t("kk.penalty", n=penalty)
        drawn = _faces[key] = card(
            card_label(name, t), art(name), tone=tone(name), size=size,
            corner=el("span", {"aria-hidden": "true"}, str(penalty)),
            foot=None if size == "xs" else words, cls=f"kk-card {marks}".strip(),
            attrs={"data-card": name if known else None, "role": "img",
                   "aria-label": f"{card_label(name, t)}, {words}"})
    return drawn


@functools.lru_cache(maxsize=512)
def held_backs(round_no: int, seat: int, count: int, throwing: bool, refilled: int, label: str) -> Markup:
    """A seat's hand face down, each card keyed by its position only. The hand is
    dealt from the stock as one (one flight a seat, not five: a redraw stays quick),
    the cards the dealer adds after the discards fly in one by one (the last
    `refilled` places), and while the seat may still discard, what it throws goes
    to the discards."""
    return el("span", {"class": "plate-backs", "role": "img", "aria-label": label,
                       "data-key": f"backs:{round_no}:{seat}", "data-from": "deck"},
              (card_back(size="xs", cls="kk-mini", attrs={"data-key": f"back:{round_no}:{seat}:{i}",
                                                         "data-from": "deck" if i >= HAND_SIZE - refilled else None,
                                                         "data-to": "discards" if throwing else None})
               for i in range(count)))


@functools.lru_cache(maxsize=64)
def columns(names: tuple[str, ...]) -> str:
    """The seats' columns: a long name gets more room (up to two and a half shares), by the
    names alone, so that nothing moves from one turn to the next."""
    def share(name):
        return round(min(2.5, max(1.0, text_width(name) / 12)), 2)
    return "--cols: " + " ".join(f"minmax(var(--col-min), {share(name)}fr)" for name in names)


def hand_keys(hand: list[str], prefix: str) -> list[str]:
    """Keys of a hand's cards, seen by their holder only: the card, and for a second
    copy the card and 1 (a played card names only the first: no copy is told)."""
    seen: dict[str, int] = {}
    keys = []
    for name in hand:
        k = seen[name] = seen.get(name, -1) + 1
        keys.append(f"{prefix}:{name}" + (f":{k}" if k else ""))
    return keys


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
    # A finished trick stays until the next card is played: linger_ms when a
    # computer plays it (a person to lead plays over it at once).

    # ---- pace -------------------------------------------------------------------
    def group_pause_ms(self, view):
        """Up to six cards a trick, and most of a person's follows forced: at
        normal and fast speed a computer's card shows briefly (it stays in front
        of its seat until the trick is taken)."""
        return 450

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
        many = view["players"] >= 5
        return el("section", {"class": ["kk", many and "kk-many"], "aria-label": ctx.t("game.krypkille"),
                              "style": f"--seats:{view['players']}"},
                  self._status(view, ctx), self._felt(view, ctx), self._hand(view, ctx))

    def result_reason(self, view, ctx):
        """Who ended the match by reaching the limit, and the lowest total."""
        t, totals = ctx.t, view["totals"]
        low = min(totals)
        winners = [s for s, total in enumerate(totals) if total == low]
        over = [ctx.names[s] for s, total in enumerate(totals) if total >= view["limit"]]
        ended = t("kk.why.ended", names=t.join(over), limit=view["limit"]) if over else ""
        won = t("kk.why.lowest" if len(winners) == 1 else "kk.why.lowest_shared",
                names=t.join(ctx.names[s] for s in winners), n=low)
        return t.sentences((ended, won))

    def panels(self, view, ctx):
        return [Panel("scores", ctx.t("panel.scores"), lambda: self._scores(view, ctx)),
                Panel("cards", ctx.t("panel.cards"), lambda: self._deck_reference(ctx.t))]

    def _shown_trick(self, view, ctx) -> int | None:
        """The index of the trick in the middle: the one being played, or while a
        finished one lingers, that one."""
        tricks = view["tricks"]
        if not tricks:
            return None
        return len(tricks) - (2 if ctx.lingering else 1)

    @staticmethod
    def _past_trick_only(ctx) -> bool:
        """A finished trick lingers and nobody decides on this screen (a person
        to lead decides over it, so their turn shows)."""
        return ctx.lingering and not ctx.legal

    def _status(self, view, ctx):
        t = ctx.t
        phase = view["phase"]
        skip = None
        if phase == "discard":
            phase_text = t("kk.phase.discard")
        elif phase == "play" and ctx.lingering:
            shown = self._shown_trick(view, ctx)
            phase_text = t("kk.trick", n=shown + 1) + " · " + t("kk.trick_won", name=ctx.names[trick_winner(view["tricks"][shown])])
            if not ctx.legal:              # a person to lead just plays: their card ends it
                skip = button(text(t("kk.continue")), "resume", cls="btn-small kk-skip")
        elif phase == "play":
            phase_text = t("kk.phase.play", n=len(view["tricks"]))
        elif phase == "showdown":
            phase_text = t("kk.phase.showdown")
        else:
            phase_text = t("result.title")
        # KK-11: a person's follow is forced; the app plays it, visibly
        forced = phase == "play" and bool(view["tricks"][-1])
        turn = "" if self._past_trick_only(ctx) else turn_line(ctx, view["current"], forced, "kk.hint.forced")
        return el("div", {"class": "status-bar"},
                  el("span", {"class": "chip"}, t("kk.round", n=view["round"])),
                  el("span", {"class": "status-phase"}, phase_text), skip,
                  el("strong", {"class": "status-turn", "aria-live": "polite"}, turn))

    # ---- the felt: the seats, each with its card of the trick; piles and past tricks
    def _felt(self, view, ctx):
        shown = self._shown_trick(view, ctx)
        trick = view["tricks"][shown] if shown is not None else []
        played = {p["seat"]: (i, p["card"]) for i, p in enumerate(trick)}
        top = trick_winner(trick) if trick else None
        done = len(trick) == view["players"]
        seats = [el("div", {"class": "kk-seat"}, self._plate(view, ctx, seat),
                    self._spot(view, ctx, seat, shown, played.get(seat), seat == top, done))
                 for seat in range(view["players"])]
        return el("div", {"class": ["felt", "kk-felt", ctx.lingering and "is-lingering"]},
                  el("div", {"class": "kk-seats", "style": columns(tuple(ctx.names))}, seats),
                  el("div", {"class": "kk-rest"}, self._piles(view, ctx), self._history(view, ctx, shown)))

    def _plate(self, view, ctx, seat):
        t = ctx.t
        r = view["round"]
        is_turn = seat == view["current"] and not self._past_trick_only(ctx)
        badges = [el("span", {"class": "badge badge-dealer"}, t("kk.dealer"))] if seat == view["dealer"] else []
        count = view["hand_sizes"][seat]
        throwing = view["phase"] == "discard" and view["discarded"][seat] is None
        facts = [t("kk.showdown.choice." + p["choice"]) for p in view["showdown"] if p["seat"] == seat]
        total = view["totals"][seat]
        body = join((el("div", {"class": "plate-line"},
                        el("span", {"class": "plate-total", "data-key": f"total:{seat}", "data-bump": total},
                           t("kk.total", n=total)),
                        held_backs(r, seat, count, throwing, view["discarded"][seat] or 0,
                                   t("kk.hand_count", n=count))),
                     facts and el("div", {"class": "plate-facts"}, " · ".join(facts))))
        return seat_plate(ctx, seat, is_turn, badges, body)

    def _spot(self, view, ctx, seat, shown, played, top, done):
        """In front of a seat: its card of the trick, or while discarding what it threw."""
        t = ctx.t
        r = view["round"]
        if view["phase"] == "discard":
            thrown = view["discarded"][seat]
            return el("div", {"class": "kk-spot kk-spot-note"},
                      thrown is not None and (t("kk.discarded", n=thrown) if thrown else t("kk.kept")))
        if played is None:
            waiting = seat == view["current"] and not self._past_trick_only(ctx) and view["phase"] == "play"
            return el("div", {"class": ["kk-spot", "is-empty", waiting and "is-next"]})
        i, name = played
        k = view["hand_sizes"][seat]
        origin = f"hand:{r}:{seat}:{name} back:{r}:{seat}:{k} seat:{seat}"
        # A finished trick, lingering, goes to its winner when it leaves the middle.
        goes = f"seat:{trick_winner(view['tricks'][shown])}" if ctx.lingering else None
        mark = ("is-winner" if done else "is-top") if top else None
        return el("figure", {"class": ["kk-spot", "kk-played", mark], "data-key": f"trick:{r}:{shown}:{seat}",
                             "data-from": origin, "data-to": goes},
                  face(name, t, "sm"),
                  el("figcaption", t("kk.lead") if i == 0 else t("kk.winning") if top and not done else
                     t("kk.trick_taken") if top else ""))

    def _piles(self, view, ctx):
        t = ctx.t
        thrown = 0 if view["reshuffled"] else sum(d or 0 for d in view["discarded"])
        piles = ((t("kk.stock", n=view["stock"]), view["stock"], "deck"),
                 (t("kk.discard_pile", n=thrown), thrown, "discards"))
        return el("div", {"class": "kk-piles"}, (
            el("div", {"class": "kk-pile", "data-key": key},
               el("span", {"class": ["kk-pile-cards", not count and "is-empty"], "aria-hidden": "true"},
                  [card_back(size="xs", cls="kk-pile-card")] * min(count, 3)),
               el("span", {"class": "kk-pile-label"}, label))
            for label, count, key in piles))

    def _history(self, view, ctx, shown):
        """The tricks played before the one in the middle, each a small fan in the
        order played, the card that took it marked (who took it: in its words)."""
        t = ctx.t
        if shown is None or shown == 0:
            return None
        items = []
        for number, trick in enumerate(view["tricks"][:shown], 1):
            winner = trick_winner(trick)
            label = t("kk.trick", n=number)
            items.append(el("li", {"class": "kk-past", "aria-label": label + " · " + t("kk.trick_won", name=ctx.names[winner])},
                            el("span", {"class": "kk-past-number", "aria-hidden": "true"}, number),
                            fan((face(p["card"], t, "xs", "is-winner" if p["seat"] == winner else "")
                                 for p in trick), cls="kk-past-cards")))
        return el("ol", {"class": "kk-history", "aria-label": t("kk.history")}, items)

    # ---- the hand of whoever holds the tablet ------------------------------------------
    def _hand(self, view, ctx):
        t = ctx.t
        if ctx.viewer is None or view["hand"] is None:
            return el("div", {"class": "kk-hand is-hidden"}, el("p", t("kk.hand_hidden")))
        hand = view["hand"]
        keys = hand_keys(hand, f"hand:{view['round']}:{ctx.viewer}")
        legal = ctx.legal
        phase = view["phase"]
        suggested = GAME.parse(ctx.hint) if ctx.hint else None
        hinted = list(suggested.cards) if isinstance(suggested, Discard) else []
        controls = None
        hint = ""

        def held(i, name, cmd="", arg="", marks=""):
            attrs = {"data-key": keys[i], "data-from": "deck"}
            shown = face(name, t, "md", marks)
            if not cmd:
                return el("span", {"class": "kk-held"}, attrs, shown)
            selecting = cmd == "select"
            does = t("kk.tap.select") if selecting else t("kk.tap.play")
            attrs["aria-pressed"] = ("true" if "is-selected" in marks else "false") if selecting else None
            return tappable(join((shown, el("span", {"class": "sr-only"}, ", " + does))), cmd, arg,
                            "card-btn kk-held", attrs=attrs)

        if legal and phase == "discard":
            hint = t("kk.hint.discard")
            cards = []
            for i, name in enumerate(hand):
                marks = ["is-selected" if i in ctx.selection else ""]
                if name in hinted:
                    hinted.remove(name)
                    marks.append("is-hint")
                cards.append(held(i, name, "select", str(i), " ".join(m for m in marks if m)))
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
            cards = [held(i, name, "act", Play(name)) if name in playable else held(i, name)
                     for i, name in enumerate(hand)]
        elif legal and phase == "showdown":
            hint = t("kk.hint.showdown")
            cards = [held(i, name) for i, name in enumerate(hand)]
            controls = (button(text(t("kk.declare")), "act", Declare(), cls="btn-primary"),
                        button(text(t("kk.pass")), "act", Pass()))
        else:
            # KK-11: the card the app is about to play for this person is marked first.
            coming = GAME.parse(ctx.forced) if ctx.forced else None
            forced = coming.card if isinstance(coming, Play) else None
            cards = []
            for i, name in enumerate(hand):
                mark = "is-forced" if name == forced else ""
                forced = None if mark else forced
                cards.append(held(i, name, marks=mark))
            if ctx.forced:
                hint = t("kk.forced_card")
        if ctx.hint:
            hint = t("hint.shown")
        return el("div", {"class": "kk-hand", "data-private": True},
                  el("div", {"class": "kk-hand-head"},
                     el("h2", t("kk.your_hand", name=ctx.names[ctx.viewer])),
                     el("span", {"class": "hint"}, hint),
                     built(ctx.teacher)),    # the suggestion's reasons (ui/teacher.py)
                  fan(cards, cls="kk-hand-cards"),
                  el("div", {"class": "kk-controls"}, controls))

    # ---- panels and the round's result ---------------------------------------------------
    def _scores(self, view, ctx):
        """Every round's penalty points, a row each, and each player's total: the sum."""
        t = ctx.t
        totals = view["totals"]
        low = min(totals)
        leading = [seat for seat in range(view["players"]) if totals[seat] == low] if view["rounds"] else []
        rounds = [(t("kk.scores.round_n", n=r["round"]), r["scores"]) for r in view["rounds"]]
        return join((
            el("h2", {"class": "side-title"}, t("kk.scores")),
            el("p", {"class": "hint"}, t("kk.lowest_wins"), " · ", t("kk.limit", n=view["limit"])),
            scores_by_round(t, t("kk.scores"), ctx.names, rounds, totals, leading=leading, cls="kk-scores")))

    def _deck_reference(self, t):
        """The deck as cards, weakest first: what each is worth."""
        reference = _faces.get(("reference", t.lang))
        if reference is None:
            reference = _faces[("reference", t.lang)] = join((
                el("h2", {"class": "side-title"}, t("kk.ref.title")),
                el("p", {"class": "hint"}, t("kk.ref.body")),
                el("ol", {"class": "kk-ref"}, (el("li", face(name, t, "sm", known=False)) for name in CARDS))))
        return reference

    def summary(self, view, ctx):
        """The round's end, for everybody: each seat's last card, what it cost, the totals."""
        t = ctx.t
        summary = view["rounds"][-1]
        seats = range(view["players"])
        label = t("kk.final_scores") if view["phase"] == "over" else t("kk.next_round")
        return el("section", {"class": "dialog kk-summary", "role": "dialog", "aria-live": "assertive",
                              "data-screen": "summary"},
                  el("h2", t("kk.round_over", n=summary["round"])),
                  el("p", {"class": "kk-outcome"}, _outcome_text(summary, ctx)),
                  el("table", {"class": "scores kk-summary-table"},
                     el("thead", el("tr", el("td"),
                                    (el("th", {"scope": "col", "class": "scores-name"}, ctx.names[seat],
                                        seat == summary["declarer"] and " ★") for seat in seats))),
                     el("tbody",
                        el("tr", el("th", {"scope": "row"}, t("kk.last_card")),
                           (el("td", {"class": "kk-last"}, face(summary["last"][seat], t, "sm")) for seat in seats)),
                        el("tr", el("th", {"scope": "row"}, t("kk.round_score")),
                           (el("td", f"+{summary['scores'][seat]}") for seat in seats)),
                        el("tr", el("th", {"scope": "row"}, "Σ"),
                           (el("td", el("strong", summary["totals"][seat])) for seat in seats)))),
                  el("div", {"class": "dialog-actions"},
                     button(text(label), "resume", cls="btn-primary btn-big")))


TABLE = KrypkilleTable()
