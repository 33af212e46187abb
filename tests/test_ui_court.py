"""To Court the King's table as cards (issue 20), in CPython: every character is a
card face with its figure, its requirement drawn as dice (a picture that is itself
a roll meeting the requirement) and the copies left; the supply lights what the
dice earn; each seat lists its characters; what a person taps (a character to
take, an ability) is a card; the "cards" panel holds every character; and the
marks that make things move (static/motion.js) are where they tell the story."""
import collections
import html.parser
import pathlib
import random
import re

import pytest

from royaltable import registry
from royaltable.games.court.rules import ABILITIES, CARDS, CHARACTERS, patterns_met
from screens import start
from ui import figures
from ui.games.court import COVER
from ui.games.court import pictures
from ui.games.court.table import TABLE, dice_keys

GAME = registry.get("court")
GROUP_FACE = {"a": 6, "b": 5, "c": 4}     # the dice of a group: any one face, the same


# ---- reading the markup -----------------------------------------------------------

class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.children = tag, dict(attrs), parent, []
        self.text = []

    @property
    def classes(self):
        return (self.attrs.get("class") or "").split()

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()

    def all_text(self):
        return "".join(t for n in self.walk() for t in n.text)

    def find(self, predicate):
        return [n for n in self.walk() if predicate(n)]

    def ancestor(self, predicate):
        node = self.parent
        while node is not None and not predicate(node):
            node = node.parent
        return node


VOID = {"br", "img", "input", "hr", "meta", "link", "source", "wbr", "area", "base", "col", "embed", "track"}


class Tree(html.parser.HTMLParser):
    """The page as a tree of nodes (SVG's self-closed elements too)."""
    def __init__(self, markup):
        super().__init__(convert_charrefs=True)
        self.root = self.node = Node("root", {}, None)
        self.feed(markup)

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.node)
        self.node.children.append(node)
        if tag not in VOID:
            self.node = node

    def handle_startendtag(self, tag, attrs):
        self.node.children.append(Node(tag, attrs, self.node))

    def handle_endtag(self, tag):
        node = self.node
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.node = node.parent

    def handle_data(self, data):
        self.node.text.append(data)


def tree(markup) -> Node:
    return Tree(markup).root


def part(markup, first, last) -> Node:
    """A part of the table, read as a tree: from its opening tag to the next part's."""
    start = markup.index(first)
    return tree(markup[start:markup.index(last, start)])


def tray(markup) -> Node:
    """The dice tray alone (drawn between the seats and the supply)."""
    return part(markup, '<div class="ct-tray"', '<div class="ct-supply"')


def supply(markup) -> Node:
    return part(markup, '<div class="ct-supply"', '</section>')


def seats(markup) -> Node:
    return part(markup, '<div class="plates ct-plates"', '<div class="ct-tray"')


def faces(root):
    """Every card face drawn (not the backs)."""
    return root.find(lambda n: n.tag == "span" and "card" in n.classes and "card-back" not in n.classes)


def the_figure(face):
    """The figure a face draws: (game, figure) of its <use>, in its art."""
    art = [n for n in face.children if "card-art" in n.classes]
    uses = [n for a in art for n in a.walk() if n.tag == "use"]
    assert len(uses) == 1, face.attrs
    ref = uses[0].attrs["href"]
    assert ref.startswith("#")
    game, _, name = ref.split("#")[1].partition("-")
    return game, name


# ---- games played to look at ----------------------------------------------------------

def court_screens(players=4, seed=3, lang="en"):
    """A whole game of people at one tablet (each taps what a quick computer would):
    (the screen before a move, the move, the app after it) at every move."""
    app = start(["human"] * players, game="court", seed=str(seed), lang=lang)
    match = app.match
    bots = [GAME.bots["quick"](seed=s) for s in range(players)]
    before = app.render()
    while not match.state.over:
        state = match.state
        seat = state.current
        action = bots[seat].choose(state.view(seat), state.legal_actions())
        app.handle("act", action)
        after = app.render()
        yield before, action, after, app
        before = after


