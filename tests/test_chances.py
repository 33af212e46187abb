"""The chance to win the game (issue 32, item 1): a decision whose search sees no
future carries the chance before it; the fitted map reads the standings from the
view only; Court's choice of a character no longer falls to 0 %."""
import pytest

from royaltable import calibration, registry
from royaltable import review as rv
from royaltable.search import fitted_chance
from test_review import HighCardModel, high_card, high_card_record  # noqa: F401  (a fixture)


def test_a_decision_whose_search_sees_no_future_carries_the_chance_before_it(high_card, monkeypatch):
    # Seat 0 decides at actions 2 and 4. At 4 the model stops every play-out at once,
    # so all its moves are valued alike by nothing to come (as Court's choice of a
    # character was): the chance of the decision at 2 carries on, and nothing is lost.
    normal = HighCardModel.stop
    monkeypatch.setattr(HighCardModel, "stop",
                        lambda self, root, state: root.step == 4 or normal(self, root, state))
    record = high_card_record(3, ("look", "look", "stay", "swap", "swap", "stay"))
    kept = rv.review(record, [0], playouts=40, seed=2)
    first, second = kept.moves
    assert (first.index, second.index) == (2, 4)
    assert first.chance_best != pytest.approx(0.5)              # searched to the end: a chance of its own
    assert second.chance_best == second.chance_played == first.chance_best
    assert (second.lost, second.grade) == (0.0, "best")
    assert dict(kept.curve)[4][0] == first.chance_best


def test_the_first_decision_that_sees_no_future_reads_the_even_share(high_card, monkeypatch):
    monkeypatch.setattr(HighCardModel, "stop", lambda self, root, state: True)
    monkeypatch.setattr(HighCardModel, "evaluate", lambda self, state: [0.9, 0.1])   # alike for every move
    kept = rv.review(high_card_record(3), [0], playouts=40)
    assert kept.moves[0].chance_best == kept.moves[0].chance_played == 0.5


def court_record(seed=4):
    game = registry.get("court")
    state = game.new(3, seed)
    bots = [game.bots["quick"](seed=seed * 10 + s) for s in range(3)]
    return state.play_out(bots).record()


def test_courts_choice_of_a_character_keeps_the_chance_of_the_turn():
    record = court_record()
    kept = rv.review(record, [0], playouts=12, seed=1)
    state, actions = registry.start(record)[1:]
    takes = []
    for index, action in enumerate(actions):
        if index in {m.index for m in kept.moves} and state.phase == "take":
            takes.append(index)
        state.apply(action)
    assert takes
    by_index = {m.index: m for m in kept.moves}
    order = [m.index for m in kept.moves]
    for index in takes:
        move = by_index[index]
        earlier = order.index(index)
        assert move.chance_best > 0.0
        if earlier:
            assert move.chance_best == by_index[order[earlier - 1]].chance_best


def test_a_fitted_chance_reads_the_standings_of_the_view_and_an_even_table_reads_even():
    assert fitted_chance((0.0, 0.0), 0.7, (), 4) == pytest.approx(0.25)
    assert fitted_chance((0.0, 0.0, 0.0), 0.7, (0.3,), 2) == pytest.approx(0.5)
    ahead = fitted_chance((0.0, 1.0, 2.0), 0.5, (0.4,), 4)
    assert ahead > fitted_chance((0.0, 1.0, 2.0), 0.5, (0.0,), 4) > fitted_chance((0.0, 1.0, 2.0), 0.5, (-0.4,), 4)
    assert fitted_chance((0.0, 1.0, 2.0), 0.6, (0.0,), 4) > fitted_chance((0.0, 1.0, 2.0), 0.5, (0.0,), 4)


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_standings_are_read_from_the_seats_view_alone(game_id):
    # Two worlds behind one view (what the seat cannot see dealt anew) read alike.
    game = registry.get(game_id)
    players = min(max(4, game.min_players), game.max_players)
    state = game.new(players, seed=6)
    bots = [game.bots["quick"](seed=s) for s in range(players)]
    model = game.bots["strong"](seed=0).model
    checked = 0
    for _ in range(400):
        if state.over:
            break
        seat = state.current
        view = state.view(seat)
        twin = game.sample_state(view, 99)
        assert model.standing(twin.view(seat)) == model.standing(view)
        assert all(isinstance(x, float) for x in map(float, model.standing(view)))
        checked += 1
        state.apply(bots[seat].choose(view, state.legal_actions()))
    assert checked > 20


def test_every_fitted_game_has_a_weight_for_each_of_its_standings():
    for game_id, weights in calibration.FITS.items():
        game = registry.get(game_id)
        view = game.new(min(max(4, game.min_players), game.max_players), seed=1).view(0)
        model = game.bots["strong"](seed=0).model
        assert len(weights) == 2 + len(model.standing_after(model.standing(view), 0.5)), game_id
        # a better move never reads as a lower chance
        chances = [model.chance(value, view) for value in (0.1, 0.3, 0.5, 0.7, 0.9)]
        assert chances == sorted(chances) and chances[0] < chances[-1], game_id


def test_krypkilles_chance_moves_with_the_rounds_penalties_through_the_totals():
    model = registry.get("krypkille").bots["strong"](seed=0).model
    view = {"seat": 0, "totals": [40, 20, 30, 30], "limit": 100, "players": 4}
    before = model.standing(view)
    assert before == pytest.approx((-0.2, -0.133333, -0.08, 0.4), abs=1e-5)
    # a round 12 points better than the others' mean: every lead 12 points better
    assert model.standing_after(before, 0.6) == pytest.approx((-0.08, -0.013333, -0.032, 0.4), abs=1e-5)


def test_a_reviews_grade_line_says_ahead_even_or_behind_where_the_chances_are_rough():
    from ui import review_screen
    from ui.i18n import Translator
    move = rv.GradedMove(7, 0, "play 4", "play mask", 0.12, 0.40, 0.28, "blunder", (("play mask", 0.40),))
    en, ja = Translator("en"), Translator("ja")
    assert review_screen.grade_line(en, move, "Play Mask", "Aki", False, 0.25) == \
        "Blunder: would have played Play Mask (ahead with it, behind with yours)"
    assert "優勢" in review_screen.grade_line(ja, move, "顔を出す", "Aki", False, 0.25)
    assert "%" not in review_screen.grade_line(ja, move, "顔を出す", "Aki", False, 0.25)
    assert "40\u00a0%" in review_screen.grade_line(en, move, "Play Mask", "Aki", False)


@pytest.mark.parametrize("game_id", registry.ids())
def test_no_estimate_is_ever_exactly_0_or_100_percent(game_id):
    """Whatever the search's value, a chance read while the game goes on stays off
    0 and 1 (a fitted point where every bench game was lost is no certainty)."""
    game = registry.get(game_id)
    model = game.bots["strong"](seed=1).model
    view = game.new(game.min_players, seed=3).view(0)
    for value in (0.0, 0.001, 0.02, 0.5, 0.7, 0.999, 1.0):
        assert 0 < model.chance(value, view) < 1, value
        assert 0 < model.chance(value) < 1, value
