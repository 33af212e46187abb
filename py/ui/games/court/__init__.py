"""王への請願 (To Court the King): what the app shows of it. Beside this file: table.py (its
renderer, TABLE), words (its words in both languages), rules.toml (its in-app
rules), style.css (its table's style), figures.toml (its figures)."""

# Where the home screen shows it, among the collection's games (smallest first).
HOME_ORDER = 1

# How many may play (CT-1), for the home screen: the rules' own numbers, kept here so
# that the home lists the game without importing its rules (tests/test_boot.py checks them).
PLAYERS = (2, 5)

# The home screen's cover: its tone, three figures that say what the game is (the
# characters one courts, from the Jester to the King), and how long a game takes.
COVER = {"tone": "plum", "figures": ("jester", "knight", "king"), "minutes": (20, 40)}
