// Helpers for the end-to-end tests of play online (tests/e2e/online*.test.mjs): a real
// `ludus serve` (tests/e2e/live-server.mjs) serving the built page, headless Chromium, and
// what a player does: open the panel, create a game, send the link, play by clicking the
// canvas, wait for the other page to show the step.

import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launch } from './browser.mjs';
import { artifacts } from './site.mjs';
import { newPage, waitReady, state, chooseGame, random } from './app-page.mjs';
import { LiveServer, freePort, tempDir, ludusBuilt, LUDUS_BIN } from './live-server.mjs';
import { clicksFor, clickOn } from './clicks.mjs';

export const DESKTOP = { viewport: { width: 1200, height: 800 } };
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

/**
 * Registers a test file's set-up: one `ludus serve` on a free port with a database in a
 * temporary folder, and one headless Chromium. Without the server binary the set-up
 * fails, saying how to build it.
 */
export function useLiveSite() {
  const site = { server: null, browser: null, temp: null };
  before(async () => {
    // A missing server fails the tests: they would pass unseen otherwise.
    if (!(await ludusBuilt())) throw new Error(`no server binary at ${LUDUS_BIN}: cargo build --release --bin ludus`);
    await mkdir(artifacts, { recursive: true });
    site.temp = await tempDir();
    site.server = await new LiveServer({ port: await freePort(), db: join(site.temp.dir, 'ludus.db') }).start();
    site.browser = await launch();
  });
  after(async () => {
    await site.browser?.close();
    await site.server?.stop();
    await site.temp?.remove();
  });
  return site;
}

/** A fresh browser context (its own storage: another person) with a page open at `url`. */
export async function player(site, url, options = DESKTOP) {
  const context = await site.browser.newContext(options);
  const page = await newPage(context);
  await page.goto(url);
  await waitReady(page);
  page.context = () => context;
  // A touch device's page is played with taps.
  page.touch = !!options.hasTouch;
  return page;
}

/** The live game as the page holds it (the test interface's `live()`). */
export function live(page) {
  return page.evaluate(() => window.ludusTest.live());
}

/** Opens the Play online panel on the game of the tab `game`, with New game's `options`. */
export async function openPanel(page, game, options = {}) {
  await chooseGame(page, game, options);
  await page.click('#play-online-button');
  await page.waitForSelector('#online-create-button');
}

/**
 * Creates a game from the open panel; returns the link to send (`…#live=ID`).
 * @param {import('playwright-core').Page} page
 * @param {{ seat?: string, clock?: string, open?: boolean, name?: string }} choice
 */
export async function create(page, { seat = '0', clock = '10+5', open = false, name = '' } = {}) {
  await page.selectOption('#online-seat', seat);
  await page.selectOption('#online-clock', clock);
  if (open) await page.check('#online-open');
  if (name) await page.fill('#online-name', name);
  await page.click('#online-create-button');
  const link = await page.waitForSelector('#online-link');
  const href = await link.inputValue();
  assert.match(href, /^http:\/\/127\.0\.0\.1:\d+\/#live=[2-9a-zA-Z]{10}$/);
  // The seat's token stays in this browser: never in the link.
  const tokens = await page.evaluate(() => JSON.parse(localStorage.getItem('ludus:v1:live-tokens') ?? '{}'));
  assert.ok(Object.keys(tokens).length > 0, 'the token is kept');
  for (const held of Object.values(tokens)) assert.ok(!href.includes(held.token), 'no token in the link');
  return href;
}

/** Waits until the page's live game has `n` confirmed steps and its board shows them all. */
export function waitSteps(page, n, timeout = 10_000) {
  return page.waitForFunction(
    (n) => {
      const t = window.ludusTest;
      const l = t.live();
      const v = t.view();
      return !!l?.model && l.model.n === n && !l.model.pending && l.shown && v.steps.length === n && v.cursor === n;
    },
    n,
    { timeout },
  );
}

/** Waits until the page's live game is in `status` ('waiting', 'playing', 'ended'). */
export function waitStatus(page, status, timeout = 10_000) {
  return page.waitForFunction((s) => window.ludusTest.live()?.model?.status === s, status, { timeout });
}

/** Makes one step on `page` with clicks (a pass with its button; taps on a touch device's page). */
export async function clickStep(page, step) {
  const tap = !!page.touch;
  const s = await state(page);
  for (const c of clicksFor(step, s.pieces)) await clickOn(page, c, { touch: tap });
}

/**
 * Plays the live game shown on `pages` (each a seat's page) by clicking, until it ends or
 * `steps` more steps are made: each step is clicked on the page whose turn it is, and every
 * page waits for it to be confirmed. Returns the number of steps of the game.
 */
export async function playLive(pages, { seed = 1, limit = 400, steps = Infinity, prefer = () => 0, opening = [] } = {}) {
  const rand = random(seed);
  let made = 0;
  for (;;) {
    const { model } = await live(pages[0]);
    if (model.status === 'ended' || made >= steps) return model.n;
    assert.ok(model.n < limit, `the game did not end within ${limit} steps`);
    let mover = null;
    for (const page of pages) if ((await live(page)).model.you === model.toMove) mover = page;
    assert.ok(mover, `a page holds seat ${model.toMove}`);
    const s = await state(mover);
    assert.ok(s.legal.length, 'the mover has legal steps');
    const wanted = opening[model.n];
    let step = wanted ? s.legal.find((st) => st.text === wanted) : null;
    if (!step) {
      const best = Math.max(...s.legal.map((st) => prefer(st, s, rand)));
      const pool = s.legal.filter((st) => prefer(st, s, rand) === best);
      step = pool[Math.floor(rand() * pool.length)];
    }
    await clickStep(mover, step);
    for (const page of pages) await waitSteps(page, model.n + 1);
    const after = await state(pages[0]);
    assert.equal(after.steps[model.n], step.text, `the clicks made ${step.text}`);
    made++;
  }
}
