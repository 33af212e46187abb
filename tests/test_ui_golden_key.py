"""The 黄金の鍵 (golden_key) table in CPython: every phase drawn in both
languages, every legal action reachable through the board's two taps, the
board turned toward each player, the pass explained, the rescue offer, the log
in words, the rules text, escaping."""
import random
import re
from types import SimpleNamespace

import pytest

from royaltable import registry
from royaltable.games.golden_key.actions import Move
from royaltable.games.golden_key.rules import DIE, FACTION_OF, QUIET_TURNS, TURN_LIMIT, chips_for
from ui.app import App, log_line
from ui.i18n import CATALOG, Translator
from ui.i18n import rules_text
from ui.table import table_for
from ui import figures
from ui.games.golden_key.table import chosen_die, last_action_events

RULES = rules_text("golden_key")

GAME = registry.get("golden_key")
TABLE = table_for("golden_key")
BASIC = [1, 2, 3, 4, 0, 5, 6, 7, 8]           # 0: the re-roll card in the centre
HOME = {"red0": ("red:0", 1), "red1": ("red:2", 1), "blue0": ("blue:0", 1), "blue1": ("blue:2", 1)}


def position(places=None, mover=0, chips=(0, 0), rescue=(), options=None):
    """A state at the start of `mover`'s turn, dice where `places` says (bottom first)."""
    state = GAME.new(2, seed=1, options=options or {})
    geo = state.geo
    if state.board == "basic" and len(state.card) == 9 and 0 in state.card:
        state.card = list(BASIC)
    state.chips_on = [chips_for(c, state.arranged) for c in state.card]
    state.up = [True] * geo.cells
    state.stack = [[] for _ in range(geo.cells)]
    places = places or {}
    layout = {name: where for name, where in HOME.items() if name not in places}
    layout.update(places)                        # in the order given: bottom first
    for name, (where, value) in layout.items():
        die = DIE[name]
        state.value[die], state.arrived[die], state.spot[die] = value, -1, None
        if where in FACTION_OF:
            state.loc[die] = FACTION_OF[where]
        elif ":" in where:
            colour, spot = where.split(":")
            state.loc[die], state.spot[die] = FACTION_OF[colour], int(spot)
        else:
            state.loc[die] = geo.index[where]
            state.stack[geo.index[where]].append(die)
    state.chips, state.rescue, state.turn = list(chips), set(rescue), 5
    state.mover = state.to_act = mover
    state.phase, state.moves_done, state.flicked_own, state.offer, state.log = "move", 0, [], None, []
    state.seen = {state.position_key(): 1}
    state._start_flicks()
    return state


def ctx_for(state, lang="en", selection=(), hint=None, bots=(False, False), names=("Aki", "Ben")):
    actor = state.current if state.current is not None and not bots[state.current] else None
    return SimpleNamespace(t=Translator(lang), names=list(names), bots=list(bots), replay=False, viewer=None,
                           actor=actor, legal=state.legal_actions() if actor is not None else [],
                           interlude=None, lingering=False, selection=list(selection), hint=hint,
                           last_action=state.actions[-1] if state.actions else None, forced=None,
                           moves=len(state.actions))


def draw(state, **kw):
    return TABLE.render(state.view(None), ctx_for(state, **kw))


def buttons(html):
    return re.findall(r'data-cmd="(act|select)" data-arg="([^"]*)"', html)


def reachable(state, bots=(False, False)):
    """Every action a person can play on this screen: the buttons drawn, and the
    buttons drawn after tapping each die that can be tapped."""
    html = draw(state, bots=bots)
    found = {arg for cmd, arg in buttons(html) if cmd == "act"}
    for cmd, arg in buttons(html):
        if cmd == "select":
            found |= {a for c, a in buttons(draw(state, bots=bots, selection=[arg])) if c == "act"}
    return found


