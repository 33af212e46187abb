"""The Krypkille table's cards, keys and motion marks (issue 20), in CPython: every
card drawn is the collection's card with its figure from figures.toml; hidden cards
are keyed by position only; a played card flies from its seat, a finished trick goes
to its winner, a new round is dealt from the stock, totals pulse; the deck is a
panel of cards."""
from __future__ import annotations

import collections
import re

import pytest

from royaltable.games.krypkille.rules import CARDS, PENALTY, RANK
from screens import play_until, start
from ui import figures
from ui.games.krypkille import COVER
from ui.games.krypkille.table import TABLE, card_label, face, tone
from ui.i18n import Translator
from ui.match import LINGER, SUMMARY

FIGURES = figures.names("krypkille")
TAG = re.compile(r"<(\w+)((?:\s+[\w-]+(?:=\"[^\"]*\")?)*)\s*>")
ATTR = re.compile(r'([\w-]+)(?:="([^"]*)")?')


def tags(html):
    """(tag, {attribute: value}, position) of every opening tag."""
    for m in TAG.finditer(html):
        yield m.group(1), dict(ATTR.findall(m.group(2))), m.start()


def element(html, start):
    """The markup of the element whose opening tag starts at `start` (spans and divs nest)."""
    name = re.match(r"<(\w+)", html[start:]).group(1)
    depth, i = 0, start
    pattern = re.compile(rf"<(/?){name}\b[^>]*>")
    for m in pattern.finditer(html, start):
        depth += -1 if m.group(1) else 1
        if depth == 0:
            return html[start:m.end()]
    raise AssertionError("unclosed element")


def faces(html):
    """Every card face drawn (not a back): (its attributes, its markup)."""
    for name, attrs, at in tags(html):
        classes = attrs.get("class", "").split()
        if name == "span" and "card" in classes and "card-back" not in classes:
            yield attrs, element(html, at)


def play_screens(kinds, seed, lang="en", names=None, limit=50):
    """Every screen of a whole game, played through the app as people would, with
    what was on screen: [(html, match facts)]."""
    app = start(kinds, names=names, seed=seed, lang=lang, options=[f"limit:{limit}"])
    match = app.match
    screens = []
    for _ in range(4000):
        if match.state.over and not match.interlude:
            screens.append((app.render(), "over", match.viewer))
            return app, screens
        if match.needs_handoff():
            screens.append((app.render(), "handoff", None))
            app.handle("handoff")
            continue
        screens.append((app.render(), match.interlude or "table", match.viewer))
        if match.interlude == SUMMARY:
            app.handle("resume")
        elif app.pending_delay() is not None:
            app.step()
        else:
            legal = match.legal_on_screen()
            app.handle("act", legal[-1])
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def whole_game():
    return play_screens(["human", "quick", "quick", "quick"], seed="12")


@pytest.fixture(scope="module")
def two_people():
    return play_screens(["human", "human", "quick", "quick", "quick", "quick"], seed="3", names=["Aki", "Ben"])


# ---- 1. every card a drawn face ------------------------------------------------------------

def test_every_card_drawn_carries_its_own_figure_from_figures_toml(whole_game):
    _, screens = whole_game
    drawn = collections.Counter()
    for html, _, _ in screens:
        for attrs, markup in faces(html):
            uses = re.findall(r'<use href="#krypkille-([\w-]+)"', markup)
            assert len(uses) == 1 and uses[0] in FIGURES, markup[:300]
            card = attrs.get("data-card")
            if card is None:                       # the deck in the Cards panel: the reference
                assert 'data-panel="cards"' in html
                continue
            assert uses[0] == ("number" if card.isdigit() else card), markup[:300]
            if card.isdigit():                     # a number: its numeral stands on the emblem
                assert f'<span class="kk-numeral" aria-hidden="true">{card}</span>' in markup
            assert f"tone-{tone(card)}" in attrs["class"]
            drawn[attrs["class"].split()[1]] += 1
    # the hand is the medium card (100 px), the trick small, the past tricks extra small
    assert drawn["card-md"] and drawn["card-sm"] and drawn["card-xs"]


def test_figures_toml_names_icons_of_the_pinned_set_and_the_cover_draws_three():
    import json
    import pathlib
    icons = json.loads((pathlib.Path(__file__).resolve().parents[1] / "node_modules" / "@iconify-json"
                        / "game-icons" / "icons.json").read_text())["icons"]
    assert set(FIGURES.values()) <= set(icons)
    assert set(FIGURES) == {name for name in CARDS if not name.isdigit()} | {"number"}
    assert len(COVER["figures"]) == 3 and set(COVER["figures"]) <= set(FIGURES)
    assert f".tone-{COVER['tone']}" in (pathlib.Path(__file__).resolve().parents[1] / "static" / "app.css").read_text()


