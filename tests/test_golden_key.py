"""黄金の鍵 (The Golden Key) rules, one test (at least) per rule ID GK-1..GK-29."""
import json
import random

import pytest

from royaltable import IllegalAction, RandomBot, registry
from royaltable.games.golden_key import rules
from royaltable.games.golden_key.actions import Flick, Keep, Move, Reroll, Return, Roll
from royaltable.games.golden_key.bots import QuickBot, StrongBot, move_gain
from royaltable.games.golden_key.rules import (DIE, FACTION_OF, REROLL, TURN_LIMIT, chips_for,
                                               sample_state)
from rules_said import said

GAME = registry.get("golden_key")
RED, BLUE = 0, 1


def private_cards(state, seat):
    """What `seat` knows that onlookers do not (the conformance suite's privacy
    check): nothing. Under C1 the face-down cards are hidden from both players."""
    return []
# A known basic layout (re-roll card "R" in the centre):
#   r0:  1 2 3        red's faction card above row 0
#   r1:  4 R 5
#   r2:  6 7 8        blue's faction card below row 2
BASIC = [1, 2, 3, 4, REROLL, 5, 6, 7, 8]
ADVANCED = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]


def position(dice, cards=None, mover=RED, options=None, chips=(0, 0), turn=5, rescue=(), seed=1):
    """A state at the start of `mover`'s turn with the dice where `dice` says:
    {"red0": ("r0c1", 3), ...}; on a card, dice are listed bottom first. A place
    is a cell, a setup spot ("red:1") or a faction card ("blue")."""
    state = GAME.new(2, seed=seed, options=options or {})
    geo = state.geo
    if cards is None:
        cards = BASIC if state.board == "basic" and len(state.card) == 9 and REROLL in state.card \
            and "C2" not in state.arranged else state.card
    state.card = list(cards)
    state.chips_on = [chips_for(c, state.arranged) for c in cards]
    state.up = [True] * geo.cells
    state.stack = [[] for _ in range(geo.cells)]
    assert sorted(dice) == sorted(DIE)
    for name, (where, value) in dice.items():
        die = DIE[name]
        state.value[die] = value
        state.arrived[die] = -1
        state.spot[die] = None
        if where in FACTION_OF:
            state.loc[die] = FACTION_OF[where]
        elif ":" in where:
            colour, spot = where.split(":")
            state.loc[die] = FACTION_OF[colour]
            state.spot[die] = int(spot)
        else:
            state.loc[die] = geo.index[where]
            state.stack[geo.index[where]].append(die)
    state.chips = list(chips)
    state.rescue = set(rescue)
    state.turn = turn
    state.mover = state.to_act = mover
    state.phase = "move"
    state.moves_done = 0
    state.flicked_own = []
    state.offer = None
    state.log = []
    state.seen = {state.position_key(): 1}
    state.repeats = 1
    state._start_flicks()
    return state


# Dice out of the way: all four on their setup spots.
HOME = {"red0": ("red:0", 1), "red1": ("red:2", 1), "blue0": ("blue:0", 1), "blue1": ("blue:2", 1)}


def dice(**places):
    """HOME with some dice elsewhere; dice sharing a card are given bottom first."""
    out = {name: place for name, place in HOME.items() if name not in places}
    out.update(places)
    return out


def snapshot(state):
    return json.dumps({"views": [state.view(s) for s in (None, 0, 1)], "record": state.record(),
                       "legal": state.legal_actions()}, sort_keys=True)


def refused(state, action, match):
    """`action` raises IllegalAction with a message matching `match`, changing nothing."""
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=match):
        state.apply(action)
    assert snapshot(state) == before


def moves(state):
    return [a for a in state.legal_actions() if isinstance(a, Move)]


def dests(state, die):
    return sorted(a.to for a in state.legal_actions() if isinstance(a, (Move, Flick)) and a.die == die)


def at(state, die):
    return state.view(None)["dice"][die]["at"]


def value(state, die):
    return state.view(None)["dice"][die]["value"]


def through_setup(state, spots=(0, 1)):
    """Places both players' dice on the given spots."""
    while state.phase == "place":
        seat = state.current
        colour = ("red", "blue")[seat]
        placed = sum(1 for d in (0, 1) if state.loc[2 * seat + d] is not None)
        state.apply(f"place {colour}{placed} {colour}:{spots[placed]}")
    return state


# ---- board ------------------------------------------------------------------------------

def test_gk1_two_players_red_and_blue_two_dice_each():
    state = GAME.new(2, seed=3)
    view = state.view(None)
    assert GAME.min_players == GAME.max_players == GAME.default_players == 2
    assert view["colours"] == ["red", "blue"]
    assert sorted(view["dice"]) == ["blue0", "blue1", "red0", "red1"]
    assert [view["dice"][d]["owner"] for d in ("red0", "red1", "blue0", "blue1")] == [0, 0, 1, 1]
    for count in (1, 3):
        with pytest.raises(ValueError, match="players"):
            GAME.new(count)


@pytest.mark.parametrize("seed", range(6))
def test_gk2_basic_board_reroll_card_in_the_centre_eight_of_nine(seed):
    view = GAME.new(2, seed=seed).view(None)
    cards = [c["card"] for c in view["cells"]]
    assert (view["rows"], view["cols"]) == (3, 3)
    assert [c["cell"] for c in view["cells"]] == ["r%dc%d" % (r, c) for r in range(3) for c in range(3)]
    assert cards[4] == "reroll"
    battle = sorted(int(c) for c in cards if c != "reroll")
    assert len(battle) == 8 and len(set(battle)) == 8 and set(battle) <= set(range(1, 10))
    assert [c["chips"] for c in view["cells"]] == [0 if c == "reroll" else 1 for c in cards]
    assert view["target"] == 4


def test_gk2_cards_are_shuffled():
    layouts = {tuple(c["card"] for c in GAME.new(2, seed=s).view(None)["cells"]) for s in range(20)}
    assert len(layouts) > 15
    left_out = {frozenset(range(1, 10)) - {int(c) for c in layout if c != "reroll"} for layout in layouts}
    assert len(left_out) > 3


@pytest.mark.parametrize("seed", range(4))
def test_gk3_advanced_board_four_rows_all_twelve_cards(seed):
    view = GAME.new(2, seed=seed, options={"board": "advanced"}).view(None)
    assert (view["rows"], view["cols"]) == (4, 3)
    assert sorted(int(c["card"]) for c in view["cells"]) == list(range(1, 13))
    assert all(c["chips"] == 1 for c in view["cells"])
    assert view["target"] == 6


def test_gk4_faction_cards_face_the_first_and_last_rows():
    state = position(dice(red0=("r0c1", 1), blue0=("r2c0", 1), blue1=("r1c2", 1)))
    assert "red" in dests(state, "red0") and "blue" not in dests(state, "red0")
    state = position(dice(red0=("r0c1", 1), blue0=("r2c0", 1), blue1=("r1c2", 1)), mover=BLUE)
    assert "blue" in dests(state, "blue0") and "red" not in dests(state, "blue0")
    assert not {"red", "blue"} & set(dests(state, "blue1"))   # the middle row faces no faction
    adv = position(dice(red0=("r3c1", 1), blue0=("r0c0", 1)), options={"board": "advanced"},
                   cards=ADVANCED)
    assert "blue" in dests(adv, "red0") and "red" not in dests(adv, "red0")
    # a die on a faction card enters the row it faces, and only that row
    state = position(dice(red0=("red", 2), blue0=("blue", 2)))
    assert dests(state, "red0") == ["r0c0", "r0c1", "r0c2"]
    state = position(dice(red0=("red", 2), blue0=("blue", 2)), mover=BLUE)
    assert dests(state, "blue0") == ["r2c0", "r2c1", "r2c2"]


def test_gk5_orthogonal_moves_only_no_wrapping():
    state = position(dice(red0=("r0c0", 1)))
    assert dests(state, "red0") == ["r0c1", "r1c0", "red"]
    refused(state, "move red0 r1c1", "diagonal.*GK-5")
    refused(state, "move red0 r0c2", "edge.*GK-5")
    refused(state, "move red0 r2c0", "edge.*GK-5")
    state = position(dice(red0=("r1c1", 1)))
    assert dests(state, "red0") == ["r0c1", "r1c0", "r1c2", "r2c1"]
    state = position(dice(red0=("r0c1", 1)), options={"board": "advanced"}, cards=ADVANCED)
    refused(state, "move red0 r2c1", "not next to.*GK-5")
    refused(state, "move red0 r3c1", "edge.*GK-5")


def test_gk5_each_kind_of_wrong_step_is_named_for_what_it_is():
    """Diagonal, across the edge and too far are three different refusals."""
    state = position(dice(red0=("r0c0", 1)))
    refused(state, "move red0 r1c2", "r1c2 is not next to r0c0.*GK-5")   # one row, two columns
    refused(state, "move red0 r2c1", "not next to.*GK-5")                 # two rows, one column
    refused(state, "move red0 r0c0", "must leave r0c0.*GK-9")
    state = position(dice(red0=("r0c1", 1)))
    refused(state, "move red0 r1c2", "r0c1 to r1c2 is diagonal.*GK-5")
    state = position(dice(red0=("r1c1", 1)))
    refused(state, "move red0 r2c2", "diagonal.*GK-5")
    refused(state, "move red0 r0c0", "diagonal.*GK-5")


# ---- setup --------------------------------------------------------------------------------

def test_gk6_each_player_places_the_rolled_dice_on_two_of_three_spots():
    state = GAME.new(2, seed=4)
    first = state.current
    colour, other = ("red", "blue")[first], ("red", "blue")[1 - first]
    rolled = {d: value(state, d) for d in ("red0", "red1", "blue0", "blue1")}
    assert all(1 <= v <= 6 for v in rolled.values())
    assert state.phase == "place"
    assert state.legal_actions() == [f"place {colour}0 {colour}:{s}" for s in range(3)]
    refused(state, f"place {other}0 {other}:0", "own dice.*GK-6")
    refused(state, f"place {colour}0 {other}:0", "own faction card.*GK-6")
    refused(state, f"move {colour}0 r0c0", "GK-6")
    state.apply(f"place {colour}0 {colour}:2")
    assert state.legal_actions() == [f"place {colour}1 {colour}:0", f"place {colour}1 {colour}:1"]
    refused(state, f"place {colour}1 {colour}:2", f"{colour}:2 is taken.*GK-6")
    refused(state, f"place {colour}0 {colour}:1", f"{colour}0 is already placed.*GK-6")
    refused(state, f"place {colour}1", "place a die like.*GK-6")
    refused(state, f"place {colour}1 {colour}:3", "three entry spots.*GK-4")
    state.apply(f"place {colour}1 {colour}:1")
    refused(state.clone(), f"place {other}1 {other}:1", "place .*0 first")
    state = GAME.new(2, seed=4)
    state.apply(f"place {colour}0 {colour}:1")
    refused(state, f"place {colour}1 {colour}:1", f"{colour}:1 is taken.*GK-6")
    state.apply(f"place {colour}1 {colour}:2")
    state = GAME.new(2, seed=4)
    state.apply(f"place {colour}0 {colour}:2")
    state.apply(f"place {colour}1 {colour}:0")
    assert state.current == 1 - first and state.phase == "place"
    state.apply(f"place {other}0 {other}:1")
    state.apply(f"place {other}1 {other}:2")
    assert state.phase in ("move", "flick") and state.current == first and state.turn == 1
    view = state.view(None)
    assert view["dice"][f"{colour}0"]["at"] == f"{colour}:2"
    assert view["dice"][f"{other}1"]["at"] == f"{other}:2"
    assert {d: value(state, d) for d in rolled} == rolled     # they show what they rolled


def test_gk7_first_player_at_random_by_the_seed():
    firsts = {GAME.new(2, seed=s).view(None)["first"] for s in range(20)}
    assert firsts == {0, 1}
    assert GAME.new(2, seed=9).view(None)["first"] == GAME.new(2, seed=9).view(None)["first"]
    state = through_setup(GAME.new(2, seed=9))
    assert state.current == state.view(None)["first"]


# ---- a turn -------------------------------------------------------------------------------

def test_gk8_a_die_on_top_of_yours_must_be_flicked_first_with_plus_one():
    state = position(dice(red0=("r1c0", 2), blue0=("r1c0", 5)))   # blue0 on top of red0
    assert state.phase == "flick"
    assert all(isinstance(a, Flick) and a.die == "blue0" for a in state.legal_actions())
    assert dests(state, "blue0") == ["r0c0", "r1c1", "r2c0"]          # next to the stack
    refused(state, "move red1 r0c2", "flick.*GK-8")
    refused(state, "flick blue0 r0c1", "diagonal.*GK-5")
    state.apply("flick blue0 r0c0")
    assert at(state, "blue0") == "r0c0" and value(state, "blue0") == 6
    assert state.phase == "move" and state.current == RED
    assert "move red0 r0c0" in moves(state)        # red0 is free again


