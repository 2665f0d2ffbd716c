// End-to-end: play by link (www/share/correspondence.js) between two browsers (two contexts:
// two people). White plays and sends the move; Black opens the link and sees the board from
// Black's side with "your turn as Black", the game in My games; a link whose moves differ
// from Black's saved game is reported, and the saved game is kept.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from './site.mjs';
import { newPage, open, state } from './app-page.mjs';

const site = useSite(['ludus_bg.wasm', 'www/share/correspondence.js']);

async function person() {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.url });
  const page = await newPage(context);
  // No Web Share in headless Chromium on Linux: the link goes to the clipboard.
  await page.addInitScript(() => delete Navigator.prototype.share);
  return { context, page };
}

async function sendMove(page) {
  await page.locator('#send-move-button').click();
  await page.waitForFunction(() => document.querySelector('#send-move-button').textContent === 'Link copied');
  const [text, url] = (await page.evaluate(() => navigator.clipboard.readText())).split('\n');
  return { text, url };
}

const myGames = (page) => page.locator('#my-games li a').allTextContents();

test('a move sent by link, opened from the other side, kept in My games', async () => {
  const white = await person();
  await open(white.page, `${site.server.url}#unlur;size=5`);
  await white.page.evaluate(() => window.__ludus.play(window.__ludus.legal.find((s) => s.kind === 'place').text));
  const sent = await sendMove(white.page);
  assert.equal(sent.text, 'Unlur, move 1: your turn as Black');
  assert.match(sent.url, /\?corr=[a-z0-9]{10}&seat=1#unlur;size=5;moves=/);
  assert.deepEqual(await myGames(white.page), ["Unlur, move 1: Black's turn"]);

  const black = await person();
  await open(black.page, sent.url);
  const s = await state(black.page);
  assert.equal(s.steps.length, 1);
  assert.equal(await black.page.evaluate(() => window.__ludus.flipped), true, 'Black sees the board from its side');
  assert.match(await black.page.locator('#notice-text').textContent(), /^Unlur, move 1: your turn as Black\.$/);
  assert.deepEqual(await myGames(black.page), ['Unlur, move 1: your turn']);

  // Black plays and answers; White's link opens at move 2 on White's side.
  await black.page.evaluate(() => window.__ludus.play(window.__ludus.legal.find((st) => st.kind === 'place').text));
  assert.deepEqual(await myGames(black.page), ["Unlur, move 2: White's turn"]);
  const answer = await sendMove(black.page);
  assert.equal(answer.text, 'Unlur, move 2: your turn as White');
  await open(white.page, answer.url);
  assert.equal(await white.page.evaluate(() => window.__ludus.flipped), false);
  assert.deepEqual(await myGames(white.page), ['Unlur, move 2: your turn']);

  // A link of the same game that went another way: reported, the saved game stays.
  const saved = await black.page.evaluate(() => window.__ludus.view.record);
  const other = await black.page.evaluate(() => {
    const app = window.__ludus;
    const legal = app.mod.legal_moves(app.view.record.replace(/,[^,;]+$/, ''));
    const mine = app.view.steps[1];
    return legal.find((st) => st.kind === 'place' && st.text !== mine).text;
  });
  const forked = answer.url.replace(/,[^,;]+$/, `,${other}`);
  await open(black.page, forked);
  assert.match(await black.page.locator('#notice-text').textContent(), /The link's game and yours differ from move 2\./);
  assert.equal(
    await black.page.evaluate(() => JSON.parse(localStorage.getItem('ludus:v1:correspondence'))[0].record),
    saved,
    'the saved game was not overwritten',
  );
  await black.page.getByRole('button', { name: 'Open my saved game' }).click();
  await black.page.waitForFunction((saved) => window.__ludus?.view?.record === saved || (location.hash && decodeURI(location.hash.slice(1)) === saved), saved);
  assert.deepEqual(white.page.errors, []);
  assert.deepEqual(black.page.errors, []);
  await white.context.close();
  await black.context.close();
});