def random_states(count=6, options=None, seed=0):
    """States along random games (every phase a game passes through)."""
    rng = random.Random(seed)
    for game in range(count):
        state = GAME.new(2, seed=seed * 100 + game, options=options or {})
        while not state.over and len(state.actions) < 400:
            yield state
            state.apply(rng.choice(state.legal_actions()))
        yield state


# ---- every legal action is on the board, and nothing else -------------------------

@pytest.mark.parametrize("options", [{}, {"board": "advanced", "face_down": "on", "arranged": "C4"},
                                     {"board": "basic-A1", "arranged": "C3"}, {"arranged": "C2"}])
def test_every_legal_action_is_reachable_in_two_taps_and_only_those(options):
    checked = 0
    for state in random_states(3, options, seed=len(options)):
        if state.over:
            continue
        assert reachable(state) == set(state.legal_actions()), state.phase
        checked += 1
    assert checked > 50


def test_rescue_rules_actions_are_reachable_too():
    state = position({"red0": ("r0c1", 3)}, rescue=("R2", "R3"))
    assert {"roll red0", "return red0", "roll red1"} <= set(state.legal_actions())
    assert reachable(state) == set(state.legal_actions())


def test_a_die_is_picked_and_its_destinations_are_buttons_showing_the_new_value():
    state = position({"red0": ("r0c1", 3)})          # on the 2 card; 4 when it moves
    html = draw(state)
    acts = {a for c, a in buttons(html) if c == "act"}
    assert acts == {a for a in state.legal_actions() if isinstance(a, Move) and a.die == "red0"}   # the first die, picked
    assert "it will show 4" in html and "chosen" in html
    select = [a for c, a in buttons(html) if c == "select"]
    # the other die is picked by tapping it, on the board or in the panel
    assert set(select) == {"red1"} and "Move the 1 instead" in html
    picked = draw(state, selection=[select[0]])
    assert {a for c, a in buttons(picked) if c == "act"} == {a for a in state.legal_actions()
                                                             if isinstance(a, Move) and a.die == "red1"}
    assert "Move the 3 instead" in picked


def test_a_die_on_a_destination_is_part_of_it_and_picked_from_the_panel():
    state = position({"red0": ("r0c1", 3), "red1": ("r0c0", 5)})     # red0 may stack on red1
    html = draw(state)
    cell = re.search(r'<div class="gk-cell[^"]*"[^>]*>(?:(?!<div class="gk-cell).)*data-arg="move red0 r0c0"'
                     r'(?:(?!<div class="gk-cell).)*', html).group(0)
    assert 'data-cmd="select"' not in cell                               # one button per place
    assert "Move the 5 instead" in html


def test_taps_switch_the_picked_die():
    ctx = SimpleNamespace(selection=[], hint=None)
    both = ["red0", "red1"]
    assert chosen_die(ctx, both) == "red0" and chosen_die(ctx, []) is None
    ctx.selection = ["red1"]                 # tap red1
    assert chosen_die(ctx, both) == "red1"
    ctx.selection = ["red0"]                 # then red0 (a named select replaces the pick)
    assert chosen_die(ctx, both) == "red0"
    ctx.selection = ["blue0"]                # a die that cannot act now: the first
    assert chosen_die(ctx, both) == "red0"
    assert chosen_die(SimpleNamespace(selection=[], hint="move red1 r0c1"), both) == "red1"


def test_a_move_that_wins_a_chip_is_starred():
    state = position({"red0": ("r0c0", 1)})           # to the 2 card (r0c1) as a 2: a match
    picked = draw(state, selection=["red0"])
    target = re.search(r'<button[^>]*data-arg="move red0 r0c1".*?</button>', picked).group(0)
    assert "is-win" in target and "wins 1 chip" in target
    other = re.search(r'<button[^>]*data-arg="move red0 r1c0".*?</button>', picked).group(0)
    assert "is-win" not in other


# ---- the flick, the re-roll, the pass, R1 ------------------------------------------------

