// End-to-end: the embeddable board (<ludus-board>, www/embed/) on the built sample article
// dist/www/examples/blog-post.html and the iframe page dist/www/embed.html, in headless
// Chromium. Every board draws; a replay steps forward and back; a playable board takes a
// click; a bad record shows a message while the other boards work; hostile host CSS does not
// break the widgets; the page gets no new globals and no document styles; all boards share
// one fetch of the wasm module; on a phone every control is a touch-sized target and nothing
// sticks out sideways. Screenshots go to test-artifacts/embed-*.png.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, artifacts } from './site.mjs';
import { serveData } from './learn-page.mjs';
import { nestedRecord, packedLink } from './long-games.mjs';

const SAMPLE = 'www/examples/blog-post.html';
const SCRIPT_TAG = /<script type="module" src="[^"]*ludus-board\.js"><\/script>/;

const site = useSite(['ludus_bg.wasm', SAMPLE, 'www/embed.html', 'www/embed/ludus-board.js']);

// CSS a careless (or hostile) host page might have. None of it may reach inside a widget.
const HOSTILE_CSS = `
  * {
    color: red !important;
    font-size: 40px !important;
    line-height: 4 !important;
    letter-spacing: 4px;
    text-transform: uppercase;
    font-family: "Comic Sans MS", cursive;
    direction: rtl;
    box-sizing: content-box;
    cursor: wait;
    pointer-events: none;
  }
  canvas { display: none !important; }
  div, p, span, button, a, svg, nav, footer { display: none !important; }
  button { all: unset; background: red !important; }
  :root {
    --board-square: red; --board-hex: red; --piece-black: red; --surface: red;
    --ludus-surface: red; --ludus-text: red;
  }
  html { font-size: 5px; }
`;

/** Bad boards the test variant adds to the article, next to the good ones. */
const BAD_BOARDS = `
  <section id="bad-boards">
    <ludus-board id="bad-step" record="unlur;moves=d4,zz"></ludus-board>
    <ludus-board id="bad-markup" record="<img src=x onerror=&quot;document.title='pwned'&quot;><b>bold</b>"></ludus-board>
    <ludus-board id="bad-game" game="chess"></ludus-board>
  </section>`;

/** A new page that records errors and every request it makes. */
async function newPage(options = {}) {
  const context = await site.browser.newContext({ viewport: { width: 900, height: 1000 }, ...options });
  // The sample's puzzle: the shipped puzzles, or the tests' own where none are built yet.
  await serveData(context);
  const page = await context.newPage();
  page.errors = [];
  page.requests = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && !/favicon/.test(m.location().url) && page.errors.push(m.text()));
  page.on('request', (r) => page.requests.push(r.url()));
  return page;
}

/**
 * Opens the sample article. `hostile`: with HOSTILE_CSS and BAD_BOARDS added to the HTML as
 * served; `bare`: without the widget's script tag (the baseline for globals).
 */
async function openSample(page, { hostile = false, bare = false } = {}) {
  if (hostile || bare) {
    await page.route(`**/${SAMPLE}`, async (route) => {
      const response = await route.fetch();
      let html = await response.text();
      if (bare) html = html.replace(SCRIPT_TAG, '');
      if (hostile) {
        html = html.replace('</head>', `<style>${HOSTILE_CSS}</style></head>`);
        html = html.replace('<h2>Merlin', `${BAD_BOARDS}<h2>Merlin`);
      }
      await route.fulfill({ response, body: html });
    });
  }
  await page.goto(site.server.url + SAMPLE);
  if (!bare) await waitBoards(page);
}

/** Waits until no board is loading any more. */
async function waitBoards(page) {
  await page.waitForFunction(() => {
    const boards = [...document.querySelectorAll('ludus-board')];
    return boards.length > 0 && boards.every((b) => b.state && b.state.status !== 'loading');
  });
  // Let the boards draw (requestAnimationFrame) and settle their size.
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
}

function states(page) {
  return page.evaluate(() => [...document.querySelectorAll('ludus-board')].map((b) => b.state));
}

/** What a board's canvas shows: size, share of painted pixels, distinct colours, a hash. */
function canvasInfo(page, selector) {
  return page.evaluate((selector) => {
    const board = document.querySelector(selector);
    const canvas = board.shadowRoot.querySelector('canvas');
    board.scrollIntoView({ block: 'center' });
    const rect = canvas.getBoundingClientRect();
    const { width, height } = canvas;
    const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
    let painted = 0;
    let hash = 0;
    const colours = new Set();
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] > 0) painted++;
      hash = (Math.imul(hash, 31) + data[i] + (data[i + 1] << 8) + (data[i + 2] << 16) + data[i + 3] * 7) | 0;
      if (i % 64 === 0) colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    }
    const style = getComputedStyle(canvas);
    // What a click at the canvas centre would hit (through the shadow root).
    const hit = board.shadowRoot.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return {
      width,
      height,
      cssWidth: rect.width,
      cssHeight: rect.height,
      painted: painted / (width * height),
      colours: colours.size,
      hash,
      display: style.display,
      visibility: style.visibility,
      hitCanvas: hit === canvas,
    };
  }, selector);
}

/** The widget's visible texts (inside its shadow root). */
function texts(page, selector) {
  return page.evaluate((selector) => {
    const r = document.querySelector(selector).shadowRoot;
    const t = (s) => r.querySelector(s)?.textContent ?? null;
    return {
      caption: t('.caption-text'),
      status: t('.status'),
      credit: t('.credit'),
      counter: t('.counter'),
      message: r.querySelector('.message').hidden ? null : t('.message'),
      open: r.querySelector('.open').hidden ? null : r.querySelector('.open').href,
    };
  }, selector);
}

