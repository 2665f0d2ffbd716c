#!/usr/bin/env bash
# Plays this worktree's engine against an older commit's, at the same player spec (the same
# time per step for `normal`/`quick`), in one process alternating: the strength
# bought with the speed.
#
#   scripts/strength-vs-commit.sh OLD_COMMIT GAME... [--games N] [--player SPEC]
#                                 [--old-player SPEC] [--seed S] [--players 2|3]
#   e.g. scripts/strength-vs-commit.sh 87d339b unravel unlur --games 20 --player quick
#   (--old-player: the old engine plays another spec, e.g. --player expert --old-player strong;
#   --players 3: Unity with three players, the new engine in one seat, the old in two)
#
# Copies OLD_COMMIT's sources (git archive) into a scratch folder, renames that copy's
# package to `ludus_old`, and builds tools/strength/main.rs there as a crate depending on
# both. Seats swap every game; each side checks the other's steps with its own rules
# (a disagreement stops the match: a rules bug). Prints per game the new engine's score
# with a Wilson 95% interval and the median search iterations per step of each side.
# Not part of the main build or CI: it needs a second commit's sources.
# STRENGTH_SCRATCH=DIR keeps the scratch folder (and its build) between runs.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

if [ $# -lt 2 ]; then
  echo "usage: $0 OLD_COMMIT GAME... [--games N] [--player SPEC] [--old-player SPEC] [--seed S] [--players 2|3]" >&2
  exit 2
fi
old_commit=$(git rev-parse --verify "$1^{commit}") || {
  echo "$1 is not a commit of this repository" >&2
  exit 2
}
shift
repo=$(pwd)

if [ -n "${STRENGTH_SCRATCH:-}" ]; then
  scratch=$STRENGTH_SCRATCH
  mkdir -p "$scratch"
else
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
fi

# The old sources, once per commit.
old="$scratch/old-$old_commit"
if [ ! -f "$old/Cargo.toml" ]; then
  mkdir -p "$old"
  git archive "$old_commit" | tar -x -C "$old"
  # Only the package name changes, so both crates can be linked into one binary.
  sed -i '0,/^name = "ludus"$/s//name = "ludus_old"/' "$old/Cargo.toml"
  grep -q '^name = "ludus_old"$' "$old/Cargo.toml" || {
    echo "could not rename the old package in $old/Cargo.toml" >&2
    exit 1
  }
  # A dependency's default-run would name a binary of another package.
  sed -i '/^default-run = /d' "$old/Cargo.toml"
fi

crate="$scratch/strength"
mkdir -p "$crate/src"
cp tools/strength/main.rs "$crate/src/main.rs"
cat >"$crate/Cargo.toml" <<EOF
[package]
name = "strength"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
ludus = { path = "$repo" }
ludus_old = { path = "$old" }

# As the main crate's release profile: both engines built as the page and \`ludus\` are.
[profile.release]
opt-level = 3
codegen-units = 1
debug = false

[workspace]
EOF
# Start from this worktree's lock file, so the shared dependencies are the versions we test.
[ -f "$crate/Cargo.lock" ] || cp Cargo.lock "$crate/Cargo.lock"

cargo build --release --quiet --manifest-path "$crate/Cargo.toml"
"$crate/target/release/strength" "$@"
