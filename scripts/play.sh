#!/usr/bin/env bash
# Installs what is missing, builds Ludus with Trunk (offline) and serves it on localhost.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
scripts/install-tools.sh
PORT="${PORT:-8080}"
echo
echo "Ludus will be at http://127.0.0.1:$PORT/ (Ctrl-C stops it)"
echo
# No autoreload: Trunk would inject it as an inline script, which the page's
# Content-Security-Policy refuses (reload the page by hand after a change).
exec trunk serve --release --offline --no-autoreload --address 127.0.0.1 --port "$PORT"
