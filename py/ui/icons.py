"""Icons drawn as inline SVG, never as font glyphs: a tablet's fonts may lack a
symbol and show an empty box instead (Debian's Chromium did, for ⏮ ⏭ ⚿ 🂠)."""
from __future__ import annotations

_PATHS = {
    # the five games' crests (48 x 48)
    "court": '<path d="M7 35 4 13l11 9 9-15 9 15 11-9-3 22z"/><rect x="7" y="37" width="34" height="5" rx="1.5"/>'
             '<circle cx="4" cy="12" r="2.6"/><circle cx="24" cy="6" r="2.6"/><circle cx="44" cy="12" r="2.6"/>',
    "krypkille": '<rect x="7" y="9" width="20" height="30" rx="3" transform="rotate(-14 17 24)"/>'
                 '<rect x="20" y="9" width="20" height="30" rx="3" transform="rotate(12 30 24)" '
                 'fill="var(--icon-paper, #fffdf7)" stroke="currentColor" stroke-width="3"/>'
                 '<path d="M30 17l3 6-3 6-3-6z" transform="rotate(12 30 24)"/>',
    "whispers": '<path d="M8 7h32a4 4 0 0 1 4 4v18a4 4 0 0 1-4 4H22l-9 8v-8H8a4 4 0 0 1-4-4V11a4 4 0 0 1 4-4z"/>'
                '<circle cx="15" cy="20" r="2.8" fill="var(--icon-paper, #fffdf7)"/>'
                '<circle cx="24" cy="20" r="2.8" fill="var(--icon-paper, #fffdf7)"/>'
                '<circle cx="33" cy="20" r="2.8" fill="var(--icon-paper, #fffdf7)"/>',
    "golden_key": '<circle cx="14" cy="24" r="9" fill="none" stroke="currentColor" stroke-width="5"/>'
                  '<path d="M22 21.5h22v5h-4v6h-5v-6h-3v4h-5v-4h-5z"/>',
    "struggle": '<path d="M8 6l5 0 20 24-3 3L8 11z"/><path d="M40 6l-5 0-20 24 3 3 22-22z"/>'
                '<path d="M9 33l6-6 6 6-6 6zM39 33l-6-6-6 6 6 6z"/>'
                '<path d="M5 41l6-4 2 2-4 6zM43 41l-6-4-2 2 4 6z"/>',
    # controls (24 x 24, drawn on a 48 grid for crispness)
    "first": '<rect x="8" y="10" width="5" height="28"/><path d="M40 10v28L24 24zM26 10v28L12 24z"/>',
    "back": '<path d="M34 9v30L12 24z"/>',
    "next": '<path d="M14 9v30l22-15z"/>',
    "last": '<rect x="35" y="10" width="5" height="28"/><path d="M8 10v28l16-14zM22 10v28l14-14z"/>',
    "undo": '<path d="M19 8 5 20l14 12v-8c10 0 17 3 21 14 0-13-7-24-21-24z"/>',
    "hint": '<path d="M24 4a14 14 0 0 0-8 25.5V35h16v-5.5A14 14 0 0 0 24 4z"/>'
            '<rect x="17" y="38" width="14" height="4" rx="2"/><rect x="19" y="43" width="10" height="3" rx="1.5"/>',
    "speed": '<path d="M6 10l13 14L6 38zM21 10l13 14-13 14zM36 10l8 14-8 14z"/>',
    "handoff": '<path d="M6 16h28v-7l11 11-11 11v-7H6z"/><path d="M42 36H14v7L3 32l11-11v7h28z" opacity=".75"/>',
    "crown": '<path d="M7 35 4 13l11 9 9-15 9 15 11-9-3 22z"/><rect x="7" y="37" width="34" height="5" rx="1.5"/>',
    "home": '<path d="M24 6 3 24h6v18h12V31h6v11h12V24h6z"/>',
    "lock": '<rect x="9" y="21" width="30" height="22" rx="4"/>'
            '<path d="M15 21v-6a9 9 0 0 1 18 0v6" fill="none" stroke="currentColor" stroke-width="5"/>',
}


def icon(name: str, cls: str = "icon") -> str:
    """An icon that takes the text colour; decorative, so hidden from screen readers."""
    return (f'<svg class="{cls}" viewBox="0 0 48 48" aria-hidden="true" focusable="false" '
            f'fill="currentColor">{_PATHS[name]}</svg>')
