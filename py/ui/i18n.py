"""Every string the app shows, in Japanese and English: one catalog, read from
data files (ui/datafile.py): the shell's words in
ui/words.toml, each game's in ui/games/<game id>/words.toml (titles and blurbs for the
home screen among them), its in-app rules in ui/games/<game id>/rules.toml.
The catalog is read once, at import, and never changes.

TOML because a words file is edited by people (translators among them): each key
on one line with both languages side by side, comments kept, no code.

`Translator(lang)(key, **params)` formats a string; a missing key shows the key
itself (and a test checks that every key used exists in both languages).
"""
from __future__ import annotations

import functools
import pathlib
from types import MappingProxyType

from . import datafile

LANGS = ("ja", "en")


def read_words(path: pathlib.Path) -> dict[str, tuple[str, str]]:
    """A words file: each key's {ja = ..., en = ...} as (ja, en)."""
    return {key: tuple(entry[lang] for lang in LANGS) for key, entry in datafile.load_toml(path).items()}


_UI = pathlib.Path(__file__).resolve().parent
_GAMES_DIR = _UI / "games"



def _catalog() -> MappingProxyType:
    """The shell's words and every game's, read once: a key is in one file only."""
    words: dict[str, tuple[str, str]] = {}
    for path in [_UI / "words.toml", *datafile.find(_GAMES_DIR, "*/words.toml")]:
        words.update(read_words(path))
    return MappingProxyType(words)


CATALOG = _catalog()

# A name is drawn inside sentences of either direction: FIRST STRONG ISOLATE ...
# POP DIRECTIONAL ISOLATE around it keeps its own direction (a right-to-left
# override typed into a name, Arabic or Hebrew letters) from reordering the
# rest of the line, in HTML text, aria-labels and the screen reader's news alike.
FSI, PDI = "\u2068", "\u2069"


def isolate(name: str) -> str:
    """A name as it is drawn: isolated from the text around it."""
    return f"{FSI}{name}{PDI}"


def log_line(entry, t: "Translator", names: list[str]) -> str:
    """A log entry (catalog key, params) in t's language: the move log's lines,
    and a table's own lines built the same way (a round's events)."""
    key, params = entry
    return t(key, **resolve(params, t, names))


def resolve(params: dict, t: "Translator", names: list[str]) -> dict:
    """Log parameters name seats and catalog keys, so a log reads right in either language."""
    out = {}
    for key, value in params.items():
        if isinstance(value, (tuple, list)) and len(value) == 2 and value[0] == "seat":
            value = names[value[1]]
        elif isinstance(value, (tuple, list)) and len(value) == 2 and value[0] == "tr":
            value = t(value[1])
        out[key] = value
    return out


def default_names(t: "Translator", kinds) -> list[str]:
    """The names seats get until a person types one, in t's language: people
    are numbered, computers take the court's names in turn."""
    bots = iter(t("bot.names").split(","))
    humans = 0
    names = []
    for kind in kinds:
        if kind == "human":
            humans += 1
            names.append(t("setup.default_human", n=humans))
        else:
            names.append(next(bots))
    return names


def shown_names(seats, t: "Translator") -> list[str]:
    """The seats' names as every screen draws them: a name nobody typed
    (`"default": true`) in the current language, each one isolated."""
    defaults = default_names(t, [s["kind"] for s in seats])
    return [isolate(defaults[n] if s.get("default") is True else s["name"]) for n, s in enumerate(seats)]


ITEM_PICTURES = ("figure", "tone", "corner", "picture")   # what a rule may draw beside it


@functools.cache
def _rules_data(game_id: str) -> dict:
    return datafile.load_toml(_GAMES_DIR / game_id / "rules.toml")


@functools.cache
def rules_text(game_id: str) -> dict[str, list[dict]]:
    """A game's in-app rules (ui/games/<game id>/rules.toml) as each language's
    sections: [{"title": ..., "items": [{"id": rule ID or None, "text": ...,
    and what it draws beside it if anything: "figure" (with "tone" and
    "corner": a card) or "picture" (a drawing of the game's pictures.py)}, ...]}, ...];
    read once (callers only read it)."""
    data = _rules_data(game_id)
    return {lang: [{"title": section["title"][lang],
                    "items": [{"id": rule.get("id"), "text": rule[lang],
                               **{k: rule[k] for k in ITEM_PICTURES if k in rule}} for rule in section["rule"]]}
                   for section in data["section"]]
            for lang in LANGS}


def rules_frame(game_id: str, lang: str) -> dict:
    """What a rules page says around its sections: how to win (one paragraph,
    first) and the notes at its end (where our rules depart from the original
    ones, or settle what they leave open)."""
    data = _rules_data(game_id)
    return {"win": data["win"][lang], "notes": [note[lang] for note in data.get("note", [])]}


class Translator:
    def __init__(self, lang: str):
        self.lang = lang if lang in LANGS else "ja"
        self._index = LANGS.index(self.lang)

    def __call__(self, key: str, **params) -> str:
        entry = CATALOG.get(key)
        text = entry[self._index] if entry else key
        if "|" in text and "n" in params:    # English "one|other": "{n} card|{n} cards"
            one, other = text.split("|", 1)
            text = one if params["n"] == 1 else other
        return text.format(**params) if params else text

    def has(self, key: str) -> bool:
        return key in CATALOG

    def join(self, items) -> str:
        """A list of names in running text."""
        return ("、" if self.lang == "ja" else ", ").join(items)

    def sentences(self, items) -> str:
        """Sentences one after the other: Japanese sets no space after "。"."""
        return ("" if self.lang == "ja" else " ").join(item for item in items if item)

    def ordinal(self, n: int) -> str:
        if self.lang == "ja":
            return f"{n}番目"
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix}"


class Reworded(Translator):
    """The same words but for some keys, said by others: a review draws a table with
    its better move lit, where play says "the suggested move is lit"."""
    def __init__(self, lang: str, instead: dict[str, str]):
        super().__init__(lang)
        self.instead = instead

    def __call__(self, key: str, **params) -> str:
        return super().__call__(self.instead.get(key, key), **params)


def default_lang(browser_languages) -> str:
    """Japanese for Japanese browsers (and as the collection's first language);
    English for browsers that ask for English first."""
    for tag in browser_languages or ():
        tag = str(tag).lower()
        if tag.startswith("ja"):
            return "ja"
        if tag.startswith("en"):
            return "en"
    return "ja"
