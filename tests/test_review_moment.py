"""The review shows the moment (issue 32, item 2): at a graded move of the person
whose review is on screen, the table as they saw it, their own hand drawn (and no
one else's), the better move lit, the grade and the moves compared in words, the
chart as a strip; previous and next mistake; with several people, each person's
review draws only that person's hand."""
from __future__ import annotations

import random
import re

from royaltable import registry
from royaltable import review as engine
from screens import assert_shows_only, cards_on_screen, start, step
from ui import saves
from ui.app import App
from ui.table import holds_secrets
from test_review_screen import finished_app, kept, made_review

LIT = re.compile(r'data-hint|is-hint')


def moment_html(html: str) -> str:
    """The table drawn at the moment (the review's picture of the decision)."""
    return html.split('class="review-table"', 1)[1].split('<nav class="table-rail"', 1)[0]


def before(record, index):
    return registry.replay(dict(record, actions=record["actions"][:index]))


def test_a_graded_move_is_drawn_as_its_person_saw_it_their_hand_in_it_and_the_better_move_lit():
    app = finished_app(kinds=("human", "quick", "quick", "quick"), game="krypkille", seed="5")
    record = app.match.record()
    review = made_review(record, 0, lost=(0.3, 0.0, 0.12, 0.07))
    kept(app, review)
    app.handle("replay")
    for move in review.moves:
        app.handle("replay_jump", str(move.index + 1))
        html = app.render()
        assert 'class="review-table" inert' in html
        table = moment_html(html)
        seen = before(record, move.index).view(0)
        hand = [card for card in cards_on_screen(table.split("data-private", 1)[1]).elements()]
        assert sorted(hand) == sorted(seen["hand"])               # the whole hand, in its private zone
        assert_shows_only(table, seen, "the person at their decision")
        lit = re.findall(r'<button[^>]*data-arg="([^"]*)"[^>]*data-hint[^>]*>', table)
        assert lit == [move.best] or "is-hint" in table            # a card to play, or the cards to discard
        assert "The better move is lit" in table and "suggested" not in table
        words = re.search(r'data-grade="\w+">([^<]*)<', html)[1]
        assert words.startswith(app.t("review.grade." + move.grade))
        assert html.count('<li class="review-alt') == len({*dict(move.alternatives), move.played})
    app.handle("replay_step", "next")                               # just after: nobody's hand
    assert "review-table" not in app.render() and "data-private" not in app.render().split("review-strip")[1]


def test_previous_and_next_mistake_go_through_the_person_s_mistakes_in_game_order():
    app = finished_app(kinds=("human", "quick", "quick", "quick"), game="krypkille", seed="5")
    review = made_review(app.match.record(), 0, lost=(0.3, 0.0, 0.12, 0.07, 0.01))
    kept(app, review)
    app.handle("replay")
    flawed = [m.index + 1 for m in review.moves if m.grade in ("inaccuracy", "mistake", "blunder")]
    assert len(flawed) == 3
    seen = []
    for _ in flawed:
        app.handle("review_mistake", "next")
        seen.append(app.replaying.step)
    assert seen == flawed
    assert 'data-arg="next" aria-label="To the next mistake" disabled' in app.render()
    app.handle("review_mistake", "next")                            # none further: it stays
    assert app.replaying.step == flawed[-1]
    app.handle("review_mistake", "prev")
    assert app.replaying.step == flawed[-2]


def played_through(kinds, game="krypkille", seed="5", options=("limit:50",)):
    """A game of several people played to its end at the tablet (hand-offs taken)."""
    app = start(list(kinds), game=game, seed=seed, options=options)
    rng = random.Random(1)
    while not app.match.state.over:
        step(app.match, rng)
    app.save()
    return app


def test_with_two_people_each_review_draws_only_its_own_person_s_hand():
    app = played_through(("human", "human", "quick"))
    record = app.match.record()
    review = engine.review(record, [0, 1], playouts=2)
    kept(app, review)
    app.handle("replay")
    assert app.replaying.seat == 0
    html = app.render()
    assert 'data-cmd="review_seat" data-arg="0"' in html and 'data-cmd="review_seat" data-arg="1"' in html
    for whose in (0, 1):
        app.handle("review_seat", str(whose))
        for move in review.moves:
            app.handle("replay_jump", str(move.index + 1))
            html = app.render()
            if move.seat != whose:                                 # another person's move: nobody's hand
                assert "review-table" not in html
                assert_shows_only(html, before(record, move.index + 1).view(None), "everybody")
                continue
            seen = before(record, move.index).view(whose)
            assert_shows_only(moment_html(html), seen, f"person {whose}")
            assert cards_on_screen(moment_html(html).split("data-private", 1)[1])


def replayed_from_the_library(game: str, players: int, seed: int = 4):
    """A game the quick players played to its end (seat 0 for a person), kept in the
    library with a review made by hand, opened in the replay: (app, record, review).
    Played with the rules alone: through the app, every step's save takes longer."""
    rules = registry.get(game)
    state = rules.new(players, seed=seed)
    bots = [rules.bots["quick"](seed=seat) for seat in range(players)]
    state.play_out(bots)
    seats = [{"name": "Aki", "kind": "human"}] + [{"name": f"CPU {n}", "kind": "quick"} for n in range(1, players)]
    review = made_review(state.record(), 0, lost=(0.3, 0.12, 0.25))
    app = App("en")
    app.library.write("g", saves.dump_state(seats, state, review.to_dict()))
    app.handle("replay_saved", "g")
    return app, state.record(), review


def test_every_game_draws_its_person_s_moments_with_the_better_move_lit():
    """One shared contract (Ctx.at_decision): every table draws a past decision."""
    for game, players in (("court", 3), ("krypkille", 3), ("whispers", 3), ("golden_key", 2), ("struggle", 3)):
        app, record, review = replayed_from_the_library(game, players)
        assert app.screen == "replay" and app.replaying.review == review
        for move in review.moves:
            app.handle("replay_jump", str(move.index + 1))
            table = moment_html(app.render())
            state = before(record, move.index)
            if holds_secrets(state.view(None), state.view(0)):     # a game with secrets (Court has none)
                assert_shows_only(table, state.view(0), f"the person in {game}")
                assert "data-private" in table
            assert LIT.search(table), (game, move.best)
