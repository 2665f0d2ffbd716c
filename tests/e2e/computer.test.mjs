// End-to-end: the computer opponent in the built site (dist/), headless Chromium.
// A demo game (the computer plays every seat) to the end; the user against the computer;
// cancelling (undo, history, another game) so that no step computed for another position is
// ever played; the page's main thread stays free while the computer thinks (counted: no legal
// step list and no arrangement search there);
// screenshots of the thinking indicator and the seat switches in light and dark themes.
//
// The demo game uses the `?level=mcts:50` test parameter (50 search iterations a step) to
// be quick; everything else uses the levels offered on the page.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, artifacts } from './site.mjs';
import { newPage, open as openPage, waitReady, state, savedRecord, waitCursor } from './app-page.mjs';


const site = useSite();

const open = (page, path = '') => openPage(page, site.server.url + path);

const thinking = (page) => page.evaluate(() => / is thinking…$/.test(document.getElementById('status-main').textContent));

function waitThinking(page, timeout = 10000) {
  return page.waitForFunction(() => / is thinking…$/.test(document.getElementById('status-main').textContent), null, { timeout });
}

/** Waits until the computer is done: not thinking, and no computer seat to move at the latest position. */
function waitHumanTurn(page, timeout = 30000) {
  return page.waitForFunction(
    () => {
      const app = window.ludusTest;
      return !app.thinking() && (!!app.view().outcome || !app.computerToMove());
    },
    null,
    { timeout, polling: 50 },
  );
}

/** Switches a seat between human and computer with its chip's button; returns the new state. */
async function setSeat(page, seat, computer) {
  const chip = page.locator(`#players .player[data-seat="${seat}"]`);
  if ((await chip.evaluate((e) => e.classList.contains('computer'))) !== computer) {
    await page.click(`#players .seat-mode[data-seat="${seat}"]`);
  }
  await page.waitForFunction(
    ([s, c]) => document.querySelector(`#players .player[data-seat="${s}"]`)?.classList.contains('computer') === c,
    [seat, computer],
  );
}

/** Each step of the record was legal where it was played (asked from the engine afresh). */
async function checkLegal(page, record) {
  const bad = await page.evaluate(async (rec) => {
    const { engine } = await import('/www/engine.js');
    const mod = await engine();
    const full = mod.Session.fromRecord(rec).view();
    const head = rec.split(';moves=')[0];
    const out = [];
    for (let i = 0; i < full.steps.length; i++) {
      const prefix = i ? `${head};moves=${full.steps.slice(0, i).join(',')}` : head;
      const session = mod.Session.fromRecord(prefix);
      const legal = session.view().legal.map((s) => s.text);
      session.free();
      if (!legal.includes(full.steps[i])) out.push(`${i}: ${full.steps[i]}`);
    }
    return out;
  }, record);
  assert.deepEqual(bad, [], 'every step was legal where it was played');
}

/** Clicks the canvas at a cell's centre. */
async function clickCell(page, cell) {
  const { x, y } = await page.evaluate((c) => window.ludusTest.board().cellPoint(c), cell);
  await page.mouse.click(x, y);
}

/** The user makes a one-click step (a placement) with the mouse; returns the step's text. */
async function userPlaces(page, pick = 0) {
  const s = await state(page);
  const places = s.legal.filter((st) => st.kind === 'place');
  assert.ok(places.length, 'the user has a placement to make');
  const step = places[pick % places.length];
  await clickCell(page, step.cells[0]);
  // At or past the user's step: on a busy machine the computer's answer (0.3 s later) can
  // come before the page is next polled. (The step may be in a line tried, which the move
  // list numbers apart: the cursor is read through the test interface.)
  await page.waitForFunction((n) => window.ludusTest.view().cursor >= n, s.cursor + 1);
  const after = await state(page);
  assert.equal(after.steps[s.cursor], step.text);
  return step.text;
}

