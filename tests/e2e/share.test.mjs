// End-to-end: the Export menu (www/share/) on the app page and in the embeddable widget, in
// headless Chromium. The PNG decodes to the right size and is not blank; the SVG parses and
// holds the pieces; the GIF has one frame a step plus the start, at the picture's size (its
// blocks are read here); "Copy embed code" gives a <ludus-board> and an iframe that, put in
// a page, show the same position. The PNG goes to test-artifacts/export-*.png to look at.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useSite, artifacts } from './site.mjs';
import { serveData } from './learn-page.mjs';
import { newPage, open, state, waitGame } from './app-page.mjs';

const site = useSite(['ludus_bg.wasm', 'www/share/menu.js', 'www/examples/blog-post.html']);

const RECORD = 'unlur;moves=d4,pass,f6,e5,g6,c4';

/** The frames and size of a GIF, read from its blocks (GIF89a, as the spec lays them out). */
export function readGif(bytes) {
  const b = Buffer.from(bytes);
  assert.equal(b.subarray(0, 6).toString('latin1'), 'GIF89a');
  const width = b.readUInt16LE(6);
  const height = b.readUInt16LE(8);
  let at = 13;
  if (b[10] & 0x80) at += 3 * (1 << ((b[10] & 7) + 1)); // global colour table
  const skipSubBlocks = () => {
    while (b[at] !== 0) at += b[at] + 1;
    at += 1;
  };
  const frames = [];
  let delay = 0;
  for (;;) {
    const kind = b[at];
    if (kind === 0x3b) break; // trailer
    if (kind === 0x21) {
      const label = b[at + 1];
      if (label === 0xf9) delay = b.readUInt16LE(at + 4);
      at += 2;
      skipSubBlocks();
    } else if (kind === 0x2c) {
      const left = b.readUInt16LE(at + 1);
      const top = b.readUInt16LE(at + 3);
      const w = b.readUInt16LE(at + 5);
      const h = b.readUInt16LE(at + 7);
      const flags = b[at + 9];
      at += 10;
      if (flags & 0x80) at += 3 * (1 << ((flags & 7) + 1)); // local colour table
      at += 1; // LZW minimum code size
      skipSubBlocks();
      frames.push({ left, top, width: w, height: h, delay });
    } else {
      assert.fail(`unexpected GIF block 0x${kind?.toString(16)} at byte ${at}`);
    }
    assert.ok(at < b.length, 'the GIF ends early');
  }
  return { width, height, frames };
}

/** Size and number of colours of a PNG, decoded by the browser. */
function decodePng(page, bytes) {
  return page.evaluate(async (b64) => {
    // Decoded here, not fetched from a data: URL: the page's CSP allows no such fetch.
    const blob = new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' });
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(bitmap, 0, 0);
    const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    const colours = new Set();
    for (let i = 0; i < data.length; i += 16) colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    return { width: bitmap.width, height: bitmap.height, colours: colours.size };
  }, Buffer.from(bytes).toString('base64'));
}

/** Opens `menu` (a locator of the <details>) if it is closed (a file saved closes it). */
async function openMenu(menu) {
  if (!(await menu.evaluate((d) => d.open))) await menu.locator('summary').click();
}

/** Clicks an export button in `menu` (a locator of the <details>) and returns the file. */
async function exportFile(page, menu, what) {
  await openMenu(menu);
  const [download] = await Promise.all([page.waitForEvent('download'), menu.locator(`[data-export="${what}"]`).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

/** The SVG parsed in the page: whether it parsed, its size, and its radial gradients (stones). */
function parseSvg(page, text) {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const svg = doc.documentElement;
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: svg.localName,
      width: Number(svg.getAttribute('width')),
      stones: svg.querySelectorAll('radialGradient').length,
      texts: [...svg.querySelectorAll('text')].map((t) => t.textContent),
    };
  }, text);
}

