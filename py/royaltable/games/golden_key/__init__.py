"""黄金の鍵 / The Golden Key (2 players), a dice duel by ふみのりんぐ (2022).
Rules in rules.py, its actions in actions.py, computer players in bots.py."""
from ... import registry
from ...core import Game
from .actions import ACTIONS
from .rules import OPTIONS, GoldenKeyState, sample_state
from .bots import GentleBot, QuickBot, StrongBot

GAME = registry.register(Game(
    id="golden_key",
    title={"ja": "黄金の鍵", "en": "The Golden Key"},
    min_players=2, max_players=2, default_players=2,   # GK-1
    options=OPTIONS,
    state_class=GoldenKeyState,
    sample_state=sample_state,
    bots={"gentle": GentleBot, "quick": QuickBot, "strong": StrongBot},
    actions=ACTIONS,
))