def test_the_flick_is_said_in_words_and_its_die_marked_before_the_move():
    state = position({"red0": ("r1c0", 2), "blue0": ("r1c0", 5)}, mover=0)
    assert state.phase == "flick"
    html = draw(state)
    assert "Step 1, flick" in html and "Ben&#x27;s die showing 5 sits on your die" in html
    assert "gk-flick-tag" in html and "is-flicked" in html
    # the only die to flick is picked already: its destinations are buttons at once
    assert {a for c, a in buttons(html) if c == "act"} == set(state.legal_actions())
    ja = draw(state, lang="ja")
    assert "弾く" in ja


def test_reroll_is_optional_after_a_move_and_compulsory_after_a_flick():
    state = position({"red0": ("r0c1", 3)})
    state.apply("move red0 r1c1")                          # onto the re-roll card
    html = draw(state)
    assert {a for c, a in buttons(html)} == {"reroll", "keep"} and "Keep the 4" in html
    forced = position({"red0": ("r0c1", 2), "blue0": ("r0c1", 3)})
    forced.apply("flick blue0 r1c1")
    html = draw(forced)
    assert {a for c, a in buttons(html)} == {"reroll"} and "must be re-rolled" in html


def test_a_pass_with_no_legal_move_is_explained_die_by_die():
    state = position({"blue0": ("r0c0", 2), "red0": ("r0c0", 3), "blue1": ("r0c2", 4), "red1": ("r0c2", 1)},
                     mover=1)
    state.flicks, state.phase = [], "move"
    assert state.legal_actions() == ["pass"]
    html = draw(state)
    assert "None of your dice can move" in html
    assert html.count("another die sits on it") == 2
    assert buttons(html) == [("act", "pass")]


def test_r1_second_move_can_be_skipped():
    state = position({"red0": ("r0c1", 3)}, rescue=("R1",))
    for i, chips in enumerate(state.chips_on):
        if state.card[i] < 7:
            state.chips_on[i] = 0
    state.apply("move red0 r0c0")
    assert state.moves_done == 1 and "end" in state.legal_actions()
    html = draw(state)
    assert "Second move (R1)" in html and ("act", "end") in buttons(html)


# ---- the rescue offer (GK-26) --------------------------------------------------------------

def offered():
    state = position()
    state.phase, state.offer = "offer", {"rule": None, "by": 0, "asked": [], "why": "repeat"}
    return state


def test_the_rescue_offer_is_a_dialog_in_clear_words_for_both_players():
    state = offered()
    html = draw(state)
    assert 'role="dialog"' in html and "The same position has come up a third time" in html
    assert {a for c, a in buttons(html)} == {"propose R1", "propose R2", "propose R3", "decline"}
    assert "Aki, you may propose a rescue rule to Ben" in html
    state.apply("propose R2")
    html = draw(state)
    assert "Aki proposes rescue rule R2. Ben, do you agree?" in html
    assert {a for c, a in buttons(html)} == {"accept", "refuse"}
    assert "re-roll one of your dice where it stands" in html
    # two people: the dialog faces whoever decides (Ben sits near: upright)
    assert 'class="gk-panel gk-offer"' in html and "gk-offer-other" in html


def test_the_offer_faces_the_far_player_when_they_decide():
    state = offered()                       # red (far, with two people) proposes
    assert 'gk-offer is-facing' in draw(state)


# ---- both sides of the tablet ------------------------------------------------------------------

def test_each_players_faction_is_on_their_side():
    state = position()
    two = draw(state)
    assert re.search(r'gk-faction gk-faction-red is-far', two)
    assert 'gk-plate-far gk-plate-red is-facing' in two      # red reads their plate from the top
    lone_red = TABLE.render(state.view(None), ctx_for(state, bots=(False, True)))
    assert re.search(r'gk-faction gk-faction-red is-near', lone_red) and "is-turned" in lone_red
    assert "is-facing" not in lone_red
    lone_blue = TABLE.render(state.view(None), ctx_for(state, bots=(True, False)))
    assert re.search(r'gk-faction gk-faction-blue is-near', lone_blue) and "is-turned" not in lone_blue


