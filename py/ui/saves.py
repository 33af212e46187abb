"""The saved game: who sits where and the game's record, versioned JSON.

A save is only ever a record to replay, so it survives reloads and new deploys;
one that cannot be replayed is reported, never half-loaded.
"""
from __future__ import annotations

import json
from typing import NamedTuple

from royaltable import registry

SAVE_KEY = "royaltable.save"
FORMAT = "royaltable-save"
VERSION = 1


class SaveError(ValueError):
    """A save that cannot be used; the message says why, for the player."""


class Save(NamedTuple):
    seats: list[dict]
    record: dict
    finished: bool          # kept after the end for a replay; not offered to continue


def dump(seats: list[dict], record: dict) -> str:
    return json.dumps({"format": FORMAT, "version": VERSION, "seats": seats, "record": record},
                      ensure_ascii=False, separators=(",", ":"))


def load(text: str) -> Save:
    """The seats and record of a save, checked by replaying it; else SaveError."""
    try:
        data = json.loads(text)
    except ValueError:
        raise SaveError("corrupt") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("corrupt")
    if not isinstance(data.get("version"), int) or data["version"] > VERSION:
        raise SaveError("newer")
    seats, record = data.get("seats"), data.get("record")
    if (not isinstance(seats, list) or not isinstance(record, dict)
            or not all(isinstance(s, dict) and isinstance(s.get("name"), str) for s in seats)
            or len(seats) != record.get("players")):
        raise SaveError("corrupt")
    try:
        game = registry.get(record.get("game"))
    except ValueError:
        raise SaveError("unknown_game") from None
    if any(s.get("kind") not in ("human", *game.bots) for s in seats):
        raise SaveError("corrupt")
    try:
        state = registry.replay(record)
    except ValueError:
        raise SaveError("rules_changed") from None
    return Save(seats, record, state.over)
