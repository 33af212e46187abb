"""The shared table layer (py/ui/match.py) driven directly, without the app:
branches the screen tests reach rarely (mutation testing, bench/MUTATION.md)."""
import collections
import random

import pytest

from royaltable import IllegalAction, registry
from screens import step
from ui.match import LINGER, SPEEDS, SUMMARY, WAIT_DECAY, Match
from ui.table import holds_secrets


def seats(*kinds):
    return [{"name": f"P{s}", "kind": k} for s, k in enumerate(kinds)]


def until(match, rng, done, steps=3000):
    for _ in range(steps):
        if done(match):
            return match
        assert not (match.state.over and not match.interlude), "the game ended first"
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
    assert not match.can_suggest() and match.legal_on_screen() == []   # no buttons yet
    assert match.handoff_to() == match.state.current
    match.take_tablet()
    assert match.viewer == match.actor() and match.can_suggest()
    assert match.legal_on_screen() == match.state.legal_actions()


# ---- a saved game, replayed -----------------------------------------------------------

def test_a_record_replays_with_its_options_at_the_default_pace_and_speed():
    options = {"sixth_two_points": True, "recorded_tiebreak": True}
    match = Match("whispers", seats("human", "human", "human", "human"), options, 7)
    rng = random.Random(4)
    until(match, rng, lambda m: len(m.state.view(None)["rounds"]) == 1)   # a round's summary
    assert match.interlude == SUMMARY
    record = match.record()
    again = Match.from_record(seats("human", "human", "human", "human"), record)
    assert again.state.options == match.state.options and again.state.options["sixth_two_points"]
    assert again.state.actions == match.state.actions
    assert again.state.view(None) == match.state.view(None)
    assert again.pace == 1.0 and again.speed == "normal"
    assert again.interlude is None                       # a replay stops on no summary
    quick = Match.from_record(seats("human", "human", "human", "human"), record, 0.25, "fast")
    assert quick.pace == 0.25 and quick.speed == "fast"


# ---- "show my cards" between turns ------------------------------------------------------

def open_offer(seed=3):
    """King's Struggle for three people, at an offer made in the open."""
    match = Match("struggle", seats("human", "human", "human"), {}, seed)
    until(match, random.Random(seed), lambda m: m.actor() is not None
          and m.state.phase == "offer" and m.holder != m.actor())
    return match


def test_a_person_not_deciding_asks_to_see_their_cards_and_hides_them_again():
    match = open_offer()
    actor = match.actor()
    assert match.viewer is None
    peekers = match.peekers()
    assert sorted(peekers + [actor]) == [0, 1, 2]        # everyone but the one deciding
    match.ask_peek(actor)                                # the decider decides in the open
    assert match.peek_asked is None
    seat = peekers[0]
    match.ask_peek(seat)
    assert match.needs_handoff() and match.handoff_to() == seat
    assert match.viewer is None and match.peekers() == []     # not while the tablet goes round
    match.take_tablet()
    assert (match.peeking, match.peek_asked, match.holder) == (seat, None, seat)
    assert match.viewer == seat and match.peekers() == []     # not while one is looking
    assert match.pending_delay() is None and match.legal_on_screen() == []
    match.end_peek()
    assert match.peeking is None and match.peek_asked is None and match.holder is None
    assert match.viewer is None and match.actor() == actor
    assert match.legal_on_screen() == match.state.legal_actions()


def test_nobody_peeks_at_a_summary_or_at_the_end():
    match = Match("struggle", seats("human", "human", "human"), {}, 4)
    rng = random.Random(4)
    until(match, rng, lambda m: m.interlude == SUMMARY)
    assert match.viewer is None and not match.needs_handoff()
    assert match.peekers() == []
    match.ask_peek(match.humans[0])
    assert match.peek_asked is None
    until(match, rng, lambda m: m.state.over and m.interlude is None, steps=6000)
    assert any(holds_secrets(match._public, match.state.view(s)) for s in match.humans)
    assert match.viewer is None and match.peekers() == []


# ---- taking back ------------------------------------------------------------------------

def test_undo_on_ones_own_screen_keeps_the_tablet_and_takes_back_one_action():
    options = {"sixth_two_points": True}
    match = Match("whispers", seats("human", "human", "human"), options, 2)
    rng = random.Random(2)
    until(match, rng, lambda m: m.undoer() is not None and m.viewer == m.undoer())
    seat = match.undoer()
    before = list(match.state.actions)
    match.undo()
    assert match.state.actions == before[:-1]
    assert match.state.options == Match("whispers", seats("human", "human", "human"),
                                        options, 2).state.options
    assert match.state.options["sixth_two_points"] is True
    assert match.holder == seat and match.viewer == seat and not match.needs_handoff()


