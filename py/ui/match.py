"""One game in progress on the tablet: the rules state, who sits where, the
computer players, who holds the tablet, whose private information the screen may
show, interludes (a round's summary, a moment to see a finished trick), undo,
the suggested move and the move log.

Data flows one way: an action (from a tap, a computer player, or a forced play)
goes through `act`, the state applies it, and the table is drawn from views.

Privacy is decided here, once, for every game (`viewer`): with two or more
people at the table, a seat's private view is drawn only while that seat is the
one to decide and holds the tablet (the holder changes only through the hand-off
screen). As soon as its decision is made and anyone else is to act (a computer,
another person in the open, a finished trick lingering), the screen is drawn
for everybody: between turns the tablet lies in the middle. A person who wants
to look at their cards meanwhile asks (`ask_peek`), passes the look-away prompt
and sees them until they hide them again; the table waits meanwhile. One person
among computers: the screen is always theirs.
"""
from __future__ import annotations

from typing import Callable

from .table import holds_secrets, table_for

SPEEDS = {"slow": 1.8, "normal": 1.0, "fast": 0.5}    # how fast computer moves are shown
SUMMARY, LINGER = "summary", "linger"
# At normal and fast speed, while a person waits for the table to come back to
# them, each turn that passes makes the pauses after it this much shorter: a long
# stretch of computers' turns speeds up, so no stretch of N-step turns pauses
# more in all than N * (its longest pause) / (1 - WAIT_DECAY) (slow keeps every
# pause whole; a computer's own turn is bounded by its table: Court's).
WAIT_DECAY = 0.8
ADVICE_SHOWN = 3                                       # moves a suggestion compares in words


