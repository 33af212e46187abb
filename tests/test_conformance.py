"""The rules contract, checked over every registered game, player count and option.

New games get these checks by registering; nothing here names a game.
"""
import itertools
import json
import random

import pytest

from royaltable import IllegalAction, registry

MAX_ACTIONS = 6000
SEEDS = (1, 2)


def configurations():
    for game_id in registry.ids():
        game = registry.get(game_id)
        names = list(game.options)
        for values in itertools.product(*(game.options[n][0] for n in names)):
            for players in range(game.min_players, game.max_players + 1):
                for seed in SEEDS:
                    yield pytest.param(game_id, players, dict(zip(names, values)), seed,
                                       id=f"{game_id}-{players}p-{'-'.join(map(str, values))}-s{seed}")


def snapshot(state):
    return json.dumps({"views": [state.view(s) for s in [None, *range(state.players)]],
                       "current": state.current, "legal": state.legal_actions(),
                       "result": state.result()}, sort_keys=True, ensure_ascii=False)


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
    game = registry.get(game_id)
    probe = random.Random(seed)

    def check(state, chooser):
        legal = state.legal_actions()
        assert legal, "a game in progress offers at least one action"
        assert len(set(legal)) == len(legal), "legal actions are distinct"
        assert all(isinstance(a, str) for a in legal)
        json.dumps(state.view(state.current))  # JSON-friendly
        # an illegal action raises and changes nothing
        before = snapshot(state)
        for bad in ("no such action", legal[0] + " x", 42):
            with pytest.raises(IllegalAction):
                state.apply(bad)
        other = (state.current + 1) % state.players
        with pytest.raises(IllegalAction):
            state.apply(legal[0], seat=other)
        assert snapshot(state) == before
        # a seat's view depends only on what it may know: redeal everything hidden from it
        seat = probe.randrange(state.players)
        view = state.view(seat)
        sampled = game.sample_state(view, probe.randrange(2**31))
        assert sampled.view(seat) == view
        if state.current == seat:
            assert sampled.legal_actions() == legal
        # every legal action applies (on a copy)
        for action in probe.sample(legal, min(3, len(legal))):
            state.clone().apply(action)

    state = playout(game_id, players, options, seed, check)
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
