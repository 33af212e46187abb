"""王への請願 (To Court the King) rules, one test (at least) per rule ID CT-1..CT-19."""
import json
import random

import pytest

from royaltable import IllegalAction, RandomBot, registry
from royaltable.core import Refusal
from royaltable.games.court import rules
from royaltable.games.court.bots import QuickBot, StrongBot
from royaltable.games.court.rules import (CARDS, CHARACTERS, FACES, ORDER, ROUND_LIMIT, best_kind,
                                          patterns_met, sample_state)
from rules_said import refusal_of, said

GAME = registry.get("court")


def at_turn(hand=(), active=(), aside=(), players=4, seed=1, rolled=True,
            aside_since_roll=False, used=()):
    """A state in the current player's turn, with these cards and dice."""
    state = GAME.new(players, seed=seed)
    seat = state.current
    state.hands[seat] = sorted(hand, key=ORDER.get)
    state.active = list(active)
    state.aside = list(aside)
    state.rolled = rolled
    state.aside_since_roll = aside_since_roll
    state.used = set(used)
    return state


def snapshot(state):
    return json.dumps({"view": state.view(None), "record": state.record(),
                       "legal": state.legal_actions()}, sort_keys=True)


def refused(state, action, match):
    """`action` raises IllegalAction with a message matching `match`, changing nothing."""
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=match):
        state.apply(action)
    assert snapshot(state) == before


def play(state, *actions):
    for action in actions:
        state.apply(action)
    return state


def meets(values):
    return set(patterns_met(values))


# ---- players and supply ---------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_ct1_two_to_five_players_three_dice_each(players):
    state = GAME.new(players, seed=3)
    assert state.players == players and GAME.default_players == 4
    assert state.view(None)["start_dice"] == [3] * players
    assert state.active == [None, None, None]


@pytest.mark.parametrize("players", [1, 6])
def test_ct1_other_counts_refused(players):
    with pytest.raises(ValueError, match="2–5 players"):
        GAME.new(players)


@pytest.mark.parametrize("players,row1,row2,row3,row4", [
    (2, 2, 1, 1, 1), (3, 2, 2, 2, 2), (4, 3, 3, 2, 2), (5, 4, 3, 3, 3)])
def test_ct2_supply_by_player_count(players, row1, row2, row3, row4):
    supply = GAME.new(players, seed=1).supply
    expected = {1: row1, 2: row2, 3: row3, 4: row4, 5: 1}
    for card in CARDS:
        row = CHARACTERS[card]["row"]
        assert supply[card] == (None if row == 0 else expected[row]), card
    assert [c for c in CARDS if CHARACTERS[c]["row"] == 1] == [
        "farmer", "maid", "philosopher", "smith", "guard"]
    assert [c for c in CARDS if CHARACTERS[c]["row"] == 4] == ["alchemist", "priest", "noble", "lord"]


def test_ct2_jester_never_runs_out():
    state = GAME.new(5, seed=2)
    for _ in range(5):
        seat = state.current
        play(state, "roll", "aside all")
        if "take jester" in state.legal_actions():
            state.apply("take jester")
            assert "jester" in state.hands[seat]
        else:
            state.apply(state.legal_actions()[0])
    assert state.supply["jester"] is None and state.supply["swindler"] is None


def test_ct3_empty_supply_cannot_be_taken():
    state = at_turn(active=[], aside=[4, 4, 1], players=2)
    state.supply["farmer"] = 0
    state._finish_dice()
    assert "take farmer" not in state.legal_actions()
    refused(state, "take farmer", "no Farmer is left in the supply.*CT-3")


def test_ct3_taking_uses_up_the_copies():
    state = GAME.new(2, seed=4)
    state.supply["knight"] = 1
    state.hands[state.current] = []
    state.active, state.aside, state.rolled = [], [5] * 5, True
    state._finish_dice()
    play(state, "take knight")
    assert state.supply["knight"] == 0


def test_ct4_cannot_take_a_card_already_held():
    state = at_turn(hand=["farmer"], aside=[2, 2, 5])
    state._finish_dice()
    assert "take farmer" not in state.legal_actions()
    refused(state, "take farmer", "already hold the Farmer.*CT-4")


def test_ct4_one_jester_card_each():
    state = at_turn(hand=["swindler"], aside=[1, 3, 3])
    state._finish_dice()
    assert state.legal_actions() == ["take farmer", "take maid", "pass"]
    refused(state, "take jester", "already hold the Jester")


def test_ct5_no_ability_takes_a_die_past_one_to_six():
    state = at_turn(hand=["maid", "lady", "noble", "magician"], active=[6, 5, 4])
    assert state.legal_actions()[-4:] == ["use maid", "use lady", "use magician", "use noble"]
    state.apply("use noble")
    assert state.legal_actions() == ["pick 4", "cancel"]
    refused(state, "pick 5", "past 6.*CT-5")
    refused(state, "pick 6", "past 6.*CT-5")
    state.apply("cancel")
    assert "use noble" in state.legal_actions()        # cancelled, so still unused
    play(state, "use maid", "pick 5")
    assert state.legal_actions() == ["value 6", "cancel"]
    refused(state, "value 7", "CT-5")
    assert "use lady" not in at_turn(hand=["lady"], active=[6, 6]).legal_actions()
    # and in play: random actions never make a die show anything but 1-6
    chooser = random.Random(5)
    for seed in range(3):
        state = GAME.new(3, seed=seed)
        for _ in range(400):
            if state.over:
                break
            state.apply(chooser.choice(state.legal_actions()))
            assert all(v is None or 1 <= v <= 6 for v in state.active + state.aside)


# ---- requirements ---------------------------------------------------------------

def test_ct6_pattern_may_use_any_subset():
    assert {"jester", "farmer", "guard", "smith", "maid"} <= meets([5, 5, 5])
    assert {"hunter", "astronomer", "farmer", "guard"} <= meets([1, 1, 1, 1])   # CT-6
    assert {"knight", "lady", "hunter"} <= meets([2, 2, 2, 2, 2])
    assert {"priest", "noble", "lord", "knight", "lady", "astronomer"} <= meets([5] * 6)
    assert "king" not in meets([5] * 6) and "king" in meets([3] * 7 + [1, 6])
    assert {"farmer"} <= meets([1, 4, 6, 4, 2])          # extra dice do not matter


@pytest.mark.parametrize("card,good,bad", [
    ("farmer", [3, 1, 3], [1, 2, 3, 4]),
    ("maid", [1, 3, 5, 5], [1, 3, 4]),                   # all dice, not some
    ("philosopher", [2, 6, 4, 4], [2, 4, 5]),
    ("smith", [5, 5, 5], [4, 5, 5]),
    ("guard", [6, 1, 6, 6], [6, 6, 1, 1]),
    ("hunter", [4, 4, 4, 4], [4, 4, 4, 3]),
    ("merchant", [5, 5, 5, 5], [5, 5, 5, 4]),
    ("astronomer", [2, 2, 3, 3], [2, 2, 2, 3]),
    ("lady", [2, 2, 2, 6, 6], [2, 2, 2, 2, 6]),
    ("pawnbroker", [6, 6, 6, 6, 6], [6, 6, 6, 6, 5]),
    ("knight", [1, 1, 1, 1, 1], [1, 1, 1, 1, 2]),
    ("magician", [1, 2, 3, 4, 5], [1, 2, 3, 4, 6]),
    ("magician", [6, 5, 4, 3, 2], [1, 1, 3, 4, 5]),
    ("alchemist", [1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 5]),
    ("priest", [1, 1, 2, 2, 3, 3], [1, 1, 2, 2, 3, 4]),
    ("priest", [4, 4, 4, 4, 2, 2], [4, 4, 4, 4, 4, 2]),
    ("noble", [1, 1, 1, 6, 6, 6], [1, 1, 1, 6, 6, 5]),
    ("lord", [3] * 6, [3] * 5 + [4]),
    ("king", [6] * 7, [6] * 6 + [5]),
])
def test_ct6_requirements(card, good, bad):
    assert card in meets(good)
    assert card not in meets(bad)


