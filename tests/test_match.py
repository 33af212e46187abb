"""The shared table layer (py/ui/match.py) driven directly, without the app:
branches the screen tests reach rarely (mutation testing, bench/MUTATION.md)."""
import random

from ui.match import SUMMARY, Match


def seats(*kinds):
    return [{"name": f"P{s}", "kind": k} for s, k in enumerate(kinds)]


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


def until(match, rng, done, steps=3000):
    for _ in range(steps):
        if done(match):
            return match
        assert not match.state.over, "the game ended first"
        step(match, rng)
    raise AssertionError("never reached")


def test_no_suggestion_from_private_cards_on_a_screen_drawn_for_nobody():
    # King's Struggle in hot-seat: offers are made in the open (the screen is drawn for
    # nobody) by a person whose hand is secret; a suggestion would be made from it
    match = Match("struggle", seats("human", "human", "quick", "quick"), {}, 3)
    rng = random.Random(1)
    until(match, rng, lambda m: m.actor() is not None and m.state.phase == "offer"
          and m.holder != m.actor())
    assert match.viewer is None and match.legal_on_screen()
    assert not match.can_suggest()
    match.suggest()
    assert match.hint is None


def test_a_suggestion_on_a_screen_for_nobody_when_nothing_is_secret():
    # The Golden Key hides nothing: the person to move gets a suggestion even on a
    # screen drawn for everybody
    match = Match("golden_key", seats("human", "human"), {}, 2)
    rng = random.Random(2)
    until(match, rng, lambda m: m.actor() is not None and m.holder != m.actor()
          and len(m.legal_on_screen()) > 1)
    assert match.viewer is None
    assert match.can_suggest()
    match.suggest()
    assert match.hint in match.state.legal_actions()


def test_a_suggestion_on_the_deciders_own_screen():
    # a private decision behind the hand-off: once the tablet is taken, suggested
    match = Match("struggle", seats("human", "human", "quick"), {}, 5)
    rng = random.Random(3)
    until(match, rng, lambda m: m.needs_handoff() and m.peek_asked is None)
    assert not match.can_suggest()
    match.take_tablet()
    assert match.viewer == match.actor() and match.can_suggest()
