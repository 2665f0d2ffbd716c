// End-to-end: the saved games (www/app/saved-games.js). A game someone is playing stays until
// they delete it: a link, loosely written or not, opens beside it (shown, and saved only once
// played on), the list switches between games and deletes one (with Undo), and the single
// saved game of earlier versions moves into the list on upgrade. Screenshots of the list on a
// desktop and on a phone go to test-artifacts/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, artifacts } from './site.mjs';
import { newPage, open, state } from './app-page.mjs';

const site = useSite(['ludus_bg.wasm', 'index.html', 'www/app/saved-games.js']);

const stored = (page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('ludus:v1:saved-games') ?? 'null'));
const records = async (page) => ((await stored(page))?.games ?? []).map((g) => g.record).sort();

/** Plays `n` steps through the step box, as a user types them (never a pass). */
async function playSteps(page, n) {
  for (let i = 0; i < n; i++) {
    const before = (await state(page)).steps.length;
    const step = await page.evaluate(() => window.ludusTest.legal().find((s) => s.kind !== 'pass').text);
    await page.fill('#step-input', step);
    await page.press('#step-input', 'Enter');
    await page.waitForFunction((n) => document.querySelectorAll('#moves .step').length === n, before + 1);
  }
  return state(page);
}

async function openCard(page) {
  await page.evaluate(() => (document.getElementById('saved-games-card').open = true));
}

const listed = (page) => page.locator('#saved-games .saved-game-title').allTextContents();

/** Waits for the list (drawn by a module loaded on first use) to show `titles`, then checks. */
async function expectListed(page, titles) {
  await page
    .waitForFunction(
      (want) => JSON.stringify([...document.querySelectorAll('#saved-games .saved-game-title')].map((e) => e.textContent)) === want,
      JSON.stringify(titles),
      { timeout: 5000 },
    )
    .catch(() => {});
  assert.deepEqual(await listed(page), titles);
}

