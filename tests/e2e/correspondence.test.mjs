// End-to-end: play by link (www/share/correspondence.js) between two browsers (two contexts:
// two people). Red plays and sends the move; Blue opens the link and sees the board from
// Blue's side with "your turn as Blue", the game in Games by link; a link whose moves differ
// from Blue's saved game is reported, and the saved game is kept. (Unravel: Red moves first.)

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

test('a move sent by link, opened from the other side, kept in Games by link', async () => {
  const red = await person();
  await open(red.page, `${site.server.url}#unravel;size=6`);
  await red.page.evaluate(() => window.ludusTest.play(window.ludusTest.legal().find((s) => s.kind === 'place').text));
  const sent = await sendMove(red.page);
  assert.equal(sent.text, 'Unravel, move 1: your turn as Blue');
  assert.match(sent.url, /\?corr=[a-z0-9]{10}&seat=1#unravel;size=6;moves=/);
  assert.deepEqual(await myGames(red.page), ["Unravel, move 1: Blue's turn"]);
  // Two lists, named for what each holds: every saved game, and the games played by link.
  assert.deepEqual(await red.page.locator('#saved-games-card > summary h2, #my-games-card > summary h2').allTextContents(), ['Your games', 'Games by link']);

  const blue = await person();
  await open(blue.page, sent.url);
  const s = await state(blue.page);
  assert.equal(s.steps.length, 1);
  assert.equal(await blue.page.evaluate(() => (document.getElementById('flip-button').getAttribute('aria-pressed') === 'true')), true, 'Blue sees the board from its side');
  assert.match(await blue.page.locator('#notice-text').textContent(), /^Unravel, move 1: your turn as Blue\.$/);
  assert.deepEqual(await myGames(blue.page), ['Unravel, move 1: your turn']);

  // Blue plays and answers; Red's link opens at move 2 on Red's side.
  await blue.page.evaluate(() => window.ludusTest.play(window.ludusTest.legal().find((st) => st.kind === 'place').text));
  assert.deepEqual(await myGames(blue.page), ["Unravel, move 2: Red's turn"]);
  const answer = await sendMove(blue.page);
  assert.equal(answer.text, 'Unravel, move 2: your turn as Red');
  await open(red.page, answer.url);
  assert.equal(await red.page.evaluate(() => (document.getElementById('flip-button').getAttribute('aria-pressed') === 'true')), false);
  assert.deepEqual(await myGames(red.page), ['Unravel, move 2: your turn']);

  // A link of the same game that went another way: reported, the saved game stays.
  const saved = await blue.page.evaluate(() => window.ludusTest.view().record);
  const other = await blue.page.evaluate(() => {
    const app = window.ludusTest;
    const before = app.engine().Session.fromRecord(app.view().record.replace(/,[^,;]+$/, ''));
    const legal = before.view().legal;
    before.free();
    const mine = app.view().steps[1];
    return legal.find((st) => st.kind === 'place' && st.text !== mine).text;
  });
  const forked = answer.url.replace(/,[^,;]+$/, `,${other}`);
  await open(blue.page, forked);
  assert.match(await blue.page.locator('#notice-text').textContent(), /The link's game and yours differ from move 2\./);
  assert.equal(
    await blue.page.evaluate(() => JSON.parse(localStorage.getItem('ludus:v1:correspondence'))[0].record),
    saved,
    'the saved game was not overwritten',
  );
  await blue.page.getByRole('button', { name: 'Open my saved game' }).click();
  await blue.page.waitForFunction((saved) => window.ludusTest?.view()?.record === saved || (location.hash && decodeURI(location.hash.slice(1)) === saved), saved);
  assert.deepEqual(red.page.errors, []);
  assert.deepEqual(blue.page.errors, []);
  await red.context.close();
  await blue.context.close();
});

test('a correspondence query never hides a broken link, nor adds a game to Games by link', async () => {
  const { context, page } = await person();
  const cases = [
    // A bad fragment: its own message stays, and nothing joins Games by link.
    ['?corr=abcdefgh12&seat=1#unravel;moves=zz99', /^This link does not hold a game Ludus can open: /],
    ['?corr=abcdefgh12&seat=1#unravel;moves=c3;moves=d4', /moves= is given twice/],
    // No game in the link at all: the saved game is shown, with no correspondence made up.
    ['?corr=abcdefgh12&seat=1', null],
    // A good game, but a reply part that cannot be right: said, and not kept.
    ['?corr=abcdefgh12&seat=3#unravel;moves=c3', /seat=3 names no seat of this 2-player game/],
    ['?corr=abcdefgh12&seat=0&seat=1#unravel;moves=c3', /seat= is given twice/],
    ['?corr=abcdefgh12&corr=zzzzzzzz12&seat=1#unravel;moves=c3', /corr= is given twice/],
  ];
  for (const [query, message] of cases) {
    await open(page, site.server.url + query);
    if (message) assert.match(await page.locator('#notice-text').textContent(), message, query);
    else assert.equal(await page.locator('#notice').isHidden(), true, query);
    assert.deepEqual(await page.locator('#my-games li').allTextContents(), ['No games by link yet.'], query);
    assert.equal(await page.evaluate(() => localStorage.getItem('ludus:v1:correspondence')), null, query);
  }
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a game played by link: neither player gets analysis or a hint until it is over', async () => {
  const helpShown = (page) =>
    page.evaluate(() => ({
      toggle: !document.getElementById('analysis-toggle').hidden,
      hint: !document.getElementById('hint-button').hidden,
      on: window.ludusTest.analysis().on,
      body: !document.getElementById('analysis-body').hidden,
      note: document.getElementById('analysis-note').textContent,
      found: window.ludusTest.analysis().result,
    }));
  const held = {
    toggle: false,
    hint: false,
    on: false,
    body: false,
    note: 'Analysis and hints come back when this game between people (by link or online) is over.',
    found: null,
  };
  const red = await person();
  await open(red.page, `${site.server.url}#scattercut;size=4`);
  assert.equal((await helpShown(red.page)).hint, true, 'offered in a game at one screen');
  await red.page.evaluate(() => window.ludusTest.play(window.ludusTest.legal()[0].text));
  const sent = await sendMove(red.page);
  assert.deepEqual(await helpShown(red.page), held, 'the sender: held back once the move is sent');

  // The reader of the link: a position with steps opened from a link turns Analysis on by
  // itself, but not in a game played by link.
  const blue = await person();
  await open(blue.page, sent.url);
  await blue.page.waitForTimeout(500);
  assert.deepEqual(await helpShown(blue.page), held, 'the reader: held back at once');
  // Looking back through the moves does not turn it on either.
  await blue.page.keyboard.press('Home');
  await blue.page.keyboard.press('End');
  assert.deepEqual(await helpShown(blue.page), held, 'the reader: held back in the history');

  // Played to its end, the game may be analysed and reviewed.
  await blue.page.evaluate(() => {
    const app = window.ludusTest;
    while (!app.view().outcome) app.play(app.legal()[0].text);
  });
  const after = await helpShown(blue.page);
  assert.equal(after.toggle, true, 'Analysis offered once the game is over');
  assert.equal(after.hint, true);
  assert.notEqual(after.note, held.note);
  await blue.page.click('#analysis-toggle');
  assert.equal(await blue.page.getAttribute('#analysis-toggle', 'aria-pressed'), 'true');
  assert.deepEqual(red.page.errors, []);
  assert.deepEqual(blue.page.errors, []);
  await red.context.close();
  await blue.context.close();
});