def test_gk8_only_a_die_on_your_die_is_flicked():
    # red0 on top of blue0: red's turn has no flick, blue's turn starts with one
    state = position(dice(blue0=("r1c0", 2), red0=("r1c0", 5)))
    assert state.phase == "move"
    refused(state, "flick red0 r0c0", "nothing to flick.*GK-8")
    state = position(dice(blue0=("r1c0", 2), red0=("r1c0", 5)), mover=BLUE)
    assert state.phase == "flick"


def test_gk8_both_covered_both_flicked_in_the_order_chosen():
    spots = dice(red0=("r0c0", 1), blue0=("r0c0", 2), red1=("r2c2", 1), blue1=("r2c2", 3))
    state = position(spots)
    assert {a.die for a in state.legal_actions()} == {"blue0", "blue1"}
    state.apply("flick blue1 r1c2")
    assert state.phase == "flick" and {a.die for a in state.legal_actions()} == {"blue0"}
    state.apply("flick blue0 r0c1")
    assert state.phase == "move"
    assert (value(state, "blue0"), value(state, "blue1")) == (3, 4)
    other = position(spots)
    other.apply("flick blue0 red")
    assert other.phase == "flick" and {a.die for a in other.legal_actions()} == {"blue1"}


def test_gk8_ruling_a_die_flicked_onto_your_other_die_stays_till_next_turn():
    state = position(dice(red0=("r0c0", 1), blue0=("r0c0", 2), red1=("r0c1", 1)))
    state.apply("flick blue0 r0c1")                 # now on top of red1
    assert state.phase == "move"
    assert state.view(None)["dice"]["red1"]["covered"]
    assert not [a for a in moves(state) if a.die == "red1"]
    state.apply("move red0 r1c0")
    state.apply("move blue1 r2c2")
    assert state.current == RED and state.phase == "flick"   # the flick comes next turn


def test_gk9_move_one_of_your_dice_with_plus_one():
    state = position(dice(red0=("r1c0", 3)))
    state.apply("move red0 r0c0")
    assert at(state, "red0") == "r0c0" and value(state, "red0") == 4
    assert state.current == BLUE and state.phase == "move"
    refused(state, "move red1 r0c1", "not your die.*GK-9")


def test_gk9_a_covered_die_cannot_move():
    # blue0 on red0 is flicked onto red1: red1 is covered now and cannot move
    state = position(dice(red0=("r0c0", 1), blue0=("r0c0", 2), red1=("r0c1", 1)))
    state.apply("flick blue0 r0c1")
    assert state.view(None)["dice"]["red1"]["covered"]
    assert [a.die for a in moves(state)] == ["red0"] * len(moves(state))
    refused(state, "move red1 r1c1", "red1 has blue0 on top of it.*GK-9")


@pytest.mark.parametrize("before,after", [(1, 2), (5, 6), (6, 1)])
def test_gk10_plus_one_and_six_becomes_one(before, after):
    state = position(dice(red0=("r1c0", before)))
    state.apply("move red0 r0c0")
    assert value(state, "red0") == after
    flick = position(dice(red0=("r1c0", 2), blue0=("r1c0", before)))
    flick.apply("flick blue0 r2c0")
    assert value(flick, "blue0") == after


def test_gk11_a_single_die_matching_its_card_wins_the_chip():
    state = position(dice(red0=("r0c1", 2)))         # +1 = 3, onto r0c2 (card 3)
    state.apply("move red0 r0c2")
    view = state.view(None)
    assert view["chips"] == [1, 0] and view["cells"][2]["chips"] == 0
    assert view["log"][-1]["do"] == "score" and view["log"][-1]["card"] == "3"


def test_gk11_a_stack_adding_up_wins_for_the_top_die():
    # card 7 at r2c1; blue1 (3) there, red0 (3) arrives: 3 + 4 = 7, red is on top
    state = position(dice(blue1=("r2c1", 3), red0=("r2c0", 3)))
    state.apply("move red0 r2c1")
    assert state.view(None)["chips"] == [1, 0]
    # the same sum with blue on top wins for blue
    state = position(dice(red1=("r2c1", 3), blue0=("r2c0", 3)), mover=BLUE)
    state.apply("move blue0 r2c1")
    assert state.view(None)["chips"] == [0, 1]


def test_gk11_no_match_no_chip_and_every_card_is_checked():
    state = position(dice(red0=("r0c1", 3)))
    state.apply("move red0 r0c2")                    # 4 on card 3
    assert state.view(None)["chips"] == [0, 0]
    # red's move uncovers blue's die, which alone matches card 4 at r1c0: blue wins it
    state = position(dice(blue0=("r1c0", 4), red0=("r1c0", 2)))
    state.apply("move red0 r0c0")
    assert state.view(None)["chips"] == [0, 1]
    # a flick's match counts once the move is made
    state = position(dice(red0=("r2c2", 1), blue0=("r2c2", 4)))   # blue0 on red0 at card 8
    state.apply("flick blue0 r1c2")                  # 5 on card 5: scored after the move
    assert state.view(None)["chips"] == [0, 0]
    state.apply("move red1 r0c2")
    assert state.view(None)["chips"][BLUE] == 1


def test_gk11_the_reroll_card_scores_nothing():
    state = position(dice(red0=("r0c1", 3), red1=("r1c0", 1)))
    state.apply("move red0 r1c1")
    state.apply("keep")
    assert state.view(None)["chips"] == [0, 0]


def test_gk12_turns_alternate_and_a_player_who_cannot_move_passes():
    state = position(dice())
    assert state.current == RED
    state.apply("move red0 r0c0")
    assert state.current == BLUE
    state.apply("move blue0 r2c0")
    assert state.current == RED and state.view(None)["turn"] == 7
    refused(state, "pass", "GK-12")
    # both red dice must leave through r0c0, which is full: red passes
    stuck = position({"red0": ("red:0", 1), "red1": ("red:0", 2), "blue0": ("r0c0", 3),
                      "blue1": ("r0c0", 4)})
    assert stuck.legal_actions() == ["pass"]
    stuck.apply("pass")
    assert stuck.current == BLUE and stuck.view(None)["log"][-1]["do"] == "pass"


def test_gk13_a_die_stacks_on_one_die_and_a_full_card_is_closed():
    state = position(dice(blue0=("r0c1", 1), red0=("r0c0", 1)))
    state.apply("move red0 r0c1")
    assert state.view(None)["cells"][1]["dice"] == ["blue0", "red0"]
    assert state.view(None)["dice"]["red0"]["level"] == 1
    assert state.view(None)["dice"]["blue0"]["covered"]
    full = position(dice(blue0=("r0c1", 1), blue1=("r0c1", 4), red0=("r0c0", 1)))
    assert "r0c1" not in dests(full, "red0")
    refused(full, "move red0 r0c1", "two dice.*GK-13")
    # a flick obeys the same limit (GK-18)
    flick = position(dice(red0=("r0c0", 1), blue0=("r0c0", 2), red1=("r0c1", 1), blue1=("r0c1", 3)))
    assert "r0c1" not in dests(flick, "blue0")


def test_gk14_reroll_card_holds_four_dice_never_stacked():
    state = position({"red0": ("r1c1", 1), "blue0": ("r1c1", 2), "blue1": ("r1c1", 3),
                      "red1": ("r0c1", 3)})
    assert not state.view(None)["dice"]["red0"]["covered"]
    assert "move red0 r0c1" in moves(state)           # no die on the re-roll card is pinned
    state.apply("move red1 r1c1")                     # all four dice there
    assert state.phase == "reroll" and state.legal_actions() == ["reroll", "keep"]
    state.apply("keep")
    view = state.view(None)
    assert value(state, "red1") == 4 and view["cells"][4]["dice"] == ["red0", "blue0", "blue1", "red1"]
    assert [d["level"] for d in view["dice"].values()] == [0, 0, 0, 0]
    assert not any(d["covered"] for d in view["dice"].values())
    assert state.phase == "move" and state.current == BLUE   # blue moves off it freely
    assert len(moves(state)) == 2 * 4


def test_gk14_reroll_after_a_move_is_optional():
    state = position(dice(red0=("r0c1", 3)))
    state.apply("move red0 r1c1")
    assert value(state, "red0") == 4                  # the +1 first
    assert state.view(None)["reroll"] == {"die": "red0", "forced": False}
    refused(state, "move red1 r0c0", "re-roll it or keep it.*GK-14")
    state.apply("reroll")
    assert state.current == BLUE and state.view(None)["log"][-1]["do"] == "reroll"
    assert state.sealed_at == len(state.actions)      # a roll cannot be taken back


def test_gk14_reroll_after_a_flick_is_compulsory_for_the_flicker():
    state = position(dice(red0=("r0c1", 1), blue0=("r0c1", 2)))
    state.apply("flick blue0 r1c1")
    assert state.phase == "reroll" and state.current == RED
    assert state.legal_actions() == ["reroll"]
    refused(state, "keep", "must re-roll.*GK-14")
    refused(state, "move red0 r0c0", "must re-roll.*GK-14")
    state.apply("reroll")
    assert state.phase == "move" and state.current == RED
    assert state.view(None)["log"][-1] == {"turn": 5, "seat": RED, "do": "reroll", "die": "blue0",
                                           "value": value(state, "blue0")}


def test_gk15_a_die_enters_either_faction_card_from_the_row_beside_it():
    state = position(dice(red0=("r0c2", 2), red1=("r2c0", 1), blue0=("red", 1)))
    assert "red" in dests(state, "red0") and "blue" in dests(state, "red1")
    refused(state, "move red0 blue", "row next to the blue faction card.*GK-15")
    state.apply("move red1 blue")
    assert at(state, "red1") == "blue" and value(state, "red1") == 2
    state.apply("move blue1 r2c2")
    state.apply("move red0 red")                      # a second die on red's card: no stacking
    view = state.view(None)
    assert view["dice"]["red0"]["at"] == "red" and view["dice"]["blue0"]["at"] == "red"
    assert view["dice"]["red0"]["level"] == view["dice"]["blue0"]["level"] == 0
    assert view["chips"] == [0, 0]                     # faction cards score nothing


def test_gk16_an_entered_die_leaves_through_any_spot_a_set_up_die_through_its_own():
    state = position(dice(red0=("red", 2), red1=("red:2", 5)))
    assert dests(state, "red0") == ["r0c0", "r0c1", "r0c2"]
    assert dests(state, "red1") == ["r0c2"]
    refused(state, "move red1 r0c0", "spot 2.*GK-16")
    refused(state, "move red0 r1c0", "row it faces.*GK-16")


def test_gk16_not_on_the_turn_it_entered():
    state = position(dice(red0=("r0c0", 1)), rescue=("R1",), chips=(0, 0))
    for i, chips in enumerate(state.chips_on):       # only cards 7+ carry chips: R1 moves twice
        if state.card[i] < 7:
            state.chips_on[i] = 0
    state.apply("move red0 red")
    assert state.phase == "move" and state.current == RED       # R1's second move
    assert state.view(None)["dice"]["red0"]["fresh"]
    assert not [a for a in moves(state) if a.die == "red0"]
    refused(state, "move red0 r0c1", "later turn.*GK-16")


def test_gk17_after_flicking_your_own_die_nothing_goes_on_top_of_it():
    # red1 on red0 at r1c0: red flicks its own red1 to r0c0; red0 may not follow onto it
    state = position(dice(red0=("r1c0", 1), red1=("r1c0", 2)))
    state.apply("flick red1 r0c0")
    assert state.view(None)["flicked_own"] == ["red1"]
    assert "r0c0" not in dests(state, "red0")
    refused(state, "move red0 r0c0", "flicked your own red1.*GK-17")
    # the flicked die itself may move, but not onto one of your own dice (Q&A)
    assert "move red1 r0c1" in moves(state)
    state = position(dice(red0=("r1c0", 1), red1=("r1c0", 2), blue0=("r0c1", 4)))
    state.apply("flick red1 r0c0")
    assert "move red1 r0c1" in moves(state)           # onto blue's die: fine
    state = position(dice(red0=("r1c0", 1), red1=("r1c0", 2), blue0=("r2c1", 4)))
    state.apply("flick red1 r2c0")
    assert "move red1 r2c1" in moves(state)
    state = position({"red0": ("r1c2", 1), "red1": ("r1c2", 2), "blue0": ("r2c0", 4),
                      "blue1": ("blue:2", 1)})
    state.apply("flick red1 r0c2")
    assert "r1c2" not in dests(state, "red1")          # back onto red0: refused
    refused(state, "move red1 r1c2", "may not go on top of your own die.*GK-17")


