"""王宮のささやき rules, one test (at least) per rule ID WH-1..WH-25, then bad
input, what each seat knows, and sampling."""
import json
import random
from collections import Counter

import pytest

from royaltable import IllegalAction, registry
from royaltable.games.whispers.actions import Count, Play, Swap, SwapWith, Target
from royaltable.games.whispers.rules import (CHARACTERS, COLOURS, GOALS, KINGS, deck, knowledge,
                                             my_discards, swaps)
from rules_said import said

GAME = registry.get("whispers")


def arrange(players=3, hands=None, displays=None, to_act=0, king=None, played=None,
            seed=1, options=None, pile=None):
    """A state in the play phase with the given hands and displays (seat -> cards);
    seats not given get hand cards from the rest of the deck, which is the pile."""
    state = GAME.new(players, seed=seed, options=options or {})
    hands, displays = dict(hands or {}), dict(displays or {})
    rest = deck(players)
    for cards in list(hands.values()) + list(displays.values()):
        for card in cards:
            rest.remove(card)
    for seat in range(players):
        displays.setdefault(seat, [])
        if seat not in hands:
            need = 6 - len(displays[seat])
            hands[seat], rest = rest[:need], rest[need:]
    state.hands = [list(hands[s]) for s in range(players)]
    state.displays = [list(displays[s]) for s in range(players)]
    state.pile = list(rest) if pile is None else list(pile)
    state.discards = []
    state.known = [[] for _ in range(players)]
    state.history = []
    state.played = sum(len(d) for d in state.displays) if played is None else played
    state.phase = "play"
    state.to_act = to_act
    state.king = king
    state.kings = [k for k in KINGS if k != king]
    state.kings_seen = [king] if king else []
    return state


def snapshot(state):
    return json.dumps({"views": [state.view(s) for s in [None, *range(state.players)]],
                       "current": state.current, "legal": state.legal_actions(),
                       "actions": state.actions}, sort_keys=True)


def refused(state, action, seat=None, match=None):
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=match) as err:
        state.apply(action, seat=seat)
    assert snapshot(state) == before
    return str(err.value)


def last(state, seat=None):
    """The latest play as `seat` saw it."""
    return state.view(seat)["history"][-1]


def told(state, seat):
    """What `seat` knows of each hand."""
    return knowledge(state.view(seat))


def private_cards(state, seat):
    """What `seat` knows that onlookers do not, as card ids (the conformance suite's
    privacy check): its hand, its own side of this round's exchanges and Maid
    plays, and the cards it has picked for an exchange in progress."""
    cards = list(state.hands[seat])
    for event in state.history:
        for value in (event.get("private") or {}).get(seat, {}).values():
            cards += list(value) if isinstance(value, (list, tuple)) else [value]
    ex = state.exchange
    if ex is not None:
        cards += ex["given"] if seat == ex["wizard"] else ex["taken"] if seat == ex["target"] else []
    return cards


def play_random(state, rng, check=None, limit=3000):
    for _ in range(limit):
        if state.over:
            return state
        if check:
            check(state)
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("game did not end")


# ---- components and setup ----------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5])
def test_wh1_three_to_five_players_each_a_colour(players):
    state = GAME.new(players, seed=1)
    assert state.view(None)["colours"] == COLOURS[:players]
    assert COLOURS == ["red", "blue", "green", "yellow", "purple"]
    assert GAME.default_players == 4


@pytest.mark.parametrize("players", [2, 6])
def test_wh1_other_counts_refused(players):
    with pytest.raises(ValueError, match="3–5 players"):
        GAME.new(players)


def test_wh2_seven_characters():
    assert CHARACTERS == ["accountant", "wizard", "maid", "butler", "guard", "general", "jester"]
    assert {card.split("-")[1] for card in deck(5)} == set(CHARACTERS)


@pytest.mark.parametrize("players,size", [(3, 35), (4, 42), (5, 49)])
def test_wh3_deck_by_player_count(players, size):
    cards = deck(players)
    assert len(cards) == size
    counts = Counter(cards)
    for c in CHARACTERS:
        assert counts[f"grey-{c}"] == 2
        for colour in COLOURS:
            assert counts[f"{colour}-{c}"] == (1 if COLOURS.index(colour) < players else 0)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_wh4_six_each_rest_is_the_draw_pile(players):
    state = GAME.new(players, seed=4)
    assert all(len(h) == 6 for h in state.hands)
    assert Counter(c for h in state.hands for c in h) + Counter(state.pile) == Counter(deck(players))
    view = state.view(None)
    assert view["pile"] == len(deck(players)) - 6 * players and view["hand"] is None
    assert view["hand_sizes"] == [6] * players


def test_wh5_six_kings_no_general_face_down():
    assert sorted(KINGS) == sorted(f"king-{c}" for c in CHARACTERS if c != "general")
    state = GAME.new(3, seed=5)
    assert sorted(state.kings) == sorted(KINGS)
    view = state.view(None)
    assert view["king"] is None and view["kings_left"] == 6 and view["kings_seen"] == []
    assert not any(k in json.dumps(view) for k in KINGS)   # nobody sees the order


def test_wh6_start_player_random_by_seed():
    starters = {GAME.new(4, seed=s).current for s in range(40)}
    assert starters == {0, 1, 2, 3}
    assert GAME.new(4, seed=9).current == GAME.new(4, seed=9).current


@pytest.mark.parametrize("players", [3, 4, 5])
def test_wh7_hand_plus_display_is_always_six(players):
    def check(state):
        for seat in range(players):
            assert len(state.hands[seat]) + len(state.displays[seat]) == 6
    for seed in range(6):
        play_random(GAME.new(players, seed=seed), random.Random(seed), check)


# ---- a turn ------------------------------------------------------------------------

def test_wh8_play_into_display_never_a_character_twice():
    state = arrange(hands={0: ["red-maid", "grey-maid", "red-jester", "grey-guard", "red-general"]},
                    displays={0: ["blue-wizard"]})
    assert "play grey-maid" in state.legal_actions()
    state.apply("play red-jester")
    assert state.displays[0] == ["blue-wizard", "red-jester"]
    assert "red-jester" not in state.hands[0]
    state = arrange(hands={0: ["red-maid", "grey-maid", "red-jester", "grey-guard", "red-general"]},
                    displays={0: ["blue-maid"]})
    assert not any("maid" in a for a in state.legal_actions())
    message = refused(state, "play red-maid")
    assert "WH-8" in message and "Maid" in message


def test_wh9_the_card_effect_follows_the_play():
    state = arrange(hands={0: ["red-accountant", "red-maid", "grey-guard", "red-general", "red-jester", "grey-butler"]})
    state.apply("play red-accountant")
    assert told(state, 1)[0] == state.view(0)["hand"]
    assert last(state)["effect"] == "accountant"


def test_wh10_coloured_card_passes_to_its_colour_even_yourself():
    state = arrange(hands={0: ["blue-jester", "red-jester", "grey-maid", "red-maid", "grey-guard", "red-general"]})
    state.apply("play blue-jester")
    assert state.current == 1 and last(state)["next"] == 1
    state = arrange(hands={0: ["blue-jester", "red-jester", "grey-maid", "red-maid", "grey-guard", "red-general"]})
    state.apply("play red-jester")
    assert state.current == 0


def test_wh10_grey_card_passes_to_the_fewest_display_cards():
    state = arrange(hands={0: ["grey-jester", "red-maid"]},
                    displays={0: ["red-wizard", "red-butler", "red-guard", "red-general"],
                              1: ["blue-maid", "blue-wizard"], 2: ["green-maid"]})
    state.apply("play grey-jester")
    assert state.current == 2 and state.phase == "play"


def test_wh10_grey_card_tie_the_player_chooses_possibly_themselves():
    state = arrange(hands={0: ["grey-jester", "red-maid", "red-wizard", "red-guard", "red-general", "red-butler"]},
                    displays={1: ["blue-maid"], 2: ["green-maid"]})
    state.apply("play grey-jester")
    assert state.phase == "next" and state.current == 0
    assert state.legal_actions() == ["next 0", "next 1", "next 2"]
    state.apply("next 0")
    assert state.current == 0 and state.phase == "play"
    state = arrange(hands={0: ["grey-jester", "red-maid", "red-wizard", "red-guard", "red-general"]},
                    displays={0: ["red-accountant"], 1: ["blue-maid", "blue-wizard"],
                              2: ["green-maid", "green-wizard", "green-guard"]})
    state.apply("play grey-jester")
    assert state.legal_actions() == ["next 0", "next 1"]
    refused(state, "next 2", match="WH-10")
    state.apply("next 1")
    assert state.current == 1


# ---- effects -------------------------------------------------------------------------

def test_wh11_accountant_shows_the_hand_to_all_others():
    state = arrange(hands={0: ["blue-accountant", "red-maid", "grey-maid", "red-guard", "red-general", "red-jester"]})
    state.apply("play blue-accountant")
    shown = ["red-maid", "red-guard", "red-general", "red-jester", "grey-maid"]
    shown = sorted(shown, key=lambda c: state.view(0)["hand"].index(c))
    assert last(state)["shown"] == shown
    assert told(state, 1)[0] == shown and told(state, 2)[0] == shown
    assert state.view(None)["known"][0] == shown and told(state, 0)[0] is None
    assert state.undo_depth(0) == 0          # revealed: cannot be taken back


