"""Small shared pieces of the bench suite: statistics, the machine, the build."""
from __future__ import annotations

import datetime
import hashlib
import json
import math
import os
import pathlib
import platform
import shutil
import subprocess
import sys
import tempfile
import zipfile
from typing import NamedTuple

ROOT = pathlib.Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
APP_ZIP = ROOT / "static" / "vendor" / "app.zip"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# A shortened pace at which the page still moves things. At the tests' 0.02 every motion
# would be over within a frame, and static/motion.js prepares none: a bench of what a
# tap or a game costs the page, motion included, plays at this pace.
MOVING_PACE = "0.05"


def use_built_python(app_zip: pathlib.Path = APP_ZIP) -> None:
    """Import royaltable from the built app.zip, the very file the page loads
    (and Node's Pyodide too), so every runtime measures the same code."""
    for entry in (str(BENCH), str(app_zip)):
        if entry not in sys.path:
            sys.path.insert(0, entry)


def snapshot_site(head: bool = False) -> pathlib.Path:
    """A copy of the built site (every file the pages load, about 15 MB) that the
    whole run serves and imports, so a rebuild or an edit while the suite runs
    (its sections take half an hour) cannot mix two versions into one report.
    With head=True our Python (py/ and app.zip, packed as tools/build.py packs
    it) comes from the last commit instead of the working tree and the build."""
    target = pathlib.Path(tempfile.mkdtemp(prefix="royaltable-bench-site-"))
    for item in ROOT.iterdir():
        if item.is_file() and not item.name.startswith("."):
            shutil.copy2(item, target / item.name)
    for folder in ("static", "py", "rules"):   # rules/: the built rules pages (sw.js keeps them)
        if (ROOT / folder).is_dir():
            shutil.copytree(ROOT / folder, target / folder,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    (target / "bench").mkdir()
    for item in BENCH.iterdir():
        if item.suffix in (".html", ".toml", ".py") and item.is_file():
            shutil.copy2(item, target / "bench" / item.name)
    if head:
        shutil.rmtree(target / "py")
        listing = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "-r", "--name-only", "HEAD", "py"],
                                 capture_output=True, text=True, check=True).stdout.split()
        archive = zipfile.ZipFile(target / "static" / "vendor" / "app.zip", "w", zipfile.ZIP_DEFLATED)
        with archive:
            for path in sorted(listing):
                content = subprocess.run(["git", "-C", str(ROOT), "show", f"HEAD:{path}"],
                                         capture_output=True, check=True).stdout
                (target / path).parent.mkdir(parents=True, exist_ok=True)
                (target / path).write_bytes(content)
                rel = pathlib.PurePosixPath(path).relative_to("py")
                if rel.suffix == ".py" and rel.parts[0] != "tools" and rel.name != "main.py":
                    archive.writestr(rel.as_posix(), content)
    return target


# ---- statistics ---------------------------------------------------------------

def quantile(values, q: float) -> float:
    """Linear interpolation between closest ranks (numpy's default)."""
    xs = sorted(values)
    if not xs:
        return float("nan")
    pos = (len(xs) - 1) * q
    low = math.floor(pos)
    high = min(low + 1, len(xs) - 1)
    return xs[low] + (xs[high] - xs[low]) * (pos - low)


def median(values) -> float:
    return quantile(values, 0.5)


