"""王への請願 (To Court the King): roll dice, set them aside, win characters
whose abilities give more and better dice, until someone rolls 7 of a kind for
the King; then a final round decides who keeps it.

Rule IDs (CT-n) refer to the team's specification (shared/rules/court.md);
each rule is cited where the code carries it out.

Action grammar (each verb one Action class in actions.py, whose text is this):

    roll          roll every active die (CT-8): the turn's first action, and
                  later only once a die was set aside since the last roll (CT-9)
    aside V       set aside one active die showing V (1-6)
    aside all     set aside every active die (CT-11)
    use CARD      use a held character's ability: once per turn, after the
                  turn's first roll (CT-10). Die adders (smith, guard, hunter,
                  pawnbroker, knight, priest) act at once; every other ability
                  opens a pending step that the actions below complete:
    pick V        choose an active die showing V for the pending ability
    value X       the new value X of the next chosen die (maid, magician,
                  astronomer; philosopher: the lowered die; alchemist: the
                  first, then the second die; queen: the added die)
    confirm       apply merchant / lady / noble to the dice picked so far
    cancel        drop the pending ability, unused (MAX_CANCELS a turn)
    done          finish the dice while a die adder is still unused (otherwise
                  the result is final as soon as every die is set aside, CT-11)
    take CARD     take a character the result earns (CT-12)
    pass          take nothing

Dice are named by value, not by position: active dice showing the same value
are interchangeable, so "aside 5" keeps the list of actions short (at most
about 30 entries) while every choice stays open. Cards are ASCII ids (CARDS);
CHARACTERS gives each one's names, requirement and ability in ja and en.
"""
from __future__ import annotations

import copy
import functools
import random

from ...core import PUBLIC, Refusal, State, refuse
from .actions import (Aside, AsideAll, Cancel, Confirm, Done, Pass, Pick, Roll, Take,
                      Use, Value)

CARDS = ["jester", "swindler", "farmer", "maid", "philosopher", "smith", "guard",
         "hunter", "merchant", "astronomer", "lady", "pawnbroker", "knight", "magician",
         "alchemist", "priest", "noble", "lord", "king", "queen"]
ORDER = {card: i for i, card in enumerate(CARDS)}


def _card(ja, en, row, req_ja, req_en, ab_ja, ab_en, ja_edition=None):
    return {"name": {"ja": ja, "en": en}, "ja_edition": ja_edition or ja, "row": row,
            "requirement": {"ja": req_ja, "en": req_en},
            "ability": {"ja": ab_ja, "en": ab_en}}


