"""Computer players for King's Struggle (placeholder while the rules settle)."""
from ...core import Bot


class QuickBot(Bot):
    def choose(self, view, legal):
        return self.rng.choice(legal)


StrongBot = QuickBot
