"""黄金の鍵 (The Golden Key), the two-player dice duel: being built (issue 11)."""
