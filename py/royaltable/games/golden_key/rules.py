"""黄金の鍵 (The Golden Key): a two-player dice duel by ふみのりんぐ (2022).

Dice are pawns. Each move carries a die to an orthogonally adjacent card and
adds 1 to it (6 becomes 1); two dice may stack on a battle card, and the player
whose die is covered flicks the top one away at the start of their turn. A
battle card's chips go to the owner of the top die when the dice on it add up
to its number. First to 4 chips wins (advanced board: 6; A2: 5).

Rule IDs (GK-n) refer to the team's specification (shared/rules/golden_key.md);
each rule is cited where the code carries it out.

Names. Seat 0 is red (赤の王国), seat 1 blue (青の帝国). Grid cells are
"r<row>c<col>", row 0 beside red's faction card, the last row beside blue's.
Dice are "red0", "red1", "blue0", "blue1". A die on a faction card sits on an
entry spot ("red:0".."red:2", facing column 0..2; a die placed at setup leaves
only through its own spot) or anywhere on it ("red": it entered from the
battlefield and leaves through any spot).

Action grammar (each verb a typed value declared in actions.py, e.g.
Move("red0", "r1c2"), whose text is one short string, the one records keep):

    place D S      setup (GK-6): put your die D on entry spot S of your own
                   faction card, e.g. "place red0 red:2"; the first player
                   places both dice, then the other player
    flick D X      step 1 (GK-8): flick die D, which lies on top of one of your
                   dice, to the card X next to its stack ("r1c2", or "red" /
                   "blue" for a faction card); it gains +1
    reroll         GK-14: re-roll the die just moved or flicked onto the
                   re-roll card (after a flick: compulsory, the only action)
    keep           GK-14: leave the die just moved onto the re-roll card as it is
    move D X       step 2 (GK-9): move your die D to X; it gains +1
    end            R1: stop after the first of the turn's two moves
    roll D         R2: instead of moving, re-roll your die D where it stands
    return D       R3: instead of moving, put your die D back on your own
                   faction card with +1
    pass           GK-12: nothing can move
    propose R      GK-26: the game is stuck (a position came up a third time,
                   or QUIET_TURNS turns went by without a chip): propose rescue
                   rule R ("R1", "R2", "R3") to the other player; the player
                   whose turn it is may propose first, then the other
    decline        GK-26: propose nothing
    accept         GK-26: agree to the rule proposed (it holds from now on)
    refuse         GK-26: do not agree

A turn never offers more than about 20 actions. Scoring (GK-11) and the win
(GK-19) follow each move by themselves; they are not actions. Everything is
public except, under C1, the face-down cards, which neither player knows.

The view (the same for both seats and onlookers) holds the cells in reading
order with their card ("3", "reroll", or None face down), chips and dice
(bottom first), each die's value and place, the chips won, the steps still
due this turn (flicks, a re-roll, a second move), an offer of rescue rules,
and "log": the events of the last turn and of this one so far (place, flick,
move, reroll, keep, roll, return, end, pass, reveal, score, steal, stuck,
propose, decline, accept, refuse), each with the die, from and to, for a
table to animate.
"""
from __future__ import annotations

import copy
import random

from ...core import DERIVED, HIDDEN, PUBLIC, Action, Luck, Refusal, State, refuse
from .actions import (Accept, Decline, End, Flick, Keep, Move, Pass, Place, Propose, Refuse,
                      Reroll, Return, Roll)

RED, BLUE = 0, 1
COLOURS = ("red", "blue")
DICE = ("red0", "red1", "blue0", "blue1")
DIE = {name: index for index, name in enumerate(DICE)}
COLS = 3
REROLL = 0                      # the card "number" of the re-roll card
FACTION = (-1, -2)              # the locations of red's and blue's faction cards
FACTION_OF = {"red": -1, "blue": -2}
REROLL_CAPACITY = 4             # GK-14
STACK_CAPACITY = 2              # GK-13
# The entry spots of each faction card, as actions and views name them (GK-4, GK-6).
SPOTS = {colour: tuple("%s:%d" % (colour, s) for s in range(COLS)) for colour in COLOURS}

BOARDS = ("basic", "advanced")
ARRANGED = ("A1", "A2", "C1", "C2", "C3", "C4")
RESCUE = ("R1", "R2", "R3")
RESCUE_RULE_ID = {"R1": "GK-27", "R2": "GK-28", "R3": "GK-29"}

# [ruling] The seed has no end for a game where nobody can reach the target
# (a deadlock that the rescue rules did not break): after this many turns the
# game ends, the player with more chips wins, and equal chips share the win.
TURN_LIMIT = 200
# [ruling] The seed offers the rescue rules when both players are stuck
# ("手が詰まってしまった場合（千日手など）"). Dice change value at every move, so a
# deadlock seldom repeats a position exactly: the rules are also offered after
# this many turns in a row without a chip won (and again after as many more).
QUIET_TURNS = 30

PLACE, OFFER, ANSWER, FLICK, REROLL_STEP, MOVE, OVER = (
    "place", "offer", "answer", "flick", "reroll", "move", "over")


def owner(die: int) -> int:
    return die // 2


def card_id(number: int) -> str:
    return "reroll" if number == REROLL else str(number)


def card_number(cid: str) -> int:
    return REROLL if cid == "reroll" else int(cid)


def deck(board: str, arranged) -> list[int]:
    """Every card the variant lays out or leaves out: battle cards, and the
    re-roll card when there is one (GK-2, GK-3, GK-20, GK-23)."""
    cards = list(range(1, 10 if board == "basic" else 13))
    if (board == "basic" and "A1" not in arranged) or "C2" in arranged:
        cards.append(REROLL)
    return cards


def chips_for(number: int, arranged) -> int:
    """GK-2: one chip per battle card; GK-21 (A2): two on 7-9."""
    if number == REROLL:
        return 0
    return 2 if "A2" in arranged and number >= 7 else 1