test('the app exports the board as PNG and SVG and the game as a GIF', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await newPage(context);
  await open(page, `${site.server.url}#${RECORD}`);
  const shown = await state(page);
  const menu = page.locator('.board-toolbar details.ludus-export');

  const png = await exportFile(page, menu, 'png');
  assert.equal(png.name, 'unlur-step-6.png');
  await writeFile(join(artifacts, 'export-unlur.png'), png.bytes);
  const picture = await decodePng(page, png.bytes);
  assert.equal(picture.width, 1200, 'a 600 px picture at twice the pixels');
  assert.ok(picture.height > 1000 && picture.height < 1400, `height ${picture.height}`);
  assert.ok(picture.colours > 50, `only ${picture.colours} colours: blank?`);

  const svg = await exportFile(page, menu, 'svg');
  assert.equal(svg.name, 'unlur-step-6.svg');
  const parsed = await parseSvg(page, svg.bytes.toString('utf8'));
  assert.equal(parsed.error, null);
  assert.equal(parsed.root, 'svg');
  assert.equal(parsed.width, 600);
  const stones = shown.pieces.filter((p) => p?.kind === 'stone').length;
  assert.equal(stones, 5, 'five stones in this game (a pass places none)');
  assert.equal(parsed.stones, stones, 'one shaded stone in the SVG for each on the board');
  const mover = shown.players[shown.movers[5]].name;
  assert.ok(parsed.texts.includes(`Unlur · move 6: ${mover} c4`), parsed.texts.join(' | '));

  // Cell names and no caption.
  await openMenu(menu);
  await menu.locator('[data-option="caption"]').uncheck();
  await menu.locator('[data-option="coords"]').check();
  const named = await parseSvg(page, (await exportFile(page, menu, 'svg')).bytes.toString('utf8'));
  assert.ok(!named.texts.some((t) => t.startsWith('Unlur ·')), 'no caption');
  assert.ok(named.texts.includes('a1') || named.texts.some((t) => /^[a-z]\d+$/.test(t)), 'cell names');

  await openMenu(menu);
  await menu.locator('[data-option="caption"]').check();
  await menu.locator('[data-option="speed"]').selectOption('40');
  const gif = await exportFile(page, menu, 'gif');
  assert.equal(gif.name, 'unlur-6-steps.gif');
  const anim = readGif(gif.bytes);
  assert.equal(anim.frames.length, shown.steps.length + 1, 'the start and one frame a step');
  assert.equal(anim.width, 400);
  // The start whole; each step only the rectangle that changed, inside the picture.
  assert.deepEqual([anim.frames[0].width, anim.frames[0].height], [anim.width, anim.height]);
  assert.ok(anim.frames.every((f) => f.left + f.width <= anim.width && f.top + f.height <= anim.height));
  assert.ok(anim.frames.slice(1).every((f) => f.width * f.height < anim.width * anim.height), 'steps change part of the picture');
  assert.deepEqual(
    anim.frames.map((f) => f.delay),
    [40, 40, 40, 40, 40, 40, 200],
  );
  await writeFile(join(artifacts, 'export-unlur.gif'), gif.bytes);
  assert.match(await menu.locator('.export-status').textContent(), /Saved unlur-6-steps\.gif \(7 frames\)/);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('"Copy embed code" gives a widget and an iframe that show the same position', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.url });
  const page = await newPage(context);
  const at = `${RECORD};at=4`;
  await open(page, `${site.server.url}#${at}`);
  const shown = await state(page);
  assert.equal(shown.cursor, 4);
  const menu = page.locator('.board-toolbar details.ludus-export');
  await menu.locator('summary').click();
  await menu.locator('[data-export="embed"]').click();
  // The exporters load on the first click: the menu says when the code is there.
  await menu.locator('.export-status', { hasText: /copied|Select and copy/ }).waitFor();
  const element = await menu.locator('[data-snippet="element"]').inputValue();
  const iframe = await menu.locator('[data-snippet="iframe"]').inputValue();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), element);
  assert.match(element, /^<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/www\/embed\/ludus-board\.js"><\/script>\n<ludus-board record="/);

  // A page with both snippets, served from the same site.
  const host = `${site.server.url}snippet-test.html`;
  await page.route(host, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><body>${element}\n${iframe}</body></html>` }),
  );
  await page.goto(host);
  await page.waitForFunction(() => document.querySelector('ludus-board')?.state?.status === 'ready');
  const widget = await page.evaluate(() => document.querySelector('ludus-board').state);
  assert.equal(widget.record, shown.record);
  assert.equal(widget.cursor, 4);
  // The iframe is of the same site: its widget is read directly.
  await page.waitForFunction(() => document.querySelector('iframe')?.contentDocument?.querySelector('ludus-board')?.state?.status === 'ready');
  const inFrame = await page.evaluate(() => document.querySelector('iframe').contentDocument.querySelector('ludus-board').state);
  assert.equal(inFrame.record, shown.record);
  assert.equal(inFrame.cursor, 4);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the widget exports too: PNG, SVG and the game as a GIF', async () => {
  const context = await site.browser.newContext({ viewport: { width: 900, height: 1000 } });
  // The sample article's puzzle: the shipped puzzles, or the tests' own where none are built yet.
  await serveData(context);
  const page = await context.newPage();
  // The sample article has no icon: the browser's request for /favicon.ico is no error of ours.
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && !/favicon/.test(m.location().url) && page.errors.push(m.text()));
  await page.goto(`${site.server.url}www/examples/blog-post.html`);
  await page.waitForFunction(() => [...document.querySelectorAll('ludus-board')].every((b) => b.state?.status === 'ready'));
  const board = page.locator('ludus-board[record^="merlins-chain"]');
  const st = await board.evaluate((b) => b.state);
  const menu = board.locator('details.ludus-export');
  await menu.scrollIntoViewIfNeeded();

  const png = await exportFile(page, menu, 'png');
  assert.equal(png.name, `merlins-chain-step-${st.cursor}.png`);
  await writeFile(join(artifacts, 'export-widget-merlin.png'), png.bytes);
  const picture = await decodePng(page, png.bytes);
  assert.equal(picture.width, 1200);
  assert.ok(picture.colours > 50, `only ${picture.colours} colours`);

  const svg = await parseSvg(page, (await exportFile(page, menu, 'svg')).bytes.toString('utf8'));
  assert.equal(svg.error, null);
  // Merlin's Chain pieces are numbered tiles: their numbers are in the SVG.
  assert.ok(svg.texts.filter((t) => /^\d+$/.test(t)).length >= st.cursor, `tile numbers: ${svg.texts.join(' ')}`);

  const gif = readGif((await exportFile(page, menu, 'gif')).bytes);
  assert.equal(gif.frames.length, st.steps + 1);
  assert.equal(gif.width, 400);
  assert.deepEqual(page.errors, []);
  await context.close();
});

/** Whether two boxes ({left, top, right, bottom}) share any area. */
function overlap(a, b) {
  return a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
}

const box = (locator) => locator.evaluate((e) => {
  const r = e.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
});

test('the Export menu covers no part of the board and closes as menus do', async () => {
  const sizes = [
    ['1366x768', { viewport: { width: 1366, height: 768 } }],
    ['1200x900', { viewport: { width: 1200, height: 900 } }],
    ['390x844', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
  ];
  for (const [name, options] of sizes) {
    const context = await site.browser.newContext(options);
    const page = await newPage(context);
    await open(page, `${site.server.url}#${RECORD};at=3`);
    const menu = page.locator('.board-toolbar details.ludus-export');
    const isOpen = () => menu.evaluate((d) => d.open);
    const openMenu = async () => {
      await menu.locator('summary').click();
      await menu.locator('.ludus-export-panel').waitFor();
      // Placed once its panel is built: wait for a frame.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done())));
    };
    await openMenu();
    const board = await box(page.locator('#board-box'));
    const panel = await box(menu.locator('.ludus-export-panel'));
    assert.ok(!overlap(board, panel), `${name}: the panel ${JSON.stringify(panel)} covers the board ${JSON.stringify(board)}`);
    // The board's lower middle (where the panel used to hang) is the board's to click.
    const x = (board.left + board.right) / 2;
    const y = board.bottom - 20;
    assert.equal(await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('#board-box') != null, [x, y]), true, `${name}: the board under the open menu`);
    await page.screenshot({ path: `${artifacts}/export-menu-${name}.png` });

    // A click on the board closes it.
    await page.mouse.click(x, y);
    assert.equal(await isOpen(), false, `${name}: a click on the board closes it`);
    // Escape closes it and gives the focus back to its button.
    await openMenu();
    await menu.locator('[data-option="caption"]').focus();
    await page.keyboard.press('Escape');
    assert.equal(await isOpen(), false, `${name}: Escape closes it`);
    assert.equal(await page.evaluate(() => document.activeElement?.matches('.ludus-export > summary')), true, `${name}: the focus is back on Export`);
    // A click elsewhere on the page.
    await openMenu();
    await page.locator('#game-title').click();
    assert.equal(await isOpen(), false, `${name}: a click elsewhere closes it`);
    // Choosing an item: the file is saved and the menu closes.
    await openMenu();
    await Promise.all([page.waitForEvent('download'), menu.locator('[data-export="png"]').click()]);
    await page.waitForFunction(() => !document.querySelector('.board-toolbar details.ludus-export').open);
    // Another game (a link followed, as a tab or a new game shows one) closes it.
    await openMenu();
    await page.evaluate(() => (location.hash = '#unravel;size=6'));
    await waitGame(page, 'unravel');
    assert.equal(await isOpen(), false, `${name}: another game closes it`);
    await openMenu();
    await page.evaluate(() => window.ludusTest.startGame('unlur', {}));
    assert.equal(await isOpen(), false, `${name}: a new game closes it`);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test("the widget's Export menu covers no part of its board and closes as menus do", async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  await serveData(context);
  const page = await context.newPage();
  await page.goto(`${site.server.url}www/examples/blog-post.html`);
  await page.waitForFunction(() => [...document.querySelectorAll('ludus-board')].every((b) => b.state?.status === 'ready'));
  const board = page.locator('ludus-board[record^="merlins-chain"]');
  const menu = board.locator('details.ludus-export');
  const isOpen = () => menu.evaluate((d) => d.open);
  await menu.scrollIntoViewIfNeeded();
  const openMenu = async () => {
    await menu.locator('summary').click();
    await menu.locator('.ludus-export-panel').waitFor();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done())));
  };
  await openMenu();
  const panel = await box(menu.locator('.ludus-export-panel'));
  const drawn = await box(board.locator('.board-box'));
  assert.ok(!overlap(drawn, panel), `the panel ${JSON.stringify(panel)} covers the board ${JSON.stringify(drawn)}`);
  await page.keyboard.press('Escape');
  assert.equal(await isOpen(), false, 'Escape closes it');
  await openMenu();
  await page.mouse.click(5, 5);
  assert.equal(await isOpen(), false, 'a click on the article closes it');
  await openMenu();
  await board.evaluate((b) => b.setAttribute('record', 'merlins-chain;moves=56@a3'));
  assert.equal(await isOpen(), false, 'another game closes it');
  await context.close();
});