# ---- every card a face of the collection, with its figure ------------------------------------

FACE = re.compile(r'<span class="card (?!card-back)[^"]*"[^>]*>.*?<span class="card-art">(.*?)</span>', re.S)


def faces(html):
    """The figure drawn on each card face (not a back) in `html`, in order."""
    return [re.search(r'href="#golden_key-([\w-]+)"', art).group(1)
            if "<use" in art else None for art in FACE.findall(html)]


@pytest.mark.parametrize("options", [{}, {"board": "advanced", "face_down": "on", "arranged": "C2"},
                                     {"board": "basic-A1"}])
def test_every_card_on_the_board_is_a_face_with_a_figure_its_figures_toml_names(options):
    named = figures.names("golden_key")
    for state in random_states(1, options, seed=3):
        view = state.view(None)
        html = draw(state)
        drawn = faces(html)
        up = [cell for cell in view["cells"] if cell["card"] is not None]
        assert len(drawn) == len(up) + 2 and None not in drawn          # + the two faction cards
        assert set(drawn) <= set(named)
        assert drawn.count("red") == drawn.count("blue") == 1
        for cell in up:                                                  # each card its own figure
            figure_name = "reroll" if cell["card"] == "reroll" else "card-" + cell["card"]
            assert figure_name in drawn
        assert html.count('class="card card-back') == len(view["cells"]) - len(up)


def test_a_battle_card_shows_its_number_and_chips_and_a_won_card_is_grey():
    state = position({"red0": ("r0c0", 1)})
    state.apply("move red0 r0c1")                     # wins the 2 card's chip
    html = draw(state)
    two = re.search(r'<span class="card [^"]*" data-card="2".*?</span></span></span>', html, re.S).group(0)
    one = re.search(r'<span class="card [^"]*" data-card="1".*?</span></span></span>', html, re.S).group(0)
    assert "tone-grey" in two and "is-spent" in two and "gk-chip" not in two
    assert "tone-green" in one and one.count('class="gk-chip"') == 1
    assert '<span class="card-corner">1</span>' in one
    six = GAME.new(2, seed=1)
    assert '<span class="card-corner"><span class="gk-69">6</span></span>' in draw(six)   # 6 underlined


def test_the_panels_hold_the_rules_in_play_and_every_card_as_a_reference():
    state = GAME.new(2, seed=3, options={"board": "advanced", "face_down": "on", "arranged": "C2"})
    panels = {p.key: p for p in TABLE.panels(state.view(None), ctx_for(state))}
    assert list(panels) == ["guide", "cards"]
    cards = panels["cards"].drawn()
    drawn = faces(cards)
    assert drawn == [f"card-{n}" for n in range(1, 13)] + ["reroll", "red", "blue"]
    assert "card-back" in cards and "turns up when a die arrives" in cards
    assert "data-card" not in cards                       # references: not cards on the table
    assert "C2" in panels["guide"].drawn() and "A turn" in panels["guide"].drawn()
    basic = GAME.new(2, seed=3, options={"board": "basic-A1"})
    drawn = faces(TABLE.panels(basic.view(None), ctx_for(basic))[1].drawn())
    assert drawn == [f"card-{n}" for n in range(1, 10)] + ["red", "blue"]    # A1: no re-roll card


# ---- nothing of a face-down card in the drawing ------------------------------------------------

