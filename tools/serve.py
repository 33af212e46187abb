"""Serves the built site: python3 tools/serve.py [--lan] [port] (tools/serve.sh builds first).

Without --lan it listens on this computer only. With --lan it listens on every
interface and prints the address a tablet on the same Wi-Fi should open.
"""
from __future__ import annotations

import functools
import http.server
import ipaddress
import pathlib
import socket
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that another device could reach, read locally."""
    found = []
    try:
        found = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=5).stdout.split()
    except (OSError, subprocess.SubprocessError):
        pass
    if not found:
        try:
            found = [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
        except OSError:
            pass
    out = []
    for text in found:
        try:
            address = ipaddress.ip_address(text)
        except ValueError:
            continue
        if address.version == 4 and not address.is_loopback and text not in out:
            out.append(text)
    return out


def main(argv: list[str]) -> None:
    lan = "--lan" in argv
    rest = [a for a in argv if a != "--lan"]
    port = int(rest[0]) if rest else 8000
    bind = "0.0.0.0" if lan else "127.0.0.1"
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(ROOT))
    server = http.server.ThreadingHTTPServer((bind, port), handler)
    port = server.server_address[1]
    print(f"Royal Table is at http://localhost:{port}/  (Ctrl+C stops it)", flush=True)
    if lan:
        addresses = lan_addresses()
        for address in addresses:
            print(f"On a tablet on the same network, open  http://{address}:{port}/", flush=True)
        if not addresses:
            print(f"On a tablet on the same network, open http://<this computer's address>:{port}/", flush=True)
        print("(Offline play needs a published https copy, e.g. GitHub Pages: browsers keep a site\n"
              " for offline use only from https or localhost. Over the local network it plays online.)",
              flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main(sys.argv[1:])
