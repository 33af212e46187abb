#!/usr/bin/env bash
# Builds the site from the lockfile and serves it: ./tools/serve.sh [--lan] [port]
#   (default)  http://localhost:8000/ on this computer only
#   --lan      also to tablets on the same Wi-Fi: prints the address to open there
set -euo pipefail
cd "$(dirname "$0")/.."
npm ci --no-audit --no-fund --loglevel=error
python3 tools/build.py
exec python3 tools/serve.py "$@"
