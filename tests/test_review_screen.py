"""The review of a finished game as the app draws and keeps it: the chart
(py/ui/review_chart.py), the grades in the replay, the list of mistakes to jump
to, the progress and its cancel (py/ui/review_screen.py, py/ui/app.py), and the
review kept with the game in the library (py/ui/saves.py)."""
from __future__ import annotations

import json
import re

import pytest

from royaltable import calibration, registry
from royaltable import review as engine
from royaltable.review import GradedMove, Review, grade_of
from screens import advance, start
from ui import review_chart, review_screen, saves
from ui.app import App, log_line
from ui.i18n import Translator, isolate
from ui.library import MemoryStore, Stored

EN, JA = Translator("en"), Translator("ja")
WORDS = review_chart.Words("Chance to win", "Aki's line", "Moves played", "Chance to win", "Even share 50 %")


def polyline_points(svg: str, index: int = 0) -> list[list[tuple[float, float]]]:
    runs = re.findall(rf'<polyline class="chart-line chart-line-{index}"[^>]*points="([^"]*)"', svg)
    return [[tuple(float(n) for n in pair.split(",")) for pair in run.split()] for run in runs]


def x_of(moves, total):
    return review_chart.LEFT + review_chart.PLOT_W * moves / total


def y_of(chance):
    return review_chart.TOP + review_chart.PLOT_H * (1 - chance)


# ---- the chart, from given data ------------------------------------------------------------
def test_the_chart_draws_each_point_where_its_move_and_chance_put_it():
    line = review_chart.Line("Aki", ((0, 0.25), (10, 0.6), (20, 0.1), (40, 1.0)))
    svg = review_chart.chart([line], 40, 0.5, WORDS)
    (run,) = polyline_points(svg)
    assert run == [(round(x_of(m, 40), 1), round(y_of(c), 1)) for m, c in line.points]
    assert svg.startswith('<svg class="review-chart"') and svg.endswith("</svg>")
    assert 'role="img"' in svg and 'aria-labelledby="review-chart-title review-chart-desc"' in svg


def test_the_fair_share_is_a_dashed_line_at_its_height_with_its_words():
    svg = review_chart.chart([review_chart.Line("Aki", ((0, 0.5), (9, 0.2)))], 9, 1 / 3, WORDS)
    fair = re.search(r'<line class="chart-fair" x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)" '
                     r'stroke-dasharray="[^"]+">', svg)
    assert fair, svg
    assert float(fair[2]) == float(fair[4]) == round(y_of(1 / 3), 1)
    assert float(fair[1]) == review_chart.LEFT and float(fair[3]) == review_chart.LEFT + review_chart.PLOT_W
    assert ">Even share 50 %</text>" in svg


def test_a_seat_not_estimated_somewhere_breaks_its_line_and_a_lone_point_is_a_dot():
    line = review_chart.Line("Aki", ((0, 0.5), (2, 0.4), (4, None), (6, 0.3), (8, 0.2), (10, None), (12, 0.9)))
    svg = review_chart.chart([line], 12, 0.5, WORDS)
    assert [len(run) for run in polyline_points(svg)] == [2, 2]
    assert re.findall(r'<circle class="chart-line chart-line-0" cx="([\d.]+)" cy="([\d.]+)"', svg) == \
        [(f"{x_of(12, 12):.1f}", f"{y_of(0.9):.1f}")]


def test_every_word_of_the_chart_is_escaped_and_each_line_has_its_name_and_dash():
    hostile = '<script>alert("x")</script>'
    words = review_chart.Words(hostile, hostile, hostile, hostile, hostile)
    lines = [review_chart.Line(hostile, ((0, 0.5), (3, 1.0))), review_chart.Line("Ben & Co", ((0, 0.5), (3, 0.0)))]
    svg = review_chart.chart(lines, 3, 0.5, words)
    assert "<script>" not in svg and svg.count("&lt;script&gt;") == 6
    assert ">Ben &amp; Co</text>" in svg
    first, second = re.findall(r'<polyline class="chart-line chart-line-\d"[^>]*>', svg)
    assert "stroke-dasharray" not in first and 'stroke-dasharray="7 4"' in second


