"""The 王宮のささやき table in CPython: every phase drawn from views in both
languages, every legal action on screen as a button (and nothing else), who
sees which cards in hot-seat, the known cards, the reasons a card cannot be
played, the log's public words, the round's end, the in-app rules."""
import collections
import random
import re

import pytest

from royaltable import registry
from royaltable.games.whispers.actions import Discard, Give
from screens import assert_shows_only, cards_on_screen, start as start_game
from ui.app import App, log_line
from ui.i18n import Translator, isolate
from ui.match import SUMMARY
from ui.i18n import rules_text
from ui.games.whispers.table import TABLE

RULES = rules_text("whispers")

GAME = registry.get("whispers")


def start(kinds, **setup):
    return start_game(kinds, game="whispers", **setup)


def app_at(predicate, kinds=("human", "quick", "quick", "quick"), lang="en", names=None, seeds=range(1, 60)):
    """A table whose game computer players (people's seats too) played until
    `predicate(state)`, in the first game (by seed) that gets there."""
    for seed in seeds:
        app = start(list(kinds), names=names, seed=seed, lang=lang)
        match = app.match
        bots = [GAME.bots["quick"](seed=s) for s in range(len(kinds))]
        while not match.state.over and not predicate(match.state):
            seat = match.state.current
            match.act(bots[seat].choose(match.state.view(seat), match.state.legal_actions()), seat)
        if match.state.over:
            continue
        match.interlude = None
        if match.needs_handoff():
            app.handle("handoff")
        return app
    raise AssertionError("no game reached the moment")


def court_of(html):
    """The court's markup: every seat, its display, the King card and the piles."""
    return html[html.index('class="wh-court'):html.index('class="wh-hand')]


def hand_of(html):
    """The hand's markup (the last of the table, before the rail of panels)."""
    return html[html.index('class="wh-hand'):html.index('class="table-rail"')]


def acts_on_screen(html):
    return re.findall(r'data-cmd="act" data-arg="([^"]*)"', html)


def no_missing_words(html):
    """A key missing from the catalog shows as the key itself."""
    leaked = re.findall(r"\b(?:wh|option\.whispers)\.[a-z_.]+[a-z]\b", html)
    assert leaked == [], leaked


def drive(app, choose, on_screen, steps=6000):
    match = app.match
    for _ in range(steps):
        on_screen(app)
        if match.state.over and not match.interlude:
            return
        if match.needs_handoff():
            app.handle("handoff")
        elif match.interlude == SUMMARY:
            app.handle("resume")
        elif app.pending_delay() is not None:
            app.step()
        else:
            app.handle("act", choose(match.legal_on_screen()))
    raise AssertionError("the game did not end")


# ---- every screen ------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("players", [3, 5])
def test_every_screen_of_a_whole_game_is_drawn_with_its_buttons(lang, players):
    """A person and computers, a whole game: at every decision the buttons on
    screen are exactly the legal actions (each phase's small step), and no
    word is missing in either language."""
    app = start(["human"] + ["quick"] * (players - 1), seed=players, lang=lang)
    rng = random.Random(players)
    phases = collections.Counter()

    def check(app):
        html = app.render()
        no_missing_words(html)
        match = app.match
        legal = match.legal_on_screen()
        if legal:
            phases[match.state.phase] += 1
            assert set(acts_on_screen(html)) == set(legal), match.state.phase
        else:
            assert acts_on_screen(html) == []

    drive(app, lambda legal: rng.choice(legal), check)
    assert {"play", "target", "count", "give", "answer", "discard"} <= set(phases), phases
    assert "Game over" in app.render() or "ゲーム終了" in app.render()


def test_the_butler_guard_and_tie_steps_are_buttons_in_the_displays():
    """Over a few games: the Butler's two picks and the Guard's card are the
    display cards themselves, the grey-card tie is a choice of players."""
    seen = collections.Counter()
    for seed in range(1, 30):
        app = start(["human", "quick", "quick", "quick"], seed=seed)

        def check(app):
            match = app.match
            phase = match.state.phase
            if not match.legal_on_screen() or phase not in ("swap", "with", "return", "next"):
                return
            html = app.render()
            court = court_of(html)
            hand = hand_of(html)
            if phase == "next":
                assert acts_on_screen(hand) and all(a.startswith("next ") for a in acts_on_screen(hand))
            else:
                assert sorted(acts_on_screen(court)) == sorted(match.legal_on_screen())
                assert all(f'data-arg="{a}"' in html for a in match.legal_on_screen())
            seen[phase] += 1

        drive(app, lambda legal: legal[-1], check)
        if len(seen) == 4:
            break
    assert set(seen) == {"swap", "with", "return", "next"}, seen


# ---- hidden information ---------------------------------------------------------------

