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
import { state, savedRecord } from './app-page.mjs';
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
  test(`a whole live game of ${g.game}, clicked on the canvas, ${g.players ?? 2} players`, async () => {
    const { pages } = await startGame(g.game, g.options, { players: g.players ?? 2 });
    // Each page holds its own seat; the second seat of a two-player game sees the board turned.
    const seats = [];
    for (const page of pages) seats.push((await live(page)).model.you);
    assert.deepEqual(seats, pages.map((_, i) => i));
    // No analysis, no hint and no computer while the game is on.
    for (const page of pages) {
      assert.ok(await page.locator('#analysis-toggle, .analysis-toggle').first().isHidden().catch(() => true));
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
