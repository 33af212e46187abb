"""The computer players of every game, through views only, and the Krypkille
and Court strong levels on the shared search (royaltable.search)."""
import pytest

from royaltable import registry
from royaltable.search import SearchBot


def decisions(game_id, players, count, seed=1):
    """Up to `count` states at real decisions (more than one legal action) of a
    seeded game of quick players, spread over the game."""
    game = registry.get(game_id)
    state = game.new(players, seed=seed)
    quick = [game.bots["quick"](seed=s) for s in range(players)]
    found = []
    while not state.over and len(state.actions) < 4000:
        legal = state.legal_actions()
        if len(legal) > 1 and len(state.actions) % 7 == 0:
            found.append(state.clone())
        seat = state.current
        state.apply(quick[seat].choose(state.view(seat), legal))
    return found[::max(1, len(found) // count)][:count]


def strong_games():
    return [g for g in registry.ids() if "strong" in registry.get(g).bots]


@pytest.mark.parametrize("game_id", strong_games())
def test_strong_level_sees_only_the_view_and_is_deterministic(game_id):
    """Another true game behind the same view (everything hidden dealt anew) gets
    the same choice from a bot with the same seed; the seed fixes the choice."""
    game = registry.get(game_id)
    players = game.default_players or game.min_players
    for index, state in enumerate(decisions(game_id, players, 3)):
        seat = state.current
        view = state.view(seat)
        other = game.sample_state(view, 1000 + index)
        assert other.view(seat) == view
        first = game.bots["strong"](seed=index).choose(view, state.legal_actions())
        again = game.bots["strong"](seed=index).choose(other.view(seat), other.legal_actions())
        assert first == again
        assert first in state.legal_actions()


@pytest.mark.parametrize("game_id", [g for g in ("krypkille", "court") if g in registry.ids()])
def test_strong_level_is_the_shared_search_within_its_budget(game_id):
    game = registry.get(game_id)
    bot = game.bots["strong"](seed=2)
    assert isinstance(bot, SearchBot)
    for state in decisions(game_id, game.max_players, 4):
        ranking = bot.ranked(state.view(state.current), state.legal_actions())
        assert sorted(a for a, _ in ranking) == sorted(state.legal_actions())
        assert bot.spent <= bot.playouts


# ---- Krypkille: the opponents' styles --------------------------------------------

from royaltable.games.krypkille import bots as kk  # noqa: E402


def krypkille_view(rounds=(), tricks=(), showdown=(), players=4, seat=0):
    return {"seat": seat, "players": players, "rounds": list(rounds), "tricks": list(tricks),
            "showdown": list(showdown)}


def a_round(last, showdown, outcome):
    return {"last": last, "showdown": [{"seat": s, "choice": c} for s, c in showdown],
            "outcome": outcome}


def test_kk_styles_start_from_the_prior():
    odds = kk.random_odds(krypkille_view())
    assert odds == {1: kk.PRIOR_RANDOM, 2: kk.PRIOR_RANDOM, 3: kk.PRIOR_RANDOM}


def test_kk_a_failed_declaration_marks_a_random_player():
    failed = a_round(["3", "jester", "6", "5"], [(1, "declare")], "fail")
    odds = kk.random_odds(krypkille_view([failed]))
    assert odds[1] > 0.9                 # a quick player never declares unsure
    assert odds[2] < kk.PRIOR_RANDOM     # kept a middling card, as quick players do


def test_kk_passing_with_low_cards_looks_quick():
    calm = a_round(["3", "2", "1", "4"], [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass")], "void")
    odds = kk.random_odds(krypkille_view([calm] * 3))
    assert all(p < 0.05 for p in odds.values())


def test_kk_a_sure_declaration_is_no_evidence_of_chance():
    sure = a_round(["5", "mask", "3", "4"], [(1, "declare")], "success")
    assert kk.random_odds(krypkille_view([sure]))[1] < 0.5


def test_kk_playing_above_ones_own_lead_is_not_quick():
    """A quick player leads its highest card, so it never plays a higher one later."""
    tricks = [[{"seat": 1, "card": "5"}, {"seat": 2, "card": "6"}, {"seat": 3, "card": "7"},
               {"seat": 0, "card": "8"}],
              [{"seat": 0, "card": "2"}, {"seat": 1, "card": "9"}]]
    odds = kk.random_odds(krypkille_view(tricks=tricks))
    assert odds[1] > 0.8 and odds[2] == odds[3] == kk.PRIOR_RANDOM


def test_kk_random_worlds_follow_the_evidence():
    """Worlds give a seat the random style about as often as its odds say, and
    the searching seat never."""
    import random
    state = registry.get("krypkille").new(4, seed=9)
    view = state.view(state.current)
    seat = view["seat"]
    wild, calm = (seat + 1) % 4, (seat + 2) % 4
    last = ["3"] * 4
    last[wild] = "jester"
    view["rounds"] = [a_round(last, [(wild, "declare")], "fail")] * 2
    rng = random.Random(1)
    styles = [kk.MODEL.sample(view, rng).styles for _ in range(300)]
    assert all(s[seat] == kk.QUICK for s in styles)
    assert sum(s[wild] == kk.RANDOM for s in styles) / 300 > 0.95
    calm_share = sum(s[calm] == kk.RANDOM for s in styles) / 300
    assert abs(calm_share - kk.random_odds(view)[calm]) < 0.1


def test_kk_showdown_is_settled_by_styles():
    """At the showdown a random seat declares half the time, a quick one only when sure."""
    game = registry.get("krypkille")
    state = game.new(4, seed=4)
    while state.phase != "showdown":
        state.apply(state.legal_actions()[0])
    state.styles = [kk.QUICK] * 4
    never_sure = all(not kk.quick_declares(state, s) for s in range(4))
    outcomes = set()
    for luck in range(40):
        world = state.clone()
        world.rng.seed(luck)
        world.styles = [kk.RANDOM] * 4
        outcomes.add(tuple(kk.finish_showdown(world)))
    assert len(outcomes) > 1              # who declares first changes the scores
    if never_sure:
        quiet = state.clone()
        from royaltable.games.krypkille.rules import score_round
        assert kk.finish_showdown(quiet) == score_round([h[0] for h in quiet.hands], None)[0]
