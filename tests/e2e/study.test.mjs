// End-to-end: studying a game on the page and in the widget. Play a game, go back, try
// another step (a variation: the move list keeps both lines), comment, give a glyph, circle
// a cell and draw an arrow with the mouse, reload, share the link, open it in a fresh
// browser and in the widget (and its iframe), and find everything there; the keyboard
// through the lines; a comment holding markup stays text; make a line the main line and
// delete one; the keyboard draws too; axe-core with the tree and the comment box shown.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { useSite, artifacts } from './site.mjs';
import { newPage, open as openPage, waitReady, axeProblems, waitCursor } from './app-page.mjs';

const site = useSite();

const COMMENT = 'Red <b>must</b> block here & <img src=x onerror="window.__hacked=1">';

/** What the page shows of the game's tree, read through its own module. */
function study(page) {
  return page.evaluate(async () => {
    const app = window.ludusTest;
    const v = app.view();
    const node = v.tree.find((n) => n.id === v.node);
    return {
      record: v.record,
      node: v.node,
      cursor: v.cursor,
      steps: v.steps,
      tree: v.tree.map((n) => ({ id: n.id, parent: n.parent, step: n.step, children: n.children })),
      shown: { step: node.step, comment: node.comment, glyph: node.glyph, arrows: node.arrows, circles: node.circles },
      boardDrawings: app.board().drawings,
      hash: location.hash,
    };
  });
}

/** Makes a legal step with clicks on the board (Unravel: a placement or a swap), not `avoid`. */
async function playByClicks(page, avoid = []) {
  const { step, points } = await page.evaluate(async (avoid) => {
    const app = window.ludusTest;
    const step = app.legal().find((s) => !avoid.includes(s.text));
    return { step: step.text, points: step.cells.map((c) => app.board().cellPoint(c)) };
  }, avoid);
  const before = (await study(page)).node;
  for (const p of points) await page.mouse.click(p.x, p.y);
  await page.waitForFunction((b) => window.ludusTest.view().node !== b, before);
  return step;
}

async function cellPoint(page, cell) {
  return page.evaluate((c) => window.ludusTest.board().cellPoint(c), cell);
}

/** Right-click on a cell (a circle) and a right-button drag from one cell to another (an arrow). */
async function drawWithMouse(page, circle, [from, to]) {
  const c = await cellPoint(page, circle);
  await page.mouse.click(c.x, c.y, { button: 'right' });
  await page.waitForFunction((cell) => window.ludusTest.view().tree.find((n) => n.id === window.ludusTest.view().node).circles.includes(cell), circle);
  const a = await cellPoint(page, from);
  const b = await cellPoint(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2);
  await page.mouse.move(b.x, b.y);
  await page.mouse.up({ button: 'right' });
  await page.waitForFunction(
    ([f, t]) => window.ludusTest.view().tree.find((n) => n.id === window.ludusTest.view().node).arrows.some(([x, y]) => x === f && y === t),
    [from, to],
  );
}

/** The steps shown in the move list: main-line rounds and variations, with the current one. */
function moveList(page) {
  return page.evaluate(() => ({
    main: [...document.querySelectorAll('#moves .round .step')].map((b) => b.textContent),
    variations: [...document.querySelectorAll('#moves .variation')].map((li) => [...li.querySelectorAll('.line-number, .step')].map((b) => b.textContent).join(' ')),
    current: document.querySelector('#moves .step.current')?.textContent ?? null,
    notes: [...document.querySelectorAll('#moves .note')].map((n) => n.textContent),
    markupInNotes: document.querySelectorAll('#moves .note *').length,
    glyphs: [...document.querySelectorAll('#moves .step .glyph')].map((g) => g.textContent),
  }));
}

