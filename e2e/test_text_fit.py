"""Every word fits its box: in each of the five games, in Japanese and English,
at 1024×768 and 768×1024, on the new-game screen, at the table at a few of the
person's decisions, at a round's summary where the game has one and at the
result, no text inside #app spills out of its box, is cut by a box that hides
its overflow, is cut by an ellipsis, or runs off the screen sideways. The person
(against quick computer players) has a name of 32 full-width characters, the
longest the new-game screen takes.

One page for all five games: the language is switched with the app's own
button and the window resized at each of those screens, so a game costs a few
seconds. The check itself is proven at the first decision of Krypkille: a card
name cut by an ellipsis in a narrow box is caught, while words in a scrolled
box and words only for screen readers are not."""
from __future__ import annotations

import os
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "py"))
from royaltable import registry  # noqa: E402
from webkit import PLAY_IN_PAGE  # noqa: E402  (the same way of playing as in WebKit)

SIZES = ((1024, 768), (768, 1024))
LONG_NAME = "エリザベス・アレクサンドラ・マリー・ヴィクトリア・ハノーヴァー王"   # 32 full-width characters
assert len(LONG_NAME) == 32
PLAY_LIMIT_S = 60
EVERY_SHOT = bool(os.environ.get("FIT_SHOTS"))     # a screenshot of every screen, not only of misfits

# The person's moves that end a turn or a round soonest (as in test_webkit.py),
# the moves at which the table is looked at, whether the game stops for a round's
# summary everybody reads, and how many sit at the table (the fewest unless said:
# King's Struggle deals its ten cards a seat only from four).
GAMES = {
    "krypkille": {"prefer": [], "at": (1, 3), "summary": True},
    "court": {"prefer": ["^aside all$", "^pass$"], "at": (1, 6), "summary": False},
    "whispers": {"prefer": [], "at": (1, 12), "summary": True},
    "golden_key": {"prefer": ["^pass$", "^end$", "^keep$", "^decline$", "^refuse$"], "at": (1, 5),
                   "summary": False},
    "struggle": {"prefer": ["^pass$", "^no-promise$"], "at": (0, 5), "summary": True, "players": 4},
}

