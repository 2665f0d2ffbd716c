// End-to-end: analysis on the page (www/analysis/analysis.js, www/analysis-worker.js) in the
// built site (dist/), headless Chromium. The Analysis toggle shows one win-chance bar per
// seat and a legal best step; a solved position says who wins with best play; Hint marks a
// step without playing it; Review marks a blunder in the move list and shows the better
// step; a hidden page stops the search, and the main thread stays free while it runs.
// Screenshots in test-artifacts/analysis-*.png (light and dark).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, artifacts } from './site.mjs';
import { newPage, open as openPage, state } from './app-page.mjs';

const site = useSite();

const open = (page, path = '') => openPage(page, site.server.url + path);

/** The bars shown: [{ seat, chance, percent }]. */
function bars(page) {
  return page.$$eval('#analysis-bars .analysis-bar', (rows) =>
    rows.map((r) => ({
      seat: Number(r.dataset.seat),
      chance: Number(r.dataset.chance),
      percent: Number(r.querySelector('.analysis-percent').textContent.replace('%', '')),
    })),
  );
}

/** The step the board marks (data-advice), or null. */
const advice = (page) => page.evaluate(() => document.getElementById('board-box').dataset.advice ?? null);

/** How many analysis results have reached the page. */
const delivered = (page) => page.evaluate(() => window.ludusTest.analysis().client.delivered);

