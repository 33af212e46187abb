"""The 王宮のささやき (Palastgeflüster) table: each player's display (密談場)
as six slots, the hand of whoever holds the tablet with the cards they may play
marked (and why the others cannot be), the King card in force, the draw pile and
the face-down discards, scores against the goal, the cards each player knows of
the others' hands, and the round's end.

Every card is drawn in SVG: a band in its colour with the colour's symbol (a
player's colour is never told by colour alone), the character's emblem and its
name. Seat i plays colour i, so the same symbol marks the player, their cards
and the turn going to them."""
from __future__ import annotations

from royaltable.games.whispers import GAME
from royaltable.games.whispers.actions import (Count, Discard, Give, Next, Play, Return, Swap,
                                                  SwapWith, Target)
from royaltable.games.whispers.rules import CHARACTERS, knowledge

from ...html import button, esc, tappable
from ...i18n import load_game
from ...widgets import seat_plate, turn_line
from ...table import Table

load_game("whispers")

SLOTS = 6                                     # a display is complete at six (WH-20)

# The colours' symbols (20 x 20): a shape for each player, bars for grey (the
# turn goes to the fewest display cards, WH-10).
SYMBOLS = {
    "red": '<circle cx="10" cy="10" r="7.5"/>',
    "blue": '<rect x="3" y="3" width="14" height="14" rx="1.5"/>',
    "green": '<path d="M10 2 18.5 17.5h-17z"/>',
    "yellow": '<path d="M10 1.5l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3-5.4 3 1.2-6L1.3 7.8l6.1-.7z"/>',
    "purple": '<path d="M10 1 19 10 10 19 1 10z"/>',
    "grey": '<rect x="2" y="12" width="4.5" height="6" rx="1"/><rect x="7.75" y="7" width="4.5" height="11" rx="1"/>'
            '<rect x="13.5" y="2" width="4.5" height="16" rx="1"/>',
}

