#!/usr/bin/env bash
# Mutation testing with mutmut: are there bugs the unit tests let through? Mutated: the
# rules (core, registry, every game's rules.py), King's Struggle's scoring, the search
# and the shared table layer py/ui/match.py. Not part of tools/test.sh or CI (a full run
# takes hours on two shared cores). Config: the [mutmut] section of setup.cfg.
# Report: bench/MUTATION.md.
#
#   tools/mutate.sh                                     every mutant not tested yet, then the score
#   tools/mutate.sh 'royaltable.games.court.*'          one game (or module): its mutants not tested yet
#   tools/mutate.sh 'ui.match.*' 'royaltable.search.*'  the table layer and the search
#   tools/mutate.sh --again 'royaltable.core.x*'        test the named mutants again, tested or not
#   tools/mutate.sh --survivors 'royaltable.games.court.*'   test again those not killed (after new tests)
#   tools/mutate.sh --score                             only the score of the last runs, and the survivors
#   tools/mutate.sh --fresh ...                         forget earlier results first
#   tools/mutate.sh --restats ...                       learn again which tests reach which
#                                                       function (a full stats run, ~5 min)
#   MUTATE_TESTS='tests/test_court.py::* !*random_play*' tools/mutate.sh 'royaltable.games.court.*'
#                                 run only the tests whose node id matches one of these
#                                 (space-separated) patterns, and none of those after a "!",
#                                 against each mutant: fast, but
#                                 a survivor is a survivor of those tests only; re-test it
#                                 with --survivors and no MUTATE_TESTS before calling it one
#   MUTATE_JOBS=1 tools/mutate.sh                       parallel workers (default: 2 when the
#                                                       load is under 1, else 1)
#   MUTATE_CPU_LIMIT=60 tools/mutate.sh ...             a mutant's tests end as a timeout after
#                                                       this many CPU seconds (for narrowed tiers)
#
# Everything runs under nice 19: it takes only the cycles nobody else wants.
# Then, inside .mutation/: ../.venv/bin/mutmut show NAME   (the diff of one mutant)
set -euo pipefail
cd "$(dirname "$0")/.."

if ! .venv/bin/python -c "import mutmut" 2>/dev/null; then
  .venv/bin/python -m pip install -q --disable-pip-version-check -r requirements-mutation.txt
fi

# mutmut names a mutant after its file's path from the folder it runs in (dropping a
# leading "src."), and the tests import "royaltable" and "ui": so it runs in a scratch
# folder where py/royaltable appears as src/royaltable and py/ui as src/ui. Links, not
# copies: mutmut copies the sources into .mutation/mutants/ itself (and puts
# mutants/src first on the tests' path) and re-mutates a file only when it changed.
work=.mutation
mkdir -p "$work/src" "$work/plugin"
ln -sfn ../../py/royaltable "$work/src/royaltable"
ln -sfn ../../py/ui "$work/src/ui"
ln -sfn ../tests "$work/tests"
ln -sfn ../setup.cfg "$work/setup.cfg"

score_only=0 again=untested
while [ $# -gt 0 ]; do
  case "$1" in
    --fresh) rm -rf "$work/mutants"; shift ;;
    --restats) rm -f "$work/mutants/mutmut-stats.json"; shift ;;
    --score) score_only=1; shift ;;
    --again) again=all; shift ;;
    --survivors) again=survivors; shift ;;
    *) break ;;
  esac
done

# MUTATE_TESTS: a pytest plugin (loaded through PYTEST_ADDOPTS, so that mutmut's own
# config, and with it its cached results, stay the same) drops every test whose node id
# matches none of the patterns, before collection, in the clean run and for each
# mutant; never in mutmut's stats run or test listing, which must see every test.
cat > "$work/plugin/mutate_select.py" <<'PY'
import fnmatch
import os

WORDS = os.environ.get("MUTATE_TESTS", "").split()
PATTERNS = [w for w in WORDS if not w.startswith("!")]
EXCLUDED = [w[1:] for w in WORDS if w.startswith("!")]


def _narrowing():
    mutant = os.environ.get("MUTANT_UNDER_TEST")
    return bool(WORDS) and mutant is not None and (mutant == "" or "__mutmut_" in mutant)


