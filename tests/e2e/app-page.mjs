// Helpers for end-to-end tests of the app page (index.html): opening it, waiting for the
// engine, and reading what it shows: on the screen, or where a user cannot read it, through
// the page's test interface (www/test-interface.js, `window.ludusTest`).

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const AXE = createRequire(import.meta.url).resolve('axe-core');

/** A page that collects its errors (page.errors) so a test can assert there were none. */
export async function newPage(context) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.errors = errors;
  return page;
}

/** Opens the app at `url` and waits until it is ready. */
export async function open(page, url) {
  await page.goto(url);
  await waitReady(page);
}

/** Waits for the engine to load; a load failure fails at once with the page's message. */
export async function waitReady(page) {
  await page.waitForSelector('body[data-state]');
  const stateName = await page.evaluate(() => document.body.dataset.state);
  assert.equal(stateName, 'ready', await page.locator('#status-main').textContent());
  // The test interface as window.ludusTest, for plain (not async) wait conditions.
  await page.evaluate(async () => {
    window.ludusTest = (await import('/www/test-interface.js')).ludusTest;
  });
}

/** What the page shows now, read through its test interface. */
export function state(page) {
  return page.evaluate(() => {
    const t = window.ludusTest;
    const v = t.view();
    return {
      game: v.game,
      record: v.record,
      cursor: v.cursor,
      steps: v.steps,
      movers: v.movers,
      legal: t.legal(),
      pieces: v.pieces,
      outcome: v.outcome,
      players: v.players,
      toMove: v.toMove,
      prompt: v.prompt,
      highlight: v.highlight,
      selection: t.selection(),
      thinking: t.thinking(),
      workers: t.computer().started,
      lastAnswer: t.lastAnswer(),
    };
  });
}

/**
 * Waits until the move list marks step `n` of the main line as the one shown (the step before
 * the position shown; none at the start), as a user reads where the game is. A step in a line
 * tried is numbered apart in the list: never step `n` here.
 */
export function waitCursor(page, n, { timeout } = {}) {
  return page.waitForFunction(
    (n) => {
      const current = document.querySelector('#moves [aria-current="step"]');
      return (current ? Number(current.dataset.index) + 1 : 0) === n;
    },
    n,
    timeout ? { timeout } : undefined,
  );
}

/** Waits until the game's tab marked as the one shown is `name`'s, as a user sees which game is open. */
export function waitGame(page, name) {
  return page.waitForFunction((name) => document.querySelector('#game-tabs [aria-current="page"]')?.dataset.game === name, name);
}

/** The record of the most recently played saved game of `game` (www/app/saved-games.js), or null. */
export function savedRecord(page, game) {
  return page.evaluate((game) => {
    const list = JSON.parse(localStorage.getItem('ludus:v1:saved-games') ?? 'null');
    const mine = (list?.games ?? []).filter((g) => g.record.split(';')[0] === game);
    mine.sort((a, b) => b.updated - a.updated);
    return mine[0]?.record ?? null;
  }, game);
}

/** axe-core's serious and critical violations on the page, as readable lines (the page's
 * context needs `bypassCSP`: axe-core is injected as an inline script). */
export async function axeProblems(page) {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`);
}

/** Picks the game's tab, then sets New game's `options` (each field by its name). */
export async function chooseGame(page, game, options = {}) {
  await page.click(`#game-tabs [data-game="${game}"]`);
  await page.waitForFunction((g) => document.querySelector('#game-tabs [aria-current="page"]')?.dataset.game === g, game);
  for (const [key, value] of Object.entries(options)) {
    const field = page.locator(`#options-fields [name="${key}"]`);
    if ((await field.evaluate((e) => e.tagName)) === 'SELECT') await field.selectOption(String(value));
    else await field.fill(String(value));
  }
}

/** A small seeded generator so that a failing game can be replayed. */
export function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
