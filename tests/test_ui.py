"""The app shell in CPython: screens, hand-off privacy, escaping, the catalog."""
import pathlib
import re

import pytest

from ui.app import App
from ui.i18n import CATALOG, Translator, default_lang
from ui.rules_text.krypkille import RULES

UI = pathlib.Path(__file__).resolve().parents[1] / "py" / "ui"


def start(kinds, names=None, seed="4", lang="en"):
    app = App(lang)
    app.handle("setup", "krypkille")
    app.handle("players", str(len(kinds)))
    for seat, kind in enumerate(kinds):
        app.handle("kind", f"{seat}:{kind}")
    for seat, name in enumerate(names or []):
        app.field(f"name:{seat}", name)
    app.field("seed", seed)
    app.handle("start")
    return app


def test_every_catalog_entry_has_both_languages():
    for key, (ja, en) in CATALOG.items():
        assert ja.strip() and en.strip(), key
        assert re.findall(r"{\w+}", ja) == re.findall(r"{\w+}", en) or \
            sorted(re.findall(r"{\w+}", ja)) == sorted(re.findall(r"{\w+}", en)), key


def test_every_literal_key_used_in_the_ui_exists():
    used = set()
    for path in UI.rglob("*.py"):
        used |= set(re.findall(r'''\bt\(\s*["']([a-z_]+\.[a-z_.]+)["']''', path.read_text()))
    missing = sorted(k for k in used if k not in CATALOG and not k.endswith("."))  # prefixes: dynamic keys
    assert missing == []


def test_japanese_browsers_get_japanese():
    assert default_lang(["ja-JP", "en"]) == "ja"
    assert default_lang(["en-US", "ja"]) == "en"
    assert default_lang([]) == "ja"


def test_rules_text_has_the_same_shape_in_both_languages():
    assert [len(s["items"]) for s in RULES["ja"]] == [len(s["items"]) for s in RULES["en"]]
    ids = {i["id"] for s in RULES["en"] for i in s["items"]}
    assert {f"KK-{n}" for n in range(1, 20)} <= ids


def test_home_shows_all_five_and_marks_the_unbuilt_as_coming():
    html = App("en").render()
    for game in ("court", "krypkille", "whispers", "golden_key", "struggle"):
        assert f'data-game="{game}"' in html
    assert "Coming soon" in html


def test_hostile_names_are_escaped():
    app = start(["human", "quick", "quick"], names=["<img src=x onerror=alert(1)>"])
    html = app.render()
    assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html


def test_handoff_screen_holds_no_private_cards():
    app = start(["human", "human", "quick"], names=["Aki", "Ben"])
    match = app.match
    seen_handoffs = 0
    for _ in range(400):
        if match.state.over or match.paused:
            break
        if match.needs_handoff():
            html = app.render()
            assert "kk-hand" not in html and "kk-card" not in html
            seen_handoffs += 1
            app.handle("handoff")
            assert match.viewer == match.state.current
            continue
        if app.pending_delay() is not None:
            app.step()
            continue
        hand = match.state.view(match.viewer)["hand"]
        html = app.render()
        assert "kk-hand-cards" in html
        app.handle("act", match.state.legal_actions()[0])
    assert seen_handoffs >= 2


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


def test_a_whole_match_reaches_the_result_screen():
    app = start(["human", "quick", "strong"], seed="9")
    match = app.match
    for _ in range(3000):
        if match.state.over and not match.paused:
            break
        if match.paused:
            app.handle("resume")
        elif app.pending_delay() is not None:
            app.step()
        else:
            app.handle("act", match.state.legal_actions()[-1])
    html = app.render()
    assert "Game over" in html and "Winner" in html
    app.handle("again")
    assert app.match is not match and not app.match.state.over


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_screen_renders_in_both_languages(lang):
    app = App(lang)
    app.render()
    app.handle("rules", "krypkille")
    assert Translator(lang)("rules.ruling") in app.render() or "KK-4" in app.render()
    app.handle("home")
    app.handle("setup", "krypkille")
    app.render()
    app.handle("lang")
    app.handle("start")
    app.render()
    app.handle("quit")
    assert "dialog" in app.render()
    app.handle("quit", "yes")
    assert app.screen == "home"
