"""王の闘争 (King's Struggle) rules, one test (at least) per rule ID ST-1..ST-31."""
import copy
import hashlib
import itertools
import json
import random

import pytest

from royaltable import IllegalAction, registry
from royaltable.games.struggle import rules as struggle_rules
from royaltable.games.struggle.rules import (CARD_IDS, CHARACTERS, NEGOTIABLE, PROMISES,
                                             ROUNDS, sample_state, score_cards)
from rules_said import said

GAME = registry.get("struggle")
OFFER_STEPS = ("offer", "offer-gold", "offer-promise")


def private_cards(state, seat):
    """What `seat` knows that onlookers do not, as card ids (the conformance suite's
    privacy check): its hand and its own face-down card before the reveal."""
    cards = [CARD_IDS[c] for c in state.hands[seat]]
    if state.status[seat] == "face-down":
        cards.append(CARD_IDS[state.slot[seat]])
    return cards


def trick(powers, first=0, gold=None, seed=1):
    """A day game whose first trick is `powers` (seat by seat), led by `first`,
    revealed: the first ability turn that needs a decision is under way."""
    n = len(powers)
    state = GAME.new(n, seed=seed)
    state.first = state.leader = state.to_act = first
    if gold is not None:
        state.gold = list(gold)
    for k in range(n):
        seat = (first + k) % n
        state.apply(f"play s{seat}-{powers[seat]}", seat=seat)
    return state


def no_offers(state):
    while state.phase in OFFER_STEPS:
        state.apply("pass")


def decide(state, action):
    """Everyone passes on offers, then the active player does `action`."""
    no_offers(state)
    assert state.phase == "decide", state.phase
    state.apply(action)


def offer(state, use, gold, promise="no-promise"):
    state.apply(f"offer {use}")
    state.apply(f"gold {gold}")
    state.apply(promise)


def snapshot(state):
    return json.dumps([state.view(s) for s in [None, *range(state.players)]]
                      + [state.current, state.legal_actions()], sort_keys=True)


def card_strings(obj):
    if isinstance(obj, str):
        return [obj] if obj in CARD_IDS else []
    if isinstance(obj, dict):
        return [c for v in obj.values() for c in card_strings(v)]
    if isinstance(obj, list):
        return [c for v in obj for c in card_strings(v)]
    return []


def play_randomly(state, rng, until=lambda s: s.over):
    while not until(state):
        state.apply(rng.choice(state.legal_actions()))
    return state


# ---- components and setup ------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_st1_three_to_six_players_each_with_an_own_deck_of_ten(players):
    state = GAME.new(players, seed=2)
    for seat in range(players):
        hand = state.view(seat)["hand"]
        assert hand == [f"s{seat}-{p}" for p in range(1, 11)]
    assert GAME.min_players == 3 and GAME.max_players == 6


@pytest.mark.parametrize("players", [2, 7])
def test_st1_other_counts_refused(players):
    with pytest.raises(ValueError, match="3–6 players"):
        GAME.new(players)


def test_st2_five_gold_each_from_a_supply_of_eighty():
    state = GAME.new(5, seed=1)
    view = state.view(None)
    assert view["gold"] == [5] * 5 and view["supply"]["gold"] == 80 - 25


def test_st2_an_empty_supply_gives_what_is_left():
    state = trick([1, 10, 10], first=1, gold=[0, 40, 39])  # 79 of 80 gold held
    assert state.gold[0] == 1                               # the Peasant got 1, not 2
    assert state.history[0]["events"] == [{"seat": 0, "card": "s0-1", "what": "gold", "gold": 1}]


def test_st3_five_plus_and_five_minus_markers():
    state = trick([4, 6, 10, 2], first=0)
    assert state.view(None)["supply"] == {"gold": 60, "plus": 5, "minus": 5}
    decide(state, "plus 0")
    decide(state, "minus 2")
    assert state.view(None)["turn"]["seat"] == 3          # the Thief's turn, markers on the table
    assert state.view(None)["supply"] == {"gold": 60, "plus": 4, "minus": 4}


def test_st3_st31_a_sixth_jester_finds_no_marker():
    state = trick([4] * 6, first=0)
    for seat in range(5):
        assert state.view(None)["turn"]["seat"] == seat
        decide(state, f"plus {seat}")
    # the sixth Jester's turn passed with no effect: the round is over
    assert state.round_no == 2
    events = state.history[0]["events"]
    assert events[-1] == {"seat": 5, "card": "s5-4", "what": "no-effect"}
    totals = [p["total"] for p in state.history[0]["plays"]]
    assert totals == [7, 7, 7, 7, 7, 4] and state.history[0]["winner"] == 5


def test_st3_st31_a_marker_when_none_is_left_is_refused():
    state = trick([4, 4, 4, 4, 4, 7], first=0)
    for seat in range(5):
        decide(state, f"plus {seat}")
    assert state.view(None)["turn"]["seat"] == 5 and state.phase == "offer"   # the Diplomat's bargain
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=r"no \+3 marker is left.*ST-31"):
        state.apply("offer plus 1")
    no_offers(state)
    with pytest.raises(IllegalAction, match=r"no \+3 marker is left.*ST-31"):
        state.apply("plus 5")
    state.apply("pass")
    assert snapshot(state) != before and state.round_no == 2


def test_st4_first_player_random_and_seeded():
    firsts = {GAME.new(4, seed=s).first for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert GAME.new(4, seed=9).first == GAME.new(4, seed=9).first
    state = GAME.new(4, seed=9)
    assert state.current == state.first and state.phase == "lead"


def test_st5_day_ten_cards_seven_rounds_three_left_over():
    state = GAME.new(4, seed=3)
    assert state.view(0)["mode"] == "day" and state.view(0)["hand_sizes"] == [10] * 4
    rng = random.Random(1)
    extra = ("knight", "offer knight", "swap", "offer swap")   # no Knight, no Queen
    while not state.over:
        state.apply(rng.choice([a for a in state.legal_actions() if not a.startswith(extra)]))
    assert len(state.history) == ROUNDS == 7
    assert state.view(None)["hand_sizes"] == [3] * 4


def test_st6_night_two_cards_removed_unseen_by_anyone():
    state = GAME.new(4, seed=3, options={"mode": "night"})
    assert state.view(None)["mode"] == "night"
    assert state.view(None)["hand_sizes"] == [8] * 4
    removed = [CARD_IDS[c] for seat in range(4) for c in state.removed[seat]]
    assert len(removed) == 8
    rng = random.Random(4)
    extra = ("knight", "offer knight", "swap", "offer swap")
    while True:
        for seat in [None, 0, 1, 2, 3]:
            assert not set(card_strings(state.view(seat))) & set(removed)
        if state.over:
            break
        state.apply(rng.choice([a for a in state.legal_actions() if not a.startswith(extra)]))
    assert len(state.history) == ROUNDS
    assert state.view(None)["hand_sizes"] == [1] * 4    # 8 cards, 7 rounds (see the report)


def test_st6_night_removal_differs_by_seed_and_is_not_the_view():
    removed = {tuple(map(tuple, GAME.new(3, seed=s, options={"mode": "night"}).removed)) for s in range(5)}
    assert len(removed) == 5
    view = GAME.new(3, seed=1, options={"mode": "night"}).view(0)
    resampled = {tuple(map(tuple, sample_state(view, s).removed[1:])) for s in range(10)}
    assert len(resampled) > 1        # the others' removed cards are unknown to seat 0


# ---- a round ---------------------------------------------------------------------

def test_st7_lead_face_up_then_face_down_choices_seat_by_seat():
    state = GAME.new(4, seed=1)
    state.first = state.leader = state.to_act = 2
    state.apply("play s2-10")
    assert state.view(None)["trick"][2]["card"] == "s2-10"           # face up
    assert state.current == 3 and state.phase == "choose"
    state.apply("play s3-9")
    assert state.current == 0
    for seat in (None, 0, 1, 2):
        entry = state.view(seat)["trick"][3]
        assert entry["card"] is None and entry["status"] == "face-down"
        assert "s3-9" not in card_strings(state.view(seat))
    assert state.view(3)["trick"][3]["card"] == "s3-9"               # its owner sees it
    state.apply("play s0-1")
    with pytest.raises(IllegalAction, match="already chosen a card face down"):
        state.apply("play s3-8", seat=3)
    state.apply("play s1-1")                                          # the last choice reveals
    assert [t["card"] for t in state.view(None)["trick"]] == ["s0-1", "s1-1", "s2-10", "s3-9"]


def test_st7_only_cards_in_hand_can_be_played():
    state = GAME.new(3, seed=1)
    seat = state.current
    state.apply(f"play s{seat}-5")
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="not in your hand"):
        state.apply(f"play s{seat}-5")
    assert snapshot(state) == before


