"""Every reader of text from outside (a stored save, an imported file, a share
link's game) answers any text up to the limit, in time linear in its length, and
raises nothing but its own SaveError.

The guard is pytest-timeout (a test that hangs fails), never a timing assertion:
the backtracking pattern these replace took hours on 1 MB of an unclosed string
of escapes."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from royaltable import registry
from ui import saves
from ui.library import Stored, read

LIMIT = saves.MAX_CHARS
SEATS = [{"name": "Aki", "kind": "human"}, {"name": "Ben", "kind": "quick"}, {"name": "Chie", "kind": "strong"}]


def a_save(game_id="krypkille", moves=12, seed=3, players=3, over=False) -> str:
    state = registry.get(game_id).new(players, seed=seed)
    chooser = random.Random(seed)
    while not state.over and (over or len(state.actions) < moves):
        state.apply(chooser.choice(state.legal_actions()))
    return saves.dump_state(SEATS[:players], state)


def read_all(text: str) -> None:
    """Every reader over `text`: each answers, and only with its own error."""
    for reader in (saves.peek, saves.load_state):
        try:
            reader(text)
        except saves.SaveError as err:
            assert str(err) in KEYS
    entry = read(Stored("x", text, 0.0, 1), ("court", "krypkille"))
    assert (entry.save is None) == (entry.problem is not None)
    if entry.save is not None:
        saves.read_review(entry.save)


KEYS = {"corrupt", "too_big", "newer", "unknown_game", "no_replay", "older_rules"}


# ---- the worst texts, each at the limit ------------------------------------------------
def fill(head: str, unit: str, tail: str = "") -> str:
    """`head`, `unit` repeated, `tail`: as long as a save may be."""
    return head + unit * ((LIMIT - len(head) - len(tail)) // len(unit)) + tail


WORST = {
    "an unclosed string of escaped quotes": fill('"', '\\"'),
    "an unclosed string of escaped quotes in a save": fill('{"format":"royaltable-save","seats":"', '\\"'),
    "escaped backslashes then a quote": fill('["', "\\\\", '"]'),
    "a lone backslash after each quote": fill("", '"\\'),
    "quotes only": fill("", '"'),
    "deep brackets": fill("", "["),
    "deep objects": fill("", '{"a":'),
    "brackets inside strings": fill('{"format":"royaltable-save","x":"', "[{", '"}'),
    "a huge number": fill('{"format":"royaltable-save","version":', "9", "}"),
    "a huge seed": None,                      # made below, from a real save
    "a huge float": fill('{"format":"royaltable-save","version":1e', "9", "}"),
    "a million empty strings": fill("[", '"",', '""]'),
    "ten thousand extra actions": None,      # made below: it must not replay
}


def _extra_actions() -> str:
    data = json.loads(a_save("krypkille", over=True))
    data["record"]["actions"] += ["play 3"] * 10_000
    return json.dumps(data)


WORST["ten thousand extra actions"] = _extra_actions()
WORST["a huge seed"] = a_save("court").replace('"seed":3', '"seed":' + "9" * 4000)
WORST["a seed past what a number may be"] = a_save("court").replace('"seed":3', '"seed":' + "9" * 900_000)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("name", list(WORST))
def test_the_worst_texts_at_the_limit_are_answered_with_a_save_error(name):
    text = WORST[name]
    assert len(text) <= LIMIT
    with pytest.raises(saves.SaveError) as caught:
        saves.load_state(text)
    assert str(caught.value) in KEYS
    read_all(text)


@pytest.mark.timeout(60)
def test_an_unclosed_string_of_escapes_is_read_in_time_linear_in_its_length():
    # The old pattern: 0.16 s at 4 kB, 10.7 s at 32 kB, hours at 1 MB. A megabyte
    # of it, many times over, stays well inside the guard.
    text = fill('"', '\\"')
    for _ in range(20):
        assert saves.depth(text) == 0
        assert saves.depth("[" + text) == 1


def test_one_character_past_the_limit_is_too_big_before_anything_is_read():
    with pytest.raises(saves.SaveError, match="too_big"):
        saves.peek("[" * (LIMIT + 1))


# ---- the depth scanner agrees with the parser ------------------------------------------
def true_depth(value) -> int:
    if isinstance(value, list):
        return 1 + max((true_depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((true_depth(v) for v in value.values()), default=0)
    return 0


TRICKY = st.text(alphabet='"\\[]{}abc\n\u3042', max_size=12)
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | TRICKY,
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TRICKY, inner, max_size=4),
                    max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(JSON, st.booleans())
def test_the_depth_of_any_json_is_its_nesting(value, ascii_only):
    assert saves.depth(json.dumps(value, ensure_ascii=ascii_only)) == true_depth(value)


# ---- random and adversarial texts ------------------------------------------------------
PIECES = st.sampled_from(['"', "\\", "\\\\", '\\"', "[", "]", "{", "}", ",", ":", "9" * 50, "1e999",
                          "-0", "null", "true", '"format"', '"royaltable-save"', '"record"', '"seats"',
                          '"actions"', "\u2028", "\ud800", "\x00", " "])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(PIECES, max_size=400), st.integers(1, 2000))
@pytest.mark.timeout(120)
def test_adversarial_texts_are_answered_and_only_with_a_save_error(pieces, repeat):
    text = "".join(pieces) * repeat
    read_all(text[:LIMIT + 10])


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=2000))
@pytest.mark.timeout(120)
def test_random_texts_are_answered_and_only_with_a_save_error(text):
    read_all(text)


# Every JSON type in every field of a real save (the seats, the record, its options,
# seed, players and actions, the rules version, digest, winners, review, ended).
def paths(value, at=()):
    yield at
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from paths(inner, at + (key,))
    elif isinstance(value, list):
        for index, inner in enumerate(value[:3]):
            yield from paths(inner, at + (index,))


BASES = {"in progress": a_save("court", moves=15), "finished": a_save("krypkille", over=True)}
PATHS = [(name, path) for name, text in BASES.items() for path in paths(json.loads(text)) if path]
ANY = st.recursive(st.none() | st.booleans() | st.integers() | st.integers(2**70, 2**80)
                   | st.floats(allow_nan=False) | st.text(max_size=8),
                   lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                   max_leaves=8)


def put(data, path, value):
    for key in path[:-1]:
        data = data[key]
    data[path[-1]] = value


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PATHS), ANY)
@pytest.mark.timeout(300)
def test_any_json_in_any_field_of_a_save_is_answered_and_only_with_a_save_error(where, value):
    name, path = where
    data = json.loads(BASES[name])
    put(data, path, value)
    read_all(json.dumps(data))


# ---- what each failure is called -------------------------------------------------------
def edited(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def test_each_kind_of_failure_has_its_own_key():
    good = a_save("court", moves=10)
    cases = {
        "corrupt": ["{", "[]", "{}", edited(good, lambda d: d["record"].update(seed="7")),
                    edited(good, lambda d: d["record"].update(options=[])),
                    edited(good, lambda d: d["record"].update(players=3.0))],
        "too_big": ["[" * (LIMIT + 1)],
        "newer": [edited(good, lambda d: d.update(version=saves.VERSION + 1)),
                  edited(good, lambda d: d.update(rules=registry.get("court").rules_version + 1))],
        "unknown_game": [edited(good, lambda d: d["record"].update(game="chess"))],
        "no_replay": [edited(good, lambda d: d["record"]["actions"].append("no such move")),
                      edited(good, lambda d: d.update(digest="0" * 16))],
        "older_rules": [edited(good, lambda d: d.update(rules=registry.get("court").rules_version - 1))],
    }
    for key, texts in cases.items():
        for text in texts:
            with pytest.raises(saves.SaveError) as caught:
                saves.load_state(text)
            assert str(caught.value) == key, (key, text[:80])