/** Plays four steps, goes back two, plays another step there, annotates it. Returns what was done. */
async function annotatedGame(page) {
  await openPage(page, `${site.server.url}#unravel;size=6`);
  const main = [];
  for (let i = 0; i < 4; i++) main.push(await playByClicks(page));
  await page.locator('#game-title').click();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await waitCursor(page, 2);
  const other = await playByClicks(page, [main[2]]);
  await page.click('#annotate-button');
  await page.waitForSelector('#comment-box');
  await page.fill('#comment-box', COMMENT);
  await page.locator('#game-title').click(); // leaving the box saves the comment
  await page.waitForFunction((c) => window.ludusTest.view().tree.find((n) => n.id === window.ludusTest.view().node).comment === c, COMMENT);
  await page.click('.glyph-button[data-glyph="!?"]');
  await page.waitForFunction(() => window.ludusTest.view().tree.find((n) => n.id === window.ludusTest.view().node).glyph === '!?');
  await drawWithMouse(page, 14, [0, 35]);
  return { main, other };
}

test('a variation, a comment, a glyph and drawings: kept on reload, in the link, in a fresh browser', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await newPage(context);
  const { main, other } = await annotatedGame(page);

  const check = async (p, where) => {
    const s = await study(p);
    assert.equal(s.shown.step, other, `${where}: the variation's step is shown`);
    assert.equal(s.shown.comment, COMMENT, `${where}: the comment`);
    assert.equal(s.shown.glyph, '!?', `${where}: the glyph`);
    assert.deepEqual(s.shown.circles, [14], `${where}: the circle`);
    assert.deepEqual(s.shown.arrows, [[0, 35]], `${where}: the arrow`);
    assert.deepEqual(s.boardDrawings, { arrows: [[0, 35]], circles: [14] }, `${where}: drawn on the board`);
    // The move list lays out lines tried once its module has loaded (on first use): until
    // then it lists the line shown.
    await p.waitForSelector('#moves .variation');
    const list = await moveList(p);
    assert.deepEqual(list.main, main, `${where}: the main line stays`);
    assert.deepEqual(list.variations, [`2. ${other}!?`], `${where}: the variation, indented, with its glyph`);
    assert.equal(list.current, `${other}!?`);
    assert.deepEqual(list.notes, [COMMENT], `${where}: the comment as text`);
    assert.equal(list.markupInNotes, 0, `${where}: no markup from the comment`);
    assert.equal(await p.evaluate(() => window.__hacked), undefined);
    return s;
  };
  const first = await check(page, 'as made');
  await page.screenshot({ path: join(artifacts, 'study-page.png') });

  await page.reload();
  await waitReady(page);
  await check(page, 'after a reload');

  // The link, in a fresh browser (no saved games).
  const link = page.url();
  const fresh = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const other2 = await newPage(fresh);
  await openPage(other2, link);
  const s = await check(other2, 'from the link');
  assert.equal(s.record, first.record);

  // Export as a text file, import it in the fresh browser: the same game, notes and lines.
  await page.click('.board-toolbar .ludus-export > summary');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-export="text"]')]);
  assert.match(download.suggestedFilename(), /^unravel-.*\.txt$/);
  const text = await readFile(await download.path(), 'utf8');
  assert.match(text, /^\[Game "unravel"\]$/m);
  assert.match(text, /^\[Options "size=6"\]$/m);
  assert.match(text, /^\[Player1 "Red"\]$/m);
  assert.match(text, /^\[Player2 "Blue"\]$/m);
  assert.match(text, /^\[Date "\d{4}-\d\d-\d\d"\]$/m);
  assert.ok(text.includes(COMMENT), 'the comment, as typed');
  assert.ok(text.includes(`(3. ${other}!?`), `the variation (steps numbered from the start): ${text}`);
  await other2.goto(`${site.server.url}`);
  await waitReady(other2);
  await other2.click('.board-toolbar .ludus-export > summary');
  await other2.setInputFiles('.ludus-export-panel input[type="file"]', { name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await other2.waitForFunction((r) => window.ludusTest.view().record === r, first.record);
  await check(other2, 'from the text file');
  assert.match(await other2.locator('.export-status').textContent(), /^Opened game\.txt\.$/);
  // A file that holds no game: the engine's words; the game shown stays.
  await other2.setInputFiles('.ludus-export-panel input[type="file"]', { name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from('[Game "chess"]\n\n1. e4') });
  await other2.waitForFunction(() => document.querySelector('.export-status').classList.contains('error'));
  assert.match(await other2.locator('.export-status').textContent(), /^This file does not hold a game Ludus can open: .*chess/);
  assert.equal((await study(other2)).record, first.record);
  assert.deepEqual(other2.errors, []);
  assert.deepEqual(page.errors, []);
  await fresh.close();
  await context.close();
});

