"""The pages the build writes from the app's own Python, so that they are on
screen before Python runs in the browser:

- the home screen in both languages, written into index.html (between the
  `home` markers), with what the first paint needs to show a saved game the way
  the app will (between the `first-paint` markers);
- each game's rules as a page of its own, rules/<game id>.html, readable offline
  and before Python, in both languages.

The markup is exactly what the app renders, so nothing flashes or moves when
Python takes over.
"""
from __future__ import annotations

import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from ui import figures, rules_page  # noqa: E402
from ui.tutorial import has_lesson  # noqa: E402
from ui.app import App  # noqa: E402
from ui.collection import GAMES, playable  # noqa: E402
from ui.html import esc  # noqa: E402
from ui.i18n import LANGS, Translator  # noqa: E402
from ui import saves  # noqa: E402
from ui import covers  # noqa: E402
from build import write_if_changed  # noqa: E402  (tools/ is on the path: this file's folder)

# Placeholders the first-paint script fills in from the library.
ID, COVER, TITLE, NAMES, WHEN, ROWS, MANY = ("\x01ID\x01", "\x01COVER\x01", "\x01TITLE\x01",
                                            "\x01NAMES\x01", "\x01WHEN\x01", "\x01ROWS\x01", 7777)
PROBLEMS = ("corrupt", "too_big", "newer", "unknown_game")


def home(lang: str) -> str:
    return App(lang).render()


def library_templates(lang: str) -> dict:
    """The home screen's games in progress as templates, from the app's own
    functions: the first-paint script fills in each game from the library."""
    app = App(lang)
    out = {"section": app.library_section(ROWS), "problems": {}}
    for label, moves in (("one", 1), ("many", MANY)):
        out[label] = app.progress_row(ID, COVER, TITLE, NAMES, moves, WHEN)
    for problem in PROBLEMS:
        out["problems"][problem] = app.damaged_row(ID, problem)
    return out


def first_paint_data() -> dict:
    data = {"games": GAMES, "many": str(MANY), "version": saves.VERSION, "maxChars": saves.MAX_CHARS,
            "nameLimit": saves.NAME_LIMIT, "kinds": list(saves.KINDS),
            "marks": {"id": ID, "cover": COVER, "title": TITLE, "names": NAMES, "when": WHEN, "rows": ROWS},
            "covers": {g: covers.thumb(g) for g in GAMES}, "langs": {}}
    for lang in LANGS:
        t = Translator(lang)
        data["langs"][lang] = {
            "library": library_templates(lang),
            "titles": {g: t("game." + g) for g in GAMES},
            "practice": t("library.practice", game="{game}", n="{n}"),     # a practice game's title
            # Default names (a seat nobody named), as ui.i18n.default_names gives them.
            "human": t("setup.default_human", n=MANY), "bots": t("bot.names").split(","),
            "sep": t.join(["", ""]),
        }
    return data


def write_index(sprite: str) -> None:
    """index.html's parts the build writes: the home screen in both languages, the
    style sheets, the figures' sprite (ui/figures.py) and the first-paint data."""
    index = ROOT / "index.html"
    text = index.read_text()
    homes = "".join(f'<div class="prerender" data-lang="{lang}">{home(lang)}</div>' for lang in LANGS)
    text = _between(text, "home", homes)
    text = _between(text, "sprite", sprite)
    text = _between(text, "styles", "".join(f'<link rel="stylesheet" href="./{path}">' for path in style_sheets()))
    data = json.dumps(first_paint_data(), ensure_ascii=False, separators=(",", ":"))
    text = _between(text, "first-paint", f"<script>var ROYAL_FIRST_PAINT = {data};</script>")
    write_if_changed(index, text.encode())           # the site may be served meanwhile


def style_sheets() -> list[str]:
    """Every game screen's style sheet, as a path from the site's root."""
    return [f"py/ui/games/{game}/style.css" for game in GAMES]


def _between(text: str, marker: str, content: str) -> str:
    pattern = re.compile(rf"(<!-- {marker}:start -->).*?(<!-- {marker}:end -->)", re.S)
    if not pattern.search(text):
        raise SystemExit(f"index.html has no <!-- {marker}:start/end --> markers")
    return pattern.sub(lambda m: m.group(1) + content + m.group(2), text)


# A rules page runs two scripts of its own and nothing inline, and loads nothing
# from any other origin.
RULES_CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; object-src 'none'; "
             "base-uri 'none'; form-action 'none'")

RULES_PAGE = """<!doctype html>
<html lang="ja">
<head>
  <meta charset="utf-8">
  <meta http-equiv="Content-Security-Policy" content="{csp}">
  <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
  <meta name="theme-color" content="#3b1d4a">
  <title>{title}</title>
  <link rel="icon" href="../static/icon.svg" type="image/svg+xml">
  <script src="../static/lang.js"></script>
  <link rel="stylesheet" href="../static/app.css">
  {styles}
</head>
<body>
  <main id="app" class="static-page">{bodies}</main>
  <script src="../static/rules-page.js"></script>
</body>
</html>
"""


def write_rules_pages() -> list[pathlib.Path]:
    folder = ROOT / "rules"
    folder.mkdir(exist_ok=True)
    written = []
    # Every game's style, as the app has them: a worked example draws the dice of
    # one game's style (court's .ct-d) on another's page.
    styles = "".join(f'<link rel="stylesheet" href="../py/ui/games/{g}/style.css">' for g in GAMES if playable(g))
    for game_id in GAMES:
        if not playable(game_id):
            continue
        bodies, titles = [], []
        for lang in LANGS:
            t = Translator(lang)
            title = t("rules.title", game=t("game." + game_id))
            titles.append(title)
            other = "en" if lang == "ja" else "ja"
            bar = (f'<header class="topbar"><div class="topbar-left">'
                   f'<a class="btn btn-ghost" href="../">{esc(t("app.name"))}</a>'
                   f'<h1 class="topbar-title">{esc(title)}</h1></div><div class="topbar-right">'
                   + (f'<a class="btn btn-ghost" href="../#learn={game_id}">{esc(t("teach.learn"))}</a>'
                      if has_lesson(game_id) else "") +
                   f'<button type="button" class="btn btn-ghost" data-lang-switch="{other}" '
                   f'aria-label="{esc(t("lang.switch.label"))}">{esc(t("lang.switch"))}</button></div></header>')
            # The figures from the sprite's file, seen from the rules/ folder (the app's
            # page holds the sprite itself; these pages do not).
            page = str(rules_page.render(game_id, t)).replace('<use href="#', f'<use href="../{figures.SPRITE}#')
            bodies.append(f'<div class="prerender" data-lang="{lang}">{bar}{page}</div>')
        path = folder / f"{game_id}.html"
        write_if_changed(path, RULES_PAGE.format(csp=RULES_CSP, title=esc(" / ".join(titles)),
                                                 bodies="".join(bodies), styles=styles).encode())
        written.append(path)
    return written