def test_wh12_wizard_exchange_in_small_steps():
    state = arrange(hands={0: ["red-wizard", "red-maid", "red-guard", "red-jester"],
                           1: ["blue-maid", "blue-guard", "blue-jester"]},
                    displays={0: ["red-general", "red-butler"],
                              1: ["blue-general", "blue-butler", "blue-wizard"]})
    state.apply("play red-wizard")
    assert state.phase == "target" and state.legal_actions() == ["target 1", "target 2"]
    state.apply("target 1")
    assert state.legal_actions() == ["count 1", "count 2", "count 3"]   # the smaller hand: 3
    state.apply("count 2")
    state.apply("give red-maid")
    assert "give red-maid" not in state.legal_actions()
    state.apply("give red-jester")
    assert state.phase == "answer" and state.current == 1          # the target chooses
    assert state.view(None)["exchange"] == {"wizard": 0, "target": 1, "count": 2, "given": 2,
                                            "taken": 0, "mine": []}
    assert state.view(1)["exchange"]["mine"] == []                 # not what the wizard picked
    state.apply("give blue-guard", seat=1)
    state.apply("give blue-jester", seat=1)
    assert sorted(state.hands[0]) == sorted(["red-guard", "blue-guard", "blue-jester"])
    assert sorted(state.hands[1]) == sorted(["blue-maid", "red-maid", "red-jester"])
    assert state.current == 0                                      # red: back to the wizard
    mine, theirs, public = last(state, 0), last(state, 1), last(state)
    assert (mine["gave"], mine["got"]) == (["red-maid", "red-jester"], ["blue-guard", "blue-jester"])
    assert (theirs["gave"], theirs["got"]) == (["blue-guard", "blue-jester"], ["red-maid", "red-jester"])
    assert "gave" not in public and "gave" not in last(state, 2)
    assert public["target"] == 1 and public["count"] == 2 and public["exchanged"] is True


def test_wh12_wizard_with_an_empty_hand_has_no_effect():
    state = arrange(hands={0: ["grey-wizard", "red-maid"]},
                    displays={0: ["red-general", "red-butler", "red-guard", "red-jester"]})
    state.hands[1], state.hands[2] = [], []     # constructed: nobody to exchange with
    state.apply("play grey-wizard")
    assert state.phase in ("play", "next") and last(state)["why"] == "empty"


def test_wh13_maid_discards_face_down_and_draws():
    state = arrange(hands={0: ["red-maid", "red-guard", "red-jester", "grey-guard", "red-general", "red-butler"]})
    top = state.pile[-1]
    state.apply("play red-maid")
    assert state.phase == "discard" and state.current == 0
    state.apply("discard grey-guard")
    assert top in state.hands[0] and "grey-guard" not in state.hands[0]
    assert state.discards == ["grey-guard"]
    public = state.view(None)
    assert public["discards"] == 1 and "grey-guard" not in json.dumps(public)
    assert my_discards(state.view(0)) == ["grey-guard"]
    assert last(state, 0)["discarded"] == "grey-guard" and last(state, 0)["drew"] == top
    assert "discarded" not in last(state, 1) and "drew" not in last(state)
    assert state.undo_depth(0) == 0          # a card was drawn


def test_wh13_maid_reshuffles_the_discards_when_the_pile_is_empty():
    state = arrange(hands={0: ["red-maid", "red-guard", "red-jester", "grey-guard", "red-general", "red-butler"]},
                    pile=[])
    state.discards = ["blue-maid", "green-maid"]
    state.apply("play red-maid")
    state.apply("discard grey-guard")
    assert last(state)["reshuffled"] is True
    assert len(state.hands[0]) == 5 and len(state.pile) == 2 and state.discards == []
    assert Counter(state.hands[0]) + Counter(state.pile) == Counter(
        ["red-guard", "red-jester", "red-general", "red-butler", "blue-maid", "green-maid", "grey-guard"])


def test_wh13_maid_with_nothing_else_face_down_draws_its_own_discard_back():
    state = arrange(hands={0: ["red-maid", "red-guard", "red-jester", "grey-guard", "red-general", "red-butler"]},
                    pile=[])
    state.apply("play red-maid")
    state.apply("discard grey-guard")
    assert "grey-guard" in state.hands[0] and state.pile == [] and state.discards == []


BUTLER_TABLE = dict(hands={0: ["red-butler", "red-maid", "red-jester"]},
                    displays={0: ["red-wizard", "red-guard"], 1: ["blue-maid", "blue-wizard"],
                              2: ["green-general"]})


def test_wh14_butler_swaps_one_card_of_two_displays():
    state = arrange(**BUTLER_TABLE)
    state.apply("play red-butler")
    assert state.phase == "swap"
    first = state.legal_actions()
    assert "swap 0 red-butler" not in first                        # the Butler just played
    state.apply("swap 0 red-guard")
    # not blue-wizard: seat 0 would hold two Wizards
    assert state.legal_actions() == ["with 1 blue-maid", "with 2 green-general"]
    state.apply("with 2 green-general")
    assert state.displays[0] == ["red-wizard", "green-general", "red-butler"]
    assert state.displays[2] == ["red-guard"]
    assert last(state)["swap"] == [[0, "red-guard"], [2, "green-general"]]


def test_wh14_butler_never_makes_a_pair():
    state = arrange(**BUTLER_TABLE)
    state.apply("play red-butler")
    state.apply("swap 0 red-guard")
    # blue-wizard would give seat 0 a second Wizard
    assert "with 1 blue-wizard" not in state.legal_actions()
    message = refused(state, "with 1 blue-wizard", match="WH-14")
    assert "two cards of one character" in message
    # swapping a character for the same one is no pair
    state = arrange(**BUTLER_TABLE)
    state.apply("play red-butler")
    state.apply("swap 0 red-wizard")
    assert "with 1 blue-wizard" in state.legal_actions()


def test_wh14_the_butler_just_played_cannot_be_swapped():
    state = arrange(**BUTLER_TABLE)
    state.apply("play red-butler")
    message = refused(state, "swap 0 red-butler", match="WH-14")
    assert "just played" in message
    assert not any(a.endswith("red-butler") for a in state.legal_actions())
    # another player's earlier Butler may be swapped
    state = arrange(hands={0: ["grey-butler", "red-maid", "red-jester"]},
                    displays={0: ["red-wizard", "red-guard"], 1: ["blue-butler", "blue-wizard"],
                              2: ["green-general"]})
    state.apply("play grey-butler")
    assert "swap 1 blue-butler" in state.legal_actions()


@pytest.mark.parametrize("played", [0, 1])
def test_wh14_no_effect_as_first_or_second_card_of_the_round(played):
    state = arrange(hands={0: ["red-butler", "red-maid", "red-jester", "red-wizard", "red-guard", "red-general"]},
                    displays={1: ["blue-maid"]} if played else {}, played=played)
    state.apply("play red-butler")
    assert state.phase == "play" and last(state)["why"] == "early"


def test_wh14_third_card_of_the_round_swaps():
    state = arrange(hands={0: ["red-butler", "red-maid", "red-jester", "red-wizard", "red-guard"]},
                    displays={1: ["blue-maid"], 2: ["green-general"]})
    assert state.played == 2
    state.apply("play red-butler")
    assert state.phase == "swap"


def test_wh14_no_effect_when_no_swap_is_legal():
    state = arrange(hands={0: ["red-butler", "red-maid", "red-jester", "red-wizard"]},
                    displays={0: ["red-guard"], 1: ["blue-guard"], 2: ["green-guard"]})
    state.apply("play red-butler")
    # only Guards to swap, each for a Guard: still a legal swap (no pair)
    assert state.phase == "swap"
    state = arrange(hands={0: ["red-butler", "red-maid", "red-jester", "red-wizard", "red-guard"]},
                    displays={0: [], 1: ["blue-guard"], 2: []}, played=3)
    state.apply("play red-butler")
    assert state.phase == "play" and last(state)["why"] == "no-swap"


def test_wh15_guard_takes_another_display_card_back():
    state = arrange(hands={0: ["red-guard", "red-maid", "red-jester"]},
                    displays={0: ["red-wizard", "red-general", "grey-maid"]})
    state.apply("play red-guard")
    assert state.legal_actions() == ["return red-wizard", "return red-general", "return grey-maid"]
    message = refused(state, "return red-guard", match="WH-15")
    assert "not itself" in message
    state.apply("return grey-maid")
    assert state.displays[0] == ["red-wizard", "red-general", "red-guard"]
    assert "grey-maid" in state.hands[0]
    assert told(state, 1)[0] == ["grey-maid"]             # taken back in the open
    assert state.view(None)["known"][0] == ["grey-maid"]


def test_wh15_guard_alone_has_no_effect():
    state = arrange(hands={0: ["red-guard", "red-maid", "red-jester", "red-wizard", "red-general", "red-butler"]})
    state.apply("play red-guard")
    assert state.phase == "play" and last(state)["why"] == "alone"


def test_wh16_general_reveals_the_top_king_card():
    state = arrange(hands={0: ["red-general", "red-maid", "red-jester", "red-wizard", "red-guard", "red-butler"]},
                    king="king-maid")
    state.kings = ["king-jester", "king-guard"]
    state.kings_seen = ["king-accountant", "king-wizard", "king-butler", "king-maid"]
    state.apply("play red-general")
    assert state.king == "king-guard" and state.kings == ["king-jester"]
    assert state.view(None)["kings_seen"][-1] == "king-guard"
    assert state.view(None)["silenced"] == "guard"