def test_end_labels_of_lines_ending_together_do_not_overlap():
    lines = [review_chart.Line(n, ((0, 0.5), (5, 0.0))) for n in ("Aki", "Ben", "Chie")]
    svg = review_chart.chart(lines, 5, 1 / 3, WORDS)
    heights = sorted(float(y) for y in re.findall(r'class="chart-label chart-label-\d" x="[\d.]+" y="([\d.]+)"', svg))
    assert len(heights) == 3
    assert all(b - a >= review_chart.LABEL_GAP for a, b in zip(heights, heights[1:]))
    assert heights[-1] <= review_chart.TOP + review_chart.PLOT_H + 8


def test_the_replay_marker_stands_at_its_move():
    svg = review_chart.chart([review_chart.Line("Aki", ((0, 0.5), (20, 1.0)))], 20, 0.5, WORDS, marker=5)
    assert f'<line class="chart-marker" x1="{x_of(5, 20):.1f}"' in svg
    assert "chart-marker" not in review_chart.chart([review_chart.Line("A", ((0, 0.5),))], 20, 0.5, WORDS)


def test_the_move_numbers_along_the_bottom_are_round_and_end_at_the_last():
    assert review_chart.x_ticks(39) == [0, 10, 20, 30, 39]
    assert review_chart.x_ticks(5) == [0, 1, 2, 3, 4, 5]
    assert review_chart.x_ticks(101) == [0, 20, 40, 60, 80, 101]
    assert review_chart.x_ticks(0) == [0]


def test_the_description_says_where_the_chance_began_ended_and_was_lowest():
    points = ((0, 0.25), (12, 0.4), (31, 0.18), (40, 0.3), (80, 0.6))
    def sentence(t, name, points):
        return review_screen.sentence(t, name, points).replace("\u00a0", " ")
    assert sentence(EN, "Aki", points) == "Aki's chance rose from 25 % to 60 %, lowest 18 % after move 31"
    assert sentence(JA, "アキ", points) == "アキの勝つ見込みは25%から60%に上がりました。最も低かったのは31手目のあとの18%です"
    fell = ((0, 0.5), (3, 0.7), (9, 0.0))
    assert sentence(EN, "Ben", fell) == "Ben's chance fell from 50 % to 0 %, lowest 0 % after move 9"
    same = ((0, 0.2), (4, 0.9), (6, 0.2))
    assert sentence(EN, "Chie", same) == "Chie's chance began at 20 % and ended at 20 %, lowest 20 % at the start"
    assert review_screen.sentence(EN, "Dan", ((0, None),)) == "No chance was estimated for Dan"


# ---- a real finished game with a review made by hand ----------------------------------------
def finished_app(store=None, kinds=("human", "quick"), game="golden_key", seed="3"):
    """A game played to its result through the app, the person taking the first
    button each time."""
    app = App("en", store=store)
    app.handle("setup", game)
    for seat, kind in enumerate(kinds):
        app.handle("kind", f"{seat}:{kind}")
    app.field("seed", seed)
    app.handle("start")
    advance(app, moves=10**6)               # to the end
    return app


def person_decisions(record, seat=0):
    return engine.decisions(record, [seat])


def made_review(record, seat=0, lost=(0.0, 0.3, 0.07, 0.12)):
    """Grades for the first few decisions of `seat`, losing `lost` each."""
    indexes = person_decisions(record, seat)[:len(lost)]
    state = registry.get(record["game"]).new(record["players"], record["seed"], record["options"])
    moves, curve = [], []
    for number, action in enumerate(record["actions"]):
        if number in indexes:
            loss = lost[indexes.index(number)]
            best = next(a for a in state.legal_actions() if a != action) if loss else action
            played_chance = 0.5 - loss / 2
            moves.append(GradedMove(number, seat, action, best, played_chance, played_chance + loss, loss,
                                    grade_of(loss), ((best, played_chance + loss), (action, played_chance))))
            chances = [None] * record["players"]
            chances[seat] = played_chance + loss
            curve.append((number, tuple(chances)))
        state.apply(action)
    winners = state.result()["winners"]
    curve.append((len(record["actions"]), tuple(1.0 if s in winners else 0.0 for s in range(record["players"]))))
    return Review(record["game"], (seat,), tuple(moves), tuple(curve), 8)


def kept(app, review):
    """The open game's save with `review` in it, as the library keeps it."""
    entry = app.library.get(app.game_id)
    app.library.write(app.game_id, saves.with_review(entry.stored.text, review.to_dict()))


