"""The review of a finished game (royaltable.review): grades by chance lost, what a
library keeps of it and refuses, and the grading itself: from the seat's view only,
deterministic for a seed, a planted blunder found with the right alternative."""
import json

import pytest

from royaltable import calibration, registry
from royaltable import review as rv
from royaltable.core import Game, State
from royaltable.review import BOUNDS, GRADES, GradedMove, Review
from royaltable.search import Candidate, Model, SearchBot, SearchResult


# ---- grades and the kept form -------------------------------------------------------

def test_each_bound_starts_the_next_grade():
    assert rv.grade_of(0.0) == "best"
    for grade, harsher, bound in zip(GRADES, GRADES[1:], BOUNDS):
        assert rv.grade_of(bound - 1e-9) == grade
        assert rv.grade_of(bound) == harsher
    assert rv.grade_of(1.0) == "blunder"


def graded(index, lost, seat=0, best_chance=0.8):
    played = best_chance - lost
    return GradedMove(index, seat, f"play {index}", "play 0" if lost else f"play {index}",
                      played, best_chance, max(0.0, best_chance - played), rv.grade_of(lost),
                      (("play 0", best_chance), (f"play {index}", played)))


def sample_review(losses=(0.0, 0.3, 0.03, 0.12, 0.07, 0.3)):
    moves = tuple(graded(2 * i + 1, lost) for i, lost in enumerate(losses))
    curve = tuple((m.index, (m.chance_best, 1 - m.chance_best)) for m in moves) + ((13, (1.0, 0.0)),)
    return Review("golden_key", (0,), moves, curve, 40)


def test_mistakes_are_the_biggest_losses_first_inaccuracies_or_worse():
    review = sample_review()
    # 0.3 twice (the earlier first), then 0.12 (mistake), 0.07 (inaccuracy); 0.03 is
    # "good" and 0.0 "best": neither is a mistake.
    assert [m.index for m in review.mistakes()] == [3, 11, 7, 9]
    assert [m.index for m in review.mistakes(2)] == [3, 11]
    assert review.mistakes(0) == []


def test_a_review_survives_json_and_back():
    review = sample_review()
    text = json.dumps(review.to_dict())
    again = Review.from_dict(json.loads(text))
    assert again == review
    assert again.moves[1].alternatives == (("play 0", 0.8), ("play 3", pytest.approx(0.5)))


def broken(change):
    data = sample_review().to_dict()
    change(data)
    return data


@pytest.mark.parametrize("change, words", [
    (lambda d: d.clear(), "version"),
    (lambda d: d.update(version=99), "version 99"),
    (lambda d: d.update(game="chess"), "unknown game 'chess'"),
    (lambda d: d.update(seats=[0, 0]), "seats"),
    (lambda d: d.update(seats=["0"]), "seats"),
    (lambda d: d.update(playouts=0), "budget"),
    (lambda d: d.update(moves={}), "moves must be a list"),
    (lambda d: d["moves"].reverse(), "game order"),
    (lambda d: d["moves"][0].update(grade="brilliant"), "grade 'brilliant'"),
    (lambda d: d["moves"][1].update(grade="good"), "does not fit"),
    (lambda d: d["moves"][1].update(lost=0.1), "is not chance_best - chance_played"),
    (lambda d: d["moves"][0].update(chance_best=1.5), "chance_best 1.5"),
    (lambda d: d["moves"][0].update(chance_best=float("nan")), "chance_best nan"),
    (lambda d: d["moves"][0].update(index=-1), "index -1"),
    (lambda d: d["moves"][0].update(index=True), "index True"),
    (lambda d: d["moves"][0].update(played=""), "played"),
    (lambda d: d["moves"][0].update(seat=1), "did not grade"),
    (lambda d: d["moves"][0].update(alternatives=[]), "alternatives"),
    (lambda d: d["moves"][0].update(alternatives=[["play 0", 2]]), "bad alternative"),
    (lambda d: d["moves"].append("move"), "not an object"),
    (lambda d: d.update(curve=[]), "curve"),
    (lambda d: d["curve"].append([20, [0.5]]), "different widths"),
    (lambda d: d["curve"].append([20, [0.5, -0.1]]), "bad point"),
    (lambda d: d["curve"].append([0, [0.5, None]]), "not in game order"),
    (lambda d: d.update(seats=[0, 2]), "not at the table"),
])
def test_a_damaged_review_is_refused_saying_what_is_wrong(change, words):
    with pytest.raises(ValueError, match=None) as refused:
        Review.from_dict(broken(change))
    assert words in str(refused.value)


def test_a_review_that_is_not_an_object_is_refused():
    for data in (None, [], "review"):
        with pytest.raises(ValueError, match="a review is an object"):
            Review.from_dict(data)


