"""王の闘争 (King's Struggle), 3–6 players. Rules in rules.py, the best scoring
split in scoring.py, computer players in bots.py."""
from ... import registry
from ...core import Game
from .actions import ACTIONS
from .rules import StruggleState, sample_state
from .bots import GentleBot, QuickBot, StrongBot

GAME = registry.register(Game(
    id="struggle",
    title={"ja": "王の闘争", "en": "King's Struggle"},
    min_players=3, max_players=6, default_players=4,     # ST-1
    options={"mode": (("day", "night"), "day")},         # ST-5, ST-6
    state_class=StruggleState,
    sample_state=sample_state,
    bots={"gentle": GentleBot, "quick": QuickBot, "strong": StrongBot},
    actions=ACTIONS,
))