def test_undo_from_the_handoff_screen_gives_the_tablet_back_through_a_handoff():
    match = Match("whispers", seats("human", "human", "human"), {}, 2)
    rng = random.Random(5)
    until(match, rng, lambda m: m.undoer() is not None and m.viewer is None
          and m.needs_handoff())
    seat = match.undoer()
    before = list(match.state.actions)
    match.undo()
    assert match.state.actions == before[:-1] and match.state.current == seat
    assert match.holder is None and match.needs_handoff()


def expected_undoer(match):
    """Who may take back their last move, by the rule's words: a person's own move,
    nothing revealed or drawn since, nobody else acting since, no interlude, the game
    not over, and the screen drawn for nobody or for that person."""
    state = match.state
    if match.interlude or state.over or not state.actions:
        return None
    last = state.actors[-1]
    if match.is_bot(last) or not state.undo_depth(last):
        return None
    return last if match.viewer in (None, last) else None


@pytest.mark.parametrize("game,kinds,seed", [
    ("whispers", ("human", "human", "quick"), 1),
    ("struggle", ("human", "human", "quick"), 2),
    ("golden_key", ("human", "human"), 3),
    ("krypkille", ("human", "quick", "human", "quick"), 4),
])
def test_who_may_undo_along_whole_games(game, kinds, seed):
    match = Match(game, seats(*kinds), {}, seed)
    rng = random.Random(seed)
    seen = collections.Counter()
    for _ in range(4000):
        state = match.state
        undoer = match.undoer()
        assert undoer == expected_undoer(match)
        if state.actions and state.undo_depth(state.actors[-1]):
            last = state.actors[-1]
            # the cases where an undo would be wrong although the move could be taken back
            seen["bot"] += match.is_bot(last)
            seen["interlude"] += bool(match.interlude)
            seen["over"] += state.over
            seen["other screen"] += match.viewer not in (None, last)
        if state.over and not match.interlude:
            break
        step(match, rng)
    assert match.state.over
    assert seen["bot"] or "quick" not in kinds
    if game == "golden_key":                  # nothing secret: no screen is anyone's
        assert seen["over"]
    else:
        assert seen["other screen"]


# ---- time ---------------------------------------------------------------------------------

def test_the_pauses_of_the_table_by_speed_and_pace():
    # Krypkille: a finished trick lingers until the next card, a round ends in a
    # summary, a person's only card is played for them; computers alone read the
    # summary for a while. At slow speed every pause is whole, as it always was.
    for kinds, speed, pace in [(("human", "quick", "quick"), "fast", 0.5),
                               (("quick", "quick", "quick"), "slow", 2.0),
                               (("human", "quick", "human"), "bogus", 1.0),
                               (("human", "quick", "quick"), "slow", 1.0)]:
        match = Match("krypkille", seats(*kinds), {}, 6, pace=pace, speed=speed)
        assert match.speed == (speed if speed != "bogus" else "normal")
        factor = {"fast": 0.5, "slow": 1.8, "bogus": 1.0}[speed] * pace
        table = match.table
        rng = random.Random(6)
        seen = collections.Counter()
        for _ in range(3000):
            delay = match.pending_delay()
            decay = WAIT_DECAY ** match.waited if speed != "slow" and match.humans else 1.0
            by_itself = match.state.current is not None and (match.is_bot(match.state.current)
                                                             or match.forced_now())
            if match.interlude == SUMMARY:
                want = None if match.humans else int(table.summary_ms * factor)
                seen["summary"] += 1
            elif match.state.over:
                want = None
            elif match.interlude == "linger" and (by_itself or match.actor() is None):
                want = int(table.linger_ms * factor * decay)
                seen["linger"] += 1
            elif match.interlude == "linger":
                want = None                      # a person leads over the finished trick
                seen["person leads"] += 1
            elif match.is_bot(match.state.current):
                base = table.bot_delay_ms if speed == "slow" else table.group_pause_ms(match._public)
                want = int(base * factor * decay)
                seen["bot"] += 1
            elif match.forced_now():
                want = int(table.forced_delay_ms * factor * decay)
                seen["forced"] += 1
            else:
                want = None
                seen["person"] += 1
            assert delay == want
            seen["decayed"] += decay < 1
            if match.state.over and not match.interlude:
                break
            step(match, rng)
        assert match.state.over
        assert seen["summary"] and seen["linger"] and seen["bot"]
        assert seen["forced"] or not match.humans
        assert bool(seen["decayed"]) == (speed != "slow" and bool(match.humans))
        assert seen["person leads"] or not match.humans