def test_a_face_down_card_is_drawn_the_same_whatever_it_is():
    """The drawing depends on where face-down cards lie, never on what they are:
    two boards that differ only in the face-down cards' identities draw alike."""
    state = position({"red0": ("r0c0", 5)}, options={"board": "advanced", "face_down": "on"})
    hidden = [i for i in range(state.geo.cells) if state.card[i] not in (1, 2)]
    for i in hidden:
        state.up[i] = False
    other = state.clone()
    cards = [other.card[i] for i in hidden]
    for i, card in zip(hidden, cards[1:] + cards[:1]):   # the hidden cards change places
        other.card[i] = card
    assert [state.card[i] for i in hidden] != [other.card[i] for i in hidden]
    for lang in ("en", "ja"):
        assert draw(state, lang=lang) == draw(other, lang=lang)
        assert [p.drawn() for p in TABLE.panels(state.view(None), ctx_for(state, lang=lang))] == \
            [p.drawn() for p in TABLE.panels(other.view(None), ctx_for(other, lang=lang))]
    back = re.search(r'<span class="card card-back[^>]*>', draw(state)).group(0)
    assert "data-card" not in back and re.search(r'data-key="gk:back:r\dc\d"', back)


# ---- motion: marks of what happened (static/motion.js) ----------------------------------------

def keys(html):
    return re.findall(r'data-key="([^"]*)"', html)


def attrs_of(html, key):
    """The attributes of the element keyed `key`."""
    return re.search(rf'<[a-z]+ [^>]*data-key="{re.escape(key)}"[^>]*>', html).group(0)


def test_the_dice_are_keyed_by_their_names_and_keys_are_unique_on_screen():
    for options in ({}, {"board": "advanced", "face_down": "on", "arranged": "C4"}):
        for state in random_states(1, options, seed=5):
            for selection in ((), state.legal_actions()[:1]):
                html = draw(state, selection=[a.split()[1] for a in selection if " " in a][:1])
                found = keys(html)
                assert len(found) == len(set(found)), [k for k in found if found.count(k) > 1]
                assert {"red0", "red1", "blue0", "blue1"} <= set(found), state.phase


def test_a_die_glides_where_it_goes_a_rolled_die_tumbles_and_only_that_one():
    state = position({"red0": ("r0c1", 3)})
    before = draw(state)
    state.apply("move red0 r1c1")                          # onto the re-roll card
    moved = draw(state)
    assert "data-roll" not in moved                        # a move glides (the same key), no tumble
    assert before.count('data-key="red0"') == moved.count('data-key="red0"') == 1
    assert re.search(r'gk-reroll[^"]*" style="[^"]*"[^>]*><span class="sr-only">[^<]*</span><span class="card[^>]*>'
                     r'.*?data-key="red0"', moved, re.S)
    state.apply("reroll")
    rolled = draw(state)
    assert f'data-roll="{len(state.actions)}"' in attrs_of(rolled, "red0")
    assert all("data-roll" not in attrs_of(rolled, die) for die in ("red1", "blue0", "blue1"))
    assert attrs_of(draw(state, selection=["red1"]), "red0") == attrs_of(rolled, "red0")   # a pick: the same


def test_the_dice_wait_in_their_players_tray_until_placed():
    state = GAME.new(2, seed=4)
    html = draw(state)
    trays = re.findall(r'<div class="gk-tray">.*?</div>', html, re.S)
    assert len(trays) == 2 and all(len(keys(tray)) == 2 for tray in trays)
    die = state.legal_actions()[0].die
    state.apply(state.legal_actions()[0])
    placed = draw(state)
    tray_keys = [k for tray in re.findall(r'<div class="gk-tray">.*?</div>', placed, re.S) for k in keys(tray)]
    assert die not in tray_keys and placed.count(f'data-key="{die}"') == 1


def test_a_won_chip_flies_from_its_card_to_its_winner_and_the_count_pulses():
    state = position({"red0": ("r0c0", 1)}, chips=(1, 0))
    before = draw(state)
    assert 'data-key="gk:chip:r0c1:0"' in before and 'data-key="gk:won:0:1"' not in before
    assert 'data-bump="1"' in attrs_of(before, "gk:count:0")
    state.apply("move red0 r0c1")                          # a 2 on the 2 card: red wins it
    after = draw(state)
    assert 'data-key="gk:chip:r0c1:0"' not in after
    assert 'data-from="gk:chip:r0c1:0"' in attrs_of(after, "gk:won:0:1")
    assert "data-from" not in attrs_of(after, "gk:won:0:0")            # the chip won before stays
    assert 'data-bump="2"' in attrs_of(after, "gk:count:0") and 'data-bump="0"' in attrs_of(after, "gk:count:1")


