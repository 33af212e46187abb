"""The rules contract, checked over every registered game, player count and option.

New games get these checks by registering; nothing here names a game. A game with
private information (hands) says what each seat may know privately in one function
next to its own tests, `private_cards(state, seat) -> list of card ids` in
tests/test_<game id>.py; without it, everything must be public (`check_privacy`).
"""
import collections
import importlib
import itertools
import json
import pickle
import random
import warnings

import pytest

from royaltable import IllegalAction, registry
from royaltable.core import DERIVED, HIDDEN, PRIVATE, PUBLIC, State
from screens import strings

MAX_ACTIONS = 6000
SEEDS = (1, 2, 3, 4, 5)


def configurations():
    """Every option at every number of players, one game each: seed 1 where mutation
    testing runs it (the fewest and the usual number of players), elsewhere a seed
    that turns with the configuration, so that the suite sees several deals."""
    turn = 0
    for game_id in registry.ids():
        game = registry.get(game_id)
        names = list(game.options)
        for values in itertools.product(*(game.options[n][0] for n in names)):
            for players in range(game.min_players, game.max_players + 1):
                fast = quick(game, players)
                seed = SEEDS[0] if fast else SEEDS[1 + turn % (len(SEEDS) - 1)]
                turn += not fast
                yield pytest.param(game_id, players, dict(zip(names, values)), seed,
                                   id=f"{game_id}-{players}p-{'-'.join(map(str, values))}-s{seed}",
                                   marks=[] if fast else [pytest.mark.slow])


def quick(game, players):
    """The configurations mutation testing runs (tools/mutate.sh): the fewest and the
    usual number of players, every option."""
    return players in (game.min_players, game.default_players)


def look(state):
    """Everything a state shows: every seat's view, whose turn, the legal actions, the result."""
    return {"views": [state.view(s) for s in [None, *range(state.players)]],
            "current": state.current, "legal": state.legal_actions(), "result": state.result()}


def snapshot(state):
    """What a state shows, as a copy that later play cannot change (a view may share lists
    with its state): pickled and read back, 20 times quicker than JSON text here. What is
    compared at once is looked at (`look`), not copied: the copies were a sixth of the
    play-outs' time."""
    return pickle.loads(pickle.dumps(look(state)))


def differing_strings(a, b):
    """Two views compared part by part, the equal parts skipped by one `==` each:
    (the strings in a's differing parts, those in b's, whether a and b have the same
    shape: the same keys, lengths, numbers and flags, strings aside).

    The equal parts hold the same strings on both sides, so
    `strings(a) - strings(b) == only_a - only_b` exactly. Two views of one table
    differ in a few cards; walking only those is what keeps the privacy check at
    every step of every play-out affordable (a whole view's walk was 1 ms)."""
    only_a, only_b, same_shape = [], [], True
    pairs = [(a, b)]
    while pairs:
        x, y = pairs.pop()
        if x == y:
            continue
        if isinstance(x, str) and isinstance(y, str):
            only_a.append(x)
            only_b.append(y)
        elif isinstance(x, dict) and isinstance(y, dict) and x.keys() == y.keys():
            pairs.extend((x[key], y[key]) for key in x)
        elif isinstance(x, (list, tuple)) and isinstance(y, (list, tuple)) and len(x) == len(y):
            pairs.extend(zip(x, y))
        else:
            same_shape = False
            only_a.extend(strings(x).elements())
            only_b.extend(strings(y).elements())
    return collections.Counter(only_a), collections.Counter(only_b), same_shape


def private_cards_of(game_id):
    """The game's `private_cards(state, seat)` from tests/test_<id>.py, or None."""
    try:
        module = importlib.import_module(f"test_{game_id}")
    except ModuleNotFoundError:
        return None
    return getattr(module, "private_cards", None)


