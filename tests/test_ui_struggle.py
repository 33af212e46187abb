"""The 王の闘争 (King's Struggle) table in CPython: every screen of whole games in
both languages shows only what its viewer may know and a button for every legal
action; offers are made in the open, cards from the hand behind a hand-off; the
log and the round summary tell the bargains and the abilities in words."""
import collections
import html as htmllib
import pathlib
import random
import re

import pytest

from royaltable import registry
from royaltable.games.struggle.actions import Accept, Knight, Offer, Play, Promise
from screens import assert_shows_only, cards_on_screen, strings
from ui import figures
from ui.app import App, log_line
from ui.i18n import CATALOG, isolate
from ui.match import SUMMARY, Match
from ui.i18n import rules_text
from ui.table import table_for

RULES = rules_text("struggle")

GAME = registry.get("struggle")
TABLE = table_for("struggle")
UI = pathlib.Path(__file__).resolve().parents[1] / "py" / "ui"


def app_with(kinds, seed=3, lang="en", names=None, options=None):
    names = names or ["Aki", "Ben", "Chie", "Dai", "Emi", "Fumi"]
    seats = [{"name": names[s], "kind": k} for s, k in enumerate(kinds)]
    app = App(lang)
    app.match = Match("struggle", seats, options or {}, seed)
    app.screen = "table"
    return app


def step(app, choose):
    """One thing happens, as at the tablet: a hand-off taken, a summary tapped
    on, a computer's or a forced move, or a person's decision."""
    match = app.match
    if match.needs_handoff():
        app.handle("handoff")
    elif match.interlude == SUMMARY:
        app.handle("resume")
    elif app.pending_delay() is not None:
        app.step()
    else:
        app.handle("act", choose(match.legal_on_screen()))


def play(app, choose, on_screen=None, steps=6000):
    match = app.match
    for _ in range(steps):
        if on_screen:
            on_screen(app)
        if match.state.over and not match.interlude:
            return
        step(app, choose)
    raise AssertionError("the game did not end")


def check_screen(app):
    """Only the viewer's cards; a button for every legal action of the person deciding;
    every card face with its figure; motion keys unique, none naming a hidden card."""
    match = app.match
    html = app.render()
    if match.needs_handoff():
        assert 'data-card="' not in html and 'data-screen="handoff"' in html
        return
    viewer = match.viewer
    if match.interlude == SUMMARY and not match.lone:
        assert viewer is None
    view = match.state.view(viewer)
    assert_shows_only(html, view, f"seat {viewer}")
    shown = html
    if match.state.phase == "offer" and match.legal_on_screen():
        # One question at a time: whether to make an offer, then (after that tap) its use.
        assert 'data-cmd="select" data-arg="offering"' in html and 'data-arg="offer ' not in html
        app.handle("select", "offering")
        shown = html + app.render()
        assert 'data-cmd="select" data-arg="asking"' in shown
        app.handle("select", "asking")
        assert app.render() == html                 # Back: the first question again
    for action in match.legal_on_screen():
        assert f'data-cmd="act" data-arg="{htmllib.escape(action)}"' in shown, action
    check_faces(html)
    check_secrets(html, view)


# Each card face (not a back): its figure, then the name. A card of the game (data-card)
# has its character's figure and its owner's tone.
FACE = re.compile(r'<span class="card (card-\w+) tone-(\w+) st-face[^"]*"([^>]*)>(.*?)<span class="card-name">')
FIGURE_OF = {1: "peasant", 2: "thief", 3: "merchant", 4: "jester", 5: "spy", 6: "guard", 7: "diplomat",
             8: "knight", 9: "queen", 10: "king"}
TONES = ("red", "blue", "green", "brown", "plum", "teal")


def check_faces(html):
    names = figures.names("struggle")
    faces = FACE.findall(html)
    assert len(faces) == html.count('<span class="card ') - html.count('<span class="card card-back ')
    for _size, tone, attrs, inside in faces:
        drawn = re.findall(r'<use href="#struggle-([\w-]+)"', inside)
        assert drawn and set(drawn) <= set(names), drawn
        card = re.search(r'data-card="(s(\d)-(\d+))"', attrs)
        if card:
            assert drawn[-1] == FIGURE_OF[int(card.group(3))], (card.group(1), drawn)
            assert tone == TONES[int(card.group(2))], (card.group(1), tone)


