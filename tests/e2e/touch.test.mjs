// End-to-end on a phone: a 390x844 touch screen (isMobile, hasTouch), played with real taps.
// The page never scrolls itself under the finger; a missed or repeated tap never captures in
// Unity; every control is a touch-sized target; the game tabs all fit; against the computer,
// Back lands on the user's own turn and a tap never plays the computer's step. Screenshots
// go to test-artifacts/phone-*.png.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, artifacts } from './site.mjs';
import { newPage, open as openPage, state, waitGame, waitCursor } from './app-page.mjs';

const site = useSite();

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };

const open = (page, hash = '') => openPage(page, site.server.url + hash);

async function phone() {
  const context = await site.browser.newContext(PHONE);
  const page = await newPage(context);
  return { context, page };
}

/** Viewport point of a cell's centre. */
const cellPoint = (page, cell) => page.evaluate((c) => window.ludusTest.board().cellPoint(c), cell);

/** Whether the move list shows its current step inside its own box (run in the page). */
function currentStepInList() {
  const list = document.getElementById('moves');
  const current = list.querySelector('.step.current').getBoundingClientRect();
  const box = list.getBoundingClientRect();
  return current.top >= box.top - 1 && current.bottom <= box.bottom + 1;
}

/** Taps a viewport point with the touchscreen. */
async function tapAt(page, { x, y }) {
  await page.touchscreen.tap(x, y);
  await page.waitForTimeout(60); // let the page redraw (and scroll, if it would)
}

const scrollY = (page) => page.evaluate(() => window.scrollY);
const boardTop = (page) => page.evaluate(() => document.getElementById('board-box').getBoundingClientRect().top);

/** A record of `n` steps of `game`, picked through the page's own module (placements first). */
async function recordOf(page, game, n, seed = 1) {
  await open(page, `#${game}`);
  return page.evaluate(
    ({ n, seed }) => {
      const app = window.ludusTest;
      let s = seed;
      const next = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
      for (let i = 0; i < n && app.legal().length; i++) {
        const places = app.legal().filter((st) => st.kind === 'place');
        const from = places.length ? places : app.legal();
        app.play(from[Math.floor(next() * from.length)].text);
      }
      return app.view().record;
    },
    { n, seed },
  );
}

test('the page stays still: a link opens at the top and taps on the board never scroll it', async () => {
  const { context, page } = await phone();
  // A long game, so that the move list (below the board on a phone) is far down the page.
  const record = await recordOf(page, 'unlur', 30);
  await page.evaluate(() => localStorage.clear());
  await open(page, `#${record}`);
  await page.waitForTimeout(300);
  assert.equal(await scrollY(page), 0, 'a link opens at the top of the page');
  const top = await boardTop(page);
  for (let i = 0; i < 4; i++) {
    const s = await state(page);
    const place = s.legal.find((st) => st.kind === 'place');
    assert.ok(place, 'a placement to tap');
    await tapAt(page, await cellPoint(page, place.cells[0]));
    const after = await state(page);
    assert.equal(after.cursor, s.cursor + 1, `tap ${i + 1} played one step`);
    assert.equal(after.steps[s.cursor], place.text, `tap ${i + 1} played the cell tapped`);
    assert.equal(await scrollY(page), 0, `tap ${i + 1} left the page where it was`);
    assert.equal(await boardTop(page), top, `tap ${i + 1}: the board is still under the finger`);
    await page.screenshot({ path: join(artifacts, `phone-tap-${i + 1}.png`) });
  }
  // The move list itself follows the game: its last step is in view inside the list.
  const inList = await page.evaluate(currentStepInList);
  assert.ok(inList, 'the current step is scrolled into view within the move list');
  // Stepping back through the moves does not scroll the page either.
  await page.locator('#moves .step').first().tap();
  await page.waitForTimeout(60);
  assert.equal((await state(page)).cursor, 1);
  // Last, from the page itself (a tap would first scroll to the button): the list scrolls to
  // its last step and the page stays where it is. (What lies above the list may still change
  // height: the analysis, on since the step back, empties until its first result.)
  const pageY = await scrollY(page);
  await page.evaluate(() => document.getElementById('last-button').click());
  await page.waitForFunction(() => window.ludusTest.view().cursor === window.ludusTest.view().steps.length);
  assert.equal(await scrollY(page), pageY, 'the move list scrolls, not the page');
  assert.ok(await page.evaluate(currentStepInList), 'the last step is scrolled into view within the move list');
  assert.deepEqual(page.errors, []);
  await context.close();
});