# ---- the wait between a person's decisions --------------------------------------------------

def the_waits(game_id, speed, count=40, seed=100):
    """One person (seat 0) and the most quick computers the game allows: the pauses
    (ms) between each of the person's decisions and their next one, after computers
    moved, as the app would wait them; and every action played."""
    players = registry.get(game_id).max_players
    waits, actions = [], []
    while len(waits) < count:
        match = Match(game_id, seats("human", *["quick"] * (players - 1)), {}, seed, speed=speed)
        rng = random.Random(seed)
        wait = None
        while not match.state.over and len(waits) < count:
            delay = match.pending_delay()
            if delay is None:
                if match.interlude == SUMMARY:           # tapped away: not a wait for the table
                    match.resume()
                    continue
                if wait:
                    waits.append(wait)
                match.act(rng.choice(match.legal_on_screen()), 0)
                wait = 0
                continue
            match.step()
            if wait is not None:
                wait += delay
        actions.append(list(match.state.actions))
        seed += 1
    return waits, actions


def p95(values):
    values = sorted(values)
    return values[round(0.95 * (len(values) - 1))]


@pytest.mark.parametrize("game_id", ["court", "krypkille", "whispers", "golden_key", "struggle"])
def test_with_the_most_computers_a_person_waits_briefly_and_fast_is_half_of_it(game_id):
    """Pauses alone (the bench adds the computers' thinking in the browser: p95 6 s
    in all): most waits are short at normal speed; fast plays the same game in
    about half the time; slow takes every pause whole (test above), longer."""
    normal, played = the_waits(game_id, "normal")
    assert p95(normal) <= 5000, sorted(normal)[-5:]
    fast, played_fast = the_waits(game_id, "fast")
    assert played_fast == played                     # the same moves, only sooner
    assert 0.45 <= sum(fast) / sum(normal) <= 0.55
    slow, _ = the_waits(game_id, "slow", count=10)
    assert sum(slow) / len(slow) > 1.5 * sum(normal[:10]) / 10


def test_each_turn_that_passes_shortens_the_pauses_until_the_person_decides():
    match = Match("krypkille", seats("human", "quick", "quick", "quick", "quick", "quick"), {}, 4)
    rng = random.Random(4)
    until(match, rng, lambda m: m.is_bot(m.state.current) and m.interlude is None and m.waited == 0)
    first = match.pending_delay()
    assert first == match.table.group_pause_ms(match._public)
    pauses = []
    while match.pending_delay() is not None:
        seat = match.state.current
        pauses.append(match.pending_delay())
        match.step()
        if match.state.current != seat and match.interlude is None and match.is_bot(match.state.current):
            whole = match.table.group_pause_ms(match._public)
            assert match.pending_delay() == int(whole * WAIT_DECAY ** match.waited) < whole
    assert len(pauses) >= 2
    assert match.actor() == 0
    match.act(match.legal_on_screen()[0], 0)         # the person decided: whole pauses again
    until(match, rng, lambda m: m.is_bot(m.state.current) and m.interlude is None)
    assert match.waited == 0 or match.pending_delay() < first


def test_a_finished_trick_lingers_until_the_next_card_is_played():
    # a computer leads next: one pause to see the trick, then its card ends it
    match = Match("krypkille", seats("human", "quick", "quick", "quick"), {}, 3)
    rng = random.Random(3)
    until(match, rng, lambda m: m.interlude == LINGER and m.is_bot(m.state.current))
    tricks = len(match._public["tricks"])
    assert match.pending_delay() == int(match.table.linger_ms * WAIT_DECAY ** match.waited)
    match.step()
    assert match.interlude is None
    assert match._public["tricks"][-1] and len(match._public["tricks"]) == tricks   # the lead, on a new trick
    # the person leads next: no pause at all, they play over the finished trick
    until(match, rng, lambda m: m.interlude == LINGER and m.state.current == 0)
    assert match.pending_delay() is None and match.actor() == 0 and match.legal_on_screen()
    assert match.undoer() in (None, 0)
    match.act(match.legal_on_screen()[0], 0)
    assert match.interlude is None