/** What a <ludus-board> shows of the study: comment, caption, move list, drawings, link. */
function widget(page, selector = 'ludus-board') {
  return page.evaluate((sel) => {
    const board = document.querySelector(sel);
    const root = board.shadowRoot;
    const comment = root.querySelector('.comment');
    const moves = root.querySelector('.moves');
    return {
      state: root.querySelector('.frame').dataset.state,
      caption: root.querySelector('.caption').textContent,
      comment: comment.hidden ? null : comment.textContent,
      commentMarkup: comment.children.length,
      moves: moves.hidden ? null : [...moves.querySelectorAll('li')].map((li) => [...li.querySelectorAll('.step')].map((b) => b.textContent)),
      current: moves.querySelector('.step.current')?.textContent ?? null,
      drawings: board.board.drawings,
      open: root.querySelector('.open').href,
      record: board.state.record,
    };
  }, selector);
}

test('the widget and its iframe page show the comment, the glyphs, the drawings and the variations; Open in Ludus keeps them', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await newPage(context);
  const { main, other } = await annotatedGame(page);
  const made = await study(page);
  const reader = await site.browser.newContext({ viewport: { width: 900, height: 1000 } });
  const w = await reader.newPage();
  const errors = [];
  w.on('pageerror', (e) => errors.push(e.message));
  await w.goto(`${site.server.url}www/embed.html${made.hash}`);
  await w.waitForFunction(() => document.querySelector('ludus-board')?.shadowRoot.querySelector('.frame').dataset.state === 'ready');
  let seen = await widget(w);
  assert.equal(seen.comment, COMMENT, 'the comment of the step shown, as text');
  assert.equal(seen.commentMarkup, 0);
  assert.match(seen.caption, /2\. Red d1 !\?$/, 'the caption has the glyph (step 3, in round 2 as the move list numbers it)');
  assert.deepEqual(seen.drawings, { arrows: [[0, 35]], circles: [14] });
  assert.deepEqual(seen.moves, [main, [`${other}!?`]], 'the main line, the variation under the round it branches in');
  assert.equal(seen.current, 'd1!?');
  assert.equal(new URL(seen.open).hash, made.hash, 'Open in Ludus carries the whole study');
  await w.screenshot({ path: join(artifacts, 'study-embed.png') });
  // Scripts: state.node names the step shown; goToNode(id) comes back to it.
  const node = await w.evaluate(() => document.querySelector('ludus-board').state.node);
  await w.evaluate(() => document.querySelector('ludus-board').first());
  assert.equal((await widget(w)).comment, null);
  await w.evaluate((id) => document.querySelector('ludus-board').goToNode(id), node);
  assert.equal((await widget(w)).comment, COMMENT);

  // The reader steps back onto the main line and into the variation again, by keyboard.
  await w.evaluate(() => document.querySelector('ludus-board').shadowRoot.querySelector('.frame').focus());
  await w.keyboard.press('ArrowLeft');
  seen = await widget(w);
  assert.equal(seen.current, main[1], 'left goes back along the line');
  await w.keyboard.press('ArrowRight');
  assert.equal((await widget(w)).current, 'd1!?', 'right goes on along the line it came from');
  await w.keyboard.press('ArrowUp');
  seen = await widget(w);
  assert.equal(seen.current, main[2], 'up goes to the main line');
  assert.equal(seen.comment, null);
  assert.equal(seen.drawings, null);
  await w.keyboard.press('ArrowDown');
  seen = await widget(w);
  assert.equal(seen.current, 'd1!?', 'down goes into the variation');
  assert.equal(seen.comment, COMMENT);
  // And by a click in its move list.
  await w.evaluate(() => document.querySelector('ludus-board').shadowRoot.querySelectorAll('.moves .step')[1].click());
  seen = await widget(w);
  assert.equal(seen.current, main[1]);
  assert.deepEqual(errors, []);
  await reader.close();
  await context.close();
});

