// End-to-end: the built site (dist/) in headless Chromium. Plays a whole game of each of the
// five games by clicking the canvas, checks the result shown, reopens the game from its URL,
// feeds broken and hostile links, and saves screenshots into test-artifacts/.
//
// The legal steps (with the cells each is made by) are read from the page's own module
// (`/www/app.js` exports the app); every step is then made with real mouse clicks on the
// canvas at the cells' screen positions.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, artifacts } from './site.mjs';
import { newPage, open as openPage, waitReady, state, savedRecord, waitCursor, chooseGame, random } from './app-page.mjs';
import { boardPoint, clicksFor, clickOn } from './clicks.mjs';


const site = useSite();

const open = (page, hash = '') => openPage(page, site.server.url + hash);

/** Makes one step with canvas clicks (pass with its button) and checks it was played. */
async function playStep(page, step, s) {
  if (step.kind === 'pass') {
    await page.click('#pass-button');
  } else {
    for (const c of clicksFor(step, s.pieces)) await clickOn(page, c);
  }
  await waitCursor(page, s.cursor + 1, { timeout: 5000 });
  const after = await state(page);
  assert.equal(after.steps[s.cursor], step.text, `the clicks made ${step.text}`);
  return after;
}

/** Starts a game from the options form. */
async function startFromForm(page, game, options) {
  await chooseGame(page, game, options);
  await page.click('#start-button');
  await waitCursor(page, 0);
  assert.equal(await page.locator('#options-error').isHidden(), true, await page.locator('#options-error').textContent());
  const s = await state(page);
  for (const [key, value] of Object.entries(options)) {
    const given = new RegExp(`;${key}=${value}(;|$)`).test(s.record);
    const byDefault = !s.record.includes(`;${key}=`);
    assert.ok(given || byDefault, `option ${key}=${value} in ${s.record}`);
  }
  assert.equal(s.game, game);
  assert.equal(s.steps.length, 0);
  return s;
}

/** Picks the next step: `prefer` orders kinds (earlier first), else uniformly at random. */
function choose(legal, rand, prefer = () => 0) {
  const best = Math.max(...legal.map(prefer));
  const pool = legal.filter((st) => prefer(st) === best);
  return pool[Math.floor(rand() * pool.length)];
}

async function playOut(page, { seed, limit, prefer, opening = [] }) {
  const rand = random(seed);
  let s = await state(page);
  let count = 0;
  const kinds = new Set();
  while (!s.outcome && s.legal.length) {
    assert.ok(count++ < limit, `the game did not end within ${limit} steps`);
    let step;
    if (count <= opening.length) {
      step = s.legal.find((st) => st.text === opening[count - 1]);
      assert.ok(step, `opening step ${opening[count - 1]} is legal`);
    } else {
      step = choose(s.legal, rand, prefer ? (st) => prefer(st, s, rand) : undefined);
    }
    kinds.add(step.kind);
    s = await playStep(page, step, s);
  }
  s.kinds = kinds;
  return s;
}

async function checkResult(page, s) {
  assert.ok(s.outcome, 'the game is over');
  assert.equal(s.legal.length, 0);
  const status = page.locator('#status');
  assert.ok(await status.evaluate((e) => e.classList.contains('over')), 'status shows the end');
  // The status line says the result in the engine's words, which name the winner.
  const text = await page.locator('#status-main').textContent();
  assert.equal(text, s.prompt);
  if (s.outcome.kind === 'winner') {
    assert.ok(text.startsWith(`${s.players[s.outcome.seat].name} wins`), `status names the winner: ${text}`);
    assert.equal(await page.locator('.player.winner').count(), 1);
  } else {
    assert.ok(text.startsWith('Draw'), text);
    assert.equal(await page.locator('.player.winner').count(), 0);
  }
  assert.ok(await page.locator('#play-again').isVisible(), 'the game is over: Play again is offered');
}

/** Opens the current URL in a fresh context (no saved games) and compares the position. */
async function checkReopen(context, page, s) {
  const url = page.url();
  const fresh = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const other = await newPage(fresh);
  await other.goto(url);
  await waitReady(other);
  const t = await state(other);
  assert.equal(t.record, s.record, 'same record from the link');
  assert.deepEqual(t.pieces, s.pieces, 'same position from the link');
  assert.deepEqual(t.steps, s.steps, 'same history from the link');
  assert.deepEqual(t.outcome, s.outcome);
  assert.equal(await other.locator('#moves .step').count(), s.steps.length, 'move list complete');
  assert.deepEqual(other.errors, []);
  await fresh.close();
  // And a plain reload of the same page keeps it too.
  await page.reload();
  await waitReady(page);
  const r = await state(page);
  assert.equal(r.record, s.record);
}