def test_wh16_empty_king_pile_shuffles_all_six():
    state = arrange(hands={0: ["red-general", "red-maid", "red-jester", "red-wizard", "red-guard", "red-butler"]},
                    king="king-maid")
    state.kings = []
    state.kings_seen = list(KINGS)
    state.apply("play red-general")
    assert len(state.kings) == 5 and sorted(state.kings + [state.king]) == sorted(KINGS)
    assert last(state)["reshuffled"] is True
    assert state.view(None)["kings_seen"] == [state.king]


def test_wh17_jester_does_nothing():
    state = arrange(hands={0: ["blue-jester", "red-maid", "red-wizard", "red-guard", "red-general", "red-butler"]},
                    displays={1: ["blue-maid"]}, king="king-maid")
    before = json.dumps([state.pile, state.hands[1:], state.displays[1:], state.king, state.kings,
                         state.known, state.discards])
    state.apply("play blue-jester")
    assert json.dumps([state.pile, state.hands[1:], state.displays[1:], state.king, state.kings,
                       state.known, state.discards]) == before
    assert state.current == 1 and last(state)["effect"] == "jester"


def test_wh18_the_king_silences_a_character():
    state = arrange(hands={0: ["red-accountant", "red-maid", "red-jester", "red-wizard", "red-guard", "red-general"]},
                    king="king-accountant")
    state.apply("play red-accountant")
    assert told(state, 1)[0] == [] and last(state)["why"] == "silenced"
    state = arrange(hands={0: ["blue-maid", "red-maid", "red-jester", "red-wizard", "red-guard", "red-general"]},
                    king="king-maid")
    state.apply("play blue-maid")
    assert state.phase == "play" and state.current == 1


def test_wh18_the_jester_king_forbids_the_jester():
    state = arrange(hands={0: ["red-jester", "red-maid", "red-wizard", "red-guard", "red-general", "red-butler"]},
                    king="king-jester")
    assert "play red-jester" not in state.legal_actions()
    message = refused(state, "play red-jester", match="WH-18")
    assert "forbids" in message
    view = state.view(None)
    assert view["jester_banned"] is True and view["silenced"] is None


# ---- end of a round ------------------------------------------------------------------

def test_wh19_the_player_who_cannot_play_gives_everyone_else_a_point():
    state = arrange(hands={0: ["blue-jester", "red-maid", "red-wizard", "red-guard", "red-general", "red-butler"],
                           1: ["blue-maid", "grey-maid"]},
                    displays={1: ["green-maid", "blue-wizard", "blue-guard", "blue-general"]})
    round_no = state.round_no
    state.apply("play blue-jester")
    summary = state.view(None)["rounds"][-1]
    assert summary["end"] == "A" and summary["seat"] == 1 and summary["points"] == [1, 0, 1]
    assert summary["hand"] == ["blue-maid", "grey-maid"]
    assert state.totals == [1, 0, 1] and state.round_no == round_no + 1
    assert state.current == 1                                     # WH-21: it starts


def test_wh19_a_forbidden_jester_cannot_save_you():
    state = arrange(hands={0: ["blue-accountant", "red-maid", "red-wizard", "red-guard", "red-general", "red-butler"],
                           1: ["blue-jester", "grey-jester"]},
                    displays={1: ["green-maid", "blue-wizard", "blue-guard", "blue-general"]},
                    king="king-jester")
    state.apply("play blue-accountant")
    assert state.view(None)["rounds"][-1]["end"] == "A"


def test_wh20_the_sixth_character_ends_the_round_without_its_effect():
    state = arrange(hands={0: ["red-accountant"]},
                    displays={0: ["red-wizard", "red-maid", "red-butler", "red-guard", "red-general"]})
    state.apply("play red-accountant")
    summary = state.view(None)["rounds"][-1]
    assert summary["end"] == "B" and summary["seat"] == 0 and summary["card"] == "red-accountant"
    assert summary["points"] == [1, 0, 0] and state.totals == [1, 0, 0]
    assert summary["displays"][0][-1] == "red-accountant"
    event = summary["last"]
    assert event["card"] == "red-accountant"
    assert event["why"] == "sixth" and "shown" not in event      # no effect
    assert state.view(None)["history"] == []
    assert state.current == 0


@pytest.mark.parametrize("players,option,points", [(3, True, 1), (4, False, 1), (4, True, 2), (5, True, 2)])
def test_wh20_wh25_the_sixth_scores_one_or_two(players, option, points):
    state = arrange(players, hands={0: ["red-wizard"]},
                    displays={0: ["red-accountant", "red-maid", "red-butler", "red-guard", "red-general"]},
                    options={"sixth_two_points": option})
    state.apply("play red-wizard")
    assert state.totals[0] == points and sum(state.totals) == points


def test_wh21_next_round_redeals_everything_and_keeps_the_king():
    state = arrange(hands={0: ["red-accountant"]},
                    displays={0: ["red-wizard", "red-maid", "red-butler", "red-guard", "red-general"],
                              1: ["blue-maid"]}, king="king-guard")
    state.discards = []
    state.apply("play red-accountant")
    assert all(len(h) == 6 for h in state.hands) and all(d == [] for d in state.displays)
    assert len(state.pile) == len(deck(3)) - 18 and state.discards == []
    assert state.king == "king-guard" and state.played == 0
    assert state.current == 0 and state.view(None)["starter"] == 0


# ---- end of the game -------------------------------------------------------------------

@pytest.mark.parametrize("players", [3, 4, 5])
def test_wh22_the_goal_by_player_count(players):
    assert GOALS == {3: 6, 4: 5, 5: 4}
    state = arrange(players, hands={0: ["red-wizard"]},
                    displays={0: ["red-accountant", "red-maid", "red-butler", "red-guard", "red-general"]})
    state.totals[0] = GOALS[players] - 2
    state.apply("play red-wizard")
    assert not state.over
    state = arrange(players, hands={0: ["red-wizard"]},
                    displays={0: ["red-accountant", "red-maid", "red-butler", "red-guard", "red-general"]})
    state.totals[0] = GOALS[players] - 1
    state.apply("play red-wizard")
    assert state.over and state.current is None and state.legal_actions() == []
    assert state.result() == {"scores": state.totals, "winners": [0]}
    assert state.view(None)["winners"] == [0]


def stuck_finale(options=None, third=("green-wizard", "green-general")):
    """Seat 1 is stuck; seats 0 and 2 reach the goal together. Seat 0 ends with
    four display cards, seat 2 with `third`."""
    state = arrange(hands={0: ["blue-jester", "red-maid", "red-wizard"],
                           1: ["blue-maid", "grey-maid"]},
                    displays={0: ["red-guard", "red-general", "red-butler"],
                              1: ["green-maid", "blue-wizard", "blue-guard", "blue-general"],
                              2: list(third)},
                    options=options)
    state.totals = [5, 0, 5]
    return state


def test_wh23_a_tie_goes_to_the_most_display_cards():
    state = stuck_finale()
    state.apply("play blue-jester")
    assert state.over and state.result() == {"scores": [6, 0, 6], "winners": [0]}
    state = stuck_finale(third=["green-wizard", "green-general", "green-butler", "green-guard",
                                "green-accountant"])
    state.apply("play blue-jester")
    assert state.result()["winners"] == [2]


def test_wh23_still_equal_they_share():
    state = stuck_finale(third=["green-wizard", "green-general", "green-butler", "green-guard"])
    state.apply("play blue-jester")
    assert state.result() == {"scores": [6, 0, 6], "winners": [0, 2]}


def test_wh24_variant_recorded_sizes_break_the_tie():
    state = stuck_finale({"recorded_tiebreak": True})
    state.recorded = [2, 9, 9]
    state.apply("play blue-jester")
    # displays now 4 (seat 0) and 2 (seat 2): recorded 6 against 11
    assert state.result()["winners"] == [2]
    assert state.view(None)["rounds"][-1]["recorded"] == [6, 13, 11]
    state = stuck_finale({"recorded_tiebreak": True})
    state.recorded = [2, 0, 4]
    state.apply("play blue-jester")
    assert state.result()["winners"] == [0, 2]


def test_wh24_recorded_sizes_every_round():
    state = arrange(hands={0: ["red-accountant"]},
                    displays={0: ["red-wizard", "red-maid", "red-butler", "red-guard", "red-general"],
                              1: ["blue-maid"]})
    state.apply("play red-accountant")
    assert state.recorded == [6, 1, 0]


def test_wh25_option_is_offered():
    assert GAME.options["sixth_two_points"] == ((False, True), False)
    assert GAME.options["recorded_tiebreak"] == ((False, True), False)


# ---- bad input: refused in words, nothing changed ---------------------------------------

def exchange_table():
    state = arrange(hands={0: ["red-wizard", "red-maid", "red-guard", "red-jester"],
                           1: ["blue-maid", "blue-guard", "blue-jester"]},
                    displays={0: ["red-general", "red-butler"],
                              1: ["blue-general", "blue-butler", "blue-wizard"]})
    state.apply("play red-wizard")
    return state


def test_wh12_bad_input_exchanging_more_than_the_smaller_hand():
    state = exchange_table()
    refused(state, "target 0", match="not with yourself")
    state.apply("target 1")
    message = refused(state, "count 4", match="WH-12")
    assert "1 to 3" in message