# The seven characters' emblems (48 x 48).
EMBLEMS = {
    # an abacus: the one who counts (and shows what they hold)
    "accountant": '<rect x="5" y="7" width="38" height="34" rx="4" fill="none" stroke="currentColor" stroke-width="3.5"/>'
                  '<path d="M7 17h34M7 24h34M7 31h34" stroke="currentColor" stroke-width="1.8"/>'
                  '<ellipse cx="13" cy="17" rx="3.6" ry="3"/><ellipse cx="20.5" cy="17" rx="3.6" ry="3"/>'
                  '<ellipse cx="35" cy="17" rx="3.6" ry="3"/><ellipse cx="13" cy="24" rx="3.6" ry="3"/>'
                  '<ellipse cx="28" cy="24" rx="3.6" ry="3"/><ellipse cx="35" cy="24" rx="3.6" ry="3"/>'
                  '<ellipse cx="20.5" cy="31" rx="3.6" ry="3"/><ellipse cx="28" cy="31" rx="3.6" ry="3"/>'
                  '<ellipse cx="35" cy="31" rx="3.6" ry="3"/>',
    # a pointed hat with a star
    "wizard": '<path d="M27 3c-5 6-11 18-14 31h23c-1-8-2-16 1-22-4 1-8-3-10-9z"/>'
              '<ellipse cx="24" cy="36" rx="20" ry="5"/>'
              '<path d="M22 18l1.4 3 3.2.3-2.4 2.2.7 3.2-2.9-1.7-2.9 1.7.7-3.2-2.4-2.2 3.2-.3z" '
              'fill="var(--wh-paper, #fffdf7)"/>',
    # a broom
    "maid": '<rect x="22.3" y="2" width="3.4" height="24" rx="1.5"/><rect x="16" y="24" width="16" height="5" rx="1.5"/>'
            '<path d="M16 30h16l6 15H10z"/>'
            '<path d="M20 33l-2 11M24 33v11M28 33l2 11" stroke="var(--wh-paper, #fffdf7)" stroke-width="1.6"/>',
    # a serving cloche on its tray
    "butler": '<circle cx="24" cy="12" r="3.5"/><path d="M7 35a17 17 0 0 1 34 0z"/>'
              '<rect x="3" y="36" width="42" height="5" rx="2.5"/>'
              '<path d="M14 27a11 11 0 0 1 8-8" fill="none" stroke="var(--wh-paper, #fffdf7)" stroke-width="2.2" '
              'stroke-linecap="round"/>',
    # a shield with a cross
    "guard": '<path d="M24 3l17 6v13c0 11-7 18-17 23C14 40 7 33 7 22V9z"/>'
             '<path d="M21.5 11h5v9h8v5h-8v13h-5V25h-8v-5h8z" fill="var(--wh-paper, #fffdf7)"/>',
    # crossed swords
    "general": '<g transform="rotate(45 24 24)"><path d="M22.5 2h3l1 29h-5z"/><rect x="16" y="31" width="16" height="3.5" rx="1.5"/>'
               '<rect x="22" y="34" width="4" height="9" rx="1.5"/></g>'
               '<g transform="rotate(-45 24 24)"><path d="M22.5 2h3l1 29h-5z"/><rect x="16" y="31" width="16" height="3.5" rx="1.5"/>'
               '<rect x="22" y="34" width="4" height="9" rx="1.5"/></g>',
    # a jester: the cap of three floppy points with bells, over a grinning face
    "jester": '<circle cx="24" cy="34" r="11"/>'
              '<path d="M19.5 33.5a1.8 1.8 0 1 0 .1 0zM28.5 33.5a1.8 1.8 0 1 0 .1 0z" fill="var(--wh-paper, #fffdf7)"/>'
              '<path d="M18.5 37.5q5.5 5 11 0" fill="none" stroke="var(--wh-paper, #fffdf7)" stroke-width="2" '
              'stroke-linecap="round"/>'
              '<rect x="11" y="21" width="26" height="5" rx="2"/>'
              '<path d="M13 21C11 15 7 12 2.5 13 7 7 16 9 21 21zM19 21c1-7 3-12 5-17 2 5 4 10 5 17z'
              'M35 21c2-6 6-9 10.5-8-4.5-6-13.5-4-18.5 8z"/>'
              '<circle cx="3" cy="14.5" r="2.6"/><circle cx="24" cy="4" r="2.6"/><circle cx="45" cy="14.5" r="2.6"/>',
}
CROWN = ('<path d="M6 20 3 6l9 6 8-9 8 9 9-6-3 14z"/><rect x="6" y="21" width="28" height="4" rx="1.5"/>')
# the King card's mark over the silenced character: a slash (silenced) or a ring and slash (forbidden)
HUSH = '<path d="M8 40 40 8" stroke="#9b2226" stroke-width="5" stroke-linecap="round"/>'
BAN = ('<circle cx="24" cy="24" r="19" fill="none" stroke="#9b2226" stroke-width="5"/>'
       '<path d="M11 37 37 11" stroke="#9b2226" stroke-width="5"/>')
EYE = ('<path d="M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" stroke-width="2.2"/>'
       '<circle cx="12" cy="12" r="3.2"/>')
ARROW = '<path d="M2 10h11M9 5l5 5-5 5" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round"/>'


def split(card: str) -> tuple[str, str]:
    colour, _, character = card.partition("-")
    return colour, character


def by_character(cards) -> list[str]:
    """Cards in the characters' order (the order of the legend), then by colour."""
    return sorted(cards, key=lambda c: (CHARACTERS.index(split(c)[1]), c))


def symbol(colour: str, cls: str = "wh-sym") -> str:
    return (f'<svg class="{cls}" viewBox="0 0 20 20" aria-hidden="true" focusable="false" '
            f'fill="currentColor">{SYMBOLS[colour]}</svg>')


def emblem(character: str, cls: str = "wh-emblem") -> str:
    return (f'<svg class="{cls}" viewBox="0 0 48 48" aria-hidden="true" focusable="false" '
            f'fill="currentColor">{EMBLEMS[character]}</svg>')


def token(colour: str, t) -> str:
    """A player's colour as a round token with its symbol (decorative: words say it too)."""
    return f'<span class="wh-token wh-c-{colour}" aria-hidden="true">{symbol(colour)}</span>'


def card_words(card: str, t) -> str:
    """A card in words, "red Wizard" / "赤の魔法使い"."""
    return t("wh.card." + card)


