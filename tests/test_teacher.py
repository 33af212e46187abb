"""Why a suggested move (issue 21, part 1): the strong player's best few moves in
a player's words with their estimated chances (py/ui/teacher.py), every move of
every game in words (Table.move_words), from the deciding seat's view only."""
import random
import re

import pytest

from royaltable import calibration, registry
from screens import start, step
from ui import teacher
from ui.html import esc
from ui.collection import COLLECTION, playable
from ui.i18n import CATALOG, Translator, shown_names
from ui.match import Match
from ui.table import Table, table_for

GAMES = [g for g, _, _ in COLLECTION if playable(g)]
NAMES = ["Aki", "Ben", "Cho", "Dan", "Eve", "Fay"]
# Every kind of action each game has (the first word of an action), as its rules list them.
KINDS = {
    "court": {"roll", "aside", "use", "pick", "value", "confirm", "cancel", "done", "take", "pass"},
    "krypkille": {"discard", "keep", "play", "declare", "pass"},
    "whispers": {"play", "next", "target", "count", "give", "discard", "swap", "with", "return"},
    "golden_key": {"place", "move", "flick", "reroll", "keep", "roll", "return", "end", "pass",
                   "propose", "decline", "accept", "refuse"},
    "struggle": {"play", "offer", "pass", "gold", "promise-0", "promise-1", "promise-2", "promise-3",
                 "promise-4", "no-promise", "accept", "steal", "plus", "minus", "spy", "discard",
                 "swap", "knight"},
}
PERCENT = re.compile(r"(約\d+%|1%未満|99%超|about \d+\u00a0%|under 1\u00a0%|over 99\u00a0%)")


def seats(*kinds):
    return [{"name": NAMES[s], "kind": k} for s, k in enumerate(kinds)]


def assert_words(words: str, action: str, t) -> None:
    """Words a player reads: not the action itself, no catalog key, no hole left."""
    assert words.strip() and words != action, (action, words)
    assert "{" not in words and "}" not in words, (action, words)
    assert not t.has(words) and not re.search(r"\b[a-z]+\.[a-z_]+\.[a-z_.]+\b", words), (action, words)


# ---- every move in words -----------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_table_puts_its_moves_in_words(game):
    assert type(table_for(game)).move_words is not Table.move_words


@pytest.mark.parametrize("game", GAMES)
def test_every_action_at_every_decision_of_random_games_has_words_in_both_languages(game):
    spec = registry.get(game)
    table = table_for(game)
    languages = [Translator("ja"), Translator("en")]
    # Golden Key's rescue rules all agreed, so that their moves come up too.
    options = {"rescue": "all"} if game == "golden_key" else {}
    seen = set()
    for players, seed in ((spec.min_players, 1), (spec.max_players, 2), (spec.default_players, 3)):
        for agreed in ({}, options) if options else ({},):
            state = spec.new(players, seed=seed, options=agreed)
            rng = random.Random(seed)
            while not state.over:
                view = state.view(state.current)
                for action in state.legal_actions():
                    seen.add(action.split()[0])
                    for t in languages:
                        assert_words(table.move_words(view, action, t, NAMES[:players]), action, t)
                state.apply(rng.choice(state.legal_actions()), seat=state.current)
    if game == "golden_key":      # a pass (no die can move) is rare in random play; its words need no board
        view = spec.new(2, seed=1, options={}).view(0)
        for t in languages:
            assert_words(table.move_words(view, "pass", t, NAMES[:2]), "pass", t)
        seen.add("pass")
    assert seen == KINDS[game]


def test_moves_read_as_a_player_says_them():
    kk, en, ja = table_for("krypkille"), Translator("en"), Translator("ja")
    view = {}
    assert kk.move_words(view, "play mask", en, NAMES) == "Play Mask"
    assert kk.move_words(view, "discard 4 mask", en, NAMES) == "Discard 4 and Mask"
    assert kk.move_words(view, "discard 2 4 mask", en, NAMES) == "Discard 2, 4 and Mask"
    assert kk.move_words(view, "discard 2 4 mask", ja, NAMES) == "2、4と顔を捨てる"
    assert kk.move_words(view, "keep", en, NAMES) == "Keep all"
    st = table_for("struggle")
    assert st.move_words({"phase": "offer-gold"}, "gold 3", en, NAMES) == "Offer 3 gold"
    assert st.move_words({"phase": "lead"}, "play s1-8", en, NAMES) == "Lead Knight (8) face up"
    court = table_for("court")
    assert court.move_words({"pending": None}, "take jester", en, NAMES) == "Take the Jester"
    wh = table_for("whispers")
    assert wh.move_words({}, "target 2", en, NAMES) == "Exchange with Cho"


# ---- the chances in words -----------------------------------------------------------------

