"""In Chromium, through PyScript: times the computer players (and anything else
benchlib.handle knows) on the main thread, as the app runs them.

bench/run.py calls window.benchRun(request_json) from Playwright; the answer is
written into <pre id="out"> (and returned), and body[data-ready] says the page
is up. The work is benchlib's, the same code CPython and Node run.
"""
import sys

from pyodide.ffi import create_proxy
from pyscript import document, window

import benchlib

out = document.getElementById("out")


def bench_run(request_json):
    try:
        answer = '{"ok": ' + benchlib.handle(request_json) + "}"
    except Exception as err:  # reported to the driver, not swallowed
        import json
        answer = json.dumps({"error": f"{type(err).__name__}: {err}"})
    out.textContent = answer
    return answer


window.benchRun = create_proxy(bench_run)
document.body.dataset.python = sys.version.split()[0]
document.body.dataset.ready = "1"
