"""The rules pages with pictures (ui/rules_page.py, ui/games/<id>/rules.toml and
pictures.py): how to win first, every rule ID kept, every card drawn with its
figure beside its text, the worked examples drawn, our rulings written as rules
(no boxes about an edition) and the notes on the original at the end; imports
no rules, in the app and in the page the build writes."""
import pathlib
import re
import subprocess
import sys

import pytest

from ui import figures, rules_page
from ui.app import App
from ui.i18n import Translator, rules_frame, rules_text

GAMES = ("court", "krypkille", "whispers", "golden_key", "struggle")
# Every rule of the specification, by its ID (README's table of the games).
RULE_COUNT = {"court": ("CT", 19), "krypkille": ("KK", 19), "whispers": ("WH", 25), "golden_key": ("GK", 29),
              "struggle": ("ST", 31)}
# Each game's cards and characters (their figures in figures.toml; the other
# figures of a game are signs: struggle's classes, golden_key's key).
CARDS = {
    "court": tuple(figures.names("court")),
    "krypkille": tuple(figures.names("krypkille")),
    "whispers": ("accountant", "wizard", "maid", "butler", "guard", "general", "jester", "crown"),
    "golden_key": ("red", "blue", "reroll", *(f"card-{n}" for n in range(1, 13))),
    "struggle": ("peasant", "thief", "merchant", "jester", "spy", "guard", "diplomat", "knight", "queen", "king"),
}
# The worked examples each game's page draws.
EXAMPLES = {"court": {"result", "final"}, "krypkille": {"deck", "trick"}, "whispers": {"turn"},
            "golden_key": {"basic", "advanced", "turn"}, "struggle": {"round"}}
EDITION = re.compile(r"この版|edition", re.I)


def page(game, lang):
    app = App(lang)
    app.handle("rules", game)
    return str(app.render())


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_is_still_on_the_page(game):
    prefix, count = RULE_COUNT[game]
    for lang in ("ja", "en"):
        shown = set(re.findall(r'data-rule="([^"]+)"', page(game, lang)))
        assert shown == {f"{prefix}-{n}" for n in range(1, count + 1)}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_card_is_drawn_with_its_figure_beside_its_words(game, lang):
    html = page(game, lang)
    drawn = set(re.findall(rf'<use href="#{game}-([\w-]+)"', html))
    assert set(CARDS[game]) <= drawn, set(CARDS[game]) - drawn
    # a card's face sits in its rule's item, beside the rule's words
    for item in re.findall(r'<li class="has-drawing"[^>]*>(.*?)</li>', html, re.S):
        assert 'class="card card-xs' in item and 'class="rules-words"' in item


@pytest.mark.parametrize("game", GAMES)
def test_the_worked_examples_are_drawn_with_their_words(game):
    pictures = {item["picture"] for section in rules_text(game)["en"] for item in section["items"] if "picture" in item}
    assert pictures == EXAMPLES[game]
    html = page(game, "en")
    assert html.count('class="has-drawing is-example"') == len(EXAMPLES[game])
    assert html.count('class="scene') >= len(EXAMPLES[game])


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_how_to_win_comes_first_and_the_notes_on_the_original_last(game, lang):
    html = page(game, lang)
    t = Translator(lang)
    frame = rules_frame(game, lang)
    article = html[html.index('<article class="rules'):]
    first = re.search(r"<section[^>]*>(.*?)</section>", article, re.S).group(1)
    assert t("rules.win") in first and frame["win"].replace("'", "&#x27;") in first
    assert frame["notes"] and article.rindex('class="rules-notes"') > article.rindex("data-rule=")


@pytest.mark.parametrize("game", GAMES)
def test_no_ruling_boxes_and_no_words_about_an_edition(game):
    for lang in ("ja", "en"):
        html = page(game, lang)
        assert "is-ruling" not in html and "この版の裁定" not in html and "edition&#x27;s ruling" not in html
        texts = [rules_frame(game, lang)["win"], *rules_frame(game, lang)["notes"]]
        texts += [s["title"] for s in rules_text(game)[lang]]
        texts += [i["text"] for s in rules_text(game)[lang] for i in s["items"]]
        assert [text for text in texts if EDITION.search(text)] == []


def test_the_pages_draw_without_importing_any_rules():
    code = ("import sys; sys.path.insert(0, 'py')\n"
            "from ui import rules_page\nfrom ui.i18n import Translator\n"
            f"[rules_page.render(g, Translator(l)) for g in {GAMES!r} for l in ('ja', 'en')]\n"
            "print(sorted(m for m in sys.modules if m.startswith('royaltable')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         cwd=rules_page.__file__.rsplit("/py/", 1)[0])
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_the_page_the_build_writes_finds_the_figures_and_the_dice_from_its_folder():
    root = pathlib.Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root / "tools"))
    import prerender
    for path in prerender.write_rules_pages():          # the build's own rules/<game>.html
        html = path.read_text(encoding="utf-8")
        hrefs = re.findall(r'<use href="([^"#]*)#', html)
        assert hrefs and set(hrefs) == {"../static/vendor/figures.svg"}, path.name
        styles = re.findall(r'<link rel="stylesheet" href="\.\./([^"]+)"', html)
        assert all((root / style).exists() for style in styles)
        assert "py/ui/games/court/style.css" in styles     # the dice of every game's examples
