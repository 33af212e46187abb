"""The UI tests' shared pieces: a game started through the setup screen, moved on
at the tablet, and what a drawn screen may show."""
import collections
import re

from ui.app import App
from ui.match import SUMMARY


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


def step(match, rng):
    """One thing happens at the tablet: a hand-off taken, a summary tapped on, a
    computer's or a forced move, or a person's random decision."""
    if match.needs_handoff():
        match.take_tablet()
    elif match.interlude == SUMMARY:
        match.resume()
    elif match.pending_delay() is not None:
        match.step()
    else:
        match.act(rng.choice(match.legal_on_screen()), match.actor())


def advance(app, moves=1):
    """Moves the open game on by `moves` actions (or to its end), the person's or the
    computers': each person plays their first move."""
    target = len(app.match.state.actions) + moves
    while len(app.match.state.actions) < target and not app.match.state.over:
        if app.match.interlude:
            app.handle("resume")
        elif app.match.legal_on_screen():
            app.handle("act", app.match.legal_on_screen()[0])
        else:
            app.step()


def play_until(app, reached, pick=lambda legal: legal[0], limit=400):
    """Moves the open game on until `reached(match)` holds, the person playing
    `pick(their choices)`; whether it got there within `limit` steps."""
    match = app.match
    for _ in range(limit):
        if reached(match):
            return True
        if match.interlude:
            app.handle("resume")
        elif app.pending_delay() is not None:
            app.step()
        else:
            app.handle("act", pick(match.legal_on_screen()))
    return reached(match)


def strings(value):
    """Every string value in a view (not its keys), as a multiset: what a screen drawn from
    it may show, card ids among them. A loop, not a recursion: the contract's check lists
    the strings of every view at every step of its play-outs."""
    found, stack = [], [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return collections.Counter(found)


def cards_on_screen(html):
    return collections.Counter(re.findall(r'data-card="([^"]*)"', html))


def assert_shows_only(html, view, who="its viewer"):
    """The cards drawn are a sub-multiset of what `view` may know."""
    allowed = strings(view)
    extra = {c: n - allowed[c] for c, n in cards_on_screen(html).items() if n > allowed[c]}
    assert not extra, f"cards on screen beyond what {who} may know: {extra}"
