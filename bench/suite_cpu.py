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

from common import proc_stat, table

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


def thread_times(pid: str) -> dict[tuple[str, str], int]:
    """A Chromium process's threads: (thread id, name) -> clock ticks. A name is cut at
    15 characters; its digits are dropped (workers of one pool add up), and the
    process's own thread is "main"."""
    out: dict[tuple[str, str], int] = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tids:
        try:
            name, ticks = proc_stat(f"/proc/{pid}/task/{tid}/stat")[:2]
        except OSError:
            continue
        name = name.rstrip("0123456789")
        out[(tid, "main" if name == "chromium" else name)] = ticks
    return out


def machine_ticks() -> tuple[int, int]:
    """The whole machine's clock ticks so far, and the idle ones among them (/proc/stat)."""
    fields = [int(x) for x in open("/proc/stat").readline().split()[1:]]
    return sum(fields), fields[3] + fields[4]


def sample(command: list[str]) -> tuple[collections.Counter, collections.Counter, float, float, int]:
    seen: dict[tuple[str, str], list] = {}       # (pid, start time) -> [kind, ticks]
    threads_seen: dict[tuple, int] = {}          # (pid, start time, thread id) -> ticks
    by_kind: collections.Counter = collections.Counter()
    by_thread: collections.Counter = collections.Counter()
    total0, idle0 = machine_ticks()
    started = time.monotonic()
    child = subprocess.Popen(command)
    while child.poll() is None:
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                _, ticks, start = proc_stat(f"/proc/{pid}/stat")[:3]
            except OSError:
                continue
            key = (pid, start)
            if key not in seen:
                kind = process_kind(pid)
                if kind:
                    seen[key] = [kind, ticks]
                continue
            kind = seen[key][0]
            by_kind[kind] += ticks - seen[key][1]
            seen[key][1] = ticks
            if kind.startswith("chromium"):
                for (tid, name), value in thread_times(pid).items():
                    if (*key, tid) in threads_seen:
                        by_thread[f"{kind}: {name}"] += value - threads_seen[(*key, tid)]
                    threads_seen[(*key, tid)] = value
        time.sleep(1)
    total1, idle1 = machine_ticks()
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
    print(table(["process", "CPU-s", "share"],
                [[kind, f"{ticks / TICK:.0f}", f"{ticks / TICK / total:.0%}" if total else "-"]
                 for kind, ticks in by_kind.most_common(12)]))
    print()
    print(table(["Chromium thread (ThreadPoolForeg: the raster and V8's workers)", "CPU-s"],
                [[name, f"{ticks / TICK:.0f}"] for name, ticks in by_thread.most_common(10)]))
    if args.junit and os.path.exists(args.junit):
        print()
        print(table(["test file", "worker-s", "tests"],
                    [[name, f"{seconds:.0f}", count] for name, seconds, count in per_file(args.junit)[:25]]))
    return code


if __name__ == "__main__":
    sys.exit(main())
