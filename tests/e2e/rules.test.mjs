// End-to-end: the "How to play" panel shows, for every game, the words the engine gives in
// games() (the rules in short, how to play on the board, the keyboard keys) and credits the
// designer; no page script holds them. Screenshots of the open panel at desktop size and on
// a phone: test-artifacts/rules-*.png.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, artifacts } from './site.mjs';
import { newPage, open, waitGame } from './app-page.mjs';

const site = useSite();

const SIZES = {
  desktop: { viewport: { width: 1200, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
};

test('the rules panel shows the engine\'s rules, board help and designer for every game', async () => {
  const context = await site.browser.newContext(SIZES.desktop);
  const page = await newPage(context);
  const scripts = [];
  page.on('request', (r) => r.url().endsWith('.js') && scripts.push(new URL(r.url()).pathname));
  await open(page, site.server.url);
  const games = await page.evaluate(() => window.ludusTest.games());
  assert.equal(games.length, 5);
  for (const info of games) {
    await open(page, `${site.server.url}#${info.name}`);
    await waitGame(page, info.name);
    // The card's text loads when it is first opened, as a reader opens it.
    await page.evaluate(() => { document.getElementById('rules').open = true; });
    await page.waitForFunction((name) => document.getElementById('rules-text').dataset.game === name, info.name);
    const shown = await page.evaluate(() => ({
      credit: document.getElementById('game-credit').textContent,
      paragraphs: [...document.querySelectorAll('#rules-text p')].map((p) => ({ text: p.textContent, cls: p.className })),
    }));
    assert.equal(shown.credit, `A game by ${info.designer}`);
    assert.ok(info.rules.length >= 2, info.name);
    assert.deepEqual(
      shown.paragraphs.slice(0, info.rules.length).map((p) => p.text),
      info.rules,
      `${info.name}: the rules paragraphs are the engine's`,
    );
    const board = shown.paragraphs.find((p) => p.cls === 'rules-ludus');
    assert.equal(board?.text, info.boardHelp, info.name);
    const keys = shown.paragraphs.find((p) => p.cls === 'rules-keys');
    if (info.keyboard) assert.ok(keys.text.includes(info.keyboard), info.name);
    const credit = shown.paragraphs.find((p) => p.cls === 'rules-credit');
    assert.ok(credit.text.startsWith(`${info.title} was designed by ${info.designer}.`), credit.text);
  }
  // The Unravel summary agrees with docs/rules/unravel.md: a turn's swaps can loop.
  const unravel = games.find((g) => g.name === 'unravel');
  assert.ok(!unravel.rules.join(' ').includes('never go round in circles'));
  assert.ok(!scripts.some((s) => s.endsWith('/rules.js')), `no rules script: ${scripts.join(', ')}`);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the rules panel, open, at desktop size and on a phone', async () => {
  for (const [name, size] of Object.entries(SIZES)) {
    const context = await site.browser.newContext(size);
    const page = await newPage(context);
    await open(page, `${site.server.url}#unity`);
    await page.locator('#rules summary').click();
    await page.locator('#rules-text p').first().waitFor();
    await page.locator('#rules').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(artifacts, `rules-${name}.png`) });
    const box = await page.locator('#rules-text').boundingBox();
    assert.ok(box.width > 200 && box.x >= 0 && box.x + box.width <= size.viewport.width, `${name}: ${JSON.stringify(box)}`);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});