def test_none_is_kept_for_a_seat_not_estimated():
    data = sample_review().to_dict()
    data["curve"][0][1][1] = None
    assert Review.from_dict(data).curve[0][1] == (0.8, None)


# ---- a tiny game with a hidden card --------------------------------------------------
# Two players each hold a secret card 1-9. Each first looks at it (a forced move),
# then twice in turn stays or swaps it for a fresh one; the higher card wins.

class HighCardState(State):
    SEQUENCE = (0, 1, 0, 1, 0, 1)       # who acts at each step

    def __init__(self, game, players, seed, options):
        super().__init__(game, players, seed, options)
        self.cards = [self.rng.randint(1, 9) for _ in range(players)]
        self.step = 0

    @property
    def current(self):
        return self.SEQUENCE[self.step] if self.step < len(self.SEQUENCE) else None

    def legal_actions(self):
        if self.over:
            return []
        return ["look"] if self.step < 2 else ["stay", "swap"]

    def _apply(self, action):
        if action == "swap":
            self.cards[self.current] = self.rng.randint(1, 9)
        self.step += 1

    def view(self, seat):
        return {"game": "highcard", "players": 2, "seat": seat, "current": self.current,
                "step": self.step, "mine": None if seat is None else self.cards[seat],
                "moves": list(self.actions)}

    def result(self):
        if not self.over:
            return None
        top = max(self.cards)
        return {"scores": list(self.cards), "winners": [s for s, c in enumerate(self.cards) if c == top]}


def high_card_sample(view, seed):
    state = HIGH_CARD.new(2, seed=seed)     # the other's card and all future swaps at random
    state.step = view["step"]
    state.cards[view["seat"]] = view["mine"]
    return state


class HighCardModel(Model):
    game_id = "highcard"
    offer = None            # the only move the model offers, if set

    def candidates(self, world, legal):
        if self.offer:
            return [(self.offer, None)]
        return super().candidates(world, legal)


class HighCardBot(SearchBot):
    def __init__(self, seed=0):
        super().__init__(seed, model=HighCardModel(), playouts=30)


HIGH_CARD = Game(id="highcard", title={"ja": "高い札", "en": "High card"}, min_players=2, max_players=2,
                 options={}, state_class=HighCardState, sample_state=high_card_sample,
                 bots={"strong": HighCardBot})


@pytest.fixture
def high_card(monkeypatch):
    monkeypatch.setitem(registry._GAMES, "highcard", HIGH_CARD)
    return HIGH_CARD


def high_card_record(seed, actions=("look", "look", "stay", "swap", "stay", "stay")):
    state = HIGH_CARD.new(2, seed=seed)
    for action in actions:
        state.apply(action)
    return state.record()


def test_decisions_are_the_seats_own_choices_not_forced_moves(high_card):
    record = high_card_record(1)
    assert rv.decisions(record, [0]) == [2, 4]
    assert rv.decisions(record, [1]) == [3, 5]
    assert rv.decisions(record, (1, 0)) == [2, 3, 4, 5]
    assert rv.decisions(record, []) == []


def test_decisions_in_a_real_game_skip_the_forced_follows():
    record = played_game("krypkille", 4, 5, {"limit": 50})
    chosen = set(rv.decisions(record, [2]))
    state = registry.get("krypkille").new(4, 5, {"limit": 50})
    forced = 0
    for index, action in enumerate(record["actions"]):
        if state.current == 2:
            many = len(state.legal_actions()) > 1
            assert (index in chosen) == many
            forced += not many
        else:
            assert index not in chosen
        state.apply(action)
    assert forced and chosen       # both kinds were there to tell apart


def test_two_games_behind_the_same_view_grade_the_same(high_card):
    # Seat 0 holds the same card in both games; seat 1's differs (and so does the
    # result), but seat 0 never sees it: its grades must not differ.
    def first_cards(seed):
        return HIGH_CARD.new(2, seed=seed).cards
    seeds = [s for s in range(1, 200) if first_cards(s)[0] == 5]
    one = seeds[0]
    other = next(s for s in seeds[1:] if first_cards(s)[1] != first_cards(one)[1]
                 and high_card_record(s)["actions"] == high_card_record(one)["actions"]
                 and rv.review(high_card_record(s), [0], playouts=4).curve[-1]
                 != rv.review(high_card_record(one), [0], playouts=4).curve[-1])
    first = rv.review(high_card_record(one), [0], playouts=60, seed=2)
    second = rv.review(high_card_record(other), [0], playouts=60, seed=2)
    assert first.moves == second.moves
    assert first.curve[:-1] == second.curve[:-1]
    assert first.curve[-1] != second.curve[-1]          # truly two games
    assert [m.index for m in first.moves] == [2, 4]


