// Helpers for end-to-end tests of the app page (index.html): opening it, waiting for the
// engine, and reading what it shows through its own module.

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
  // The page's app object as window.__ludus, for plain (not async) wait conditions.
  await page.evaluate(async () => {
    window.__ludus = (await import('/www/app.js')).app;
  });
}

/** What the page shows now, read through its own module. */
export function state(page) {
  return page.evaluate(async () => {
    const { app } = await import('/www/app.js');
    const v = app.view;
    return {
      game: v.game,
      record: v.record,
      cursor: v.cursor,
      steps: v.steps,
      movers: v.movers,
      legal: app.legal,
      pieces: v.pieces,
      outcome: v.outcome,
      players: v.players,
      toMove: v.toMove,
      prompt: v.prompt,
      highlight: v.highlight,
      selection: app.selection,
      thinking: app.thinking ? { seat: app.thinking.seat, record: app.thinking.record } : null,
      workers: app.computer.started,
      lastAnswer: app.lastAnswer ?? null,
    };
  });
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
