"""The rules contract itself (royaltable.core), on a toy game small enough to see through.

Every game gets legality checking, the record, sealing and undo from `State`; a bug
here is a bug in all five games, so each behaviour is pinned down exactly.
"""
import random
import typing

import pytest

from royaltable import Bot, Game, IllegalAction, RandomBot, State, core


class Toy(State):
    """Seats take turns adding 1 or 2 to a total; the game ends at 6. "think" keeps
    the turn (an action that can be taken back), "peek" reveals something (seals),
    "roll" draws from the game's luck; at 5 the only move is "add 1" (forced)."""

    def __init__(self, game, players, seed, options):
        super().__init__(game, players, seed, options)
        self.total = 0
        self.turn = 0

    @property
    def current(self):
        return None if self.total >= 6 else self.turn % self.players

    def legal_actions(self):
        if self.over:
            return []
        if self.total == 5:
            return ["add 1"]
        return ["add 1", "add 2", "think", "peek", "roll"]

    def _apply(self, action):
        if action.startswith("add"):
            self.total += int(action.split()[1]) * self.options["step"]
            self.turn += 1
        elif action == "peek":
            self.seal()
        elif action == "roll":
            self.rng.random()

    def view(self, seat):
        return {"game": "toy", "players": self.players, "seat": seat,
                "current": self.current, "phase": "play", "total": self.total}

    def result(self):
        return None if not self.over else {"scores": [0] * self.players, "winners": [0]}


TOY = Game(id="toy", title={"ja": "おもちゃ", "en": "Toy"}, min_players=2, max_players=4,
           options={"step": ((1, 2), 1)}, state_class=Toy)
PLAIN = Game(id="plain", title={"ja": "無地", "en": "Plain"}, min_players=1, max_players=1,
             options={}, state_class=Toy)


def toy(*actions, players=3, seed=1):
    state = TOY.new(players, seed=seed)
    for action in actions:
        state.apply(action)
    return state


# ---- Luck: the game's random source -----------------------------------------------

def test_luck_is_random_random_counting_every_draw():
    luck, plain = core.Luck(9), random.Random(9)
    assert luck.draws == 0
    assert luck.random() == plain.random() and luck.draws == 1
    assert luck.random() == plain.random() and luck.draws == 2
    assert luck.getrandbits(20) == plain.getrandbits(20) and luck.draws == 3
    assert luck.getrandbits(5) == plain.getrandbits(5) and luck.draws == 4
    assert core.Luck(9).randint(1, 6) == random.Random(9).randint(1, 6)


# ---- Game.new and options -------------------------------------------------------------

def test_new_accepts_exactly_the_player_range():
    assert TOY.new(2, seed=1).players == 2 and TOY.new(4, seed=1).players == 4
    for bad in (1, 5, True, 2.0, "3", None):
        with pytest.raises(ValueError, match=f"toy is played by 2–4 players, not {bad!r}$"):
            TOY.new(bad, seed=1)


def test_new_gives_the_state_its_game_players_seed_and_options():
    state = TOY.new(3, seed=42, options={"step": 2})
    assert state.game is TOY and state.players == 3 and state.seed == 42
    assert state.options == {"step": 2}
    assert state.actions == [] and state.actors == [] and state.sealed_at == 0
    assert state.rng.draws == 0 and state.rng.random() == random.Random(42).random()
    assert state.current == 0 and not state.over


def test_new_without_a_seed_draws_one_below_2_to_the_31(monkeypatch):
    asked = []

    class Fixed:
        def randrange(self, n):
            asked.append(n)
            return n - 1

    monkeypatch.setattr(core.random, "SystemRandom", Fixed)
    assert TOY.new(2).seed == 2**31 - 1 and asked == [2**31]
    assert TOY.new(2, seed=0).seed == 0 and asked == [2**31]      # a given seed is kept


@pytest.mark.parametrize("seed", [True, 1.5, "7"])
def test_new_refuses_a_seed_that_is_not_an_integer(seed):
    with pytest.raises(ValueError, match=f"^seed must be an integer, not {seed!r}$"):
        TOY.new(2, seed=seed)


