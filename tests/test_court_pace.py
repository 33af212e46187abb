"""王への請願: a computer's turn does not keep people waiting. At normal speed its
quiet steps show together with the roll or the take after them and the pauses
of a whole turn add up to at most 2.5 s; slow shows every step alone, as
before; the strong level searches once a roll and plays on by the plan that
won, and a game resumed mid-turn plays on exactly as it would have."""
import pytest

from royaltable import registry
from royaltable.games.court.bots import StrongBot, random_step
from ui.match import SPEEDS, Match
from ui.games.court.table import TABLE

TURN_LIMIT_MS = 2500


def seats(*kinds):
    return [{"name": f"P{i}", "kind": kind} for i, kind in enumerate(kinds)]


def turns_of_pauses(match, limit_actions=4000):
    """Plays a game of computers with match.step(); returns, for every turn, the
    pauses before its steps (ms) and the actions it took."""
    turns = []
    owner = None
    while not match.state.over and len(match.state.actions) < limit_actions:
        delay = match.pending_delay()
        assert delay is not None
        seat = match.state.current
        turn_start = not match.state.view(None)["dice"]["rolled"]
        if seat != owner or turn_start:
            turns.append({"seat": seat, "pauses": [], "actions": 0})
            owner = seat
        before = len(match.state.actions)
        match.step()
        turns[-1]["pauses"].append(delay)
        turns[-1]["actions"] += len(match.state.actions) - before
    return turns


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_whole_computer_turn_pauses_at_most_2_5_s_at_normal_speed(seed):
    match = Match("court", seats("quick", "quick", "quick", "quick"), {}, seed)
    turns = turns_of_pauses(match)
    assert match.state.over
    longest = max(sum(t["pauses"]) for t in turns)
    assert longest <= TURN_LIMIT_MS
    # Steps do show together: far fewer pauses than actions.
    assert sum(len(t["pauses"]) for t in turns) < 0.6 * sum(t["actions"] for t in turns)


def test_the_bound_holds_for_any_turn():
    """The pauses of a turn are the turn's start and one a roll; a roll's pause
    shrinks with every die set aside or ability used, which grow between any two
    rolls, so no turn, however long, pauses more than this."""
    bound = TABLE.TURN_START_MS + TABLE.ROLL_MS / (1 - TABLE.ROLL_DECAY)
    assert bound * SPEEDS["normal"] <= TURN_LIMIT_MS


@pytest.mark.parametrize("seed", [3, 100])
def test_a_turn_is_grouped_by_rolls(seed):
    """One pause for a turn's start and one per roll: a step of the app ends at
    new dice or at the end of the turn, never in between."""
    match = Match("court", seats("quick", "quick", "quick", "quick"), {}, seed)
    counted = []
    while not match.state.over:
        seat, before = match.state.current, len(match.state.actions)
        match.step()
        done = match.state.actions[before:]
        assert all(match.state.actors[before + i] == seat for i in range(len(done)))
        last = done[-1]
        assert last == "roll" or last.startswith(("take ", "pass", "pick", "confirm")) \
            or match.state.current != seat, done
        assert "roll" not in done[:-1], done
        assert not any(a.startswith(("take ", "pass")) for a in done[:-1]), done
        counted.append(len(done))
    assert max(counted) >= 3


def test_slow_shows_every_step_alone_as_before():
    match = Match("court", seats("quick", "quick", "quick"), {}, 5, speed="slow")
    for _ in range(80):
        before = len(match.state.actions)
        assert match.pending_delay() == int(TABLE.bot_delay_ms * SPEEDS["slow"])
        match.step()
        assert len(match.state.actions) == before + 1


def test_fast_is_quicker_still():
    normal = Match("court", seats("quick", "quick", "quick"), {}, 6)
    fast = Match("court", seats("quick", "quick", "quick"), {}, 6, speed="fast")
    for _ in range(10):
        assert fast.pending_delay() < normal.pending_delay()
        normal.step()
        fast.step()
    assert normal.state.actions == fast.state.actions


def test_a_game_resumed_mid_turn_plays_on_as_without_the_reload():
    """With the strong level (searching, then following its plan): at every
    moment the app could be closed in the computers' turns, the game rebuilt
    from its record plays the next steps exactly as the game that went on."""
    players = seats("human", "strong", "strong", "strong")
    match = Match("court", players, {}, 11)
    checked = mid_turn = 0
    while len(match.state.actions) < 60:
        if not match.is_bot(match.state.current):
            match.act(match.bot("quick").choose(match.state.view(0), match.state.legal_actions()), 0)
            continue
        record = match.record()
        mid_turn += match.state.view(None)["dice"]["rolled"]
        before = len(match.state.actions)
        match.step()
        resumed = Match.from_record(players, record)
        resumed.step()
        assert resumed.state.actions == match.state.actions
        checked += 1
    assert checked >= 8 and mid_turn >= 4


def court_states_after_a_roll(count, seed=21):
    """States of a quick game right after a roll that leaves a choice."""
    game = registry.get("court")
    state = game.new(4, seed=seed)
    quick = [game.bots["quick"](seed=s) for s in range(4)]
    found = []
    while not state.over and len(found) < count:
        seat = state.current
        action = quick[seat].choose(state.view(seat), state.legal_actions())
        state.apply(action, seat=seat)
        if action == "roll" and len(state.legal_actions()) > 2 and len(state.active) >= 3:
            found.append(state.clone())
    return found


def test_the_strong_level_searches_once_a_roll_and_follows_its_plan():
    followed = searched_again = 0
    for index, root in enumerate(court_states_after_a_roll(6)):
        state = root.clone()
        seat = state.current
        bot = StrongBot(seed=index)
        view = state.view(seat)
        action = bot.choose(view, state.legal_actions())
        assert bot.spent > 0                              # after a roll: a search
        while not random_step(view, action):
            state.apply(action, seat=seat)
            if state.current != seat or state.phase != "dice":
                break
            view, legal = state.view(seat), state.legal_actions()
            bot.spent = 0
            action = bot.choose(view, legal)
            if len(legal) > 1:
                followed += bot.spent == 0
                searched_again += bot.spent > 0
                # a fresh bot (after a reload) has nothing to follow: it searches
                fresh = StrongBot(seed=index)
                fresh.choose(view, legal)
                assert fresh.spent > 0 or fresh.expect is not None
    assert followed >= 3 and searched_again == 0


def test_a_followed_plan_is_dropped_when_the_table_is_not_as_foreseen():
    root = court_states_after_a_roll(1)[0]
    seat = root.current
    bot = StrongBot(seed=3)
    bot.choose(root.view(seat), root.legal_actions())
    assert bot.expect is not None
    other = court_states_after_a_roll(3, seed=22)[-1]     # some other table
    bot.spent = 0
    bot.choose(other.view(other.current), other.legal_actions())
    assert bot.spent > 0                                  # not followed: searched afresh


def test_following_can_be_turned_off():
    root = court_states_after_a_roll(1)[0]
    bot = StrongBot(seed=3, follow=False)
    bot.choose(root.view(root.current), root.legal_actions())
    assert bot.expect is None