test('an exported text file is named for the game it holds: its main line, in steps, whichever line is shown', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await newPage(context);
  await open(page, `${site.server.url}#scattercut`);
  // Ten steps, then another seventh step tried: the line shown has 8 steps, the game 10 in its main line.
  await page.evaluate(() => {
    const app = window.ludusTest;
    for (let i = 0; i < 10; i++) app.play(app.legal()[Math.floor(app.legal().length / 2)].text);
    app.navigate(7);
    const other = app.legal().find((s) => s.text !== app.view().steps[7]);
    app.play(other.text);
  });
  const shown = await state(page);
  assert.equal(shown.steps.length, 8, 'the line tried is shown');
  const menu = page.locator('.board-toolbar details.ludus-export');
  const file = await exportFile(page, menu, 'text');
  // The file numbers its steps ("10. d4"), the lines tried in brackets.
  const text = file.bytes.toString('utf8');
  const mainLine = text.split('\n\n').slice(1).join(' ').replace(/\([^()]*\)/g, ' ');
  const numbers = [...mainLine.matchAll(/(\d+)\.\s/g)].map((m) => Number(m[1]));
  assert.equal(Math.max(...numbers), 10, `the file holds the ten steps of the main line: ${text}`);
  assert.match(text, /\(8\. /, 'and the step tried instead');
  assert.equal(file.name, 'scattercut-10-steps.txt');
  assert.match(await page.locator('#moves').innerText(), /\b5\.\s/, 'ten steps: five rounds in the move list');
  assert.deepEqual(page.errors, []);
  await context.close();
});