class Match:
    def __init__(self, game_id: str, seats: list[dict], options: dict, seed: int | None,
                 pace: float = 1.0, speed: str = "normal"):
        from royaltable import registry        # the rules load with the first table, not at start
        self.pace = pace                       # tests shorten every pause with ?pace=
        self.speed = speed if speed in SPEEDS else "normal"
        self.game = registry.get(game_id)
        self.seats = seats                     # [{"name": str, "kind": "human"|level}]
        self.table = table_for(game_id)
        humans = self.humans
        # With one person at the table the tablet is always theirs.
        self.holder: int | None = humans[0] if len(humans) == 1 else None
        self.peek_asked: int | None = None     # "show my cards": waiting for the look-away prompt
        # A practice game, tried again from a past position of another: {"move": the
        # number of the move it was tried again from}, kept in its save; else None.
        self.practice: dict | None = None
        self.peeking: int | None = None        # whose cards are shown between turns
        # A guided first game's words to read now (ui/tutorial.py): a computer's
        # steps shown together stop there, so that the words come at their moment.
        self.holds: Callable[[], bool] = lambda: False
        self.start(self.game.new(len(seats), seed=seed, options=options))

    @classmethod
    def from_record(cls, seats: list[dict], record: dict, pace: float = 1.0,
                    speed: str = "normal") -> "Match":
        """A saved or finished game, rebuilt by replaying its record (log included)."""
        from royaltable import registry
        match = cls(record["game"], seats, record["options"], record["seed"], pace, speed)
        match.state.luck_from(registry.fresh_luck(record))
        match.replay(record["actions"])
        return match

    def start(self, state) -> None:
        self.state = state
        self._public = self.state.view(None)   # the onlookers' view as of now, kept for act()
        self.log: list[tuple[str, dict]] = list(self.table.opening_log(self._public))
        self.interlude: str | None = None
        self.selection: list = []        # positions (a hand's cards) or one name (a die)
        self.sounds: list[str] = []        # the sounds of actions played, until the page takes them
        self.hint: str | None = None
        self.suggestion = None                 # the strong player's SearchResult behind the hint
        self.advice: list[tuple[str, float]] = []   # its best moves searched, with their chances
        self.waited = 0                  # turns passed since a person last decided (WAIT_DECAY)
        self.away = False                # computers moved since a person last decided
        self.lit: int | None = None      # the seat lit: the tablet came back to that person
        self.called = False              # "your turn", until the page takes it (a hidden tab's title)

    def replay(self, actions: list[str]) -> None:
        for action in actions:
            self.act(action, self.state.current)
        self.interlude = None

    def record(self) -> dict:
        return self.state.record()

    # ---- seats ------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [seat for seat, s in enumerate(self.seats) if s["kind"] == "human"]

    @property
    def names(self) -> list[str]:
        return [s["name"] for s in self.seats]

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat]["kind"] != "human"

    @property
    def lone(self) -> bool:
        """One person among computers: every screen is theirs."""
        return len(self.humans) == 1

    # ---- who decides, who sees ------------------------------------------------------
    def forced_now(self) -> bool:
        seat = self.state.current
        return (seat is not None and not self.is_bot(seat)
                and self.table.auto_play(self._public, self.state.legal_actions()))

    def actor(self) -> int | None:
        """The person who must decide now, or None (a computer's turn, a forced
        play, a summary, the end). A person may decide over a finished trick
        (LINGER: their card ends it) unless the tablet must go round first: then
        everybody sees the trick before the hand-off."""
        seat = self.state.current
        if seat is None or self.interlude == SUMMARY or self.is_bot(seat) or self.forced_now():
            return None
        if self.interlude == LINGER and self._handoff_due(seat):
            return None
        return seat

    def _private_for(self, seat: int) -> bool:
        return self.table.private_decision(self._public, self.state.view(seat), self.state.legal_actions())

    def _handoff_due(self, seat: int) -> bool:
        return not self.lone and seat != self.holder and self._private_for(seat)

    def private_now(self) -> bool:
        """Does the decision on the table need its person's private information?"""
        seat = self.actor()
        return seat is not None and self._private_for(seat)

    def needs_handoff(self) -> bool:
        """A different person must take the tablet before anything private is drawn."""
        if self.peek_asked is not None:
            return True
        seat = self.actor()
        return seat is not None and self._handoff_due(seat)

    def handoff_to(self) -> int | None:
        """Who the hand-off screen asks for: the person to decide, or one who asked to look."""
        return self.peek_asked if self.peek_asked is not None else self.state.current

    @property
    def viewer(self) -> int | None:
        """Whose private information this screen may show (None: nobody's)."""
        if self.lone:
            return self.holder
        if self.peeking is not None:
            return self.peeking
        if self.interlude == SUMMARY or self.state.over or self.needs_handoff():
            return None
        seat = self.actor()
        if seat is None or seat != self.holder:
            return None                        # between turns, or someone else decides in the open
        return self.holder

    def legal_on_screen(self) -> list[str]:
        """The actions whose buttons this screen shows: the actor's, once they may see it."""
        if self.actor() is None or self.needs_handoff() or self.peeking is not None:
            return []
        return self.state.legal_actions()

    def take_tablet(self) -> None:
        if self.peek_asked is not None:
            self.peeking, self.peek_asked = self.peek_asked, None
            self.holder = self.peeking
        elif self.needs_handoff():
            self.holder = self.state.current
            self.lit = self.actor()          # their seat lights on their own screen

    # ---- "show my cards" between turns ---------------------------------------------------
    def peekers(self) -> list[int]:
        """The people who may ask to see their cards now: on a screen drawn for
        everybody, in a game with something private, not the one deciding."""
        if self.lone or self.state.over or self.interlude == SUMMARY or self.viewer is not None \
                or self.needs_handoff():
            return []
        actor = self.actor()
        return [seat for seat in self.humans if seat != actor
                and holds_secrets(self._public, self.state.view(seat))]

    def ask_peek(self, seat: int) -> None:
        if seat in self.peekers():
            self.peek_asked = seat

    def end_peek(self) -> None:
        """Hidden again; the next private screen of anyone comes after a hand-off."""
        if self.peeking is not None or self.peek_asked is not None:
            self.peeking = self.peek_asked = None
            self.holder = None

    # ---- time -------------------------------------------------------------------------
    def pending_delay(self) -> int | None:
        """Milliseconds until the app should act by itself, or None."""
        speed = SPEEDS[self.speed] * self.pace
        if self.peeking is not None or self.peek_asked is not None:
            return None                    # the table waits while someone looks at their cards
        if self.interlude == SUMMARY:      # people tap on; computers alone read it for a while
            return None if self.humans else int(self.table.summary_ms * speed)
        if self.state.over:
            return None
        seat = self.state.current
        by_itself = self.is_bot(seat) or self.forced_now()
        if self.interlude == LINGER:
            # A finished trick stays until the next card is played: a computer's
            # after this long (then its card ends it), a person's when they play
            # it, or, before a hand-off, this long for everybody to see it.
            if not by_itself and self.actor() is not None:
                return None
            pause = self.table.linger_ms
        elif self.is_bot(seat):
            pause = self.table.group_pause_ms(self._public) if self.grouped() else self.table.bot_delay_ms
        elif by_itself:
            pause = self.table.forced_delay_ms
        else:
            return None
        return int(pause * speed * self.wait_factor())

    def wait_factor(self) -> float:
        """How much of its pause the next one takes: less and less while a person
        waits (WAIT_DECAY), at normal and fast speed; whole at slow speed, and for
        a table of computers alone (nobody is waiting)."""
        return WAIT_DECAY ** self.waited if self.grouped() and self.humans else 1.0

    def step(self) -> None:
        """What the app does by itself: end a summary, or a finished trick before
        a hand-off; a computer player's move (a finished trick's linger ends with
        it), or a person's forced play. Then, if the tablet came back to a person
        after computers moved, it calls them (`call_back`)."""
        seat = self.state.current
        if self.interlude == SUMMARY or (self.interlude == LINGER and not self.is_bot(seat)
                                         and not self.forced_now()):
            self.interlude = None
        elif not self.is_bot(seat):
            self.act(self.state.legal_actions()[0], seat)
        else:
            self.away = True
            bot = self.bot(self.seats[seat]["kind"])
            while True:
                before = self._public
                action = bot.choose(self.state.view(seat), self.state.legal_actions())
                self.act(action, seat)
                if not (self.grouped() and self.state.current == seat and not self.state.over
                        and not self.interlude and self.table.shows_with_next(before, action, self._public)) \
                        or self.holds():
                    break
        if self.state.current != seat:
            self.waited += 1                   # a turn passed: the next pauses less
        self.call_back()

    def call_back(self) -> None:
        """After computers moved, the screen that waits on a person (their
        decision, the hand-off to them, a summary to tap away) asks once for the
        soft chime ("turn", heard with the sound on) and the "your turn" of a
        hidden tab (`called`); on their own screen their seat lights until they
        decide. A forced play is no decision: it calls nobody."""
        if not self.away or self.pending_delay() is not None:
            return
        if self.needs_handoff() or self.legal_on_screen() or (self.interlude == SUMMARY and self.humans):
            self.away = False
            self.sounds.append("turn")
            self.called = True
            self.lit = self.actor() if self.legal_on_screen() else None

    def grouped(self) -> bool:
        """At normal and fast speed a table may show a computer's quiet steps
        together (`shows_with_next`: that step is played in the same tick as the
        next, by the same bot) and pause once a group (`group_pause_ms`); slow
        shows every step alone. Nothing of a group outlives its tick: the game is
        saved after it, and a fresh bot, seeded by the position, starts the next."""
        return self.speed != "slow"

    def bot(self, level: str):
        # A fresh bot per step of the app (one move, or the moves shown together),
        # seeded by the position: a resumed game plays on
        # exactly as it would have without the reload.
        return self.game.bots[level](seed=self.state.seed * 7919 + len(self.state.actions))

    # ---- acting -----------------------------------------------------------------------
    def act(self, action: str, seat: int | None) -> None:
        """Applies an action for `seat`; IllegalAction leaves everything as it was."""
        before = self._public
        forced = self.forced_now()
        self.state.apply(action, seat=seat)
        action = self.state.actions[-1]          # the game's typed value, whatever text came in
        after = self._public = self.state.view(None)
        self.log.extend(self.table.describe(before, action, seat, after, forced))
        sound = self.table.sound_of(before, action, after)
        if sound:
            self.sounds.append(sound)
        self.selection = []
        self.hint = None
        self.suggestion, self.advice = None, []
        if not forced and not self.is_bot(seat):
            self.waited, self.away, self.lit = 0, False, None     # a person decided
        if not self.lone and not forced and not self.is_bot(seat) and seat != self.holder:
            self.holder = None                 # the tablet went round for a decision in the open
        if self.interlude == LINGER:
            self.interlude = None              # the next card ends a finished trick's moment
        if self.table.pause_after(before, after):
            self.interlude = SUMMARY
        elif self.table.linger_after(before, after):
            self.interlude = LINGER

    def resume(self) -> None:
        """Ends an interlude (a tap on its button, or anywhere during a linger)."""
        if self.interlude == SUMMARY:
            self.waited = 0                    # a person read it and tapped on
        self.interlude = None
        self.call_back()

    # ---- taking back (Board Game Arena's way) -----------------------------------------
    def undoer(self) -> int | None:
        """The person who may take back their last move on this screen, if any:
        their own move, nothing revealed or drawn since, nobody else has acted,
        and the screen is not drawn for somebody else."""
        state = self.state
        if self.interlude == SUMMARY or state.over or not state.actions:
            return None
        last = state.actors[-1]
        if self.is_bot(last) or not state.undo_depth(last):
            return None
        viewer = self.viewer
        return last if viewer in (None, last) else None

    def undo(self) -> None:
        seat = self.undoer()
        if seat is None:
            return
        own_screen = self.viewer == seat
        actions = self.state.actions[:-1]
        self.start(self.game.new(self.state.players, self.state.seed, self.state.options))
        self.replay(actions)
        # From the hand-off screen the tablet may already be in the next person's
        # hands: the mover's private screen comes back only through a hand-off.
        if not self.lone:
            self.holder = seat if own_screen else None

    # ---- the suggested move -------------------------------------------------------------
    def can_suggest(self) -> bool:
        """Only for the person deciding on screen, and in hot-seat only on a screen
        drawn for them (a suggestion made from their secrets would show them)."""
        seat = self.actor()
        if seat is None or not self.legal_on_screen() or "strong" not in self.game.bots:
            return False
        return self.viewer == seat or not holds_secrets(self._public, self.state.view(seat))

    def suggest(self) -> None:
        """The strong computer player's choice for that person: highlighted, never
        played; with it (`advice`) the best few moves it searched, its choice first,
        each with the chance to win its search estimates, all from that seat's view."""
        if self.can_suggest():
            seat = self.actor()
            bot = self.bot("strong")
            view = self.state.view(seat)
            found = self.suggestion = bot.search(view, self.state.legal_actions())
            self.hint = found.choice
            # A search that saw nothing after its moves says no chance (search.py).
            searched = [(c.action, bot.model.chance(c.value, view)) for c in found.candidates
                        if c.value is not None and found.sees_the_future][:ADVICE_SHOWN]
            # The choice first (the move lit); the runners-up by their chances, as they are read.
            self.advice = searched[:1] + sorted(searched[1:], key=lambda pair: -pair[1])
