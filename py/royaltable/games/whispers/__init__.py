"""王宮のささやき / Palastgeflüster (3–5 players). Rules in rules.py, computer players in bots.py."""
from ... import registry
from ...core import Game
from .actions import ACTIONS
from .rules import WhispersState, sample_state
from .bots import GentleBot, QuickBot, StrongBot

GAME = registry.register(Game(
    id="whispers",
    title={"ja": "王宮のささやき", "en": "Palastgeflüster"},
    min_players=3, max_players=5, default_players=4,             # WH-1
    options={"recorded_tiebreak": ((False, True), False),        # WH-24
             "sixth_two_points": ((False, True), False)},        # WH-25
    state_class=WhispersState,
    sample_state=sample_state,
    bots={"gentle": GentleBot, "quick": QuickBot, "strong": StrongBot},
    actions=ACTIONS,
))
