"""Taps that belong to a screen no longer shown are ignored.

A quick double tap on "Roll 4 dice" must not also set every die aside because
"Set all aside" appeared where Roll was; a tap made just as a computer player's
move redrew the table must not press whatever is now under the finger. The
browser decides what a tap hits only after the redraw, so the button cannot tell
that it is new; the time and place of the tap can.

Some buttons are pressed again and again on purpose: stepping a replay (▶ ▶ ▶)
changes no game and stays where it is, so every tap on it counts.
"""
from __future__ import annotations

SAME_SPOT_PX = 30        # a second tap this close to the first is the same gesture
DOUBLE_TAP_MS = 450      # ... if it comes this soon after the first changed the screen
REACTION_MS = 180        # nobody reacts this fast to a new screen: such a tap was aimed at the old one
REPEATED = frozenset({"replay_step"})   # commands tapped in quick succession on purpose


class TapGuard:
    def __init__(self, scale: float = 1.0):
        self.scale = scale                  # tests run everything faster (?pace=)
        self.changed_at = -1e12             # when the screen last changed
        self.last_tap: tuple[float, float, float] | None = None   # time, x, y of a tap that changed it

    def screen_changed(self, now: float, by_tap: bool, x: float = 0.0, y: float = 0.0) -> None:
        self.changed_at = now
        self.last_tap = (now, x, y) if by_tap else None

    def allows(self, now: float, x: float, y: float, cmd: str = "") -> bool:
        if cmd in REPEATED:
            return True                     # stepping a replay: every tap is a step
        if now - self.changed_at < REACTION_MS * self.scale and self.last_tap is None:
            return False                    # the app redrew by itself just now
        if self.last_tap is not None:
            when, x0, y0 = self.last_tap
            if now - when < DOUBLE_TAP_MS * self.scale and abs(x - x0) <= SAME_SPOT_PX \
                    and abs(y - y0) <= SAME_SPOT_PX:
                return False                # the second half of a double tap
        return True