/** Selectors for the four boards of the sample article, in page order. */
// The annotated game (comments, glyphs, drawings, a variation: the record's tree form).
const UNLUR = 'ludus-board[record^="unlur;v=2;moves="]';
const MERLIN = 'ludus-board[record^="merlins-chain"]';
const UNITY = 'ludus-board[record^="unity"]';
const UNRAVEL = 'ludus-board[game="unravel"]';
const SAMPLE_BOARDS = [UNLUR, MERLIN, UNITY, UNRAVEL];

function assertDrawn(info, label) {
  assert.equal(info.display, 'block', `${label}: canvas display`);
  assert.equal(info.visibility, 'visible', `${label}: canvas visibility`);
  assert.ok(info.cssWidth >= 200 && info.cssHeight >= 150, `${label}: canvas is ${info.cssWidth}x${info.cssHeight}`);
  assert.ok(info.painted > 0.25, `${label}: only ${(info.painted * 100).toFixed(1)}% of the canvas is painted`);
  assert.ok(info.colours > 8, `${label}: only ${info.colours} colours on the canvas`);
  assert.ok(info.hitCanvas, `${label}: something covers the canvas`);
}

test('every board of the sample article draws, with one fetch of the wasm module', async () => {
  const page = await newPage();
  await openSample(page);
  const all = await states(page);
  // The four boards, then the puzzle (www/embed/puzzle.js).
  assert.equal(all.length, 5);
  assert.deepEqual(
    all.map((s) => [s.status, s.game]),
    [
      ['ready', 'unlur'],
      ['ready', 'merlins-chain'],
      ['ready', 'unity'],
      ['ready', 'unravel'],
      ['ready', 'scattercut'],
    ],
  );
  for (const sel of SAMPLE_BOARDS) assertDrawn(await canvasInfo(page, sel), sel);

  // Credits and captions.
  const credits = [];
  for (const sel of SAMPLE_BOARDS) credits.push((await texts(page, sel)).credit);
  assert.deepEqual(credits, [
    'Unlur · Jorge Gomez Arrausi',
    "Merlin's Chain · Jorge Gomez Arrausi",
    'Unity, Unified Edition · Néstor Romeral Andrés',
    'Unravel · Mark Steere',
  ]);
  const unlur = await texts(page, UNLUR);
  assert.equal(unlur.caption, '7. Black f3');
  assert.equal(unlur.counter, '14 / 14');
  assert.match(unlur.status, /White to place/);
  const merlin = await texts(page, MERLIN);
  assert.equal(merlin.caption, '6. White 17@g3', 'at="12" shows step 12 first (in round 6, as the move list numbers it)');

  // One engine for all four boards.
  const wasm = page.requests.filter((u) => new URL(u).pathname.endsWith('/ludus_bg.wasm'));
  const js = page.requests.filter((u) => new URL(u).pathname.endsWith('/ludus.js'));
  assert.equal(wasm.length, 1, `wasm fetched ${wasm.length} times`);
  assert.equal(js.length, 1, `ludus.js fetched ${js.length} times`);
  assert.equal(new URL(wasm[0]).pathname, '/ludus_bg.wasm');

  // The size attribute and the default (the container's width).
  const widths = await page.evaluate(() => {
    const frame = (b) => b.shadowRoot.querySelector('.frame').getBoundingClientRect().width;
    const boards = [...document.querySelectorAll('article ludus-board')];
    return { unlur: frame(boards[0]), figure: boards[0].parentElement.getBoundingClientRect().width, unity: frame(boards[2]), unravel: frame(boards[3]) };
  });
  assert.equal(Math.round(widths.unlur), Math.round(widths.figure), 'a board fills its container by default');
  assert.equal(Math.round(widths.unity), 340);
  assert.equal(Math.round(widths.unravel), 420);

  await page.screenshot({ path: join(artifacts, 'embed-article.png'), fullPage: true });
  const names = ['unlur', 'merlins-chain', 'unity', 'unravel'];
  for (const [i, sel] of SAMPLE_BOARDS.entries()) {
    await page.locator(sel).screenshot({ path: join(artifacts, `embed-board-${names[i]}.png`) });
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** What an annotated board shows: its comment, caption, move list (rows of steps), drawings. */
function annotations(page, selector) {
  return page.evaluate((sel) => {
    const board = document.querySelector(sel);
    const root = board.shadowRoot;
    const comment = root.querySelector('.comment');
    const moves = root.querySelector('.moves');
    return {
      caption: root.querySelector('.caption').textContent,
      comment: comment.hidden ? null : comment.textContent,
      moves: moves.hidden ? null : [...moves.querySelectorAll('li')].map((li) => [...li.querySelectorAll('.step')].map((b) => b.textContent)),
      current: moves.querySelector('.step.current')?.textContent ?? null,
      // The round number the move list shows for the step shown ("3." or "3…" before it).
      number: (() => {
        for (let e = moves.querySelector('.step.current'); e; e = e.previousElementSibling) {
          if (e.classList.contains('n')) return Number.parseInt(e.textContent, 10);
        }
        return null;
      })(),
      // Whether the step shown is in sight within the list (which scrolls on its own).
      inSight: (() => {
        const at = moves.querySelector('.step.current')?.getBoundingClientRect();
        const box = moves.getBoundingClientRect();
        return at ? at.top >= box.top - 0.5 && at.bottom <= box.bottom + 0.5 : null;
      })(),
      drawings: board.board.drawings,
      cells: board.view.cells,
    };
  }, selector);
}

test('the sample article shows an annotated game: comments under the board, glyphs, drawings, a variation to step into', async () => {
  for (const [name, options] of [
    ['desktop', {}],
    ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 }],
  ]) {
    const page = await newPage(options);
    await openSample(page);
    const board = page.locator(UNLUR);
    let a = await annotations(page, UNLUR);
    const names = (cells) => cells.map((c) => a.cells[c]);
    assert.equal(a.caption, '7. Black f3', `${name}: the end of the main line first, numbered as the move list numbers it`);
    assert.equal(a.number, 7);
    assert.equal(a.inSight, true, `${name}: the move list opens on the step shown`);
    assert.match(a.comment, /^White to play\. The column runs from c6 to h6/);
    assert.deepEqual(names(a.drawings.circles), ['c6', 'h6']);
    assert.deepEqual(a.moves, [['d4', 'pass', 'f6', 'e5', 'g6!', 'c4?!'], ['d6'], ['e6', 'h7', 'd6', 'i7', 'c6', 'b5', 'h6', 'f3']]);
    await board.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(artifacts, `embed-annotated-${name}.png`) });
    // Step 5: the glyph in the caption, its comment, its arrow.
    await board.evaluate((b) => b.goTo(5));
    a = await annotations(page, UNLUR);
    assert.equal(a.caption, '3. White g6 !');
    assert.equal(a.number, 3, 'the move list says 3. g6 too');
    assert.match(a.comment, /^f6 and g6 side by side/);
    assert.deepEqual(a.drawings.arrows.map(names), [['g6', 'c6']]);
    assert.equal(a.current, 'g6!');
    // Into the variation: a tap on it in the move list.
    await board.locator('.moves li:nth-child(2) .step').first().click();
    a = await annotations(page, UNLUR);
    assert.equal(a.current, 'd6');
    assert.equal(a.caption, '3. Black d6');
    assert.equal(a.number, 3);
    assert.match(a.comment, /^In the column's way/);
    assert.deepEqual(names(a.drawings.circles), ['d6']);
    await page.screenshot({ path: join(artifacts, `embed-annotated-${name}-variation.png`) });
    // A step with no notes: no comment box, no drawings.
    await board.evaluate((b) => b.goTo(3));
    a = await annotations(page, UNLUR);
    assert.equal(a.comment, null);
    assert.equal(a.drawings, null);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('an annotated board first laid out after it loaded (hidden at first) opens its move list on the step shown', async () => {
  const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  // The article's boards hidden while they load (a folded section, a tab not shown yet).
  await page.route(`**/${SAMPLE}`, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('</head>', '<style id="hide">ludus-board { display: none; }</style></head>');
    await route.fulfill({ response, body: html });
  });
  await page.goto(site.server.url + SAMPLE);
  await waitBoards(page);
  await page.evaluate(() => document.getElementById('hide').remove());
  await page.waitForFunction((sel) => document.querySelector(sel).shadowRoot.querySelector('.moves').clientHeight > 0, UNLUR);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const a = await annotations(page, UNLUR);
  assert.equal(a.current, 'f3');
  assert.equal(a.inSight, true, 'the step shown is in sight in the move list');
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page itself stays at its top');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a replay steps forward and back with the buttons and the keyboard', async () => {
  const page = await newPage();
  await openSample(page);
  const board = page.locator(MERLIN);
  const at12 = await canvasInfo(page, MERLIN);
  const button = (go) => board.locator(`button[data-go="${go}"]`);
  await board.evaluate((b) => {
    b.changes = [];
    b.addEventListener('ludus-change', (e) => b.changes.push(e.detail.cursor));
  });

  await button('next').click();
  await page.waitForFunction((sel) => document.querySelector(sel).state.cursor === 13, MERLIN);
  let t = await texts(page, MERLIN);
  assert.equal(t.caption, '7. Green 42@d2');
  assert.equal(t.counter, '13 / 64');
  assert.match(t.open, /index\.html#merlins-chain;moves=56@a3,.*;at=13$/);
  await page.waitForTimeout(50);
  const at13 = await canvasInfo(page, MERLIN);
  assert.notEqual(at13.hash, at12.hash, 'the board changed with the step');

  await button('previous').click();
  await page.waitForFunction((sel) => document.querySelector(sel).state.cursor === 12, MERLIN);
  await page.waitForTimeout(50);
  assert.equal((await texts(page, MERLIN)).caption, '6. White 17@g3');
  assert.equal((await canvasInfo(page, MERLIN)).hash, at12.hash, 'back to the same picture');

  // The keyboard, once the widget has focus (clicking a button gives it).
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal((await texts(page, MERLIN)).caption, '7. White 15@c7');
  await page.keyboard.press('End');
  t = await texts(page, MERLIN);
  assert.equal(t.caption, '32. White 41@h8');
  assert.equal(t.status, 'Green wins with a chain of rank 36', 'the result at the end');
  assert.equal(await button('next').isDisabled(), true);
  await page.keyboard.press('Home');
  t = await texts(page, MERLIN);
  assert.equal(t.caption, 'Start');
  assert.equal(t.counter, '0 / 64');
  assert.equal(await button('previous').isDisabled(), true);
  await page.keyboard.press('ArrowLeft');
  assert.equal((await texts(page, MERLIN)).counter, '0 / 64');
  assert.deepEqual(await board.evaluate((b) => b.changes), [13, 12, 13, 14, 64, 0], 'one ludus-change event per move');

  // Clicking a view-only board plays nothing; Tab reaches the widget, not its canvas.
  const box = await board.locator('canvas').boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  assert.equal((await page.locator(MERLIN).evaluate((b) => b.state)).steps, 64);
  await page.keyboard.press('ArrowRight');
  assert.equal((await texts(page, MERLIN)).caption, '1. Green 56@a3', 'arrows work after a click on the board');

  // The Unity replay, from the other end.
  const unity = page.locator(UNITY);
  const before = await canvasInfo(page, UNITY);
  await unity.locator('button[data-go="previous"]').click();
  await page.waitForTimeout(50);
  assert.equal((await texts(page, UNITY)).caption, '2. Orange e8-c6');
  assert.notEqual((await canvasInfo(page, UNITY)).hash, before.hash);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** Clicks a cell of a board by name, at its centre on the screen. */
async function clickCell(page, selector, name) {
  const point = await page.evaluate(
    ({ selector, name }) => {
      const el = document.querySelector(selector);
      const cell = el.view.cells.indexOf(name);
      return cell < 0 ? null : el.board.cellPoint(cell);
    },
    { selector, name },
  );
  assert.ok(point, `no cell ${name}`);
  await page.mouse.click(point.x, point.y);
}

test('a playable board takes clicks; Reset goes back to the position given', async () => {
  const page = await newPage();
  await openSample(page);
  const before = await canvasInfo(page, UNRAVEL);
  await clickCell(page, UNRAVEL, 'c3');
  await page.waitForFunction((sel) => document.querySelector(sel).state.steps === 1, UNRAVEL);
  let t = await texts(page, UNRAVEL);
  assert.equal(t.caption, '1. Red c3');
  assert.match(t.status, /Blue to place/);
  await page.waitForTimeout(50);
  assert.notEqual((await canvasInfo(page, UNRAVEL)).hash, before.hash, 'the checker is drawn');
  await clickCell(page, UNRAVEL, 'd4');
  await page.waitForFunction((sel) => document.querySelector(sel).state.steps === 2, UNRAVEL);
  assert.equal((await texts(page, UNRAVEL)).caption, '1. Blue d4');
  // An occupied square is refused with the engine's reason.
  await clickCell(page, UNRAVEL, 'd4');
  t = await texts(page, UNRAVEL);
  assert.equal((await page.locator(UNRAVEL).evaluate((b) => b.state)).steps, 2);
  assert.equal(t.status, 'd4 is occupied');
  assert.match(t.open, /index\.html#unravel;size=6;moves=c3,d4$/);
  // The keyboard on the board: arrows move over the cells, Enter plays.
  await page.locator(UNRAVEL).locator('canvas').focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await page.waitForFunction((sel) => document.querySelector(sel).state.steps === 3, UNRAVEL);
  await page.locator(UNRAVEL).screenshot({ path: join(artifacts, 'embed-playable.png') });
  // Back in the moves: a step played here starts a variation (the later steps stay), said in
  // the engine's words; played, the widget lists both lines.
  await page.locator(UNRAVEL).locator('button[data-go="previous"]').click();
  await page.locator(UNRAVEL).locator('button[data-go="previous"]').click();
  t = await texts(page, UNRAVEL);
  assert.equal(t.caption, '1. Red c3');
  assert.equal(t.status, 'Blue to place a checker. A step played here starts a variation.');
  assert.equal(await page.locator(UNRAVEL).locator('.moves').isVisible(), false, 'one line: no move list');
  await clickCell(page, UNRAVEL, 'a1');
  await page.waitForFunction((sel) => document.querySelector(sel).state.cursor === 2, UNRAVEL);
  const lines = await page.locator(UNRAVEL).locator('.moves li').evaluateAll((li) => li.map((x) => [...x.querySelectorAll('.step')].map((b) => b.textContent)));
  assert.deepEqual(lines, [['c3', 'd4'], ['a1'], [lines[2]?.[0]]], 'the main line, the variation under its round, the main line on');
  assert.equal(lines[2].length, 1);

  await page.locator(UNRAVEL).locator('button.reset').click();
  assert.equal((await page.locator(UNRAVEL).evaluate((b) => b.state)).steps, 0);
  assert.equal(await page.locator(UNRAVEL).locator('button.reset').isVisible(), false);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('bad records show a message inside the widget while the other boards work', async () => {
  const page = await newPage();
  await openSample(page, { hostile: true });
  const byId = async (id) => ({ state: await page.locator(`#${id}`).evaluate((b) => b.state), ...(await texts(page, `#${id}`)) });
  const step = await byId('bad-step');
  assert.equal(step.state.status, 'error');
  assert.match(step.message, /^This board cannot be shown: step 2 \(zz\) cannot be played/);
  const markup = await byId('bad-markup');
  assert.equal(markup.state.status, 'error');
  assert.match(markup.message, /<img/, 'the record is shown as text');
  const injected = await page.locator('#bad-markup').evaluate((b) => b.shadowRoot.querySelectorAll('img, b').length);
  assert.equal(injected, 0, 'no markup from the record reaches the page');
  assert.notEqual(await page.title(), 'pwned');
  const game = await byId('bad-game');
  assert.equal(game.message, 'This board cannot be shown: unknown game "chess" (the games are unravel, scattercut, unity, merlins-chain, unlur).');
  assert.equal(game.open, null, 'no "Open in Ludus" for a broken board');
  // The message is visible (hostile CSS or not) and the good boards still draw.
  assert.ok(await page.locator('#bad-step').locator('.message').isVisible());
  for (const sel of SAMPLE_BOARDS) assertDrawn(await canvasInfo(page, sel), sel);
  // A board added later works too, and one fixed later recovers.
  await page.evaluate(() => {
    const el = document.createElement('ludus-board');
    el.id = 'late';
    el.setAttribute('record', 'scattercut;size=6;moves=c3,d4');
    document.querySelector('#bad-boards').append(el);
    document.querySelector('#bad-step').setAttribute('record', 'unlur;moves=d4');
  });
  await waitBoards(page);
  assert.equal((await byId('late')).caption, '1. Blue d4');
  assert.equal((await byId('bad-step')).state.status, 'ready');
  assertDrawn(await canvasInfo(page, '#bad-step'), 'fixed board');
  await page.locator('#bad-boards').screenshot({ path: join(artifacts, 'embed-bad-records.png') });
  assert.deepEqual(page.errors, []);
  assert.equal(page.requests.filter((u) => u.endsWith('/ludus_bg.wasm')).length, 1);
  await page.context().close();
});

test('hostile host CSS does not reach inside the widgets', async () => {
  const page = await newPage();
  await openSample(page, { hostile: true });
  for (const sel of SAMPLE_BOARDS) assertDrawn(await canvasInfo(page, sel), `${sel} (hostile CSS)`);
  const looks = await page.evaluate(() =>
    [...document.querySelectorAll('article ludus-board')].map((b) => {
      const r = b.shadowRoot;
      const style = (s) => getComputedStyle(r.querySelector(s));
      return {
        caption: [style('.caption-text').color, style('.caption-text').fontSize, style('.caption-text').textTransform],
        credit: style('.credit').color,
        button: [style('button[data-go="next"]').color, style('button[data-go="next"]').display],
        direction: style('.frame').direction,
        frameBackground: style('.frame').backgroundColor,
        pointer: style('canvas').pointerEvents,
      };
    }),
  );
  for (const l of looks) {
    assert.notEqual(l.caption[0], 'rgb(255, 0, 0)', 'caption text is not red');
    assert.equal(l.caption[1], '14px');
    assert.equal(l.caption[2], 'none');
    assert.notEqual(l.credit, 'rgb(255, 0, 0)');
    assert.notEqual(l.button[0], 'rgb(255, 0, 0)');
    assert.notEqual(l.button[1], 'none');
    assert.equal(l.direction, 'ltr');
    assert.notEqual(l.frameBackground, 'rgb(255, 0, 0)');
    assert.equal(l.pointer, 'auto');
  }
  // The board colours are the widget's own, not the page's --board-square: red.
  const centre = await page.evaluate((sel) => {
    const canvas = document.querySelector(sel).shadowRoot.querySelector('canvas');
    const [r, g, b] = canvas.getContext('2d').getImageData(canvas.width * 0.3, canvas.height * 0.3, 1, 1).data;
    return { r, g, b };
  }, UNRAVEL);
  assert.ok(!(centre.r > 200 && centre.g < 60 && centre.b < 60), `board square is red: ${JSON.stringify(centre)}`);
  // Clicks still play (the page set pointer-events: none on everything).
  await clickCell(page, UNRAVEL, 'b2');
  await page.waitForFunction((sel) => document.querySelector(sel).state.steps === 1, UNRAVEL);
  await page.locator(MERLIN).locator('button[data-go="next"]').click();
  assert.equal((await texts(page, MERLIN)).caption, '7. Green 42@d2');
  await page.screenshot({ path: join(artifacts, 'embed-hostile-css.png'), fullPage: true });
  await page.locator(UNLUR).screenshot({ path: join(artifacts, 'embed-hostile-unlur.png') });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the widget leaves the page alone: no new globals, no document styles', async () => {
  let page;
  const snapshot = () =>
    page.evaluate(() => ({
      names: Object.getOwnPropertyNames(window).sort(),
      keys: Object.keys(window).sort(),
      sheets: document.styleSheets.length,
      adopted: document.adoptedStyleSheets.length,
      styles: document.querySelectorAll('style, link[rel="stylesheet"]').length,
      htmlStyle: document.documentElement.getAttribute('style'),
      bodyStyle: document.body.getAttribute('style'),
      htmlAttrs: document.documentElement.getAttributeNames().sort(),
      hostAttrs: [...document.querySelectorAll('ludus-board')].map((b) => b.getAttributeNames().sort().join(' ')),
      defined: !!customElements.get('ludus-board'),
    }));
  page = await newPage();
  await openSample(page, { bare: true });
  const bare = await snapshot();
  await page.context().close();
  page = await newPage();
  await openSample(page);
  // Use the widgets a bit first.
  await page.locator(MERLIN).locator('button[data-go="next"]').click();
  await clickCell(page, UNRAVEL, 'c3');
  const full = await snapshot();
  assert.equal(bare.defined, false);
  assert.equal(full.defined, true);
  assert.deepEqual(full.names.filter((n) => !bare.names.includes(n)), [], 'new own properties on window');
  assert.deepEqual(full.keys.filter((n) => !bare.keys.includes(n)), [], 'new keys on window');
  assert.equal(full.sheets, bare.sheets);
  assert.equal(full.adopted, 0);
  assert.equal(full.styles, bare.styles);
  assert.equal(full.htmlStyle, bare.htmlStyle);
  assert.equal(full.bodyStyle, bare.bodyStyle);
  assert.deepEqual(full.htmlAttrs, bare.htmlAttrs);
  assert.deepEqual(full.hostAttrs, bare.hostAttrs, 'the widget adds no attributes to its own element');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('themes: light and dark follow the system unless theme= says otherwise', async () => {
  const page = await newPage({ colorScheme: 'dark' });
  await openSample(page);
  const backgrounds = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('article ludus-board')].map(
        (b) => getComputedStyle(b.shadowRoot.querySelector('.frame')).backgroundColor,
      ),
    );
  const dark = 'rgb(29, 32, 37)';
  const light = 'rgb(255, 255, 255)';
  assert.deepEqual(await backgrounds(), [dark, dark, dark, dark, dark]);
  await page.locator(UNLUR).screenshot({ path: join(artifacts, 'embed-dark-unlur.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForTimeout(100);
  // The Unity board says theme="dark"; the others follow the system.
  assert.deepEqual(await backgrounds(), [light, light, dark, light, light]);
  await page.locator(UNLUR).evaluate((b) => b.setAttribute('theme', 'dark'));
  await page.waitForTimeout(100);
  assert.equal((await backgrounds())[0], dark);
  // The canvas is redrawn with the dark board colours (not only the frame).
  const px = await page.evaluate((sel) => {
    const c = document.querySelector(sel).shadowRoot.querySelector('canvas');
    const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let sum = 0;
    let n = 0;
    for (let i = 0; i < data.length; i += 4 * 97) {
      if (data[i + 3] === 255) {
        sum += data[i] + data[i + 1] + data[i + 2];
        n++;
      }
    }
    return sum / n / 3;
  }, UNLUR);
  assert.ok(px < 110, `the dark board is dark (mean ${px.toFixed(0)})`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('"Open in Ludus" opens the same position in the app', async () => {
  const page = await newPage();
  await openSample(page);
  await page.locator(MERLIN).locator('button[data-go="next"]').click();
  const { open } = await texts(page, MERLIN);
  assert.ok(open.startsWith(site.server.url + 'index.html#merlins-chain;'), open);
  assert.equal(await page.locator(MERLIN).locator('a.open').getAttribute('target'), '_blank');
  await page.goto(open);
  await page.waitForSelector('body[data-state="ready"]');
  const view = await page.evaluate(async () => {
    const app = (await import('/www/test-interface.js')).ludusTest;
    return { game: app.view().game, cursor: app.view().cursor, steps: app.view().steps.length };
  });
  assert.deepEqual(view, { game: 'merlins-chain', cursor: 13, steps: 64 });
  // The app attribute points the link elsewhere.
  await page.goto(site.server.url + SAMPLE);
  await waitBoards(page);
  await page.locator(UNLUR).evaluate((b) => b.setAttribute('app', 'https://ludus.example/play/'));
  assert.match((await texts(page, UNLUR)).open, /^https:\/\/ludus\.example\/play\/#unlur;v=2;moves=.*d4,pass/);
  await page.locator(UNLUR).evaluate((b) => b.setAttribute('app', 'javascript:alert(1)'));
  assert.equal((await texts(page, UNLUR)).open, null, 'no javascript: links');
  await page.context().close();
});

test('the iframe page embed.html#record draws a board that fits the frame', async () => {
  const page = await newPage({ viewport: { width: 760, height: 700 } });
  const record = 'unity;layout=PPPGpg.oogOGpOpgPOGpGPGOoGpgpgooOoPogpgPOoOpogGGGGPOPpgpOogPO;walls=c3|c4,d5|d6;moves=d4-b2,e5|f5,c6x';
  await page.route('**/iframe-host.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>host</title><style>* { color: red; } canvas { display: none; }</style>
        <p>An iframe:</p>
        <iframe id="one" src="/www/embed.html#${encodeURI(record)}" width="400" height="520" style="border:1px solid #ccc"></iframe>
        <iframe id="two" src="/www/embed.html?playable&theme=dark#unlur;size=5" width="320" height="440"></iframe>`,
    }),
  );
  await page.goto(site.server.url + 'iframe-host.html');
  for (const id of ['one', 'two']) {
    const frame = await (await page.waitForSelector(`#${id}`)).contentFrame();
    await frame.waitForFunction(() => document.querySelector('ludus-board')?.state.status === 'ready');
    await frame.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    const info = await frame.evaluate(() => {
      const b = document.querySelector('ludus-board');
      const frameBox = b.shadowRoot.querySelector('.frame').getBoundingClientRect();
      const canvas = b.shadowRoot.querySelector('canvas');
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let painted = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]) painted++;
      return {
        state: b.state,
        playable: b.playable,
        theme: b.getAttribute('theme'),
        painted: painted / (canvas.width * canvas.height),
        bottom: frameBox.bottom,
        right: frameBox.right,
        innerHeight,
        innerWidth,
        scroll: document.documentElement.scrollHeight > innerHeight,
      };
    });
    assert.equal(info.state.status, 'ready', id);
    assert.ok(info.painted > 0.25, `${id}: the board is drawn`);
    assert.ok(info.bottom <= info.innerHeight + 1 && info.right <= info.innerWidth + 1, `${id}: the widget fits the frame`);
    assert.equal(info.scroll, false, `${id}: no scrolling inside the frame`);
    if (id === 'one') assert.equal(info.state.cursor, 3);
    else assert.deepEqual([info.playable, info.theme, info.state.game], [true, 'dark', 'unlur']);
  }
  await page.screenshot({ path: join(artifacts, 'embed-iframes.png') });
  // The page on its own, straight from a link.
  await page.goto(site.server.url + 'www/embed.html#' + encodeURI('unlur;moves=d4,pass,f6;at=2'));
  await page.waitForFunction(() => document.querySelector('ludus-board')?.state.status === 'ready');
  assert.equal((await page.evaluate(() => document.querySelector('ludus-board').state)).cursor, 2);
  await page.evaluate(() => (location.hash = '#merlins-chain;moves=56@a3'));
  await page.waitForFunction(() => document.querySelector('ludus-board')?.state.game === 'merlins-chain');
  await page.goto(site.server.url + 'www/embed.html');
  await page.waitForFunction(() => document.querySelector('ludus-board')?.state.status === 'error');
  assert.match(await page.evaluate(() => document.querySelector('ludus-board').state.message), /cannot be shown/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the iframe page keeps "Open in Ludus" on its own site: another site in ?app= is refused', async () => {
  const page = await newPage();
  const warnings = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  const openHref = () =>
    page.evaluate(() => {
      const a = document.querySelector('ludus-board').shadowRoot.querySelector('a.open');
      return a.hidden ? null : a.href;
    });
  for (const app of ['https://elsewhere.example/', '//elsewhere.example/play', 'http://127.0.0.1:1/']) {
    await page.goto(`${site.server.url}www/embed.html?app=${encodeURIComponent(app)}#unlur;moves=d4,pass`);
    await page.waitForFunction(() => document.querySelector('ludus-board')?.state.status === 'ready');
    const href = await openHref();
    assert.ok(href?.startsWith(site.server.url), `${app}: the link stays on the site (${href})`);
    assert.match(await page.evaluate(() => document.documentElement.dataset.refusedApp), /must be on this site/, app);
  }
  assert.ok(warnings.some((w) => /app=.* is ignored: the app must be on this site/.test(w)), warnings.join('\n'));
  // An address on the site itself is still taken.
  await page.goto(`${site.server.url}www/embed.html?app=${encodeURIComponent('/index.html?level=easy')}#unlur;moves=d4`);
  await page.waitForFunction(() => document.querySelector('ludus-board')?.state.status === 'ready');
  assert.equal(await openHref(), `${site.server.url}index.html?level=easy#unlur;moves=d4`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('two-click steps on playable boards (Unity slide and shot, Merlin tile), and a moved board keeps its place', async () => {
  const page = await newPage({ viewport: { width: 700, height: 900 } });
  await page.goto(site.server.url + SAMPLE);
  await waitBoards(page);
  await page.evaluate(() => {
    const add = (id, attrs) => {
      const el = document.createElement('ludus-board');
      el.id = id;
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
      document.querySelector('article').prepend(el);
    };
    add('unity-play', { record: 'unity;seed=7', playable: '' });
    add('merlin-play', { game: 'merlins-chain', playable: '', size: '360' });
  });
  await waitBoards(page);
  const clickAt = async (id, cell) => {
    const point = await page.evaluate(({ id, cell }) => {
      const el = document.getElementById(id);
      el.scrollIntoView({ block: 'center' });
      return el.board.cellPoint(cell);
    }, { id, cell });
    await page.mouse.click(point.x, point.y);
  };
  const legal = (id) => page.evaluate((id) => document.getElementById(id).view.legal, id);
  const steps = (id) => page.evaluate((id) => document.getElementById(id).state.steps, id);

  // Unity: a piece, then where it slides.
  const slide = (await legal('unity-play')).find((s) => s.kind === 'move');
  await clickAt('unity-play', slide.cells[0]);
  const hints = {
    move: 'Now click where it goes.',
    ring: 'Press Fire to fire the ring, or pick a space to slide to.',
    asterisk: 'Click an arrow to fire the asterisk that way, or pick a space to slide to.',
  };
  const from = (await legal('unity-play')).filter((s) => s.cells[0] === slide.cells[0]);
  const kind = from.some((s) => s.kind === 'asterisk') ? 'asterisk' : from.some((s) => s.kind === 'ring') ? 'ring' : 'move';
  assert.equal((await texts(page, '#unity-play')).status, hints[kind]);
  await clickAt('unity-play', slide.cells[1]);
  assert.equal(await steps('unity-play'), 1);
  assert.match((await texts(page, '#unity-play')).caption, new RegExp(`^1\\. Purple ${slide.text}$`));
  // Then a shot: a ring and its Fire button (a second click on the ring lets go of it), or
  // an asterisk and one of its arrows.
  const shots = (await legal('unity-play')).filter((s) => s.kind === 'ring' || s.kind === 'asterisk');
  const shot = shots.find((s) => s.kind === 'ring') ?? shots[0];
  await clickAt('unity-play', shot.cells[0]);
  if (shot.kind === 'ring') {
    const fire = page.locator('#unity-play').locator('button.fire');
    assert.equal(await fire.isVisible(), true, 'a picked ring offers Fire');
    await clickAt('unity-play', shot.cells[0]);
    assert.equal(await steps('unity-play'), 1, 'a second click on the ring fires nothing');
    assert.equal(await fire.isVisible(), false);
    await clickAt('unity-play', shot.cells[0]);
    await fire.click();
  } else {
    const point = await page.evaluate(({ cell, dir }) => document.getElementById('unity-play').board.dirPoint(cell, dir), { cell: shot.cells[0], dir: shot.dir });
    await page.mouse.click(point.x, point.y);
  }
  assert.equal(await steps('unity-play'), 2);
  assert.equal((await page.evaluate(() => document.getElementById('unity-play').view.steps))[1], shot.text);
  await page.locator('#unity-play').screenshot({ path: join(artifacts, 'embed-playable-unity.png') });

  // Merlin's Chain: a grey tile of the player to move, then the cell it goes to.
  const flip = (await legal('merlin-play')).find((s) => s.kind === 'flip');
  const shownAt = await page.evaluate(
    (piece) => document.getElementById('merlin-play').view.pieces.findIndex((p) => p && p.kind === 'tile' && Number(p.label) === piece),
    Number(flip.piece),
  );
  assert.ok(shownAt >= 0);
  await clickAt('merlin-play', shownAt);
  assert.equal((await texts(page, '#merlin-play')).status, `Now click where tile ${flip.piece} goes.`);
  const target = (await legal('merlin-play')).find((s) => s.kind === 'flip' && Number(s.piece) === Number(flip.piece)).cells[0];
  await clickAt('merlin-play', target);
  assert.equal(await steps('merlin-play'), 1);

  // Moving a board elsewhere in the page keeps what it shows.
  const before = await page.evaluate(() => document.getElementById('unity-play').state.record);
  await page.evaluate(() => document.querySelector('article').append(document.getElementById('unity-play')));
  await waitBoards(page);
  assert.equal(await page.evaluate(() => document.getElementById('unity-play').state.record), before);
  assertDrawn(await canvasInfo(page, '#unity-play'), 'moved board');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a narrow screen: the boards shrink with the column', async () => {
  const page = await newPage({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });
  await openSample(page);
  for (const sel of SAMPLE_BOARDS) {
    const info = await canvasInfo(page, sel);
    assertDrawn(info, `${sel} (narrow)`);
    assert.ok(info.cssWidth <= 340, `${sel}: ${info.cssWidth}px wide on a 360px screen`);
    assert.equal(info.width, Math.round(info.cssWidth * 2), 'sharp on a 2x screen');
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
  assert.equal(overflow, false, 'nothing sticks out sideways');
  await page.screenshot({ path: join(artifacts, 'embed-narrow.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** Every visible control inside each widget's shadow root, with the size of what a finger can hit. */
function widgetControls(page) {
  return page.evaluate(() => {
    const out = [];
    const selector = 'button, a[href], input, select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';
    document.querySelectorAll('ludus-board').forEach((board, n) => {
      for (const e of board.shadowRoot.querySelectorAll(selector)) {
        // The canvas and the frame (the whole widget, focusable for the arrow keys) are no small targets.
        if (e.tagName === 'CANVAS' || e.classList.contains('frame')) continue;
        if (e.closest('[hidden], details:not([open]) > :not(summary)')) continue;
        const style = getComputedStyle(e);
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        let box = e.getBoundingClientRect();
        if (box.width < 2 || box.height < 2) continue; // visually hidden
        // A check box's target is its label, which wraps it.
        if (e.type === 'checkbox' || e.type === 'radio') box = (e.closest('label') ?? e).getBoundingClientRect();
        const what = `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${(e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 24)}"`;
        out.push({ name: `board ${n + 1}: ${what}`, width: Math.round(box.width * 10) / 10, height: Math.round(box.height * 10) / 10 });
      }
    });
    return out;
  });
}

/** Whether anything of the page or of a widget sticks out past the right edge of the screen. */
function sideways(page) {
  return page.evaluate(() => {
    const out = [];
    if (document.documentElement.scrollWidth > innerWidth) out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
    document.querySelectorAll('ludus-board').forEach((board, n) => {
      for (const e of board.shadowRoot.querySelectorAll('.frame, .frame *')) {
        if (e.closest('[hidden], details:not([open]) > :not(summary)')) continue;
        const r = e.getBoundingClientRect();
        if (r.width && (r.right > innerWidth + 0.5 || r.left < -0.5)) out.push(`board ${n + 1}: ${e.tagName.toLowerCase()}.${e.className} ${r.left}..${r.right}`);
      }
    });
    return out;
  });
}

test('on a touch screen every control of the widget is at least 44 by 44 px, and nothing sticks out on a 390 px phone', async () => {
  const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const measured = new Set();
  const small = [];
  const look = async (where) => {
    for (const c of await widgetControls(page)) {
      measured.add(c.name.replace(/^board \d+: /, '').replace(/ ".*/, ''));
      if (c.width < 44 || c.height < 44) small.push(`${where} ${c.name} ${c.width}x${c.height}`);
    }
  };
  // Open every Export menu and wait for the panels, which load when a menu is first opened.
  const openMenus = async () => {
    await page.evaluate(() => {
      for (const b of document.querySelectorAll('ludus-board')) for (const d of b.shadowRoot.querySelectorAll('details')) d.open = true;
    });
    await page.waitForFunction(() =>
      [...document.querySelectorAll('ludus-board')].every((b) =>
        [...b.shadowRoot.querySelectorAll('details')].every((d) => d.querySelector('.ludus-export-panel')),
      ),
    );
  };

  // The sample article: replays, a playable board, the Export menus.
  await openSample(page);
  assert.deepEqual(await sideways(page), [], 'the sample article on a 390 px phone');
  await page.screenshot({ path: join(artifacts, 'embed-phone.png'), fullPage: true });
  await look('sample:');
  await openMenus();
  await look('sample, menus open:');
  assert.deepEqual(await sideways(page), [], 'the sample article with the Export menus open');

  // The iframe page, playable: Pass (Unlur), then Reset once a step is played.
  const tap = async (cell) => {
    const p = await page.evaluate((c) => document.querySelector('ludus-board').board.cellPoint(c), cell);
    await page.touchscreen.tap(p.x, p.y);
    await page.waitForTimeout(60);
  };
  const legal = () => page.evaluate(() => document.querySelector('ludus-board').view.legal);
  await page.goto(site.server.url + 'www/embed.html?playable#unlur;moves=d4');
  await waitBoards(page);
  await look('embed.html unlur:');
  await tap((await legal()).find((s) => s.kind === 'place').cells[0]);
  assert.deepEqual(await sideways(page), [], 'embed.html on a 390 px phone');
  await look('embed.html unlur, played:');

  // Unity: a slide, then a ring picked, which offers Fire.
  await page.goto(site.server.url + 'www/embed.html?playable#unity;seed=7');
  await waitBoards(page);
  const slide = (await legal()).find((s) => s.kind === 'move');
  await tap(slide.cells[0]);
  await tap(slide.cells[1]);
  const ring = (await legal()).find((s) => s.kind === 'ring');
  assert.ok(ring, 'a ring to fire');
  await tap(ring.cells[0]);
  await openMenus();
  await look('embed.html unity, ring picked:');
  assert.deepEqual(await sideways(page), [], 'embed.html (Unity) on a 390 px phone');
  await page.screenshot({ path: join(artifacts, 'embed-phone-frame.png') });

  // The step buttons (no class), Pass, Fire, Reset, Open in Ludus, Export and its contents.
  for (const part of ['button.', 'button.pass', 'button.pass.fire', 'button.reset', 'a.open', 'summary.', 'select.', 'input.']) {
    assert.ok(measured.has(part), `${part} was measured: ${[...measured].join(', ')}`);
  }
  assert.deepEqual(small, [], 'controls smaller than 44 px');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a line tried thousands of levels deep: the widget shows its board, its lines and "Open in Ludus"', async () => {
  // 4,999 levels are 9,998 steps: the deepest nest a game holds.
  const levels = 4_999;
  const page = await newPage();
  await page.goto(site.server.url + 'www/embed.html');
  const link = await packedLink(page, nestedRecord(levels));
  await page.goto(site.server.url + 'www/embed.html?deep#' + link);
  await waitBoards(page);
  const [board] = await states(page);
  assert.equal(board.status, 'ready', board.message);
  assertDrawn(await canvasInfo(page, 'ludus-board'), 'the deep game');
  const lines = await page.evaluate(() => [...document.querySelector('ludus-board').shadowRoot.querySelectorAll('.moves li.line')].map((li) => li.style.getPropertyValue('--depth')));
  assert.equal(lines.length, levels);
  assert.equal(lines.at(-1), String(levels));
  const { open } = await texts(page, 'ludus-board');
  assert.ok(open?.endsWith('#' + link), `"Open in Ludus" links the game: ${open?.slice(0, 80)}`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
