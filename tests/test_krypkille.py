"""Krypkille rules, one test (at least) per rule ID KK-1..KK-19."""
import pytest

from royaltable import IllegalAction, registry
from royaltable.games.krypkille.rules import (CARDS, DECK, PENALTY, RANK, score_round)

GAME = registry.get("krypkille")


def ranks(*names):
    return sorted(RANK[n] for n in names)


def at_play(hands, dealer=0, players=None, seed=1):
    """A state in the play phase with the given hands; the dealer leads."""
    state = GAME.new(players or len(hands), seed=seed)
    state.dealer = dealer
    for seat, names in enumerate(hands):
        state.hands[seat] = ranks(*names)
    state.phase = "play"
    state.tricks = [[]]
    state.to_act = dealer
    return state


def play_all(state):
    """Plays the tricks out: forced follows, and each lead the highest card."""
    while state.phase == "play":
        state.apply(state.legal_actions()[-1])


def test_kk1_deck_has_21_kinds_two_each():
    assert len(CARDS) == 21 and len(DECK) == 42
    assert all(DECK.count(r) == 2 for r in range(21))


def test_kk2_rank_order():
    assert CARDS[-6:] == ["inn", "horse", "pig", "hussar", "cuckoo", "jester"]
    assert RANK["jester"] > RANK["cuckoo"] > RANK["hussar"] > RANK["pig"] > RANK["horse"] > RANK["inn"]
    assert RANK["inn"] > RANK["12"] > RANK["1"] > RANK["wreath"] > RANK["flowerpot"] > RANK["mask"]


def test_kk3_penalties():
    pen = dict(zip(CARDS, PENALTY))
    assert pen["mask"] == pen["flowerpot"] == pen["wreath"] == 0
    assert [pen[str(n)] for n in range(1, 13)] == list(range(1, 13))
    assert [pen[c] for c in ("inn", "horse", "pig", "hussar", "cuckoo", "jester")] == [13, 14, 15, 16, 17, 50]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_kk4_three_to_six_players(players):
    assert GAME.new(players, seed=1).players == players
    assert GAME.default_players == 4


@pytest.mark.parametrize("players", [2, 7])
def test_kk4_other_counts_refused(players):
    with pytest.raises(ValueError, match="3–6 players"):
        GAME.new(players)


