"""One folder per game's screen: ui/games/<game id>/ holds everything the app
shows of that game, beside its rules in royaltable/games/<game id>/:

- __init__.py    HOME_ORDER: where the home screen shows it; PLAYERS: (fewest, most),
                 the rules' numbers; COVER: its cover (ui/covers.py). Plain data: the
                 home screen reads it without importing the game's rules or table
- table.py       TABLE, an instance of a ui.table.Table subclass: the renderer
- words.toml     every word of its table and setup, Japanese and English
- rules.toml     its in-app rules, both languages, each rule with its ID
- style.css      its table's style (the build links it from index.html)
- figures.toml   the figures of its cards (ui/figures.py: game-icons.net, CC BY 3.0)

The collection (ui/collection.py) is every game of royaltable/games/ with such a
folder. A game's table.py (and with it its rules) is imported when the game is
first opened, never at start; the start-up snapshot imports them all
(static/snapshot-worker.mjs)."""
