"""The rules tests' shared pieces: what the rules say when they refuse an action."""
import pytest

from royaltable import IllegalAction


def refusal_of(state, action, seat=None):
    """The Refusal an illegal `action` raises (the error reads as its text)."""
    with pytest.raises(IllegalAction) as caught:
        state.apply(action, seat=seat)
    assert str(caught.value) == caught.value.refusal.text
    return caught.value.refusal


def said(state, action, seat=None):
    """A refusal word for word: (key, English text, what it names, rule)."""
    r = refusal_of(state, action, seat)
    return (r.key, r.text, r.params, r.rule)
