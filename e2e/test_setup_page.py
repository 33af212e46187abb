"""The new-game screen a newcomer reads at once: at tablet sizes, in both languages and
with any number of seats, it fits the screen with Start in view; the less common
options are folded under "More options", and unfolded, Start stays in view; every option and
choice is named in words, a rule's code (A1, C2, R3) only after them."""
from __future__ import annotations

import pytest
from table_driver import ROOT  # noqa: F401  (puts py/ on the path)

from royaltable import registry
from ui.collection import playable

SIZES = [(1024, 768), (768, 1024)]
GAMES = [game_id for game_id in registry.ids() if playable(game_id)]

IN_VIEW = """() => {
  const start = document.querySelector('[data-cmd=start]').getBoundingClientRect();
  return {scroll: document.documentElement.scrollHeight - innerHeight,
          start: start.top >= 0 && start.bottom <= innerHeight && start.height > 0};
}"""
# The options' names and choices (folded ones included) that are not words first: empty, or
# starting with a rule's code ("C2 ...", "(R1–R3)"). A number alone is a choice in words
# (Krypkille's penalty limit: 50, 100, 150).
NOT_WORDS_FIRST = """() => [...document.querySelectorAll('#more-options .form-label, [data-cmd=option]')]
  .map(e => e.innerText.trim())
  .filter(s => !s || /^[(（]?[A-Z]{1,2}\\d/.test(s))"""


@pytest.mark.parametrize("locale", ["ja-JP", "en-US"])
def test_every_new_game_screen_fits_with_start_in_view(watched, locale):
    w = watched(*SIZES[0], locale=locale)
    page = w.open()
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        for game_id in GAMES:
            game = registry.get(game_id)
            page.click(f"[data-game={game_id}] [data-cmd=setup]")
            for players in sorted({game.min_players, game.max_players}):
                page.click(f'[data-cmd=players][data-arg="{players}"]')
                where = f"{game_id}, {players} players, {width}×{height}, {locale}"
                assert page.evaluate(IN_VIEW) == {"scroll": 0, "start": True}, where
            w.shot(f"setup-{game_id}-{locale}-{width}x{height}")
            page.click("[data-cmd=more_options]")
            assert page.evaluate(IN_VIEW)["start"], f"{where}, more options unfolded"
            assert page.evaluate(NOT_WORDS_FIRST) == [], f"{where}: options not named in words first"
            page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
            assert page.evaluate(IN_VIEW)["start"], f"{where}, more options unfolded, at the bottom"
            w.shot(f"setup-{game_id}-{locale}-{width}x{height}-more", full_page=True)
            page.click("[data-cmd=home]")
            page.wait_for_selector("[data-cmd=setup]")
    assert w.errors == []
