"""Are the strong player's estimated chances honest? One strong seat (the hero)
against quick players, as bench/strength.py seats them (four players; a two-player
game one against one; the hero's seat rotating game by game, the same seeds). At
every decision of the hero with more than one legal action the hero's strong bot
searches (`bot.search`, also where Court's strong player would follow its plan: a
review searches every decision) and plays the search's choice; the best candidate's
value is kept with the game's outcome for the hero (1 / winners for a winner, else 0).

Per game, an increasing map from value to the share of games won is fitted on the
games of even index (isotonic regression by pool-adjacent-violators, reduced to at
most POINTS_MOST points) and checked on the games of odd index, in bands of 10 % of
the mapped chance, beside the raw value's bands. It writes py/royaltable/calibration.py
(the points, and ROUGH: the games whose held-out bands miss), bench/RESULTS-calibration.md
and its section of bench/RESULTS.md. The raw data goes to bench/RESULTS-calibration.json
after every game, so a stopped run keeps what it played and a run again goes on from it.

    .venv/bin/python bench/calibration.py                      # 200 games per game (goes on from the .json)
    .venv/bin/python bench/calibration.py --games 5 --only court,whispers
    .venv/bin/python bench/calibration.py --refit              # fit and write again, play nothing
"""
from __future__ import annotations

import argparse
import ast
import json
import math
import os
import pathlib
import sys
import time

BENCH = pathlib.Path(__file__).resolve().parent
ROOT = BENCH.parent
for path in (ROOT / "py", BENCH):       # the source tree; strength.py beside this file
    if str(path) not in sys.path:
        sys.path.append(str(path))

from royaltable import registry  # noqa: E402
from royaltable.search import fitted_chance, read_chance  # noqa: E402
from strength import SEED, players_for  # noqa: E402

DATA = BENCH / "RESULTS-calibration.json"
REPORT = BENCH / "RESULTS-calibration.md"
RESULTS = BENCH / "RESULTS.md"
MODULE = ROOT / "py" / "royaltable" / "calibration.py"
HEADING = "## 5d. Computer players: are the estimated chances honest?"
REST = "quick"              # the other seats
GAMES = 200             # games per game, as in the strength tournaments
POINTS_MOST = 12
POINT_LEAST = 1 / 40    # of the fitted positions, at least, behind each point
BAND_ENOUGH = 30        # a band with fewer held-out positions is shown, not judged
SPREAD_LEAST = 0.15     # estimates closer together than this tell positions (and moves) too little apart
BAND_TOLERANCE = 0.10   # a judged band's mean estimate within this of its share won


# ---- playing ------------------------------------------------------------------------

KINDS = ("strong", "quick", "gentle")   # the seat whose chances are read: every kind of player
STRIDE = 4              # every STRIDE-th decision with a choice is searched (the cost of a run)
BUDGET_SHARE = 0.5      # of the review's budget a search here spends (the cost of a run: the values are noisier)


def play(job: tuple[str, str, int]) -> dict:
    """One game of a seat of `kind` (the hero) against quick players. At every
    STRIDE-th decision of the hero with more than one legal action, the strong
    player searches from the hero's view, as a review does (its budget): the best
    value (None when nothing was searched), whether the search saw anything after
    its moves, and the standings the model reads from the view; the hero then
    plays its own level's move. The hero's share of the win at the end."""
    from royaltable import review
    game_id, kind, index = job
    started = time.process_time()
    game = registry.get(game_id)
    players = players_for(game_id)
    hero_seat = index % players
    state = game.new(players, seed=SEED + index)
    bots = [game.bots[kind if s == hero_seat else REST](seed=index * 10 + s) for s in range(players)]
    searcher = game.bots["strong"](seed=index * 10 + 9)
    searcher.playouts = max(2, round(review.default_playouts(game_id, players) * BUDGET_SHARE))
    decisions = []
    number = 0
    while not state.over:
        seat, view, legal = state.current, state.view(state.current), state.legal_actions()
        if seat == hero_seat and len(legal) > 1:
            number += 1
            if number % STRIDE == 1 % STRIDE:
                found = searcher.search(view, legal)
                value = found.candidates[0].value
                decisions.append([number, None if value is None else round(value, 4), found.sees_the_future,
                                  [round(x, 4) for x in searcher.model.standing(view)]])
        state.apply(bots[seat].choose(view, legal))
    winners = state.result()["winners"]
    return {"game": game_id, "kind": kind, "index": index, "seat": hero_seat, "players": players,
            "won": round(1 / len(winners), 4) if hero_seat in winners else 0.0,
            "decisions": number, "searched": decisions, "actions": len(state.actions),
            "cpu_seconds": round(time.process_time() - started, 2)}


