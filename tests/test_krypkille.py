"""Krypkille rules, one test (at least) per rule ID KK-1..KK-19."""
import pytest

from royaltable import IllegalAction, registry
from royaltable.core import Luck
from royaltable.games.krypkille import rules
from royaltable.games.krypkille.actions import Discard, Keep
from royaltable.games.krypkille.rules import (CARDS, DECK, PENALTY, RANK, sample_state,
                                              score_round)
from screens import strings

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


@pytest.mark.parametrize("limit", [50, 100, 150])
def test_kk6_reaching_the_limit_exactly_ends_the_match(limit):
    state = GAME.new(3, seed=2, options={"limit": limit})
    state.totals = [limit - 5, 0, 0]
    state.hands = [ranks("5"), ranks("mask"), ranks("1")]
    state._end_round(1)        # seat 0 scores 5: exactly the limit
    assert state.totals == [limit, 0, 1]
    assert state.over and state.result() == {"scores": [limit, 0, 1], "winners": [1]}


def test_kk6_one_below_the_limit_plays_on():
    state = GAME.new(3, seed=2, options={"limit": 50})
    state.totals = [44, 0, 0]
    state.hands = [ranks("5"), ranks("mask"), ranks("1")]
    state._end_round(1)        # 49: one short
    assert not state.over and state.result() is None and state.phase == "discard"


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
    mine = state.view(1)
    assert mine["hand"] == [CARDS[r] for r in state.hands[1]]
    assert state.view(None)["hand"] is None
    # nobody sees another's cards: no other hand's card ids are added to seat 1's view
    others = {CARDS[r] for seat in (0, 2, 3, 4) for r in state.hands[seat]} - set(mine["hand"])
    assert not others & set(strings(mine))


def test_kk7_dealt_one_at_a_time_from_the_left_of_the_dealer():
    state = GAME.new(4, seed=4)
    state.dealer, state.rng = 2, Luck(99)
    state._start_round()
    stock = list(DECK)
    Luck(99).shuffle(stock)
    expected = {seat: [] for seat in range(4)}
    for _ in range(5):
        for seat in (3, 0, 1, 2):                     # left of the dealer first
            expected[seat].append(stock.pop())
    assert state.hands == [sorted(expected[seat]) for seat in range(4)]
    assert state.stock == stock and state.reshuffled is False
    assert state.view(0)["reshuffled"] is False and state.view(0)["stock"] == 42 - 20


def test_kk8_refill_from_the_left_of_the_dealer_the_dealer_last():
    state = at_play([["1", "2", "3", "4"], ["5", "6", "7", "8"], ["9", "10", "11", "12"]], dealer=1)
    state.stock = [RANK["jester"], RANK["mask"], RANK["inn"]]      # the top card is the last
    state._refill()
    assert state.hands == [ranks("1", "2", "3", "4", "mask"), ranks("5", "6", "7", "8", "jester"),
                           ranks("9", "10", "11", "12", "inn")]
    assert state.current == 1 and state.phase == "play" and state.tricks == [[]]


def test_kk8_discard_choices_fewest_cards_first():
    state = GAME.new(3, seed=5)
    state.hands[state.current] = ranks("1", "2", "3", "mask", "jester")
    legal = state.legal_actions()
    assert len(legal) == 1 + 5 + 10 + 10
    assert legal[:7] == ["keep", "discard mask", "discard 1", "discard 2", "discard 3",
                         "discard jester", "discard mask 1"]
    assert legal[-1] == "discard 2 3 jester"
    assert [len(a.split()) for a in legal] == sorted(len(a.split()) for a in legal)


def test_kk8_a_discard_action_names_its_cards_weakest_first_and_is_made_once(monkeypatch):
    made = []

    def counted(cards):
        made.append(cards)
        return Discard(cards)

    monkeypatch.setattr(rules, "_DISCARDS", {})         # as if never asked before
    monkeypatch.setattr(rules, "Discard", counted)
    assert rules.discard_action(ranks("jester", "mask", "7")) is Discard(("mask", "7", "jester"))
    assert rules.discard_action([RANK["7"], RANK["jester"], RANK["mask"]]) is Discard(("mask", "7", "jester"))
    assert made == [("mask", "7", "jester")]                # the same set of ranks: made once
    assert rules.discard_action([RANK["2"]]) == "discard 2"
    assert rules.discard_action([]) is Keep() and rules.discard_action(()) == "keep"
    assert made == [("mask", "7", "jester"), ("2",)]


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


