"""The review of a finished game (royaltable.review): grades by chance lost, what a
library keeps of it and refuses, and the grading itself: from the seat's view only,
deterministic for a seed, a planted blunder found with the right alternative."""
import json

import pytest

from royaltable import review as rv
from royaltable.review import BOUNDS, GRADES, GradedMove, Review


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