def test_the_replay_shows_each_grade_at_its_move_and_nothing_at_others():
    app = finished_app()
    record = app.match.record()
    review = made_review(record)
    kept(app, review)
    app.handle("replay")
    graded = {move.index: move for move in review.moves}
    blunder = review.moves[1]
    for step in range(0, blunder.index + 3):
        app.replaying.step = step
        app.replay.to(step)
        html = app.render()
        move = graded.get(step - 1)
        found = re.findall(r'data-grade="(\w+)"', html)
        assert found == ([move.grade] if move else []), step
    app.handle("replay_jump", str(blunder.index + 1))
    html = app.render()
    text = re.search(r'<p class="replay-grade[^"]*" data-grade="blunder">([^<]*)</p>', html)[1]
    words = review_screen.move_words(app.replaying.match.table,
                                     _before(record, blunder.index), 0, blunder.best, app.t,
                                     ["P1", "P2"], log_line)
    assert text.startswith("Blunder: would have played ") and words in text
    if "golden_key" in calibration.ROUGH:       # rough chances are said against the even share
        assert re.search(r"\((ahead|about even|behind) with it, (ahead|about even|behind) with yours\)", text)
    else:
        assert (f"(about {round(blunder.chance_best * 100)}\u00a0% to win, "
                f"against about {round(blunder.chance_played * 100)}\u00a0%)") in text
    assert f"Move {blunder.index + 1} of {len(record['actions'])}" in html


def _before(record, index):
    return registry.replay(dict(record, actions=record["actions"][:index]))


def test_the_mistakes_list_has_the_biggest_first_and_each_jumps_to_its_move():
    app = finished_app()
    review = made_review(app.match.record())
    kept(app, review)
    app.handle("replay")
    app.panel = "review"                                # the review's tab of the rail, open
    html = app.render()
    jumps = re.findall(r'data-cmd="replay_jump" data-arg="(\d+)">([^<]*)<', html)
    worst = sorted((m for m in review.moves if m.lost >= 0.05), key=lambda m: -m.lost)
    assert [int(arg) for arg, _ in jumps] == [m.index + 1 for m in worst]
    assert jumps[0][1] == f"Move {worst[0].index + 1} · Blunder (−30\u00a0%)"
    for arg, _ in jumps:
        app.handle("replay_jump", arg)
        assert app.replaying.step == int(arg)
        assert len(app.replaying.match.state.actions) == int(arg)
        assert f'data-arg="{arg}"' in re.search(r'<button[^>]*review-jump[^>]*is-on[^>]*>', app.render())[0]
    app.handle("replay_jump", "100000")                       # past the end: the end
    assert app.replaying.step == len(app.match.record()["actions"])
    app.handle("replay_jump", "x")
    assert app.replaying.step == len(app.match.record()["actions"])


def test_the_panel_has_the_chart_the_tally_and_the_sentence_in_both_languages():
    app = finished_app()
    review = made_review(app.match.record())
    kept(app, review)
    app.handle("replay")
    app.panel = "review"                                # the review's tab of the rail, open
    for t, expect in ((EN, "Chance to win over the game"), (JA, "勝つ見込みの移り変わり")):
        app.t = t
        html = app.render()
        assert f"<title id=\"review-chart-title\">{expect}</title>" in html
        caption = re.search(r'<figcaption class="sr-only">(.*?)</figcaption>', html)[1]
        assert caption and caption in re.search(r"<desc[^>]*>(.*?)</desc>", html)[1]
        assert html.count('<li class="review-count grade-') == 5
    app.t = EN
    html = app.render()
    counts = dict(re.findall(r'<li class="review-count grade-(\w+)"><span>[^<]*</span><strong>(\d+)</strong>', html))
    assert counts == {"best": "1", "good": "0", "inaccuracy": "1", "mistake": "1", "blunder": "1"}


def test_move_words_fall_back_to_the_log_when_a_table_has_none():
    from ui.table import Table, table_for
    app = finished_app()
    record = app.match.record()
    index = person_decisions(record)[0]
    state = _before(record, index)
    action = state.legal_actions()[0]
    real = table_for("golden_key")

    class Wordless(type(real)):
        move_words = Table.move_words         # the contract's default: no words of its own

    names = [isolate("P1"), isolate("P2")]
    words = review_screen.move_words(Wordless(), state, 0, action, EN, names, log_line)
    after = state.clone()
    after.apply(action, seat=0)
    expected = [log_line(e, EN, names) for e in real.describe(state.view(None), action, 0, after.view(None), False)]
    assert words == ". ".join(expected) and words
    assert review_screen.move_words(real, state, 0, action, EN, names, log_line) == \
        real.move_words(state.view(0), action, EN, names)