def face(card: str, t, size: str = "", cmd: str = "", arg: str = "", marks: str = "",
         foot: str = "", foot_words: str = "", does: str = "") -> str:
    """One character card. `size`: "" (the hand), "mid" (a display), "chip" (a
    known card or a summary: emblem and band only). `foot` is the line under the
    name (where the turn goes, or why the card cannot be played); `does` what a
    tap does, for screen readers."""
    colour, character = split(card)
    name = t("wh.char." + character)
    band_word = "" if size else f'<span class="wh-band-word">{esc(t("wh.colour." + colour))}</span>'
    body = (f'<span class="wh-band" aria-hidden="true">{symbol(colour)}{band_word}</span>'
            f'{emblem(character)}')
    if size != "chip":
        long = " is-long" if len(name) > 8 else ""        # "Accountant" on a display card
        body += f'<span class="wh-name{long}">{esc(name)}</span>'
    if foot:
        body += f'<span class="wh-foot">{foot}</span>'
    cls = f"wh-card wh-c-{colour} {size} {marks}".strip()
    data = f' data-card="{esc(card)}"'
    words = card_words(card, t)
    if cmd:
        colour_word = t("wh.colour." + colour)
        # the visible words are the colour, the name and the foot; the rest is for screen readers
        extra = f'<span class="sr-only">{esc(colour_word)} {esc(name)}'
        extra += f", {esc(foot_words)}" if foot_words else ""
        extra += f": {esc(does)}</span>" if does else "</span>"
        return tappable(body + extra, cmd, arg, cls + " is-playable", extra=data)
    label = words + (f" ({foot_words})" if foot_words else "")
    return f'<span class="{cls}" role="img" aria-label="{esc(label)}"{data}>{body}</span>'


def king_face(king: str | None, t, cls: str = "") -> str:
    """The King card in force (WH-16, WH-18): a crown over the character it
    silences, or over a banned Jester; an empty place before the first General."""
    if king is None:
        return (f'<span class="wh-king is-none {cls}" role="img" aria-label="{esc(t("wh.king.none"))}">'
                f'<svg class="wh-crown" viewBox="0 0 40 28" aria-hidden="true" fill="currentColor">{CROWN}</svg></span>')
    character = split(king)[1]
    banned = character == "jester"
    mark = BAN if banned else HUSH
    words = t("wh.king.banned") if banned else t("wh.king.silences", name=t("wh.char." + character))
    return (f'<span class="wh-king {cls}" role="img" aria-label="{esc(words)}" data-card="{esc(king)}">'
            f'<svg class="wh-crown" viewBox="0 0 40 28" aria-hidden="true" fill="currentColor">{CROWN}</svg>'
            f'<svg class="wh-emblem" viewBox="0 0 48 48" aria-hidden="true" fill="currentColor">'
            f'{EMBLEMS[character]}{mark}</svg>'
            f'<span class="wh-name">{esc(t("wh.char." + character))}</span></span>')


def king_icon(king: str | None) -> str:
    """The King card in small, beside its words in the status bar (an icon, not a card face)."""
    character = split(king)[1] if king else None
    inner = (f'<svg class="wh-emblem" viewBox="0 0 48 48" fill="currentColor">{EMBLEMS[character]}'
             f'{BAN if character == "jester" else HUSH}</svg>') if character else ""
    return (f'<span class="wh-king tiny{"" if king else " is-none"}" aria-hidden="true">'
            f'<svg class="wh-crown" viewBox="0 0 40 28" fill="currentColor">{CROWN}</svg>{inner}</span>')


