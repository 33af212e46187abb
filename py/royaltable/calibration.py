"""How a game's search values read as chances to win (royaltable.search.Model.chance).

Written by bench/calibration.py from games of the strong player against the quick
one; do not edit by hand. POINTS[game id]: (value, share of games won) pairs.
"""
POINTS: dict[str, tuple[tuple[float, float], ...]] = {
    "court": (
        (0.009, 0.0),
        (0.064, 0.025),
        (0.094, 0.111),
        (0.14, 0.35),
        (0.181, 0.464),
        (0.197, 0.503),
        (0.226, 0.539),
        (0.306, 0.624),
        (0.373, 0.626),
        (0.486, 0.674),
        (0.667, 0.973),
    ),
    "golden_key": (
        (0.12, 0.184),
        (0.255, 0.4),
        (0.383, 0.405),
        (0.456, 0.55),
        (0.507, 0.763),
        (0.55, 0.85),
        (0.607, 0.902),
        (0.68, 0.923),
        (0.815, 0.956),
        (0.972, 1.0),
    ),
    "krypkille": (
        (0.491, 0.792),
        (0.508, 0.816),
        (0.518, 0.823),
        (0.524, 0.843),
        (0.531, 0.856),
    ),
    "struggle": (
        (0.335, 0.542),
        (0.412, 0.798),
        (0.454, 0.846),
        (0.49, 0.89),
        (0.547, 0.918),
        (0.609, 0.922),
        (0.654, 0.93),
        (0.699, 0.943),
        (0.89, 1.0),
    ),
    "whispers": (
        (0.046, 0.172),
        (0.113, 0.221),
        (0.15, 0.263),
        (0.187, 0.39),
        (0.22, 0.406),
        (0.262, 0.463),
        (0.317, 0.529),
        (0.4, 0.543),
        (0.451, 0.621),
        (0.489, 0.657),
        (0.598, 0.737),
        (0.89, 0.766),
    ),
}
# Games whose estimates missed on the held-out games (a band of 30 positions or more
# off by more than 10 points): the review says its chances are rough there.
ROUGH: frozenset[str] = frozenset({"court", "golden_key", "struggle", "whispers"})
