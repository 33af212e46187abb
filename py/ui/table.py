"""One renderer per game: ui/games/<game id>/table.py defines `TABLE`, an instance of
a `Table` subclass. `Table` below is the contract every game's table follows; a
new game copies it, not another game.

Renderers are pure functions of views: they never see the state, only
`view(seat)` of whoever the screen is drawn for (the shared layer decides who
that is, see ui/match.py) and `ctx` (names, legal actions on screen, selection,
the suggested move, ctx.teacher: the suggestion's reasons, drawn right after the
line saying a move is lit). They return Markup built with ui.markup (el, join) and
html.button / html.tappable: text is escaped by construction, and a button that
plays the suggested move is marked while it is built (html.suggesting).
Actions reach them as the game's typed values (royaltable.core.Action): read
their parts (`action.card`), never split their text.

A review draws a past decision with the same render(): the seat's view, a ctx from
screens.table.Ctx.at_decision (that seat as viewer and actor, its legal actions,
ctx.hint the better move) inside html.suggesting(move), exactly as a suggestion is
drawn in play: a table that lights a suggested move lights a review's better move.

Conventions the shared layer and its tests rely on:
- every card face on the table carries `data-card="<card id as in the view>"`
  (backs, counts, icons and the reference cards of a panel do not): the privacy
  test counts them against what the screen's viewer may know;
- every tappable action is a button with `data-cmd="act" data-arg="<action's text>"`
  (built with html.button or html.tappable), so that a suggested move, stale-tap
  protection and the reach tests work the same for every game; its accessible
  name contains its visible words and says what tapping does (an sr-only span);
- the viewer's private zone (their hand) carries `data-private`: "read out my
  cards" reads the cards in it.

Cards are drawn with ui/cards.py (one face for the collection: static/STYLE.md),
each with its figure (ui/figures.py; the game's figures.toml names them).

Motion (static/motion.js) is asked for by marks, never by code: `data-key` on a
thing that stays the same thing from one redraw to the next (a card by its id, a
die, a seat's plate: widgets.seat_plate keys it "seat:<n>"), so it glides when it
moves; `data-from="<key> ..."` on a thing just drawn that came from somewhere (a
card played from "seat:2", dealt from "deck"); `data-to="<key> ..."` on a thing
that leaves to somewhere (a trick to its winner's "seat:1"); `data-roll="<ctx.moves>"`
on a die rolled by the last move; `data-bump="<value>"` on a count that changes
(chips, gold, points). Keys are unique on a screen. Nothing in [data-private] is
ever copied, and nothing is copied across a hand-off. A wrapper whose place follows
what it holds (a card's slot in a fan, a die's place) carries `data-slot`: the page's
patch (static/redraw.js) knows it by the keyed thing inside, so a card that leaves a
fan does not shift every later card into the slot before it.

The table fits the screen (1024×768 and 768×1024) at every decision, without
the page scrolling: what is not needed to decide goes into panels() (scores,
references), opened on demand over the table. The shell gives the table all the
height under the top bar (.table-main is that tall): a table fills it with its root
at flex: 1 (or height: 100%), never by knowing the top bar's height. Motion works
in the page's coordinates: a thing inside a rotated element (a plate turned to the
player across the table) moves mirrored unless it is turned back.
"""
from __future__ import annotations

import importlib
import importlib.util
from typing import Callable, NamedTuple


class Panel(NamedTuple):
    """What a table shows on demand, over the table, behind a tab of the rail
    beside it (the table itself fits the screen; these do not need to):
    standings and scores, the references (every card's figure and ability)."""
    key: str        # its tab's icon: "scores", "cards" or "guide" (ui/art/<key>.svg)
    tab: str        # the tab's word, short: one word (得点 / Scores)
    body: Callable[[], object]   # builds its Markup, its own heading first: only the
                                 # open panel is built (a table redraws at every move)

    def drawn(self):
        return self.body()