# Public table for the UI. row: the supply row of CT-2 (0: the 道化師/詐欺師 card).
CHARACTERS = {
    "jester": _card("道化師", "Jester", 0, "いつでも", "always",
                    "ダイス1つを振り直す", "re-roll one active die"),
    "swindler": _card("詐欺師", "Swindler", 0, "道化師を持っている（裏返す）",
                      "own the Jester (flip it)", "手番開始時にダイス+1",
                      "+1 die at the start of each turn", "ペテン師"),
    "farmer": _card("農夫", "Farmer", 1, "ワンペア", "a pair",
                    "手番開始時にダイス+1", "+1 die at the start of each turn"),
    "maid": _card("下女", "Maid", 1, "すべて奇数", "all dice odd",
                  "ダイス1つを+1〜+3", "add 1, 2 or 3 to one active die", "メイド"),
    "philosopher": _card("哲学者", "Philosopher", 1, "すべて偶数", "all dice even",
                         "1つを減らし、別の1つを同じだけ増やす",
                         "lower one active die, raise another by as much"),
    "smith": _card("鍛冶屋", "Smith", 1, "合計15以上", "sum 15 or more",
                   "1の目のダイスを加える", "add a die showing 1", "職人"),
    "guard": _card("衛兵", "Guard", 1, "スリーカード", "three of a kind",
                   "2の目のダイスを加える", "add a die showing 2"),
    "hunter": _card("狩人", "Hunter", 2, "フォーカード", "four of a kind",
                    "3の目のダイスを加える", "add a die showing 3"),
    "merchant": _card("商人", "Merchant", 2, "合計20以上", "sum 20 or more",
                      "好きな数のダイスを振り直す", "re-roll any number of active dice"),
    "astronomer": _card("天文学者", "Astronomer", 2, "ツーペア", "two pairs",
                        "ダイス1つを確定済みのダイス1つと同じ目にする",
                        "set one active die to a set-aside die's value"),
    "lady": _card("女官", "Lady", 3, "フルハウス", "full house (3 + 2)",
                  "好きな数のダイスを+1", "+1 to any number of active dice", "貴婦人"),
    "pawnbroker": _card("質屋", "Pawnbroker", 3, "合計30以上", "sum 30 or more",
                        "4の目のダイスを加える", "add a die showing 4"),
    "knight": _card("騎士", "Knight", 3, "ファイブカード", "five of a kind",
                    "5の目のダイスを加える", "add a die showing 5"),
    "magician": _card("魔術師", "Magician", 3, "1-2-3-4-5か2-3-4-5-6",
                      "1-2-3-4-5 or 2-3-4-5-6", "ダイス1つを好きな目にする",
                      "set one active die to any value"),
    "alchemist": _card("錬金術師", "Alchemist", 4, "1-2-3-4-5-6", "1-2-3-4-5-6",
                       "ダイス3つを合計を変えずに変える",
                       "change three active dice, keeping their total"),
    "priest": _card("司祭", "Priest", 4, "スリーペア", "three pairs",
                    "6の目のダイスを加える", "add a die showing 6", "司教"),
    "noble": _card("貴族", "Noble", 4, "スリーカード2組", "two three-of-a-kinds",
                   "好きな数のダイスを+2", "+2 to any number of active dice"),
    "lord": _card("領主", "Lord", 4, "シックスカード", "six of a kind",
                  "手番開始時にダイス+2", "+2 dice at the start of each turn", "将軍"),
    "king": _card("王", "King", 5, "セブンカード", "seven of a kind",
                  "最後まで持っていれば勝ち", "whoever holds it at the end wins", "国王"),
    "queen": _card("王妃", "Queen", 5, "最初に王を得た人に付く",
                   "comes with the King to its first taker",
                   "好きな目のダイスを加える", "add a die showing any value"),
}

# CT-2: copies in the supply by row, for 2, 3, 4 and 5 players.
SUPPLY = {1: (2, 2, 3, 4), 2: (1, 2, 3, 3), 3: (1, 2, 2, 3), 4: (1, 2, 2, 3), 5: (1, 1, 1, 1)}
UNLIMITED = ("jester", "swindler")      # CT-2: the two-sided card never runs out
START_DICE = 3                          # CT-1
BONUS_DICE = {"swindler": 1, "farmer": 1, "lord": 2}   # CT-7
ADDS = {"smith": 1, "guard": 2, "hunter": 3, "pawnbroker": 4, "knight": 5, "priest": 6}
PICK_MANY = {"merchant", "lady", "noble"}               # pick dice, then confirm
ABILITIES = ["jester", "maid", "philosopher", "smith", "guard", "hunter", "merchant",
             "astronomer", "lady", "pawnbroker", "knight", "magician", "alchemist",
             "priest", "noble", "queen"]
FACES = range(1, 7)

# [ruling] The seed has no end if nobody ever rolls seven of a kind. After this
# many rounds the final round is played anyway, with nobody holding the King.
ROUND_LIMIT = 30
# [ruling] Cancelling a pending ability is allowed this often per turn, so that
# every turn is finite even for a player who taps at random.
MAX_CANCELS = 10
# Turns kept in the public log; the full story is the record's replay.
HISTORY_KEPT = 10

DICE, TAKE, OVER = "dice", "take", "over"


# ---- patterns -------------------------------------------------------------------

def face_counts(values) -> list[int]:
    counts = [0] * 7
    for v in values:
        counts[v] += 1
    return counts


def best_kind(values) -> tuple[int, int]:
    """CT-17: (count, face) of the most dice showing one face, the higher face on ties."""
    counts = face_counts(values)
    return max((counts[f], f) for f in FACES)


def beats(result, bar, tie_wins: bool) -> bool:
    """CT-17/CT-18: does `result` take the King from a holder whose result is `bar`?"""
    if bar is None:
        return True
    return result >= bar if tie_wins else result > bar


def patterns_met(values) -> list[str]:
    """CT-6: every character whose requirement some of these dice meet (in CARDS order).
    Holding and supply are not considered here (see CourtState.earnable)."""
    return list(_patterns_met(tuple(sorted(values))))


