// A 9,999-step game on the page: it opens from its link, steps through it do no work that
// grows with its length, a step plays at its end and a reload opens it again. No time is
// asserted (the machine's load decides those: scripts/bench.sh --page measures them); what
// is counted is what a step through the game makes: the size of the engine's view, the
// move list's elements made afresh, and the writes to storage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from './site.mjs';
import { newPage, open as openPage, state, waitReady, savedRecord } from './app-page.mjs';
import { shuttleRecord, shuttleStep, packedLink } from './long-games.mjs';

const site = useSite();
const open = (page, path = '') => openPage(page, site.server.url + path);

/**
 * Opens the game of `steps` steps from its link, plays one more step (so that it is saved)
 * and clicks First, Forward three times, Last and Back three times. Returns what those clicks made: the largest view the engine handed
 * over (its JSON, without the record: the record holds the game), the elements added to the
 * move list, and the saved games written.
 */
async function stepThrough(context, steps) {
  const maker = await newPage(context);
  await open(maker);
  const link = await packedLink(maker, shuttleRecord(steps));
  await maker.close();
  const page = await newPage(context);
  await open(page, '#' + link);
  await page.waitForFunction((n) => document.querySelectorAll('#moves .step').length === n, steps);
  assert.ok(await page.evaluate((step) => window.ludusTest.play(step), shuttleStep(steps)));
  const total = steps + 1;
  await page.evaluate(async () => {
    const mod = await (await import('/www/engine.js')).engine();
    const view = mod.Session.prototype.view;
    const counted = { views: [], saves: 0 };
    mod.Session.prototype.view = function (...args) {
      const v = view.apply(this, args);
      const { record, ...rest } = v;
      counted.views.push(JSON.stringify(rest).length);
      return v;
    };
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (key === 'ludus:v1:saved-games') counted.saves++;
      return setItem.call(this, key, value);
    };
    const observer = new MutationObserver(() => {});
    observer.observe(document.getElementById('moves'), { childList: true, subtree: true });
    // One click, and what it made before it returned.
    window.__click = (selector) => {
      observer.takeRecords();
      counted.views = [];
      const saves = counted.saves;
      document.querySelector(selector).click();
      const added = observer.takeRecords().reduce((n, r) => n + r.addedNodes.length, 0);
      return { added, saves: counted.saves - saves, views: counted.views, cursor: window.ludusTest.view().cursor };
    };
  });
  const clicks = ['#first-button', '#redo-button', '#redo-button', '#redo-button', '#last-button', '#undo-button', '#undo-button', '#undo-button'];
  const made = [];
  for (const button of clicks) made.push(await page.evaluate((b) => window.__click(b), button));
  assert.deepEqual(
    made.map((m) => m.cursor),
    [0, 1, 2, 3, total, total - 1, total - 2, total - 3],
  );
  const counted = {
    views: made.flatMap((m) => m.views),
    added: made.reduce((n, m) => n + m.added, 0),
    saves: made.reduce((n, m) => n + m.saves, 0),
  };
  return { page, counted, view: Math.max(...counted.views) };
}

test('a step through a 9,999-step game does no more than one through a short game', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const short = await stepThrough(context, 12);
  const long = await stepThrough(context, 9_998);
  for (const [name, { counted }] of [['short', short], ['long', long]]) {
    assert.equal(counted.views.length, 8, `${name}: one view a click`);
    assert.equal(counted.added, 0, `${name}: the move list is not drawn afresh`);
    assert.equal(counted.saves, 0, `${name}: nothing is written to storage at each step`);
  }
  // The same positions (the rings go to and fro), so the same views but for their words
  // ("Viewing step 9997 of 10000.").
  assert.ok(long.view <= short.view + 40, `the engine's view: ${long.view} characters a step, against ${short.view} in a 12-step game`);

  // The position is saved a moment after the last step.
  const { page } = long;
  const delay = await page.evaluate(async () => (await import('/www/app/history.js')).POSITION_SAVE_DELAY);
  await page.waitForTimeout(delay + 300);
  let s = await state(page);
  assert.equal(await savedRecord(page, 'unity'), s.record);
  assert.ok(s.record.endsWith(';at=9996'), s.record.slice(-20));

  // A step played in the past starts a variation; the game still reloads.
  const step = s.legal.find((l) => l.text === 'a5-a4' || l.text === 'i5-i4').text;
  assert.ok(await page.evaluate((step) => window.ludusTest.play(step), step));
  s = await state(page);
  assert.equal(s.cursor, 9997);
  assert.equal(await savedRecord(page, 'unity'), s.record);
  await page.reload();
  await waitReady(page);
  await page.waitForFunction(() => document.querySelectorAll('#moves .step').length === 10_000);
  assert.equal(await page.locator('#moves li.variation').count(), 1, 'the variation in the move list');
  assert.equal((await state(page)).record, s.record);
  assert.deepEqual(short.page.errors, []);
  assert.deepEqual(page.errors, []);
  await context.close();
});
