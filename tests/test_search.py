"""The shared search (royaltable.search): it sees only the view, keeps its budget,
is deterministic for a seed, finds an obvious win, and listens to its model."""
import collections
import copy
import random

import pytest

from royaltable import registry
from royaltable.core import Game, State
from royaltable.games.krypkille.rules import sample_state as krypkille_sample
from royaltable.search import NEVER_SURE, Model, SearchBot


# ---- a tiny game: two players add 1, 2 or 3 to a counter; reaching 10 wins -----------

class CounterState(State):
    TARGET = 10

    def __init__(self, game, players, seed, options):
        super().__init__(game, players, seed, options)
        self.count = 0
        self.turn = 0
        self.winner = None

    @property
    def current(self):
        return None if self.winner is not None else self.turn

    def legal_actions(self):
        return [] if self.over else ["add 1", "add 2", "add 3"]

    def _apply(self, action):
        self.count += int(action[4:])
        if self.count >= self.TARGET:
            self.winner = self.turn
        else:
            self.turn = 1 - self.turn

    def view(self, seat):
        return {"game": "counter", "players": 2, "seat": seat, "current": self.current,
                "phase": "play", "count": self.count}

    def result(self):
        if self.winner is None:
            return None
        return {"scores": [int(s == self.winner) for s in range(2)], "winners": [self.winner]}


def counter_sample(view, seed):
    state = COUNTER.new(2, seed=seed)
    state.count, state.turn = view["count"], view["current"]
    return state


COUNTER = Game(id="counter", title={"ja": "数", "en": "Counter"}, min_players=2, max_players=2,
               options={}, state_class=CounterState, sample_state=counter_sample)


class CounterModel(Model):
    """Random play-outs; counts what the search asks of it."""
    def __init__(self):
        self.calls = {"sample": 0, "playout": 0, "evaluate": 0, "stop": 0, "follow": 0}

    def sample(self, view, rng):
        self.calls["sample"] += 1
        return counter_sample(view, rng.randrange(2**31))

    def playout(self, state, rng):
        self.calls["playout"] += 1
        return super().playout(state, rng)

    def evaluate(self, state):
        self.calls["evaluate"] += 1
        return super().evaluate(state)

    def stop(self, root, state):
        self.calls["stop"] += 1
        return super().stop(root, state)

    def follow(self, plan, state, rng):
        self.calls["follow"] += 1
        return plan


def counter_view(count, seat=0):
    state = COUNTER.new(2, seed=1)
    state.count, state.turn = count, seat
    return state.view(seat), state.legal_actions()


def test_finds_the_obvious_win():
    view, legal = counter_view(7)
    assert SearchBot(seed=3, model=CounterModel(), playouts=60).choose(view, legal) == "add 3"
    ranking = SearchBot(seed=3, model=CounterModel(), playouts=60).ranked(view, legal)
    assert ranking[0] == ("add 3", 1.0)
    assert sorted(a for a, _ in ranking) == sorted(legal)
    assert all(0.0 <= v <= 1.0 for _, v in ranking)


def test_avoids_handing_over_the_win():
    # 5: adding 1 leaves 6, from which the opponent cannot reach 10 and
    # whatever it adds, we can; 2 and 3 leave it a winning move.
    view, legal = counter_view(5)
    ranking = SearchBot(seed=4, model=CounterModel(), playouts=300).ranked(view, legal)
    assert ranking[0][0] == "add 1"


@pytest.mark.parametrize("playouts", [1, 2, 3, 10, 61, 600])
def test_the_budget_is_kept(playouts):
    view, legal = counter_view(0)
    model = CounterModel()
    bot = SearchBot(seed=5, model=model, playouts=playouts)
    bot.choose(view, legal)
    assert 0 < bot.spent <= max(playouts, len(legal))
    assert model.calls["evaluate"] == bot.spent          # one evaluation per play-out
    assert model.calls["sample"] <= bot.spent


def test_a_forced_move_is_not_searched():
    model = CounterModel()
    view, _ = counter_view(0)
    bot = SearchBot(seed=1, model=model, playouts=100)
    assert bot.choose(view, ["add 2"]) == "add 2"
    assert bot.ranked(view, ["add 2"]) == [("add 2", None)]
    assert model.calls["sample"] == 0