def check_secrets(html, view):
    """Keys unique on the screen; no attribute names a card its viewer may not know
    (a back's key is its seat); backs carry no card."""
    keys = re.findall(r'data-key="([^"]*)"', html)
    assert len(keys) == len(set(keys)), collections.Counter(keys).most_common(3)
    allowed = set(strings(view))
    for value in re.findall(r'\s[\w-]+="([^"]*)"', html):
        for card in re.findall(r"\bs\d-\d{1,2}\b", value):
            assert card in allowed, (card, value)
    for back in re.findall(r'<span class="card card-back [^>]*>', html):
        assert "data-card" not in back and not re.search(r"\bs\d-\d", back)


@pytest.mark.parametrize("kinds,seed,lang,mode", [
    (["human", "human", "quick", "quick", "quick"], 3, "en", "day"),
    (["human", "human", "human"], 5, "ja", "night"),
    (["human", "quick", "quick", "quick", "quick", "quick"], 8, "ja", "day"),
    (["human", "human", "quick", "strong"], 2, "en", "night"),
])
def test_every_screen_shows_only_its_viewers_cards_and_every_choice(kinds, seed, lang, mode):
    app = app_with(kinds, seed, lang, options={"mode": mode})
    rng = random.Random(seed)
    screens = collections.Counter()

    def look(app):
        check_screen(app)
        screens[app.match.state.phase] += 1
        if rng.random() < 0.03:
            app.handle("lang")
    play(app, lambda legal: rng.choice(legal), on_screen=look)
    assert "result" in app.render()
    assert {"lead", "choose", "offer", "decide"} <= set(screens)


def test_offers_are_made_in_the_open_and_cards_from_the_hand_behind_a_handoff():
    app = app_with(["human", "human", "quick", "quick"], seed=3)
    match = app.match
    rng = random.Random(1)
    seen = collections.Counter()
    for _ in range(3000):
        if match.state.over:
            break
        seat = match.actor()
        phase = match.state.phase
        if seat is not None and not match.interlude:
            legal = match.state.legal_actions()
            private = any(isinstance(a, (Play, Knight)) for a in legal)
            assert match.private_now() == private, (phase, legal)
            if phase in ("offer", "offer-gold", "offer-promise"):
                assert not match.needs_handoff()
                if match.holder != seat:
                    assert match.viewer is None and 'data-viewer=""' in app.render()
                seen["open"] += 1
            elif phase in ("lead", "choose") and match.holder != seat:
                assert match.needs_handoff()
                seen["private"] += 1
        step(app, lambda legal: rng.choice(legal))
    assert seen["open"] and seen["private"]


def test_face_down_choices_show_as_backs_until_the_reveal():
    app = app_with(["human", "human", "human", "human"], seed=4)
    match = app.match
    while not (match.state.phase == "choose"
               and sum(t["status"] == "face-down" for t in match.state.view(None)["trick"]) >= 2):
        step(app, lambda legal: legal[0])
    if match.needs_handoff():
        app.handle("handoff")
    html = app.render()
    me = match.viewer
    view = match.state.view(None)
    downs = [t["seat"] for t in view["trick"] if t["status"] == "face-down"]
    assert len(re.findall(r'class="card card-back [^"]*st-down"', html)) == len([s for s in downs if s != me])
    for seat in downs:
        assert match.state.view(seat)["trick"][seat]["card"] not in cards_on_screen(html)
    assert "Tap a card to play face down" in html


def logs_of_games(seeds, kinds=("human", "quick", "quick", "quick", "quick")):
    lines = []
    for seed in seeds:
        app = app_with(list(kinds), seed=seed)
        rng = random.Random(seed)

        def choose(legal):
            offers = [a for a in legal if isinstance(a, Offer)]
            promises = [a for a in legal if isinstance(a, Promise)]
            if offers and rng.random() < 0.5:
                return rng.choice(offers)
            if promises:
                return rng.choice(promises)
            accepts = [a for a in legal if isinstance(a, Accept)]
            return accepts[0] if accepts and rng.random() < 0.7 else rng.choice(legal)
        play(app, choose)
        lines += [log_line(entry, app.t, app.match.names) for entry in app.match.log]
    return lines


