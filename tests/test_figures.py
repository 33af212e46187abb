"""The figures of the cards (ui/figures.py): every one a game names is an icon of the
pinned package, the build's sprite holds exactly those, and a figure is drawn as a
<use> of its symbol in the sprite."""
import json
import pathlib
import re
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tools"))

from ui import figures  # noqa: E402

ICONS = ROOT / "node_modules" / "@iconify-json" / "game-icons" / "icons.json"


@pytest.fixture(scope="module")
def icons():
    if not ICONS.exists():
        pytest.skip("node_modules/ is missing: run `npm ci` (the test command does)")
    return json.loads(ICONS.read_text())


def test_every_figure_a_game_names_is_an_icon_of_the_package(icons):
    named = figures.all_names()
    assert named, "no game names figures"
    missing = [(game, name, icon) for game, names in named.items() for name, icon in names.items()
               if icon not in icons["icons"] or icons["icons"][icon].get("hidden")]
    assert missing == []


def test_the_sprite_holds_every_named_figure_and_nothing_else(icons):
    sprite = figures.sprite(icons)
    ids = re.findall(r'<symbol id="([\w-]+)"', sprite)
    expected = sorted(figures.symbol_id(game, name) for game, names in figures.all_names().items() for name in names)
    assert sorted(ids) == expected
    assert len(ids) == len(set(ids))
    assert "CC BY 3.0" in sprite
    # One icon's shapes are in it as the package has them.
    game, names = next(iter(figures.all_names().items()))
    name, icon = next(iter(names.items()))
    assert icons["icons"][icon]["body"] in sprite


def test_the_built_sprite_is_the_sprite_of_these_sources_in_its_file_and_in_the_page(icons):
    built = ROOT / "static" / "vendor" / "figures.svg"
    if not built.exists():
        pytest.skip("the site is not built")
    assert built.read_text() == figures.sprite(icons)
    page = (ROOT / "index.html").read_text()            # the app's page holds it once, and no other symbol
    assert page.count(figures.page_sprite(icons)) == 1
    assert page.count("<symbol ") == figures.symbols(icons).count("<symbol ") > 0


def test_a_figure_is_a_use_of_its_symbol_in_the_sprite_and_an_unknown_one_fails_at_once():
    game, names = next(iter(figures.all_names().items()))
    name = next(iter(names))
    drawn = figures.figure(game, name)
    assert f'<use href="#{game}-{name}">' in drawn          # the page's own sprite
    assert 'aria-hidden="true"' in drawn
    with pytest.raises(KeyError):
        figures.figure(game, "no-such-figure")