def test_kk5_first_dealer_random_then_moves_clockwise():
    dealers = {GAME.new(4, seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    state = GAME.new(4, seed=3)
    first = state.dealer
    state._end_round(None)
    assert state.dealer == (first + 1) % 4


@pytest.mark.parametrize("limit", [50, 100, 150])
def test_kk6_match_ends_when_a_total_reaches_the_limit(limit):
    state = GAME.new(3, seed=2, options={"limit": limit})
    state.totals = [limit - 1, 0, 0]
    state.hands = [ranks("jester"), ranks("mask"), ranks("1")]
    state.showdown = [(1, "declare")]
    state._end_round(1)        # seat 0 scores 50 for the jester
    assert state.over and state.current is None
    assert state.result() == {"scores": [limit - 1 + 50, 0, 1], "winners": [1]}


def test_kk6_limit_default_and_shared_win():
    assert GAME.options["limit"] == ((50, 100, 150), 100)
    state = GAME.new(3, seed=2)
    state.totals = [90, 5, 0]
    state.hands = [ranks("1"), ranks("5"), ranks("wreath")]
    state._end_round(2)        # success: seat 2 scores 0, others 1 and 5
    assert not state.over
    state.totals = [100, 3, 3]
    state.hands = [ranks("mask"), ranks("1"), ranks("2")]
    state._end_round(None)     # coward: seat 0 +10 -> 110
    assert state.result()["winners"] == [1, 2]


def test_kk7_five_cards_each_face_down():
    state = GAME.new(5, seed=4)
    assert state.view(0)["hand_sizes"] == [5] * 5
    assert len(state.view(0)["hand"]) == 5 and state.stock and len(state.stock) == 42 - 25
    assert "hands" not in state.view(1)


def test_kk8_discard_up_to_three_in_order_then_refill():
    state = GAME.new(4, seed=5)
    order = [(state.dealer + k) % 4 for k in range(1, 5)]
    legal = state.legal_actions()
    assert "keep" in legal and all(len(a.split()) <= 4 for a in legal)
    for seat in order:
        assert state.current == seat
        hand = state.view(seat)["hand"]
        state.apply("discard " + " ".join(hand[:3]) if seat == order[0] else "keep")
    assert state.phase == "play"
    assert all(len(h) == 5 for h in state.hands)
    assert state.view(0)["discarded"] == [3 if s == order[0] else 0 for s in range(4)]


def test_kk8_four_discards_and_second_discard_refused():
    state = GAME.new(4, seed=5)
    seat = state.current
    hand = state.view(seat)["hand"]
    before = state.record()
    with pytest.raises(IllegalAction, match="at most 3"):
        state.apply("discard " + " ".join(hand[:4]))
    assert state.record() == before
    state.apply("keep")
    with pytest.raises(IllegalAction, match="already discarded"):
        state.apply("keep", seat=seat)
    assert state.current == (seat + 1) % 4


def test_kk9_stock_runs_out_discards_reshuffled():
    state = GAME.new(6, seed=6)      # 30 dealt, 12 in stock, up to 18 discarded
    while state.phase == "discard":
        hand = state.view(state.current)["hand"]
        state.apply("discard " + " ".join(hand[:3]))
    assert state.reshuffled and state.view(0)["reshuffled"]
    assert all(len(h) == 5 for h in state.hands)
    assert sorted(sum(state.hands, []) + state.stock) == sorted(DECK)


def test_kk10_dealer_leads_any_card():
    state = GAME.new(4, seed=7)
    while state.phase == "discard":
        state.apply("keep")
    assert state.current == state.dealer
    assert state.legal_actions() == ["play " + c for c in sorted(set(state.view(state.dealer)["hand"]), key=RANK.get)]


def test_kk11_follow_lowest_card_at_least_as_high():
    state = at_play([["7"], ["5", "8", "9", "jester"], ["1", "2"], ["7", "mask"]])
    state.hands[0] = ranks("7", "1", "2", "3", "4")
    state.apply("play 7")
    assert state.legal_actions() == ["play 8"]
    with pytest.raises(IllegalAction, match="must play 8"):
        state.apply("play jester")
    state.apply("play 8")
    assert state.legal_actions() == ["play 1"]   # nothing as high: lowest card
    state.apply("play 1")
    assert state.legal_actions() == ["play mask"]


def test_kk11_equal_rank_counts_as_high_enough():
    state = at_play([["7", "1"], ["7", "12"], ["2", "3"]])
    state.apply("play 7")
    assert state.legal_actions() == ["play 7"]


def test_kk12_highest_wins_later_equal_wins():
    state = at_play([["9", "1"], ["9", "2"], ["3", "4"]])
    state.apply("play 9")
    state.apply("play 9")
    state.apply("play 3")
    assert state.current == 1 and state.tricks[-1] == []


def test_kk13_played_cards_stay_public():
    state = at_play([["9", "1", "2", "3", "4"], ["9", "5", "6", "7", "8"], ["3", "4", "5", "6", "12"]])
    state.apply("play 9")
    state.apply("play 9")
    state.apply("play 12")
    for seat in range(3):
        tricks = state.view(seat)["tricks"]
        assert [p["card"] for p in tricks[0]] == ["9", "9", "12"]


def test_kk14_four_tricks_leave_one_card_then_showdown():
    state = at_play([["1", "2", "3", "4", "5"], ["6", "7", "8", "9", "10"], ["mask", "wreath", "11", "12", "inn"]])
    play_all(state)
    assert state.phase == "showdown"
    assert len(state.tricks) == 4 and all(len(h) == 1 for h in state.hands)


def test_kk15_showdown_starts_with_last_trick_winner_first_declaration_ends():
    state = at_play([["1", "2", "3", "4", "mask"], ["6", "7", "8", "9", "10"], ["wreath", "5", "11", "12", "inn"]])
    play_all(state)
    assert state.phase == "showdown"
    last_trick = state.tricks[-1]
    assert state.current == max(last_trick, key=lambda p: (p[1], last_trick.index(p)))[0]
    first = state.current
    state.apply("pass")
    state.apply("declare")
    summary = state.rounds[-1]
    assert summary["showdown"] == [{"seat": first, "choice": "pass"},
                                   {"seat": (first + 1) % 3, "choice": "declare"}]
    assert state.round_no == 2 and state.phase == "discard"


def test_kk16_every_last_card_shown_after_showdown():
    state = at_play([["1"], ["2"], ["3"]])
    state.phase, state.tricks, state.to_act = "showdown", [[]], 0
    state.apply("declare")
    for seat in range(3):
        assert state.view(seat)["rounds"][-1]["last"] == ["1", "2", "3"]


def test_kk17_successful_declaration():
    scores, outcome = score_round([RANK["5"], RANK["mask"], RANK["jester"], RANK["12"]], 1)
    assert outcome == "success" and scores == [5, 0, 50, 12]


def test_kk18_failed_declaration_not_lowest():
    scores, outcome = score_round([RANK["5"], RANK["mask"], RANK["jester"], RANK["12"]], 0)
    assert outcome == "fail" and scores == [15, 0, 50, 12]


def test_kk18_failed_declaration_shared_lowest():
    scores, outcome = score_round([RANK["2"], RANK["2"], RANK["9"]], 0)
    assert outcome == "fail" and scores == [12, 0, 9]


def test_kk19_all_pass_coward_and_void():
    scores, outcome = score_round([RANK["3"], RANK["1"], RANK["9"]], None)
    assert outcome == "coward" and scores == [0, 10, 0]
    scores, outcome = score_round([RANK["1"], RANK["1"], RANK["9"]], None)
    assert outcome == "void" and scores == [0, 0, 0]


def test_kk19_all_pass_through_the_state():
    state = at_play([["3"], ["1"], ["9"]])
    state.phase, state.tricks, state.to_act = "showdown", [[]], 2
    for _ in range(3):
        state.apply("pass")
    assert state.rounds[-1]["outcome"] == "coward" and state.totals == [0, 10, 0]


def test_wrong_phase_actions_are_refused_in_words():
    state = GAME.new(4, seed=8)
    with pytest.raises(IllegalAction, match="discard"):
        state.apply("declare")
    while state.phase == "discard":
        state.apply("keep")
    with pytest.raises(IllegalAction, match="discards are over"):
        state.apply("keep")
    with pytest.raises(IllegalAction, match="turn"):
        state.apply(state.legal_actions()[0], seat=(state.current + 1) % 4)


def test_undo_own_moves_until_another_player_acts_or_cards_are_drawn():
    state = GAME.new(4, seed=12)
    first = state.current
    assert state.undo_depth(first) == 0
    state.apply("keep")
    assert state.undo_depth(first) == 1
    back = state.without_last()
    assert back.record()["actions"] == [] and back.current == first
    state.apply("keep")                      # another player acted
    assert state.undo_depth(first) == 0
    while state.phase == "discard":
        state.apply("keep")
    dealer = state.dealer
    assert state.undo_depth(dealer) == 0     # the refill drew cards: sealed
    state.apply(state.legal_actions()[0])    # the dealer's lead can be taken back
    assert state.undo_depth(dealer) == 1
