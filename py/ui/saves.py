"""One saved game: who sits where and the game's record, as versioned JSON.

A save is only ever a record to replay, so it survives reloads and new deploys.
It also says which rules version of its game wrote it and a digest of the
position after its last action, so a change to the rules that would put the
game somewhere else is noticed, never continued in a different position.

`peek` reads a save without the rules (the home screen lists the library before
the rules package is imported; the page's first paint reads it the same way in
JavaScript); `load` replays it and is what Continue uses. Neither can be stopped
by what a save holds (a stored save, an imported file and a share link are all
text from outside): its size is checked first, then its nesting in time linear
in its length (no backtracking pattern), before it is parsed; and every failure
is a SaveError whose message is a key the screen explains.
"""
from __future__ import annotations

import itertools
import json
import re
from typing import NamedTuple

LEGACY_KEY = "royaltable.save"   # the one save slot of earlier versions (localStorage)
FORMAT = "royaltable-save"
VERSION = 2                      # 2: rules version and digest; 1 (earlier versions) still reads
# Who plays a seat: a person or a computer level (weakest first). A save of any
# earlier version names one of these too: "gentle" came last, nothing was removed.
KINDS = ("human", "gentle", "quick", "strong")
NAME_LIMIT = 32                  # as on the new-game screen
MAX_CHARS = 1_000_000            # a long game's save is tens of kB
MAX_DEPTH = 12                   # a save is five levels deep

_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")    # one character class: nothing to backtrack


class SaveError(ValueError):
    """A save that cannot be used; the message is a key the screen explains:
    corrupt (not a save, or a damaged one), too_big, newer (made by a newer
    version of the app, or under newer rules of its game), unknown_game,
    no_replay (its moves do not replay under its own rules: damaged) or
    older_rules (saved under older rules of its game, and today's do not bring
    it back to the same position)."""


class Save(NamedTuple):
    seats: list[dict]
    record: dict
    finished: bool              # kept after the end for a replay; not offered to continue
    rules: int | None = None    # the rules version of its game that wrote it
    digest: str | None = None   # of the position after its last action
    winners: list | None = None # seats, once it is finished (the history shows them)
    review: object = None       # a finished game's review as Review.to_dict() wrote it, unread
    ended: bool = False         # ended by its players before the end: kept in the history, unfinished
    practice: dict | None = None   # a practice game: {"move": n}, tried again from before move n of another


def digest(state) -> str:
    """A short fingerprint of a position: what everybody at the table can see."""
    import hashlib          # here, not at start: the home screen digests nothing
    text = json.dumps(state.view(None), sort_keys=True, ensure_ascii=False, default=_plain)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _plain(value):
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    return repr(value)


def dump(seats: list[dict], record: dict, finished: bool = False, rules: int | None = None,
         position: str | None = None, winners: list | None = None, review: dict | None = None,
         ended: bool = False, practice: dict | None = None) -> str:
    data = {"format": FORMAT, "version": VERSION, "seats": seats, "record": record, "finished": finished}
    if ended:
        data["ended"] = True
    if practice is not None:
        data["practice"] = practice
    if rules is not None:
        data["rules"] = rules
    if position is not None:
        data["digest"] = position
    if winners is not None:
        data["winners"] = winners
    if review is not None:
        data["review"] = review
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def dump_state(seats: list[dict], state, review: dict | None = None, ended: bool = False,
               practice: dict | None = None) -> str:
    """The save of a game as it stands, with its rules version and digest (and
    its review, once a finished game has one). `ended`: its players ended it
    before the end (a finished game is never "ended"); `practice`: it is a
    practice game ({"move": n}: tried again from before move n of another)."""
    winners = list(state.result()["winners"]) if state.over else None
    return dump(seats, state.record(), state.over, state.game.rules_version, digest(state), winners,
                review if state.over else None, ended and not state.over, practice)


def depth(text: str) -> int:
    """How deeply the JSON text nests, read without parsing it, in time linear in
    its length whatever it holds (str methods and one character class, which
    cannot backtrack: a pattern for whole strings could, for hours, on an unclosed
    string of escapes). The brackets counted are those outside strings, as far as
    the text is JSON; past a point where it is not, json.loads stops anyway."""
    # Escapes first: every escaped backslash, then every escaped quote, so the
    # quotes left are exactly those that open and close strings.
    plain = text.replace("\\\\", "").replace('\\"', "")
    outside = "".join(plain.split('"')[::2])
    brackets = _NOT_BRACKETS.sub("", outside)
    return max(0, max(itertools.accumulate(map(_STEP.__getitem__, brackets)), default=0))