test('a link never replaces the saved game: it opens beside it', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await newPage(context);
  await open(page, `${site.server.url}#unlur`);
  const mine = await playSteps(page, 5);
  assert.deepEqual(await records(page), [mine.record]);

  // The game's bare name (a bookmark of the game, loosely written too) opens it as its tab
  // does: the saved game, with no word about a link.
  for (const hash of ['#unlur', '#unlur;;;;', '#%EF%BB%BFunlur', '#unlur;;moves=;']) {
    const tab = await newPage(context);
    await open(tab, site.server.url + hash);
    assert.equal((await state(tab)).record, mine.record, `${hash}: the saved game`);
    assert.equal(await tab.locator('#notice').isHidden(), true, `${hash}: no notice`);
    assert.deepEqual(await records(tab), [mine.record], `${hash}: nothing added`);
    assert.deepEqual(tab.errors, []);
    await tab.close();
  }
  // Links that hold a game (options, steps) or are broken, each in a new tab.
  for (const hash of ['#unlur;size=8', '#unlur;size=8;;moves=;', '#unlur;moves=d4;moves=']) {
    const tab = await newPage(context);
    await open(tab, site.server.url + hash);
    const shown = await state(tab);
    assert.equal(await tab.locator('#notice').isHidden(), false, `${hash}: a notice`);
    if (shown.steps.length === 0 && !/moves=d4;moves=/.test(hash)) {
      assert.match(await tab.locator('#notice-text').textContent(), /^Opened from a link: your saved games are kept/, hash);
      // News, not an alarm, and in the page's flow: it covers neither the heading nor the board.
      assert.equal(await tab.locator('#notice').getAttribute('role'), 'status', hash);
      const boxes = await tab.evaluate(() =>
        ['notice', 'game-title', 'board-box'].map((id) => {
          const r = document.getElementById(id).getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
        }),
      );
      const [notice, ...covered] = boxes;
      for (const r of covered) {
        const overlap = notice.left < r.right && r.left < notice.right && notice.top < r.bottom && r.top < notice.bottom;
        assert.ok(!overlap, `${hash}: the notice covers ${JSON.stringify(r)}`);
      }
    } else {
      assert.match(await tab.locator('#notice-text').textContent(), /moves= is given twice/, hash);
    }
    assert.deepEqual(await records(tab), [mine.record], `${hash}: the saved game is still there`);
    // A reload of the page without a link brings the saved game back.
    await open(tab, site.server.url);
    assert.equal((await state(tab)).record, mine.record, `${hash}: the saved game comes back`);
    assert.deepEqual(tab.errors, []);
    await tab.close();
  }

  // Played on, a link's game becomes a second entry; the first is untouched.
  const tab = await newPage(context);
  await open(tab, `${site.server.url}#unlur;size=8`);
  await tab.getByRole('button', { name: 'Back to my game' }).waitFor();
  const theirs = await playSteps(tab, 2);
  assert.deepEqual(await records(tab), [mine.record, theirs.record].sort());
  // The first tab goes on in its own game, which stays its own entry.
  const more = await playSteps(page, 1);
  assert.deepEqual(await records(page), [more.record, theirs.record].sort());

  // The list: both games, the one on the board marked; switch to the other.
  await openCard(tab);
  await expectListed(tab, ['Unlur, move 6', 'Unlur, move 2']);
  assert.equal(await tab.locator('#saved-games .current .saved-game-title').textContent(), 'Unlur, move 2');
  await tab.locator('#saved-games .saved-game-open', { hasText: 'move 6' }).click();
  await tab.waitForFunction((r) => window.ludusTest.view().record === r, more.record);
  await tab.waitForSelector('#saved-games .current >> text=Unlur, move 6');
  // Back goes to the game it came from, still saved as it was.
  await tab.goBack();
  await tab.waitForFunction((r) => window.ludusTest.view().record === r, theirs.record);
  assert.deepEqual(await records(tab), [more.record, theirs.record].sort());

  // Delete one, and Undo.
  await tab.locator('#saved-games li', { hasText: 'move 6' }).getByRole('button', { name: /^Delete/ }).click();
  assert.deepEqual(await records(tab), [theirs.record]);
  await expectListed(tab, ['Unlur, move 2']);
  await tab.getByRole('button', { name: 'Undo' }).click();
  await expectListed(tab, ['Unlur, move 6', 'Unlur, move 2']);
  assert.deepEqual(await records(tab), [more.record, theirs.record].sort());

  // Another game's bare name: that game, new, and no notice either.
  {
    const tab = await newPage(context);
    await open(tab, `${site.server.url}#merlins-chain`);
    const shown = await state(tab);
    assert.deepEqual([shown.game, shown.steps.length], ['merlins-chain', 0]);
    assert.equal(await tab.locator('#notice').isHidden(), true, '#merlins-chain: no "Opened from a link"');
    const theirs = await playSteps(tab, 1);
    await tab.close();
    // Bookmarked again: the saved game of it.
    const again = await newPage(context);
    await open(again, `${site.server.url}#merlins-chain`);
    assert.equal((await state(again)).record, theirs.record, '#merlins-chain: its saved game');
    assert.equal(await again.locator('#notice').isHidden(), true);
    assert.deepEqual(again.errors, []);
    await again.close();
  }
  assert.deepEqual(page.errors, []);
  assert.deepEqual(tab.errors, []);
  await context.close();
});

