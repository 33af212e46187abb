"""The calibration bench's fit (bench/calibration.py) on small hand-made data, and
the map it wrote (royaltable.calibration), which Model.chance reads."""
import importlib.util
import json
import math
import pathlib
import random

import pytest

from royaltable import calibration, registry
from royaltable.search import NEVER_SURE, Model

ROOT = pathlib.Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("bench_calibration", ROOT / "bench" / "calibration.py")
bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench)


def fitted(blocks):
    return [(round(x, 6), round(y, 6), w) for x, y, w in blocks]


# ---- isotonic regression -----------------------------------------------------------------

def test_an_increasing_input_is_kept_as_it_is():
    assert fitted(bench.isotonic([0.1, 0.2, 0.3], [0.0, 0.5, 1.0])) == [(0.1, 0.0, 1), (0.2, 0.5, 1), (0.3, 1.0, 1)]


def test_violators_are_pooled_into_their_mean():
    # 0.2 -> 1 then 0.3 -> 0 violate: pooled to 0.5 at x 0.25; the 0.4 -> 0.25 that
    # follows violates the pool and joins it (mean of 1, 0, 0.25).
    assert fitted(bench.isotonic([0.1, 0.2, 0.3, 0.4, 0.5], [0.0, 1.0, 0.0, 0.25, 1.0])) == [
        (0.1, 0.0, 1), (0.3, round(1.25 / 3, 6), 3), (0.5, 1.0, 1)]


def test_a_decreasing_input_is_one_flat_block():
    assert fitted(bench.isotonic([0.1, 0.5, 0.9], [1.0, 0.5, 0.0])) == [(0.5, 0.5, 3)]


def test_equal_values_share_a_block_in_any_order():
    xs, ys = [0.4, 0.2, 0.4, 0.2, 0.8], [1.0, 0.0, 0.0, 1.0, 1.0]
    blocks = bench.isotonic(xs, ys)
    # 0.2 and 0.4 both average 0.5: pooled (equal ys pool too), 0.8 apart.
    assert fitted(blocks) == [(0.3, 0.5, 4), (0.8, 1.0, 1)]


def test_the_fit_is_increasing_and_its_weights_add_up():
    rng = random.Random(3)
    xs = [rng.random() for _ in range(2000)]
    ys = [1.0 if rng.random() < x * x else 0.0 for x in xs]
    blocks = bench.isotonic(xs, ys)
    assert sum(w for _, _, w in blocks) == len(xs)
    assert all(a[0] < b[0] and a[1] < b[1] for a, b in zip(blocks, blocks[1:]))
    assert abs(sum(y * w for _, y, w in blocks) - sum(ys)) < 1e-6     # pooling keeps the mean


def test_a_perfectly_calibrated_input_maps_each_value_to_itself():
    xs, ys = [], []
    for value, wins in ((0.1, 1), (0.3, 3), (0.5, 5), (0.7, 7), (0.9, 9)):
        xs += [value] * 10
        ys += [1.0] * wins + [0.0] * (10 - wins)
    points = bench.reduce(bench.isotonic(xs, ys))
    assert points == ((0.1, 0.1), (0.3, 0.3), (0.5, 0.5), (0.7, 0.7), (0.9, 0.9))
    assert bench.chance(points, 0.4) == pytest.approx(0.4)


def test_reducing_pools_the_closest_neighbours_and_stays_increasing():
    blocks = [(0.1, 0.1, 1), (0.2, 0.11, 1), (0.5, 0.5, 2), (0.8, 0.9, 1), (0.9, 0.91, 1)]
    assert bench.reduce(blocks, most=3) == ((0.15, 0.105), (0.5, 0.5), (0.85, 0.905))
    assert bench.reduce(blocks, most=5) == tuple((x, y) for x, y, _ in blocks)
    rng = random.Random(5)
    xs = [rng.random() for _ in range(500)]
    many = bench.isotonic(xs, [x + rng.uniform(-0.05, 0.05) for x in xs])
    points = bench.reduce(many)
    assert len(many) > bench.POINTS_MOST and len(points) == bench.POINTS_MOST
    assert all(a[0] < b[0] and a[1] < b[1] for a, b in zip(points, points[1:]))


