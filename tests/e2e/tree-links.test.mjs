// The game tree in the page's address: a step played in the past starts a variation that the
// address and a reload keep; a long annotated game's address is packed (docs/RECORD.md) and
// opens in a fresh browser to the same game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from './site.mjs';
import { newPage, open as openPage, state, waitReady } from './app-page.mjs';
import { nestedRecord, packedLink } from './long-games.mjs';

const site = useSite();
const open = (page, path = '') => openPage(page, site.server.url + path);

async function play(page, steps) {
  for (const step of steps) {
    const ok = await page.evaluate((t) => window.ludusTest.play(t), step);
    assert.ok(ok, `${step} was played`);
  }
}

test('a step played in the past starts a variation, kept in the address and on reload', async () => {
  const context = await site.browser.newContext();
  const page = await newPage(context);
  await open(page, '#unravel;size=4');
  await play(page, ['a1', 'b1', 'a2']);
  await page.evaluate(() => window.ludusTest.navigate(1));
  await play(page, ['d4']);
  const want = 'unravel;size=4;v=2;moves=a1,b1(d4),a2;at=3';
  assert.equal((await state(page)).record, want);
  assert.deepEqual((await state(page)).steps, ['a1', 'd4']);
  await page.waitForFunction((w) => decodeURIComponent(location.hash.slice(1)) === w, want);
  await page.reload();
  await open(page, await page.evaluate(() => location.hash));
  assert.equal((await state(page)).record, want);
  assert.deepEqual(page.errors, []);
  await context.close();
});

// A 43-step Unlur game with a comment on every step: 2,158 characters as a record.
const LONG = 'unlur;v=2;moves=e8{Step+0:+the+idea+here+is+to+keep+the+centre.},b3{Step+1:+the+idea+here+is+to+keep+the+centre.},j2{Step+2:+the+idea+here+is+to+keep+the+centre.},g3{Step+3:+the+idea+here+is+to+keep+the+centre.},f4{Step+4:+the+idea+here+is+to+keep+the+centre.},d6{Step+5:+the+idea+here+is+to+keep+the+centre.},f6{Step+6:+the+idea+here+is+to+keep+the+centre.},e4{Step+7:+the+idea+here+is+to+keep+the+centre.},c5{Step+8:+the+idea+here+is+to+keep+the+centre.},f2{Step+9:+the+idea+here+is+to+keep+the+centre.},c3{Step+10:+the+idea+here+is+to+keep+the+centre.},j5{Step+11:+the+idea+here+is+to+keep+the+centre.},i7{Step+12:+the+idea+here+is+to+keep+the+centre.},i4{Step+13:+the+idea+here+is+to+keep+the+centre.},i3{Step+14:+the+idea+here+is+to+keep+the+centre.},f10{Step+15:+the+idea+here+is+to+keep+the+centre.},i5{Step+16:+the+idea+here+is+to+keep+the+centre.},e2{Step+17:+the+idea+here+is+to+keep+the+centre.},g6{Step+18:+the+idea+here+is+to+keep+the+centre.},h4{Step+19:+the+idea+here+is+to+keep+the+centre.},g8{Step+20:+the+idea+here+is+to+keep+the+centre.},c2{Step+21:+the+idea+here+is+to+keep+the+centre.},e3{Step+22:+the+idea+here+is+to+keep+the+centre.},e9{Step+23:+the+idea+here+is+to+keep+the+centre.},j3{Step+24:+the+idea+here+is+to+keep+the+centre.},j6{Step+25:+the+idea+here+is+to+keep+the+centre.},b5{Step+26:+the+idea+here+is+to+keep+the+centre.},e7{Step+27:+the+idea+here+is+to+keep+the+centre.},i2{Step+28:+the+idea+here+is+to+keep+the+centre.},e6{Step+29:+the+idea+here+is+to+keep+the+centre.},pass{Step+30:+the+idea+here+is+to+keep+the+centre.},a4{Step+31:+the+idea+here+is+to+keep+the+centre.},d9{Step+32:+the+idea+here+is+to+keep+the+centre.},d2{Step+33:+the+idea+here+is+to+keep+the+centre.},g2{Step+34:+the+idea+here+is+to+keep+the+centre.},g7{Step+35:+the+idea+here+is+to+keep+the+centre.},a6{Step+36:+the+idea+here+is+to+keep+the+centre.},k3{Step+37:+the+idea+here+is+to+keep+the+centre.},c6{Step+38:+the+idea+here+is+to+keep+the+centre.},c1{Step+39:+the+idea+here+is+to+keep+the+centre.},h1{Step+40:+the+idea+here+is+to+keep+the+centre.},k1{Step+41:+the+idea+here+is+to+keep+the+centre.},e5{Step+42:+the+idea+here+is+to+keep+the+centre.}';

test('a long annotated game gets a packed address that opens to the same game', async () => {
  const context = await site.browser.newContext();
  const page = await newPage(context);
  await open(page, '#' + encodeURI(LONG));
  assert.equal((await state(page)).record, LONG);
  await page.evaluate(() => window.ludusTest.navigate(1));
  const record = (await state(page)).record;
  assert.ok(record.endsWith(';at=1'), record);
  await page.waitForFunction(() => location.hash.startsWith('#~'));
  const hash = await page.evaluate(() => location.hash);
  assert.ok(hash.length < record.length / 2, `${hash.length} of ${record.length}`);
  assert.match(hash, /^#~[A-Za-z0-9_-]+$/);
  const fresh = await site.browser.newContext();
  const other = await newPage(fresh);
  await open(other, hash);
  assert.equal((await state(other)).record, record);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(other.errors, []);
  await fresh.close();
  await context.close();
});

// The deepest nest a game holds: 4,999 levels are 9,998 steps (a game holds 10,000).
const DEEPEST = 4_999;

test('a line tried thousands of levels deep: its move list shows, a step plays, a reload opens it', async () => {
  const context = await site.browser.newContext();
  const maker = await newPage(context);
  await open(maker);
  const link = await packedLink(maker, nestedRecord(DEEPEST));
  assert.ok(link.startsWith('~') && link.length < 1000, `a short packed link (${link.length})`);
  await maker.close();

  const page = await newPage(context);
  const lines = () => page.locator('#moves li.variation').count();
  await open(page, '#' + link);
  await page.waitForFunction((n) => document.querySelectorAll('#moves li.variation').length === n, DEEPEST);
  assert.equal(await page.locator('#moves li.variation').last().getAttribute('style'), `--depth: ${DEEPEST}`);
  // The deepest line's step, clicked in the list, is shown; a step played there is kept.
  const deepest = page.locator('#moves li.variation').last().locator('button.step');
  await deepest.click();
  let s = await state(page);
  assert.equal(s.cursor, DEEPEST);
  await play(page, [s.legal.find((step) => step.text === 'a5-a4' || step.text === 'i5-i4').text]);
  s = await state(page);
  assert.equal(s.cursor, DEEPEST + 1);
  assert.equal(await lines(), DEEPEST);
  // A reload opens it from the address; a visit without one opens it as the saved game.
  for (const reopen of [() => page.reload(), () => page.goto(site.server.url)]) {
    await reopen();
    await waitReady(page);
    await page.waitForFunction((n) => document.querySelectorAll('#moves li.variation').length === n, DEEPEST);
    assert.equal((await state(page)).record, s.record, 'the same game at the same step');
  }
  assert.deepEqual(page.errors, []);
  assert.deepEqual(maker.errors, []);
  await context.close();
});
