"""Practice from here (issue 32, item 3): at a graded move of a review, "Try again
from here" starts a new game in the library from just before that move (the record
up to it, the luck still to come drawn afresh), marked as practice, with the same
seats; the game it came from stays as it was; the practice game saves, reloads
and replays like any other."""
from __future__ import annotations

import json

import pytest

from royaltable import registry
from screens import advance
from test_review_screen import finished_app, kept, made_review
from ui import saves
from ui.app import App
from ui.library import MemoryStore


def test_luck_drawn_afresh_is_kept_in_the_record_and_replays_exactly():
    game = registry.get("court")                      # dice: every roll is luck
    state = game.new(3, seed=3)
    while len(state.actions) < 6:
        state.apply(state.legal_actions()[0])
    assert "luck" not in state.record()               # an ordinary record is as it was
    same, fresh = state.clone(), state.clone()
    fresh.draw_luck_afresh(12345)
    assert fresh.record()["luck"] == [[6, 12345]]
    rolls = [(same.rng.random(), fresh.rng.random()) for _ in range(3)]
    assert all(a != b for a, b in rolls)              # the luck to come is another
    fresh = registry.replay(state.record())
    fresh.draw_luck_afresh(12345)
    drawn = fresh.rng.draws
    while not fresh.over and fresh.rng.draws < drawn + 3:   # play on past rolls of the new luck
        fresh.apply(fresh.legal_actions()[0])
    assert fresh.rng.draws >= drawn + 3
    again = registry.replay(json.loads(json.dumps(fresh.record())))
    assert again.view(None) == fresh.view(None) and again.record() == fresh.record()
    without = dict(fresh.record())
    del without["luck"]
    try:
        other = registry.replay(without)
    except ValueError:
        other = None                                  # the moves do not even replay under the old luck
    assert other is None or other.view(None) != fresh.view(None)
    taken_back = fresh.without_last(1)                # undo replays with the luck too
    assert taken_back.record()["actions"] == fresh.record()["actions"][:-1]
    assert taken_back.record()["luck"] == [[6, 12345]]


@pytest.mark.parametrize("luck", ["x", [[1]], [["a", 2]], [[-1, 2]], [[True, 2]]])
def test_a_record_with_damaged_luck_does_not_replay(luck):
    record = registry.get("golden_key").new(2, seed=3).record()
    with pytest.raises(ValueError, match="luck"):
        registry.replay(dict(record, luck=luck))


def practice_app():
    shared = {}
    app = finished_app(store=MemoryStore(shared))
    record = app.match.record()
    review = made_review(record)
    kept(app, review)
    app.handle("replay")
    return app, shared, review


def test_try_again_from_here_opens_a_practice_game_from_just_before_the_move_and_keeps_the_original():
    app, shared, review = practice_app()
    original_id = app.game_id
    original = app.library.get(original_id).stored.text
    move = review.moves[1]
    app.handle("replay_jump", str(move.index + 1))
    html = app.render()
    assert f'data-cmd="practice" data-arg="{move.index}"' in html and "Try again from here" in html
    app.handle("practice", str(move.index))
    assert app.screen == "table" and app.game_id != original_id
    record = json.loads(original)["record"]
    assert app.match.state.record()["actions"] == record["actions"][:move.index]
    assert app.match.seats == json.loads(original)["seats"]                # the same computer players
    assert app.match.state.current == move.seat and not app.match.state.over
    assert app.library.get(original_id).stored.text == original            # untouched
    practice = app.library.get(app.game_id).save
    assert practice.practice == {"move": move.index + 1} and not practice.finished
    app.handle("home")
    html = app.render()
    assert f"Golden Key (practice from move {move.index + 1})" in html.replace("\u2068", "").replace("\u2069", "")
    app.handle("lang")
    assert f"（練習：{move.index + 1}手目から）" in app.render()


def test_a_practice_game_saves_reloads_and_replays_like_any_other():
    app, shared, review = practice_app()
    move = review.moves[0]
    app.handle("practice", str(move.index))
    practice_id = app.game_id
    advance(app, moves=8)
    played, seen = list(app.match.state.actions), app.match.state.view(None)
    assert json.loads(app.library.get(practice_id).stored.text)["record"]["luck"]
    app.handle("home")                                                      # saved; the tab lets it go
    reloaded = App("en", store=MemoryStore(shared))
    reloaded.handle("continue", practice_id)
    assert reloaded.screen == "table" and reloaded.match.state.actions == played
    assert reloaded.match.state.view(None) == seen                          # the very same position
    assert reloaded.match.state.record()["luck"] == [[move.index, app_luck(shared, practice_id)]]
    assert reloaded.match.practice == {"move": move.index + 1}
    advance(reloaded, moves=10**6)                                          # played to its end
    assert reloaded.match.state.over
    save, state = saves.load_state(reloaded.library.get(practice_id).stored.text)
    assert save.finished and save.practice == {"move": move.index + 1}
    assert state.view(None) == reloaded.match.state.view(None)
    reloaded.handle("replay")                                               # replayed step by step
    reloaded.handle("replay_step", "last")
    assert reloaded.replaying.match.state.view(None) == state.view(None)


def app_luck(shared, game_id):
    """The seed a practice game's luck was drawn afresh from, as its save keeps it."""
    text = App("en", store=MemoryStore(shared)).library.get(game_id).stored.text
    return json.loads(text)["record"]["luck"][0][1]


def test_a_damaged_practice_mark_is_dropped_and_the_game_kept():
    app, shared, review = practice_app()
    app.handle("practice", str(review.moves[0].index))
    data = json.loads(app.library.get(app.game_id).stored.text)
    data["practice"] = {"move": "twelve"}
    save = saves.load(json.dumps(data))
    assert save.practice is None and save.record["actions"] == data["record"]["actions"]