test('the single saved game of earlier versions moves into the list on upgrade', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await newPage(context);
  // A blank page of the site, to write its storage before the app first loads.
  await page.route(site.server.url + 'blank.html', (route) => route.fulfill({ contentType: 'text/html', body: '<link rel="icon" href="data:,">' }));
  await page.goto(site.server.url + 'blank.html');
  await page.evaluate(() => {
    localStorage.setItem('ludus:v1:game:unlur', 'unlur;moves=d4,pass,f6,e5,g6');
    localStorage.setItem('ludus:v1:game:unravel', 'unravel;size=6;moves=c3,d4');
    localStorage.setItem('ludus:v1:last', 'unlur');
  });
  await open(page, site.server.url);
  assert.equal((await state(page)).record, 'unlur;moves=d4,pass,f6,e5,g6', 'the last game is resumed');
  assert.deepEqual(await records(page), ['unlur;moves=d4,pass,f6,e5,g6', 'unravel;size=6;moves=c3,d4']);
  assert.equal(await page.evaluate(() => localStorage.getItem('ludus:v1:game:unlur')), null);
  // The other game is one tab away, as before.
  await page.click('#game-tabs [data-game="unravel"]');
  await page.waitForFunction(() => window.ludusTest.view().record === 'unravel;size=6;moves=c3,d4');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('screenshots: the saved games on a desktop and on a phone', async () => {
  for (const [name, options] of [
    ['desktop', { viewport: { width: 1200, height: 900 } }],
    ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 }],
  ]) {
    const context = await site.browser.newContext(options);
    const page = await newPage(context);
    await open(page, `${site.server.url}#unravel;size=6`);
    await playSteps(page, 3);
    await open(page, `${site.server.url}#merlins-chain`);
    await playSteps(page, 2);
    await open(page, `${site.server.url}#unlur;moves=d4,pass,f6`);
    await openCard(page);
    const card = page.locator('#saved-games-card');
    await card.scrollIntoViewIfNeeded();
    await expectListed(page, ["Merlin's Chain, move 2", 'Unravel, move 3']);
    await page.screenshot({ path: join(artifacts, `saved-games-${name}.png`) });
    await card.screenshot({ path: join(artifacts, `saved-games-card-${name}.png`) });
    // Played on, the link's game joins the list, first and marked as the one on the board.
    await playSteps(page, 1);
    await expectListed(page, ['Unlur, move 4', "Merlin's Chain, move 2", 'Unravel, move 3']);
    await card.evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(artifacts, `saved-games-played-${name}.png`) });
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('a stored game that cannot be read is kept aside in the list, with its text to download', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await newPage(context);
  // 35 comments of 2,000 '中': 70,192 characters but 210,192 bytes, over the limit of a
  // record; a game the engine refuses; a good one. The one shown last is the first: the page
  // starts a new game in its place.
  const wide = 'unlur;v=2;moves=' + Array.from({ length: 35 }, (_, i) => `${'abcdefg'[i % 7]}${1 + Math.floor(i / 7)}{${'中'.repeat(2000)}}`).join(',');
  const broken = 'unlur;moves=d4;at=+1';
  const good = 'unlur;moves=d4,pass,f6';
  await page.route(site.server.url + 'blank.html', (route) => route.fulfill({ contentType: 'text/html', body: '<link rel="icon" href="data:,">' }));
  await page.goto(site.server.url + 'blank.html');
  await page.evaluate(
    (games) => localStorage.setItem('ludus:v1:saved-games', JSON.stringify({ current: 'widewidewide', games })),
    [
      { id: 'widewidewide', record: wide, updated: 3 },
      { id: 'brokenbroken', record: broken, updated: 2 },
      { id: 'goodgoodgood', record: good, updated: 1 },
    ],
  );
  await open(page, site.server.url);
  await page.waitForSelector('#storage-note');
  assert.match(await page.locator('#storage-note').textContent(), /kept aside at the end of Your games, where you can download them/);
  await openCard(page);
  await expectListed(page, ['Unravel, not started', 'Unlur (cannot be read)', 'Unlur, move 3']);
  const aside = page.locator('#saved-games li.unreadable');
  await aside.waitFor();
  assert.match(await aside.textContent(), /^Saved game 1 that could not be read: the record is too long \(210\d{3} bytes; at most 200000\)\.Download/);
  await page.locator('#saved-games-card').screenshot({ path: join(artifacts, 'saved-games-unreadable.png') });

  /** The text a Download button saves. */
  const download = async (button) => {
    const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const chunks = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk);
    return { name: file.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  };
  const kept = await download(aside.getByRole('button', { name: /^Download/ }));
  assert.equal(kept.text, wide);
  assert.equal(kept.name, 'ludus-unreadable-game-1.txt');
  const unread = await download(page.locator('#saved-games li', { hasText: 'cannot be read' }).getByRole('button', { name: /^Download/ }));
  assert.deepEqual(unread, { name: 'ludus-unlur-brokenbroken.txt', text: broken });
  // Still there after a reload: nothing was dropped.
  await open(page, site.server.url);
  await openCard(page);
  await expectListed(page, ['Unravel, not started', 'Unlur (cannot be read)', 'Unlur, move 3']);
  await page.locator('#saved-games li.unreadable').waitFor();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('ludus:v1:saved-games-aside')));
  assert.deepEqual(stored.map((u) => u.text), [wide]);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a game by link that cannot be read is kept aside in Your games too, never dropped', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await newPage(context);
  // 70,000 '中' are 70,000 UTF-16 units but 210,000 bytes: over the limit of a record.
  const wide = `unlur;moves=d4{${'中'.repeat(70_000)}}`;
  const good = { id: 'goodgood', seat: 1, record: 'unlur;moves=d4', title: 'Unlur', moves: 1, players: ['White', 'Black'], toMove: 1 };
  await page.route(site.server.url + 'blank.html', (route) => route.fulfill({ contentType: 'text/html', body: '<link rel="icon" href="data:,">' }));
  await page.goto(site.server.url + 'blank.html');
  await page.evaluate(
    (list) => localStorage.setItem('ludus:v1:correspondence', JSON.stringify(list)),
    [good, { ...good, id: 'widewide', record: wide }, { ...good, id: 'seatseat', seat: 9 }],
  );
  await open(page, site.server.url);
  await page.waitForSelector('#storage-note');
  assert.match(await page.locator('#storage-note').textContent(), /Games by link could not be read: they are kept aside at the end of Your games, where you can download them/);
  assert.deepEqual(await page.locator('#my-games li a').allTextContents(), ['Unlur, move 1: your turn']);
  // Counted in Your games as soon as they are put there.
  await page.waitForFunction(() => {
    const saved = JSON.parse(localStorage.getItem('ludus:v1:saved-games') ?? '{"games":[]}').games.length;
    return document.getElementById('saved-games-count').textContent === `(${saved + 2})`;
  });
  await openCard(page);
  const aside = page.locator('#saved-games li.unreadable');
  await aside.nth(1).waitFor();
  assert.deepEqual(await aside.locator('.saved-game-text').allTextContents(), [
    'Saved game 1 that could not be read: in Games by link, the record is too long (210016 bytes; at most 200000).',
    'Saved game 2 that could not be read: in Games by link, its seat is not one from 0 to 3.',
  ]);
  const [file] = await Promise.all([page.waitForEvent('download'), aside.first().getByRole('button', { name: /^Download/ }).click()]);
  const chunks = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk);
  assert.ok(Buffer.concat(chunks).toString('utf8') === wide, 'the download is the whole record');
  // Still there after a reload, and not twice.
  await open(page, site.server.url);
  await openCard(page);
  await page.locator('#saved-games li.unreadable').nth(1).waitFor();
  assert.equal(await page.locator('#saved-games li.unreadable').count(), 2);
  assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('ludus:v1:correspondence')).map((g) => g.id)), ['goodgood']);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('on a phone, a link opened beside saved games shows one notice above the board, never two', async () => {
  const context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await newPage(context);
  await open(page, `${site.server.url}#unravel;size=6`);
  await playSteps(page, 1);
  const LINK = `${site.server.url}#unity;players=3`;
  const shown = (tab) =>
    tab.evaluate(() => ({
      notices: ['notice', 'learn-offer'].filter((id) => document.getElementById(id).getBoundingClientRect().height > 0),
      board: document.getElementById('board-box').getBoundingClientRect().top,
    }));
  // A game the reader has not learnt, from a link: "Opened from a link" and "New to Unity?" both apply.
  const tab = await newPage(context);
  await open(tab, LINK);
  assert.match(await tab.locator('#notice-text').textContent(), /^Opened from a link/);
  const both = await shown(tab);
  await tab.screenshot({ path: join(artifacts, 'notices-phone.png') });
  assert.deepEqual(both.notices, ['notice'], 'one notice at a time');
  // The board is where it is with that one notice alone (the offer dismissed before).
  await tab.evaluate(() => localStorage.setItem('ludus:v1:learn-offers', JSON.stringify({ unity: true })));
  await tab.goto('about:blank');
  await open(tab, LINK);
  const alone = await shown(tab);
  assert.deepEqual(alone.notices, ['notice']);
  assert.ok(Math.abs(both.board - alone.board) <= 1, `the board at ${both.board} px with both, ${alone.board} px with one`);
  assert.deepEqual(tab.errors, []);
  await context.close();
});
