// End-to-end: what a player meets using the page, in the built site (dist/), headless
// Chromium. Scattercut shows the lifted stones and marks re-placements in the move list;
// Unlur's move list shows each stone's colour on the board; a Merlin's Chain flip moves few
// tiles on screen and a refused cell says why; Unravel's refused clicks say why; the theme
// button changes the theme at every press; White's analysis bar stands out in the light
// theme; a picture's caption fits at 400 px; a new Unity game gets a new random setup; a
// computer turn of several steps is told whole. Screenshots in test-artifacts/in-use-*.png.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { useSite, artifacts } from './site.mjs';
import { newPage, open as openPage, state, waitGame } from './app-page.mjs';

const site = useSite();

const open = (page, path = '') => openPage(page, site.server.url + path);

/** Plays steps through the page's own module, as if clicked. */
async function play(page, steps) {
  for (const step of steps) {
    const ok = await page.evaluate((t) => window.ludusTest.play(t), step);
    assert.ok(ok, `${step} was played`);
  }
}

/** Clicks the canvas at a cell's centre (by name). */
async function clickCell(page, name) {
  const { x, y } = await page.evaluate(async (n) => {
    const app = window.ludusTest;
    return app.board().cellPoint(app.view().cells.indexOf(n));
  }, name);
  await page.mouse.click(x, y);
}

const statusSub = (page) => page.locator('#status-sub').textContent();

