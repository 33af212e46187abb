#!/usr/bin/env bash
# Installs what the tests need, builds the site, runs every test (unit and end to end).
# Extra arguments go to pytest: ./tools/test.sh -k krypkille
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# Debian's Chromium (its headless shell for most pages, the full browser for some) and
# WebKitGTK driver (iPad Safari's engine) for the end-to-end tests, never a browser
# download; Xvfb for WebKit; CJK fonts for Japanese.
if ! command -v chromium >/dev/null || ! command -v chromium-headless-shell >/dev/null \
   || ! command -v WebKitWebDriver >/dev/null \
   || ! command -v Xvfb >/dev/null || ! fc-list 2>/dev/null | grep -q "Noto Sans CJK"; then
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq \
    chromium chromium-headless-shell fonts-noto-cjk webkit2gtk-driver xvfb >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv 2>/dev/null || {
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq python3-venv >/dev/null
    python3 -m venv .venv
  }
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -r requirements-dev.txt

npm ci --no-audit --no-fund --loglevel=error
.venv/bin/python tools/build.py
# Two workers (pytest-xdist): the unit tests and the browsers share both cores. A browser
# test whose tab crashed under it runs once more (e2e/conftest.py, CRASH_RERUN).
exec .venv/bin/python -m pytest -n 2 --dist worksteal tests e2e "$@"
