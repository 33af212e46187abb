"""王宮のささやき (Palastgeflüster), 3–5 players: being built (issue 10)."""
