// End-to-end: play online against a real `ludus serve` (tests/e2e/live-server.mjs), each
// player in a browser context of their own (their own storage, their own token). A whole
// game of each of the five games by clicking the canvas (three players in Unity), both
// boards kept in step by the server; then the rest of what a player does: an open challenge
// accepted from the list, resign, a draw agreed, a rematch, a spectator, a reload mid-game,
// a clock running out, and names shown as text.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { artifacts } from './site.mjs';
import { state, savedRecord, waitReady, axeProblems } from './app-page.mjs';
import { useLiveSite, player, live, openPanel, create, waitSteps, waitStatus, playLive, clickStep, DESKTOP, PHONE } from './online-page.mjs';

const site = useLiveSite();

/** Two (or `players`) people in one new live game of `game`: the creator's page first. */
async function startGame(game, options = {}, { players = 2, clock = '15+10', creator = {}, contexts = [] } = {}) {
  const first = await player(site, site.server.url, contexts[0] ?? DESKTOP);
  await openPanel(first, game, options);
  const link = await create(first, { seat: '0', clock, ...creator });
  const pages = [first];
  for (let i = 1; i < players; i++) pages.push(await player(site, link, contexts[i] ?? DESKTOP));
  for (const page of pages) await waitStatus(page, 'playing');
  return { pages, link };
}

async function closeAll(pages) {
  for (const page of pages) {
    assert.deepEqual(page.errors, [], 'no page error');
    await page.context().close();
  }
}

const GAMES = [
  { game: 'unravel', options: { size: 4 }, seed: 11, opening: ['a1', 'b1', 'b2', 'a2'] },
  { game: 'scattercut', options: { size: 4 }, seed: 12, opening: ['a1', 'b1', 'b2', 'a2'] },
  {
    game: 'unlur',
    options: { size: 4 },
    seed: 13,
    prefer: (st, s, rand) => (st.kind === 'pass' ? (s.steps.length >= 2 && rand() < 0.5 ? 2 : 0) : 1),
  },
  {
    game: 'unity',
    options: { size: 5, players: 3 },
    players: 3,
    seed: 14,
    prefer: (st, s) => {
      if (s.steps.length === 0) return st.kind === 'move' ? 3 : 0;
      if (st.kind === 'wall') return s.steps.length === 1 || s.prompt.includes('second wall') ? 3 : 0;
      if (st.kind === 'ring' || st.kind === 'asterisk') return 2;
      return 1;
    },
  },
  { game: 'merlins-chain', options: {}, seed: 15, limit: 64 },
];