def test_tones_rank_the_cards_and_the_corner_tells_the_penalty():
    order = ["green", "teal", "blue", "plum", "red", "ink"]
    ranks = [order.index(tone(name)) for name in CARDS]
    assert ranks == sorted(ranks) and len(set(ranks)) == len(order)
    t = Translator("en")
    for name in CARDS:
        drawn = face(name, t, "md")
        assert f'<span class="card-corner"><span aria-hidden="true">{PENALTY[RANK[name]]}</span></span>' in drawn
        assert f'aria-label="{card_label(name, t)}, {t("kk.penalty", n=PENALTY[RANK[name]])}"' in drawn


def test_a_face_is_drawn_once_for_each_card_language_and_size():
    t = Translator("ja")
    assert face("jester", t, "md") is face("jester", t, "md")
    assert face("jester", t, "md") is not face("jester", t, "sm")


def test_the_cards_panel_is_the_deck_weakest_first_as_cards_without_identities():
    app, _ = play_screens(["quick", "quick", "quick"], seed="4", limit=50)
    panels = {panel.key: panel.drawn() for panel in TABLE.panels(app.match.state.view(None), _ctx(app))}
    assert set(panels) == {"scores", "cards"}
    deck = panels["cards"]
    shown = re.findall(r'<use href="#krypkille-([\w-]+)"', deck)
    assert shown == ["number" if name.isdigit() else name for name in CARDS]
    assert "data-card" not in deck                 # the privacy tests count cards on screen: none here
    numerals = re.findall(r'class="kk-numeral" aria-hidden="true">(\d+)<', deck)
    assert numerals == [str(n) for n in range(1, 13)]


def _ctx(app):
    from ui.screens.table import Ctx
    return Ctx(app.t, app.match)


# ---- 2. hidden cards carry no identity --------------------------------------------------------

# What a mark outside the private zone may say: places and positions, never a card,
# but in data-from the card that lies face up right there (it came from that hand).
PUBLIC_KEY = re.compile(r"seat:\d|total:\d|backs:\d+:\d|back:\d+:\d:\d|trick:\d+:\d:\d|deck|discards")
PUBLIC_TO = re.compile(r"seat:\d|discards")
PUBLIC_FROM = re.compile(r"hand:\d+:\d:(?P<card>\w+)|back:\d+:\d:\d|seat:\d|deck")


def private_zone(html):
    """The markup of the private zone (the hand of whoever holds the tablet), or ""."""
    at = html.find("data-private")
    if at < 0:
        return ""
    return element(html, html.rfind("<", 0, at))


def test_hidden_cards_are_keyed_by_position_and_no_attribute_names_a_card_it_should_not(two_people):
    _, screens = two_people
    checked = collections.Counter()
    for html, kind, viewer in screens:
        mine = private_zone(html)
        outside = html.replace(mine, "") if mine else html
        for name, attrs, at in tags(outside):
            if "card-back" in attrs.get("class", "").split():
                assert set(attrs) <= {"class", "data-key", "data-from", "data-to"}, attrs
                checked["back"] += 1
            assert PUBLIC_KEY.fullmatch(attrs.get("data-key", "deck")), attrs
            assert PUBLIC_TO.fullmatch(attrs.get("data-to", "discards")), attrs
            for origin in attrs.get("data-from", "").split():
                found = PUBLIC_FROM.fullmatch(origin)
                assert found, attrs
                if found.group("card"):
                    assert f'data-card="{found.group("card")}"' in element(outside, at), attrs
                    checked["from"] += 1
        # in the hand: its holder's own cards, keyed by round, seat and card
        for name, attrs, _ in tags(mine):
            if "data-key" in attrs:
                assert re.fullmatch(rf"hand:\d+:{viewer}:\w+(:1)?", attrs["data-key"]), attrs
                checked["mine"] += 1
    assert checked["back"] > 100 and checked["from"] > 10 and checked["mine"] > 10


def test_keys_are_unique_on_every_screen(two_people):
    _, screens = two_people
    for html, _, _ in screens:
        keys = collections.Counter(re.findall(r'data-key="([^"]*)"', html))
        assert [k for k, n in keys.items() if n > 1] == []


# ---- 3. motion that tells what happened -----------------------------------------------------------