def test_ct6_sums_and_sets_count_any_dice():
    assert "pawnbroker" in meets([6, 6, 6, 6, 5, 1])
    assert "lady" in meets([3, 3, 3, 3, 3, 1])            # five of a kind counts
    assert "astronomer" in meets([1, 1, 1, 1, 5])         # four of a kind counts
    assert "noble" in meets([2] * 6) and "noble" not in meets([2] * 5 + [1])


# ---- a turn ---------------------------------------------------------------------

def test_ct7_bonus_dice_join_at_the_start_and_the_first_roll_rolls_them():
    state = GAME.new(4, seed=5)
    state.hands[state.current] = ["swindler", "farmer", "lord"]
    state._start_turn()
    assert len(state.active) == 7 and state.view(None)["start_dice"][state.current] == 7
    state.apply("roll")
    assert len(state.active) == 7 and all(1 <= v <= 6 for v in state.active)


def test_ct8_first_step_is_the_roll_then_abilities_one_after_another():
    state = at_turn(hand=["smith", "guard"], active=[None] * 3, rolled=False)
    assert state.legal_actions() == ["roll"]
    state.apply("roll")
    play(state, "use smith", "use guard")
    assert state.active[-2:] == [1, 2]


def test_ct9_set_aside_before_rolling_again():
    state = play(GAME.new(3, seed=6), "roll")
    assert "roll" not in state.legal_actions()
    refused(state, "roll", "set aside at least one die before rolling again.*CT-9")
    state.apply("aside %d" % state.active[0])
    assert "roll" in state.legal_actions()
    kept = list(state.aside)
    state.apply("roll")
    assert state.aside == kept                    # set-aside dice never change


def test_ct5_dice_are_named_by_a_value_from_1_to_6():
    state = at_turn(active=[2, 3], aside=[6], aside_since_roll=True)
    for action in ("aside 7", "aside 0", "aside x"):
        refused(state, action, r"^name a die by the value it shows, 1 to 6 \(CT-5\)$")
    refused(state, "aside 4", "^no active die shows 4$")


def test_ct9_abilities_never_touch_set_aside_dice():
    state = at_turn(hand=["magician"], active=[2, 3], aside=[6], aside_since_roll=True)
    state.apply("use magician")
    refused(state, "pick 6", "already set aside.*CT-9")


def test_ct10_abilities_only_after_the_first_roll():
    state = at_turn(hand=["knight"], active=[None] * 3, rolled=False)
    refused(state, "use knight", "only after the turn's first roll.*CT-10")


def test_ct10_an_added_die_is_active_and_rerolled_unless_set_aside():
    state = at_turn(hand=["knight"], active=[1, 2], aside=[5], aside_since_roll=True, seed=9)
    state.apply("use knight")
    assert state.active == [1, 2, 5] and state.aside == [5]
    state.apply("roll")
    assert len(state.active) == 3 and state.aside == [5]


def test_ct11_aside_all_and_the_result_is_final_when_nothing_is_left():
    state = at_turn(active=[4, 4, 6])
    state.apply("aside all")
    assert state.phase == "take" and state.aside == [4, 4, 6]


def test_ct11_done_is_asked_only_while_an_ability_could_still_act():
    state = at_turn(hand=["pawnbroker"], active=[4, 4], aside=[4])
    state.apply("aside all")
    assert state.phase == "dice" and state.legal_actions() == ["use pawnbroker", "done"]
    state.apply("use pawnbroker")
    assert state.active == [4]
    state.apply("aside 4")
    assert state.phase == "take" and "take hunter" in state.legal_actions()
    refused(state, "roll", "take a character")


def test_ct11_done_before_every_die_is_aside_is_refused():
    state = at_turn(hand=["smith"], active=[3], aside=[4])
    refused(state, "done", "set aside every die first.*CT-11")


def test_ct12_take_one_earned_card_or_pass():
    state = at_turn(active=[3, 3, 3])
    seat = state.current
    assert state.view(None)["earns"] == ["jester", "farmer", "maid", "guard"]
    state.apply("aside all")
    assert state.legal_actions() == ["take jester", "take farmer", "take maid", "take guard", "pass"]
    refused(state, "take smith", "does not meet the Smith's requirement")
    copies = state.supply["guard"]
    state.apply("take guard")
    assert state.hands[seat] == ["guard"]
    assert state.supply["guard"] == copies - 1
    assert state.history[-1]["took"] == "guard" and state.history[-1]["seat"] == seat
    assert state.turn_index == 1 and state.current == state.order[1] != seat
    assert state.phase == "dice" and not state.rolled


def test_ct12_refusals_to_take_say_why():
    state = at_turn(hand=["swindler"], aside=[1, 3, 3])
    state._finish_dice()
    refused(state, "take smith", "^your result does not meet the Smith's requirement: sum 15 or more "
                                 r"\(CT-6\)$")
    refused(state, "take queen", r"^the Queen comes only with the King, to its first taker \(CT-14\)$")
    refused(state, "take swindler", r"^you already hold the Swindler \(CT-4\)$")
    state = at_turn(hand=[], aside=[1, 3, 3])
    state._finish_dice()
    refused(state, "take swindler", "^the Swindler is the back of the Jester: you need the Jester first$")
    refused(state, "take unicorn", "^there is no character 'unicorn'$")


def test_a_refusal_carries_its_key_rule_and_what_it_names():
    """The screen words a refusal from its key and parameters (characters by id, dice
    by value), never from the rules' English; the English text stays the rules' own."""
    from ui.i18n import Translator
    from ui.table import table_for
    table = table_for("court")
    state = at_turn(hand=["swindler"], aside=[1, 3, 3])
    state._finish_dice()
    found = [refusal_of(state, "take smith"), refusal_of(state, "take swindler")]
    state = at_turn(hand=["maid"], active=[2, 6], aside=[4])
    found += [refusal_of(state, "aside 4"), refusal_of(state, "use lady")]
    state.apply("use maid")
    state.apply("pick 2")
    found.append(refusal_of(state, "pick 6"))
    assert [(r.key, r.params, r.rule) for r in found] == [
        ("requirement", {"card": "smith", "name": "Smith", "requirement": "sum 15 or more"}, "CT-6"),
        ("already_held", {"card": "swindler", "name": "Swindler"}, "CT-4"),
        ("die_set_aside", {"face": 4}, "CT-9"),
        ("not_held", {"card": "lady", "name": "Lady"}, None),
        ("choose_value", {"values": (3, 4, 5)}, None)]
    assert str(found[4]) == "the dice are chosen: choose a value (3, 4, 5)"
    ja, en = Translator("ja"), Translator("en")
    assert [table.refusal_words(r, ja, ["A", "B", "C", "D"]) for r in found] == [
        "出目が鍛冶屋の条件（合計15以上）を満たしていません", "詐欺師はもう持っています",
        "4の目のダイスはもう確定しています。確定したダイスは変わりません", "女官を持っていません",
        "ダイスは選びました。次は目を選んでください（3、4、5）"]
    assert table.refusal_words(found[0], en, ["A", "B", "C", "D"]) == \
        "your dice do not meet the Smith's requirement: sum 15 or more"


