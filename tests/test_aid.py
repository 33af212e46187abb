"""The player aid (ui/aid.py, ui/games/<id>/aid.toml): one screen per game from
the table's rail, back to the same table with the game kept; its topics show
rule IDs that exist, every card with its figure and words in both languages."""
import html as htmllib
import re
import tomllib

import pytest

import royaltable.games  # noqa: F401  (registers every game)
from royaltable import registry
from screens import advance, start
from ui import aid, figures
from ui.app import App
from ui.collection import playable
from ui.i18n import CATALOG, rules_text

GAMES = [g for g in registry.ids() if playable(g)]
RULE_ID = re.compile(r"\b(?:CT|KK|WH|GK|ST)-\d")


def rule_ids(game):
    return {item["id"] for section in rules_text(game)["ja"] for item in section["items"] if item["id"]}


def visible_text(page):
    return htmllib.unescape(re.sub(r"<[^>]*>", " ", page))


@pytest.mark.parametrize("game", GAMES)
def test_every_topic_has_both_languages_and_shows_rule_ids_that_exist(game):
    topics = aid.topics(game)
    assert topics
    ids = rule_ids(game)
    for topic in topics:
        assert set(topic) <= {"title", "text", "lines", "rules", "card"}, topic.keys()
        assert topic["rules"] and set(topic["rules"]) <= ids, set(topic["rules"]) - ids
        for words in [topic["title"], topic.get("text"), *topic.get("lines", [])]:
            if words is not None:
                assert set(words) == {"ja", "en"} and all(words[lang].strip() for lang in words)
        for card in topic.get("card", []):
            assert card["figure"] in figures.names(game), card
            assert card["name"] in CATALOG, card
            assert card["ja"].strip() and card["en"].strip()


@pytest.mark.parametrize("game", GAMES)
def test_the_aid_shows_every_rule_of_the_game(game):
    # the numbers and every card's effect are on it: nothing a player looks up is missing
    assert set().union(*(topic["rules"] for topic in aid.topics(game))) == rule_ids(game)


@pytest.mark.parametrize("game", GAMES)
def test_the_aid_is_read_by_the_schema_the_tutorials_coverage_test_reads(game):
    with open(aid.GAMES / game / "aid.toml", "rb") as f:
        data = tomllib.load(f)
    assert all(isinstance(topic["rules"], list) for topic in data["topic"])


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_aid_draws_every_topic_and_card_and_no_rule_id(game, lang):
    app = App(lang)
    app.handle("aid", game)
    assert app.screen == "aid"
    page = app.render()
    shown = visible_text(page)
    assert not RULE_ID.search(shown), RULE_ID.findall(shown)
    for topic in aid.topics(game):
        assert topic["title"][lang] in shown
        for card in topic.get("card", []):
            assert f'<use href="#{game}-{card["figure"]}"' in page
            assert card[lang] in shown
    # words of the other language do not leak in
    other = "en" if lang == "ja" else "ja"
    assert aid.topics(game)[0]["title"][other] not in page


@pytest.mark.parametrize("game", GAMES)
def test_the_rail_opens_the_aid_and_back_returns_to_the_same_game(game):
    players = registry.get(game).min_players
    app = start(["human"] + ["quick"] * (players - 1), game=game, seed="3")
    advance(app, 3)
    match, game_id, moves = app.match, app.game_id, len(app.match.state.actions)
    app.handle("panel", "log")
    table = app.render()
    assert f'data-cmd="aid" data-arg="{game}"' in table
    app.handle("aid", game)
    assert app.screen == "aid" and app.match is match
    app.handle("home")                       # the top bar's Back
    assert app.screen == "table" and app.match is match and app.game_id == game_id
    assert len(match.state.actions) == moves and app.panel == "log"
    app.handle("aid", game)
    assert app.back() and app.screen == "table" and app.match is match   # the browser's Back


def test_the_aid_opened_from_home_or_the_rules_returns_home_and_an_unknown_game_opens_nothing():
    app = App("en")
    app.handle("aid", "court")
    app.back()
    assert app.screen == "home"
    app.handle("aid", "chess")
    assert app.screen == "home"
    app.handle("rules", "court")
    app.handle("aid", "court")
    app.handle("home")
    assert app.screen == "home"


def test_courts_aid_draws_each_characters_requirement_as_dice():
    app = App("ja")
    app.handle("aid", "court")
    page = app.render()
    cards = [c["figure"] for topic in aid.topics("court") for c in topic.get("card", [])]
    assert len(cards) == 20 and page.count('class="ct-req-dice') == len(cards)