def test_a_played_card_flies_from_its_seat_and_a_won_trick_goes_to_its_winner(whole_game):
    app, screens = whole_game
    lingered = flown = 0
    for before, after in zip(screens, screens[1:]):
        keys_before = set(re.findall(r'data-key="([^"]*)"', before[0]))
        for name, attrs, at in tags(after[0]):
            key = attrs.get("data-key", "")
            if key.startswith("trick:") and key not in keys_before:
                seat = key.split(":")[3]
                origins = attrs["data-from"].split()
                assert origins[-1] == f"seat:{seat}" and origins[0].startswith(f"hand:")
                assert f'data-key="seat:{seat}"' in before[0]         # its seat was on screen to fly from
                flown += 1
        if after[1] == LINGER:
            winner = re.search(r'class="kk-spot kk-played is-winner" data-key="trick:[\d:]+" '
                               r'data-from="[^"]*" data-to="seat:(\d+)"', after[0])
            assert winner, "a lingering trick's winning card goes to its winner's seat"
            goes = set(re.findall(r'data-key="trick:[^"]*" data-from="[^"]*" data-to="([^"]*)"', after[0]))
            assert goes == {f"seat:{winner.group(1)}"}
            lingered += 1
    assert flown > 20 and lingered > 5


def test_the_person_s_own_card_flies_from_their_hand():
    app = start(["human", "quick", "quick"], seed="6", options=["limit:50"])
    match = app.match

    def leading(match):
        legal = match.legal_on_screen()
        return legal and legal[0].startswith("play") and not match.state.view(None)["tricks"][-1]
    assert play_until(app, leading, limit=300)
    legal = match.legal_on_screen()
    before = app.render()
    card = legal[-1].split()[1]
    rnd = match.state.view(None)["round"]
    assert f'data-key="hand:{rnd}:0:{card}"' in before
    app.handle("act", legal[-1])
    played = re.search(r'data-key="trick:[^"]*:0" data-from="([^"]*)"', app.render())
    assert played.group(1).split()[0] == f"hand:{rnd}:0:{card}"


def test_a_new_round_is_dealt_from_the_stock_and_totals_pulse_when_they_change(whole_game):
    _, screens = whole_game
    dealt = refilled = bumped = 0
    for before, after in zip(screens, screens[1:]):
        rounds = [int(r) for r in re.findall(r'data-key="back:(\d+):', after[0])]
        old = [int(r) for r in re.findall(r'data-key="back:(\d+):', before[0])]
        if rounds and old and max(rounds) > max(old):
            # each seat's new hand, face down, flies in from the stock (one flight a seat)
            assert 'data-key="deck"' in before[0] and 'data-key="deck"' in after[0]
            hands = re.findall(r'class="plate-backs"[^>]*data-key="backs:(\d+):(\d)" data-from="deck"', after[0])
            assert sorted(int(s) for r, s in hands if int(r) == max(rounds)) == [0, 1, 2, 3]
            dealt += 1
        # after the discards, the dealer's refill: the cards added fly in from the stock
        added = re.findall(r'data-key="back:\d+:\d:(\d)" data-from="deck"', after[0])
        if added and not re.findall(r'data-key="back:\d+:\d:\d" data-from="deck"', before[0]):
            assert all(int(i) >= 2 for i in added)          # at most three thrown: the last places
            refilled += 1
        totals = dict(re.findall(r'data-key="total:(\d+)" data-bump="(\d+)"', after[0]))
        olds = dict(re.findall(r'data-key="total:(\d+)" data-bump="(\d+)"', before[0]))
        if totals and olds and totals != olds:
            bumped += 1
    assert dealt >= 2 and refilled >= 2 and bumped >= 2


def test_a_person_s_new_hand_comes_from_the_deck_and_discards_go_to_the_discard_pile():
    app = start(["quick", "human", "quick", "quick"], seed="9", options=["limit:50"])
    match = app.match
    seen = collections.Counter()
    for _ in range(40):
        view = match.state.view(None)
        if view["phase"] != "discard":
            break
        html = app.render()
        assert 'data-key="discards"' in html and 'data-key="deck"' in html
        # a seat still to discard throws its backs to the discard pile; one that has, no more
        for seat in range(4):
            goes = set(re.findall(rf'data-key="back:\d+:{seat}:\d+"(?: data-from="deck")?(?: data-to="(\w+)")?', html))
            thrown = view["discarded"][seat] is not None
            assert goes == ({""} if thrown else {"discards"}), (seat, goes)
            seen[thrown] += 1
        if match.legal_on_screen():
            hand = re.findall(r'<span class="card-fan-slot"[^>]*><button[^>]*data-key="(hand:[^"]*)" '
                              r'data-from="deck"', html)
            assert len(hand) == 5
            seen["hand"] += 1
            app.handle("act", "keep")
        else:
            app.step()
    assert seen[True] and seen[False] and seen["hand"]