def test_gk17_a_flicked_opponent_die_may_be_stacked_on():
    state = position(dice(red0=("r1c0", 1), blue0=("r1c0", 2)))
    state.apply("flick blue0 r0c0")
    assert "move red0 r0c0" in moves(state)
    state.apply("move red0 r0c0")
    assert state.view(None)["cells"][0]["dice"] == ["blue0", "red0"]


def test_gk18_a_flicked_die_obeys_the_limits_of_a_move():
    # blue0 on red0 at r0c0: r0c1 is full, so blue0 goes to r1c0 or red's faction card
    state = position({"red0": ("r0c0", 1), "blue0": ("r0c0", 3), "blue1": ("r0c1", 1),
                      "red1": ("r0c1", 1)})
    assert dests(state, "blue0") == ["r1c0", "red"]
    refused(state, "flick blue0 r0c1", "two dice.*GK-13")
    refused(state, "flick blue0 r1c1", "diagonal.*GK-5")
    closed = position({"red0": ("r0c0", 1), "blue0": ("r0c0", 3), "blue1": ("r0c1", 1),
                       "red1": ("r0c1", 1)}, options={"arranged": "C3"})
    assert dests(closed, "blue0") == ["r1c0"]
    refused(closed, "flick blue0 red", "C3.*GK-24")


def test_gk18_a_flicked_die_with_nowhere_to_go_stays():
    # Four dice cannot close every card around a stack, so the position is made up:
    # r1c0 is filled with the same two dice as r0c1, and C3 closes red's faction card.
    state = position({"red0": ("r0c0", 1), "blue0": ("r0c0", 3), "blue1": ("r0c1", 1),
                      "red1": ("r0c1", 1)}, options={"arranged": "C3"})
    state.stack[3] = [DIE["blue1"], DIE["red1"]]
    state._start_flicks()
    assert state.phase == "move" and value(state, "blue0") == 3 and at(state, "blue0") == "r0c0"
    assert state.view(None)["dice"]["red0"]["covered"]
    assert [a.die for a in moves(state)] == ["red1"] * len(moves(state))


@pytest.mark.parametrize("board,target", [("basic", 4), ("advanced", 6)])
def test_gk19_first_to_the_target_wins_at_once(board, target):
    cards = BASIC if board == "basic" else ADVANCED
    state = position(dice(red0=("r0c1", 2)), options={"board": board}, cards=cards,
                     chips=(target - 1, target - 1))
    state.apply("move red0 r0c2")                     # 3 on card 3
    assert state.over and state.result() == {"scores": [target, target - 1], "winners": [RED]}
    assert state.view(None)["winners"] == [RED] and state.current is None
    refused(state, "move blue0 r2c0", "over")
    below = position(dice(red0=("r0c1", 2)), options={"board": board}, cards=cards,
                     chips=(target - 2, 0))
    below.apply("move red0 r0c2")
    assert not below.over


def test_gk19_ruling_both_reach_the_target_in_one_check_the_mover_wins():
    # red's move uncovers blue's matching die and matches its own card: both reach 4
    state = position({"blue0": ("r1c0", 4), "red0": ("r1c0", 1), "red1": ("red:2", 1),
                      "blue1": ("blue:2", 1)}, chips=(3, 3), cards=[2, 9, 3, 4, REROLL, 5, 6, 7, 8])
    state.apply("move red0 r0c0")                     # 2 on card 2 for red, 4 on card 4 for blue
    assert state.result() == {"scores": [4, 4], "winners": [RED]}


# ---- arranged rules -------------------------------------------------------------------------

def test_gk20_a1_nine_cards_and_no_reroll_card():
    view = GAME.new(2, seed=5, options={"board": "basic-A1"}).view(None)
    assert sorted(int(c["card"]) for c in view["cells"]) == list(range(1, 10))
    assert view["arranged"] == ["A1"] and view["target"] == 4


def test_gk21_a2_two_chips_on_seven_to_nine_and_five_to_win():
    for seed in range(5):
        view = GAME.new(2, seed=seed, options={"board": "basic-A2"}).view(None)
        assert view["target"] == 5
        for cell in view["cells"]:
            if cell["card"] != "reroll":
                assert cell["chips"] == (2 if int(cell["card"]) >= 7 else 1)
    # a match wins every chip on the card
    state = position(dice(blue1=("r2c1", 3), red0=("r2c0", 3)), options={"board": "basic-A2"})
    state.apply("move red0 r2c1")                     # card 7
    assert state.view(None)["chips"] == [2, 0]
    state = position(dice(blue1=("r2c1", 3), red0=("r2c0", 3)), options={"board": "basic-A2"},
                     chips=(3, 0))
    state.apply("move red0 r2c1")
    assert state.result() == {"scores": [5, 0], "winners": [RED]}


def test_gk22_c1_cards_face_down_until_a_die_arrives():
    state = through_setup(GAME.new(2, seed=6, options={"face_down": "on"}))
    view = state.view(None)
    assert [c["card"] for c in view["cells"]] == [None] * 4 + ["reroll"] + [None] * 4
    assert [c["chips"] for c in view["cells"]] == [None] * 4 + [0] + [None] * 4
    assert view == dict(state.view(0), seat=None) == dict(state.view(1), seat=None)
    mover = ("red", "blue")[state.current]
    row = "r0" if mover == "red" else "r2"
    action = next(a for a in moves(state) if a.to.startswith(row))
    cell = action.to
    index = state.geo.index[cell]
    state.apply(action)
    view = state.view(None)
    assert view["cells"][index]["card"] == str(state.card[index])
    assert any(e["do"] == "reveal" and e["cell"] == cell for e in view["log"])
    assert state.sealed_at == len(state.actions)      # what was seen cannot be unseen


def test_gk22_c1_a_flick_turns_a_card_up_too():
    state = position(dice(red0=("r1c0", 1), blue0=("r1c0", 2)), options={"face_down": "on"})
    state.up = [False] * 4 + [True] + [False] * 4
    state.up[3] = True
    state.apply("flick blue0 r0c0")
    assert state.view(None)["cells"][0]["card"] == "1"


def test_gk22_c1_sample_state_deals_the_face_down_cards_at_random():
    state = through_setup(GAME.new(2, seed=6, options={"face_down": "on"}))
    view = state.view(RED)
    layouts = set()
    for seed in range(30):
        world = sample_state(view, seed)
        assert world.view(RED) == view
        assert world.legal_actions() == state.legal_actions()
        layouts.add(tuple(world.card))
        assert sorted(c for c in world.card if c) == sorted(set(c for c in world.card if c))
    assert len(layouts) > 20


def test_gk23_c2_the_reroll_card_lies_anywhere():
    places = set()
    for seed in range(30):
        view = GAME.new(2, seed=seed, options={"arranged": "C2"}).view(None)
        cards = [c["card"] for c in view["cells"]]
        assert cards.count("reroll") == 1 and len(set(cards)) == 9
        places.add(cards.index("reroll"))
    assert len(places) >= 7
    adv = GAME.new(2, seed=3, options={"board": "advanced", "arranged": "C2"}).view(None)
    assert [c["card"] for c in adv["cells"]].count("reroll") == 1
    # with A1 (the centre card left out) C2 still shuffles the battle-backed re-roll card in
    a1 = GAME.new(2, seed=3, options={"board": "basic-A1", "arranged": "C2"}).view(None)
    assert [c["card"] for c in a1["cells"]].count("reroll") == 1
    # with C1 it lies face down among them
    hidden = GAME.new(2, seed=3, options={"face_down": "on", "arranged": "C2"}).view(None)
    assert [c["card"] for c in hidden["cells"]] == [None] * 9


def test_gk24_c3_no_die_enters_a_faction_card():
    state = position(dice(red0=("r0c0", 1), red1=("r2c1", 1)), options={"arranged": "C3"})
    assert "red" not in dests(state, "red0") and "blue" not in dests(state, "red1")
    refused(state, "move red0 red", "C3.*GK-24")
    # a die already on a faction card (setup) still leaves it
    assert dests(position(dice(), options={"arranged": "C3"}), "red0") == ["r0c0"]


def test_gk25_c4_once_a_game_take_a_chip_and_go_home():
    state = position(dice(red0=("r2c1", 1)), options={"arranged": "C4"}, chips=(1, 2))
    state.apply("move red0 blue")
    view = state.view(None)
    assert view["chips"] == [2, 1] and view["c4_used"] == [True, False]
    assert view["dice"]["red0"]["at"] == "red" and view["dice"]["red0"]["value"] == 2
    assert view["log"][-1]["do"] == "steal"
    # once only
    again = position(dice(red0=("r2c1", 1)), options={"arranged": "C4"}, chips=(1, 2))
    again.c4_used[RED] = True
    again.apply("move red0 blue")
    assert again.view(None)["chips"] == [1, 2] and at(again, "red0") == "blue"
    # nothing to take: the die just stays
    empty = position(dice(red0=("r2c1", 1)), options={"arranged": "C4"}, chips=(1, 0))
    empty.apply("move red0 blue")
    assert empty.view(None)["chips"] == [1, 0] and not empty.view(None)["c4_used"][RED]
    # without C4 nothing happens
    plain = position(dice(red0=("r2c1", 1)), chips=(1, 2))
    plain.apply("move red0 blue")
    assert plain.view(None)["chips"] == [1, 2]
    # a stolen chip can win
    win = position(dice(red0=("r2c1", 1)), options={"arranged": "C4"}, chips=(3, 2))
    win.apply("move red0 blue")
    assert win.result() == {"scores": [4, 1], "winners": [RED]}


def test_gk25_ruling_a_flick_into_the_other_faction_card_counts_too():
    # red1 on red0 beside blue's faction card: red flicks its own red1 in and steals
    state = position(dice(red0=("r2c1", 1), red1=("r2c1", 3)), options={"arranged": "C4"},
                     chips=(0, 1))
    state.apply("flick red1 blue")
    view = state.view(None)
    assert view["chips"] == [1, 0] and view["dice"]["red1"]["at"] == "red"
    assert view["dice"]["red1"]["fresh"]             # home this turn: it leaves on a later one


def test_gk16_a_die_flicked_onto_a_faction_card_leaves_on_its_owners_next_turn():
    state = position(dice(red0=("r0c1", 1), blue0=("r0c1", 4)))
    state.apply("flick blue0 red")
    assert at(state, "blue0") == "red"
    state.apply("move red0 r1c1")
    state.apply("keep")
    assert state.current == BLUE
    assert dests(state, "blue0") == ["r0c0", "r0c1", "r0c2"]


# ---- rescue rules ----------------------------------------------------------------------------

def repeating():
    """A position that will come up again: each die shuttles between two cards
    and its value cycles through six faces, so a cycle is 12 turns long."""
    return position(dice(red0=("r1c0", 1), blue0=("r1c2", 1)), chips=(0, 0),
                    cards=[9, 9, 9, 9, REROLL, 9, 9, 9, 9])


def cycle(state, turns):
    plan = {RED: ["move red0 r0c0", "move red0 r1c0"], BLUE: ["move blue0 r0c2", "move blue0 r1c2"]}
    step = {RED: 0, BLUE: 0}
    for _ in range(turns):
        if state.phase != "move":
            return
        seat = state.current
        state.apply(plan[seat][step[seat] % 2])
        step[seat] += 1


def test_gk26_a_third_repetition_offers_the_rescue_rules():
    state = repeating()
    cycle(state, 24)                                  # the start position came twice more
    assert state.phase == "offer" and state.current == RED
    view = state.view(None)
    assert view["repeats"] == 3
    assert view["offer"] == {"rule": None, "by": RED, "asked": [], "why": "repeat"}
    assert state.legal_actions() == ["propose R1", "propose R2", "propose R3", "decline"]
    refused(state, "move red0 r0c0", "third time.*GK-26")
    state.apply("propose R2")
    assert state.phase == "answer" and state.current == BLUE
    assert state.legal_actions() == ["accept", "refuse"]
    refused(state, "move blue0 r0c2", "accept or refuse.*GK-26")
    state.apply("accept")
    assert state.view(None)["rescue"] == ["R2"]
    assert state.phase == "move" and state.current == RED and "roll red0" in state.legal_actions()
    assert state.view(None)["seen"] == {state.position_key(): 1}   # counting starts again


