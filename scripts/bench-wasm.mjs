// The whole speed table in one run: per game, perft steps, uniform random games, playouts
// and search iterations per second, natively (`ludus bench`) and in wasm in headless
// Chromium (the same `src/bin/ludus/bench.rs` code through the `bench` export of src/wasm/study.rs), with the
// wasm/native ratio. Native and wasm runs alternate, and the games take turns run by run;
// each figure is the median of R runs and each ratio the median of the R runs' ratios.
// Prints a Markdown table with the date and the machine, ready for docs/PERFORMANCE.md.
// Usually run through scripts/bench.sh.
//
//   node scripts/bench-wasm.mjs [--seconds S] [--runs R] [--games a,b] [--no-build]
//                               [--out DIR] [--port P]
//
// --seconds: time per game and run on each side (default 1); --runs: runs per figure
// (default 3); --games: a comma-separated subset; --no-build: reuse target/ and DIR;
// --out: where the wasm-bindgen output and the bench page go (default: a temporary
// directory); --port: the local server's port (default: a free one).
// Plain ES module, Node 20; uses playwright-core and /usr/bin/chromium like tests/e2e.

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../tests/e2e/server.mjs';
import { benchOptions } from './bench-options.mjs';
import { launch, CHROMIUM } from '../tests/e2e/browser.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { opt, number, flag, games: optionGames } = benchOptions('bench-wasm', ['seconds', 'runs', 'games', 'out', 'port', 'no-build']);
const seconds = number('seconds', '1', 0.01, 600);
const runs = number('runs', '3', 1, 100);
const port = number('port', '0', 0, 65535, { whole: true });
const games = optionGames('games');
const out = resolve(opt('out', join(tmpdir(), 'ludus-bench-wasm')));
const build = !flag('no-build');

const run = (cmd, cmdArgs) =>
  execFileSync(cmd, cmdArgs, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] }).toString();

if (build) {
  // The study module: the one with the `bench` export (Trunk.toml builds it the same way).
  run('cargo', ['build', '--profile', 'study-release', '--features', 'study', '--target', 'wasm32-unknown-unknown', '--lib']);
  run('cargo', ['build', '--release', '--bin', 'ludus']);
  mkdirSync(out, { recursive: true });
  run('wasm-bindgen', [
    '--target', 'web', '--no-typescript', '--out-dir', out, '--out-name', 'ludus_study',
    join(root, 'target/wasm32-unknown-unknown/study-release/ludus.wasm'),
  ]);
}
writeFileSync(join(out, 'index.html'), '<!doctype html><meta charset="utf-8"><title>ludus bench</title>\n');

const METRICS = [
  ['perftSteps', 'perft steps/s'],
  ['uniformGames', 'uniform games/s'],
  ['playouts', 'playouts/s'],
  ['mctsIterations', 'mcts iterations/s'],
];

// Per game, native (`ludus bench GAME` prints a line with the four figures in METRICS
// order) and then wasm in a page of headless Chromium (main thread): the two halves of a
// row are measured close together, so a change in the machine's load hits both alike.
const native = {};
const wasm = {};
const server = await serve(out, { port });
const browser = await launch(process.env.BENCH_JS_FLAGS ? [`--js-flags=${process.env.BENCH_JS_FLAGS}`] : []);
let chromiumVersion = '';
try {
  chromiumVersion = browser.version();
  const page = await browser.newPage();
  await page.goto(server.url);
  // The study module has the benchmark (src/wasm/study.rs); its engines are the play
  // module's code, compiled the same way.
  await page.evaluate(async () => {
    const mod = await import('/ludus_study.js');
    await mod.default({ module_or_path: '/ludus_study_bg.wasm' });
    window.ludusBench = mod.bench;
  });
  // Native and wasm runs alternate, one run each at a time, so that a change in the
  // machine's load hits both sides alike; each run's ratio is taken from its pair. The
  // games take turns run by run, so that a slow minute of the host (they last minutes
  // here) is shared by all games instead of falling on one game's runs.
  for (const game of games) {
    native[game] = [];
    wasm[game] = [];
  }
  for (let r = 0; r < runs; r++) {
    for (const game of games) {
      const text = run(join(root, 'target/release/ludus'), [
        'bench', game, '--seconds', String(seconds), '--runs', '1',
      ]);
      const line = text.split('\n').find((l) => l.trim().split(/\s+/)[0] === game);
      if (!line) throw new Error(`ludus bench printed no line for ${game}:\n${text}`);
      const rates = line.trim().split(/\s+/).slice(1);
      native[game].push(Object.fromEntries(METRICS.map(([key], i) => [key, Number(rates[i])])));
      wasm[game].push(
        await page.evaluate(({ game, seconds }) => window.ludusBench(game, seconds, 1), { game, seconds }),
      );
    }
  }
} finally {
  await browser.close();
  await server.close();
}

const cpu = cpus()[0]?.model?.trim() ?? 'unknown CPU';
const rustc = run('rustc', ['--version']).trim();
const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const fmt = (v) => (v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(1));
const lines = [];
lines.push(`Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu}, ` +
  `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; ${rustc}; ` +
  `Chromium ${chromiumVersion} (${CHROMIUM}). ` +
  `Median of ${runs} run${runs > 1 ? 's' : ''} of about ${seconds} s per game on each side, ` +
  'native and wasm runs alternating and the games taking turns; the ratio is the median of ' +
  'the runs\' ratios.');
lines.push('');
lines.push('| game | measure | native | wasm | wasm/native |');
lines.push('|---|---|---:|---:|---:|');
for (const game of games) {
  for (const [key, label] of METRICS) {
    const n = median(native[game].map((f) => f[key]));
    const w = median(wasm[game].map((f) => f[key]));
    const ratio = median(native[game].map((f, r) => wasm[game][r][key] / f[key]));
    lines.push(`| ${game} | ${label} | ${fmt(n)} | ${fmt(w)} | ${ratio.toFixed(2)} |`);
  }
}
console.log(lines.join('\n'));
