"""王の闘争 (King's Struggle): what the app shows of it. Beside this file: table.py (its
renderer, TABLE), words (its words in both languages), rules.toml (its in-app
rules), style.css (its table's style), figures.toml (its figures)."""

# Where the home screen shows it, among the collection's games (smallest first).
HOME_ORDER = 5