def _wanted(nodeid):
    return (any(fnmatch.fnmatchcase(nodeid, p) for p in PATTERNS or ["*"])
            and not any(fnmatch.fnmatchcase(nodeid, p) for p in EXCLUDED))


def pytest_load_initial_conftests(early_config, parser, args):
    # The tests mutmut names are node ids ("tests/test_x.py::test_y[...]"): keep the
    # wanted ones only, so that the other files are not even collected.
    if not _narrowing():
        return
    named = [a for a in args if a.startswith("tests/") and "::" in a]
    kept = [a for a in named if _wanted(a)]
    if named and kept:
        dropped = set(named) - set(kept)
        args[:] = [a for a in args if a not in dropped]


def pytest_collection_modifyitems(config, items):
    if not _narrowing():
        return
    dropped = [item for item in items if not _wanted(item.nodeid)]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if _wanted(item.nodeid)]
PY
if [ -n "${MUTATE_TESTS:-}" ]; then
  export PYTHONPATH="$PWD/$work/plugin${PYTHONPATH:+:$PYTHONPATH}"
  export PYTEST_ADDOPTS="-p mutate_select${PYTEST_ADDOPTS:+ $PYTEST_ADDOPTS}"
  export MUTATE_TESTS
fi
# mutmut starts pytest once per mutant: without the plugins no test here needs (xdist's
# workers, Hypothesis's, which only the slow tests use) a start costs 0.13 s instead of 0.24.
export PYTEST_ADDOPTS="${PYTEST_ADDOPTS:+$PYTEST_ADDOPTS }-p no:xdist -p no:xdist.looponfail -p no:hypothesispytest -p no:platformdirs"

jobs="${MUTATE_JOBS:-}"
if [ -z "$jobs" ]; then
  jobs=$(awk '{ print ($1 < 1.0) ? 2 : 1 }' /proc/loadavg)
fi

cd "$work"
# A run stopped while mutmut writes a result file leaves it empty: put back the copy
# kept at the start of the last run (its results since are lost), then keep a new copy.
../.venv/bin/python - <<'PY'
import json, pathlib, shutil
for meta in pathlib.Path("mutants/src").rglob("*.py.meta"):
    keep = meta.with_name(meta.name + ".kept")
    try:
        json.loads(meta.read_text())
    except ValueError:
        if keep.exists():
            print(f"mutate.sh: {meta} was damaged (a run stopped while writing it): the copy "
                  "kept at the start of the run before is put back")
            shutil.copy(keep, meta)
        else:
            print(f"mutate.sh: {meta} was damaged and no copy was kept: its results are lost")
            meta.unlink()
            meta.with_suffix("").unlink(missing_ok=True)     # the mutants are made again
            continue
    shutil.copy(meta, keep)
PY
if [ "$score_only" = 0 ]; then
  # Make (or re-make, for files that changed) the mutants first, so that the names below
  # are those of the sources as they are now.
  nice -n 19 ../.venv/bin/python - <<'PY'