def test_ct12_pass_takes_nothing():
    state = at_turn(active=[3, 3, 3])
    seat = state.current
    play(state, "aside all", "pass")
    assert state.hands[seat] == [] and state.history[-1]["took"] is None


def test_ct13_turn_order_rotates_so_the_last_player_plays_twice():
    state = GAME.new(4, seed=1)
    first = state.current
    seats = []
    for _ in range(16):
        seats.append(state.current)
        play(state, "roll", "aside all", "pass")
    expected = [(first + i) % 4 for i in (0, 1, 2, 3, 3, 0, 1, 2, 2, 3, 0, 1, 1, 2, 3, 0)]
    assert seats == expected
    assert state.round_no == 5


# ---- abilities ------------------------------------------------------------------

def test_ability_jester_rerolls_one_die_once_per_turn():
    state = at_turn(hand=["jester"], active=[1, 5], seed=3)
    play(state, "use jester", "pick 1")
    assert state.active[1] == 5 and "jester" in state.used
    assert "use jester" not in state.legal_actions()
    refused(state, "use jester", "already used the Jester this turn")


def test_ability_swindler_flips_the_jester_and_adds_a_die():
    state = at_turn(hand=["jester"], active=[2, 4, 5])
    seat = state.current
    play(state, "aside all")
    assert "take swindler" in state.legal_actions() and "take jester" not in state.legal_actions()
    state.apply("take swindler")
    assert state.hands[seat] == ["swindler"]          # the Jester's ability is gone
    assert state.view(None)["start_dice"][seat] == 4
    refused_state = at_turn(hand=["swindler"], active=[1, 2])
    refused(refused_state, "use swindler", "needs no using.*CT-7")
    refused(refused_state, "use jester", "do not hold the Jester")


def test_ability_farmer_and_lord_add_dice_at_the_start():
    assert rules.start_dice(["farmer"]) == 4
    assert rules.start_dice(["farmer", "lord"]) == 6
    assert rules.start_dice(["swindler", "farmer", "lord", "king"]) == 7


@pytest.mark.parametrize("card,face", [("smith", 1), ("guard", 2), ("hunter", 3),
                                       ("pawnbroker", 4), ("knight", 5), ("priest", 6)])
def test_ability_adders_add_one_die_of_their_face(card, face):
    state = at_turn(hand=[card], active=[3], aside=[6, 6])
    state.apply("use " + card)
    assert state.active == [3, face]
    refused(state, "use " + card, "already used")


def test_ability_maid_adds_one_to_three():
    state = at_turn(hand=["maid"], active=[6, 4])
    state.apply("use maid")
    assert state.legal_actions() == ["pick 4", "cancel"]
    refused(state, "pick 6", "cannot go higher.*CT-5")
    state.apply("pick 4")
    assert state.legal_actions() == ["value 5", "value 6", "cancel"]
    refused(state, "value 7", "only 1 to 6.*CT-5")
    refused(state, "value 3", "adds 1, 2 or 3")
    state.apply("value 6")
    assert state.active == [6, 6]


def test_ability_philosopher_keeps_the_total():
    state = at_turn(hand=["philosopher"], active=[5, 1, 6, 3])
    state.apply("use philosopher")
    assert "pick 1" not in state.legal_actions()          # cannot lower a 1
    refused(state, "pick 1", "cannot be lowered")
    state.apply("pick 5")
    assert "pick 6" not in state.legal_actions()          # cannot raise a 6
    refused(state, "pick 6", "cannot go higher.*CT-5")
    state.apply("pick 3")
    assert state.legal_actions() == ["value 2", "value 3", "value 4", "cancel"]
    state.apply("value 2")
    assert state.active == [2, 1, 6, 6] and sum(state.active) == 15


def test_ability_philosopher_needs_a_die_to_lower_and_another_to_raise():
    assert "use philosopher" not in at_turn(hand=["philosopher"], active=[6, 6]).legal_actions()
    assert "use philosopher" not in at_turn(hand=["philosopher"], active=[1, 1]).legal_actions()
    assert "use philosopher" not in at_turn(hand=["philosopher"], active=[4]).legal_actions()
    assert "use philosopher" in at_turn(hand=["philosopher"], active=[4, 4]).legal_actions()
    for usable in ([2, 2], [2, 5], [6, 5], [1, 6, 2]):      # at the edges of 1-6
        assert "use philosopher" in at_turn(hand=["philosopher"], active=usable).legal_actions()
    for useless in ([5], [6], [1], [1, 1, 1]):
        assert "use philosopher" not in at_turn(hand=["philosopher"], active=useless).legal_actions()


def test_ability_merchant_rerolls_any_number():
    state = at_turn(hand=["merchant"], active=[1, 1, 6], seed=12)
    play(state, "use merchant", "pick 1", "pick 1")
    assert state.legal_actions() == ["pick 6", "confirm", "cancel"]
    state.apply("confirm")
    assert state.active[2] == 6 and "merchant" in state.used


def test_ability_astronomer_copies_a_set_aside_die():
    state = at_turn(hand=["astronomer"], active=[2, 3], aside=[5, 5, 1])
    play(state, "use astronomer", "pick 2")
    assert state.legal_actions() == ["value 1", "value 5", "cancel"]
    refused(state, "value 6", "copies a set-aside die")
    state.apply("value 5")
    assert state.active == [5, 3]
    assert "use astronomer" not in at_turn(hand=["astronomer"], active=[2]).legal_actions()


def test_ability_lady_adds_one_to_any_number():
    state = at_turn(hand=["lady"], active=[4, 6, 4, 2])
    state.apply("use lady")
    refused(state, "pick 6", "cannot go higher.*CT-5")
    play(state, "pick 4", "pick 4", "confirm")
    assert state.active == [5, 6, 5, 2]


def test_ability_noble_adds_two_to_any_number():
    state = at_turn(hand=["noble"], active=[4, 5, 3])
    state.apply("use noble")
    assert state.legal_actions() == ["pick 3", "pick 4", "cancel"]
    refused(state, "pick 5", "past 6.*CT-5")
    play(state, "pick 4", "pick 3", "confirm")
    assert state.active == [6, 5, 5]
    assert "use noble" not in at_turn(hand=["noble"], active=[5, 6]).legal_actions()


def test_ability_magician_sets_any_value():
    state = at_turn(hand=["magician"], active=[2])
    play(state, "use magician", "pick 2")
    assert state.legal_actions() == ["value 1", "value 3", "value 4", "value 5", "value 6", "cancel"]
    refused(state, "value 0", "only 1 to 6.*CT-5")
    state.apply("value 6")
    assert state.active == [6]


