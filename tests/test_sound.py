"""Sound, if wanted: soft card, dice and coin sounds made in the page (static/sound.js),
a toggle beside the speed, off by default and remembered. The app hands the page a
("sound", kind) effect for each action that makes one, only while the sound is on."""
import random

import pytest

from screens import start, step
from ui.app import SOUND_KEY, App, MemoryStorage
from ui.collection import GAMES


def played(app):
    sounds = [kind for effect, kind in app.effects if effect == "sound"]
    app.effects = [e for e in app.effects if e[0] != "sound"]
    return sounds


def run(app, steps=200, seed=3):
    """Plays on through the app as the page would (its taps and ticks)."""
    rng, heard = random.Random(seed), []
    for _ in range(steps):
        match = app.match
        if match is None or match.state.over:
            break
        if match.pending_delay() is not None:
            app.step()
        elif match.actor() is not None and not match.needs_handoff() and match.interlude is None:
            app.handle("act", str(rng.choice(match.legal_on_screen())))
        else:
            step(match, rng)
        heard += played(app)
    return heard


def test_the_sound_is_off_by_default_and_the_toggle_is_remembered():
    storage = MemoryStorage()
    app = start(["human", "quick", "quick"], game="krypkille")
    assert app.sound is False
    html = app.render()
    assert 'data-cmd="sound"' in html and 'aria-pressed="false"' in html
    app = App("en", storage=storage)
    app.handle("sound")
    assert app.sound is True and storage.get(SOUND_KEY) == "on"
    assert played(app) == ["ready"]                  # the page readies its audio on that tap
    assert App("en", storage=storage).sound is True   # a reload keeps it
    app.handle("sound")
    assert app.sound is False and storage.get(SOUND_KEY) == "off" and played(app) == []


# What each table sounds like over a game: the kinds it must make.
# With computers at the table, "turn": the chime when the tablet comes back to the person.
EXPECTED = {"court": {"dice", "card", "turn"}, "krypkille": {"card", "turn"}, "whispers": {"card", "turn"},
            "golden_key": {"dice", "coin"}, "struggle": {"card", "coin", "turn"}}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_makes_its_sounds_only_when_the_sound_is_on(game):
    kinds = ["human", "human"] if game == "golden_key" else ["human", "quick", "quick"]
    quiet = start(kinds, game=game, seed="6")
    assert run(quiet) == []                              # off: nothing reaches the page
    loud = start(kinds, game=game, seed="6")
    loud.handle("sound")
    assert played(loud) == ["ready"]
    heard = run(loud, steps=400)
    assert set(heard) == EXPECTED[game]
    assert 'aria-pressed="true"' in loud.render()


def test_drawing_makes_no_sound():
    app = start(["human", "quick", "quick"], game="krypkille")
    app.handle("sound")
    played(app)
    for _ in range(3):
        app.render()
    assert played(app) == []
