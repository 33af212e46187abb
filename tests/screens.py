"""The UI tests' shared pieces: a game started through the setup screen, and
what a drawn screen may show."""
import collections
import re

from ui.app import App


def start(kinds, names=None, seed="4", lang="en", game="krypkille", options=()):
    """A game set up by tapping through the new-game screen, as a person would."""
    app = App(lang)
    app.handle("setup", game)
    app.handle("players", str(len(kinds)))
    for seat, kind in enumerate(kinds):
        app.handle("kind", f"{seat}:{kind}")
    for seat, name in enumerate(names or []):
        app.field(f"name:{seat}", name)
    for option in options:
        app.handle("option", option)
    app.field("seed", str(seed))
    app.handle("start")
    return app


def strings(value):
    """Every string in a view, as a multiset: what a screen drawn from it may show."""
    out = collections.Counter()
    if isinstance(value, str):
        out[value] += 1
    elif isinstance(value, dict):
        for item in value.values():
            out += strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            out += strings(item)
    return out


def cards_on_screen(html):
    return collections.Counter(re.findall(r'data-card="([^"]*)"', html))


def assert_shows_only(html, view, who="its viewer"):
    """The cards drawn are a sub-multiset of what `view` may know."""
    allowed = strings(view)
    extra = {c: n - allowed[c] for c, n in cards_on_screen(html).items() if n > allowed[c]}
    assert not extra, f"cards on screen beyond what {who} may know: {extra}"
