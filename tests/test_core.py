"""The rules contract itself (royaltable.core), on a toy game small enough to see through.

Every game gets legality checking, the record, sealing and undo from `State`; a bug
here is a bug in all five games, so each behaviour is pinned down exactly.
"""
import random

import pytest

from royaltable import Bot, Game, IllegalAction, RandomBot, State, core


class Toy(State):
    """Seats take turns adding 1 or 2 to a total; the game ends at 6. "think" keeps
    the turn (an action that can be taken back), "peek" reveals something (seals),
    "roll" draws from the game's luck; at 5 the only move is "add 1" (forced)."""

    def __init__(self, game, players, seed, options):
        super().__init__(game, players, seed, options)
        self.total = 0
        self.turn = 0

    @property
    def current(self):
        return None if self.total >= 6 else self.turn % self.players

    def legal_actions(self):
        if self.over:
            return []
        if self.total == 5:
            return ["add 1"]
        return ["add 1", "add 2", "think", "peek", "roll"]

    def _apply(self, action):
        if action.startswith("add"):
            self.total += int(action.split()[1]) * self.options["step"]
            self.turn += 1
        elif action == "peek":
            self.seal()
        elif action == "roll":
            self.rng.random()

    def view(self, seat):
        return {"game": "toy", "players": self.players, "seat": seat,
                "current": self.current, "phase": "play", "total": self.total}

    def result(self):
        return None if not self.over else {"scores": [0] * self.players, "winners": [0]}


TOY = Game(id="toy", title={"ja": "おもちゃ", "en": "Toy"}, min_players=2, max_players=4,
           options={"step": ((1, 2), 1)}, state_class=Toy)
PLAIN = Game(id="plain", title={"ja": "無地", "en": "Plain"}, min_players=1, max_players=1,
             options={}, state_class=Toy)


def toy(*actions, players=3, seed=1):
    state = TOY.new(players, seed=seed)
    for action in actions:
        state.apply(action)
    return state


# ---- Luck: the game's random source -----------------------------------------------

def test_luck_is_random_random_counting_every_draw():
    luck, plain = core.Luck(9), random.Random(9)
    assert luck.draws == 0
    assert luck.random() == plain.random() and luck.draws == 1
    assert luck.random() == plain.random() and luck.draws == 2
    assert luck.getrandbits(20) == plain.getrandbits(20) and luck.draws == 3
    assert luck.getrandbits(5) == plain.getrandbits(5) and luck.draws == 4
    assert core.Luck(9).randint(1, 6) == random.Random(9).randint(1, 6)


# ---- Game.new and options -------------------------------------------------------------

def test_new_accepts_exactly_the_player_range():
    assert TOY.new(2, seed=1).players == 2 and TOY.new(4, seed=1).players == 4
    for bad in (1, 5, True, 2.0, "3", None):
        with pytest.raises(ValueError, match=f"toy is played by 2–4 players, not {bad!r}$"):
            TOY.new(bad, seed=1)


def test_new_gives_the_state_its_game_players_seed_and_options():
    state = TOY.new(3, seed=42, options={"step": 2})
    assert state.game is TOY and state.players == 3 and state.seed == 42
    assert state.options == {"step": 2}
    assert state.actions == [] and state.actors == [] and state.sealed_at == 0
    assert state.rng.draws == 0 and state.rng.random() == random.Random(42).random()
    assert state.current == 0 and not state.over


def test_new_without_a_seed_draws_one_below_2_to_the_31(monkeypatch):
    asked = []

    class Fixed:
        def randrange(self, n):
            asked.append(n)
            return n - 1

    monkeypatch.setattr(core.random, "SystemRandom", Fixed)
    assert TOY.new(2).seed == 2**31 - 1 and asked == [2**31]
    assert TOY.new(2, seed=0).seed == 0 and asked == [2**31]      # a given seed is kept


@pytest.mark.parametrize("seed", [True, 1.5, "7"])
def test_new_refuses_a_seed_that_is_not_an_integer(seed):
    with pytest.raises(ValueError, match=f"^seed must be an integer, not {seed!r}$"):
        TOY.new(2, seed=seed)


def test_options_default_given_and_refused():
    assert TOY.resolve_options(None) == {"step": 1}
    assert TOY.resolve_options({}) == {"step": 1}
    given = {"step": 2}
    assert TOY.resolve_options(given) == {"step": 2} and given == {"step": 2}
    with pytest.raises(ValueError, match=r"^toy: option step=3 is not one of 1, 2$"):
        TOY.resolve_options({"step": 3})
    with pytest.raises(ValueError, match=r"^toy: unknown option\(s\) a, b; known: step$"):
        TOY.resolve_options({"b": 1, "a": 1, "step": 1})
    with pytest.raises(ValueError, match=r"^plain: unknown option\(s\) x; known: none$"):
        PLAIN.resolve_options({"x": 1})
    assert PLAIN.resolve_options(None) == {}