def test_wh12_bad_input_a_choice_from_the_wrong_player():
    state = exchange_table()
    state.apply("target 1")
    refused(state, "count 1", seat=1, match="seat 1")
    state.apply("count 1", seat=0)
    state.apply("give red-maid", seat=0)
    message = refused(state, "give red-guard", seat=0)
    assert "partner" in message and "WH-12" in message
    refused(state, "give red-guard", seat=1, match="not among")
    state.apply("give blue-jester", seat=1)
    assert "red-maid" in state.hands[1] and "blue-jester" in state.hands[0]


def test_bad_input_a_card_you_do_not_hold():
    state = arrange(hands={0: ["red-maid", "red-guard", "red-jester", "red-wizard", "red-general", "red-butler"]})
    refused(state, "play blue-maid", match="not in your hand")
    refused(state, "play", match="play a card")
    refused(state, "swap 0 red-maid", match="play a card")


def test_bad_input_the_grey_choice_outside_the_tie_and_the_maid_outside_the_hand():
    state = arrange(hands={0: ["red-maid", "red-guard", "red-jester", "red-wizard", "red-general", "red-butler"]})
    state.apply("play red-maid")
    refused(state, "discard blue-maid", match="not in your hand")
    refused(state, "discard red-maid", match="not in your hand")     # it is in the display now


def test_actions_are_typed_values_that_are_their_record_text():
    swap = Swap(1, "red-maid")
    assert swap == "swap 1 red-maid" and (swap.seat, swap.card) == (1, "red-maid")
    assert GAME.parse("swap 1 red-maid") is swap and GAME.parse("with 2 blue-jester") == SwapWith(2, "blue-jester")
    assert json.dumps([Count(2), Play("grey-maid")]) == '["count 2", "play grey-maid"]'
    for text in ("swap 01 red-maid", "play", "play  red-maid", "count x", "count 1 2", "pass"):
        with pytest.raises(ValueError):
            GAME.parse(text)
    state = exchange_table()
    assert state.legal_actions() == [Target(1), Target(2)] == ["target 1", "target 2"]
    assert all(type(action) is Target for action in state.legal_actions())
    state.apply("target 1")                       # a record's plain text plays the typed value
    assert type(state.actions[-1]) is Target


def test_refusals_carry_a_key_the_rule_and_what_they_name():
    state = exchange_table()
    with pytest.raises(IllegalAction) as err:
        state.apply("target 0")
    assert (err.value.refusal.key, err.value.refusal.rule) == ("target_self", "WH-12")
    state.apply("target 1")
    with pytest.raises(IllegalAction) as err:
        state.apply("count 4")
    refusal = err.value.refusal
    assert (refusal.key, refusal.params, refusal.rule) == ("count", {"most": 3}, "WH-12")
    with pytest.raises(IllegalAction) as err:
        state.apply("give red-maid")
    assert (err.value.refusal.key, err.value.refusal.params["phase"]) == ("wrong_step", "count")
    assert str(err.value) == "'give red-maid' is not allowed now: the Wizard: choose how many cards to exchange (WH-12)"
    with pytest.raises(IllegalAction) as err:
        state.apply(Count(1), seat=1)
    assert (err.value.refusal.key, err.value.refusal.params) == ("carrying_out", {"turn": 0, "seat": 1})


# ---- what each seat knows ------------------------------------------------------------------

def test_knowledge_a_played_card_leaves_it():
    state = arrange(hands={0: ["red-accountant", "red-maid", "grey-guard", "red-general", "red-jester", "grey-butler"]})
    state.apply("play red-accountant")
    state.apply("play red-jester")
    assert "red-jester" not in told(state, 1)[0]
    assert len(told(state, 1)[0]) == 4


def test_knowledge_after_a_face_down_discard_only_what_must_remain():
    state = arrange(hands={0: ["red-accountant", "red-maid", "grey-guard", "grey-guard", "red-general", "red-jester"]})
    state.apply("play red-accountant")
    state.apply("play red-maid")
    state.apply("discard red-general")
    # any card could have gone: of two grey Guards one is certain, nothing else
    assert told(state, 1)[0] == ["grey-guard"]
    assert state.view(None)["known"][0] == ["grey-guard"]


def test_knowledge_after_an_exchange_the_partners_know_what_they_gave():
    state = arrange(hands={0: ["red-wizard", "red-accountant", "red-maid", "red-guard", "red-jester"],
                           1: ["blue-maid", "blue-guard", "blue-jester"]},
                    displays={0: ["red-general"], 1: ["blue-general", "blue-butler", "blue-wizard"]})
    state.apply("play red-accountant")                 # red: seat 0 again, its hand is known
    state.apply("play red-wizard")
    state.apply("target 1")
    state.apply("count 1")
    state.apply("give red-maid")
    state.apply("give blue-jester", seat=1)
    assert told(state, 1)[0] == ["red-guard", "red-jester", "blue-jester"]
    assert told(state, 0)[1] == ["red-maid"]
    assert told(state, 2)[0] == [] and state.view(None)["known"][0] == []


def test_knowledge_is_always_true_and_the_onlookers_know_least():
    def check(state):
        n = state.players
        public = state.view(None)["known"]
        assert knowledge(state.view(None)) == public
        for viewer in range(n):
            mine = knowledge(state.view(viewer))
            for seat in set(range(n)) - {viewer}:
                assert not Counter(mine[seat]) - Counter(state.hands[seat])
                assert not Counter(public[seat]) - Counter(mine[seat])
    for seed in range(4):
        play_random(GAME.new(3 + seed % 3, seed=seed), random.Random(seed), check)


def test_privacy_views_hold_only_what_each_seat_may_know():
    state = arrange(hands={0: ["red-maid", "red-guard", "red-jester", "grey-guard", "red-general", "red-butler"]},
                    pile=["green-jester"])
    public = json.dumps(state.view(None))
    assert not any(card in public for card in state.hands[0] + state.hands[1] + state.pile)
    assert not any(card in json.dumps(state.view(1)) for card in state.hands[0])
    state.apply("play red-maid")
    state.apply("discard grey-guard")
    assert (last(state, 0)["discarded"], last(state, 0)["drew"]) == ("grey-guard", "green-jester")
    for seat in (None, 1, 2):
        text = json.dumps(state.view(seat))
        assert "grey-guard" not in text and "green-jester" not in text


# ---- sampling a seat's view -------------------------------------------------------------------

def test_sample_keeps_everything_the_view_reveals():
    state = arrange(hands={0: ["red-accountant", "red-maid", "grey-guard", "red-general", "red-jester", "grey-butler"],
                           1: ["blue-maid", "blue-accountant", "blue-jester", "blue-guard", "blue-general", "blue-wizard"]},
                    king="king-wizard")
    state.apply("play red-accountant")
    state.apply("play red-maid")
    state.apply("discard red-jester")
    view1 = state.view(1)
    for seed in range(20):
        world = GAME.sample_state(view1, seed)
        assert world.view(1) == view1
        assert not Counter(knowledge(view1)[0]) - Counter(world.hands[0])
        assert sorted(world.hands[1]) == sorted(state.hands[1])
        everything = Counter(c for h in world.hands for c in h) + Counter(world.pile) + \
            Counter(world.discards) + Counter(c for d in world.displays for c in d)
        assert everything == Counter(deck(3))
        assert "king-wizard" not in world.kings and len(world.kings) == 5
    view0 = state.view(0)
    for seed in range(5):
        world = GAME.sample_state(view0, seed)
        assert world.discards == ["red-jester"] and sorted(world.hands[0]) == sorted(state.hands[0])


def test_sample_during_an_exchange_agrees_with_the_target():
    state = exchange_table()
    state.apply("target 1")
    state.apply("count 2")
    state.apply("give red-maid")
    state.apply("give red-jester")
    view = state.view(1)
    for seed in range(10):
        world = GAME.sample_state(view, seed)
        assert world.view(1) == view and world.legal_actions() == state.legal_actions()
        assert len(world.exchange["given"]) == 2
        given = list(world.exchange["given"])
        world.apply("give blue-guard")
        world.apply("give blue-maid")
        assert Counter(world.hands[1]) == Counter(given + ["blue-jester"])


# ---- the table's round-end summary -------------------------------------------------------------

def test_round_summary_in_every_view():
    state = arrange(hands={0: ["red-accountant"]},
                    displays={0: ["red-wizard", "red-maid", "red-butler", "red-guard", "red-general"],
                              1: ["blue-maid"]})
    state.apply("play red-accountant")
    for seat in (None, 0, 1, 2):
        summary = state.view(seat)["rounds"][-1]
        assert set(summary) == {"round", "end", "seat", "hand", "card", "points", "displays",
                                "sizes", "totals", "recorded", "last"}
        assert summary["sizes"] == [6, 1, 0] and summary["totals"] == [1, 0, 0]


# ---- computer players -----------------------------------------------------------------------

from royaltable.games.whispers.bots import QuickBot, StrongBot  # noqa: E402


@pytest.mark.parametrize("level", [QuickBot, pytest.param(StrongBot, marks=pytest.mark.slow)])
def test_bots_keep_the_turn_to_lay_their_sixth(level):
    # two live cards left: the red one brings the turn back, the sixth follows
    state = arrange(hands={0: ["blue-wizard", "red-jester"]},
                    displays={0: ["red-accountant", "red-maid", "red-butler", "red-guard"],
                              1: ["blue-maid"]})
    assert level(seed=1).choose(state.view(0), state.legal_actions()) == "play red-jester"