def test_ability_alchemist_keeps_the_total_of_three():
    state = at_turn(hand=["alchemist"], active=[1, 2, 6, 3])
    play(state, "use alchemist", "pick 1", "pick 2", "pick 6")
    assert state.legal_actions() == ["value %d" % x for x in range(1, 7)] + ["cancel"]
    state.apply("value 4")                       # total 9: the other two make 5
    assert state.legal_actions() == ["value %d" % y for y in range(1, 5)] + ["cancel"]
    refused(state, "value 5", "keep their total")
    state.apply("value 4")
    assert state.active == [4, 4, 1, 3] and "alchemist" in state.used
    assert "use alchemist" not in at_turn(hand=["alchemist"], active=[1, 2]).legal_actions()


def test_ability_queen_adds_a_die_of_any_value():
    state = at_turn(hand=["queen"], active=[], aside=[4, 4, 4])
    assert state.legal_actions() == ["use queen", "done"]
    state.apply("use queen")
    assert state.legal_actions() == ["value %d" % x for x in range(1, 7)] + ["cancel"]
    state.apply("value 4")
    assert state.active == [4]


def test_ability_king_has_none():
    state = at_turn(hand=["king"], active=[1, 2])
    assert not any(a.startswith("use") for a in state.legal_actions())
    refused(state, "use king", "no ability")


def test_abilities_once_per_turn_and_fresh_next_turn():
    state = at_turn(hand=["magician", "smith"], active=[2, 3])
    play(state, "use smith", "use magician", "pick 2", "value 3")
    refused(state, "use smith", "already used the Smith this turn")
    refused(state, "use magician", "once per turn")
    view = state.view(None)
    assert {c["card"]: c["used"] for c in view["hands"][state.current]} == {"smith": True, "magician": True}
    seat = state.current
    play(state, "aside all", "pass")
    assert state.current != seat and not state.used


def test_cancel_leaves_the_ability_unused_and_is_limited():
    state = at_turn(hand=["lady"], active=[2, 3])
    for _ in range(rules.MAX_CANCELS):
        play(state, "use lady", "pick 2", "cancel")
        assert state.active == [2, 3] and "lady" not in state.used
    state.apply("use lady")
    assert "cancel" not in state.legal_actions()
    refused(state, "cancel", "no more cancelling")
    play(state, "pick 3", "confirm")
    assert state.active == [2, 4]


def test_pending_ability_blocks_other_actions():
    state = at_turn(hand=["lady", "smith"], active=[2, 3], aside_since_roll=True)
    state.apply("use lady")
    refused(state, "roll", "finish the Lady first")
    refused(state, "aside 2", "finish the Lady first")
    refused(state, "confirm", "pick at least one die")


# ---- the King and the final round ---------------------------------------------------

def king_turn(players=4, seed=1, dice=(6,) * 7):
    state = at_turn(active=list(dice), players=players, seed=seed)
    state.apply("aside all")
    return state


def finish_turn(state, dice):
    """The current player's turn ends with these dice, taking nothing."""
    state.active, state.aside, state.rolled = [], list(dice), True
    state.used, state.pending = set(), None
    state._finish_dice()
    if state.phase == "take":
        state.apply("pass")


def test_ct14_seven_of_a_kind_takes_the_king_and_the_queen():
    state = king_turn(dice=(2,) * 7 + (5,))
    seat = state.current
    assert "take king" in state.legal_actions()
    refused(state, "take queen", "comes only with the King.*CT-14")
    state.apply("take king")
    assert state.king_holder == seat and "queen" in state.hands[seat]
    assert state.supply["king"] == 0 and state.supply["queen"] == 0
    assert state.view(None)["king_result"] == {"count": 7, "face": 2}


def test_ct15_the_round_is_played_out_and_nobody_else_takes_the_king():
    state = king_turn(seed=1)
    order = list(state.order)
    state.apply("take king")
    assert not state.final_round and state.current == order[1]
    state.active, state.rolled = [6] * 7, True
    state.apply("aside all")
    assert "take king" not in state.legal_actions() and "take lord" in state.legal_actions()
    refused(state, "take king", "nobody else can take it.*CT-15")
    state.apply("take lord")
    finish_turn(state, [1, 2, 3])
    finish_turn(state, [1, 2, 3])
    assert state.final_round


def test_ct16_final_round_holder_last_and_no_characters():
    state = GAME.new(4, seed=1)
    order = list(state.order)
    finish_turn(state, [1, 2, 3])
    holder = state.current                        # second in the round takes the King
    state.active, state.aside, state.rolled = [], [4] * 7, True
    state._finish_dice()
    state.apply("take king")
    finish_turn(state, [1, 2, 3])
    finish_turn(state, [1, 2, 3])
    assert state.final_round
    usual = [(order[-1] + i) % 4 for i in range(4)]          # CT-13 rotation
    assert state.order == [s for s in usual if s != holder] + [holder]
    state.active, state.rolled = [5] * 7 + [1, 1, 1], True
    state.apply("aside all")                       # beats the King, takes nothing else
    assert state.phase == "dice" and state.king_holder == usual[0] != holder
    assert state.hands[usual[0]] == []


def test_ct17_more_dice_or_same_count_higher_face_and_strictly():
    assert best_kind([3, 3, 3, 5, 5, 5, 1]) == (3, 5)
    assert rules.beats((8, 1), (7, 6), tie_wins=False)
    assert rules.beats((7, 5), (7, 4), tie_wins=False)
    assert not rules.beats((7, 4), (7, 4), tie_wins=False)
    assert not rules.beats((6, 6), (7, 1), tie_wins=False)
    state = final_round_state()
    challenger, second = state.order[0], state.order[1]
    finish_turn(state, [4] * 7)                   # equal: not enough
    assert state.king_holder != challenger
    finish_turn(state, [5] * 7)                   # higher face: takes it
    assert state.king_holder == second and state.king_result == (7, 5)
    assert "queen" not in state.hands[second]     # the Queen stays


def final_round_state(players=4, king=(4,) * 7):
    state = GAME.new(players, seed=1)
    state.active, state.aside, state.rolled = [], list(king), True
    state._finish_dice()
    state.apply("take king")
    for _ in range(players - 1):
        finish_turn(state, [1, 2, 3])
    assert state.final_round
    return state


def test_ct18_first_holder_takes_the_king_back_with_an_equal_result():
    state = final_round_state()
    first = state.first_holder
    finish_turn(state, [6] * 7)
    finish_turn(state, [1, 2, 3])
    finish_turn(state, [1, 2, 3])
    assert state.current == first and state.view(None)["beats_king"] is None
    state.active, state.rolled = [6] * 7, True
    assert state.view(None)["beats_king"] is True
    state.apply("aside all")
    assert state.legal_actions() == ["use queen", "done"]    # the Queen stays with them
    state.apply("done")
    assert state.over and state.result() == {"scores": [int(s == first) for s in range(4)],
                                             "winners": [first]}


def test_ct19_the_holder_after_the_final_round_wins():
    state = final_round_state()
    challenger = state.current
    finish_turn(state, [2] * 8)
    finish_turn(state, [1, 2, 3])
    finish_turn(state, [1, 2, 3])
    finish_turn(state, [6] * 7)                   # the first holder falls short
    assert state.over and state.current is None and state.legal_actions() == []
    assert state.result()["winners"] == [challenger]
    assert state.view(None)["winners"] == [challenger]


