"""王の闘争 (King's Struggle): what the app shows of it. Beside this file: table.py (its
renderer, TABLE), words (its words in both languages), rules.toml (its in-app
rules), style.css (its table's style), figures.toml (the icons its cards and signs
are drawn with), shapes.svg (the seats' shapes)."""

# Where the home screen shows it, among the collection's games (smallest first).
HOME_ORDER = 5

# How many may play (ST-1), for the home screen: the rules' own numbers, kept here so
# that the home lists the game without importing its rules (tests/test_boot.py checks them).
PLAYERS = (3, 6)

# The home screen's cover (the lead draws it): a tone, three figures of figures.toml
# that say what the game is (a card at work, the throne, the bargain) and how long a
# game takes, in minutes.
COVER = {"tone": "blue", "figures": ("spy", "king", "deal"), "minutes": (30, 45)}
