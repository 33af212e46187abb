"""Taps people make, in the real page: a tap anywhere on a glowing destination
of 黄金の鍵 moves the die there, dice on that card included; every tap on a
replay's ▶ is one step, however quick; 王の闘争's decisions (the Knight's second
card, many offers) stay on screen at 1024×768 and 768×1024, and the words of the
tables changed for these fit their boxes, in Japanese and English."""
from __future__ import annotations

import pathlib
import random
import re
import sys

import pytest
from table_driver import OUT_OF_REACH, SAVED_TEXT

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "py"))
from royaltable import registry  # noqa: E402
from ui import saves  # noqa: E402

SAVED = "(JSON.parse(%s) || {record: {actions: []}}).record.actions" % SAVED_TEXT


def golden_key_move_onto_a_die():
    """Two people; the first turn's move where a die may go onto a card a die lies on."""
    game = registry.get("golden_key")
    for seed in range(1, 40):
        state = game.new(2, seed=seed)
        while not state.over:
            legal = state.legal_actions()
            if state.phase == "move" and state.moves_done == 0 and any(
                    a.verb == "move" and (d := state.geo.parse(a.to)) is not None
                    and d >= 0 and state.stack[d] for a in legal):
                seats = [{"name": "Sora", "kind": "human"}, {"name": "Umi", "kind": "human"}]
                return saves.dump_state(seats, state), len(state.actions)
            state.apply(game.bots["quick"](seed=len(state.actions)).choose(state.view(state.current), legal))
    raise AssertionError("no such position")


