"""The measured work itself, shared word for word by CPython, Pyodide under Node
and Pyodide in Chromium (bench/bots_browser.py), so a ratio compares runtimes,
not code. Standard library and the royaltable package only (the waits, `waits`,
also the app in `ui`); no timing policy lives here beyond the clock around the
work (and, for the waits, main.py's own: a pause less the step's compute).
"""
from __future__ import annotations

import json
import time

from royaltable import RandomBot, registry


def playout(game_id: str, players: int, seed: int) -> int:
    """One seeded game of random players to the end; returns its number of actions."""
    game = registry.get(game_id)
    state = game.new(players, seed=seed)
    bots = [RandomBot(seed * 10 + seat) for seat in range(players)]
    return len(state.play_out(bots).actions)


def playouts(game_id: str, players: int, first_seed: int, count: int) -> dict:
    """`count` playouts with seeds first_seed.. ; wall seconds and actions played."""
    started = time.perf_counter()
    actions = 0
    for seed in range(first_seed, first_seed + count):
        actions += playout(game_id, players, seed)
    return {"seconds": time.perf_counter() - started, "games": count, "actions": actions}


def positions(game_id: str, players: int, count: int, seed: int = 1) -> list[tuple]:
    """`count` real decisions (more than one legal action) spread over seeded games
    of quick players: (game seed, action index) pairs, replayable anywhere."""
    game = registry.get(game_id)
    found: list[tuple] = []
    game_seed = seed
    while (len(found) < count * 2 or game_seed < seed + 3) and game_seed < seed + 200:
        state = game.new(players, seed=game_seed)
        bots = [game.bots["quick"](game_seed * 10 + s) for s in range(players)]
        while not state.over:
            legal = state.legal_actions()
            if len(legal) > 1:
                found.append((game_seed, len(state.actions)))
            seat = state.current
            state.apply(bots[seat].choose(state.view(seat), legal))
        game_seed += 1
    # An even spread over the whole of several games, not the first few moves.
    step = max(1, len(found) // count)
    return found[::step][:count]


def reach(game_id: str, players: int, game_seed: int, index: int):
    """The state after `index` actions of the quick players' seeded game."""
    game = registry.get(game_id)
    state = game.new(players, seed=game_seed)
    bots = [game.bots["quick"](game_seed * 10 + s) for s in range(players)]
    while len(state.actions) < index:
        seat = state.current
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions()))
    return state


def time_choices(game_id: str, players: int, level: str, spots: list) -> list[float]:
    """Seconds of bot.choose at each position (a fresh, seeded bot each time)."""
    game = registry.get(game_id)
    cls = game.bots[level]
    out = []
    for number, (game_seed, index) in enumerate(spots):
        state = reach(game_id, players, game_seed, index)
        seat = state.current
        view, legal = state.view(seat), state.legal_actions()
        # Fast players are timed over repeated calls (fresh bots, same seeds) until
        # 2 ms have passed: a browser's clock ticks in 0.1 ms steps.
        repeats = 1
        while True:
            bots = [cls(seed=7919 * number + 1) for _ in range(repeats)]
            started = time.perf_counter()
            for bot in bots:
                bot.choose(view, legal)
            elapsed = time.perf_counter() - started
            if elapsed >= 0.002 or repeats >= 4096:
                break
            repeats *= 4
        out.append(elapsed / repeats)
    return out


