"""Drives the Krypkille table in a page the way a person would."""
from __future__ import annotations

import time

from table_driver import started, tap_while_there


def new_game(page, kinds, names=None, limit=None, seed="3"):
    page.click("[data-game=krypkille] [data-cmd=setup]")
    page.click(f'[data-cmd=players][data-arg="{len(kinds)}"]')
    for seat, kind in enumerate(kinds):
        page.click(f'[data-cmd=kind][data-arg="{seat}:{kind}"]')
    for seat, name in enumerate(names or []):
        page.fill(f'[data-field="name:{seat}"]', name)
    if limit:
        page.click(f'[data-cmd=option][data-arg="limit:{limit}"]')
    page.click("[data-cmd=more_options]")                 # the game number is folded there
    page.fill('[data-field="seed"]', seed)
    page.click("[data-cmd=start]")
    started(page, ".kk, .handoff")


def take_turn(page, discard=True) -> bool:
    """Makes one human decision if one is on screen; True if it did something.
    The choices are fixed (throw away the first card or keep all, lead the
    highest card, pass), so a game can be played again the same way."""
    if page.locator("[data-cmd=handoff]").count():
        page.click("[data-cmd=handoff]", timeout=3000)
        return True
    if tap_while_there(page, "[data-cmd=resume]"):
        return True
    select = page.locator(".kk-hand-cards [data-cmd=select]")
    if select.count():
        if discard and not page.locator(".kk-card.is-selected").count():
            select.first.click(timeout=3000)          # throw away one card
        page.click(".kk-controls [data-cmd=act]", timeout=3000)
        return True
    lead = page.locator(".kk-hand-cards [data-cmd=act]")
    if lead.count():
        lead.last.click(timeout=3000)
        return True
    showdown = page.locator('.kk-controls [data-cmd=act][data-arg="pass"]')
    if showdown.count():
        showdown.click(timeout=3000)
        return True
    return False


def drive(page, until, on_step=None, limit_s=400, discard=True):
    deadline = time.time() + limit_s
    while time.time() < deadline:
        if until():
            return
        if on_step:
            on_step()
        try:
            acted = take_turn(page, discard)
        except Exception:   # the table was redrawn under the click: look again
            acted = True
        if not acted:
            page.wait_for_timeout(25)
    raise AssertionError("the game did not get there in time")
