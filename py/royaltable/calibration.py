"""How a game's search values read as chances to win (royaltable.search.Model.chance).

Written by bench/calibration.py from games of every kind of player (strong, quick
and gentle seats against quick ones); do not edit by hand. FITS[game id]: the
weights of a logistic map over the search's value and the standings the game's
model reads from the view (Model.standing); POINTS[game id]: (value, share of
games won) pairs, for a game where the value alone measured better.
"""
FITS: dict[str, tuple[float, ...]] = {}
POINTS: dict[str, tuple[tuple[float, float], ...]] = {
    "court": (
        (0.006, 0.007),
        (0.083, 0.119),
        (0.136, 0.231),
        (0.158, 0.309),
        (0.181, 0.379),
        (0.211, 0.45),
        (0.255, 0.475),
        (0.307, 0.521),
        (0.395, 0.525),
        (0.553, 0.652),
    ),
    "golden_key": (
        (0.111, 0.21),
        (0.317, 0.484),
        (0.456, 0.614),
        (0.505, 0.835),
        (0.546, 0.907),
        (0.608, 0.92),
        (0.676, 0.922),
        (0.715, 0.925),
        (0.75, 0.935),
        (0.784, 0.959),
        (0.847, 0.97),
        (0.973, 1.0),
    ),
    "krypkille": (
        (0.492, 0.829),
        (0.502, 0.852),
        (0.506, 0.858),
        (0.511, 0.865),
        (0.515, 0.866),
        (0.517, 0.87),
        (0.52, 0.873),
        (0.524, 0.887),
        (0.531, 0.892),
    ),
    "struggle": (
        (0.304, 0.236),
        (0.405, 0.75),
        (0.452, 0.844),
        (0.475, 0.868),
        (0.513, 0.906),
        (0.581, 0.929),
        (0.66, 0.958),
        (0.699, 0.973),
        (0.872, 1.0),
    ),
    "whispers": (
        (0.047, 0.087),
        (0.13, 0.194),
        (0.181, 0.398),
        (0.233, 0.494),
        (0.276, 0.513),
        (0.298, 0.523),
        (0.337, 0.538),
        (0.408, 0.612),
        (0.481, 0.697),
        (0.551, 0.735),
        (0.662, 0.796),
        (0.894, 0.839),
    ),
}
# Games whose estimates missed on the held-out games (a band of 30 positions or more
# off by more than 10 points) or hardly vary (the middle 80 % within 15 points):
# the review and the suggestion say their chances are rough there.
ROUGH: frozenset[str] = frozenset({"court", "golden_key", "krypkille", "struggle"})