def test_the_log_tells_offers_promises_deals_and_every_kind_of_ability_in_words():
    lines = logs_of_games(range(1, 9))
    text = "\n".join(lines)
    for pattern in [r"Round 1: \w+ leads", r"\w+ led \w+ \(\d+\) face up", r"chose a card face down",
                    r"Revealed: \w+ played", r"offers \d+ gold: ", r"promises: “", r"accepts \w+'s offer: \d+ gold",
                    r"made no offer", r"Peasant \(1\): \+2 gold", r"Merchant \(3\): \+\d+ gold",
                    r"Thief \(2\) takes \d gold from", r"Jester \(4\): \+3 on \w+'s card", r"Guard \(6\): −3 on",
                    r"Spy \(5\): \w+'s \w+ \(\d+\) goes back; \w+ \(\d+\) replaces it",
                    r"Diplomat \(7\) discards \w+'s", r"Knight \(8\) adds \w+ \(\d+\)", r"Queen \(9\) swaps cards with",
                    r"Tie at \d+: those cards are discarded", r"wins the trick \(\d cards?\)",
                    r"did not use the", r"was switched in: no ability"]:
        assert re.search(pattern, text), pattern
    assert not re.search(r"st\.\w", text)            # every key found its words


def test_no_key_is_left_untranslated_in_japanese():
    app = app_with(["human", "quick", "quick", "quick"], seed=6, lang="ja")
    play(app, lambda legal: legal[-1], on_screen=lambda app: None)
    text = app.render() + "".join(log_line(e, app.t, app.match.names) for e in app.match.log)
    assert not re.search(r"\bst\.[a-z_]+\.", text)
    assert "得点の内訳" in text and "勝者" in text


def test_the_round_summary_shows_what_cancelled_and_who_won_for_nobody():
    app = app_with(["human", "human", "quick", "quick", "quick"], seed=9)
    match = app.match
    rng = random.Random(4)
    found = set()
    while not match.state.over and len(found) < 2:
        step(app, lambda legal: rng.choice(legal))
        if match.interlude == SUMMARY:
            html = app.render()
            record = match.state.view(None)["history"][-1]
            assert 'data-screen="summary"' in html and 'data-viewer=""' in html
            assert f"Round {record['round']} result" in html
            if record["cancelled"]:
                assert html.count("tie: discarded") == len(record["cancelled"])
                found.add("tie")
            if record["winner"] is not None:
                assert f"{isolate(match.names[record['winner']])} wins the trick" in html
                found.add("winner")
            assert 'data-cmd="resume"' in html
    assert found == {"tie", "winner"}


def test_hostile_names_are_text_everywhere():
    hostile = "<img src=x onerror=alert(1)>"
    app = app_with(["human", "quick", "quick"], seed=5, names=[hostile, "B<b>", "C&amp;"])
    rng = random.Random(2)
    for _ in range(400):
        step(app, lambda legal: rng.choice(legal))
        html = app.render()
        assert "<img" not in html and "<b>" not in html
        if app.match.interlude == SUMMARY:
            break
    assert "&lt;img src=x onerror=alert(1)&gt;" in html


def test_a_forced_move_is_played_for_the_person_and_marked():
    """The only legal move (all one's gold, the last card) is a formality."""
    assert TABLE.auto_play({}, ["gold 1"]) and not TABLE.auto_play({}, ["gold 1", "gold 2"])
    app = app_with(["human", "quick", "quick"], seed=3, options={"mode": "night"})
    match = app.match
    rng = random.Random(3)
    for _ in range(4000):
        if match.forced_now() and match.state.current == 0:
            break
        step(app, lambda legal: rng.choice(legal))
    assert match.forced_now()
    html = app.render()
    action = match.state.legal_actions()[0]
    if isinstance(action, (Play, Knight)):
        assert re.search(rf'class="st-hand-card is-forced"[^>]*><span class="card [^"]*"[^>]*data-card="{action.card}"',
                         html)
    assert "only one choice" in html


