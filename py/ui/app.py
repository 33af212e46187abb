"""The app shell: the screens (ui/screens/: home, setup, table, replay, rules),
what they share, and the one way in for main.py and the tests: commands from
taps (handle), timer ticks (step), the browser's Back, the store's answers, and
render(), which draws the screen on show and changes nothing.

Pure Python (no pyscript/js): main.py feeds it taps, timer ticks and the
browser's Back, and puts what render() returns on the page, so all of this is
tested in CPython too.
"""
from __future__ import annotations

from . import saves
from .html import button
from .i18n import Translator, default_lang, default_names, log_line, shown_names
from .library import Library, MemoryStore, new_id
from .collection import GAMES
from .markup import Markup, el, join, text
from .match import LINGER, SPEEDS, Match
from .screens import icon
from .screens.about import AboutScreen
from .screens.aid import AidScreen
from .screens.home import HomeScreen
from .screens.replay import ReplayScreen, ReviewJob, Replaying
from .screens.rules import RulesScreen
from .screens.setup import KINDS, SetupForm, SetupScreen, option_value
from .screens.table import LOG_SHOWN, Ctx, TableScreen
from .tutorial import Tutorial, has_lesson, lesson

__all__ = ["App", "Ctx", "KINDS", "LOG_SHOWN", "MemoryStorage", "Replaying", "ReviewJob", "SetupForm",
           "log_line", "option_value"]

LANG_KEY = "royaltable.lang"
SPEED_KEY = "royaltable.speed"
SOUND_KEY = "royaltable.sound"
# Screens read over another (the rules, the player aid): Home and Back return there.
READING = ("rules", "aid")


class MemoryStorage(dict):
    """Small settings (language, speed): main.py gives localStorage; a dict in tests."""
    def get(self, key):
        return super().get(key)

    def set(self, key, value):
        self[key] = value

    def remove(self, key):
        self.pop(key, None)