def test_options_default_given_and_refused():
    assert TOY.resolve_options(None) == {"step": 1}
    assert TOY.resolve_options({}) == {"step": 1}
    given = {"step": 2}
    assert TOY.resolve_options(given) == {"step": 2} and given == {"step": 2}
    with pytest.raises(ValueError, match=r"^toy: option step=3 is not one of 1, 2$"):
        TOY.resolve_options({"step": 3})
    with pytest.raises(ValueError, match=r"^toy: unknown option\(s\) a, b; known: step$"):
        TOY.resolve_options({"b": 1, "a": 1, "step": 1})
    with pytest.raises(ValueError, match=r"^plain: unknown option\(s\) x; known: none$"):
        PLAIN.resolve_options({"x": 1})
    assert PLAIN.resolve_options(None) == {}


def test_an_unknown_option_is_refused_naming_every_known_one():
    game = Game(id="two", title={"ja": "二", "en": "Two"}, min_players=2, max_players=2,
                options={"step": ((1, 2), 1), "size": ((3,), 3)}, state_class=Toy)
    with pytest.raises(ValueError, match=r"^two: unknown option\(s\) x; known: step, size$"):
        game.resolve_options({"x": 1})


# ---- apply --------------------------------------------------------------------------------

def test_apply_plays_for_the_seat_to_move_and_records_it():
    state = toy()
    assert state.apply("add 1") is state
    state.apply("add 2", seat=1)
    assert state.actions == ["add 1", "add 2"] and state.actors == [0, 1]
    assert state.total == 3 and state.current == 2


def test_apply_refuses_in_words_and_changes_nothing():
    state = toy("add 1")
    with pytest.raises(IllegalAction, match=r"^it is seat 2's turn, not seat 1's$"):
        state.apply("add 1", seat=0)
    with pytest.raises(IllegalAction, match=r"^'add 3' is not allowed now; allowed: "
                                            r"add 1, add 2, think, peek, roll$"):
        state.apply("add 3")
    with pytest.raises(IllegalAction, match=r"^7 is not allowed now"):
        state.apply(7)
    assert state.actions == ["add 1"] and state.actors == [0] and state.total == 1


def test_an_out_of_turn_refusal_is_asked_for_with_the_action_refused():
    asked = []

    class Asking(Toy):
        def why_out_of_turn(self, seat, action):
            asked.append((seat, action))
            return super().why_out_of_turn(seat, action)

    game = Game(id="asking", title={"ja": "問", "en": "Asking"}, min_players=3, max_players=3,
                options={"step": ((1,), 1)}, state_class=Asking)
    state = game.new(3, seed=1)
    with pytest.raises(IllegalAction, match=r"^it is seat 1's turn, not seat 2's$"):
        state.apply("add 2", seat=1)
    assert asked == [(1, "add 2")] and state.actions == []


def test_apply_refuses_everything_once_the_game_is_over():
    state = toy("add 2", "add 2", "add 2")
    assert state.over and state.current is None and state.legal_actions() == []
    with pytest.raises(IllegalAction, match="^the game is over: no more actions$"):
        state.apply("add 1")


# ---- sealing and undo ------------------------------------------------------------------

def test_a_plain_action_can_be_taken_back():
    state = toy("add 1", "think")
    assert state.sealed_at == 0
    assert state.undo_depth(1) == 1 and state.undo_depth(0) == 0


def test_drawing_from_the_luck_seals():
    state = toy("add 1", "roll")
    assert state.sealed_at == 2 and state.undo_depth(1) == 0
    state.apply("think")
    assert state.sealed_at == 2 and state.undo_depth(1) == 1


def test_revealing_seals_once():
    state = toy("add 1", "peek")
    assert state.sealed_at == 2
    state.apply("think")                     # the seal of "peek" is used up
    assert state.sealed_at == 2 and state.undo_depth(1) == 1


def test_a_forced_move_seals():
    state = toy("add 2", "add 2", "think", "add 1")
    assert state.total == 5 and state.sealed_at == 0 and state.legal_actions() == ["add 1"]
    state.apply("add 1")
    assert state.over and state.sealed_at == 5


