"""The app shell in CPython: screens, who sees what, undo, Back, speed, the
suggested move, stale taps, escaping, the catalog."""
import collections
import pathlib
import re

import pytest

from royaltable import registry
from screens import advance, assert_shows_only, play_until, start
from ui import saves
from ui.app import App, log_line, page_of
from ui.collection import COLLECTION, GAMES, playable
from ui.i18n import CATALOG, Translator, default_lang, isolate, shown_names, rules_text
from ui.match import LINGER, SUMMARY
from ui.taps import TapGuard
from ui.table import Table, table_for

UI = pathlib.Path(__file__).resolve().parents[1] / "py" / "ui"
PLAYABLE = [g for g, _, _ in COLLECTION if playable(g)]


# ---- the catalog ------------------------------------------------------------------

def test_every_catalog_entry_has_both_languages():
    for key, (ja, en) in CATALOG.items():
        assert ja.strip() and en.strip(), key
        assert sorted(set(re.findall(r"{\w+}", ja))) == sorted(set(re.findall(r"{\w+}", en))), key


def test_every_literal_key_used_in_the_ui_exists():
    used = set()
    for path in UI.rglob("*.py"):
        used |= set(re.findall(r'''\bt\(\s*["']([a-z_]+\.[a-z_.]+)["']''', path.read_text()))
    missing = sorted(k for k in used if k not in CATALOG and not k.endswith("."))  # prefixes: dynamic keys
    assert missing == []