test('the keyboard goes along a line and between lines; Make main line and Delete this line reshape the tree', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await newPage(context);
  const { main, other } = await annotatedGame(page);
  const current = async () => (await moveList(page)).current;
  await page.locator('#game-title').click();
  await page.keyboard.press('ArrowUp');
  assert.equal(await current(), main[2], 'up: from the variation back to the main line');
  await page.keyboard.press('ArrowRight');
  assert.equal(await current(), main[3], 'right: along the main line');
  await page.keyboard.press('ArrowDown');
  assert.equal(await current(), `${other}!?`, 'down: into the variation (the nearest branching)');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await current(), main[1], 'left: to the step both lines follow');
  await page.keyboard.press('ArrowDown');
  assert.equal(await current(), main[1], 'no line to go to: nothing moves');
  // A third line from the same step; up and down go between the three.
  const third = await playByClicks(page, [main[2], other]);
  assert.deepEqual((await moveList(page)).variations, [`2. ${other}!?`, `2. ${third}`]);
  // (On the board the arrows move its cursor: the keys go to the page from elsewhere.)
  await page.locator('#game-title').click();
  await page.keyboard.press('ArrowUp');
  assert.equal(await current(), `${other}!?`);
  await page.keyboard.press('ArrowUp');
  assert.equal(await current(), main[2]);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.equal(await current(), third);
  await page.keyboard.press('ArrowUp');

  // Make the variation the main line: the old main line becomes a variation.
  await page.click('#moves .promote-line');
  let list = await moveList(page);
  assert.deepEqual(list.main, [...main.slice(0, 2), `${other}!?`], 'the variation is the main line now');
  assert.deepEqual(list.variations, [`2. ${main[2]} ${main[3]}`, `2. ${third}`], 'the old main line is a variation');
  // Delete the old main line.
  await page.click(`#moves .variation .step:text-is("${main[2]}")`);
  await page.click('#moves .delete-line');
  list = await moveList(page);
  assert.deepEqual(list.variations, [`2. ${third}`], 'the line is gone');
  assert.equal(list.current, main[1], 'the step it branched from is shown');
  const s = await study(page);
  assert.equal(s.tree.length, 5, 'the start, two steps, and the two lines from there');
  // The link holds the tree as it is now.
  assert.ok(s.hash.includes(encodeURI(third)) && !s.hash.includes(`${main[2]},${main[3]}`), s.hash);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('hint and analysis work on the position shown, a variation included', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await newPage(context);
  const { main, other } = await annotatedGame(page);
  // In the variation: `other` is on the board, main[2] is not.
  const legal = await page.evaluate(() => window.ludusTest.legal().map((s) => s.text));
  assert.ok(legal.includes(main[2]) && !legal.includes(other));
  await page.click('#hint-button');
  await page.waitForFunction(() => window.ludusTest.analysis().hint?.best);
  const hint = await page.evaluate(() => ({ best: window.ludusTest.analysis().hint.best.step, record: window.ludusTest.analysis().hint.record, shown: window.ludusTest.view().record }));
  assert.ok(legal.includes(hint.best), `the hint ${hint.best} is a step of the variation's position`);
  assert.equal(hint.record, hint.shown);
  // Analysis of the variation's position, then of the main line's at the same depth.
  if (!(await page.evaluate(() => window.ludusTest.analysis().on))) await page.click('#analysis-button');
  await page.waitForFunction(() => window.ludusTest.analysis().result?.best && window.ludusTest.analysis().result.record === window.ludusTest.view().record);
  assert.ok(legal.includes(await page.evaluate(() => window.ludusTest.analysis().result.best.step)));
  await page.locator('#game-title').click();
  await page.keyboard.press('ArrowUp');
  const mainLegal = await page.evaluate(() => window.ludusTest.legal().map((s) => s.text));
  await page.waitForFunction(() => window.ludusTest.analysis().result?.best && window.ludusTest.analysis().result.record === window.ludusTest.view().record);
  assert.ok(mainLegal.includes(await page.evaluate(() => window.ludusTest.analysis().result.best.step)));
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the keyboard draws: O circles the cursor\'s cell, A and A again an arrow; draw mode lets a finger draw', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await newPage(context);
  await openPage(page, `${site.server.url}#unravel;size=6`);
  await playByClicks(page);
  await page.locator('#board-box canvas').focus();
  await page.keyboard.press('ArrowRight');
  const from = await page.evaluate(() => window.ludusTest.board().focus);
  await page.keyboard.press('o');
  await page.waitForFunction((c) => window.ludusTest.view().tree.find((n) => n.id === window.ludusTest.view().node).circles.includes(c), from);
  await page.keyboard.press('a');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  const to = await page.evaluate(() => window.ludusTest.board().focus);
  assert.notEqual(to, from);
  await page.keyboard.press('A');
  await page.waitForFunction(([f, t]) => window.ludusTest.view().tree.find((n) => n.id === window.ludusTest.view().node).arrows.some(([x, y]) => x === f && y === t), [from, to]);
  // O at the arrow's end circles it; A then Escape draws nothing.
  await page.keyboard.press('o');
  await page.keyboard.press('a');
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('a');
  const shown = (await study(page)).shown;
  assert.deepEqual(shown.circles, [from, to], 'O circles where the cursor is');
  assert.deepEqual(shown.arrows, [[from, to]]);
  assert.equal(await page.evaluate(() => window.ludusTest.board().drawStart), await page.evaluate(() => window.ludusTest.board().focus), 'the last A started an arrow');
  assert.deepEqual(page.errors, []);
  await context.close();

  // A phone: with Draw on the board switched on, a tap circles a cell instead of playing there.
  const phone = await site.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
  const touch = await newPage(phone);
  await openPage(touch, `${site.server.url}#unravel;size=6`);
  await touch.click('#annotate-button');
  await touch.waitForSelector('.draw-mode');
  await touch.tap('.draw-mode');
  assert.equal(await touch.getAttribute('.draw-mode', 'aria-pressed'), 'true');
  await touch.evaluate(() => window.scrollTo(0, 0));
  const p = await cellPoint(touch, 7);
  await touch.touchscreen.tap(p.x, p.y);
  await touch.waitForFunction(() => window.ludusTest.view().tree[0].circles.includes(7));
  assert.equal((await study(touch)).steps.length, 0, 'nothing played');
  await touch.locator('#moves').scrollIntoViewIfNeeded();
  await touch.screenshot({ path: join(artifacts, 'study-page-phone.png'), fullPage: true });
  await touch.tap('.draw-mode');
  await touch.evaluate(() => window.scrollTo(0, 0));
  await touch.touchscreen.tap(p.x, p.y);
  await touch.waitForFunction(() => document.querySelectorAll('#moves .step').length === 1);
  assert.deepEqual(touch.errors, []);
  await phone.close();
});