def test_gk26_both_players_are_offered_in_turn():
    state = repeating()
    cycle(state, 24)
    state.apply("decline")
    assert state.phase == "offer" and state.current == BLUE      # blue may propose now
    state.apply("propose R3")
    assert state.current == RED and state.legal_actions() == ["accept", "refuse"]
    state.apply("refuse")
    assert state.phase == "move" and state.current == RED and state.view(None)["rescue"] == []
    # a refused proposal passes the offer on
    state = repeating()
    cycle(state, 24)
    state.apply("propose R1")
    state.apply("refuse")
    assert state.phase == "offer" and state.current == BLUE
    assert "propose R1" in state.legal_actions()
    state.apply("decline")
    assert state.phase == "move" and state.current == RED


def test_gk26_the_offer_replays_and_rules_in_force_are_not_offered_again():
    state = repeating()
    cycle(state, 24)
    state.apply("propose R1")
    state.apply("accept")
    record = state.record()
    assert record["actions"][-2:] == ["propose R1", "accept"]
    state.rescue = {"R1", "R2"}
    state.phase = "offer"
    state.to_act = RED
    state.offer = {"rule": None, "by": RED, "asked": [], "why": "repeat"}
    assert state.legal_actions() == ["propose R3", "decline"]
    refused(state, "propose R1", "already in force.*GK-26")


def test_gk26_ruling_a_long_stretch_without_chips_also_offers_them():
    state = position(dice(red0=("r1c0", 1), blue0=("r1c2", 1)))
    state.quiet = rules.QUIET_TURNS - 1
    state.apply("move red0 r0c0")
    assert state.phase == "move" and state.view(None)["quiet"] == rules.QUIET_TURNS
    state.apply("move blue0 r0c2")                     # one more turn without a chip
    assert state.phase == "offer" and state.view(None)["offer"]["why"] == "quiet"
    assert state.view(None)["repeats"] < 3
    state.apply("decline")
    state.apply("decline")
    assert state.phase == "move" and state.view(None)["quiet"] == 0   # and again later
    won = position(dice(red0=("r0c1", 2)))
    won.quiet = 10
    won.apply("move red0 r0c2")
    assert won.view(None)["quiet"] == 1                # a chip won: the count restarts


def test_gk26_no_offer_once_every_rescue_rule_is_in_force():
    state = repeating()
    state.rescue = {"R1", "R2", "R3"}
    cycle(state, 30)
    assert state.phase == "move" and state.view(None)["repeats"] >= 3


def set_up(options):
    """A new game past the setup (GK-6): both players' dice placed."""
    state = GAME.new(2, seed=3, options=options)
    while state.phase == "place":
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("choice,agreed", [("none", []), ("R1", ["R1"]), ("R2", ["R2"]),
                                           ("R3", ["R3"]), ("all", ["R1", "R2", "R3"])])
def test_gk26_rescue_rules_may_be_agreed_on_the_setup_screen_and_hold_from_the_first_turn(choice, agreed):
    state = set_up({"rescue": choice})
    assert state.view(None)["rescue"] == agreed
    legal = state.legal_actions()
    assert any(isinstance(a, Roll) for a in legal) == ("R2" in agreed)      # GK-28
    for _ in range(40):             # on until the mover has a die out on the battlefield
        view, colour = state.view(None), rules.COLOURS[state.current]
        if state.phase == "move" and any(view["dice"][f"{colour}{n}"]["at"][1:2].isdigit() for n in (0, 1)):
            break
        state.apply(next(a for a in state.legal_actions() if isinstance(a, (Move, Flick, Keep, Reroll))))
    else:
        raise AssertionError("no die left its faction card")
    assert any(isinstance(a, Return) for a in state.legal_actions()) == ("R3" in agreed)   # GK-29
    # the record carries the choice: a replay has the same rules in force
    assert registry.replay(state.record()).view(None)["rescue"] == agreed


def test_gk26_rules_agreed_at_setup_are_not_offered_again_when_stuck():
    state = repeating()
    state.rescue = set(rules.rules_from_options({"rescue": "R2"})[2])
    cycle(state, 24)
    assert state.phase == "offer" and state.legal_actions() == ["propose R1", "propose R3", "decline"]
    everything = repeating()
    everything.rescue = set(rules.rules_from_options({"rescue": "all"})[2])
    cycle(everything, 30)
    assert everything.phase == "move" and everything.view(None)["repeats"] >= 3


def test_gk26_no_rescue_option_leaves_the_view_as_before_the_option_existed():
    # a save's digest is of the view: games saved before this option still continue
    assert "rescue" not in GAME.new(2, seed=1).view(None)["options"]
    assert GAME.new(2, seed=1, options={"rescue": "R1"}).view(None)["options"]["rescue"] == "R1"
    old = {"game": "golden_key", "players": 2, "seed": 4, "actions": [],
           "options": {"board": "basic", "face_down": "off", "arranged": "none"}}
    assert registry.replay(old).view(None)["rescue"] == []


def test_gk27_r1_two_moves_once_only_high_cards_carry_chips():
    state = position(dice(red0=("r1c0", 1)), rescue=("R1",))
    assert not state.view(None)["double_move"]
    state.apply("move red0 r0c0")
    assert state.current == BLUE                      # low cards still carry chips: one move
    state = position(dice(red0=("r1c0", 1)), rescue=("R1",))
    for i in range(9):
        if state.card[i] < 7:
            state.chips_on[i] = 0
    assert state.view(None)["double_move"]
    state.apply("move red0 r0c0")
    assert state.current == RED and state.phase == "move" and "end" in state.legal_actions()
    state.apply("move red0 r0c1")                     # the same die again
    assert state.current == BLUE and value(state, "red0") == 3
    state = position(dice(red0=("r1c0", 1)), rescue=("R1",))
    for i in range(9):
        if state.card[i] < 7:
            state.chips_on[i] = 0
    state.apply("move red0 r0c0")
    state.apply("end")
    assert state.current == BLUE
    without = position(dice(red0=("r1c0", 1)))
    for i in range(9):
        if without.card[i] < 7:
            without.chips_on[i] = 0
    without.apply("move red0 r0c0")
    assert without.current == BLUE
    refused(position(dice()), "end", "R1.*GK-27")


def test_gk27_r1_a_face_down_card_counts_as_low():
    state = position(dice(red0=("r1c0", 1)), rescue=("R1",), options={"face_down": "on"})
    for i in range(9):
        if state.card[i] < 7:
            state.chips_on[i] = 0
    state.up[8] = False                               # card 8, but nobody knows
    assert not state.view(None)["double_move"]
    state.up[8] = True
    assert state.view(None)["double_move"]


def test_gk28_r2_reroll_a_die_where_it_stands_instead_of_moving():
    state = position(dice(red0=("r1c0", 1), blue0=("r1c0", 2)), rescue=("R2",))
    assert state.phase == "flick"                      # the flick comes first
    state.apply("flick blue0 r2c0")
    assert "roll red0" in state.legal_actions() and "roll red1" in state.legal_actions()
    refused(position(dice()), "roll red0", "R2 is not in force.*GK-28")
    covered = position(dice(red0=("r0c0", 1), blue0=("r0c0", 2), red1=("r0c1", 1)), rescue=("R2",))
    covered.apply("flick blue0 r0c1")                  # onto red1
    assert "roll red1" not in covered.legal_actions()
    refused(covered, "roll red1", "on top of it.*GK-9")
    for seed in range(40):                             # some roll of 4 on card 4 scores
        trial = position(dice(red0=("r1c0", 1), blue0=("r1c0", 2)), rescue=("R2",), seed=seed)
        trial.apply("flick blue0 r2c0")
        trial.rng.seed(seed)
        trial.apply("roll red0")
        assert at(trial, "red0") == "r1c0" and trial.current == BLUE
        if value(trial, "red0") == 4:
            assert trial.view(None)["chips"] == [1, 0]
            break
    else:
        pytest.fail("no seed rolled a 4")


def test_gk29_r3_return_a_die_home_with_plus_one_instead_of_moving():
    state = position(dice(red0=("r1c1", 3), red1=("red:1", 2)), rescue=("R3",))
    assert "return red0" in state.legal_actions() and "return red1" not in state.legal_actions()
    state.apply("return red0")
    view = state.view(None)
    assert view["dice"]["red0"]["at"] == "red" and view["dice"]["red0"]["value"] == 4
    assert state.current == BLUE
    refused(position(dice(red0=("r1c1", 3))), "return red0", "R3 is not in force.*GK-29")
    refused(state, "return blue0", "already on your faction card.*GK-29")   # blue0 is home
    # [ruling] a return is no entry from the battlefield: C3 does not forbid it
    closed = position(dice(red0=("r0c0", 3)), rescue=("R3",), options={"arranged": "C3"})
    closed.apply("return red0")
    assert at(closed, "red0") == "red"


# ---- options, bad input and the contract ---------------------------------------------------------

def test_options_cover_every_arranged_rule_and_every_combination_is_valid():
    assert GAME.options == {
        "board": (("basic", "basic-A1", "basic-A2", "advanced"), "basic"),
        "face_down": (("off", "on"), "off"),
        "arranged": (("none", "C2", "C3", "C4"), "none"),
        "rescue": (("none", "R1", "R2", "R3", "all"), "none"),
    }
    import itertools
    for values in itertools.product(*(choices for choices, _ in GAME.options.values())):
        options = dict(zip(GAME.options, values))
        state = GAME.new(2, seed=1, options=options)
        if options["rescue"] == "none":      # left out of the view (see rules.public_options)
            del options["rescue"]
        assert state.view(None)["options"] == options
    with pytest.raises(ValueError, match="basic board only"):
        rules.check_rules("advanced", ["A2"], [])


def test_bad_input_is_refused_in_words_and_changes_nothing():
    state = position(dice(red0=("r1c0", 1), blue0=("r0c0", 1), blue1=("r0c0", 2)))
    refused(state, 7, "short text")
    refused(state, "", "not allowed")
    refused(state, "move red0", "name a die")
    refused(state, "move red0 r9c9", "no card")
    refused(state, "move green0 r0c0", "name a die")
    refused(state, "move red0 r0c0", "two dice.*GK-13")
    refused(state, "move red0 r1c0", "must leave")
    refused(state, "reroll", "no die is waiting.*GK-14")
    refused(state, "propose R1", "not allowed")
    with pytest.raises(IllegalAction, match="blue's turn|red's turn"):
        state.apply("move red0 r2c0", seat=BLUE)


def test_sample_state_agrees_with_every_view_along_a_game():
    state = GAME.new(2, seed=8, options={"face_down": "on", "arranged": "C2"})
    chooser = random.Random(3)
    while not state.over:
        for seat in (None, RED, BLUE):
            view = state.view(seat)
            world = sample_state(view, chooser.randrange(100))
            assert world.view(seat) == view
            assert world.legal_actions() == state.legal_actions()
        state.apply(chooser.choice(state.legal_actions()))


def test_view_log_holds_this_turn_and_the_last_for_the_table():
    state = position(dice(red0=("r0c1", 2), blue0=("r1c0", 2)))
    state.apply("move red0 r0c2")                      # 3 on card 3: a chip
    log = state.view(None)["log"]
    assert [e["do"] for e in log] == ["move", "score"]
    assert log[0] == {"turn": 5, "seat": RED, "do": "move", "die": "red0", "from": "r0c1",
                      "to": "r0c2", "value": 3}
    assert log[1] == {"turn": 5, "seat": RED, "do": "score", "cell": "r0c2", "card": "3", "chips": 1}
    state.apply("move blue0 r2c0")                     # red's turn 7 starts: blue's turn 6 shows
    assert [(e["turn"], e["do"]) for e in state.view(None)["log"]] == [(6, "move")]
    state.apply("move red0 r0c1")
    assert [(e["turn"], e["do"]) for e in state.view(None)["log"]] == [(7, "move")]


def test_clone_is_independent():
    state = position(dice(red0=("r1c0", 1)))
    copy = state.clone()
    copy.apply("move red0 r0c0")
    assert at(state, "red0") == "r1c0" and state.current == RED
    assert at(copy, "red0") == "r0c0"


def test_undo_a_move_but_not_a_roll():
    state = through_setup(GAME.new(2, seed=12))
    seat = state.current
    action = next(a for a in moves(state) if a.to != "r1c1")
    state.apply(action)
    assert state.undo_depth(seat) == 1
    again = state.without_last(1)
    assert again.view(None) == through_setup(GAME.new(2, seed=12)).view(None)


def test_ruling_turn_limit_ends_the_game_more_chips_wins():
    state = position(dice(), chips=(2, 1), turn=TURN_LIMIT)
    state.apply("move red0 r0c0")
    assert state.over and state.result() == {"scores": [2, 1], "winners": [RED]}
    assert state.view(None)["ended_by_limit"]
    tie = position(dice(), chips=(1, 1), turn=TURN_LIMIT)
    tie.apply("move red0 r0c0")
    assert tie.result()["winners"] == [RED, BLUE]


# ---- computer players -----------------------------------------------------------------------------