# ---- apply --------------------------------------------------------------------------------

def test_apply_plays_for_the_seat_to_move_and_records_it():
    state = toy()
    assert state.apply("add 1") is state
    state.apply("add 2", seat=1)
    assert state.actions == ["add 1", "add 2"] and state.actors == [0, 1]
    assert state.total == 3 and state.current == 2


def test_apply_refuses_in_words_and_changes_nothing():
    state = toy("add 1")
    with pytest.raises(IllegalAction, match=r"^it is seat 2's turn, not seat 1's$"):
        state.apply("add 1", seat=0)
    with pytest.raises(IllegalAction, match=r"^'add 3' is not allowed now; allowed: "
                                            r"add 1, add 2, think, peek, roll$"):
        state.apply("add 3")
    with pytest.raises(IllegalAction, match=r"^7 is not allowed now"):
        state.apply(7)
    assert state.actions == ["add 1"] and state.actors == [0] and state.total == 1


def test_apply_refuses_everything_once_the_game_is_over():
    state = toy("add 2", "add 2", "add 2")
    assert state.over and state.current is None and state.legal_actions() == []
    with pytest.raises(IllegalAction, match="^the game is over: no more actions$"):
        state.apply("add 1")


# ---- sealing and undo ------------------------------------------------------------------

def test_a_plain_action_can_be_taken_back():
    state = toy("add 1", "think")
    assert state.sealed_at == 0
    assert state.undo_depth(1) == 1 and state.undo_depth(0) == 0


def test_drawing_from_the_luck_seals():
    state = toy("add 1", "roll")
    assert state.sealed_at == 2 and state.undo_depth(1) == 0
    state.apply("think")
    assert state.sealed_at == 2 and state.undo_depth(1) == 1


def test_revealing_seals_once():
    state = toy("add 1", "peek")
    assert state.sealed_at == 2
    state.apply("think")                     # the seal of "peek" is used up
    assert state.sealed_at == 2 and state.undo_depth(1) == 1


def test_a_forced_move_seals():
    state = toy("add 2", "add 2", "think", "add 1")
    assert state.total == 5 and state.sealed_at == 0 and state.legal_actions() == ["add 1"]
    state.apply("add 1")
    assert state.over and state.sealed_at == 5


def test_undo_depth_counts_own_moves_back_to_another_seat_or_a_seal():
    state = toy("think", "add 1", "think", "think", "think")
    assert state.actors == [0, 0, 1, 1, 1]
    assert state.undo_depth(1) == 3 and state.undo_depth(0) == 0 and state.undo_depth(2) == 0
    state.apply("peek")
    state.apply("think")
    assert state.undo_depth(1) == 1


def test_without_last_replays_all_but_the_last_actions():
    state = TOY.new(3, seed=4, options={"step": 2})
    for action in ("add 1", "think", "roll", "think"):
        state.apply(action)
    back = state.without_last()
    assert back.actions == ["add 1", "think", "roll"] and back.options == {"step": 2}
    assert back.total == 2 and back.rng.draws == 1 and back.seed == 4 and back.players == 3
    assert state.without_last(3).actions == ["add 1"]
    assert state.without_last(0).actions == state.actions
    assert state.actions == ["add 1", "think", "roll", "think"]


def test_record_is_plain_data_and_a_copy():
    state = TOY.new(2, seed=8, options={"step": 2})
    state.apply("add 1")
    record = state.record()
    assert record == {"game": "toy", "options": {"step": 2}, "seed": 8, "players": 2,
                      "actions": ["add 1"]}
    record["actions"].append("x")
    record["options"]["step"] = 1
    assert state.actions == ["add 1"] and state.options == {"step": 2}


def test_clone_is_independent():
    state = toy("add 1")
    other = state.clone()
    other.apply("add 2")
    assert state.actions == ["add 1"] and state.total == 1
    assert other.actions == ["add 1", "add 2"] and other.total == 3


def test_the_base_state_leaves_the_rules_to_the_game():
    state = State(TOY, 2, 1, {})
    for call in (lambda: state.current, state.legal_actions, lambda: state.view(0),
                 state.result, lambda: state._apply("x")):
        with pytest.raises(NotImplementedError):
            call()


# ---- bots ---------------------------------------------------------------------------------

def test_bots_are_seeded():
    assert Bot(5).rng.random() == random.Random(5).random()
    with pytest.raises(NotImplementedError):
        Bot(1).choose({}, ["a"])
    legal = [str(n) for n in range(50)]
    picks = [RandomBot(3).choose({}, legal) for _ in range(2)]
    assert picks[0] == picks[1] == random.Random(3).choice(legal)
    assert RandomBot().choose({}, legal) == random.Random(0).choice(legal)