def test_a_loss_reads_in_whole_percent_never_up_to_the_next_grade():
    assert [review_screen.lost_percent(x) for x in (0.0996, 0.1, 0.29, 0.07, 0.2, 0.0)] == [9, 10, 29, 7, 20, 0]
    for lost in (0.0199, 0.0499, 0.0999, 0.1999):
        bound = next(b for b in engine.BOUNDS if lost < b)
        assert review_screen.lost_percent(lost) < round(bound * 100)


def test_progress_is_a_progressbar_with_its_values_and_a_cancel():
    html = review_screen.progress(EN, 0.426, "g1")
    assert 'role="progressbar"' in html and 'aria-valuemin="0"' in html and 'aria-valuemax="100"' in html
    assert 'aria-valuenow="43"' in html and 'aria-valuetext="43\u00a0% done"' in html
    assert 'style="width:43%"' in html
    assert 'data-cmd="review_cancel" data-arg="g1"' in html


# ---- running a review in the app -------------------------------------------------------------
def run(app, limit=100_000):
    steps = 0
    while app.review_step():
        steps += 1
        assert steps < limit
    return steps


def test_a_review_from_the_result_runs_in_steps_is_kept_and_shown():
    app = finished_app()
    app.review_playouts = 2
    html = app.render()
    assert 'data-cmd="review"' in html and "Review this game" in html
    app.handle("review")
    assert app.reviewing is not None and app.screen == "table"
    assert 'role="progressbar"' in app.render() and 'data-cmd="review"' not in app.render()
    seen = []
    while app.review_step():
        seen.append(app.review_progress())
    assert len(seen) > 3 and seen == sorted(seen) and 0 <= seen[0] and seen[-1] <= 1
    assert app.reviewing is None and app.screen == "replay" and app.replaying.review is not None
    stored = json.loads(app.library.get(app.game_id).stored.text)
    again = Review.from_dict(stored["review"])
    assert again == app.replaying.review and again.seats == (0,) and again.playouts == 2
    assert again == engine.review(app.match.record(), [0], playouts=2)
    assert 'class="review-strip"' in app.render()
    assert app.announcement() == "The review is ready." and app.announcement() == ""
    app.handle("replay_close")
    assert "See the review" in app.render() and 'data-cmd="review"' not in app.render()


def test_cancel_stops_the_review_and_changes_nothing():
    app = finished_app()
    app.review_playouts = 2
    before = app.library.get(app.game_id).stored
    app.handle("review")
    for _ in range(5):
        assert app.review_step()
    steps = app.reviewing.steps
    app.handle("review_cancel")
    assert app.reviewing is None and app.review_progress() is None
    with pytest.raises(StopIteration):
        next(steps)                                     # the generator is closed, not left waiting
    assert app.library.get(app.game_id).stored == before and app.screen == "table"
    assert 'data-cmd="review"' in app.render() and "progressbar" not in app.render()
    assert not app.review_step()


def test_other_taps_work_during_a_review_and_it_does_not_jump_from_another_screen():
    app = finished_app()
    app.review_playouts = 2
    app.handle("review")
    app.review_step()
    app.handle("lang")
    assert app.t.lang == "ja" and "progressbar" in app.render()
    app.handle("replay")                                  # elsewhere while it runs
    assert app.screen == "replay" and app.replaying.review is None
    app.handle("replay_step", "next")
    assert app.replaying.step == 1
    run(app)
    assert app.screen == "replay" and app.replaying.step == 1     # not taken away
    assert saves.read_review(app.library.get(app.game_id).save) is not None
    app.handle("replay_close")
    assert "ふり返りを見る" in app.render()


def test_a_review_from_the_library_is_kept_across_a_reload():
    shared = {}
    app = finished_app(store=MemoryStore(shared))
    game_id = app.game_id
    app.handle("quit", "yes")                           # home; the finished game stays
    assert app.screen == "home"
    app.review_playouts = 2
    html = app.render()
    assert f'data-cmd="review" data-arg="{game_id}"' in html
    app.handle("review", game_id)
    assert 'role="progressbar"' in app.render()
    run(app)
    assert app.screen == "replay" and app.replaying.review is not None
    # The reload: a new app on the same store shows it, without reviewing again.
    reloaded = App("en", store=MemoryStore(shared))
    html = reloaded.render()
    assert "Reviewed" in html and f'data-cmd="review" data-arg="{game_id}"' not in html
    reloaded.handle("replay_saved", game_id)
    assert reloaded.reviewing is None and reloaded.replaying.review == app.replaying.review
    assert 'class="review-strip"' in reloaded.render()