const GAMES = [
  {
    game: 'unravel',
    options: { size: 4 },
    seed: 11,
    limit: 400,
    // Blue's a2 makes a crosscut that Blue must then unravel with a swap.
    opening: ['a1', 'b1', 'b2', 'a2'],
    kinds: ['place', 'swap'],
  },
  {
    game: 'scattercut',
    options: { size: 4 },
    seed: 12,
    limit: 400,
    // Blue's a2 makes a crosscut: b1 comes off and must be re-placed.
    opening: ['a1', 'b1', 'b2', 'a2'],
    kinds: ['place', 'replace'],
  },
  {
    game: 'unlur',
    options: { size: 4 },
    seed: 13,
    limit: 200,
    // Pass now and then to end the contract, then place.
    prefer: (st, s, rand) => (st.kind === 'pass' ? (s.steps.length >= 2 && rand() < 0.5 ? 2 : 0) : 1),
    kinds: ['place', 'pass'],
  },
  {
    game: 'unity',
    options: { size: 5, players: 3 },
    seed: 14,
    limit: 400,
    // A slide first, a wall next (edge clicks); then captures, which end games fastest.
    prefer: (st, s) => {
      if (s.steps.length === 0) return st.kind === 'move' ? 3 : 0;
      if (st.kind === 'wall') return s.steps.length === 1 || s.prompt.includes('second wall') ? 3 : 0;
      if (st.kind === 'ring' || st.kind === 'asterisk') return 2;
      return 1;
    },
    kinds: ['move', 'wall', 'asterisk'],
  },
  {
    game: 'merlins-chain',
    options: {},
    seed: 15,
    limit: 64,
    kinds: ['flip'],
  },
];

