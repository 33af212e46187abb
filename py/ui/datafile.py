"""The app's data files: words, rules, figures, aids and lessons, written in TOML
because people edit them (both languages side by side, comments kept, no code).

In the page each one is JSON: the build packs `<name>.toml` as `<name>.toml.json`
(tools/build.py), since Python's json is written in C and tomllib parses in Python.
Reading the words and the covers with tomllib, and importing it, took about 40 ms of
every start in the browser (bench/RESULTS-boot.md, 2026-12-05). Run from the source
tree (the tests, the tools) the TOML itself is read. Code names a data file by its
TOML path either way.
"""
from __future__ import annotations

import json
import pathlib

PACKED_SUFFIX = ".json"       # x.toml -> x.toml.json


def packed_path(path: pathlib.Path) -> pathlib.Path:
    return path.with_name(path.name + PACKED_SUFFIX)


def exists(path: pathlib.Path) -> bool:
    return packed_path(path).is_file() or path.is_file()


def find(folder: pathlib.Path, pattern: str) -> list[pathlib.Path]:
    """The data files in `folder` whose TOML paths match `pattern` ("*/words.toml"), sorted."""
    packed = {path.with_name(path.name.removesuffix(PACKED_SUFFIX)) for path in folder.glob(pattern + PACKED_SUFFIX)}
    return sorted(packed | set(folder.glob(pattern)))


def load_toml(path: pathlib.Path) -> dict:
    """A TOML data file as tomllib reads it, from the build's JSON when that is there."""
    try:
        with open(packed_path(path), "rb") as file:
            return json.load(file)
    except FileNotFoundError:
        import tomllib          # only from the source tree: the page never loads the parser
        with open(path, "rb") as file:
            return tomllib.load(file)
