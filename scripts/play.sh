#!/usr/bin/env bash
# Installs what is missing, builds the page with Trunk (offline) and the `ludus` server, and
# starts `ludus serve` on localhost: the page, and play online with games kept in data/.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
scripts/install-tools.sh
PORT="${PORT:-8080}"
trunk build --release --offline
cargo build --release --bin ludus
echo
echo "Ludus will be at http://127.0.0.1:$PORT/ (Ctrl-C stops it; games are kept in data/)"
echo
exec target/release/ludus serve --address 127.0.0.1 --port "$PORT" --dist dist --db data/ludus.db
