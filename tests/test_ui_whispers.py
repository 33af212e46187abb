"""The 王宮のささやき table in CPython: every phase drawn from views in both
languages, every legal action on screen as a button (and nothing else), who
sees which cards in hot-seat, the known cards, the reasons a card cannot be
played, the log's public words, the round's end, the in-app rules."""
import collections
import random
import re

import pytest

from royaltable import registry
from royaltable.games.whispers.actions import Discard, Give, Play, Return, SwapWith
from screens import assert_shows_only, cards_on_screen, start as start_game
from ui import figures
from ui.app import App, log_line
from ui.i18n import Translator, isolate, rules_frame
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
    word is missing in either language; every card is a face with its figure."""
    app = start(["human"] + ["quick"] * (players - 1), seed=players, lang=lang)
    rng = random.Random(players)
    phases = collections.Counter()

    def check(app):
        html = app.render()
        no_missing_words(html)
        check_faces_and_secrets(html)
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
    holder may know; a hand-off, a summary and the result draw nobody's; no
    attribute (a motion key, where a card came from) names a card not drawn face up."""
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
        check_faces_and_secrets(html)

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
        app.handle("more_options")           # both variants are folded there
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

def test_rules_cover_every_rule_id_in_both_languages_with_the_notes_on_the_original():
    assert [len(s["items"]) for s in RULES["ja"]] == [len(s["items"]) for s in RULES["en"]]
    for lang in ("ja", "en"):
        ids = {i["id"] for s in RULES[lang] for i in s["items"]}
        assert {f"WH-{n}" for n in range(1, 26)} <= ids
        # our rulings read as rules; where they settle what the original leaves open, a note says so
        notes = " ".join(rules_frame("whispers", lang)["notes"])
        assert ("原作" if lang == "ja" else "original") in notes and ("魔法使い" if lang == "ja" else "Wizard") in notes
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


# ---- the cards as drawn faces, the panels, motion ----------------------------------------------

FIGURES = figures.names("whispers")
CARD_ID = re.compile(r"\b(?:(?:red|blue|green|yellow|purple|grey)-(?:accountant|wizard|maid|butler|guard|general|jester)"
                     r"|king-(?:accountant|wizard|maid|butler|guard|jester))\b")
ATTR = re.compile(r'([a-z-]+)="([^"]*)"')
VALUE = re.compile(r'="([^"]*)"')
FACE = re.compile(r'<span class="card (?!card-back)[^"]*"[^>]*>')
BACK = re.compile(r'<span class="card card-back[^>]*>')
WITH_CARD = re.compile(r'<[a-z]+ [^>]*data-card="[^>]*>')
USE = re.compile(r'<use href="([^"]*)"')


def check_faces_and_secrets(html):
    """Every card face carries a figure that figures.toml names (its character's;
    a King card the crown and the character it silences), every data-card is on
    a face; no card's identity is in any attribute of a back, and the identities
    in any attribute (motion keys, where a card came from, actions) are of cards
    drawn face up on that screen; motion keys are unique. Returns the cards drawn."""
    drawn = set()
    for m in FACE.finditer(html):
        # a face's figures lie in its art, before its name (ui/cards.py)
        inside = html[m.end():html.index('class="card-name', m.end())]
        hrefs = USE.findall(inside)
        assert hrefs and all(h.startswith("#whispers-") for h in hrefs), m.group(0)
        shown = {h.rpartition("#whispers-")[2] for h in hrefs}
        assert shown <= set(FIGURES), shown
        card_id = dict(ATTR.findall(m.group(0))).get("data-card")
        if card_id:
            drawn.add(card_id)
            assert card_id.split("-", 1)[1] in shown, (card_id, shown)
        else:
            assert "wh-ref" in m.group(0), m.group(0)   # a character of the cards panel: no card of the game's
    for tag in WITH_CARD.findall(html):
        assert FACE.match(tag), tag
    for tag in BACK.findall(html):
        assert not CARD_ID.search(tag), tag
    named = {c for value in VALUE.findall(html) for c in CARD_ID.findall(value)}
    assert named <= drawn, named - drawn
    keys = re.findall(r'data-key="([^"]*)"', html)
    assert len(keys) == len(set(keys)), [k for k, n in collections.Counter(keys).items() if n > 1]
    return drawn


