// The wasm/native ratio of the search per CPU second: a fixed search (`mcts:N` from each
// game's start), timed by the CPU time it used rather than the wall clock, so that the
// ratio holds on a loaded machine (scripts/bench.sh's table, timed by the wall clock in
// Chromium, needs an idle one). Native: `ludus bench GAME --mcts N --runs 1`, its CPU time
// from bash's `times`. Wasm: the study module in this Node process (V8, as in Chromium, but
// Node's own version of it), `Session.fromRecord(GAME).aiChoose("mcts:N")`, its CPU time from
// `process.cpuUsage()`; one search per game first, untimed, to compile the module's code.
// Medians of R runs; the seeds are the same on both sides.
//
//   node scripts/bench-cpu.mjs [--iterations N] [--runs R] [--games a,b]
//
// Needs `trunk build --release` (dist/) and `cargo build --release` (target/release/ludus).
// Plain ES module, Node 20.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchOptions } from './bench-options.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { number, games: optionGames } = benchOptions('bench-cpu', ['iterations', 'runs', 'games']);
// Enough that a native search takes a second or more in most games: bash's `times` reads
// CPU time to 10 ms, and the process's start is in the native figure. At 20,000 (0.1 s for
// Unlur) the native figures read 2-3 times too low.
const iterations = number('iterations', '200000', 100, 1e6, { whole: true });
const runs = number('runs', '5', 1, 100, { whole: true });
const games = optionGames('games');
const ludus = join(root, 'target/release/ludus');
const wasm = join(root, 'dist/ludus_study_bg.wasm');
for (const file of [ludus, wasm]) {
  if (!existsSync(file)) {
    console.error(`bench-cpu: ${file} is missing (cargo build --release; trunk build --release --offline)`);
    process.exit(2);
  }
}

const mod = await import(join(root, 'dist/ludus_study.js'));
await mod.default({ module_or_path: readFileSync(wasm) });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const seconds = (text) => {
  const [, m, s] = /(\d+)m([\d.]+)s/.exec(text);
  return 60 * Number(m) + Number(s);
};

/** Iterations per CPU second of one native search. */
function native(game, seed) {
  // `times` prints the shell's and then its children's user and system time.
  const script = '"$0" "$@" > /dev/null || exit 1; times';
  const p = spawnSync('bash', ['-c', script, ludus, 'bench', game, '--mcts', String(iterations), '--runs', '1', '--seed', String(seed)], { encoding: 'utf8' });
  if (p.status !== 0) throw new Error(`ludus bench ${game} failed: ${p.stderr}`);
  const [user, system] = p.stdout.trim().split('\n').at(-1).split(/\s+/).map(seconds);
  return iterations / (user + system);
}

/** Iterations per CPU second of one wasm search. */
function inWasm(game, seed) {
  const session = mod.Session.fromRecord(game);
  const before = process.cpuUsage();
  const choice = session.aiChoose(`mcts:${iterations}`, seed);
  const used = process.cpuUsage(before);
  session.free();
  return choice.iterations / ((used.user + used.system) / 1e6);
}

console.log(`mcts:${iterations} from the start, iterations per CPU second, medians of ${runs} runs`);
console.log('| game | native | wasm (Node) | wasm/native |');
console.log('|---|---:|---:|---:|');
for (const game of games) {
  inWasm(game, 0); // compiles the module's code; not counted
  const n = [];
  const w = [];
  for (let r = 1; r <= runs; r++) {
    n.push(native(game, r));
    w.push(inWasm(game, r));
  }
  const fmt = (v) => Math.round(v).toLocaleString('en-US');
  console.log(`| ${game} | ${fmt(median(n))} | ${fmt(median(w))} | ${(median(w) / median(n)).toFixed(2)} |`);
}