for (const g of GAMES) {
  test(`plays a whole game of ${g.game} by clicking the canvas`, async () => {
    const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
    const page = await newPage(context);
    await open(page);
    await startFromForm(page, g.game, g.options);
    const s = await playOut(page, g);
    for (const kind of g.kinds) assert.ok(s.kinds.has(kind), `a ${kind} step was made by clicking`);
    await checkResult(page, s);
    await page.screenshot({ path: join(artifacts, `${g.game}-end.png`) });
    const saved = await savedRecord(page, g.game);
    assert.equal(saved, s.record, 'the finished game is saved');
    await checkReopen(context, page, s);
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

test('a broken or hostile link explains itself and leaves the saved game alone', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await newPage(context);
  await open(page, '#unravel;size=5');
  let s = await state(page);
  const rand = random(3);
  for (let i = 0; i < 3; i++) s = await playStep(page, choose(s.legal, rand), s);
  const saved = await savedRecord(page, 'unravel');
  assert.equal(saved, s.record);

  const games = 'the games are unravel, scattercut, unity, merlins-chain, unlur';
  const bad = [
    // an illegal step
    ['#unravel;size=5;moves=a1,a1', 'step 2 (a1) cannot be played: a1 is occupied'],
    // not decodable
    ['#unravel;moves=%E0%A4%A', 'the link is damaged (it is not properly encoded)'],
    ['#nosuchgame;moves=a1', `unknown game "nosuchgame" (${games})`],
    // markup is shown as text, cut short
    ['#' + encodeURIComponent('<img src=x onerror="window.__pwned=1">'), `unknown game "<img src=x onerror=\\"win…" (${games})`],
  ];
  for (const [hash, reason] of bad) {
    await page.goto(site.server.url + hash);
    await waitReady(page);
    await page.waitForSelector('#notice:not([hidden])');
    const message = await page.locator('#notice-text').textContent();
    assert.equal(message, `This link does not hold a game Ludus can open: ${reason}. A new game has been started instead.`);
    assert.equal(await page.locator('#notice img').count(), 0, 'no HTML from the link');
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    const still = await savedRecord(page, 'unravel');
    assert.equal(still, saved, `saved game untouched after ${hash}`);
  }
  await page.screenshot({ path: join(artifacts, 'broken-link.png') });

  // The notice offers the saved game back.
  await page.goto(site.server.url + '#unravel;moves=zz99');
  await page.waitForSelector('#notice:not([hidden])');
  await page.click('#notice-actions button');
  await page.waitForFunction(() => document.getElementById('notice').hidden);
  const back = await state(page);
  assert.equal(back.record, saved);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('history: move list, undo/redo, back/forward, keyboard and typed steps', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await newPage(context);
  await open(page, '#unlur;size=5');
  let s = await state(page);

  // Keyboard: focus the board, move the cursor, Enter places a stone.
  await page.focus('#board-box canvas');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await waitCursor(page, 1);
  s = await state(page);
  assert.equal(s.steps.length, 1);

  // A typed step, then a wrong one with the engine's message.
  const typed = s.legal.find((st) => st.kind === 'place').text;
  await page.fill('#step-input', typed);
  await page.press('#step-input', 'Enter');
  await waitCursor(page, 2);
  await page.fill('#step-input', typed);
  await page.press('#step-input', 'Enter');
  await page.waitForFunction(() => document.getElementById('step-help').textContent.length > 0);
  assert.equal(await page.locator('#step-help').textContent(), `${typed} is occupied`);
  s = await state(page);
  assert.equal(s.steps.length, 2);

  // Undo, redo, jump by clicking the move list.
  await page.click('#undo-button');
  await waitCursor(page, 1);
  await page.click('#redo-button');
  await waitCursor(page, 2);
  await page.click('#moves .step[data-index="0"]');
  await waitCursor(page, 1);
  s = await state(page);
  assert.equal(s.steps.length, 2, 'going back keeps the later steps');
  assert.ok(s.record.endsWith(';at=1'), s.record);
  // Back in the contract: the 37 inner cells of a side-5 board but the one taken, and a pass.
  assert.equal(s.legal.length, 37, 'steps can be played from the past');

  // Browser back/forward move through the history of the page.
  await page.click('#last-button');
  await waitCursor(page, 2);
  s = await state(page);
  const rand = random(5);
  s = await playStep(page, choose(s.legal.filter((x) => x.kind === 'place'), rand), s);
  assert.equal(s.steps.length, 3);
  await page.goBack();
  await waitCursor(page, 2);
  await page.goForward();
  await waitCursor(page, 3);

  // Flipping the board keeps clicks on the right cells.
  await page.click('#flip-button');
  s = await state(page);
  s = await playStep(page, choose(s.legal.filter((x) => x.kind === 'place'), rand), s);
  await page.screenshot({ path: join(artifacts, 'unlur-flipped.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('Unity setup: a new random setup, then pieces and walls placed by hand in the editor', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await newPage(context);
  await open(page, '#unity');
  const first = await state(page);
  await page.click('text=New random setup');
  await page.waitForFunction((r) => window.ludusTest.view().record !== r, first.record);
  const second = await state(page);
  assert.notEqual(second.record, first.record, 'a new random setup');
  assert.equal(await page.locator('#options-error').isHidden(), true);

  await page.click('text=Edit setup…');
  await page.waitForSelector('#setup-editor[open]');
  const names = second.pieces.map((_, i) => i);
  // Wall tool: click the edge between cells 30 and 31; eraser: empty cell 40.
  await page.click('[data-tool="wall"]');
  const edge = await page.evaluate(() => window.ludusTest.board('editor').edgePoint(30, 31));
  await page.mouse.click(edge.x, edge.y);
  await page.click('[data-tool="."]');
  const cell = await page.evaluate(() => window.ludusTest.board('editor').cellPoint(40));
  await page.mouse.click(cell.x, cell.y);
  assert.match(await page.locator('#editor-counts').textContent(), /1 wall\b/);
  await page.screenshot({ path: join(artifacts, 'unity-editor.png') });
  await page.click('#editor-use');
  await page.waitForFunction(() => !document.getElementById('setup-editor').open);
  const edited = await state(page);
  const layout = /;layout=([^;]*)/.exec(edited.record)[1];
  assert.equal(layout.length, names.length);
  assert.equal(layout[40], '.', 'the erased cell is empty');
  assert.equal(edited.pieces[40], null);
  assert.match(edited.record, /;walls=[a-i]\d\|[a-i]\d(;|$)/);
  const wall = await page.evaluate(async () => {
    const app = window.ludusTest;
    return app.view().walls;
  });
  assert.deepEqual(wall, [[30, 31]]);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test("Unity setup editor: Random loads the engine's setup for a fresh seed, and Use plays it", async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await newPage(context);
  await open(page, '#unity');
  await page.click('text=Edit setup…');
  await page.waitForSelector('#setup-editor[open]');
  const before = await page.evaluate(() => window.ludusTest.editorLayout());
  // The editor draws its seed from Math.random: 0.25 makes seed 250000000.
  await page.evaluate(() => {
    Math.random = () => 0.25;
  });
  await page.click('#editor-random');
  assert.equal(await page.locator('#editor-error').isHidden(), true);
  const shown = await page.evaluate(() => window.ludusTest.editorLayout());
  assert.notEqual(shown, before, 'a new setup in the editor');
  assert.match(await page.locator('#editor-counts').textContent(), /Purple: \d+ .*Orange: \d+ .*Green: \d+/);
  await page.click('#editor-use');
  await page.waitForFunction(() => !document.getElementById('setup-editor').open);
  const { played, expected } = await page.evaluate(async () => {
    const app = window.ludusTest;
    const fresh = app.engine().Session.create('unity', { seed: '250000000' });
    const parts = (record) => {
      const { options } = app.engine().parseRecord(record);
      return { layout: options.layout, walls: options.walls ?? '' };
    };
    const expected = parts(fresh.record());
    fresh.free();
    return { played: parts(app.view().record), expected };
  });
  assert.equal(played.layout, shown);
  assert.deepEqual(played, expected, "the game plays the engine's setup for that seed");
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the canvas is sharp on high-DPI screens, follows resizes and takes taps', async () => {
  const context = await site.browser.newContext({
    viewport: { width: 1000, height: 760 },
    deviceScaleFactor: 2,
    hasTouch: true,
  });
  const page = await newPage(context);
  await open(page, '#scattercut;size=6');
  const size = () =>
    page.evaluate(() => {
      const c = document.querySelector('#board-box canvas');
      return { w: c.width, h: c.height, cw: c.clientWidth, ch: c.clientHeight, dpr: devicePixelRatio };
    });
  let s1 = await size();
  assert.equal(s1.dpr, 2);
  assert.equal(s1.w, Math.round(s1.cw * 2));
  assert.equal(s1.h, Math.round(s1.ch * 2));
  await page.setViewportSize({ width: 520, height: 900 });
  await page.waitForFunction((before) => document.querySelector('#board-box canvas').clientWidth !== before, s1.cw);
  const s2 = await size();
  assert.ok(s2.cw < s1.cw, 'the board shrank with the window');
  assert.equal(s2.w, Math.round(s2.cw * 2));
  // A tap on a cell after the resize lands on that cell.
  let s = await state(page);
  const target = s.legal.find((st) => st.text === 'c3');
  const { x, y } = await boardPoint(page, { cell: target.cells[0] });
  await page.touchscreen.tap(x, y);
  await waitCursor(page, 1);
  s = await state(page);
  assert.deepEqual(s.steps, ['c3']);
  await page.screenshot({ path: join(artifacts, 'narrow-hidpi.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('Unity by keyboard: a wall from the cursor, then an asterisk shot', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await newPage(context);
  await open(page, '#unity');
  await page.focus('#board-box canvas');
  await page.keyboard.press('ArrowLeft'); // shows the cursor on the centre cell
  await page.keyboard.press('2'); // a wall on its east side
  await waitCursor(page, 1);
  let s = await state(page);
  assert.match(s.steps[0], /^[a-i]\d\|[a-i]\d$/);
  // Orange: walk the cursor to one of its asterisks, select it, fire with a digit.
  const star = s.legal.find((st) => st.kind === 'asterisk');
  const target = star.cells[0];
  await cursorTo(page, target);
  await page.keyboard.press('Enter');
  s = await state(page);
  assert.equal(s.selection?.cell, target);
  const digit = String(['NE', 'E', 'SE', 'SW', 'W', 'NW'].indexOf(star.dir) + 1);
  await page.keyboard.press(digit);
  await waitCursor(page, 2);
  s = await state(page);
  assert.equal(s.steps[1], star.text);
  assert.deepEqual(page.errors, []);
  await context.close();
});

/** Walks the board's keyboard cursor to `target` with the arrow keys. */
async function cursorTo(page, target) {
  const path = await page.evaluate(async (t) => {
    const app = window.ludusTest;
    const g = app.board().geometry();
    const keys = [];
    let c = app.board().focus;
    for (let i = 0; i < 40 && c !== t; i++) {
      const [x, y] = g.center(c);
      const [tx, ty] = g.center(t);
      const key = Math.abs(ty - y) > 1 ? (ty < y ? 'up' : 'down') : tx < x ? 'left' : 'right';
      c = g.step(c, key);
      keys.push({ up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight' }[key]);
    }
    return c === t ? keys : null;
  }, target);
  assert.ok(path, 'the cursor can reach its cell');
  for (const key of path) await page.keyboard.press(key);
}

/** Clicks the cell named `name` ("e5") on the game's board. */
async function clickCell(page, name) {
  const cell = await page.evaluate((name) => window.ludusTest.view().cells.indexOf(name), name);
  assert.ok(cell >= 0, name);
  await clickOn(page, { cell });
}

// The status line's second line: what the page says about the last click.
const statusText = (page) => page.locator('#status-sub').textContent();

test('Unity: a click that makes no step is answered with the reason, in words about the board', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await newPage(context);
  // A piece picked, then a space behind a wall: the piece stays picked and the wall is named.
  await open(page, '#unity;layout=....Og.......GG.....GPG......G.G.....GGG....GG.....o....P....;walls=e5|f4');
  const i1 = await page.evaluate(() => window.ludusTest.view().cells.indexOf('i1'));
  await clickCell(page, 'i1');
  assert.equal((await state(page)).selection?.cell, i1);
  await clickCell(page, 'e5');
  assert.equal(await statusText(page), 'A wall blocks the way from i1 to e5.');
  const picked = await state(page);
  assert.equal(picked.cursor, 0, 'nothing was played');
  assert.equal(picked.selection?.cell, i1, 'the piece stays picked');
  // A ring whose capture is forbidden: Fire is offered, and pressing it says why not.
  await open(page, '#unity;layout=..........P..OG.....GPG......GO..............................');
  await clickCell(page, 'd4');
  await page.locator('#fire-button').waitFor({ state: 'visible' });
  await page.click('#fire-button');
  assert.equal(await statusText(page), 'The ring on d4 may not fire: that capture would leave Orange with no pieces.');
  assert.equal((await state(page)).cursor, 0);
  // Nothing to do but pass: a click on the board says so, not how steps are typed.
  await open(page, '#unity;layout=GGGGGGGGGGGGGGGGGGGGGGOPGGGGGGPOGGGGGGGGGGGGGGGGGGGGGGGGGGGGG;walls=d5|e6;supply=0');
  await clickCell(page, 'e5');
  const said = await statusText(page);
  assert.match(said, /Purple can do nothing on the board.*must pass/);
  assert.doesNotMatch(said, /write|c3-c6/);
  await page.screenshot({ path: join(artifacts, 'unity-refused-click.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('Unity by keyboard: a direction key that makes no step is answered with the reason, the asterisk kept', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await newPage(context);
  await open(page, '#unity');
  // A Purple asterisk on e5, a Purple ring on a1 and a lone Orange ring just north-east of
  // e5: the asterisk may fire every way but north-east, which would leave Orange no pieces.
  const setup = await page.evaluate(async () => {
    const app = window.ludusTest;
    const cells = app.view().cells;
    const g = app.board().geometry();
    const star = cells.indexOf('e5');
    const orange = g.neighbor(star, 'NE');
    const layout = cells.map(() => '.');
    layout[star] = 'p';
    layout[orange] = 'O';
    layout[cells.indexOf('a1')] = 'P';
    const corner = cells.indexOf('a1');
    const outward = ['NE', 'E', 'SE', 'SW', 'W', 'NW'].findIndex((d) => g.neighbor(corner, d) < 0);
    return { star, orange: cells[orange], layout: layout.join(''), corner, outward };
  });
  await open(page, `#unity;layout=${setup.layout}`);
  await page.focus('#board-box canvas');
  await page.keyboard.press('ArrowLeft'); // shows the cursor
  await cursorTo(page, setup.star);
  await page.keyboard.press('Enter');
  assert.equal((await state(page)).selection?.cell, setup.star, 'the asterisk is picked');
  await page.keyboard.press('1'); // north-east
  assert.equal(
    await statusText(page),
    `The asterisk on e5 may not fire to the north-east: that capture would leave Orange with no pieces.`,
  );
  assert.equal(await page.locator('#status').getAttribute('aria-live'), 'polite', 'the status is a live region');
  let s = await state(page);
  assert.equal(s.cursor, 0, 'nothing was played');
  assert.equal(s.selection?.cell, setup.star, 'the asterisk stays picked');
  // With nothing picked, a key for the side of a corner cell that faces off the board.
  await page.keyboard.press('Escape');
  assert.equal((await state(page)).selection ?? null, null, 'Escape lets go of the asterisk');
  await cursorTo(page, setup.corner);
  await page.keyboard.press(String(setup.outward + 1));
  assert.match(await statusText(page), /^There is no space to the [a-z-]+ of a1: a wall goes between two spaces of the board\.$/);
  assert.equal((await state(page)).cursor, 0, 'nothing was played');
  // A direction the asterisk may fire still fires (east: it takes only itself off).
  await cursorTo(page, setup.star);
  await page.keyboard.press('Enter');
  await page.keyboard.press('2');
  await waitCursor(page, 1);
  s = await state(page);
  assert.equal(s.steps[0], 'e5xE');
  await page.screenshot({ path: join(artifacts, 'unity-refused-key.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});
