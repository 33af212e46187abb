"""The rules contract under Hypothesis's stateful testing, over every registered game.

Hypothesis picks the game's set-up and each action, jumps ahead by a seeded random
run now and then to reach late phases, and checks the contract after every step.
When a check fails it shrinks the run to the shortest sequence of steps that still
fails, and prints it. Derandomized: the same runs every time (CI stays deterministic).
"""
import json
import random

import pytest
from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import (RuleBasedStateMachine, initialize, invariant, precondition,
                                 rule, run_state_machine_as_test)

from royaltable import IllegalAction, registry
from test_conformance import check_privacy, snapshot

SETTINGS = settings(max_examples=10, stateful_step_count=20, derandomize=True, deadline=None,
                    database=None, suppress_health_check=list(HealthCheck))


class Play(RuleBasedStateMachine):
    game_id = None

    @initialize(data=st.data())
    def set_up(self, data):
        game = registry.get(self.game_id)
        players = data.draw(st.integers(game.min_players, game.max_players), label="players")
        options = {name: data.draw(st.sampled_from(choices), label=name)
                   for name, (choices, _) in game.options.items()}
        seed = data.draw(st.integers(0, 2**31 - 1), label="seed")
        self.state = game.new(players, seed=seed, options=options)
        self.probe = random.Random(seed)

    @precondition(lambda self: not self.state.over)
    @rule(data=st.data())
    def act(self, data):
        self.state.apply(data.draw(st.sampled_from(self.state.legal_actions()), label="action"))

    @precondition(lambda self: not self.state.over)
    @rule(steps=st.integers(1, 60), seed=st.integers(0, 2**16))
    def jump_ahead(self, steps, seed):
        chooser = random.Random(seed)
        for _ in range(steps):
            if self.state.over:
                break
            self.state.apply(chooser.choice(self.state.legal_actions()))

    @precondition(lambda self: not self.state.over)
    @rule(action=st.text(max_size=12), other_seat=st.booleans())
    def refuse(self, action, other_seat):
        state = self.state
        legal = state.legal_actions()
        before = snapshot(state)
        if other_seat:     # a legal action from someone whose turn it is not
            seat = (state.current + 1) % state.players
            action = legal[0]
        else:
            seat = None
            if action in legal:
                return
        with pytest.raises(IllegalAction):
            state.apply(action, seat=seat)
        assert snapshot(state) == before

    @precondition(lambda self: self.state.over)
    @rule(action=st.text(max_size=12))
    def refuse_after_the_end(self, action):
        with pytest.raises(IllegalAction):
            self.state.apply(action)

    @invariant()
    def keeps_the_contract(self):
        state = self.state
        legal = state.legal_actions()
        assert (state.current is None) == state.over == (legal == []) == (state.result() is not None)
        assert len(set(legal)) == len(legal) and all(isinstance(a, str) for a in legal)
        check_privacy(state, self.probe)

    def teardown(self):
        if hasattr(self, "state"):   # the record replays to the same game
            record = json.loads(json.dumps(self.state.record()))
            assert snapshot(registry.replay(record)) == snapshot(self.state)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", registry.ids())
def test_random_action_sequences_keep_the_contract(game_id):
    machine = type(f"Play_{game_id}", (Play,), {"game_id": game_id})
    run_state_machine_as_test(machine, settings=SETTINGS)
