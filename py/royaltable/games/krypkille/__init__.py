"""Krypkille (3–6 players). Rules in rules.py, computer players in bots.py."""
from ... import registry
from ...core import Game
from .actions import ACTIONS
from .rules import KrypkilleState, sample_state
from .bots import GentleBot, QuickBot, StrongBot

GAME = registry.register(Game(
    id="krypkille",
    title={"ja": "クリップキレ", "en": "Krypkille"},
    min_players=3, max_players=6, default_players=4,  # KK-4
    options={"limit": ((50, 100, 150), 100)},   # KK-6
    state_class=KrypkilleState,
    sample_state=sample_state,
    bots={"gentle": GentleBot, "quick": QuickBot, "strong": StrongBot},
    actions=ACTIONS,
))
