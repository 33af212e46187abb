"""Screenshots and the unused height of every table, at a typical decision and a
crowded one, in both languages and orientations (a tool, not a test):

    .venv/bin/python e2e/table_room.py [label]

Each position is a saved game (played in CPython by quick computer players) with
one person at seat 0, put into the library before the app starts. The unused height
is the window's height below the lowest thing drawn on the table (a card, a die, a
word, a button), all motion at its end. Screenshots land in e2e/artifacts/room-<label>-*.
"""
from __future__ import annotations

import json
import sys

from playwright.sync_api import sync_playwright

from conftest import ARTIFACTS, CHROMIUM, start_server, stop_server, wait_until_ready
from table_driver import SEED_LIBRARY, UNUSED, players_near
from royaltable import registry
from ui import saves

SIZES = ((1024, 768), (768, 1024))
LOCALES = ("ja-JP", "en-US")
GAMES = ("court", "krypkille", "whispers", "golden_key", "struggle")



def positions(game_id):
    """(name, save): a typical decision (the person's fifth) at the fewest seats from
    four, and a crowded one (the person's decision with the most choices, at the most
    seats)."""
    game = registry.get(game_id)
    out = []
    for label, players in (("typical", players_near(game_id, 4)),
                           ("crowded", game.max_players)):
        state = game.new(players, seed=11)
        bots = [game.bots["quick"](seed=s) for s in range(players)]
        best, decisions = None, 0
        while not state.over and len(state.actions) < 3000:
            if state.current == 0:
                decisions += 1
                legal = state.legal_actions()
                if label == "typical" and decisions == 5:
                    best = (len(legal), list(state.actions))
                    break
                if label == "crowded" and (best is None or len(legal) > best[0]):
                    best = (len(legal), list(state.actions))
            seat = state.current
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
        record = dict(game.new(players, seed=11).record(), actions=best[1])
        seats = [{"name": "Mio" if s == 0 else f"CPU {s}", "kind": "human" if s == 0 else "quick"}
                 for s in range(players)]
        out.append((label, saves.dump(seats, record)))
    if game_id == "court":          # the crowded moment of Court: the final round of five
        sys.path.insert(0, str(ARTIFACTS.parent))
        from test_court_page import final_round_of_five
        out[-1] = ("crowded", final_round_of_five())
    return out


def main(tag="now", games=GAMES):
    origin, server = start_server()
    results = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for locale in LOCALES:
            context = browser.new_context(locale=locale, viewport={"width": 1024, "height": 768})
            page = context.new_page()
            for game_id in games:
                for label, save in positions(game_id):
                    page.goto(f"{origin}/rules/krypkille.html")
                    page.evaluate("async () => { for (const d of await indexedDB.databases()) "
                                  "indexedDB.deleteDatabase(d.name); }")
                    page.evaluate(SEED_LIBRARY, [{"id": "g", "text": save, "updated": 1, "rev": 1}])
                    page.goto(f"{origin}/?pace=0.02&snapshot=off")
                    wait_until_ready(page)
                    page.click("[data-cmd=continue]")
                    page.wait_for_selector(".table-layout [data-cmd=act]")
                    for width, height in SIZES:
                        page.set_viewport_size({"width": width, "height": height})
                        page.wait_for_timeout(150)
                        unused = page.evaluate(UNUSED)
                        scroll = page.evaluate("document.documentElement.scrollHeight - innerHeight")
                        results[(game_id, label, locale, f"{width}x{height}")] = (unused, scroll)
                        page.screenshot(path=str(ARTIFACTS / f"room-{tag}-{game_id}-{label}-{locale[:2]}-{width}x{height}.png"))
            context.close()
        browser.close()
    stop_server(server)
    print(f"{'game':11} {'moment':8} {'lang':6} {'size':9} unused(px) scroll")
    for (game_id, label, locale, size), (unused, scroll) in results.items():
        print(f"{game_id:11} {label:8} {locale:6} {size:9} {unused:6} {scroll:6}")
    (ARTIFACTS / f"room-{tag}.json").write_text(json.dumps({" ".join(k): v for k, v in results.items()}, indent=1))


if __name__ == "__main__":
    main(*(sys.argv[1:2] or ["now"]), games=sys.argv[2:] or GAMES)