def test_ct19_a_first_holder_still_holding_the_king_has_won_without_playing():
    state = final_round_state(players=3)
    for _ in range(2):
        finish_turn(state, [1, 2, 3])
    assert state.over and state.result()["winners"] == [state.first_holder]


def test_round_limit_plays_a_final_round_with_nobody_holding_the_king():
    state = GAME.new(3, seed=2)
    while not state.final_round:
        finish_turn(state, [1, 2, 3])
    assert state.round_no == ROUND_LIMIT + 1 and state.king_holder is None
    first = state.current
    finish_turn(state, [1, 2, 3])                 # any result sets the bar
    assert state.king_holder == first
    finish_turn(state, [1, 2, 3])                 # a tie does not beat it
    finish_turn(state, [2, 2, 3])
    assert state.over and state.result()["winners"] == [state.order[2]]


# ---- the contract ----------------------------------------------------------------

def test_illegal_actions_change_nothing():
    state = play(GAME.new(4, seed=8), "roll")
    for bad in ("roll", "aside 7", "aside x", "use lord", "take king", "pass", "pick 3",
                "value 2", "done", "", "fly", 42, None):
        before = snapshot(state)
        with pytest.raises(IllegalAction):
            state.apply(bad)
        assert snapshot(state) == before


def test_view_is_public_and_json_friendly():
    state = play(GAME.new(4, seed=8), "roll")
    views = [state.view(s) for s in [None, 0, 1, 2, 3]]
    assert json.loads(json.dumps(views)) == views
    for seat, view in zip([None, 0, 1, 2, 3], views):
        assert view["seat"] == seat and dict(view, seat=None) == views[0]
    assert views[0]["game"] == "court" and views[0]["players"] == 4
    assert views[0]["current"] == state.current
    assert set(views[0]) >= {"dice", "supply", "hands", "start_player", "round", "final_round",
                             "king_holder", "king_result", "earns", "pending", "history"}


def test_character_entries_have_one_shape():
    assert rules._card("王", "King", 5, "条件", "req", "能力", "ability", "国王") == {
        "name": {"ja": "王", "en": "King"}, "ja_edition": "国王", "row": 5,
        "requirement": {"ja": "条件", "en": "req"}, "ability": {"ja": "能力", "en": "ability"}}
    assert rules._card("a", "b", 1, "c", "d", "e", "f")["ja_edition"] == "a"
    assert CHARACTERS["swindler"]["ja_edition"] == "ペテン師" and CHARACTERS["farmer"]["ja_edition"] == "農夫"


def test_characters_table_is_complete_and_bilingual():
    assert list(CHARACTERS) == CARDS and len(CARDS) == 20
    for card, info in CHARACTERS.items():
        assert card.isascii()
        for key in ("name", "requirement", "ability"):
            assert info[key]["ja"] and info[key]["en"], (card, key)


def test_sample_state_rebuilds_every_view():
    rng = random.Random(4)
    for players in (2, 3, 5):
        state = GAME.new(players, seed=players)
        bots = [QuickBot(seed=s) for s in range(players)]
        for step in range(600):
            if state.over:
                break
            if step % 3 == 0:
                seat = rng.randrange(players)
                view = state.view(seat)
                copy = sample_state(view, rng.randrange(1000))
                assert copy.view(seat) == view
                assert copy.legal_actions() == state.legal_actions()
            legal = state.legal_actions()
            action = rng.choice(legal) if rng.random() < 0.3 else bots[state.current].choose(
                state.view(state.current), legal)
            state.apply(action)


def test_record_replays_and_random_play_ends():
    for players in (2, 5):
        for seed in (1, 2, 3):
            state = GAME.new(players, seed=seed)
            bot = RandomBot(seed)
            actions = 0
            while not state.over:
                state.apply(bot.choose(state.view(state.current), state.legal_actions()))
                actions += 1
            assert actions < 5000
            again = registry.replay(json.loads(json.dumps(state.record())))
            assert again.view(None) == state.view(None)
            assert state.result()["winners"] == [state.king_holder]


def test_clone_is_independent():
    state = play(GAME.new(3, seed=3), "roll")
    other = state.clone()
    other.apply("aside all")
    assert state.phase == "dice" and state.active and other.aside
    assert len(state.actors) == len(state.actions) == 1      # who made each action: not shared
    assert snapshot(play(state.clone(), "aside all")) == snapshot(other)


# ---- bots ------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_bots_play_legal_actions_to_the_end(players):
    state = GAME.new(players, seed=21)
    bots = [(QuickBot if s % 2 else StrongBot)(seed=s) for s in range(players)]
    assert state.play_out(bots).result()["winners"]


@pytest.mark.slow
def test_strong_bot_takes_the_king():
    state = king_turn()
    assert StrongBot(seed=1).choose(state.view(state.current), state.legal_actions()) == "take king"
    assert QuickBot(seed=1).choose(state.view(state.current), state.legal_actions()) == "take king"


def private_cards(state, seat):
    """Nothing is hidden in To Court the King (the conformance suite's privacy check)."""
    return []



# Random play recorded by the rules before actions were typed values (commit 404b1c0):
# the actions as a save keeps them, and a digest of every view they led to then.
OLD_RECORD = (
    "roll,aside all,pass,roll,aside 5,aside all,take jester,roll,aside all,pass,roll,aside "
    "4,aside all,pass,roll,aside 3,aside 2,roll,aside 2,pass,roll,aside 4,aside 5,use jester,pick"
    " 6,aside 5,take swindler,roll,aside all,pass,roll,aside 6,aside all,pass,roll,aside "
    "6,roll,aside 1,roll,aside 1,take jester,roll,aside all,pass,roll,aside all,pass,roll,aside "
    "5,aside 6,roll,aside 6,take farmer,roll,aside 4,aside 4,aside 6,aside 5,take "
    "jester,roll,aside all,pass,roll,aside 4,roll,aside all,take smith,roll,aside 6,aside "
    "all,done,take farmer,roll,use jester,pick 3,aside 5,aside 5,aside 5,roll,aside 5,take "
    "hunter,roll,aside 2,roll,aside 3,roll,use jester,cancel,use jester,pick 1,aside "
    "3,pass,roll,aside all,take swindler,roll,aside 6,aside 5,aside all,done,take "
    "merchant,roll,aside all,use hunter,aside 3,pass,roll,aside all,done,pass,roll,aside 1,aside "
    "4,aside 3,roll,aside 6,roll,aside 1,use smith,use merchant,pick 4,confirm,aside 2,aside "
    "3,aside 4,aside all,pass,roll,use smith,aside 1,use merchant,pick 1,pick 4,pick "
    "4,cancel,aside 3,use merchant,cancel,aside 4,aside 1,aside 4,roll,use merchant,cancel,use "
    "merchant,cancel,use merchant,pick 1,confirm,aside 5")


def test_a_record_made_before_actions_were_typed_replays_to_the_same_position():
    import hashlib
    import json
    state = registry.replay({"game": "court", "options": {}, "seed": 3, "players": 3,
                             "actions": OLD_RECORD.split(",")})
    views = json.dumps([state.view(seat) for seat in [None, *range(3)]], sort_keys=True)
    assert hashlib.sha256(views.encode()).hexdigest()[:16] == "7092bb616cb9d110"
    assert [str(action) for action in state.actions] == OLD_RECORD.split(",")