def test_st7_a_seat_with_no_card_left_sits_the_round_out():
    # Only a Queen's exchange followed by a Spy can cost a seat an extra card; at
    # night that may empty a hand before the last round.
    state = GAME.new(3, seed=1, options={"mode": "night"})
    state.first = 0
    state.removed[0] += state.hands[0]
    state.hands[0] = []
    state.round_no = 6
    state._start_round()
    view = state.view(None)
    assert view["trick"][0]["status"] == "out" and state.current == 1   # the next seat leads
    state.apply(state.legal_actions()[0])
    assert state.current == 2
    state.apply(state.legal_actions()[0])
    assert state.phase != "choose" and 0 not in state.order


def test_st8_ability_turns_in_seat_order_from_the_first_player():
    state = trick([2, 2, 2, 2], first=2)      # four Thieves
    turns = []
    while state.round_no == 1:
        turns.append(state.view(None)["turn"]["seat"])
        decide(state, "pass")
    assert turns == [2, 3, 0, 1]


def test_st9_spy_switches_a_card_whose_ability_then_cannot_be_used():
    state = trick([5, 6, 10], first=0)       # seat 0 Spy, seat 1 Guard still to come
    decide(state, "spy 1")
    play = state.history[0]["plays"][1]
    new_card = play["card"]
    assert play["switched"] and new_card != "s1-6"
    # the Guard's turn (seat 1) is skipped: the round ended
    assert state.round_no == 2
    blocked = [e for e in state.history[0]["events"] if e["what"] == "blocked"]
    assert blocked == [{"seat": 1, "card": new_card, "what": "blocked"}]


def test_st9_using_a_switched_cards_ability_is_refused():
    state = trick([9, 6, 2], first=0)        # the Queen takes seat 1's Guard
    decide(state, "swap 1")
    assert state.view(None)["trick"][1]["card"] == "s0-9"
    assert state.view(None)["trick"][0]["card"] == "s1-6"
    # seat 1's turn (now holding the Queen) was skipped; seat 2's Thief is up
    assert state.view(None)["turn"]["seat"] == 2
    assert state.view(None)["events"][-1]["what"] == "blocked"
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="switched in by the Spy or the Queen.*ST-9"):
        state.apply("swap 2", seat=1)
    assert snapshot(state) == before


def test_st9_a_switch_after_the_turn_changes_nothing_already_done():
    state = trick([4, 9, 10], first=0)       # the Jester acts, then the Queen takes it
    decide(state, "plus 0")
    decide(state, "swap 0")
    plays = {p["seat"]: p for p in state.history[0]["plays"]}
    assert plays[0]["card"] == "s1-9" and plays[0]["switched"]      # seat 0 was made to switch
    assert plays[1]["card"] == "s0-4" and plays[1]["plus"] == 1 and not plays[1]["switched"]
    assert [e["what"] for e in state.history[0]["events"]] == ["used", "used"]


def test_st10_equal_totals_cancel_after_the_ability_turns():
    state = trick([7, 4, 4], first=0, gold=[0, 0, 0])
    decide(state, "pass")             # Diplomat passes
    decide(state, "plus 1")           # seat 1's Jester: 7 = 7, a tie for now
    decide(state, "plus 1")           # seat 2's Jester breaks it: 10
    summary = state.history[0]
    assert summary["cancelled"] == [] and summary["winner"] == 1


def test_st10_ties_are_removed_before_the_winner_is_decided():
    state = trick([10, 10, 3, 1], first=0)
    summary = state.history[0]
    assert summary["cancelled"] == [0, 1]
    assert summary["winner"] == 2                     # the Merchant's 3 beats the 1
    assert sorted(summary["cancelled_cards"]) == ["s0-10", "s1-10"]
    assert sorted(summary["taken"]) == ["s2-3", "s3-1"]
    assert state.won[2] == [22, 30]                   # s2-3 and s3-1 as ints


def test_st11_the_highest_remaining_total_takes_the_trick():
    state = trick([1, 3, 10], first=0)
    assert state.history[0]["winner"] == 2
    assert state.view(None)["won"][2] == ["s0-1", "s1-3", "s2-10"]


def test_st11_no_card_left_nobody_wins_and_the_first_player_stays():
    state = trick([10, 10, 10], first=1)
    assert state.history[0]["winner"] is None
    assert state.history[0]["cancelled"] == [0, 1, 2]
    assert state.first == 1 and state.current == 1 and state.phase == "lead"
    assert state.view(None)["won"] == [[], [], []]


def test_st12_markers_return_and_the_winner_leads_next():
    state = trick([4, 10, 1], first=1)       # the King wins; the Jester marks the 1
    decide(state, "plus 2")
    assert state.history[0]["winner"] == 1
    assert state.first == 1 and state.current == 1 and state.round_no == 2
    assert state.markers_left() == (5, 5)
    assert all(t["plus"] == 0 for t in state.view(None)["trick"])


def test_st12_the_winner_becomes_the_first_player():
    state = trick([1, 3, 10], first=0)
    assert state.history[0]["winner"] == 2
    assert state.first == 2 and state.view(None)["first"] == 2
    assert state.current == 2 and state.phase == "lead"


def test_st13_the_game_ends_after_the_seventh_round():
    state = play_randomly(GAME.new(5, seed=8), random.Random(8),
                          until=lambda s: s.round_no == 7 and s.phase == "lead")
    assert not state.over and len(state.history) == 6
    play_randomly(state, random.Random(1))
    assert state.over and len(state.history) == 7 and state.view(None)["round"] == 7
    assert state.current is None and state.legal_actions() == []


# ---- negotiation ------------------------------------------------------------------

def test_st14_seven_negotiable_cards():
    assert NEGOTIABLE == {2, 4, 5, 6, 7, 8, 9}
    assert [p for p, c in CHARACTERS.items() if c["negotiable"]] == [2, 4, 5, 6, 7, 8, 9]


def test_st14_peasant_merchant_and_king_are_not_bargained_over():
    state = trick([1, 3, 10, 2], first=0)
    # straight to the Thief's bargain: nobody was asked about the first three
    assert state.view(None)["turn"]["seat"] == 3 and state.phase == "offer"
    assert [e["what"] for e in state.view(None)["events"]] == ["gold", "gold"]


