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
from royaltable.search import read_chance  # noqa: E402
from strength import SEED, players_for  # noqa: E402

DATA = BENCH / "RESULTS-calibration.json"
REPORT = BENCH / "RESULTS-calibration.md"
RESULTS = BENCH / "RESULTS.md"
MODULE = ROOT / "py" / "royaltable" / "calibration.py"
HEADING = "## 5d. Computer players: are the estimated chances honest?"
HERO, REST = "strong", "quick"
GAMES = 200             # games per game, as in the strength tournaments
POINTS_MOST = 12
POINT_LEAST = 1 / 40    # of the fitted positions, at least, behind each point
BAND_ENOUGH = 30        # a band with fewer held-out positions is shown, not judged
SPREAD_LEAST = 0.15     # estimates closer together than this tell positions (and moves) too little apart
BAND_TOLERANCE = 0.10   # a judged band's mean estimate within this of its share won


# ---- playing ------------------------------------------------------------------------

def play(game_id: str, index: int) -> dict:
    """One game of the hero (strong) against quick players; the best candidate's
    value at each of the hero's searched decisions and the hero's share of the win."""
    started = time.process_time()
    game = registry.get(game_id)
    players = players_for(game_id)
    hero_seat = index % players
    state = game.new(players, seed=SEED + index)
    bots = [game.bots[HERO if s == hero_seat else REST](seed=index * 10 + s) for s in range(players)]
    values = []
    while not state.over:
        seat, view, legal = state.current, state.view(state.current), state.legal_actions()
        if seat == hero_seat and len(legal) > 1:
            found = bots[seat].search(view, legal)
            action = found.choice
            if found.candidates[0].value is not None:    # None: every candidate agreed, nothing searched
                values.append(round(found.candidates[0].value, 4))
        else:
            action = bots[seat].choose(view, legal)
        state.apply(action)
    winners = state.result()["winners"]
    return {"index": index, "seat": hero_seat, "won": round(1 / len(winners), 4) if hero_seat in winners else 0.0,
            "values": values, "actions": len(state.actions),
            "cpu_seconds": round(time.process_time() - started, 2)}


def load() -> dict:
    if DATA.exists():
        return json.loads(DATA.read_text())
    return {"seed": SEED, "hero": HERO, "rest": REST, "games": {}}


def dumps(data: dict) -> str:
    """The raw data as JSON with one game a line (a new run's diff reads game by game)."""
    lines = ["{"] + [f" {json.dumps(k)}: {json.dumps(data[k], sort_keys=True)}," for k in sorted(data) if k != "games"]
    lines.append(' "games": {')
    for n, game_id in enumerate(sorted(data.get("games", {}))):
        kept = data["games"][game_id]
        lines.append(f'  {json.dumps(game_id)}: {{"players": {json.dumps(kept["players"])}, "played": [')
        lines.append(",\n".join("   " + json.dumps(game, sort_keys=True) for game in kept["played"]))
        lines.append("  ]}" + ("," if n < len(data["games"]) - 1 else ""))
    return "\n".join(lines + [" }", "}"]) + "\n"


def save(data: dict) -> None:
    """Whole file each time, through a temporary file: a run stopped mid-write
    keeps the last complete one."""
    temporary = DATA.with_suffix(".json.tmp")
    temporary.write_text(dumps(data))
    os.replace(temporary, DATA)