def test_chances_are_whole_percent_and_never_sure():
    en, ja = Translator("en"), Translator("ja")
    assert teacher.chance_words(0.62, en) == "about 62\u00a0%"
    assert teacher.chance_words(0.62, ja) == "約62%"
    assert teacher.chance_words(0.014, en) == "about 1\u00a0%"
    assert teacher.chance_words(0.004, en) == "under 1\u00a0%" and teacher.chance_words(0.0, ja) == "1%未満"
    assert teacher.chance_words(0.996, en) == "over 99\u00a0%" and teacher.chance_words(1.0, ja) == "99%超"
    assert teacher.chance_words(0.99, en) == "about 99\u00a0%"


# ---- the panel --------------------------------------------------------------------------------

def decision(match, rng, more_than=1):
    """Plays on (random moves for the person) until the person decides among several moves."""
    for _ in range(3000):
        if match.actor() is not None and len(match.legal_on_screen()) > more_than and not match.needs_handoff():
            return match
        step(match, rng)
    raise AssertionError("no decision reached")


def panel_of(match, lang="en"):
    t = Translator(lang)
    return teacher.panel(match, t, match.state.view(match.viewer))


def items(html):
    return re.findall(r"<li>(.*?)</li>", html)


@pytest.mark.parametrize("game,options", [("krypkille", {}), ("whispers", {}), ("struggle", {"mode": "night"})])
def test_two_true_states_behind_the_same_view_give_the_same_panel(game, options):
    # One person among computers; what they cannot see (the others' hands, the
    # stock, the cards taken out at night) is dealt anew behind the same view.
    kinds = seats("human", "quick", "quick")
    match = decision(Match(game, kinds, options, 11), random.Random(1))
    seat = match.actor()
    view = match.state.view(seat)
    twin = Match(game, kinds, options, 11)
    twin.state = registry.get(game).sample_state(view, 5)
    twin.state.seed, twin.state.actions = match.state.seed, list(match.state.actions)
    twin._public = twin.state.view(None)
    assert twin.state.view(seat) == view
    assert any(twin.state.view(s) != match.state.view(s) for s in range(3) if s != seat)   # other secrets
    match.suggest()
    twin.suggest()
    assert match.advice and twin.advice == match.advice and twin.hint == match.hint
    for lang in ("en", "ja"):
        assert panel_of(twin, lang) == panel_of(match, lang)


@pytest.mark.parametrize("game,kinds,seed", [
    ("krypkille", ("human", "quick", "quick"), 3), ("court", ("human", "quick"), 3),
    ("whispers", ("human", "quick", "quick"), 3), ("golden_key", ("human", "quick"), 3),
    ("struggle", ("human", "quick", "quick"), 3)])
def test_the_panel_names_the_lit_move_first_under_the_hint_line(game, kinds, seed):
    app = start(list(kinds), game=game, seed=str(seed))
    match = app.match
    decision(match, random.Random(seed))
    app.handle("hint")
    assert match.hint == match.suggestion.choice and 1 <= len(match.advice) <= 3
    assert match.advice[0][0] == match.hint
    searched = [c.action for c in match.suggestion.candidates if c.value is not None][:3]
    assert sorted(a for a, _ in match.advice) == sorted(searched)
    for lang in ("en", "ja"):
        if app.t.lang != lang:
            app.handle("lang")
        t = app.t
        html = app.render()
        lit = set(re.findall(r'data-arg="([^"]*)" data-hint', html))
        assert lit <= {match.hint}
        drawn = re.search(r'<section class="teacher".*?</section>', html).group(0)
        lines = items(drawn)
        assert len(lines) == len(match.advice)
        view = match.state.view(match.viewer)
        for line, (action, chance) in zip(lines, match.advice):
            words = match.table.move_words(view, action, t, shown_names(match.seats, t))
            assert line.startswith(esc(words)), (line, words)
            assert esc(teacher.chance_words(chance, t, teacher.rough_share(game, len(kinds)))) in line
        rough = game in calibration.ROUGH
        assert all(bool(PERCENT.search(line)) != rough for line in lines)
        # the panel is read right after the hint line
        assert html.index(esc(t("hint.shown"))) < html.index('<section class="teacher"')
    assert any(words in items(drawn)[0] for words in ("wins about", "最後まで", "この手なら", "with this move"))


def test_the_runners_up_are_listed_by_their_chances_after_the_choice():
    match = decision(Match("struggle", seats("human", "quick", "quick"), {}, 3), random.Random(3))
    match.suggest()
    chances = [c for _, c in match.advice]
    assert len(chances) == 3 and chances[1:] == sorted(chances[1:], reverse=True)


