// Search speed in wasm against native, per game.
//
//   node scripts/bench-wasm.mjs [--iterations N] [--runs R] [--no-build] [--out DIR]
//
// Builds the library for wasm32 (cargo build --release --target wasm32-unknown-unknown
// --lib), runs wasm-bindgen --target web into DIR (default: a temporary directory), loads it
// in Node, and times ai_move(record, "mcts:N", seed) from each game's start R times (seeds
// 1..R). The native figures come from `ludus bench --mcts N --runs R` (built with
// cargo build --release). Prints the median iterations per second of each and their ratio.
// Plain ES module, Node 20.

import { execFileSync } from "node:child_process";
import { readFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const iterations = Number(opt("iterations", "2000"));
const runs = Number(opt("runs", "5"));
const out = resolve(opt("out", join(tmpdir(), "ludus-bench-wasm")));
const build = !args.includes("--no-build");
const games = ["unravel", "scattercut", "unity", "merlins-chain", "unlur"];

const run = (cmd, cmdArgs) =>
  execFileSync(cmd, cmdArgs, { cwd: root, stdio: ["ignore", "pipe", "inherit"] }).toString();

if (build) {
  run("cargo", ["build", "--release", "--target", "wasm32-unknown-unknown", "--lib"]);
  run("cargo", ["build", "--release", "--bin", "ludus"]);
  mkdirSync(out, { recursive: true });
  run("wasm-bindgen", [
    "--target", "web", "--out-dir", out,
    join(root, "target/wasm32-unknown-unknown/release/ludus.wasm"),
  ]);
}

const wasm = await import(pathToFileURL(join(out, "ludus.js")).href);
await wasm.default({ module_or_path: readFileSync(join(out, "ludus_bg.wasm")) });

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

// Native: the same search, same start, same seeds.
const native = {};
for (const line of run(join(root, "target/release/ludus"), [
  "bench", ...games, "--mcts", String(iterations), "--runs", String(runs),
]).split("\n")) {
  const [game, rate] = line.trim().split(/\s+/);
  if (games.includes(game)) native[game] = Number(rate);
}

console.log(`mcts:${iterations} from the start, median of ${runs} runs (iterations per second)`);
console.log(`${"game".padEnd(14)} ${"native".padStart(10)} ${"wasm".padStart(10)} ${"wasm/native".padStart(12)}`);
for (const game of games) {
  const record = wasm.new_game(game, {});
  const rates = [];
  for (let seed = 1; seed <= runs; seed++) {
    const t = performance.now();
    const choice = wasm.ai_move(record, `mcts:${iterations}`, seed);
    const seconds = (performance.now() - t) / 1000;
    rates.push(choice.iterations / seconds);
  }
  const w = median(rates);
  const n = native[game];
  console.log(
    `${game.padEnd(14)} ${n.toFixed(0).padStart(10)} ${w.toFixed(0).padStart(10)} ${(w / n).toFixed(2).padStart(12)}`,
  );
}
