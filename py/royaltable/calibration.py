"""How a game's search values read as chances to win (royaltable.search.Model.chance).

Written by bench/calibration.py from games of the strong player against the quick
one; do not edit by hand. POINTS[game id]: (value, share of games won) pairs.
"""
POINTS: dict[str, tuple[tuple[float, float], ...]] = {}