def test_a_move_the_model_would_not_offer_is_searched_and_graded(high_card, monkeypatch):
    monkeypatch.setattr(HighCardModel, "offer", "stay")
    record = high_card_record(3, ("look", "look", "swap", "stay", "stay", "stay"))
    swapped = rv.review(record, [0], playouts=40).moves[0]
    assert swapped.played == "swap"
    assert ("swap", swapped.chance_played) in swapped.alternatives
    assert {a for a, _ in swapped.alternatives} == {"stay", "swap"}


def test_the_only_move_the_model_offers_still_gets_its_own_chance(high_card, monkeypatch):
    # Nothing to tell apart for the search (one candidate), and the person played it:
    # the review searches it against another move, so its chance is a real estimate.
    monkeypatch.setattr(HighCardModel, "offer", "stay")
    record = high_card_record(3)
    stayed = rv.review(record, [0], playouts=40).moves[0]
    assert stayed.played == "stay"
    assert {a for a, _ in stayed.alternatives} == {"stay", "swap"}
    assert dict(stayed.alternatives)["stay"] == stayed.chance_played


def test_the_progress_rises_often_to_one(high_card):
    steps = rv.reviewer(high_card_record(1), [0, 1], playouts=20)
    progress = []
    while True:
        try:
            progress.append(next(steps))
        except StopIteration as done:
            kept = done.value
            break
    assert len(kept.moves) == 4
    assert progress == sorted(progress)
    assert all(0.0 <= p <= 1.0 for p in progress)
    assert progress[-1] == 1.0 and progress.count(1.0) == 1
    assert len(progress) >= 4 * 20          # a pause after every play-out of every search


def test_a_review_of_no_decision_still_ends(high_card):
    steps = list_progress(rv.reviewer(high_card_record(1), []))
    assert steps[0][-1] == 1.0
    assert steps[1].moves == () and steps[1].curve[-1][0] == 6


def list_progress(run):
    out = []
    while True:
        try:
            out.append(next(run))
        except StopIteration as done:
            return out, done.value


@pytest.mark.parametrize("record, seats, kw, words", [
    ("unfinished", [0], {}, "not over"),
    ("illegal", [0], {}, "record does not replay: action 3 ('fold')"),
    ("long", [0], {}, "after the end of the game"),
    ("good", [2], {}, "seat numbers from 0 to 1"),
    ("good", ["0"], {}, "seat numbers"),
    ("good", 0, {}, "seat numbers"),
    ("good", [0], {"playouts": 0}, "positive number of play-outs"),
    ("good", [0], {"seed": "1"}, "seed"),
    ("nogame", [0], {}, "unknown game"),
    ("notdict", [0], {}, "a game record is an object"),
    ("noactions", [0], {}, "missing or bad field"),
])
def test_a_bad_request_is_refused_saying_why(high_card, record, seats, kw, words):
    good = high_card_record(1)
    records = {"good": good, "unfinished": dict(good, actions=good["actions"][:4]),
               "illegal": dict(good, actions=["look", "look", "fold"]),
               "long": dict(good, actions=good["actions"] + ["stay"]),
               "nogame": dict(good, game="chess"), "notdict": [], "noactions": {"game": "highcard"}}
    with pytest.raises(ValueError) as refused:
        rv.review(records[record], seats, **kw)
    assert words in str(refused.value)


def test_the_curve_gives_a_two_player_games_other_seat_the_rest(high_card):
    kept = rv.review(high_card_record(1), [0], playouts=20)
    for (index, chances), move in zip(kept.curve, kept.moves):
        assert index == move.index
        assert chances == (move.chance_best, pytest.approx(1 - move.chance_best))
    winners = registry.replay(high_card_record(1)).result()["winners"]
    assert kept.curve[-1] == (6, tuple(1 / len(winners) if s in winners else 0.0 for s in range(2)))


# ---- real games: planted blunders, determinism -----------------------------------------

def played_game(game_id, players, seed, options=None, plant=None):
    """A game of quick players; `plant`: {index: action} played instead there."""
    game = registry.get(game_id)
    state = game.new(players, seed, options)
    bots = [game.bots["quick"](seed=seed * 10 + s) for s in range(players)]
    while not state.over:
        seat = state.current
        action = (plant or {}).get(len(state.actions))
        state.apply(action or bots[seat].choose(state.view(seat), state.legal_actions()))
    return state.record()