test('axe-core: no serious or critical problem with the lines tried, a comment and the Annotate panel shown', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 }, colorScheme, bypassCSP: true });
    const page = await newPage(context);
    await annotatedGame(page);
    assert.deepEqual(await axeProblems(page), [], colorScheme);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

// Unravel 3×3 with one mistake at step 7 (index 6): see tests/e2e/analysis.test.mjs.
const BLUNDER_GAME = 'unravel;size=3;moves=c2,b2,a3,a2,a1,c1,c3,b1';
const BLUNDER = BLUNDER_GAME.split('moves=')[1].split(',');

test('a review stays on the line it reviewed while another line is shown, and its better step shows that line', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await newPage(context);
  await openPage(page, `${site.server.url}#${BLUNDER_GAME}`);
  // A line tried from step 2, then back to the end of the game.
  await page.click('#moves .step[data-index="1"]');
  const tried = await page.evaluate(() => {
    const app = window.ludusTest;
    const step = app.legal().find((s) => s.text !== 'a3').text;
    app.play(step);
    return step;
  });
  await page.click('#moves .round .step[data-index="7"]');
  await page.click('#review-button');
  await page.waitForSelector('#moves .better-step', { timeout: 60000 });
  const mainNode = await page.evaluate(() => window.ludusTest.view().line[7]);
  assert.equal(await page.getAttribute('#moves .step.mistake', 'data-node'), String(mainNode));
  // Into the line tried: the mark stays on the main line's step.
  await page.click(`#moves .variation .step:text-is("${tried}")`);
  assert.equal(await page.evaluate(() => window.ludusTest.view().steps[2]), tried);
  assert.equal(await page.getAttribute('#moves .step.mistake', 'data-node'), String(mainNode));
  // The better step: shown in the main line's position where it was missed.
  await page.click('#moves .better-step');
  const at = await page.evaluate(() => ({ cursor: window.ludusTest.view().cursor, steps: window.ludusTest.view().steps }));
  assert.equal(at.cursor, 6);
  assert.deepEqual(at.steps.slice(0, 6), BLUNDER.slice(0, 6));
  assert.match(await page.textContent('#analysis-note'), /was better/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a long annotated game goes in a packed link, which opens to the same game', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await newPage(context);
  await openPage(page, `${site.server.url}#unravel;size=6`);
  for (let i = 0; i < 6; i++) await playByClicks(page);
  const long = 'A long note on this position, written out in full. '.repeat(30).trim();
  await page.click('#annotate-button');
  await page.waitForSelector('#comment-box');
  await page.fill('#comment-box', long);
  await page.locator('#game-title').click();
  await page.waitForFunction((c) => window.ludusTest.view().tree.find((n) => n.id === window.ludusTest.view().node).comment === c, long);
  const { record, hash } = await study(page);
  assert.ok(record.length > 1000, `${record.length} characters`);
  assert.match(hash, /^#~/, 'packed by the engine');
  assert.ok(hash.length < record.length, `${hash.length} < ${record.length}`);
  const fresh = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const other = await newPage(fresh);
  await openPage(other, page.url());
  const s = await study(other);
  assert.equal(s.record, record);
  assert.equal(s.shown.comment, long);
  assert.deepEqual((await moveList(other)).notes, [long]);
  assert.deepEqual(other.errors, []);
  await fresh.close();
  await context.close();
});

test('annotating up to the limit: the comment that would take the game over it is refused in the panel, and the game stays', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await newPage(context);
  await openPage(page, `${site.server.url}#unravel;size=6`);
  // An ideographic space is written ~E3~80~80 in a record: 18,000 bytes a comment of 2,000;
  // twelve would take the record past its 200,000.
  const wide = '\u3000'.repeat(2000);
  await page.click('#annotate-button');
  await page.waitForSelector('#comment-box');
  let refusedAt = 0;
  let before = null;
  for (let i = 1; i <= 12 && !refusedAt; i++) {
    await playByClicks(page);
    before = await study(page);
    await page.fill('#comment-box', wide);
    await page.locator('#game-title').click(); // leaving the box saves the comment
    await page.waitForFunction(
      (c) => window.ludusTest.view().tree.find((n) => n.id === window.ludusTest.view().node).comment === c || !document.getElementById('annotate-refused').hidden,
      wide,
    );
    if (await page.locator('#annotate-refused').isVisible()) refusedAt = i;
  }
  assert.equal(refusedAt, 12);
  const message = await page.locator('#annotate-refused').textContent();
  assert.match(message, /^Not saved: the game's record would be too long \(\d+ bytes; at most 199991\): shorten a comment or delete a variation\.$/);
  // The game is as it was before the refused comment, on the page and in storage.
  const after = await study(page);
  assert.equal(after.record, before.record);
  assert.equal(after.shown.comment, '');
  assert.equal(await page.locator('#comment-box').inputValue(), wide, 'what was typed stays in the box, to be shortened');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('ludus:v1:saved-games')).games.map((g) => g.record));
  assert.deepEqual(stored, [before.record]);
  assert.ok(new TextEncoder().encode(before.record).length <= 200_000);
  await page.screenshot({ path: join(artifacts, 'study-record-limit.png') });
  // A shorter comment fits, and the message goes.
  await page.fill('#comment-box', 'short');
  await page.locator('#game-title').click();
  await page.waitForFunction(() => window.ludusTest.view().tree.find((n) => n.id === window.ludusTest.view().node).comment === 'short');
  assert.equal(await page.locator('#annotate-refused').isHidden(), true);
  const kept = (await study(page)).record;
  // Reloaded without a link, the game comes back: nothing was dropped.
  await openPage(page, site.server.url);
  assert.equal((await study(page)).record, kept);
  assert.equal(await page.locator('#storage-note').count(), 0, 'no note of games that could not be read');
  assert.deepEqual(page.errors, []);
  await context.close();
});
