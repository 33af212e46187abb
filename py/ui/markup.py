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

from html import escape
from typing import Iterable

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
    return value if isinstance(value, Markup) else Markup(escape(str(value), quote=True))


def join(children: Iterable, sep="") -> Markup:
    """Children (as in el) one after the other, `sep` between them."""
    return Markup(text(sep).join(_children(children)))


def _children(children) -> list[str]:
    out = []
    for child in children:
        if child is None or child is False:
            continue
        if isinstance(child, Markup):
            out.append(child)
        elif isinstance(child, (list, tuple)) or hasattr(child, "__next__"):
            out.extend(_children(child))
        else:
            out.append(escape(str(child), quote=True))
    return out


def attributes(attrs: dict) -> str:
    out = []
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        if value is True:
            out.append(" " + name)
            continue
        if isinstance(value, (list, tuple)):
            value = " ".join(str(v) for v in value if v)
        out.append(f' {name}="{escape(str(value), quote=True)}"')
    return "".join(out)


def el(tag: str, *children) -> Markup:
    """One element; a dict among `children` holds its attributes (several merge)."""
    attrs: dict = {}
    inner = []
    for child in children:
        if isinstance(child, dict):
            attrs.update(child)
        else:
            inner.append(child)
    head = f"<{tag}{attributes(attrs)}>"
    if tag in VOID:
        return Markup(head)
    return Markup(f"{head}{''.join(_children(inner))}</{tag}>")