test('the Analysis toggle shows a bar per seat (summing to 100%) and a legal best step', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await newPage(context);
  await open(page, '#unlur;size=5');
  // A bare game link is a new game: Analysis starts off.
  assert.equal(await page.getAttribute('#analysis-toggle', 'aria-pressed'), 'false');
  assert.equal(await page.isVisible('#analysis-body'), false);
  assert.equal(await advice(page), null);
  await page.click('#analysis-toggle');
  assert.equal(await page.getAttribute('#analysis-toggle', 'aria-pressed'), 'true');
  await page.waitForSelector('#analysis-bars .analysis-bar');
  const shown = await bars(page);
  const s = await state(page);
  assert.equal(shown.length, s.players.length, 'one bar per seat');
  const percent = shown.reduce((a, b) => a + b.percent, 0);
  assert.ok(percent >= 99 && percent <= 101, `the percentages add up to about 100 (${percent})`);
  const chance = shown.reduce((a, b) => a + b.chance, 0);
  assert.ok(Math.abs(chance - 1) < 0.02, `the chances add up to about 1 (${chance})`);
  // The mark and the text read at one moment: the analysis keeps refining in between.
  const { best, text } = await page.evaluate(() => ({
    best: document.getElementById('board-box').dataset.advice ?? null,
    text: document.getElementById('analysis-text').textContent,
  }));
  assert.ok(s.legal.some((st) => st.text === best), `the best step ${best} is legal`);
  assert.ok(text.startsWith(`Best for ${s.players[s.toMove].name}: ${best}.`), text);
  // It keeps refining: more results come for the same position.
  await page.waitForFunction(() => window.ludusTest.analysis().client.delivered >= 2, null, { timeout: 20000 });
  // Off: the search stops and the marks go.
  await page.click('#analysis-toggle');
  assert.equal(await page.evaluate(() => window.ludusTest.analysis().client.busy), false);
  assert.equal(await advice(page), null);
  assert.equal(await page.isVisible('#analysis-body'), false);
  // A step back into the history turns it on by itself.
  await page.evaluate(() => window.ludusTest.play(window.ludusTest.legal()[0].text));
  await page.click('#undo-button');
  assert.equal(await page.getAttribute('#analysis-toggle', 'aria-pressed'), 'true');
  await page.waitForSelector('#analysis-bars .analysis-bar');
  // Three seats: three bars, still about 100% in all.
  await open(page, '#unity;players=3;seed=5');
  // Still on: a new game keeps the toggle as it was.
  assert.equal(await page.getAttribute('#analysis-toggle', 'aria-pressed'), 'true');
  await page.waitForSelector('#analysis-bars .analysis-bar', { timeout: 20000 });
  const three = await bars(page);
  assert.equal(three.length, 3, 'one bar per seat of three-player Unity');
  const sum3 = three.reduce((a, b) => a + b.percent, 0);
  assert.ok(sum3 >= 99 && sum3 <= 101, `the percentages add up to about 100 (${sum3})`);
  const unity = await state(page);
  const best3 = await advice(page);
  assert.ok(unity.legal.some((st) => st.text === best3), `the best step ${best3} is legal`);
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(artifacts, 'analysis-unity.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the move list stays where it is while the analysis starts and refines (desktop and phone)', async () => {
  for (const device of [
    { viewport: { width: 1200, height: 800 } },
    { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  ]) {
    const context = await site.browser.newContext(device);
    const page = await newPage(context);
    // Every frame: where the move list stands, and the Analysis section's bars while it is shown.
    await page.addInitScript(() => {
      const frames = [];
      window.analysisFrames = frames;
      const look = () => {
        const moves = document.getElementById('moves');
        const body = document.getElementById('analysis-body');
        if (moves?.querySelector('.step') && body && !body.hidden) {
          frames.push({
            top: Math.round(moves.getBoundingClientRect().top + window.scrollY),
            bars: body.querySelectorAll('.analysis-bar, .analysis-bar-pending').length,
            result: !!body.querySelector('.analysis-bar'),
          });
        }
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    // A slower page, so that the wait for the first result is seen: a linked position turns
    // the analysis on by itself.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await open(page, '#unravel;size=6;moves=c3,c4,d4');
    await page.waitForFunction(() => window.ludusTest.analysis().client.delivered >= 3, null, { timeout: 30000 });
    const frames = await page.evaluate(() => window.analysisFrames);
    const size = device.viewport.width;
    assert.ok(frames.some((f) => !f.result), `${size}: the wait for the first result was seen`);
    assert.ok(frames.some((f) => f.result), `${size}: results came`);
    assert.ok(frames.every((f) => f.bars === 2), `${size}: a bar per seat from the start: ${JSON.stringify(frames.map((f) => f.bars))}`);
    const tops = [...new Set(frames.map((f) => f.top))];
    assert.deepEqual(tops, [frames[0].top], `${size}: the move list did not move`);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('a solved position says who wins with best play (Unravel 3×3 after b2)', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 }, colorScheme });
    const page = await newPage(context);
    // A link with steps: Analysis comes on by itself.
    await open(page, '#unravel;size=3;moves=b2');
    assert.equal(await page.getAttribute('#analysis-toggle', 'aria-pressed'), 'true');
    await page.waitForFunction(() => /Red wins with best play/.test(document.getElementById('analysis-text').textContent), null, {
      timeout: 20000,
    });
    const shown = await bars(page);
    assert.deepEqual(
      shown.map((b) => b.percent),
      [100, 0],
      'a proven win is 100% to 0%',
    );
    const s = await state(page);
    const best = await advice(page);
    assert.ok(s.legal.some((st) => st.text === best), `the best step ${best} is legal`);
    // Line marks are numbered discs on the board: look at the screenshot.
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(artifacts, `analysis-${colorScheme}.png`) });
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('Hint marks a step for the seat to move without playing it', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await newPage(context);
  await open(page, '#scattercut;size=6');
  const before = await state(page);
  const hash = await page.evaluate(() => location.hash);
  assert.equal(await page.getAttribute('#analysis-toggle', 'aria-pressed'), 'false');
  await page.click('#hint-button');
  await page.waitForFunction(() => /^Hint: /.test(document.getElementById('analysis-note').textContent), null, { timeout: 20000 });
  const hinted = await advice(page);
  assert.ok(before.legal.some((st) => st.text === hinted), `the hint ${hinted} is legal`);
  assert.match(await page.textContent('#analysis-note'), new RegExp(`Hint: ${hinted} `));
  const after = await state(page);
  assert.equal(after.record, before.record, 'nothing was played');
  assert.deepEqual(after.steps, before.steps);
  assert.equal(await page.evaluate(() => location.hash), hash, 'the link is unchanged');
  // Playing a step drops the hint.
  await page.evaluate(() => window.ludusTest.play(window.ludusTest.legal()[0].text));
  assert.equal(await page.textContent('#analysis-note'), '');
  assert.equal(await advice(page), null);
  assert.deepEqual(page.errors, []);
  await context.close();
});

// Unravel 3×3, which Red wins with best play from any first step (docs/SOLVED.md). Red
// keeps the win for six steps, then plays c3 (step 7, index 6) where b1 still won, and Blue
// takes b1 and the game. Small enough for the solver, so the review is exact: one mistake.
const BLUNDER_GAME = 'unravel;size=3;moves=c2,b2,a3,a2,a1,c1,c3,b1';
const BLUNDER_INDEX = 6;

test('Review marks a blunder in the move list and shows the better step', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await newPage(context);
  await open(page, `#${BLUNDER_GAME}`);
  const s = await state(page);
  assert.ok(s.outcome, 'the game is over');
  await page.click('#review-button');
  await page.waitForSelector('#moves .better-step', { timeout: 60000 });
  const marked = await page.$$eval('#moves button.step.mistake', (b) => b.map((x) => Number(x.dataset.index)));
  assert.deepEqual(marked, [BLUNDER_INDEX], 'the blunder, and only it, is marked');
  const better = page.locator('#moves .better-step').first();
  const index = Number(await better.getAttribute('data-index'));
  await better.click();
  const at = await state(page);
  assert.equal(at.cursor, index, 'the position where the better step was missed');
  const shown = await advice(page);
  assert.ok(at.legal.some((st) => st.text === shown), `the better step ${shown} is legal there`);
  assert.notEqual(shown, s.steps[index], 'the better step is not the one played');
  // Both chances come from the review's entry: a field the page misreads shows as NaN%.
  assert.match(await page.textContent('#analysis-note'), /was better \(winning chance \d+% after \S+, \d+% after \S+\)/);
  await page.screenshot({ path: join(artifacts, 'analysis-review.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test("a hidden page stops the search; the page's thread does no engine work while it runs", async (t) => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await newPage(context);
  // Merlin's Chain is the slowest to search: the analysis is still refining when hidden.
  await open(page, '#merlins-chain;moves=56@a3,47@f5');
  assert.equal(await page.getAttribute('#analysis-toggle', 'aria-pressed'), 'true');
  // While it refines, the page's thread only draws the results the worker sends: the engine
  // builds no legal step list and runs no arrangement search there. Counted by the engine
  // (mod.workCounts(), src/work.rs), so the check holds on a machine of any speed and load.
  // Counted from the first result to the next one, which hides the page in the same task:
  // the larger budgets are then still to search, whatever the machine's speed.
  const { start, atHide } = await page.evaluate(
    () =>
      new Promise((resolve) => {
        let start = null;
        const poll = () => {
          const a = window.ludusTest.analysis();
          const n = a.client?.delivered ?? 0;
          if (!start && n >= 1) start = { work: window.ludusTest.workCounts(), delivered: n };
          if (!start || n <= start.delivered) return setTimeout(poll, 5);
          const atHide = { busy: a.client.busy, work: window.ludusTest.workCounts(), budget: a.result?.budget ?? null };
          Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
          document.dispatchEvent(new Event('visibilitychange'));
          resolve({ start, atHide });
        };
        poll();
      }),
  );
  assert.ok(await page.locator('#analysis-bars .analysis-bar').count() > 0, 'the bars are shown');
  const work = Object.fromEntries(Object.keys(start.work).map((k) => [k, atHide.work[k] - start.work[k]]));
  assert.deepEqual(work, { stepViews: 0, arrangementSearches: 0, arrangementChecks: 0 }, "no engine work on the page's thread while the analysis refines");
  assert.equal(atHide.busy, true, `still refining after the ${atHide.budget}-iteration result`);
  const timings = await page.evaluate(() => window.ludusTest.analysis().timings);
  t.diagnostic(`Merlin's Chain analysis in the worker: ${timings.map((x) => `${x.budget} iterations ${x.ms.toFixed(0)} ms`).join(', ')}`);
  // Hidden: the worker is terminated and no result comes any more.
  const hidden = await delivered(page);
  assert.equal(await page.evaluate(() => window.ludusTest.analysis().client.worker), null, 'the worker is gone');
  await page.waitForTimeout(3000);
  assert.equal(await delivered(page), hidden, 'no new result while hidden');
  // Visible again: it starts afresh.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.waitForFunction((n) => window.ludusTest.analysis().client.delivered > n, hidden, { timeout: 20000 });
  assert.deepEqual(page.errors, []);
  await context.close();
});
