#!/usr/bin/env bash
# Coverage-guided fuzzing (cargo-afl, AFL++) of everything in Ludus that reads text: step
# text, record text (both forms, packed records), text files, URL fragments, game options,
# Unity setups and the live server's client frames (fuzz/src/lib.rs).
#
# Usage: scripts/fuzz.sh [--seconds N] [--out DIR] [TARGET ...]
#   --seconds N  how long each target runs, one after another on one core (default 20)
#   --out DIR    where AFL keeps its queue and findings (default fuzz/out/, emptied first)
#   TARGET       step, record, fragment, options, unity_setup, tree_record, text_file,
#                packed, live_frame (default: all of them)
# Each target starts from its seed corpus (fuzz/corpus/TARGET/) with fuzz/dict/ludus.dict.
# Exits 1 if any target crashed (a failed check counts) or hung, after showing each
# finding's panic message; a finding stays in DIR/TARGET/default/{crashes,hangs}/.
# Needs cargo-afl and its AFL++ build: scripts/install-tools.sh --fuzz.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

seconds=20
out=fuzz/out
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="${2:?--seconds needs a number}"; shift 2 ;;
    --out) out="${2:?--out needs a folder}"; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -eq 0 ] && targets=(step record fragment options unity_setup tree_record text_file packed live_frame)
case "$seconds" in ''|*[!0-9]*) echo "fuzz.sh: --seconds must be a whole number" >&2; exit 2 ;; esac
for t in "${targets[@]}"; do
  [ -d "fuzz/corpus/$t" ] || { echo "fuzz.sh: no target $t (no fuzz/corpus/$t)" >&2; exit 2; }
done
if ! cargo afl --version >/dev/null 2>&1; then
  echo "fuzz.sh: cargo-afl is missing: run scripts/install-tools.sh --fuzz" >&2
  exit 2
fi

say() { printf '[fuzz] %s\n' "$*"; }

say "cargo afl build --release (fuzz/)"
(cd fuzz && cargo afl build --release --quiet)

# A shared machine: no CPU pinning or frequency checks; crashes are seen by the fork server,
# whatever the kernel's core_pattern; one finding is enough to stop a CI run early.
export AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
export AFL_BENCH_UNTIL_CRASH=1 AFL_QUIET=1
# A panic without a backtrace stays fast, so a loaded machine does not turn a crash into a hang.
export RUST_BACKTRACE=0

rm -rf "$out"
mkdir -p "$out"
findings=0
for t in "${targets[@]}"; do
  say "$t: ${seconds}s from $(find "fuzz/corpus/$t" -type f | wc -l) seeds"
  # -t: runs take milliseconds (a long Merlin's Chain playout 0.1 s); 5 s is a real hang even
  # on a loaded machine, where 1 s was not.
  if ! nice -n 10 cargo afl fuzz -V "$seconds" -t 5000 -x fuzz/dict/ludus.dict \
    -i "fuzz/corpus/$t" -o "$out/$t" "fuzz/target/release/$t" >"$out/$t.log" 2>&1; then
    tail -n 20 "$out/$t.log"
    say "$t: afl-fuzz failed (a seed crashes, or AFL could not start): see $out/$t.log"
    findings=$((findings + 1))
    continue
  fi
  stats="$out/$t/default/fuzzer_stats"
  stat() { awk -F' *: *' -v k="$1" '$1 == k {print $2}' "$stats"; }
  say "$t: $(stat execs_done) runs, $(stat corpus_count) inputs in the queue, $(stat saved_crashes) crashes, $(stat saved_hangs) hangs"
  for kind in crashes hangs; do
    for f in "$out/$t/default/$kind"/id*; do
      [ -e "$f" ] || continue
      findings=$((findings + 1))
      say "$t: $kind: $f"
      # The target run outside afl-fuzz reads one input from standard input.
      timeout 10 "fuzz/target/release/$t" <"$f" 2>&1 | grep -A3 'panicked' | head -n 4 || true
    done
  done
done

if [ "$findings" -gt 0 ]; then
  say "FAILED: $findings finding(s); inputs are under $out/"
  exit 1
fi
say "no crashes or hangs in ${#targets[@]} target(s), ${seconds}s each"