# Text that does not fit, as a person would see it (as drawn: a word narrowed by
# a transform counts as narrowed; animations at their end). For each text node
# drawn in #app (not in an SVG, not visually hidden for screen readers, not
# invisible), a line of it that lies
# - "spills": outside the box of its nearest element that is not inline (its
#   block, cell, button, badge...);
# - "cut": outside the padding box of an ancestor that hides its overflow
#   (overflow hidden or clip) on that axis;
# - "off screen": left of 0 or right of the window's width;
# except, on an axis, inside a box that scrolls on that axis (a log): what is in
# there can be scrolled to. "split": a number or a short word (up to 12 Latin
# letters or digits) broken over two lines ("Poin/ts", "1/2"). And "ellipsis":
# an element with text-overflow: ellipsis whose text is wider than its box (the
# browser draws "…" instead).
# Slack: 1 px across; 4 px up and down (a glyph above a tight line), or half the
# font's height beyond the line's when the line is tighter than the font.
MISFITS = """() => {
  if (window.royalMotion) royalMotion.finish();      // a card gliding in is not a card cut
  const out = [], seen = new Set(), app = document.getElementById('app');
  const style = (e) => getComputedStyle(e);
  const scrolls = (v) => v === 'auto' || v === 'scroll';
  const hides = (v) => v === 'hidden' || v === 'clip';
  const label = (e) => e.tagName.toLowerCase() + (e.className && typeof e.className === 'string'
    ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
  const visuallyHidden = (e) => {
    for (let a = e; a && a !== document.body; a = a.parentElement) {
      if (a.matches('.sr-only, .sr-only-focusable:not(:focus-within)')) return true;
      const s = style(a);
      if (s.clip !== 'auto' && s.position === 'absolute') return true;
      if (s.visibility !== 'visible' || s.opacity === '0') return true;
    }
    return false;
  };
  const report = (kind, e, text, detail) => {
    const key = kind + '|' + label(e) + '|' + text;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(kind + ': ' + label(e) + ' "' + text.slice(0, 40) + '" ' + detail);
  };
  // Measured as drawn (a transform that narrows a word counts), animations and
  // transitions at their end; boxes by their drawn rectangles, so that a tilted
  // card's box is the rectangle around it, as its text's is.
  const still = new CSSStyleSheet();
  still.replaceSync('#app, #app * { animation: none !important; transition: none !important; }');
  const sheets = [...document.adoptedStyleSheets];   // a copy: the property is a live array
  document.adoptedStyleSheets = [...sheets, still];
  const walker = document.createTreeWalker(app, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.replace(/[\\u2068\\u2069]/g, '').trim();
    const parent = node.parentElement;
    if (!text || !parent || parent.closest('svg, script, style, template, option')) continue;
    if (!parent.getClientRects().length || visuallyHidden(parent)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const lines = [...range.getClientRects()].filter(r => r.width > 0.5);
    if (!lines.length) continue;
    const rows = new Set(lines.map(r => Math.round(r.top)));
    let block = parent;
    while (block !== app && ['inline', 'contents'].includes(style(block).display)) block = block.parentElement;
    const b = block.getBoundingClientRect();
    if (rows.size > 1 && /^[+\\-\u2212]?[0-9A-Za-z\u00c0-\u024f]{1,12}$/.test(text))
      report('split', block, text, `over ${rows.size} lines`);
    // Boxes that scroll on an axis: what is inside them can be scrolled to, so
    // on that axis nothing inside one spills, is cut by it or beyond it, or is
    // off screen.
    const axes = ['X', 'Y'], scroller = {X: null, Y: null};
    for (let a = parent; a && a !== document.body; a = a.parentElement)
      for (const axis of axes)
        if (!scroller[axis] && scrolls(style(a)['overflow' + axis])) scroller[axis] = a;
    for (const r of lines) {
      const span = {X: [r.left, r.right], Y: [r.top, r.bottom]};
      // a line's box is its font's height, which may be taller than the line (line-height 1);
      // a review's table drawn smaller (static/redraw.js: scale(s) on .review-fit) at its scale
      const fit = parent.closest('.review-fit');
      const scale = fit && fit.style.transform ? parseFloat(fit.style.transform.slice(6)) || 1 : 1;
      const lineHeight = (parseFloat(style(parent).lineHeight) * scale) || r.height;
      const slack = {X: 1, Y: Math.max(4, (r.height - lineHeight) / 2 + 2)};
      const outside = (axis, from, to) => span[axis][0] < from - slack[axis] || span[axis][1] > to + slack[axis];
      const where = (axis) => axis === 'X' ? `x ${Math.round(r.left)}-${Math.round(r.right)}`
                                           : `y ${Math.round(r.top)}-${Math.round(r.bottom)}`;
      if (!scroller.X && outside('X', 0, innerWidth))
        report('off screen', block, text, `text ${where('X')} window 0-${innerWidth}`);
      if (!scroller.X && outside('X', b.left, b.right))
        report('spills', block, text, `text ${where('X')} box ${Math.round(b.left)}-${Math.round(b.right)}`);
      if (!scroller.Y && outside('Y', b.top, b.bottom))
        report('spills', block, text, `text ${where('Y')} box ${Math.round(b.top)}-${Math.round(b.bottom)}`);
      for (const axis of axes) {
        for (let a = parent; a && a !== document.body; a = a.parentElement) {
          const s = style(a)['overflow' + axis];
          if (scrolls(s)) break;
          if (!hides(s)) continue;
          const c = a.getBoundingClientRect(), cs = style(a);   // its padding box, as drawn
          const from = axis === 'X' ? c.left + parseFloat(cs.borderLeftWidth) : c.top + parseFloat(cs.borderTopWidth);
          const to = axis === 'X' ? c.right - parseFloat(cs.borderRightWidth) : c.bottom - parseFloat(cs.borderBottomWidth);
          if (outside(axis, from, to))
            report('cut', a, text, `text ${where(axis)} shown ${Math.round(from)}-${Math.round(to)}`);
        }
      }
    }
  }
  for (const e of app.querySelectorAll('*')) {
    if (!e.getClientRects().length || e.closest('svg')) continue;
    const s = style(e);
    if (s.textOverflow !== 'ellipsis' || !hides(s.overflowX) || visuallyHidden(e)) continue;
    if (e.scrollWidth > e.clientWidth + 1)
      report('ellipsis', e, e.textContent.replace(/[\\u2068\\u2069]/g, '').trim(), `${e.scrollWidth}/${e.clientWidth} px`);
  }
  document.adoptedStyleSheets = sheets;
  return out;
}"""

# A card name cut short, the fault the check is for; words that are no fault.
# Styles are added through the CSS object model: the page's Content Security
# Policy refuses a <style> element or a style attribute.
ADD_STYLE = """(css) => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}"""
DROP_STYLE = "() => { document.adoptedStyleSheets = document.adoptedStyleSheets.slice(0, -1); }"
PLANTED = (".kk-hand-cards .kk-card .card-name, .kk-hand-cards .kk-card .card-foot "
           "{ white-space: nowrap; overflow: hidden; text-overflow: ellipsis; width: 1.5em; display: block; }")
HARMLESS = """() => {
  const box = document.createElement('div');
  box.id = 'harmless';
  box.innerHTML = '<div class="fit-scroll"><p>' + 'ここは長い記録の中。 '.repeat(30) + '</p>'
    + '<p class="fit-line">A long line that scrolls sideways in its own box, as a log may.</p></div>'
    + '<span class="sr-only">Words only for screen readers, as long as they need to be</span>';
  document.getElementById('app').appendChild(box);
}"""
HARMLESS_STYLE = (".fit-scroll { height: 40px; width: 120px; overflow: auto; } .fit-scroll p { margin: 0; } "
                  ".fit-line { white-space: nowrap; }")


def play(page, game_id: str, moves: int = -1, stop: str = "") -> dict:
    done = page.evaluate(PLAY_IN_PAGE, {"prefer": GAMES[game_id]["prefer"], "moves": moves,
                                        "stop": stop, "limit_ms": PLAY_LIMIT_S * 1000})
    assert done["how"] not in ("error", "timeout"), (game_id, done)
    return done