def test_st15_offers_from_the_left_of_the_active_player_skipping_the_penniless():
    state = trick([10, 1, 7, 1, 1], first=0, gold=[4, 0, 3, 5, 0])
    # the Peasant of seat 1 took 2 gold; the Diplomat (seat 2) is next; seat 4 has none
    assert state.view(None)["turn"]["seat"] == 2 and state.gold == [4, 2, 3, 5, 0]
    asked = []
    while state.phase in OFFER_STEPS:
        asked.append(state.current)
        state.apply("pass")
    assert asked == [3, 0, 1]


def test_st15_an_offer_is_a_use_an_amount_and_a_promise():
    state = trick([6, 10, 3], first=0, gold=[5, 5, 5])
    assert state.current == 1 and state.phase == "offer"
    assert state.legal_actions() == ["offer minus 0", "offer minus 1", "offer minus 2",
                                     "offer none", "pass"]
    state.apply("offer minus 2")
    assert state.legal_actions() == [f"gold {k}" for k in range(1, 6)]
    state.apply("gold 3")
    assert state.legal_actions() == [*PROMISES, "no-promise"]
    state.apply("promise-2")
    assert state.view(None)["turn"]["offers"] == [
        {"seat": 1, "use": "minus 2", "gold": 3, "promise": "promise-2"}]
    assert state.current == 2


def test_st15_offering_more_gold_than_one_holds_is_refused():
    state = trick([6, 10, 3], first=0, gold=[5, 4, 5])
    state.apply("offer minus 2")
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="hold only 4 gold.*ST-15"):
        state.apply("gold 5")
    with pytest.raises(IllegalAction, match="at least 1 gold"):
        state.apply("gold 0")
    assert snapshot(state) == before


def test_st15_an_offer_for_not_using_the_ability():
    state = trick([7, 10, 3], first=0, gold=[5, 5, 5])
    offer(state, "none", 2)
    state.apply("pass")
    state.apply("accept 1")
    assert state.history[0]["winner"] == 1
    assert state.history[0]["events"][0]["what"] == "not-used"
    assert state.gold[:2] == [7, 3]


def test_st16_accepting_moves_the_gold_and_carries_out_the_use():
    state = trick([7, 10, 3], first=0, gold=[5, 5, 5])
    state.apply("pass")                       # seat 1 makes no offer
    offer(state, "discard 1", 4, "promise-0")  # seat 2 pays to be rid of the King
    assert state.legal_actions() == ["accept 2", "discard 1", "discard 2", "pass"]
    state.apply("accept 2")
    summary = state.history[0]
    assert state.gold == [9, 5, 1 + 2]       # 4 paid; then the Merchant took 2 (itself, the Diplomat)
    event = summary["events"][0]
    assert event["use"] == "discard 1" and event["deal"] == {
        "seat": 2, "use": "discard 1", "gold": 4, "promise": "promise-0"}
    assert event["discarded"] == ["s1-10"] and state.view(None)["discard"] == ["s1-10"]


def test_st16_a_knight_deal_binds_the_knight_to_add_a_card():
    state = trick([8, 10, 3], first=0, gold=[5, 5, 5])
    offer(state, "knight", 1)
    state.apply("pass")
    state.apply("accept 1")
    assert state.phase == "knight" and state.current == 0
    assert state.legal_actions() == [f"knight s0-{p}" for p in range(1, 11) if p != 8]
    with pytest.raises(IllegalAction, match="binding"):
        state.apply("pass")
    state.apply("knight s0-5")
    assert state.history[0]["plays"][0]["total"] == 13 and state.history[0]["winner"] == 0


def test_st16_a_second_deal_in_a_round_is_refused():
    state = trick([8, 10, 3], first=0, gold=[5, 5, 5])
    offer(state, "knight", 1)
    offer(state, "knight", 2)
    state.apply("accept 1")
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="already accepted a deal this round.*ST-16"):
        state.apply("accept 2")
    assert snapshot(state) == before
    assert state.view(None)["deals"] == [True, False, False]


def test_st17_without_an_accepted_offer_the_ability_is_free():
    state = trick([6, 10, 3], first=0, gold=[5, 5, 5])
    offer(state, "none", 3)
    state.apply("pass")
    state.apply("minus 1")                  # the offer is declined by using it freely
    assert state.gold[:2] == [5, 5]
    assert state.history[0]["plays"][1]["total"] == 7
    state = trick([6, 10, 3], first=0, gold=[5, 5, 5])
    decide(state, "pass")                   # or not at all
    assert state.history[0]["events"][0]["what"] == "not-used"


# ---- scoring ------------------------------------------------------------------------

def finish_with(won, gold):
    """A finished 3-player game with these won cards (power lists) and gold."""
    state = GAME.new(len(won), seed=1)
    state.phase, state.to_act = "over", None
    state.gold = list(gold)
    decks = [[s * 10 + p - 1 for s in range(6)] for p in range(11)]
    for seat, powers in enumerate(won):
        state.won[seat] = sorted(decks[p].pop() for p in powers)
        state.scores[seat] = score_cards(state.won[seat])
    return state


def test_st18_one_point_per_gold():
    state = finish_with([[], [], []], [17, 3, 0])
    assert state.result() == {"scores": [17, 3, 0], "winners": [0]}


def test_st19_sets_and_runs_tables():
    one = {p: finish_with([[p] * k, [], []], [0, 0, 0]).result()["scores"][0]
           for k, p in zip(range(1, 7), (2, 3, 4, 5, 6, 7))}
    assert list(one.values()) == [1, 3, 6, 8, 10, 30]
    runs = [finish_with([list(range(1, k + 1)), [], []], [0, 0, 0]).result()["scores"][0]
            for k in range(3, 11)]
    assert runs == [4, 6, 9, 13, 18, 24, 31, 39]


def test_st19_the_seeds_worked_example():
    # three 8s (6) + a run of four (6) + three other cards (3) + 17 gold = 32
    state = finish_with([[8, 8, 8, 1, 2, 3, 4, 6, 9, 10], [], []], [17, 0, 0])
    assert state.result()["scores"][0] == 32
    points, split = score_cards(state.won[0])
    assert [(g["kind"], g["points"]) for g in split] == [
        ("set", 6), ("run", 6), ("single", 1), ("single", 1), ("single", 1)]


def test_st19_modifiers_never_count_and_each_card_scores_once():
    state = trick([4, 3, 2], first=0, gold=[5, 5, 5])
    decide(state, "plus 0")          # the Jester's 7 wins, with the 3 and the 2: a run
    decide(state, "pass")
    view = state.view(None)
    assert view["won"][0] == ["s0-4", "s1-3", "s2-2"]
    assert view["score"][0]["cards"] == 4
    assert view["score"][0]["split"] == [{"kind": "run", "cards": ["s2-2", "s1-3", "s0-4"], "points": 4}]


def test_st19_a_card_used_in_a_run_is_not_also_in_a_set():
    points, split = score_cards([0, 1, 2, 3, 12])     # s0-1..s0-4 and s1-3
    assert points == 7                                # a run of four and a single, not 3 + 3
    assert split == [{"kind": "run", "cards": ["s0-1", "s0-2", "s0-3", "s0-4"], "points": 6},
                     {"kind": "single", "cards": ["s1-3"], "points": 1}]


def test_st20_ties_go_to_the_most_cards_then_the_most_tens():
    state = finish_with([[1, 5], [9], []], [9, 11, 12])    # 11, 12, 12: seat 1 has 1 card
    assert state.result() == {"scores": [11, 12, 12], "winners": [1]}
    state = finish_with([[10, 3], [9, 4], [1, 1]], [2, 2, 0])
    assert state.result() == {"scores": [4, 4, 3], "winners": [0]}
    state = finish_with([[10, 3], [10, 4], [1]], [2, 2, 0])
    assert state.result() == {"scores": [4, 4, 1], "winners": [1]}   # 10s equal, ... then a 4
    state = finish_with([[10, 3], [10, 3], [1]], [2, 2, 0])
    assert state.result()["winners"] == [0, 1]                      # still equal: shared