# ---- every refusal, word for word (mutation testing: bench/MUTATION.md) ----------------

def pending(hand, active, aside, *steps):
    """A state whose current player has begun using an ability with these steps."""
    return play(at_turn(hand=hand, active=active, aside=aside, aside_since_roll=True), *steps)


def final_take(hand, aside):
    state = at_turn(hand=hand, aside=aside)
    state._finish_dice()
    return state


SITUATIONS = {
    "dice": lambda: at_turn(active=[2, 3], aside=[6], aside_since_roll=True),
    "just rolled": lambda: at_turn(active=[2, 3], aside=[6]),
    "all aside": lambda: at_turn(hand=["smith", "maid"], active=[], aside=[6, 5], aside_since_roll=True),
    "not rolled": lambda: at_turn(hand=["maid", "farmer", "king"], active=[None] * 4, rolled=False),
    "sixes": lambda: at_turn(hand=["maid", "lady", "noble", "astronomer", "philosopher", "alchemist",
                                   "swindler", "king", "smith"], active=[6, 6], aside=[6],
                             used=["smith"]),
    "maid": lambda: pending(["maid"], [2, 6], [4], "use maid"),
    "maid picked": lambda: pending(["maid"], [2, 6], [4], "use maid", "pick 2"),
    "maid no cancels": lambda: play(at_turn(hand=["maid"], active=[2, 6], aside=[4],
                                            aside_since_roll=True), *["use maid", "cancel"] * 10,
                                    "use maid"),
    "lady": lambda: pending(["lady"], [2, 6], [4], "use lady"),
    "noble": lambda: pending(["noble"], [2, 5], [4], "use noble"),
    "philosopher": lambda: pending(["philosopher"], [1, 6, 3], [4], "use philosopher"),
    "philosopher lowering 6": lambda: pending(["philosopher"], [1, 6, 3], [4], "use philosopher",
                                              "pick 6"),
    "philosopher 6 and 3": lambda: pending(["philosopher"], [1, 6, 3], [4], "use philosopher",
                                           "pick 6", "pick 3"),
    "astronomer": lambda: pending(["astronomer"], [4, 2], [4, 4], "use astronomer"),
    "astronomer picked": lambda: pending(["astronomer"], [4, 2], [4, 3], "use astronomer", "pick 2"),
    "magician picked": lambda: pending(["magician"], [4, 2], [4, 3], "use magician", "pick 2"),
    "alchemist half": lambda: pending(["alchemist"], [4, 2, 1, 1], [4, 3], "use alchemist",
                                      "pick 4", "pick 2", "pick 1", "value 3"),
    "queen": lambda: pending(["queen"], [4, 2], [4, 3], "use queen"),
    "jester": lambda: pending(["jester"], [4, 2], [4, 3], "use jester"),
    "merchant": lambda: pending(["merchant"], [4, 2], [4, 3], "use merchant"),
    "take": lambda: final_take(["swindler", "farmer"], [1, 3, 3]),
    "take without jester": lambda: final_take([], [2, 2, 2, 2, 2, 2, 2]),
}