@pytest.fixture(scope="module")
def whole_game():
    """Every screen of a 4-player game, in English: the screen before a move, the
    move, the screen after it, the state after it and its public view."""
    return [(before, action, after, app.match.state.clone(), app.match.state.view(None))
            for before, action, after, app in court_screens(players=4, seed=3)]


# ---- every card a drawn face ----------------------------------------------------------

def test_every_card_face_of_a_whole_game_has_the_figure_its_character_names(whole_game):
    named = figures.names("court")
    assert set(named) == set(CARDS)                     # a figure for each of the twenty
    checked = collections.Counter()
    for _, _, after, _, _ in whole_game[::15]:
        for face in faces(tree(after)):
            card = face.attrs.get("data-card")
            assert card in CHARACTERS, face.attrs
            assert the_figure(face) == ("court", card)
            assert face.all_text().strip(), "a card with no name"
            checked[card] += 1
    assert set(checked) == set(CARDS)


def test_the_supply_is_twenty_small_cards_lit_when_the_dice_earn_them(whole_game):
    lit_seen = gone_seen = 0
    for _, _, after, state, view in whole_game[::5]:
        cards = {f.attrs["data-card"]: f for f in faces(supply(after))}
        assert list(cards) == CARDS
        for card, face in cards.items():
            left = view["supply"][card]
            assert ("is-earned" in face.classes) == (card in view["earns"]), card
            assert ("is-gone" in face.classes) == (left == 0), card
            count = face.find(lambda n: "ct-left" in n.classes)[0]
            assert face.attrs.get("data-bump") == (None if left is None else str(left))   # pulses as it goes
            assert ("∞" if left is None else f"×{left}") in count.all_text()
            req = face.find(lambda n: "ct-req" in n.classes)[0]
            assert req.attrs["role"] == "img"
            assert CHARACTERS[card]["requirement"]["en"] in req.attrs["aria-label"]
            assert req.find(lambda n: "ct-req-dice" in n.classes)
        lit_seen += len(view["earns"])
        gone_seen += sum(left == 0 for left in view["supply"].values())
    assert lit_seen and gone_seen


def test_each_seat_lists_the_characters_it_holds_each_with_its_figure_and_whole_name(whole_game):
    """A seat may hold a dozen characters: each is a chip of its own with its figure and
    its name in words (no card hidden under another), the used ones marked."""
    kings = 0
    for _, _, after, state, view in whole_game[::5]:
        root = seats(after)
        for seat in range(view["players"]):
            plate = root.find(lambda n: n.attrs.get("data-key") == f"seat:{seat}")[0]
            listed = plate.find(lambda n: "ct-chips" in n.classes)
            held = [c["card"] for c in view["hands"][seat]]
            if seat == view["king_holder"]:
                held.append("king")
                kings += 1
            if not held:
                assert not listed
                continue
            chips = listed[0].find(lambda n: "ct-chip" in n.classes)
            assert sorted(c.attrs["data-card"] for c in chips) == sorted(held)
            used = {c["card"] for c in view["hands"][seat] if c["used"]}
            for chip in chips:
                card = chip.attrs["data-card"]
                assert chip.find(lambda n: "ct-chip-name" in n.classes)[0].all_text() == CHARACTERS[card]["name"]["en"]
                assert chip.find(lambda n: n.tag == "use"), card          # its figure
                assert ("is-used" in chip.classes) == (card in used)
                assert bool(chip.find(lambda n: "ct-used-mark" in n.classes)) == (card in used)
    assert kings