def keyed(html, key):
    """The attributes of the thing keyed `key` on the screen (None if none)."""
    m = re.search(r'<[a-z]+ [^>]*data-key="%s"[^>]*>' % re.escape(key), html)
    return dict(ATTR.findall(m.group(0))) if m else None


ZONE = re.compile(r'data-display="(\d+)"|data-key="hand:(\d+)"|class="wh-hand[ "]|class="wh-middle"')


def zone_of(html, key):
    """Where a keyed thing lies: ("display", seat), ("held", seat) (the cards a seat
    holds, at its plate), ("hand", None) (the viewer's hand) or ("middle", None)."""
    at = html.index(f'data-key="{key}"')
    last = None
    for m in ZONE.finditer(html, 0, at):
        last = m
    if last.group(1):
        return "display", int(last.group(1))
    if last.group(2):
        return "held", int(last.group(2))
    return ("hand" if "wh-hand" in last.group(0) else "middle"), None


def test_the_hand_is_drawn_at_full_size_when_a_card_of_it_is_the_choice():
    """At 100 px (the collection's md: at least 96 px at 1024×768) when the decision
    is a card of the hand; smaller (sm) while it is made on the table."""
    seen = set()
    for seed in range(1, 30):
        app = start(["human", "quick", "quick", "quick"], seed=seed)

        def check(app):
            match = app.match
            if not match.legal_on_screen() or match.interlude:
                return
            hand = hand_of(app.render())
            sizes = set(re.findall(r'class="card (card-\w+) tone-wh', hand))
            phase = match.state.phase
            if phase in ("play", "give", "answer", "discard"):
                assert sizes == {"card-md"}, (phase, sizes)
            else:
                assert sizes <= {"card-sm"}, (phase, sizes)
            seen.add(phase)

        drive(app, lambda legal: legal[-1], check)
        if {"play", "give", "discard", "swap", "return"} <= seen:
            break
    assert {"play", "give", "discard", "swap", "return"} <= seen, seen


def test_motion_marks_say_what_each_move_did_for_onlookers():
    """Computers only (the onlookers' screen), a few games: a card played unseen
    flies in from its player's hand into their display; a Butler's two cards keep
    their keys from one display to the other (they glide); a Guard's card keeps
    its key from the display to its player's hand (known to all); an exchange
    brings as many backs to each hand, flying from the other; a Maid's card comes
    from the pile and hers goes to the face-down pile; a General's King card comes
    from the King pile; every score pulses with its total."""
    seen = collections.Counter()
    for seed in range(1, 12):
        app = start(["quick", "quick", "quick", "quick"], seed=seed)
        match = app.match
        for _ in range(400):
            if match.state.over:
                break
            before_html, before, moves = app.render(), match.state.view(None), len(match.state.actions)
            app.step() if app.pending_delay() is not None else app.handle("resume")
            if (match.interlude or len(match.state.actions) != moves + 1
                    or match.state.view(None)["round"] != before["round"]):
                continue
            html, view = app.render(), match.state.view(None)
            rnd, action = view["round"], match.state.actions[-1]
            for seat, total in enumerate(view["totals"]):
                assert keyed(html, f"score:{seat}")["data-bump"] == str(total)
            event = view["history"][-1]
            match action:
                # (a grey card's key may be its twin's: the deck holds two of each grey)
                case Play(card) if card not in before["known"][event["seat"]] and not card.startswith("grey-"):
                    key = f"card:{rnd}:{card}"
                    assert f'data-key="{key}"' not in before_html and f'data-key="hand:{event["seat"]}"' in before_html
                    assert keyed(html, key)["data-from"] == f"hand:{event['seat']}"
                    assert zone_of(html, key) == ("display", event["seat"])
                    seen["play"] += 1
                    if event["effect"] == "general":
                        king = keyed(html, f"king:{view['king']}:{view['kings_left']}")
                        assert king["data-from"] == "kings" and keyed(before_html, "kings")
                        assert f"king:{view['king']}:{view['kings_left']}" not in before_html
                        seen["general"] += 1
                case SwapWith(seat, card) if not any(c.startswith("grey-") for _, c in event["swap"]):
                    (s1, c1), (s2, c2) = event["swap"]
                    for c, was, now in ((c1, s1, s2), (c2, s2, s1)):
                        assert zone_of(before_html, f"card:{rnd}:{c}") == ("display", was)
                        assert zone_of(html, f"card:{rnd}:{c}") == ("display", now)
                    seen["swap"] += 1
                case Return(card) if not card.startswith("grey-"):
                    assert zone_of(before_html, f"card:{rnd}:{card}") == ("display", event["seat"])
                    assert zone_of(html, f"card:{rnd}:{card}") == ("held", event["seat"])
                    seen["return"] += 1
                case Give() if event.get("exchanged") and view["phase"] not in ("give", "answer"):
                    wizard, target, n = event["seat"], event["target"], event["count"]
                    for seat, other in ((wizard, target), (target, wizard)):
                        came = [a for a in re.findall(r'data-key="(got:[^"]*)" data-from="back:%d:%d:\d hand:%d"'
                                                      % (rnd, other, other), html)
                                if zone_of(html, a) == ("held", seat)]
                        assert len(came) == n, (seat, came)
                    seen["exchange"] += 1
                case Discard():
                    seat = event["seat"]
                    drawn = re.findall(r'data-key="(got:[^"]*)" data-from="pile"', html)
                    assert len(drawn) == 1 and zone_of(html, drawn[0]) == ("held", seat)
                    pile = keyed(html, "discards")
                    assert pile["data-from"] == f"hand:{seat}" and pile["data-bump"] == str(view["discards"])
                    seen["discard"] += 1
        if all(seen[k] for k in ("play", "general", "swap", "return", "exchange", "discard")):
            break
    assert all(seen[k] for k in ("play", "general", "swap", "return", "exchange", "discard")), seen


