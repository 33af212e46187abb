"""The review's chart: each graded player's estimated chance to win over the
game, drawn as SVG by the app.

Pure: numbers and words in, SVG markup out, built with ui.markup: every word
(names, axis titles, the title and the description) is escaped by construction;
the caller translates them. Lines differ by their dash pattern and carry their player's name at their end, so
they are told apart without colour.
"""
from __future__ import annotations

from typing import NamedTuple

from .markup import Markup, el

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 52, 104, 14, 44       # room for the axes' numbers and the end labels
PLOT_W, PLOT_H = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
# The strip a review draws above the table: as wide, a third as tall, the axes named by
# the figure's heading instead of titles of their own.
STRIP_HEIGHT, STRIP_BOTTOM = 150, 24
DASHES = ("", "7 4", "2 4", "10 3 2 3", "4 2", "1 3")   # one pattern per line, first solid
LABEL_GAP = 14                                       # end labels closer than this are pushed apart


class Line(NamedTuple):
    label: str                               # a player's name, as drawn
    points: tuple[tuple[int, float | None], ...]   # (moves played, chance in [0, 1] or None)


class Words(NamedTuple):
    title: str
    desc: str
    x_axis: str                              # "Moves played"
    y_axis: str                              # "Chance to win"
    fair: str                                # "Even share 33 %"
    pct: str = "{n} %"                       # a whole percent as the language writes it
    scale: tuple = ()                        # (chance, label) on the side: words where chances are rough


class Summary(NamedTuple):
    first: float
    last: float
    low: float
    low_at: int                              # moves played when it was lowest (its first time)
    high: float
    high_at: int


def summary(points) -> Summary | None:
    """The numbers a sentence about one line needs; None when it has no point."""
    known = [(x, y) for x, y in points if y is not None]
    if not known:
        return None
    low_at, low = min(known, key=lambda p: (p[1], p[0]))
    high_at, high = max(known, key=lambda p: (p[1], -p[0]))
    return Summary(known[0][1], known[-1][1], low, low_at, high, high_at)


def percent(chance: float) -> int:
    return round(max(0.0, min(1.0, chance)) * 100)


def _x(moves: int, total: int) -> float:
    return LEFT + PLOT_W * (moves / total if total else 0.0)


def _y(chance: float, plot_h: float = PLOT_H) -> float:
    return TOP + plot_h * (1.0 - max(0.0, min(1.0, chance)))


def _segments(points):
    """Runs of known points; a seat not estimated somewhere breaks its line there."""
    run: list[tuple[int, float]] = []
    for x, y in points:
        if y is None:
            if run:
                yield run
            run = []
        else:
            run.append((x, y))
    if run:
        yield run


def x_ticks(total: int) -> list[int]:
    """A few round move numbers along the bottom, 0 and the last always among them."""
    if total <= 0:
        return [0]
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 10**9) if total / s <= 6)
    ticks = list(range(0, total, step))
    if total - ticks[-1] < step / 2 and len(ticks) > 1:
        ticks.pop()                          # too close to the last one to read both
    return ticks + [total]


def _spread(wanted: list[tuple[float, int]], plot_h: float = PLOT_H) -> dict[int, float]:
    """End labels' heights, pushed apart so that none overlaps another."""
    placed: dict[int, float] = {}
    last = None
    for y, index in sorted(wanted):
        y = max(y, TOP + 4) if last is None else max(y, last + LABEL_GAP)
        placed[index] = y
        last = y
    overflow = (last or 0) - (TOP + plot_h + 4)
    if overflow > 0:                         # pushed below the plot: move them all up
        placed = {i: y - overflow for i, y in placed.items()}
    return placed


