"""ST-19: the best split of won cards, against a brute force, and its speed."""
import random

import pytest

from royaltable.games.struggle.scoring import RUN_POINTS, SET_POINTS, best_split, group_points


def brute_force(powers) -> int:
    """Every split, by trying each use of the lowest card left: alone or in a set
    with equal cards, or as the bottom of a run."""
    counts = [0] * 12
    for p in powers:
        counts[p] += 1

    def best(counts):
        low = next((p for p in range(1, 11) if counts[p]), None)
        if low is None:
            return 0
        top = 0
        for size in range(1, counts[low] + 1):
            counts[low] -= size
            top = max(top, SET_POINTS[size] + best(counts))
            counts[low] += size
        end = low
        while end <= 10 and counts[end]:
            end += 1
            if end - low >= 3:
                for p in range(low, end):
                    counts[p] -= 1
                top = max(top, RUN_POINTS[end - low] + best(counts))
                for p in range(low, end):
                    counts[p] += 1
        return top

    return best(counts)


def random_collection(rng, size):
    counts, powers = [0] * 11, []
    while len(powers) < size:          # at most 6 of a power: one per deck
        p = rng.randint(1, 10)
        if counts[p] < 6:
            counts[p] += 1
            powers.append(p)
    return powers


@pytest.mark.parametrize("seed", range(4))
def test_st19_best_split_matches_brute_force(seed):
    rng = random.Random(seed)
    for _ in range(300):
        powers = random_collection(rng, rng.randint(0, 15))
        points, groups = best_split(powers)
        assert points == brute_force(powers), powers
        assert sorted(p for _, g in groups for p in g) == sorted(powers)
        assert sum(group_points(kind, len(g)) for kind, g in groups) == points
        for kind, g in groups:
            if kind == "run":
                assert len(g) >= 3 and g == list(range(g[0], g[0] + len(g)))
            else:
                assert len(set(g)) == 1 and (kind == "single") == (len(g) == 1)


def test_st19_runs_beat_sets_only_when_they_score_more():
    assert best_split([6, 6, 6, 6, 6, 6, 5, 7]) == (32, [("set", [6] * 6), ("single", [5]), ("single", [7])])
    assert best_split([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])[0] == 39
    assert best_split([3, 4, 5, 3, 4, 5])[0] == 9     # two runs of three (8) < three pairs (9)



def test_st19_groups_are_listed_sets_then_runs_then_singles_by_power():
    rng = random.Random(19)
    order = {"set": 0, "run": 1, "single": 2}
    kinds = set()
    for _ in range(300):
        _, groups = best_split(random_collection(rng, rng.randint(0, 15)))
        keys = [(order[kind], g[0], len(g)) for kind, g in groups]
        assert keys == sorted(keys)
        kinds |= {kind for kind, _ in groups}
    assert kinds == {"set", "run", "single"}
    assert [k for k, _ in best_split([1, 2, 3, 5, 5, 7])[1]] == ["set", "run", "single"]


def test_st19_of_equal_splits_the_one_shown_keeps_the_sets():
    # 1-2-3 and a 3 (4 + 1) score as a pair of 3s and two singles (3 + 1 + 1): the split
    # shown is the same every time, sets first
    assert best_split([1, 2, 3, 3]) == (5, [("set", [3, 3]), ("single", [1]), ("single", [2])])
    assert best_split([1, 4, 4, 4, 4, 4, 6, 7, 8, 8, 9, 9]) == (19, [
        ("set", [4] * 5), ("set", [8, 8]), ("set", [9, 9]),
        ("single", [1]), ("single", [6]), ("single", [7])])
