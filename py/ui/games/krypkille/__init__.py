"""Krypkille: what the app shows of it. Beside this file: table.py (its
renderer, TABLE), words (its words in both languages), rules.toml (its in-app
rules), style.css (its table's style), figures.toml (its cards' figures)."""

# Where the home screen shows it, among the collection's games (smallest first).
HOME_ORDER = 2

# How many may play (KK-4), for the home screen: the rules' own numbers, kept here so
# that the home lists the game without importing its rules (tests/test_boot.py checks them).
PLAYERS = (3, 6)

# The home screen's cover: its tone, three of its figures (figures.toml: the weakest
# card, the strongest and the Cuckoo) and how long a match takes, in minutes.
COVER = {"tone": "red", "figures": ("mask", "jester", "cuckoo"), "minutes": (15, 30)}