def test_deterministic_for_a_seed():
    view, legal = counter_view(2)
    first = SearchBot(seed=11, model=CounterModel(), playouts=90).ranked(view, legal)
    again = SearchBot(seed=11, model=CounterModel(), playouts=90).ranked(view, legal)
    assert first == again
    others = {tuple(SearchBot(seed=s, model=CounterModel(), playouts=90).ranked(view, legal))
              for s in range(8)}
    assert len(others) > 1           # the seed matters: the search samples


def test_the_models_stop_and_evaluate_decide():
    class Even(CounterModel):
        """Stops right after the searched move and likes an even count."""
        def stop(self, root, state):
            super().stop(root, state)
            return True

        def evaluate(self, state):
            super().evaluate(state)
            return [float(state.count % 2 == 0), float(state.count % 2 == 1)]

    model = Even()
    view, legal = counter_view(1)
    assert SearchBot(seed=2, model=model, playouts=40).choose(view, legal) in ("add 1", "add 3")
    assert model.calls["stop"] > 0 and model.calls["evaluate"] > 0
    assert model.calls["playout"] == 0               # stopped before any play-out move
    view, legal = counter_view(2)
    assert SearchBot(seed=2, model=Even(), playouts=40).choose(view, legal) == "add 2"


def test_candidates_and_plans_steer_the_searching_seat():
    class Plans(CounterModel):
        """Two candidates, "add 1" tried with two plans for our own later moves."""
        def candidates(self, world, legal):
            return [("add 1", "add 1"), ("add 1", "add 3"), ("add 2", "add 1")]

    model = Plans()
    view, legal = counter_view(0)
    ranking = SearchBot(seed=3, model=model, playouts=60).ranked(view, legal)
    assert [a for a, _ in ranking] == ["add 1", "add 2", "add 3"]
    assert ranking[2][1] is None                      # never a candidate, never played
    assert model.calls["follow"] > 0


def test_one_candidate_action_is_not_searched():
    class One(CounterModel):
        def candidates(self, world, legal):
            return [("add 2", "add 1"), ("add 2", "add 3")]

    model = One()
    view, legal = counter_view(0)
    bot = SearchBot(seed=3, model=model, playouts=60)
    assert bot.choose(view, legal) == "add 2"
    assert bot.spent == 0 and model.calls["evaluate"] == 0


# ---- on a real game with hidden cards --------------------------------------------

def krypkille_position(decision, players=4, seed=3):
    """A Krypkille state at the first `decision` ("discard", "play" lead or
    "showdown") of its seeded game of quick players."""
    game = registry.get("krypkille")
    state = game.new(players, seed=seed)
    quick = [game.bots["quick"](seed=s) for s in range(players)]
    while True:
        legal = state.legal_actions()
        if state.phase == decision and len(legal) > 1:
            return state
        seat = state.current
        state.apply(quick[seat].choose(state.view(seat), legal))


@pytest.mark.parametrize("decision", ["discard", "play", "showdown"])
def test_the_choice_depends_only_on_the_view(decision):
    game = registry.get("krypkille")
    truth = krypkille_position(decision)
    seat = truth.current
    view = truth.view(seat)
    # Another true game behind the very same view: everything hidden dealt anew.
    other = krypkille_sample(view, 12345)
    assert other.view(seat) == view
    assert other.hands != truth.hands or other.stock != truth.stock
    kept = copy.deepcopy(view)
    first = game.bots["strong"](seed=8).ranked(view, truth.legal_actions())
    second = game.bots["strong"](seed=8).ranked(other.view(seat), other.legal_actions())
    assert first == second
    # So do the statistics the teacher shows: every candidate's values and play-outs.
    found = game.bots["strong"](seed=8).search(view, truth.legal_actions())
    assert found == game.bots["strong"](seed=8).search(other.view(seat), other.legal_actions())
    assert found.spent > 0 and all(c.values for c in found.candidates if c.playouts)
    assert view == kept                               # the search does not touch the view


def test_krypkille_declares_a_certain_success():
    """Holding a Mask when the other Mask lies on the table: nobody can hold as
    low a card, so declaring scores 0 and makes everyone else pay."""
    game = registry.get("krypkille")
    for seed in range(200):
        state = krypkille_position("showdown", seed=seed)
        seat = state.current
        played = [r for trick in state.tricks for _, r in trick]
        if state.hands[seat][0] == 0 and 0 in played:
            break
    else:
        pytest.skip("no such deal in the first 200 seeds")
    assert game.bots["strong"](seed=1).choose(state.view(seat), state.legal_actions()) == "declare"


