"""The words and rules text are data files (TOML): each entry has both languages,
non-empty, with the same placeholders, and nothing else."""
import pathlib
import string
import tomllib

import pytest

UI = pathlib.Path(__file__).resolve().parents[1] / "py" / "ui"
WORDS = sorted([UI / "words.toml", *UI.glob("games/*/words.toml")])
RULES = sorted(UI.glob("games/*/rules.toml"))


def placeholders(text: str) -> set:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("path", WORDS, ids=lambda p: str(p.relative_to(UI)))
def test_every_word_has_both_languages_with_the_same_placeholders(path):
    entries = tomllib.loads(path.read_text())
    assert entries
    for key, entry in entries.items():
        assert set(entry) == {"ja", "en"}, key
        assert all(isinstance(entry[lang], str) and entry[lang].strip() for lang in entry), key
        assert placeholders(entry["ja"]) == placeholders(entry["en"]), key


def test_no_key_is_in_two_words_files():
    seen = {}
    for path in WORDS:
        for key in tomllib.loads(path.read_text()):
            assert key not in seen, f"{key} in {path} and {seen[key]}"
            seen[key] = path


@pytest.mark.parametrize("path", RULES, ids=lambda p: str(p.relative_to(UI)))
def test_every_rule_has_both_languages(path):
    data = tomllib.loads(path.read_text())
    sections = data["section"]
    assert sections and set(data) <= {"win", "section", "note"}
    assert set(data["win"]) == {"ja", "en"} and all(data["win"][lang].strip() for lang in ("ja", "en"))
    for note in data.get("note", []):
        assert set(note) == {"ja", "en"} and note["ja"].strip() and note["en"].strip()
    for section in sections:
        assert set(section) == {"title", "rule"} and set(section["title"]) == {"ja", "en"}
        for rule in section["rule"]:
            drawn = {"figure", "tone", "corner", "picture"}
            assert set(rule) <= {"id", "ja", "en"} | drawn and rule["ja"].strip() and rule["en"].strip()
