"""Small HTML builders. Every text we did not write ourselves goes through esc()."""
from __future__ import annotations

from html import escape


def esc(text) -> str:
    return escape(str(text), quote=True)


def button(label: str, cmd: str, arg: str = "", cls: str = "", disabled: bool = False,
           aria: str | None = None) -> str:
    """A tappable button; `label` is already HTML (escape text before passing it)."""
    attrs = f' data-cmd="{esc(cmd)}"'
    if arg != "":
        attrs += f' data-arg="{esc(arg)}"'
    if aria:
        attrs += f' aria-label="{esc(aria)}"'
    if disabled:
        attrs += " disabled"
    return f'<button type="button" class="btn {cls}"{attrs}>{label}</button>'
