"""王宮のささやき (Palastgeflüster): what the app shows of it. Beside this file: table.py (its
renderer, TABLE), words (its words in both languages), rules.toml (its in-app
rules), style.css (its table's style), figures.toml (the game-icons figures of its
cards), art.svg (its colours' shapes and signs)."""

# Where the home screen shows it, among the collection's games (smallest first).
HOME_ORDER = 3

# How many may play (WH-1), for the home screen: the rules' own numbers, kept here so
# that the home lists the game without importing its rules (tests/test_boot.py checks them).
PLAYERS = (3, 5)

# The home screen's cover (the lead draws it): a tone of the palette, three of the
# figures (figures.toml) that say what the game is (the courtiers and the crown
# they whisper to), and how long a game takes, in minutes.
COVER = {"tone": "teal", "figures": ("wizard", "crown", "jester"), "minutes": (20, 40)}
