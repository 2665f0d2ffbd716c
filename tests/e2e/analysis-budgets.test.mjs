// End-to-end: analysis refines through the page's largest budget in every game, from the
// start (where the solver follows lines thousands of steps long), without an error; and a
// worker whose engine traps is never used again: the page says the engine was restarted and
// the next analysis or computer step works. Built site (dist/), headless Chromium.
//
// The trap is a real one: the worker is the page's own (www/analysis-worker.js,
// www/ai-worker.js), loaded through a module that first takes all the memory its wasm
// instance could still grow into, as a phone that runs out of memory would, so the engine's
// next allocation fails and the wasm aborts (a RuntimeError).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from './site.mjs';
import { newPage, open as openPage } from './app-page.mjs';
import { ANALYSIS_BUDGETS } from '../../www/analysis/analysis.js';

const site = useSite(['ludus_bg.wasm', 'ludus_study_bg.wasm']);
const open = (page, path = '') => openPage(page, site.server.url + path);

const LARGEST = Math.max(...ANALYSIS_BUDGETS);
const GAMES = ['unravel', 'scattercut', 'unity;players=2', 'unity;players=3', 'merlins-chain', 'unlur'];

/** The analysis as the page holds it: its state, text, last result and timings. */
const shown = (page) =>
  page.evaluate(() => {
    const a = window.ludusTest.analysis();
    return {
      state: document.getElementById('analysis').dataset.state,
      text: document.getElementById('analysis-text').textContent,
      error: a.error,
      budget: a.result?.budget ?? null,
      final: a.result?.final ?? false,
      iterations: a.result?.analysis?.iterations ?? null,
      exact: a.result?.analysis?.exact?.text ?? null,
      timings: a.timings.map((t) => [t.budget, Math.round(t.ms)]),
      trapped: a.client.trapped,
    };
  });

for (const record of GAMES) {
  test(`${record}: analysis from the start refines through ${LARGEST} iterations without an error`, { timeout: 900_000 }, async () => {
    const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await newPage(context);
    await open(page, `#${record}`);
    await page.click('#analysis-toggle');
    await page.waitForFunction(
      () => {
        const a = window.ludusTest.analysis();
        return a.error !== '' || a.result?.final === true;
      },
      null,
      { timeout: 880_000, polling: 500 },
    );
    const s = await shown(page);
    console.log(`${record}: ${JSON.stringify(s.timings)}${s.exact ? ` (${s.exact})` : ''}`);
    assert.equal(s.error, '', `no error: ${s.text}`);
    assert.doesNotMatch(s.text, /stopped/);
    assert.equal(s.trapped, 0);
    assert.equal(s.state, 'done');
    // Refined: a result for each budget in turn, up to the largest (or a proof before it).
    const budgets = s.timings.map((t) => t[0]);
    if (s.exact) assert.ok(budgets.length >= 1, 'solved');
    else {
      assert.deepEqual(budgets, ANALYSIS_BUDGETS, 'one result per budget, in order');
      assert.equal(s.iterations, LARGEST);
    }
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

/** A worker module that loads the engine, takes all the memory its wasm can still grow
 * into, then runs the page's own worker module `worker` (messages that arrive meanwhile are
 * handed to it after). */
function starvedWorker(engineName, worker) {
  const source = `
    const queued = [];
    self.onmessage = (event) => queued.push(event);
    const engines = await import('./engine.js');
    const mod = await engines.${engineName}();
    const wasm = await mod.default(); // already initialised: the instance's exports
    // Memory.grow throws once the instance can grow no further.
    for (const pages of [256, 16, 1]) {
      try {
        for (;;) wasm.memory.grow(pages);
      } catch {}
    }
    await import('./${worker}');
    for (const event of queued) self.onmessage(event);
  `;
  return source;
}

/** A same-origin URL (the page's CSP allows workers only from the site) that serves a
 * worker module's source, routed by the browser context. */
async function routedWorker(context, name, source) {
  const url = new URL(`www/${name}`, site.server.url).href;
  await context.route(url, (route) => route.fulfill({ contentType: 'text/javascript', body: source }));
  return url;
}

test('an analysis worker whose engine traps is replaced, and the page says so', { timeout: 300_000 }, async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await newPage(context);
  await open(page, '#unlur;size=6');
  const starved = await routedWorker(context, 'starved-analysis-worker.js', starvedWorker('studyEngine', 'analysis-worker.js'));
  const real = await page.evaluate(async (url) => {
    // The analysis is loaded on first use: load it to reach its client.
    const client = await window.ludusTest.loadAnalysis();
    const real = String(client.url);
    client.url = url;
    return real;
  }, starved);
  await page.click('#analysis-toggle');
  await page.waitForFunction(() => window.ludusTest.analysis().error !== '', null, { timeout: 200_000 });
  const s = await shown(page);
  console.log(`after the trap: ${s.text}`);
  assert.equal(s.trapped, 1, 'the trapped worker was dropped');
  assert.match(s.text, /The analysis stopped: .*\(the engine failed and was restarted\)/);
  assert.equal(await page.evaluate(() => window.ludusTest.analysis().client.worker), null, 'no worker kept');
  // The next analysis (another position) gets a fresh worker, with the page's own module.
  await page.evaluate((url) => {
    window.ludusTest.analysis().client.url = url;
    window.ludusTest.play(window.ludusTest.legal()[0].text);
  }, real);
  await page.waitForFunction(() => window.ludusTest.analysis().result?.analysis != null, null, { timeout: 120_000 });
  const after = await shown(page);
  assert.equal(after.error, '');
  assert.doesNotMatch(after.text, /stopped/);
  // Chromium logs the engine's abort ("memory allocation ... failed") from the worker.
  assert.deepEqual(page.errors.filter((e) => !/memory allocation|unreachable/i.test(e)), []);
  await context.close();
});

test("the computer's worker whose engine traps is replaced, and the page says so", { timeout: 300_000 }, async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await newPage(context);
  await open(page, '?level=mcts:2000#unravel');
  const starved = await routedWorker(context, 'starved-ai-worker.js', starvedWorker('studyEngine', 'ai-worker.js'));
  const real = await page.evaluate((url) => {
    const computer = window.ludusTest.computer();
    computer.dispose();
    const real = String(computer.url);
    computer.url = url;
    return real;
  }, starved);
  // The computer takes the seat to move: its question traps the engine.
  await page.click('#players .seat-mode[data-seat="0"]');
  await page.waitForFunction(() => /restarted/.test(document.body.textContent), null, { timeout: 200_000 });
  const text = await page.evaluate(() => document.body.textContent);
  assert.match(text, /The computer could not choose a step: .*\(the engine failed and was restarted\)/);
  assert.ok((await page.evaluate(() => window.ludusTest.computer().trapped)) >= 1);
  // With the page's own worker again, the computer plays.
  const played = await page.evaluate(async (url) => {
    const computer = window.ludusTest.computer();
    computer.url = url;
    computer.dispose(); // a worker the page started meanwhile (to warm up) has the old module
    return computer.think(window.ludusTest.view().record, 'mcts:200', 1);
  }, real);
  assert.ok(played.step, JSON.stringify(played));
  await context.close();
});