def test_throwing_away_the_winning_move_is_a_blunder_with_the_win_as_the_alternative():
    # Golden Key, seed 8: at action 83 red can take its last chip and win with
    # "move red0 r1c2"; it plays "move red1 r2c2" instead, after which blue wins.
    index, winning, planted = 83, "move red0 r1c2", "move red1 r2c2"
    record = played_game("golden_key", 2, 8, plant={index: planted})
    state = registry.replay(dict(record, actions=record["actions"][:index]))
    assert state.current == 0 and {winning, planted} <= set(state.legal_actions())
    won = state.clone()
    won.apply(winning)
    assert won.result()["winners"] == [0]                 # the alternative wins at once
    kept = rv.review(record, [0], playouts=40, seed=1)
    move = next(m for m in kept.moves if m.index == index)
    assert (move.played, move.best, move.grade) == (planted, winning, "blunder")
    certain = registry.get("golden_key").bots["strong"](seed=0).model.chance(1.0)  # a won game
    assert move.chance_best == certain and move.lost >= BOUNDS[-1]
    assert move.alternatives[0] == (winning, certain)
    assert move in kept.mistakes(len(kept.moves))


def test_passing_at_a_certain_declaration_loses_chance(monkeypatch):
    # Krypkille, seed 7 to 50 points: at action 206 seat 3 leads the showdown with a
    # Mask as its last card, the other Mask already played in a trick: declaring
    # cannot fail. It passes. Krypkille's search values a round's points, not the
    # game: graded here on those values themselves (no fitted calibration), where
    # passing costs about 0.13 (a coward's 10 points against the others' penalties).
    monkeypatch.setitem(calibration.POINTS, "krypkille", ())
    index = 206
    record = played_game("krypkille", 4, 7, {"limit": 50}, plant={index: "pass"})
    state = registry.replay(dict(record, actions=record["actions"][:index]))
    view = state.view(3)
    assert view["phase"] == "showdown" and view["hand"] == ["mask"] and not view["showdown"]
    assert sum(p["card"] == "mask" for trick in view["tricks"] for p in trick) == 1
    kept = rv.review(record, [3], playouts=40, seed=1)
    move = next(m for m in kept.moves if m.index == index)
    assert (move.played, move.best) == ("pass", "declare")
    assert move.grade in ("mistake", "blunder") and move.lost >= BOUNDS[2]
    # A four-player game: the curve estimates only the graded seat.
    assert all(chances[:3] == (None, None, None) and chances[3] is not None
               for _, chances in kept.curve[:-1])


def test_the_grades_are_the_same_for_a_seed_and_change_with_it():
    record = played_game("golden_key", 2, 4)
    first = rv.review(record, [0, 1], playouts=12, seed=5)
    assert rv.review(record, [0, 1], playouts=12, seed=5) == first
    assert first.playouts == 12 and first.seats == (0, 1)
    other = rv.review(record, [0, 1], playouts=12, seed=6)
    assert [m.chance_played for m in other.moves] != [m.chance_played for m in first.moves]


def test_a_decisions_grade_does_not_depend_on_the_other_seats_graded():
    record = played_game("golden_key", 2, 4)
    both = rv.review(record, [0, 1], playouts=12, seed=5)
    alone = rv.review(record, [1], playouts=12, seed=5)
    assert alone.moves == tuple(m for m in both.moves if m.seat == 1)


def test_the_default_budget_is_a_share_of_the_strong_players_own():
    bot = registry.get("struggle").bots["strong"](seed=0)
    assert rv.own_budget(bot, 6) == bot.BUDGET[6] < rv.own_budget(bot, 3)
    for game_id in registry.ids():
        game = registry.get(game_id)
        own = rv.own_budget(game.bots["strong"](seed=0), game.max_players)
        assert 2 <= rv.default_playouts(game_id, game.max_players) <= own


def test_a_review_keeps_its_budget_and_reads_back_from_json():
    record = played_game("golden_key", 2, 4)
    kept = rv.review(record, [0], playouts=8)
    assert Review.from_dict(json.loads(json.dumps(kept.to_dict()))) == kept


def test_a_move_the_search_rates_above_its_choice_loses_nothing():
    # The choice is the move that stayed longest in the halving; one dropped early
    # can end with a luckier mean. It lost no chance: graded best, never a negative loss.
    found = SearchResult(0, (Candidate("a", 0.6, 40), Candidate("c", 0.5, 20),
                             Candidate("b", 0.7, 10), Candidate("d", 0.1, 10), Candidate("e", None)),
                         spent=80, simulated=400)
    move = rv._graded(Model(), 9, 0, "b", found, {"players": 2}, 0.5)
    assert (move.best, move.chance_best, move.chance_played, move.lost, move.grade) == ("a", 0.6, 0.7, 0.0, "best")
    # The choice first, then the others by chance, the unsearched left out.
    assert move.alternatives == (("a", 0.6), ("b", 0.7), ("c", 0.5))