def test_undo_depth_counts_own_moves_back_to_another_seat_or_a_seal():
    state = toy("think", "add 1", "think", "think", "think")
    assert state.actors == [0, 0, 1, 1, 1]
    assert state.undo_depth(1) == 3 and state.undo_depth(0) == 0 and state.undo_depth(2) == 0
    state.apply("peek")
    state.apply("think")
    assert state.undo_depth(1) == 1


def test_without_last_replays_all_but_the_last_actions():
    state = TOY.new(3, seed=4, options={"step": 2})
    for action in ("add 1", "think", "roll", "think"):
        state.apply(action)
    back = state.without_last()
    assert back.actions == ["add 1", "think", "roll"] and back.options == {"step": 2}
    assert back.total == 2 and back.rng.draws == 1 and back.seed == 4 and back.players == 3
    assert state.without_last(3).actions == ["add 1"]
    assert state.without_last(0).actions == state.actions
    assert state.actions == ["add 1", "think", "roll", "think"]


def test_record_is_plain_data_and_a_copy():
    state = TOY.new(2, seed=8, options={"step": 2})
    state.apply("add 1")
    record = state.record()
    assert record == {"game": "toy", "options": {"step": 2}, "seed": 8, "players": 2,
                      "actions": ["add 1"]}
    record["actions"].append("x")
    record["options"]["step"] = 1
    assert state.actions == ["add 1"] and state.options == {"step": 2}


def test_clone_is_independent():
    state = toy("add 1")
    other = state.clone()
    other.apply("add 2")
    assert state.actions == ["add 1"] and state.total == 1
    assert other.actions == ["add 1", "add 2"] and other.total == 3


def test_the_base_state_leaves_the_rules_to_the_game():
    state = State(TOY, 2, 1, {})
    for call in (lambda: state.current, state.legal_actions, lambda: state.view(0),
                 state.result, lambda: state._apply("x")):
        with pytest.raises(NotImplementedError):
            call()


# ---- bots ---------------------------------------------------------------------------------

def test_bots_are_seeded():
    assert Bot(5).rng.random() == random.Random(5).random()
    with pytest.raises(NotImplementedError):
        Bot(1).choose({}, ["a"])
    legal = [str(n) for n in range(50)]
    picks = [RandomBot(3).choose({}, legal) for _ in range(2)]
    assert picks[0] == picks[1] == random.Random(3).choice(legal)
    assert RandomBot().choose({}, legal) == random.Random(0).choice(legal)


class Scripted(Bot):
    """Answers from a list, noting the seat of each view it was shown."""
    def __init__(self, answers):
        super().__init__()
        self.answers, self.shown = list(answers), []

    def choose(self, view, legal):
        self.shown.append(view["seat"])
        return self.answers.pop(0)


def test_play_out_lets_each_seats_bot_play_its_own_turns_to_the_end_or_until_asked():
    bots = [Scripted(["add 2", "add 2"]), Scripted(["think", "add 1"])]
    state = toy(players=2).play_out(bots, until=lambda s: s.total >= 4)
    assert state.actions == ["add 2", "think", "add 1", "add 2"] and not state.over
    assert [bot.shown for bot in bots] == [[0, 0], [1, 1]]
    assert toy(players=2).play_out([RandomBot(1), RandomBot(2)]).over


def test_play_out_refuses_an_illegal_answer_and_keeps_the_state_before_it():
    state = toy("add 1", players=2)
    with pytest.raises(IllegalAction):
        state.play_out([Scripted(["add 2"]), Scripted(["add 1", "add 9"])])
    assert state.actions == ["add 1", "add 1", "add 2"] and state.total == 4

# ---- typed actions: Action, Actions, parse -----------------------------------------------

class Move(core.Action, verb="move"):
    die: str
    to: int


class AsideAll(core.Action, verb="aside all"):
    cards: tuple[int, ...]


class Aside(core.Action, verb="aside"):
    card: str


class Pass(core.Action, verb="pass"):
    pass


GRAMMAR = core.Actions(Move, AsideAll, Aside, Pass)