@pytest.mark.parametrize("level", [QuickBot, pytest.param(StrongBot, marks=pytest.mark.slow)])
def test_bots_send_the_turn_to_a_player_known_to_be_stuck(level):
    # seat 1 showed its hand: two Maids, and a Maid is in its display
    state = arrange(hands={0: ["blue-jester", "green-jester", "grey-accountant", "green-wizard"],
                           1: ["blue-maid", "grey-maid"]},
                    displays={0: ["red-guard", "red-general"],
                              1: ["green-maid", "blue-wizard", "blue-guard", "blue-general"]})
    state.known[1] = ["blue-maid", "grey-maid"]
    state.history = [{"seat": 1, "card": "blue-general", "effect": "accountant", "next": 0,
                      "shown": ["blue-maid", "grey-maid"]}]
    assert knowledge(state.view(0))[1] == ["blue-maid", "grey-maid"]
    assert level(seed=3).choose(state.view(0), state.legal_actions()) == "play blue-jester"


def test_quickbot_maid_discards_a_dead_card():
    state = arrange(hands={0: ["red-maid", "grey-guard", "red-jester", "red-wizard"]},
                    displays={0: ["red-guard", "red-general"]})
    state.apply("play red-maid")
    assert QuickBot(seed=1).choose(state.view(0), state.legal_actions()) == "discard grey-guard"


def test_quickbot_gives_dead_cards_in_an_exchange():
    state = exchange_table()
    state.hands[0] = ["red-maid", "grey-general", "red-jester"]     # a General is in its display
    bot = QuickBot(seed=1)
    state.apply(bot.choose(state.view(0), state.legal_actions()))
    state.apply(bot.choose(state.view(0), state.legal_actions()))
    assert state.phase == "give"
    assert bot.choose(state.view(0), state.legal_actions()) == "give grey-general"


@pytest.mark.slow
def test_strongbot_is_deterministic_for_a_seed_and_reads_only_the_view():
    state = GAME.new(4, seed=8)
    seat = state.current
    view, legal = state.view(seat), state.legal_actions()
    first = StrongBot(seed=5).choose(view, legal)
    # the same view over a different truth: the hidden hands re-dealt
    other = GAME.sample_state(view, 99)
    assert other.view(seat) == view
    assert StrongBot(seed=5).choose(other.view(seat), other.legal_actions()) == first


# ---- rarely reached branches (mutation testing, bench/MUTATION.md) ------------------

def test_wh20_before_wh18_a_silenced_sixth_card_still_ends_the_round():
    # the King silences the Accountant, and the Accountant is seat 0's sixth card:
    # the sixth character ends the round (B), silenced or not
    state = arrange(hands={0: ["red-accountant"]},
                    displays={0: ["red-wizard", "red-maid", "red-butler", "red-guard", "red-general"]},
                    king="king-accountant")
    state.apply("play red-accountant")
    summary = state.view(None)["rounds"][-1]
    assert (summary["end"], summary["seat"], summary["card"]) == ("B", 0, "red-accountant")
    assert summary["last"]["why"] == "sixth" and summary["points"] == [1, 0, 0]
    assert state.totals == [1, 0, 0]


def test_wh14_a_card_whose_character_the_other_display_holds_swaps_only_for_that_character():
    # seat 0's Wizard into seat 1, which holds a Wizard: of seat 1's cards only that
    # Wizard may come back (seat 2 holds no Wizard: its General may)
    state = arrange(**BUTLER_TABLE)
    state.apply("play red-butler")
    state.apply("swap 0 red-wizard")
    assert state.legal_actions() == ["with 1 blue-wizard", "with 2 green-general"]
    message = refused(state, "with 1 blue-maid", match="WH-14")
    assert "two cards of one character" in message


def no_pair_swaps(displays, butler_seat):
    """WH-14 by its words: two cards of two displays, not the Butler just played, and
    afterwards no display holds two cards of one character."""
    out = []
    for s, t in [(s, t) for s in range(len(displays)) for t in range(s + 1, len(displays))]:
        for x in displays[s]:
            for y in displays[t]:
                if any(seat == butler_seat and card.endswith("-butler")
                       for seat, card in ((s, x), (t, y))):
                    continue
                a = [y if c == x else c for c in displays[s]]
                b = [x if c == y else c for c in displays[t]]
                if all(len({c.split("-")[1] for c in d}) == len(d) for d in (a, b)):
                    out.append(((s, x), (t, y)))
    return sorted(out)


def test_wh14_every_butler_swap_and_only_those_leave_no_pair():
    rng = random.Random(14)
    for _ in range(300):
        players = rng.choice([3, 4, 5])
        cards = deck(players)
        rng.shuffle(cards)
        displays = []
        for _ in range(players):
            display, chars = [], set()
            for card in cards[:rng.randrange(0, 6)]:
                if card.split("-")[1] not in chars:
                    display.append(card)
                    chars.add(card.split("-")[1])
            cards = [c for c in cards if c not in display]
            displays.append(display)
        butler_seat = rng.randrange(players)
        assert sorted(swaps(displays, butler_seat)) == no_pair_swaps(displays, butler_seat)


# ---- every refusal, word for word (mutation testing: bench/MUTATION.md) ------------------

def played(state, *actions):
    for action in actions:
        state.apply(action)
    return state


WH_SITUATIONS = {
    "play": lambda: arrange(hands={0: ["red-maid", "red-guard", "red-jester", "red-wizard", "red-general",
                                       "red-butler"]}, king="king-jester"),
    "play with a maid shown": lambda: arrange(hands={0: ["red-maid", "red-guard", "grey-jester", "red-wizard",
                                                         "red-general"]}, displays={0: ["blue-maid"]}),
    "play, the Jester banned, a maid shown": lambda: arrange(
        hands={0: ["red-maid", "red-guard", "red-jester", "red-wizard", "red-general"]},
        displays={0: ["blue-maid"]}, king="king-jester"),
    "next": lambda: played(arrange(hands={0: ["grey-jester", "red-maid", "red-wizard", "red-guard",
                                              "red-general"]},
                                   displays={0: ["red-accountant"], 1: ["blue-maid", "blue-wizard"],
                                             2: ["green-maid", "green-wizard", "green-guard"]}),
                           "play grey-jester"),
    "target": exchange_table,
    "count": lambda: played(exchange_table(), "target 1"),
    "give": lambda: played(exchange_table(), "target 1", "count 2"),
    "answer": lambda: played(exchange_table(), "target 1", "count 1", "give red-maid"),
    "discard": lambda: played(arrange(hands={0: ["red-maid", "red-guard", "red-jester", "red-wizard",
                                                 "red-general", "red-butler"]}), "play red-maid"),
    "return": lambda: played(arrange(hands={0: ["red-guard", "red-jester", "red-wizard", "red-general"]},
                                     displays={0: ["red-maid", "red-butler"]}), "play red-guard"),
    "swap": lambda: played(arrange(**BUTLER_TABLE), "play red-butler"),
    "with": lambda: played(arrange(**BUTLER_TABLE), "play red-butler", "swap 0 red-guard"),
    # blue-wizard could go only to seat 2, for its Jester, which seat 1 holds already
    "swap, a wizard alone": lambda: played(arrange(hands={0: ["red-butler", "red-maid", "red-jester"]},
                                                   displays={1: ["blue-jester", "blue-wizard"],
                                                             2: ["green-jester"]}), "play red-butler"),
}


def wrong_step(action, phase, expect):
    text = f"{action!r} is not allowed now: {expect}"
    return ("wrong_step", text, {"action": action, "expect": expect, "phase": phase}, None)