def test_what_a_person_taps_to_take_or_to_use_is_a_card(whole_game):
    takes = uses = 0
    for before, action, after, state, view in whole_game:
        root = tray(before)
        for button in root.find(lambda n: n.tag == "button" and n.attrs.get("data-cmd") == "act"):
            arg = button.attrs["data-arg"]
            verb, _, card = arg.partition(" ")
            if verb not in ("take", "use"):
                continue
            assert "card-btn" in button.classes and ("ct-take" if verb == "take" else "ct-ability") in button.classes
            inside = faces(button)
            assert [f.attrs["data-card"] for f in inside] == [card]
            assert CHARACTERS[card]["ability"]["en"] in inside[0].all_text()
            assert "aria-label" not in button.attrs             # its name: its words (axe: label in name)
            said = button.all_text()
            assert said.startswith(inside[0].all_text()) and said.endswith(
                ": take this one" if verb == "take" else ": use this ability")
            takes += verb == "take"
            uses += verb == "use"
    assert takes > 20 and uses > 20


def test_the_cards_panel_holds_every_character_large_with_its_requirement_and_ability():
    app = start(["human", "quick", "quick"], game="court", seed="4", lang="ja")
    view = app.match.state.view(None)
    panels = {p.key: p for p in TABLE.panels(view, _ctx(app))}
    assert set(panels) == {"scores", "cards"}
    root = tree(panels["cards"].drawn())
    drawn = faces(root)
    assert [f.attrs["data-card"] for f in drawn] == [c for tier in sorted({i["row"] for i in CHARACTERS.values()})
                                                     for c in CARDS if CHARACTERS[c]["row"] == tier]
    for face in drawn:
        info = CHARACTERS[face.attrs["data-card"]]
        assert "card-lg" in face.classes
        words = face.all_text()
        assert info["name"]["ja"] in words and info["requirement"]["ja"] in words and info["ability"]["ja"] in words
        assert face.find(lambda n: "ct-req-dice" in n.classes)
        left = view["supply"][face.attrs["data-card"]]
        assert ("無制限" if left is None else f"残り{left}") in words
    # and nothing of the sort stands under the table any more: the table's own
    # characters are the supply's small cards, the fans and the tray's cards
    table = tree(TABLE.render(view, _ctx(app)))
    assert not table.find(lambda n: "card-lg" in n.classes)


def _ctx(app):
    from ui.screens.table import Ctx
    return Ctx(app.t, app.match)


# ---- the requirement drawn as dice ---------------------------------------------------

