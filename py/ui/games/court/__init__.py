"""court: its table (table.py), words (words.py), in-app rules (rules_text.py), style (style.css)."""