/** WCAG contrast ratio of two CSS rgb()/rgba() colours (alpha ignored). */
function contrast(a, b) {
  const lum = (css) => {
    const [r, g, bl] = css.match(/[\d.]+/g).slice(0, 3).map(Number);
    const lin = (v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(bl);
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

test('Scattercut: the lifted stones show where they were, and re-placements show as such', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 }, colorScheme: 'light' });
  const page = await newPage(context);
  await open(page, '#scattercut;size=5');
  // Red's c2 makes two crosscuts (b2 c2 b3 c3 and c2 d2 c3 d3): b3 and d3 are lifted.
  await play(page, ['b3', 'c3', 'd3', 'b2', 'a5', 'd2', 'c2']);
  let s = await state(page);
  assert.equal(s.prompt, 'b3 and d3 were lifted by the crosscuts: Red to re-place them');
  assert.equal(await page.locator('#status-main').textContent(), s.prompt);
  // A ghost ring in Red's colour on each empty lifted cell.
  const ring = await page.evaluate(async () => {
    const app = window.ludusTest;
    const canvas = document.querySelector('#board-box canvas');
    const geom = app.board().geometry();
    const scale = canvas.width / canvas.getBoundingClientRect().width;
    const ctx = canvas.getContext('2d');
    return ['b3', 'd3', 'e4'].map((name) => {
      const [x, y] = geom.center(app.view().cells.indexOf(name));
      const r = geom.pieceRadius * 0.7;
      const at = (dx, dy) => [...ctx.getImageData(Math.round((x + dx) * scale), Math.round((y + dy) * scale), 1, 1).data];
      return { name, edge: at(r * Math.cos(0.05), r * Math.sin(0.05)), centre: at(0, 0) };
    });
  });
  const red = ([r, g, b]) => r > 150 && g < 110 && b < 110;
  for (const { name, edge, centre } of ring.slice(0, 2)) {
    assert.ok(red(edge), `a red ring on ${name}: ${edge}`);
    assert.ok(!red(centre), `${name} itself is empty: ${centre}`);
  }
  assert.ok(!red(ring[2].edge), 'no ring on a cell that was not lifted');
  await page.screenshot({ path: join(artifacts, 'in-use-scattercut-lifted.png') });
  await play(page, ['a1']);
  s = await state(page);
  assert.equal(s.prompt, 'Red to re-place 1 more stone (lifted from b3 and d3)');
  await play(page, ['e1']);
  const steps = await page.$$eval('#moves .step', (b) => b.map((x) => ({ text: x.textContent, replace: x.classList.contains('replace'), label: x.getAttribute('aria-label') })));
  assert.deepEqual(
    steps.filter((x) => x.replace).map((x) => [x.text, x.label]),
    [
      ['↺a1', 'Red re-places a lifted stone on a1'],
      ['↺e1', 'Red re-places a lifted stone on e1'],
    ],
  );
  assert.equal(steps.filter((x) => !x.replace).length, 7);
  await page.locator('#moves').screenshot({ path: join(artifacts, 'in-use-scattercut-moves.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('Unlur: the move list shows each stone in the colour it has on the board', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 }, colorScheme: 'light' });
  const page = await newPage(context);
  await open(page, '#unlur');
  // The first player's contract stone is black; the second player passes and takes Black,
  // so the first player is White from then on.
  await play(page, ['d4', 'pass', 'e5']);
  const s = await state(page);
  assert.equal(s.players[0].color, 'white');
  const swatches = await page.evaluate(() => {
    const root = getComputedStyle(document.documentElement);
    const probe = document.createElement('span');
    document.body.append(probe);
    const rgb = (name) => {
      probe.style.background = root.getPropertyValue(`--piece-${name}`);
      return getComputedStyle(probe).backgroundColor;
    };
    const colours = { black: rgb('black'), white: rgb('white') };
    probe.remove();
    const turns = [...document.querySelectorAll('#moves .turn')].map((t) => ({
      step: t.querySelector('.step').textContent,
      swatch: getComputedStyle(t.querySelector('.swatch')).backgroundColor,
    }));
    return { colours, turns };
  });
  const colourOf = (step) => swatches.turns.find((t) => t.step === step).swatch;
  assert.equal(colourOf('d4'), swatches.colours.black, 'the contract stone d4 is black');
  assert.equal(colourOf('e5'), swatches.colours.white, "White's e5 is white");
  await page.locator('#moves').screenshot({ path: join(artifacts, 'in-use-unlur-moves.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test("Merlin's Chain: a flip moves only the tiles it must, and a refused cell says why", async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 }, colorScheme: 'light' });
  const page = await newPage(context);
  await open(page, '#merlins-chain');
  const labels = async () => (await state(page)).pieces.map((p) => p?.label ?? null);
  const before = await labels();
  await page.screenshot({ path: join(artifacts, 'in-use-merlin-before.png') });
  // Green picks tile 2 and clicks a8 (White's 57), where it cannot go: the tile stays
  // picked and the engine's reason is shown.
  await clickCell(page, 'b1');
  assert.equal((await state(page)).selection?.piece, 2);
  await clickCell(page, 'a8');
  assert.match(await statusSub(page), /^2 cannot go on a8: column a could no longer ascend/);
  assert.equal((await state(page)).selection?.piece, 2, 'the tile stays picked');
  await page.screenshot({ path: join(artifacts, 'in-use-merlin-refused.png') });
  // 40 on c5 (where 35 was): 35 moves to h5, 40's cell; every other grey tile stays.
  await play(page, ['40@c5']);
  const after = await labels();
  const s = await state(page);
  const grey = (cell) => s.pieces[cell]?.color === 'grey';
  const moved = after.filter((label, cell) => grey(cell) && label !== before[cell]);
  assert.deepEqual(moved, ['35']);
  await page.screenshot({ path: join(artifacts, 'in-use-merlin-after.png') });
  // Another flip: still only what must move, and stepping back shows the same as before.
  await play(page, ['41@a8']);
  const third = await labels();
  const s3 = await state(page);
  const moved3 = third.filter((label, cell) => s3.pieces[cell]?.color === 'grey' && label !== after[cell]).length;
  assert.ok(moved3 <= 8, `41@a8 moved ${moved3} grey tiles`);
  await page.click('#undo-button');
  assert.deepEqual(await labels(), after);
  await page.screenshot({ path: join(artifacts, 'in-use-merlin-third.png') });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('Unravel: a click on a checker that cannot swap says why, and keeps the selection', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await newPage(context);
  await open(page, '#unravel;size=4');
  // Blue's a2 completes the crosscut a1 b1 a2 b2: Blue must swap, but not a2.
  await play(page, ['a1', 'b1', 'b2', 'a2']);
  await clickCell(page, 'a2');
  assert.equal(
    await statusSub(page),
    'a2 completed the crosscut at a1 b1 a2 b2, so it cannot be swapped to unravel that crosscut: swap two of its other checkers',
  );
  await clickCell(page, 'a1');
  assert.equal((await state(page)).selection?.cell, 0);
  await clickCell(page, 'a2');
  assert.equal(
    await statusSub(page),
    'a2 completed the crosscut at a1 b1 a2 b2, so it cannot be swapped to unravel that crosscut',
  );
  assert.equal((await state(page)).selection?.cell, 0, 'a1 stays picked');
  await clickCell(page, 'b1');
  assert.equal((await state(page)).steps.at(-1), 'a1~b1');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the theme button changes the theme at its first press, and at every press', async () => {
  for (const scheme of ['light', 'dark']) {
    const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 }, colorScheme: scheme });
    const page = await newPage(context);
    await open(page, '#unravel');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const seen = [await background()];
    for (let i = 0; i < 3; i++) {
      await page.click('#theme-button');
      seen.push(await background());
      assert.notEqual(seen[i + 1], seen[i], `press ${i + 1} from ${scheme} changes the theme`);
    }
    await context.close();
  }
});

test("White's analysis bar stands out from its track in the light theme", async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 }, colorScheme: 'light' });
  const page = await newPage(context);
  // A linked position turns Analysis on; the first player is White after the pass.
  await open(page, '#unlur;size=5;moves=d4,pass');
  await page.waitForSelector('#analysis-bars .analysis-bar[data-seat="0"] .analysis-fill');
  const looks = await page.evaluate(() => {
    const fill = document.querySelector('#analysis-bars .analysis-bar[data-seat="0"] .analysis-fill');
    const f = getComputedStyle(fill);
    const t = getComputedStyle(fill.parentElement);
    const edge = f.boxShadow === 'none' ? null : f.boxShadow.match(/rgba?\([^)]*\)/)?.[0];
    const width = f.boxShadow === 'none' ? 0 : Number(f.boxShadow.match(/(\d+(?:\.\d+)?)px\s*$/)?.[1] ?? f.boxShadow.match(/0px 0px 0px (\d+(?:\.\d+)?)px/)?.[1] ?? 0);
    return { fill: f.backgroundColor, track: t.backgroundColor, edge, width, name: fill.closest('.analysis-bar').querySelector('.analysis-name').textContent };
  });
  assert.equal(looks.name, 'White');
  const plain = contrast(looks.fill, looks.track);
  const edged = looks.edge ? Math.min(contrast(looks.edge, looks.track), contrast(looks.edge, looks.fill)) : 0;
  assert.ok(
    plain >= 3 || (edged >= 3 && looks.width >= 1),
    `White's share is visible: fill ${looks.fill} on track ${looks.track} is ${plain.toFixed(2)}:1; edge ${looks.edge} (${looks.width}px) ${edged.toFixed(2)}:1`,
  );
  await page.locator('#analysis-bars').screenshot({ path: join(artifacts, 'in-use-analysis-light.png') });
  await context.close();
});