def test_both_languages_and_the_estimates_said_to_be_rough_where_they_are(monkeypatch):
    match = decision(Match("krypkille", seats("human", "quick", "quick"), {}, 3), random.Random(3))
    match.suggest()
    monkeypatch.setattr(calibration, "ROUGH", frozenset(), raising=False)
    en, ja = panel_of(match, "en"), panel_of(match, "ja")
    assert "Why this move" in en and "wins about" in en and "この手をすすめる理由" in ja and "約" in ja
    assert "rough" not in en
    monkeypatch.setattr(calibration, "ROUGH", frozenset({"krypkille"}), raising=False)
    assert "estimates are still rough" in panel_of(match, "en")
    assert "おおまか" in panel_of(match, "ja")
    monkeypatch.setattr(calibration, "ROUGH", frozenset({"court"}), raising=False)
    assert "rough" not in panel_of(match, "en")


def test_rough_chances_are_told_against_the_even_share_in_words():
    en, ja = Translator("en"), Translator("ja")
    assert teacher.chance_words(0.40, en, 0.25) == "ahead" and teacher.chance_words(0.40, ja, 0.25) == "優勢"
    assert teacher.chance_words(0.28, en, 0.25) == "about even" and teacher.chance_words(0.22, ja, 0.25) == "互角"
    assert teacher.chance_words(0.12, en, 0.25) == "behind" and teacher.chance_words(0.12, ja, 0.25) == "劣勢"
    assert teacher.chance_words(0.40, en, 0.5) == "behind"          # one against one: 40 % is behind
    assert teacher.chance_words(0.40, en) == "about 40\u00a0%"       # honest chances: a percentage


def test_where_a_game_is_rough_the_panel_says_ahead_even_or_behind_not_percent(monkeypatch):
    match = decision(Match("krypkille", seats("human", "quick", "quick"), {}, 3), random.Random(3))
    match.suggest()
    monkeypatch.setattr(calibration, "ROUGH", frozenset({"krypkille"}), raising=False)
    standing = re.compile(r"(ahead|about even|behind|優勢|互角|劣勢)")
    for lang in ("en", "ja"):
        lines = items(panel_of(match, lang))
        assert lines and all(standing.search(line) and not PERCENT.search(line) for line in lines), lines
    assert "with this move" in items(panel_of(match, "en"))[0] and "この手なら" in items(panel_of(match, "ja"))[0]
    monkeypatch.setattr(calibration, "ROUGH", frozenset(), raising=False)
    lines = items(panel_of(match, "en"))
    assert all(PERCENT.search(line) and not standing.search(line) for line in lines), lines


def test_a_move_with_nothing_to_compare_says_so(monkeypatch):
    # The Court's first roll is the only move: nothing searched, no chance made up.
    match = Match("court", seats("human", "quick"), {}, 4)
    while match.actor() is None:
        match.step()
    assert match.state.legal_actions() == ["roll"]
    match.suggest()
    assert match.hint == "roll" and match.advice == []
    assert items(panel_of(match)) == ["Roll 3 dice: the only move here"]
    assert items(panel_of(match, "ja")) == ["ダイスを振る（3個）：ここで選べるのはこの手だけです"]
    # Several moves, but the strong player's model offers one: nothing to compare either.
    match = decision(Match("krypkille", seats("human", "quick", "quick"), {}, 3), random.Random(3))
    strong = match.bot

    def one_candidate(level):
        bot = strong(level)
        # The model is shared by every strong player of the game: patched for this test only.
        monkeypatch.setattr(bot.model, "candidates", lambda world, legal: [(legal[-1], None)])
        return bot
    monkeypatch.setattr(match, "bot", one_candidate)
    match.suggest()
    assert match.advice == [] and match.hint == match.state.legal_actions()[-1]
    words = match.table.move_words(match.state.view(0), match.hint, Translator("en"), NAMES)
    assert items(panel_of(match)) == [f"{words}: no other move was worth comparing"]
    assert not PERCENT.search(panel_of(match))


def test_the_hint_and_its_panel_are_cleared_by_a_move():
    app = start(["human", "quick", "quick"], seed="3")
    match = app.match
    decision(match, random.Random(3))
    app.handle("hint")
    assert '<section class="teacher"' in app.render()
    app.handle("act", match.legal_on_screen()[0])
    assert match.hint is None and match.advice == [] and match.suggestion is None
    assert '<section class="teacher"' not in app.render()


def test_no_panel_without_a_suggestion_or_off_the_deciders_screen():
    app = start(["human", "human", "quick"], names=["Aki", "Ben"], seed="5")
    match = app.match
    assert match.needs_handoff()
    assert teacher.panel(match, app.t, match.state.view(None)) == ""
    app.handle("handoff")
    assert '<section class="teacher"' not in app.render()


def test_every_new_word_is_in_both_languages():
    new = [k for k in CATALOG if k.startswith("hint.") or ".say." in k]
    assert len(new) > 30
    for key in new:
        ja, en = CATALOG[key]
        assert ja.strip() and en.strip() and ja != en, key