def test_light_blocks_are_pooled_with_their_cheaper_neighbour():
    blocks = [(0.1, 0.0, 2), (0.3, 0.4, 50), (0.5, 0.5, 50), (0.7, 0.55, 3), (0.9, 1.0, 50)]
    # 0.1 (weight 2) can only join 0.3; 0.7 (weight 3) joins 0.5, whose y is closer.
    assert bench.reduce(blocks, least=10) == ((0.292, 0.385), (0.511, 0.503), (0.9, 1.0))
    assert len(bench.reduce(blocks)) == 5


def test_blocks_whose_values_round_alike_are_pooled():
    assert bench.reduce([(0.1001, 0.2, 1), (0.1003, 0.4, 3), (0.5, 0.9, 1)]) == ((0.1, 0.35), (0.5, 0.9))


def test_the_check_maps_values_as_model_chance_does():
    points = ((0.2, 0.1), (0.6, 0.5))
    # Beyond the fitted points the line runs on to (0, 0) and (1, 1): never flat.
    assert [bench.chance(points, x) for x in (0.0, 0.1, 0.2, 0.4, 0.8, 1.0)] == \
        pytest.approx([0.0, 0.05, 0.1, 0.3, 0.75, 1.0])
    assert bench.chance((), 0.37) == 0.37


# ---- the held-out check --------------------------------------------------------------

def test_bands_count_mean_and_share():
    rows = bench.bands([0.05, 0.15, 0.12, 0.99, 1.0], [0.0, 1.0, 0.0, 1.0, 1.0])
    assert [(r["band"], r["positions"]) for r in rows] == [(0, 1), (1, 2), (9, 2)]
    assert rows[1]["estimate"] == pytest.approx(0.135) and rows[1]["won"] == pytest.approx(0.5)


def test_well_calibrated_judges_only_bands_with_enough_positions():
    close = {"band": 6, "positions": 40, "estimate": 0.65, "won": 0.74}
    off = {"band": 2, "positions": 40, "estimate": 0.25, "won": 0.40}
    small_off = {"band": 2, "positions": 29, "estimate": 0.25, "won": 0.90}
    assert bench.well_calibrated([close, small_off])
    assert not bench.well_calibrated([close, off])
    assert not bench.well_calibrated([small_off])      # nothing judged: not shown to be honest
    assert not bench.well_calibrated([close, dict(small_off, positions=30)])
    assert bench.well_calibrated([dict(close, won=0.75)])      # 10 points off is within


# ---- what the fit writes -------------------------------------------------------------------

def test_the_module_written_round_trips_and_keeps_its_docstring():
    fits = {"whispers": {"points": ((0.2, 0.1), (0.6, 0.5)), "weights": (0.1, 2.0), "kept": "value", "rough": False},
            "court": {"points": ((0.3, 0.25),), "weights": (0.5, 1.5, -0.25), "kept": "standings", "rough": True}}
    text = bench.module_text(fits, '"""Kept as it is."""\nPOINTS = {}\n')
    assert text.startswith('"""Kept as it is."""\n')
    space: dict = {}
    exec(text, space)
    assert space["FITS"] == {"court": (0.5, 1.5, -0.25)}
    assert space["POINTS"] == {"whispers": ((0.2, 0.1), (0.6, 0.5))}
    assert space["ROUGH"] == frozenset({"court"})
    assert bench.module_text(dict(reversed(fits.items())), '"""Kept as it is."""\nPOINTS = {}\n') == text


def test_the_raw_data_is_kept_one_game_a_line_and_reads_back(tmp_path, monkeypatch):
    monkeypatch.setattr(bench, "DATA", tmp_path / "data.json")
    data = {"version": 2, "seed": 1, "command": "c", "played": [
        {"game": "whispers", "kind": "quick", "index": 1, "won": 0.0, "searched": []},
        {"game": "court", "kind": "strong", "index": 0, "won": 0.5, "searched": [[1, 0.1, True, [0.0]]]}]}
    bench.save(data)
    text = bench.DATA.read_text()
    assert len(text.splitlines()) == 4                   # the head, one line a game, the end
    assert bench.load() == dict(data, played=sorted(data["played"], key=lambda g: g["game"]))


def test_the_logistic_fit_finds_the_weights_that_made_the_outcomes():
    rng = random.Random(4)
    rows = []
    for _ in range(4000):
        x = [1.0, rng.random(), rng.uniform(-1, 1)]
        z = -1.0 + 2.0 * x[1] + 1.5 * x[2]
        rows.append((x, 0.0, 1.0 if rng.random() < 1 / (1 + math.exp(-z)) else 0.0))
    saved, bench.RIDGE = bench.RIDGE, 0.0
    try:
        weights = bench.logistic_fit(rows)
    finally:
        bench.RIDGE = saved
    assert weights == pytest.approx([-1.0, 2.0, 1.5], abs=0.25)