def run(games: list[str], count: int, command: str, log=print) -> dict:
    """Plays up to `count` games of each game, index by index across the games
    (so a stopped run has about as many of each), skipping those already kept."""
    data = load()
    data["command"] = command
    data["planned"] = count
    started = time.time()
    for index in range(count):
        for game_id in games:
            kept = data["games"].setdefault(game_id, {"players": players_for(game_id), "played": []})
            if any(g["index"] == index for g in kept["played"]):
                continue
            game = play(game_id, index)
            kept["played"].append(game)
            kept["played"].sort(key=lambda g: g["index"])
            data["date"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
            save(data)
            log(f"  calibration: {game_id} game {index}: {len(game['values'])} positions, "
                f"won {game['won']}, {game['cpu_seconds']:.1f} s CPU ({time.time() - started:.0f} s so far)")
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


def positions(played: list[dict], parity: int) -> tuple[list[float], list[float], list[int]]:
    """(values, outcomes, game indices) of every searched position of the games of
    this index parity."""
    xs, ys, ids = [], [], []
    for game in played:
        if game["index"] % 2 == parity:
            xs += game["values"]
            ys += [game["won"]] * len(game["values"])
            ids += [game["index"]] * len(game["values"])
    return xs, ys, ids


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


def fit(data: dict) -> dict:
    """Per game: the points fitted on the even games and the held-out check on the odd."""
    out = {}
    for game_id in sorted(data["games"]):
        played = data["games"][game_id]["played"]
        fit_x, fit_y, _ = positions(played, 0)
        if not fit_x:
            continue
        points = reduce(isotonic(fit_x, fit_y), least=len(fit_x) * POINT_LEAST)
        check_x, check_y, check_games = positions(played, 1)
        mapped = [chance(points, x) for x in check_x]
        rows = bands(mapped, check_y, check_games)
        out[game_id] = {
            "points": points, "players": data["games"][game_id]["players"],
            "games": len(played), "fit_games": sum(1 for g in played if g["index"] % 2 == 0),
            "check_games": sum(1 for g in played if g["index"] % 2 == 1),
            "fit_positions": len(fit_x), "check_positions": len(check_x),
            "planned": data.get("planned", GAMES),
            "win_rate": sum(g["won"] for g in played) / len(played),
            "cpu_seconds": sum(g["cpu_seconds"] for g in played),
            "bands": rows, "raw_bands": bands(check_x, check_y, check_games),
            "well": well_calibrated(rows), "raw_well": well_calibrated(bands(check_x, check_y, check_games)),
            "spread": spread(mapped), "narrow": spread(mapped) < SPREAD_LEAST,
            "brier": brier(mapped, check_y), "raw_brier": brier(check_x, check_y),
        }
    return out


# ---- writing --------------------------------------------------------------------------

def module_text(fits: dict, current: str) -> str:
    """py/royaltable/calibration.py: its docstring as it is, then the points and ROUGH,
    sorted and rounded, so the same data always writes the same file."""
    docstring_end = ast.parse(current).body[0].end_lineno
    head = "\n".join(current.splitlines()[:docstring_end])
    lines = [head, "POINTS: dict[str, tuple[tuple[float, float], ...]] = {"]
    for game_id in sorted(fits):
        lines.append(f"    {json.dumps(game_id)}: (")
        lines += [f"        ({x!r}, {y!r})," for x, y in fits[game_id]["points"]]
        lines.append("    ),")
    lines.append("}")
    rough = sorted(g for g, f in fits.items() if not f["well"] or f.get("narrow"))
    lines.append("# Games whose estimates missed on the held-out games (a band of 30 positions or more")
    lines.append("# off by more than 10 points) or hardly vary (the middle 80 % within 15 points):")
    lines.append("# the review and the suggestion say their chances are rough there.")
    lines.append("ROUGH: frozenset[str] = " + ("frozenset({" + ", ".join(json.dumps(g) for g in rough) + "})"
                                               if rough else "frozenset()"))
    return "\n".join(lines) + "\n"


def verdict(f: dict, strong: str = "") -> str:
    if f.get("narrow") and f["well"]:
        return f"{strong}rough{strong} (calibrated, but the estimates hardly vary)"
    return f"{strong}well calibrated{strong}" if f["well"] else f"{strong}rough{strong}"


def pct(x: float) -> str:
    return f"{x * 100:.0f} %"


def table(header: list[str], rows: list[list[str]]) -> str:
    return "\n".join(["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
                     + ["| " + " | ".join(r) + " |" for r in rows])


def section(fits: dict, data: dict, command: str) -> str:
    names = {g: f"{registry.get(g).title['ja']} ({registry.get(g).title['en']})" for g in fits}
    summary = []
    for game_id, f in fits.items():
        worst = max((abs(r["estimate"] - r["won"]) for r in f["bands"] if r["positions"] >= BAND_ENOUGH),
                    default=None)
        raw_worst = max((abs(r["estimate"] - r["won"]) for r in f["raw_bands"] if r["positions"] >= BAND_ENOUGH),
                        default=None)
        games = f"{f['games']} ({f['fit_games']} + {f['check_games']})" + (
            f", of {f['planned']} planned" if f["games"] < f["planned"] else "")
        summary.append([f"{names[game_id]} (`{game_id}`)", f"{f['players']}", games,
                        f"{pct(f['win_rate'])}", f"{f['fit_positions']} / {f['check_positions']}",
                        "—" if raw_worst is None else f"{raw_worst * 100:.0f}",
                        "—" if worst is None else f"{worst * 100:.0f}",
                        f"{pct(f['points'][0][1])} – {pct(f['points'][-1][1])}",
                        f"{f['raw_brier']:.3f} → {f['brier']:.3f}" if f["brier"] is not None else "—",
                        f"{f.get('spread', 0) * 100:.0f}",
                        verdict(f, "**")])
    parts = [HEADING, "",
             f"Measured {data.get('date', '?')} by `{command}` (not part of `bench/run.py`: "
             "`bench/calibration.py --refit` puts this section back after a run rewrites this file). "
             "One strong seat against quick players (four players; 黄金の鍵 one against one), the strong "
             "seat rotating game by game, the seeds of section 5b. At each of the strong seat's decisions "
             "with a choice, its search's best value is kept with how the game ended for it (a win 1, "
             "a shared win 1 / winners, else 0). An increasing map from value to share of games won "
             "(isotonic regression, at most 12 points, in `py/royaltable/calibration.py`, what "
             "`Model.chance` reads) is fitted on the games of even index and checked on those of odd "
             "index, in bands of 10 % of the estimate. A game is **well calibrated** when every band "
             f"with at least {BAND_ENOUGH} held-out positions is within {BAND_TOLERANCE * 100:.0f} points "
             "of its share won; otherwise the review says its chances are rough (`ROUGH`). Positions of "
             "one game share its outcome, so a band's positions are not independent draws: read a "
             "band's share with its number of games (in brackets) in mind; with about 100 held-out "
             "games a band's share is uncertain by several points. *Fitted points span*: the "
             "lowest and highest point (beyond them the line runs on to 0 % and 100 %); a narrow span "
             "tells positions, and moves, little apart. *Spread*: the 90th less the 10th percentile "
             f"of the held-out estimates; under {SPREAD_LEAST * 100:.0f} points the estimates hardly "
             "vary, and the game counts as rough too (its chances are honest on average, but say "
             "little about a position).", "",
             table(["game", "players", "games (fit + check)", "strong seat won", "positions (fit / check)",
                    "worst band, raw value (points)", "worst band, mapped", "fitted points span",
                    "Brier, raw → mapped", "spread of the estimates (points)",
                    "held out"], summary), ""]
    for game_id, f in fits.items():
        raw = {r["band"]: r for r in f["raw_bands"]}
        mapped = {r["band"]: r for r in f["bands"]}
        rows = []
        for band in range(10):
            row = [f"{band * 10}–{band * 10 + 10} %"]
            for r in (mapped.get(band), raw.get(band)):
                if r is None:
                    row += ["0", "—", "—"]
                else:
                    off = abs(r["estimate"] - r["won"]) > BAND_TOLERANCE and r["positions"] >= BAND_ENOUGH
                    row += [f"{r['positions']} ({r['games']})", pct(r["estimate"]),
                            pct(r["won"]) + (" ✗" if off else "")]
            rows.append(row)
        parts += [f"**{names[game_id]}** (`{game_id}`): "
                  + verdict(f) + " on the held-out games "
                  f"(raw values: {'well calibrated' if f['raw_well'] else 'rough'}). Map: "
                  + ", ".join(f"{x:.3f} → {y:.3f}" for x, y in f["points"]) + ".", "",
                  table(["band", "positions (games)", "mean estimate", "share won",
                         "raw: positions (games)", "raw: mean value", "raw: share won"], rows), ""]
    parts.append("✗: a band of at least 30 positions more than 10 points off.")
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
    MODULE.write_text(module_text(fits, MODULE.read_text()))
    text = section(fits, data, command)
    REPORT.write_text(text.replace(HEADING, "# Computer players: are the estimated chances honest?", 1))
    merge_into_results(text)
    for game_id, f in fits.items():
        log(f"  calibration: {game_id}: {f['games']} games, {verdict(f)}, "
            f"{len(f['points'])} points")
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
