"""Engine speed and computer-player timing: CPython in this process against
Pyodide (under Node for play-outs, in Chromium for the players), the same
benchlib code on the same seeds, runs interleaved A/B/B/A so that whatever else
the machine is doing falls on both sides.
"""
from __future__ import annotations

import json
import math
import subprocess

import benchlib
from common import APP_ZIP, BENCH
from royaltable import registry


class NodePyodide:
    """bench/pyodide_worker.mjs: one JSON request per line, one answer per line."""
    def __init__(self, app_zip=APP_ZIP):
        self.proc = subprocess.Popen(
            ["node", str(BENCH / "pyodide_worker.mjs"), str(app_zip)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        hello = self._read()
        self.version = hello["pyodide"]
        self.python = hello["python"]
        self.load_ms = hello["load_ms"]

    def _read(self):
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the Node Pyodide worker stopped: " + self.proc.stderr.read()[-2000:])
        return json.loads(line)

    def ask(self, request: dict):
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        answer = self._read()
        if "error" in answer:
            raise RuntimeError(f"Pyodide worker: {answer['error']}")
        return answer["ok"]

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=30)
        except Exception:
            self.proc.kill()


def local(request: dict):
    return json.loads(benchlib.handle(json.dumps(request)))


def engine_speed(reps: int, batch_s: float, log, app_zip=APP_ZIP) -> dict:
    """Random play-outs per second, every game and player count."""
    worker = NodePyodide(app_zip)
    results = []
    try:
        for game_id in registry.ids():
            game = registry.get(game_id)
            for players in range(game.min_players, game.max_players + 1):
                # Size the batch on CPython so each side runs about batch_s.
                probe = local({"kind": "playouts", "game": game_id, "players": players,
                               "first_seed": 1, "count": 2})
                count = max(2, math.ceil(batch_s / max(probe["seconds"] / 2, 1e-6)))
                request = {"kind": "playouts", "game": game_id, "players": players,
                           "first_seed": 1000, "count": count}
                worker.ask(dict(request, count=2))   # warm both before timing
                local(dict(request, count=2))
                cp, py = [], []
                for rep in range(reps):
                    order = (("c", "p") if rep % 2 == 0 else ("p", "c"))
                    for side in order:
                        if side == "c":
                            cp.append(local(request))
                        else:
                            py.append(worker.ask(request))
                same = all(r["actions"] == cp[0]["actions"] for r in cp + py)
                row = {"game": game_id, "players": players, "count": count,
                       "cpython": [r["games"] / r["seconds"] for r in cp],
                       "pyodide": [r["games"] / r["seconds"] for r in py],
                       "ratios": [p["seconds"] and c["seconds"] / p["seconds"] for c, p in zip(cp, py)],
                       "actions_per_game": cp[0]["actions"] / count, "same_work": same}
                log(f"  {game_id} {players}p: CPython {sorted(row['cpython'])[len(cp) // 2]:.1f}/s, "
                    f"Pyodide {sorted(row['pyodide'])[len(py) // 2]:.1f}/s")
                results.append(row)
    finally:
        worker.close()
    return {"rows": results, "node_pyodide": worker.version, "node_python": worker.python,
            "node_load_s": worker.load_ms / 1000}


def bot_timing(page, positions_each: int, chunks: int, log) -> dict:
    """Seconds per bot.choose, CPython against the page (bench/bots.html), over the
    same positions (real decisions of seeded quick-player games), chunk by chunk."""
    rows = []
    for game_id in registry.ids():
        game = registry.get(game_id)
        counts = sorted({game.default_players or game.min_players, game.max_players})
        for players in counts:
            spots = benchlib.positions(game_id, players, positions_each)
            for level in game.bots:
                cp, br = [0.0] * len(spots), [0.0] * len(spots)
                warm = {"kind": "choices", "game": game_id, "players": players, "level": level,
                        "spots": spots[:1]}
                local(warm)            # untimed: imports and the browser's wasm tier-up
                page.ask(warm)
                pieces = [list(range(i, len(spots), chunks)) for i in range(chunks)]
                for number, piece in enumerate(p for p in pieces if p):
                    request = {"kind": "choices", "game": game_id, "players": players, "level": level,
                               "spots": [spots[i] for i in piece]}
                    order = ("c", "b") if number % 2 == 0 else ("b", "c")
                    for side in order:
                        answer = local(request) if side == "c" else page.ask(request)
                        for i, seconds in zip(piece, answer["seconds"]):
                            (cp if side == "c" else br)[i] = seconds
                rows.append({"game": game_id, "players": players, "level": level,
                             "cpython": cp, "browser": br, "positions": len(spots)})
                log(f"  {game_id} {players}p {level}: CPython median {sorted(cp)[len(cp) // 2] * 1000:.2f} ms, "
                    f"browser {sorted(br)[len(br) // 2] * 1000:.2f} ms")
    return {"rows": rows}

