"""The README's serve command: this computer only by default, the local network with --lan."""
from __future__ import annotations

import pathlib
import subprocess
import sys
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[1]


def serve(*args):
    process = subprocess.Popen([sys.executable, str(ROOT / "tools" / "serve.py"), *args, "0"],
                               stdout=subprocess.PIPE, text=True)
    lines = [process.stdout.readline()]
    port = int(lines[0].split("localhost:")[1].split("/")[0])
    return process, port, lines


def listening_on(port: int) -> set[str]:
    """Local addresses listening on `port`, from the kernel's table (no connection made)."""
    found = set()
    for line in pathlib.Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        address, hex_port = local.split(":")
        if int(hex_port, 16) == port and state == "0A":          # LISTEN
            found.add(".".join(str(int(address[i:i + 2], 16)) for i in (6, 4, 2, 0)))
    return found


def test_serves_this_computer_only_by_default():
    process, port, _ = serve()
    try:
        time.sleep(0.3)
        assert listening_on(port) == {"127.0.0.1"}
        assert urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html").status == 200
    finally:
        process.terminate()
        process.wait()


def test_lan_listens_everywhere_and_says_what_a_tablet_should_open():
    process, port, lines = serve("--lan")
    try:
        lines.append(process.stdout.readline())
        time.sleep(0.3)
        assert listening_on(port) == {"0.0.0.0"}
        assert "On a tablet" in lines[1] and f":{port}/" in lines[1]
        assert urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html").status == 200
    finally:
        process.terminate()
        process.wait()
