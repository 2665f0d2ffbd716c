// End-to-end: Puzzles, as a person meets them. For every game the stream opens at its
// easiest puzzle, solved by clicking the board (the page plays the replies); a wrong first
// step is refuted on the board by the reply that beats it, then Try again; the streak and
// the rating move and are kept over a reload; the daily puzzle (which game it is shown);
// axe-core passes; a puzzle in a blog post (<ludus-board puzzle="…">) and in the iframe is
// solved by clicking, and an unknown puzzle only says so. Screenshots:
// test-artifacts/puzzle-*.png.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, artifacts } from './site.mjs';
import { newPage, open, axeProblems } from './app-page.mjs';
import { GAMES, data, puzzlesInOrder, serveData, trainerState, waitTrainer, clickStep, playLine, fromFixtures } from './learn-page.mjs';
import { dailyGames, dailyPuzzle, dayKey } from '../../www/learn/daily.js';

const SAMPLE = 'www/examples/blog-post.html';
const site = useSite(['ludus_bg.wasm', 'www/learn/trainer.js', 'www/embed/puzzle.js', SAMPLE]);

async function context(options = {}) {
  const c = await site.browser.newContext({ viewport: { width: 1200, height: 900 }, ...options });
  await serveData(c);
  return c;
}

const stats = (page) => page.evaluate(() => ({ ...window.__ludus.trainer.progress.data }));

/** A puzzle with a refutation (`lost`: a wrong step that loses at once, with no reply), and its wrong first step. */
function refutable(game, { lost = false } = {}) {
  for (const puzzle of puzzlesInOrder(game)) {
    const wrong = Object.keys(puzzle.refutations ?? {}).find((k) => (puzzle.refutations[k].length === 0) === lost);
    if (wrong) return { puzzle, wrong };
  }
  return null;
}

test('every game: the easiest puzzle is solved by clicking the board; streak and rating go up', async (t) => {
  const c = await context();
  const page = await newPage(c);
  let before = null;
  for (const game of GAMES) {
    const first = puzzlesInOrder(game)[0];
    await open(page, `${site.server.url}#puzzles=${game}`);
    await waitTrainer(page);
    let s = await trainerState(page);
    assert.equal(s.kind, 'puzzles');
    assert.equal(s.id, first.id, `${game}: easier first`);
    assert.match(s.credit, /^A game by /);
    before ??= await stats(page);
    if (game === 'merlins-chain') {
      // The tiles to flip lie in a row under the board (not one above another).
      const tops = await page.locator('.trainer-tray button').evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
      assert.ok(tops.length > 1 && new Set(tops).size === 1, `the tiles lie in one row: ${tops}`);
    }
    s = await playLine(page, first.line);
    assert.equal(s.state, 'done', `${game}: solved`);
    assert.match(s.message, /Solved/);
    if (game === 'unravel') await page.screenshot({ path: join(artifacts, 'puzzle-desktop.png') });
  }
  if (fromFixtures().length) t.diagnostic(`served from tests/fixtures/learn (none or no entries built): ${fromFixtures().join(', ')}`);
  const after = await stats(page);
  assert.equal(after.streak, GAMES.length);
  assert.ok(after.rating > before.rating, `${before.rating} -> ${after.rating}`);
  // Kept over a reload; the stream goes on past the solved puzzle.
  await page.reload();
  await open(page, `${site.server.url}#puzzles=unravel`);
  await waitTrainer(page);
  assert.deepEqual(await stats(page), after);
  assert.match(await page.locator('#trainer-stats').textContent(), new RegExp(`Rating ${after.rating} · streak ${after.streak}`));
  const list = puzzlesInOrder('unravel');
  if (list.length > 1) assert.equal((await trainerState(page)).id, list[1].id, 'the next puzzle not solved');
  assert.deepEqual(page.errors, []);
  await c.close();
});

