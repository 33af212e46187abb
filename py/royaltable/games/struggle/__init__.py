"""王の闘争 (King's Struggle), 3–6 players: being built (issue 12)."""