def waits(game_id: str, players: int, seed: int, count: int, level: str = "strong",
          max_actions: int = 5000) -> dict:
    """One person (seat 0) and computers of `level` at normal speed, in the app
    itself (ui.app.App: its steps, saves and screens), until `count` waits were
    seen. A wait runs from the person's decision to the next screen on which they
    decide again, timed as py/main.py plays it: each of the app's steps after its
    pause, the pause less the previous step's compute (main.py subtracts it), then
    the step (app.step: the computer's thinking, the move, the save) and the
    screen drawn (app.render). The pauses are not slept, they are added. The
    person plays the quick level's choice at once; a summary they would tap away
    adds nothing. Court also gives each computer turn's total (from the first
    roll's pause to the take)."""
    from ui.app import App
    from ui.match import SUMMARY
    game = registry.get(game_id)
    out = {"waits": [], "pauses": [], "compute": [], "turns": [], "turn_pauses": [], "ticks": 0}
    game_seed = seed
    while len(out["waits"]) < count:
        app = App("en")
        app.handle("setup", game_id)
        app.handle("players", str(players))
        for s in range(players):
            app.handle("kind", f"{s}:{'human' if s == 0 else level}")
        app.field("seed", str(game_seed))
        app.handle("start")
        match = app.match
        person = game.bots["quick"](seed=game_seed)
        wait = pauses = compute = None
        computers = 0                                  # computer steps in this wait
        turn = None                                    # court: [seat, wall ms, pause ms]
        last_step_ms = 0.0
        while not match.state.over and len(match.state.actions) < max_actions and len(out["waits"]) < count:
            delay = app.pending_delay()
            if delay is None:
                if match.interlude == SUMMARY:        # the person reads and taps on
                    app.handle("resume")
                    app.render()
                    last_step_ms = 0.0
                    continue
                if wait is not None and computers:    # the person decides again, after computers
                    out["waits"].append(wait / 1000)
                    out["pauses"].append(pauses / 1000)
                    out["compute"].append(compute / 1000)
                    wait = None
                legal = match.legal_on_screen()
                app.handle("act", person.choose(match.state.view(0), legal))
                app.render()
                if wait is None or computers:
                    wait, pauses, compute, computers = 0.0, 0.0, 0.0, 0
                last_step_ms = 0.0
                continue
            seat = match.state.current
            started = time.perf_counter()
            app.step()
            stepped = time.perf_counter()
            app.render()
            ended = time.perf_counter()
            step_ms = (stepped - started) * 1000
            tick = max(0.0, delay - last_step_ms) + (ended - started) * 1000
            last_step_ms = step_ms
            out["ticks"] += 1
            if wait is not None:
                computers += match.is_bot(seat) if seat is not None else 0
                wait += tick
                pauses += delay
                compute += (ended - started) * 1000
            if game_id == "court" and seat is not None and match.is_bot(seat):
                if turn is None or turn[0] != seat:
                    turn = [seat, 0.0, 0.0]
                turn[1] += tick
                turn[2] += delay
                if match.state.current != seat or match.state.view(None)["dice"]["rolled"] is False:
                    out["turns"].append(turn[1] / 1000)
                    out["turn_pauses"].append(turn[2] / 1000)
                    turn = None
        game_seed += 1
    out["games"] = game_seed - seed
    return out


def review_timing(record: dict, seats: list[int], playouts: int | None = None, seed: int = 0) -> dict:
    """A game review (royaltable.review.reviewer) run to the end as the page runs it,
    one step at a time: the seconds of each step between two yields, and of each
    decision graded (from the end of the one before). Also each step's processor
    time, which a busy machine's other work does not lengthen."""
    from royaltable import review

    total = len(review.decisions(record, seats))
    steps_s, steps_cpu_s, decisions_s = [], [], []
    run = review.reviewer(record, seats, playouts=playouts, seed=seed)
    started = last = last_decision = time.perf_counter()
    last_cpu = time.process_time()
    graded = 0
    while True:
        try:
            progress = next(run)
        except StopIteration as done:
            kept = done.value
            break
        now, now_cpu = time.perf_counter(), time.process_time()
        steps_s.append(now - last)
        steps_cpu_s.append(now_cpu - last_cpu)
        last, last_cpu = now, now_cpu
        # The review yields exactly k / total once its k-th decision is graded.
        if total and progress * total >= graded + 1 - 1e-9:
            graded += 1
            decisions_s.append(now - last_decision)
            last_decision = now
    return {"seconds": time.perf_counter() - started, "steps": steps_s, "steps_cpu": steps_cpu_s,
            "decisions": decisions_s,
            "playouts": kept.playouts, "graded": len(kept.moves),
            "grades": [move.grade for move in kept.moves]}


def handle(request_json: str) -> str:
    """One request from a driver (Node worker, browser page): JSON in, JSON out."""
    request = json.loads(request_json)
    kind = request["kind"]
    if kind == "playouts":
        result = playouts(request["game"], request["players"], request["first_seed"], request["count"])
    elif kind == "choices":
        spots = [tuple(s) for s in request["spots"]]
        result = {"seconds": time_choices(request["game"], request["players"], request["level"], spots)}
    elif kind == "waits":
        result = waits(request["game"], request["players"], request["seed"], request["count"],
                       request.get("level", "strong"))
    elif kind == "review":
        result = review_timing(request["record"], request["seats"], request.get("playouts"),
                               request.get("seed", 0))
    elif kind == "games":
        result = {"games": [{"id": g, "min": registry.get(g).min_players,
                             "max": registry.get(g).max_players,
                             "default": registry.get(g).default_players,
                             "levels": list(registry.get(g).bots)} for g in registry.ids()]}
    elif kind == "version":
        import sys
        result = {"python": sys.version.split()[0]}
    else:
        raise ValueError(f"unknown request {kind!r}")
    return json.dumps(result)
