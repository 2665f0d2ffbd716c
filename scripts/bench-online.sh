#!/usr/bin/env bash
# The live server under load: figures, not a test (nothing here fails on a slow result).
# Runs `ludus loadtest` against `ludus serve` (release build), three times:
#   1. one server, SQLite on a temporary database;
#   2. two servers sharing a Redis of their own (each game's players on different servers);
#   3. one server, SQLite, with hostile frames beside the games.
# Prints each loadtest's line and each server's peak memory (VmHWM, /proc/PID/status).
#
# Usage: scripts/bench-online.sh [--games N] [--seconds S] [--hostile FRAMES] [--rate R]
#   defaults: 1000 games, 60 s, 10000 hostile frames, 1 step a second a game
# Needs /usr/bin/redis-server for the second run (scripts/install-tools.sh --redis); without
# it that run is left out, saying so.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

games=1000 seconds=60 hostile=10000 rate=1
while [ $# -gt 0 ]; do
  case "$1" in
    --games) games="${2:?--games needs a number}"; shift 2 ;;
    --seconds) seconds="${2:?--seconds needs a number}"; shift 2 ;;
    --hostile) hostile="${2:?--hostile needs a number}"; shift 2 ;;
    --rate) rate="${2:?--rate needs a number}"; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "bench-online.sh: unknown option $1" >&2; exit 2 ;;
  esac
done

say() { printf '[bench-online] %s\n' "$*"; }

say "cargo build --release --bin ludus"
cargo build --release --bin ludus --quiet
bin=target/release/ludus

# Two connections a game, and the server's own for each: more than the usual 1024 files.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true

tmp=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
mkdir -p "$tmp/dist"
echo '<!doctype html><title>Ludus</title>' >"$tmp/dist/index.html"

# start_server NAME [ARGS...]: starts `ludus serve` on a port of its choosing; sets $url and
# $pid once its ready line is out.
start_server() {
  local name=$1; shift
  "$bin" serve --address 127.0.0.1 --port 0 --dist "$tmp/dist" "$@" >"$tmp/$name.log" 2>&1 &
  pid=$!
  pids+=("$pid")
  for _ in $(seq 300); do
    url=$(sed -n 's|^Ludus is at \(http://[0-9.:]*\)/.*|\1|p' "$tmp/$name.log")
    [ -n "$url" ] && return 0
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  cat "$tmp/$name.log" >&2
  say "$name: the server did not start"
  exit 1
}

peak() { awk '/^VmHWM/ {print $2 " " $3}' "/proc/$1/status"; }

# loadtest NAME ARGS...: the loadtest's line (its exit status is reported, not fatal).
loadtest() {
  local name=$1; shift
  local status=0
  "$bin" loadtest --games "$games" --seconds "$seconds" --rate "$rate" "$@" \
    >"$tmp/$name.out" 2>"$tmp/$name.err" || status=$?
  grep -E '^loadtest: (hostile|[0-9]+ error)' "$tmp/$name.err" | sed "s/^/[$name] /" || true
  say "$name: $(tail -n 1 "$tmp/$name.out") (exit status $status)"
}

say "1. SQLite: $games games, ${seconds}s, $rate step/s a game"
start_server sqlite --db "$tmp/sqlite.db"
loadtest sqlite --server "$url"
say "sqlite: server peak memory $(peak "$pid")"
kill "$pid"

if [ -x /usr/bin/redis-server ]; then
  port=""
  for _ in $(seq 50); do
    candidate=$((20000 + RANDOM % 20000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then port=$candidate; break; fi
  done
  /usr/bin/redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no >"$tmp/redis.log" 2>&1 &
  redis=$!
  pids+=("$redis")
  for _ in $(seq 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
    sleep 0.1
  done
  say "2. Redis: two servers, $games games, ${seconds}s"
  start_server redis-a --db "$tmp/unused-a.db" --redis "redis://127.0.0.1:$port"
  url_a=$url pid_a=$pid
  start_server redis-b --db "$tmp/unused-b.db" --redis "redis://127.0.0.1:$port"
  url_b=$url pid_b=$pid
  loadtest redis --server "$url_a" --server "$url_b"
  say "redis: server peak memory $(peak "$pid_a") and $(peak "$pid_b"); redis-server $(peak "$redis")"
  kill "$pid_a" "$pid_b" "$redis"
else
  say "2. Redis: left out (no /usr/bin/redis-server; scripts/install-tools.sh --redis)"
fi

say "3. SQLite with $hostile hostile frames: $games games, ${seconds}s"
start_server hostile --db "$tmp/hostile.db"
loadtest hostile --server "$url" --hostile "$hostile"
say "hostile: server peak memory $(peak "$pid")"
