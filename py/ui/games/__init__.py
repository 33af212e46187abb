"""One folder per game's screen: ui/games/<game id>/ holds everything the app
shows of that game, beside its rules in royaltable/games/<game id>/:

- __init__.py    HOME_ORDER: where the home screen shows it; PLAYERS: (fewest, most),
                 the rules' numbers; COVER: its cover (ui/covers.py). Plain data: the
                 home screen reads it without importing the game's rules or table
- table.py       TABLE, an instance of a ui.table.Table subclass: the renderer
- words.toml     every word of its table and setup, Japanese and English
- rules.toml     its in-app rules, both languages, each rule with its ID: how to win
                 first, a card's figure or a drawing beside a rule, notes on the original
- pictures.py    the rules page's drawings (the board, worked examples; ui/scenes.py),
                 importing no rules
- aid.toml       its player aid (ui/aid.py): topics, each with the rule IDs it shows
- style.css      its table's style (the build links it from index.html)
- figures.toml   the figures of its cards (ui/figures.py: game-icons.net, CC BY 3.0)

The collection (ui/collection.py) is every game of royaltable/games/ with such a
folder. A game's table.py (and with it its rules) is imported when the game is
first opened, never at start; the start-up snapshot imports them all
(static/snapshot-worker.mjs)."""