def test_before_a_hand_off_everybody_sees_the_finished_trick_for_a_moment():
    match = Match("krypkille", seats("human", "human", "quick"), {}, 5)
    rng = random.Random(5)
    until(match, rng, lambda m: m.interlude == LINGER and not m.is_bot(m.state.current)
          and m.state.current != m.holder)
    assert match.actor() is None and not match.needs_handoff() and match.viewer is None
    assert match.legal_on_screen() == []
    assert match.pending_delay() == int(match.table.linger_ms * WAIT_DECAY ** match.waited)
    match.step()
    assert match.interlude is None and match.needs_handoff()


# ---- the your-turn call ----------------------------------------------------------------------

@pytest.mark.parametrize("game_id", ["krypkille", "struggle", "whispers", "court"])
def test_the_call_comes_exactly_when_a_persons_decision_follows_computers_moves(game_id):
    match = Match(game_id, seats("human", "quick", "quick"), {}, 7)
    rng = random.Random(7)
    calls = forced = 0
    computers_moved = False
    for _ in range(700):
        if match.state.over:
            break
        if match.interlude == SUMMARY or match.state.over:
            if match.state.over:
                break
            match.resume()
            computers_moved = False          # the person tapped: they are at the table
            match.sounds.clear()
            match.called = False
            continue
        if match.pending_delay() is None:
            assert match.lit == (0 if computers_moved else None)
            match.act(rng.choice(match.legal_on_screen()), 0)
            assert match.lit is None
            computers_moved = False
            continue
        by_computer = match.is_bot(match.state.current)
        forced += not by_computer and match.forced_now()
        match.sounds.clear()
        match.step()
        computers_moved = computers_moved or by_computer
        back = computers_moved and match.pending_delay() is None and not match.state.over  # decide, or tap on
        assert match.called == back and (match.sounds[-1:] == ["turn"]) == back
        if back and match.interlude != SUMMARY:
            calls += 1
            assert match.lit == 0 and match.actor() == 0 and match.legal_on_screen()
        match.called = False
    assert calls >= 3
    assert forced or game_id != "krypkille"          # forced plays came and called nobody


def test_after_a_hand_off_the_person_s_seat_lights():
    match = Match("struggle", seats("human", "human", "quick"), {}, 5)
    rng = random.Random(3)
    until(match, rng, lambda m: m.needs_handoff() and m.peek_asked is None)
    seat = match.handoff_to()
    match.take_tablet()
    assert match.lit == seat == match.actor()
    match.act(match.legal_on_screen()[0], seat)
    assert match.lit is None


def test_the_table_waits_while_someone_looks_at_their_cards():
    match = Match("struggle", seats("human", "human", "quick"), {}, 8)
    rng = random.Random(8)
    until(match, rng, lambda m: m.interlude is None and m.is_bot(m.state.current)
          and m.peekers())
    bot_delay = match.pending_delay()
    assert bot_delay
    seat = match.peekers()[0]
    match.ask_peek(seat)
    assert match.pending_delay() is None                 # asked: the look-away prompt
    match.take_tablet()
    assert match.peeking == seat and match.pending_delay() is None
    match.end_peek()
    assert match.pending_delay() == bot_delay


# ---- seats, computers, the flow of one action ---------------------------------------------

def test_seats_names_and_who_holds_the_tablet_at_the_start():
    one = Match("whispers", seats("quick", "human", "strong"), {}, 1, pace=0.5, speed="slow")
    assert one.humans == [1] and one.lone and one.holder == 1
    assert one.names == ["P0", "P1", "P2"] and one.is_bot(0) and not one.is_bot(1)
    assert (one.pace, one.speed) == (0.5, "slow")
    assert one.interlude is None and one.selection == [] and one.hint is None
    assert one.log and one.log == list(one.table.opening_log(one.state.view(None)))
    many = Match("whispers", seats("human", "human", "quick"), {}, 1)
    assert not many.lone and many.holder is None and many.humans == [0, 1]
    nobody = Match("whispers", seats("quick", "quick", "quick"), {}, 1)
    assert not nobody.lone and nobody.holder is None and nobody.humans == []
    assert nobody.viewer is None and nobody.actor() is None


