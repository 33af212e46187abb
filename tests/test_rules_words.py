"""Words a player understands: rules without rule IDs, "the original rules" and
"game number" instead of "seed", every setup option in words, default names
that follow the language, and names that cannot turn a line around."""
import html as htmllib
import json
import pathlib
import re

import pytest

import royaltable.games  # noqa: F401  (registers every game)
from royaltable import registry
from screens import start
from ui import saves
from ui.app import App, option_value
from ui.collection import playable
from ui.i18n import CATALOG, FSI, PDI, Translator, rules_text

UI = pathlib.Path(__file__).resolve().parents[1] / "py" / "ui"
GAMES = [g for g in registry.ids() if playable(g)]
RULE_ID = re.compile(r"\b(?:CT|KK|WH|GK|ST)-\d")


def rules_of(game):
    return rules_text(game)


def visible_text(html):
    """What a page shows: its text, attributes left out."""
    return htmllib.unescape(re.sub(r"<[^>]*>", " ", html))


# ---- 1. rules without rule IDs --------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_rules_page_shows_no_rule_id_and_keeps_each_as_data_rule(game, lang):
    app = App(lang)
    app.handle("rules", game)
    page = app.render()
    assert not RULE_ID.search(visible_text(page)), RULE_ID.findall(visible_text(page))
    assert 'class="rule-id"' not in page
    ids = {i["id"] for s in rules_of(game)[lang] for i in s["items"] if i["id"]}
    assert set(re.findall(r'<li[^>]* data-rule="([^"]+)"', page)) == ids


@pytest.mark.parametrize("game", GAMES)
def test_no_rules_text_names_a_rule_id_inline(game):
    for lang in ("ja", "en"):
        for section in rules_of(game)[lang]:
            assert not RULE_ID.search(section["title"])
            for item in section["items"]:
                assert not RULE_ID.search(item["text"]), item["text"]


def test_no_word_of_the_catalog_names_a_rule_id():
    shown = {k: v for k, v in CATALOG.items() if RULE_ID.search(" ".join(map(str, v)))}
    assert shown == {}


def test_the_rule_id_style_is_gone_with_the_rule_ids():
    css = (UI.parents[1] / "static" / "app.css").read_text()
    assert ".rule-id" not in css


# ---- 2. "the original rules", "game number" ---------------------------------------------------

def player_words():
    """Every text a player may read: the catalog and the rules texts."""
    for key, pair in CATALOG.items():
        for text in pair:
            yield key, str(text)
    for game in GAMES:
        for lang in ("ja", "en"):
            for section in rules_of(game)[lang]:
                yield f"rules.{game}", section["title"]
                for item in section["items"]:
                    yield f"rules.{game}", item["text"]


def test_no_player_reads_of_a_seed():
    said = [(k, text) for k, text in player_words() if re.search(r"seed|シード", text, re.I)]
    assert said == []


def test_the_setup_asks_for_a_game_number():
    for lang, label, hint in (("ja", "ゲーム番号（任意）", "同じゲーム番号"), ("en", "Game number (optional)", "same game number")):
        app = App(lang)
        app.handle("setup", "court")
        app.handle("more_options")
        page = app.render()
        assert label in page and hint in page.lower() if lang == "en" else hint in page
    app = App("en")
    app.handle("setup", "court")
    app.field("seed", "twelve")
    app.handle("start")
    assert app.match is None and "game number" in app.render()


def test_the_source_document_is_called_the_original_rules():
    RULES = rules_text("struggle")
    assert "The original rules give no card texts" in RULES["en"][0]["items"][0]["text"]
    assert "原作のルール" in RULES["ja"][0]["items"][0]["text"]
    assert CATALOG["st.court.note"][1].startswith("The original rules")


# ---- 3. every setup option and value in words -----------------------------------------------

def setup_options(game, lang):
    """[(option name label, [(choice, its button's words)])] as the setup screen draws them."""
    app = App(lang)
    app.handle("setup", game)
    app.handle("more_options", "")          # the folded options too
    page = app.render()
    out = []
    for row in re.findall(r'<div class="form-row"><span class="form-label">(.*?)</span>'
                          r'<div class="choice-group">(.*?)</div></div>', page):
        label, buttons = row
        choices = re.findall(r'data-cmd="option" data-arg="[^":]*:([^"]*)"[^>]*>(.*?)</button>', buttons)
        if choices:
            out.append((htmllib.unescape(label), [(c, visible_text(words).strip()) for c, words in choices]))
    return out


def is_number(text):
    return re.fullmatch(r"[\d.]+", text) is not None


@pytest.mark.parametrize("game", [g for g in registry.ids() if registry.get(g).options])
def test_every_option_and_every_value_is_in_words_in_both_languages(game):
    options = registry.get(game).options
    for lang in ("ja", "en"):
        drawn = setup_options(game, lang)
        assert len(drawn) == len(options)
        for (label, choices), (name, (values, _)) in zip(drawn, options.items()):
            assert label and label != name
            assert [c for c, _ in choices] == [str(v) for v in values]
            for code, words in choices:
                assert words and words.casefold() != code.casefold() or is_number(code), (game, lang, code, words)
                if lang == "ja":
                    # Japanese words: never an English code alone ("off", "basic-A1", "C2")
                    assert not words.isascii() or is_number(words), (game, code, words)
            if lang == "ja":
                assert not label.isascii()
                assert not re.search(r"\b(?:day|night|on|off|none|basic|advanced)\b", label)
    # the words of a choice are the same wherever they are looked up
    t = Translator("ja")
    for name, (values, _) in options.items():
        for value in values:
            assert option_value(t, game, name, value)


