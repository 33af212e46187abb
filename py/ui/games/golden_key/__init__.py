"""黄金の鍵 (The Golden Key): what the app shows of it. Beside this file: table.py (its
renderer, TABLE), words (its words in both languages), rules.toml (its in-app
rules), style.css (its table's style), figures.toml (its figures)."""

# Where the home screen shows it, among the collection's games (smallest first).
HOME_ORDER = 4

# How many may play (GK-1), for the home screen: the rules' own numbers, kept here so
# that the home lists the game without importing its rules (tests/test_boot.py checks them).
PLAYERS = (2, 2)
# Its cover on the home screen: the Red Kingdom's lion and the Blue Empire's eagle
# with the golden key between them, and how long a game takes (the designer says
# five to ten minutes; the advanced board runs longer).
COVER = {"tone": "gold", "figures": ("red", "key", "blue"), "minutes": (5, 15)}