@pytest.mark.parametrize("steps", [1, 20, 100])
def test_a_step_cap_ends_the_search_early(steps):
    view, legal = counter_view(0)
    model = CounterModel()
    bot = SearchBot(seed=5, model=model, playouts=600, steps=steps)
    action = bot.choose(view, legal)
    assert action in legal
    # it stops after the world in which it ran out: at most one more world of play-outs
    assert bot.simulated < steps + len(legal) * CounterState.TARGET
    assert bot.spent < 600
    assert model.calls["evaluate"] == bot.spent


# ---- the Model's defaults (mutation testing, bench/MUTATION.md) --------------------

class Ended:
    """Just what Model.evaluate reads of a state."""
    def __init__(self, players, winners):
        self.players = players
        self.winners = winners

    def result(self):
        return None if self.winners is None else {"scores": [], "winners": self.winners}


def test_the_default_evaluation_is_a_share_of_the_win():
    model = Model()
    assert model.evaluate(Ended(2, None)) == [0.5, 0.5]            # not over: nothing known
    assert model.evaluate(Ended(4, None)) == [0.25] * 4
    assert model.evaluate(Ended(3, [1])) == [0.0, 1.0, 0.0]
    assert model.evaluate(Ended(3, [0, 2])) == [0.5, 0.0, 0.5]     # a shared win, shared
    assert model.evaluate(Ended(4, [0, 1, 3])) == [1 / 3, 1 / 3, 0.0, 1 / 3]


def test_the_default_follow_is_the_playout_of_that_state():
    seen = []

    class Recording(Model):
        def playout(self, state, rng):
            seen.append((state, rng))
            return "add 2"

    state, rng = COUNTER.new(2, seed=1), object()
    assert Recording().follow("any plan", state, rng) == "add 2"
    assert seen == [(state, rng)]


def test_the_default_stop_and_playout_and_sample():
    model = Model()
    model.game_id = "krypkille"
    state = registry.get("krypkille").new(4, seed=2)
    view = state.view(state.current)
    world = model.sample(view, random.Random(4))
    assert world.view(state.current) == view
    assert not model.stop(state, state)
    rng = random.Random(1)
    picks = {model.playout(state, rng) for _ in range(40)}
    assert picks <= set(state.legal_actions()) and len(picks) > 1
    state.apply(state.legal_actions()[0])
    finished = state.clone()
    while not finished.over:
        finished.apply(finished.legal_actions()[0])
    assert model.stop(state, finished)


def test_the_default_sample_deals_a_world_with_a_seed_drawn_below_2_31(monkeypatch):
    asked = []

    class Game:
        def sample_state(self, view, seed):
            asked.append((view, seed))
            return "world"

    monkeypatch.setattr("royaltable.search.registry.get", lambda game_id: Game())
    model = Model()
    rng = random.Random(4)
    seeds = [model.sample({"seat": 0}, rng) and asked[-1][1] for _ in range(50)]
    again = random.Random(4)
    assert seeds == [again.randrange(2**31) for _ in range(50)]
    assert max(seeds) > 2**30 and asked[0][0] == {"seat": 0}


def test_two_legal_actions_are_searched():
    view, _ = counter_view(7)
    model = CounterModel()
    bot = SearchBot(seed=3, model=model, playouts=40)
    assert bot.choose(view, ["add 1", "add 3"]) == "add 3"          # only 3 wins at once
    assert bot.spent > 0 and model.calls["evaluate"] == bot.spent


def test_every_playout_counts_its_searched_move_and_the_cap_is_reached_exactly():
    class Stops(CounterModel):
        def stop(self, root, state):
            return True                   # a play-out is the searched move alone

    view, legal = counter_view(0)
    bot = SearchBot(seed=5, model=Stops(), playouts=600)
    bot.ranked(view, legal)
    assert bot.simulated == bot.spent > 0                # one action a play-out
    capped = SearchBot(seed=5, model=Stops(), playouts=600, steps=len(legal))
    capped.ranked(view, legal)
    # one world (a play-out for each of the three moves) reaches the cap of 3: done
    assert capped.simulated == capped.spent == len(legal)