def test_kk9_after_the_reshuffle_the_discard_pile_is_empty_and_the_game_plays_on_in_a_copy():
    state = GAME.new(6, seed=6)
    while state.phase == "discard":
        state.apply("discard " + " ".join(state.view(state.current)["hand"][:3]))
    assert state.reshuffled and state.discard_pile == []
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert copy.discard_pile == [] and len(copy.actions) == len(state.actions) + 1


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


def at_second_showdown(seed=4):
    """A 3-player game in its second round's showdown, one seat having passed."""
    state = GAME.new(3, seed=seed)
    while state.round_no == 1:
        while state.phase == "discard":
            state.apply("keep")
        play_all(state)
        while state.phase == "showdown":
            state.apply("pass")
    while state.phase == "discard":
        state.apply("keep")
    play_all(state)
    state.apply("pass")
    return state


def test_kk15_every_view_shows_the_showdown_answers_so_far():
    state = at_second_showdown()
    first = state.actors[-1]
    assert state.round_no == 2 and state.phase == "showdown" and len(state.rounds) == 1
    for seat in (None, 0, 1, 2):
        assert state.view(seat)["showdown"] == [{"seat": first, "choice": "pass"}]


def test_kk16_every_last_card_shown_after_showdown():
    state = at_play([["1"], ["2"], ["3"]])
    state.phase, state.tricks, state.to_act = "showdown", [[]], 0
    state.apply("declare")
    for seat in range(3):
        assert state.view(seat)["rounds"][-1]["last"] == ["1", "2", "3"]


def test_kk16_the_round_summary():
    state = at_play([["2"], ["1"], ["3"]], dealer=2)
    state.totals = [4, 5, 6]
    state.phase, state.tricks, state.to_act = "showdown", [[]], 1
    state.apply("pass")
    state.apply("declare")
    assert state.rounds == [{"round": 1, "dealer": 2, "last": ["2", "1", "3"],
                             "showdown": [{"seat": 1, "choice": "pass"}, {"seat": 2, "choice": "declare"}],
                             "declarer": 2, "outcome": "fail", "scores": [2, 0, 13],
                             "totals": [6, 5, 19]}]
    assert state.view(None)["rounds"] == state.rounds and state.dealer == 0 and state.round_no == 2


def test_kk17_successful_declaration():
    scores, outcome = score_round([RANK["5"], RANK["mask"], RANK["jester"], RANK["12"]], 1)
    assert outcome == "success" and scores == [5, 0, 50, 12]
    # the declarer's own card scores nothing, whatever its penalty
    scores, outcome = score_round([RANK["5"], RANK["2"], RANK["jester"]], 1)
    assert outcome == "success" and scores == [5, 0, 50]


def test_kk18_failed_declaration_not_lowest():
    scores, outcome = score_round([RANK["5"], RANK["mask"], RANK["jester"], RANK["12"]], 0)
    assert outcome == "fail" and scores == [15, 0, 50, 12]


def test_kk18_real_lowest_holder_scores_nothing_even_with_a_penalty_card():
    # the lowest card is a 3 (penalty 3): its holder still scores 0, not 3
    scores, outcome = score_round([RANK["9"], RANK["3"], RANK["jester"], RANK["12"]], 0)
    assert outcome == "fail" and scores == [19, 0, 50, 12]
    # two lowest, neither of them the declarer: both score 0
    scores, outcome = score_round([RANK["9"], RANK["4"], RANK["4"]], 0)
    assert outcome == "fail" and scores == [19, 0, 0]


def test_kk18_through_the_state():
    state = at_play([["9"], ["3"], ["12"]])
    state.phase, state.tricks, state.to_act = "showdown", [[]], 0
    state.apply("declare")
    assert state.rounds[-1]["outcome"] == "fail"
    assert state.rounds[-1]["scores"] == [19, 0, 12] and state.totals == [19, 0, 12]


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


def refused(state, action, message, seat=None):
    before = state.record(), [list(h) for h in state.hands]
    with pytest.raises(IllegalAction) as caught:
        state.apply(action, seat=seat)
    assert str(caught.value) == message
    assert (state.record(), state.hands) == before


