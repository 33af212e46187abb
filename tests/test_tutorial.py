"""The guided first games (ui/tutorial.py, ui/games/<id>/tutorial.toml): each is
played to its end through the app, tapping only what it lights, and its record
replays in the rules; every rule ID a game's play can meet is taught by a step or
shown on the player aid (ui/games/<id>/aid.toml, where the game has one)."""
from __future__ import annotations

import pathlib
import re
import tomllib

import pytest

from royaltable import registry
from ui import aid
from ui.app import App
from ui.collection import GAMES
from ui.tutorial import has_lesson, lesson

UI = pathlib.Path(__file__).resolve().parents[1] / "py" / "ui"
LESSONS = [game for game in GAMES if has_lesson(game)]
TAUGHT = re.compile(r'<button[^>]*data-cmd="([^"]+)"(?: data-arg="([^"]*)")?[^>]*data-teach[ >]')

# Rule IDs that say how the game is set up, never met in play: nothing to teach.
SETUP_ONLY = {
    "golden_key": {"GK-1", "GK-2", "GK-3"},     # two players; the basic and the advanced board as laid out
    "krypkille": {"KK-4"},                      # how many players
    "struggle": {"ST-4"},                       # the first player, drawn
    "whispers": {"WH-3", "WH-4", "WH-5", "WH-6"},   # the deck, the deal, the King pile, the first player
}


def rule_ids(game: str) -> set[str]:
    data = tomllib.loads((UI / "games" / game / "rules.toml").read_text())
    return {rule["id"] for section in data["section"] for rule in section["rule"] if rule.get("id")}


def on_aid(game: str) -> set[str]:
    """The rule IDs the player aid shows (its topics' `rules`)."""
    return {rule for topic in aid.topics(game) for rule in topic.get("rules", [])}


def taught_tap(html: str) -> tuple[str, str] | None:
    found = TAUGHT.search(html)
    return (found.group(1), found.group(2) or "") if found else None


def play_lesson(game: str, lang: str = "en", wrong_once: bool = True, limit: int = 3000) -> App:
    """Plays a game's lesson as the e2e test does: the lit tap, else the table's own time."""
    app = App(lang=lang, pace=0)
    app.handle("learn", game)
    assert app.screen == "table" and app.tutorial is not None
    refused = not wrong_once
    for _ in range(limit):
        html = str(app.render())
        if app.match.state.over and app.match.interlude is None:
            assert "data-teach-done" in html
            return app
        tap = taught_tap(html)
        if tap is None:
            assert app.pending_delay() is not None, f"nothing lit and nothing moving at move {len(app.match.state.actions)}"
            app.step()
            continue
        assert "data-teach-step" in html or (tap[0] == "resume" and "data-teach-say" in html)
        step = app.tutorial.step(app.match)
        if step is not None and step.tap() is not None:     # the story goes as written
            assert tap == step.tap(), f"{game} at move {len(app.match.state.actions)}: {step.ask} is not possible"
        if not refused and tap[0] == "act" and len(app.match.legal_on_screen()) > 1 \
                and app.tutorial.owns(app.match, tap):
            other = next(a for a in app.match.legal_on_screen() if a != tap[1])
            moves = len(app.match.state.actions)
            app.handle("act", other)
            assert len(app.match.state.actions) == moves and app.message == app.t("teach.refuse.ask")
            refused = True
        app.handle(*tap)
    raise AssertionError(f"{game}: the lesson did not end in {limit} steps")


@pytest.mark.slow
@pytest.mark.parametrize("game", LESSONS)
def test_a_lesson_plays_to_its_end_and_replays(game):
    app = play_lesson(game)
    match = app.match
    assert app.tutorial.index == len(app.tutorial.lesson.steps), "steps never shown"
    record = match.record()
    again = registry.replay(record)
    assert again.over and again.result() == match.state.result()
    assert [str(a) for a in again.actions] == [str(a) for a in match.state.actions]


@pytest.mark.parametrize("game", LESSONS)
def test_every_rule_met_in_play_is_taught_or_on_the_aid(game):
    uncovered = rule_ids(game) - lesson(game).taught() - on_aid(game) - SETUP_ONLY.get(game, set())
    assert not uncovered, f"{game}: rules neither taught nor on the player aid: {sorted(uncovered)}"


@pytest.mark.parametrize("game", LESSONS)
def test_a_lesson_teaches_only_rules_of_its_game(game):
    assert lesson(game).taught() <= rule_ids(game)


def test_next_holds_the_table_and_other_taps_are_refused_gently():
    app = App(lang="ja", pace=0)
    app.handle("learn", "court")
    html = str(app.render())
    assert 'data-cmd="teach_next"' in html and taught_tap(html) == ("teach_next", "")
    assert app.pending_delay() is None
    app.handle("act", "roll")                      # Roll is legal, but the words come first
    assert app.match.state.actions == [] and app.message == app.t("teach.refuse.next")
    app.handle("teach_next")
    app.handle("teach_next")
    assert taught_tap(str(app.render())) == ("act", "roll")
    app.handle("act", "roll")
    assert len(app.match.state.actions) == 1


def test_words_to_read_hold_the_computers_too():
    app = App(lang="en", pace=0)
    app.handle("learn", "struggle")                # a computer leads the first round
    assert app.match.is_bot(app.match.state.current)
    assert app.pending_delay() is None             # the welcome is read first
    app.handle("teach_next")
    assert app.pending_delay() is not None


def test_a_lesson_is_kept_in_the_library_as_a_game_and_leaving_ends_it():
    app = App(lang="en", pace=0)
    app.handle("learn", "court")
    app.handle("teach_next")
    app.handle("teach_next")
    app.handle("act", "roll")
    assert app.library.get(app.game_id).save.record["actions"] == ["roll"]
    app.handle("home")
    assert app.tutorial is None and app.screen == "home" and len(app.library.in_progress()) == 1


def test_an_unknown_lesson_is_said_in_words():
    app = App(lang="en", pace=0)
    app.handle("learn", "chess")
    assert app.screen == "home" and app.message == app.t("teach.unknown")


def test_the_end_offers_a_real_game_the_rules_and_the_player_aid_where_there_is_one():
    app = play_lesson("golden_key", wrong_once=False)
    html = str(app.render())
    done = html[html.index("data-teach-done"):]
    assert 'data-cmd="setup" data-arg="golden_key"' in done and 'data-cmd="rules" data-arg="golden_key"' in done
    assert 'data-cmd="aid" data-arg="golden_key"' in done
    app.handle("aid", "golden_key")
    assert app.screen == "aid"
    assert app.back()
    assert "data-teach-done" in str(app.render()), "Back from the aid returns to the lesson's end"
    app.handle("setup", "golden_key")
    assert app.screen == "setup"


def test_a_steps_words_are_read_out_once():
    app = App(lang="en", pace=0)
    app.handle("learn", "court")
    app.render()
    first = lesson("court").steps[0].words["en"]
    assert first in app.announcement()
    app.render()
    assert first not in app.announcement()          # said once, not at every redraw
    app.handle("teach_next")
    assert lesson("court").steps[1].words["en"] in app.announcement()