def pictured_roll(card):
    """The roll a requirement's picture shows: a group's dice one face each group
    (6, 5, 4), dice with pips their faces, a 1-or-6 as both choices (two rolls),
    Σ N as dice summing to N. None for a picture that is not a roll."""
    spec = pictures.REQUIREMENTS[card]
    items = [i for row in spec["rows"] for i in row]
    if any(i in ("tick", "jester", "flip", "king") for i in items):
        return None
    rolls = [[]]
    for item in items:
        if isinstance(item, int):
            rolls = [r + [item] for r in rolls]
        elif item in pictures.GROUPS:
            face = GROUP_FACE[item]
            rolls = [r + [face] for r in rolls]
        elif item == "1|6":
            rolls = [r + [f] for r in rolls for f in (1, 6)]
        elif item.startswith("sum:"):
            total = int(item[4:])
            rolls = [r + [6] * (total // 6) + ([total % 6] if total % 6 else []) for r in rolls]
    return rolls


@pytest.mark.parametrize("card", CARDS)
def test_a_requirement_drawn_as_dice_is_a_roll_that_meets_it_and_no_die_is_too_many(card):
    rolls = pictured_roll(card)
    spec = pictures.REQUIREMENTS[card]
    if rolls is None:                                # no roll: always, own the Jester, with the King
        assert card in ("jester", "swindler", "queen")
        return
    for roll in rolls:
        assert card in patterns_met(roll), (card, roll)
        if any(str(i).startswith("sum:") for row in spec["rows"] for i in row):
            smaller = sorted(roll)
            smaller[-1] -= 1                         # one pip less: not enough
            assert card not in patterns_met(smaller), (card, smaller)
        elif not spec.get("frame"):                  # "all odd" pictures three of any number of dice
            for i in range(len(roll)):               # every die pictured is needed
                assert card not in patterns_met(roll[:i] + roll[i + 1:]), (card, roll, i)


STYLE = pathlib.Path(__file__).resolve().parents[1] / "py" / "ui" / "games" / "court" / "style.css"


def test_dice_of_a_group_share_colour_and_sign_and_groups_differ():
    css = STYLE.read_text()
    looks = {}
    for group in pictures.GROUPS:
        colour = re.search(rf"\.ct-d-{group} {{ background-color: (#[0-9a-f]{{6}})", css).group(1)
        sign = re.search(rf'\.ct-d-{group}::after {{ content: "(.)"', css).group(1)
        looks[group] = (colour, sign)
    assert len({c for c, _ in looks.values()}) == len({s for _, s in looks.values()}) == len(pictures.GROUPS)
    for card, sizes in {"farmer": [2], "astronomer": [2, 2], "lady": [3, 2], "priest": [2, 2, 2],
                        "noble": [3, 3], "king": [7]}.items():
        drawn = collections.Counter(re.findall(r'class="ct-d ct-d-([abc])"', pictures.requirement(card)))
        assert sorted(drawn.values(), reverse=True) == sorted(sizes, reverse=True), card
        assert len(re.findall(r'class="ct-d ', pictures.requirement(card))) == sum(sizes)


def test_dice_with_pips_show_their_faces_and_the_table_draws_its_dice_the_same_way():
    assert re.findall(r"ct-d-(\d)", pictures.requirement("alchemist")) == list("123456")
    assert re.findall(r"ct-d-(\w+)", pictures.requirement("maid")) == ["1", "3", "5"]
    assert 'is-frame' in pictures.requirement("maid") and 'is-frame' not in pictures.requirement("alchemist")
    css = STYLE.read_text()
    for face in range(1, 7):                           # each face: as many pips as it shows
        rule = re.search(rf"\.ct-d-{face} {{ background-image: ([^;]+);", css).group(1)
        assert rule.count("radial-gradient(") == face
        assert pictures.die_face(face) == f'<i class="ct-d ct-d-{face}" aria-hidden="true"></i>'


def test_every_requirement_picture_is_drawn_once():
    assert pictures.requirement("lady") is pictures.requirement("lady")


# ---- motion marks -----------------------------------------------------------------

def keys_in(root, where=lambda n: True):
    return [n.attrs["data-key"] for n in root.walk() if "data-key" in n.attrs and where(n)]


def test_keys_are_unique_on_every_screen(whole_game):
    for _, _, after, _, _ in whole_game:
        keys = re.findall(r'data-key="([^"]*)"', after)
        assert len(keys) == len(set(keys)), [k for k, n in collections.Counter(keys).items() if n > 1]


def zone_keys(root, aside: bool):
    zone = root.find(lambda n: "ct-zone" in n.classes and ("ct-zone-aside" in n.classes) == aside)[0]
    return keys_in(zone, lambda n: "ct-die" in n.classes)


def test_a_die_set_aside_keeps_its_key_and_the_other_dice_keep_theirs(whole_game):
    checked = 0
    for before, action, after, state, view in whole_game:
        if not action.startswith("aside "):
            continue
        was, now = tray(before), tray(after)
        active_before, aside_before = zone_keys(was, False), zone_keys(was, True)
        if not view["dice"]["rolled"]:
            continue                                  # the last die ended the turn: a new player's dice
        aside_now, active_now = zone_keys(now, True), zone_keys(now, False)
        moved = set(aside_now) - set(aside_before)
        assert moved and moved <= set(active_before), (action, active_before, aside_now)
        assert set(active_now) <= set(active_before)
        checked += 1
    assert checked > 30


def test_dice_keys_follow_faces_not_places():
    # "aside 5" takes the first 5 of [5, 2, 5]: whichever it is, the key that moves
    # is the one the first 5 drawn had, and the 2 keeps its key
    aside, active = dice_keys([], [5, 2, 5])
    after_aside, after_active = dice_keys([5], [2, 5])
    assert sorted(active) == ["die:2:0", "die:5:0", "die:5:1"]
    assert after_aside == ["die:5:0"] and sorted(after_active) == ["die:2:0", "die:5:1"]
    # a die whose face changes (an ability) is a new die; the others keep their keys
    assert set(dice_keys([], [3, 4])[1]) - set(dice_keys([], [5, 4])[1]) == {"die:3:0"}


def test_a_roll_tumbles_the_active_dice_and_nothing_else_does(whole_game):
    rolls = 0
    for before, action, after, state, view in whole_game:
        root = tray(after)
        assert 'data-roll="' not in after.replace(after[after.index('<div class="ct-tray"'):after.index(
            '<div class="ct-supply"')], "")            # nothing outside the tray tumbles
        rolling = root.find(lambda n: "data-roll" in n.attrs)
        if action == "roll":
            active = root.find(lambda n: "ct-die" in n.classes and n.ancestor(
                lambda a: "ct-zone" in a.classes and "ct-zone-aside" not in a.classes) is not None)
            assert active and rolling == active
            assert {n.attrs["data-roll"] for n in rolling} == {str(len(state.actions))}
            rolls += 1
        else:
            assert rolling == [], action
    assert rolls > 20


def test_a_character_taken_flies_from_the_card_tapped_and_the_king_is_one_thing(whole_game):
    taken = kings = 0
    for before, action, after, state, view in whole_game:
        if not action.startswith("take "):
            continue
        card = action.split()[1]
        was, now = tray(before), seats(after)
        seat = state.actors[-1]
        key = "king" if card == "king" else f"held:{seat}:{card}"
        held = now.find(lambda n: n.attrs.get("data-key") == key)
        assert len(held) == 1, key
        origins = held[0].attrs["data-from"].split()
        assert origins[0] == f"take:{card}"
        assert keys_in(was, lambda n: n.attrs.get("data-key") == f"take:{card}") == [f"take:{card}"]
        assert key not in keys_in(was)
        taken += 1
        kings += card == "king"
    assert taken > 10 and kings == 1
    # the King keeps its one key wherever it goes (a holder's fan): it glides between seats
    for _, _, after, _, view in whole_game:
        assert after.count('data-key="king"') == (view["king_holder"] is not None)


def test_a_die_an_ability_adds_flies_from_its_card_and_a_changed_one_from_the_card_used():
    from royaltable.games.court.rules import CourtState
    app = start(["human", "human"], game="court", seed="3")
    match = app.match
    state: CourtState = match.state
    app.handle("act", "roll")
    state.active, state.aside, state.aside_since_roll = [2, 4], [6], True
    state.hands[state.current] = ["maid", "smith"]
    match._public = state.view(None)
    before = tray(app.render())
    app.handle("act", "use smith")
    now = tray(app.render())
    new = [n for n in now.walk() if "ct-die" in n.classes and n.attrs.get("data-key") not in keys_in(before)]
    assert [n.attrs["data-from"] for n in new] == ["use:smith"]
    assert "use:smith" in keys_in(before)
    app.handle("act", "use maid")
    using = tray(app.render())
    assert keys_in(using, lambda n: n.attrs.get("data-card") == "maid") == ["using"]
    app.handle("act", "pick 2")
    app.handle("act", "value 5")
    done = tray(app.render())
    changed = [n for n in done.walk() if "ct-die" in n.classes and n.attrs.get("data-key") not in keys_in(using)]
    assert [(n.attrs["data-key"], n.attrs["data-from"]) for n in changed] == [("die:5:0", "using")]


# ---- the home cover -----------------------------------------------------------------

def test_the_cover_names_three_of_courts_figures_and_a_length():
    assert set(COVER["figures"]) <= set(figures.names("court")) and len(COVER["figures"]) == 3
    lo, hi = COVER["minutes"]
    assert 0 < lo < hi
    assert COVER["tone"] in ("plum", "red", "green", "blue", "gold", "grey", "teal", "brown", "ink")