for (const g of GAMES) {
  test(`a whole live game of ${g.game}, clicked on the canvas, ${g.players ?? 2} players`, async (t) => {
    const { pages } = await startGame(g.game, g.options, { players: g.players ?? 2 });
    // Each page holds its own seat; the second seat of a two-player game sees the board turned.
    const seats = [];
    for (const page of pages) seats.push((await live(page)).model.you);
    assert.deepEqual(seats, pages.map((_, i) => i));
    // No analysis, no hint and no computer while the game is on.
    for (const page of pages) {
      assert.ok(await page.locator('#analysis-toggle').isHidden());
      assert.ok(await page.locator('#hint-button').isHidden());
      assert.ok(await page.locator('#computer-bar').isHidden());
      assert.equal((await state(page)).thinking, null);
    }
    const mover = pages[0];
    assert.match(await mover.title(), /^Your turn · /);
    assert.doesNotMatch(await pages[1].title(), /^Your turn/);
    const n = await playLive(pages, { seed: g.seed, limit: g.limit ?? 400, prefer: g.prefer, opening: g.opening });
    for (const page of pages) await waitStatus(page, 'ended');
    const result = await pages[0].locator('#online-result').textContent();
    assert.match(result, /won by the rules|Drawn by the rules/);
    for (const page of pages) {
      assert.equal(await page.locator('#online-result').textContent(), result, 'every page says the same result');
      // Over: a game like any other, analysis offered again.
      assert.ok(await page.locator('#analysis-toggle').isVisible());
      const s = await state(page);
      assert.equal(s.steps.length, n);
      assert.ok(s.outcome, 'the board shows the end');
      // The finished game is in Your games, its record in the address.
      assert.equal(await savedRecord(page, g.game), s.record);
      assert.doesNotMatch(page.url(), /#live=/);
    }
    await closeAll(pages);
  });
}

test('two browsers in one live game, desktop and phone (touch): names as text, clocks, turn (screenshots)', async (t) => {
  // The desktop page lets axe-core in (an inline script, which the page's policy forbids).
  const { pages } = await startGame('unlur', { size: 5 }, { creator: { name: 'Ann\u202Eevil' }, contexts: [{ ...DESKTOP, bypassCSP: true }, PHONE], clock: '5+3' });
  const [desk, phone] = pages;
  // The right-to-left override in the name is written out, never obeyed.
  const names = await phone.locator('#online-seats .online-name').allTextContents();
  assert.equal(names[0], 'Ann\\u{202e}evil');
  await playLive(pages, { seed: 3, steps: 4, prefer: (st) => (st.kind === 'pass' ? 0 : 1) });
  // The clocks count down on both pages: the one to move's runs.
  const clocks = await desk.locator('#online-seats .online-clock').allTextContents();
  assert.ok(clocks.every((c) => /^\d+:\d\d$/.test(c)), clocks.join(' '));
  await desk.screenshot({ path: join(artifacts, 'online-desktop.png') });
  assert.deepEqual(await axeProblems(desk), [], 'axe-core on the live game');
  // The other player's step is said in the live region.
  assert.match(await desk.locator('.ludus-announce').textContent(), /played/);
  await phone.screenshot({ path: join(artifacts, 'online-phone.png'), fullPage: true });
  await phone.locator('#online-card').screenshot({ path: join(artifacts, 'online-phone-panel.png') });
  await closeAll(pages);
});

test('an open challenge is listed with its name, and accepted with one click', async (t) => {
  const first = await player(site, site.server.url);
  await openPanel(first, 'unravel', { size: 5 });
  await create(first, { seat: 'random', clock: '3+2', open: true, name: 'Challenger' });
  const second = await player(site, site.server.url);
  await openPanel(second, 'unlur');
  const item = second.locator('#online-challenges li', { hasText: 'Challenger' });
  await item.waitFor();
  const text = await item.textContent();
  await second.locator('#online-card').screenshot({ path: join(artifacts, 'online-panel.png') });
  assert.match(text, /Unravel/);
  assert.match(text, /size 5/);
  assert.match(text, /3 \+ 2/);
  await item.locator('button', { hasText: 'Accept' }).click();
  await waitStatus(second, 'playing');
  await waitStatus(first, 'playing');
  const a = (await live(first)).model;
  const b = (await live(second)).model;
  assert.equal(a.id, b.id);
  assert.deepEqual([a.you, b.you].sort(), [0, 1]);
  assert.equal(new URL(second.url()).hash, `#live=${a.id}`);
  // Taken: no longer listed.
  const third = await player(site, site.server.url);
  await openPanel(third, 'unravel');
  await third.waitForSelector('#online-challenges');
  assert.equal(await third.locator('#online-challenges li', { hasText: 'Challenger' }).count(), 0);
  await closeAll([first, second, third]);
});

test('resign with a confirm, then a rematch with the seats turned round', async (t) => {
  const { pages } = await startGame('unravel', { size: 4 });
  const [red, blue] = pages;
  await playLive(pages, { seed: 5, steps: 2 });
  await blue.click('#online-card [data-act="resign"]');
  // Asked first: No leaves the game on.
  await blue.click('#online-card [data-act="resign-no"]');
  assert.equal((await live(blue)).model.status, 'playing');
  await blue.click('#online-card [data-act="resign"]');
  await blue.click('#online-card [data-act="resign-yes"]');
  for (const page of pages) await waitStatus(page, 'ended');
  assert.equal(await red.locator('#online-result').textContent(), 'Red won: Blue resigned.');
  assert.equal(await blue.locator('#online-result').textContent(), 'Red won: Blue resigned.');
  const old = (await live(red)).model.id;
  await red.click('#online-card [data-act="rematch"]');
  await blue.locator('#online-card [data-act="rematch"]', { hasText: 'Accept rematch' }).click();
  for (const page of pages) await page.waitForFunction((old) => { const l = window.ludusTest.live(); return l.id !== old && l.model?.status === 'playing'; }, old);
  assert.equal((await live(red)).model.you, 1, 'Red plays Blue now');
  assert.equal((await live(blue)).model.you, 0);
  assert.match(blue.url(), /#live=/);
  await playLive([blue, red], { seed: 6, steps: 2 });
  await closeAll(pages);
});

test('a draw offered and accepted (Merlin\'s Chain)', async (t) => {
  const { pages } = await startGame('merlins-chain');
  const [first, second] = pages;
  await playLive(pages, { seed: 7, steps: 2 });
  await first.click('#online-card [data-act="draw"]');
  await second.locator('#online-card [data-act="draw"]', { hasText: 'Accept draw' }).waitFor();
  assert.ok(await second.locator('#online-card [data-act="draw-no"]', { hasText: 'Decline' }).isVisible());
  await second.click('#online-card [data-act="draw"]');
  for (const page of pages) await waitStatus(page, 'ended');
  for (const page of pages) assert.equal(await page.locator('#online-result').textContent(), 'Drawn by agreement.');
  await closeAll(pages);
});

test('a spectator follows the game live and cannot play in it', async (t) => {
  const { pages, link } = await startGame('unravel', { size: 4 });
  const watcher = await player(site, link);
  await watcher.waitForFunction(() => window.ludusTest.live()?.model?.status === 'playing');
  assert.equal((await live(watcher)).model.you, null);
  assert.match(await watcher.locator('#online-card').textContent(), /Watching/);
  await playLive(pages, { seed: 8, steps: 3 });
  await waitSteps(watcher, 3);
  const s = await state(watcher);
  assert.deepEqual(s.legal, [], 'nothing to click for a spectator');
  assert.deepEqual(s.steps, (await state(pages[0])).steps);
  // A step typed by the spectator is refused on the page, never sent.
  assert.equal(await watcher.evaluate(() => window.ludusTest.play('c3')), false);
  await closeAll([...pages, watcher]);
});

test('a reload mid-game takes the same seat again and the game goes on', async (t) => {
  const { pages } = await startGame('scattercut', { size: 4 });
  await playLive(pages, { seed: 9, steps: 3 });
  const [first, second] = pages;
  await second.reload();
  await waitReady(second);
  await waitSteps(second, 3);
  assert.equal((await live(second)).model.you, 1);
  await playLive(pages, { seed: 10, steps: 2 });
  await waitSteps(first, 5);
  // The other player goes away: said beside their seat.
  assert.deepEqual(second.errors, []);
  await second.context().close();
  await first.locator('#online-seats li[data-seat="1"] .online-away', { hasText: 'disconnected' }).waitFor();
  assert.equal(await first.locator('#online-seats li[data-seat="0"] .online-away').count(), 0);
  await closeAll([first]);
});

test('a clock running out ends the game on time', async (t) => {
  const first = await player(site, `${site.server.url}?clock=5%2B0`);
  await openPanel(first, 'unravel', { size: 4 });
  const link = await create(first, { seat: '0', clock: '5+0s' });
  await first.locator('#online-card').screenshot({ path: join(artifacts, 'online-waiting.png') });
  const second = await player(site, link);
  await waitStatus(first, 'playing');
  // Red's clock runs; nobody moves.
  await first.waitForFunction(() => /^0:0\d\.\d$/.test(document.querySelector('#online-seats .online-clock')?.textContent ?? ''));
  for (const page of [first, second]) await waitStatus(page, 'ended', 15_000);
  assert.equal(await second.locator('#online-result').textContent(), 'Blue won: Red ran out of time.');
  await closeAll([first, second]);
});

test('the computer never plays in a live game, even on a seat it plays at home', async (t) => {
  const first = await player(site, site.server.url);
  await openPanel(first, 'unravel', { size: 4 });
  const link = await create(first, { seat: '0' });
  // The second person has the computer on Blue for Unravel at home.
  const second = await player(site, site.server.url);
  await second.click('#game-tabs [data-game="unravel"]');
  await second.click('#players li:nth-child(2) button');
  await second.goto(link);
  await waitReady(second);
  await waitStatus(second, 'playing');
  await playLive([first, second], { seed: 4, steps: 1 });
  await second.waitForTimeout(1500);
  assert.equal((await live(second)).model.n, 1, 'nothing was played for Blue');
  assert.equal((await state(second)).thinking, null);
  assert.match(await second.title(), /^Your turn · /);
  await playLive([first, second], { seed: 4, steps: 1 });
  await closeAll([first, second]);
});

test('the panel opens whole, below the page bar, with the focus on its first choice', async () => {
  for (const options of [DESKTOP, PHONE]) {
    const page = await player(site, site.server.url + '#unity', options);
    // The button sits far below the card it opens: the page must scroll up to the card.
    await openPanel(page, 'unity');
    await page.waitForFunction(() => document.activeElement?.id === 'online-seat');
    const { card, bar } = await page.evaluate(() => ({
      card: document.querySelector('#online-card').getBoundingClientRect().top,
      bar: document.querySelector('header').getBoundingClientRect().bottom,
    }));
    assert.ok(card >= bar, `${options.viewport.width} px: the card top (${card}) is below the bar (${bar}), not under it`);
    await closeAll([page]);
  }
});
