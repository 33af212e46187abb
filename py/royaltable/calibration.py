"""How a game's search values read as chances to win (royaltable.search.Model.chance).

Written by bench/calibration.py from games of every kind of player (strong, quick
and gentle seats against quick ones); do not edit by hand. FITS[game id]: the
weights of a logistic map over the search's value and the standings the game's
model reads from the view (Model.standing); POINTS[game id]: (value, share of
games won) pairs, for a game where the value alone measured better.
"""
# Per game, the logistic map kept (bias, value, one weight per Model.standing number).
FITS: dict[str, tuple[float, ...]] = {
    "krypkille": (-0.0865, 0.0, 1.8519, 1.6926, 1.3184, -0.0882,),
    "whispers": (-0.3552, 1.3803, 1.0877, 1.0644, 0.6319, 0.0498,),
}
# Per game where the value alone measured better: (value, share of games won) points.
POINTS: dict[str, tuple[tuple[float, float], ...]] = {
    "court": (
        (0.024, 0.0),
        (0.098, 0.1),
        (0.133, 0.211),
        (0.195, 0.385),
        (0.3, 0.609),
        (0.389, 0.7),
        (0.496, 0.8),
        (0.651, 1.0),
    ),
    "golden_key": (
        (0.201, 0.0),
        (0.404, 0.25),
        (0.538, 0.578),
        (0.683, 0.636),
        (0.758, 0.8),
        (0.879, 0.917),
        (0.994, 1.0),
    ),
    "struggle": (
        (0.138, 0.0),
        (0.293, 0.167),
        (0.349, 0.2),
        (0.39, 0.267),
        (0.433, 0.31),
        (0.477, 0.333),
        (0.505, 0.4),
        (0.557, 0.5),
        (0.637, 0.8),
        (0.967, 1.0),
    ),
}
# Games whose chances missed a target on the held-out games (bench/RESULTS-calibration.md):
# the suggestion and the review say ahead / about even / behind there, not a percentage.
ROUGH: frozenset[str] = frozenset({"court", "krypkille", "struggle", "whispers"})
