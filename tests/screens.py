"""What a drawn screen may show, shared by the UI tests of every game."""
import collections
import re


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
