import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "py"))


def pytest_configure(config):
    # tools/mutate.sh leaves these out (-m "not slow"): whole bot matches and repeated
    # seeds, which take most of the suite's time and kill no mutant the rest lets live.
    config.addinivalue_line("markers", "slow: left out of mutation testing (tools/mutate.sh)")
