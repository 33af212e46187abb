"""The saved game: who sits where and the game's record, versioned JSON.

A save is only ever a record to replay, so it survives reloads and new deploys;
one that cannot be replayed is reported, never half-loaded.

`peek` reads a save without the rules (the home screen shows it before the
rules package is imported; the page's first paint reads it the same way in
JavaScript); `load` replays it and is what Continue uses.
"""
from __future__ import annotations

import json
from typing import NamedTuple

SAVE_KEY = "royaltable.save"
FORMAT = "royaltable-save"
VERSION = 1
KINDS = ("human", "quick", "strong")


class SaveError(ValueError):
    """A save that cannot be used; the message says why, for the player."""


class Save(NamedTuple):
    seats: list[dict]
    record: dict
    finished: bool          # kept after the end for a replay; not offered to continue


def dump(seats: list[dict], record: dict, finished: bool = False) -> str:
    return json.dumps({"format": FORMAT, "version": VERSION, "seats": seats, "record": record,
                       "finished": finished}, ensure_ascii=False, separators=(",", ":"))


def peek(text: str, games=()) -> Save:
    """The save's shape checked, nothing replayed; `games`: the ids this app knows."""
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
            or not all(isinstance(s, dict) and isinstance(s.get("name"), str)
                       and s.get("kind") in KINDS for s in seats)
            or len(seats) != record.get("players") or not isinstance(record.get("actions"), list)):
        raise SaveError("corrupt")
    if games and record.get("game") not in games:
        raise SaveError("unknown_game")
    return Save(seats, record, data.get("finished") is True)


def load(text: str) -> Save:
    """The seats and record of a save, checked by replaying it; else SaveError."""
    from royaltable import registry
    save = peek(text)
    try:
        game = registry.get(save.record.get("game"))
    except ValueError:
        raise SaveError("unknown_game") from None
    if any(s["kind"] not in ("human", *game.bots) for s in save.seats):
        raise SaveError("corrupt")
    try:
        state = registry.replay(save.record)
    except ValueError:
        raise SaveError("rules_changed") from None
    return Save(save.seats, save.record, state.over)
