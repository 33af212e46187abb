"""Motion that tells what happened (static/motion.js), in Chromium: what the tables
mark moves, a tap during a motion ends it at once and acts, nothing moves under
prefers-reduced-motion, and no copy of a card is made across a hand-off.

Each test drives motion.js itself around a redraw of marked elements inside the
app's page (as py/main.py does: before(), the new markup patched in, after()); the
tables' own marks are played in the whole-game tests."""
from __future__ import annotations

# A redraw as main.py makes one: before(root), the new markup patched in (or put in
# whole for another viewer: static/redraw.js), after(root). Returns the animations
# running just after it, by the element's data-key (or "ghost").
REDRAW = """([first, second]) => {
  const app = document.getElementById('app');
  app.innerHTML = first;
  royalMotion.before(app);
  royalRedraw.draw(app, second, true);
  royalMotion.after(app);
  return document.getAnimations().filter(a => !(a instanceof CSSAnimation) && !(a instanceof CSSTransition))
    .map(a => a.effect.target.dataset.key || (a.effect.target.classList.contains('motion-ghost') ? 'ghost' : '?'));
}"""


def layout(viewer: str, *inner: str) -> str:
    return (f'<div class="table-layout" data-screen="table" data-viewer="{viewer}"><div class="table-main" '
            f'style="position:relative;height:400px">{"".join(inner)}</div></div>')


def box(key: str, left: int, top: int = 0, extra: str = "", inside: str = "") -> str:
    return (f'<div data-key="{key}" {extra} style="position:absolute;left:{left}px;top:{top}px;'
            f'width:60px;height:80px;background:#ccc">{inside}</div>')


BEFORE = layout("0", box("seat:1", 0), box("card:a", 100), box("trick", 300, extra='data-to="seat:1"'),
                box("die", 500, extra='data-roll="3"'), box("gold", 600, extra='data-bump="5"'))
AFTER = layout("0", box("seat:1", 0), box("card:a", 200), box("played", 400, extra='data-from="seat:1"'),
               box("die", 500, extra='data-roll="4"'), box("gold", 600, extra='data-bump="7"'))


def open_home(watched, **options):
    w = watched(1024, 768, **options)
    page = w.open("pace=1")
    return w, page


def test_marked_things_glide_fly_leave_tumble_and_pulse(watched):
    w, page = open_home(watched)
    moving = page.evaluate(REDRAW, [BEFORE, AFTER])
    # card:a moved, "played" flew in from seat:1, the trick left as a copy towards
    # seat:1, the die tumbled (its roll changed), the gold pulsed (its count changed)
    assert sorted(set(moving)) == ["card:a", "die", "ghost", "gold", "played"], moving
    assert "seat:1" not in moving                      # it stayed where it was
    unchanged = page.evaluate(REDRAW, [AFTER, AFTER])
    assert unchanged == []                              # nothing happened: nothing moves
    assert w.errors == []


def test_a_thing_carried_by_a_gliding_thing_glides_only_by_what_it_moved_within_it(watched):
    """A seat's plate glides; the counts on it go with it. A count animated on its
    own as well would set out from twice as far (and cost a layer each)."""
    w, page = open_home(watched)
    def seat(left, count_top):
        return box("seat:1", left, inside=box("gold:1", 0, 0) + box("won:1", 0, count_top))
    moving = page.evaluate(REDRAW, [layout("0", seat(0, 20)), layout("0", seat(300, 50))])
    # gold:1 went with the plate; won:1 also moved down 30 px on it
    assert sorted(moving) == ["seat:1", "won:1"], moving
    start = page.evaluate("""() => document.getAnimations().filter(a => a.effect.target.dataset.key === 'won:1')
      .map(a => a.effect.getKeyframes()[0].transform)""")
    assert start == ["translate(0px, -30px)"], start
    assert w.errors == []


def test_under_reduced_motion_nothing_moves(watched):
    w, page = open_home(watched, reduced_motion="reduce")
    assert page.evaluate(REDRAW, [BEFORE, AFTER]) == []
    assert page.evaluate("document.querySelectorAll('.motion-ghost').length") == 0
    assert w.errors == []


def test_across_a_hand_off_things_still_arrive_but_nothing_old_is_copied(watched):
    """A new viewer: the trick that left is not copied (it could hold what the new
    viewer may not see); a card from a private zone is never copied either."""
    w, page = open_home(watched)
    after = AFTER.replace('data-viewer="0"', 'data-viewer="1"')
    moving = page.evaluate(REDRAW, [BEFORE, after])
    assert "ghost" not in moving and "played" in moving
    private_before = layout("0", box("seat:1", 0), '<div data-private>' + box("mine", 100, extra='data-to="seat:1"')
                            + "</div>")
    private_after = layout("0", box("seat:1", 0))
    assert "ghost" not in page.evaluate(REDRAW, [private_before, private_after])
    assert w.errors == []


def test_a_tap_during_a_motion_ends_every_motion_and_goes_to_what_it_began_on(watched):
    """The finger comes down on a button on its way (drawn where it was a moment
    ago): every motion ends at once and the tap is that button's, although the
    button stands elsewhere by the time the finger lifts."""
    w, page = open_home(watched)
    button = ('<button type="button" data-cmd="probe" data-arg="x" style="width:60px;height:80px">'
              'go</button>')
    before = layout("0", box("b", 0, inside=button))
    after = layout("0", box("b", 600, top=200, inside=button))
    page.evaluate("""() => { window.probeTaps = [];
      document.addEventListener('click', e => { const b = e.target.closest('[data-cmd=probe]');
        if (b) window.probeTaps.push(b.dataset.arg); }); }""")
    assert page.evaluate(REDRAW, [before, after]) == ["b"]
    # Slowed to a crawl, so that it is still near its start when the finger comes.
    page.evaluate("() => document.getAnimations().forEach(a => { a.currentTime = 0; a.playbackRate = 0.01; })")
    assert page.evaluate("royalMotion.running()") == 1
    where = page.evaluate("(() => { const r = document.querySelector('[data-cmd=probe]').getBoundingClientRect();"
                          " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
    assert where[0] < 100                               # drawn where it was, not yet where it is
    page.mouse.click(*where)
    assert page.evaluate("window.probeTaps") == ["x"]
    assert page.evaluate("document.getAnimations().filter(a => !(a instanceof CSSAnimation)"
                         " && a.playState !== 'finished').length") == 0
    assert w.errors == []
