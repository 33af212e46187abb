"""A redraw changes only what changed (static/redraw.js), in Chromium: after a tap
on a table, what did not change is the very same element; between screens for
different people (a hand-off) nothing of the old page survives, even where the
two are laid out alike; what is being typed in a field stays, caret and all."""
from __future__ import annotations

from table_driver import DECISION, RandomPlayer, new_game, panel_open

# Marks every node (elements and text) under `selector` with an expando, and keeps
# them in window.marked, so a later check sees whether any is still in the page.
MARK = """(selector) => {
  window.marked = [];
  for (const top of document.querySelectorAll(selector)) {
    const walk = document.createTreeWalker(top, NodeFilter.SHOW_ALL);
    for (let n = walk.currentNode; n; n = walk.nextNode()) { n.royalMarked = true; window.marked.push(n); }
  }
  return window.marked.length;
}"""
STILL_THERE = "() => window.marked.filter(n => n.isConnected).length"


def test_after_a_tap_on_a_table_what_did_not_change_is_the_same_element(watched):
    """One person against computers (the screen is always that person's): the rail
    of tabs and the Home button do not change when a card is played, nor do the
    log's lines already written (its panel open)."""
    w = watched(1024, 768)
    page = w.open()
    new_game(page, "krypkille", ["human", "quick", "quick"], seed="4")
    page.wait_for_selector(DECISION)
    with panel_open(page, "log"):         # the log is drawn while its panel is open
        lines_kept_and_the_new_one_put_in(page)
    assert w.errors == []


def lines_kept_and_the_new_one_put_in(page):
    page.evaluate("""() => { for (const el of document.querySelectorAll('.table-rail, [data-cmd=home]'))
                               el.royalKept = true; }""")
    before = page.evaluate("document.querySelector('.table-rail').outerHTML")
    # the log's lines, newest first: a move adds its line at the top, and every line
    # already there stays the same element with the same words (not rewritten a place down)
    lines = page.evaluate("""() => [...document.querySelectorAll('.log-list li')].map(li => {
                               li.royalKept = true; return li.textContent; })""")
    assert lines, "no move in the log yet"
    # ...and only the new lines go into the list: no line already there is taken out and
    # put back (morphdom alone moved every one of them behind a new first line)
    page.evaluate("""() => { window.linesPut = 0;
      new MutationObserver(records => { for (const r of records) window.linesPut += r.addedNodes.length; })
        .observe(document.querySelector('.log-list'), {childList: true}); }""")
    # a move (a pick is not one), by the keyboard: the open panel covers the button
    page.locator("#app [data-cmd=act]:not([disabled])").first.press("Enter")
    page.wait_for_function("(n) => document.querySelectorAll('.log-list li').length > n", arg=len(lines))
    assert page.evaluate("document.querySelector('.table-rail').outerHTML") == before
    assert page.evaluate("document.querySelector('.table-rail').royalKept === true")
    assert page.evaluate("document.querySelector('[data-cmd=home]').royalKept === true")
    now = page.evaluate("""() => [...document.querySelectorAll('.log-list li')].map(
                             li => [li.royalKept === true, li.textContent])""")
    assert now[len(now) - len(lines):] == [[True, line] for line in lines]
    assert not any(kept for kept, _ in now[:len(now) - len(lines)])
    assert page.evaluate("window.linesPut") == len(now) - len(lines)


def test_after_showing_ones_cards_between_turns_nothing_of_them_stays(watched):
    """Between turns a person asks to see their cards, takes the tablet, and hides
    them again: the table drawn for everybody is laid out as the one before it (the
    same bar, felt and hand box), yet not one node of the cards shown survives."""
    w = watched(1024, 768)
    page = w.open("pace=1")                          # the computer's turn lasts long enough to ask
    new_game(page, "krypkille", ["human", "human", "quick"], names=["Aki", "Ben"], seed="4")
    player = RandomPlayer(page, seed=4)
    player.play(lambda: page.locator("[data-cmd=peek]").count() > 0, limit_s=120)
    page.locator("[data-cmd=peek]").first.click()
    page.click("[data-cmd=handoff]")                 # the one who asked takes the tablet
    page.wait_for_selector(".peek-bar.is-peeking")
    assert page.evaluate(MARK, "[data-private]") > 10
    page.click("[data-cmd=peek_end]")
    page.wait_for_selector(".peek-bar:not(.is-peeking), [data-cmd=handoff]")
    assert page.evaluate(STILL_THERE) == 0
    assert w.errors == []


