"""The figures on the cards and covers: icons of game-icons.net (by Lorc,
Delapouite and others, CC BY 3.0; the npm package @iconify-json/game-icons,
pinned in the lockfile). Each game names the ones it draws in
ui/games/<game id>/figures.toml ("figure = icon name"); the build copies only
those into one sprite, a <symbol id="<game id>-<figure>"> each (tools/build.py).
The app's page holds the sprite itself (index.html, written by the build), and a card
draws a figure with <use href="#<symbol id>">; the rules pages, read without Python,
use the same sprite as a file, static/vendor/figures.svg.

Why in the page: a <use> of another file's symbol made Chromium parse that 145 KB
file again on many redraws (8 to 15 ms each, most of Palastgeflüster's slowest taps;
bench/RESULTS-sprite.md); a symbol of the page itself is never parsed again.
"""
from __future__ import annotations

import functools
import pathlib

from . import datafile
from .markup import Markup, el

SPRITE = "static/vendor/figures.svg"      # the rules pages' copy (tools/prerender.py)
GAMES = pathlib.Path(__file__).resolve().parent / "games"


@functools.cache
def names(game_id: str) -> dict[str, str]:
    """A game's figures: figure -> the icon's name in game-icons.net ({} if it has none)."""
    path = GAMES / game_id / "figures.toml"
    if not datafile.exists(path):
        return {}
    return dict(datafile.load_toml(path)["figures"])


def symbol_id(game_id: str, name: str) -> str:
    return f"{game_id}-{name}"


@functools.cache
def figure(game_id: str, name: str, cls: str = "fig") -> Markup:
    """One figure, drawn in the text's colour (currentColor); decorative: the card
    it is on says what it is in words. An unknown figure is a KeyError, at once."""
    if name not in names(game_id):
        raise KeyError(f"{game_id} has no figure {name!r} in its figures.toml")
    return el("svg", {"class": cls, "viewBox": "0 0 512 512", "aria-hidden": "true", "focusable": "false"},
              el("use", {"href": "#" + symbol_id(game_id, name)}))


def all_names() -> dict[str, dict[str, str]]:
    """Every game's figures, by game id (the folders under ui/games/ with a figures.toml)."""
    return {folder.name: names(folder.name) for folder in sorted(GAMES.iterdir())
            if datafile.exists(folder / "figures.toml")}


LICENCE = ("<!-- Figures: game-icons.net (Lorc, Delapouite and others), CC BY 3.0,"
           " https://creativecommons.org/licenses/by/3.0/ -->")


def sprite(icons: dict) -> str:
    """The sprite as a file (static/vendor/figures.svg)."""
    return f'<svg xmlns="http://www.w3.org/2000/svg">{LICENCE}{symbols(icons)}</svg>\n'


def page_sprite(icons: dict) -> str:
    """The sprite inside the app's page: drawn nowhere itself (.sprite in app.css)."""
    return f'<svg class="sprite" aria-hidden="true" focusable="false">{LICENCE}{symbols(icons)}</svg>'


def symbols(icons: dict) -> str:
    """A <symbol> for every game's figures and nothing else, from the icon
    package's icons.json (its "icons": name -> {"body", and maybe "width"/"height"}).
    The same figures give the same bytes."""
    width, height = icons.get("width", 512), icons.get("height", 512)
    out = []
    for game_id, figures in all_names().items():
        for name, icon in sorted(figures.items()):
            entry = icons["icons"][icon]
            box = f"{entry.get('left', 0)} {entry.get('top', 0)} {entry.get('width', width)} {entry.get('height', height)}"
            out.append(f'<symbol id="{symbol_id(game_id, name)}" viewBox="{box}">{entry["body"]}</symbol>')
    return "".join(out)