def test_the_viewers_exchange_flies_between_their_hand_and_their_partners():
    """A person's red Wizard (the turn comes back to them): the cards they got fly
    into their hand from the partner's, those they gave into the partner's hand
    (they know them there) from their own; nobody else's hand moves."""
    def moment(state):
        last = state.history[-1] if state.history else None
        return (state.phase == "give" and state.current == 0 and last is not None
                and last["card"] == "red-wizard" and last["effect"] == "wizard")
    app = app_at(moment)
    match = app.match
    while match.state.phase in ("give", "answer"):
        if match.state.phase == "give":
            app.handle("act", match.legal_on_screen()[0])
        else:
            app.step()
    assert match.viewer == 0 and match.state.current == 0
    html = app.render()
    view = match.state.view(0)
    event, rnd = view["history"][-1], view["round"]
    target = event["target"]
    assert event["got"] and event["gave"]
    for card in event["got"]:
        assert keyed(html, f"card:{rnd}:{card}")["data-from"] == f"hand:{target}"
        assert zone_of(html, f"card:{rnd}:{card}") == ("hand", None)
    for card in event["gave"]:
        assert keyed(html, f"card:{rnd}:{card}")["data-from"] == "hand:0"
        assert zone_of(html, f"card:{rnd}:{card}") == ("held", target)
    assert "got:" not in html          # the viewer saw it: no backs fly for them
    app.handle("act", match.legal_on_screen()[0])
    assert 'data-from="hand:' not in hand_of(app.render())      # only once, at the exchange


def test_a_round_is_dealt_from_the_pile():
    """At a round's first screen every card held comes from the pile (the viewer's
    face up, the others' backs, keyed by their places); after the first play none."""
    app = next(app for app in (start(["human", "quick", "quick", "quick"], seed=seed) for seed in range(1, 30))
               if app.match.state.current == 0)
    match = app.match
    html = app.render()
    backs = re.findall(r'data-key="(back:1:\d:\d)" data-from="pile"', html)
    assert len(backs) == 6 * 4 and not re.search(r'data-key="back:[^"]*"(?! data-from="pile")', html)
    mine = re.findall(r'data-key="card:1:([a-z-]+)(?::2)?" data-from="pile"', hand_of(html))
    assert sorted(mine) == sorted(match.state.hands[0])
    app.handle("act", next(a for a in match.legal_on_screen() if "maid" not in a))
    while app.pending_delay() is not None and match.state.current != 0:
        app.step()
    assert 'data-from="pile"' not in app.render()