test('a picture 400 px wide keeps its whole caption inside the picture', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await newPage(context);
  await open(page, '#unity;players=3;seed=5');
  await play(page, [(await state(page)).legal.find((s) => s.kind === 'move').text]);
  const result = await page.evaluate(async () => {
    const app = window.ludusTest;
    const { drawPicture, captionFor } = await import('/www/share/export.js');
    const { pictureSize } = await import('/www/share/export.js');
    const view = app.view();
    const size = pictureSize(view, { width: 400 });
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    drawPicture(ctx, view, { width: 400 });
    // Columns of the caption band (below the board) with any non-background pixel.
    const top = size.board.y + size.board.height + 2;
    const band = ctx.getImageData(0, top, size.width, size.height - top).data;
    const inked = [];
    for (let x = 0; x < size.width; x++) {
      for (let y = 0; y < size.height - top; y++) {
        const i = (y * size.width + x) * 4;
        if (band[i] < 200 || band[i + 1] < 200 || band[i + 2] < 200) {
          inked.push(x);
          break;
        }
      }
    }
    ctx.font = '600 16px system-ui, -apple-system, "Segoe UI", sans-serif';
    return {
      caption: captionFor(view),
      wide: ctx.measureText(captionFor(view)).width,
      first: inked[0],
      last: inked.at(-1),
      width: size.width,
      png: canvas.toDataURL('image/png'),
    };
  });
  await writeFile(join(artifacts, 'in-use-caption-400.png'), Buffer.from(result.png.split(',')[1], 'base64'));
  assert.ok(result.wide > 380, `the caption is long: "${result.caption}" (${result.wide} px at 16 px)`);
  assert.ok(result.first >= 5 && result.last <= result.width - 6, `the caption stays inside: ink from ${result.first} to ${result.last} of ${result.width}`);
  await context.close();
});

test('a new Unity game draws a new random setup; a link keeps its own', async () => {
  const records = [];
  for (let i = 0; i < 2; i++) {
    const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await newPage(context);
    await open(page, '');
    await page.click('.game-tab[data-game="unity"]');
    await waitGame(page, 'unity');
    records.push((await state(page)).record);
    await context.close();
  }
  assert.notEqual(records[0], records[1], 'two visits, two setups');
  const linked = [];
  for (let i = 0; i < 2; i++) {
    const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await newPage(context);
    await open(page, '#unity;seed=7');
    linked.push((await state(page)).pieces);
    await context.close();
  }
  assert.deepEqual(linked[0], linked[1], 'a link with a seed shows the same setup');
});

