#!/usr/bin/env bash
# Builds the site from the lockfile and serves it locally: ./tools/serve.sh [port]
set -euo pipefail
cd "$(dirname "$0")/.."
port="${1:-8000}"
npm ci --no-audit --no-fund --loglevel=error
python3 tools/build.py
echo "Royal Table is at http://localhost:${port}/  (Ctrl+C stops it)"
exec python3 -m http.server "$port" --bind 127.0.0.1
