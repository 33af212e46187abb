"""Small HTML builders. Every text we did not write ourselves goes through esc()."""
from __future__ import annotations

from html import escape


def esc(text) -> str:
    return escape(str(text), quote=True)


def button(label: str, cmd: str, arg: str = "", cls: str = "", disabled: bool = False,
           aria: str | None = None) -> str:
    """A tappable button; `label` is already HTML (escape text before passing it)."""
    return tappable(label, cmd, arg, "btn " + cls, disabled=disabled, aria=aria)


def tappable(inner: str, cmd: str, arg: str = "", cls: str = "", disabled: bool = False,
             aria: str | None = None, extra: str = "") -> str:
    """Any tappable thing (a card, a die, a board space) as a <button>. The
    attribute order `data-cmd` then `data-arg` is relied on to mark a suggested move."""
    attrs = f' data-cmd="{esc(cmd)}"'
    if arg != "":
        attrs += f' data-arg="{esc(arg)}"'
    if aria:
        attrs += f' aria-label="{esc(aria)}"'
    if disabled:
        attrs += " disabled"
    return f'<button type="button" class="{cls.strip()}"{attrs}{extra}>{inner}</button>'