/** Unity, two players, 5 a side: the steps and pieces of the shown position. */
async function unityPosition(page) {
  return page.evaluate(() => {
    const app = window.ludusTest;
    const v = app.view();
    return {
      legal: app.legal(),
      pieces: v.pieces,
      mover: v.players[v.toMove].color,
      cursor: v.cursor,
      steps: v.steps,
      apothem: app.board().geometry().apothem,
    };
  });
}

/** A point `px` CSS pixels from the middle of edge a|b, towards the centre of cell `toward`. */
function offEdge(page, a, b, toward, px) {
  return page.evaluate(
    ({ a, b, toward, px }) => {
      const board = window.ludusTest.board();
      const m = board.edgePoint(a, b);
      const c = board.cellPoint(toward);
      const d = Math.hypot(c.x - m.x, c.y - m.y);
      return { x: m.x + ((c.x - m.x) * px) / d, y: m.y + ((c.y - m.y) * px) / d };
    },
    { a, b, toward, px },
  );
}

test('Unity: a missed or repeated tap never captures', async () => {
  const { context, page } = await phone();
  await open(page, '#unity;players=2;size=5;seed=7');
  let p = await unityPosition(page);
  const shots = p.legal.filter((st) => st.kind === 'asterisk');
  const walls = new Set(p.legal.filter((st) => st.kind === 'wall').map((st) => st.cells.join('|')));
  assert.ok(shots.length && walls.size, 'the mover has an asterisk and walls to place');

  // An asterisk of the mover with a legal wall on one of its sides.
  let star = -1;
  let wall = null;
  for (const st of shots) {
    const cell = st.cells[0];
    for (const key of walls) {
      const [a, b] = key.split('|').map(Number);
      if (a === cell || b === cell) {
        star = cell;
        wall = [a, b];
        break;
      }
    }
    if (wall) break;
  }
  assert.ok(wall, 'an asterisk beside a legal wall');
  const other = wall[0] === star ? wall[1] : wall[0];

  // Picking a piece shows a hint above the board: the board stays where it was.
  const top = await boardTop(page);
  await tapAt(page, await cellPoint(page, star));
  assert.deepEqual((await state(page)).selection, { cell: star, piece: null });
  assert.equal(await boardTop(page), top, 'the board did not move when the asterisk was picked');
  await tapAt(page, await cellPoint(page, star));

  // A tap 5 px off the edge, on the asterisk's side, places the wall.
  await tapAt(page, await offEdge(page, wall[0], wall[1], star, 5));
  let s = await state(page);
  assert.equal(s.cursor, p.cursor + 1, 'the tap near the edge made a step');
  assert.equal(s.steps.at(-1), p.legal.find((st) => st.kind === 'wall' && st.cells.join('|') === wall.join('|')).text, 'the wall was placed');
  assert.equal(s.selection, null, 'the asterisk was not picked');
  // Back to the position before (the shots are the mover's again).
  await page.locator('#undo-button').tap();
  await waitCursor(page, p.cursor);

  // The asterisk picked, then tapped again anywhere on itself: it lets go, nothing fires.
  const starPoint = await cellPoint(page, star);
  const away = await offEdge(page, wall[0], wall[1], star, 5); // inside the asterisk, by its edge
  const offCentre = await page.evaluate(({ c, o, k }) => ({ x: c.x + (o.x - c.x) * k, y: c.y + (o.y - c.y) * k }), { c: starPoint, o: await cellPoint(page, other), k: 0.3 });
  for (const second of [starPoint, away, offCentre]) {
    await tapAt(page, starPoint);
    s = await state(page);
    assert.deepEqual(s.selection, { cell: star, piece: null }, 'a tap picks the asterisk');
    await tapAt(page, second);
    s = await state(page);
    assert.equal(s.cursor, p.cursor, 'a second tap on the asterisk plays nothing');
    assert.equal(s.selection, null, 'a second tap on the asterisk lets go of it');
  }
  // Tapping the same spot off the centre again and again: pick, let go, pick... never a shot.
  const spot = await page.evaluate(({ c, o, k }) => ({ x: c.x + (o.x - c.x) * k, y: c.y + (o.y - c.y) * k }), { c: starPoint, o: await cellPoint(page, other), k: 0.22 });
  for (let i = 0; i < 5; i++) await tapAt(page, spot);
  s = await state(page);
  assert.equal(s.cursor, p.cursor, 'repeated taps never fire');

  // The shot: the asterisk, then one of its arrows (outside the piece).
  if (!s.selection) await tapAt(page, starPoint);
  const shot = shots.find((st) => st.cells[0] === star);
  const arrow = await page.evaluate(({ c, d }) => window.ludusTest.board().dirPoint(c, d), { c: star, d: shot.dir });
  const centre = await cellPoint(page, star);
  assert.ok(Math.hypot(arrow.x - centre.x, arrow.y - centre.y) > p.apothem, 'the arrow lies outside the asterisk');
  await page.screenshot({ path: join(artifacts, 'phone-unity-arrows.png') });
  await tapAt(page, arrow);
  s = await state(page);
  assert.equal(s.cursor, p.cursor + 1);
  assert.equal(s.steps.at(-1), shot.text, 'the arrow fired the asterisk');
  await page.locator('#undo-button').tap();
  await waitCursor(page, p.cursor);

  // A ring: a second tap lets go; only the Fire button captures.
  p = await unityPosition(page);
  const ringStep = p.legal.find((st) => st.kind === 'ring');
  assert.ok(ringStep, 'the mover has a ring that can fire');
  {
    const ring = await cellPoint(page, ringStep.cells[0]);
    await tapAt(page, ring);
    assert.equal(await page.locator('#fire-button').isVisible(), true, 'a picked ring offers Fire');
    assert.equal(await boardTop(page), top, 'the board did not move when Fire came up');
    await tapAt(page, ring);
    s = await state(page);
    assert.equal(s.cursor, p.cursor, 'a second tap on the ring captures nothing');
    assert.equal(s.selection, null);
    assert.equal(await page.locator('#fire-button').isVisible(), false);
    await tapAt(page, ring);
    await page.locator('#fire-button').tap();
    s = await state(page);
    assert.equal(s.steps.at(-1), ringStep.text, 'Fire captured with the ring');
  }
  assert.deepEqual(page.errors, []);
  await context.close();
});