def test_every_refusal_says_why():
    state = GAME.new(3, seed=8)
    state.dealer, state.to_act = 2, 0
    state.hands[0] = ranks("mask", "1", "2", "3", "4")
    discards = "first everyone discards: choose up to 3 cards to throw away, or keep all"
    for action in ("declare", "pass", "play 3"):
        refused(state, action, discards)
    refused(state, "discard 1 2 3 4", "you may discard at most 3 cards (KK-8)")
    refused(state, "discard jester jester 9", "you can only discard cards from your hand (mask 1 2 3 4)")
    state.apply("keep")
    refused(state, "keep", "seat 1 has already discarded this round; it is seat 2's turn", seat=0)
    state.apply("keep")
    state.apply("keep")
    state.hands = [ranks("7", "1"), ranks("5", "9"), ranks("8", "jester")]
    refused(state, "keep", "the discards are over: this round's cards are being played")
    refused(state, "discard 8", "the discards are over: this round's cards are being played")
    refused(state, "play 1", "it is seat 3's turn, not seat 1's", seat=0)
    refused(state, "play 5", "lead a card from your hand")
    state.apply("play 8")
    refused(state, "play 7", "you must play 1: the lowest card at least as high as 8, "
                             "or your lowest card if you have none (KK-11)")
    state.phase = "showdown"
    refused(state, "play 7", "the showdown: declare or pass")
    state.phase, state.to_act = "over", None
    refused(state, "declare", "the game is over: no more actions")
    assert state.why_illegal("declare") == "'declare' is not allowed now; allowed: "


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


def private_cards(state, seat):
    """What `seat` knows that onlookers do not, as card ids (the conformance suite's
    privacy check): its hand and what it threw away this round."""
    return [CARDS[r] for r in state.hands[seat] + (state.discarded[seat] or [])]


def test_sampled_states_hold_every_card_once_and_play_on():
    """sample_state deals the unseen cards so that hands, stock, discard pile and tricks
    are the deck again, and the sampled game goes on (through a KK-9 reshuffle too)."""
    for seed in range(6):
        state = GAME.new(6, seed=seed)
        for _ in range(seed):            # into the discards, some way
            state.apply("discard " + " ".join(state.view(state.current)["hand"][:3]))
        for seat in range(6):
            sampled = sample_state(state.view(seat), seed)
            assert sampled.game is GAME and sampled.options == {"limit": 100}
            cards = sum(sampled.hands, []) + sampled.stock + sampled.discard_pile
            assert sorted(cards) == sorted(DECK)
            again = sample_state(state.view(seat), seed)
            assert again.hands == sampled.hands and again.stock == sampled.stock
            while sampled.phase == "discard":
                sampled.apply("discard " + " ".join(sampled.view(sampled.current)["hand"][:3]))
            assert sampled.reshuffled and all(len(h) == 5 for h in sampled.hands)
            assert sorted(sum(sampled.hands, []) + sampled.stock) == sorted(DECK)
            assert sampled.record()["options"] == {"limit": 100}
            # and sampled again after the reshuffle: discards are history only (KK-9)
            view = sampled.view(seat)
            resampled = sample_state(view, seed)
            assert resampled.view(seat) == view and resampled.discard_pile == []
            assert sorted(sum(resampled.hands, []) + resampled.stock) == sorted(DECK)


def test_a_sampled_state_keeps_the_showdown_and_the_rounds_before():
    state = at_second_showdown()
    for seat in range(3):
        view = state.view(seat)
        sampled = sample_state(view, 7)
        assert sampled.showdown == state.showdown and sampled.rounds == state.rounds
        assert sampled.view(seat) == view
        sampled.apply("declare")
        assert sampled.rounds[-1]["showdown"] == state.view(None)["showdown"] + [
            {"seat": state.current, "choice": "declare"}]


def test_sample_state_refuses_a_view_that_does_not_add_up():
    view = GAME.new(3, seed=1).view(0)
    view["stock"] += 1
    with pytest.raises(AssertionError, match="^view and deck disagree$"):
        sample_state(view, 1)


def test_clone_plays_on_alone():
    state = GAME.new(4, seed=9)
    state.apply("discard " + state.view(state.current)["hand"][0])
    copy = state.clone()
    assert [copy.view(s) for s in (None, 0, 1, 2, 3)] == [state.view(s) for s in (None, 0, 1, 2, 3)]
    before = json_of(state)
    while copy.phase == "discard":
        copy.apply("discard " + " ".join(copy.view(copy.current)["hand"][:3]))
    copy.apply(copy.legal_actions()[0])
    assert json_of(state) == before


def json_of(state):
    return (state.record(), state.hands, state.stock, state.discard_pile, state.discarded,
            state.tricks, state.totals, [state.view(s) for s in range(state.players)])


