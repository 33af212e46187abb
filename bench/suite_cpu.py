"""Where the test suite's time goes: runs a command (the suite) and samples /proc every
second, adding up the CPU time of every process by kind (Chromium's renderer, browser
and GPU processes, WebKit's web process, the pytest workers, Playwright's driver, Xvfb)
and of Chromium's threads by name (the page's main thread, the raster workers, the
compositors); with --junit, the workers' seconds per test file too.

    .venv/bin/python bench/suite_cpu.py --junit /tmp/suite.xml -- \\
        .venv/bin/python -m pytest -n 2 --dist worksteal tests e2e --junitxml=/tmp/suite.xml

prints a Markdown report (bench/RESULTS-suite.md was written from it). A process is
counted from the first sample that sees it, so one that lives less than a second is
missed (a few seconds a run); the machine's own idle share comes from /proc/stat.
"""
from __future__ import annotations

import argparse
import collections
import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

TICK = os.sysconf("SC_CLK_TCK")


def process_kind(pid: str) -> str | None:
    try:
        # Chromium rewrites its children's command lines as one string: split on spaces too.
        words = open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ").decode(errors="replace").split()
    except OSError:
        return None
    if not words:
        return None
    program = os.path.basename(words[0])
    if "chrom" in program:
        kind = next((w[len("--type="):] for w in words if w.startswith("--type=")), "browser")
        return "chromium " + kind
    if "python" in program:
        return "pytest worker" if "-c" in words[1:3] else "python " + " ".join(words[1:3])[:40]
    return program[:30]


def thread_times(pid: str) -> dict[str, int]:
    """A Chromium process's threads: name (digits dropped) -> ticks."""
    out: dict[str, int] = collections.Counter()
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tids:
        try:
            stat = open(f"/proc/{pid}/task/{tid}/stat").read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")].rstrip("0123456789")
        name = "main" if name == "chromium" else name     # a name is cut at 15 characters
        fields = stat.rsplit(")", 1)[1].split()
        out[(tid, name)] = int(fields[11]) + int(fields[12])
    return out


def cpu_idle() -> tuple[int, int]:
    fields = [int(x) for x in open("/proc/stat").readline().split()[1:]]
    return sum(fields), fields[3] + fields[4]


def sample(command: list[str]) -> tuple[collections.Counter, collections.Counter, float, float, int]:
    seen: dict[tuple[str, str], list] = {}       # (pid, start time) -> [kind, ticks]
    threads_seen: dict[tuple[str, str], int] = {}
    by_kind: collections.Counter = collections.Counter()
    by_thread: collections.Counter = collections.Counter()
    total0, idle0 = cpu_idle()
    started = time.monotonic()
    child = subprocess.Popen(command)
    while child.poll() is None:
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            ticks, key = int(fields[11]) + int(fields[12]), (pid, fields[19])
            if key not in seen:
                kind = process_kind(pid)
                if kind:
                    seen[key] = [kind, ticks]
                continue
            by_kind[seen[key][0]] += ticks - seen[key][1]
            seen[key][1] = ticks
            if seen[key][0].startswith("chromium"):
                for (tid, name), value in thread_times(pid).items():
                    if (pid, tid) in threads_seen:
                        by_thread[seen[key][0] + ": " + name] += value - threads_seen[(pid, tid)]
                    threads_seen[(pid, tid)] = value
        time.sleep(1)
    total1, idle1 = cpu_idle()
    idle_share = (idle1 - idle0) / max(1, total1 - total0)
    return by_kind, by_thread, time.monotonic() - started, idle_share, child.returncode


def per_file(junit: str) -> list[tuple[str, float, int]]:
    seconds: collections.Counter = collections.Counter()
    count: collections.Counter = collections.Counter()
    for case in ET.parse(junit).iter("testcase"):
        name = case.get("classname", "")
        group = name if name.startswith("e2e") else "unit tests"
        seconds[group] += float(case.get("time") or 0)
        count[group] += 1
    return [(name, value, count[name]) for name, value in seconds.most_common()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--junit", help="the run's --junitxml file: seconds per test file")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command to run after --")
    by_kind, by_thread, wall, idle_share, code = sample(command)
    total = sum(by_kind.values()) / TICK
    print(f"## The suite's CPU\n\n{wall:.0f} s wall, the machine idle {idle_share:.0%} of it; "
          f"{total:.0f} CPU-s counted (exit {code}).\n")
    print("| process | CPU-s | share |\n|---|---|---|")
    for kind, ticks in by_kind.most_common(12):
        print(f"| {kind} | {ticks / TICK:.0f} | {ticks / TICK / total:.0%} |")
    print("\n| Chromium thread (ThreadPoolForeg: the raster and V8's workers) | CPU-s |\n|---|---|")
    for name, ticks in by_thread.most_common(10):
        print(f"| {name} | {ticks / TICK:.0f} |")
    if args.junit and os.path.exists(args.junit):
        print("\n| test file | worker-s | tests |\n|---|---|---|")
        for name, seconds, count in per_file(args.junit)[:25]:
            print(f"| {name} | {seconds:.0f} | {count} |")
    return code


if __name__ == "__main__":
    sys.exit(main())