test('a demo game: the computer plays every seat to the end and the result is shown', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await newPage(context);
  await open(page, '?level=mcts:50#unlur;size=4');
  assert.equal(await page.locator('#level-select').inputValue(), 'mcts:50');
  assert.equal(await thinking(page), false, 'nobody is the computer yet');
  const started = Date.now();
  await setSeat(page, 0, true); // the seat to move: the computer starts at once
  await setSeat(page, 1, true);
  await page.waitForSelector('#play-again', { timeout: 120000 });
  const s = await state(page);
  assert.ok(s.outcome, 'the game is over');
  assert.equal(s.thinking, null);
  assert.equal(await page.locator('.status.thinking').count(), 0, 'no thinking indicator after the end');
  assert.ok(await page.locator('#status').evaluate((e) => e.classList.contains('over')));
  // The result in the engine's words, which name the winner.
  const text = await page.locator('#status-main').textContent();
  assert.equal(text, s.prompt);
  if (s.outcome.kind === 'winner') {
    assert.ok(text.startsWith(`${s.players[s.outcome.seat].name} wins`), text);
    assert.equal(await page.locator('.player.winner').count(), 1);
  } else {
    assert.ok(text.startsWith('Draw'), text);
    assert.equal(await page.locator('.player.winner').count(), 0);
  }
  assert.equal(s.cursor, s.steps.length);
  assert.ok(s.steps.length >= 5, `a whole game: ${s.record}`);
  await checkLegal(page, s.record);
  // The game record is the link and the save, with nothing about the computer in it.
  assert.equal(decodeURI(new URL(page.url()).hash.slice(1)), s.record);
  assert.equal(await savedRecord(page, 'unlur'), s.record);
  await page.screenshot({ path: join(artifacts, 'computer-demo-end.png') });
  console.log(`demo game: ${s.steps.length} steps in ${Date.now() - started} ms: ${s.record}`);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a turn of several steps: the computer is asked again after each step (three-player Unity walls)', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await newPage(context);
  // Without the learned order, which seldom tries a wall: here most of a turn's steps are walls.
  await open(page, '?level=mcts:50/noorder/pw=0#unity;players=3');
  for (const seat of [2, 1, 0]) await setSeat(page, seat, true);
  // Wait for a turn of two steps by one seat (a wall, then the compulsory second wall).
  const found = await page.waitForFunction(
    () => {
      const v = window.ludusTest.view();
      for (let i = 1; i < v.steps.length; i++) if (v.movers[i] === v.movers[i - 1]) return i;
      return v.outcome || v.steps.length >= 60 ? -1 : 0;
    },
    null,
    { timeout: 90000, polling: 100 },
  );
  const at = await found.jsonValue();
  for (const seat of [2, 1, 0]) await setSeat(page, seat, false);
  const s = await state(page);
  assert.ok(at > 0, `a turn of two steps was played: ${s.record}`);
  assert.match(s.steps[at - 1], /\|/, 'the first of the two steps is a wall');
  assert.match(s.steps[at], /\|/, 'the second of the two steps is a wall');
  await checkLegal(page, s.record);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('human against the computer: the computer answers each user step with legal steps', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await newPage(context);
  await open(page, '#unravel;size=5');
  assert.equal(await page.locator('#level-select').inputValue(), 'medium', 'medium is the default level');
  await page.selectOption('#level-select', 'beginner');
  await setSeat(page, 1, true); // Blue
  assert.equal(await thinking(page), false, 'Red (a human) is to move');
  await page.screenshot({ path: join(artifacts, 'computer-seats-light.png') });

  for (let round = 0; round < 3; round++) {
    const before = await state(page);
    await userPlaces(page, round * 7);
    await waitHumanTurn(page);
    const s = await state(page);
    // Unless the user's step ended the game, the last step is the computer's (Blue's).
    if (!s.outcome) assert.equal(s.movers.at(-1), 1, `the computer answered (${s.record})`);
    for (let i = before.cursor + 1; i < s.steps.length; i++) assert.equal(s.movers[i], 1, 'only Blue is played by the computer');
    assert.ok(s.lastAnswer && s.lastAnswer.seat === 1, 'the answer came from the worker');
    if (s.outcome) break;
    assert.equal(s.toMove, 0);
    // Every empty cell of the 5×5 board is a placement for the user.
    const empty = s.pieces.filter((p) => p == null).length;
    assert.equal(s.legal.filter((st) => st.kind === 'place').length, empty, 'the user can play again');
  }
  const s = await state(page);
  await checkLegal(page, s.record);
  assert.equal(decodeURI(new URL(page.url()).hash.slice(1)), s.record, 'the link is the game record');

  // The seats and the level survive a reload; nothing starts thinking for the human's turn.
  await page.reload();
  await waitReady(page);
  assert.equal(await page.locator('#level-select').inputValue(), 'beginner');
  assert.ok(await page.locator('#players .player[data-seat="1"]').evaluate((e) => e.classList.contains('computer')));
  assert.ok(!(await page.locator('#players .player[data-seat="0"]').evaluate((e) => e.classList.contains('computer'))));
  assert.equal((await state(page)).record, s.record);
  assert.equal(await thinking(page), false);

  // Browser Back takes back the user's last step together with the computer's reply (the
  // reply replaced the history entry) and does not make the computer move again.
  if (!s.outcome) {
    await page.goBack();
    await page.waitForFunction((r) => decodeURI(location.hash.slice(1)) !== r, s.record);
    await page.waitForTimeout(600);
    const back = await state(page);
    assert.equal(back.toMove, 0, 'Red to move after Back');
    // The user's step and the computer's reply are gone; what is left is the game before them.
    const userStep = s.movers.lastIndexOf(0);
    assert.deepEqual(back.steps, s.steps.slice(0, userStep));
    assert.equal(back.thinking, null);
  }
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a computer seat warms the search up for the game shown while the user thinks', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await newPage(context);
  await open(page, '#unlur;moves=d4,pass');
  const warmed = () => page.evaluate(() => performance.getEntriesByName('ludus:computer-warmed').map((m) => m.detail));
  await page.waitForTimeout(300);
  assert.deepEqual(await warmed(), [], 'no computer seat: nothing is warmed up');
  await page.selectOption('#level-select', 'beginner');
  await setSeat(page, 1, true); // the passer, Black: the user (White) is to move
  await page.waitForFunction(() => performance.getEntriesByName('ludus:computer-warmed').length > 0);
  const [first] = await warmed();
  assert.equal(first.game, 'unlur');
  assert.ok(first.ms > 0, `the warm-up searched (${first.ms} ms)`);
  assert.equal(await thinking(page), false, 'the warm-up is not a turn of the computer');
  assert.deepEqual((await state(page)).steps, ['d4', 'pass'], 'and plays nothing');
  // The computer still answers the user's step, once, with a legal step.
  await userPlaces(page, 5);
  await waitHumanTurn(page);
  const s = await state(page);
  if (!s.outcome) assert.equal(s.movers.at(-1), 1, `the computer answered (${s.record})`);
  await checkLegal(page, s.record);
  assert.equal((await warmed()).length, 1, 'once per game');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a game opened from a link: the computer waits there until asked', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await newPage(context);
  await open(page, '#unlur;size=4');
  await page.selectOption('#level-select', 'beginner');
  await setSeat(page, 1, true);
  // A link to a position with the computer's seat to move (a fresh load, and a hash change).
  for (const how of ['load', 'hash']) {
    const record = how === 'load' ? 'unlur;size=4;moves=d4' : 'unlur;size=4;moves=c3';
    if (how === 'load') await open(page, '#' + record);
    else await page.evaluate((r) => (location.hash = r), record);
    await page.waitForFunction((r) => window.ludusTest?.view()?.record === r, record);
    await page.waitForTimeout(700);
    let s = await state(page);
    assert.equal(s.thinking, null, `no thinking in a linked game (${how})`);
    assert.deepEqual(s.steps.length, 1);
    assert.match(await page.locator('#status-sub').textContent(), /Opened from a link/);
    assert.equal(await page.locator('#computer-here').isVisible(), true);
    await page.click('#computer-here');
    await waitHumanTurn(page);
    s = await state(page);
    assert.equal(s.steps.length, 2, 'the computer played when asked');
    assert.equal(s.movers[1], 1);
    assert.equal(await page.locator('#computer-here').isVisible(), false);
  }
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('undo, history and another game cancel the thinking: no step is played afterwards', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await newPage(context);
  // Side 7: no learned contract weights, so expert searches the contract for its 4 s (on
  // sides 5 and 6 it answers at once from the weights) and there is time to interrupt it.
  await open(page, '#unlur;size=7');
  await page.selectOption('#level-select', 'expert');
  await setSeat(page, 1, true);
  const first = await userPlaces(page, 3);
  await waitThinking(page);
  const asked = await state(page);
  assert.equal(asked.thinking.seat, 1);
  assert.match(await page.locator('#status-main').textContent(), /Computer \(.+\) is thinking/);
  assert.equal(await page.locator('#players .player.thinking').count(), 1, 'the seat chip shows the thinking');
  assert.deepEqual(asked.legal, [], 'the board takes no steps while the computer thinks');
  await page.screenshot({ path: join(artifacts, 'computer-thinking-light.png') });

  // Undo while thinking: the thinking stops and nothing is played after the undo.
  await page.click('#undo-button');
  let s = await state(page);
  assert.equal(s.cursor, 0);
  assert.equal(s.thinking, null);
  assert.equal(await page.locator('.status.thinking').count(), 0);
  await page.waitForTimeout(4800); // longer than the abandoned search
  s = await state(page);
  assert.deepEqual(s.steps, [first], 'no step was played after the undo');
  assert.equal(s.cursor, 0);

  // Back at the latest position the computer thinks again; switching the level restarts it.
  await page.click('#redo-button');
  await waitThinking(page);
  await page.selectOption('#level-select', 'beginner');
  await waitHumanTurn(page);
  s = await state(page);
  assert.equal(s.steps.length, 2);
  assert.equal(s.steps[0], first);
  assert.equal(s.movers[1], 1);

  // In the past with the computer's seat to move (reached through the move list: Back skips
  // the computer's turns), it waits ...
  await page.click('#moves .step[data-index="0"]');
  await page.waitForTimeout(700);
  s = await state(page);
  assert.equal(s.cursor, 1);
  assert.equal(s.thinking, null, 'no thinking in the past');
  assert.equal(s.steps.length, 2, 'the later step is kept');
  assert.match(await page.locator('#status-sub').textContent(), /waits while you look back/);
  // ... until asked to play there: its step starts a variation (or follows the later one).
  await page.click('#computer-here');
  await waitHumanTurn(page);
  s = await state(page);
  assert.equal(s.steps.length, 2);
  assert.equal(s.cursor, 2);
  assert.equal(s.steps[0], first);
  await checkLegal(page, s.record);

  // Another game while thinking: the step is never played into the game left behind.
  await page.selectOption('#level-select', 'expert');
  await userPlaces(page, 5);
  await waitThinking(page);
  const left = await savedRecord(page, 'unlur');
  await page.click('#game-tabs [data-game="scattercut"]');
  await page.waitForFunction(() => document.querySelector('#game-tabs .active')?.dataset.game === 'scattercut');
  assert.equal(await thinking(page), false);
  // A new game while thinking, too.
  await setSeat(page, 0, true);
  await waitThinking(page);
  await page.click('#start-button');
  await waitCursor(page, 0);
  await setSeat(page, 0, false);
  assert.equal(await thinking(page), false);
  await page.waitForTimeout(4500);
  assert.equal(await savedRecord(page, 'unlur'), left, 'the Unlur game was left as it was');
  s = await state(page);
  assert.equal(s.game, 'scattercut');
  assert.deepEqual(s.steps, [], 'nothing was played into the new game');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test("the page's thread does no heavy work while the computer thinks (counted, not timed)", async () => {
  // What the page's thread runs per computer step is measured by the engine's own counts of
  // its costliest work (www: mod.workCounts(), src/work.rs), which do not depend on the
  // machine's speed or load: the legal step views built (some 1,600 at Merlin's Chain's
  // start) and the searches for the grey tiles' arrangement (up to 1,500 feasibility checks
  // each). While the computer plays every seat, neither runs on the page's thread: the view
  // comes without the legal steps, and the arrangement after each step comes from the
  // computer's worker. How long the thread's tasks take is timed by the benchmark
  // (scripts/bench-computer.mjs, docs/PERFORMANCE.md), not here.
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await newPage(context);
  const report = [];
  // Seat switches are clicked by position (plain input events). Last seat first, so that a
  // chip growing from "Human" to "Computer" does not move the chips still to click. A step
  // landing between reading the positions and clicking moves the "to move" badge (and the
  // buttons after it), so the switches left undone are read and clicked again.
  const setSeats = async (computer) => {
    for (let round = 0; round < 5; round++) {
      const boxes = await page.evaluate((computer) =>
        [...document.querySelectorAll('#players .seat-mode')]
          .filter((b) => b.getAttribute('aria-label').endsWith('the computer') !== computer)
          .map((b) => {
            const r = b.getBoundingClientRect();
            return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
          }), computer);
      if (!boxes.length) return;
      for (const { x, y } of boxes.reverse()) await page.mouse.click(x, y);
    }
    assert.fail(`the seats did not all switch to ${computer ? 'the computer' : 'humans'}`);
  };
  for (const [hash, steps] of [
    ['#merlins-chain', 3],
    ['#unity;players=3', 4],
  ]) {
    await open(page, hash);
    assert.equal(await page.locator('#level-select').inputValue(), 'medium');
    const before = await state(page);
    assert.ok(before.legal.length > 0, 'a person to move: the legal steps are listed');
    const counts = () => page.evaluate(() => window.ludusTest.workCounts());
    const start = await counts();
    await setSeats(true); // every seat to the computer: it thinks at the medium level (4000 iterations a step, 2000 in Unity)
    // The counts and the steps read in one go, once the computer has made its steps.
    const done = await page.evaluate(
      (n) =>
        new Promise((resolve) => {
          const app = window.ludusTest;
          const started = performance.now();
          const poll = () => {
            if (app.view().steps.length >= n) resolve({ counts: app.workCounts(), steps: app.view().steps.length });
            else if (performance.now() - started > 60000) resolve(null);
            else setTimeout(poll, 100);
          };
          poll();
        }),
      before.steps.length + steps,
    );
    assert.ok(done, 'the computer made its steps');
    await setSeats(false); // every seat back to a human: the thinking stops
    const s = await state(page);
    assert.equal(s.thinking, null);
    const work = Object.fromEntries(Object.keys(start).map((k) => [k, done.counts[k] - start[k]]));
    report.push({ game: s.game, steps: done.steps - before.steps.length, ...work });
    assert.deepEqual(
      work,
      { stepViews: 0, arrangementSearches: 0, arrangementChecks: 0 },
      `no legal step views and no arrangement search on the page's thread while the computer plays ${s.game}`,
    );
    // A person to move again: the page lists the legal steps for them. Only an ended game
    // has nobody to move: three-player Unity between medium levels can be decided within
    // a few steps (its last step then a proven win, found in a few iterations), Merlin's
    // Chain cannot.
    const shown = JSON.stringify({ steps: s.steps.length, outcome: s.outcome, toMove: s.toMove, cursor: s.cursor });
    if (s.outcome) assert.equal(s.game, 'unity', `${s.game} ended within a few steps: ${shown}`);
    else assert.ok(s.legal.length > 0, `the legal steps are back for the person to move in ${s.game}: ${shown}`);
    // The grey tiles lie where the page's engine would have put them itself.
    const fresh = await page.evaluate(async (record) => {
      const mod = await (await import('/www/engine.js')).engine();
      const session = mod.Session.fromRecord(record);
      try {
        return session.view().pieces;
      } finally {
        session.free();
      }
    }, s.record);
    assert.deepEqual(s.pieces, fresh, 'the view shown is the one the engine makes from the record');
    assert.ok(
      s.lastAnswer.iterations > 100 || (s.game === 'unity' && s.lastAnswer.value === 1),
      `the search ran for the medium level, or proved a win: ${JSON.stringify(s.lastAnswer)}`,
    );
    await checkLegal(page, s.record);
  }
  console.log(`the page's work while the computer played: ${JSON.stringify(report)}`);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('screenshots: the thinking indicator and the seat switches in the dark theme and on a phone', async () => {
  for (const [name, options] of [
    ['dark', { viewport: { width: 1200, height: 800 }, colorScheme: 'dark' }],
    ['narrow-dark', { viewport: { width: 420, height: 860 }, colorScheme: 'dark', deviceScaleFactor: 2 }],
    ['narrow-light', { viewport: { width: 420, height: 860 }, colorScheme: 'light', deviceScaleFactor: 2 }],
  ]) {
    const context = await site.browser.newContext(options);
    const page = await newPage(context);
    await open(page, '#merlins-chain');
    assert.equal(await page.locator('#computer-hint').isVisible(), true, 'the hint shows while nobody is the computer');
    await page.screenshot({ path: join(artifacts, `computer-none-${name}.png`) });
    await page.selectOption('#level-select', 'expert');
    await setSeat(page, 1, true);
    await page.screenshot({ path: join(artifacts, `computer-seats-${name}.png`) });
    await setSeat(page, 0, true); // the seat to move
    await waitThinking(page);
    await page.screenshot({ path: join(artifacts, `computer-thinking-${name}.png`) });
    await setSeat(page, 0, false); // taking a seat back stops the thinking
    assert.equal(await thinking(page), false);
    assert.deepEqual((await state(page)).steps, []);
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});