def test_a_plan_steers_only_the_searching_seats_moves_with_the_worlds_luck():
    seen = collections.Counter()

    class Planned(CounterModel):
        def candidates(self, world, legal):
            return [("add 1", "add 1"), ("add 2", "add 2")]

        def playout(self, state, rng):
            seen["playout", state.current] += 1
            return super().playout(state, rng)

        def follow(self, plan, state, rng):
            seen["follow", state.current] += 1
            assert isinstance(rng, random.Random)         # the world's own luck
            return plan

    view, legal = counter_view(0, seat=1)
    SearchBot(seed=2, model=Planned(), playouts=40).ranked(view, legal)
    assert seen["follow", 1] > 0 and seen["follow", 0] == 0
    assert seen["playout", 0] > 0 and seen["playout", 1] == 0


def test_the_default_seed_is_0():
    model = CounterModel()
    assert SearchBot(model=model).rng.getstate() == SearchBot(0, model=model).rng.getstate()
    assert SearchBot(model=model).rng.getstate() != SearchBot(1, model=model).rng.getstate()
    fresh = SearchBot(model=model)
    assert fresh.playouts == 600 and fresh.steps is None
    assert fresh.spent == 0 and fresh.simulated == 0 and fresh.model is model


def test_a_model_with_no_legal_candidate_is_refused_in_words():
    class Nothing(CounterModel):
        def candidates(self, world, legal):
            return [("add 9", None)]

    view, legal = counter_view(0)
    with pytest.raises(ValueError, match="^the model offers no legal candidate$"):
        SearchBot(seed=1, model=Nothing()).ranked(view, legal)


def test_one_candidate_action_ranks_first_and_the_rest_unsearched():
    class One(CounterModel):
        def candidates(self, world, legal):
            return [("add 2", "add 1"), ("add 2", "add 3")]

    view, legal = counter_view(0)
    assert SearchBot(seed=3, model=One()).ranked(view, legal) == [
        ("add 2", None), ("add 1", None), ("add 3", None)]
    view, legal = counter_view(0, seat=1)
    found = SearchBot(seed=3, model=One()).search(view, legal)
    assert found.seat == 1 and found.choice == "add 2" and found.spent == 0


@pytest.mark.parametrize("playouts,spent,worlds", [(1, 3, 1), (6, 5, 2), (60, 60, 25)])
def test_the_budget_is_spent_by_sequential_halving(playouts, spent, worlds):
    # three candidates: the first world (the one sampled to ask for candidates) and
    # each later one played by every candidate in play; 60: 10 worlds for three, then
    # the better two get 15 more; 6: one world for three, one for the better two
    model = CounterModel()
    view, legal = counter_view(0)
    bot = SearchBot(seed=5, model=model, playouts=playouts)
    bot.ranked(view, legal)
    assert (bot.spent, model.calls["sample"]) == (spent, worlds)


def test_four_candidates_are_halved_to_two_then_one():
    class Four(CounterModel):
        def candidates(self, world, legal):
            return [("add 1", "add 1"), ("add 1", "add 2"), ("add 2", "add 1"), ("add 3", "add 1")]

    model = Four()
    view, legal = counter_view(0)
    bot = SearchBot(seed=5, model=model, playouts=40)
    bot.ranked(view, legal)
    # 5 worlds for four candidates (20 play-outs), then 10 for the better two (20)
    assert (bot.spent, model.calls["sample"]) == (40, 15)


# ---- what a search tells besides its choice (the teacher's numbers) -------------

def test_the_search_result_gives_every_candidates_value_and_playouts():
    view = {"game": "counter", "players": 2, "seat": 0, "current": 0, "phase": "play", "count": 7}
    legal = ["add 1", "add 2", "add 3"]
    bot = SearchBot(seed=5, model=CounterModel(), playouts=90)
    found = bot.search(view, legal)
    assert found.choice == found.candidates[0].action == "add 3"
    assert sorted(c.action for c in found.candidates) == sorted(legal)
    best = found.candidates[0]
    assert best.value == 1.0 and best.values == (1.0, 0.0)       # reaching 10 wins at once
    assert sum(c.playouts for c in found.arms) == found.spent == bot.spent
    assert [(c.action, c.value) for c in found.candidates] == SearchBot(
        seed=5, model=CounterModel(), playouts=90).ranked(view, legal)
    assert found.candidate("add 1").value < 1.0 and found.candidate("nothing") is None


def test_the_stepped_search_is_the_same_search_and_pauses_after_every_world():
    view = {"game": "counter", "players": 2, "seat": 1, "current": 1, "phase": "play", "count": 2}
    legal = ["add 1", "add 2", "add 3"]
    steps = SearchBot(seed=9, model=CounterModel(), playouts=120).search_steps(view, legal)
    pauses = 0
    while True:
        try:
            next(steps)
            pauses += 1
        except StopIteration as done:
            stepped = done.value
            break
    whole = SearchBot(seed=9, model=CounterModel(), playouts=120).search(view, legal)
    assert stepped == whole
    assert pauses > 10          # one pause per world: never the whole search in one go