def test_an_action_is_its_record_text_with_its_parts_named():
    move = Move("red0", 3)
    assert move == "move red0 3" and str.__str__(move) == "move red0 3"
    assert (move.die, move.to) == ("red0", 3) and Move.__match_args__ == ("die", "to")
    assert Move("red0", 3) is move                       # interned
    assert hash(move) == hash("move red0 3")
    assert AsideAll((4, 5, 6)) == "aside all 4 5 6" and AsideAll((4, 5, 6)).cards == (4, 5, 6)
    assert AsideAll(()) == "aside all" and Pass() == "pass"
    assert repr(move) == "Move('red0', 3)" and repr(Pass()) == "Pass()"
    assert repr(AsideAll((1, 2))) == "AsideAll((1, 2))"
    match move:
        case Move(die, to):
            assert (die, to) == ("red0", 3)
    assert Move._parts == (("die", str, False), ("to", int, False))
    assert AsideAll._parts == (("cards", int, True),)


def test_an_action_is_immutable_and_copies_as_itself():
    import copy
    import pickle
    move = Move("red0", 3)
    with pytest.raises(AttributeError, match=r"^an action cannot change \(Move\.to\)$"):
        move.to = 4
    with pytest.raises(AttributeError, match=r"^an action cannot change \(Move\.die\)$"):
        del move.die
    assert move.to == 3
    assert copy.copy(move) is move and copy.deepcopy(move) is move
    assert copy.deepcopy([move])[0] is move
    back = pickle.loads(pickle.dumps(move))
    assert back is move and type(back) is Move
    assert move.__reduce__() == (Move, ("red0", 3))


def test_an_action_with_wrong_parts_is_refused_in_words():
    with pytest.raises(TypeError, match=r"^Move takes 2 part\(s\): die, to$"):
        Move("red0")
    with pytest.raises(TypeError, match=r"^Pass takes 0 part\(s\): none$"):
        Pass(1)
    with pytest.raises(TypeError, match=r"^Move\.to is int, not '3'$"):
        Move("red0", "3")
    with pytest.raises(TypeError, match=r"^Move\.die is str, not 0$"):
        Move(0, 3)
    with pytest.raises(TypeError, match=r"^Move\.to is int, not True$"):
        Move("red0", True)
    with pytest.raises(TypeError, match=r"^AsideAll\.cards is int, not 'x'$"):
        AsideAll((1, "x"))
    with pytest.raises(TypeError, match=r"^Action takes 0 part\(s\): none$"):
        core.Action()                                    # no verb: not an action


def test_parts_are_str_int_or_a_last_tuple():
    with pytest.raises(TypeError, match=r"^Bad\.n: a part is str, int, or a last tuple of them$"):
        class Bad(core.Action, verb="bad"):
            n: float
    with pytest.raises(TypeError, match=r"^Early\.many: a part is str, int, or a last tuple"):
        class Early(core.Action, verb="early"):
            many: tuple[int, ...]
            last: str

    class Counted(core.Action, verb="count"):
        limit: typing.ClassVar[int] = 3
        n: int

    assert Counted._parts == (("n", int, False),) and Counted(2) == "count 2"

    class Again(Counted):                                # a subclass keeps the verb
        pass

    assert Again.verb == "count" and Again._parts == () and Again._interned == {}


def test_read_takes_the_words_after_the_verb():
    assert Move.read(["red0", "3"]) is Move("red0", 3)
    assert AsideAll.read(["1", "2"]) is AsideAll((1, 2)) and AsideAll.read([]) is AsideAll(())
    assert Pass.read([]) is Pass()
    words = ["red0", "3"]
    Move.read(words)
    assert words == ["red0", "3"]
    with pytest.raises(ValueError, match=r"^'move' needs its to$"):
        Move.read(["red0"])
    with pytest.raises(ValueError, match=r"^'move' needs its die$"):
        Move.read([])
    with pytest.raises(ValueError, match=r"^'move': to must be int$"):
        Move.read(["red0", "x"])
    with pytest.raises(ValueError, match=r"^'aside all': cards must be int$"):
        AsideAll.read(["1", "x"])
    with pytest.raises(ValueError, match=r"^'move' takes 2 part\(s\)$"):
        Move.read(["red0", "3", "4"])
    with pytest.raises(ValueError, match=r"^'pass' takes 0 part\(s\)$"):
        Pass.read(["x"])


