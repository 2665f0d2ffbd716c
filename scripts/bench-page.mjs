// How fast the page opens and moves through a long game: a Unity game of N steps (default
// 10,000, the most a game holds) in which two pieces of each player slide to and fro,
// made into a link by the command-line tool (`ludus record @- --to link`), opened in
// headless Chromium from the built page (dist/). Per run (a fresh browser context, so fresh
// storage): the time to open the link until its move list is drawn, the time of a reload,
// and what one click on First, Last, Forward, Back or a step of the move list costs: its
// script, then the style and layout it leaves (forced by reading the list's box), in ms.
// Prints a Markdown table of the medians over the runs, for docs/PERFORMANCE.md.
// Usually run through `scripts/bench.sh --page`.
//
//   node scripts/bench-page.mjs [--steps N] [--runs R] [--clicks K] [--dist DIR]
//                               [--port P] [--no-build]
//
// --steps: the game's length (default 10000); --runs: fresh contexts (default 3);
// --clicks: Forward and Back clicks timed per run (default 20); --dist: the built page to
// measure (default dist/, made by `trunk build --release --offline`); --port: the local
// server's port (default: a free one); --no-build: use target/release/ludus as it is.
// Plain ES module, Node 20; uses playwright-core and /usr/bin/chromium like tests/e2e.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../tests/e2e/server.mjs';
import { benchOptions } from './bench-options.mjs';
import { launch, CHROMIUM } from '../tests/e2e/browser.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { opt, number, flag, fail } = benchOptions('bench-page', ['steps', 'runs', 'clicks', 'dist', 'port', 'no-build']);
const steps = number('steps', '10000', 8, 10000, { whole: true });
const runs = number('runs', '3', 1, 100, { whole: true });
const clicks = number('clicks', '20', 1, 1000, { whole: true });
const port = number('port', '0', 0, 65535, { whole: true });
const dist = resolve(opt('dist', join(root, 'dist')));
if (!existsSync(join(dist, 'ludus_bg.wasm'))) {
  fail(`${dist} holds no built page: run \`trunk build --release --offline\` first`);
}

const run = (cmd, cmdArgs, input) =>
  execFileSync(cmd, cmdArgs, { cwd: root, input, stdio: [input == null ? 'ignore' : 'pipe', 'pipe', 'inherit'] }).toString();
if (!flag('no-build')) run('cargo', ['build', '--release', '--bin', 'ludus']);

// Purple's rings on a1 and a5, Orange's on i1 and i5: each player slides one ring a step and
// back, so the game never ends (no player's pieces ever touch) and every position repeats.
const LAYOUT = 'P...P' + '.'.repeat(51) + 'O...O';
const CYCLE = ['a1-a2', 'i1-i2', 'a2-a1', 'i2-i1'];
const moves = Array.from({ length: steps }, (_, i) => CYCLE[i % 4]);
const record = `unity;layout=${LAYOUT};moves=${moves.join(',')}`;
const link = run(join(root, 'target/release/ludus'), ['record', '@-', '--to', 'link'], record).trim();

const server = await serve(dist, { port });
const browser = await launch();
const url = server.url;

/** Waits until the move list holds every step; returns the page's clock then (ms since navigation). */
function listDrawn(page) {
  return page
    .waitForFunction((n) => document.querySelectorAll('#moves .step').length === n && performance.now(), steps, { timeout: 600_000, polling: 10 })
    .then((h) => h.jsonValue());
}

/** One click on `selector`, timed: its script, then the style and layout it leaves (ms). */
function timedClick(page, selector) {
  return page.evaluate(async (selector) => {
    // Start on a quiet main thread: after a frame and a task.
    await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
    const target = document.querySelector(selector);
    const start = performance.now();
    target.click();
    document.getElementById('moves').getBoundingClientRect();
    document.getElementById('board-box').getBoundingClientRect();
    return performance.now() - start;
  }, selector);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const figures = { open: [], reload: [], first: [], last: [], forward: [], back: [], list: [] };
for (let r = 0; r < runs; r++) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url + '#' + link);
  figures.open.push(await listDrawn(page));
  const cursor = () => page.evaluate(async () => (await import('/www/test-interface.js')).ludusTest.view().cursor);
  figures.first.push(await timedClick(page, '#first-button'));
  if ((await cursor()) !== 0) throw new Error('First did not go to the start');
  for (let i = 0; i < clicks; i++) figures.forward.push(await timedClick(page, '#redo-button'));
  if ((await cursor()) !== clicks) throw new Error('Forward did not step forward');
  figures.last.push(await timedClick(page, '#last-button'));
  for (let i = 0; i < clicks; i++) figures.back.push(await timedClick(page, '#undo-button'));
  if ((await cursor()) !== steps - clicks) throw new Error('Back did not step back');
  for (const index of [Math.floor(steps / 2), 10, steps - 5]) {
    figures.list.push(await timedClick(page, `#moves .step[data-index="${index}"]`));
    if ((await cursor()) !== index + 1) throw new Error('a click on the move list did not go to its step');
  }
  await page.reload();
  figures.reload.push(await listDrawn(page));
  if (errors.length) throw new Error(`the page failed: ${errors.join('; ')}`);
  await context.close();
}
await browser.close();
await server.close();

const chromium = run(CHROMIUM, ['--version']).trim();
const ms = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
console.log(`Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus()[0]?.model ?? 'an unknown CPU'}, ${cpus().length} cores; ${chromium}`);
console.log(`A ${steps.toLocaleString('en')}-step Unity game, its link ${link.length} characters; medians of ${runs} runs (${dist}).\n`);
console.log('| what | ms |');
console.log('|---|---:|');
console.log(`| open the link, until the move list is drawn | ${ms(median(figures.open))} |`);
console.log(`| reload | ${ms(median(figures.reload))} |`);
console.log(`| First | ${ms(median(figures.first))} |`);
console.log(`| Last | ${ms(median(figures.last))} |`);
console.log(`| Forward (${clicks} a run) | ${ms(median(figures.forward))} |`);
console.log(`| Back (${clicks} a run) | ${ms(median(figures.back))} |`);
console.log(`| a step clicked in the move list (3 a run) | ${ms(median(figures.list))} |`);