def test_in_hot_seat_every_screen_shows_only_its_holders_cards():
    """Two people and two computers, a whole game: the cards drawn are those the
    holder may know; a hand-off, a summary and the result draw nobody's."""
    app = start(["human", "human", "quick", "quick"], names=["Aki", "Ben"], seed=8)
    holder = {"seat": None}
    handoffs = collections.Counter()

    def check(app):
        match = app.match
        html = app.render()
        if match.needs_handoff():
            assert 'data-card="' not in html
            handoffs[match.state.current] += 1
            holder["seat"] = match.state.current
            return
        public = match.interlude == SUMMARY or match.state.over
        viewer = None if public else holder["seat"]
        assert_shows_only(html, match.state.view(viewer), f"seat {viewer}")

    rng = random.Random(8)
    drive(app, lambda legal: rng.choice(legal), check)
    assert handoffs[0] and handoffs[1]


def test_a_wizard_between_two_people_hands_the_tablet_over_and_back():
    def moment(state):
        return (state.current == 0 and state.phase == "play" and "play red-wizard" in state.legal_actions()
                and state.king != "king-wizard")
    app = app_at(moment, kinds=("human", "human", "quick"), names=["Aki", "Ben"])
    match = app.match
    assert match.viewer == 0
    for action in ("play red-wizard", "target 1", "count 1"):
        app.handle("act", action)
    give = match.legal_on_screen()[0]
    app.handle("act", give)
    assert match.needs_handoff() and match.state.current == 1       # Ben chooses his own card
    html = app.render()
    assert 'data-screen="handoff"' in html and 'data-card="' not in html
    app.handle("handoff")
    html = app.render()
    assert match.viewer == 1
    assert f"{isolate('Aki')}&#x27;s Wizard: tap a card to give {isolate('Aki')}" in html   # names drawn isolated
    mine = cards_on_screen(hand_of(html))
    assert mine == collections.Counter(match.state.hands[1])        # Ben's hand, never Aki's
    app.handle("act", match.legal_on_screen()[0])
    assert match.state.current == 0 and match.needs_handoff()       # the red Wizard: Aki again
    app.handle("handoff")
    assert match.viewer == 0


def test_the_accountants_hand_is_drawn_as_known_cards_until_it_moves_unseen():
    def moment(state):
        last = state.history[-1] if state.history else None
        return (last is not None and last["effect"] == "accountant" and last["seat"] != 0
                and state.current == 0 and state.phase == "play")
    app = app_at(moment)
    match = app.match
    shown_by = match.state.history[-1]["seat"]
    known = match.state.view(0)["known"][shown_by]
    html = app.render()
    plate = html[html.index(f'data-seat="{shown_by}"'):]
    plate = plate[:plate.index('class="wh-display"')]
    assert sorted(cards_on_screen(plate).elements()) == sorted(known) and known


def test_cards_that_cannot_be_played_say_why():
    state = GAME.new(3, seed=1)
    view = state.view(0)
    view.update(hand=["red-maid", "grey-jester", "blue-guard"], displays=[["grey-maid"], [], []],
                king="king-jester", jester_banned=True, silenced=None, current=0,
                hand_sizes=[3, 6, 6], known=[[], [], []], history=[])
    app = start(["human", "quick", "quick"])
    from ui.app import Ctx
    ctx = Ctx(app.t, app.match)
    ctx.viewer, ctx.legal = 0, ["play blue-guard"]
    html = TABLE.render(view, ctx)
    assert re.search(r'is-blocked[^"]*"[^>]*data-card="red-maid"', html) and "in display" in html
    assert re.search(r'is-blocked[^"]*"[^>]*data-card="grey-jester"', html) and "banned" in html
    assert acts_on_screen(html) == ["play blue-guard"]
    assert "next: Chie" not in html and "Jester banned" in html


def test_a_wizards_give_step_draws_every_givable_card_as_givable():
    """A character also in the giver's display may be given: no refusal look."""
    state = GAME.new(3, seed=1)
    view = state.view(0)
    view.update(hand=["red-maid", "grey-jester", "blue-guard"], displays=[["grey-maid"], [], []],
                king="king-jester", jester_banned=True, silenced=None, current=0, phase="give",
                exchange={"wizard": 0, "target": 1, "count": 2, "given": 0, "taken": 0, "mine": []},
                hand_sizes=[3, 6, 6], known=[[], [], []], history=[])
    app = start(["human", "quick", "quick"])
    from ui.app import Ctx
    ctx = Ctx(app.t, app.match)
    ctx.viewer, ctx.legal = 0, ["give red-maid", "give grey-jester", "give blue-guard"]
    html = TABLE.render(view, ctx)
    assert "is-blocked" not in html and "in display" not in html and "Jester banned" in html   # the status only
    assert sorted(acts_on_screen(html)) == sorted(ctx.legal)