class Looker:
    """Looks at one screen in both languages and both orientations."""

    def __init__(self, w):
        self.w, self.page, self.game_id = w, w.page, ""
        self.size = 0
        self.misfits: list[str] = []
        self.looked = 0

    def resize(self, size: int) -> None:
        if size != self.size:
            self.size = size
            width, height = SIZES[size]
            self.page.set_viewport_size({"width": width, "height": height})

    def check(self, where: str, shot: bool = False) -> None:
        self.page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        lang = self.page.evaluate("document.documentElement.lang")
        width, height = SIZES[self.size]
        found = self.page.evaluate(MISFITS)
        self.looked += 1
        if shot:        # every table at a decision, in both languages and orientations, to look at
            self.page.evaluate("window.royalMotion && royalMotion.finish()")
            self.w.shot(f"table-{self.game_id}-{lang}-{width}x{height}")
        if found or EVERY_SHOT:
            self.w.shot(f"fit-{self.game_id}-{where}-{lang}-{width}x{height}", full_page=True)
            self.misfits += [f"{self.game_id} {where} {lang} {width}×{height}: {m}" for m in found]

    def look(self, where: str, shot: bool = False) -> None:
        """Both sizes, then the other language at both sizes (the last size first:
        one resize fewer), leaving the page in the other language."""
        order = (self.size, 1 - self.size)
        for size in order:
            self.resize(size)
            self.check(where, shot)
        # the app's language button (by script: a summary's overlay lies over the top bar)
        self.page.evaluate("document.querySelector('#app [data-cmd=lang]').click()")
        for size in reversed(order):
            self.resize(size)
            self.check(where, shot)


def prove_the_check(page) -> None:
    """The planted fault is caught, in words that name it; harmless words are not."""
    before = page.evaluate(MISFITS)
    page.evaluate(ADD_STYLE, HARMLESS_STYLE)
    page.evaluate(HARMLESS)
    assert page.evaluate("document.querySelector('.fit-scroll').scrollHeight > 40")
    assert page.evaluate(MISFITS) == before, "a scrolled box or screen-reader words were taken for a misfit"
    page.evaluate("() => document.getElementById('harmless').remove()")
    page.evaluate(DROP_STYLE)
    page.evaluate(ADD_STYLE, PLANTED)
    planted = [m for m in page.evaluate(MISFITS) if m not in before]
    page.evaluate(DROP_STYLE)
    assert any(m.startswith("ellipsis: span.card-name") for m in planted), planted
    assert any(m.startswith("cut: span.card-name") for m in planted), planted
    assert page.evaluate(MISFITS) == before


def test_every_word_fits_its_box(watched):
    """All five games in one page, one after the other (a boot costs more than a game)."""
    w = watched(*SIZES[0], locale="ja-JP")
    page = w.open("pace=0")
    looker = Looker(w)
    for game_id in GAMES:
        looker.game_id = game_id
        play_and_look(page, looker, game_id)
        page.click(".result [data-cmd=home]")
        page.wait_for_selector(".game-grid")
    looker.game_id = "home"
    looker.look("history")             # the home screen with the five finished games
    assert looker.misfits == [], "\n".join(looker.misfits)
    assert looker.looked == 4 + 4 * sum(2 + len(spec["at"]) + spec["summary"] for spec in GAMES.values())
    assert w.errors == []


def play_and_look(page, looker, game_id: str) -> None:
    game = registry.get(game_id)
    spec = GAMES[game_id]
    # The new-game screen: one person with the longest name, quick computers.
    page.click(f"[data-game={game_id}] [data-cmd=setup]")
    players = spec.get("players", game.min_players)
    page.click(f'[data-cmd=players][data-arg="{players}"]')
    for seat in range(1, players):
        page.click(f'[data-cmd=kind][data-arg="{seat}:quick"]')
    page.click("[data-cmd=more_options]")            # every option unfolded: all of its words are looked at
    for name, (choices, _) in game.options.items():
        page.click(f'[data-cmd=option][data-arg="{name}:{choices[0]}"]')
    page.fill('[data-field="name:0"]', LONG_NAME)
    page.fill('[data-field="seed"]', "3")
    looker.look("setup")
    page.click("[data-cmd=start]")
    page.wait_for_selector(".table-layout")

    # The table at the person's decisions, a round's summary, the result.
    done = 0
    for number, moves in enumerate(spec["at"]):
        reached = play(page, game_id, moves=moves - done)
        assert reached["how"] == "moves", (game_id, moves, reached)
        done = moves
        if game_id == "krypkille" and number == 0:
            prove_the_check(page)
        looker.look(f"move{moves}", shot=number == len(spec["at"]) - 1)
    if spec["summary"]:
        reached = play(page, game_id, stop="#app [data-screen=summary]")
        assert reached["how"] == "stop", (game_id, "no summary", reached)
        looker.look("summary")
    assert play(page, game_id)["how"] == "result"
    looker.look("result")
