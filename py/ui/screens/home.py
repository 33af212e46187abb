"""The home screen: the games of the collection, the library's games in
progress (continue, export, delete, take over from another tab) and the finished
ones (replay, review, export, share), the import and the space used."""
from __future__ import annotations

import datetime

from .. import saves
from .. import covers
from ..collection import COLLECTION
from ..html import button
from ..i18n import Translator, shown_names
from ..library import new_id
from ..markup import Markup, el, join, text
from ..match import Match
from ..tutorial import has_lesson
from . import NOTHING, Screen, icon


class HomeScreen(Screen):
    name = "home"

    def __init__(self, app):
        super().__init__(app)
        self.opening: str | None = None          # Continue asked, waiting for the store's yes
        self.elsewhere: str | None = None        # a game open in another tab: take it over?
        self.deleting: str | None = None         # Delete asked: "really?"
        self.shared: tuple[str, str] | None = None   # (game id, its share link)

    # ---- commands -----------------------------------------------------------------
    def cmd_continue(self, arg):
        entry = self.app.library.get(arg)
        if entry is None or not entry.playable or arg in self.app.unplayable or self.opening:
            return
        self.opening, self.elsewhere = arg, None
        self.app.store.claim(arg, False)

    def cmd_takeover(self, arg):
        if arg and arg == self.elsewhere:
            self.opening, self.elsewhere = arg, None
            self.app.store.claim(arg, True)

    def cmd_cancel_open(self, arg):
        self.elsewhere = None

    def claimed(self, game_id: str, ok: bool, text: str | None, rev: int) -> None:
        """The store's answer to Continue (or Take over)."""
        if game_id != self.opening:
            return
        self.opening = None
        if not ok:
            self.elsewhere = game_id
            return
        if text is None:                     # deleted in another tab since this list was drawn
            self.app.store.release(game_id)
            self.app.library.forget(game_id)
            self.app.message = self.t("library.gone")
            return
        self.app.library.adopt(game_id, text, rev)
        self._continue(game_id)

    def _continue(self, game_id: str) -> None:
        app = self.app
        entry = app.library.get(game_id)
        if entry is None or entry.save is None:
            app.store.release(game_id)
            return
        try:
            save, _ = saves.load_state(entry.stored.text)
        except saves.SaveError as err:
            app.unplayable[game_id] = str(err)
            app.store.release(game_id)
            return
        match = Match.from_record(save.seats, save.record, app.pace, app.speed)
        match.practice = save.practice
        app.open(match, game_id)

    def cmd_delete(self, arg):
        if self.app.library.get(arg) is not None and arg != self.app.game_id:
            self.deleting = arg

    def cmd_delete_yes(self, arg):
        app = self.app
        if arg and arg == self.deleting:
            if app.reviewing is not None and app.reviewing.id == arg:
                app.replay.cmd_review_cancel("")
            app.library.remove(arg)
            app.unplayable.pop(arg, None)
        self.deleting = None

    def cmd_delete_no(self, arg):
        self.deleting = None

    def cmd_discard_save(self, arg):
        """A save that cannot be read goes at once: there is nothing in it to keep."""
        entry = self.app.library.get(arg)
        if entry is not None and entry.problem:
            self.app.library.remove(arg)

    def cmd_export(self, arg):
        entry = self.app.library.get(arg)
        if entry is None:
            return
        game = entry.save.record["game"] if entry.save else "game"
        stamp = self._local(entry.stored.updated).strftime("%Y%m%d-%H%M")
        self.app.effects.append(("download", f"royaltable-{game}-{stamp}.json", entry.stored.text))

    def import_game(self, text: str) -> None:
        """A game from an exported file, checked as a save is, kept under a new id."""
        app, t = self.app, self.t
        try:
            save, state = saves.load_state(text)
        except saves.SaveError as err:
            app.message = t("library.import.failed", reason=t("save." + str(err)))
            return
        review = saves.read_review(save)
        app.library.write(new_id(), saves.dump_state(save.seats, state, review.to_dict() if review else None,
                                                     ended=save.ended, practice=save.practice))
        app.good_news = t("library.imported", game=t("game." + save.record["game"]))

    def cmd_share(self, arg):
        entry = self.app.library.get(arg)
        if entry is not None and entry.save is not None and entry.save.finished:
            self.app.effects.append(("share", arg, entry.stored.text))

    def cmd_copy(self, arg):
        if self.shared and self.shared[0] == arg:
            self.app.effects.append(("copy", self.shared[1]))
            self.app.good_news = self.t("library.copied")

    # ---- time -----------------------------------------------------------------------
    def _local(self, ms: float) -> datetime.datetime:
        utc = datetime.datetime(1970, 1, 1) + datetime.timedelta(milliseconds=ms)
        return utc - datetime.timedelta(minutes=self.app.tz_offset_min)

    def when(self, ms: float) -> str:
        """When a game was last played, on the device's clock (boot.js writes it the same way)."""
        moment, now = self._local(ms), self._local(self.app.library.clock() * 1000)
        day = f"{moment.month}/{moment.day}" if moment.year == now.year else f"{moment.year}/{moment.month}/{moment.day}"
        return f"{day} {moment.hour:02d}:{moment.minute:02d}"

    # ---- drawing --------------------------------------------------------------------
    def render(self) -> Markup:
        t = self.t
        other = Translator("en" if t.lang == "ja" else "ja")      # the name in the other script
        cards = []
        for game_id, low, high in COLLECTION:
            players = t("home.players.exact", min=low) if low == high else t("home.players", min=low, max=high)
            shortest, longest = covers.minutes(game_id)
            facts = t("home.facts", players=players, minutes=t("home.minutes", lo=shortest, hi=longest))
            actions = join((button(text(t("home.play")), "setup", game_id, cls="btn-primary"),
                            has_lesson(game_id) and button(text(t("teach.learn")), "learn", game_id),
                            button(text(t("home.rules")), "rules", game_id)))
            cards.append(el("article", {"class": "game-card", "data-game": game_id},
                            covers.art(game_id),
                            el("div", {"class": "game-card-body"},
                               el("h2", t("game." + game_id)),
                               el("p", {"class": "game-card-other", "lang": other.lang}, other("game." + game_id)),
                               el("p", {"class": "game-card-players"}, facts),
                               el("p", {"class": "game-card-blurb"}, t("game." + game_id + ".blurb")),
                               el("div", {"class": "game-card-actions"}, actions))))
        about = button(join((icon("guide"), " ", t("nav.about"))), "about", cls="btn-ghost")
        return join((self.app.topbar(t("app.name"), about),
                     el("section", {"class": "home"},
                        el("p", {"class": "tagline"}, t("app.tagline")), self.render_library(),
                        el("h2", {"class": "section-title"}, t("home.title")),
                        el("div", {"class": "game-grid"}, cards), self.render_history())))

    # The library on the home screen. The first paint (static/boot.js) draws the
    # games in progress from templates of these same functions (tools/prerender.py).
    def render_library(self) -> Markup:
        library = self.app.library
        rows = [self.damaged_row(e.id, e.problem) for e in library.damaged()]
        rows += [self._progress(e) for e in library.in_progress()]
        return self.library_section(join(rows)) if rows else NOTHING

    def library_section(self, rows) -> Markup:
        """`rows`: Markup (a plain str is a first-paint placeholder)."""
        return el("section", {"class": "library", "aria-labelledby": "library-title"},
                  el("h2", {"class": "section-title", "id": "library-title"}, self.t("library.in_progress")),
                  el("ul", {"class": "lib-list"}, rows))

    def _progress(self, entry) -> Markup:
        t = self.t
        save = entry.save
        game_id = save.record["game"]
        if entry.id in self.app.unplayable:
            return self._kept_row(entry.id, self.app.unplayable[entry.id])
        actions = None
        if entry.id == self.deleting:
            actions = self._ask_delete(entry.id)
        elif entry.id == self.elsewhere:
            actions = self._ask_takeover(entry.id)
        title = t("game." + game_id)
        if save.practice:
            title = t("library.practice", game=title, n=save.practice["move"])
        return self.progress_row(entry.id, covers.thumb(game_id), title,
                                 t.join(shown_names(save.seats, t)), len(save.record["actions"]),
                                 self.when(entry.stored.updated), actions)

    def progress_row(self, entry_id: str, cover, title: str, names: str, moves: int, when: str,
                     actions: Markup | None = None) -> Markup:
        """`cover`: the game's small cover, Markup (a plain str is a first-paint placeholder, drawn as text)."""
        t = self.t
        if actions is None:
            actions = join((button(text(t("save.continue")), "continue", entry_id, cls="btn-primary"),
                            button(text(t("library.export")), "export", entry_id),
                            button(text(t("library.delete")), "delete", entry_id)))
        detail = t("library.detail", names=names, n=moves, when=when)
        return el("li", {"class": "lib-row", "data-entry": entry_id},
                  el("div", {"class": "lib-cover"}, cover),
                  el("div", {"class": "lib-text"}, el("strong", title), el("span", {"class": "lib-detail"}, detail)),
                  el("div", {"class": "lib-actions"}, actions))

    def damaged_row(self, entry_id: str, problem: str) -> Markup:
        t = self.t
        # The alert is inside the item: a list holds list items only.
        return el("li", {"class": "lib-row is-problem", "data-entry": entry_id},
                  el("div", {"class": "lib-text", "role": "alert"}, el("strong", t("save.problem")),
                     el("span", {"class": "lib-detail"}, t("save." + problem))),
                  el("div", {"class": "lib-actions"},
                     button(text(t("save.discard")), "discard_save", entry_id, cls="btn-danger")))

    def _kept_row(self, entry_id: str, problem: str) -> Markup:
        """A game kept that cannot be continued or replayed (older rules): export or delete it."""
        t = self.t
        actions = (self._ask_delete(entry_id) if entry_id == self.deleting else
                   join((button(text(t("library.export")), "export", entry_id),
                         button(text(t("library.delete")), "delete", entry_id))))
        entry = self.app.library.get(entry_id)
        title = t("game." + entry.save.record["game"]) if entry and entry.save else t("save.problem")
        return el("li", {"class": "lib-row is-problem", "data-entry": entry_id},
                  el("div", {"class": "lib-text"}, el("strong", title),
                     el("span", {"class": "lib-detail"}, t("save." + problem), " ", t("save.kept"))),
                  el("div", {"class": "lib-actions"}, actions))

    def _ask_takeover(self, entry_id: str) -> Markup:
        t = self.t
        return join((el("p", {"class": "lib-question"}, t("library.elsewhere")),
                     button(text(t("library.takeover")), "takeover", entry_id, cls="btn-primary"),
                     button(text(t("library.cancel")), "cancel_open", entry_id)))

    def _ask_delete(self, entry_id: str) -> Markup:
        t = self.t
        return join((el("p", {"class": "lib-question"}, t("library.delete.confirm")),
                     button(text(t("library.delete.yes")), "delete_yes", entry_id, cls="btn-danger"),
                     button(text(t("library.delete.no")), "delete_no", entry_id, cls="btn-primary")))

    def render_history(self) -> Markup:
        """Finished games (a replay, a file, a link), the import, and the space used."""
        t = self.t
        app = self.app
        rows = []
        for entry in app.library.finished():
            if entry.id in app.unplayable:
                rows.append(self._kept_row(entry.id, app.unplayable[entry.id]))
                continue
            save = entry.save
            game_id = save.record["game"]
            names = shown_names(save.seats, t)
            winners = [names[w] for w in save.winners if 0 <= w < len(names)] if save.winners else []
            line = (t("result.winner" if len(winners) == 1 else "result.winners", names=t.join(winners))
                    if winners else t.join(names))
            if save.ended:                  # ended early by its players: it may be played on
                line = t("library.size.join").join([t("library.ended"), line])
            if entry.id == self.deleting:
                actions = self._ask_delete(entry.id)
            elif entry.id == self.elsewhere:
                actions = self._ask_takeover(entry.id)
            elif save.ended:
                actions = join((button(text(t("library.play_on")), "continue", entry.id, cls="btn-primary"),
                                button(text(t("replay.open")), "replay_saved", entry.id),
                                button(text(t("library.export")), "export", entry.id),
                                button(text(t("library.delete")), "delete", entry.id)))
            else:
                review = app.replay.review_control(entry.id, show=False)    # its Replay shows a kept review
                actions = join((button(text(t("replay.open")), "replay_saved", entry.id, cls="btn-primary"),
                                review,
                                button(text(t("library.export")), "export", entry.id),
                                button(text(t("library.share")), "share", entry.id),
                                button(text(t("library.delete")), "delete", entry.id)))
            link = None
            if self.shared and self.shared[0] == entry.id:
                link = el("div", {"class": "lib-link"},
                          el("input", {"class": "lib-link-url", "readonly": True,
                                       "aria-label": t("library.share.label"), "value": self.shared[1]}),
                          button(text(t("library.copy")), "copy", entry.id))
            detail = t("library.result", line=line, when=self.when(entry.stored.updated))
            if save.review is not None:
                detail = t("library.size.join").join([detail, t("review.done")])
            rows.append(el("li", {"class": "lib-row", "data-entry": entry.id},
                           el("div", {"class": "lib-cover"}, covers.thumb(game_id)),
                           el("div", {"class": "lib-text"},
                              el("strong", t("library.practice", game=t("game." + game_id), n=save.practice["move"])
                                 if save.practice else t("game." + game_id)),
                              el("span", {"class": "lib-detail"}, detail), link),
                           el("div", {"class": "lib-actions"}, actions)))
        history = None
        if rows:
            history = join((el("h2", {"class": "section-title", "id": "history-title"}, t("library.finished")),
                            el("ul", {"class": "lib-list"}, rows)))
        count = len(app.library.entries)
        sizes = [t("library.size", n=count, size=_size(app.library.bytes_used()))] if count else []
        if app.snapshot_bytes:
            sizes.append(t("library.snapshot", size=_size(app.snapshot_bytes)))
        size = t("library.size.join").join(sizes)
        return el("section", {"class": "history", "aria-label": t("library.finished")}, history,
                  el("div", {"class": "lib-tools", "data-drop": True},
                     el("label", {"class": "btn", "for": "import-file"}, t("library.import")),
                     el("input", {"type": "file", "id": "import-file", "class": "sr-only", "data-import": True,
                                  "accept": ".json,application/json"}),
                     el("span", {"class": "hint"}, t("library.import.hint")),
                     el("span", {"class": "lib-size"}, size)))


def _size(n: int) -> str:
    return f"{n / 1e6:.1f} MB" if n >= 1e6 else f"{max(1, round(n / 1e3))} kB"