def refusal_of(state, action, seat=None):
    with pytest.raises(IllegalAction) as caught:
        state.apply(action, seat=seat)
    return caught.value.refusal


def test_a_refusal_carries_its_key_rule_and_the_cards_it_names():
    """The screen words a refusal from its key and parameters, never from the rules'
    English: the cards it names are card ids, turned into their drawn names there."""
    from ui.i18n import Translator
    from ui.table import table_for
    table = table_for("krypkille")
    state = GAME.new(3, seed=8)
    state.dealer, state.to_act = 2, 0
    state.hands[0] = ranks("mask", "1", "2", "3", "4")
    found = [refusal_of(state, "discard 1 2 3 4"), refusal_of(state, "discard jester 9")]
    state.apply("keep")
    found.append(refusal_of(state, "keep", seat=0))
    for _ in range(2):
        state.apply("keep")
    state.hands = [ranks("7", "1"), ranks("5", "9"), ranks("8", "hussar")]
    state.apply("play hussar")
    found.append(refusal_of(state, "play 7"))
    assert [(r.key, r.params, r.rule) for r in found] == [
        ("too_many", {"most": 3}, "KK-8"),
        ("not_in_hand", {"hand": ("mask", "1", "2", "3", "4")}, None),
        ("already_discarded", {"seat": 0, "turn": 1}, None),
        ("must_play", {"must": "1", "top": "hussar"}, "KK-11")]
    names = ["Ann", "Bo", "Cy"]
    ja, en = Translator("ja"), Translator("en")
    assert [table.refusal_words(r, ja, names) for r in found] == [
        "捨てられるのは3枚までです", "捨てられるのは手札のカード（顔、1、2、3、4）だけです",
        "Annはこの回もう捨て札をしました。いまはBoの番です",
        "1を出さなければなりません。騎兵以上で一番低いカード、なければ一番低いカードを出します"]
    assert table.refusal_words(found[3], en, names) == ("you must play 1: your lowest card at least as "
                                                        "high as Hussar, or your lowest card if you have none")



# Random play recorded by the rules before actions were typed values (commit 404b1c0):
# the actions as a save keeps them, and a digest of every view they led to then.
OLD_RECORD = (
    "discard 5 12,discard wreath 5 pig,discard mask 2 8,discard jester,play 12,play inn,play "
    "inn,play pig,play 11,play 11,play hussar,play jester,play horse,play flowerpot,play "
    "hussar,play cuckoo,play 1,play 6,play 10,play 9,declare,discard 2 hussar jester,discard 7 "
    "inn horse,discard 4,discard pig,play 12,play mask,play hussar,play flowerpot,play 8,play "
    "11,play flowerpot,play 11,play 3,play 4,play 7,play 10,play 3,play 6,play 9,play "
    "pig,declare,discard 11 cuckoo,discard 2 2 jester,discard mask mask 6,discard 6 horse "
    "pig,play 3,play 7,play 10,play horse,play 8,play 9,play 11,play inn,play 10,play 1,play "
    "flowerpot,play 12,play flowerpot,play 1,play 4,play 7,declare,discard horse jester,discard 4"
    " cuckoo cuckoo,discard 6,discard 1 inn,play mask,play 2,play 6,play 7,play 11,play "
    "hussar,play 4,play hussar,play wreath,play 3,play 5,play 7,play 11,play horse,play pig,play "
    "1,declare,discard 3,discard 7,discard 10 jester jester,discard wreath,play 8,play "
    "hussar,play hussar,play cuckoo,play 2,play 3,play 4,play 6,play 9,play inn,play cuckoo,play "
    "mask,play 11,play 2,play horse,play 1,pass,declare,discard 2 jester,discard 3 4 5,discard 1 "
    "inn,discard flowerpot wreath 10,play pig,play 3,play jester,play 2,play 11,play inn,play "
    "pig,play 6,play 10,play 11")


def test_a_record_made_before_actions_were_typed_replays_to_the_same_position():
    import hashlib
    import json
    state = registry.replay({"game": "krypkille", "options": {"limit": 100}, "seed": 3, "players": 4,
                             "actions": OLD_RECORD.split(",")})
    views = json.dumps([state.view(seat) for seat in [None, *range(4)]], sort_keys=True)
    assert hashlib.sha256(views.encode()).hexdigest()[:16] == "98fb761bd77b36cb"
    assert [str(action) for action in state.actions] == OLD_RECORD.split(",")