def test_a_tap_on_the_middle_of_a_destination_with_a_die_on_it_moves_there(watched):
    save, done = golden_key_move_onto_a_die()
    for width, height in ((1024, 768), (768, 1024)):
        w = watched(width, height, locale="en-US")
        page = w.open_saved(save)
        page.click("[data-cmd=continue]", timeout=90_000)
        page.wait_for_selector(".gk-board")
        target = page.locator(".gk-cell.is-target:has(.gk-die)")
        picks = page.locator("#app [data-cmd=select]")
        for i in range(picks.count()):          # pick the die that may go onto another die
            if target.count():
                break
            picks.nth(i).click()
        assert target.count(), "no destination with a die on it"
        action = target.first.locator(".gk-target").get_attribute("data-arg")
        box = target.first.bounding_box()
        w.shot(f"taps-golden_key-die-on-destination-{width}x{height}")
        # what a finger finds at the card's middle belongs to the card's button
        hit = page.evaluate("([x, y]) => !!document.elementFromPoint(x, y).closest('.gk-target')",
                            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_function(f"{SAVED}.length > {done}", timeout=5000)
        assert page.evaluate(SAVED)[done] == action
        assert hit
        assert w.errors == []


def finished_game():
    game = registry.get("krypkille")
    state = game.new(3, seed=7, options={"limit": 50})
    chooser = random.Random(7)
    while not state.over:
        state.apply(chooser.choice(state.legal_actions()))
    seats = [{"name": n, "kind": "human"} for n in ("Aki", "Ben", "Chie")]
    return saves.dump_state(seats, state)


def step(page) -> int:
    return int(re.search(r"\d+", page.inner_text(".replay-step")).group())


def test_eight_quick_taps_on_next_step_a_replay_eight_steps(watched):
    w = watched(locale="en-US")
    page = w.open_saved(finished_game(), query="")     # real pace: the tap guard at full strength
    page.click(".history [data-cmd=replay_saved]", timeout=90_000)
    page.wait_for_selector("[data-screen=replay]")
    assert step(page) == 0
    box = page.locator('[data-cmd=replay_step][data-arg="next"]').bounding_box()
    for _ in range(8):
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_timeout(250)
    page.wait_for_timeout(300)
    assert step(page) == 8, page.inner_text(".replay-step")
    w.shot("taps-replay-8-steps-1024x768")
    assert w.errors == []


# ---- decisions in reach, words that fit their boxes ------------------------------------

SIZES = ((1024, 768), (768, 1024))
# Elements with words of their own whose box is smaller than the words: cut off, or
# spilling over. A glyph's ascent above a tight line (a few pixels) is no overflow.
OVERFLOWING = """(scope) => { const out = [];
  for (const e of document.querySelectorAll(scope + ' *')) {
    if (!e.getClientRects().length || e.closest('.sr-only, .sr-only-focusable')) continue;
    if (![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    if (getComputedStyle(e).display === 'inline') continue;
    if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 4)
      out.push(e.className + ' "' + e.textContent.trim().slice(0, 24) + '" ' + e.scrollWidth + '/' + e.clientWidth
               + ' x ' + e.scrollHeight + '/' + e.clientHeight);
  }
  return out; }"""


def person_at(game_id: str, players: int, moment, choose=None, seeds=range(1, 400)):
    """A save of `game_id` where `moment(state, legal)` holds, the person to act a
    person and everyone else a computer (played there by quick players, or `choose`)."""
    game = registry.get(game_id)
    for seed in seeds:
        state = game.new(players, seed=seed)
        chooser = random.Random(seed)
        while not state.over:
            legal = state.legal_actions()
            if moment(state, legal):
                names = ["Aki", "Ben", "Chie", "Dai", "Emi", "Fumi"]
                seats = [{"name": names[s], "kind": "human" if s == state.current else "quick"}
                         for s in range(players)]
                return saves.dump_state(seats, state)
            action = choose(state, legal, chooser) if choose else \
                game.bots["quick"](seed=len(state.actions)).choose(state.view(state.current), legal)
            state.apply(action)
    raise AssertionError("no such moment")


def eager_offers(state, legal, chooser):
    """Random play that offers whenever it may (the quick players seldom do)."""
    wanted = [a for a in legal if a != "pass" and not a.startswith("accept")] if state.phase == "offer" else legal
    return chooser.choice(wanted or legal)


def knight_alone(state, legal):
    return state.phase == "decide" and any(a.startswith("knight ") for a in legal) \
        and not any(a.startswith("accept ") for a in legal)


def knight_with_offers(state, legal):
    return state.phase == "decide" and any(a.startswith("knight ") for a in legal) \
        and any(a.startswith("accept ") for a in legal)


def many_offers(state, legal):
    return state.phase == "decide" and sum(a.startswith("accept ") for a in legal) >= 3


NARROW = """([selector, least]) => [...document.querySelectorAll(selector)]
  .filter(e => e.getClientRects().length && e.getBoundingClientRect().width < least)
  .map(e => e.textContent.trim().slice(0, 24) + ' ' + Math.round(e.getBoundingClientRect().width) + 'px')"""


def at_each_size(w_make, save, name, scope, check_reach=True, narrowest=None, also=None):
    """The saved game at both sizes in both languages: every decision's button on
    screen, no words overflowing their box in `scope`; `also(page, locale, width)`:
    a check of the caller's at each size. One start for all of them: a tablet in
    Japanese, switched to English with the app's own language button."""
    w = w_make(*SIZES[0], locale="ja-JP")
    page = w.open_saved(save)
    page.click("[data-cmd=continue]", timeout=90_000)
    page.wait_for_selector(".table-layout, .handoff")
    if page.locator("[data-cmd=handoff]").count():
        page.click("[data-cmd=handoff]")
    page.wait_for_selector(".table-layout")
    for locale in ("ja-JP", "en-US"):
        if locale == "en-US":
            page.click("#app [data-cmd=lang]")
            page.wait_for_function("document.documentElement.lang.startsWith('en')")
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(60)
            w.shot(f"taps-{name}-{locale[:2]}-{width}x{height}")
            if check_reach:
                assert page.evaluate(OUT_OF_REACH) == [], (name, locale, width, page.evaluate(OUT_OF_REACH))
            assert page.evaluate(OVERFLOWING, scope) == [], (name, locale, width)
            for selector, least in (narrowest or {}).items():     # words at a readable width
                assert page.evaluate(NARROW, [selector, least]) == [], (name, locale, width, selector)
            if also:
                also(page, locale, width)
    assert w.errors == []


@pytest.mark.parametrize("moment", [knight_alone, knight_with_offers, many_offers])
def test_the_struggles_decisions_are_in_reach_and_their_words_fit(watched, moment):
    if moment is knight_alone:
        save = person_at("struggle", 4, moment)
    else:
        save = person_at("struggle", 5 if moment is many_offers else 4, moment, eager_offers)
    at_each_size(watched, save, "struggle-" + moment.__name__, ".st", narrowest={".st-offer-text": 150})


def whispers_play(state, legal):
    return state.phase == "play" and len(state.hands[state.current]) >= 5


def whispers_give(state, legal):
    """A Wizard's give step where a card to give is a character the giver's display holds."""
    if state.phase != "give":
        return False
    held = {c.split("-", 1)[1] for c in state.displays[state.current]}
    return any(a.verb == "give" and a.card.split("-", 1)[1] in held for a in legal)


# The widths of the hand's cards, and the cards of the table drawn without a figure.
WHISPERS_HAND = """() => ({widths: [...document.querySelectorAll('#app .wh-hand [data-card]')]
    .map(e => Math.round(e.getBoundingClientRect().width)),
  bare: [...document.querySelectorAll('#app .wh .card:not(.card-back)')]
    .filter(c => !c.querySelector('.card-art svg use')).length})"""


@pytest.mark.parametrize("moment", [whispers_play, whispers_give])
def test_whispers_hand_cards_fit_their_words(watched, moment):
    """Both sizes, both languages: the hand's cards at least 96 px wide, each card
    with its figure, every word inside its box (issue 18: "→最少の人" cut at the
    bottom of a hand's card, "Accountant" spilling over its card)."""
    def wide(page, locale, width):
        seen = page.evaluate(WHISPERS_HAND)
        assert seen["widths"] and min(seen["widths"]) >= 96, (locale, width, seen)
        assert seen["bare"] == 0, (locale, width, seen)
    save = person_at("whispers", 4, moment, choose=lambda state, legal, chooser: chooser.choice(legal))
    at_each_size(watched, save, "whispers-" + moment.__name__, ".wh", also=wide)


def court_after_an_aside(state, legal):
    """A person's turn just after setting a die aside: undo and the hint are both offered."""
    return state.phase == "dice" and state.actions and state.actions[-1].startswith("aside") \
        and "roll" in legal and state.undo_depth(state.current)


def test_courts_top_bar_keeps_the_language_button_with_the_others(watched):
    """At 768×1024 with undo and the hint, the top bar wraps, if at all, with the
    language button never alone on a row; the table's words fit their boxes."""
    save = person_at("court", 3, court_after_an_aside)
    looked = []

    def top_bar(page, locale, width):
        assert page.locator(".topbar [data-cmd=undo]").count() == 1
        rows = page.evaluate("""() => { const rows = new Map();
          for (const e of document.querySelectorAll('.topbar-right > *')) {
            const r = e.getBoundingClientRect(); if (!r.width) continue;
            const key = Math.round(r.top / 8);
            rows.set(key, (rows.get(key) || []).concat([e.dataset.cmd || e.tagName])); }
          return [...rows.values()]; }""")
        assert all(len(row) > 1 for row in rows), (locale, width, rows)
        looked.append((locale, width))

    at_each_size(watched, save, "court-undo", ".ct, .topbar", also=top_bar)
    assert sorted(looked) == [("en-US", 768), ("en-US", 1024), ("ja-JP", 768), ("ja-JP", 1024)]