# ---- words ---------------------------------------------------------------------------

def test_the_log_never_names_what_was_given_or_discarded_face_down():
    app = start(["quick", "quick", "quick", "quick"], seed=6)
    match = app.match
    private = 0
    for _ in range(600):
        if match.state.over:
            break
        before = len(match.log)
        app.step() if app.pending_delay() is not None else app.handle("resume")
        if match.state.actions and isinstance(match.state.actions[-1], (Give, Discard)):
            for key, params in match.log[before:]:
                assert not any(isinstance(v, tuple) and v[0] == "tr" and v[1].startswith("wh.card.")
                               for v in params.values()), key
            private += 1
    assert private > 5


def test_a_whole_game_log_reads_in_both_languages():
    app = start(["quick", "quick", "quick"], seed=2)
    match = app.match
    while not match.state.over:
        app.step()
    for lang in ("ja", "en"):
        t = Translator(lang)
        lines = [log_line(entry, t, match.names) for entry in match.log]
        assert all("{" not in line and "wh." not in line for line in lines)
    assert any("plays next" in log_line(e, Translator("en"), match.names) for e in match.log)


def test_hostile_names_are_escaped_everywhere():
    app = start(["human", "quick", "quick"], names=["<b>x</b>"])
    html = app.render()
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html


def test_yes_no_options_read_as_words():
    for lang, words in (("en", ("on", "off")), ("ja", ("使う", "使わない"))):
        app = App(lang)
        app.handle("setup", "whispers")
        html = app.render()
        text = re.sub(r"<[^>]*>", " ", html)
        assert "True" not in text and "False" not in text
        assert all(f">{w}</button>" in html for w in words)


# ---- the round's end ---------------------------------------------------------------------

@pytest.mark.parametrize("end", ["A", "B"])
def test_the_round_summary_says_how_it_ended_and_who_starts(end):
    app = start(["quick", "quick", "quick", "quick"], seed=7, options=["sixth_two_points:True"])
    match = app.match
    for _ in range(3000):
        if match.interlude == SUMMARY and match.state.rounds[-1]["end"] == end:
            break
        app.step()
    else:
        pytest.skip(f"no round ended by {end} in this game")
    summary = match.state.rounds[-1]
    html = app.render()
    assert 'data-screen="summary"' in html and 'data-viewer=""' in html
    name = isolate(match.names[summary["seat"]])
    if end == "A":
        assert f"{name} has no card to play" in html
        for card in summary["hand"]:
            assert f'data-card="{card}"' in html
    else:
        assert f"{name} laid a sixth character! {name} scores 2." in html
    if not match.state.over:
        assert f"starts with {isolate(match.names[match.state.starter])}" in html


# ---- the in-app rules ------------------------------------------------------------------------

def test_rules_cover_every_rule_id_in_both_languages_with_rulings_marked():
    assert [len(s["items"]) for s in RULES["ja"]] == [len(s["items"]) for s in RULES["en"]]
    for lang in ("ja", "en"):
        ids = {i["id"] for s in RULES[lang] for i in s["items"]}
        assert {f"WH-{n}" for n in range(1, 26)} <= ids
        rulings = {i["id"] for s in RULES[lang] for i in s["items"] if i["ruling"]}
        assert {"WH-6", "WH-12", "WH-13", "WH-14", "WH-23"} <= rulings
    ja = [i["id"] for s in RULES["ja"] for i in s["items"]]
    en = [i["id"] for s in RULES["en"] for i in s["items"]]
    assert ja == en


def test_a_refusal_names_cards_and_players_as_drawn_in_both_languages():
    """The rules' refusal keeps its English text; the screen's words name the card
    as it is drawn ("the blue Maid", "青のメイド"), never its id, and the seats by name."""
    from royaltable import IllegalAction
    state = GAME.new(4, seed=3)
    seat = state.current
    card = state.hands[(seat + 1) % 4][0]
    with pytest.raises(IllegalAction) as err:
        state.apply(f"play {card}")
    refusal = err.value.refusal
    assert (refusal.key, str(refusal)) == ("not_in_hand", f"{card} is not in your hand")
    for lang, words in (("en", "you do not hold the "), ("ja", "は手札にありません")):
        t = Translator(lang)
        text = TABLE.refusal_words(refusal, t, ["Ann", "Bo", "Cy", "Di"])
        assert words in text and t("wh.card." + card) in text and card not in text
    with pytest.raises(IllegalAction) as err:
        state.apply(state.legal_actions()[0], seat=(seat + 1) % 4)
    assert TABLE.refusal_words(err.value.refusal, Translator("en"), ["Ann", "Bo", "Cy", "Di"]) \
        == f"it is {['Ann', 'Bo', 'Cy', 'Di'][seat]}'s turn"
