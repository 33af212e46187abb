"""Markup built one way: elements from a tag, a dict of attributes and children,
escaped by construction. Modelled on lxml.builder's E-factory (a dict among the
children is the attributes), but producing text, which is what the page takes.

    el("li", {"class": ["seat", "is-turn" if turn else None], "data-seat": 2},
       el("span", {"class": "name"}, name), " ", score)

- a `str` child is text and is escaped; a `Markup` child is markup already built
  here (never write one by hand: `Markup` is only made by `el`, `join` and `raw`);
- children that are None or False are left out; lists, tuples and generators are
  spread, so `(el("li", {}, x) for x in xs)` needs no "".join;
- an attribute that is True is written bare (`disabled`), None or False left out;
  a list (for "class") is joined with spaces, its empty items dropped.
"""
from __future__ import annotations

import re
from typing import Iterable

_SPECIAL = re.compile(r"[&<>\"']").search
# html.escape(quote=True)'s five replacements, without importing `html`: its import
# builds html.entities' table of every named character (some 40 ms of a start in
# Pyodide), of which the app uses none.
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def escape(value: str) -> str:
    """html.escape(value, quote=True), without a pass for the usual text with
    nothing to escape."""
    return value.translate(_ESCAPES) if _SPECIAL(value) else value

# HTML elements that have no closing tag.
VOID = frozenset(("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"))


class Markup(str):
    """Text that is markup already: it goes onto the page as it is. Adding to it
    gives a plain str (text again, escaped wherever it is a child): put pieces
    together with el() or join(), not +."""
    __slots__ = ()


def raw(text: str) -> Markup:
    """Markup from trusted text that is already markup: only for our own static
    files (an SVG sprite read from the app's folder), never for words or names."""
    return Markup(text)


def text(value) -> Markup:
    """A value as escaped text."""
    return value if isinstance(value, Markup) else Markup(escape(str(value)))


def join(children: Iterable, sep="") -> Markup:
    """Children (as in el) one after the other, `sep` between them."""
    return Markup(text(sep).join(_children(children)))


def _children(children) -> list[str]:
    out: list[str] = []
    _spread(children, out)
    return out


def _spread(children, out: list) -> None:
    # Exact type checks first: a table redraw builds thousands of elements.
    for child in children:
        kind = type(child)
        if kind is Markup:
            out.append(child)
        elif kind is str:
            out.append(escape(child))
        elif child is None or child is False:
            continue
        elif kind is list or kind is tuple or kind is _GENERATOR:
            _spread(child, out)
        elif isinstance(child, Markup):
            out.append(child)
        elif hasattr(child, "__next__"):
            _spread(child, out)
        else:
            out.append(escape(str(child)))


_GENERATOR = type(x for x in ())


def attributes(attrs: dict) -> str:
    out = []
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        if value is True:
            out.append(" " + name)
            continue
        kind = type(value)
        if kind is list or kind is tuple:
            value = " ".join(str(v) for v in value if v)
        elif kind is not str:
            value = str(value)
        out.append(f' {name}="{escape(value)}"')
    return "".join(out)


def el(tag: str, *children) -> Markup:
    """One element; a dict among `children` holds its attributes (several merge)."""
    attrs = None
    inner = children
    if children and type(children[0]) is dict:
        attrs, inner = children[0], children[1:]
    if dict in map(type, inner):                               # attributes further on
        attrs = dict(attrs or {})
        for child in inner:
            if type(child) is dict:
                attrs.update(child)
        inner = [child for child in inner if type(child) is not dict]
    head = f"<{tag}{attributes(attrs)}>" if attrs else f"<{tag}>"
    if tag in VOID:
        return Markup(head)
    out: list[str] = [head]
    _spread(inner, out)
    out.append(f"</{tag}>")
    return Markup("".join(out))
