"""The best split of won cards into sets, runs and singles (ST-19).

Only printed powers matter, so a collection is a count per power 1..10. The
best split is found by dynamic programming over the powers from 1 to 10: the
state is the multiset of runs still open (their lengths so far). At each power
every open run either goes on or ends (only at 3 cards or more), new runs may
start, and the cards of that power left over form one set. One set per power is
always best because the set points are superadditive (4 cards: 8 > 6 + 1 or
3 + 3), so a group of equal cards is never split.
"""
from __future__ import annotations

# ST-19: points of a set of k equal cards (1 card = a single).
SET_POINTS = (0, 1, 3, 6, 8, 10, 30)
# ST-19: points of a run of k consecutive powers.
RUN_POINTS = (0, 0, 0, 4, 6, 9, 13, 18, 24, 31, 39)
HIGH = 10
_IMPOSSIBLE = -10**9


def best_split(powers) -> tuple[int, list[tuple[str, list[int]]]]:
    """(points, groups) of the best split of `powers` (printed powers 1..10).

    groups: ("set", [p] * k) for k >= 2, ("run", [a, a+1, ...]) for 3 or more,
    ("single", [p]); ordered by kind and then by power."""
    counts = [0] * (HIGH + 2)
    for p in powers:
        counts[p] += 1
    # ahead[p]: how many powers from p on are all present; a run can only grow
    # that far, so runs that could never reach 3 cards are not tried.
    ahead = [0] * (HIGH + 2)
    for p in range(HIGH, 0, -1):
        ahead[p] = ahead[p + 1] + 1 if counts[p] else 0
    memo: dict = {}

    def solve(p: int, open_runs: tuple) -> int:
        # best points from power p on; open_runs: lengths (ascending) of the
        # runs that include power p-1
        key = (p, open_runs)
        hit = memo.get(key)
        if hit is not None:
            return hit[0]
        if p > HIGH:
            best = (sum(RUN_POINTS[n] for n in open_runs)
                    if not open_runs or open_runs[0] >= 3 else _IMPOSSIBLE, None)
            memo[key] = best
            return best[0]
        have = counts[p]
        room = ahead[p + 1]
        short = sum(1 for n in open_runs if n < 3)      # too short to end: must go on
        best = (_IMPOSSIBLE, None)
        if short and open_runs[0] + 1 + room < 3:       # the shortest cannot make 3
            memo[key] = best
            return best[0]
        for going in range(short, len(open_runs) + 1):
            if going > have:
                break
            # Runs are convex in length (each card adds more than the last), so
            # the longest runs go on and the shortest that may end do. Ending a
            # run where a new one starts is never better than one long run, so
            # new runs start only when every open run goes on.
            stop = len(open_runs) - going
            ended = 0
            for i in range(short, short + stop):
                ended += RUN_POINTS[open_runs[i]]
            carried = tuple(n + 1 for n in open_runs[:short]) + tuple(
                n + 1 for n in open_runs[short + stop:])       # still ascending
            most = have - going if stop == 0 and room >= 2 else 0
            for fresh in range(most + 1):
                rest = solve(p + 1, (1,) * fresh + carried)
                if rest == _IMPOSSIBLE:
                    continue
                total = ended + SET_POINTS[have - going - fresh] + rest
                if total > best[0]:
                    best = (total, (going, fresh))
        memo[key] = best
        return best[0]

    points = solve(1, ())
    # Walk the stored choices again to name the groups.
    groups: list[tuple[str, list[int]]] = []
    open_runs: list[list[int]] = []          # each open run as its powers so far
    for p in range(1, HIGH + 1):
        open_runs.sort(key=len)
        going, fresh = memo[(p, tuple(len(r) for r in open_runs))][1]
        short = sum(1 for r in open_runs if len(r) < 3)
        stop = len(open_runs) - going
        groups.extend(("run", r) for r in open_runs[short:short + stop])
        kept = open_runs[:short] + open_runs[short + stop:]
        left = counts[p] - going - fresh
        if left >= 2:
            groups.append(("set", [p] * left))
        elif left == 1:
            groups.append(("single", [p]))
        open_runs = [r + [p] for r in kept] + [[p] for _ in range(fresh)]
    groups.extend(("run", r) for r in open_runs)
    order = {"set": 0, "run": 1, "single": 2}
    groups.sort(key=lambda g: (order[g[0]], g[1][0], len(g[1])))
    return points, groups


def group_points(kind: str, size: int) -> int:
    return RUN_POINTS[size] if kind == "run" else SET_POINTS[size]