CANNOT = "{name} cannot be used"
REFUSALS = [
    # situation, action, key, text, params, rule
    ("dice", 5, "not_text", "an action is a short text such as 'roll' or 'aside 5'", {}, None),
    ("dice", "pick 2", "no_ability", "choose an ability first ('use ...')", {}, None),
    ("dice", "value 3", "no_ability", "choose an ability first ('use ...')", {}, None),
    ("dice", "confirm", "no_ability", "choose an ability first ('use ...')", {}, None),
    ("dice", "cancel", "no_ability", "choose an ability first ('use ...')", {}, None),
    ("dice", "aside 6", "die_set_aside",
     "the die showing 6 is already set aside; set-aside dice never change (CT-9)", {"face": 6}, "CT-9"),
    ("dice", "aside 9", "die_range", "name a die by the value it shows, 1 to 6 (CT-5)", {}, "CT-5"),
    ("dice", "aside 0", "die_range", "name a die by the value it shows, 1 to 6 (CT-5)", {}, "CT-5"),
    ("dice", "aside 4", "no_die", "no active die shows 4", {"face": 4}, None),
    ("dice", "done", "not_final", "set aside every die first: the result is final only then (CT-11)",
     {}, "CT-11"),
    ("dice", "take farmer", "dice_first", "first finish the dice: every die must be set aside (CT-11)",
     {}, "CT-11"),
    ("dice", "pass", "dice_first", "first finish the dice: every die must be set aside (CT-11)",
     {}, "CT-11"),
    ("dice", "use unicorn", "no_character", "there is no character 'unicorn'", {"card": "unicorn"}, None),
    ("dice", "use maid", "not_held", "you do not hold the Maid", {"card": "maid", "name": "Maid"}, None),
    ("dice", "fly", "not_now", "'fly' is not allowed now; allowed: roll, aside 2, aside 3, aside all",
     {"action": "fly", "allowed": "roll, aside 2, aside 3, aside all"}, None),
    ("just rolled", "roll", "aside_before_roll", "set aside at least one die before rolling again (CT-9)",
     {}, "CT-9"),
    ("all aside", "roll", "nothing_to_roll", "every die is set aside: there is nothing left to roll",
     {}, None),
    ("not rolled", "use maid", "use_after_roll",
     "abilities can be used only after the turn's first roll (CT-10)", {}, "CT-10"),
    ("not rolled", "use farmer", "needs_no_use",
     "the Farmer needs no using: its dice join at the start of each turn (CT-7)",
     {"card": "farmer", "name": "Farmer"}, "CT-7"),
    ("not rolled", "use king", "king_no_ability", "the King has no ability; holding it at the end wins "
     "(CT-19)", {}, "CT-19"),
    ("not rolled", "use lady", "not_held", "you do not hold the Lady", {"card": "lady", "name": "Lady"},
     None),
    ("not rolled", "aside 3", "roll_first", "roll the dice first (CT-8)", {}, "CT-8"),
    ("not rolled", "pass", "dice_first", "first finish the dice: every die must be set aside (CT-11)",
     {}, "CT-11"),
    ("sixes", "use swindler", "needs_no_use",
     "the Swindler needs no using: its dice join at the start of each turn (CT-7)",
     {"card": "swindler", "name": "Swindler"}, "CT-7"),
    ("sixes", "use king", "king_no_ability", "the King has no ability; holding it at the end wins "
     "(CT-19)", {}, "CT-19"),
    ("sixes", "use smith", "used", "you have already used the Smith this turn: each ability works once "
     "per turn", {"card": "smith", "name": "Smith"}, None),
    ("sixes", "use maid", "maid_all_six", "every active die shows 6: the Maid would push it past 6 (CT-5)",
     {}, "CT-5"),
    ("sixes", "use lady", "lady_all_six", "every active die shows 6: +1 would push it past 6 (CT-5)",
     {}, "CT-5"),
    ("sixes", "use noble", "noble_all_high",
     "every active die shows 5 or 6: +2 would push it past 6 (CT-5)", {}, "CT-5"),
    ("sixes", "use astronomer", "astronomer_no_other",
     "the Astronomer needs a set-aside die showing another value than an active die", {}, None),
    ("sixes", "use philosopher", "philosopher_no_pair",
     "the Philosopher needs one active die above 1 and another below 6 (CT-5)", {}, "CT-5"),
    ("sixes", "use alchemist", "alchemist_three", "the Alchemist needs three active dice", {}, None),
    ("all aside", "use maid", "no_active_dice",
     "the Maid acts on active dice, and every die is set aside (CT-10)",
     {"card": "maid", "name": "Maid"}, "CT-10"),
    ("maid", "roll", "finish_ability", "finish the Maid first (pick, value, confirm) or cancel it",
     {"card": "maid", "name": "Maid"}, None),
    ("maid", "aside 2", "finish_ability", "finish the Maid first (pick, value, confirm) or cancel it",
     {"card": "maid", "name": "Maid"}, None),
    ("maid", "confirm", "no_confirm", "the Maid needs no confirming: choose a die or value",
     {"card": "maid", "name": "Maid"}, None),
    ("maid", "value 3", "pick_dice_first", "pick the dice first", {}, None),
    ("maid", "pick 6", "no_higher", "a die showing 6 cannot go higher: dice show 1 to 6 only (CT-5)",
     {"face": 6}, "CT-5"),
    ("maid", "pick 9", "die_range", "name a die by the value it shows, 1 to 6 (CT-5)", {}, "CT-5"),
    ("maid", "pick x", "die_range", "name a die by the value it shows, 1 to 6 (CT-5)", {}, "CT-5"),
    ("maid", "pick 4", "die_set_aside",
     "the die showing 4 is already set aside; set-aside dice never change (CT-9)", {"face": 4}, "CT-9"),
    ("maid", "pick 5", "no_die", "no active die shows 5", {"face": 5}, None),
    ("maid no cancels", "cancel", "no_cancels", "no more cancelling this turn: finish the Maid",
     {"card": "maid", "name": "Maid"}, None),
    ("maid picked", "pick 2", "choose_value", "the dice are chosen: choose a value (3, 4, 5)",
     {"values": (3, 4, 5)}, None),
    ("maid picked", "value 6", "maid_value", "the Maid adds 1, 2 or 3, and the die may not pass 6 (CT-5)",
     {}, "CT-5"),
    ("maid picked", "value 7", "value_range", "a die shows only 1 to 6 (CT-5)", {}, "CT-5"),
    ("maid picked", "value 0", "value_range", "a die shows only 1 to 6 (CT-5)", {}, "CT-5"),
    ("maid picked", "value x", "value_range", "a die shows only 1 to 6 (CT-5)", {}, "CT-5"),
    ("lady", "confirm", "pick_first", "pick at least one die first", {}, None),
    ("lady", "pick 6", "no_higher", "a die showing 6 cannot go higher: dice show 1 to 6 only (CT-5)",
     {"face": 6}, "CT-5"),
    ("noble", "pick 5", "noble_past_six", "+2 would take the die showing 5 past 6 (CT-5)", {"face": 5},
     "CT-5"),
    ("philosopher", "pick 1", "no_lower",
     "a die showing 1 cannot be lowered, or no other die could be raised (CT-5)", {"face": 1}, "CT-5"),
    ("philosopher lowering 6", "pick 6", "no_die", "no active die shows 6", {"face": 6}, None),
    ("philosopher 6 and 3", "value 6", "philosopher_value",
     "the raised die would pass 6, or the lowered die would not go down (CT-5)", {}, "CT-5"),
    ("philosopher 6 and 3", "pick 1", "choose_value", "the dice are chosen: choose a value (3, 4, 5)",
     {"values": (3, 4, 5)}, None),
    ("astronomer", "pick 4", "astronomer_same", "every set-aside die shows that value already", {}, None),
    ("astronomer picked", "value 2", "astronomer_value",
     "the Astronomer copies a set-aside die: choose one of 3, 4", {"values": (3, 4)}, None),
    ("magician picked", "value 2", "value_choice", "choose one of 1, 3, 4, 5, 6",
     {"values": (1, 3, 4, 5, 6)}, None),
    ("alchemist half", "value 6", "alchemist_value",
     "the three dice keep their total, and each shows 1 to 6 (CT-5)", {}, "CT-5"),
    ("queen", "pick 4", "choose_value", "the dice are chosen: choose a value (1, 2, 3, 4, 5, 6)",
     {"values": (1, 2, 3, 4, 5, 6)}, None),
    ("queen", "confirm", "no_confirm", "the Queen needs no confirming: choose a die or value",
     {"card": "queen", "name": "Queen"}, None),
    ("jester", "pick 3", "die_set_aside",
     "the die showing 3 is already set aside; set-aside dice never change (CT-9)", {"face": 3}, "CT-9"),
    ("merchant", "confirm", "pick_first", "pick at least one die first", {}, None),
    ("take", "roll", "take_or_pass", "the dice are final: take a character the result earns, or pass "
     "(CT-12)", {}, "CT-12"),
    ("take", "take unicorn", "no_character", "there is no character 'unicorn'", {"card": "unicorn"}, None),
    ("take", "take queen", "queen_with_king", "the Queen comes only with the King, to its first taker "
     "(CT-14)", {}, "CT-14"),
    ("take", "take farmer", "already_held", "you already hold the Farmer (CT-4)",
     {"card": "farmer", "name": "Farmer"}, "CT-4"),
    ("take", "take jester", "already_held", "you already hold the Jester (CT-4)",
     {"card": "jester", "name": "Jester"}, "CT-4"),
    ("take", "take smith", "requirement", "your result does not meet the Smith's requirement: sum 15 or "
     "more (CT-6)", {"card": "smith", "name": "Smith", "requirement": "sum 15 or more"}, "CT-6"),
    ("take without jester", "take swindler", "jester_first",
     "the Swindler is the back of the Jester: you need the Jester first", {}, None),
]


@pytest.mark.parametrize("situation,action,key,text,params,rule", REFUSALS,
                         ids=[f"{case[0]}-{case[1]}" for case in REFUSALS])
def test_every_refusal_says_its_key_words_rule_and_what_it_names(situation, action, key, text, params,
                                                                 rule):
    state = SITUATIONS[situation]()
    before = snapshot(state)
    assert said(state, action) == (key, text, params, rule)
    assert snapshot(state) == before


def test_ct15_ct3_a_king_taken_or_a_character_gone_is_refused_for_what_it_is():
    state = king_turn()                       # the round goes on after the King was taken
    state.apply("take king")
    state.active, state.aside, state.rolled = [], [2] * 7, True
    state._finish_dice()
    assert state.phase == "take" and not state.final_round
    assert "take king" not in state.legal_actions()
    assert repr(refusal_of(state, "take king")) == repr(Refusal(
        "king_taken", "the King has been taken: nobody else can take it from the supply (CT-15)", {},
        "CT-15"))
    state.supply["hunter"] = 0
    assert repr(refusal_of(state, "take hunter")) == repr(Refusal(
        "none_left", "no Hunter is left in the supply (CT-3)", {"card": "hunter", "name": "Hunter"},
        "CT-3"))


