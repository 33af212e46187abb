"""The gentle computer player (royaltable/gentle.py): legal in every game, a little
worse than quick but never absurd, chosen in the new-game form in both
languages, and saved and continued like the other levels."""
import pytest

from royaltable import registry
from royaltable.gentle import ABSURD, GentleBot
from royaltable.search import Candidate, SearchResult
from screens import advance, start
from ui import saves
from ui.app import App


@pytest.mark.parametrize("game_id", registry.ids())
def test_gentle_players_play_whole_games_legally_and_sometimes_stray_from_quick(game_id):
    game = registry.get(game_id)
    players = min(max(4, game.min_players), game.max_players)
    state = game.new(players, seed=5)
    bots = [game.bots["gentle"](seed=s) for s in range(players)]
    state.play_out(bots)                 # raises if a choice is illegal
    assert sum(bot.slipped for bot in bots) > 0


class FixedSearch:
    """A small search that finds the given values (read as chances as they are)."""
    def __init__(self, values):
        self.values = values
        self.playouts = 0
        self.model = type("Identity", (), {"chance": staticmethod(lambda v, view=None: v)})()

    def search(self, view, legal, include=None):
        return SearchResult(0, tuple(Candidate(a, v, 4) for a, v in self.values.items()),
                            spent=40, simulated=400)


def test_a_slip_is_a_little_worse_than_quick_never_better_nor_a_blunder():
    bot = registry.get("krypkille").bots["gentle"](seed=3)
    assert isinstance(bot, GentleBot)
    values = {"quick": 0.60, "better": 0.70, "close": 0.58, "worse": 0.50,
              "absurd": 0.60 - ABSURD, "unsearched": None}
    bot.searcher = FixedSearch(values)
    legal = list(values)
    picked = {bot.worse_move({}, legal, "quick") for _ in range(400)}
    assert picked == {"close", "worse"}
    counts = [bot.worse_move({}, legal, "quick") for _ in range(400)]
    assert counts.count("close") > 2 * counts.count("worse")          # the closer, the likelier
    bot.searcher = FixedSearch({"quick": 0.6, "better": 0.9, "absurd": 0.2})
    assert bot.worse_move({}, ["quick", "better", "absurd"], "quick") is None


def test_gentle_is_a_level_of_the_new_game_form_in_both_languages():
    for lang, word in (("ja", "やさしい"), ("en", "gentle")):
        app = App(lang)
        app.handle("setup", "whispers")
        html = str(app.render())
        gentle = html[html.index('data-arg="1:gentle"'):]
        assert word in gentle[:gentle.index("</button>")]
        app.handle("kind", "1:gentle")
        assert app.setup.form.kinds[1] == "gentle"


def test_a_game_with_gentle_computers_is_saved_and_continued():
    app = start(["human", "gentle", "gentle"], seed="8")
    advance(app, 12)
    entry = app.library.get(app.game_id)
    save = saves.load(entry.stored.text)
    assert [s["kind"] for s in save.seats] == ["human", "gentle", "gentle"]
    again = App("en", store=app.store)
    again.handle("continue", entry.id)
    assert again.screen == "table" and again.match.is_bot(1)
    before = len(again.match.state.actions)
    advance(again, 6)
    assert len(again.match.state.actions) > before


def test_saves_of_the_earlier_levels_still_load():
    state = registry.get("krypkille").new(3, seed=2)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    text = saves.dump([{"name": "A", "kind": "human"}, {"name": "B", "kind": "quick"},
                       {"name": "C", "kind": "strong"}], state.record(),
                      rules=registry.get("krypkille").rules_version, position=saves.digest(state))
    assert [s["kind"] for s in saves.load(text).seats] == ["human", "quick", "strong"]
    with pytest.raises(saves.SaveError):
        saves.load(text.replace('"strong"', '"nonsense"'))