def test_the_two_chips_of_a_card_fly_together():
    state = position({"blue0": ("r2c1", 3), "red0": ("r2c0", 3)}, options={"board": "basic-A2"})
    assert state.card[state.geo.index["r2c1"]] == 7 and state.chips_on[state.geo.index["r2c1"]] == 2
    state.apply("move red0 r2c1")                          # a 4 on a 3 on the 7 card: two chips
    assert state.chips == [2, 0]
    after = draw(state)
    assert 'data-from="gk:chip:r2c1:0"' in attrs_of(after, "gk:won:0:0")
    assert 'data-from="gk:chip:r2c1:1"' in attrs_of(after, "gk:won:0:1")


def test_a_raid_takes_a_chip_from_the_other_players_plate():
    state = position({"red0": ("r2c1", 3)}, chips=(0, 2), options={"arranged": "C4"})
    state.apply("move red0 blue")                           # C4: into blue's faction card
    assert state.chips == [1, 1]
    after = draw(state)
    assert 'data-from="gk:won:1:1"' in attrs_of(after, "gk:won:0:0")


def test_a_card_turned_up_leaves_as_its_back_toward_its_face():
    state = position({"red0": ("r0c0", 4)}, options={"face_down": "on"})
    state.up[state.geo.index["r0c1"]] = False
    before = draw(state)
    back = attrs_of(before, "gk:back:r0c1")
    assert 'data-to="gk:card:r0c1"' in back and 'data-key="gk:card:r0c1"' not in before
    state.apply("move red0 r0c1")
    after = draw(state)
    assert 'data-key="gk:card:r0c1"' in after and "gk:back:r0c1" not in after


def test_where_the_last_moved_die_stood_its_outline_stays_until_the_next_move():
    state = position({"red0": ("r0c1", 3)})
    assert "gk-trail" not in draw(state)
    state.apply("move red0 r0c0")
    html = draw(state)
    assert html.count("gk-trail") == 1
    cell = re.search(r'<div class="gk-cell[^"]*" style="grid-row:2;grid-column:2"[^>]*>.*?</div>', html, re.S).group(0)
    assert 'class="gk-trail gk-red"' in cell                 # on the 2 card (r0c1), in red's colour
    assert "gk-trail" in draw(state, selection=["blue0"])    # a pick does not wipe it


def test_a_replay_says_nobody_is_thinking():
    state = position()
    ctx = ctx_for(state, bots=(True, False))
    assert "is thinking" in TABLE.render(state.view(None), ctx)
    ctx.replay, ctx.legal = True, []
    assert "is thinking" not in TABLE.render(state.view(None), ctx)


def test_what_moves_in_the_far_players_turned_plate_is_turned_back():
    state = GAME.new(2, seed=4)
    two = draw(state)                                      # two people: red's plate faces red
    far = re.search(r'<div class="gk-plate gk-plate-far gk-plate-red is-facing">.*?</div></div></div>', two, re.S)
    assert far and far.group(0).count('<span class="gk-unturn">') == 2          # red's two dice
    lone = TABLE.render(state.view(None), ctx_for(state, bots=(True, False)))
    assert "gk-unturn" not in lone and "is-facing" not in lone