def chart(lines: list[Line], total: int, fair: float, words: Words, marker: int | None = None,
          ident: str = "review-chart", strip: bool = False) -> Markup:
    """The SVG of the chance lines over `total` moves, the fair share dashed,
    and `marker` (a move number) as a thin upright line: where the replay is.
    `strip`: low, without the axes' titles (a review's strip above the table)."""
    height = STRIP_HEIGHT if strip else HEIGHT
    plot_h = height - TOP - (STRIP_BOTTOM if strip else BOTTOM)

    def y_of(chance: float) -> float:
        return _y(chance, plot_h)
    title_id, desc_id = f"{ident}-title", f"{ident}-desc"
    out = [el("title", {"id": title_id}, words.title), el("desc", {"id": desc_id}, words.desc)]
    # Horizontal grid and the chance scale.
    scale = words.scale or tuple((step, words.pct.format(n=percent(step))) for step in (0, 0.25, 0.5, 0.75, 1.0))
    for step, label in scale:
        y = y_of(step)
        out.append(el("line", {"class": "chart-grid", "x1": LEFT, "y1": f"{y:.1f}", "x2": LEFT + PLOT_W,
                               "y2": f"{y:.1f}"}))
        out.append(el("text", {"class": "chart-num", "x": LEFT - 6, "y": f"{y + 4:.1f}", "text-anchor": "end"},
                      label))
    for tick in x_ticks(total):
        x = _x(tick, total)
        out.append(el("line", {"class": "chart-tick", "x1": f"{x:.1f}", "y1": TOP + plot_h, "x2": f"{x:.1f}",
                               "y2": TOP + plot_h + 4}))
        out.append(el("text", {"class": "chart-num", "x": f"{x:.1f}", "y": TOP + plot_h + 17,
                               "text-anchor": "middle"}, tick))
    middle = f"{TOP + plot_h / 2:.1f}"
    if not strip:
        out.append(el("text", {"class": "chart-axis", "x": f"{LEFT + PLOT_W / 2:.1f}", "y": HEIGHT - 6,
                               "text-anchor": "middle"}, words.x_axis))
        out.append(el("text", {"class": "chart-axis", "x": "12", "y": middle, "text-anchor": "middle",
                               "transform": f"rotate(-90 12 {middle})"}, words.y_axis))
    fair_y = y_of(fair)
    out.append(el("line", {"class": "chart-fair", "x1": LEFT, "y1": f"{fair_y:.1f}", "x2": LEFT + PLOT_W,
                           "y2": f"{fair_y:.1f}", "stroke-dasharray": "6 5"}))
    out.append(el("text", {"class": "chart-fair-label", "x": LEFT + 4, "y": f"{fair_y - 4:.1f}"}, words.fair))
    if marker is not None and total:
        x = _x(max(0, min(total, marker)), total)
        out.append(el("line", {"class": "chart-marker", "x1": f"{x:.1f}", "y1": TOP, "x2": f"{x:.1f}",
                               "y2": TOP + plot_h}))
    ends = []
    for index, line in enumerate(lines):
        dash = DASHES[index % len(DASHES)]
        for run in _segments(line.points):
            if len(run) == 1:
                x, y = run[0]
                out.append(el("circle", {"class": f"chart-line chart-line-{index}", "cx": f"{_x(x, total):.1f}",
                                         "cy": f"{y_of(y):.1f}", "r": "3"}))
            else:
                coords = " ".join(f"{_x(x, total):.1f},{y_of(y):.1f}" for x, y in run)
                out.append(el("polyline", {"class": f"chart-line chart-line-{index}", "fill": "none",
                                           "stroke-dasharray": dash or None, "points": coords}))
        known = [p for p in line.points if p[1] is not None]
        if known:
            ends.append((y_of(known[-1][1]), index))
    for index, y in _spread(ends, plot_h).items():
        out.append(el("text", {"class": f"chart-label chart-label-{index}", "x": LEFT + PLOT_W + 6,
                               "y": f"{y + 4:.1f}"}, lines[index].label))
    return el("svg", {"class": ["review-chart", strip and "is-strip"], "viewBox": f"0 0 {WIDTH} {height}", "role": "img",
                      "aria-labelledby": f"{title_id} {desc_id}", "xmlns": "http://www.w3.org/2000/svg"}, out)