# ---- this edition's court ---------------------------------------------------------

def test_st21_peasant_takes_two_gold():
    state = trick([1, 10, 10], first=0)
    assert state.gold == [7, 5, 5]


def test_st22_thief_takes_up_to_two_gold_from_one_other_player():
    state = trick([2, 10, 3], first=0, gold=[5, 5, 1])
    decide(state, "steal 1")
    assert state.gold[:2] == [7, 3]
    state = trick([2, 10, 10], first=0, gold=[5, 0, 1])
    no_offers(state)
    assert state.legal_actions() == ["steal 2", "pass"]       # not from the penniless, not oneself
    state.apply("steal 2")
    assert state.gold == [6, 0, 0]


def test_st23_merchant_counts_the_coins_cards_in_the_trick():
    state = trick([3, 2, 7, 10], first=3, gold=[0, 0, 0, 0])   # Merchant, Thief, Diplomat, King
    # turn order 3, 0 (Merchant: 3 coins cards, itself included), 1, 2
    assert state.gold[0] == 3
    state = trick([3, 10, 10], first=0, gold=[0, 0, 0])
    assert state.gold[0] == 1                                 # only itself


def test_st23_a_knights_second_card_is_in_the_trick():
    state = trick([8, 3, 10], first=0, gold=[0, 0, 0])
    decide(state, "knight s0-7")
    assert state.gold[1] == 2


def test_st24_jester_puts_a_plus_three_on_any_card():
    state = trick([4, 10, 9], first=0, gold=[0, 0, 0])
    assert state.legal_actions() == ["plus 0", "plus 1", "plus 2", "pass"]
    state.apply("plus 2")
    entry = state.view(None)["trick"][2]
    assert entry["plus"] == 1 and entry["total"] == 12


def test_st25_spy_sends_a_card_back_and_a_random_one_replaces_it():
    state = trick([5, 10, 1, 6], first=0, gold=[0, 0, 0, 0])   # a Guard still to come
    hand_before = list(state.hands[1])
    state.apply("spy 1")
    view = state.view(None)
    replacement = view["trick"][1]["card"]
    assert CARD_IDS.index(replacement) in hand_before and replacement != "s1-10"
    assert "s1-10" in state.view(1)["hand"]
    assert view["known_in_hand"][1] == ["s1-10"]          # everyone saw it go back
    assert view["events"][0]["returned"] == ["s1-10"]
    assert view["events"][0]["replacement"] == replacement
    replacements = set()
    for seed in range(12):
        state = trick([5, 10, 1, 6], first=0, gold=[0, 0, 0, 0], seed=seed)
        state.apply("spy 1")
        replacements.add(state.view(None)["trick"][1]["card"])
    assert len(replacements) > 3


def test_st25_spy_returns_a_card_to_its_owner_with_its_knight_card_and_markers_off():
    state = trick([9, 8, 5, 4], first=0, gold=[0, 0, 0, 0])
    state.apply("swap 1")                 # seat 0 now holds seat 1's Knight...
    # seat 1's turn is blocked (the Queen came in); seat 2's Spy targets seat 0
    assert state.view(None)["turn"]["seat"] == 2
    state.apply("spy 0")
    assert "s1-8" in state.view(1)["hand"] and "s1-8" not in state.view(0)["hand"]
    assert state.view(None)["known_in_hand"] == [[], ["s1-8"], [], []]
    assert state.view(None)["trick"][0]["card"].startswith("s0-")


def test_st25_a_spied_known_card_is_forgotten_once_played():
    state = trick([5, 10, 1], first=0, gold=[0, 0, 0])
    state.apply("spy 1")
    assert state.round_no == 2 and state.view(None)["known_in_hand"][1] == ["s1-10"]
    while state.current != 1:
        state.apply(state.legal_actions()[0])
    state.apply("play s1-10")
    if state.phase == "choose":          # face down: which card it was stays hidden
        assert state.view(None)["known_in_hand"][1] == ["s1-10"]
        while state.phase == "choose":
            state.apply(state.legal_actions()[0])
    assert state.view(None)["known_in_hand"][1] == []


def test_st26_guard_puts_a_minus_three_on_any_card():
    state = trick([6, 10, 9], first=0, gold=[0, 0, 0])
    assert state.legal_actions() == ["minus 0", "minus 1", "minus 2", "pass"]
    state.apply("minus 1")
    assert state.view(None)["trick"][1]["total"] == 7
    state.apply("pass")                   # seat 2's Queen
    assert state.history[0]["winner"] == 2 and state.history[0]["plays"][1]["minus"] == 1


def test_st27_diplomat_discards_another_card_with_its_knight_card():
    state = trick([8, 7, 3, 6], first=0, gold=[0, 0, 0, 0])
    state.apply("knight s0-10")
    assert state.legal_actions() == ["discard 0", "discard 2", "discard 3", "pass"]   # not itself
    state.apply("discard 0")
    entry = state.view(None)["trick"][0]
    assert entry["status"] == "gone" and entry["card"] is None and entry["companion"] is None
    assert sorted(state.view(None)["discard"]) == ["s0-10", "s0-8"]
    decide(state, "pass")                 # seat 3's Guard (the Merchant's gold may bid)
    summary = state.history[0]
    assert summary["winner"] == 1 and [p["seat"] for p in summary["plays"]] == [1, 2, 3]
    assert summary["events"][1]["discarded"] == ["s0-8", "s0-10"]


def test_st28_knight_adds_a_second_card_from_the_hand():
    state = trick([8, 10, 9], first=0, gold=[0, 0, 0])
    assert state.legal_actions() == [f"knight s0-{p}" for p in range(1, 11) if p != 8] + ["pass"]
    state.apply("knight s0-6")
    entry = state.view(None)["trick"][0]
    assert entry["companion"] == "s0-6" and entry["total"] == 14
    assert "s0-6" not in state.view(0)["hand"]
    state.apply("pass")                   # the Queen does nothing
    assert state.history[0]["winner"] == 0
    assert sorted(state.view(None)["won"][0]) == sorted(["s0-6", "s0-8", "s1-10", "s2-9"])


def test_st29_queen_exchanges_played_cards_markers_stay():
    state = trick([6, 9, 10], first=0, gold=[0, 0, 0])
    state.apply("minus 2")                # the King: 7
    state.apply("swap 2")
    plays = state.history[0]["plays"]
    assert (plays[1]["card"], plays[1]["minus"], plays[1]["total"]) == ("s2-10", 1, 7)
    assert (plays[2]["card"], plays[2]["total"], plays[2]["switched"]) == ("s1-9", 9, True)
    assert state.history[0]["winner"] == 2


def test_st30_king_has_no_ability():
    state = trick([10, 10, 1], first=0)
    assert state.round_no == 2 and state.history[0]["events"] == [
        {"seat": 2, "card": "s2-1", "what": "gold", "gold": 2}]


def test_st31_no_legal_target_no_effect():
    state = trick([2, 10, 10], first=0, gold=[5, 0, 0])     # nobody to rob
    assert state.round_no == 2
    assert state.history[0]["events"][0] == {"seat": 0, "card": "s0-2", "what": "no-effect"}


# ---- the contract, beyond the conformance suite -----------------------------------

def all_phases_states(players, seed, mode):
    state = GAME.new(players, seed=seed, options={"mode": mode})
    rng = random.Random(seed)
    while not state.over:
        yield state
        state.apply(rng.choice(state.legal_actions()))
    yield state


