// The page's own thread while the computer plays every seat: how long its tasks take per
// computer step (playing the answer and drawing it; the move list; saving and the URL), the
// longest task of the thread in Chromium's trace (wall and CPU time: on a busy machine the
// CPU time changes least), the longest gap between 10 ms timer ticks (what a user feels as a frozen page: it also
// covers layout, paint and garbage collection), the browser's `longtask` entries (50 ms and
// over), and the engine's work counts on that thread (src/work.rs: legal step views built,
// arrangement searches and their feasibility checks). Headless Chromium on a built site.
// The e2e tests assert the counts only (tests/e2e/computer.test.mjs); the times are here,
// as the machine's speed and load decide them. Run through scripts/bench.sh --computer.
//
//   node scripts/bench-computer.mjs [--dist DIR] [--games a,b | --game RECORD ...] [--steps N]
//                               [--runs R] [--level PLAYER] [--throttle X]
//
// --dist: the built site (default dist/); --games: records to open (default merlins-chain,
// unity;players=3), or --game once a record (one with steps: a game in progress);
// --steps: computer steps a run (default 12); --runs: fresh pages a game
// (default 3); --level: the computer's player (default mcts:500: the page's own work per
// step does not depend on it); --throttle: Chromium's CPU throttling rate (4: about a
// mid-range phone), 1 for none.

import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpus } from 'node:os';
import { serve } from '../tests/e2e/server.mjs';
import { benchOptions } from './bench-options.mjs';
import { launch } from '../tests/e2e/browser.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { opt, number, all } = benchOptions('bench-computer', ['dist', 'games', 'game', 'steps', 'runs', 'level', 'throttle']);
const dist = resolve(root, opt('dist', 'dist'));
// `--game RECORD` (repeatable) takes any record, commas included; `--games a,b` names.
const records = all('game');
const games = records.length ? records : opt('games', 'merlins-chain,unity;players=3').split(',');
const steps = number('steps', '12', 1, 200);
const runs = number('runs', '3', 1, 50);
const throttle = number('throttle', '1', 1, 20);
const level = opt('level', 'mcts:500');

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const max = (xs) => xs.reduce((a, b) => Math.max(a, b), 0);

/** One fresh page of `game`: every seat to the computer for `steps` steps, measured. */
async function measure(browser, url, game) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  await context.addInitScript(() => {
    window.__bench = { longtasks: [], gap: 0, last: 0, on: false };
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (window.__bench.on) window.__bench.longtasks.push(e.duration);
      }).observe({ type: 'longtask' });
    } catch {
      window.__bench.longtasks = null;
    }
    setInterval(() => {
      const b = window.__bench;
      const now = performance.now();
      if (b.on && b.last) b.gap = Math.max(b.gap, now - b.last);
      b.last = now;
    }, 10);
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  if (throttle > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  }
  await page.goto(`${url}?level=${encodeURIComponent(level)}#${game}`);
  await page.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: 120000 });
  // Chromium's trace of the page's tasks: each task's wall time and its thread (CPU) time;
  // the CPU time is what a busy machine changes least.
  await browser.startTracing(page, { categories: ['toplevel'] });
  const result = await page.evaluate(async (steps) => {
    const { app } = await import('/www/app.js');
    const b = window.__bench;
    // The page's tasks of a computer step: the answer played and drawn, then the tasks it
    // cut off (the move list and panel; saving and the URL).
    const timed = [];
    const wrap = (object, name, label) => {
      const fn = object[name].bind(object);
      object[name] = (...a) => {
        const t0 = performance.now();
        try {
          return fn(...a);
        } finally {
          timed.push({ label, ms: performance.now() - t0, step: app.view.steps.length });
        }
      };
    };
    wrap(app.opponent, 'playStep', 'step');
    wrap(app.tasks, 'runNext', 'later');
    const first = app.view.steps.length;
    const work0 = app.mod.workCounts();
    b.on = true;
    b.last = 0;
    for (const seat of app.view.players.keys()) if (!app.computerSeats().has(seat)) app.opponent.toggleSeat(seat);
    const started = performance.now();
    await new Promise((done) => {
      const poll = () => {
        if (app.view.steps.length - first >= steps || app.view.outcome || performance.now() - started > 300000) done();
        else setTimeout(poll, 50);
      };
      poll();
    });
    const work1 = app.mod.workCounts();
    b.on = false;
    const played = app.view.steps.length - first;
    const done = timed.slice();
    return {
      played,
      steps: done.filter((t) => t.label === 'step').map((t) => t.ms),
      later: done.filter((t) => t.label === 'later').map((t) => t.ms),
      gap: b.gap,
      longtasks: b.longtasks,
      work: Object.fromEntries(Object.keys(work0).map((k) => [k, (work1[k] - work0[k]) / Math.max(1, played)])),
    };
  }, steps);
  const trace = JSON.parse((await browser.stopTracing()).toString());
  const events = trace.traceEvents ?? trace;
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}/${e.tid}`));
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && mains.has(`${e.pid}/${e.tid}`));
  result.traceWall = max(tasks.map((e) => (e.dur ?? 0) / 1000));
  result.traceCpu = max(tasks.map((e) => (e.tdur ?? 0) / 1000));
  // Back to people: the thinking stops.
  await page.evaluate(async () => {
    const { app } = await import('/www/app.js');
    for (const seat of app.view.players.keys()) if (app.computerSeats().has(seat)) app.opponent.toggleSeat(seat);
  });
  await context.close();
  if (errors.length) throw new Error(`${game}: page errors: ${errors.join('; ')}`);
  return result;
}

const server = await serve(dist);
const browser = await launch();
try {
  console.log(
    `Page thread while the computer plays, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ` +
      `${cpus()[0]?.model ?? 'CPU'} x${cpus().length}, Chromium ${browser.version()}, ${dist}, ` +
      `level ${level}, CPU throttling ${throttle}x, ${runs} runs of ${steps} steps a game\n`,
  );
  console.log(
    '| game | steps | a step played and drawn, ms: median; longest | the tasks after it (move list; saving, URL): longest | ' +
      'longest task of the thread (trace), CPU ms: median of runs; max | the same, wall ms | ' +
      'longest timer gap, ms: median of runs; max | long tasks (50 ms+) a run | step views a step | arrangement searches a step | feasibility checks a step |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const game of games) {
    const rs = [];
    for (let r = 0; r < runs; r++) rs.push(await measure(browser, server.url, game));
    const stepTimes = rs.flatMap((r) => r.steps);
    const later = rs.flatMap((r) => r.later);
    const gaps = rs.map((r) => r.gap);
    const longs = rs.map((r) => (r.longtasks ? r.longtasks.length : NaN));
    const w = (k) => median(rs.map((r) => r.work[k])).toFixed(0);
    console.log(
      `| ${game} | ${median(rs.map((r) => r.played))} | ${median(stepTimes).toFixed(1)}; ${max(stepTimes).toFixed(1)} | ${max(later).toFixed(1)} | ` +
        `${median(rs.map((r) => r.traceCpu)).toFixed(1)}; ${max(rs.map((r) => r.traceCpu)).toFixed(1)} | ` +
        `${median(rs.map((r) => r.traceWall)).toFixed(1)}; ${max(rs.map((r) => r.traceWall)).toFixed(1)} | ` +
        `${median(gaps).toFixed(0)}; ${max(gaps).toFixed(0)} | ${longs.join(', ')} | ${w('stepViews')} | ${w('arrangementSearches')} | ${w('arrangementChecks')} |`,
    );
  }
} finally {
  await browser.close();
  await server.close();
}