def back(cls: str = "wh-back") -> str:
    return f'<span class="{cls}" aria-hidden="true"></span>'


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
        return (f'<section class="wh" aria-label="{esc(ctx.t("game.whispers"))}">'
                f'{self._status(view, ctx)}{self._hand(view, ctx)}{self._court(view, ctx)}</section>')

    def side(self, view, ctx):
        return self._scores(view, ctx) + self._king_panel(view, ctx) + self._legend(view, ctx)

    def result_detail(self, view, ctx):
        return self._scores(view, ctx, final=True)

    def _status(self, view, ctx):
        t = ctx.t
        current = view["current"]
        turn = turn_line(ctx, current)
        mark = token(view["colours"][current], t) if turn else ""
        king = view["king"]
        if king is None:
            king_words = t("wh.king.none")
        elif view["jester_banned"]:
            king_words = t("wh.king.banned")
        else:
            king_words = t("wh.king.silences", name=t("wh.char." + view["silenced"]))
        pile = (f'<span class="chip wh-chip">{back("wh-back small")}'
                f'{esc(t("wh.pile", n=view["pile"]))}{back("wh-back small is-down")}'
                f'{esc(t("wh.discards", n=view["discards"]))}</span>')
        return (f'<div class="status-bar wh-status">'
                f'<span class="chip">{esc(t("wh.round", n=view["round"]))}</span>'
                f'<span class="chip wh-chip wh-king-chip{" is-banned" if view["jester_banned"] else ""}">'
                f'{king_icon(king)}<span><span class="wh-king-label">{esc(t("wh.king"))}</span> '
                f'{esc(king_words)}</span></span>{pile}'
                f'<strong class="status-turn" aria-live="polite">{mark}{esc(turn)}</strong></div>')

    # ---- the viewer's hand and the decision -------------------------------------------------
    def _hand(self, view, ctx):
        t = ctx.t
        if ctx.viewer is None or view["hand"] is None:
            return (f'<div class="wh-hand is-hidden"><p>{esc(t("wh.hand_hidden"))}</p>'
                    f'{self._prompt(view, ctx)}</div>')
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
            foot = foot_words = ""
            if card in chosen:
                chosen.remove(card)
                marks.append("is-chosen")
                foot_words = t("wh.chosen")
                foot = esc(foot_words)
            elif reason:
                marks.append("is-blocked")
                foot_words = t(reason)
                foot = esc(foot_words)
            elif phase == "play" and legal:
                foot_words = self._goes_to(view, card, ctx)
                foot = (f'<svg class="wh-arrow" viewBox="0 0 16 20" aria-hidden="true">{ARROW}</svg>'
                        f'{esc(foot_words)}')
                foot_words = t("wh.next_is", name=foot_words)
            if card in known:
                known.remove(card)
                marks.append("is-known")
                foot_words = (foot_words + ", " if foot_words else "") + t("wh.known_to_all")
            eye = (f'<svg class="wh-eye" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">{EYE}</svg>'
                   if "is-known" in marks else "")
            if verb and card in acts and "is-chosen" not in marks:
                cards.append(face(card, t, size, "act", str(acts[card]), " ".join(marks), eye + foot, foot_words,
                                  t("wh.tap." + verb)))
            else:
                cards.append(face(card, t, size, marks=" ".join(marks), foot=eye + foot if not size else eye,
                                  foot_words=foot_words))
        title = t("wh.your_hand", name=ctx.names[seat])
        return (f'<div class="wh-hand{" is-deciding" if legal else ""}{" is-compact" if size else ""}" data-private>'
                f'<div class="wh-hand-head"><h2>{esc(title)}</h2>{self._prompt(view, ctx)}</div>'
                f'<div class="wh-hand-cards">{"".join(cards)}</div></div>')

    def _goes_to(self, view, card, ctx):
        """Where the turn goes after this card (WH-10), in a word or a name."""
        colour = split(card)[0]
        if colour == "grey":
            return ctx.t("wh.next.fewest")
        owner = view["colours"].index(colour)
        return ctx.t("wh.next.again") if owner == view["seat"] else ctx.names[owner]

    def _prompt(self, view, ctx):
        """What the decision on screen asks, with its buttons when they are not
        cards; or what the player to act is doing."""
        t = ctx.t
        phase = view["phase"]
        current = view["current"]
        if current is None:
            return ""
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
        controls = ""
        if ctx.legal:
            text = t("wh.prompt." + phase, **params)
            controls = self._controls(view, ctx)
            cls = "wh-prompt is-mine"
        else:
            text = t("wh.doing." + phase, **params)
            cls = "wh-prompt"
        if ctx.hint:
            text = t("hint.shown")
        return (f'<div class="{cls}"><p class="wh-prompt-text">{esc(text)}</p>'
                f'{f"<div class=wh-controls>{controls}</div>" if controls else ""}</div>')

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
                name = ctx.names[seat]
                if verb == "target":
                    facts = t("wh.hand_count", n=view["hand_sizes"][seat])
                else:
                    facts = t("wh.you") if seat == view["seat"] else t("wh.display_count", n=len(view["displays"][seat]))
                out.append(button(f'{token(colour, t)}<span class="wh-who">{esc(name)}</span>'
                                  f'<small>{esc(facts)}</small>'
                                  f'<span class="sr-only">: {esc(t("wh.tap." + verb))}</span>',
                                  "act", str(action), cls=f"wh-player wh-c-{colour}"))
            elif isinstance(action, Count):
                out.append(button(esc(t("wh.count", n=action.n)), "act", str(action), cls="wh-count"))
        return "".join(out)

    # ---- the court: every player and their display --------------------------------------------
    def _court(self, view, ctx):
        known = knowledge(view)        # what the viewer knows of each other hand
        rows = "".join(self._seat(view, ctx, seat, known[seat]) for seat in range(view["players"]))
        return f'<div class="wh-court">{rows}</div>'

    def _seat(self, view, ctx, seat, know):
        t = ctx.t
        colour = view["colours"][seat]
        is_turn = seat == view["current"]
        badges = []
        if seat == view["starter"] and view["phase"] != "over":
            badges.append(f'<span class="badge badge-dealer">{esc(t("wh.starter"))}</span>')
        total = view["totals"][seat]
        goal = view["goal"]
        size = view["hand_sizes"][seat]
        # the cards the viewer knows in this hand (WH-11, WH-15, their own exchanges)
        know = know or []
        hand = "".join(face(c, t, "chip") for c in by_character(know))
        hand += back() * max(0, size - len(know))
        facts = t("wh.hand_count", n=size)
        body = (f'<div class="wh-plate-line">{token(colour, t)}'
                f'<span class="wh-hand-mini">{hand}<span class="sr-only">{esc(facts)}</span></span>'
                f'<span class="wh-score">{esc(t("wh.score", n=total, goal=goal))}</span></div>')
        plate = seat_plate(ctx, seat, is_turn, badges, body)
        cls = f"wh-seat wh-c-{colour}" + (" is-turn" if is_turn else "") + \
              (" is-viewer" if seat == view["seat"] else "")
        label = t("wh.display_of", name=ctx.names[seat], n=len(view["displays"][seat]))
        return (f'<div class="{cls}">{plate}<div class="wh-display" role="group" aria-label="{esc(label)}">'
                f'{self._slots(view, ctx, seat)}</div></div>')

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
        out += ['<span class="wh-slot" aria-hidden="true"></span>'] * (SLOTS - len(view["displays"][seat]))
        return "".join(out)

    # ---- the side: scores and the characters ------------------------------------------------
    def _scores(self, view, ctx, final=False):
        t = ctx.t
        rounds = view["rounds"][-4:]
        recorded = view["options"].get("recorded_tiebreak")
        head = "".join(f'<th scope="col">{esc(t("wh.round_n", n=r["round"]))}</th>' for r in rounds)
        extra_head = f'<th scope="col">{esc(t("wh.recorded"))}</th>' if recorded else ""
        if final and not recorded:
            extra_head = f'<th scope="col">{esc(t("wh.display_col"))}</th>'
        rows = []
        best = max(view["totals"])
        for seat in range(view["players"]):
            colour = view["colours"][seat]
            cells = "".join(f"<td>{'+' + str(r['points'][seat]) if r['points'][seat] else '·'}</td>"
                            for r in rounds)
            if recorded:
                cells += f"<td>{view['recorded'][seat]}</td>"
            elif final:
                cells += f"<td>{len(view['displays'][seat])}</td>"
            lead = ' class="is-leading"' if best and view["totals"][seat] == best else ""
            rows.append(f'<tr{lead}><th scope="row" class="scores-name"><span class="wh-named">{token(colour, t)}'
                        f'<span>{esc(ctx.names[seat])}</span></span></th>{cells}'
                        f'<td class="scores-total"><strong>{view["totals"][seat]}</strong></td></tr>')
        rule = t("wh.goal", n=view["goal"])
        if view["options"].get("sixth_two_points") and view["players"] >= 4:
            rule += " · " + t("wh.sixth_two")
        return (f'<h2 class="side-title">{esc(t("wh.scores"))}</h2>'
                f'<p class="hint">{esc(rule)}</p>'
                f'<table class="scores wh-scores"><thead><tr><th scope="col">{esc(t("wh.player"))}</th>{head}'
                f'{extra_head}<th scope="col">Σ</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')

    def _king_panel(self, view, ctx):
        """The King card in force, drawn large, and what it does (WH-16, WH-18)."""
        t = ctx.t
        if view["king"] is None:
            words = t("wh.king.none.long")
        elif view["jester_banned"]:
            words = t("wh.king.banned.long")
        else:
            words = t("wh.king.silences.long", name=t("wh.char." + view["silenced"]))
        return (f'<div class="wh-king-panel">{king_face(view["king"], t)}'
                f'<p><strong>{esc(t("wh.king.title"))}</strong><br>{esc(words)}</p></div>')

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
            mark = f' <strong class="wh-legend-state">{esc(state)}</strong>' if state else ""
            items.append(f'<li class="{"is-off" if state else ""}">{emblem(character, "wh-legend-emblem")}'
                         f'<span><strong>{esc(t("wh.char." + character))}</strong>{mark}'
                         f'<br><span class="wh-legend-text">{esc(t("wh.effect." + character))}</span></span></li>')
        kings = t("wh.kings_left", n=view["kings_left"])
        return (f'<details class="wh-legend" open><summary>{esc(t("wh.legend"))}</summary>'
                f'<ul>{"".join(items)}</ul><p class="hint">{esc(kings)}</p></details>')

    # ---- the round's end ----------------------------------------------------------------------
    def summary(self, view, ctx):
        t = ctx.t
        summary = view["rounds"][-1]
        seat = summary["seat"]
        name = ctx.names[seat]
        if summary["end"] == "A":
            outcome = t("wh.end_a", name=name)
            proof = "".join(face(c, t, "mid") for c in by_character(summary["hand"] or []))
            detail = (f'<div class="wh-proof"><span>{esc(t("wh.end_a.hand", name=name))}</span>'
                      f'<span class="wh-proof-cards">{proof}</span></div>') if proof else ""
        else:
            outcome = t("wh.end_b", name=name, n=summary["points"][seat])
            detail = ""
        recorded = view["options"].get("recorded_tiebreak")
        rows = []
        for s in range(view["players"]):
            colour = view["colours"][s]
            display = "".join(face(c, t, "chip") for c in by_character(summary["displays"][s]))
            display += '<span class="wh-slot chip" aria-hidden="true"></span>' * (SLOTS - len(summary["displays"][s]))
            points = summary["points"][s]
            rec = f"<td>{summary['recorded'][s]}</td>" if recorded else ""
            mark = " is-ender" if s == seat else ""
            rows.append(f'<tr class="{mark.strip()}"><th scope="row" class="scores-name"><span class="wh-named">'
                        f'{token(colour, t)}<span>{esc(ctx.names[s])}</span></span></th><td class="wh-sum-display">{display}</td>'
                        f'<td>{"+" + str(points) if points else "0"}</td>{rec}'
                        f'<td><strong>{summary["totals"][s]}</strong> / {view["goal"]}</td></tr>')
        rec_head = f'<th scope="col">{esc(t("wh.recorded"))}</th>' if recorded else ""
        if view["phase"] == "over":
            label, after = t("wh.final_result"), ""
        else:
            label = t("wh.next_round")
            after = (f'<p class="wh-next-start">{token(view["colours"][view["starter"]], t)}'
                     f'{esc(t("wh.next_starts", n=view["round"], name=ctx.names[view["starter"]]))}</p>')
        return (f'<section class="dialog wh-summary" role="dialog" aria-live="assertive" data-screen="summary">'
                f'<h2>{esc(t("wh.round_over", n=summary["round"]))}</h2>'
                f'<p class="wh-outcome">{esc(outcome)}</p>{detail}'
                f'<table class="scores"><thead><tr><th scope="col">{esc(t("wh.player"))}</th>'
                f'<th scope="col">{esc(t("wh.display_col"))}</th><th scope="col">{esc(t("wh.points"))}</th>'
                f'{rec_head}<th scope="col">Σ</th></tr></thead><tbody>{"".join(rows)}</tbody></table>'
                f'{after}<div class="dialog-actions">{button(esc(label), "resume", cls="btn-primary btn-big")}</div>'
                f'</section>')


def card_param(card: str):
    """A card in a log line, read in either language."""
    return ("tr", "wh.card." + card)


TABLE = WhispersTable()