def test_read_gives_each_single_part_one_word_only():
    class Give(core.Action, verb="give"):
        n: int
        to: str

    class Tag(core.Action, verb="tag"):
        n: int
        names: tuple[str, ...]

    assert Give.read(["2", "bob"]) is Give(2, "bob")
    assert Tag.read(["1", "a", "b"]) is Tag(1, ("a", "b")) and Tag.read(["1"]) is Tag(1, ())
    with pytest.raises(ValueError, match=r"^'give': n must be int$"):
        Give.read(["bob", "2"])


def test_parse_gives_back_a_typed_action_of_the_game_as_it_is():
    """Even where its text alone would read as another kind: Aside("all") is written
    "aside all", which as text is the longer verb's AsideAll(())."""
    assert Aside("all") == "aside all" and GRAMMAR.parse("aside all") is AsideAll(())
    assert GRAMMAR.parse(Aside("all")) is Aside("all")


def test_parse_reads_only_the_canonical_text():
    assert GRAMMAR.kinds == (Move, AsideAll, Aside, Pass)
    assert GRAMMAR.parse("move red0 3") is Move("red0", 3)
    assert GRAMMAR.parse(Move("red0", 3)) is Move("red0", 3)
    assert GRAMMAR.parse("aside all 1 2") is AsideAll((1, 2))   # the longest verb first
    assert GRAMMAR.parse("aside all") is AsideAll(())
    assert GRAMMAR.parse("aside x") is Aside("x")
    assert GRAMMAR.parse("pass") is Pass()
    with pytest.raises(ValueError, match=r"^not written as the game writes it: "
                                         r"'move red0 03', not 'move red0 3'$"):
        GRAMMAR.parse("move red0 03")
    with pytest.raises(ValueError, match=r"^no action of this game begins 'jump'$"):
        GRAMMAR.parse("jump red0 3")
    with pytest.raises(ValueError, match=r"^no action of this game begins ''$"):
        GRAMMAR.parse("")
    with pytest.raises(ValueError, match=r"^an action is a text, not 7$"):
        GRAMMAR.parse(7)
    with pytest.raises(ValueError, match=r"^'move' needs its to$"):
        GRAMMAR.parse("move red0")
    other = core.Actions(Aside)
    with pytest.raises(ValueError, match=r"^no action of this game begins 'move'$"):
        other.parse(Move("red0", 3))                     # a typed action of another game


def test_a_verb_of_three_words_is_read():
    class Long(core.Action, verb="a b c"):
        n: int

    class Short(core.Action, verb="a"):
        rest: tuple[str, ...]

    grammar = core.Actions(Short, Long)
    assert Long.__match_args__ == ("n",) and Short.__match_args__ == ("rest",)
    match grammar.parse("a b c 1"):
        case Long(n):
            assert n == 1
    assert grammar.parse("a b c 1") is Long(1)
    assert grammar.parse("a b") is Short(("b",))
    assert core.Actions(Short).parse("a b c 1") is Short(("b", "c", "1"))


def test_a_verb_of_any_length_reads_back_from_its_text():
    class Longest(core.Action, verb="a b c d e"):
        n: int

    class Shorter(core.Action, verb="a b c d"):
        rest: tuple[str, ...]

    grammar = core.Actions(Shorter, Longest)
    assert grammar.parse(str(Longest(7))) is Longest(7)
    assert grammar.parse("a b c d x") is Shorter(("x",))
    with pytest.raises(ValueError, match=r"^no action of this game begins 'a'$"):
        grammar.parse("a b c")


def test_a_grammar_of_no_kinds_reads_nothing():
    with pytest.raises(ValueError, match=r"^no action of this game begins 'move'$"):
        core.Actions().parse("move red0 r1c1")