def test_a_move_the_model_would_not_offer_is_searched_when_included():
    class Only(CounterModel):
        def candidates(self, world, legal):
            return [("add 1", None), ("add 2", None)]
    view = {"game": "counter", "players": 2, "seat": 0, "current": 0, "phase": "play", "count": 7}
    legal = ["add 1", "add 2", "add 3"]
    plain = SearchBot(seed=2, model=Only(), playouts=60).search(view, legal)
    assert plain.candidate("add 3").value is None
    included = SearchBot(seed=2, model=Only(), playouts=60).search(view, legal, include="add 3")
    assert included.candidate("add 3").value == 1.0 and included.choice == "add 3"


def test_a_value_reads_as_a_chance_through_the_games_calibration(monkeypatch):
    from royaltable import calibration
    model = CounterModel()
    assert model.chance(0.62) == 0.62 and model.chance(1.7) == 1 - NEVER_SURE      # never certain
    monkeypatch.setitem(calibration.POINTS, model.game_id, ((0.2, 0.1), (0.6, 0.5), (0.8, 0.6)))
    assert model.chance(0.4) == pytest.approx(0.3) and model.chance(0.7) == pytest.approx(0.55)
    # Beyond the fitted points, on to (0, 0) and (1, 1): a worse value never reads the same.
    assert model.chance(0.0) == NEVER_SURE and model.chance(0.1) == pytest.approx(0.05)
    assert model.chance(0.9) == pytest.approx(0.8) and model.chance(1.0) == 1 - NEVER_SURE


def test_interpolate_is_the_line_through_the_points_flat_beyond_the_ends():
    from royaltable.search import interpolate
    points = ((0.2, 0.5), (0.6, 0.7), (1.0, 0.9))
    assert interpolate(points, 0.3) == pytest.approx(0.55)       # between x0 and y0: on the line
    assert interpolate(points, 0.8) == pytest.approx(0.8)
    assert interpolate(points, 0.2) == 0.5 and interpolate(points, 0.6) == pytest.approx(0.7)
    assert interpolate(points, -1.0) == 0.5 and interpolate(points, 0.1) == 0.5
    assert interpolate(points, 1.0) == pytest.approx(0.9)
    assert interpolate(points, 2.0) == 0.9 and interpolate(((0.0, 0.0), (0.5, 0.2), (0.7, 0.4)), 1) == 0.4


def test_a_chance_runs_on_to_0_and_1_only_beyond_points_that_stop_short_of_them():
    from royaltable.search import read_chance
    reaching = ((0.0, 0.2), (0.5, 0.6), (1.0, 0.9))          # fitted from 0 to 1: flat beyond
    assert read_chance(reaching, 0.0) == 0.2 and read_chance(reaching, -0.5) == 0.2
    assert read_chance(reaching, 1.0) == pytest.approx(0.9)
    assert read_chance(reaching, 1.5) == pytest.approx(0.9)
    assert read_chance(((0.0, 0.3), (0.4, 0.5)), 0.0) == 0.3     # the first value is 0 already
    assert read_chance(((0.0, 0.3), (0.4, 0.5)), 0.7) == pytest.approx(0.75)
    assert read_chance(((0.5, 0.4),), 0.25) == pytest.approx(0.2)
    assert read_chance(((0.5, 0.4),), 0.75) == pytest.approx(0.7)
    assert read_chance((), 0.3) == 0.3 and read_chance((), -0.2) == 0.0 and read_chance((), 1.2) == 1.0
    # a chance is in [0, 1] whatever the points say
    assert read_chance(((0.2, 1.5), (0.6, 1.8)), 0.4) == 1.0
    assert read_chance(((0.2, -0.5), (0.6, -0.2)), 0.4) == 0.0


def test_a_forced_move_is_the_searching_seats_result_unsearched():
    view, _ = counter_view(0, seat=1)
    found = SearchBot(seed=1, model=CounterModel(), playouts=100).search(view, ["add 2"])
    assert found.seat == 1 and found.choice == "add 2" and found.candidates[0].value is None
    assert found.spent == 0 and found.arms == ()