def test_move_gain_counts_both_cards_a_move_touches():
    state = position(dice(blue0=("r1c0", 4), red0=("r1c0", 2)))
    assert move_gain(state, DIE["red0"], state.geo.index["r0c0"]) == -1   # uncovers blue's 4
    state = position(dice(red0=("r0c1", 2)))
    assert move_gain(state, DIE["red0"], state.geo.index["r0c2"]) == 1


def test_quick_bot_takes_a_chip_and_avoids_handing_one_over():
    state = position(dice(red0=("r0c1", 2)))
    assert QuickBot(1).choose(state.view(RED), state.legal_actions()) == "move red0 r0c2"
    # red0 on top of blue0 (4 on card 4): moving red0 away gives blue the chip
    state = position(dice(blue0=("r1c0", 4), red0=("r1c0", 2), red1=("r2c2", 1)))
    assert QuickBot(1).choose(state.view(RED), state.legal_actions()).die == "red1"


@pytest.mark.slow
@pytest.mark.parametrize("level", [QuickBot, lambda seed: StrongBot(seed, playouts=40)])
def test_bots_play_whole_games_with_every_option(level):
    for options in ({"board": "advanced", "face_down": "on", "arranged": "C3"},
                    {"board": "basic-A2", "arranged": "C4"}):
        state = GAME.new(2, seed=2, options=options)
        bots = [level(seed=1), QuickBot(seed=2)]
        assert state.play_out(bots).result()["winners"]


def test_bots_are_deterministic_for_a_seed():
    state = through_setup(GAME.new(2, seed=4))
    view, legal = state.view(state.current), state.legal_actions()
    assert StrongBot(3).choose(view, legal) == StrongBot(3).choose(view, legal)
    assert QuickBot(3).choose(view, legal) == QuickBot(3).choose(view, legal)


def test_strong_bot_takes_the_winning_chip():
    state = position(dice(red0=("r0c1", 2), blue0=("r2c0", 5)), chips=(3, 3))
    assert StrongBot(1).choose(state.view(RED), state.legal_actions()) == "move red0 r0c2"


def test_quick_beats_random():
    wins = 0
    for seed in range(6):
        state = GAME.new(2, seed=seed)
        bots = {seed % 2: QuickBot(seed), 1 - seed % 2: RandomBot(seed)}
        wins += (seed % 2) in state.play_out(bots).result()["winners"]
    assert wins >= 5


# ---- rarely reached branches (mutation testing, bench/MUTATION.md) ------------------

def test_gk19_ruling_both_reach_the_target_blue_moving_blue_wins():
    # the mirror of the ruling above with blue to move: blue's 6 on card 6 uncovers
    # red's 4 on card 4; both reach 4 in one check, and the mover (blue) wins
    state = position(dice(red0=("r1c0", 4), blue0=("r1c0", 5)), mover=BLUE, chips=(3, 3))
    state.apply("move blue0 r2c0")
    assert state.over and state.result() == {"scores": [4, 4], "winners": [BLUE]}
    assert state.view(None)["winners"] == [BLUE]


def test_gk14_two_dice_on_the_reroll_card_neither_covered_nor_flicked():
    # exactly two dice on the re-roll card (the most a battle card holds): no stack
    state = position(dice(red0=("r1c1", 3), blue0=("r1c1", 5)))
    view = state.view(None)
    assert not view["dice"]["red0"]["covered"] and view["dice"]["blue0"]["level"] == 0
    assert state.phase == "move" and state.view(None)["flicks"] == []
    assert "move red0 r0c1" in moves(state)
    # nor for the other player, whose die came first
    state = position(dice(blue0=("r1c1", 3), red0=("r1c1", 5)), mover=BLUE)
    assert state.phase == "move" and "move blue0 r2c1" in moves(state)


def test_gk17_a_die_may_join_your_flicked_die_on_the_reroll_card():
    # red flicks its own red1 onto the re-roll card; dice there are never stacked, so
    # red0 may follow it (GK-17 forbids only going on top of it)
    state = position(dice(red0=("r0c1", 1), red1=("r0c1", 2)))
    state.apply("flick red1 r1c1")
    state.apply("reroll")
    assert state.view(None)["flicked_own"] == ["red1"]
    assert "move red0 r1c1" in moves(state)
    state.apply("move red0 r1c1")
    assert state.view(None)["cells"][4]["dice"] == ["red1", "red0"]


# ---- refusals in the placement, word for word (GK-4, GK-6) ------------------------------

@pytest.mark.parametrize("seed", [4, 0])        # red places first, then blue first
def test_gk6_a_taken_entry_spot_is_refused_for_either_player_in_either_turn(seed):
    state = GAME.new(2, seed=seed)
    for _ in range(2):                           # the first player, then the second
        colour = ("red", "blue")[state.current]
        state.apply(f"place {colour}0 {colour}:1")
        refused(state, f"place {colour}1 {colour}:1", f"^{colour}:1 is taken: each die on its own entry spot \\(GK-6\\)$")
        refused(state, f"place {colour}1 {colour}:7",
                "^a faction card has three entry spots, 0 to 2 \\(GK-4\\)$")
        state.apply(f"place {colour}1 {colour}:0")
        if state.phase == "place":              # the other's spots are not this player's
            other = ("red", "blue")[state.current]
            refused(state, f"place {other}1 {other}:0", f"^place {other}0 first, then {other}1$")


def test_gk6_a_malformed_step_names_the_verb_it_was_given():
    state = position(dice(red0=("r0c0", 1)))
    refused(state, "move red0", "^name a die and where it goes, e.g. 'move red0 r1c1'$")
    refused(state, "move red7 r0c1", "e.g. 'move red0 r1c1'")
    state = position(dice(red0=("r1c0", 2), blue0=("r1c0", 5)))   # blue0 on top of red0: a flick first
    assert state.phase == "flick"
    refused(state, "flick blue0", "^name a die and where it goes, e.g. 'flick red0 r1c1'$")


def test_each_refused_step_says_what_stands_in_its_way_word_for_word():
    # a flick of a die that lies on none of the mover's dice
    state = position(dice(red0=("r1c0", 2), blue0=("r1c0", 5)))
    refused(state, "flick blue1 r0c0", r"^only the die on top of one of your dice is flicked now \(blue0\) \(GK-8\)$")
    both = position(dice(red0=("r1c0", 2), blue0=("r1c0", 5), red1=("r0c2", 3), blue1=("r0c2", 4)))
    refused(both, "flick red0 r0c0", r"flicked now \(blue0, blue1\) \(GK-8\)$")
    # a card that is not on the board, basic and advanced
    state = position(dice(red0=("r0c0", 1)))
    refused(state, "move red0 r9c9",
            r"^there is no card 'r9c9': cells are r0c0\.\.r2c2, faction cards red and blue$")
    advanced = position(dice(red0=("r0c1", 1)), options={"board": "advanced"}, cards=ADVANCED)
    refused(advanced, "move red0 r7c0", r"cells are r0c0\.\.r3c2, faction")
    # a die on a faction card leaves to the row that card faces, through its setup spot
    state = position(dice(red0=("red", 2)))
    refused(state, "move red0 r1c0", r"^a die on the red faction card goes to the row it faces \(GK-4, GK-16\)$")
    state = position(dice(red0=("blue", 2)))
    refused(state, "move red0 r0c0", r"^a die on the blue faction card goes to the row it faces \(GK-4, GK-16\)$")
    state = position(dice(red0=("red:1", 2)))
    refused(state, "move red0 r0c0", r"^red0 was placed at setup on spot 1: it leaves through that spot \(GK-16\)$")
    # through its own spot, onto a full card: the full card is what stands in the way
    state = position(dice(red0=("red:1", 2), blue0=("r0c1", 1), blue1=("r0c1", 3)))
    refused(state, "move red0 r0c1", r"^r0c1 already holds two dice: a full card cannot be entered \(GK-13\)$")
    # no faction card may be entered under C3
    closed = position({"red0": ("r0c0", 1), "blue0": ("r0c0", 3), "blue1": ("r0c1", 1),
                       "red1": ("r0c1", 1)}, options={"arranged": "C3"})
    refused(closed, "flick blue0 red", r"^no die may enter a faction card in this game \(C3, GK-24\)$")
    # not an action at all
    refused(state, 42, r"^an action is a short text such as 'move red0 r1c2'$")


# ---- the board's geometry, built anew (GK-4, GK-5) --------------------------------------