@pytest.mark.parametrize("mode", ["day", "night"])
def test_every_card_is_in_exactly_one_place(mode):
    for state in all_phases_states(6, 4, mode):
        places = ([c for h in state.hands for c in h] + [c for r in state.removed for c in r]
                  + [c for w in state.won for c in w] + state.discard
                  + [c for c in state.slot + state.companion if c is not None])
        assert sorted(places) == list(range(60))
        for seat, hand in enumerate(state.hands):
            assert all(c // 10 == seat for c in hand)
            assert set(state.known[seat]) <= set(hand) | {state.slot[seat]}
        assert sum(state.gold) <= 80 and min(state.gold) >= 0


@pytest.mark.parametrize("mode", ["day", "night"])
def test_sampled_worlds_agree_with_the_view_in_every_phase(mode):
    probe = random.Random(1)
    for state in all_phases_states(4, 6, mode):
        seat = probe.randrange(4)
        view = state.view(seat)
        world = sample_state(view, probe.randrange(1000))
        assert world.view(seat) == view
        if state.current == seat:
            assert world.legal_actions() == state.legal_actions()
        if not state.over:
            action = probe.choice(world.legal_actions())
            world.apply(action)               # the sampled world plays on


def test_clone_is_independent():
    state = trick([8, 10, 9], first=0, gold=[0, 0, 0])
    copy = state.clone()
    copy.apply("knight s0-6")
    assert "s0-6" in state.view(0)["hand"] and state.phase == "decide"
    assert snapshot(copy) != snapshot(state)
    copy2 = state.clone()
    copy2.apply("knight s0-6")
    assert snapshot(copy2) == snapshot(copy)


def test_a_choice_out_of_turn_is_refused_in_words():
    state = trick([6, 10, 3], first=0)
    assert state.current == 1
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="seat 1's turn to make an offer"):
        state.apply("pass", seat=2)
    assert snapshot(state) == before
    no_offers(state)
    with pytest.raises(IllegalAction, match="seat 0 decides"):
        state.apply("minus 1", seat=1)


def test_the_card_texts_are_this_editions_and_bilingual():
    assert sorted(CHARACTERS) == list(range(1, 11))
    for character in CHARACTERS.values():
        assert character["name"]["ja"] and character["name"]["en"]
        assert character["ability"]["ja"] and character["ability"]["en"]
    assert all(p["ja"] and p["en"] for p in PROMISES.values()) and len(PROMISES) == 5


# ---- rarely reached branches (mutation testing, bench/MUTATION.md) ------------------

def test_st25_markers_on_a_spied_card_go_back_to_the_supply():
    # seat 0's Jester marks seat 3's King +3, seat 1's Guard marks it -3; seat 2's Spy
    # sends the King back: the card that replaces it carries no marker of the King's
    state = trick([4, 6, 5, 10], first=0, gold=[0, 0, 0, 0])
    state.apply("plus 3")
    state.apply("minus 3")
    assert state.markers_left() == (4, 4)
    state.apply("spy 3")
    play = state.history[0]["plays"][3]
    assert play["card"] != "s3-10" and play["switched"]
    assert (play["plus"], play["minus"]) == (0, 0)
    assert play["total"] == int(play["card"].split("-")[1])
    spied = [e for e in state.history[0]["events"] if e.get("use") == "spy 3"]
    assert spied[0]["returned"] == ["s3-10"]


def test_st25_markers_leave_with_the_spied_card_while_the_trick_goes_on():
    # the same, looked at before the round ends: a Guard (seat 3) still to come
    state = trick([4, 5, 1, 6], first=0, gold=[0, 0, 0, 0])
    state.apply("plus 2")                 # on seat 2's Peasant
    state.apply("spy 2")
    entry = state.view(None)["trick"][2]
    assert entry["plus"] == 0 and entry["minus"] == 0 and entry["switched"]
    assert state.markers_left() == (5, 5) and state.view(None)["supply"]["plus"] == 5
    assert state.view(None)["turn"]["seat"] == 3


def test_st29_a_knights_second_card_moves_with_the_knight_under_a_queen_swap():
    # seat 0's Knight adds its 6 (8 + 6 = 14); seat 1's Queen takes the Knight
    state = trick([8, 9, 1], first=0, gold=[0, 0, 0])
    state.apply("knight s0-6")
    state.apply("swap 0")
    plays = {p["seat"]: p for p in state.history[0]["plays"]}
    assert (plays[1]["card"], plays[1]["companion"], plays[1]["total"]) == ("s0-8", "s0-6", 14)
    assert (plays[0]["card"], plays[0]["companion"], plays[0]["total"]) == ("s1-9", None, 9)
    assert state.history[0]["winner"] == 1
    assert sorted(state.view(None)["won"][1]) == sorted(["s0-6", "s0-8", "s1-9", "s2-1"])


def test_st29_the_queen_takes_a_knight_and_its_second_card():
    # the Queen (seat 0) swaps with a Knight that already added a card: the Knight and
    # its card come to the Queen's place together, the Queen goes alone
    state = trick([9, 8, 1], first=1, gold=[0, 0, 0])
    state.apply("knight s1-7")            # seat 1's Knight first (it led)
    decide(state, "swap 1")               # the Peasant's gold may bid; seat 0's Queen swaps
    plays = {p["seat"]: p for p in state.history[0]["plays"]}
    assert (plays[0]["card"], plays[0]["companion"], plays[0]["total"]) == ("s1-8", "s1-7", 15)
    assert (plays[1]["card"], plays[1]["companion"], plays[1]["total"]) == ("s0-9", None, 9)


# A game recorded before actions were typed (issue 19), every kind of action in it: its
# record's texts replay to the same game, every view the same (their digest then).
OLD_RECORD = {"game": "struggle", "options": {"mode": "day"}, "seed": 7, "players": 4}
OLD_ACTIONS = (
    "play_s2-6 play_s3-3 play_s0-7 play_s1-1 offer_minus_0 gold_5 promise-0 offer_minus_2 gold_5 "
    "promise-0 offer_none gold_2 promise-0 accept_0 offer_none gold_4 promise-0 offer_discard_2 "
    "gold_2 promise-4 offer_none gold_1 promise-4 accept_1 play_s0-4 play_s1-2 play_s2-8 "
    "play_s3-1 offer_plus_1 gold_1 promise-4 offer_plus_1 gold_5 promise-3 offer_plus_1 gold_5 "
    "promise-0 plus_1 pass offer_steal_2 gold_1 promise-4 pass steal_0 offer_none gold_1 "
    "promise-4 pass offer_knight gold_5 promise-0 knight_s2-10 play_s2-2 play_s3-10 play_s0-9 "
    "play_s1-8 offer_none gold_8 promise-2 offer_steal_3 gold_1 promise-1 offer_steal_1 gold_1 "
    "promise-4 accept_1 pass offer_none gold_6 no-promise offer_none gold_5 promise-4 accept_2 "
    "offer_knight gold_5 promise-3 offer_knight gold_6 promise-1 offer_none gold_7 promise-0 pass "
    "play_s3-2 play_s0-10 play_s1-7 play_s2-7 offer_steal_2 gold_6 no-promise offer_steal_2 "
    "gold_2 promise-4 offer_none gold_1 promise-0 accept_2 offer_none gold_6 no-promise "
    "offer_discard_0 gold_1 no-promise offer_discard_3 gold_8 promise-2 discard_3 pass offer_none "
    "gold_1 promise-3 offer_none gold_1 promise-4 accept_0 play_s0-5 play_s1-3 play_s2-3 "
    "play_s3-6 offer_spy_2 gold_1 promise-3 offer_none gold_7 promise-3 offer_spy_1 gold_3 "
    "promise-3 spy_1 offer_none gold_3 promise-1 offer_minus_3 gold_2 no-promise offer_minus_3 "
    "gold_6 no-promise minus_3 play_s0-2 play_s1-4 play_s2-1 play_s3-5 offer_steal_2 gold_1 "
    "no-promise offer_steal_2 gold_1 promise-3 pass accept_2 offer_plus_2 gold_3 promise-0 "
    "offer_plus_1 gold_7 promise-4 offer_plus_2 gold_10 promise-4 plus_2 offer_spy_1 gold_9 "
    "promise-4 offer_spy_0 gold_2 no-promise pass spy_1 play_s1-9 play_s2-5 play_s3-9 play_s0-1 "
    "offer_none gold_6 promise-3 offer_swap_0 gold_4 promise-0 offer_swap_2 gold_8 promise-1 "
    "accept_2 offer_spy_3 gold_10 promise-0 offer_spy_0 gold_1 promise-4 offer_spy_1 gold_2 "
    "promise-2 spy_1 offer_swap_0 gold_2 promise-1 pass offer_none gold_1 no-promise swap_0 "
).split()
OLD_VIEWS_DIGEST = "e1e3d84e8ca4261d"