WH_REFUSALS = [
    ("play", "play blue-maid", ("not_in_hand", "blue-maid is not in your hand", {"card": "blue-maid"}, None)),
    ("play", "play red-jester", ("jester_banned", "the King card 道化師 (Jester) forbids playing the Jester "
                                 "(WH-18)", {}, "WH-18")),
    ("play with a maid shown", "play red-maid",
     ("twice", "your display already holds a Maid: a display never holds two cards of one character (WH-8)",
      {"card": "red-maid", "character": "Maid"}, "WH-8")),
    ("play, the Jester banned, a maid shown", "play red-maid",
     ("twice", "your display already holds a Maid: a display never holds two cards of one character (WH-8)",
      {"card": "red-maid", "character": "Maid"}, "WH-8")),
    ("play", "next 2", wrong_step("next 2", "play", "play a card from your hand (WH-8)")),
    ("play", "target 0", wrong_step("target 0", "play", "play a card from your hand (WH-8)")),
    ("play", 7, wrong_step(7, "play", "play a card from your hand (WH-8)")),
    ("next", "next 2", ("not_tied", "the turn goes to one of the players with the fewest display cards "
                        "(WH-10)", {}, "WH-10")),
    ("next", "play red-maid", wrong_step("play red-maid", "next",
                                         "choose who plays next among the tied players (WH-10)")),
    ("target", "target 0", ("target_self", "the Wizard exchanges with another player, not with yourself "
                            "(WH-12)", {}, "WH-12")),
    ("target", "count 1", wrong_step("count 1", "target",
                                     "the Wizard: choose another player to exchange with (WH-12)")),
    ("count", "count 4", ("count", "exchange 1 to 3 cards: no more than the smaller hand holds (WH-12)",
                          {"most": 3}, "WH-12")),
    ("count", "target 2", wrong_step("target 2", "count", "the Wizard: choose how many cards to exchange "
                                                          "(WH-12)")),
    ("give", "give blue-maid", ("not_to_give", "blue-maid is not among the cards you still hold to give",
                                {"card": "blue-maid"}, None)),
    ("give", "count 1", wrong_step("count 1", "give", "the Wizard: choose a card of yours to give (WH-12)")),
    ("answer", "give red-guard", ("not_to_give", "red-guard is not among the cards you still hold to give",
                                  {"card": "red-guard"}, None)),
    ("answer", "play blue-maid", wrong_step("play blue-maid", "answer",
                                            "the Wizard's exchange: choose a card of yours to give (WH-12)")),
    ("discard", "discard red-maid", ("not_in_hand", "red-maid is not in your hand", {"card": "red-maid"},
                                     None)),
    ("discard", "play red-guard", wrong_step("play red-guard", "discard",
                                             "the Maid: discard a card from your hand face down (WH-13)")),
    ("return", "return red-guard", ("guard_itself", "the Guard takes back another card, not itself (WH-15)",
                                    {}, "WH-15")),
    ("return", "return blue-maid", ("not_in_display", "blue-maid is not in your display",
                                    {"card": "blue-maid"}, None)),
    ("return", "play red-jester", wrong_step("play red-jester", "return",
                                             "the Guard: take a card of your display back (WH-15)")),
    ("swap", "swap 5 red-maid", ("no_such_card", "there is no red-maid in that display (WH-14)",
                                 {"card": "red-maid"}, "WH-14")),
    ("swap", "swap 3 red-maid", ("no_such_card", "there is no red-maid in that display (WH-14)",
                                 {"card": "red-maid"}, "WH-14")),
    ("swap", "swap 1 red-maid", ("no_such_card", "there is no red-maid in that display (WH-14)",
                                 {"card": "red-maid"}, "WH-14")),
    ("swap", "swap 0 red-butler", ("butler_itself", "the Butler just played cannot be swapped (WH-14)", {},
                                   "WH-14")),
    ("swap", "play red-maid", wrong_step("play red-maid", "swap",
                                         "the Butler: pick the first display card of the swap (WH-14)")),
    ("swap, a wizard alone", "swap 1 blue-wizard",
     ("no_partner", "blue-wizard has no card it can swap with without making a pair in a display (WH-14)",
      {"card": "blue-wizard"}, "WH-14")),
    ("with", "with 0 red-wizard", ("same_display", "swap between two different displays (WH-14)", {},
                                   "WH-14")),
    ("with", "with 1 blue-wizard", ("pair", "swapping red-guard with blue-wizard would put two cards of one "
                                    "character into a display (WH-14)",
                                    {"first": "red-guard", "card": "blue-wizard"}, "WH-14")),
    ("with", "with 0 red-butler", ("butler_itself", "the Butler just played cannot be swapped (WH-14)", {},
                                   "WH-14")),
    ("with", "play red-maid", wrong_step("play red-maid", "with",
                                         "the Butler: pick the card to swap it with (WH-14)")),
]


@pytest.mark.parametrize("situation,action,expected", WH_REFUSALS,
                         ids=[f"{case[0]}-{case[1]}" for case in WH_REFUSALS])
def test_every_refusal_says_its_key_words_rule_and_what_it_names(situation, action, expected):
    state = WH_SITUATIONS[situation]()
    before = snapshot(state)
    assert said(state, action) == expected
    assert snapshot(state) == before


def test_a_choice_out_of_turn_names_who_chooses_word_for_word():
    assert said(WH_SITUATIONS["target"](), "target 1", 1) == (
        "carrying_out", "seat 1 is carrying out the card they played; it is not seat 2's choice",
        {"turn": 0, "seat": 1}, None)
    assert said(WH_SITUATIONS["answer"](), "give red-guard", 0) == (
        "partner_chooses", "seat 2, the Wizard's partner, chooses the cards they give now (WH-12)",
        {"turn": 1}, "WH-12")
    for phase in ("next", "count", "give", "discard", "swap", "with", "return"):
        state = WH_SITUATIONS[phase]()
        assert said(state, "play red-maid", 2)[:3] == (
            "carrying_out", "seat 1 is carrying out the card they played; it is not seat 3's choice",
            {"turn": 0, "seat": 2}), phase
    assert said(WH_SITUATIONS["play"](), "play red-maid", 2) == (
        "out_of_turn", "it is seat 1's turn, not seat 3's", {"turn": 0, "seat": 2}, None)


def test_wh14_a_butler_step_out_of_order_is_refused_as_the_wrong_step():
    # "with" before the first card is picked, "swap" once it is: the step is wrong (it
    # was refused as if the card had no partner, which blue-maid has)
    first = WH_SITUATIONS["swap"]()
    assert "swap 1 blue-maid" in first.legal_actions()
    second = WH_SITUATIONS["with"]()
    for state, action, phase, expect in (
            (first, "with 1 blue-maid", "swap", "the Butler: pick the first display card of the swap (WH-14)"),
            (second, "swap 1 blue-maid", "with", "the Butler: pick the card to swap it with (WH-14)")):
        assert said(state, action) == wrong_step(action, phase, expect)


def test_wh23_without_the_variant_the_recorded_sizes_do_not_break_the_tie():
    state = stuck_finale()
    state.recorded = [2, 9, 9]                    # they would give the win to seat 2 (WH-24)
    state.apply("play blue-jester")
    assert state.result() == {"scores": [6, 0, 6], "winners": [0]}


def test_frozen_data_reads_as_the_dict_it_was_and_thaws_into_plain_data():
    from royaltable.games.whispers.rules import Frozen, _copied, _frozen, _thawed
    data = {"seat": 1, "cards": ["red-maid", "grey-guard"], "private": {0: {"gave": ["a", "b"]}},
            "pairs": [[1, "x"], (2, "y")], "nested": ({"k": [3]},)}
    frozen = _frozen(data)
    assert type(frozen) is Frozen and len(frozen) == 5 and list(frozen) == list(data)
    assert frozen["cards"] == ("red-maid", "grey-guard") and type(frozen["private"]) is Frozen
    assert frozen["private"][0]["gave"] == ("a", "b")
    assert frozen["pairs"] == ((1, "x"), (2, "y")) and type(frozen["nested"][0]) is Frozen
    assert frozen["nested"][0]["k"] == (3,)
    assert _frozen(["a", ["b"]]) == ("a", ("b",)) and _frozen(7) == 7
    thawed = _thawed(frozen)
    assert thawed == {"seat": 1, "cards": ["red-maid", "grey-guard"], "private": {0: {"gave": ["a", "b"]}},
                      "pairs": [[1, "x"], [2, "y"]], "nested": [{"k": [3]}]}
    assert type(thawed["private"]) is dict and type(thawed["nested"][0]["k"]) is list
    assert _thawed({"a": ({"b": (1,)},)}) == {"a": [{"b": [1]}]} and _thawed("x") == "x"
    import copy
    assert copy.copy(frozen) is frozen and copy.deepcopy(frozen) is frozen
    assert repr(Frozen({"a": [1]})) == "Frozen({'a': (1,)})"
    plain = {"a": [1, {"b": [2]}], "c": "d"}
    twin = _copied(plain)
    assert twin == plain and twin["a"] is not plain["a"] and twin["a"][1] is not plain["a"][1]
    assert twin["a"][1]["b"] is not plain["a"][1]["b"]
    assert _copied([[1], {"x": []}]) == [[1], {"x": []}]


def test_a_clone_plays_on_alone_and_shows_what_the_original_showed():
    state = exchange_table()
    state.apply("target 1")
    state.apply("count 1")
    before = snapshot(state)
    other = state.clone()
    assert snapshot(other) == before
    assert other.rng.getstate() == state.rng.getstate() and other.rng.draws == state.rng.draws
    other.apply("give red-maid")
    other.apply("give blue-jester")
    assert snapshot(state) == before and snapshot(other) != before
    again = state.clone()
    again.apply("give red-maid")
    again.apply("give blue-jester")
    assert snapshot(again) == snapshot(other)
    # a Butler under way: the swaps worked out are copied too
    state = played(arrange(**BUTLER_TABLE), "play red-butler")
    first = state.legal_actions()
    other = state.clone()
    assert snapshot(other) == snapshot(state)
    other.apply("swap 0 red-guard")
    other.apply("with 2 green-general")
    assert state.phase == "swap" and state.legal_actions() == first
    assert state.displays[2] == ["green-general"] and other.displays[2] == ["red-guard"]


def test_sample_state_is_the_same_world_for_the_same_seed():
    state = played(arrange(hands={0: ["red-accountant", "red-maid", "grey-guard", "red-general", "red-jester",
                                      "grey-butler"]}), "play red-maid", "discard red-jester")
    view = state.view(1)
    one, two = GAME.sample_state(view, 7), GAME.sample_state(view, 7)
    assert one.hands == two.hands and one.pile == two.pile and one.discards == two.discards
    assert snapshot(one.apply(one.legal_actions()[0])) == snapshot(two.apply(two.legal_actions()[0]))
    assert any(GAME.sample_state(view, seed).hands != one.hands for seed in range(8, 12))


# ---- sampled worlds and clones, at every step of random games (mutation testing) ------------