def test_auc_is_the_chance_a_winner_reads_above_a_loser():
    assert bench.auc([0.1, 0.2, 0.8, 0.9], [0, 0, 1, 1]) == 1.0
    assert bench.auc([0.9, 0.8, 0.2, 0.1], [0, 0, 1, 1]) == 0.0
    assert bench.auc([0.5, 0.5], [0, 1]) == 0.5
    assert bench.auc([0.3, 0.6, 0.4], [0, 1, 1]) == 1.0 and bench.auc([0.3], [1]) is None


def test_the_check_reads_a_game_as_the_review_does_carrying_a_chance_over_no_future():
    game = {"players": 4, "decisions": 10, "searched": [
        [1, 0.6, True, []], [4, 0.0, False, []], [7, None, False, []], [10, 0.8, True, []]]}
    read = lambda value, standing, players: value / 2      # noqa: E731
    assert bench.estimates(game, read) == [(0.3, 0.1, True), (0.3, 0.4, False), (0.3, 0.7, False), (0.4, 1.0, False)]
    first = {"players": 4, "decisions": 2, "searched": [[1, 0.0, False, []]]}
    assert bench.estimates(first, read) == [(0.25, 0.5, True)]


def test_the_section_replaces_its_earlier_self_in_results(tmp_path, monkeypatch):
    results = tmp_path / "RESULTS.md"
    results.write_text("# B\n\n## 5c. Waits\n\nw\n\n## 6. Library\n\nl\n")
    monkeypatch.setattr(bench, "RESULTS", results)
    bench.merge_into_results(bench.HEADING + "\n\nfirst\n")
    assert results.read_text() == f"# B\n\n## 5c. Waits\n\nw\n\n{bench.HEADING}\n\nfirst\n\n## 6. Library\n\nl\n"
    bench.merge_into_results(bench.HEADING + "\n\nsecond\n")
    assert results.read_text() == f"# B\n\n## 5c. Waits\n\nw\n\n{bench.HEADING}\n\nsecond\n\n## 6. Library\n\nl\n"


# ---- royaltable.calibration, as written -------------------------------------------------------

def test_the_points_are_well_formed():
    assert set(calibration.POINTS) <= set(registry.ids())
    for game_id, points in calibration.POINTS.items():
        assert 1 <= len(points) <= bench.POINTS_MOST, game_id
        xs = [x for x, _ in points]
        ys = [y for _, y in points]
        assert all(a < b for a, b in zip(xs, xs[1:])), game_id
        assert all(a <= b for a, b in zip(ys, ys[1:])), game_id
        assert all(0 <= v <= 1 for v in xs + ys), game_id
        assert all(round(v, 3) == v for v in xs + ys), game_id
    assert isinstance(calibration.ROUGH, frozenset) and calibration.ROUGH <= set(calibration.POINTS) | set(calibration.FITS)
    assert not set(calibration.POINTS) & set(calibration.FITS)          # one map per game


def test_the_module_is_what_the_kept_data_fits_to():
    if not bench.DATA.exists():
        pytest.skip("no calibration data kept")
    data = json.loads(bench.DATA.read_text())
    if data.get("version") != 2 or "before" not in data:
        pytest.skip("no fitted calibration data kept")
    module = ROOT / "py" / "royaltable" / "calibration.py"
    assert bench.module_text(bench.fit(data), module.read_text()) == module.read_text()


def test_model_chance_reads_the_points():
    for game_id, points in calibration.POINTS.items():
        model = Model()
        model.game_id = game_id
        for x, y in points:         # a fitted point's share, kept off certainty
            assert model.chance(x) == pytest.approx(min(1 - NEVER_SURE, max(NEVER_SURE, y)))
        assert model.chance(0.0) == NEVER_SURE and model.chance(1.0) == 1 - NEVER_SURE
        below, above = points[0][0] / 2, (points[-1][0] + 1) / 2
        assert model.chance(below) <= max(NEVER_SURE, points[0][1])
        assert model.chance(above) >= min(1 - NEVER_SURE, points[-1][1])
