"""One folder per game's screen: ui/games/<game id>/ holds everything the app
shows of that game, beside its rules in royaltable/games/<game id>/:

- table.py       TABLE, an instance of a ui.table.Table subclass: the renderer
- words.py       STRINGS: every word of its table and setup, Japanese and English
- rules_text.py  RULES: the in-app rules, both languages
- style.css      its table's style (linked by the build into index.html)

The collection is the registry's games that have such a folder."""