def page_of(screen_key: str | None) -> str | None:
    """What a screen (App.screen_key) is drawn on: between two pages the page is drawn
    afresh instead of patched (static/redraw.js): a hand-off, a dialog, another screen.
    The table, a round's summary over it and the result are one page (the patch still
    draws it afresh for another viewer)."""
    return "table" if screen_key in ("table:table", "table:summary", "table:result") else screen_key


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
        self.sound = self.storage.get(SOUND_KEY) == "on"     # off unless a player turned it on
        self.snapshot_bytes = 0     # the quick-start copy of the app kept on the device (main.py)
        self.screen = "home"                     # the name of the screen on show
        self.game_id: str | None = None          # the open game's id in the library
        self.lost: str | bool = False            # why this tab stopped saving the open game:
                                                 # "taken" (another tab plays it) or "deleted"
        self.unplayable: dict[str, str] = {}     # id -> why Continue could not replay it
        self.store_problem: str | None = None    # "quota" / "blocked": saving fails
        self.effects: list[tuple] = []           # for the page: downloads, links, copies
        self.match: Match | None = None
        self.tutorial: Tutorial | None = None    # the guided first game on the table, if it is one
        self.message: str | None = None          # what went wrong, in words (a toast)
        self.good_news: str | None = None        # what went well (an import, a game ended), in words
        self.confirm: str | None = None          # "quit" or "leave": a question over the table
        self.panel: str | None = None            # the panel open over the table (scores, log, ...)
        self._told: tuple | None = None          # (match, log length) already announced
        # The review running now (one at a time), advanced by main.py between frames.
        self.reviewing: ReviewJob | None = None
        self.review_playouts = review_playouts   # None: the strong player's own budget (tests: less)
        self.review_news: str | None = None      # "the review is ready", for the live region once
        self.home = HomeScreen(self)
        self.setup = SetupScreen(self)
        self.table = TableScreen(self)
        self.replay = ReplayScreen(self)
        self.rules = RulesScreen(self)
        self.about = AboutScreen(self)
        self.aid = AidScreen(self)
        self.screens = {s.name: s for s in (self.home, self.setup, self.table, self.replay, self.rules, self.about,
                                            self.aid)}
        self._commands = {"dismiss": self.cmd_dismiss, "lang": self.cmd_lang, "speed": self.cmd_speed,
                          "sound": self.cmd_sound, "home": self.cmd_home,
                          "panel": self.cmd_panel, "learn": self.cmd_learn, "teach_next": self.cmd_teach_next}
        for screen in self.screens.values():
            self._commands.update(screen.commands())

    # ---- commands -----------------------------------------------------------
    def handle(self, cmd: str, arg: str = "") -> None:
        handler = self._commands.get(cmd)
        if handler is None:
            return
        self.message = self.good_news = None
        handler(arg)
        if cmd in ("act", "undo"):
            self.save()
        self._hand_over_sounds()

    def cmd_dismiss(self, arg):
        self.message = self.good_news = None

    def cmd_lang(self, arg):
        self.t = Translator("en" if self.t.lang == "ja" else "ja")
        self.storage.set(LANG_KEY, self.t.lang)
        self.setup.rename_defaults()
        self.replay.relabel()

    def cmd_speed(self, arg):
        """Slow, normal or fast computer moves; a tap without a choice cycles."""
        order = list(SPEEDS)
        self.speed = arg if arg in SPEEDS else order[(order.index(self.speed) + 1) % len(order)]
        self.storage.set(SPEED_KEY, self.speed)
        if self.match:
            self.match.speed = self.speed

    def cmd_sound(self, arg):
        """Soft card, dice and coin sounds on or off (remembered); the page
        readies its audio on this tap, as iPads allow only after a tap."""
        self.sound = not self.sound
        self.storage.set(SOUND_KEY, "on" if self.sound else "off")
        if self.sound:
            self.effects.append(("sound", "ready"))

    def cmd_panel(self, arg):
        """A tab beside the table opens its panel over it; the same tab, or the
        panel's close button (no argument), closes it."""
        self.panel = None if not arg or arg == self.panel else arg

    def cmd_learn(self, arg):
        """"Learn to play": the game's guided first game (ui/tutorial.py), against
        computer players on its lesson's deal. A real game, kept in the library as
        any other (Continue plays it on as a game, without the lesson's words)."""
        from .collection import playable
        if not playable(arg) or not has_lesson(arg):
            self.message = self.t("teach.unknown")
            return
        taught = lesson(arg)
        seats = [{"name": name, "kind": kind, "default": True}
                 for name, kind in zip(default_names(self.t, taught.seats), taught.seats)]
        match = Match(arg, seats, taught.options, taught.seed, self.pace, self.speed)
        self.open_new(match)
        self.tutorial = tutorial = Tutorial(taught)
        match.holds = lambda: tutorial.holds(match)

    def cmd_teach_next(self, arg):
        if self.tutorial and self.match and self.screen == "table":
            self.tutorial.next(self.match)
            self.match.call_back()

    def cmd_home(self, arg):
        """Home, from any screen, with no question: an open game is saved and
        waits in the library."""
        if self.screen in READING:
            self.screens[self.screen].close()
        elif self.match:                  # from the table, or the replay of its result
            self.table.go_home()
        else:
            self.screen = "home"

    def cmd_review_cancel(self, arg):
        """Stops the running review (main.py, when a slice of it fails)."""
        self.replay.cmd_review_cancel(arg)

    def field(self, name: str, value: str) -> None:
        """Text typed into the new-game form (no redraw, so typing is not lost)."""
        self.setup.field(name, value)

    def back(self) -> bool:
        """The browser's Back (a tablet's back swipe): the app's previous screen.
        False when there is none and the browser may leave the app. A panel open
        over the table closes first."""
        if self.panel is not None and self.screen in ("table", "replay"):
            self.panel = None
        elif self.screen in READING:
            self.screens[self.screen].close()
        elif self.screen in ("setup", "about"):
            self.screen = "home"
        elif self.screen == "replay":
            self.replay.cmd_replay_close("")
        elif self.screen == "table" and self.match:
            self.table.back()
        else:
            return False
        self.message = None
        return True

    def recover(self, err: Exception) -> None:
        """A screen that failed to draw: say so, and go home (a drawing bug must
        not leave a blank page)."""
        self.message = self.t("error.unexpected", reason=f"{type(err).__name__}: {err}")
        self.screen, self.confirm = "home", None

    # ---- the open game ---------------------------------------------------------
    def open_new(self, match: Match) -> None:
        """A new game, under a new id: no other game of the library is touched."""
        game_id = new_id()
        self.store.claim(game_id, False)
        self.open(match, game_id)

    def open(self, match: Match, game_id: str) -> None:
        self.leave()
        self.match, self.game_id, self.lost = match, game_id, False
        self.confirm = self.home.elsewhere = self.home.deleting = self.panel = None
        self.table.result_folded = False
        self.screen = "table"
        self.save()

    def leave(self) -> None:
        """Lets go of the open game (another tab may open it now); it stays in the library."""
        if self.game_id is not None:
            self.store.release(self.game_id)
        self.match = self.game_id = self.tutorial = None
        self.lost = False
        self.confirm = None

    # ---- the library: every game on this tablet ----------------------------------
    def save(self) -> None:
        """Called after every change: a game in progress survives any reload (a
        finished one stays too, in the history, for a replay)."""
        if self.match and self.game_id and not self.lost:
            self.library.write(self.game_id, saves.dump_state(self.match.seats, self.match.state,
                                                              self.kept_review(self.game_id),
                                                              practice=self.match.practice))

    def kept_review(self, game_id: str) -> dict | None:
        entry = self.library.get(game_id)
        return entry.save.review if entry is not None and entry.save is not None else None

    def store_event(self, kind: str, id: str = "", ok: bool = False, text: str | None = None,
                    rev: int = 0, problem: str = "") -> bool:
        """What the store answers later: a write failed or went through, another
        tab took the open game, Continue may (or may not) go ahead, or another
        tab changed the library. Returns whether the screen may have changed: a
        write that went through, as every move's does, changes nothing on screen
        unless a problem was shown."""
        if kind == "saved":
            shown, self.store_problem = self.store_problem, None
            return shown is not None
        if kind == "problem":
            self.store_problem = problem if problem in ("quota", "blocked") else "blocked"
        elif kind in ("lost", "deleted"):
            if kind == "deleted":
                self.library.forget(id)
            if id == self.game_id and self.match:
                self.lost = "taken" if kind == "lost" else "deleted"
                self.confirm = None
        elif kind == "claimed":
            self.home.claimed(id, ok, text, rev)
        elif kind == "removed":
            self.library.forget(id)
            self.library.refresh()
        elif kind == "changed":
            self.library.refresh()
        elif kind == "delete_refused":
            self.library.refresh()
            self.message = self.t("library.delete.refused")
        return True

    def import_game(self, text: str) -> None:
        self.home.import_game(text)

    def import_failed(self, reason: str) -> None:
        self.message = self.t("library.import.failed", reason=self.t("save." + reason))

    def shared_link(self, game_id: str, url: str) -> None:
        self.home.shared = (game_id, url)

    def open_shared(self, text: str) -> None:
        self.replay.open_shared(text)

    @property
    def replaying(self) -> Replaying | None:
        """The game being replayed (the replay screen's)."""
        return self.replay.current

    # ---- the review ---------------------------------------------------------------
    def review_step(self) -> bool:
        """One small step of the running review (main.py calls it for a few ms at
        a time). False once there is nothing more to do."""
        return self.replay.review_step()

    def review_progress(self) -> float | None:
        return None if self.reviewing is None else self.reviewing.progress

    # ---- time ---------------------------------------------------------------
    def pending_delay(self) -> int | None:
        if self.screen != "table" or not self.match or self.confirm or self.lost:
            return None
        if self.tutorial and self.tutorial.holds(self.match):
            return None                          # a lesson's words are read first: the table waits
        return self.match.pending_delay()

    def step(self) -> None:
        if self.pending_delay() is not None:
            self.match.step()
            self.save()
        self._hand_over_sounds()

    def _hand_over_sounds(self) -> None:
        """The sounds of what was just played, as effects for the page (main.py
        plays them); none when the sound is off. With them the match's call when
        the tablet came back to a person: "your turn" in a hidden tab's title."""
        if self.match and self.match.sounds:
            if self.sound:
                self.effects.extend(("sound", kind) for kind in self.match.sounds)
            self.match.sounds = []
        if self.match and self.match.called:
            self.effects.append(("your_turn", self.t("table.turn_title")))
            self.match.called = False

    def skip_linger(self) -> bool:
        """A tap anywhere during a moment's pause ends it. True if it did."""
        if self.screen == "table" and self.match and self.match.interlude == LINGER:
            self.match.resume()
            return True
        return False

    # ---- what the screen reader is told ---------------------------------------
    def news(self) -> list[str]:
        """The log lines added since the last announcement, in words: what a screen
        reader announces after each move, whoever made it. Only reads."""
        match = self.match if self.screen == "table" else None
        if match is None or not self._told or self._told[0] is not match:
            return []
        return [log_line(entry, self.t, shown_names(match.seats, self.t)) for entry in match.log[self._told[1]:]]

    def announcement(self) -> str:
        """The news as one text for the live region, a sentence per log line (and
        a review that has just finished). Taking it marks it told: main.py takes
        it once after each draw."""
        news = self.news()
        match = self.match if self.screen == "table" else None
        self._told = None if match is None else (match, len(match.log))
        if self.tutorial and match is not None:
            step = self.tutorial.step(match)
            if step is not None and self.tutorial.told != self.tutorial.index:
                self.tutorial.told = self.tutorial.index
                news.append(step.words[self.t.lang])
        if self.review_news:
            news.append(self.review_news)
            self.review_news = None
        return self.t("speak.join").join(news)

    # ---- drawing ------------------------------------------------------------
    def screen_key(self) -> str:
        """Changes when a different kind of screen appears (the page scrolls to its top)."""
        if self.screen == "table" and self.match:
            return f"table:{self.table.kind()}"
        return self.screen

    def render(self) -> Markup:
        """The screen on show, drawn: it only reads (the app is as it was)."""
        body = self.screens[self.screen].render()
        notice = message = None
        if self.store_problem:
            notice = el("div", {"class": "store-notice", "role": "alert"}, icon("handoff"),
                        el("span", self.t("store." + self.store_problem)))
        if self.message:
            message = el("div", {"class": "toast", "role": "alert"}, el("span", self.message),
                         button(text(self.t("error.dismiss")), "dismiss", cls="btn-small"))
        elif self.good_news:
            # In the page's flow above the screen, not over it: it hides no button.
            message = el("div", {"class": "good-news", "role": "status"}, icon("crown"),
                         el("span", self.good_news),
                         button(text(self.t("error.dismiss")), "dismiss", cls="btn-small btn-ghost"))
            return join((notice, message, body))
        return join((notice, body, message))

    def topbar(self, title: str, extra: Markup | None = None, tools: Markup | None = None) -> Markup:
        """`title`: text; `extra`: the screen's own ways out, before the language;
        `tools`: the table's play tools (undo, hint, speed, sound), which take a
        row of their own where the screen is narrow."""
        t = self.t
        home = None
        if self.screen != "home":
            label = t("nav.back") if self.screen in READING else t("nav.home")
            # At a table, Home saves the game: it waits in the library.
            aria = t("nav.home.table") if self.screen == "table" else None
            home = button(join((icon("home"), " ", label)), "home", cls="btn-ghost", aria=aria)
        lang = button(text(t("lang.switch")), "lang", cls="btn-ghost", aria=t("lang.switch.label"))
        return el("header", {"class": "topbar"},
                  el("div", {"class": "topbar-left"}, home, el("h1", {"class": "topbar-title"}, title)),
                  tools and el("div", {"class": "topbar-tools"}, tools),
                  el("div", {"class": "topbar-right"}, extra, lang))

    def speed_choices(self) -> Markup:
        return join(button(text(self.t("speed." + s)), "speed", s,
                           cls="btn-choice" + (" is-on" if self.speed == s else ""))
                    for s in SPEEDS)

    # The home screen's library, for tools/prerender.py's first-paint templates.
    def library_section(self, rows) -> Markup:
        return self.home.library_section(rows)

    def progress_row(self, *args, **kwargs) -> Markup:
        return self.home.progress_row(*args, **kwargs)

    def damaged_row(self, entry_id: str, problem: str) -> Markup:
        return self.home.damaged_row(entry_id, problem)