from royaltable.games.whispers.rules import Frozen, face_down  # noqa: E402

PUBLIC_CHOICES = ("next", "target", "count", "swap", "with", "return")


def random_games(games, seed=0):
    """(state, step, rng) at every step of `games` seeded random games of 3 to 5 players,
    the options on and off; the state goes on when the caller has looked at it."""
    for g in range(games):
        players = 3 + g % 3
        options = {"sixth_two_points": g % 2 == 0, "recorded_tiebreak": g % 4 < 2}
        state = GAME.new(players, seed=seed + g, options=options)
        rng = random.Random(seed + g)
        step = 0
        while True:
            yield state, step, rng
            if state.over:
                break
            state.apply(rng.choice(state.legal_actions()))
            step += 1


def private_sides_agree(state, seat=None):
    """Every play's private side as the rules write it: a Maid play's (once the card is
    discarded) for its player, an exchange's for both parties, nothing else private; the
    face-down discards are the face-down Maid plays' cards, in order; every card one of the
    game's. For a world sampled from `seat`'s view, only the exchanges `seat` took part in
    mirror each other (the other sides are any cards: nobody can read them)."""
    cards = set(deck(state.players))
    for event in state.history:
        private = event.get("private")
        if event["effect"] == "maid" and "reshuffled" in event:
            assert set(private) == {event["seat"]}
            side = private[event["seat"]]
            assert set(side) == {"discarded", "drew"} and {side["discarded"], side["drew"]} <= cards
        elif event["effect"] == "wizard" and event.get("exchanged"):
            assert set(private) == {event["seat"], event["target"]}
            for side in private.values():
                assert set(side) == {"gave", "got"}
                assert len(side["gave"]) == len(side["got"]) == event["count"]
                assert set(side["gave"]) | set(side["got"]) <= cards
            wizard, target = private[event["seat"]], private[event["target"]]
            if seat is None or seat in private:
                assert list(wizard["gave"]) == list(target["got"])
                assert list(wizard["got"]) == list(target["gave"])
        else:
            assert "private" not in event, event
    assert list(state.discards) == [e["private"][e["seat"]]["discarded"] for e in face_down(state.history)]


def world_agrees(state, seat, world):
    """A world sampled from `seat`'s view of `state` is one that view could come from."""
    view = state.view(seat)
    assert world.view(seat) == view
    assert world.game is GAME and world.record()["game"] == "whispers"
    assert world.players == state.players and world.options == state.options
    cards = (Counter(c for h in world.hands for c in h) + Counter(world.pile) + Counter(world.discards)
             + Counter(c for d in world.displays for c in d))
    assert cards == Counter(deck(state.players))
    for other, known in enumerate(knowledge(view)):
        if known is not None:
            assert not Counter(known) - Counter(world.hands[other])
    assert sorted(world.kings + world.kings_seen) == sorted(KINGS)
    private_sides_agree(world, seat)
    ex = state.exchange
    if ex is not None:
        other = world.exchange
        assert {k: other[k] for k in ("wizard", "target", "count")} == {k: ex[k] for k in ("wizard", "target",
                                                                                            "count")}
        assert not Counter(other["given"]) - Counter(world.hands[ex["wizard"]])
        if ex["target"] is not None:
            assert not Counter(other["taken"]) - Counter(world.hands[ex["target"]])
    else:
        assert world.exchange is None
    if not state.over and (state.phase in PUBLIC_CHOICES or seat == state.current):
        assert world.legal_actions() == state.legal_actions()
    if not state.over:
        assert world.legal_actions()
    twin = world.clone()
    assert twin.view(seat) == view and twin.exchange == world.exchange


def test_sample_state_agrees_with_every_seats_view_at_every_step_of_random_games():
    for state, step, rng in random_games(8):
        private_sides_agree(state)                      # what the checks read, on the real game
        for seat in range(state.players):
            if (step + seat) % 4:
                continue
            world = GAME.sample_state(state.view(seat), step)
            world_agrees(state, seat, world)
            if step % 20 == seat:                       # and it plays on to the end
                play_random(world, random.Random(step))
                assert world.result() is not None


def test_sample_state_plays_on_the_same_for_the_same_seed():
    # the sampled world's own luck (its next deals) comes from the seed too
    for state, step, rng in random_games(3, seed=40):
        if step % 30 == 5 and not state.over:
            view = state.view(state.current)
            one, two = GAME.sample_state(view, step), GAME.sample_state(view, step)
            play_random(one, random.Random(step))
            play_random(two, random.Random(step))
            assert snapshot(one) == snapshot(two) and one.record() == two.record()


def test_sampled_worlds_have_many_futures():
    # each sampled world draws its own seed for the luck to come: not a few dozen of them
    view = GAME.new(4, seed=3).view(0)
    assert len({GAME.sample_state(view, seed).seed for seed in range(100)}) == 100


def test_sample_state_refuses_a_view_the_deck_cannot_explain():
    view = played(arrange(hands={0: ["red-maid", "red-guard", "red-jester", "red-wizard", "red-general",
                                     "red-butler"]}), "play red-maid", "discard red-jester").view(1)
    GAME.sample_state(view, 1)
    view["discards"] += 1
    with pytest.raises(AssertionError, match="^the deck and the view disagree$"):
        GAME.sample_state(view, 1)


def test_sample_state_gives_the_seat_to_move_a_card_it_may_play():
    # seat 1 must hold its General (anything else and the round would have ended, WH-19):
    # every sampled world gives it one
    state = arrange(hands={1: ["blue-general"]}, to_act=1, king="king-jester",
                    displays={1: ["blue-accountant", "blue-wizard", "blue-maid", "blue-butler", "blue-guard"]})
    view = state.view(0)
    for seed in range(12):
        world = GAME.sample_state(view, seed)
        assert world.view(0) == view and character_of(world.hands[1][0]) == "general"
        assert world.legal_actions() == ["play " + world.hands[1][0]]


def character_of(card):
    return card.split("-")[1]


def reshuffle_table():
    """Seats 1 and 2 discarded the whole pile face down (a constructed history); seat 0's
    Maid then makes the discards the new pile, and seat 1's Maid discards again."""
    state = arrange(hands={0: ["blue-maid", "red-guard", "red-jester", "red-general", "red-butler", "red-wizard"],
                           1: ["green-maid", "blue-guard", "blue-jester", "blue-general", "blue-butler",
                               "blue-wizard"]})
    state.discards, state.pile = state.pile, []
    state.history = [{"seat": 1 + i % 2, "card": "grey-maid", "effect": "maid", "next": 0, "reshuffled": False,
                      "private": {1 + i % 2: {"discarded": card, "drew": "grey-jester"}}}
                     for i, card in enumerate(state.discards)]
    return played(state, "play blue-maid", "discard red-guard", "play green-maid", "discard blue-guard")


def test_sample_after_the_maid_reshuffled_the_discards_keeps_only_the_face_down_ones():
    state = reshuffle_table()
    assert state.history[-2]["reshuffled"] is True and state.discards == ["blue-guard"]
    assert face_down(state.history) == [state.history[-1]]
    assert my_discards(state.view(1)) == ["blue-guard"] and my_discards(state.view(0)) == []
    private_sides_agree(state)
    for seat in range(3):
        for seed in range(4):
            world = GAME.sample_state(state.view(seat), seed)
            world_agrees(state, seat, world)
            play_random(world, random.Random(seed))


def test_face_down_is_the_maid_plays_since_the_last_reshuffle():
    def maid(reshuffled=None):
        return {"effect": "maid"} if reshuffled is None else {"effect": "maid", "reshuffled": reshuffled}
    general = {"effect": "general", "reshuffled": True}
    history = [maid(False), maid(False), maid(True), maid(False), general, maid(False), maid()]
    assert face_down(history) == [history[3], history[5]]
    assert face_down(history[:3]) == [] and face_down(history[:2]) == history[:2]
    assert face_down([general, maid(False)]) == [{"effect": "maid", "reshuffled": False}]


def test_a_clone_equals_shares_nothing_and_plays_on_as_the_original_at_every_step():
    def mutable_parts(value, found):
        if isinstance(value, (list, dict, set)):
            found.add(id(value))
        if isinstance(value, dict):
            for v in value.values():
                mutable_parts(v, found)
        elif isinstance(value, (list, tuple, set)):
            for v in value:
                mutable_parts(v, found)
        return found              # (a Frozen is shared on purpose: it never changes)

    def parts(state):
        found = set()
        for name, value in vars(state).items():
            if name not in ("game", "options"):      # the game, and options nobody changes
                mutable_parts(value, found)
        return found

    for game in range(6):
        players = 3 + game % 3
        state = GAME.new(players, seed=20 + game, options={"sixth_two_points": game % 2 == 0})
        rng, following = random.Random(game), []
        while True:
            one, two = state.clone(), state.clone()
            assert set(vars(one)) == set(vars(state))
            for name, value in vars(state).items():
                if name == "rng":
                    assert one.rng is not value and one.rng.getstate() == value.getstate()
                    assert one.rng.draws == value.draws
                else:
                    assert vars(one)[name] == value, name
            assert not parts(one) & parts(state)
            # the finished plays are frozen once and shared by every copy made later
            assert all(type(e) is Frozen for e in one.history[:-1])
            assert all(a is b for a, b in zip(one.history[:-1], two.history[:-1]))
            if len(state.actions) % 3 == 0:
                following.append(one)
            for other in following[:-2]:      # the clones made earlier play on as the original
                assert snapshot(other) == snapshot(state)
            following = following[-2:]
            if state.over:
                break
            action = rng.choice(state.legal_actions())
            for other in [state, *following]:
                other.apply(action)