# Marks the rail of tabs (the same on every table screen) to see whether a redraw keeps it.
KEEP_RAIL = "() => { document.querySelector('.table-rail').royalKept = true; }"
RAIL_KEPT = "() => document.querySelector('.table-rail').royalKept === true"
VIEWER = "() => document.querySelector('.table-layout').dataset.viewer"


def test_a_rounds_summary_and_the_next_round_are_patched_into_the_table(watched):
    """With one person at the table, the round's summary is drawn for them, as the
    table is: the table, the summary over it and the next round's table are one page,
    patched one into the next (the rail of tabs stays the same element), not drawn
    afresh twice a round. (A table for someone else is still drawn afresh: the test
    of the cards shown between turns, above.)"""
    w = watched(1024, 768)
    page = w.open()
    new_game(page, "whispers", ["human", "quick", "quick"], seed="4")
    page.wait_for_selector(DECISION)
    page.evaluate(KEEP_RAIL)
    RandomPlayer(page, seed=4).play(lambda: page.locator(".wh-summary").count() > 0, limit_s=120)
    assert page.evaluate(VIEWER) == "0"
    assert page.evaluate(RAIL_KEPT)
    page.click("[data-cmd=resume]")
    page.wait_for_selector(".wh-summary", state="detached")
    assert page.evaluate(RAIL_KEPT)
    assert w.errors == []


def test_a_redraw_keeps_what_is_being_typed_and_the_caret(watched):
    """A name being typed, the caret inside it, when the page redraws for something
    else (here: the start-up snapshot's size changed): the field is the same one,
    with its text, its caret and the focus."""
    w = watched(1024, 768)
    page = w.open()
    page.click("[data-game=krypkille] [data-cmd=setup]")
    field = page.locator('[data-field="name:0"]')
    field.fill("")
    field.type("Akik")
    # The last letter and the redraw in one task: the page's own redraws (the start-up
    # snapshot being made meanwhile, whose size changes) cannot draw the whole name
    # between them, which would leave this redraw nothing to change.
    html = page.evaluate("""() => { const f = document.querySelector('[data-field="name:0"]');
      f.value += 'o'; f.dispatchEvent(new Event('input', {bubbles: true}));
      f.royalKept = true; f.setSelectionRange(2, 2);
      const html = document.getElementById('app').innerHTML;
      window.royalSnapshot = {stored: 4321};
      window.dispatchEvent(new Event('royal-snapshot'));
      return html; }""")
    page.wait_for_function("(html) => document.getElementById('app').innerHTML !== html", arg=html)
    state = page.evaluate("""() => { const f = document.querySelector('[data-field="name:0"]');
      return [f === document.activeElement, f.royalKept === true, f.value, f.selectionStart]; }""")
    assert state == [True, True, "Akiko", 2]
    assert w.errors == []


# Patches a list of items (`before` → `after`, each a list of "key", "key:tag", or "_", an
# empty slot with no key), on a list of the page's own, with the app's redraw; beside it
# a second list (`beside`: its items before and after). What the list then holds (each
# item's key, tag, and whether it is the element that held that key before), the items
# put into it in order ("_" for a slot), and how many elements of the whole patch hold a
# key (none is there twice, none left behind).
PATCH_A_LIST = """([before, after, besideBefore, besideAfter]) => {
  const item = (spec) => { if (spec === '_') return '<i class="slot"></i>';
    if (spec.startsWith('[')) return `<b class="holder" data-slot="">${item(spec.slice(1, -1))}</b>`;
    const [key, tag] = spec.split(':'); const t = tag || 'span';
    return `<${t} data-key="${key}">${key}</${t}>`; };
  const named = (n) => n.nodeType !== 1 ? '#' : n.dataset.key
    || (n.tagName === 'B' ? `[${n.firstElementChild.dataset.key}]` : '_');
  const lists = (items, beside) => `<div class="test-list">${items.map(item).join('')}</div><p>${beside.map(item).join('')}</p>`;
  const root = document.createElement('div');
  document.body.append(root);
  root.innerHTML = lists(before, besideBefore);
  const old = new Map([...root.querySelectorAll('[data-key]')].map(el => [el.dataset.key, el]));
  const put = [];
  new MutationObserver(records => { for (const r of records) put.push(...[...r.addedNodes].map(named)); })
    .observe(root.firstChild, {childList: true, subtree: true});
  window.royalRedraw.draw(root, lists(after, besideAfter), true);
  const got = [...root.firstChild.children].map(el => el.tagName === 'B'
    ? [named(el), 'b', old.get(el.firstElementChild.dataset.key) === el.firstElementChild]
    : [named(el), el.tagName.toLowerCase(), old.get(el.dataset.key) === el]);
  const same = root.innerHTML === lists(after, besideAfter), keyed = root.querySelectorAll('[data-key]').length;
  return new Promise(resolve => setTimeout(() => { root.remove(); resolve({got, put, same, keyed}); }, 0));
}"""