test('a wrong first step is refuted on the board, then Try again; the streak ends', async () => {
  const c = await context();
  const page = await newPage(c);
  for (const game of GAMES) {
    const r = refutable(game);
    if (!r) continue;
    await open(page, `${site.server.url}#puzzles=${game}/${r.puzzle.id}`);
    await waitTrainer(page);
    const start = await trainerState(page);
    await clickStep(page, r.wrong);
    await page.waitForFunction(() => window.__ludus.trainer.drill.state === 'failed', null, { timeout: 10000 });
    const s = await trainerState(page);
    const reply = r.puzzle.refutations[r.wrong];
    assert.equal(s.steps.length, start.steps.length + 1 + reply.length, `${game}: the refutation is on the board`);
    assert.match(s.message, new RegExp(`beats that step\\. Try again\\.`));
    assert.ok(await page.locator('#trainer-retry').isVisible());
    assert.equal((await stats(page)).streak, 0);
    if (game === 'unravel') await page.screenshot({ path: join(artifacts, 'puzzle-refuted.png') });
    await page.click('#trainer-retry');
    assert.equal((await trainerState(page)).steps.length, start.steps.length, 'Try again: the puzzle from its start');
    const solved = await playLine(page, r.puzzle.line);
    assert.equal(solved.state, 'done');
    assert.match(solved.message, /another try/);
  }
  // A wrong step that loses at once stays on the board, said so.
  const lost = GAMES.map((g) => refutable(g, { lost: true })).find(Boolean);
  if (lost) {
    await open(page, `${site.server.url}#puzzles=${lost.puzzle.game}/${lost.puzzle.id}`);
    await waitTrainer(page);
    await clickStep(page, lost.wrong);
    await page.waitForFunction(() => window.__ludus.trainer.drill.state === 'failed');
    assert.match((await trainerState(page)).message, /loses at once\. Try again\./);
  }
  assert.deepEqual(page.errors, []);
  await c.close();
});

test('the daily puzzle: the same for everyone on the date, its game shown', async () => {
  const c = await context();
  const page = await newPage(c);
  await open(page, `${site.server.url}`);
  assert.equal(await page.locator('#daily-link').getAttribute('href'), '#daily');
  await page.click('#daily-link');
  await waitTrainer(page);
  const day = dayKey();
  // The day's game, or the next in turn while a game has no puzzles yet.
  const game = dailyGames(day, GAMES).find((g) => data('puzzles', g).length);
  const want = dailyPuzzle(day, game, data('puzzles', game));
  const s = await trainerState(page);
  assert.equal(s.game, game);
  assert.equal(s.id, want.id);
  const title = await page.evaluate((g) => window.__ludus.gameInfo(g).title, game);
  assert.equal(await page.locator('.trainer-kind').textContent(), `Daily puzzle: ${title}`);
  assert.deepEqual(page.errors, []);
  await c.close();
});

test('axe-core: no serious or critical problem on a puzzle, light and dark', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const c = await context({ colorScheme, bypassCSP: true });
    const page = await newPage(c);
    await open(page, `${site.server.url}#puzzles=merlins-chain`);
    await waitTrainer(page);
    assert.deepEqual(await axeProblems(page), [], colorScheme);
    await c.close();
  }
});

/** Clicks a widget's cell by its name. */
async function clickWidgetCell(page, selector, name) {
  const p = await page.evaluate(
    ({ selector, name }) => {
      const el = document.querySelector(selector);
      return el.board.cellPoint(el.view.cells.indexOf(name));
    },
    { selector, name },
  );
  await page.mouse.click(p.x, p.y);
}

