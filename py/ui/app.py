"""The app shell: screens, commands from taps, and the HTML of each screen.

Pure Python (no pyscript/js): main.py feeds it taps, timer ticks and the
browser's Back, and puts what render() returns on the page, so all of this is
tested in CPython too.
"""
from __future__ import annotations

import datetime

from . import review_screen, rules_page, saves, teacher
from .collection import COLLECTION, GAMES, playable
from .html import button, esc, suggesting
from .markup import Markup
from .i18n import Translator, default_lang, default_names, load_game, shown_names
from .icons import icon
from .library import Library, MemoryStore, new_id
from .match import LINGER, SPEEDS, SUMMARY, Match

LANG_KEY = "royaltable.lang"
SPEED_KEY = "royaltable.speed"
KINDS = ("human", "quick", "strong")
LOG_SHOWN = 80


class MemoryStorage(dict):
    """Small settings (language, speed): main.py gives localStorage; a dict in tests."""
    def get(self, key):
        return super().get(key)

    def set(self, key, value):
        self[key] = value

    def remove(self, key):
        self.pop(key, None)


class Ctx:
    """What a table renderer may use: never the state, only views and legal actions."""
    def __init__(self, t: Translator, match: Match, replay: bool = False):
        self.t = t
        self.names = shown_names(match.seats, t)    # isolated; defaults in t's language
        self.bots = [match.is_bot(s) for s in range(len(match.seats))]
        self.replay = replay
        self.viewer = None if replay else match.viewer
        self.actor = None if replay else match.actor()        # the person deciding on screen
        self.legal = [] if replay else match.legal_on_screen()
        self.interlude = None if replay else match.interlude
        self.lingering = self.interlude == LINGER
        self.selection = list(match.selection)
        self.hint = None if replay else match.hint
        # The suggestion's reasons (ui/teacher.py), drawn by the table right after
        # its line saying a move is lit; empty when nothing is suggested.
        self.teacher = Markup("")
        state = match.state
        self.last_action = state.actions[-1] if state.actions else None
        # The move the app is about to play for the person holding the tablet.
        self.forced = (state.legal_actions()[0] if not replay and match.forced_now()
                       and state.current == self.viewer else None)


