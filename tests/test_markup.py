"""ui/markup.py: markup built one way, escaped by construction."""
from ui.html import button, suggesting, tappable
from ui.markup import Markup, el, join, raw, text


def test_text_is_escaped_and_markup_is_not():
    assert el("p", {}, "<b>&\"'") == "<p>&lt;b&gt;&amp;&quot;&#x27;</p>"
    assert el("p", {}, el("b", {}, "x")) == "<p><b>x</b></p>"
    assert el("p", {}, raw("<i>trusted</i>")) == "<p><i>trusted</i></p>"
    assert text("<") == "&lt;" and text(Markup("<b>")) == "<b>"
    # A plain str added to Markup is a plain str again: text, escaped as a child.
    assert el("p", {}, Markup("<b>") + "x") == "<p>&lt;b&gt;x</p>"


def test_attributes_from_a_dict():
    tag = el("button", {"class": ["btn", None, "", "is-on"], "data-arg": "move a b", "disabled": True,
                        "aria-pressed": None, "hidden": False, "data-n": 0, "title": 'say "hi"'})
    assert tag == ('<button class="btn is-on" data-arg="move a b" disabled data-n="0" '
                   'title="say &quot;hi&quot;"></button>')
    assert el("li", {"a": "1"}, "x", {"b": "2"}) == '<li a="1" b="2">x</li>'


def test_children_are_spread_and_empty_ones_left_out():
    assert el("ul", {}, [el("li", {}, n) for n in (1, 2)], (el("li", {}, c) for c in "ab"), None, False, 0) == \
        "<ul><li>1</li><li>2</li><li>a</li><li>b</li>0</ul>"
    assert el("input", {"type": "text"}) == '<input type="text">'
    assert join(["a", "<", el("b", {}, "c")], ", ") == "a, &lt;, <b>c</b>"
    assert isinstance(el("p"), Markup) and isinstance(join([]), Markup)


def test_the_suggested_move_is_marked_while_the_button_is_built():
    with suggesting("play 7"):
        lit = tappable(el("span", {}, "7"), "act", "play 7", "card")
        other = tappable("8", "act", "play 8", "card")
        not_an_action = button("play 7", "peek", "play 7")
    assert "data-hint" in lit and "data-hint" not in other and "data-hint" not in not_an_action
    assert "data-hint" not in tappable("7", "act", "play 7")       # outside the block


def test_no_screen_of_a_whole_game_shows_markup_as_text():
    """Markup passed where text is expected is escaped and would show as "<span>"
    on the table: every screen of a game of each table, in both languages."""
    import random
    import re

    from screens import start, step
    from ui.collection import GAMES
    escaped_tag = re.compile(r"&lt;/?(?:span|div|svg|use|button|strong|small|em|b|i|p|li|ul|ol|section|h\d)\b")
    for game in GAMES:
        for lang in ("ja", "en"):
            app = start(["human", "human"] if game == "golden_key" else ["human", "quick", "quick"],
                        game=game, lang=lang, seed="5")
            rng = random.Random(5)
            for _ in range(120):
                html = app.render()
                assert not escaped_tag.search(html), (game, lang, escaped_tag.search(html).group(0))
                if app.match is None or app.match.state.over:
                    break
                step(app.match, rng)
