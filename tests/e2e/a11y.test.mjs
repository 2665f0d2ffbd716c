// End-to-end: every player included. axe-core finds no serious or critical problem on the
// app page, the widget's sample article and the iframe page; steps that need more than a
// click on a cell (a Unity wall, an asterisk shot, a Merlin's Chain tile) are made with the
// keyboard alone, and the live region says them; the high-contrast mode puts marks on the
// pieces (screenshots in test-artifacts/contrast-*.png).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, artifacts } from './site.mjs';
import { newPage, open, state, axeProblems } from './app-page.mjs';
import { serveData } from './learn-page.mjs';

const site = useSite(['ludus_bg.wasm', 'www/a11y/describe.js', 'www/examples/blog-post.html', 'www/embed.html']);

// bypassCSP: the pages forbid inline script, and axe-core is injected as one.
async function newContext(options = {}) {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 }, bypassCSP: true, ...options });
  // The sample article's puzzle: the shipped puzzles, or the tests' own where none are built yet.
  await serveData(context);
  return context;
}

test('axe-core: no serious or critical problem on the app page, light and dark, menus open', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const context = await newContext({ colorScheme });
    const page = await newPage(context);
    await open(page, `${site.server.url}#unity;players=3;seed=5`);
    assert.deepEqual(await axeProblems(page), [], `${colorScheme}: the page`);
    // (High contrast first: a click outside the Export menu closes it.)
    await page.locator('#contrast-button').click();
    await page.locator('details.ludus-export summary').click();
    await page.locator('[data-export="embed"]').click();
    assert.equal(await page.locator('details.ludus-export').evaluate((d) => d.open), true);
    assert.deepEqual(await axeProblems(page), [], `${colorScheme}: with the Export menu open and high contrast`);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('axe-core: no serious or critical problem in the history, with steps ahead of the cursor', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const context = await newContext({ colorScheme });
    const page = await newPage(context);
    await open(page, `${site.server.url}#unlur;moves=d4,pass,f6,e5,g6,c4;at=2`);
    assert.equal(await page.locator('#moves .step.future').count(), 4);
    assert.deepEqual(await axeProblems(page), [], `${colorScheme}: the move list with future steps`);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('axe-core: no serious or critical problem on the sample article and the iframe page', async () => {
  const context = await newContext();
  const page = await context.newPage();
  // These pages have no icon: the browser's request for /favicon.ico is no error of ours.
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && !/favicon/.test(m.location().url) && page.errors.push(m.text()));
  await page.goto(`${site.server.url}www/examples/blog-post.html`);
  await page.waitForFunction(() => [...document.querySelectorAll('ludus-board')].every((b) => b.state?.status === 'ready'));
  assert.deepEqual(await axeProblems(page), [], 'the sample article');
  await page.goto(`${site.server.url}www/embed.html?playable#unlur;moves=d4,pass,f6`);
  await page.waitForFunction(() => document.querySelector('ludus-board')?.state?.status === 'ready');
  assert.deepEqual(await axeProblems(page), [], 'the iframe page');
  assert.deepEqual(page.errors, []);
  await context.close();
});

/** Presses the arrow keys that take the board's keyboard cursor to `target`. */
async function arrowTo(page, target) {
  const keys = await page.evaluate((target) => {
    const board = window.ludusTest.board();
    const geom = board.geometry();
    const keys = [];
    let start = board.focus;
    if (start < 0) {
      keys.push('ArrowUp'); // the first arrow only shows the cursor
      start = board.startFocus();
    }
    // Breadth-first over what each arrow does (the board's own step function).
    const dirs = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };
    const from = new Map([[start, null]]);
    const queue = [start];
    while (queue.length && !from.has(target)) {
      const cell = queue.shift();
      for (const [key, dir] of Object.entries(dirs)) {
        const next = geom.step(cell, dir);
        if (next >= 0 && !from.has(next)) {
          from.set(next, [cell, key]);
          queue.push(next);
        }
      }
    }
    if (!from.has(target)) return null;
    const path = [];
    for (let c = target; from.get(c); c = from.get(c)[0]) path.unshift(from.get(c)[1]);
    return keys.concat(path);
  }, target);
  assert.ok(keys, `cell ${target} cannot be reached with the arrow keys`);
  for (const key of keys) await page.keyboard.press(key);
  assert.equal(await page.evaluate(() => window.ludusTest.board().focus), target);
}

const announced = (page) => page.locator('#board-box .ludus-announce').textContent();