def target(board: str, arranged) -> int:
    """GK-19 / GK-21: chips needed to win."""
    if board == "advanced":
        return 6
    return 5 if "A2" in arranged else 4


def check_rules(board: str, arranged, rescue) -> None:
    """Refuses combinations of rules that contradict each other."""
    if board not in BOARDS:
        raise ValueError(f"golden_key: board must be one of {', '.join(BOARDS)}, not {board!r}")
    for rule in arranged:
        if rule not in ARRANGED:
            raise ValueError(f"golden_key: unknown arranged rule {rule!r}")
    for rule in rescue:
        if rule not in RESCUE:
            raise ValueError(f"golden_key: unknown rescue rule {rule!r}")
    if board == "advanced" and ({"A1", "A2"} & set(arranged)):
        raise ValueError("golden_key: the arranged rules A1 and A2 are for the basic board only (GK-20, GK-21)")


class Geometry:
    """Cells, their neighbours and the faction rows of one board (GK-4, GK-5)."""

    def __init__(self, rows: int):
        self.rows = rows
        self.cells = rows * COLS
        self.names = ["r%dc%d" % (i // COLS, i % COLS) for i in range(self.cells)]
        self.index = {name: i for i, name in enumerate(self.names)}
        last = rows - 1
        self.neighbours = []          # GK-5: orthogonal, no wrapping
        for i in range(self.cells):
            r, c = divmod(i, COLS)
            near = [(r + dr) * COLS + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                    if 0 <= r + dr < rows and 0 <= c + dc < COLS]
            self.neighbours.append(near)
        # GK-4: red's faction card faces row 0, blue's the last row.
        self.faction_beside = [FACTION[RED] if i // COLS == 0 else
                               FACTION[BLUE] if i // COLS == last else None
                               for i in range(self.cells)]
        self.row_of_faction = {FACTION[RED]: [c for c in range(COLS)],
                               FACTION[BLUE]: [last * COLS + c for c in range(COLS)]}

    def place_name(self, loc: int) -> str:
        return self.names[loc] if loc >= 0 else COLOURS[-1 - loc]

    def parse(self, name: str) -> int | None:
        if name in FACTION_OF:
            return FACTION_OF[name]
        return self.index.get(name)


GEOMETRY = {3: Geometry(3), 4: Geometry(4)}


class GoldenKeyState(State):
    # Every field this state adds, once, with what it is. Everything is public but
    # the face-down cards of C1: `card` and `chips_on` are in every view where
    # `up` says the card lies face up, and no view shows them where it lies face
    # down (sample_state deals those afresh). clone() below copies each by hand
    # (the search clones a state for every play-out).
    FIELDS = {
        "board": PUBLIC, "arranged": PUBLIC, "rescue": PUBLIC, "target": PUBLIC,
        "geo": DERIVED,                                  # the board's cells, from "board"
        "card": HIDDEN, "chips_on": HIDDEN, "up": PUBLIC, "stack": PUBLIC,
        "first": PUBLIC, "value": PUBLIC, "loc": PUBLIC, "spot": PUBLIC, "arrived": PUBLIC,
        "chips": PUBLIC, "c4_used": PUBLIC, "turn": PUBLIC, "mover": PUBLIC, "to_act": PUBLIC,
        "phase": PUBLIC, "flicks": PUBLIC, "flicked_own": PUBLIC, "reroll_die": PUBLIC,
        "reroll_forced": PUBLIC, "moves_done": PUBLIC, "offer": PUBLIC, "seen": PUBLIC,
        "repeats": PUBLIC, "quiet": PUBLIC, "log": PUBLIC, "winners": PUBLIC,
        "ended_by_limit": PUBLIC,
    }

    def __init__(self, game, players, seed, options, *, blank=False):
        super().__init__(game, players, seed, options)
        board, arranged, rescue = rules_from_options(options)
        check_rules(board, arranged, rescue)
        self.board = board
        self.arranged = frozenset(arranged)
        self.rescue = set(rescue)                 # rescue rules in force (GK-26..29)
        self.geo = GEOMETRY[3 if board == "basic" else 4]
        self.target = target(board, arranged)
        if blank:                                 # sample_state fills in the rest
            return
        n = self.geo.cells
        # GK-2/GK-3/GK-20/GK-23: lay out the cards.
        cards = deck(board, self.arranged)
        if REROLL in cards and "C2" not in self.arranged:
            cards.remove(REROLL)
            self.rng.shuffle(cards)
            centre = n // 2
            layout = cards[:n - 1]
            layout.insert(centre, REROLL)         # GK-2: the re-roll card in the centre
        else:
            battle = [c for c in cards if c != REROLL]
            self.rng.shuffle(battle)
            if REROLL in cards:                   # GK-23 (C2): one more card among them
                layout = battle[:n - 1] + [REROLL]
                self.rng.shuffle(layout)
            else:
                layout = battle[:n]
        self.card = layout
        self.chips_on = [chips_for(c, self.arranged) for c in layout]
        # GK-22 (C1): battle cards lie face down; the re-roll card too when shuffled in (C2).
        self.up = [not ("C1" in self.arranged and (c != REROLL or "C2" in self.arranged))
                   for c in layout]
        self.stack = [[] for _ in range(n)]
        self.first = self.rng.randrange(2)        # GK-7
        self.value = [self.rng.randint(1, 6) for _ in DICE]   # GK-6: both roll both dice
        self.loc = [None] * 4
        self.spot = [None] * 4
        self.arrived = [-1] * 4
        self.chips = [0, 0]
        self.c4_used = [False, False]
        self.turn = 0
        self.mover = self.first
        self.to_act = self.first                  # GK-6: the first player places first
        self.phase = PLACE
        self.flicks: list[int] = []
        self.flicked_own: list[int] = []
        self.reroll_die: int | None = None
        self.reroll_forced = False
        self.moves_done = 0
        self.offer: dict | None = None
        self.seen: dict[str, int] = {}
        self.repeats = 0
        self.quiet = 0                            # turns since a chip was won or rules offered
        self.log: list[dict] = []
        self.winners: list[int] | None = None
        self.ended_by_limit = False

    # ---- the contract -------------------------------------------------------
    @property
    def current(self):
        return None if self.phase == OVER else self.to_act

    def clone(self, rng: random.Random | None = None) -> "GoldenKeyState":
        other = copy.copy(self)
        if rng is None:
            rng = Luck.__new__(Luck)              # no fresh seeding: the state is copied in
            rng.setstate(self.rng.getstate())
        other.rng = rng
        other.actions = list(self.actions)
        other.actors = list(self.actors)
        other.rescue = set(self.rescue)
        other.card = list(self.card)
        other.chips_on = list(self.chips_on)
        other.up = list(self.up)
        other.stack = [list(s) for s in self.stack]
        other.value = list(self.value)
        other.loc = list(self.loc)
        other.spot = list(self.spot)
        other.arrived = list(self.arrived)
        other.chips = list(self.chips)
        other.c4_used = list(self.c4_used)
        other.flicks = list(self.flicks)
        other.flicked_own = list(self.flicked_own)
        other.offer = None if self.offer is None else dict(self.offer, asked=list(self.offer["asked"]))
        other.seen = dict(self.seen)
        other.log = [dict(e) for e in self.log]    # events are dicts: none shared
        other.winners = None if self.winners is None else list(self.winners)
        return other

    # ---- where dice may go ----------------------------------------------------
    def covered(self, die: int) -> bool:
        """GK-9: a die with another die on top of it."""
        loc = self.loc[die]
        if loc is None or loc < 0:
            return False
        s = self.stack[loc]
        return len(s) == 2 and s[0] == die and self.card[loc] != REROLL

    def top_of(self, die: int) -> int | None:
        loc = self.loc[die]
        if self.covered(die):
            return self.stack[loc][1]
        return None

    def room(self, dest: int) -> bool:
        """GK-13/GK-14/GK-15: may a die arrive at `dest`? (A face-down card is
        always empty, so this never depends on what it hides.)"""
        if dest < 0:
            return "C3" not in self.arranged           # GK-24 (C3)
        if self.card[dest] == REROLL and self.up[dest]:
            return len(self.stack[dest]) < REROLL_CAPACITY   # GK-14
        return len(self.stack[dest]) < STACK_CAPACITY        # GK-13

    def next_to(self, loc: int) -> list[int]:
        """GK-5/GK-15: the cards next to a battlefield card, faction card included."""
        near = self.geo.neighbours[loc]
        beside = self.geo.faction_beside[loc]
        return near + [beside] if beside is not None else near

    def flick_targets(self, die: int) -> list[int]:
        """GK-8/GK-18: a flicked die goes next to its stack, by the limits of a move."""
        return [d for d in self.next_to(self.loc[die]) if self.room(d)]

    def move_targets(self, die: int) -> list[int]:
        """GK-9, GK-13..GK-17: where `die` may move now."""
        if self.covered(die):
            return []                                          # GK-9
        loc = self.loc[die]
        if loc < 0:
            if self.arrived[die] == self.turn:
                return []                                      # GK-16: on a later turn
            row = self.geo.row_of_faction[loc]
            spot = self.spot[die]
            exits = row if spot is None else [row[spot]]       # GK-16
        else:
            exits = self.next_to(loc)
        me = owner(die)
        out = []
        for dest in exits:
            if not self.room(dest):
                continue
            if dest >= 0 and self.flicked_own and len(self.stack[dest]) == 1 \
                    and self.card[dest] != REROLL:
                under = self.stack[dest][0]
                if under in self.flicked_own:
                    continue                                   # GK-17: not on the flicked die
                if die in self.flicked_own and owner(under) == me:
                    continue                                   # GK-17 (Q&A)
            out.append(dest)
        return out

    def double_move(self) -> bool:
        """GK-27 (R1): only battle cards numbered 7 or more still carry chips.
        [ruling] Judged on what both players see: a face-down card counts as low."""
        if "R1" not in self.rescue:
            return False
        return all(chips == 0 or (self.up[i] and self.card[i] >= 7)
                   for i, chips in enumerate(self.chips_on))

    # ---- legal actions ----------------------------------------------------------
    def legal_actions(self) -> list[str]:
        phase = self.phase
        p = self.to_act
        names = self.geo.names
        if phase == MOVE:
            actions = []
            for die in (2 * self.mover, 2 * self.mover + 1):
                for dest in self.move_targets(die):
                    actions.append(Move(DICE[die], names[dest] if dest >= 0 else COLOURS[-1 - dest]))
            if self.moves_done:
                actions.append(End())                          # GK-27: the second move may wait
                return actions
            free = [d for d in (2 * p, 2 * p + 1) if not self.covered(d)]
            if "R2" in self.rescue:
                actions += [Roll(DICE[d]) for d in free]        # GK-28
            if "R3" in self.rescue:
                home = FACTION[p]
                actions += [Return(DICE[d]) for d in free if self.loc[d] != home]  # GK-29
            return actions or [Pass()]                          # GK-12
        if phase == FLICK:
            actions = []
            for die in self.flicks:
                for dest in self.flick_targets(die):
                    actions.append(Flick(DICE[die], names[dest] if dest >= 0 else COLOURS[-1 - dest]))
            return actions
        if phase == REROLL_STEP:
            return [Reroll()] if self.reroll_forced else [Reroll(), Keep()]   # GK-14
        if phase == PLACE:
            colour = COLOURS[p]
            taken = {self.spot[d] for d in (2 * p, 2 * p + 1) if self.loc[d] is not None}
            die = next(d for d in (2 * p, 2 * p + 1) if self.loc[d] is None)
            return [Place(DICE[die], SPOTS[colour][s]) for s in range(COLS) if s not in taken]
        if phase == OFFER:
            return [Propose(r) for r in RESCUE if r not in self.rescue] + [Decline()]
        if phase == ANSWER:
            return [Accept(), Refuse()]
        return []

    # ---- applying -------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        match action:
            case Move(name, to):
                die = DIE[name]
                event = self._log("move", die=die, frm=self.loc[die], to=to)
                self._leave(die)
                self._bump(die)                                 # GK-9/GK-10
                event["value"] = self.value[die]
                self.moves_done += 1
                self._arrive(die, self.geo.parse(to))
                if self.phase == OVER:
                    return
                loc = self.loc[die]
                if loc >= 0 and self.card[loc] == REROLL:       # GK-14: may re-roll
                    self.phase = REROLL_STEP
                    self.reroll_die = die
                    self.reroll_forced = False
                else:
                    self._after_move()
            case Flick(name, to):
                die = DIE[name]
                self.flicks.remove(die)
                if owner(die) == self.mover:
                    self.flicked_own.append(die)                # GK-17
                event = self._log("flick", die=die, frm=self.loc[die], to=to)
                self._leave(die)
                self._bump(die)                                 # GK-8/GK-10
                event["value"] = self.value[die]
                self._arrive(die, self.geo.parse(to))
                if self.phase == OVER:
                    return
                loc = self.loc[die]
                if loc >= 0 and self.card[loc] == REROLL:       # GK-14: must re-roll
                    self.phase = REROLL_STEP
                    self.reroll_die = die
                    self.reroll_forced = True
                else:
                    self._continue_flicks()
            case Reroll():
                die = self.reroll_die
                self.value[die] = self.rng.randint(1, 6)        # GK-14
                self._log("reroll", die=die, value=self.value[die])
                self.reroll_die = None
                if self.reroll_forced:
                    self._continue_flicks()
                else:
                    self._after_move()
            case Keep():
                self._log("keep", die=self.reroll_die)
                self.reroll_die = None
                self._after_move()
            case End():
                self._log("end")
                self._end_turn()
            case Roll(name):                                    # GK-28 (R2)
                die = DIE[name]
                self.value[die] = self.rng.randint(1, 6)
                self._log("roll", die=die, value=self.value[die])
                self._end_turn()
            case Return(name):                                  # GK-29 (R3)
                die = DIE[name]
                event = self._log("return", die=die, frm=self.loc[die])
                self._leave(die)
                self._bump(die)
                event["value"] = self.value[die]
                self._home(die)
                self._end_turn()
            case Pass():                                        # GK-12
                self._log("pass")
                self._end_turn()
            case Place(name, spot):                             # GK-6
                die = DIE[name]
                p = owner(die)
                self.loc[die] = FACTION[p]
                self.spot[die] = SPOTS[COLOURS[p]].index(spot)
                self._log("place", die=die, to=spot)
                if all(self.loc[d] is not None for d in (2 * p, 2 * p + 1)):
                    other = 1 - p
                    if self.loc[2 * other] is None:
                        self.to_act = other
                    else:
                        self.to_act = self.mover = 1 - self.first   # _next_turn flips it back
                        self._next_turn()
            case Propose(rule):                                 # GK-26
                self.offer["rule"] = rule
                self.offer["by"] = self.to_act
                self._log("propose", rule=rule)
                self.phase = ANSWER
                self.to_act = 1 - self.to_act
            case Accept():
                rule = self.offer["rule"]
                self.rescue.add(rule)
                self._log("accept", rule=rule)
                self.seen = {self.position_key(): 1}            # a new rule: counting starts again
                self.repeats = 1
                self._close_offer()
            case Refuse() | Decline():
                refused = isinstance(action, Refuse)
                asked = self.offer["asked"]
                who = self.offer["by"] if refused else self.to_act
                self._log(action.verb, rule=self.offer["rule"] if refused else None)
                asked.append(who)
                self.offer["rule"] = None
                other = 1 - who
                if other in asked:
                    self._close_offer()
                else:                                           # GK-26: both players are offered
                    self.phase = OFFER
                    self.to_act = other
                    self.offer["by"] = other

    def _bump(self, die: int) -> None:
        self.value[die] = self.value[die] % 6 + 1               # GK-10: 6 becomes 1

    def _leave(self, die: int) -> None:
        loc = self.loc[die]
        if loc >= 0:
            self.stack[loc].remove(die)

    def _home(self, die: int) -> None:
        self.loc[die] = FACTION[owner(die)]
        self.spot[die] = None
        self.arrived[die] = self.turn

    def _arrive(self, die: int, dest: int) -> None:
        if dest < 0:                                            # GK-15: onto a faction card
            self.loc[die] = dest
            self.spot[die] = None
            self.arrived[die] = self.turn
            mine = owner(die)
            theirs = 1 - mine
            # GK-25 (C4): once per game, taking a chip and going home.
            if dest == FACTION[theirs] and "C4" in self.arranged and not self.c4_used[mine] \
                    and self.chips[theirs] > 0:
                self.c4_used[mine] = True
                self.chips[theirs] -= 1
                self.chips[mine] += 1
                self._home(die)
                self._log("steal", seat=mine, die=die)
                self.seen = {}
                self.quiet = 0
                self._check_win()
            return
        self.stack[dest].append(die)                            # GK-13: on top of any die there
        self.loc[die] = dest
        self.spot[die] = None
        if not self.up[dest]:                                   # GK-22 (C1): turned up
            self.up[dest] = True
            self.seal()
            self.seen = {}
            self._log("reveal", cell=dest, card=card_id(self.card[dest]))

    def _continue_flicks(self) -> None:
        """GK-8/GK-18: flick the tops still waiting; a top with nowhere to go stays."""
        if any(self.flick_targets(die) for die in self.flicks):
            self.phase = FLICK
        else:
            self.flicks = []
            self.phase = MOVE

    def _after_move(self) -> None:
        self._score()                                           # GK-11
        if self.phase == OVER:
            return
        if self.moves_done == 1 and self.double_move():        # GK-27 (R1): a second move
            self.phase = MOVE
            if any(self.move_targets(d) for d in (2 * self.mover, 2 * self.mover + 1)):
                return
        self._next_turn()

    def _end_turn(self) -> None:
        self._score()                                           # GK-11
        if self.phase != OVER:
            self._next_turn()

    def _score(self) -> None:
        """GK-11: every battle card whose dice add up to its number gives its
        chips to the owner of the top die."""
        won = False
        for i, s in enumerate(self.stack):
            if s and self.chips_on[i] and self.card[i] != REROLL:
                total = self.value[s[0]] + (self.value[s[1]] if len(s) > 1 else 0)
                if total == self.card[i]:
                    seat = owner(s[-1])
                    self.chips[seat] += self.chips_on[i]
                    self._log("score", seat=seat, cell=i, card=card_id(self.card[i]),
                              chips=self.chips_on[i])
                    self.chips_on[i] = 0
                    won = True
        if won:
            self.seen = {}
            self.quiet = 0
            self._check_win()

    def _check_win(self) -> None:
        """GK-19: the first to the target wins, as soon as the chip is won.
        [ruling] If one check brings both players there, the player whose turn
        it is wins."""
        for seat in (self.mover, 1 - self.mover):
            if self.chips[seat] >= self.target:
                self._finish([seat])
                return

    def _finish(self, winners: list[int]) -> None:
        self.phase = OVER
        self.winners = winners
        self.to_act = None

    def _next_turn(self) -> None:
        self.mover = 1 - self.mover                             # GK-12
        self.to_act = self.mover
        self.turn += 1
        self.flicks = []
        self.flicked_own = []
        self.moves_done = 0
        self.reroll_die = None
        # The public log holds this turn's events and the last turn's.
        self.log = [e for e in self.log if e["turn"] >= self.turn - 1]
        if self.turn > TURN_LIMIT:                              # [ruling] see TURN_LIMIT
            self.ended_by_limit = True
            top = max(self.chips)
            self._finish([s for s in (RED, BLUE) if self.chips[s] == top])
            return
        key = self.position_key()
        self.repeats = self.seen.get(key, 0) + 1
        self.seen[key] = self.repeats
        self.quiet += 1
        # GK-26: when a position comes up the third time (or the game is stuck,
        # see QUIET_TURNS), both players are offered the rescue rules.
        if (self.repeats == 3 or self.quiet > QUIET_TURNS) and len(self.rescue) < len(RESCUE):
            self.offer = {"rule": None, "by": self.mover, "asked": [],
                          "why": "repeat" if self.repeats == 3 else "quiet"}
            self.quiet = 0
            self.phase = OFFER
            self._log("stuck", why=self.offer["why"])
            return
        self._start_flicks()

    def _close_offer(self) -> None:
        self.offer = None
        self.to_act = self.mover
        self._start_flicks()

    def _start_flicks(self) -> None:
        """GK-8: the dice on top of yours at the start of the turn are flicked,
        each once, in the order you choose. [ruling] A die that lands on one of
        your dice during this step stays there until your next turn."""
        me = self.mover
        self.flicks = [t for t in (self.top_of(2 * me), self.top_of(2 * me + 1)) if t is not None]
        self._continue_flicks()

    def position_key(self) -> str:
        """What makes two turn starts the same position (GK-26): the seat to move
        and the dice; dice of one colour are alike. Chips won, cards turned up
        and rules agreed never come back, so `seen` starts afresh after them."""
        codes = []
        for die in range(4):
            loc, spot = self.loc[die], self.spot[die]
            place = chr(97 + loc) if loc >= 0 else "RB"[-1 - loc]
            level = self.stack[loc].index(die) if loc >= 0 else 0
            codes.append("%s%d%d%s" % (place, level, self.value[die], "-" if spot is None else spot))
        return "%d%s/%s" % (self.mover, "".join(sorted(codes[:2])), "".join(sorted(codes[2:])))

    def _log(self, kind: str, **data) -> dict:
        event = {"turn": self.turn, "seat": self.to_act, "do": kind}
        for key, val in data.items():
            if key == "die":
                val = None if val is None else DICE[val]
            elif key in ("frm", "cell"):
                val = None if val is None else self._place_name(val, data.get("die"))
            event["from" if key == "frm" else key] = val
        self.log.append(event)
        return event

    def _place_name(self, loc: int, die: int | None = None) -> str:
        if loc >= 0:
            return self.geo.names[loc]
        colour = COLOURS[-1 - loc]
        if die is not None and self.spot[die] is not None:
            return "%s:%d" % (colour, self.spot[die])
        return colour

    # ---- explaining refusals -----------------------------------------------------------
    # Each refusal is a Refusal (core.refuse): its English text, a key that the
    # table words in both languages, and parameters. A die is given by its name
    # ("die": "red0") with its value beside it ("die_value": 3), a place by its
    # name ("to": "r1c2" or "red") with the card a player sees there beside it
    # ("to_card": "5", "reroll", or None face down or for a faction card), a seat
    # by its number ("turn", "seat"), a rescue rule as "rescue".
    def _die_param(self, key: str, die: int) -> dict:
        return {key: DICE[die], key + "_value": self.value[die]}

    def _place_param(self, key: str, loc: int) -> dict:
        if loc < 0:
            return {key: COLOURS[-1 - loc], key + "_card": None}
        return {key: self.geo.names[loc], key + "_card": card_id(self.card[loc]) if self.up[loc] else None}

    def why_out_of_turn(self, seat, action) -> Refusal:
        who = {"colour": COLOURS[self.to_act], "turn": self.to_act, "seat": seat}
        if self.phase == ANSWER:
            return refuse("answering", "{colour} is answering the proposal of rescue rule {rescue}", "GK-26",
                          rescue=self.offer["rule"], **who)
        if self.phase == OFFER:
            return refuse("proposing", "{colour} may propose a rescue rule now", "GK-26", **who)
        return refuse("out_of_turn", "it is {colour}'s turn, not {other}'s", "GK-12", other=COLOURS[seat], **who)

    def why_illegal(self, action) -> Refusal:
        if not isinstance(action, str):
            return refuse("not_text", "an action is a short text such as 'move red0 r1c2'")
        if self.phase == OVER:
            return refuse("game_over", "the game is over")
        # The text refused may be no action at all (a verb alone, a word too many):
        # it is read word by word, so that the reason names what is missing.
        parts = action.split()
        verb = parts[0] if parts else ""
        phase = self.phase
        if phase == PLACE:
            if verb != "place":
                return refuse("place_first", "first place your two rolled dice on your faction card's entry spots",
                              "GK-6")
            return self._why_not_place(parts)
        if phase in (OFFER, ANSWER):
            if phase == OFFER and verb == "propose" and len(parts) == 2 and parts[1] in self.rescue:
                return refuse("rule_in_force", "rescue rule {rescue} is already in force", "GK-26", rescue=parts[1])
            if phase == OFFER:
                return refuse("offer_pending",
                              "this position has come up a third time: propose a rescue rule or decline", "GK-26")
            return refuse("answer_pending", "accept or refuse rescue rule {rescue}", "GK-26",
                          rescue=self.offer["rule"])
        if phase == REROLL_STEP:
            die = self._die_param("die", self.reroll_die)
            if self.reroll_forced:
                return refuse("reroll_forced", "{die} was flicked onto the re-roll card: you must re-roll it first",
                              "GK-14", **die)
            return refuse("reroll_pending", "{die} is on the re-roll card: re-roll it or keep it first", "GK-14", **die)
        if phase == FLICK:
            tops = ", ".join(DICE[d] for d in self.flicks)
            if verb != "flick":
                return refuse("flick_first", "first flick the die on top of your die ({tops}) to a card next to it",
                              "GK-8", tops=tops)
            return self._why_not_go(parts, flick=True)
        # MOVE
        if verb == "flick":
            return refuse("nothing_to_flick", "there is nothing to flick: only a die on top of one of yours is "
                          "flicked, at the start of your turn", "GK-8")
        if verb in ("reroll", "keep"):
            return refuse("no_reroll", "no die is waiting on the re-roll card", "GK-14")
        if verb == "end":
            return refuse("end_not_allowed", "'end' stops after the first of two moves, which only R1 allows", "GK-27")
        if verb in ("roll", "return"):
            rule = "R2" if verb == "roll" else "R3"
            if rule not in self.rescue:
                return refuse("rescue_not_in_force", "rescue rule {rescue} is not in force", RESCUE_RULE_ID[rule],
                              rescue=rule)
            if self.moves_done:
                return refuse("rescue_not_second", "{rescue} replaces the turn's move, not a second move",
                              RESCUE_RULE_ID[rule], rescue=rule)
            if len(parts) != 2 or parts[1] not in DIE or owner(DIE[parts[1]]) != self.mover:
                return refuse("own_die", "name one of your own dice")
            die = DIE[parts[1]]
            if self.covered(die):
                return refuse("rescue_covered", "{die} has a die on top of it", "GK-9", **self._die_param("die", die))
            return refuse("already_home", "{die} is already on your faction card", "GK-29",
                          **self._die_param("die", die))
        if verb == "pass":
            return refuse("no_pass", "you can move a die: passing is only for a player with no legal move", "GK-12")
        if verb == "move":
            return self._why_not_go(parts, flick=False)
        return super().why_illegal(action)

    def _why_not_place(self, parts) -> Refusal:
        p = self.to_act
        colour = COLOURS[p]
        if len(parts) != 3 or parts[1] not in DIE:
            return refuse("place_how", "place a die like 'place {colour}0 {colour}:1'", "GK-6", colour=colour)
        die = DIE[parts[1]]
        if owner(die) != p:
            return refuse("place_own", "place your own dice ({colour}0, {colour}1)", "GK-6", colour=colour)
        if self.loc[die] is not None:
            return refuse("already_placed", "{die} is already placed", "GK-6", **self._die_param("die", die))
        spot = parts[2]
        if not spot.startswith(colour + ":"):
            return refuse("place_own_card", "your dice start on the entry spots of your own faction card "
                          "({colour}:0..2)", "GK-6", colour=colour)
        if spot[len(colour) + 1:] not in ("0", "1", "2"):
            return refuse("no_such_spot", "a faction card has three entry spots, 0 to 2", "GK-4")
        if int(spot[-1]) in [self.spot[d] for d in (2 * p, 2 * p + 1) if self.loc[d] is not None]:
            return refuse("spot_taken", "{spot} is taken: each die on its own entry spot", "GK-6", spot=spot)
        return refuse("place_order", "place {colour}0 first, then {colour}1", colour=colour,
                      **self._die_param("die", 2 * p))

    def _why_not_go(self, parts, flick: bool) -> Refusal:
        verb = "flick" if flick else "move"
        if len(parts) != 3 or parts[1] not in DIE:
            return refuse("go_how", "name a die and where it goes, e.g. '{verb} {colour}0 r1c1'",
                          verb=verb, colour=COLOURS[self.mover])
        name, dest_name = parts[1], parts[2]
        die = DIE[name]
        me = self.mover
        named = self._die_param("die", die)
        if flick:
            if die not in self.flicks:
                tops = ", ".join(DICE[d] for d in self.flicks)
                return refuse("flick_only_tops", "only the die on top of one of your dice is flicked now ({tops})",
                              "GK-8", tops=tops)
        else:
            if owner(die) != me:
                return refuse("not_your_die", "{die} is not your die: move one of your own", "GK-9", **named)
            if self.covered(die):
                return refuse("covered", "{die} has {top} on top of it: a covered die cannot move", "GK-9",
                              **named, **self._die_param("top", self.stack[self.loc[die]][1]))
        dest = self.geo.parse(dest_name)
        if dest is None:
            return refuse("no_such_card", "there is no card {name!r}: cells are r0c0..r{last}c2, "
                          "faction cards red and blue", name=dest_name, last=self.geo.rows - 1)
        loc = self.loc[die]
        if loc < 0:
            if flick:
                return refuse("faction_never_covered", "a die on a faction card is never covered", "GK-15")
            if dest not in self.geo.row_of_faction[loc]:
                return refuse("faction_row", "a die on the {at} faction card goes to the row it faces",
                              "GK-4, GK-16", **self._place_param("at", loc), **named)
            if self.arrived[die] == self.turn:
                return refuse("fresh", "{die} reached the faction card this turn: it leaves on a later turn",
                              "GK-16", **named)
            if self.spot[die] is not None and dest != self.geo.row_of_faction[loc][self.spot[die]]:
                return refuse("own_spot", "{die} was placed at setup on spot {spot}: it leaves through that spot",
                              "GK-16", spot=self.spot[die], **named)
        else:
            if dest < 0:
                if self.geo.faction_beside[loc] != dest:
                    return refuse("faction_far", "only a die on the row next to the {to} faction card can go onto it",
                                  "GK-15", **self._place_param("to", dest))
                if "C3" in self.arranged:
                    return refuse("c3_closed", "no die may enter a faction card in this game", "C3, GK-24")
            elif dest not in self.geo.neighbours[loc]:
                return self._why_not_adjacent(loc, dest)
        if dest >= 0 and not self.room(dest):
            if self.card[dest] == REROLL and self.up[dest]:
                return refuse("reroll_full", "the re-roll card {to} already holds four dice", "GK-14",
                              **self._place_param("to", dest))
            return refuse("card_full", "{to} already holds two dice: a full card cannot be entered", "GK-13",
                          **self._place_param("to", dest))
        if not flick and dest >= 0 and len(self.stack[dest]) == 1:
            under = self.stack[dest][0]
            if under in self.flicked_own:
                return refuse("on_flicked", "you flicked your own {under} this turn: no die may go on top of it",
                              "GK-17", **self._die_param("under", under))
            if die in self.flicked_own and owner(under) == me:
                return refuse("flicked_on_own", "you flicked {die} this turn: it may not go on top of your own die",
                              "GK-17", **named)
        return refuse("go_not_now", "{verb} {die} {to} is not allowed now", verb=verb, **named,
                      **self._place_param("to", dest))

    def _why_not_adjacent(self, loc: int, dest: int) -> Refusal:
        r, c = divmod(loc, COLS)
        r2, c2 = divmod(dest, COLS)
        places = {**self._place_param("at", loc), **self._place_param("to", dest)}
        if dest == loc:
            return refuse("must_leave", "a die must leave {at}: it moves to another card", "GK-9", **places)
        if abs(r - r2) == 1 and abs(c - c2) == 1:
            return refuse("diagonal", "{at} to {to} is diagonal: dice move up, down, left or right only", "GK-5",
                          **places)
        if (r == r2 and abs(c - c2) == COLS - 1) or (c == c2 and abs(r - r2) == self.geo.rows - 1):
            return refuse("no_wrap", "{at} to {to} would cross the edge of the grid: no wrapping round", "GK-5",
                          **places)
        return refuse("not_next", "{to} is not next to {at}: a die moves one card at a time", "GK-5", **places)

    # ---- what everyone sees -------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        names = self.geo.names
        cells = []
        for i in range(self.geo.cells):
            up = self.up[i]
            cells.append({"cell": names[i], "card": card_id(self.card[i]) if up else None,
                          "chips": self.chips_on[i] if up else None,   # GK-22: unknown face down
                          "dice": [DICE[d] for d in self.stack[i]]})
        dice = {}
        for d in range(4):
            loc = self.loc[d]
            dice[DICE[d]] = {
                "owner": owner(d), "value": self.value[d],
                "at": None if loc is None else self._place_name(loc, d),
                "level": (self.stack[loc].index(d) if loc is not None and loc >= 0
                          and self.card[loc] != REROLL else 0),     # GK-14: never stacked
                "covered": self.covered(d),
                "fresh": loc is not None and loc < 0 and self.arrived[d] == self.turn,
            }
        offer = None
        if self.offer is not None:
            offer = {"rule": self.offer["rule"], "by": self.offer["by"],
                     "asked": list(self.offer["asked"]), "why": self.offer["why"]}
        return {
            "game": "golden_key", "players": 2, "seat": seat, "current": self.current,
            "phase": self.phase, "colours": list(COLOURS),
            "options": public_options(self.options), "board": self.board, "rows": self.geo.rows, "cols": COLS,
            "arranged": sorted(self.arranged), "rescue": sorted(self.rescue),
            "target": self.target, "turn": self.turn, "turn_limit": TURN_LIMIT,
            "first": self.first, "mover": None if self.phase == OVER else self.mover,
            "cells": cells, "dice": dice, "chips": list(self.chips),
            "c4_used": list(self.c4_used),
            "flicks": [DICE[d] for d in self.flicks],
            "flicked_own": [DICE[d] for d in self.flicked_own],
            "reroll": None if self.reroll_die is None else
            {"die": DICE[self.reroll_die], "forced": self.reroll_forced},
            "moves_done": self.moves_done, "double_move": self.double_move(),
            "offer": offer, "repeats": self.repeats, "seen": dict(self.seen),
            "quiet": self.quiet, "quiet_turns": QUIET_TURNS,
            "log": [dict(e) for e in self.log],
            "winners": None if self.winners is None else list(self.winners),
            "ended_by_limit": self.ended_by_limit,
        }

    def result(self):
        if self.phase != OVER:
            return None
        return {"scores": list(self.chips), "winners": list(self.winners)}


# ---- options ---------------------------------------------------------------------------

# The new-game options. Every combination is valid (the conformance suite plays
# them all, so they are few): A1 and A2 change the basic board, so they are
# choices of "board"; C1 (the only hidden information) combines with anything;
# C2, C3 and C4 are one choice (C3 forbids the entries that C4 rewards). The
# rescue rules are agreed in play when the game is stuck (GK-26); "rescue" lets
# the players agree one of them, or all three, before the game (GK-27..GK-29
# hold from the first turn); the others are still offered when it is stuck.
BOARD_CHOICES = {"basic": ("basic", ()), "basic-A1": ("basic", ("A1",)),
                 "basic-A2": ("basic", ("A2",)), "advanced": ("advanced", ())}
OPTIONS = {
    "board": (tuple(BOARD_CHOICES), "basic"),            # GK-2, GK-3, GK-20, GK-21
    "face_down": (("off", "on"), "off"),                  # GK-22 (C1)
    "arranged": (("none", "C2", "C3", "C4"), "none"),     # GK-23..GK-25
    "rescue": (("none", "R1", "R2", "R3", "all"), "none"),  # GK-26..GK-29, agreed at setup
}
RESCUE_CHOICES = {"none": (), "R1": ("R1",), "R2": ("R2",), "R3": ("R3",), "all": RESCUE}


def public_options(options: dict) -> dict:
    """The options as a view shows them. No rescue rule agreed at setup (the
    default) is left out, so a position looks exactly as it did before that
    option existed (the digest of a save from then still matches)."""
    return {k: v for k, v in options.items() if not (k == "rescue" and v == "none")}


def rules_from_options(options: dict) -> tuple[str, list[str], list[str]]:
    """(board, arranged rules, rescue rules in force from the start)."""
    board, arranged = BOARD_CHOICES[options.get("board", "basic")]
    arranged = list(arranged)
    if options.get("face_down", "off") == "on":
        arranged.append("C1")
    if options.get("arranged", "none") != "none":
        arranged.append(options["arranged"])
    rescue = options.get("rescue", "none")                # a setup choice, or (tests) the rules
    rescue = RESCUE_CHOICES[rescue] if isinstance(rescue, str) else rescue
    return board, arranged, list(rescue)


def sample_state(view: dict, seed: int) -> GoldenKeyState:
    """A full state agreeing with `view`: the face-down cards (C1) dealt at
    random from the cards not yet seen, and fresh future rolls."""
    from . import GAME
    state = GoldenKeyState(GAME, 2, seed, GAME.resolve_options(view["options"]), blank=True)
    state.rng = Luck(seed)
    state.rescue = set(view["rescue"])
    geo = state.geo
    rng = random.Random(seed)
    seen = [card_number(c["card"]) for c in view["cells"] if c["card"] is not None]
    pool = [c for c in deck(state.board, state.arranged) if c not in seen]
    hidden = [i for i, c in enumerate(view["cells"]) if c["card"] is None]
    drawn = rng.sample(pool, len(hidden))
    state.card = [0] * geo.cells
    state.up = [True] * geo.cells
    state.chips_on = [0] * geo.cells
    state.stack = [[] for _ in range(geo.cells)]
    for i, cell in enumerate(view["cells"]):
        state.stack[i] = [DIE[d] for d in cell["dice"]]
        if cell["card"] is None:
            state.card[i] = drawn.pop()
            state.up[i] = False
            state.chips_on[i] = chips_for(state.card[i], state.arranged)
        else:
            state.card[i] = card_number(cell["card"])
            state.chips_on[i] = cell["chips"]
    state.first = view["first"]
    state.turn = view["turn"]
    state.value = [view["dice"][d]["value"] for d in DICE]
    state.loc, state.spot, state.arrived = [None] * 4, [None] * 4, [-1] * 4
    for d, name in enumerate(DICE):
        at = view["dice"][name]["at"]
        if at is None:
            continue
        colour, _, spot = at.partition(":")
        state.loc[d] = geo.parse(colour)
        state.spot[d] = int(spot) if spot else None
        if view["dice"][name]["fresh"]:
            state.arrived[d] = state.turn
    state.chips = list(view["chips"])
    state.c4_used = list(view["c4_used"])
    state.phase = view["phase"]
    state.to_act = view["current"]
    state.mover = view["mover"] if view["mover"] is not None else state.first
    state.flicks = [DIE[d] for d in view["flicks"]]
    state.flicked_own = [DIE[d] for d in view["flicked_own"]]
    reroll = view["reroll"]
    state.reroll_die = None if reroll is None else DIE[reroll["die"]]
    state.reroll_forced = bool(reroll and reroll["forced"])
    state.moves_done = view["moves_done"]
    offer = view["offer"]
    state.offer = None if offer is None else {"rule": offer["rule"], "by": offer["by"],
                                              "asked": list(offer["asked"]), "why": offer["why"]}
    state.seen = dict(view["seen"])
    state.repeats = view["repeats"]
    state.quiet = view["quiet"]
    state.log = [dict(e) for e in view["log"]]
    state.winners = None if view["winners"] is None else list(view["winners"])
    state.ended_by_limit = view["ended_by_limit"]
    return state