test('a puzzle in a post: solved by clicking, in the widget and the iframe; an unknown one says so', async () => {
  const c = await context();
  const page = await newPage(c);
  await page.goto(site.server.url + SAMPLE);
  const sel = 'ludus-board[puzzle]';
  const spec = await page.locator(sel).getAttribute('puzzle');
  const [game, id] = spec.split('/');
  const puzzle = data('puzzles', game).find((p) => p.id === id);
  assert.ok(puzzle, `the sample's puzzle ${spec} is among the puzzles shipped`);
  await page.waitForFunction((sel) => document.querySelector(sel).state.status === 'ready', sel);
  await page.evaluate((sel) => {
    window.changes = [];
    document.querySelector(sel).addEventListener('ludus-change', (e) => window.changes.push(e.detail.puzzle));
  }, sel);
  const credit = await page.evaluate((sel) => document.querySelector(sel).shadowRoot.querySelector('.credit').textContent, sel);
  assert.match(credit, / · /, 'the designer is credited');
  // The learner's steps by clicks on their cells (the cells named in the step).
  await page.locator(sel).scrollIntoViewIfNeeded();
  const learner = await page.evaluate((sel) => document.querySelector(sel).view.toMove, sel);
  // The widget's height before the first step: Reset, which comes with it, has its place kept.
  const height = () => page.evaluate((sel) => document.querySelector(sel).getBoundingClientRect().height, sel);
  const before = await height();
  let resetSeen = false;
  for (const step of puzzle.line) {
    const v = await page.evaluate((sel) => {
      const el = document.querySelector(sel);
      return { toMove: el.view.toMove, legal: el.view.legal, cells: el.view.cells };
    }, sel);
    if (v.toMove !== learner) {
      await page.waitForFunction(({ sel, learner }) => {
        const el = document.querySelector(sel);
        return el.view.toMove === learner || el.view.outcome;
      }, { sel, learner });
      continue;
    }
    const legal = v.legal.find((s) => s.text === step);
    assert.ok(legal && (legal.kind === 'place' || legal.kind === 'replace'), `${step}: a one-click step`);
    await clickWidgetCell(page, sel, v.cells[legal.cells[0]]);
    resetSeen ||= await page.locator(sel).locator('button.reset').isVisible();
    const now = await height();
    assert.ok(Math.abs(now - before) <= 1, `the puzzle was ${before} px high, ${now} px after ${step}`);
  }
  assert.ok(resetSeen, 'Reset came once a step was tried');
  await page.waitForFunction((sel) => /Solved/.test(document.querySelector(sel).shadowRoot.querySelector('.status').textContent), sel);
  await page.locator(sel).scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(artifacts, 'puzzle-widget.png') });

  assert.equal(await page.evaluate((sel) => document.querySelector(sel).shadowRoot.querySelector('.status').className, sel), 'status over');
  assert.equal(await page.evaluate(() => window.changes.at(-1)), 'done', 'ludus-change says the puzzle is solved');

  // A wrong first step, refuted in the widget by its reply; Reset tries again.
  const r = GAMES.map(refutable).find((x) => x && !/[-~|x@]/.test(x.wrong));
  if (r) {
    await page.evaluate((spec) => {
      const b = document.createElement('ludus-board');
      b.id = 'refuted';
      b.setAttribute('puzzle', spec);
      b.setAttribute('size', '360');
      document.querySelector('article').append(b);
    }, `${r.puzzle.game}/${r.puzzle.id}`);
    await page.waitForFunction(() => document.querySelector('#refuted').state.status === 'ready');
    await page.locator('#refuted').scrollIntoViewIfNeeded();
    await clickWidgetCell(page, '#refuted', r.wrong);
    await page.waitForFunction(() => /beats that step/.test(document.querySelector('#refuted').shadowRoot.querySelector('.status').textContent));
    assert.ok(await page.evaluate(() => document.querySelector('#refuted').shadowRoot.querySelector('.status').classList.contains('note')), 'said as a refusal');
    await page.locator('#refuted').screenshot({ path: join(artifacts, 'puzzle-widget-refuted.png') });
    await page.evaluate(() => document.querySelector('#refuted').shadowRoot.querySelector('.reset').click());
    assert.match(await page.evaluate(() => document.querySelector('#refuted').shadowRoot.querySelector('.status').textContent), /to play and win/);
  }

  // Unknown puzzles, games and malformed names: a message inside the widget.
  await page.evaluate(() => {
    for (const p of ['unravel/no-such-puzzle', 'chess/1', '<b>x</b>']) {
      const b = document.createElement('ludus-board');
      b.setAttribute('puzzle', p);
      b.className = 'bad-puzzle';
      document.body.append(b);
    }
  });
  await page.waitForFunction(() => [...document.querySelectorAll('.bad-puzzle')].every((b) => b.state.status === 'error'));
  const messages = await page.evaluate(() => [...document.querySelectorAll('.bad-puzzle')].map((b) => b.state.message));
  assert.match(messages[0], /no unravel puzzle called "no-such-puzzle"/);
  assert.match(messages[1], /no game called "chess"/);
  assert.match(messages[2], /game\/id/);

  // The iframe page: ?puzzle=… shows the same puzzle.
  await page.goto(`${site.server.url}www/embed.html?puzzle=${encodeURIComponent(spec)}`);
  await page.waitForFunction(() => document.querySelector('ludus-board')?.state.status === 'ready');
  assert.equal(await page.evaluate(() => document.querySelector('ludus-board').view.record), await page.evaluate(async (r) => {
    const { engine } = await import('/www/engine.js');
    const s = (await engine()).Session.fromRecord(r);
    const record = s.view().record;
    s.free();
    return record;
  }, puzzle.record));
  assert.deepEqual(page.errors, []);
  await c.close();
});