def peek(text: str, games=()) -> Save:
    """The save's shape checked, nothing replayed; `games`: the ids this app knows."""
    if not isinstance(text, str):
        raise SaveError("corrupt")
    if len(text) > MAX_CHARS:
        raise SaveError("too_big")
    if depth(text) > MAX_DEPTH:
        raise SaveError("corrupt")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise SaveError("corrupt") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("corrupt")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError("corrupt")
    if version > VERSION:
        raise SaveError("newer")
    seats, record = data.get("seats"), data.get("record")
    if (not isinstance(seats, list) or not isinstance(record, dict)
            or not all(isinstance(s, dict) and isinstance(s.get("name"), str)
                       and s.get("kind") in KINDS for s in seats)
            or not _is_int(record.get("players")) or len(seats) != record["players"]
            or not _is_int(record.get("seed")) or not isinstance(record.get("options", {}), dict)
            or not isinstance(record.get("actions"), list)
            or not all(isinstance(a, str) for a in record["actions"])
            or not isinstance(record.get("game"), str)):
        raise SaveError("corrupt")
    if games and record["game"] not in games:
        raise SaveError("unknown_game")
    rules, position, winners = data.get("rules"), data.get("digest"), data.get("winners")
    if (rules is not None and not _is_int(rules)) \
            or (position is not None and not isinstance(position, str)) \
            or (winners is not None and not (isinstance(winners, list) and all(
                isinstance(w, int) and not isinstance(w, bool) for w in winners))):
        raise SaveError("corrupt")
    # A name is drawn on every screen: one longer than the setup allows is cut.
    # A seat may say its name is a default one ("default": true: drawn in the
    # screen's language); saves of earlier versions have no such key.
    seats = [{"name": s["name"].strip()[:NAME_LIMIT] or "?", "kind": s["kind"],
              **({"default": True} if s.get("default") is True else {})} for s in seats]
    # A review is an extra, kept unread here: read_review checks it against the
    # rules, and a damaged one is dropped there, never the game.
    finished = data.get("finished") is True
    practice = data.get("practice")
    if practice is not None and not (isinstance(practice, dict) and _is_int(practice.get("move"))
                                     and practice["move"] >= 1):
        practice = None                 # a mark only: a damaged one is dropped, never the game
    return Save(seats, record, finished, rules, position, winners, data.get("review"),
                data.get("ended") is True and not finished, practice and {"move": practice["move"]})


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def load(text: str) -> Save:
    """The seats and record of a save, checked by replaying it; else SaveError."""
    return load_state(text)[0]


def load_state(text: str):
    """(save, state): the save checked by replaying it to the position it was
    saved at; else SaveError, and only SaveError, whatever the text holds."""
    from royaltable import registry
    save = peek(text)
    try:
        game = registry.get(save.record["game"])
    except ValueError:
        raise SaveError("unknown_game") from None
    if any(s["kind"] not in ("human", *game.bots) for s in save.seats):
        raise SaveError("corrupt")
    if save.rules is not None and save.rules > game.rules_version:
        raise SaveError("newer")
    # A save of earlier rules (or of the first save format, which did not say)
    # that does not come back to its position was played under other rules; one
    # of today's rules that does not is damaged.
    earlier = save.rules is None or save.rules < game.rules_version
    if save.rules is not None and earlier:
        raise SaveError("older_rules")
    try:
        state = registry.replay(save.record)
    except Exception:    # a record from outside: whatever the rules raise on it, it does not replay
        raise SaveError("older_rules" if earlier else "no_replay") from None
    if save.digest is not None and save.digest != digest(state):
        raise SaveError("older_rules" if earlier else "no_replay")
    return save._replace(finished=state.over, ended=save.ended and not state.over), state


def read_review(save: Save):
    """The save's review (royaltable.review.Review) if it has a sound one for
    this very game: its game, its seats and every graded move's action as the
    record has them. Anything else is None: a damaged review is dropped, never
    the game."""
    if save.review is None or not save.finished:
        return None
    from royaltable.review import Review
    try:
        review = Review.from_dict(save.review)
    except (ValueError, TypeError, KeyError):
        return None
    actions = save.record["actions"]
    if (review.game != save.record["game"] or any(seat >= len(save.seats) for seat in review.seats)
            or any(len(chances) != len(save.seats) for _, chances in review.curve)
            or any(point > len(actions) for point, _ in review.curve)
            or any(move.index >= len(actions) or actions[move.index] != move.played for move in review.moves)):
        return None
    return review


def with_review(text: str, review: dict | None) -> str:
    """A finished game's save text with its review kept in it (None: dropped),
    nothing else changed."""
    data = json.loads(text)
    if review is None:
        data.pop("review", None)
    else:
        data["review"] = review
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