def test_dice_differ_by_shape_as_well_as_colour_and_stacks_show_their_sum():
    state = position({"red0": ("r1c0", 2), "blue0": ("r1c0", 5)}, mover=1)
    html = draw(state)
    red = re.search(r'gk-red[^>]*>.*?</svg>', html).group(0)
    blue = re.search(r'gk-blue[^>]*>.*?</svg>', html).group(0)
    assert "<rect class=\"gk-die-body\"" in red and "<path class=\"gk-die-body\"" in blue
    assert "gk-slot-under" in html and "gk-slot-top" in html and "2+5=7" in html


def test_face_down_cards_carry_no_card_id_and_faces_do():
    state = GAME.new(2, seed=3, options={"face_down": "on"})
    html = draw(state)
    cards = re.findall(r'data-card="([^"]*)"', html)
    assert cards.count("red") == cards.count("blue") == 1              # the faction cards
    assert "gk-back" in html and [c for c in cards if c not in ("red", "blue")] == ["reroll"]   # GK-22
    html = draw(GAME.new(2, seed=3))
    assert len(re.findall(r'data-card="(\d+|reroll)"', html)) == 9


# ---- every phase, both languages, words for everything --------------------------------------

@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_screen_of_random_games_draws_with_no_missing_words(lang):
    for options in ({}, {"board": "advanced", "face_down": "on", "arranged": "C4"}, {"board": "basic-A2"}):
        for state in random_states(2, options, seed=7):
            for bots in ((False, False), (False, True), (True, True)):
                html = TABLE.render(state.view(None), ctx_for(state, lang=lang, bots=bots))
                html += "".join(p.drawn() for p in TABLE.panels(state.view(None), ctx_for(state, lang=lang, bots=bots)))
                if state.over:
                    html += TABLE.result_detail(state.view(None), ctx_for(state, lang=lang, bots=bots))
                assert not re.search(r">[^<]*\bgk\.[a-z_.]+", html), re.search(r"gk\.[a-z_.0-9]+", html)


def test_a_whole_game_through_the_app_logs_every_move_in_words():
    for lang in ("en", "ja"):
        app = App(lang)
        app.handle("setup", "golden_key")
        app.handle("kind", "1:quick")
        app.field("seed", "5")
        app.handle("start")
        rng = random.Random(2)
        for _ in range(3000):
            if app.match.state.over:
                break
            if app.pending_delay() is not None:
                app.step()
                continue
            html = app.render()
            found = buttons(html)
            acts = [a for c, a in found if c == "act"]
            if acts and rng.random() < .6 or not found:
                app.handle("act", rng.choice(acts))
            else:
                cmd, arg = rng.choice(found)
                app.handle(cmd, arg)
        assert app.match.state.over
        lines = [log_line(e, app.t, app.match.names) for e in app.match.log]
        assert len(lines) >= len(app.match.state.actions) // 2
        assert not any("gk." in line or "{" in line for line in lines)
        assert "勝者" in app.render() if lang == "ja" else "Winner" in app.render()


def test_the_latest_action_is_found_with_its_consequences():
    state = position({"red0": ("r0c0", 1)})
    state.apply("move red0 r0c1")                         # a 2 on the 2 card
    events = last_action_events(state.view(None))
    assert [e["do"] for e in events] == ["move", "score"]
    lines = TABLE.describe(position().view(None), "move red0 r0c1", 0, state.view(None), False)
    assert [key for key, _ in lines] == ["gk.log.move", "gk.log.score"]


def test_hostile_names_are_escaped():
    state = position()
    html = draw(state, names=("<b>x</b>", "Ben & co"))
    html += TABLE.result_detail(state.view(None), ctx_for(state, names=("<b>x</b>", "Ben & co")))
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html and "Ben &amp; co" in html


def test_a_suggested_move_picks_its_die_and_marks_it():
    state = position({"red0": ("r0c0", 1)})
    html = draw(state, hint="move red0 r0c1")
    assert 'data-arg="move red0 r0c1"' in html and "is-hint" in html


# ---- words: options, rules text ----------------------------------------------------------------