def test_rules_text_every_rule_id_and_the_card_texts_are_the_apps_own():
    for lang in ("ja", "en"):
        ids = {item["id"] for section in RULES[lang] for item in section["items"]}
        assert {f"ST-{n}" for n in range(1, 32)} <= ids
    assert [len(s["items"]) for s in RULES["ja"]] == [len(s["items"]) for s in RULES["en"]]
    assert "this app's own" in RULES["en"][0]["items"][0]["text"]
    assert "独自" in RULES["ja"][0]["items"][0]["text"]
    assert "昼" in str(RULES["ja"]) and "夜" in str(RULES["ja"])


def test_every_word_of_the_table_is_used():
    from ui.i18n import read_words
    STRINGS = read_words(UI / "games" / "struggle" / "words.toml")
    source = "".join(p.read_text() for p in (UI / "games" / "struggle" / "table.py", UI / "table.py",
                                                     UI / "games" / "struggle" / "pictures.py"))
    dynamic = ("st.char.", "st.cardname.", "st.ability.", "st.class.", "st.promise.promise-", "st.mode.",
               "st.log.offer.", "st.log.used.", "st.log.start.", "st.split.", "st.use.", "st.short.", "st.pick.",
               "option.struggle.mode",
               "game.struggle")      # its name and line on the home screen: drawn by the shell
    unused = [k for k in STRINGS if f'"{k}"' not in source and not k.startswith(dynamic)
              and not k.startswith("refusal.struggle.")]
    assert unused == []
    # A refusal's words are looked up by the key the rules give it (Table.refusal_words).
    rules = (UI.parent / "royaltable" / "games" / "struggle" / "rules.py").read_text()
    keys = {k[len("refusal.struggle."):] for k in STRINGS if k.startswith("refusal.struggle.")}
    given = set(re.findall(r'refuse\("(\w+)"', rules))
    assert keys - given == {k for k in keys if f'"refusal.struggle.{k}"' in source}
    assert given - keys <= {"game_over"}       # the shared words say it
    assert all(k in CATALOG for k in STRINGS)


def test_the_knights_not_used_sits_with_the_hand_it_is_chosen_from():
    """The Knight's decision (a second card, or not used) is one box: the hand, with
    "Do not use it" in its head, not a row below the offers (the fold at 1024×768)."""
    for seed in range(1, 60):
        app = app_with(["human", "quick", "quick", "quick"], seed=seed)
        match = app.match
        bots = [GAME.bots["quick"](seed=s) for s in range(4)]
        while not match.state.over:
            legal = match.state.legal_actions()
            if match.state.current == 0 and match.state.phase == "decide" and \
                    any(isinstance(a, Knight) for a in legal):
                break
            match.act(bots[match.state.current].choose(match.state.view(match.state.current), legal),
                      match.state.current)
        if not match.state.over:
            break
    match.interlude = None
    html = app.render()
    hand = html[html.index('<div class="st-hand is-deciding"'):]
    hand = hand[:hand.index('class="table-rail"')]
    turn = html[html.index('<div class="st-turn"'):html.index('<div class="st-hand is-deciding"')]
    assert 'data-arg="pass"' in hand and 'data-arg="pass"' not in turn
    assert re.search(r'data-arg="knight s0-', hand)


