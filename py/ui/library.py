"""The library: every game on this tablet, in progress or finished, each under
its own id. Starting a game never touches another.

The games live in a `Store` (the browser's IndexedDB through static/store.js in
the page, `MemoryStore` here and in tests). A store answers some requests later
(whether a game may be played in this tab, whether a write failed), by calling
the app's `store_event(kind, ...)`, so the app never waits on it.
"""
from __future__ import annotations

import time
from typing import NamedTuple, Protocol

from . import saves


class Stored(NamedTuple):
    """A game as the store keeps it: its save's text, when it was last written
    (ms since the epoch) and how many times (`rev`, so a tab that is behind never
    overwrites a newer game)."""
    id: str
    text: str
    updated: float
    rev: int


class Store(Protocol):
    """What the store tells later, through the app's `store_event(kind, ...)`:
    "saved", "problem" (a write failed: quota, blocked), "lost" (a newer copy
    or another tab holds the game now), "deleted" (the game was deleted: the write
    is refused, so a deleted game never comes back; also when another tab deletes
    one), "claimed", "removed", "delete_refused" (another tab plays it) and
    "changed" (another tab wrote)."""
    def items(self) -> list[Stored]: ...

    def put(self, item: Stored) -> None:
        """Writes the game; a failure, a newer copy elsewhere, a game that this tab
        no longer holds or one deleted meanwhile is told later, and not written."""

    def remove(self, game_id: str) -> None:
        """Deletes the game for good, unless another tab holds it (then refused)."""

    def claim(self, game_id: str, steal: bool) -> None:
        """Asks to play the game in this tab; answered by a "claimed" event."""

    def release(self, game_id: str) -> None: ...


class Entry(NamedTuple):
    stored: Stored
    save: saves.Save | None       # None when it cannot be read
    problem: str | None           # why not: a SaveError key

    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def in_progress(self) -> bool:
        return self.playable and not self.save.ended

    @property
    def playable(self) -> bool:
        """Not over: in progress, or ended early by its players (it may be played on)."""
        return self.save is not None and not self.save.finished

    @property
    def in_history(self) -> bool:
        return self.save is not None and (self.save.finished or self.save.ended)


def read(stored: Stored, games=()) -> Entry:
    try:
        return Entry(stored, saves.peek(stored.text, games), None)
    except saves.SaveError as err:
        return Entry(stored, None, str(err))


def new_id() -> str:
    import secrets          # here, not at start: the home screen makes no game
    return "g" + format(int(time.time() * 1000), "x") + secrets.token_hex(4)


class Library:
    def __init__(self, store: Store, games=(), clock=time.time):
        self.store = store
        self.games = games
        self.clock = clock
        self.entries: dict[str, Entry] = {}
        self.refresh()

    def refresh(self) -> None:
        """The games as the store holds them now (another tab may have changed
        some), except where this tab has written a newer revision than the store
        has answered for yet: its own latest move is never taken back (and a
        game it has just started, not yet in the store, stays)."""
        stored = {s.id: s for s in self.store.items()}
        newer = {i: e for i, e in self.entries.items() if e.stored.rev > (stored[i].rev if i in stored else 0)}
        self.entries = {i: newer.get(i) or read(s, self.games) for i, s in stored.items()}
        self.entries.update(newer)

    def _newest_first(self, entries) -> list[Entry]:
        return sorted(entries, key=lambda e: e.stored.updated, reverse=True)

    def in_progress(self) -> list[Entry]:
        return self._newest_first(e for e in self.entries.values() if e.in_progress)

    def finished(self) -> list[Entry]:
        """Finished games, and those their players ended early."""
        return self._newest_first(e for e in self.entries.values() if e.in_history)

    def damaged(self) -> list[Entry]:
        return self._newest_first(e for e in self.entries.values() if e.problem)

    def get(self, game_id: str) -> Entry | None:
        return self.entries.get(game_id)

    def bytes_used(self) -> int:
        return sum(len(e.stored.text.encode()) for e in self.entries.values())

    def write(self, game_id: str, text: str) -> None:
        """Keeps a game's save (a no-op when it has not changed)."""
        old = self.entries.get(game_id)
        if old and old.stored.text == text:
            return
        stored = Stored(game_id, text, self.clock() * 1000, (old.stored.rev if old else 0) + 1)
        self.entries[game_id] = read(stored, self.games)
        self.store.put(stored)

    def adopt(self, game_id: str, text: str | None, rev: int) -> None:
        """The game as another tab left it (after this tab claimed it)."""
        if text is None:
            return
        old = self.entries.get(game_id)
        updated = old.stored.updated if old else self.clock() * 1000
        self.entries[game_id] = read(Stored(game_id, text, updated, rev), self.games)

    def remove(self, game_id: str) -> None:
        """Asks the store to delete the game; it is gone from the list at once, and
        back at the next refresh if the store refuses."""
        self.entries.pop(game_id, None)
        self.store.remove(game_id)

    def forget(self, game_id: str) -> None:
        """Drops a game the store says is deleted, this tab's own newer copy too."""
        self.entries.pop(game_id, None)


class MemoryStore:
    """A store in memory. Stores made with the same `shared` dict act like tabs
    of one browser: one database and one set of locks between them."""
    def __init__(self, shared: dict | None = None):
        self.shared = shared if shared is not None else {}
        self.shared.setdefault("items", {})
        self.shared.setdefault("locks", {})       # id -> the store (tab) holding it
        self.shared.setdefault("deleted", set())  # ids deleted for good (static/store.js keeps a tombstone)
        self.taken: set[str] = set()              # games another tab took from this one: never written here
        self.listener = None                      # the App: store_event(kind, **details)
        self.fail: str | None = None              # "quota" / "blocked": every write fails

    def _tell(self, kind, **details):
        if self.listener is not None:
            self.listener.store_event(kind, **details)

    def items(self) -> list[Stored]:
        return list(self.shared["items"].values())

    def put(self, item: Stored) -> None:
        if self.fail:
            self._tell("problem", id=item.id, problem=self.fail)
            return
        if item.id in self.shared["deleted"]:
            self._tell("deleted", id=item.id)
            return
        old = self.shared["items"].get(item.id)
        if item.id in self.taken or (old and old.rev >= item.rev):
            self._tell("lost", id=item.id)
            return
        self.shared["items"][item.id] = item
        self._tell("saved", id=item.id)

    def remove(self, game_id: str) -> None:
        holder = self.shared["locks"].get(game_id)
        if holder is not None and holder is not self:
            self._tell("delete_refused", id=game_id)
            return
        self.shared["items"].pop(game_id, None)
        self.shared["deleted"].add(game_id)
        self._tell("removed", id=game_id)

    def claim(self, game_id: str, steal: bool) -> None:
        holder = self.shared["locks"].get(game_id)
        ok = holder is None or holder is self or steal
        if ok:
            self.shared["locks"][game_id] = self
            self.taken.discard(game_id)
            if holder is not None and holder is not self:
                holder.taken.add(game_id)
                holder._tell("lost", id=game_id)
        item = self.shared["items"].get(game_id)
        self._tell("claimed", id=game_id, ok=ok, text=item.text if item else None,
                   rev=item.rev if item else 0)

    def release(self, game_id: str) -> None:
        if self.shared["locks"].get(game_id) is self:
            del self.shared["locks"][game_id]