def test_a_record_made_before_typed_actions_replays_to_the_same_game():
    record = dict(OLD_RECORD, actions=[a.replace("_", " ") for a in OLD_ACTIONS])
    state = registry.replay(json.loads(json.dumps(record)))
    assert state.over and state.result() == {"scores": [19, 12, 6, 15], "winners": [0]}
    views = [state.view(seat) for seat in (None, *range(state.players))]
    digest = hashlib.sha256(json.dumps(views, sort_keys=True).encode()).hexdigest()[:16]
    assert digest == OLD_VIEWS_DIGEST
    assert state.record() == record and json.loads(json.dumps(state.record())) == record
    assert all(GAME.parse(str.__str__(a)) is a for a in state.actions)


# ---- every refusal, word for word: key, text, what it names, rule (mutation testing) -------

def then(state, *actions):
    for action in actions:
        state.apply(action)
    return state


def leading():
    state = GAME.new(3, seed=1)
    state.first = state.leader = state.to_act = 0
    return state


def markers_gone(power, use):
    """Five abilities have used up the five markers of their kind (ST-3); the sixth
    seat's Merchant bargains next."""
    state = trick([power] * 5 + [7], first=0)
    for seat in range(5):
        decide(state, f"{use} {seat}")
    return state


ST_SITUATIONS = {
    "lead": leading,
    "choose": lambda: then(leading(), "play s0-6"),
    "offer": lambda: trick([6, 10, 3], first=0, gold=[5, 4, 5]),
    "gold": lambda: then(trick([6, 10, 3], first=0, gold=[5, 4, 5]), "offer minus 2"),
    "promise": lambda: then(trick([6, 10, 3], first=0, gold=[5, 4, 5]), "offer minus 2", "gold 3"),
    "decide": lambda: then(trick([6, 10, 3], first=0, gold=[5, 4, 5]), "pass", "pass"),
    "knight": lambda: then(trick([8, 10, 3], first=0, gold=[5, 5, 5]), "offer knight", "gold 1", "no-promise",
                           "pass", "accept 1"),
    "no plus left": lambda: markers_gone(4, "plus"),
    "no minus left": lambda: markers_gone(6, "minus"),
}

ST_REFUSALS = [
    ("lead", "play s1-6", "not_in_hand", "s1-6 is not in your hand: play a card you hold (ST-7)",
     {"card": "s1-6"}, "ST-7"),
    ("lead", "pass", "lead", "first choose a card to play face up: you lead (ST-7)", {}, "ST-7"),
    ("choose", "play s0-5", "not_in_hand", "s0-5 is not in your hand: play a card you hold (ST-7)",
     {"card": "s0-5"}, "ST-7"),
    ("choose", "pass", "choose", "first choose a card to play face down (ST-7)", {}, "ST-7"),
    ("offer", "offer minus 9", "not_a_use", "'minus 9' is not a use of this ability now; an offer names one "
     "of: minus 0, minus 1, minus 2, none (ST-15)", {"use": "minus 9", "uses": "minus 0, minus 1, minus 2, none"},
     "ST-15"),
    ("offer", "offer minus x", "not_a_use", "'minus x' is not a use of this ability now; an offer names one "
     "of: minus 0, minus 1, minus 2, none (ST-15)", {"use": "minus x", "uses": "minus 0, minus 1, minus 2, none"},
     "ST-15"),
    ("offer", "offer", "not_a_use", "'' is not a use of this ability now; an offer names one "
     "of: minus 0, minus 1, minus 2, none (ST-15)", {"use": "", "uses": "minus 0, minus 1, minus 2, none"},
     "ST-15"),
    ("offer", "promise-0", "offer_or_pass", "make an offer for a use of the ability, or pass (ST-15)", {},
     "ST-15"),
    ("offer", "minus 2", "offer_or_pass", "make an offer for a use of the ability, or pass (ST-15)", {}, "ST-15"),
    ("gold", "gold 5", "gold_held", "you hold only 4 gold: an offer is gold you hold (ST-15)", {"gold": 4},
     "ST-15"),
    ("gold", "gold 0", "gold_least", "an offer is at least 1 gold (ST-15)", {}, "ST-15"),
    ("gold", "gold -1", "gold_least", "an offer is at least 1 gold (ST-15)", {}, "ST-15"),
    ("gold", "gold x", "gold_name", "name the gold you offer: 1 to 4 (ST-15)", {"gold": 4}, "ST-15"),
    ("gold", "gold X1", "gold_name", "name the gold you offer: 1 to 4 (ST-15)", {"gold": 4}, "ST-15"),
    ("gold", "gold 04", "gold_name", "name the gold you offer: 1 to 4 (ST-15)", {"gold": 4}, "ST-15"),
    ("gold", "gold 01", "gold_name", "name the gold you offer: 1 to 4 (ST-15)", {"gold": 4}, "ST-15"),
    ("gold", "pass", "gold_name", "name the gold you offer: 1 to 4 (ST-15)", {"gold": 4}, "ST-15"),
    ("promise", "pass", "promise", "add a promise (promise-0..promise-4) or no-promise (ST-15)", {}, "ST-15"),
    ("decide", "accept 1", "no_offer", "seat 1 made no offer to accept (ST-16)", {"offerer": 1}, "ST-16"),
    ("decide", "accept 3", "no_offer", "seat 3 made no offer to accept (ST-16)", {"offerer": "3"}, "ST-16"),
    ("decide", "accept x", "no_offer", "seat x made no offer to accept (ST-16)", {"offerer": "x"}, "ST-16"),
    ("decide", "minus 9", "decide", "accept an offer, use the ability one of the legal ways, or pass: minus 0, "
     "minus 1, minus 2, pass (ST-17)", {"allowed": "minus 0, minus 1, minus 2, pass"}, "ST-17"),
    ("knight", "pass", "binding", "the deal is binding: choose the card from your hand to add to the Knight "
     "(ST-16, ST-28)", {}, "ST-16, ST-28"),
    ("knight", "accept 1", "dealt", "seat 0 has already accepted a deal this round: one deal per round (ST-16)",
     {"seat": 0}, "ST-16"),
    ("no plus left", "offer plus 1", "no_plus", "no +3 marker is left in the supply: the Jester has no effect "
     "(ST-31)", {}, "ST-31"),
    ("no plus left", "offer plus x", "no_plus", "no +3 marker is left in the supply: the Jester has no effect "
     "(ST-31)", {}, "ST-31"),
    ("no plus left", "gold 1", "offer_or_pass", "make an offer for a use of the ability, or pass (ST-15)", {},
     "ST-15"),
    ("no minus left", "offer minus 1", "no_minus", "no −3 marker is left in the supply: the Guard has no "
     "effect (ST-31)", {}, "ST-31"),
]