import mutmut.__main__ as m
from mutmut.mutation.trampoline import set_mutant_under_test
from mutmut.utils.file_utils import copy_src_dir, copy_also_copy_files
set_mutant_under_test("mutant_generation")
copy_src_dir()
copy_also_copy_files()
m.create_mutants(1)
# mutmut copies a data file (words.toml, style.css, ...) only when it has no copy yet:
# bring the copies up to date, or the tests read last week's words.
import filecmp, os, pathlib, shutil
for folder, _, files in os.walk("src", followlinks=True):     # src/ holds links
    for name in files:
        source = pathlib.Path(folder, name)
        copy = pathlib.Path("mutants") / source
        if source.suffix not in (".py", ".pyc"):
            if not copy.exists() or not filecmp.cmp(source, copy, shallow=False):
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(source, copy)
PY
  # Some tests read files of the checkout beside the sources (a game's style sheet,
  # static/app.css, the icon package): from mutants/, where mutmut runs the tests copied
  # into mutants/tests, those folders are links to the checkout's.
  for folder in py static node_modules; do ln -sfn "../../$folder" "mutants/$folder"; done
  # A pattern stands for the mutants it matches that were not tested yet (with --again:
  # all of them; with --survivors: those tested and not killed), named one by one, or by their function's pattern when every mutant of
  # the function is wanted: mutmut itself re-tests every mutant a pattern names.
  mapfile -t names < <(AGAIN=$again nice -n 19 ../.venv/bin/python - "$@" <<'PY'
import fnmatch, json, os, pathlib, sys
patterns = sys.argv[1:] or ["*"]
again = os.environ["AGAIN"]
KILLED = {1, 3, 36, -24, 24, 152, 255}


def wanted_now(code):
    if again == "all":
        return True
    if again == "survivors":
        return code is not None and code not in KILLED
    return code is None

by_function = {}
for meta in pathlib.Path("mutants/src").rglob("*.py.meta"):
    for name, code in json.loads(meta.read_text())["exit_code_by_key"].items():
        by_function.setdefault(name.rpartition("__mutmut_")[0], []).append((name, code))
out = []
for function, mutants in sorted(by_function.items()):
    wanted = [n for n, code in mutants
              if any(fnmatch.fnmatchcase(n, p) for p in patterns) and wanted_now(code)]
    if len(wanted) == len(mutants):
        out.append(function + "__mutmut_*")
    else:
        out.extend(wanted)
print("\n".join(out))
PY
  )
  if [ "${#names[@]}" -gt 0 ] && [ -n "${names[0]}" ]; then
    echo "mutate.sh: ${#names[@]} names or function patterns, $jobs worker(s), tests: ${MUTATE_TESTS:-all}"
    # mutmut's own limit for a mutant's tests (15 x 2 x the time of every test reaching its
    # function, narrowed or not) lets a mutant that makes a play-out loop run for most of
    # an hour. MUTATE_CPU_LIMIT (CPU seconds) ends it sooner, with the signal mutmut's
    # limit sends, so it counts as a timeout (a kill) as mutmut's would.
    if [ -n "${MUTATE_CPU_LIMIT:-}" ]; then
      ( while sleep 5; do
          for p in $(pgrep -f '^mutmut: ' || true); do
            t=$(ps -o cputimes= -p "$p" 2>/dev/null || echo 0)
            [ "${t:-0}" -gt "$MUTATE_CPU_LIMIT" ] && kill -XCPU "$p" 2>/dev/null || true
          done
        done ) &
      watchdog=$!
      trap 'kill $watchdog 2>/dev/null || true' EXIT
    fi
    nice -n 19 ../.venv/bin/mutmut run --max-children "$jobs" "${names[@]}" || true
  else
    echo "mutate.sh: nothing left to test for: ${*:-everything} (--again to re-test)"
  fi
fi

# The score per module from mutmut's own result files, and every surviving mutant.
../.venv/bin/python - <<'PY'
import json
import pathlib

STATUS = {1: "killed", 3: "killed", 0: "survived", None: "not checked",
          5: "no tests", 33: "no tests", 36: "timeout", -24: "timeout", 24: "timeout",
          152: "timeout", 255: "timeout"}
rows, survivors = [], []
for meta in sorted(pathlib.Path("mutants/src").rglob("*.py.meta")):
    module = str(meta.relative_to("mutants/src"))[:-len(".py.meta")].replace("/", ".")
    codes = json.loads(meta.read_text())["exit_code_by_key"]
    counts = {}
    for name, code in codes.items():
        status = STATUS.get(code, "suspicious")
        counts[status] = counts.get(status, 0) + 1
        if status not in ("killed", "timeout", "not checked"):
            survivors.append(f"{status:12} {name}")
    # A timeout counts as killed: the mutant made the tests loop (mutmut's own reading).
    killed = counts.get("killed", 0) + counts.get("timeout", 0)
    tested = len(codes) - counts.get("not checked", 0)
    rows.append((module, len(codes), tested, killed, counts))
print(f"\n{'module':42} {'mutants':>7} {'tested':>7} {'killed':>7} {'score':>7}  other")
for module, n, t, k, counts in rows:
    other = ", ".join(f"{v} {s}" for s, v in sorted(counts.items()) if s != "killed")
    print(f"{module:42} {n:7} {t:7} {k:7} {100 * k / max(t, 1):6.1f}%  {other}")
if survivors:
    print("\nnot killed (../.venv/bin/mutmut show NAME in .mutation/ for the diff):")
    print("\n".join(survivors))
PY