def test_a_clone_in_the_middle_of_an_ability_is_the_same_and_changes_apart():
    state = at_turn(hand=["philosopher", "smith"], active=[1, 6, 3], aside=[4], used=["smith"])
    state.apply("use philosopher")
    state.apply("pick 6")
    other = state.clone()
    assert snapshot(other) == snapshot(state)
    assert other.pending == {"card": "philosopher", "picked": [1], "values": []}
    play(other, "pick 3", "value 5")
    assert state.pending == {"card": "philosopher", "picked": [1], "values": []}
    assert state.used == {"smith"} and other.used == {"smith", "philosopher"}
    assert other.active == [1, 5, 4] and state.active == [1, 6, 3]


def test_a_clone_rolls_with_the_dice_it_is_given():
    from royaltable.core import Luck
    state = at_turn(active=[2, 3], aside=[6], aside_since_roll=True)
    dice = Luck(11)
    other = state.clone(rng=dice)
    assert other.rng is dice and state.clone().rng is not state.rng
    other.apply("roll")
    expected = Luck(11)
    assert other.active == [expected.randint(1, 6), expected.randint(1, 6)]


def test_sample_state_is_the_game_seeded_as_asked():
    from royaltable.core import Luck
    state = at_turn(active=[2, 3], aside=[6], aside_since_roll=True, players=3)
    copy = sample_state(state.view(state.current), 17)
    assert copy.game is GAME and copy.seed == 17 and copy.options == {}
    assert copy.record() == {"game": "court", "options": {}, "seed": 17, "players": 3, "actions": []}
    copy.apply("roll")                        # the future rolls are those of the seed
    expected = Luck(17)
    assert copy.active == [expected.randint(1, 6), expected.randint(1, 6)]


# ---- the edges of each ability (mutation testing) ---------------------------------------

def test_ct5_a_five_may_still_go_up_by_the_maid_or_the_lady():
    for card in ("maid", "lady"):
        state = at_turn(hand=[card], active=[5, 6])
        state.apply("use " + card)
        assert state.legal_actions() == ["pick 5", "cancel"]


def test_ability_alchemist_needs_three_dice_and_three_are_enough():
    assert "use alchemist" in at_turn(hand=["alchemist"], active=[1, 2, 3]).legal_actions()


def test_ability_magician_changes_one_die_only():
    state = at_turn(hand=["magician"], active=[4, 2])
    play(state, "use magician", "pick 2")
    assert state.legal_actions() == ["value 1", "value 3", "value 4", "value 5", "value 6", "cancel"]


@pytest.mark.parametrize("active,lower", [([2, 6], [6]), ([5, 6], [6]), ([2, 4], [2, 4]),
                                          ([6, 6, 1], [6])])
def test_ct5_the_philosopher_lowers_a_die_only_if_another_can_go_up(active, lower):
    state = at_turn(hand=["philosopher"], active=active)
    state.apply("use philosopher")
    assert state.legal_actions() == ["pick %d" % v for v in lower] + ["cancel"]


def test_ct5_the_philosopher_raises_a_five_and_lowers_a_six_down_to_1():
    state = at_turn(hand=["philosopher"], active=[6, 5])
    play(state, "use philosopher", "pick 6")
    assert state.legal_actions() == ["pick 5", "cancel"]
    state = at_turn(hand=["philosopher"], active=[6, 1])
    play(state, "use philosopher", "pick 6", "pick 1")
    assert state.legal_actions() == ["value %d" % x for x in range(1, 6)] + ["cancel"]
    state.apply("value 1")
    assert state.active == [1, 6]


def test_ct5_the_alchemist_at_the_lowest_and_highest_totals():
    state = at_turn(hand=["alchemist"], active=[1, 1, 1])
    play(state, "use alchemist", "pick 1", "pick 1", "pick 1")
    assert state.legal_actions() == ["value 1", "cancel"]
    state = at_turn(hand=["alchemist"], active=[6, 6, 6])
    play(state, "use alchemist", "pick 6", "pick 6", "pick 6")
    assert state.legal_actions() == ["value 6", "cancel"]
    state.apply("value 6")
    assert state.legal_actions() == ["value 6", "cancel"]
    state.apply("value 6")
    assert state.active == [6, 6, 6] and "alchemist" in state.used


def test_sample_state_copies_the_view_it_is_given():
    state = play(GAME.new(3, seed=2), "roll", "aside all")
    if state.phase == "take":
        state.apply("pass")
    view = state.view(None)
    copy = sample_state(view, 3)
    before = json.dumps(copy.view(None), sort_keys=True)
    view["history"][0]["dice"].append(9)
    view["dice"]["aside"].append(9)
    view["hands"][0].append({"card": "king", "used": False})
    view["supply"]["king"] = 7
    assert json.dumps(copy.view(None), sort_keys=True) == before


def test_sample_state_of_a_finished_game():
    state = final_round_state(players=3)
    for _ in range(2):
        finish_turn(state, [1, 2, 3])
    assert state.over
    view = state.view(None)
    assert sample_state(view, 5).view(None) == view


@pytest.mark.parametrize("missing", [1, 2, 3, 4, 5])
def test_ct6_a_straight_short_of_one_face_is_no_magician(missing):
    low = [f for f in (1, 2, 3, 4, 5) if f != missing]
    high = [f for f in (2, 3, 4, 5, 6) if f != missing + 1]
    assert "magician" not in meets(low + [low[-1]])
    assert "magician" not in meets(high + [high[-1]])
    assert "magician" in meets([1, 2, 3, 4, 5]) and "magician" in meets([2, 3, 4, 5, 6])


@pytest.mark.parametrize("missing", [1, 2, 3, 4, 5, 6])
def test_ct6_the_alchemist_needs_every_face(missing):
    dice = [f for f in FACES if f != missing]
    assert "alchemist" not in meets(dice + [dice[0]])


def test_ct17_a_challenger_who_beats_the_king_takes_it_in_the_history():
    state = final_round_state()
    challenger = state.current
    state.active, state.aside, state.rolled = [4] * 7, [], True
    assert state.view(None)["beats_king"] is False            # equal: not enough
    state.active = [5] * 7
    assert state.view(None)["beats_king"] is True
    state.apply("aside all")
    assert state.king_holder == challenger
    assert state.history[-1] == {"round": state.round_no, "seat": challenger, "dice": [5] * 7,
                                 "took": "king", "final": True}
    finish_turn(state, [1, 2, 3])
    assert state.history[-1]["took"] is None


def test_the_view_names_the_step_of_an_ability_and_starts_a_turn_unrolled():
    state = at_turn(hand=["magician"], active=[4, 2])
    state.apply("use magician")
    assert state.view(None)["pending"] == {"card": "magician", "picked": [], "values": [], "step": "pick"}
    state.apply("pick 2")
    assert state.view(None)["pending"] == {"card": "magician", "picked": [1], "values": [], "step": "value"}
    state.apply("value 6")
    play(state, "aside all", "pass")
    view = state.view(None)
    assert view["dice"] == {"active": [None] * 3, "aside": [], "rolled": False, "must_set_aside": False}
    assert view["best"] is None and view["pending"] is None


def test_a_view_shares_no_list_with_the_state():
    state = play(GAME.new(3, seed=2), "roll", "aside all")
    if state.phase == "take":
        state.apply("pass")
    view = state.view(None)
    view["history"][0]["dice"].append(9)
    view["dice"]["aside"].append(9)
    assert 9 not in state.history[0]["dice"] and 9 not in state.aside