# Kept per set of dice (their order does not matter): the strong computer asks for the
# same few thousand sets again and again in its play-outs, and every view asks too.
@functools.lru_cache(maxsize=8192)
def _patterns_met(values: tuple[int, ...]) -> tuple[str, ...]:
    counts = face_counts(values)
    top = max(counts)
    total = sum(values)
    pairs = sum(c // 2 for c in counts)
    triples = sum(c // 3 for c in counts)
    present = {f for f in FACES if counts[f]}
    full_house = any(counts[a] >= 5 or (counts[a] >= 3 and any(
        counts[b] >= 2 for b in FACES if b != a)) for a in FACES)
    met = {
        "jester": True, "swindler": True,
        "farmer": top >= 2,
        "maid": all(v % 2 for v in values),          # all dice, not some of them
        "philosopher": not any(v % 2 for v in values),
        "smith": total >= 15, "guard": top >= 3, "hunter": top >= 4,
        "merchant": total >= 20,
        "astronomer": pairs >= 2,                     # four of a kind counts
        "lady": full_house,                           # five of a kind counts
        "pawnbroker": total >= 30, "knight": top >= 5,
        "magician": {1, 2, 3, 4, 5} <= present or {2, 3, 4, 5, 6} <= present,
        "alchemist": {1, 2, 3, 4, 5, 6} <= present,
        "priest": pairs >= 3,                         # 4+2 and six of a kind count
        "noble": triples >= 2,                        # six of a kind counts
        "lord": top >= 6, "king": top >= 7, "queen": False,   # CT-14: no own requirement
    }
    return tuple(card for card in CARDS if met[card])


def start_dice(hand) -> int:
    """CT-1/CT-7: three dice, plus the dice of 詐欺師, 農夫 and 領主."""
    return START_DICE + sum(BONUS_DICE.get(card, 0) for card in hand)


def kind_dict(kind):
    return None if kind is None else {"count": kind[0], "face": kind[1]}


# ---- the state --------------------------------------------------------------------

class CourtState(State):
    # Nothing is hidden in this game but future rolls (the base's rng).
    FIELDS = {
        "supply": PUBLIC,            # CT-2/3: copies left (None: unlimited)
        "hands": PUBLIC,             # the characters each seat holds
        "round_no": PUBLIC,
        "order": PUBLIC,             # this round's seats in playing order (CT-13/16)
        "turn_index": PUBLIC,
        "final_round": PUBLIC,       # CT-15/16
        "king_holder": PUBLIC,
        "first_holder": PUBLIC,      # CT-14/18: the King's first taker
        "king_result": PUBLIC,       # CT-17: (count, face) the King is held with
        "history": PUBLIC,           # the latest turns (HISTORY_KEPT)
        "phase": PUBLIC,
        "active": PUBLIC,            # the turn's dice still to roll or set aside (CT-8)
        "aside": PUBLIC,             # the dice set aside (CT-9)
        "rolled": PUBLIC,
        "aside_since_roll": PUBLIC,  # CT-9: a die was set aside since the last roll
        "used": PUBLIC,              # CT-10: abilities used this turn
        "pending": PUBLIC,           # an ability being used, its dice and values so far
        "cancels": PUBLIC,           # MAX_CANCELS
    }

    def __init__(self, game, players, seed, options):
        super().__init__(game, players, seed, options)
        self.supply = {card: None if card in UNLIMITED else SUPPLY[CHARACTERS[card]["row"]][players - 2]
                       for card in CARDS}                       # CT-2
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.round_no = 1
        first = self.rng.randrange(players)                    # [ruling] a random start player
        self.order = [(first + i) % players for i in range(players)]
        self.turn_index = 0
        self.final_round = False
        self.king_holder: int | None = None
        self.first_holder: int | None = None
        self.king_result: tuple[int, int] | None = None
        self.history: list[dict] = []
        self._start_turn()

    # ---- turn flow ------------------------------------------------------------
    def _start_turn(self) -> None:
        seat = self.order[self.turn_index]
        self.phase = DICE
        self.active: list[int | None] = [None] * start_dice(self.hands[seat])  # CT-7
        self.aside: list[int] = []
        self.rolled = False
        self.aside_since_roll = False
        self.used: set[str] = set()
        self.pending: dict | None = None
        self.cancels = 0

    def _finish_dice(self) -> None:
        """CT-11: every die is set aside and no more abilities: the result is final."""
        seat = self.current
        if self.final_round:                                   # CT-16: only the King is at stake
            result = best_kind(self.aside)
            if beats(result, self.king_result, tie_wins=seat == self.first_holder):  # CT-17/18
                self.king_holder, self.king_result = seat, result
                self._end_turn("king")
            else:
                self._end_turn(None)
        elif self.earnable():
            self.phase = TAKE                                  # CT-12
        else:
            self._end_turn(None)

    def _take(self, card: str) -> None:
        seat = self.current
        hand = self.hands[seat]
        if card == "swindler":                                 # flip the 道化師 card
            hand[hand.index("jester")] = "swindler"
        elif card == "king":                                   # CT-14: the Queen comes along
            self.supply["king"] -= 1
            self.supply["queen"] -= 1
            self.king_holder = self.first_holder = seat
            self.king_result = best_kind(self.aside)           # CT-17
            hand.append("queen")
        else:
            if self.supply[card] is not None:
                self.supply[card] -= 1                         # CT-3
            hand.append(card)
        hand.sort(key=ORDER.get)

    def _end_turn(self, took: str | None) -> None:
        self.history.append({"round": self.round_no, "seat": self.current,
                             "dice": sorted(self.aside), "took": took,
                             "final": self.final_round})
        del self.history[:-HISTORY_KEPT]
        self.turn_index += 1
        if self.turn_index == len(self.order):
            self._end_round()
            if self.phase == OVER:
                return
        # CT-18/19: the first holder plays last; still holding the King, they have won.
        if self.final_round and self.order[self.turn_index] == self.king_holder == self.first_holder:
            self.phase = OVER
            return
        self._start_turn()

    def _end_round(self) -> None:
        n = self.players
        if self.final_round:                                   # CT-19
            self.phase = OVER
            return
        last = self.order[-1]
        self.round_no += 1
        self.turn_index = 0
        # CT-13: the last player of a round starts the next one.
        self.order = [(last + i) % n for i in range(n)]
        if self.king_holder is not None or self.round_no > ROUND_LIMIT:
            self.final_round = True                            # CT-15/16
            if self.king_holder is not None:                   # CT-16: the holder plays last
                self.order.remove(self.king_holder)
                self.order.append(self.king_holder)

    # ---- what is allowed ------------------------------------------------------
    @property
    def current(self):
        return None if self.phase == OVER else self.order[self.turn_index]

    def earnable(self) -> list[str]:
        """CT-12: characters the current dice earn: requirement met (CT-6), not held
        (CT-4), a copy left (CT-3). Nothing in the final round (CT-16)."""
        if self.final_round or not self.rolled:
            return []
        hand = self.hands[self.current]
        values = self.aside + self.active
        cards = []
        for card in patterns_met(values):
            if card == "jester":
                ok = "jester" not in hand and "swindler" not in hand
            elif card == "swindler":
                ok = "jester" in hand
            else:
                ok = card not in hand and self.supply[card] > 0
            if ok:
                cards.append(card)
        return cards

    def _usable(self, card: str) -> bool:
        """Can `card`'s ability do something now? (held and unused are checked elsewhere)"""
        active = self.active
        if card in ADDS or card == "queen":
            return True
        if card in ("jester", "merchant", "magician"):
            return bool(active)
        if card in ("maid", "lady"):
            return any(v <= 5 for v in active)
        if card == "noble":
            return any(v <= 4 for v in active)
        if card == "astronomer":
            return any(x != v for v in active for x in self.aside)
        if card == "philosopher":
            return self._philosopher_pair_exists()
        if card == "alchemist":
            return len(active) >= 3
        return False

    def _philosopher_pair_exists(self) -> bool:
        low = sum(1 for v in self.active if v <= 5)
        return any(v >= 2 and low - (v <= 5) >= 1 for v in self.active)

    def usable_abilities(self) -> list[str]:
        if self.phase != DICE or not self.rolled or self.pending is not None:
            return []                                          # CT-10: after the first roll
        hand = self.hands[self.current]
        return [card for card in ABILITIES
                if card in hand and card not in self.used and self._usable(card)]

    def _pick_values(self) -> list[int]:
        """Values of active dice the pending ability may pick now."""
        p = self.pending
        card, picked = p["card"], p["picked"]
        free = [v for i, v in enumerate(self.active) if i not in picked]
        if card == "queen" or (card in ("maid", "magician", "astronomer") and picked) \
                or (card == "philosopher" and len(picked) == 2) or (card == "alchemist" and len(picked) == 3):
            return []
        if card in ("maid", "lady"):
            ok = [v for v in free if v <= 5]                   # CT-5
        elif card == "noble":
            ok = [v for v in free if v <= 4]
        elif card == "astronomer":
            ok = [v for v in free if any(x != v for x in self.aside)]
        elif card == "philosopher" and not picked:             # the die to lower
            low = sum(1 for v in self.active if v <= 5)
            ok = [v for v in free if v >= 2 and low - (v <= 5) >= 1]
        elif card == "philosopher":                            # the die to raise
            ok = [v for v in free if v <= 5]
        else:
            ok = free
        return sorted(set(ok))

    def _value_choices(self) -> list[int]:
        p = self.pending
        card, picked = p["card"], p["picked"]
        a = self.active
        if card == "queen":
            return list(FACES)
        if card == "maid" and picked:
            v = a[picked[0]]
            return [x for x in (v + 1, v + 2, v + 3) if x <= 6]   # CT-5
        if card == "magician" and picked:
            return [x for x in FACES if x != a[picked[0]]]
        if card == "astronomer" and picked:
            return sorted({x for x in self.aside if x != a[picked[0]]})
        if card == "philosopher" and len(picked) == 2:
            v, w = a[picked[0]], a[picked[1]]
            return list(range(max(1, v - (6 - w)), v))          # both stay within 1-6
        if card == "alchemist" and len(picked) == 3:
            total = sum(a[i] for i in picked)
            if not p["values"]:
                return [x for x in FACES if 2 <= total - x <= 12]
            rest = total - p["values"][0]
            return [y for y in FACES if 1 <= rest - y <= 6]
        return []

    def legal_actions(self) -> list[str]:
        if self.phase == OVER:
            return []
        if self.phase == TAKE:
            return [Take(card) for card in self.earnable()] + [Pass()]
        if not self.rolled:
            return [Roll()]                                    # CT-7/8: the first roll
        if self.pending is not None:
            p = self.pending
            actions = [Pick(v) for v in self._pick_values()]
            actions += [Value(x) for x in self._value_choices()]
            if p["card"] in PICK_MANY and p["picked"]:
                actions.append(Confirm())
            if self.cancels < MAX_CANCELS:
                actions.append(Cancel())
            return actions
        actions = []
        if self.active and self.aside_since_roll:
            actions.append(Roll())                             # CT-9
        actions += [Aside(v) for v in sorted(set(self.active))]
        if len(self.active) >= 2:
            actions.append(AsideAll())                         # CT-11
        usable = self.usable_abilities()
        actions += [Use(card) for card in usable]
        if not self.active and usable:
            actions.append(Done())
        return actions

    # ---- applying -----------------------------------------------------------------
    def _apply(self, action) -> None:
        match action:
            case Roll():
                self.active = [self.rng.randint(1, 6) for _ in self.active]
                self.rolled = True
                self.aside_since_roll = False
            case AsideAll():
                self.aside += self.active
                self.active = []
                self._set_aside()
            case Aside(v):
                self.active.remove(v)
                self.aside.append(v)
                self._set_aside()
            case Done():
                self._finish_dice()
            case Use(card) if card in ADDS:                    # CT-10: an active die
                self.active.append(ADDS[card])
                self.used.add(card)
            case Use(card):
                self.pending = {"card": card, "picked": [], "values": []}
            case Pick(v):
                self._pick(v)
            case Value(x):
                self._value(x)
            case Confirm():
                p = self.pending
                for i in p["picked"]:
                    if p["card"] == "merchant":
                        self.active[i] = self.rng.randint(1, 6)
                    else:
                        self.active[i] += 1 if p["card"] == "lady" else 2
                self._complete()
            case Cancel():
                self.pending = None
                self.cancels += 1
            case Take(card):
                self._take(card)
                self._end_turn(card)
            case Pass():
                self._end_turn(None)

    def _set_aside(self) -> None:
        self.aside_since_roll = True
        if not self.active and not self.usable_abilities():
            self._finish_dice()                                # CT-11

    def _pick(self, v: int) -> None:
        p = self.pending
        i = next(i for i, x in enumerate(self.active) if x == v and i not in p["picked"])
        p["picked"].append(i)
        if p["card"] == "jester":
            self.active[i] = self.rng.randint(1, 6)
            self._complete()

    def _value(self, x: int) -> None:
        p = self.pending
        card, picked, a = p["card"], p["picked"], self.active
        if card == "queen":
            a.append(x)
        elif card == "philosopher":
            a[picked[1]] += a[picked[0]] - x
            a[picked[0]] = x
        elif card == "alchemist":
            p["values"].append(x)
            if len(p["values"]) < 2:
                return
            total = sum(a[i] for i in picked)
            first, second = p["values"]
            a[picked[0]], a[picked[1]], a[picked[2]] = first, second, total - first - second
        else:                                                  # maid, magician, astronomer
            a[picked[0]] = x
        self._complete()

    def _complete(self) -> None:
        self.used.add(self.pending["card"])
        self.pending = None

    # ---- explaining refusals --------------------------------------------------------
    # The refused text is read as text (it may name no action at all): its words,
    # never a legal action's, are taken apart here.
    def why_illegal(self, action) -> Refusal:
        if not isinstance(action, str):
            return refuse("not_text", "an action is a short text such as 'roll' or 'aside 5'")
        if self.phase == OVER:
            return refuse("game_over", "the game is over")
        verb, _, arg = action.partition(" ")
        if self.phase == TAKE:
            if verb == "take":
                return self._why_not_take(arg)
            return refuse("take_or_pass", "the dice are final: take a character the result earns, "
                          "or pass", "CT-12")
        if verb in ("take", "pass"):
            return refuse("dice_first", "first finish the dice: every die must be set aside", "CT-11")
        if not self.rolled:
            if verb == "use" and arg in self.hands[self.current] and arg in ABILITIES:
                return refuse("use_after_roll", "abilities can be used only after the turn's first roll",
                              "CT-10")
            if verb == "use":
                return self._why_not_use(arg)
            return refuse("roll_first", "roll the dice first", "CT-8")
        if self.pending is not None:
            return self._why_not_pending(verb, arg)
        if verb in ("pick", "value", "confirm", "cancel"):
            return refuse("no_ability", "choose an ability first ('use ...')")
        if verb == "roll":
            if not self.active:
                return refuse("nothing_to_roll", "every die is set aside: there is nothing left to roll")
            return refuse("aside_before_roll", "set aside at least one die before rolling again", "CT-9")
        if verb == "aside":
            return self._why_not_die(arg)
        if verb == "use":
            return self._why_not_use(arg)
        if verb == "done":
            return refuse("not_final", "set aside every die first: the result is final only then", "CT-11")
        return super().why_illegal(action)

    def _why_not_die(self, arg: str) -> Refusal:
        if not arg.isdigit() or int(arg) not in FACES:
            return refuse("die_range", "name a die by the value it shows, 1 to 6", "CT-5")
        v = int(arg)
        if v in self.aside and v not in self.active:
            return refuse("die_set_aside", "the die showing {face} is already set aside; set-aside dice "
                          "never change", "CT-9", face=v)
        return refuse("no_die", "no active die shows {face}", face=v)

    @staticmethod
    def _card_refusal(key: str, template: str, card: str, rule: str | None = None) -> Refusal:
        """A refusal naming a character: `card` its id, `name` its English name."""
        return refuse(key, template, rule, card=card, name=CHARACTERS[card]["name"]["en"])

    def _why_not_use(self, card: str) -> Refusal:
        if card not in CHARACTERS:
            return refuse("no_character", "there is no character {card!r}", card=card)
        if card not in self.hands[self.current]:
            return self._card_refusal("not_held", "you do not hold the {name}", card)
        if card in BONUS_DICE:
            return self._card_refusal("needs_no_use", "the {name} needs no using: its dice join at the "
                                      "start of each turn", card, "CT-7")
        if card == "king":
            return refuse("king_no_ability", "the King has no ability; holding it at the end wins", "CT-19")
        if card in self.used:
            return self._card_refusal("used", "you have already used the {name} this turn: each "
                                      "ability works once per turn", card)
        if not self.active:
            return self._card_refusal("no_active_dice", "the {name} acts on active dice, and every die "
                                      "is set aside", card, "CT-10")
        return {
            "maid": lambda: refuse("maid_all_six", "every active die shows 6: the Maid would push it "
                                   "past 6", "CT-5"),
            "lady": lambda: refuse("lady_all_six", "every active die shows 6: +1 would push it past 6",
                                   "CT-5"),
            "noble": lambda: refuse("noble_all_high", "every active die shows 5 or 6: +2 would push it "
                                    "past 6", "CT-5"),
            "astronomer": lambda: refuse("astronomer_no_other", "the Astronomer needs a set-aside die "
                                         "showing another value than an active die"),
            "philosopher": lambda: refuse("philosopher_no_pair", "the Philosopher needs one active die "
                                          "above 1 and another below 6", "CT-5"),
            "alchemist": lambda: refuse("alchemist_three", "the Alchemist needs three active dice"),
        }.get(card, lambda: self._card_refusal("cannot_use", "the {name} cannot be used now", card))()

    def _why_not_pending(self, verb: str, arg: str) -> Refusal:
        p = self.pending
        card = p["card"]
        if verb not in ("pick", "value", "confirm", "cancel"):
            return self._card_refusal("finish_ability", "finish the {name} first (pick, value, confirm) "
                                      "or cancel it", card)
        if verb == "cancel":
            return self._card_refusal("no_cancels", "no more cancelling this turn: finish the {name}", card)
        if verb == "confirm":
            if card not in PICK_MANY:
                return self._card_refusal("no_confirm", "the {name} needs no confirming: choose a die "
                                          "or value", card)
            return refuse("pick_first", "pick at least one die first")
        choices = self._value_choices()
        if verb == "pick":
            if choices or card == "queen":
                return Refusal("choose_value", "the dice are chosen: choose a value "
                               f"({', '.join(map(str, choices))})", {"values": tuple(choices)})
            if not arg.isdigit() or int(arg) not in FACES:
                return refuse("die_range", "name a die by the value it shows, 1 to 6", "CT-5")
            v = int(arg)
            if v not in [x for i, x in enumerate(self.active) if i not in p["picked"]]:
                return self._why_not_die(arg)
            if card in ("maid", "lady") or (card == "philosopher" and len(p["picked"]) == 1):
                return refuse("no_higher", "a die showing {face} cannot go higher: dice show 1 to 6 only",
                              "CT-5", face=v)
            if card == "noble":
                return refuse("noble_past_six", "+2 would take the die showing {face} past 6", "CT-5", face=v)
            if card == "philosopher":
                return refuse("no_lower", "a die showing {face} cannot be lowered, or no other die could "
                              "be raised", "CT-5", face=v)
            if card == "astronomer":
                return refuse("astronomer_same", "every set-aside die shows that value already")
            return self._card_refusal("cannot_pick", "that die cannot be picked for the {name}", card)
        if not choices:
            return refuse("pick_dice_first", "pick the dice first")
        if not arg.isdigit() or int(arg) not in FACES:
            return refuse("value_range", "a die shows only 1 to 6", "CT-5")
        if card == "maid":
            return refuse("maid_value", "the Maid adds 1, 2 or 3, and the die may not pass 6", "CT-5")
        if card == "philosopher":
            return refuse("philosopher_value", "the raised die would pass 6, or the lowered die would "
                          "not go down", "CT-5")
        if card == "alchemist":
            return refuse("alchemist_value", "the three dice keep their total, and each shows 1 to 6", "CT-5")
        listed = ", ".join(map(str, choices))
        if card == "astronomer":
            return Refusal("astronomer_value", "the Astronomer copies a set-aside die: choose one of "
                           + listed, {"values": tuple(choices)})
        return Refusal("value_choice", "choose one of " + listed, {"values": tuple(choices)})

    def _why_not_take(self, card: str) -> Refusal:
        if card not in CHARACTERS:
            return refuse("no_character", "there is no character {card!r}", card=card)
        hand = self.hands[self.current]
        if card == "queen":
            return refuse("queen_with_king", "the Queen comes only with the King, to its first taker",
                          "CT-14")
        if card in hand or (card == "jester" and "swindler" in hand):
            return self._card_refusal("already_held", "you already hold the {name}", card, "CT-4")
        if card == "swindler" and "jester" not in hand:
            return refuse("jester_first", "the Swindler is the back of the Jester: you need the Jester first")
        if card == "king" and self.king_holder is not None:
            return refuse("king_taken", "the King has been taken: nobody else can take it from the supply",
                          "CT-15")
        if self.supply[card] == 0:
            return self._card_refusal("none_left", "no {name} is left in the supply", card, "CT-3")
        return refuse("requirement", "your result does not meet the {name}'s requirement: {requirement}",
                      "CT-6", card=card, name=CHARACTERS[card]["name"]["en"],
                      requirement=CHARACTERS[card]["requirement"]["en"])

    def clone(self, rng: random.Random | None = None) -> "CourtState":
        """A copy to play on, much faster than deepcopy: every field of FIELDS
        copied by hand; it shares only what no action changes (a past turn's entry).
        Give `rng` to roll other dice."""
        other = copy.copy(self)
        other.rng = self.rng.copy() if rng is None else rng
        other.actions = list(self.actions)
        other.actors = list(self.actors)
        other.supply = dict(self.supply)
        other.hands = [list(hand) for hand in self.hands]
        other.order = list(self.order)
        other.history = list(self.history)       # a past turn's entry never changes
        other.active = list(self.active)
        other.aside = list(self.aside)
        other.used = set(self.used)
        if self.pending is not None:
            other.pending = {key: (list(val) if isinstance(val, list) else val)
                             for key, val in self.pending.items()}
        return other

    # ---- what everyone sees ----------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        current = self.current
        values = self.aside + self.active if self.rolled else []
        pending = None
        if self.pending is not None:
            p = self.pending
            step = "value" if self._value_choices() else "pick"
            pending = {"card": p["card"], "picked": list(p["picked"]),
                       "values": list(p["values"]), "step": step}
        final_dice = self.final_round and values and self.phase == DICE
        return {
            "game": "court", "players": self.players, "seat": seat, "current": current,
            "phase": self.phase, "round": self.round_no, "round_limit": ROUND_LIMIT,
            "start_player": self.order[0], "order": list(self.order),
            "turn_index": self.turn_index, "final_round": self.final_round,
            "king_holder": self.king_holder, "first_king_holder": self.first_holder,
            "king_result": kind_dict(self.king_result),
            "supply": dict(self.supply),
            "hands": [[{"card": card, "used": s == current and card in self.used} for card in hand]
                      for s, hand in enumerate(self.hands)],
            "start_dice": [start_dice(hand) for hand in self.hands],
            "dice": {"active": list(self.active), "aside": list(self.aside),
                     "rolled": self.rolled,
                     "must_set_aside": self.rolled and not self.aside_since_roll},
            "pending": pending,
            "cancels_left": MAX_CANCELS - self.cancels,
            "best": kind_dict(best_kind(values)) if values else None,
            "earns": self.earnable() if self.phase != OVER else [],
            "beats_king": (beats(best_kind(values), self.king_result, current == self.first_holder)
                           if final_dice else None),
            "history": [dict(h, dice=list(h["dice"])) for h in self.history],
            "winners": None if self.phase != OVER else [self.king_holder],
        }

    def result(self):
        if self.phase != OVER:
            return None
        # Scores: 1 for the King's holder, who wins (CT-19); 0 for everyone else.
        return {"scores": [int(s == self.king_holder) for s in range(self.players)],
                "winners": [self.king_holder]}


def sample_state(view: dict, seed: int) -> CourtState:
    """The full state behind `view`: nothing is hidden but future rolls, which
    come from a fresh RNG seeded by `seed`."""
    from . import GAME
    state = CourtState.__new__(CourtState)
    State.__init__(state, GAME, view["players"], seed, {})
    state.supply = dict(view["supply"])
    state.hands = [[c["card"] for c in hand] for hand in view["hands"]]
    state.round_no = view["round"]
    state.order = list(view["order"])
    state.turn_index = view["turn_index"]
    state.final_round = view["final_round"]
    state.king_holder = view["king_holder"]
    state.first_holder = view["first_king_holder"]
    kr = view["king_result"]
    state.king_result = None if kr is None else (kr["count"], kr["face"])
    state.history = [dict(h, dice=list(h["dice"])) for h in view["history"]]
    state.phase = view["phase"]
    dice = view["dice"]
    state.active = list(dice["active"])
    state.aside = list(dice["aside"])
    state.rolled = dice["rolled"]
    state.aside_since_roll = dice["rolled"] and not dice["must_set_aside"]
    current = view["current"]
    state.used = ({c["card"] for c in view["hands"][current] if c["used"]}
                  if current is not None else set())
    p = view["pending"]
    state.pending = None if p is None else {"card": p["card"], "picked": list(p["picked"]),
                                            "values": list(p["values"])}
    state.cancels = MAX_CANCELS - view["cancels_left"]
    return state