def test_an_included_move_is_searched_as_the_games_typed_action():
    # a game with an action grammar: the search reads the legal texts, and the text of
    # the move to include, as the game's typed actions
    from royaltable.core import Action, Actions

    class Add(Action, verb="add"):
        n: int

    class Typed(CounterState):
        def legal_actions(self):
            return [] if self.over else [Add(1), Add(2), Add(3)]

        def _apply(self, action):
            assert type(action) is Add
            super()._apply(action)

    game = Game(id="typed_counter", title={"ja": "数", "en": "Counter"}, min_players=2,
                max_players=2, options={}, state_class=Typed, actions=Actions(Add))

    class Only(CounterModel):
        def sample(self, view, rng):
            state = game.new(2, seed=rng.randrange(2**31))
            state.count, state.turn = view["count"], view["current"]
            return state

        def candidates(self, world, legal):
            return [(Add(1), None), (Add(2), None)]

    view = {"game": "typed_counter", "players": 2, "seat": 0, "current": 0, "phase": "play", "count": 7}
    legal = ["add 1", "add 2", "add 3"]
    plain = SearchBot(seed=2, model=Only(), playouts=60).search(view, legal)
    assert plain.candidate("add 3").value is None
    included = SearchBot(seed=2, model=Only(), playouts=60).search(view, legal, include="add 3")
    assert included.candidate("add 3").value == 1.0 and type(included.choice) is Add
    assert included.choice == "add 3"
    other = SearchBot(seed=2, model=Only(), playouts=60).search(view, legal, include="add 4")
    assert other.candidate("add 3").value is None and other.candidate("add 4") is None


def test_the_candidates_are_asked_of_the_first_sampled_world():
    seen = []

    class FromWorld(CounterModel):
        def candidates(self, world, legal):
            seen.append(world)
            # what the view shows: from 8 on, only a move that reaches 10
            return [(a, None) for a in legal if world.count + int(a[4:]) >= 10 or world.count < 8]

    view, legal = counter_view(8)
    found = SearchBot(seed=3, model=FromWorld(), playouts=30).search(view, legal)
    assert len(seen) == 1 and isinstance(seen[0], CounterState) and seen[0].count == 8
    assert [c.value for c in found.candidates] == [1.0, 1.0, None]
    assert found.candidate("add 1").value is None


def test_a_single_candidate_with_one_plan_ranks_first_unsearched():
    class One(CounterModel):
        def candidates(self, world, legal):
            return [("add 3", None)]

    view, legal = counter_view(0)
    assert SearchBot(seed=3, model=One()).ranked(view, legal) == [
        ("add 3", None), ("add 1", None), ("add 2", None)]


def test_the_search_result_names_the_seat_the_plans_and_the_actions_simulated():
    class Plans(CounterModel):
        def candidates(self, world, legal):
            return [("add 1", "add 1"), ("add 1", "add 3"), ("add 2", "add 2")]

    view, legal = counter_view(0, seat=1)
    bot = SearchBot(seed=4, model=Plans(), playouts=30)
    found = bot.search(view, legal)
    assert found.seat == 1
    assert sorted((c.action, c.plan) for c in found.arms) == [
        ("add 1", "add 1"), ("add 1", "add 3"), ("add 2", "add 2")]
    assert found.candidate("add 2").plan == "add 2"
    assert found.simulated == bot.simulated > found.spent > 0      # a play-out is several moves


def test_a_move_is_worth_its_best_plan_never_another_of_its_plans():
    """A candidate carries the value and plan of its best arm (the first of its
    arms, best first), so a move never shows a lower chance than its own best line."""
    class Plans(CounterModel):
        def candidates(self, world, legal):
            return [("add 1", "add 1"), ("add 1", "add 3"), ("add 1", "add 2"),
                    ("add 2", "add 2"), ("add 2", "add 1"), ("add 2", "add 3")]

    view, legal = counter_view(0)
    differed = 0
    for seed in range(6):
        found = SearchBot(seed=seed, model=Plans(), playouts=90).search(view, legal)
        for action in ("add 1", "add 2"):
            arms = [arm for arm in found.arms if arm.action == action]
            best = found.candidate(action)
            assert (best.value, best.plan, best.playouts) == (arms[0].value, arms[0].plan, arms[0].playouts)
            # among the arms that played as many worlds as the best one, none did better
            assert all(arm.value <= best.value for arm in arms if arm.playouts == best.playouts)
            differed += len({arm.value for arm in arms}) > 1
    assert differed                                   # the plans really differ: the test can fail