def check_privacy(state, probe, looked=None):
    """No view shows what its seat may not know. Trusts no game's word about its own
    views beyond the short list of what a seat knows privately (`private_cards`), and
    uses `sample_state` of one seat only to re-deal what is hidden from that seat.
    `looked`: what `look(state)` gave, when the caller has it (its views are not asked again)."""
    private = private_cards_of(state.game.id)
    seats = range(state.players)
    seen = looked["views"] if looked else [state.view(seat) for seat in [None, *seats]]
    views = dict(zip([None, *seats], seen))
    known = {seat: collections.Counter(private(state, seat) if private else ()) for seat in seats}

    # 1. view(seat) = the onlookers' view + exactly this seat's private cards
    for seat in seats:
        if dict(views[seat], seat=None) == views[None]:    # the same but for "seat": quick
            assert not known[seat], \
                f"seat {seat} may know {dict(known[seat])} but its view does not show it"
            continue
        public, mine, _ = differing_strings(views[None], views[seat])
        assert public - mine == collections.Counter(), \
            f"view(None) shows {dict(public - mine)} that seat {seat}'s view does not"
        if private:
            assert mine - public == known[seat], \
                f"seat {seat} sees {dict(mine - public)}, may know privately {dict(known[seat])}"
    # 2. views depend only on what their seat knows. Re-deal everything hidden from
    # one seat (its sample_state): that seat's view and the onlookers' view stay the
    # same, and every other seat's view changes in its own private cards at most.
    dealt = probe.randrange(state.players)
    seed = probe.randrange(2**31)
    other = state.game.sample_state(views[dealt], seed)
    assert other.view(dealt) == views[dealt], "sample_state disagrees with the view"
    assert (other.game, other.players, other.options) == (state.game, state.players, state.options)
    if not state.over:       # the same seed, the same world, and it plays on the same
        again = state.game.sample_state(views[dealt], seed)
        legal = other.legal_actions()
        assert legal, "a sampled game in progress offers no action"
        action = probe.choice(legal)
        assert look(again.apply(action)) == look(other.clone().apply(action))
    assert other.view(None) == views[None], \
        f"re-dealing what seat {dealt} cannot see changed the onlookers' view"
    if state.current == dealt:
        assert other.legal_actions() == state.legal_actions()
    onlookers = None
    for seat in seats:
        if seat == dealt:
            continue
        after = other.view(seat)
        if after == views[seat]:
            continue
        now, before, same_shape = differing_strings(after, views[seat])
        assert same_shape, \
            f"re-dealing what seat {dealt} cannot see changed more than cards in seat {seat}'s view"
        if private:
            # strings(after) - its private cards == strings(view) - known[seat], where
            # strings(view) = strings(view(None)) + known[seat] (step 1), so the right
            # side is the onlookers' strings, and strings(after) = strings(view) -
            # before + now. Only the strings changed or private can differ: those are
            # compared.
            onlookers = onlookers if onlookers is not None else strings(views[None])
            known_after = collections.Counter(private(other, seat))
            for card in {*now, *before, *known[seat], *known_after}:
                shown_after = onlookers[card] + known[seat][card] - before[card] + now[card]
                assert max(0, shown_after - known_after[card]) == onlookers[card], \
                    f"re-dealing what seat {dealt} cannot see changed seat {seat}'s view beyond its own cards"


def playout(game_id, players, options, seed, check=None):
    state = registry.get(game_id).new(players, seed=seed, options=options)
    chooser = random.Random(seed * 7919 + players)
    for _ in range(MAX_ACTIONS):
        if state.over:
            return state
        if check:
            check(state, chooser)
        state.apply(chooser.choice(state.legal_actions()))
    pytest.fail(f"{game_id} did not end within {MAX_ACTIONS} actions")


@pytest.mark.parametrize("game_id,players,options,seed", list(configurations()))
def test_random_playout_keeps_the_contract(game_id, players, options, seed):
    probe = random.Random(seed)

    def check(state, chooser):
        legal = state.legal_actions()
        assert legal, "a game in progress offers at least one action"
        assert len(set(legal)) == len(legal), "legal actions are distinct"
        assert all(isinstance(a, str) for a in legal)
        view = state.view(state.current)
        assert json.loads(json.dumps(view)) == view, "views are JSON data"
        assert (view["game"], view["players"], view["seat"], view["current"]) == \
            (game_id, players, state.current, state.current) and "phase" in view
        # an illegal action raises and changes nothing
        before = snapshot(state)
        json.dumps(before["views"])        # every seat's view is JSON data (raises if not)
        for bad in ("no such action", legal[0] + " x", 42):
            with pytest.raises(IllegalAction):
                state.apply(bad)
        other = (state.current + 1) % state.players
        with pytest.raises(IllegalAction):
            state.apply(legal[0], seat=other)
        assert look(state) == before
        check_privacy(state, probe, before)
        # a clone is the same game, and every legal action applies to one alone
        assert look(state.clone()) == before
        for action in probe.sample(legal, min(3, len(legal))):
            state.clone().apply(action)
        assert look(state) == before

    state = playout(game_id, players, options, seed, check)
    if private_cards_of(game_id) is None:
        warnings.warn(f"{game_id}: define private_cards(state, seat) in tests/test_{game_id}.py "
                      f"so that each view is checked to show exactly what its seat may know")
    result = state.result()
    assert state.current is None and state.legal_actions() == []
    assert len(result["scores"]) == players and result["winners"]
    with pytest.raises(IllegalAction):
        state.apply("anything")
    record = json.loads(json.dumps(state.record()))
    assert record["game"] == game_id and record["players"] == players
    assert snapshot(registry.replay(record)) == snapshot(state)


@pytest.mark.parametrize("game_id", registry.ids())
def test_same_seed_same_game(game_id):
    game = registry.get(game_id)
    players = game.default_players or game.min_players
    first = playout(game_id, players, {}, 5)
    second = playout(game_id, players, {}, 5)
    assert first.record() == second.record()
    assert snapshot(first) == snapshot(second)
    assert game.new(players, seed=5).view(None) == game.new(players, seed=5).view(None)