@pytest.mark.parametrize("situation,action,key,text,params,rule", ST_REFUSALS,
                         ids=[f"{case[0]}-{case[1]}" for case in ST_REFUSALS])
def test_every_refusal_says_its_key_words_rule_and_what_it_names(situation, action, key, text, params, rule):
    state = ST_SITUATIONS[situation]()
    before = snapshot(state)
    assert said(state, action) == (key, text, params, rule)
    assert snapshot(state) == before


def test_who_may_act_now_is_said_word_for_word():
    assert said(ST_SITUATIONS["offer"](), "pass", 2) == (
        "offer_turn", "it is seat 1's turn to make an offer or pass (ST-15)", {"turn": 1}, "ST-15")
    assert said(ST_SITUATIONS["gold"](), "gold 1", 2)[0] == "offer_turn"
    assert said(ST_SITUATIONS["promise"](), "promise-0", 0)[0] == "offer_turn"
    assert said(ST_SITUATIONS["decide"](), "minus 1", 1) == (
        "decides", "it is seat 0's turn: seat 0 decides on the offers (ST-16)", {"turn": 0}, "ST-16")
    assert said(ST_SITUATIONS["choose"](), "play s2-5", 2) == (
        "out_of_turn", "it is seat 1's turn, not seat 2's", {"turn": 1, "seat": 2}, None)
    assert said(ST_SITUATIONS["choose"](), "play s2-5", 7) == (
        "no_seat", "there is no seat 7", {"number": 7}, None)
    four = GAME.new(4, seed=1)
    four.first = four.leader = four.to_act = 0
    then(four, "play s0-6", "play s1-3")
    assert said(four, "play s1-4", 1) == (
        "chosen", "seat 1 has already chosen a card face down; it is seat 2's turn (ST-7)",
        {"seat": 1, "turn": 2}, "ST-7")
    switched = trick([9, 6, 2], first=0)          # the Queen takes seat 1's Guard
    decide(switched, "swap 1")
    assert said(switched, "swap 2", 1) == (
        "switched", "this card was switched in by the Spy or the Queen: its ability cannot be used (ST-9)",
        {}, "ST-9")


# ---- the second lot of mutation tests (bench/MUTATION.md): clones, sampled worlds, views ---


def fields(state):
    """Every field of a state as plain values (the random source by its state)."""
    values = {name: value for name, value in vars(state).items() if name not in ("game", "rng")}
    values["rng"] = (state.rng.getstate(), state.rng.draws)
    return values


def containers(values):
    """The ids of every list, dict and set inside `values` (through tuples too)."""
    found, stack = {}, [values]
    while stack:
        item = stack.pop()
        if isinstance(item, (list, dict, set)):
            if id(item) in found:
                continue
            found[id(item)] = item
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, set, tuple)):
            stack.extend(item)
    return found


def mutable_parts(state):
    return containers({k: v for k, v in fields(state).items() if k not in ("_bargain", "rng")})


def random_games(plan):
    """(players, mode, seed) -> every state of a seeded random game, in turn."""
    for players, mode, seed in plan:
        yield from all_phases_states(players, seed, mode)


CLONE_GAMES = [(3, "day", 11), (5, "night", 12), (6, "day", 13)]


def knight_deal_waiting():
    """A Knight's deal accepted, its card still to be picked."""
    state = trick([8, 10, 3], first=0, gold=[5, 5, 5])
    offer(state, "knight", 1)
    return then(state, "pass", "accept 1")


def test_a_clone_is_the_state_field_by_field_shares_nothing_and_plays_on_the_same():
    seen = {"making": 0, "pending_deal": 0, "offers": 0, "history": 0, "split": 0,
            "returned": 0, "discarded": 0, "deal": 0, "lead": 0}
    states = itertools.chain([knight_deal_waiting()], random_games(CLONE_GAMES))   # one at a time
    for step, state in enumerate(states):
        seen["making"] += bool(state.making)
        seen["pending_deal"] += bool(state.pending_deal)
        seen["offers"] += bool(state.offers)
        seen["history"] += bool(state.history)
        seen["lead"] += state.phase == "lead"
        seen["split"] += any(split for _, split in state.scores)
        events = state.events + [e for h in state.history for e in h["events"]]
        for key in ("returned", "discarded", "deal"):
            seen[key] += any(e.get(key) for e in events)
        twin = state.clone()
        assert type(twin) is type(state) and twin.game is state.game
        assert fields(twin) == fields(state)
        assert not set(mutable_parts(twin)) & set(mutable_parts(state))
        if step % 7 or state.over:
            continue
        before = copy.deepcopy(fields(state))
        play_randomly(twin, random.Random(step))             # the clone plays on to the end...
        assert fields(state) == before                       # ...and the state is as it was
        assert fields(twin.without_last(0)) == fields(twin)  # as a replay of its actions would
    assert all(seen.values()), seen


SAMPLE_GAMES = [(4, "day", 21), (5, "night", 22), (3, "night", 23), (6, "day", 24)]