# ---- 4. default names follow the language -------------------------------------------------

def start_with_defaults(lang, kinds, typed, game="krypkille", seed="4"):
    """A game set up as a person would, typing only the names in `typed` ({seat: name})."""
    app = App(lang)
    app.handle("setup", game)
    app.handle("players", str(len(kinds)))
    for seat, kind in enumerate(kinds):
        app.handle("kind", f"{seat}:{kind}")
    for seat, name in typed.items():
        app.field(f"name:{seat}", name)
    app.field("seed", seed)
    app.handle("start")
    return app


def test_default_names_follow_the_language_during_the_game_and_a_typed_name_stays():
    app = start_with_defaults("ja", ["human", "human", "quick"], {1: "Aki"})
    if app.match.needs_handoff():
        app.handle("handoff")
    seats = app.match.seats
    assert seats[0] == {"name": "プレイヤー1", "kind": "human", "default": True}
    assert seats[1] == {"name": "Aki", "kind": "human"}
    assert seats[2]["default"] is True
    ja = app.render()
    assert "プレイヤー1" in ja and "ヘンリー" in ja
    app.handle("lang")
    app.handle("panel", "log")                  # the log is drawn while it is open
    en = app.render()
    assert "プレイヤー1" not in en and "ヘンリー" not in en
    assert f"{FSI}Player 1{PDI}" in en and f"{FSI}Henry{PDI}" in en and f"{FSI}Aki{PDI}" in en
    log = re.search(r'<ol class="log-list".*?</ol>', en, re.S).group(0)
    assert "Player 1" in log or "Henry" in log
    assert "プレイヤー" not in log and "ヘンリー" not in log
    # the log's news for screen readers too
    assert not any("プレイヤー" in line or "ヘンリー" in line for line in app.announcement().split("\n"))
    app.handle("lang")
    assert "Player 1" not in app.render() and "プレイヤー1" in app.render()


def test_a_seat_with_a_default_name_round_trips_through_a_save_and_earlier_saves_still_load():
    from ui.app import Ctx
    from ui.match import Match
    app = start_with_defaults("en", ["human", "quick", "quick"], {1: "Bea"})
    seats = app.match.seats
    text = saves.dump_state(seats, app.match.state)
    save = saves.load(text)
    assert save.seats == seats and save.seats[0]["default"] is True and "default" not in save.seats[1]
    # continued in the other language, the default names are that language's
    match = Match.from_record(save.seats, save.record)
    assert Ctx(Translator("ja"), match).names == [f"{FSI}プレイヤー1{PDI}", f"{FSI}Bea{PDI}", f"{FSI}アン{PDI}"]
    home = App("ja")
    home.library.write("g1", text)
    page = home.render()
    assert "プレイヤー1" in page and "Bea" in page and "Player 1" not in page
    # an earlier version's save: no flag, the name is what was stored
    data = json.loads(text)
    data["seats"] = [{"name": s["name"], "kind": s["kind"]} for s in data["seats"]]
    old = saves.load(json.dumps(data))
    assert old.seats == [{"name": "Player 1", "kind": "human"}, {"name": "Bea", "kind": "quick"},
                         {"name": "Anne", "kind": "quick"}]
    assert Ctx(Translator("ja"), Match.from_record(old.seats, old.record)).names[0] == f"{FSI}Player 1{PDI}"
    # a flag that is not true is not kept
    data["seats"][0]["default"] = "yes"
    assert "default" not in saves.peek(json.dumps(data)).seats[0]


# ---- 5. names are isolated and wrap -------------------------------------------------------

RLO = "\u202e"


def test_a_right_to_left_override_in_a_name_is_isolated_in_the_log_and_on_the_table():
    evil = f"{RLO}Eve"
    app = start(["human", "human", "quick"], names=[evil, "Aki"], game="krypkille", seed="4")
    if app.match.needs_handoff():
        app.handle("handoff")
    app.handle("panel", "log")                  # the log is drawn while it is open
    page = app.render()
    isolated = f"{FSI}{evil}{PDI}"
    # every RLO sits inside an isolate that closes right after the name
    assert page.count(RLO) == page.count(isolated) > 0
    assert isolated in re.search(r'<ol class="log-list".*?</ol>', page, re.S).group(0)
    assert f'<span class="plate-name">{isolated}</span>' in page
    for line in app.announcement().split("\n"):
        assert line.count(RLO) == line.count(isolated)


@pytest.mark.parametrize("game", GAMES)
def test_every_name_on_every_table_is_isolated(game):
    players = registry.get(game).min_players
    app = start(["human"] + ["quick"] * (players - 1), names=[f"{RLO}Eve"], game=game, seed="2")
    for _ in range(12):
        page = app.render()
        assert page.count(RLO) == page.count(f"{FSI}{RLO}Eve{PDI}"), game
        if app.pending_delay() is not None:
            app.step()
        elif app.match.legal_on_screen():
            app.handle("act", app.match.legal_on_screen()[0])


def test_names_wrap_inside_their_box():
    # A long name wraps inside its box rather than being cut (e2e/test_text_fit.py
    # measures it on every table); nothing cuts a name with an ellipsis.
    css = (UI.parents[1] / "static" / "app.css").read_text()
    assert re.search(r"#app\s*\{[^}]*overflow-wrap:\s*anywhere", css)
    assert re.search(r"\.scores \.scores-name\s*\{[^}]*overflow-wrap:\s*anywhere", css)
    for cls in ("plate-name", "scores-name"):
        for rule in re.findall(rf"\.{cls}\s*\{{([^}}]*)\}}", css):
            assert "ellipsis" not in rule and "nowrap" not in rule, cls