def test_a_patched_list_is_the_list_drawn_and_a_new_item_is_the_only_one_put_in(watched):
    """The page's patch of lists (a log, a hand, a display of cards with empty slots):
    after it the list is exactly the one drawn, each item kept is the same element, and
    an item new at the top or in the middle is put in alone, nothing taken out and put
    back. Where items change order, or one becomes another kind of element (a card that
    became a button, a card played from a hand into a display), the list is still
    exactly the one drawn."""
    page = watched(1024, 768).open()
    cases = [
        # before, after, the items put into the list (None: not counted), the list beside
        ("c b a", "d c b a", ["d"], ""),                 # the log: the newest on top
        ("a b c", "a n b c", ["n"], ""),                 # a card drawn into a hand
        ("b a", "e d b a", ["e", "d"], ""),
        ("c b a", "d c b", ["d"], ""),                   # the oldest line cut
        ("a b c", "c n a", None, ""),                    # moved about
        ("a b:span c", "a n b:button c", None, ""),      # a card that became a button
        ("a:span c", "a:button n c", None, ""),
        ("a b c", "n b:button a", None, ""),
        ("a b", "x n a b", None, "x ->"),                # a card from another place, and a new one
        ("_ _ _", "n _ _", ["n"], ""),                   # a card played into a display's first slot
        ("a _ _", "a n _", ["n"], ""),
        ("a _ _", "a b:button _", ["b"], "b ->"),        # from a hand (a button) into the display
        ("_ _ _", "x _ _", ["x"], "x:button y ->"),
        ("a x:button b", "a b", [], "_ _ -> x _"),       # the hand it left: nothing put back
        ("a _ b", "n a _ m b", ["n", "m"], ""),
        ("_ _", "_ _ n", ["n"], ""),
        ("a", "a _ n", None, ""),                        # a slot more, then a card: morphdom's
        ("[a] [b] [c] [d]", "[a] [c] [d]", [], ""),     # a fan that lost a card: no card moves
        ("[a] [b]", "[a] [n] [b]", ["[n]"], ""),         # ...or drew one
        ("[a] [b]", "[b] [a]", None, ""),
        ("[a] _", "[a] [b]", None, "b ->"),              # a card from elsewhere into a slot
        ("_ a", "n a _", None, ""),                      # a slot that moved: morphdom's
        ("a _", "_ n a", None, ""),
    ]
    for before, after, put, beside in cases:
        beside_before, _, beside_after = beside.partition("->")
        found = page.evaluate(PATCH_A_LIST, [before.split(), after.split(),
                                             beside_before.split(), beside_after.split()])
        where = f"{before} -> {after} ({beside}): {found}"
        assert found["same"], where
        keys = [spec.split(":")[0] for spec in after.split()]
        tags = ["i" if spec == "_" else "b" if spec.startswith("[") else (spec.split(":") + ["span"])[1]
                for spec in after.split()]
        assert [[key, tag] for key, tag, _ in found["got"]] == [list(pair) for pair in zip(keys, tags)], where
        assert found["keyed"] == len([spec for spec in (after + " " + beside_after).split() if spec != "_"]), where
        olds = {spec.split(":")[0]: "b" if spec.startswith("[") else (spec.split(":") + ["span"])[1]
                for spec in before.split() + beside_before.split() if spec != "_"}
        for key, tag, same in found["got"]:
            if key != "_" and olds.get(key) == tag:
                assert same, f"{key} is a new element: {where}"
        if put is not None:
            assert found["put"] == put, f"put in {found['put']}: {where}"