def test_every_option_has_a_label_in_both_languages():
    for name in GAME.options:
        for key in (f"option.golden_key.{name}", f"option.golden_key.{name}.value"):
            assert key in CATALOG and all(CATALOG[key])
    # each choice in words, naming the designer's rule as the rules page does
    for name, rule in (("board", "A1"), ("board", "A2"), ("face_down", "C1"), ("arranged", "C2"),
                       ("arranged", "C3"), ("arranged", "C4"), ("rescue", "R1"), ("rescue", "R2"), ("rescue", "R3")):
        choice = {"A1": "basic-A1", "A2": "basic-A2", "C1": "on"}.get(rule, rule)
        words = CATALOG[f"option.golden_key.{name}.{choice}"]
        assert rule in words[0] and rule in words[1]


def test_rules_text_has_every_rule_id_the_designer_and_the_story_in_both_languages():
    ids = {f"GK-{n}" for n in range(1, 30)}
    for lang in ("ja", "en"):
        items = [i for s in RULES[lang] for i in s["items"]]
        assert ids <= {i["id"] for i in items}
        text = " ".join(i["text"] for i in items)
        assert "ふみのりんぐ" in text and "2022" in text
        assert str(TURN_LIMIT) in text and str(QUIET_TURNS) in text
        for rule in ("A1", "A2", "C1", "C2", "C3", "C4", "R1", "R2", "R3"):
            assert rule in text
    assert [len(s["items"]) for s in RULES["ja"]] == [len(s["items"]) for s in RULES["en"]]
    assert "鍵" in RULES["ja"][0]["items"][1]["text"] and "key" in RULES["en"][0]["items"][1]["text"]


# ---- refusals in words ---------------------------------------------------------------------
def refusal_words(state, text, lang, seat=None):
    from royaltable import IllegalAction
    with pytest.raises(IllegalAction) as err:
        state.clone().apply(text, seat=state.current if seat is None else seat)
    return TABLE.refusal_words(err.value.refusal, Translator(lang), ["Aki", "Ben"])


def test_a_refusal_names_dice_cards_and_seats_as_drawn_in_both_languages():
    state = position({"red0": ("r0c0", 5), "blue0": ("r2c0", 2)})
    assert refusal_words(state, "move blue0 r1c0", "en") == \
        "that is not your die (the blue die showing 2): move one of your own"
    assert refusal_words(state, "move blue0 r1c0", "ja") == "青の2のダイスは相手のダイスです。自分のダイスを動かしてください"
    assert refusal_words(state, "move red0 r1c1", "en") == \
        "from the 1 card to the re-roll card is diagonal: dice move up, down, left or right only"
    assert refusal_words(state, "move red0 r1c1", "ja") == \
        "「1」のカードから振り直しカードへは斜めです。ダイスは上下左右にだけ動きます"
    assert refusal_words(state, "move red0 r0c0", "en") == "a die must leave the 1 card for another card"
    assert refusal_words(state, "pass", "en") == "you can move a die: passing is only for a player with no legal move"
    legal = state.legal_actions()[0]
    assert refusal_words(state, legal, "en", seat=1) == "it is Aki's turn, not Ben's"
    assert refusal_words(state, legal, "ja", seat=1) == "いまはAkiの番です（Benの番ではありません）"


def test_a_refusal_never_tells_a_face_down_card():
    state = position({"red0": ("r0c0", 5)}, options={"face_down": "on"})
    state.up[state.geo.index["r1c2"]] = False                 # the 5 card, face down (GK-22)
    for lang, words in (("en", "a die moves one card at a time: a face-down card is not next to the 1 card"),
                        ("ja", "裏向きのカードは「1」のカードの隣ではありません。ダイスは1枚ずつ動きます")):
        assert refusal_words(state, "move red0 r1c2", lang) == words
    state.up[state.geo.index["r1c2"]] = True
    assert refusal_words(state, "move red0 r1c2", "en") == \
        "a die moves one card at a time: the 5 card is not next to the 1 card"