def test_deleting_a_game_while_it_is_reviewed_stops_its_review():
    app = finished_app()
    game_id = app.game_id
    app.handle("quit", "yes")
    app.review_playouts = 2
    app.handle("review", game_id)
    app.review_step()
    app.handle("delete", game_id)
    app.handle("delete_yes", game_id)
    assert app.reviewing is None and app.library.get(game_id) is None
    assert app.screen == "home" and not app.review_step()


def test_two_people_are_both_graded_each_named_with_a_line_of_their_own():
    app = finished_app(kinds=("human", "human"))
    app.review_playouts = 2
    app.handle("review")
    run(app)
    review = app.replaying.review
    app.panel = "review"                                # the review's tab of the rail, open
    assert review.seats == (0, 1) and {m.seat for m in review.moves} == {0, 1}
    html = app.render()
    assert sorted(re.findall(r'class="chart-label chart-label-(\d)"[^>]*>([^<]*)<', html)) == \
        [("0", isolate("Player 1")), ("1", isolate("Player 2"))]
    assert len(polyline_points(html, 0)) >= 1 and len(polyline_points(html, 1)) >= 1
    assert html.count('<div class="review-tally-row">') == 2
    for arg, text in re.findall(r'data-cmd="replay_jump" data-arg="(\d+)">([^<]*)<', html):
        move = review_screen.graded_at(review, int(arg))
        assert text.startswith(f"{isolate(['Player 1', 'Player 2'][move.seat])}: Move {arg}")
    move = review.moves[-1]
    app.handle("replay_jump", str(move.index + 1))
    line = re.search(r'data-grade="\w+">([^<]*)<', app.render())[1]
    assert line.startswith(isolate(["Player 1", "Player 2"][move.seat]) + ": ")


def test_no_review_is_offered_for_a_game_without_people():
    app = finished_app(kinds=("quick", "quick"))
    assert 'data-cmd="review"' not in app.render()
    app.handle("review")
    assert app.reviewing is None


# ---- the review in the save ---------------------------------------------------------------
def save_text(app, review: dict | None | object = None):
    entry = app.library.get(app.game_id)
    data = json.loads(entry.stored.text)
    data["review"] = review
    return json.dumps(data)


def library_with(text):
    store = MemoryStore()
    store.shared["items"]["g1"] = Stored("g1", text, 1_700_000_000_000, 1)
    return App("en", store=store)


def test_a_sound_review_reads_back_from_the_save():
    app = finished_app()
    review = made_review(app.match.record())
    loaded = saves.load(save_text(app, review.to_dict()))
    assert saves.read_review(loaded) == review
    assert saves.load(save_text(app, None)).review is None          # saves of earlier versions


@pytest.mark.parametrize("damage", [
    "not a dict", ["a", "list"], {"version": 1},
    "grade", "played", "game", "seat", "index", "width"])
def test_a_damaged_review_is_dropped_and_the_game_kept(damage):
    app = finished_app()
    review = made_review(app.match.record()).to_dict()
    if damage == "grade":
        review["moves"][0]["grade"] = "blunder"                     # not what it lost
    elif damage == "played":
        review["moves"][0]["played"] = "nonsense"                   # not the record's action
    elif damage == "game":
        review["game"] = "krypkille"
    elif damage == "seat":
        review["seats"] = [0, 5]
    elif damage == "index":
        review["moves"][-1]["index"] = 10_000
    elif damage == "width":
        review["curve"] = [[i, c + [None]] for i, c in review["curve"]]
    else:
        review = damage
    text = save_text(app, review)
    reader = library_with(text)
    entry = reader.library.get("g1")
    assert entry.save is not None and entry.save.finished and entry.problem is None
    assert saves.read_review(saves.load(text)) is None
    assert "Replay" in reader.render()
    reader.handle("replay_saved", "g1")
    assert reader.screen == "replay" and reader.replaying.review is None
    assert "review-panel" not in reader.render()
    # Dropped from the save, the game kept: it can be reviewed again.
    stored = json.loads(reader.library.get("g1").stored.text)
    assert "review" not in stored and stored["record"] == app.match.record()
    reader.handle("replay_close")
    assert 'data-cmd="review" data-arg="g1"' in reader.render()