def summary(values) -> dict:
    xs = list(values)
    return {"n": len(xs), "median": median(xs), "min": min(xs) if xs else float("nan"),
            "max": max(xs) if xs else float("nan"), "q1": quantile(xs, 0.25),
            "q3": quantile(xs, 0.75), "p95": quantile(xs, 0.95)}


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% score interval of a proportion (shared wins count as fractions)."""
    if n == 0:
        return (float("nan"), float("nan"))
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


# ---- formatting -------------------------------------------------------------------

def fmt_s(x: float) -> str:
    return "—" if x is None or x != x else f"{x:.2f} s"


def fmt_ms(x: float) -> str:
    if x is None or x != x:
        return "—"
    if x < 0.1:
        return f"{x * 1000:.0f} µs"
    return f"{x:.1f} ms" if x < 100 else f"{x:.0f} ms"


def fmt_ratio(x: float) -> str:
    return "—" if x is None or x != x else f"{x:.2f}×"


def fmt_bytes(n: float) -> str:
    if n >= 1e6:
        return f"{n / 1e6:.2f} MB"
    if n >= 1e3:
        return f"{n / 1e3:.1f} kB"
    return f"{n:.0f} B"


def spread(s: dict, fmt) -> str:
    return f"{fmt(s['min'])}–{fmt(s['max'])}"


def met(ok: bool | None) -> str:
    return "n/a" if ok is None else ("met" if ok else "**MISSED**")


def table(header: list[str], rows: list[list]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


class ProcStat(NamedTuple):
    name: str
    ticks: int          # CPU time in clock ticks, user + system
    start: str          # its start time: with the pid, what tells a reused pid
    parent: str         # the parent's pid


def proc_stat(path: str) -> ProcStat:
    """A /proc stat file's (a process's or a thread's) fields that the bench reads."""
    text = pathlib.Path(path).read_text()
    fields = text.rsplit(")", 1)[1].split()
    return ProcStat(text[text.index("(") + 1:text.rindex(")")], int(fields[11]) + int(fields[12]), fields[19],
                    fields[1])


# ---- the machine and the build ---------------------------------------------------

def _run(cmd: list[str]) -> str:
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "?"


def machine() -> dict:
    cpu = "?"
    try:
        for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    ram = "?"
    try:
        for line in pathlib.Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                ram = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
    except OSError:
        pass
    def version(package):
        try:
            return json.loads((ROOT / "node_modules" / package / "package.json").read_text())["version"]
        except (OSError, ValueError, KeyError):
            return "?"
    try:
        from importlib.metadata import version as dist_version
        playwright = dist_version("playwright")
    except Exception:
        playwright = "?"
    chromium = _run([CHROMIUM, "--version"]).splitlines()
    return {
        "date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
        "cpu": cpu, "cores": os.cpu_count(), "ram": ram,
        "os": platform.platform(),
        "python": platform.python_version(), "node": _run(["node", "--version"]),
        "chromium": chromium[-1] if chromium else "?",
        "pyodide": version("pyodide"), "pyscript": version("@pyscript/core"),
        "playwright": playwright, "load": load(),
        "commit": _run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"]),
        "dirty": bool(_run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "py", "static",
                            "index.html", "pyscript.toml"])),
    }


def load() -> str:
    try:
        return " ".join(pathlib.Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def app_zip_state(app_zip: pathlib.Path = APP_ZIP) -> dict:
    """Whether the built app.zip holds exactly the Python in py/ (what build.py packs)."""
    if not app_zip.exists():
        return {"built": False, "stale": [], "sha": None}
    with zipfile.ZipFile(app_zip) as archive:
        packed = {name: archive.read(name) for name in archive.namelist()}
    source = {p.relative_to(ROOT / "py").as_posix(): p.read_bytes()
              for p in (ROOT / "py").rglob("*.py") if p.name != "main.py"}
    stale = sorted(name for name in set(packed) | set(source) if packed.get(name) != source.get(name))
    # and against the last commit, which is what a reader of the report can check out
    head = {}
    listing = _run(["git", "-C", str(ROOT), "ls-tree", "-r", "--name-only", "HEAD", "py"]).splitlines()
    for path in listing:
        if path.endswith(".py") and not path.endswith("/main.py") and path != "py/main.py":
            try:
                head[path[3:]] = subprocess.run(["git", "-C", str(ROOT), "show", f"HEAD:{path}"],
                                                capture_output=True, timeout=30).stdout
            except (OSError, subprocess.SubprocessError):
                pass
    vs_head = sorted(name for name in set(packed) | set(head) if packed.get(name) != head.get(name))
    return {"built": True, "stale": stale, "vs_head": vs_head if listing else None,
            "sha": hashlib.sha256(app_zip.read_bytes()).hexdigest()[:12]}
