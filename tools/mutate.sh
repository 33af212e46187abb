#!/usr/bin/env bash
# Mutation testing with mutmut: are there bugs the unit tests let through? Mutated: the
# rules (core, registry, every game's rules.py), King's Struggle's scoring, the search
# and the shared table layer py/ui/match.py. Not part of tools/test.sh or CI (a full run
# takes hours on two shared cores). Config: the [mutmut] section of setup.cfg.
# Report: bench/MUTATION.md.
#
#   tools/mutate.sh                                     every mutant not tested yet, then the score
#   tools/mutate.sh 'royaltable.games.krypkille.rules.*'   one game (or module) only
#   tools/mutate.sh 'ui.match.*' 'royaltable.search.*'    the table layer and the search
#   tools/mutate.sh 'royaltable.core.x*'                any mutmut name pattern; named mutants re-run
#   tools/mutate.sh --score                             only the score of the last runs, and the survivors
#   tools/mutate.sh --fresh ...                         forget earlier results first
#   MUTATE_JOBS=1 tools/mutate.sh                       fewer parallel workers (default 2)
#
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
mkdir -p "$work/src"
ln -sfn ../../py/royaltable "$work/src/royaltable"
ln -sfn ../../py/ui "$work/src/ui"
ln -sfn ../tests "$work/tests"
ln -sfn ../setup.cfg "$work/setup.cfg"

score_only=0
if [ "${1:-}" = --fresh ]; then rm -rf "$work/mutants"; shift; fi
if [ "${1:-}" = --score ]; then score_only=1; shift; fi

cd "$work"
if [ "$score_only" = 0 ]; then
  # Mutants of files that changed since the last run are re-made and re-tested.
  nice -n 10 ../.venv/bin/mutmut run --max-children "${MUTATE_JOBS:-2}" "$@" || true
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
        if status != "killed" and status != "timeout":
            survivors.append(f"{status:12} {name}")
    # A timeout counts as killed: the mutant made the tests loop (mutmut's own reading).
    killed = counts.get("killed", 0) + counts.get("timeout", 0)
    rows.append((module, len(codes), killed, counts))
total = sum(r[1] for r in rows)
killed = sum(r[2] for r in rows)
print(f"\n{'module':42} {'mutants':>7} {'killed':>7} {'score':>7}  other")
for module, n, k, counts in rows:
    other = ", ".join(f"{v} {s}" for s, v in sorted(counts.items()) if s not in ("killed",))
    print(f"{module:42} {n:7} {k:7} {100 * k / max(n, 1):6.1f}%  {other}")
print(f"{'all':42} {total:7} {killed:7} {100 * killed / max(total, 1):6.1f}%")
if survivors:
    print("\nnot killed (../.venv/bin/mutmut show NAME in .mutation/ for the diff):")
    print("\n".join(survivors))
PY