def test_every_refusal_of_the_rules_reads_for_players_in_both_languages():
    """Each key rules.py refuses with, from a position that gives it: words in both
    languages with the seats' names and the card's name, no rule ID, no record text."""
    from royaltable import IllegalAction
    from test_struggle import decide, no_offers, offer, trick
    from ui.i18n import Translator

    def refused(state, action, seat=None):
        with pytest.raises(IllegalAction) as err:
            state.apply(action, seat=seat)
        return err.value.refusal

    found = {}
    state = GAME.new(3, seed=1)
    seat = state.current
    found["lead"] = refused(state, "pass")
    state.apply(f"play s{seat}-5")
    found["not_in_hand"] = refused(state, f"play s{seat}-5", seat=state.current)
    found["choose"] = refused(state, "gold 1")
    chosen = state.current
    state.apply(state.legal_actions()[0])
    found["chosen"] = refused(state, f"play s{chosen}-1", seat=chosen)
    found["no_seat"] = refused(state, "pass", seat=7)
    found["out_of_turn"] = refused(state, state.legal_actions()[0], seat=seat)
    state = trick([4, 4, 4, 4, 4, 7], first=0)
    for target in range(5):
        decide(state, f"plus {target}")
    found["no_plus"] = refused(state, "offer plus 1")
    found["offer_turn"] = refused(state, "pass", seat=1)
    found["not_a_use"] = refused(state, "offer steal 1")
    found["offer_or_pass"] = refused(state, "gold 2")
    state = trick([6, 6, 6, 6, 6, 7], first=0)
    for target in range(5):
        decide(state, f"minus {target}")
    found["no_minus"] = refused(state, "offer minus 1")
    state = trick([6, 10, 3], first=0, gold=[5, 4, 5])
    state.apply("offer minus 2")
    found["gold_held"] = refused(state, "gold 5")
    found["gold_least"] = refused(state, "gold 0")
    found["gold_name"] = refused(state, "pass")
    state.apply("gold 2")
    found["promise"] = refused(state, "gold 2")
    state.apply("no-promise")
    no_offers(state)
    found["decides"] = refused(state, "pass", seat=2)
    found["no_offer"] = refused(state, "accept 2")
    found["decide"] = refused(state, "steal 1")
    state = trick([8, 10, 3], first=0, gold=[5, 5, 5])
    offer(state, "knight", 1)
    offer(state, "knight", 2)
    state.apply("accept 1")
    found["dealt"] = refused(state, "accept 2")
    found["binding"] = refused(state, "pass")
    state = trick([9, 6, 2], first=0)
    decide(state, "swap 1")
    found["switched"] = refused(state, "swap 2", seat=1)

    rules = (UI.parent / "royaltable" / "games" / "struggle" / "rules.py").read_text()
    assert set(found) == set(re.findall(r'refuse\("(\w+)"', rules)) - {"game_over"}
    assert {key: refusal.key for key, refusal in found.items() if refusal.key != key} == {}
    for lang in ("ja", "en"):
        t = Translator(lang)
        names = ["Ann", "Bea", "Cy", "Dee", "Eve", "Fay"]
        for key, refusal in found.items():
            words = TABLE.refusal_words(refusal, t, names)
            assert t.has(f"refusal.struggle.{key}"), (lang, key)
            assert "{" not in words and not re.search(r"ST-\d", words), (lang, key, words)
            assert not re.search(r"\bs\d-\d+\b|\bseat \d|offer \w+ \d|promise-", words), (lang, key, words)
    t = Translator("en")
    assert TABLE.refusal_words(found["dealt"], t, names) == \
        "Ann has already accepted a deal this round: one deal a round"
    assert TABLE.refusal_words(found["decides"], t, names) == "it is Ann's turn: Ann decides on the offers"
    assert TABLE.refusal_words(found["no_offer"], t, names) == "Cy has made no offer to accept"


def seat_chunks(html):
    """The felt's seats: seat -> its markup."""
    felt = html[html.index('<div class="st-table'):]
    parts = re.split(r'<div class="st-seat[^"]*" data-seat="(\d)">', felt)
    return {int(parts[i]): parts[i + 1] for i in range(1, len(parts), 2)}


