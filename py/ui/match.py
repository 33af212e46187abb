"""One game in progress on the tablet: the rules state, who sits where, the
computer players, whose private information is on screen, and the move log.

Data flows one way: an action (from a tap, a computer player, or a forced play)
goes through `act`, the state applies it, and the table is drawn from views.
"""
from __future__ import annotations

from royaltable import registry

from .tables import table_for

BOT_DELAY_MS = 700       # long enough to see what a computer player did
FORCED_DELAY_MS = 900    # a forced play is shown, not skipped (KK-11)


class Match:
    def __init__(self, game_id: str, seats: list[dict], options: dict, seed: int | None,
                 pace: float = 1.0):
        self.pace = pace                       # scales the pauses; tests run faster
        self.game = registry.get(game_id)
        self.seats = seats                     # [{"name": str, "kind": "human"|level}]
        self.table = table_for(game_id)
        self.start(self.game.new(len(seats), seed=seed, options=options))
        humans = self.humans
        # With one person at the table their cards are always on screen.
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.follow_turn()

    @classmethod
    def from_record(cls, seats: list[dict], record: dict, pace: float = 1.0) -> "Match":
        """A saved or finished game, rebuilt by replaying its record (log included)."""
        match = cls(record["game"], seats, record["options"], record["seed"], pace)
        match.replay(record["actions"])
        return match

    def start(self, state) -> None:
        self.state = state
        self._public = self.public_view()      # the onlookers' view as of now, kept for act()
        self.log: list[tuple[str, dict]] = list(self.table.opening_log(self._public))
        self.paused = False
        self.selection: list[int] = []

    def replay(self, actions: list[str]) -> None:
        for action in actions:
            self.act(action, self.state.current)
        self.paused = False

    def record(self) -> dict:
        return self.state.record()
    @property
    def humans(self) -> list[int]:
        return [seat for seat, s in enumerate(self.seats) if s["kind"] == "human"]

    @property
    def names(self) -> list[str]:
        return [s["name"] for s in self.seats]

    def is_bot(self, seat: int) -> bool:
        return self.seats[seat]["kind"] != "human"

    def public_view(self) -> dict:
        return self.state.view(None)

    def forced_now(self) -> bool:
        seat = self.state.current
        return (seat is not None and not self.is_bot(seat)
                and self.table.auto_play(self._public, self.state.legal_actions()))

    def follow_turn(self) -> None:
        """In a game with nothing hidden, the tablet simply belongs to whoever is to play."""
        seat = self.state.current
        if not getattr(self.table, "HAND_OFF", True) and seat is not None and not self.is_bot(seat):
            self.viewer = seat

    def needs_handoff(self) -> bool:
        """A different person must take the tablet before anything private is drawn."""
        seat = self.state.current
        return (seat is not None and not self.paused and not self.is_bot(seat)
                and seat != self.viewer and not self.forced_now())

    def pending_delay(self) -> int | None:
        """Milliseconds until the app should act by itself, or None."""
        if self.state.over or self.paused:
            return None
        if self.is_bot(self.state.current):
            return int(getattr(self.table, "BOT_DELAY_MS", BOT_DELAY_MS) * self.pace)
        if self.forced_now():
            return int(FORCED_DELAY_MS * self.pace)
        return None

    def step(self) -> None:
        """The computer player's move, or a human's forced play."""
        seat = self.state.current
        legal = self.state.legal_actions()
        if self.is_bot(seat):
            # A fresh bot per move, seeded by the position: a resumed game plays on
            # exactly as it would have without the reload.
            bot = self.game.bots[self.seats[seat]["kind"]](
                seed=self.state.seed * 7919 + len(self.state.actions))
            action = bot.choose(self.state.view(seat), legal)
        else:
            action = legal[0]
        self.act(action, seat)

    def take_tablet(self) -> None:
        self.viewer = self.state.current

    def act(self, action: str, seat: int) -> None:
        """Applies an action for `seat`; IllegalAction leaves everything as it was."""
        before = self._public
        forced = self.forced_now()
        self.state.apply(action, seat=seat)
        after = self._public = self.public_view()
        self.log.extend(self.table.describe(before, action, seat, after, forced))
        self.selection = []
        self.follow_turn()
        if self.table.pause_after(before, after):
            self.paused = True

    def resume(self) -> None:
        self.paused = False

    def undo_depth(self) -> int:
        """Own moves the person holding the tablet may take back now."""
        if self.viewer is None or self.paused:
            return 0
        return self.state.undo_depth(self.viewer)

    def undo(self) -> None:
        if self.undo_depth():
            actions = self.state.actions[:-1]
            self.start(self.game.new(self.state.players, self.state.seed, self.state.options))
            self.replay(actions)