class Table:
    """The hooks the app shell calls. Override what your game needs."""

    game_id: str = ""
    # Pause before a computer player's action at normal speed: long enough to see it.
    bot_delay_ms: int = 700
    # Pause before the app plays a person's only possible move (auto_play).
    forced_delay_ms: int = 900
    # How long a moment worth seeing (linger_after) stays before play goes on.
    linger_ms: int = 1200
    # How long a summary stays when only computers play (people tap it away).
    summary_ms: int = 3000

    # ---- drawing --------------------------------------------------------------
    def render(self, view: dict, ctx) -> str:
        """The table itself: seats, the play area, the viewer's own zone and the
        controls of the decision on screen (ctx.legal)."""
        raise NotImplementedError

    def panels(self, view: dict, ctx) -> list[Panel]:
        """What opens over the table on demand, each behind a tab beside it: the
        scores, the references (the cards as cards, what each does). The shell
        adds the log, last. Drawn from the same view as the table, and only the
        open one: each body is a function that builds it (lambda: ...)."""
        return []

    def result_detail(self, view: dict, ctx) -> str:
        """What the game-over dialog shows under the winners' names: by default
        the "scores" panel."""
        return next((panel.drawn() for panel in self.panels(view, ctx) if panel.key == "scores"), "")

    def result_reason(self, view: dict, ctx) -> str:
        """Under the winners' names: why they won, in a sentence or two, by the rule
        that decided it (a tie and its tie-break said as such), for a newcomer who
        has just played their first game. Drawn from the onlookers' view at the end."""
        return ""

    def summary(self, view: dict, ctx) -> str:
        """The dialog of a pause that everybody reads (pause_after), drawn from the
        onlookers' view; its button is html.button(..., "resume")."""
        return ""

    # ---- the move log -----------------------------------------------------------
    def opening_log(self, view: dict) -> list:
        """Log entries at the start of a game: [(catalog key, params), ...]."""
        return []

    def describe(self, before: dict, action: str, seat: int, after: dict, forced: bool) -> list:
        """Log entries for one action, from the onlookers' views before and after
        it: public words only. Params name seats as ("seat", n) and catalog keys
        as ("tr", key), so the log reads right in either language."""
        raise NotImplementedError

    def move_words(self, view: dict, action: str, t, names: list[str]) -> str:
        """A legal action of the seat deciding in `view` in a player's words, short,
        as a suggestion names it ("Play Mask", "Discard Mask and 4", "Take the
        Jester", "Offer 3 gold"): from that seat's view, never more than it shows;
        `names` are the seats' names as drawn. Every action kind has words."""
        raise NotImplementedError

    def refusal_words(self, refusal, t, names: list[str]) -> str:
        """Why an action is refused (a royaltable Refusal), in the player's language:
        the words of "refusal.<game id>.<key>" (or the shared "refusal.<key>") with
        refusal_params(). Never a rule ID, never the rules' English text."""
        for key in (f"refusal.{self.game_id}.{refusal.key}", f"refusal.{refusal.key}"):
            if t.has(key):
                return t(key, **self.refusal_params(refusal, t, names))
        return t("refusal.not_now")

    def refusal_params(self, refusal, t, names: list[str]) -> dict:
        """A refusal's parameters in words. By default a seat ("seat", "turn") is
        its name; a game turns its own things (a die, a card) into words too."""
        return {key: names[value] if key in ("seat", "turn") and isinstance(value, int) else value
                for key, value in refusal.params.items()}

    def sound_of(self, before: dict, action, after: dict) -> str | None:
        """The soft sound an action makes on the table, if any: "card" (a card
        played or given), "dice" (dice rolled or moved) or "coin" (chips or gold
        changing hands), from the onlookers' views before and after it. Played
        only for people who turned the sound on (off by default)."""
        return None

    # ---- pace and privacy ---------------------------------------------------------
    def auto_play(self, view: dict, legal: list[str]) -> bool:
        """True when a person's only legal move is a formality the app plays for
        them, visibly, after forced_delay_ms (Krypkille's forced follows)."""
        return False

    def private_decision(self, public_view: dict, private_view: dict, legal: list[str]) -> bool:
        """Does the acting person need their private information for this decision?
        Then the tablet is handed to them first. By default: whenever their view
        shows more than the onlookers'. A game overrides it for decisions that are
        public although the actor holds secrets (an offer made in the open)."""
        return holds_secrets(public_view, private_view)

    def pause_after(self, before: dict, after: dict) -> bool:
        """Stop for a summary everybody reads (a round's end) until someone taps on."""
        return False

    def linger_after(self, before: dict, after: dict) -> bool:
        """Hold the table still for linger_ms (a tap skips it) so that what just
        happened can be seen before it moves on (a finished trick)."""
        return False

    def shows_with_next(self, before: dict, action: str, after: dict) -> bool:
        """At normal and fast speed, does a computer's step show together with its
        next one (played in the same tick, one pause for both)? For quiet steps
        inside a long turn (Court's dice set aside); by default every step alone."""
        return False

    def group_pause_ms(self, view: dict) -> float:
        """The pause before a computer's group of steps (see shows_with_next), at
        normal speed, from the onlookers' view."""
        return self.bot_delay_ms


def holds_secrets(public_view: dict, private_view: dict) -> bool:
    """Does a seat's view show anything the onlookers' view does not?"""
    def bare(view):
        return {key: value for key, value in view.items() if key != "seat"}
    return bare(public_view) != bare(private_view)


def table_for(game_id: str) -> Table:
    return importlib.import_module(f"ui.games.{game_id}.table").TABLE


def has_table(game_id: str) -> bool:
    return importlib.util.find_spec(f"ui.games.{game_id}") is not None