def test_a_sampled_world_is_the_game_up_to_what_the_seat_cannot_see():
    public = [name for name, kind in struggle_rules.StruggleState.FIELDS.items()
              if kind == "public"]
    seen = {"known": 0, "face-down": 0, "turn": 0, "choose": 0}
    for step, state in enumerate(random_games(SAMPLE_GAMES)):
        n = state.players
        for seat in range(n):
            if step % 2 and seat % 2:
                continue
            view = state.view(seat)
            world = sample_state(view, 100 + step)
            seen["known"] += any(state.known[s] for s in range(n) if s != seat)
            seen["face-down"] += "face-down" in state.status
            seen["turn"] += view["turn"] is not None
            seen["choose"] += state.phase == "choose"
            assert world.view(seat) == view
            assert world.game is GAME and world.players == n and world.seed == 100 + step
            assert world.options == state.options
            for name in public:
                assert getattr(world, name) == getattr(state, name), name
            assert world.scores == state.scores
            # the same cards, each in one place, the seat's own where they are
            places = ([c for h in world.hands for c in h] + [c for r in world.removed for c in r]
                      + [c for w in world.won for c in w] + world.discard
                      + [c for c in world.slot + world.companion if c is not None])
            assert sorted(places) == list(range(10 * n))
            assert world.hands[seat] == state.hands[seat]
            assert world.removed[seat] == state.removed[seat]
            assert world.slot[seat] == state.slot[seat]
            for other in range(n):
                assert all(c // 10 == other for c in world.hands[other] + world.removed[other])
                assert len(world.removed[other]) == len(state.removed[other])
                assert set(world.known[other]) <= set(world.hands[other]) | {world.slot[other]}
            # a seed draws the same world, its random source included
            again = sample_state(view, 100 + step)
            assert fields(again) == fields(world)
            if state.current == seat:
                assert world.legal_actions() == state.legal_actions()
            if step % 5 == 0 and seat == 0:
                play_randomly(world, random.Random(step))     # it plays on to the end
                assert world.result() is not None
    assert all(seen.values()), seen


def test_the_view_during_a_bargain_word_for_word():
    # seat 0's Guard bargains; the two 9s cancel (ST-10); seat 0's 6 beats seat 3's 2
    state = trick([6, 9, 9, 2], first=0)
    view = state.view(None)
    assert view["standing"] == {"cancelled": [1, 2], "winner": 0}
    assert view["turn"] == {"seat": 0, "card": "s0-6",
                            "offer_uses": ["minus 0", "minus 1", "minus 2", "minus 3", "none"],
                            "offers": [], "making": None, "deal": None, "waiting": [1, 2, 3]}
    state.apply("offer minus 1")
    state.apply("gold 2")
    assert state.view(3)["turn"]["making"] == {"seat": 1, "use": "minus 1", "gold": 2, "promise": None}
    assert state.view(3)["turn"]["waiting"] == [1, 2, 3]
    state.apply("promise-1")
    state.apply("pass")
    state.apply("pass")
    view = state.view(2)
    assert view["phase"] == "decide"
    assert view["turn"] == {"seat": 0, "card": "s0-6",
                            "offer_uses": ["minus 0", "minus 1", "minus 2", "minus 3", "none"],
                            "offers": [{"seat": 1, "use": "minus 1", "gold": 2, "promise": "promise-1"}],
                            "making": None, "deal": None, "waiting": []}
    state.apply("minus 1")                # the 9 of seat 1 is a 6 now: it cancels seat 0's 6
    assert state.view(None)["standing"] == {"cancelled": [0, 1], "winner": 2}


def test_the_view_while_a_knight_deal_waits_for_its_card_word_for_word():
    state = trick([8, 10, 3], first=0, gold=[5, 5, 5])
    offer(state, "knight", 1)
    state.apply("pass")
    state.apply("accept 1")
    deal = {"seat": 1, "use": "knight", "gold": 1, "promise": None}
    assert state.view(1)["turn"] == {"seat": 0, "card": "s0-8", "offer_uses": [], "offers": [deal],
                                     "making": None, "deal": deal, "waiting": []}
    assert state.view(None)["standing"] == {"cancelled": [], "winner": 1}
    state.apply("knight s0-5")
    assert state.history[0]["events"][0] == {
        "seat": 0, "card": "s0-8", "what": "used", "use": "knight s0-5", "deal": deal,
        "offers": [deal], "companion": "s0-5"}


def test_the_views_score_before_any_card_is_won():
    view = GAME.new(4, seed=5).view(2)
    assert view["score"] == [{"cards": 0, "gold": 5, "total": 5, "split": []}] * 4
    assert view["won"] == [[]] * 4 and view["standing"] is None and view["turn"] is None


def test_character_entries_have_one_shape():
    assert struggle_rules._character("a", "b", "c", "d", "e") == {
        "name": {"ja": "a", "en": "b"}, "class": "c", "ability": {"ja": "d", "en": "e"}}
    for power, character in CHARACTERS.items():
        made = struggle_rules._character(character["name"]["ja"], character["name"]["en"],
                                         character["class"], character["ability"]["ja"],
                                         character["ability"]["en"])
        assert dict(made, power=power, negotiable=power in NEGOTIABLE) == character


def test_st20_more_tens_win_even_against_more_kinds_of_high_card():
    # 4 points and 3 cards each: two 10s beat a 10 and a 9
    state = finish_with([[10, 10, 1], [10, 9, 1], []], [0, 1, 0])
    assert state.result() == {"scores": [4, 4, 0], "winners": [0]}


def test_st2_an_empty_supply_gives_nothing():
    state = trick([1, 10, 10], first=1, gold=[0, 40, 40])  # all 80 gold held
    assert state.gold == [0, 40, 40]
    assert state.history[0]["events"] == [{"seat": 0, "card": "s0-1", "what": "gold", "gold": 0}]


def test_st3_st31_a_sixth_guard_finds_no_marker():
    state = trick([6] * 6, first=0)
    for seat in range(5):
        decide(state, f"minus {seat}")
    assert state.round_no == 2
    assert state.history[0]["events"][-1] == {"seat": 5, "card": "s5-6", "what": "no-effect"}
    assert [p["minus"] for p in state.history[0]["plays"]] == [1, 1, 1, 1, 1, 0]


def test_st24_st26_markers_add_up_on_one_card():
    state = trick([6, 6, 4, 4, 10], first=0, gold=[0] * 5)
    state.apply("minus 4")
    state.apply("minus 4")
    assert state.view(None)["trick"][4]["total"] == 4 and state.markers_left() == (5, 3)
    state.apply("plus 4")
    state.apply("plus 4")
    play = state.history[0]["plays"][4]
    assert (play["plus"], play["minus"], play["total"]) == (2, 2, 10)


def test_st27_a_discarded_cards_markers_go_back_to_the_supply():
    state = trick([4, 7, 10, 6], first=0, gold=[0, 0, 0, 0])   # a Guard still to come
    state.apply("plus 2")
    assert state.markers_left() == (4, 5)
    state.apply("discard 2")
    entry = state.view(None)["trick"][2]
    assert (entry["status"], entry["plus"], entry["minus"]) == ("gone", 0, 0)
    assert state.view(None)["supply"] == {"gold": 80, "plus": 5, "minus": 5}
    assert state.view(None)["turn"]["seat"] == 3


def test_st13_a_game_whose_hands_are_all_empty_is_over():
    state = GAME.new(3, seed=1, options={"mode": "night"})
    for seat in range(3):
        state.removed[seat] += state.hands[seat]
        state.hands[seat] = []
    state.round_no = 5
    state._start_round()
    assert state.over and state.phase == "over" and state.leader is None
    assert state.view(None)["round"] == 5          # the last round played, not one never begun
    assert state.result() == {"scores": [5, 5, 5], "winners": [0, 1, 2]}


def test_st25_a_known_card_is_known_only_while_in_its_owners_hand():
    """Cards the Spy sent back are known until they leave the hand: led face up,
    added to a Knight, drawn by another Spy (or revealed after a face-down pick)."""
    left = {"lead": 0, "knight": 0, "spied": 0}
    card_of = struggle_rules.CARD_OF
    for seed in range(60):
        state = GAME.new(3 + seed % 4, seed=seed, options={"mode": ("day", "night")[seed % 2]})
        rng = random.Random(seed)
        while not state.over:
            seat, phase, known = state.current, state.phase, [list(k) for k in state.known]
            action = rng.choice(state.legal_actions())
            state.apply(action)
            if phase == "lead" and card_of[action.card] in known[seat]:
                left["lead"] += 1
            if str(action).startswith("knight ") and card_of[action.card] in known[seat]:
                left["knight"] += 1
            if str(action).startswith("spy "):
                events = state.history[-1]["events"] if state.phase in ("lead", "over") else state.events
                drawn = [e["replacement"] for e in events if e.get("use") == action]
                left["spied"] += card_of[drawn[-1]] in known[action.target]
            for s in range(state.players):
                face_down = [state.slot[s]] if state.status[s] == "face-down" else []
                assert set(state.known[s]) <= set(state.hands[s] + face_down), (seed, s)
    assert all(left.values()), left


def test_a_seat_past_the_last_is_no_seat():
    assert said(ST_SITUATIONS["choose"](), "play s2-5", 3) == (
        "no_seat", "there is no seat 3", {"number": 3}, None)


def test_an_ended_game_says_so_when_asked_why():
    state = play_randomly(GAME.new(3, seed=2), random.Random(2))
    for action in ("pass", "play s0-1", "offer minus 1"):
        refusal = state.why_illegal(action)
        assert (refusal.key, refusal.text, refusal.params, refusal.rule) == (
            "game_over", "the game is over: no more actions", {}, None)