/** The interactive elements a person can see, with their boxes. */
function visibleControls(page) {
  return page.evaluate(() => {
    const out = [];
    const selector = 'button, a[href], input, select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';
    for (const e of document.querySelectorAll(selector)) {
      if (e.tagName === 'CANVAS') continue;
      if (e.closest('[hidden], details:not([open]) > :not(summary)')) continue;
      const style = getComputedStyle(e);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      let box = e.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue; // visually hidden (a label stands in)
      // A check box's target is its label, which wraps it.
      if (e.type === 'checkbox' || e.type === 'radio') box = (e.closest('label') ?? e).getBoundingClientRect();
      const name = e.id ? `#${e.id}` : `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${(e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 24)}"`;
      out.push({ name, width: Math.round(box.width * 10) / 10, height: Math.round(box.height * 10) / 10 });
    }
    return out;
  });
}

test('every control is at least 44 by 44 px on a touch screen', async () => {
  const { context, page } = await phone();
  const checked = new Set();
  const small = [];
  const look = async (where) => {
    for (const c of await visibleControls(page)) {
      checked.add(c.name);
      if (c.width < 44 || c.height < 44) small.push(`${where}: ${c.name} ${c.width}x${c.height}`);
    }
  };
  // A game with moves (the move list's steps), every card and menu opened.
  const record = await recordOf(page, 'unity', 6);
  await open(page, `#${record}`);
  await page.evaluate(() => {
    for (const d of document.querySelectorAll('details')) d.open = true;
  });
  await page.waitForTimeout(200);
  await look('unity');
  await page.screenshot({ path: join(artifacts, 'phone-targets-unity.png'), fullPage: true });
  // Merlin's Chain: its tray of tiles.
  await open(page, '#merlins-chain');
  await page.evaluate(() => {
    for (const d of document.querySelectorAll('details')) d.open = true;
  });
  await look('merlins-chain');
  const measured = (part) => [...checked].some((c) => c.includes(part));
  for (const part of ['#copy-link-button', '#undo-button', 'a.game-tab', '#step-input', '#level-select', 'seat-mode', 'button.step', 'tile-button', 'summary']) {
    assert.ok(measured(part), `${part} was measured`);
  }
  assert.deepEqual(small, [], 'controls smaller than 44 px');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the game tabs all fit on a 390 px screen', async () => {
  const { context, page } = await phone();
  await open(page, '#unlur');
  const tabs = await page.evaluate(() =>
    [...document.querySelectorAll('#game-tabs .game-tab')].map((t) => {
      const r = t.getBoundingClientRect();
      return { game: t.dataset.game, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    }),
  );
  assert.equal(tabs.length, 5);
  for (const t of tabs) {
    assert.ok(t.left >= 0 && t.right <= 390, `the ${t.game} tab is on the screen: ${t.left}..${t.right}`);
    assert.ok(t.bottom > t.top && t.top >= 0, `the ${t.game} tab is shown`);
  }
  const overflow = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    tabs: document.getElementById('game-tabs').scrollWidth - document.getElementById('game-tabs').clientWidth,
  }));
  assert.ok(overflow.page <= 390, `the page does not scroll sideways (${overflow.page} px)`);
  assert.ok(overflow.tabs <= 0, 'the tabs do not scroll sideways');
  // Each tab opens its game.
  for (const t of tabs) {
    await page.locator(`#game-tabs [data-game="${t.game}"]`).tap();
    await waitGame(page, t.game);
    await page.waitForTimeout(100);
    await page.screenshot({ path: join(artifacts, `phone-game-${t.game}.png`) });
  }
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('against the computer: Back lands on your own turn, and a tap never plays for the computer', async () => {
  const { context, page } = await phone();
  await open(page, '#unlur;size=5');
  await page.selectOption('#level-select', 'beginner');
  await page.locator('#players .seat-mode[data-seat="1"]').tap();
  await page.waitForFunction(() => document.querySelector('#players .player[data-seat="1"]').classList.contains('computer'));
  const humanTurn = () =>
    page.waitForFunction(() => !window.ludusTest.thinking() && !window.ludusTest.computerToMove() && window.ludusTest.view().cursor === window.ludusTest.view().steps.length, null, {
      timeout: 30000,
      polling: 50,
    });
  for (let i = 0; i < 2; i++) {
    const s = await state(page);
    const place = s.legal.find((st) => st.kind === 'place');
    await page.evaluate(() => window.scrollTo(0, 0)); // the board in view (the seat switch is below it)
    await tapAt(page, await cellPoint(page, place.cells[0]));
    await humanTurn();
  }
  let s = await state(page);
  const n = s.steps.length;
  assert.ok(n >= 4, 'two steps each');
  assert.equal(s.movers[n - 1], 1, 'the computer played last');
  // Back: to the user's previous turn, past the computer's reply.
  await page.locator('#undo-button').tap();
  s = await state(page);
  const own = (c) => s.movers[c] === 0;
  assert.ok(own(s.cursor), `Back stopped on the user's turn (at ${s.cursor}, seat ${s.movers[s.cursor]})`);
  assert.equal(s.cursor, n - 2);
  assert.equal(s.thinking, null);
  // Forward: back to the latest position (the user's turn).
  await page.locator('#redo-button').tap();
  assert.equal((await state(page)).cursor, n);

  // The move list reaches a position with the computer to move: it waits, and the board
  // takes no step there (the Computer plays here button does).
  await page.locator('#moves .step').first().tap();
  s = await state(page);
  assert.equal(s.cursor, 1);
  assert.equal(s.toMove, 1);
  assert.equal(s.thinking, null);
  assert.deepEqual(s.legal, [], 'no step is offered for the computer');
  await page.evaluate(() => window.scrollTo(0, 0)); // the board back in view for the tap
  const empty = s.pieces.findIndex((piece, cell) => !piece && cell >= 0);
  await tapAt(page, await cellPoint(page, empty));
  s = await state(page);
  assert.equal(s.cursor, 1, 'the tap played nothing');
  assert.equal(s.steps.length, n, 'the later steps are kept');
  assert.equal(await page.locator('#computer-here').isVisible(), true);
  assert.deepEqual(page.errors, []);
  await context.close();
});