class App:
    def __init__(self, lang: str | None = None, pace: float = 1.0, storage=None, browser_langs=(),
                 store=None, tz_offset_min: int = 0, review_playouts: int | None = None):
        self.storage = storage if storage is not None else MemoryStorage()
        self.store = store if store is not None else MemoryStore()
        self.store.listener = self
        self.library = Library(self.store, GAMES)
        self.tz_offset_min = tz_offset_min       # the device's clock, for "when" on the home screen
        self.t = Translator(lang or self.storage.get(LANG_KEY) or default_lang(browser_langs))
        self.pace = pace
        speed = self.storage.get(SPEED_KEY)
        self.speed = speed if speed in SPEEDS else "normal"
        self.snapshot_bytes = 0     # the quick-start copy of the app kept on the device (main.py)
        self.screen = "home"
        self.replaying: dict | None = None
        self.game_id: str | None = None          # the open game's id in the library
        self.lost = False                        # another tab took the open game over
        self.opening: str | None = None          # Continue asked, waiting for the store's yes
        self.elsewhere: str | None = None        # a game open in another tab: take it over?
        self.deleting: str | None = None         # Delete asked: "really?"
        self.unplayable: dict[str, str] = {}     # id -> why Continue could not replay it
        self.store_problem: str | None = None    # "quota" / "blocked": saving fails
        self.shared: tuple[str, str] | None = None   # (game id, its share link)
        self.effects: list[tuple] = []           # for the page: downloads, links, copies
        self.rules_game = None
        self.rules_return = "home"
        self.setup: dict | None = None
        self.match: Match | None = None
        self.message: str | None = None
        self.confirm: str | None = None          # "quit" or "leave": a question over the table
        self._told: tuple | None = None          # (match, log length) already announced
        # The review running now (one at a time), advanced by main.py between frames:
        # {"id": library id, "seats", "record", "steps": generator, "progress", "from": screen}.
        self.reviewing: dict | None = None
        self.review_playouts = review_playouts   # None: the strong player's own budget (tests: less)
        self.review_news: str | None = None      # "the review is ready", for the live region once

    # ---- commands -----------------------------------------------------------
    def handle(self, cmd: str, arg: str = "") -> None:
        handler = getattr(self, f"cmd_{cmd}", None)
        if handler is None:
            return
        self.message = None
        handler(arg)
        if cmd in ("act", "undo"):
            self.save()

    def cmd_dismiss(self, arg):
        self.message = None

    def cmd_lang(self, arg):
        self.t = Translator("en" if self.t.lang == "ja" else "ja")
        self.storage.set(LANG_KEY, self.t.lang)
        if self.setup:
            self._rename_defaults()

    def cmd_speed(self, arg):
        """Slow, normal or fast computer moves; a tap without a choice cycles."""
        order = list(SPEEDS)
        self.speed = arg if arg in SPEEDS else order[(order.index(self.speed) + 1) % len(order)]
        self.storage.set(SPEED_KEY, self.speed)
        if self.match:
            self.match.speed = self.speed

    def cmd_home(self, arg):
        if self.screen == "rules" and self.rules_return == "table" and self.match:
            self.screen = "table"
            return
        self.screen = "home"

    def cmd_rules(self, arg):
        if not playable(arg):
            return
        load_game(arg)
        self.rules_game = arg
        self.rules_return = self.screen
        self.screen = "rules"

    def cmd_setup(self, arg):
        from royaltable import registry
        if not playable(arg):
            return
        load_game(arg)
        game = registry.get(arg)
        players = game.default_players or game.min_players
        self.setup = {"game": arg, "players": players,
                      "kinds": ["human"] + ["strong"] * (game.max_players - 1),
                      "names": [""] * game.max_players, "custom": [False] * game.max_players,
                      "options": {n: d for n, (_, d) in game.options.items()}, "seed": ""}
        self._rename_defaults()
        self.screen = "setup"

    def _rename_defaults(self):
        """Fill names the player has not typed, in the current language."""
        for seat, default in enumerate(default_names(self.t, self.setup["kinds"])):
            if not self.setup["custom"][seat]:
                self.setup["names"][seat] = default

    def cmd_players(self, arg):
        from royaltable import registry
        game = registry.get(self.setup["game"])
        if arg.isdigit() and game.min_players <= int(arg) <= game.max_players:
            self.setup["players"] = int(arg)

    def cmd_kind(self, arg):
        seat, _, kind = arg.partition(":")
        if kind in KINDS and seat.isdigit() and int(seat) < len(self.setup["kinds"]):
            self.setup["kinds"][int(seat)] = kind
            self._rename_defaults()

    def cmd_option(self, arg):
        from royaltable import registry
        name, _, value = arg.partition(":")
        options = registry.get(self.setup["game"]).options
        for choice in options.get(name, ((), None))[0]:
            if str(choice) == value:
                self.setup["options"][name] = choice

    def field(self, name: str, value: str) -> None:
        """Text typed into the new-game form (no redraw, so typing is not lost)."""
        if not self.setup or not isinstance(value, str):
            return
        if name == "seed":
            self.setup["seed"] = value
        elif name.startswith("name:") and name[5:].isdigit():
            seat = int(name[5:])
            self.setup["names"][seat] = value
            self.setup["custom"][seat] = True

    def cmd_start(self, arg):
        setup = self.setup
        n = setup["players"]
        names = [name.strip()[:32] for name in setup["names"][:n]]
        for seat, name in enumerate(names):
            if not name:
                self.message = self.t("setup.empty_name", n=seat + 1)
                return
        seed = None
        if setup["seed"].strip():
            try:
                seed = int(setup["seed"].strip())
            except ValueError:
                self.message = self.t("setup.bad_seed")
                return
        # A name nobody typed is marked: it follows the language, also later in the game.
        seats = [{"name": names[s], "kind": setup["kinds"][s], **({} if setup["custom"][s] else {"default": True})}
                 for s in range(n)]
        self._open_new(Match(setup["game"], seats, setup["options"], seed, self.pace, self.speed))

    def _open_new(self, match: Match) -> None:
        """A new game, under a new id: no other game of the library is touched."""
        game_id = new_id()
        self.store.claim(game_id, False)
        self._open(match, game_id)

    def _open(self, match: Match, game_id: str) -> None:
        self._leave()
        self.match, self.game_id, self.lost = match, game_id, False
        self.confirm = self.elsewhere = self.deleting = None
        self.screen = "table"
        self.save()

    def _leave(self) -> None:
        """Lets go of the open game (another tab may open it now); it stays in the library."""
        if self.game_id is not None:
            self.store.release(self.game_id)
        self.match = self.game_id = None
        self.lost = False
        self.confirm = None

    def cmd_again(self, arg):
        match = self.match
        self._open_new(Match(match.game.id, match.seats, match.state.options, None, self.pace, self.speed))

    def cmd_act(self, action):
        match = self.match
        if not match or self.confirm or self.lost or action not in match.legal_on_screen():
            if match and action and match.actor() is not None and not match.needs_handoff():
                self._refuse(action)
            return
        match.act(action, match.actor())

    def _refuse(self, action):
        """An action the rules do not allow now: say why; nothing changes."""
        from royaltable import IllegalAction
        try:
            self.match.state.clone().apply(action, seat=self.match.actor())
        except IllegalAction as err:
            names = shown_names(self.match.seats, self.t)
            self.message = self.t("error.illegal", reason=self.match.table.refusal_words(err.refusal, self.t, names))

    def cmd_select(self, arg):
        match = self.match
        if not match or not match.legal_on_screen() or not arg.isdigit():
            return
        index = int(arg)
        if index in match.selection:
            match.selection.remove(index)
        else:
            match.selection.append(index)

    def cmd_handoff(self, arg):
        if self.match:
            self.match.take_tablet()

    def cmd_peek(self, arg):
        if self.match and arg.isdigit() and not self.lost:
            self.match.ask_peek(int(arg))

    def cmd_peek_end(self, arg):
        if self.match:
            self.match.end_peek()

    def cmd_resume(self, arg):
        if self.match:
            self.match.resume()

    def cmd_hint(self, arg):
        if self.match:
            self.match.suggest()

    def cmd_quit(self, arg):
        if arg == "yes":                         # a game in progress is deleted; a finished one kept
            if self.match and not self.match.state.over and not self.lost:
                self.library.remove(self.game_id)
            self._leave()
            self.screen = "home"
            return
        if arg == "leave":                       # kept: Continue on the home screen
            self._leave()
            self.screen = "home"
            return
        self.confirm = None if arg == "cancel" else "quit"

    def back(self) -> bool:
        """The browser's Back (a tablet's back swipe): the app's previous screen.
        False when there is none and the browser may leave the app."""
        if self.screen == "rules":
            self.cmd_home("")
        elif self.screen == "setup":
            self.screen = "home"
        elif self.screen == "replay":
            self.cmd_replay_close("")
        elif self.screen == "table" and self.match:
            if self.match.state.over or self.lost:
                self.cmd_quit("leave")
            else:                                # never leave a game without asking
                self.confirm = None if self.confirm else "leave"
        else:
            return False
        self.message = None
        return True

    # ---- the library: every game on this tablet ----------------------------------
    def save(self) -> None:
        """Called after every change: a game in progress survives any reload (a
        finished one stays too, in the history, for a replay)."""
        if self.match and self.game_id and not self.lost:
            self.library.write(self.game_id, saves.dump_state(self.match.seats, self.match.state,
                                                              self._kept_review(self.game_id)))

    def _kept_review(self, game_id: str) -> dict | None:
        entry = self.library.get(game_id)
        return entry.save.review if entry is not None and entry.save is not None else None

    def store_event(self, kind: str, id: str = "", ok: bool = False, text: str | None = None,
                    rev: int = 0, problem: str = "") -> None:
        """What the store answers later: a write failed or went through, another
        tab took the open game, Continue may (or may not) go ahead, or another
        tab changed the library."""
        if kind == "problem":
            self.store_problem = problem if problem in ("quota", "blocked") else "blocked"
        elif kind == "saved":
            self.store_problem = None
        elif kind == "lost" and id == self.game_id and self.match:
            self.lost = True
            self.confirm = None
        elif kind == "claimed" and id == self.opening:
            self.opening = None
            if not ok:
                self.elsewhere = id
                return
            self.library.adopt(id, text, rev)
            self._continue(id)
        elif kind == "changed":
            self.library.refresh()

    def cmd_continue(self, arg):
        entry = self.library.get(arg)
        if entry is None or not entry.in_progress or arg in self.unplayable or self.opening:
            return
        self.opening, self.elsewhere = arg, None
        self.store.claim(arg, False)

    def cmd_takeover(self, arg):
        if arg and arg == self.elsewhere:
            self.opening, self.elsewhere = arg, None
            self.store.claim(arg, True)

    def cmd_cancel_open(self, arg):
        self.elsewhere = None

    def _continue(self, game_id: str) -> None:
        entry = self.library.get(game_id)
        if entry is None or entry.save is None:
            self.store.release(game_id)
            return
        try:
            save, _ = saves.load_state(entry.stored.text)
        except saves.SaveError as err:
            self.unplayable[game_id] = str(err)
            self.store.release(game_id)
            return
        self._open(Match.from_record(save.seats, save.record, self.pace, self.speed), game_id)

    def cmd_delete(self, arg):
        if self.library.get(arg) is not None and arg != self.game_id:
            self.deleting = arg

    def cmd_delete_yes(self, arg):
        if arg and arg == self.deleting:
            if self.reviewing is not None and self.reviewing["id"] == arg:
                self.cmd_review_cancel("")
            self.library.remove(arg)
            self.unplayable.pop(arg, None)
        self.deleting = None

    def cmd_delete_no(self, arg):
        self.deleting = None

    def cmd_discard_save(self, arg):
        """A save that cannot be read goes at once: there is nothing in it to keep."""
        entry = self.library.get(arg)
        if entry is not None and entry.problem:
            self.library.remove(arg)

    def cmd_export(self, arg):
        entry = self.library.get(arg)
        if entry is None:
            return
        game = entry.save.record["game"] if entry.save else "game"
        stamp = self._local(entry.stored.updated).strftime("%Y%m%d-%H%M")
        self.effects.append(("download", f"royaltable-{game}-{stamp}.json", entry.stored.text))

    def import_game(self, text: str) -> None:
        """A game from an exported file, checked as a save is, kept under a new id."""
        try:
            save, state = saves.load_state(text)
        except saves.SaveError as err:
            self.message = self.t("library.import.failed", reason=self.t("save." + str(err)))
            return
        review = saves.read_review(save)
        self.library.write(new_id(), saves.dump_state(save.seats, state, review.to_dict() if review else None))
        self.message = self.t("library.imported", game=self.t("game." + save.record["game"]))

    def import_failed(self, reason: str) -> None:
        self.message = self.t("library.import.failed", reason=self.t("save." + reason))

    def cmd_share(self, arg):
        entry = self.library.get(arg)
        if entry is not None and entry.save is not None and entry.save.finished:
            self.effects.append(("share", arg, entry.stored.text))

    def shared_link(self, game_id: str, url: str) -> None:
        self.shared = (game_id, url)

    def cmd_copy(self, arg):
        if self.shared and self.shared[0] == arg:
            self.effects.append(("copy", self.shared[1]))
            self.message = self.t("library.copied")

    def open_shared(self, text: str) -> None:
        """A finished game that came in a link: its replay."""
        try:
            save, _ = saves.load_state(text)
        except saves.SaveError as err:
            self.message = self.t("library.shared.failed", reason=self.t("save." + str(err)))
            return
        self._replay_open(save.seats, save.record, saves.read_review(save))   # its review came along

    def cmd_replay_saved(self, arg):
        entry = self.library.get(arg)
        if entry is None or entry.save is None or not entry.save.finished:
            return
        try:
            save, _ = saves.load_state(entry.stored.text)
        except saves.SaveError as err:
            self.unplayable[arg] = str(err)
            return
        self._replay_open(save.seats, save.record, self._review_kept_in(arg, save), arg)

    def _review_kept_in(self, game_id: str, save):
        """The sound review kept with a game; a damaged one is dropped from its save
        (the game stays), so that it can be reviewed again."""
        review = saves.read_review(save)
        if review is None and save.review is not None:
            entry = self.library.get(game_id)
            self.library.write(game_id, saves.with_review(entry.stored.text, None))
        return review

    def cmd_undo(self, arg):
        if self.match:
            self.match.undo()

    def cmd_replay(self, arg):
        match = self.match
        if not match or not match.state.over:
            return
        review = None
        entry = self.library.get(self.game_id) if self.game_id else None
        if entry is not None and entry.save is not None:
            review = self._review_kept_in(self.game_id, entry.save)
        self._replay_open(match.seats, match.record(), review, self.game_id)

    def _replay_open(self, seats: list[dict], record: dict, review=None, game_id: str | None = None,
                     step: int = 0) -> None:
        """`game_id`: the library's game replayed (None: a shared link's)."""
        self.replaying = {"seats": seats, "record": record, "step": step, "review": review, "words": {},
                          "id": game_id}
        self._replay_to(step)
        self.screen = "replay"

    def cmd_replay_jump(self, arg):
        """To just after a move (a mistake in the review's list)."""
        if self.replaying and arg.isdigit():
            self._replay_to(min(int(arg), len(self.replaying["record"]["actions"])))

    # ---- the review of a finished game ---------------------------------------------
    def can_review(self, game_id: str | None) -> bool:
        """A finished game of the library, with someone who played it in person."""
        entry = self.library.get(game_id) if game_id else None
        return (entry is not None and entry.save is not None and entry.save.finished
                and game_id not in self.unplayable and any(s["kind"] == "human" for s in entry.save.seats))

    def cmd_review(self, arg):
        """Reviews a finished game (the open one from its result, or one of the
        library's): every decision of its people graded. It runs in slices
        (review_step) while the page goes on answering taps."""
        self._start_review(arg or self.game_id, everyone=False)

    def cmd_review_everyone(self, arg):
        """Reviews the game again, the computer players' decisions graded too (asked
        for from a review: a computer's moves are not graded unless asked)."""
        self._start_review(arg, everyone=True)

    def _start_review(self, game_id: str | None, everyone: bool) -> None:
        if self.reviewing is not None or not self.can_review(game_id):
            return
        save = self.library.get(game_id).save
        self.reviewing = {"id": game_id, "seats": save.seats, "record": save.record,
                          "steps": self._review_steps(game_id, everyone), "progress": 0.0,
                          "from": self.screen_key()}

    def _review_steps(self, game_id: str, everyone: bool = False):
        """The review as small steps; even checking the save and loading the
        review's code come after the tap's own redraw, so the bar shows at once."""
        yield 0.0
        try:
            save, _ = saves.load_state(self.library.get(game_id).stored.text)
        except saves.SaveError as err:
            self.unplayable[game_id] = str(err)
            return None
        from royaltable import review
        yield 0.0
        graded = [seat for seat, s in enumerate(save.seats) if everyone or s["kind"] == "human"]
        return (yield from review.reviewer(save.record, graded, playouts=self.review_playouts))

    def cmd_review_cancel(self, arg):
        """Stops the review; nothing of the game changes."""
        if self.reviewing is not None:
            self.reviewing["steps"].close()
            self.reviewing = None

    def review_step(self) -> bool:
        """One small step of the running review (main.py calls it for a few ms at
        a time). False once there is nothing more to do."""
        job = self.reviewing
        if job is None:
            return False
        try:
            job["progress"] = max(job["progress"], min(1.0, float(next(job["steps"]))))
            return True
        except StopIteration as done:
            self.reviewing = None
            if done.value is not None:
                self._review_done(job, done.value)
        except Exception as err:      # a review that fails costs the review only
            self.reviewing = None
            self.message = self.t("review.failed", reason=f"{type(err).__name__}: {err}")
        return False

    def review_progress(self) -> float | None:
        return None if self.reviewing is None else self.reviewing["progress"]

    def _review_done(self, job: dict, result) -> None:
        """Kept with the game in the library; shown at once if the screen it was
        asked from is still there."""
        entry = self.library.get(job["id"])
        if entry is None or entry.save is None or entry.save.record["actions"] != job["record"]["actions"]:
            return                        # the game is gone meanwhile (deleted here or in another tab)
        self.library.write(job["id"], saves.with_review(entry.stored.text, result.to_dict()))
        self.review_news = self.t("review.ready")
        here = self.screen_key()
        if here == job["from"] == "replay" and self.replaying and self.replaying["id"] == job["id"]:
            self._replay_open(job["seats"], job["record"], result, job["id"], self.replaying["step"])
        elif here == job["from"] and (here == "home" or self.game_id == job["id"]):
            self._replay_open(job["seats"], job["record"], result, job["id"])

    def review_control(self, game_id: str, show: bool = True) -> str:
        """The review's button for a finished game, its progress while it runs, or
        (`show`) the way to see it once done."""
        t = self.t
        if self.reviewing is not None and self.reviewing["id"] == game_id:
            return review_screen.progress(t, self.reviewing["progress"], game_id)
        if not self.can_review(game_id):
            return ""
        if self._kept_review(game_id) is not None:
            return button(esc(t("review.show")), "replay") if show else ""
        if self.reviewing is not None:
            return f'<span class="hint review-busy">{esc(t("review.busy"))}</span>'
        return button(esc(t("review.start")), "review", game_id)

    def cmd_replay_step(self, arg):
        if not self.replaying:
            return
        total = len(self.replaying["record"]["actions"])
        step = self.replaying["step"]
        target = {"first": 0, "back": step - 1, "next": step + 1, "last": total}.get(arg, step)
        self._replay_to(max(0, min(total, target)))

    def _replay_to(self, step: int) -> None:
        record = dict(self.replaying["record"], actions=self.replaying["record"]["actions"][:step])
        self.replaying["step"] = step
        self.replaying["match"] = Match.from_record(self.replaying["seats"], record, self.pace)

    def cmd_replay_close(self, arg):
        self.replaying = None
        self.screen = "table" if self.match else "home"

    # ---- time ---------------------------------------------------------------
    def pending_delay(self) -> int | None:
        if self.screen != "table" or not self.match or self.confirm or self.lost:
            return None
        return self.match.pending_delay()

    def step(self) -> None:
        if self.pending_delay() is not None:
            self.match.step()
            self.save()

    def skip_linger(self) -> bool:
        """A tap anywhere during a moment's pause ends it. True if it did."""
        if self.screen == "table" and self.match and self.match.interlude == LINGER:
            self.match.resume()
            return True
        return False

    # ---- drawing ------------------------------------------------------------
    def news(self) -> list[str]:
        """The log lines added since the last call, in words: what a screen reader
        announces after each move, whoever made it."""
        match = self.match if self.screen == "table" else None
        if match is None:
            self._told = None
            return []
        told = self._told[1] if self._told and self._told[0] is match else len(match.log)
        self._told = (match, len(match.log))
        return [log_line(entry, self.t, shown_names(match.seats, self.t)) for entry in match.log[told:]]

    def announcement(self) -> str:
        """The news as one text for the live region, a sentence per log line (and
        a review that has just finished)."""
        news = self.news()
        if self.review_news:
            news.append(self.review_news)
            self.review_news = None
        return self.t("speak.join").join(news)

    def screen_key(self) -> str:
        """Changes when a different kind of screen appears (the page scrolls to its top)."""
        if self.screen == "table" and self.match:
            match = self.match
            kind = ("lost" if self.lost else "confirm" if self.confirm else "handoff" if match.needs_handoff()
                    else "summary" if match.interlude == SUMMARY
                    else "result" if match.state.over else "table")
            return f"table:{kind}"
        return self.screen

    def render(self) -> str:
        body = getattr(self, f"render_{self.screen}")()
        if self.store_problem:
            body = (f'<div class="store-notice" role="alert">{icon("handoff")}'
                    f'<span>{esc(self.t("store." + self.store_problem))}</span></div>') + body
        message = ""
        if self.message:
            message = (f'<div class="toast" role="alert"><span>{esc(self.message)}</span>'
                       f'{button(esc(self.t("error.dismiss")), "dismiss", cls="btn-small")}</div>')
        return body + message

    def topbar(self, title: str, extra: str = "") -> str:
        t = self.t
        home = ""
        if self.screen not in ("home", "table"):
            label = t("nav.back") if self.screen == "rules" else t("nav.home")
            home = button(icon("home") + " " + esc(label), "home", cls="btn-ghost")
        lang = button(esc(t("lang.switch")), "lang", cls="btn-ghost", aria=t("lang.switch.label"))
        return (f'<header class="topbar"><div class="topbar-left">{home}'
                f'<h1 class="topbar-title">{title}</h1></div>'
                f'<div class="topbar-right">{extra}{lang}</div></header>')

    def render_home(self) -> str:
        t = self.t
        cards = []
        for game_id, low, high in COLLECTION:
            ready = playable(game_id)
            players = t("home.players.exact", min=low) if low == high else t("home.players", min=low, max=high)
            if ready:
                actions = (button(esc(t("home.play")), "setup", game_id, cls="btn-primary")
                           + button(esc(t("home.rules")), "rules", game_id))
                badge = ""
            else:
                actions = ""
                badge = f'<span class="badge badge-coming">{esc(t("home.coming"))}</span>'
            cards.append(
                f'<article class="game-card {"" if ready else "is-coming"}" data-game="{game_id}">'
                f'<div class="game-card-crest">{icon(game_id, "crest")}</div>'
                f'<h2>{esc(t("game." + game_id))}</h2>'
                f'<p class="game-card-players">{esc(players)}</p>'
                f'<p class="game-card-blurb">{esc(t("game." + game_id + ".blurb"))}</p>'
                f'{badge}<div class="game-card-actions">{actions}</div></article>')
        return (self.topbar(esc(t("app.name")))
                + f'<section class="home"><p class="tagline">{esc(t("app.tagline"))}</p>{self.render_library()}'
                f'<h2 class="section-title">{esc(t("home.title"))}</h2>'
                f'<div class="game-grid">{"".join(cards)}</div>{self.render_history()}</section>')

    # The library on the home screen. The first paint (static/boot.js) draws the
    # games in progress from templates of these same functions (tools/prerender.py).
    def render_library(self) -> str:
        rows = [self.damaged_row(e.id, e.problem) for e in self.library.damaged()]
        rows += [self._progress(e) for e in self.library.in_progress()]
        return self.library_section("".join(rows)) if rows else ""

    def library_section(self, rows: str) -> str:
        return (f'<section class="library" aria-labelledby="library-title">'
                f'<h2 class="section-title" id="library-title">{esc(self.t("library.in_progress"))}</h2>'
                f'<ul class="lib-list">{rows}</ul></section>')

    def _progress(self, entry) -> str:
        t = self.t
        save = entry.save
        game_id = save.record["game"]
        if entry.id in self.unplayable:
            return self._kept_row(entry.id, self.unplayable[entry.id])
        actions = None
        if entry.id == self.deleting:
            actions = self._ask_delete(entry.id)
        elif entry.id == self.elsewhere:
            actions = (f'<p class="lib-question">{esc(t("library.elsewhere"))}</p>'
                       + button(esc(t("library.takeover")), "takeover", entry.id, cls="btn-primary")
                       + button(esc(t("library.cancel")), "cancel_open", entry.id))
        return self.progress_row(entry.id, icon(game_id, "crest"), t("game." + game_id),
                                 t.join(shown_names(save.seats, t)), len(save.record["actions"]),
                                 self.when(entry.stored.updated), actions)

    def progress_row(self, entry_id: str, crest: str, title: str, names: str, moves: int, when: str,
                     actions: str | None = None) -> str:
        t = self.t
        if actions is None:
            actions = (button(esc(t("save.continue")), "continue", entry_id, cls="btn-primary")
                       + button(esc(t("library.export")), "export", entry_id)
                       + button(esc(t("library.delete")), "delete", entry_id))
        detail = t("library.detail", names=names, n=moves, when=when)
        return (f'<li class="lib-row" data-entry="{esc(entry_id)}"><div class="lib-crest">{crest}</div>'
                f'<div class="lib-text"><strong>{esc(title)}</strong><span class="lib-detail">{esc(detail)}</span></div>'
                f'<div class="lib-actions">{actions}</div></li>')

    def damaged_row(self, entry_id: str, problem: str) -> str:
        t = self.t
        # The alert is inside the item: a list holds list items only.
        return (f'<li class="lib-row is-problem" data-entry="{esc(entry_id)}">'
                f'<div class="lib-text" role="alert"><strong>{esc(t("save.problem"))}</strong>'
                f'<span class="lib-detail">{esc(t("save." + problem))}</span></div>'
                f'<div class="lib-actions">{button(esc(t("save.discard")), "discard_save", entry_id, cls="btn-danger")}'
                '</div></li>')

    def _kept_row(self, entry_id: str, problem: str) -> str:
        """A game kept that cannot be continued or replayed (older rules): export or delete it."""
        t = self.t
        actions = (self._ask_delete(entry_id) if entry_id == self.deleting else
                   button(esc(t("library.export")), "export", entry_id)
                   + button(esc(t("library.delete")), "delete", entry_id))
        entry = self.library.get(entry_id)
        title = t("game." + entry.save.record["game"]) if entry and entry.save else t("save.problem")
        return (f'<li class="lib-row is-problem" data-entry="{esc(entry_id)}">'
                f'<div class="lib-text"><strong>{esc(title)}</strong>'
                f'<span class="lib-detail">{esc(t("save." + problem))}</span></div>'
                f'<div class="lib-actions">{actions}</div></li>')

    def _ask_delete(self, entry_id: str) -> str:
        t = self.t
        return (f'<p class="lib-question">{esc(t("library.delete.confirm"))}</p>'
                + button(esc(t("library.delete.yes")), "delete_yes", entry_id, cls="btn-danger")
                + button(esc(t("library.delete.no")), "delete_no", entry_id, cls="btn-primary"))

    def render_history(self) -> str:
        """Finished games (a replay, a file, a link), the import, and the space used."""
        t = self.t
        rows = []
        for entry in self.library.finished():
            if entry.id in self.unplayable:
                rows.append(self._kept_row(entry.id, self.unplayable[entry.id]))
                continue
            save = entry.save
            game_id = save.record["game"]
            names = shown_names(save.seats, t)
            winners = [names[w] for w in save.winners if 0 <= w < len(names)] if save.winners else []
            line = (t("result.winner" if len(winners) == 1 else "result.winners", names=t.join(winners))
                    if winners else t.join(names))
            if entry.id == self.deleting:
                actions = self._ask_delete(entry.id)
            else:
                review = self.review_control(entry.id, show=False)    # its Replay shows a kept review
                actions = (button(esc(t("replay.open")), "replay_saved", entry.id, cls="btn-primary")
                           + review
                           + button(esc(t("library.export")), "export", entry.id)
                           + button(esc(t("library.share")), "share", entry.id)
                           + button(esc(t("library.delete")), "delete", entry.id))
            link = ""
            if self.shared and self.shared[0] == entry.id:
                label = esc(t("library.share.label"))
                link = (f'<div class="lib-link"><input class="lib-link-url" readonly aria-label="{label}" '
                        f'value="{esc(self.shared[1])}">{button(esc(t("library.copy")), "copy", entry.id)}</div>')
            detail = t("library.result", line=line, when=self.when(entry.stored.updated))
            if save.review is not None:
                detail = t("library.size.join").join([detail, t("review.done")])
            rows.append(f'<li class="lib-row" data-entry="{esc(entry.id)}"><div class="lib-crest">{icon(game_id, "crest")}</div>'
                        f'<div class="lib-text"><strong>{esc(t("game." + game_id))}</strong>'
                        f'<span class="lib-detail">{esc(detail)}</span>{link}</div>'
                        f'<div class="lib-actions">{actions}</div></li>')
        history = (f'<h2 class="section-title" id="history-title">{esc(t("library.finished"))}</h2>'
                   f'<ul class="lib-list">{"".join(rows)}</ul>') if rows else ""
        count = len(self.library.entries)
        sizes = [t("library.size", n=count, size=_size(self.library.bytes_used()))] if count else []
        if self.snapshot_bytes:
            sizes.append(t("library.snapshot", size=_size(self.snapshot_bytes)))
        size = t("library.size.join").join(sizes)
        return (f'<section class="history" aria-label="{esc(t("library.finished"))}">{history}'
                f'<div class="lib-tools" data-drop>'
                f'<label class="btn" for="import-file">{esc(t("library.import"))}</label>'
                f'<input type="file" id="import-file" class="sr-only" data-import accept=".json,application/json">'
                f'<span class="hint">{esc(t("library.import.hint"))}</span>'
                f'<span class="lib-size">{esc(size)}</span></div></section>')

    def _local(self, ms: float) -> datetime.datetime:
        utc = datetime.datetime(1970, 1, 1) + datetime.timedelta(milliseconds=ms)
        return utc - datetime.timedelta(minutes=self.tz_offset_min)

    def when(self, ms: float) -> str:
        """When a game was last played, on the device's clock (boot.js writes it the same way)."""
        moment, now = self._local(ms), self._local(self.library.clock() * 1000)
        day = f"{moment.month}/{moment.day}" if moment.year == now.year else f"{moment.year}/{moment.month}/{moment.day}"
        return f"{day} {moment.hour:02d}:{moment.minute:02d}"

    def render_rules(self) -> str:
        t = self.t
        title = t("rules.title", game=t("game." + self.rules_game))
        return self.topbar(esc(title)) + rules_page.render(self.rules_game, t)

    def render_setup(self) -> str:
        from royaltable import registry
        t = self.t
        setup = self.setup
        game = registry.get(setup["game"])
        counts = "".join(
            button(str(n), "players", str(n), cls="btn-choice" + (" is-on" if n == setup["players"] else ""),
                   aria=t("setup.players.n", n=n))
            for n in range(game.min_players, game.max_players + 1))
        rows = []
        for seat in range(setup["players"]):
            kinds = "".join(
                button(esc(t("setup.kind." + kind)), "kind", f"{seat}:{kind}",
                       cls="btn-choice" + (" is-on" if setup["kinds"][seat] == kind else ""))
                for kind in KINDS)
            rows.append(
                f'<div class="seat-row"><label class="seat-label" for="name-{seat}">'
                f'{esc(t("setup.seat", n=seat + 1))}</label>'
                f'<input id="name-{seat}" class="name-input" data-field="name:{seat}" maxlength="32" '
                f'value="{esc(setup["names"][seat])}" aria-label="{esc(t("setup.name"))}">'
                f'<div class="choice-group" role="group">{kinds}</div></div>')
        options = []
        for name, (choices, _) in game.options.items():
            buttons = "".join(
                button(esc(option_value(t, game.id, name, c)), "option", f"{name}:{c}",
                       cls="btn-choice" + (" is-on" if setup["options"][name] == c else ""))
                for c in choices)
            options.append(f'<div class="form-row"><span class="form-label">{esc(t(f"option.{game.id}.{name}"))}</span>'
                           f'<div class="choice-group">{buttons}</div></div>')
        return (self.topbar(esc(t("setup.title", game=t("game." + setup["game"]))),
                            button(esc(t("nav.rules")), "rules", setup["game"], cls="btn-ghost"))
                + '<section class="setup">'
                f'<div class="form-row"><span class="form-label">{esc(t("setup.players"))}</span>'
                f'<div class="choice-group">{counts}</div></div>'
                f'<div class="seats">{"".join(rows)}</div>'
                + "".join(options)
                + f'<div class="form-row"><span class="form-label">{esc(t("speed.title"))}</span>'
                f'<div class="choice-group">{self._speed_choices()}</div></div>'
                f'<div class="form-row"><label class="form-label" for="seed">{esc(t("setup.seed"))}</label>'
                f'<input id="seed" class="seed-input" data-field="seed" inputmode="numeric" '
                f'value="{esc(setup["seed"])}"><span class="hint">{esc(t("setup.seed.hint"))}</span></div>'
                f'<div class="form-actions">{button(esc(t("setup.start")), "start", cls="btn-primary btn-big")}</div>'
                '</section>')

    def _speed_choices(self) -> str:
        return "".join(button(esc(self.t("speed." + s)), "speed", s,
                              cls="btn-choice" + (" is-on" if self.speed == s else ""))
                       for s in SPEEDS)

    def render_table(self) -> str:
        t = self.t
        match = self.match
        game_id = match.game.id
        tools = []
        names = shown_names(match.seats, t)
        undoer = match.undoer()
        if undoer is not None and not self.confirm and not self.lost:
            tools.append(button(icon("undo") + " " + esc(t("undo.button", name=names[undoer])),
                                "undo", cls="btn-undo"))
        if match.can_suggest() and not self.confirm and not self.lost:
            tools.append(button(icon("hint") + " " + esc(t("hint.button")), "hint", cls="btn-hint",
                                disabled=match.hint is not None))
        if any(match.is_bot(s) for s in range(len(match.seats))):
            tools.append(button(icon("speed") + " " + esc(t("speed.button", speed=t("speed." + self.speed))),
                                "speed", cls="btn-ghost"))
        tools.append(button(esc(t("nav.rules")), "rules", game_id, cls="btn-ghost"))
        tools.append(button(esc(t("nav.quit")), "quit", cls="btn-ghost"))
        bar = self.topbar(esc(t("game." + game_id)), "".join(tools))
        screen = self.screen_key().split(":")[1]
        if self.lost:
            return bar + (f'<section class="dialog" role="dialog" data-screen="lost"><p>{esc(t("library.lost"))}</p>'
                          f'<div class="dialog-actions">{button(esc(t("result.home")), "quit", "leave", cls="btn-primary")}'
                          '</div></section>')
        if self.confirm:
            return bar + self.render_confirm()
        if match.needs_handoff():
            seat = match.handoff_to()
            name = names[seat]
            cancel = (button(esc(t("peek.cancel")), "peek_end", cls="btn-ghost")
                      if match.peek_asked is not None else "")
            # Nothing private is drawn here: the previous holder's cards are gone.
            return bar + (f'<section class="handoff" role="dialog" aria-live="assertive" data-screen="handoff">'
                          f'<div class="handoff-icon">{icon("handoff")}</div>'
                          f'<h2>{esc(t("handoff.title", name=name))}</h2>'
                          f'<p>{esc(t("handoff.body"))}</p>'
                          f'{button(esc(t("handoff.ready", name=name)), "handoff", str(seat), cls="btn-primary btn-big")}'
                          f'{cancel}</section>')
        ctx = Ctx(t, match)
        view = match.state.view(match.viewer)
        if match.hint:
            ctx.teacher = teacher.panel(match, t, view)
        with suggesting(match.hint):
            body = match.table.render(view, ctx)
        if match.interlude == SUMMARY:
            body += f'<div class="overlay">{match.table.summary(view, ctx)}</div>'
        elif match.state.over:
            body = self.render_result(ctx, view) + body
        if ctx.teacher and ctx.teacher not in body:
            body = teacher.after_hint(body, ctx.teacher, t)
        body = self.render_peek(match, ctx.names) + body
        side = match.table.side(view, ctx) + self.render_log(match)
        viewer = "" if match.viewer is None else str(match.viewer)
        speak = button(esc(t("speak.button")), "speak", cls="btn-small sr-only-focusable")
        return (f'{bar}{speak}<div class="table-layout" data-screen="{screen}" data-viewer="{viewer}">'
                f'<div class="table-main">{body}</div><aside class="table-side">{side}</aside></div>')

    def render_peek(self, match: Match, names: list[str]) -> str:
        """Between turns: "show my cards" for each person; while one looks, a way to hide them."""
        t = self.t
        if match.peeking is not None:
            name = names[match.peeking]
            return (f'<div class="peek-bar is-peeking" role="status"><span>{esc(t("peek.only", name=name))}</span>'
                    f'{button(esc(t("peek.hide")), "peek_end", cls="btn-primary")}</div>')
        seats = match.peekers()
        if not seats:
            return ""
        return ('<div class="peek-bar">' + "".join(
            button(icon("handoff") + " " + esc(t("peek.show", name=names[s])), "peek", str(s), cls="btn-small")
            for s in seats) + "</div>")

    def render_confirm(self) -> str:
        t = self.t
        if self.confirm == "leave":
            text, actions = t("nav.leave.confirm"), (
                button(esc(t("nav.quit.no")), "quit", "cancel", cls="btn-primary")
                + button(esc(t("nav.leave.yes")), "quit", "leave"))
        else:
            text, actions = t("nav.quit.confirm"), (
                button(esc(t("nav.quit.yes")), "quit", "yes", cls="btn-danger")
                + button(esc(t("nav.quit.no")), "quit", "cancel", cls="btn-primary"))
        return (f'<section class="dialog" role="dialog" data-screen="confirm"><p>{esc(text)}</p>'
                f'<div class="dialog-actions">{actions}</div></section>')

    def render_result(self, ctx: Ctx, view: dict) -> str:
        t = self.t
        match = self.match
        result = match.state.result()
        winners = t.join([ctx.names[s] for s in result["winners"]])
        line = t("result.winner" if len(result["winners"]) == 1 else "result.winners", names=winners)
        return (f'<section class="result" role="status"><h2>{icon("crown")} {esc(t("result.title"))}</h2>'
                f'<p class="result-winners">{esc(line)}</p>'
                f'{match.table.result_detail(view, ctx)}'
                f'<div class="dialog-actions">{button(esc(t("result.again")), "again", cls="btn-primary")}'
                f'{button(esc(t("replay.open")), "replay")}'
                f'{button(esc(t("result.home")), "quit", "yes")}</div>'
                f'{self._result_review()}</section>')

    def _result_review(self) -> str:
        control = self.review_control(self.game_id) if self.game_id and not self.lost else ""
        return f'<div class="result-review">{control}</div>' if control else ""

    def render_replay(self) -> str:
        t = self.t
        replaying = self.replaying
        match = replaying["match"]
        step, total = replaying["step"], len(replaying["record"]["actions"])
        controls = "".join(
            button(icon(arg), "replay_step", arg, disabled=disabled, aria=t("replay." + arg))
            for arg, disabled in (("first", step == 0), ("back", step == 0),
                                  ("next", step == total), ("last", step == total)))
        bar = self.topbar(esc(t("replay.title", game=t("game." + match.game.id))),
                          button(esc(t("replay.close")), "replay_close", cls="btn-ghost"))
        ctx = Ctx(t, match, replay=True)
        view = match.state.view(None)
        last = esc(log_line(match.log[-1], t, ctx.names)) if step and match.log else ""
        review = replaying.get("review")
        graded = review_screen.graded_at(review, step)
        grade = ""
        if graded is not None:
            line = review_screen.grade_line(t, graded, self._best_words(graded, ctx.names),
                                            ctx.names[graded.seat], len(review.seats) > 1)
            grade = f'<span class="replay-grade grade-{graded.grade}" data-grade="{graded.grade}">{esc(line)}</span>'
        panel = ""
        if review is not None:
            from royaltable import calibration
            rough = match.game.id in getattr(calibration, "ROUGH", frozenset())
            panel = review_screen.panel(t, review, ctx.names, len(replaying["seats"]), total, step, rough,
                                        self._everyone_control(review))
        return (f'{bar}<div class="replay-bar" role="toolbar">{controls}'
                f'<span class="replay-step">{esc(t("replay.step", n=step, total=total))}</span>{grade}'
                f'<span class="replay-last">{last}</span></div>{panel}'
                f'<div class="table-layout" data-screen="replay" data-viewer="">'
                f'<div class="table-main">{match.table.render(view, ctx)}</div>'
                f'<aside class="table-side">{match.table.side(view, ctx)}{self.render_log(match)}</aside></div>')

    def _everyone_control(self, review) -> str:
        """Under a review of the people only: the way to grade the computers too
        (or its progress while that runs)."""
        game_id = self.replaying.get("id")
        if len(review.seats) == len(self.replaying["seats"]) or not self.can_review(game_id):
            return ""
        if self.reviewing is not None and self.reviewing["id"] == game_id:
            return review_screen.progress(self.t, self.reviewing["progress"], game_id)
        if self.reviewing is not None:
            return f'<span class="hint review-busy">{esc(self.t("review.busy"))}</span>'
        return button(esc(self.t("review.everyone")), "review_everyone", game_id, cls="btn-small")

    def _best_words(self, move, names: list[str]) -> str:
        """What the review would have played, in the table's words at that moment
        (kept per language: the replay redraws often)."""
        if move.best == move.played:
            return ""
        cache = self.replaying["words"]
        key = (move.index, self.t.lang)
        if key not in cache:
            from royaltable import registry
            record = self.replaying["record"]
            state = registry.replay(dict(record, actions=record["actions"][:move.index]))
            table = self.replaying["match"].table
            cache[key] = review_screen.move_words(table, state, move.seat, move.best, self.t, names, log_line)
        return cache[key]

    def render_log(self, match: Match) -> str:
        t = self.t
        shown = match.log[-LOG_SHOWN:]
        names = shown_names(match.seats, t)
        lines = [f"<li>{esc(log_line(entry, t, names))}</li>" for entry in reversed(shown)]
        # Numbered as moves of the whole game, newest first, even when older ones are cut.
        return (f'<details class="log" open><summary>{esc(t("table.log"))}</summary>'
                f'<ol class="log-list" reversed start="{len(match.log)}" tabindex="0" '
                f'aria-label="{esc(t("table.log"))}">{"".join(lines)}</ol></details>')


def _size(n: int) -> str:
    return f"{n / 1e6:.1f} MB" if n >= 1e6 else f"{max(1, round(n / 1e3))} kB"


def option_value(t: Translator, game_id: str, name: str, value) -> str:
    """A choice of a new-game option in words: its own key
    ("option.<game>.<option>.<choice>"), else the option's "{value}" pattern."""
    key = f"option.{game_id}.{name}.{value}"
    return t(key) if t.has(key) else t(f"option.{game_id}.{name}.value", value=value)


def log_line(entry, t: Translator, names: list[str]) -> str:
    key, params = entry
    return t(key, **resolve(params, t, names))


def resolve(params: dict, t: Translator, names: list[str]) -> dict:
    """Log parameters name seats and catalog keys, so a log reads right in either language."""
    out = {}
    for key, value in params.items():
        if isinstance(value, (tuple, list)) and len(value) == 2 and value[0] == "seat":
            value = names[value[1]]
        elif isinstance(value, (tuple, list)) and len(value) == 2 and value[0] == "tr":
            value = t(value[1])
        out[key] = value
    return out
