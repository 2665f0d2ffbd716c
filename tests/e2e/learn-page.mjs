// Helpers for end-to-end tests of Learn and Puzzles (www/learn/): the lessons and puzzles
// served, and steps made by clicking the trainer's board at its cells' screen positions.
//
// The page reads www/learn/<game>-lessons.json and <game>-puzzles.json. Where the build has
// no such file yet (or one with no entries yet), the tests serve the small hand-made set in
// tests/fixtures/learn/ (real positions and steps the engine accepts), so that the page's
// side is tested for every game; `fromFixtures()` lists the files taken from there.

import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { dist, root } from './site.mjs';
import { streamOrder, sourceOf } from '../../www/learn/data.js';
import { clicksFor, clickOn } from './clicks.mjs';

export const GAMES = ['unravel', 'scattercut', 'unity', 'merlins-chain', 'unlur'];
const FIXTURES = join(root, 'tests/fixtures/learn');

const fixtures = new Set();

/** The file the tests serve for `<game>-<kind>.json`: the build's, else the fixture. */
function source(name) {
  const built = join(dist, 'www/learn', name);
  if (existsSync(built) && JSON.parse(readFileSync(built, 'utf8')).length) return built;
  fixtures.add(name);
  return join(FIXTURES, name);
}

/** The data files served from the fixtures so far (none once the build has them all). */
export function fromFixtures() {
  return [...fixtures].sort();
}

/** The lessons or puzzles of a game, as served. */
export function data(kind, game) {
  return JSON.parse(readFileSync(source(`${game}-${kind}.json`), 'utf8'));
}

/** Puzzles in the order the page shows them (www/learn/data.js: easier first, source games spread). */
export function puzzlesInOrder(game) {
  return streamOrder(data('puzzles', game).map((p) => ({ ...p, source: sourceOf(p.id) })));
}

/** Serves the data files in `context` (a browser context) from the build or the fixtures. */
export async function serveData(context) {
  await context.route(/\/www\/learn\/[a-z-]+-(lessons|puzzles)\.json$/, (route) => {
    const name = new URL(route.request().url()).pathname.split('/').pop();
    const file = source(name);
    if (!existsSync(file)) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({ status: 200, contentType: 'application/json', body: readFileSync(file) });
  });
}

/** What the trainer shows: its state, the message, the drill's view. */
export function trainerState(page) {
  return page.evaluate(() => {
    const t = window.ludusTest.trainer();
    return {
      shown: !!t?.shown,
      kind: t?.kind ?? null,
      game: t?.game ?? null,
      id: t?.item?.id ?? null,
      state: t?.state ?? null,
      message: document.getElementById('trainer-message')?.textContent ?? '',
      why: document.getElementById('trainer-why')?.textContent ?? '',
      goal: document.getElementById('trainer-goal')?.textContent ?? '',
      credit: document.getElementById('trainer-credit')?.textContent ?? '',
      cursor: t?.view?.cursor ?? null,
      steps: t?.view?.steps ?? [],
      toMove: t?.view?.toMove ?? null,
      learner: t?.learner ?? null,
    };
  });
}

/** Waits until the trainer shows `kind` and is ready for the learner's first step. */
export async function waitTrainer(page) {
  await page.waitForFunction(() => window.ludusTest?.trainer()?.shown && window.ludusTest.trainer().state === 'play', null, { timeout: 10000 });
}

/** The legal step `text` is (with its cells), as the trainer's view lists it. */
function legalStep(page, text) {
  return page.evaluate((text) => {
    const v = window.ludusTest.trainer().view;
    return { step: v.legal.find((s) => s.text === text) ?? null, pieces: v.pieces };
  }, text);
}

/** Makes the learner's step `text` with clicks on the board (taps with `touch`). */
export async function clickStep(page, text, { touch = false } = {}) {
  const { step, pieces } = await legalStep(page, text);
  if (!step) throw new Error(`${text} is not among the legal steps shown`);
  const buttons = { fire: '#trainer-fire', pass: '#trainer-pass', tray: (n) => `.trainer-tray button[aria-label="Tile ${n}"]` };
  for (const c of clicksFor(step, pieces, buttons)) await clickOn(page, c, { touch, board: 'trainer' });
}

/**
 * Plays a line (a lesson's or a puzzle's) to its end by clicking the learner's steps and
 * waiting for the page's replies. Returns the trainer's state at the end.
 */
export async function playLine(page, line, options = {}) {
  for (let i = 0; i < line.length; i++) {
    const s = await trainerState(page);
    if (s.toMove !== s.learner) throw new Error(`step ${i} (${line[i]}) is not the learner's`);
    await clickStep(page, line[i], options);
    // The page plays the replies; wait until it is the learner's turn again, or the end.
    await page.waitForFunction(
      (n) => {
        const t = window.ludusTest.trainer();
        return t.at > n && (t.state === 'play' || t.state === 'done');
      },
      i,
      { timeout: 10000 },
    );
    const after = await trainerState(page);
    if (after.state === 'done') return after;
    // Skip the replies the page played.
    i = (await page.evaluate(() => window.ludusTest.trainer().at)) - 1;
  }
  return trainerState(page);
}