def test_motion_marks_tell_what_happened():
    """Marks for static/motion.js, at the moments they are for: a card played is keyed
    by its id and flies from its seat (a back by its seat only); a Queen's swap keeps
    the cards' keys (they glide to their new seats); markers fly from the supply; gold
    paid for a deal flies from the payer, gold from the supply from the pot; the trick
    as it ended goes to its winner; the first player's token is one, keyed."""
    seen = collections.Counter()
    for seed in (3, 7, 11):
        app = app_with(["human", "quick", "quick", "quick", "quick"], seed=seed)
        match = app.match
        rng = random.Random(seed)
        while not match.state.over:
            step(app, lambda legal: rng.choice(legal))
            if match.needs_handoff():
                continue
            html = app.render()
            view = match.state.view(match.viewer)
            if match.interlude == SUMMARY:
                record = view["history"][-1]
                seats = seat_chunks(html)
                if record["winner"] is not None:
                    for play in record["plays"]:
                        if play["card"] in record["taken"]:
                            assert re.search(rf'data-key="card:{play["card"]}"[^>]*data-to="seat:{record["winner"]}"',
                                             seats[play["seat"]]), play
                            seen["trick to winner"] += 1
                continue
            assert html.count('data-key="first"') == 1 and 'data-key="pot"' in html
            seats = seat_chunks(html)
            for spot in view["trick"]:
                chunk = seats[spot["seat"]]
                if spot["status"] == "face-down" and spot["card"] is None:
                    assert f'data-key="back:{spot["seat"]}" data-from="seat:{spot["seat"]}"' in chunk
                    seen["back"] += 1
                elif spot["status"] == "in":
                    owner = int(spot["card"][1])
                    assert f'data-key="card:{spot["card"]}" data-from="back:{spot["seat"]} seat:{owner}"' in chunk
                    seen["played"] += 1
                    if owner != spot["seat"]:
                        seen["switched glides"] += 1
                    for k in range(spot["plus"]):
                        assert f'data-key="plus:{spot["card"]}:{k}" data-from="pot"' in chunk
                        seen["marker"] += 1
            last = view["events"][-1] if view["events"] else None
            if last and last.get("deal"):
                payer = last["deal"]["seat"]
                assert re.search(rf'data-key="gold:{last["seat"]}" data-bump="\d+" data-from="gold:{payer}"',
                                 seats[last["seat"]])
                seen["gold paid"] += 1
            elif last and last["what"] == "gold":
                assert re.search(rf'data-key="gold:{last["seat"]}" data-bump="\d+" data-from="pot"', seats[last["seat"]])
                seen["gold from the pot"] += 1
    assert set(seen) == {"trick to winner", "back", "played", "switched glides", "marker", "gold paid",
                         "gold from the pot"}, seen


def test_the_cards_panel_holds_the_court_of_ten_as_large_cards():
    app = app_with(["human", "quick", "quick", "quick"], seed=2, lang="ja")
    if app.match.needs_handoff():
        app.handle("handoff")
    app.handle("panel", "cards")
    html = app.render()
    panel = html[html.index('id="panel-cards"'):]
    panel = panel[:panel.index("</section>")]
    refs = re.findall(r'<span class="card card-lg tone-gold st-face st-ref"[^>]*>', panel)
    assert len(refs) == 10 and "data-card" not in panel
    for power in range(1, 11):
        assert f'<use href="#struggle-{FIGURE_OF[power]}"' in panel
        assert CATALOG[f"st.ability.{power}"][0] in panel
    assert "この版の10人の宮廷" in panel
    assert "この版の10人の宮廷" not in html[:html.index('class="table-rail"')]    # not under the table
    app.handle("panel", "scores")
    html = app.render()
    scores = html[html.index('id="panel-scores"'):]
    assert "st-scores" in scores[:scores.index("</section>")] and "st-supply" in scores[:scores.index("</section>")]


def test_a_long_name_sets_the_turn_smaller_and_a_short_one_does_not():
    """A 32-character Japanese name would give the tablet's status bar a third line
    (e2e/test_play_anywhere.py measures the heights): its turn is set smaller."""
    long_name = "寿限無寿限無五劫の擦り切れ海砂利水魚の水行末雲来末風来末食う寝る"
    for names, long in ((["Aki", "Ben", "Chie"], False), ([long_name, long_name[1:], long_name[2:]], True)):
        app = app_with(["human", "quick", "quick"], seed=5, lang="ja", names=names)
        turn = re.search(r'<strong class="status-turn" aria-live="polite"(?: style="--turn-scale: ([\d.]+)")?>([^<]*)<',
                         app.render())
        assert turn and names[2] in turn.group(2), (names, turn)
        assert (0.7 <= float(turn.group(1)) < 1) if long else turn.group(1) is None, turn.group(0)