def test_a_game_in_progress_keeps_no_review_and_an_import_keeps_a_sound_one():
    app = start(["human", "quick"], game="golden_key", seed="3")
    assert "review" not in json.loads(saves.dump_state(app.match.seats, app.match.state, {"x": 1}))
    done = finished_app()
    review = made_review(done.match.record())
    text = save_text(done, review.to_dict())
    importer = App("en")
    importer.import_game(text)
    (entry,) = importer.library.entries.values()
    assert saves.read_review(entry.save) == review


def test_a_shared_link_brings_the_review_along():
    app = finished_app()
    review = made_review(app.match.record())
    viewer = App("en")
    viewer.open_shared(save_text(app, review.to_dict()))
    assert viewer.screen == "replay" and viewer.replaying.review == review
    viewer.open_shared(save_text(app, {"version": 1}))             # a damaged one: the replay alone
    assert viewer.screen == "replay" and viewer.replaying.review is None


def test_a_finished_games_later_saves_keep_its_review():
    app = finished_app()
    review = made_review(app.match.record())
    kept(app, review)
    app.save()                                   # any later write of the open game
    app.handle("act", "whatever")
    assert saves.read_review(app.library.get(app.game_id).save) == review


def test_a_game_whose_chances_are_rough_says_so_in_its_review(monkeypatch):
    from royaltable import calibration
    app = finished_app()
    kept(app, made_review(app.match.record()))
    app.handle("replay")
    app.panel = "review"                                # the review's tab of the rail, open
    monkeypatch.setattr(calibration, "ROUGH", frozenset({"krypkille"}), raising=False)
    assert "review-rough" not in app.render()
    monkeypatch.setattr(calibration, "ROUGH", frozenset({"golden_key"}), raising=False)
    assert "the chances to win are still rough estimates" in app.render()


def test_the_grade_names_are_the_reviews_own():
    assert review_screen.GRADES == engine.GRADES
    for grade in engine.GRADES:
        assert EN.has(f"review.grade.{grade}") and JA(f"review.grade.{grade}") != f"review.grade.{grade}"


def test_the_computers_are_graded_only_when_asked_and_then_each_has_a_line():
    app = finished_app()
    app.review_playouts = 2
    app.handle("review")
    run(app)
    assert app.replaying.review.seats == (0,)
    app.handle("replay_jump", "5")
    app.panel = "review"                                # the review's tab of the rail, open
    html = app.render()
    assert f'data-cmd="review_everyone" data-arg="{app.game_id}"' in html
    assert "Grade the computer players too" in html and "chart-line-1" not in html
    app.handle("review_everyone", app.game_id)
    assert 'role="progressbar"' in app.render() and 'data-cmd="review_everyone"' not in app.render()
    run(app)
    everyone = app.replaying.review
    assert everyone.seats == (0, 1) and {m.seat for m in everyone.moves} == {0, 1}
    assert everyone == engine.review(app.match.record(), [0, 1], playouts=2)
    assert app.screen == "replay" and app.replaying.step == 5          # where the person was
    html = app.render()
    assert "chart-line-1" in html and 'data-cmd="review_everyone"' not in html
    stored = json.loads(app.library.get(app.game_id).stored.text)
    assert Review.from_dict(stored["review"]) == everyone                 # kept instead of the first
    assert "コンピューターの手もふり返る" == JA("review.everyone")


def test_where_chances_are_rough_the_chart_and_the_list_say_no_percentage():
    """A rough game's chart reads behind / about even / ahead on its side, its
    sentence in the same words, and its mistakes without the chance lost."""
    t = Translator("en")
    review = made_review(finished_app().match.record())
    names = ["Ann", "Ben"]
    svg = str(review_screen.chart(t, review, names, 2, 10, strip=True, share=0.5))
    assert "%" not in svg, svg
    assert "ahead" in svg and "behind" in svg and "about even" in svg
    listed = str(review_screen.mistakes(t, review, names, 0, rough=True))
    assert "%" not in listed and "Move" in listed
    compared = str(review_screen.alternatives(t, review.moves[1], {}, share=0.5))
    assert "%" not in compared and ("ahead" in compared or "behind" in compared or "about even" in compared)
    assert "%" in str(review_screen.chart(t, review, names, 2, 10, strip=True))     # honest games keep numbers