@pytest.mark.parametrize("rows", [3, 4])
def test_the_geometry_names_every_cell_and_links_only_orthogonal_neighbours(rows):
    from royaltable.games.golden_key.rules import COLS, FACTION, Geometry
    geo = Geometry(rows)
    assert geo.rows == rows and geo.cells == rows * COLS
    assert geo.names == [f"r{r}c{c}" for r in range(rows) for c in range(COLS)]
    assert all(geo.index[name] == i for i, name in enumerate(geo.names))
    assert geo.parse("red") == FACTION[0] and geo.parse("blue") == FACTION[1]
    assert geo.parse("r0c0") == 0 and geo.parse("r9c9") is None
    assert geo.place_name(FACTION[0]) == "red" and geo.place_name(FACTION[1]) == "blue"
    assert geo.place_name(COLS + 1) == "r1c1" and geo.place_name(0) == "r0c0"     # the first cell is a cell
    for i in range(geo.cells):
        r, c = divmod(i, COLS)
        expected = {(r + dr) * COLS + (c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                    if 0 <= r + dr < rows and 0 <= c + dc < COLS}
        assert geo.neighbours[i] == [n for n in geo.neighbours[i] if n in expected]
        assert set(geo.neighbours[i]) == expected           # no wrapping around an edge
    # Order matters to the tables and the bots: up, down, left, right.
    assert geo.neighbours[COLS + 1] == [1, 2 * COLS + 1, COLS, COLS + 2]
    last = rows - 1
    assert geo.faction_beside == [FACTION[0] if i < COLS else FACTION[1] if i // COLS == last else None
                                  for i in range(geo.cells)]
    assert geo.row_of_faction == {FACTION[0]: list(range(COLS)),
                                  FACTION[1]: [last * COLS + c for c in range(COLS)]}


# ---- records made before the actions were typed (issue 19) still replay ----------------
# Two records the rules made when actions were plain strings (every verb but
# "pass": a C1/C4 game with every rescue rule agreed, and a game where the rescue
# rules were proposed, accepted, refused and declined), with the digest of the
# final position then.
OLD_RECORDS = [
    ({'board': 'basic', 'face_down': 'on', 'arranged': 'C4', 'rescue': 'all'}, 8,
     "place red0 red:1,place red1 red:0,place blue0 blue:0,place blue1 blue:2,move red1 r0c0,"
     "roll blue1,move red1 red,move blue0 r2c0,move red1 r0c0,return blue0,move red0 r0c1,"
     "move blue0 r2c1,move red0 r0c2,move blue0 r2c0,move red1 r1c0,move blue0 r1c0,flick blue0 r2c0,"
     "return red0,move blue0 r1c0,flick blue0 r0c0,move red0 r0c1,move blue0 red,move red0 r1c1,keep,"
     "move blue0 r2c2,move red1 r2c0,roll blue1,move red1 blue,roll blue1,move red0 r2c1,roll blue1,"
     "move red0 blue,return blue0,move red1 r0c1,move blue0 r2c1,move red1 r1c1,keep,return blue0,"
     "move red1 r1c2,roll blue0,move red1 r1c1,keep,move blue0 r2c1,move red1 r1c0,move blue0 r2c2,"
     "move blue0 r2c1,roll red0,move blue0 r2c0,move blue1 r2c2,move red0 r2c1,move red1 r2c0,"
     "flick red1 r1c0,move blue1 blue,move blue0 blue,move red0 blue,end,move blue1 r2c1,"
     "move blue0 r2c2,move red0 r2c1,move red1 r1c1,reroll,flick red0 r2c0,move blue0 r1c2,"
     "move blue1 blue,move red0 r2c1,move red1 r1c0,move blue1 r2c0,move blue1 r2c1,flick blue1 r2c0,"
     "move red0 blue,move red1 r2c0,flick red1 r1c0,move blue0 r2c2,move blue1 r2c1,move red0 r2c1,"
     "end,flick red0 r2c0,move blue0 r1c2,move blue0 r0c2,move red1 r0c0,move red1 r0c1,"
     "move blue0 r1c2,move blue1 r2c0,flick blue1 r1c0,roll red1,roll blue1,return red0,return blue1,"
     "move red1 r0c2,move red0 r0c2,move blue0 r2c2,move blue1 r2c1,flick red0 r0c1,move red1 r1c2,"
     "move red1 r2c2,flick red1 blue,roll blue1,roll red0,move blue1 r1c1,keep,move blue1 r1c2,"
     "move red1 r2c2,move red1 r1c2,flick red1 r0c2,move blue0 r1c2,move blue0 r0c2,flick blue0 r1c2,"
     "roll red1,flick blue0 r2c2,move blue0 blue,move blue1 r0c2,flick blue1 red,move red0 r0c2",
     "e0b71beffc412815f8d9ddc1bcc881427075a44558d81f6dbde2651d80dbcfaf"),
    ({'board': 'basic', 'face_down': 'off', 'arranged': 'none', 'rescue': 'R2'}, 109,
     "place blue0 blue:1,place blue1 blue:0,place red0 red:1,place red1 red:2,move blue0 r2c1,"
     "move red0 r0c1,move blue0 r2c0,move red1 r0c2,move blue1 r2c0,move red1 r1c2,flick blue1 blue,"
     "roll blue1,move red0 r0c0,move blue1 r2c0,roll red1,flick blue1 blue,move blue0 blue,roll red0,"
     "move blue0 r2c2,move red1 r2c2,flick red1 blue,move blue1 r2c2,move red0 r1c0,flick blue1 blue,"
     "move blue0 r2c1,move red0 r0c0,move blue1 r2c1,move red1 r2c2,flick blue1 r2c0,move blue0 r2c2,"
     "flick blue0 blue,move red0 red,roll blue0,roll red1,move blue0 r2c2,flick blue0 r2c1,"
     "move red1 blue,move blue0 r2c2,move red0 r0c2,move blue0 r1c2,move red0 r1c2,flick red0 r2c2,"
     "roll blue0,roll red1,move blue0 r2c2,flick blue0 r2c1,move red1 r2c0,flick red1 r2c1,roll blue1,"
     "move red0 blue,flick red1 r1c1,reroll,roll blue0,move red1 r1c0,roll blue0,move red0 r2c0,"
     "flick red0 r1c0,roll blue0,flick red0 r0c0,move red1 r1c1,keep,move blue0 blue,move red1 r1c0,"
     "roll blue0,move red1 r0c0,move blue1 r2c1,flick red1 r0c1,move red0 r1c0,roll blue0,roll red1,"
     "move blue1 blue,move red1 r0c0,move blue1 r2c0,move red0 r2c0,flick red0 r2c1,move blue0 r2c1,"
     "flick blue0 r1c1,reroll,move red0 r1c1,keep,move blue1 r2c1,move red0 r1c0,move blue1 r2c0,"
     "move red0 r1c1,keep,move blue0 r1c0,move red1 r1c0,flick red1 r1c1,reroll,roll blue1,roll red0,"
     "roll blue1,move red1 r1c2,move blue1 r1c0,move red0 r2c1,decline,propose R3,refuse,"
     "flick blue1 r1c1,reroll,move blue0 r0c0,move red0 r2c0,move blue0 r1c0,move red1 r0c2,"
     "move blue0 r1c1,keep,roll red1,move blue0 r2c1,move red0 r2c1,flick red0 r2c0,move blue0 r1c1,"
     "keep,move red0 blue,move blue0 r2c1,move red0 r2c2,move blue0 r2c2,flick blue0 r1c2,"
     "move red0 blue,move blue0 r2c2,roll red1,move blue1 r1c2,move red0 r2c2,flick red0 r2c1,"
     "move blue0 r1c2,move red1 r0c1,flick blue0 r0c2,move blue0 red,move red0 r1c1,reroll,"
     "move blue1 r1c1,reroll,move red0 r1c0,move blue1 r1c2,move red1 r1c1,reroll,move blue1 r0c2,"
     "move red1 r2c1,move blue1 r1c2,move red1 r2c0,move blue1 r2c2,propose R3,accept,move red1 blue,"
     "move blue1 r1c2,move red1 r2c0,roll blue1,move red0 r2c0,move blue0 r0c0,flick red0 r1c0,"
     "roll red1,move blue1 r0c2,roll red0,move blue0 r0c1,move red0 r2c0,move blue0 r0c2,"
     "flick red0 r1c0,roll red0,flick blue0 red,roll blue1,return red1,return blue1,return red0,"
     "return blue0,move red0 r0c2,move blue0 r2c1,move red1 r0c2,roll blue0,flick red1 r0c1,"
     "move red0 r1c2,move blue0 r1c1,keep,roll red1,move blue0 r0c1,flick blue0 r1c1,reroll,roll red1,"
     "roll blue1,return red1,return blue0,move red1 r0c2,move blue0 r2c0,move red1 r0c1,"
     "move blue0 r1c0,return red1,move blue0 r0c0,move red0 r1c1,reroll,move blue1 r2c0,"
     "move red1 r0c1,return blue1,decline,propose R1,accept,return red1,roll blue1,move red0 r0c1,"
     "move red0 r1c1,keep,move blue0 r1c0,end,move red0 r1c2,end,return blue0,move red1 r0c1,"
     "move red1 r0c0,move blue0 r2c0,move blue0 blue,roll red0,move blue0 r2c0,move blue0 r1c0,"
     "move red1 red,end,move blue1 r2c1,move blue1 blue,move red0 r1c1,reroll,move red0 r1c0,"
     "flick red0 r1c1,reroll,move blue0 r2c0,end,move red1 r0c0,move red1 red,move blue0 r1c0,"
     "move blue1 r2c1,roll red1,return blue1,move red1 r0c0,move red1 r1c0,flick red1 r1c1,reroll,"
     "roll blue0,return red0,move blue1 r2c2,move blue1 r1c2,roll red1,move blue1 r2c2,"
     "move blue1 r1c2,move red1 r1c2",
     "3663d0c0dad496ead13c4b8689f0a8dc9b2bb29e43128a8fd50e91f6aad9e86c"),
]


@pytest.mark.parametrize("options, seed, actions, digest", OLD_RECORDS)
def test_records_made_before_typed_actions_replay_to_the_same_position(options, seed, actions, digest):
    import hashlib
    record = {"game": "golden_key", "options": options, "seed": seed, "players": 2,
              "actions": actions.split(",")}
    state = registry.replay(record)
    assert hashlib.sha256(json.dumps(state.view(None), sort_keys=True).encode()).hexdigest() == digest
    assert [str(a) for a in state.actions] == record["actions"]
    assert all(type(a) in GAME.actions.kinds for a in state.actions)


# ---- every refusal, word for word: key, text, what it names, rule (mutation testing) -------

NINES = [9, 9, 9, 9, REROLL, 9, 9, 9, 9]      # every card 7 or more: R1's two moves (GK-27)


def then(state, *actions):
    for action in actions:
        state.apply(action)
    return state


def offered(rule=None):
    state = position(dice(red0=("r0c0", 1)), rescue=("R1",))
    state.phase, state.to_act = "offer", RED
    state.offer = {"rule": None, "by": RED, "asked": [], "why": "repeat"}
    return then(state, "propose " + rule) if rule else state


GK_SITUATIONS = {
    "place": lambda: GAME.new(2, seed=3),                                    # blue places first
    "placed one": lambda: then(GAME.new(2, seed=3), "place blue0 blue:2"),
    "offer": offered,
    "answer": lambda: offered("R2"),
    "reroll": lambda: then(position(dice(red0=("r0c1", 3))), "move red0 r1c1"),
    "reroll forced": lambda: then(position(dice(red0=("r0c1", 1), blue0=("r0c1", 2))), "flick blue0 r1c1"),
    "flick": lambda: position(dice(red0=("r1c0", 2), blue0=("r1c0", 5))),
    "move": lambda: position(dice(red0=("r0c0", 1), red1=("r1c0", 2))),
    "move, R1 R2 R3": lambda: position(dice(red0=("r0c0", 1), red1=("red", 2)), rescue=("R1", "R2", "R3")),
    "second move": lambda: then(position(dice(red0=("r0c0", 1), red1=("r1c0", 2)), cards=NINES,
                                         rescue=("R1", "R2", "R3")), "move red1 r0c0"),
    "home again": lambda: then(position(dice(red0=("r0c0", 1), red1=("r1c0", 2)), cards=NINES,
                                        rescue=("R1",)), "move red0 red"),
    "flicked onto red1": lambda: then(position(dice(red0=("r0c0", 1), blue0=("r0c0", 3), red1=("r0c1", 2)),
                                               rescue=("R2",)), "flick blue0 r0c1"),
    "flicked own red1": lambda: then(position(dice(red0=("r0c0", 1), red1=("r0c0", 2))), "flick red1 r0c1"),
    "advanced": lambda: position(dice(red0=("r0c0", 1)), options={"board": "advanced"}, cards=ADVANCED),
    "home": lambda: position(dice()),
    "full": lambda: position(dice(red0=("r0c0", 1), blue0=("r0c1", 1), blue1=("r0c1", 2))),
    "C3": lambda: position(dice(red0=("r0c0", 1)), options={"arranged": "C3"}),
    "two flicks": lambda: position(dice(red0=("r1c0", 2), blue0=("r1c0", 5), red1=("r1c2", 2), blue1=("r1c2", 3))),
    "flicked own red1 by blue": lambda: then(position(dice(red0=("r2c0", 1), red1=("r2c0", 2))), "flick red1 r2c1"),
}


def places(cell, card, to=None, to_card=None):
    out = {"at": cell, "at_card": card}
    if to is not None:
        out.update(to=to, to_card=to_card)
    return out


GK_REFUSALS = [
    ("place", 7, "not_text", "an action is a short text such as 'move red0 r1c2'", {}, None),
    ("place", "move red0 r0c0", "place_first", "first place your two rolled dice on your faction card's entry "
     "spots (GK-6)", {}, "GK-6"),
    ("place", "place red0", "place_how", "place a die like 'place blue0 blue:1' (GK-6)", {"colour": "blue"}, "GK-6"),
    ("place", "place red0 red:0", "place_own", "place your own dice (blue0, blue1) (GK-6)", {"colour": "blue"},
     "GK-6"),
    ("place", "place blue0 red:0", "place_own_card", "your dice start on the entry spots of your own faction card "
     "(blue:0..2) (GK-6)", {"colour": "blue"}, "GK-6"),
    ("place", "place blue0 blue:3", "no_such_spot", "a faction card has three entry spots, 0 to 2 (GK-4)", {},
     "GK-4"),
    ("place", "place blue1 blue:0", "place_order", "place blue0 first, then blue1",
     {"colour": "blue", "die": "blue0", "die_value": 2}, None),
    ("placed one", "place blue0 blue:1", "already_placed", "blue0 is already placed (GK-6)",
     {"die": "blue0", "die_value": 2}, "GK-6"),
    ("placed one", "place blue1 blue:2", "spot_taken", "blue:2 is taken: each die on its own entry spot (GK-6)",
     {"spot": "blue:2"}, "GK-6"),
    ("offer", "propose R1", "rule_in_force", "rescue rule R1 is already in force (GK-26)", {"rescue": "R1"},
     "GK-26"),
    ("offer", "move red0 r0c1", "offer_pending", "this position has come up a third time: propose a rescue rule "
     "or decline (GK-26)", {}, "GK-26"),
    ("answer", "propose R1", "answer_pending", "accept or refuse rescue rule R2 (GK-26)", {"rescue": "R2"},
     "GK-26"),
    ("reroll", "move red1 r0c0", "reroll_pending", "red0 is on the re-roll card: re-roll it or keep it first "
     "(GK-14)", {"die": "red0", "die_value": 4}, "GK-14"),
    ("reroll forced", "keep", "reroll_forced", "blue0 was flicked onto the re-roll card: you must re-roll it "
     "first (GK-14)", {"die": "blue0", "die_value": 3}, "GK-14"),
    ("flick", "move red0 r0c0", "flick_first", "first flick the die on top of your die (blue0) to a card next "
     "to it (GK-8)", {"tops": "blue0"}, "GK-8"),
    ("flick", "flick red0 r0c0", "flick_only_tops", "only the die on top of one of your dice is flicked now "
     "(blue0) (GK-8)", {"tops": "blue0"}, "GK-8"),
    ("flick", "flick blue0", "go_how", "name a die and where it goes, e.g. 'flick red0 r1c1'",
     {"verb": "flick", "colour": "red"}, None),
    ("flick", "flick blue0 r2c2", "not_next", "r2c2 is not next to r1c0: a die moves one card at a time (GK-5)",
     places("r1c0", "4", "r2c2", "8"), "GK-5"),
    ("move", "flick red0 r0c1", "nothing_to_flick", "there is nothing to flick: only a die on top of one of "
     "yours is flicked, at the start of your turn (GK-8)", {}, "GK-8"),
    ("move", "reroll", "no_reroll", "no die is waiting on the re-roll card (GK-14)", {}, "GK-14"),
    ("move", "keep", "no_reroll", "no die is waiting on the re-roll card (GK-14)", {}, "GK-14"),
    ("move", "end", "end_not_allowed", "'end' stops after the first of two moves, which only R1 allows (GK-27)",
     {}, "GK-27"),
    ("move", "roll red0", "rescue_not_in_force", "rescue rule R2 is not in force (GK-28)", {"rescue": "R2"},
     "GK-28"),
    ("move", "return red0", "rescue_not_in_force", "rescue rule R3 is not in force (GK-29)", {"rescue": "R3"},
     "GK-29"),
    ("move", "pass", "no_pass", "you can move a die: passing is only for a player with no legal move (GK-12)",
     {}, "GK-12"),
    ("move", "move red0", "go_how", "name a die and where it goes, e.g. 'move red0 r1c1'",
     {"verb": "move", "colour": "red"}, None),
    ("move", "move blue0 r2c0", "not_your_die", "blue0 is not your die: move one of your own (GK-9)",
     {"die": "blue0", "die_value": 1}, "GK-9"),
    ("move", "move red0 r9c9", "no_such_card", "there is no card 'r9c9': cells are r0c0..r2c2, faction cards "
     "red and blue", {"name": "r9c9", "last": 2}, None),
    ("move", "move red0 r0c0", "must_leave", "a die must leave r0c0: it moves to another card (GK-9)",
     places("r0c0", "1", "r0c0", "1"), "GK-9"),
    ("move", "move red0 r1c1", "diagonal", "r0c0 to r1c1 is diagonal: dice move up, down, left or right only "
     "(GK-5)", places("r0c0", "1", "r1c1", "reroll"), "GK-5"),
    ("move", "move red0 r0c2", "no_wrap", "r0c0 to r0c2 would cross the edge of the grid: no wrapping round "
     "(GK-5)", places("r0c0", "1", "r0c2", "3"), "GK-5"),
    ("move", "move red0 r2c0", "no_wrap", "r0c0 to r2c0 would cross the edge of the grid: no wrapping round "
     "(GK-5)", places("r0c0", "1", "r2c0", "6"), "GK-5"),
    ("move", "move red0 r1c2", "not_next", "r1c2 is not next to r0c0: a die moves one card at a time (GK-5)",
     places("r0c0", "1", "r1c2", "5"), "GK-5"),
    ("move", "move red0 blue", "faction_far", "only a die on the row next to the blue faction card can go onto "
     "it (GK-15)", {"to": "blue", "to_card": None}, "GK-15"),
    ("move", "fly", "not_now", "'fly' is not allowed now; allowed: move red0 r1c0, move red0 r0c1, "
     "move red0 red, move red1 r0c0, move red1 r2c0, move red1 r1c1",
     {"action": "fly", "allowed": "move red0 r1c0, move red0 r0c1, move red0 red, move red1 r0c0, "
      "move red1 r2c0, move red1 r1c1"}, None),
    ("move, R1 R2 R3", "roll blue0", "own_die", "name one of your own dice", {}, None),
    ("move, R1 R2 R3", "roll", "own_die", "name one of your own dice", {}, None),
    ("move, R1 R2 R3", "return red1", "already_home", "red1 is already on your faction card (GK-29)",
     {"die": "red1", "die_value": 2}, "GK-29"),
    ("second move", "move red0 r0c1", "covered", "red0 has red1 on top of it: a covered die cannot move (GK-9)",
     {"die": "red0", "die_value": 1, "top": "red1", "top_value": 3}, "GK-9"),
    ("second move", "roll red1", "rescue_not_second", "R2 replaces the turn's move, not a second move (GK-28)",
     {"rescue": "R2"}, "GK-28"),
    ("second move", "return red1", "rescue_not_second", "R3 replaces the turn's move, not a second move (GK-29)",
     {"rescue": "R3"}, "GK-29"),
    ("home again", "move red0 r0c0", "fresh", "red0 reached the faction card this turn: it leaves on a later "
     "turn (GK-16)", {"die": "red0", "die_value": 2}, "GK-16"),
    ("flicked onto red1", "roll red1", "rescue_covered", "red1 has a die on top of it (GK-9)",
     {"die": "red1", "die_value": 2}, "GK-9"),
    ("flicked onto red1", "move red1 r1c1", "covered", "red1 has blue0 on top of it: a covered die cannot move "
     "(GK-9)", {"die": "red1", "die_value": 2, "top": "blue0", "top_value": 4}, "GK-9"),
    ("flicked own red1", "move red0 r0c1", "on_flicked", "you flicked your own red1 this turn: no die may go on "
     "top of it (GK-17)", {"under": "red1", "under_value": 3}, "GK-17"),
    ("flicked own red1", "move red1 r0c0", "flicked_on_own", "you flicked red1 this turn: it may not go on top "
     "of your own die (GK-17)", {"die": "red1", "die_value": 3}, "GK-17"),
    ("advanced", "move red0 r2c0", "not_next", "r2c0 is not next to r0c0: a die moves one card at a time (GK-5)",
     places("r0c0", "1", "r2c0", "7"), "GK-5"),
    ("advanced", "move red0 r9c9", "no_such_card", "there is no card 'r9c9': cells are r0c0..r3c2, faction "
     "cards red and blue", {"name": "r9c9", "last": 3}, None),
    ("full", "move red0 r0c1", "card_full", "r0c1 already holds two dice: a full card cannot be entered (GK-13)",
     {"to": "r0c1", "to_card": "2"}, "GK-13"),
    ("move, R1 R2 R3", "move red1 r1c0", "faction_row", "a die on the red faction card goes to the row it faces "
     "(GK-4, GK-16)", {"at": "red", "at_card": None, "die": "red1", "die_value": 2}, "GK-4, GK-16"),
    ("home", "move red0 r0c1", "own_spot", "red0 was placed at setup on spot 0: it leaves through that spot "
     "(GK-16)", {"spot": 0, "die": "red0", "die_value": 1}, "GK-16"),
    ("C3", "move red0 red", "c3_closed", "no die may enter a faction card in this game (C3, GK-24)", {},
     "C3, GK-24"),
    ("two flicks", "move red0 r0c0", "flick_first", "first flick the die on top of your die (blue0, blue1) to a "
     "card next to it (GK-8)", {"tops": "blue0, blue1"}, "GK-8"),
    # a step the rules allow, written with a space too many: refused for the text, named as read
    ("move", "move red1  r0c0", "go_not_now", "move red1 r0c0 is not allowed now",
     {"verb": "move", "die": "red1", "die_value": 2, "to": "r0c0", "to_card": "1"}, None),
    ("flick", "flick blue0 r0c0 ", "go_not_now", "flick blue0 r0c0 is not allowed now",
     {"verb": "flick", "die": "blue0", "die_value": 5, "to": "r0c0", "to_card": "1"}, None),
    ("flicked own red1", "move red1  red", "go_not_now", "move red1 red is not allowed now",
     {"verb": "move", "die": "red1", "die_value": 3, "to": "red", "to_card": None}, None),
    ("flicked own red1 by blue", "move red1\tblue", "go_not_now", "move red1 blue is not allowed now",
     {"verb": "move", "die": "red1", "die_value": 3, "to": "blue", "to_card": None}, None),
]


@pytest.mark.parametrize("situation,action,key,text,params,rule", GK_REFUSALS,
                         # (a tab in a test's id is one mutmut's pytest cannot find again)
                         ids=[f"{case[0]}-{case[1]}".replace("\t", "(tab)") for case in GK_REFUSALS])
def test_every_refusal_says_its_key_words_rule_and_what_it_names(situation, action, key, text, params, rule):
    state = GK_SITUATIONS[situation]()
    before = snapshot(state)
    assert said(state, action) == (key, text, params, rule)
    assert snapshot(state) == before


def test_a_refusal_names_a_face_down_card_as_unknown():
    state = position(dice(red0=("r0c0", 1)))
    state.up[4] = False                           # r1c1, face down (GK-22)
    with pytest.raises(IllegalAction) as err:
        state.apply("move red0 r1c1")
    assert err.value.refusal.params == {"at": "r0c0", "at_card": "1", "to": "r1c1", "to_card": None}


def test_who_may_act_now_is_said_word_for_word():
    assert said(offered(), "decline", BLUE) == (
        "proposing", "red may propose a rescue rule now (GK-26)",
        {"colour": "red", "turn": RED, "seat": BLUE}, "GK-26")
    assert said(offered("R2"), "accept", RED) == (
        "answering", "blue is answering the proposal of rescue rule R2 (GK-26)",
        {"rescue": "R2", "colour": "blue", "turn": BLUE, "seat": RED}, "GK-26")
    assert said(GK_SITUATIONS["move"](), "move red0 r0c1", BLUE) == (
        "out_of_turn", "it is red's turn, not blue's (GK-12)",
        {"other": "blue", "colour": "red", "turn": RED, "seat": BLUE}, "GK-12")


# ---- tier-1 survivors of 2026-12-02 (mutation testing) ---------------------------------------

def test_check_rules_names_each_contradiction_word_for_word():
    cases = [
        (("huge", [], []), "golden_key: board must be one of basic, advanced, not 'huge'"),
        (("basic", ["Z9"], []), "golden_key: unknown arranged rule 'Z9'"),
        (("basic", [], ["R9"]), "golden_key: unknown rescue rule 'R9'"),
        (("advanced", ["A1"], []),
         "golden_key: the arranged rules A1 and A2 are for the basic board only (GK-20, GK-21)"),
        (("advanced", ["C1", "A2"], []),
         "golden_key: the arranged rules A1 and A2 are for the basic board only (GK-20, GK-21)"),
    ]
    for args, words in cases:
        with pytest.raises(ValueError) as err:
            rules.check_rules(*args)
        assert str(err.value) == words
    rules.check_rules("advanced", ["C1", "C4"], ["R1"])           # nothing to refuse
    rules.check_rules("basic", ["A1", "C1"], [])


def test_rules_from_options_reads_missing_options_as_the_defaults_and_rescue_rules_given_as_a_list():
    assert rules.rules_from_options({}) == ("basic", [], [])     # a record from before the options
    assert rules.rules_from_options({"board": "basic-A2", "face_down": "on", "arranged": "C2",
                                     "rescue": "all"}) == ("basic", ["A2", "C1", "C2"], ["R1", "R2", "R3"])
    assert rules.rules_from_options({"face_down": "off", "rescue": ["R3", "R1"]}) == ("basic", [], ["R3", "R1"])
    assert rules.rules_from_options({"rescue": ("R2",)}) == ("basic", [], ["R2"])


def test_a_new_game_starts_with_nothing_done_counted_or_won():
    state = GAME.new(2, seed=3)
    view = state.view(None)
    assert view["phase"] == "place" and view["turn"] == 0
    assert (view["moves_done"], view["repeats"], view["quiet"], view["winners"]) == (0, 0, 0, None)
    assert (view["reroll"], view["offer"], view["log"], view["seen"], view["flicks"]) == (None, None, [], {}, [])
    through_setup(state)
    view = state.view(None)
    assert (view["phase"], view["turn"], view["moves_done"], view["repeats"], view["quiet"],
            view["winners"]) == ("move", 1, 0, 1, 1, None)


def _fields(state, kinds):
    return {name: getattr(state, name) for name, kind in rules.GoldenKeyState.FIELDS.items() if kind in kinds}


@pytest.mark.parametrize("options", [{}, {"board": "advanced", "arranged": "C4", "rescue": "R2"},
                                     {"face_down": "on", "arranged": "C2"}])
def test_the_world_sampled_at_the_start_is_the_state_in_every_field_but_the_hidden_cards(options):
    # Before any die has moved, every field the view shows is rebuilt exactly: the
    # same values, the same per-die lists, no step pending (only the cards dealt
    # face down under C1, and the future rolls, may differ).
    kinds = (rules.PUBLIC, rules.DERIVED) + (() if options.get("face_down") == "on" else (rules.HIDDEN,))
    state = GAME.new(2, seed=5, options=options)
    for _ in range(3):                                 # during setup, then once every die is placed
        world = sample_state(state.view(None), 77)
        assert _fields(world, kinds) == _fields(state, kinds)
        assert world.view(None) == state.view(None)
        assert world.record() == {"game": "golden_key", "options": state.options, "seed": 77, "players": 2,
                                  "actions": []}
        while state.phase == "place":
            state.apply(state.legal_actions()[0])


def test_sampled_worlds_are_fixed_by_their_seed_and_deal_only_the_cards_not_seen():
    state = through_setup(GAME.new(2, seed=8, options={"face_down": "on"}))
    view = state.view(None)
    hidden = [i for i, c in enumerate(view["cells"]) if c["card"] is None]
    assert len(hidden) == 8                            # the re-roll card lies face up in the centre
    a, b = sample_state(view, 11), sample_state(view, 11)
    assert a.card == b.card
    assert [a.rng.randint(1, 6) for _ in range(30)] == [b.rng.randint(1, 6) for _ in range(30)]
    for seed in range(12):
        world = sample_state(view, seed)
        assert sorted(world.card[i] for i in hidden) in ([c for c in range(1, 10) if c != left]
                                                         for left in range(1, 10))
        assert all(world.chips_on[i] == 1 and world.up[i] is False for i in hidden)
    # a face-down card a die reaches shows its chips, and they can be won
    a2 = through_setup(GAME.new(2, seed=8, options={"face_down": "on", "board": "basic-A2"}))
    world = sample_state(a2.view(None), 3)
    assert all(world.chips_on[i] == chips_for(world.card[i], {"A2"}) for i in range(9))
    for move in moves(world):
        after = world.clone()
        after.apply(move)
        cell = next(c for c in after.view(None)["cells"] if c["cell"] == move.to)
        won = sum(after.chips) - sum(world.chips)
        assert cell["chips"] + won == chips_for(int(cell["card"]), {"A2"})


def test_the_world_sampled_from_a_finished_game_shows_its_winner():
    state = position(dice(red0=("r0c1", 2)), chips=(3, 1))
    state.apply("move red0 r0c2")                      # 3 on card 3: red's fourth chip
    view = state.view(None)
    assert view["winners"] == [RED]
    world = sample_state(view, 4)
    assert world.view(None) == view and world.result() == state.result()


def test_clone_copies_every_field_shares_nothing_mutable_and_plays_on_the_same():
    finished = position(dice(red0=("r0c1", 2)), chips=(3, 1))
    finished.apply("move red0 r0c2")
    refused_once = then(offered("R2"), "refuse")       # blue asked, red has asked already
    for state in (offered(), offered("R2"), refused_once, finished,
                  then(position(dice(red0=("r0c1", 3))), "move red0 r1c1")):
        copy = state.clone()
        every = (rules.PUBLIC, rules.DERIVED, rules.HIDDEN)
        assert _fields(copy, every) == _fields(state, every)
        for name in rules.GoldenKeyState.FIELDS:
            value = getattr(state, name)
            if isinstance(value, (list, dict, set)):
                assert getattr(copy, name) is not value, name
        if state.offer is not None:
            assert copy.offer["asked"] is not state.offer["asked"]
        if state.winners is not None:
            assert copy.result() == state.result() == {"scores": [4, 1], "winners": [RED]}
            continue
        before = snapshot(state)
        while copy.phase in ("offer", "answer", "reroll"):   # decline, refuse, keep
            copy.apply(copy.legal_actions()[-1])
        copy.apply(copy.legal_actions()[0])
        assert snapshot(state) == before
        for action in copy.actions[len(state.actions):]:
            state.apply(action)
        assert snapshot(state) == snapshot(copy)
    # the offer answered in the clone stays open in the original
    state = offered("R2")
    copy = state.clone()
    copy.apply("refuse")
    assert state.view(None)["offer"] == {"rule": "R2", "by": RED, "asked": [], "why": "repeat"}
    assert copy.view(None)["offer"] == {"rule": None, "by": BLUE, "asked": [RED], "why": "repeat"}


def test_a_position_key_names_the_mover_and_each_die_and_nothing_else():
    # The keys are in the view ("seen") and a save's digest is of the view: their text is fixed.
    #   a place: a..l for the cells in reading order, R / B for red's / blue's faction card;
    #   then the level on the card, the value, the setup spot or "-"; red's dice, then blue's.
    state = position(dice(red0=("red:1", 3), red1=("r1c0", 2), blue0=("r1c0", 5), blue1=("blue", 4)))
    assert state.position_key() == "0R031d02-/B04-d15-"
    assert position(dice(red0=("r0c0", 6), blue0=("r0c0", 1), blue1=("r3c2", 2), red1=("red", 1)),
                    options={"board": "advanced"}, cards=ADVANCED, mover=BLUE).position_key() == \
        "1R01-a06-/a11-l02-"

    def key(mover=RED, **places):
        return position(dice(**places), mover=mover).position_key()

    # dice of one colour are alike; chips, turn and cards are not part of it
    assert key(red0=("r0c1", 2), red1=("r1c0", 3), blue0=("r2c0", 4), blue1=("r2c2", 5)) == \
        key(red1=("r0c1", 2), red0=("r1c0", 3), blue1=("r2c0", 4), blue0=("r2c2", 5))
    assert position(dice(red0=("r0c1", 2)), chips=(1, 2), turn=9).position_key() == key(red0=("r0c1", 2))
    # anything else that differs makes another key
    different = [
        (dict(red0=("r0c0", 2)), dict(red0=("blue", 2))),                   # the first cell, a faction card
        (dict(red0=("r0c1", 2)), dict(red0=("blue", 2))),
        (dict(red0=("red", 2)), dict(red0=("blue", 2))),                    # the two faction cards
        (dict(red0=("r0c0", 2)), dict(red0=("r0c1", 2))),
        (dict(red0=("red:0", 2)), dict(red0=("red:1", 2))),                 # setup spots
        (dict(red0=("red:1", 2)), dict(red0=("red", 2))),
        (dict(red0=("r0c0", 2), blue0=("r0c0", 2)), dict(blue0=("r0c0", 2), red0=("r0c0", 2))),   # who is on top
        (dict(red0=("r1c0", 2), blue0=("r1c0", 2)), dict(blue0=("r1c0", 2), red0=("r1c0", 2))),
        (dict(blue0=("r2c0", 2)), dict(blue0=("r2c1", 2))),
        (dict(blue1=("r2c0", 2)), dict(blue1=("r2c1", 2))),
        (dict(red0=("r0c0", 2)), dict(red0=("r0c0", 3))),                   # a value
    ]
    for one, other in different:
        assert key(**one) != key(**other), (one, other)
    assert key() != key(mover=BLUE)


def test_each_event_is_logged_with_its_die_places_and_values():
    def logged(state):
        return state.view(None)["log"]

    # setup, and a die leaving its setup spot
    state = then(GAME.new(2, seed=3), "place blue0 blue:2")
    assert logged(state) == [{"turn": 0, "seat": BLUE, "do": "place", "die": "blue0", "to": "blue:2"}]
    state = then(position(dice()), "move red0 r0c0")
    assert logged(state) == [{"turn": 5, "seat": RED, "do": "move", "die": "red0", "from": "red:0", "to": "r0c0",
                              "value": 2}]
    # R2 and R3
    state = then(position(dice(red0=("r0c0", 1)), rescue=("R2", "R3")), "roll red0")
    assert logged(state) == [{"turn": 5, "seat": RED, "do": "roll", "die": "red0", "value": value(state, "red0")}]
    state = then(position(dice(red0=("r0c0", 1)), rescue=("R2", "R3")), "return red0")
    assert logged(state) == [{"turn": 5, "seat": RED, "do": "return", "die": "red0", "from": "r0c0", "value": 2}]
    # keep, and R1's end
    state = then(position(dice(red0=("r0c1", 3)), cards=NINES, rescue=("R1",)), "move red0 r1c1", "keep")
    assert state.phase == "move" and state.view(None)["reroll"] is None and state.current == RED
    state.apply("end")
    assert logged(state) == [
        {"turn": 5, "seat": RED, "do": "move", "die": "red0", "from": "r0c1", "to": "r1c1", "value": 4},
        {"turn": 5, "seat": RED, "do": "keep", "die": "red0"},
        {"turn": 5, "seat": RED, "do": "end"}]
    # a chip won in red's turn by blue's die, left alone on its card
    state = then(position(dice(blue0=("r0c2", 3), red0=("r0c2", 2))), "move red0 r0c1")
    assert logged(state)[1:] == [{"turn": 5, "seat": BLUE, "do": "score", "cell": "r0c2", "card": "3", "chips": 1}]
    assert state.view(None)["chips"] == [0, 1]
    # a card turned up (C1)
    state = position(dice(red0=("r0c1", 1)), options={"face_down": "on"})
    state.up[0] = False
    state.apply("move red0 r0c0")
    assert logged(state)[1:] == [{"turn": 5, "seat": RED, "do": "reveal", "cell": "r0c0", "card": "1"}]
    # C4's steal: the quiet count starts again
    state = position(dice(red0=("r2c1", 1)), options={"arranged": "C4"}, chips=(1, 2))
    state.quiet = 10
    state.apply("move red0 blue")
    assert logged(state)[1:] == [{"turn": 5, "seat": RED, "do": "steal", "die": "red0"}]
    assert state.view(None)["quiet"] == 1
    # blue's die flicked by red into red's faction card: blue steals, in red's turn
    state = position(dice(red0=("r0c1", 1), blue0=("r0c1", 3)), options={"arranged": "C4"}, chips=(2, 0))
    state.apply("flick blue0 red")
    assert logged(state)[1:] == [{"turn": 5, "seat": BLUE, "do": "steal", "die": "blue0"}]
    assert state.view(None)["chips"] == [1, 1] and at(state, "blue0") == "blue"
    # stuck, propose, refuse, decline
    state = position(dice(red0=("r1c0", 1), blue0=("r1c2", 1)))
    state.quiet = rules.QUIET_TURNS
    state.apply("move red0 r0c0")
    assert logged(state)[1:] == [{"turn": 6, "seat": BLUE, "do": "stuck", "why": "quiet"}]
    state.apply("propose R2")
    state.apply("refuse")                              # red refuses blue's R2: red may propose now
    assert state.view(None)["offer"] == {"rule": None, "by": RED, "asked": [BLUE], "why": "quiet"}
    state.apply("decline")
    assert logged(state)[2:] == [
        {"turn": 6, "seat": BLUE, "do": "propose", "rule": "R2"},
        {"turn": 6, "seat": RED, "do": "refuse", "rule": "R2"},
        {"turn": 6, "seat": RED, "do": "decline", "rule": None}]
    assert state.phase == "move" and state.current == BLUE
    # accept: counting starts again
    state = then(offered("R2"), "accept")
    assert logged(state)[-2:] == [{"turn": 5, "seat": RED, "do": "propose", "rule": "R2"},
                                  {"turn": 5, "seat": BLUE, "do": "accept", "rule": "R2"}]
    assert state.view(None)["repeats"] == 1 and state.view(None)["rescue"] == ["R1", "R2"]


def test_a_die_that_reaches_the_reroll_card_on_the_first_cell_is_rerolled():
    cards = [REROLL, 1, 2, 3, 4, 5, 6, 7, 8]           # C2: the re-roll card anywhere, here r0c0
    state = position(dice(red0=("r1c0", 1)), cards=cards, options={"arranged": "C2"})
    state.apply("move red0 r0c0")
    assert state.phase == "reroll" and [str(a) for a in state.legal_actions()] == ["reroll", "keep"]
    state = position(dice(red0=("r0c1", 1), blue0=("r0c1", 2)), cards=cards, options={"arranged": "C2"})
    state.apply("flick blue0 r0c0")
    assert state.phase == "reroll" and [str(a) for a in state.legal_actions()] == ["reroll"]


def test_the_view_gives_the_level_of_dice_stacked_on_the_first_cell():
    view = position(dice(red0=("r0c0", 1), blue0=("r0c0", 2))).view(None)
    assert (view["dice"]["red0"]["level"], view["dice"]["blue0"]["level"]) == (0, 1)


def test_ruling_turn_limit_the_last_turn_is_still_played():
    state = position(dice(), chips=(2, 1), turn=TURN_LIMIT - 1)
    state.apply("move red0 r0c0")
    assert not state.over and state.view(None)["turn"] == TURN_LIMIT and state.current == BLUE


def test_gk27_r1_the_second_move_waits_for_the_other_die_of_the_mover():
    # red0 goes home (it may not leave again this turn); red1 can still move, though
    # blue's dice cannot: the second move is red's.
    state = position(dice(red0=("r0c0", 1), blue0=("r2c2", 1), red1=("r2c2", 2)), cards=NINES, rescue=("R1",))
    state.apply("move red0 red")
    assert state.phase == "move" and state.current == RED and state.view(None)["moves_done"] == 1
    assert [str(a) for a in state.legal_actions()] == ["move red1 r1c2", "move red1 r2c1", "move red1 blue", "end"]


def test_why_illegal_asked_of_a_finished_game_says_it_is_over():
    # State.apply refuses an ended game before asking the game why; asked itself, the game says so too.
    state = position(dice(red0=("r0c1", 2)), chips=(3, 1))
    state.apply("move red0 r0c2")
    assert state.over
    r = state.why_illegal("move red0 r0c1")
    assert (r.key, r.text, r.params, r.rule) == ("game_over", "the game is over", {}, None)