def test_two_kinds_may_not_share_a_verb():
    class Other(core.Action, verb="move"):
        pass

    with pytest.raises(ValueError, match=r"^two action kinds share a verb$"):
        core.Actions(Move, Other)
    assert core.Actions(Move)._by_verb == {"move": Move}


def test_a_game_parses_with_its_grammar():
    game = Game(id="typed", title={"ja": "型", "en": "Typed"}, min_players=2, max_players=2,
                options={}, state_class=Toy, actions=GRAMMAR)
    assert game.parse("move red0 3") is Move("red0", 3)
    with pytest.raises(ValueError, match=r"^toy declares no action grammar$"):
        TOY.parse("move red0 3")


# ---- refusals ------------------------------------------------------------------------------

def test_a_refusal_is_its_text_with_key_params_and_rule():
    refusal = core.Refusal("covered", "red0 is covered", {"die": "red0"}, "GK-9")
    assert refusal == "red0 is covered" and refusal.text == "red0 is covered"
    assert type(refusal.text) is str
    assert (refusal.key, refusal.params, refusal.rule) == ("covered", {"die": "red0"}, "GK-9")
    assert repr(refusal) == "Refusal('covered', 'red0 is covered', {'die': 'red0'}, 'GK-9')"
    bare = core.Refusal("x", "no")
    assert bare.params == {} and bare.rule is None
    params = {"a": 1}
    assert core.Refusal("x", "no", params).params is not params


def test_refuse_fills_the_template_and_names_the_rule():
    assert core.refuse("k", "{die} is covered", "GK-9", die="red0") == "red0 is covered (GK-9)"
    plain = core.refuse("k", "{not a field}")
    assert plain == "{not a field}" and plain.rule is None and plain.params == {}
    ruled = core.refuse("k", "no", "CT-1")
    assert ruled == "no (CT-1)" and ruled.rule == "CT-1" and ruled.key == "k"
    filled = core.refuse("k", "{n} left", n=2)
    assert filled == "2 left" and filled.params == {"n": 2} and filled.rule is None


def test_an_illegal_action_carries_its_refusal():
    refusal = core.refuse("k", "no", "CT-1")
    err = IllegalAction(refusal)
    assert err.refusal is refusal and str(err) == "no (CT-1)"
    plain = IllegalAction("just words")
    assert plain.refusal == "just words" and plain.refusal.key == "not_allowed"
    assert str(plain) == "just words" and type(plain.refusal) is core.Refusal
    assert plain.refusal.params == {} and plain.refusal.rule is None


def test_the_refusals_of_apply_carry_keys_and_params():
    state = toy("add 1")
    with pytest.raises(IllegalAction) as out:
        state.apply("add 1", seat=0)
    assert out.value.refusal.key == "out_of_turn"
    assert out.value.refusal.params == {"turn": 1, "seat": 0}
    with pytest.raises(IllegalAction) as out:
        state.apply("add 3")
    assert out.value.refusal.key == "not_now"
    assert out.value.refusal.params == {"action": "add 3",
                                        "allowed": "add 1, add 2, think, peek, roll"}
    over = toy("add 2", "add 2", "add 2")
    with pytest.raises(IllegalAction) as out:
        over.apply("add 1", seat=0)
    assert out.value.refusal.key == "game_over"


def test_the_luck_copies_at_the_same_point_and_count():
    luck = core.Luck(5)
    luck.random()
    luck.getrandbits(8)
    twin = luck.copy()
    assert type(twin) is core.Luck and twin is not luck and twin.draws == 2
    assert [twin.random() for _ in range(3)] == [luck.random() for _ in range(3)]
    assert twin.draws == luck.draws == 5


def test_apply_keeps_the_typed_value_of_the_legal_list():
    class Typed(Toy):
        def legal_actions(self):
            return [Pass()] if not self.over else []

        def _apply(self, action):
            assert type(action) is Pass
            self.total = 6

    game = Game(id="typed", title={"ja": "型", "en": "Typed"}, min_players=2, max_players=2,
                options={"step": ((1,), 1)}, state_class=Typed)
    state = game.new(2, seed=1)
    state.apply("pass")
    assert type(state.actions[0]) is Pass and state.actors == [0]