def load() -> dict:
    if DATA.exists():
        data = json.loads(DATA.read_text())
        if data.get("version") == 2:
            return data
    return {"version": 2, "seed": SEED, "kinds": list(KINDS), "rest": REST, "played": []}


def save(data: dict) -> None:
    """Whole file each time (one game a line), through a temporary file: a run
    stopped mid-write keeps the last complete one."""
    head = {k: v for k, v in data.items() if k != "played"}
    text = json.dumps(head, sort_keys=True)[:-1] + ', "played": [\n' + ",\n".join(
        json.dumps(g, sort_keys=True) for g in sorted(data["played"], key=lambda g: (g["game"], g["kind"], g["index"]))
    ) + "\n]}\n"
    temporary = DATA.with_suffix(".json.tmp")
    temporary.write_text(text)
    os.replace(temporary, DATA)


def run(games: list[str], count: int, command: str, processes: int = 2, log=print) -> dict:
    """Plays `count` games of each kind of hero in each game, index by index (so a
    stopped run has about as many of each), skipping those already kept."""
    from multiprocessing import Pool
    data = load()
    data["command"] = command
    data["planned"] = count
    kept = {(g["game"], g["kind"], g["index"]) for g in data["played"]}
    jobs = [(game_id, kind, index) for index in range(count) for game_id in games for kind in KINDS
            if (game_id, kind, index) not in kept]
    started = time.time()
    with Pool(processes) as pool:
        for game in pool.imap_unordered(play, jobs, chunksize=1):
            data["played"].append(game)
            data["date"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
            save(data)
            log(f"  calibration: {game['game']} {game['kind']} game {game['index']}: "
                f"{len(game['searched'])} positions, won {game['won']}, {game['cpu_seconds']:.1f} s CPU "
                f"({len(data['played'])} kept, {time.time() - started:.0f} s so far)")
    return data


# ---- the fit --------------------------------------------------------------------------

def isotonic(xs: list[float], ys: list[float]) -> list[tuple[float, float, float]]:
    """The increasing least-squares fit of ys on xs (pool-adjacent-violators), as
    blocks (mean x, mean y, weight) in increasing x; equal xs share a block, and
    blocks of equal y are pooled too, so both x and y strictly increase."""
    by_x: dict[float, list[float]] = {}
    for x, y in zip(xs, ys):
        by_x.setdefault(x, []).append(y)
    blocks: list[list[float]] = []          # [weight, sum of x, sum of y]
    for x in sorted(by_x):
        ys_here = by_x[x]
        blocks.append([len(ys_here), x * len(ys_here), sum(ys_here)])
        while len(blocks) > 1 and blocks[-2][2] / blocks[-2][0] >= blocks[-1][2] / blocks[-1][0]:
            w, sx, sy = blocks.pop()
            blocks[-1] = [blocks[-1][0] + w, blocks[-1][1] + sx, blocks[-1][2] + sy]
    return [(sx / w, sy / w, w) for w, sx, sy in blocks]


def reduce(blocks: list[tuple[float, float, float]], most: int = POINTS_MOST,
           digits: int = 3, least: float = 0) -> tuple[tuple[float, float], ...]:
    """At most `most` points (x, y), rounded to `digits`: adjacent blocks are pooled,
    the pair that costs least squared error first (pooling neighbours keeps the map
    increasing), and so are blocks whose xs round alike and blocks lighter than
    `least` (with the neighbour that costs least: a point standing on a handful of
    positions, often of one game, would say 0 % or 100 % where no one knows)."""
    blocks = [list(b) for b in blocks]

    def cost(i):        # the squared error added by pooling blocks i and i + 1
        (_, y0, w0), (_, y1, w1) = blocks[i], blocks[i + 1]
        return w0 * w1 / (w0 + w1) * (y0 - y1) ** 2

    while len(blocks) > 1:
        same = [i for i in range(len(blocks) - 1) if round(blocks[i][0], digits) == round(blocks[i + 1][0], digits)]
        light = [i for i in range(len(blocks)) if blocks[i][2] < least]
        if same:
            i = same[0]
        elif light:
            i = min((j for j in (light[0] - 1, light[0]) if 0 <= j < len(blocks) - 1), key=cost)
        elif len(blocks) > most:
            i = min(range(len(blocks) - 1), key=cost)
        else:
            break
        (x0, y0, w0), (x1, y1, w1) = blocks[i], blocks.pop(i + 1)
        w = w0 + w1
        blocks[i] = [(x0 * w0 + x1 * w1) / w, (y0 * w0 + y1 * w1) / w, w]
    return tuple((round(x, digits), round(y, digits)) for x, y, _ in blocks)


def chance(points, value: float) -> float:
    """What Model.chance makes of `value` with these points."""
    return read_chance(points, value)


def spread(estimates: list[float]) -> float:
    """How far apart the middle 80 % of the estimates lie (90th less 10th percentile)."""
    if not estimates:
        return 0.0
    ordered = sorted(estimates)
    at = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return at(0.9) - at(0.1)


def bands(estimates: list[float], outcomes: list[float], games: list[int] | None = None) -> list[dict]:
    """Bands of 10 % of the estimate: positions, mean estimate, share won, and how
    many games the positions come from (`games`: each position's game)."""
    games = games if games is not None else list(range(len(estimates)))
    rows = []
    for band in range(10):
        inside = [(e, o, g) for e, o, g in zip(estimates, outcomes, games) if min(9, int(e * 10)) == band]
        if inside:
            rows.append({"band": band, "positions": len(inside), "games": len({g for _, _, g in inside}),
                         "estimate": sum(e for e, _, _ in inside) / len(inside),
                         "won": sum(o for _, o, _ in inside) / len(inside)})
    return rows


def well_calibrated(rows: list[dict]) -> bool:
    """Every band with enough positions within the tolerance, and at least one such band."""
    judged = [r for r in rows if r["positions"] >= BAND_ENOUGH]
    return bool(judged) and all(abs(r["estimate"] - r["won"]) <= BAND_TOLERANCE + 1e-9 for r in judged)


def brier(estimates, outcomes) -> float | None:
    return sum((e - o) ** 2 for e, o in zip(estimates, outcomes)) / len(estimates) if estimates else None


SKILL_LEAST = 0.15       # Brier skill against the base rate, at least
AUC_LEAST = 0.75         # winners' chances above losers', overall ...
AUC_LATE_LEAST = 0.90    # ... and in the last fifth of a game
FIRST_TOLERANCE = 0.10   # the chance at a seat's first decision, on average within this of the even share
RIDGE = 0.01             # shrinkage toward the even share (per position), so that few games cannot run away


def logit(p: float) -> float:
    p = min(1 - 1e-6, max(1e-6, p))
    return math.log(p / (1 - p))


def logistic_fit(rows: list[tuple[list[float], float, float]]) -> list[float]:
    """Weights w minimising the log loss of sigmoid(offset + w . x) against the
    outcomes (a share of a win is a fractional outcome), by Newton's method with
    a small ridge. rows: (x, offset, outcome)."""
    k = len(rows[0][0])
    w = [0.0] * k
    for _ in range(30):
        grad = [RIDGE * len(rows) * wi for wi in w]
        hess = [[RIDGE * len(rows) if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, offset, y in rows:
            z = offset + sum(wi * xi for wi, xi in zip(w, x))
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            for i in range(k):
                grad[i] += (p - y) * x[i]
                for j in range(i, k):
                    hess[i][j] += p * (1 - p) * x[i] * x[j]
        for i in range(k):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step)]
        if max(abs(si) for si in step) < 1e-7:
            break
    return w


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """a x = b by Gaussian elimination with partial pivoting (a is small)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def auc(estimates: list[float], outcomes: list[float]) -> float | None:
    """The chance that a winner's estimate is above a loser's (ties half): won > 0
    counts as a win. None without both."""
    pairs = sorted(zip(estimates, outcomes))
    wins = sum(1 for _, o in pairs if o > 0)
    losses = len(pairs) - wins
    if not wins or not losses:
        return None
    rank_sum, i = 0.0, 0
    while i < len(pairs):           # mid-ranks of tied estimates
        j = i
        while j < len(pairs) and pairs[j][0] == pairs[i][0]:
            j += 1
        mid = (i + j + 1) / 2
        rank_sum += mid * sum(1 for _, o in pairs[i:j] if o > 0)
        i = j
    return (rank_sum - wins * (wins + 1) / 2) / (wins * losses)


def decisions_of(game: dict):
    """(number, value, sees the future, standing, share of the game played) of each
    searched decision, in order."""
    for number, value, sees, standing in game["searched"]:
        yield number, value, sees, standing, number / max(1, game["decisions"])


def estimates(game: dict, read) -> list[tuple[float, float, bool]]:
    """(chance, share of the game played, first) at every searched decision of a
    game, as the review reads them: `read(value, standing, players)`, and where the
    search saw no future (or nothing was searched) the chance before it carries on
    (the even share at first)."""
    before = 1 / game["players"]
    out = []
    for n, (number, value, sees, standing, played) in enumerate(decisions_of(game)):
        if value is not None and sees:
            before = read(value, standing, game["players"])
        out.append((before, played, n == 0))
    return out


def measure(games: list[dict], read) -> dict:
    """Brier skill against the base rate of these games' seats, AUC overall and in
    the last fifth, the first decision's chance against the even share, the bands."""
    chances, outcomes, late_c, late_o, first, share, ids = [], [], [], [], [], [], []
    for game in games:
        for chance, played, is_first in estimates(game, read):
            chances.append(chance)
            outcomes.append(game["won"])
            ids.append((game["kind"], game["index"]))
            if played > 0.8:
                late_c.append(chance)
                late_o.append(game["won"])
            if is_first:
                first.append(chance)
                share.append(1 / game["players"])
    if not chances:
        return {}
    base = sum(outcomes) / len(outcomes)
    score, base_score = brier(chances, outcomes), brier([base] * len(outcomes), outcomes)
    rows = bands(chances, outcomes, ids)
    return {"positions": len(chances), "games": len(games), "brier": score, "base_brier": base_score,
            "skill": 1 - score / base_score if base_score else None, "base_rate": base,
            "auc": auc(chances, outcomes), "auc_late": auc(late_c, late_o),
            "first": sum(first) / len(first) if first else None,
            "share": sum(share) / len(share) if share else None,
            "bands": rows, "well": well_calibrated(rows), "spread": spread(chances)}


def met_targets(m: dict) -> bool:
    return (m.get("skill") is not None and m["skill"] >= SKILL_LEAST
            and m.get("auc") is not None and m["auc"] >= AUC_LEAST
            and (m.get("auc_late") is None or m["auc_late"] >= AUC_LATE_LEAST)
            and m.get("first") is not None and abs(m["first"] - m["share"]) <= FIRST_TOLERANCE + 1e-9
            and all(abs(r["estimate"] - r["won"]) <= BAND_TOLERANCE + 1e-9
                    for r in m["bands"] if r["positions"] >= BAND_ENOUGH))


def fit(data: dict) -> dict:
    """Per game: two maps fitted on the games of even index of every kind of seat
    (a logistic curve over the value and the standings, and an increasing map of
    the value alone), both checked on the games of odd index beside the map the
    app had before (`before`: POINTS as they were), pooled and per kind of seat;
    the map kept is the one with the lower held-out Brier score."""
    # The map the app had before this fit (kept in the data at the first fit, so a
    # refit compares with the same one).
    before_points = {g: tuple(map(tuple, pts)) for g, pts in data.setdefault(
        "before", {g: [list(p) for p in pts] for g, pts in calibration_module().POINTS.items()}).items()}
    out = {}
    for game_id in sorted({g["game"] for g in data["played"]}):
        played = [g for g in data["played"] if g["game"] == game_id]
        fitting = [g for g in played if g["index"] % 2 == 0]
        held = [g for g in played if g["index"] % 2 == 1]
        model = registry.get(game_id).bots["strong"](seed=0).model
        rows = [([1.0, value, *model.standing_after(standing, value)], logit(1 / g["players"]), g["won"])
                for g in fitting for _, value, sees, standing, _ in decisions_of(g) if value is not None and sees]
        if not rows or not held:
            continue
        weights = [round(w, 4) for w in logistic_fit(rows)]
        weights[1] = max(weights[1], 0.0)               # a better move never reads as a lower chance
        points = reduce(isotonic([r[0][1] for r in rows], [r[2] for r in rows]), least=len(rows) * POINT_LEAST)
        old = before_points.get(game_id, ())
        readers = {
            "before": lambda v, st, n: read_chance(old, v),
            "value": lambda v, st, n: read_chance(points, v),
            "standings": lambda v, st, n: fitted_chance(weights, v, model.standing_after(st, v), n),
        }
        measured = {}
        for name, read in readers.items():
            measured[name] = {"all": measure(held, read)}
            for kind in KINDS:
                measured[name][kind] = measure([g for g in held if g["kind"] == kind], read)
        kept = min(("standings", "value"), key=lambda name: measured[name]["all"]["brier"])
        out[game_id] = {"weights": weights, "points": points, "kept": kept, "measured": measured,
                        "players": played[0]["players"], "fit_games": len(fitting), "check_games": len(held),
                        "fit_positions": len(rows), "rough": not met_targets(measured[kept]["all"]),
                        "cpu_seconds": sum(g["cpu_seconds"] for g in played),
                        "kinds": {k: sum(1 for g in played if g["kind"] == k) for k in KINDS}}
    return out


def calibration_module():
    """The map as the app has it now (royaltable.calibration), for `before`."""
    from royaltable import calibration
    return calibration


# ---- writing --------------------------------------------------------------------------

def module_text(fits: dict, current: str) -> str:
    """py/royaltable/calibration.py: its docstring as it is, then FITS, POINTS and
    ROUGH, sorted and rounded, so the same data always writes the same file."""
    docstring_end = ast.parse(current).body[0].end_lineno
    head = "\n".join(current.splitlines()[:docstring_end])
    lines = [head, "# Per game, the logistic map kept (bias, value, one weight per Model.standing number).",
             "FITS: dict[str, tuple[float, ...]] = {"]
    lines += [f"    {json.dumps(g)}: ({', '.join(repr(w) for w in fits[g]['weights'])},),"
              for g in sorted(fits) if fits[g]["kept"] == "standings"]
    lines.append("}")
    lines.append("# Per game where the value alone measured better: (value, share of games won) points.")
    lines.append("POINTS: dict[str, tuple[tuple[float, float], ...]] = {")
    for game_id in sorted(fits):
        if fits[game_id]["kept"] == "value":
            lines.append(f"    {json.dumps(game_id)}: (")
            lines += [f"        ({x!r}, {y!r})," for x, y in fits[game_id]["points"]]
            lines.append("    ),")
    lines.append("}")
    rough = sorted(g for g, f in fits.items() if f["rough"])
    lines.append("# Games whose chances missed a target on the held-out games (bench/RESULTS-calibration.md):")
    lines.append("# the suggestion and the review say ahead / about even / behind there, not a percentage.")
    lines.append("ROUGH: frozenset[str] = " + ("frozenset({" + ", ".join(json.dumps(g) for g in rough) + "})"
                                               if rough else "frozenset()"))
    return "\n".join(lines) + "\n"


def pct(x: float | None) -> str:
    return "—" if x is None else f"{x * 100:.0f} %"


def num(x, digits=2) -> str:
    return "—" if x is None else f"{x:.{digits}f}"


def table(header: list[str], rows: list[list[str]]) -> str:
    return "\n".join(["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
                     + ["| " + " | ".join(r) + " |" for r in rows])


def mark(ok: bool) -> str:
    return "met" if ok else "**MISSED**"


def section(fits: dict, data: dict, command: str) -> str:
    names = {g: f"{registry.get(g).title['ja']} ({registry.get(g).title['en']})" for g in fits}
    summary, detail = [], []
    for game_id, f in fits.items():
        m = f["measured"][f["kept"]]["all"]
        b = f["measured"]["before"]["all"]
        late_ok = m["auc_late"] is None or m["auc_late"] >= AUC_LATE_LEAST
        summary.append([f"{names[game_id]} (`{game_id}`)", f"{f['fit_games']} + {f['check_games']}",
                        f"{f['fit_positions']} / {m['positions']}", f["kept"],
                        f"{num(b['skill'])} → **{num(m['skill'])}** ({mark((m['skill'] or -1) >= SKILL_LEAST)})",
                        f"{num(b['auc'])} → **{num(m['auc'])}** ({mark((m['auc'] or 0) >= AUC_LEAST)})",
                        f"{num(b['auc_late'])} → **{num(m['auc_late'])}** ({mark(late_ok)})",
                        f"{pct(b['first'])} → **{pct(m['first'])}** vs {pct(m['share'])} "
                        f"({mark(m['first'] is not None and abs(m['first'] - m['share']) <= FIRST_TOLERANCE + 1e-9)})",
                        mark(all(abs(r['estimate'] - r['won']) <= BAND_TOLERANCE + 1e-9
                                 for r in m['bands'] if r['positions'] >= BAND_ENOUGH)),
                        "rough: words" if f["rough"] else "percent"])
        rows = []
        for kind in KINDS:
            bk, mk = f["measured"]["before"][kind], f["measured"][f["kept"]][kind]
            if not mk:
                continue
            rows.append([kind, f"{mk['games']}", f"{mk['positions']}", pct(mk["base_rate"]),
                         f"{num(bk['skill'])} → {num(mk['skill'])}", f"{num(bk['auc'])} → {num(mk['auc'])}",
                         f"{num(bk['auc_late'])} → {num(mk['auc_late'])}",
                         f"{pct(bk['first'])} → {pct(mk['first'])} vs {pct(mk['share'])}"])
        bands_text = ", ".join(f"{r['band'] * 10}–{r['band'] * 10 + 10} %: {r['positions']} at "
                               f"{pct(r['estimate'])} won {pct(r['won'])}" for r in m["bands"])
        weights = ", ".join(f"{w:g}" for w in f["weights"])
        detail += [f"**{names[game_id]}** (`{game_id}`): kept the {f['kept']} map "
                   f"(held-out Brier: before {num(b['brier'], 3)}, value alone "
                   f"{num(f['measured']['value']['all']['brier'], 3)}, value and standings "
                   f"{num(f['measured']['standings']['all']['brier'], 3)}; base rate "
                   f"{num(m['base_brier'], 3)}). Logistic weights (bias, value, standings): {weights}. "
                   f"Held-out bands: {bands_text}.", "",
                   table(["seat", "held-out games", "positions", "won", "Brier skill before → after",
                          "AUC", "AUC, last fifth", "first decision vs share"], rows), ""]
    parts = [HEADING, "",
             f"Measured {data.get('date', '?')} by `{command}` (not part of `bench/run.py`; "
             "`--refit` fits and writes again from `bench/RESULTS-calibration.json`). "
             f"One seat of each kind of player ({', '.join(KINDS)}) against {REST} players (four players; "
             "黄金の鍵 one against one), its seat rotating game by game, the seeds of section 5b. At every "
             f"{STRIDE}th decision of that seat with a choice, the strong player searches from its view "
             f"with {BUDGET_SHARE:g} of the review's budget (this machine is shared: noisier values than "
             "a review's), keeping the best value, whether the search saw anything after its moves, and "
             "the standings the game's model reads from the view; then the seat plays its own move. "
             "Two maps are fitted on the games of even index (every kind of seat pooled): a logistic "
             "curve over the value and the standings (`FITS`) and an increasing map of the value "
             "alone (`POINTS`); both are checked on the games of odd index beside the map the app had "
             "before (fitted on strong seats only), reading each decision as the review does (a "
             "decision whose search saw no future carries the chance before it). The map with the "
             "lower held-out Brier score is kept. Targets per game: Brier skill against the seats' "
             f"base rate ≥ {SKILL_LEAST}, AUC (a winner's chance above a loser's) ≥ {AUC_LEAST} overall "
             f"and ≥ {AUC_LATE_LEAST} in the last fifth of a game, the first decision within "
             f"{FIRST_TOLERANCE * 100:.0f} points of the even share on average, every band of "
             f"{BAND_ENOUGH} or more held-out positions within {BAND_TOLERANCE * 100:.0f} points. A game "
             "that misses one is rough: the app says ahead / about even / behind there (`ROUGH`). "
             "Positions of one game share its outcome: with this few held-out games, every figure "
             "here is uncertain by several points.", "",
             table(["game", "games (fit + check)", "positions (fit / check)", "map kept",
                    "Brier skill, before → after", "AUC", "AUC, last fifth", "first decision vs share",
                    "bands", "shown as"], summary), ""] + detail
    return "\n".join(parts) + "\n"


def merge_into_results(text: str) -> None:
    """Puts the section into bench/RESULTS.md in place of an earlier one, else
    before section 6 (after the other computer players' sections), else at the end."""
    if not RESULTS.exists():
        return
    lines = RESULTS.read_text().split("\n")
    if HEADING in lines:
        start = lines.index(HEADING)
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    else:
        start = end = next((i for i, line in enumerate(lines) if line.startswith("## 6.")),
                           next((i for i, line in enumerate(lines) if line == "## Run time"), len(lines)))
    lines[start:end] = text.rstrip("\n").split("\n") + [""]
    RESULTS.write_text("\n".join(lines))


def write(data: dict, command: str, log=print) -> dict:
    fits = fit(data)
    save(data)          # with the map it was compared with ("before")
    MODULE.write_text(module_text(fits, MODULE.read_text()))
    text = section(fits, data, command)
    REPORT.write_text(text.replace(HEADING, "# Computer players: are the estimated chances honest?", 1))
    merge_into_results(text)
    for game_id, f in fits.items():
        log(f"  calibration: {game_id}: {f['check_games']} held-out games, kept {f['kept']}, "
            f"{'rough' if f['rough'] else 'honest'}")
    log(f"wrote {MODULE.relative_to(ROOT)}, {REPORT.relative_to(ROOT)}, the section of {RESULTS.relative_to(ROOT)}")
    return fits


def main(argv=None) -> int:
    global DATA
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=GAMES, help=f"games per game (default {GAMES})")
    ap.add_argument("--only", help="comma-separated game ids (default: every registered game)")
    ap.add_argument("--refit", action="store_true", help="fit and write from the kept data, play nothing")
    ap.add_argument("--data", help=f"the raw data's file (default {DATA.relative_to(ROOT)})")
    args = ap.parse_args(argv)
    if args.data:
        DATA = pathlib.Path(args.data).resolve()
    games = registry.ids()
    if args.only:
        games = [g.strip() for g in args.only.split(",")]
        unknown = set(games) - set(registry.ids())
        if unknown:
            ap.error(f"unknown game(s) {', '.join(sorted(unknown))}; known: {', '.join(registry.ids())}")
    if args.refit:
        if not DATA.exists():
            ap.error(f"--refit: no data yet ({DATA}); run without --refit first")
        data = load()
    else:
        given = sys.argv[1:] if argv is None else argv
        data = run(games, args.games, " ".join([".venv/bin/python bench/calibration.py", *given]))
    write(data, data.get("command", ".venv/bin/python bench/calibration.py"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