@pytest.mark.parametrize("game_id", registry.ids())
def test_bad_setup_is_a_clear_error(game_id):
    game = registry.get(game_id)
    with pytest.raises(ValueError, match="players"):
        game.new(game.max_players + 1)
    with pytest.raises(ValueError, match="players"):
        game.new(game.min_players - 1)
    with pytest.raises(ValueError, match="unknown option"):
        game.new(game.min_players, options={"no_such_option": 1})
    for name, (choices, _) in game.options.items():
        with pytest.raises(ValueError, match=name):
            game.new(game.min_players, options={name: "not-a-choice"})


def test_unknown_game_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        registry.get("chess")


@pytest.mark.parametrize("game_id", registry.ids())
def test_bad_records_are_refused_in_words(game_id):
    game = registry.get(game_id)
    state = game.new(game.min_players, seed=3)
    record = state.record()
    record["actions"] = ["no such action"]
    with pytest.raises(ValueError, match="does not replay"):
        registry.replay(record)
    with pytest.raises(ValueError, match="not a game record"):
        registry.replay({"game": game_id})


@pytest.mark.slow
@pytest.mark.parametrize("game_id", registry.ids())
def test_every_bot_level_plays_a_game_through_views_only(game_id):
    game = registry.get(game_id)
    players = game.default_players or game.min_players
    shortest = {name: choices[0] for name, (choices, _) in game.options.items()}
    state = game.new(players, seed=11, options=shortest)
    levels = list(game.bots)
    bots = [game.bots[levels[s % len(levels)]](seed=s) for s in range(players)]
    for _ in range(MAX_ACTIONS):
        if state.over:
            break
        seat = state.current
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()), seat=seat)
    assert state.over


# ---- the state's fields, declared once (State.FIELDS) ----------------------------------

def _base_fields():
    game = registry.get(registry.ids()[0])
    return set(vars(State(game, game.min_players, 0, {})))


def fields(state, names):
    """The declared fields' values as JSON-like text: a comparable snapshot."""
    return json.dumps({name: getattr(state, name) for name in sorted(names)}, default=repr, sort_keys=True)


@pytest.mark.parametrize("game_id", registry.ids())
def test_state_fields_are_declared_once(game_id):
    """Every field a game's state adds is declared once in FIELDS with its kind; at
    every step its attributes are exactly those, clone() copies each (equal, and
    playing on in the copy changes nothing of the original: what the copy shares
    must be what no action changes) and sample_state() sets each, so none is
    forgotten in one."""
    game = registry.get(game_id)
    declared = game.state_class.FIELDS
    assert declared, f"{game_id}: declare {game.state_class.__name__}.FIELDS"
    assert set(declared.values()) <= {PUBLIC, PRIVATE, HIDDEN, DERIVED}
    base = _base_fields()
    assert not base & set(declared), "the base's own fields are not declared again"
    for players in sorted({game.min_players, game.max_players}):
        rng = random.Random(players)
        state = game.new(players, seed=players)
        for step in range(400):
            assert set(vars(state)) - base == set(declared), f"step {step}"
            if step % 5 == 0:
                copy = state.clone()
                for name in declared:
                    assert getattr(copy, name) == getattr(state, name), f"clone() changes {name}"
                before = fields(state, [*declared, "actions", "actors"])
                ahead = random.Random(step)
                for _ in range(30):
                    if copy.over:
                        break
                    copy.apply(ahead.choice(copy.legal_actions()))
                assert fields(state, [*declared, "actions", "actors"]) == before, \
                    f"playing on in a clone changed the original (step {step})"
                for seat in range(players):
                    sampled = game.sample_state(state.view(seat), seat)
                    assert set(vars(sampled)) - base == set(declared), f"sample_state, seat {seat}"
            if state.over:
                break
            state.apply(rng.choice(state.legal_actions()))


# ---- typed actions -------------------------------------------------------------------

@pytest.mark.parametrize("game_id", registry.ids())
def test_every_legal_action_is_a_typed_value_that_reads_back_from_its_text(game_id):
    """legal_actions() gives the game's Action values (never bare strings); each one's
    text parses back to the very same value, and apply() plays the typed value even
    when a record's plain text comes in."""
    game = registry.get(game_id)
    assert game.actions is not None, f"{game_id}: give Game(actions=...) its Actions"
    kinds = set(game.actions.kinds)
    for players in sorted({game.min_players, game.max_players}):
        rng = random.Random(players)
        state = game.new(players, seed=players)
        while not state.over and len(state.actions) < 600:
            legal = state.legal_actions()
            for action in legal:
                assert type(action) in kinds, (action, type(action))
                assert game.parse(str(action)) is action
                assert game.parse(str.__str__(action)) is action
            chosen = rng.choice(legal)
            state.apply(str.__str__(chosen))          # a plain string, as a record holds it
            assert state.actions[-1] == chosen and type(state.actions[-1]) is type(chosen)
        assert json.loads(json.dumps(state.record()))["actions"] == [str(a) for a in state.actions]