test("the computer's turn of several steps is told whole", async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await newPage(context);
  await open(page, '?level=mcts:50#scattercut;size=5');
  // Red's c2 lifts b3 and d3; then the computer, playing Red, re-places both.
  await play(page, ['b3', 'c3', 'd3', 'b2', 'a5', 'd2', 'c2']);
  await page.click('#players .seat-mode[data-seat="0"]');
  await page.waitForFunction(() => {
    const app = window.ludusTest;
    return !app.thinking() && app.view().toMove === 1 && app.view().steps.length === 9;
  }, null, { timeout: 30000, polling: 50 });
  const s = await state(page);
  const [first, second] = s.steps.slice(7);
  assert.equal(await statusSub(page), `The computer played ${first} and ${second} for Red.`);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test("Merlin's Chain: one step index per position and selection, shared by the controller and the board", async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await newPage(context);
  await open(page, '#merlins-chain');
  // Builds of the step index over one refresh and the board's next frame (hovering too).
  const builds = () =>
    page.evaluate(async () => {
      const app = window.ludusTest;
      const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
      await frame();
      const before = window.ludusTest.indexBuilds();
      app.refresh();
      app.board().setHover({ cell: 0 });
      await frame();
      return { builds: window.ludusTest.indexBuilds() - before, legal: app.legal().length };
    });
  const start = await builds();
  assert.ok(start.legal > 1000, `Merlin's Chain lists ${start.legal} steps at the start`);
  assert.equal(start.builds, 0, 'the same position and no selection: the index built before serves');
  // A new position: one index.
  const counted = await page.evaluate(async () => {
    const app = window.ludusTest;
    const before = window.ludusTest.indexBuilds();
    app.play(app.legal()[0].text);
    await new Promise((done) => requestAnimationFrame(() => done()));
    return window.ludusTest.indexBuilds() - before;
  });
  assert.equal(counted, 1, 'a step played: one index for the new position');
  // A tile picked from the tray: one index for the selection, shared by the tray, the hint and the board.
  const picked = await page.evaluate(async () => {
    const before = window.ludusTest.indexBuilds();
    document.querySelector('#tray-tiles button').click();
    await new Promise((done) => requestAnimationFrame(() => done()));
    return window.ludusTest.indexBuilds() - before;
  });
  assert.equal(picked, 1, 'a tile picked: one index for the selection');
  assert.match(await statusSub(page), /^Now click where tile \d+ goes\.$/);
  assert.equal((await builds()).builds, 0, 'a refresh with the same selection builds none');
  await context.close();
});

test('the status line words the past, a result and the saved game as before', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await newPage(context);
  await open(page, '#unravel;size=4');
  await play(page, ['a1', 'b1', 'c1', 'd1']);
  // The status card keeps its height whatever it says (measured at each state below).
  const statusHeight = () => page.evaluate(() => document.getElementById('status').getBoundingClientRect().height);
  const heights = [['the latest position', await statusHeight()]];
  await page.click('#undo-button');
  await page.click('#undo-button');
  assert.equal(await page.locator('#status-main').textContent(), 'Red to place a checker');
  // (A step played in the past starts a variation: the later steps stay.)
  assert.equal(await statusSub(page), 'Viewing step 2 of 4. Playing here starts a variation.');
  await page.click('#undo-button');
  assert.equal(await statusSub(page), 'Viewing step 1 of 4. Playing here starts a variation.');
  heights.push(['a past position', await statusHeight()]);
  // With the computer playing the seat to move in the past, it waits; its button says what
  // "Computer plays here" does.
  await page.click('#players .seat-mode[data-seat="1"]');
  assert.equal(await statusSub(page), 'Viewing step 1 of 4. The computer (Blue) waits while you look back.');
  assert.match(await page.locator('#computer-here').getAttribute('title'), /a variation: the later steps stay/);
  heights.push(["a past position of the computer's seat", await statusHeight()]);
  for (const [what, height] of heights) {
    assert.ok(Math.abs(height - heights[0][1]) <= 1, `the status is ${height} px high at ${what}, ${heights[0][1]} px at the latest position`);
  }
  await page.click('#players .seat-mode[data-seat="1"]');
  // The saved game's line in "Your games": whose turn it is at the position shown.
  await page.click('#last-button');
  const saved = () => page.evaluate(() => JSON.parse(localStorage.getItem('ludus:v1:saved-games')).games[0].status);
  // A move through the game is saved a moment after the last one (www/app/history.js).
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('ludus:v1:saved-games')).games[0].status === 'Red to move');
  assert.equal(await saved(), 'Red to move');
  // A finished game: the result, and what the board highlights.
  await open(page, '#unravel;size=3');
  await page.evaluate(async () => {
    const app = window.ludusTest;
    while (app.legal().length && !app.view().outcome) app.play(app.legal()[0].text);
  });
  assert.equal(await page.locator('#status-main').textContent(), 'Red wins');
  assert.equal(await statusSub(page), 'The winning connection is highlighted.');
  assert.equal(await saved(), 'Red wins');
  await context.close();
});