# ---- each play's public record, the round's summary, views (mutation testing) ---------------

def test_every_plays_public_record_key_for_key():
    # no effect: silenced (WH-18), the Wizard with nobody to exchange with, the Butler early or
    # with no swap, the Guard alone (the Jester's own record: nothing more than any play's)
    def first_play(action, **table):
        return last(played(arrange(**table), action))
    assert first_play("play red-accountant", king="king-accountant") == {
        "seat": 0, "card": "red-accountant", "effect": None, "next": 0, "why": "silenced"}
    state = arrange(hands={0: ["grey-wizard", "red-maid"]},
                    displays={0: ["red-general", "red-butler", "red-guard", "red-jester"]})
    state.hands[1], state.hands[2] = [], []
    assert last(played(state, "play grey-wizard")) == {
        "seat": 0, "card": "grey-wizard", "effect": None, "next": None, "why": "empty", "tied": [1, 2]}
    assert first_play("play red-butler", played=1) == {
        "seat": 0, "card": "red-butler", "effect": None, "next": 0, "why": "early"}
    assert first_play("play red-butler", hands={0: ["red-butler", "red-maid"]}, displays={1: ["blue-maid"]},
                      played=4) == {
        "seat": 0, "card": "red-butler", "effect": None, "next": 0, "why": "no-swap"}
    assert first_play("play red-guard") == {"seat": 0, "card": "red-guard", "effect": None, "next": 0,
                                            "why": "alone"}
    assert first_play("play red-jester", hands={0: ["red-jester", "red-maid"]}) == {"seat": 0, "card": "red-jester", "effect": "jester", "next": 0}
    state = arrange(hands={0: ["red-general", "red-maid"]})
    state.kings = ["king-maid", "king-wizard"]
    assert last(played(state, "play red-general")) == {
        "seat": 0, "card": "red-general", "effect": "general", "next": 0, "king": "king-wizard",
        "reshuffled": False}
    # under way: the Wizard's choices to come, the Maid's discard to come
    assert last(exchange_table()) == {"seat": 0, "card": "red-wizard", "effect": "wizard", "next": None,
                                      "target": None, "count": None}
    assert last(played(exchange_table(), "target 1")) == {
        "seat": 0, "card": "red-wizard", "effect": "wizard", "next": None, "target": 1, "count": None}
    assert first_play("play red-maid") == {"seat": 0, "card": "red-maid", "effect": "maid", "next": None}


def test_round_summaries_lay_open_the_stuck_hand_or_name_the_sixth_card_and_no_private_side():
    # A: seat 0's Maid hands the turn to seat 1, who cannot play
    state = arrange(hands={0: ["blue-maid", "red-guard"], 1: ["grey-guard"]},
                    displays={0: ["red-accountant", "red-wizard", "red-butler", "red-general"],
                              1: ["blue-accountant", "blue-wizard", "blue-butler", "blue-guard", "blue-general"]})
    drawn = state.pile[-1]
    played(state, "play blue-maid", "discard red-guard")
    for seat in (None, 0, 1, 2):
        summary = state.view(seat)["rounds"][-1]
        assert (summary["end"], summary["seat"], summary["hand"], summary["card"]) == ("A", 1, ["grey-guard"], None)
        assert summary["last"] == {"seat": 0, "card": "blue-maid", "effect": "maid", "next": 1,
                                   "reshuffled": False}
        assert "red-guard" not in json.dumps(summary) and drawn not in json.dumps(summary)
    # B: the sixth card, and no hand laid open
    state = arrange(hands={0: ["red-accountant"]},
                    displays={0: ["red-wizard", "red-maid", "red-butler", "red-guard", "red-general"]})
    summary = played(state, "play red-accountant").view(None)["rounds"][-1]
    assert (summary["end"], summary["seat"], summary["hand"], summary["card"]) == ("B", 0, None, "red-accountant")
    assert summary["last"] == {"seat": 0, "card": "red-accountant", "effect": None, "next": None, "why": "sixth"}


def test_wh19_a_starter_dealt_only_jesters_under_the_jester_king_ends_the_round_at_once():
    # 4 players: six Jesters in the deck; the next deal gives them all to seat 0, who starts
    state = GAME.new(4, seed=1)
    state.king = "king-jester"
    state.kings_seen = ["king-jester"]

    def rigged(cards):
        del state.rng.shuffle                             # this deal only
        cards.sort(key=lambda card: not card.endswith("-jester"))

    state.rng.shuffle = rigged
    state._deal(0)
    jesters = ["red-jester", "blue-jester", "green-jester", "yellow-jester", "grey-jester", "grey-jester"]
    assert state.view(None)["rounds"] == [{
        "round": 2, "end": "A", "seat": 0, "hand": jesters, "card": None, "points": [0, 1, 1, 1],
        "displays": [[], [], [], []], "sizes": [0, 0, 0, 0], "totals": [0, 1, 1, 1], "recorded": [0, 0, 0, 0],
        "last": None}]
    assert state.round_no == 3 and state.current == 0 and state.phase == "play"   # WH-21: it starts again
    assert state.king == "king-jester" and state.history == []


def test_butler_the_first_card_may_be_picked_in_the_later_display():
    state = played(arrange(**BUTLER_TABLE), "play red-butler", "swap 2 green-general")
    assert state.legal_actions() == ["with 0 red-wizard", "with 0 red-guard", "with 1 blue-maid",
                                     "with 1 blue-wizard"]
    state.apply("with 0 red-guard")
    assert state.displays[0] == ["red-wizard", "green-general", "red-butler"] and state.displays[2] == ["red-guard"]


def test_views_show_each_side_of_an_exchange_only_its_own_picks():
    state = played(exchange_table(), "target 1", "count 2", "give red-maid")
    assert [state.view(s)["exchange"]["mine"] for s in (None, 0, 1, 2)] == [[], ["red-maid"], [], []]
    played(state, "give red-jester", "give blue-guard")
    assert state.phase == "answer"
    assert [state.view(s)["exchange"]["mine"] for s in (None, 0, 1, 2)] == [
        [], ["red-maid", "red-jester"], ["blue-guard"], []]
    assert state.view(2)["exchange"] == {"wizard": 0, "target": 1, "count": 2, "given": 2, "taken": 1, "mine": []}
    assert all(state.view(s)["game"] == "whispers" for s in (None, 0))


def test_views_show_the_butlers_first_card_only_while_its_partner_is_chosen():
    # a grey Butler: after the swap the turn goes to a tie, the player of the Butler choosing
    state = arrange(hands={0: ["grey-butler", "red-maid", "red-jester"]},
                    displays={0: ["red-wizard", "red-guard"], 1: ["blue-maid"], 2: ["green-general"]})
    played(state, "play grey-butler")
    assert state.view(None)["first_pick"] is None
    state.apply("swap 0 red-guard")
    assert [state.view(s)["first_pick"] for s in (None, 0, 1)] == [[0, "red-guard"]] * 3
    state.apply("with 2 green-general")
    assert state.phase == "next" and state.legal_actions() == ["next 1", "next 2"]
    assert [state.view(s)["first_pick"] for s in (None, 0, 1)] == [None] * 3
    # a sampled world of the NEXT step plays on
    for seat in range(3):
        world_agrees(state, seat, GAME.sample_state(state.view(seat), seat))


def test_a_new_game_is_round_one_and_knows_its_game():
    state = GAME.new(3, seed=1)
    assert state.view(None)["round"] == 1 and state.round_no == 1
    assert state.record() == {"game": "whispers", "options": {"recorded_tiebreak": False, "sixth_two_points": False},
                              "seed": 1, "players": 3, "actions": []}
    first = snapshot(state)
    state.apply(state.legal_actions()[0])
    assert snapshot(state.without_last(1)) == first
    # a clone before any play (no history yet)
    assert snapshot(GAME.new(3, seed=1).clone()) == first


def test_why_illegal_when_the_game_is_over_and_for_a_typed_action():
    state = stuck_finale()
    state.apply("play blue-jester")
    assert state.over
    refusal = state.why_illegal("play red-maid")
    assert (refusal.key, refusal.text, refusal.params, refusal.rule) == ("over", "the game is over", {}, None)
    # an action given as its typed value is named by its text
    expected = wrong_step("target 0", "play", "play a card from your hand (WH-8)")
    assert said(WH_SITUATIONS["play"](), Target(0)) == expected
    assert type(said(WH_SITUATIONS["play"](), Target(0))[2]["action"]) is str


def test_a_clone_made_now_and_then_freezes_every_finished_play():
    # several plays since the last copy (or none before): each of them frozen, none shared
    for game in range(3):
        state = GAME.new(3 + game, seed=30 + game)
        rng = random.Random(game)
        while not state.over:
            if rng.random() < 0.1:
                one = state.clone()
                assert all(type(e) is Frozen for e in one.history[:-1])
                assert all(type(e) is Frozen for e in state.history[:-1])
                if one.history:
                    assert one.history[-1] is not state.history[-1]
                assert snapshot(one) == snapshot(state)
            state.apply(rng.choice(state.legal_actions()))