def test_a_computer_moves_as_a_fresh_bot_seeded_by_the_position():
    match = Match("struggle", seats("quick", "human", "quick"), {}, 9)
    rng = random.Random(9)
    for _ in range(40):
        seat = match.state.current
        if match.interlude or not match.is_bot(seat):
            step(match, rng)
            continue
        level = match.seats[seat]["kind"]
        fresh = match.game.bots[level](seed=match.state.seed * 7919 + len(match.state.actions))
        want = fresh.choose(match.state.view(seat), match.state.legal_actions())
        before = len(match.state.actions)
        match.step()
        assert match.state.actions[before:] == [want] and match.state.actors[-1] == seat


def test_a_forced_move_is_played_for_the_person_and_logged_as_forced():
    match = Match("krypkille", seats("human", "quick", "quick"), {}, 2)
    rng = random.Random(2)
    until(match, rng, lambda m: m.forced_now() and not m.interlude)
    seat = match.state.current
    assert not match.is_bot(seat) and match.actor() is None        # nobody decides it
    assert match.legal_on_screen() == [] and not match.can_suggest()
    legal = match.state.legal_actions()
    before = match._public
    match.step()
    assert match.state.actions[-1] == legal[0] and match.state.actors[-1] == seat
    assert match.holder == seat                                     # a lone person keeps it
    told = list(match.table.describe(before, legal[0], seat, match._public, True))
    assert match.log[-len(told):] == told                           # said to be forced
    assert told != list(match.table.describe(before, legal[0], seat, match._public, False))


def test_an_action_clears_the_selection_and_the_hint_and_a_tap_ends_an_interlude():
    match = Match("golden_key", seats("human", "quick"), {}, 3)
    rng = random.Random(3)
    until(match, rng, lambda m: m.actor() is not None and len(m.legal_on_screen()) > 1)
    match.selection = [1]
    match.suggest()
    assert match.hint in match.state.legal_actions()
    logged = len(match.log)
    match.act(match.legal_on_screen()[0], match.actor())
    assert match.selection == [] and match.hint is None and len(match.log) > logged
    assert match._public == match.state.view(None)
    match.interlude = SUMMARY
    match.resume()
    assert match.interlude is None
    match.interlude = SUMMARY
    match.step()                                                    # a step ends it too
    assert match.interlude is None


def test_a_decision_in_the_open_sends_the_tablet_back_to_the_middle():
    # a person who decides without the tablet (an offer in the open) leaves nobody
    # holding it: the next private screen of anyone comes after a hand-off
    match = Match("struggle", seats("human", "human", "human"), {}, 3)
    rng = random.Random(3)
    until(match, rng, lambda m: m.actor() is not None and not m.private_now()
          and m.holder is not None and m.holder != m.actor())
    seat = match.actor()
    assert not match.needs_handoff()
    match.act(match.legal_on_screen()[0], seat)
    assert match.holder is None


def test_an_action_out_of_turn_is_refused_and_changes_nothing():
    match = Match("whispers", seats("human", "human", "human"), {}, 4)
    seat = match.state.current
    other = (seat + 1) % 3
    legal = match.state.legal_actions()
    log, public = list(match.log), match._public
    with pytest.raises(IllegalAction):
        match.act(legal[0], other)
    assert match.state.actions == [] and match.log == log and match._public == public
    match.act(legal[0], seat)
    assert match.state.actions == [legal[0]] and match.state.actors == [seat]


def test_the_advice_is_the_choice_then_the_runners_up_by_their_chances():
    # the strong player's search, stubbed: the choice first, then the next two searched
    # moves by chance (not by name, not as the search listed them); unsearched ones left out
    from royaltable.search import Candidate, SearchResult
    match = Match("golden_key", seats("human", "human"), {}, 2)
    until(match, random.Random(2), lambda m: m.actor() is not None and len(m.legal_on_screen()) > 3)
    legal = sorted(match.state.legal_actions())
    a, b, c, d = legal[:4]
    asked = []

    class Model:
        def chance(self, value, view=None):
            return value / 2

    class Strong:
        model = Model()

        def search(self, view, actions):
            asked.append((view, list(actions)))
            return SearchResult(match.actor(), (Candidate(b, 0.5), Candidate(d, None),
                                                Candidate(a, 0.2), Candidate(c, 0.4),
                                                Candidate(d, 0.9)), spent=40, simulated=400)

    match.bot = lambda level: Strong()
    seat = match.actor()
    match.suggest()
    assert match.hint == b and match.suggestion.choice == b
    assert match.advice == [(b, 0.25), (c, 0.2), (a, 0.1)]
    assert asked == [(match.state.view(seat), match.state.legal_actions())]
    match.act(match.state.legal_actions()[0], seat)
    assert match.hint is None and match.suggestion is None and match.advice == []


