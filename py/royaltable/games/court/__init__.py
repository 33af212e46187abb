"""王への請願 / To Court the King (2–5 players). Rules in rules.py, computer players in bots.py."""
from ... import registry
from ...core import Game
from .actions import ACTIONS
from .rules import CourtState, sample_state
from .bots import GentleBot, QuickBot, StrongBot

GAME = registry.register(Game(
    id="court",
    title={"ja": "王への請願", "en": "To Court the King"},
    min_players=2, max_players=5, default_players=4,  # CT-1
    options={},
    state_class=CourtState,
    sample_state=sample_state,
    bots={"gentle": GentleBot, "quick": QuickBot, "strong": StrongBot},
    actions=ACTIONS,
))