test('keyboard alone: a Unity wall and an asterisk shot, a Merlin\'s Chain tile', async () => {
  const context = await newContext();
  const page = await newPage(context);
  await open(page, `${site.server.url}#unity;players=2;seed=11`);
  await page.locator('#board-box canvas').focus();

  // A wall: the cursor on one cell, then the digit of the side (1-6: NE, E, SE, SW, W, NW).
  let s = await state(page);
  const wall = s.legal.find((st) => st.kind === 'wall');
  assert.ok(wall, 'a wall can be built at the start');
  const [a, b] = wall.cells;
  const side = await page.evaluate(([a, b]) => [0, 1, 2, 3, 4, 5].find((d) => window.ludusTest.board().geometry().neighbor(a, d) === b), [a, b]);
  await arrowTo(page, a);
  const name = await page.evaluate((a) => window.ludusTest.view().cells[a], a);
  assert.ok((await announced(page)).startsWith(`${name}, `), 'the cursor says which cell it is on');
  await page.keyboard.press(String(side + 1));
  s = await state(page);
  assert.equal(s.steps.at(-1), wall.text, 'the wall was built');
  assert.match(await announced(page), new RegExp(`${wall.text.replace(/[|]/g, '\\|')} played`));

  // Play on (steps chosen here, not by keyboard) until an asterisk can shoot.
  const shot = await page.evaluate(() => {
    const app = window.ludusTest;
    for (let i = 0; i < 300; i++) {
      const shots = app.legal().filter((st) => st.kind === 'asterisk' && st.dir);
      if (shots.length) return shots[0];
      const calm = app.legal().filter((st) => st.kind === 'move');
      const pool = calm.length ? calm : app.legal();
      if (!pool.length) return null;
      app.play(pool[(i * 7) % pool.length].text);
    }
    return null;
  });
  assert.ok(shot, 'an asterisk shot came up');
  await page.locator('#board-box canvas').focus();
  await arrowTo(page, shot.cells[0]);
  await page.keyboard.press('Enter'); // picks the asterisk
  assert.equal((await state(page)).selection?.cell, shot.cells[0]);
  await page.keyboard.press(String(['NE', 'E', 'SE', 'SW', 'W', 'NW'].indexOf(shot.dir) + 1));
  s = await state(page);
  assert.equal(s.steps.at(-1), shot.text, 'the asterisk fired');

  // Merlin's Chain: the cursor to a grey tile, Enter, the cursor to the cell, Enter.
  await open(page, `${site.server.url}#merlins-chain`);
  await page.locator('#board-box canvas').focus();
  s = await state(page);
  const flip = s.legal.find((st) => st.kind === 'flip' && s.pieces.findIndex((p) => p?.label != null && Number(p.label) === Number(st.piece)) !== st.cells[0]);
  assert.ok(flip, 'a flip that moves its tile');
  const tileCell = s.pieces.findIndex((p) => p?.kind === 'tile' && Number(p.label) === Number(flip.piece));
  await arrowTo(page, tileCell);
  assert.match(await announced(page), new RegExp(`unplayed tile ${flip.piece}$`), 'the cursor says what is under it');
  await page.keyboard.press('Enter');
  await arrowTo(page, flip.cells[0]);
  await page.keyboard.press('Enter');
  s = await state(page);
  assert.equal(s.steps.at(-1), flip.text);
  assert.match(await announced(page), new RegExp(`^Green ${flip.text} played\\.`));
  // The text version of the position lists the flipped tile.
  const described = await page.locator('#board-box .ludus-description').textContent();
  assert.match(described, new RegExp(`${s.legal.length} legal steps`));
  assert.match(described, new RegExp(`Green tile ${flip.piece}`));
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('high contrast: marks on Unity\'s three colours, on the page and in the widget', async () => {
  const context = await newContext();
  const page = await newPage(context);
  await open(page, `${site.server.url}#unity;players=3;seed=5`);
  const button = page.locator('#contrast-button');
  assert.equal(await button.getAttribute('aria-pressed'), 'false');
  await button.click();
  assert.equal(await button.getAttribute('aria-pressed'), 'true');
  assert.equal(await page.evaluate(() => window.ludusTest.board().theme.marks), '1');
  await page.waitForTimeout(100);
  await page.locator('#board-box').screenshot({ path: join(artifacts, 'contrast-unity.png') });
  // Kept across a reload.
  await page.reload();
  await page.waitForSelector('body[data-state=ready]');
  assert.equal(await page.locator('#contrast-button').getAttribute('aria-pressed'), 'true');
  await page.keyboard.press('m');
  assert.equal(await page.locator('#contrast-button').getAttribute('aria-pressed'), 'false');

  // The widget: the `contrast` attribute, or the system's wish for more contrast.
  await page.goto(`${site.server.url}www/examples/blog-post.html`);
  await page.waitForFunction(() => [...document.querySelectorAll('ludus-board')].every((b) => b.state?.status === 'ready'));
  const unity = page.locator('ludus-board[record^="unity"]');
  const marks = () => unity.evaluate((b) => b.board.theme.marks ?? '');
  assert.equal(await marks(), '');
  await unity.evaluate((b) => b.setAttribute('contrast', ''));
  assert.equal(await marks(), '1');
  await unity.scrollIntoViewIfNeeded();
  await page.waitForTimeout(100);
  await unity.screenshot({ path: join(artifacts, 'contrast-widget-unity.png') });
  await context.close();

  const more = await newContext({ contrast: 'more' });
  const page2 = await newPage(more);
  await page2.goto(`${site.server.url}www/examples/blog-post.html`);
  await page2.waitForFunction(() => [...document.querySelectorAll('ludus-board')].every((b) => b.state?.status === 'ready'));
  assert.equal(await page2.locator('ludus-board[record^="unity"]').evaluate((b) => b.board.theme.marks), '1');
  await more.close();
});
