"""King's Struggle computer players: they bargain, and they only read views."""
import random

from royaltable import registry
from royaltable.games.struggle.actions import Gold, Knight
from royaltable.games.struggle.bots import QuickBot, StrongBot, StruggleModel, quick_action
from royaltable.games.struggle.rules import sample_state, score_cards

GAME = registry.get("struggle")


def trick(powers, first=0, gold=None, seed=1):
    state = GAME.new(len(powers), seed=seed)
    state.first = state.leader = state.to_act = first
    if gold is not None:
        state.gold = list(gold)
    for k in range(len(powers)):
        seat = (first + k) % len(powers)
        state.apply(f"play s{seat}-{powers[seat]}")
    return state


def ask(bot, state):
    return bot.choose(state.view(state.current), state.legal_actions())


def test_quick_accepts_gold_for_an_ability_it_barely_needs():
    state = trick([2, 10, 3], first=0, gold=[5, 5, 9])    # the Thief's turn; the King wins anyway
    state.apply("pass")
    state.apply("offer none")
    state.apply("gold 4")
    state.apply("no-promise")
    assert ask(QuickBot(1), state) == "accept 2"


def test_quick_robs_the_richest_when_nobody_pays():
    state = trick([2, 10, 3], first=0, gold=[0, 1, 9])
    while state.current != 0:
        state.apply("pass")
    assert ask(QuickBot(1), state) == "steal 2"


def test_quick_pays_the_diplomat_to_spare_its_winning_card():
    # Seat 1 holds two won 10s: its King taking the trick makes three (6 points
    # instead of 3). Seat 0's Diplomat would throw the King out to win the trick.
    state = GAME.new(4, seed=1)
    state.first = state.leader = state.to_act = 0
    for card in (29, 39):                        # s2-10, s3-10 won earlier
        state.hands[card // 10].remove(card)
    state.won[1] = [29, 39]
    state.scores[1] = score_cards(state.won[1])
    state.gold = [5, 8, 0, 0]
    for action in ("play s0-7", "play s1-10", "play s2-1", "play s3-1"):
        state.apply(action)
    assert state.current == 1 and state.phase == "offer"
    action = ask(QuickBot(1), state)
    assert action in ("offer none", "offer discard 2", "offer discard 3")
    state.apply(action)
    amount = ask(QuickBot(1), state).amount
    assert 1 <= amount <= 8
    state.apply(f"gold {amount}")
    state.apply("no-promise")
    assert ask(QuickBot(1), state) == "accept 1"    # and the Diplomat takes the deal


def test_quick_adds_a_card_to_the_knight_only_when_it_wins():
    state = trick([8, 10, 9], first=0, gold=[0, 0, 0])
    action = ask(QuickBot(1), state)
    assert isinstance(action, Knight)
    power = int(action.card.split("-")[1])
    assert 8 + power > 10 and 8 + power != 9


def test_quick_plays_only_from_views():
    """Two deals agreeing with seat 0's view give seat 0's quick player the same move."""
    state = GAME.new(4, seed=5)
    state.first = state.leader = state.to_act = 1
    state.apply("play s1-7")
    state.apply("play s2-3")
    state.apply("play s3-9")
    view = state.view(0)
    moves = {quick_action(sample_state(view, seed), random.Random(0)) for seed in range(6)}
    assert len(moves) == 1


def test_strong_is_deterministic_for_a_seed_and_legal():
    state = trick([6, 10, 3, 4], first=0, gold=[5, 5, 5, 5])
    view, legal = state.view(state.current), state.legal_actions()
    first = StrongBot(seed=3, playouts=60).choose(view, legal)
    assert first == StrongBot(seed=3, playouts=60).choose(view, legal)
    assert first in legal


def test_strong_values_an_offer_in_gold():
    """The Thief holder is offered 6 gold to leave the table alone: far more than
    the 2 it could steal, so the search ranks the deal first."""
    state = trick([2, 10, 3], first=0, gold=[5, 5, 9])
    state.apply("pass")
    state.apply("offer none")
    state.apply("gold 6")
    state.apply("no-promise")
    ranked = StrongBot(seed=1, playouts=80).ranked(state.view(0), state.legal_actions())
    assert ranked[0][0] == "accept 2"


def test_strong_bids_only_a_few_amounts_and_never_promises():
    state = trick([7, 10, 1], first=0, gold=[5, 20, 0])
    state.apply("offer none")
    world = sample_state(state.view(1), 1)
    amounts = [a for a, _ in StruggleModel().candidates(world, state.legal_actions())]
    assert 0 < len(amounts) <= 9 and all(isinstance(a, Gold) for a in amounts)
    state.apply("gold 3")
    assert StrongBot(seed=1, playouts=40).choose(state.view(1), state.legal_actions()) == "no-promise"


def test_bots_finish_a_night_game_at_six():
    state = GAME.new(6, seed=4, options={"mode": "night"})
    rng = random.Random(1)
    while not state.over:
        seat = state.current
        bot = QuickBot(rng.randrange(1000))
        state.apply(bot.choose(state.view(seat), state.legal_actions()), seat=seat)
    assert len(state.result()["scores"]) == 6


def test_both_levels_answer_with_the_legal_lists_own_typed_values():
    """A bot's choice is one of legal_actions()'s values itself (typed, not its text)."""
    rng = random.Random(5)
    state = GAME.new(4, seed=5)
    quick, strong = QuickBot(2), StrongBot(seed=2, playouts=12)
    for step in range(120):
        if state.over:
            break
        legal = state.legal_actions()
        for bot in (quick, strong) if step % 6 == 0 else (quick,):
            choice = bot.choose(state.view(state.current), legal)
            assert any(choice is action for action in legal), (choice, legal)
        state.apply(rng.choice(legal))