def test_english_plurals():
    t = Translator("en")
    assert t("kk.hand_count", n=1) == "1 card" and t("kk.hand_count", n=2) == "2 cards"
    assert t("kk.penalty", n=1) == "1 pt" and t("kk.penalty", n=0) == "0 pts"
    assert Translator("ja")("kk.hand_count", n=1) == "手札1枚"
    assert [t.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st"]


def test_japanese_browsers_get_japanese():
    assert default_lang(["ja-JP", "en"]) == "ja"
    assert default_lang(["en-US", "ja"]) == "en"
    assert default_lang([]) == "ja"


@pytest.mark.parametrize("game", PLAYABLE)
def test_rules_text_has_the_same_shape_in_both_languages_and_every_rule_id(game):
    rules = rules_text(game)
    assert [len(s["items"]) for s in rules["ja"]] == [len(s["items"]) for s in rules["en"]]
    ids = {i["id"] for s in rules["en"] for i in s["items"]}
    prefix = {"krypkille": "KK", "court": "CT"}.get(game)
    if prefix:
        count = {"KK": 19, "CT": 19}[prefix]
        assert {f"{prefix}-{n}" for n in range(1, count + 1)} <= ids


# ---- the table contract -------------------------------------------------------------

@pytest.mark.parametrize("game", PLAYABLE)
def test_every_table_follows_the_written_down_contract(game):
    table = table_for(game)
    assert isinstance(table, Table) and table.game_id == game
    assert type(table).render is not Table.render and type(table).describe is not Table.describe


# ---- home and setup -------------------------------------------------------------------

def test_home_shows_every_game_of_the_registry_that_has_a_screen_folder():
    html = App("en").render()
    folders = sorted(p.name for p in (UI / "games").iterdir() if (p / "table.py").exists())
    assert sorted(GAMES) == folders == sorted(registry.ids())
    for game in registry.ids():
        assert f'data-game="{game}"' in html
    order = [html.index(f'data-game="{game}"') for game in GAMES]
    assert order == sorted(order) and GAMES[0] == "court"          # HOME_ORDER: Court first


def test_covers_are_drawn_not_typed():
    html = App("en").render()
    assert html.count('<span class="cover-art') == len(GAMES)
    assert html.count('<use href="#') == 3 * len(GAMES)
    for glyph in "⚿🂠♚✉⚔⏮⏭":
        assert glyph not in html


@pytest.mark.parametrize("game", GAMES)
def test_every_cover_has_a_tone_three_figures_of_its_game_and_a_length(game):
    from ui import covers, figures
    cover = covers.cover_of(game)
    css = (UI.parent.parent / "static" / "app.css").read_text() + (UI / "games" / game / "style.css").read_text()
    assert f".tone-{cover['tone']} " in css or f".tone-{cover['tone']}," in css
    assert len(cover["figures"]) == 3 and set(cover["figures"]) <= set(figures.names(game))
    low, high = covers.minutes(game)
    assert 0 < low <= high <= 120


def card_drop_shadows(css: str):
    """(selector, the shadow's lengths) for every outer box-shadow that falls below
    something (a y offset) in the rules that style a card (`.card`, `.card-back`,
    `.card-btn`)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    for chunk in css.split("}"):
        selector, _, body = chunk.rpartition("{")
        value = re.search(r"box-shadow:([^;]*)", body)
        if not value or not re.search(r"\.card(-back|-btn)?(?![\w-])", selector):
            continue
        depth, shadow, shadows = 0, "", []
        for ch in value.group(1) + ",":
            depth += (ch == "(") - (ch == ")")
            if ch == "," and not depth:
                shadows.append(shadow.split())
                shadow = ""
            else:
                shadow += ch
        for words in shadows:
            lengths = [w for w in words if re.fullmatch(r"-?[\d.]+(px)?", w)]
            if words and words[0] != "inset" and len(lengths) >= 2 and lengths[1] != "0":
                yield selector.strip(), lengths


@pytest.mark.parametrize("game", GAMES)
def test_a_card_s_shadow_is_a_crisp_ledge_and_its_figure_has_no_filter(game):
    # STYLE.md, the card: WebKit (every iPad) paints a blurred shadow or a filter again for
    # every card at every redraw (bench/RESULTS-redraw.md). A glow (no offset) may blur.
    css = (UI.parent.parent / "static" / "app.css").read_text() + (UI / "games" / game / "style.css").read_text()
    shadows = list(card_drop_shadows(css))
    assert any(sel == ".card-back" for sel, _ in shadows)            # the parse finds them
    blurred = [(sel, lengths) for sel, lengths in shadows if len(lengths) > 2 and lengths[2] != "0"]
    assert not blurred
    assert not re.search(r"\.fig\b[^{]*\{[^}]*filter:\s*drop-shadow", css)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_each_cover_names_its_game_in_both_scripts_with_players_and_minutes(lang):
    from ui import covers
    app = App(lang)
    html = app.render()
    other = Translator("en" if lang == "ja" else "ja")
    for game, low, high in COLLECTION:
        card = html[html.index(f'data-game="{game}"'):].split("</article>")[0]
        assert app.t("game." + game) in card.replace("&#x27;", "'")
        assert f'lang="{other.lang}">{other("game." + game)}'.replace("'", "&#x27;") in card
        assert app.t("home.minutes", lo=covers.minutes(game)[0], hi=covers.minutes(game)[1]) in card


def test_hostile_names_are_escaped():
    app = start(["human", "quick", "quick"], names=["<img src=x onerror=alert(1)>"])
    html = app.render()
    assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html


def test_the_seed_hint_speaks_of_the_whole_game():
    app = App("en")
    app.handle("setup", "court")
    app.handle("more_options")
    assert "same game" in app.render()


def setup_commands(html):
    return set(re.findall(r'data-cmd="(?:option|more_options)"(?: data-arg="([^"]*)")?', html)) | \
        ({"seed"} if 'data-field="seed"' in html else set())


def test_the_new_game_form_shows_a_first_games_options_and_folds_the_rest_saying_what_changed():
    app = App("en")
    app.handle("setup", "golden_key")
    folded = app.render()
    assert setup_commands(folded) == {"board:basic", "board:basic-A1", "board:basic-A2", "board:advanced", ""}
    assert 'aria-expanded="false"' in folded and "As for a first game" in folded
    app.handle("more_options")
    unfolded = app.render()
    assert {"face_down:on", "arranged:C4", "rescue:all", "seed"} <= setup_commands(unfolded)
    assert 'aria-expanded="true"' in unfolded and "As for a first game" not in unfolded
    app.handle("option", "face_down:on")
    app.field("seed", "12")
    app.handle("option", "board:advanced")        # a first game's option is no change to tell
    app.handle("more_options")
    assert "Changed: Face down (C1), game number 12" in app.render()
    app.handle("start")
    assert app.match.state.options["face_down"] == "on" and app.match.state.options["board"] == "advanced"
    assert app.match.state.seed == 12
    for game_id, shown in (("krypkille", {"limit:50", "limit:100", "limit:150", ""}), ("court", {""}),
                           ("whispers", {""}), ("struggle", {"mode:day", "mode:night", ""})):
        app = App("en")
        app.handle("setup", game_id)
        assert setup_commands(app.render()) == shown, game_id


# ---- privacy: one rule of the shared layer -------------------------------------------

def drive(app, choose=lambda legal: legal[0], steps=3000, on_screen=None):
    """Plays through the app as people would: hand-offs taken, interludes tapped on."""
    match = app.match
    for _ in range(steps):
        if on_screen:
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


def screen_checker(holder):
    """At every screen: only the holder's cards, and none at all on a screen everybody reads."""
    def check(app):
        match = app.match
        html = app.render()
        if match.needs_handoff():
            assert 'data-card="' not in html
            holder["seat"] = match.state.current
            return
        public = match.interlude == SUMMARY or match.state.over
        viewer = None if public else holder["seat"]
        assert_shows_only(html, match.state.view(viewer))
    return check


def test_two_people_never_see_each_others_cards_at_any_screen():
    app = start(["human", "human", "quick", "strong"], names=["Aki", "Ben"], seed="8",
                options=["limit:50"])
    holder = {"seat": None}
    drive(app, choose=lambda legal: legal[-1], on_screen=screen_checker(holder))
    assert app.match.state.over


@pytest.mark.parametrize("game_id, options", [("krypkille", ["limit:50"]), ("whispers", []), ("struggle", [])])
def test_between_turns_no_hand_is_on_screen(game_id, options):
    """Two people and two computers: a seat's private cards are drawn only while
    that seat is the one to decide; while a computer plays, a finished trick
    lingers or another person decides in the open, the screen is everybody's."""
    app = start(["human", "human", "quick", "quick"], names=["Aki", "Ben"], seed="8", game=game_id,
                options=options)
    seen = collections.Counter()

    def check(app):
        match = app.match
        html = app.render()
        if match.needs_handoff():
            assert 'data-card="' not in html and "data-private" not in html
            return
        deciding = match.actor()
        public = match.interlude == SUMMARY or match.state.over or deciding is None
        seen["between" if public else "own"] += 1
        assert_shows_only(html, match.state.view(None if public else deciding))
        if public:
            assert "data-private" not in html
    drive(app, choose=lambda legal: legal[-1], on_screen=check)
    assert app.match.state.over and seen["between"] > 10 and seen["own"] > 10


def test_show_my_cards_between_turns_asks_the_others_to_look_away_and_the_table_waits():
    app = start(["human", "human", "quick", "quick"], names=["Aki", "Ben"], seed="8")
    match = app.match
    while not (match.is_bot(match.state.current) and not match.interlude and not match.needs_handoff()):
        drive_one(app)
    assert match.viewer is None and match.peekers() == [0, 1]
    html = app.render()
    aki, ben = isolate("Aki"), isolate("Ben")                # names are drawn isolated
    assert f"Show {aki}&#x27;s cards" in html and f"Show {ben}&#x27;s cards" in html and "data-private" not in html
    # under the table, where a hand would be: its coming and going moves nothing above it
    assert html.index('class="peek-bar"') > html.index('<section class="kk')
    app.handle("peek", "1")
    html = app.render()
    assert 'data-screen="handoff"' in html and f"Pass the tablet to {ben}" in html and 'data-card="' not in html
    assert app.pending_delay() is None
    app.handle("handoff")
    html = app.render()
    assert match.viewer == 1 and "data-private" in html and f"Only {ben} should look now." in html
    assert html.index("peek-bar is-peeking") > html.index("data-private")       # under the cards
    assert_shows_only(html, match.state.view(1))
    assert app.pending_delay() is None and match.legal_on_screen() == []     # the table waits
    app.handle("peek_end")
    assert match.viewer is None and "data-private" not in app.render() and app.pending_delay() is not None
    app.handle("peek", "0")
    app.handle("peek_end")                                   # "never mind" from the prompt
    assert not match.needs_handoff() and match.viewer is None


def test_one_person_among_computers_keeps_their_hand_on_screen():
    app = start(["human", "quick", "quick"], seed="8")
    match = app.match
    while not (match.is_bot(match.state.current) and not match.interlude):
        drive_one(app)
    assert match.viewer == 0 and "data-private" in app.render() and match.peekers() == []


def drive_one(app):
    match = app.match
    if match.needs_handoff():
        app.handle("handoff")
    elif match.interlude:
        app.handle("resume")
    elif app.pending_delay() is not None:
        app.step()
    else:
        app.handle("act", match.legal_on_screen()[0])


def test_the_round_result_shows_no_hand_of_the_next_round():
    app = start(["human", "human", "quick"], names=["Aki", "Ben"], seed="3")
    match = app.match
    while match.interlude != SUMMARY:
        if match.needs_handoff():
            app.handle("handoff")
        elif app.pending_delay() is not None:
            app.step()
        else:
            app.handle("act", match.legal_on_screen()[0])
    html = app.render()
    assert 'data-screen="summary"' in html and 'data-viewer=""' in html
    assert "kk-hand-cards" not in html
    assert_shows_only(html, match.state.view(None))
    app.handle("resume")
    if match.state.current in match.humans and match.state.current != match.holder:
        assert match.needs_handoff()


def test_undo_from_the_handoff_screen_asks_for_the_tablet_back():
    app = start(["human", "human", "human"], names=["Aki", "Ben", "Chie"], seed="5")
    match = app.match
    app.handle("handoff")
    first = match.holder
    app.handle("act", "keep")
    assert match.needs_handoff() and match.undoer() == first
    assert "Undo Aki" in app.render() or "Undo" in app.render()
    app.handle("undo")
    # whoever holds the tablet now, the mover's hand waits for a hand-off
    assert match.needs_handoff() and match.state.current == first
    html = app.render()
    assert 'data-card="' not in html and 'data-screen="handoff"' in html
    app.handle("handoff")
    assert match.viewer == first


def test_undo_on_ones_own_screen_keeps_the_tablet():
    app = start(["human", "quick", "quick"], seed="5")
    match = app.match
    while app.pending_delay() is not None:
        app.step()
    app.handle("act", "keep")
    if match.undoer() is None:        # the dealer refilled: sealed, nothing to take back
        return
    app.handle("undo")
    assert not match.needs_handoff() and match.viewer == 0


def test_a_decision_in_the_open_is_drawn_for_nobody_and_needs_no_handoff():
    app = start(["human", "human"], names=["Sora", "Umi"], game="court", seed="3")
    match = app.match
    assert not match.needs_handoff()
    assert match.viewer is None and match.legal_on_screen()
    assert 'data-viewer=""' in app.render()


# ---- interludes, forced plays, the suggested move ---------------------------------------

def test_a_finished_trick_lingers_and_a_tap_skips_it():
    app = start(["human", "quick", "quick"], seed="6")
    match = app.match
    for _ in range(200):
        if match.interlude == LINGER:
            break
        if app.pending_delay() is not None:
            app.step()
        else:
            app.handle("act", match.legal_on_screen()[0])
    assert match.interlude == LINGER and app.pending_delay() is not None
    html = app.render()
    assert "is-lingering" in html and "is-winner" in html
    assert match.legal_on_screen() == []
    assert app.skip_linger() and match.interlude is None


def test_the_forced_card_is_marked_before_it_is_played():
    app = start(["human", "quick", "quick"], seed="2")
    match = app.match
    play_until(app, lambda match: match.forced_now() and match.state.current == 0, pick=lambda legal: legal[-1])
    assert match.forced_now()
    card = match.state.legal_actions()[0].split()[1]
    assert re.search(rf'class="card card-md tone-\w+ kk-card is-forced"[^>]*data-card="{card}"', app.render())


def test_a_suggestion_is_highlighted_and_never_played():
    app = start(["human", "quick", "quick"], game="court", seed="4")
    match = app.match
    while match.actor() is None:
        app.step()
    app.handle("act", "roll")
    before = list(match.state.actions)
    app.handle("hint")
    assert match.hint in match.state.legal_actions()
    assert match.state.actions == before
    html = app.render()
    if not match.hint.startswith("take"):
        assert "data-hint" in html
    app.handle("act", match.state.legal_actions()[0])
    assert match.hint is None


def test_no_suggestion_for_a_computer_or_on_someone_elses_screen():
    app = start(["human", "human", "quick"], names=["Aki", "Ben"], seed="5")
    match = app.match
    assert match.needs_handoff() and not match.can_suggest()
    app.handle("hint")
    assert match.hint is None
    app.handle("handoff")
    assert match.can_suggest()


# ---- speed, Back, stale taps ----------------------------------------------------------------

def test_computer_speed_is_a_remembered_setting():
    app = start(["human", "quick", "quick"], game="court", seed="1")
    app.handle("speed", "fast")
    assert app.storage.get("royaltable.speed") == "fast"
    again = App("en", storage=app.storage)
    assert again.speed == "fast"
    app.match.holder = 0
    while not app.match.is_bot(app.match.state.current):
        app.handle("act", app.match.legal_on_screen()[0])
    fast = app.pending_delay()
    app.handle("speed", "slow")
    assert app.pending_delay() > 3 * fast


def test_back_goes_to_the_previous_screen_and_never_leaves_a_game_without_asking():
    app = App("en")
    assert app.back() is False                      # home: the browser may leave
    app.handle("rules", "court")
    assert app.back() and app.screen == "home"
    app.handle("setup", "krypkille")
    assert app.back() and app.screen == "home"
    app = start(["human", "quick", "quick"])
    assert app.back() and app.screen == "table" and app.confirm == "leave"
    assert "saved" in app.render()
    assert app.back() and app.confirm is None       # Back again: the question goes
    app.back()
    app.handle("quit", "leave")
    assert app.screen == "home" and len(app.library.in_progress()) == 1


def test_a_double_tap_presses_once():
    guard = TapGuard()
    assert guard.allows(1000, 100, 100)
    guard.screen_changed(1000, by_tap=True, x=100, y=100)
    assert not guard.allows(1200, 104, 98)          # the second tap of a double tap
    assert guard.allows(1200, 300, 100)             # another button, deliberately
    assert guard.allows(1600, 100, 100)             # later: a new decision
    guard.screen_changed(2000, by_tap=False)
    assert not guard.allows(2100, 10, 10)           # the table just changed under the finger
    assert guard.allows(2300, 10, 10)


def test_every_tap_on_a_replay_step_counts():
    guard = TapGuard()
    guard.screen_changed(1000, by_tap=True, x=500, y=60)
    assert not guard.allows(1250, 500, 60, "act")         # a game's button: still a double tap
    assert guard.allows(1250, 500, 60, "replay_step")     # ▶ again, 250 ms later: one more step
    for when in range(1250, 3250, 250):                   # 8 taps, 250 ms apart
        assert guard.allows(when, 500, 60, "replay_step")
        guard.screen_changed(when, by_tap=True, x=500, y=60)


def test_taps_on_commands_from_a_stale_screen_do_nothing():
    app = start(["human", "quick", "quick"], game="court", seed="4")
    match = app.match
    while match.actor() is None:
        app.step()
    before = list(match.state.actions)
    app.handle("act", "aside all")                 # not on screen before the roll
    assert match.state.actions == before
    app.handle("select", "x")
    app.handle("kind", "nonsense")
    app.handle("no_such_command")
    assert match.state.actions == before


def test_illegal_tap_is_refused_in_words_and_changes_nothing():
    app = start(["human", "quick", "quick"])
    match = app.match
    while app.pending_delay() is not None:
        app.step()
    before = match.state.record()
    app.handle("act", "discard jester jester jester jester")
    assert "not allowed" in app.message
    assert match.state.record() == before
    assert "toast" in app.render()


# ---- the log, scores, saves, whole games ---------------------------------------------------

def test_the_log_numbers_moves_of_the_whole_game():
    app = start(["human", "quick", "quick"], seed="9")
    match = app.match
    for _ in range(300):
        if len(match.log) > 100:
            break
        if match.interlude:
            app.handle("resume")
        elif app.pending_delay() is not None:
            app.step()
        else:
            app.handle("act", match.legal_on_screen()[-1])
    app.handle("panel", "log")                  # the log is drawn while it is open
    html = app.render()
    assert f'reversed start="{len(match.log)}"' in html
    # each line is known by its move's number (the page's patch adds the new line
    # instead of rewriting all eighty), newest first
    numbers = [int(n) for n in re.findall(r'<li id="log-(\d+)">', html[html.index("log-list"):])]
    assert numbers == list(range(len(match.log), len(match.log) - 80, -1))
    newest = log_line(match.log[-1], app.t, shown_names(match.seats, app.t))
    assert f'<li id="log-{len(match.log)}">{newest}</li>' in html
    # a move later, every line that was drawn is drawn the same under the same id
    app.step() if app.pending_delay() is not None else app.handle("act", match.legal_on_screen()[-1])
    again = app.render()
    assert len(match.log) > numbers[0]
    for number in numbers[:-(len(match.log) - numbers[0])]:
        line = re.search(f'<li id="log-{number}">.*?</li>', html).group(0)
        assert line in again


def test_six_players_with_long_names_fit_the_score_table():
    names = [f"{'X' * 30}{n}" for n in range(6)]
    app = start(["human"] + ["quick"] * 5, names=names)
    app.handle("panel", "scores")
    side = app.render().split('<section class="panel" id="panel-scores"')[1]
    table = side.split("</table>")[0]
    head = table.split("</thead>")[0]
    assert head.count('<th scope="col"') == 7       # a column per player (and the rounds'): no more
    assert all(name in head for name in names)


def test_a_finished_game_is_kept_for_replay_but_not_offered_to_continue():
    app = start(["human", "quick", "strong"], seed="9", options=["limit:50"])
    drive(app, choose=lambda legal: legal[-1])
    html = app.render()
    assert "Game over" in html and "Winner" in html
    assert saves.load(app.library.get(app.game_id).stored.text).finished
    again = App("en", store=app.store)
    assert again.library.in_progress() == [] and len(again.library.finished()) == 1
    app.handle("replay")
    assert app.screen == "replay" and "is thinking" not in app.render()
    app.handle("replay_step", "last")
    app.handle("replay_close")
    app.handle("again")
    assert not app.match.state.over


@pytest.mark.parametrize("game", PLAYABLE)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_screen_renders_in_both_languages(game, lang):
    app = App(lang)
    app.render()
    app.handle("rules", game)
    assert "data-rule=" in app.render()
    app.handle("home")
    app.handle("setup", game)
    app.render()
    app.handle("lang")
    app.handle("start")
    app.render()
    app.handle("quit")
    assert "dialog" in app.render()
    app.handle("quit", "yes")
    assert app.screen == "home"


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_whole_game_of_computers_and_one_person_reaches_the_result(game):
    spec = registry.get(game)
    kinds = ["human"] + ["quick"] * (spec.max_players - 1)
    app = start(kinds, game=game, seed="12")
    drive(app, choose=lambda legal: legal[-1], steps=20000)
    assert "result" in app.render()


def test_after_a_decision_in_the_open_by_someone_else_the_tablet_must_come_back(monkeypatch):
    """A decision made in the open (an offer in King's Struggle) passes the tablet
    round: the next private screen, even of the last holder, needs a hand-off."""
    app = start(["human", "human", "quick"], names=["Aki", "Ben"], seed="5")   # seat 2 deals
    match = app.match
    # Pretend Ben discards in the open: his hand is not needed for it.
    monkeypatch.setattr(type(match.table), "private_decision", lambda self, public, private, legal:
                        not (public["phase"] == "discard" and public["current"] == 1))
    assert match.state.current == 0 and match.needs_handoff()
    app.handle("handoff")
    app.handle("act", "keep")                       # Aki, privately
    assert match.state.current == 1 and not match.needs_handoff() and match.viewer is None
    app.handle("act", "keep")                       # Ben, in the open: the tablet went to him
    assert match.holder is None
    while match.actor() is None:
        app.step()
    assert match.needs_handoff()


def test_computers_alone_play_a_whole_game_through_the_summaries():
    app = start(["quick", "quick", "quick"], seed="2", options=["limit:50"])
    match = app.match
    seen_summary = False
    for _ in range(5000):
        if match.state.over and not match.interlude:
            break
        seen_summary |= match.interlude == SUMMARY
        assert app.pending_delay() is not None
        app.step()
    assert match.state.over and seen_summary


# ---- To Court the King: words and highlights -------------------------------------------

def court_app_at(predicate, kinds=("human", "quick", "quick"), seed=4, lang="en"):
    """A Court table whose state was played by computers until `predicate(state)`."""
    app = start(list(kinds), game="court", seed=str(seed), lang=lang)
    match = app.match
    bots = [match.game.bots["quick"](seed=s) for s in range(len(kinds))]
    while not predicate(match.state):
        seat = match.state.current
        match.act(bots[seat].choose(match.state.view(seat), match.state.legal_actions()), seat)
    return app


def test_court_words_read_as_english():
    app = court_app_at(lambda s: s.rolled and s.current == 0)
    html = app.render()
    assert re.search(r"\d(st|nd|rd|th) to play", html) and "plays " not in html
    assert " × " not in html
    assert "of a kind" in html or "no two alike" in html


def test_court_picked_die_is_lit_by_its_place_not_its_value():
    from royaltable.games.court.rules import CourtState
    app = court_app_at(lambda s: s.current == 0)
    match = app.match
    state: CourtState = match.state
    state.rolled, state.aside_since_roll, state.active, state.aside = True, True, [1, 2, 4], []
    state.hands[0] = ["philosopher"]
    match._public = state.view(None)
    app.handle("act", "use philosopher")
    app.handle("act", "pick 2")                 # the die showing 2, second in the row
    tray = app.render().split('class="ct-zones"')[1].split("ct-zone-aside")[0]
    dice = re.findall(r'<(?:button|span)[^>]*class="ct-die([^"]*)"[^>]*aria-label="([^"]*)"', tray)
    lit = [label for cls, label in dice if "is-picked" in cls]
    assert lit == ["showing 2"]


def test_the_dice_panel_of_a_finished_game_has_no_dangling_name():
    app = start(["quick", "quick"], game="court", seed="3")
    while not app.match.state.over or app.match.interlude:
        app.step()
    assert "'s dice" not in app.render() and ">Dice<" in app.render()


def test_the_live_region_reads_several_log_lines_as_separate_sentences():
    """A computer's card and the end of its trick can be announced together: each
    log line is its own sentence, so a screen reader pauses between them."""
    for lang, stop in (("en", ". "), ("ja", "。")):
        app = start(["quick", "quick", "quick"], lang=lang, seed=6)
        app.announcement()                                   # the deal
        lines = []
        for _ in range(300):
            before = len(app.match.log)
            app.step() if app.pending_delay() is not None else app.handle("resume")
            lines = [log_line(entry, app.t, shown_names(app.match.seats, app.t)) for entry in app.match.log[before:]]
            said = app.announcement()
            if len(lines) > 1:
                break
        assert len(lines) > 1
        assert said == stop.join(lines)
        assert app.announcement() == ""                      # each line is said once


# ---- drawing only reads ----------------------------------------------------------------

def app_state(app):
    """Everything the app and its screens hold, as plain values: objects by their
    attributes (each object once), a random generator by its state."""
    import random as _random
    seen = set()

    def plain(value):
        if value is None or isinstance(value, (str, int, float, bool)):
            return value
        if isinstance(value, dict):
            return [(plain(k), plain(v)) for k, v in value.items()]
        if isinstance(value, (list, tuple)):
            return [plain(v) for v in value]
        if isinstance(value, (set, frozenset)):
            return sorted(repr(v) for v in value)
        if isinstance(value, _random.Random):
            return value.getstate()
        if id(value) in seen:
            return ("seen", id(value))
        seen.add(id(value))
        if hasattr(value, "__dict__") and not callable(value):
            return (type(value).__name__, plain(vars(value)))
        if hasattr(value, "__slots__"):
            return (type(value).__name__, [plain(getattr(value, s, None)) for s in value.__slots__])
        return (type(value).__name__, id(value))
    return plain(app)


def app_on(screen):
    """An app showing `screen`, with as much on it as that screen can show."""
    if screen == "home":
        app = start(["human", "quick", "quick"], seed="3")
        advance(app)
        app.handle("quit", "leave")                                      # a game in progress
        for seed in ("5", "6"):
            app.handle("setup", "golden_key")
            app.handle("kind", "1:quick")
            app.field("seed", seed)
            app.handle("start")
            drive(app)
            app.handle("quit", "leave")                                  # two finished
        finished = [e.id for e in app.library.finished()]
        app.review_playouts = 1
        app.handle("review", finished[0])
        app.review_step()                                                # one under review
        app.handle("share", finished[1])
        app.shared_link(finished[1], "https://example.org/#g")
        app.handle("delete", app.library.in_progress()[0].id)
        app.store.put(saves_damaged())                                   # a save that cannot be read
        app.store_event("changed")
        app.store_event("problem", problem="quota")
        app.handle("act", "nonsense")
        app.message = "A message"
        return app
    if screen == "setup":
        app = App("ja")
        app.handle("setup", "court")
        app.field("name:0", "<b>Aki</b>")
        return app
    if screen == "rules":
        app = start(["human", "quick"], game="whispers")
        app.handle("rules", "whispers")
        return app
    if screen == "replay":
        app = start(["human", "quick"], seed="3", game="golden_key")
        drive(app)
        app.review_playouts = 1
        app.handle("review")
        while app.review_step():
            pass
        for _ in range(len(app.replaying.record["actions"])):
            app.handle("replay_step", "next")
            if app.replaying.best_words:                                 # a move the review would not play
                break
        assert app.screen == "replay" and app.replaying.best_words
        return app
    if screen in ("peekers", "peeking"):
        app = start(["human", "human", "quick", "quick"], seed="8")
        match = app.match
        while not (match.is_bot(match.state.current) and not match.interlude and not match.needs_handoff()):
            drive_one(app)
        if screen == "peeking":
            app.handle("peek", "1")
            app.handle("handoff")
            assert match.peeking == 1
        return app
    if screen == "linger":
        app = start(["human", "quick", "quick"], seed="6")
        while app.match.interlude != LINGER:
            app.step() if app.pending_delay() is not None else app.handle("act", app.match.legal_on_screen()[0])
        return app
    kinds = {"handoff": ["human", "human", "quick"], "hint": ["human", "strong"]}.get(screen, ["human", "quick", "quick"])
    app = start(kinds, seed="7", game="whispers" if screen == "hint" else "krypkille")
    match = app.match
    if screen == "handoff":
        for _ in range(500):
            if match.needs_handoff():
                break
            advance(app)
    elif screen == "hint":
        while not match.can_suggest():
            app.step()
        app.handle("hint")
        assert match.hint is not None
    elif screen == "confirm":
        app.handle("quit")
    elif screen == "lost":
        app.store_event("lost", id=app.game_id)
    elif screen == "summary":
        for _ in range(3000):
            if match.interlude == SUMMARY:
                break
            advance(app) if not match.interlude else app.step()
    elif screen == "result":
        drive(app)
    return app


def saves_damaged():
    from ui.library import Stored
    return Stored("damaged", "[" * 10, 1.0, 1)


@pytest.mark.parametrize("screen", ["home", "setup", "rules", "table", "hint", "handoff", "peekers", "peeking",
                                    "linger", "confirm", "lost", "summary", "result", "replay"])
def test_drawing_changes_nothing(screen):
    app = app_on(screen)
    before = app_state(app)
    first = app.render()
    assert app_state(app) == before
    assert app.render() == first and app_state(app) == before
    assert app.screen_key().startswith(screen if screen in app.screens else "table")
    assert (screen, app.screen_key()) != ("handoff", "table:table")
    # the table, a round's summary and the result are one page, patched one into another;
    # a hand-off or a dialog is a page of its own, drawn afresh (static/redraw.js)
    one_page = screen in ("table", "hint", "peekers", "peeking", "linger", "summary", "result")
    assert (page_of(app.screen_key()) == "table") == one_page, (screen, app.screen_key())
    assert screen != "hint" or "data-hint" in first


def test_a_screen_that_fails_to_draw_leaves_for_home_with_a_message_by_a_command():
    app = start(["human", "quick"])
    app.handle("quit")
    try:
        raise ValueError("drawn badly")
    except ValueError as err:
        app.recover(err)
    assert app.screen == "home" and app.confirm is None and "drawn badly" in app.render()


def test_the_replay_words_of_the_better_move_follow_the_language_switch():
    app = app_on("replay")
    english = app.replaying.best_words
    assert english in app.render()
    app.handle("lang")
    japanese = app.replaying.best_words
    assert japanese and japanese != english and japanese in app.render() and english not in app.render()
    app.handle("lang")
    assert app.replaying.best_words == english


def test_each_command_belongs_to_one_screen_or_to_the_shell():
    app = App("en")
    owners = collections.defaultdict(list)
    for name, screen in app.screens.items():
        for cmd in screen.commands():
            owners[cmd].append(name)
    assert {cmd: where for cmd, where in owners.items() if len(where) > 1} == {}
    assert not {"dismiss", "lang", "speed", "home"} & set(owners)
    for cmd in ("start", "act", "replay_step", "review", "continue", "rules"):
        assert cmd in owners


def test_the_shell_builds_no_markup_from_strings():
    """The app's own screens, the review's panel and chart, the rules page and the
    seat plate are built with ui.markup: no markup literal in their code."""
    files = [UI / "app.py", *sorted((UI / "screens").glob("*.py")),
             *(UI / name for name in ("review_screen.py", "review_chart.py", "rules_page.py", "widgets.py"))]
    literal = re.compile(r"""f?(['"])</?[a-zA-Z]""")
    found = [f"{path.name}:{n}" for path in files for n, line in enumerate(path.read_text().splitlines(), 1)
             if literal.search(line)]
    assert found == []