def test_a_fresh_match_has_no_suggestion_and_no_advice():
    match = Match("golden_key", seats("human", "human"), {}, 2)
    assert match.suggestion is None and match.advice == [] and match.sounds == []


# ---- a computer's quiet steps shown together (Court) ----------------------------------------

def expected_group(match, grouped):
    """The actions one step of the app plays for the computer to move, by the words of
    `step`: a fresh bot seeded by the position plays on while its step is a quiet one
    (`shows_with_next`), the turn stays its own, the game goes on and no pause comes;
    not grouped (slow speed), one action. Played in a copy: the match is untouched."""
    seat, table = match.state.current, match.table
    state = match.state.clone()
    bot = match.bot(match.seats[seat]["kind"])
    played = []
    while True:
        before = state.view(None)
        action = bot.choose(state.view(seat), state.legal_actions())
        state.apply(action, seat=seat)
        played.append(action)
        after = state.view(None)
        if not (grouped and state.current == seat and not state.over
                and not table.pause_after(before, after) and not table.linger_after(before, after)
                and table.shows_with_next(before, action, after)):
            return played


@pytest.mark.parametrize("speed", ["normal", "slow"])
def test_a_computers_quiet_steps_show_together_except_at_slow_speed(speed):
    match = Match("court", seats("quick", "quick", "quick"), {}, 5, speed=speed)
    factor = SPEEDS[speed]
    sizes = collections.Counter()
    for _ in range(60):
        if match.interlude:
            match.step()
            continue
        if speed == "slow":
            assert match.pending_delay() == int(match.table.bot_delay_ms * factor)
        else:
            assert match.pending_delay() == int(match.table.group_pause_ms(match._public) * factor)
        together = expected_group(match, grouped=True)
        want = together if speed != "slow" else together[:1]
        seat, before = match.state.current, len(match.state.actions)
        match.step()
        assert match.state.actions[before:] == want
        assert set(match.state.actors[before:]) == {seat}
        sizes[len(together)] += 1
    # there were quiet steps to show together (at slow speed shown alone all the same)
    assert max(sizes) >= 3


# ---- sounds ---------------------------------------------------------------------------------

def test_each_action_leaves_its_tables_sound_for_the_page():
    match = Match("krypkille", seats("human", "human", "quick"), {}, 3)
    rng = random.Random(3)
    want = []
    for _ in range(80):
        before, played = match._public, len(match.state.actions)
        step(match, rng)
        if len(match.state.actions) > played:
            sound = match.table.sound_of(before, match.state.actions[-1], match._public)
            want += [sound] if sound else []
    assert "card" in want and len(want) < len(match.state.actions)   # some actions are silent
    assert [sound for sound in match.sounds if sound != "turn"] == want   # and the your-turn chime


# ---- more "show my cards" and undo ----------------------------------------------------------

def test_hiding_cards_nobody_shows_keeps_the_tablet_and_a_look_may_be_called_off():
    lone = Match("whispers", seats("human", "quick", "quick"), {}, 1)
    lone.end_peek()
    assert lone.holder == 0 and lone.viewer == 0                  # nothing was shown: no change
    match = Match("struggle", seats("human", "human", "quick"), {}, 5)
    until(match, random.Random(3), lambda m: m.needs_handoff() and m.peek_asked is None)
    match.take_tablet()
    seat = match.actor()
    match.end_peek()                                               # on one's own screen
    assert match.holder == seat and match.viewer == seat and not match.needs_handoff()
    match = open_offer()
    seat = match.peekers()[0]
    match.ask_peek(seat)
    assert match.peek_asked == seat and match.needs_handoff()
    match.end_peek()                                               # called off at the prompt
    assert match.peek_asked is None and match.peeking is None and match.holder is None
    assert not match.needs_handoff() and match.viewer is None


def test_undo_takes_back_only_the_last_of_many_actions():
    match = Match("whispers", seats("human", "human", "human"), {}, 2)
    rng = random.Random(2)
    until(match, rng, lambda m: m.undoer() is not None and len(m.state.actions) > 4)
    before = list(match.state.actions)
    match.undo()
    assert match.state.actions == before[:-1]
