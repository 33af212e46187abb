import os
import pathlib
import sys

# Appended, not put first: under mutmut (tools/mutate.sh) the mutated copy of py/, which
# mutmut puts first on the path, must be the one imported.
sys.path.append(str(pathlib.Path(__file__).resolve().parents[1] / "py"))


def pytest_configure(config):
    # tools/mutate.sh leaves these out (-m "not slow"): whole bot matches, repeated
    # seeds and set-ups, and the Hypothesis runs, which take most of the suite's time.
    config.addinivalue_line("markers", "slow: left out of mutation testing (tools/mutate.sh)")


def pytest_collection_modifyitems(items):
    # Under mutmut (which stops at the first failure), the quick rule tests go first
    # and the long random play-outs and whole screens last: most mutants then die in
    # milliseconds.
    if os.environ.get("MUTANT_UNDER_TEST"):
        items.sort(key=lambda item: item.path.name.startswith(
            ("test_conformance", "test_hypothesis", "test_ui")))
