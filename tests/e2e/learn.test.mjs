// End-to-end: Learn, as a person meets it. For every game: the first lesson is finished by
// clicking the board (the page plays the scripted replies), its tick stays over a reload;
// a wrong step gets the lesson's hint and is taken back, a refused one the engine's words;
// a lesson can be linked to; a damaged link or storage only says so; the offer to learn a
// game on a first visit (dismissed for good, never over a shared game); the designer is
// credited; axe-core passes; Unravel's lesson on a turn that loops opens and is won.
// Screenshots: test-artifacts/learn-*.png.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, artifacts } from './site.mjs';
import { newPage, open, axeProblems } from './app-page.mjs';
import { GAMES, data, serveData, trainerState, waitTrainer, clickStep, playLine } from './learn-page.mjs';

const site = useSite(['ludus_bg.wasm', 'www/learn/trainer.js']);

const DESIGNERS = {
  unravel: 'Mark Steere',
  scattercut: 'Mark Steere',
  unity: 'Néstor Romeral Andrés',
  'merlins-chain': 'Jorge Gomez Arrausi',
  unlur: 'Jorge Gomez Arrausi',
};

async function context(options = {}) {
  const c = await site.browser.newContext({ viewport: { width: 1200, height: 900 }, ...options });
  await serveData(c);
  return c;
}

test('every game: the first lesson is finished by clicking the board, and stays finished', async () => {
  const c = await context();
  const page = await newPage(c);
  for (const game of GAMES) {
    const lessons = data('lessons', game).sort((a, b) => a.n - b.n);
    const first = lessons[0];
    await open(page, `${site.server.url}#learn=${game}`);
    await waitTrainer(page);
    let s = await trainerState(page);
    assert.equal(s.kind, 'learn');
    assert.equal(s.id, first.id, `${game}: the path starts at the first lesson`);
    assert.equal(s.goal, first.goal, `${game}: the goal sentence above the board`);
    assert.equal(s.credit, `A game by ${DESIGNERS[game]}`);
    assert.equal(await page.evaluate(() => location.hash), `#learn=${game}/${first.id}`, 'the lesson has a link of its own');
    s = await playLine(page, first.line);
    assert.equal(s.state, 'done', `${game}: the lesson ends`);
    assert.equal(s.message, first.done);
    if (lessons.length > 1) assert.ok(await page.locator('#trainer-next').isVisible(), 'Next lesson is offered');
    assert.equal(await page.locator(`#trainer-path li[data-id="${first.id}"].done`).count(), 1, 'a tick on the path');
    if (game === 'unravel') await page.screenshot({ path: join(artifacts, 'learn-desktop.png') });
  }
  // Over a reload: the ticks stay, and the path opens at the first lesson not finished.
  await page.goto(`${site.server.url}#learn=unravel`);
  await open(page, `${site.server.url}#learn=unravel`);
  await waitTrainer(page);
  const lessons = data('lessons', 'unravel').sort((a, b) => a.n - b.n);
  assert.equal(await page.locator(`#trainer-path li[data-id="${lessons[0].id}"].done`).count(), 1);
  if (lessons.length > 1) assert.equal((await trainerState(page)).id, lessons[1].id);
  assert.deepEqual(page.errors, []);
  await c.close();
});

test('a wrong step gets the hint and is taken back; a refused one the engine\'s reason; Retry', async () => {
  const c = await context();
  const page = await newPage(c);
  const lessons = data('lessons', 'unravel').sort((a, b) => a.n - b.n);
  // A legal step that is not the lesson's: its hint, and the step is taken back.
  const lesson = lessons[0];
  await open(page, `${site.server.url}#learn=unravel/${lesson.id}`);
  await waitTrainer(page);
  const start = await trainerState(page);
  const other = await page.evaluate((want) => window.ludusTest.trainer().view.legal.find((s) => s.text !== want).text, lesson.line[0]);
  await clickStep(page, other);
  // The step shows a moment, then goes.
  const box = () =>
    page.evaluate(() => {
      const t = window.ludusTest.trainer();
      return { state: t.held ? 'taking-back' : t.state, cursor: t.drawnView.cursor };
    });
  const shown = await box();
  assert.equal(shown.state, 'taking-back');
  assert.equal(Number(shown.cursor), start.cursor + 1);
  await page.waitForFunction(() => !window.ludusTest.trainer().held && window.ludusTest.trainer().state === 'play');
  assert.equal(Number((await box()).cursor), start.cursor);
  let s = await trainerState(page);
  assert.equal(s.message, lesson.hint);
  assert.deepEqual(s.steps, start.steps, 'the wrong step is taken back');
  assert.equal(s.state, 'play');
  assert.ok(await page.locator('#trainer-retry').isVisible(), 'Try again after a wrong step');
  // A click the rules refuse (on a checker, in a lesson that starts with some): the engine says why.
  const withPieces = lessons.find((l) => l.record.includes('moves='));
  await open(page, `${site.server.url}#learn=unravel/${withPieces.id}`);
  await page.waitForFunction((id) => window.ludusTest.trainer().item?.id === id && window.ludusTest.trainer().state === 'play', withPieces.id);
  const { x, y } = await page.evaluate(() => {
    const t = window.ludusTest.trainer();
    return t.board.cellPoint(t.view.pieces.findIndex((p) => p));
  });
  const before = await trainerState(page);
  await page.mouse.click(x, y);
  s = await trainerState(page);
  assert.match(s.message, /occupied|taken|empty|not|already/i, s.message);
  assert.notEqual(s.message, withPieces.hint);
  assert.deepEqual(s.steps, before.steps, 'nothing was played');
  // Retry: the lesson from its start, after a step of it.
  await clickStep(page, withPieces.line[0]);
  await page.waitForFunction(() => window.ludusTest.trainer().at > 0);
  await page.click('#trainer-retry');
  s = await trainerState(page);
  assert.deepEqual(s.steps, before.steps, 'Retry: the lesson from its start');
  assert.equal(s.state, 'play');
  assert.deepEqual(page.errors, []);
  await c.close();
});

test('links: a lesson by its id; unknown lessons, games and damaged storage only say so', async () => {
  const c = await context();
  const page = await newPage(c);
  const lessons = data('lessons', 'unlur').sort((a, b) => a.n - b.n);
  const last = lessons[lessons.length - 1];
  await open(page, `${site.server.url}#learn=unlur/${last.id}`);
  await waitTrainer(page);
  assert.equal((await trainerState(page)).id, last.id);
  // A game played before stays as it was behind Learn.
  await page.goto(`${site.server.url}#unravel;moves=c3`);
  await open(page, `${site.server.url}#unravel;moves=c3`);
  await page.goto(`${site.server.url}#learn=unravel/no-such-lesson`);
  await page.waitForFunction(() => /no lesson called/.test(document.getElementById('trainer-message')?.textContent ?? ''));
  await page.goto(`${site.server.url}#learn=chess`);
  await page.waitForFunction(() => /no game called "chess"/.test(document.getElementById('trainer-message')?.textContent ?? ''));
  // Leaving Learn for the game: the tab shows the game, the link of the game comes back.
  await page.locator('#game-tabs [data-game="unravel"]').click();
  await page.waitForFunction(() => !window.ludusTest.trainer().shown && !document.getElementById('layout').hidden);
  assert.equal(await page.evaluate(() => window.ludusTest.view().record), 'unravel;moves=c3');
  // Damaged progress in storage: the page opens Learn all the same.
  await page.evaluate(() => localStorage.setItem('ludus:v1:learn', '{"lessons":{"unravel":"x","unlur":[1,null]},"rating":"x"}'));
  await open(page, `${site.server.url}#learn=unravel`);
  await waitTrainer(page);
  assert.equal(await page.locator('#trainer-path li.done').count(), 0);
  assert.deepEqual(page.errors, []);
  await c.close();
});

test('the way in: a first visit offers to learn the game; dismissed for good; not over a shared game', async () => {
  const c = await context();
  const page = await newPage(c);
  await open(page, `${site.server.url}#unity`);
  assert.ok(await page.locator('#learn-offer').isVisible());
  assert.equal(await page.locator('#learn-offer-text').textContent(), 'New to Unity, Unified Edition? Learn it in five minutes.');
  assert.equal(await page.locator('#learn-link').getAttribute('href'), '#learn=unity');
  assert.equal(await page.locator('#puzzles-link').getAttribute('href'), '#puzzles=unity');
  await page.click('#learn-offer-close');
  assert.ok(!(await page.locator('#learn-offer').isVisible()));
  await open(page, `${site.server.url}#unity`);
  assert.ok(!(await page.locator('#learn-offer').isVisible()), 'dismissed: remembered');
  // Another game still offers; "Learn it" opens its lessons.
  await page.locator('#game-tabs [data-game="scattercut"]').click();
  assert.ok(await page.locator('#learn-offer').isVisible());
  await page.click('#learn-offer-go');
  await waitTrainer(page);
  assert.equal((await trainerState(page)).game, 'scattercut');
  await page.locator('#game-tabs [data-game="scattercut"]').click();
  await page.waitForFunction(() => !window.ludusTest.trainer().shown);
  assert.ok(!(await page.locator('#learn-offer').isVisible()), 'lessons opened: no more offer for that game');
  // A shared game (a link with steps), in a fresh browser: no offer over it.
  const fresh = await context();
  const other = await newPage(fresh);
  await open(other, `${site.server.url}#unlur;moves=d4,pass`);
  assert.ok(!(await other.locator('#learn-offer').isVisible()));
  await other.locator('#game-tabs [data-game="unravel"]').click();
  assert.ok(await other.locator('#learn-offer').isVisible(), 'another game: a first visit');
  await other.goto(`${site.server.url}#unlur`);
  await open(other, `${site.server.url}#unlur`);
  await other.reload();
  await open(other, `${site.server.url}#unlur`);
  assert.ok(await other.locator('#learn-offer').isVisible(), 'a bare game link is a first visit');
  assert.deepEqual([...page.errors, ...other.errors], []);
  await c.close();
  await fresh.close();
});

test('the lesson board: described for screen readers, and the theme button reaches it', async () => {
  const c = await context();
  const page = await newPage(c);
  const lesson = data('lessons', 'unlur').sort((a, b) => a.n - b.n)[0];
  await open(page, `${site.server.url}#learn=unlur/${lesson.id}`);
  await waitTrainer(page);
  const summary = () => page.evaluate(() => document.querySelector('#trainer-board .ludus-description p').textContent);
  assert.match(await summary(), /Unlur/);
  const canvas = await page.evaluate(() => document.querySelector('#trainer-board canvas').getAttribute('aria-describedby'));
  assert.ok(canvas && (await page.locator(`#${canvas}`).count()) === 1, 'the canvas is described by the summary');
  await playLine(page, lesson.line.slice(0, 1));
  assert.notEqual(await page.evaluate(() => document.querySelector('#trainer-board .ludus-announce').textContent), '', 'the step is announced');
  const theme = () => page.evaluate(() => JSON.stringify(window.ludusTest.board('trainer').theme));
  const before = await theme();
  await page.click('#theme-button');
  await page.waitForFunction((b) => JSON.stringify(window.ludusTest.board('trainer').theme) !== b, before);
  assert.deepEqual(page.errors, []);
  await c.close();
});

test('Unravel\'s loop lesson: a turn back at its position of twenty swaps before is left and won by clicking', async () => {
  const c = await context();
  const page = await newPage(c);
  const lesson = data('lessons', 'unravel').find((l) => l.id === 'loop');
  await open(page, `${site.server.url}#learn=unravel/loop`);
  await waitTrainer(page);
  let s = await trainerState(page);
  assert.equal(s.id, 'loop');
  assert.equal(s.state, 'play');
  assert.equal(s.steps.length, 20 + 24, 'the placements and the 24 swaps of the turn so far');
  await page.screenshot({ path: join(artifacts, 'learn-loop.png') });
  s = await playLine(page, lesson.line);
  assert.equal(s.state, 'done');
  assert.equal(s.message, lesson.done);
  assert.deepEqual(page.errors, []);
  await c.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };

test('on a phone: a lesson and a puzzle played with taps; nothing moves under the finger', async () => {
  const c = await context(PHONE);
  const page = await newPage(c);
  const where = () => page.evaluate(() => ({ y: window.scrollY, top: document.getElementById('trainer-board').getBoundingClientRect().top }));
  for (const [kind, game] of [['learn', 'unravel'], ['puzzles', 'unlur']]) {
    await open(page, `${site.server.url}#${kind}=${game}`);
    await waitTrainer(page);
    const item = kind === 'learn' ? data('lessons', game).sort((a, b) => a.n - b.n)[0] : null;
    const before = await where();
    if (kind === 'learn') await page.screenshot({ path: join(artifacts, 'learn-phone.png') });
    const line = item ? item.line : (await page.evaluate(() => window.ludusTest.trainer().item.line));
    // A message of any length (a long hint, the engine's reason) keeps the board in place.
    await page.evaluate(() => window.ludusTest.trainer().say('A long explanation of the rule. '.repeat(8)));
    assert.deepEqual(await where(), before, `${kind}: a long message does not move the board`);
    const s = await playLine(page, line, { touch: true });
    assert.equal(s.state, 'done', `${game}: finished with taps`);
    assert.deepEqual(await where(), before, `${kind}: the board stays where it was`);
    await page.screenshot({ path: join(artifacts, kind === 'learn' ? 'learn-phone-done.png' : 'puzzle-phone.png') });
  }
  // Every link and button of the view is a touch-sized target.
  const small = await page.evaluate(() =>
    [...document.querySelectorAll('#trainer a, #trainer button')]
      .map((e) => [e.id || e.textContent.trim(), e.getBoundingClientRect()])
      .filter(([, r]) => r.width > 0 && (r.width < 44 || r.height < 44))
      .map(([name, r]) => `${name} ${r.width.toFixed(0)}x${r.height.toFixed(0)}`),
  );
  assert.deepEqual(small, [], 'controls smaller than 44 px');
  // Nothing sticks out sideways.
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 390));
  assert.deepEqual(page.errors, []);
  await c.close();
});

test('axe-core: no serious or critical problem on a lesson, light and dark', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const c = await context({ colorScheme, bypassCSP: true });
    const page = await newPage(c);
    await open(page, `${site.server.url}#learn=unity`);
    await waitTrainer(page);
    assert.deepEqual(await axeProblems(page), [], colorScheme);
    await c.close();
  }
});

test('the lesson board keeps its place from goal to goal, and Next lesson shows the next goal', async () => {
  for (const [name, options] of [['desktop', {}], ['phone', PHONE]]) {
    const c = await context(options);
    const page = await newPage(c);
    const boardTop = () => page.evaluate(() => document.getElementById('trainer-board').getBoundingClientRect().top + window.scrollY);
    for (const game of GAMES) {
      const lessons = data('lessons', game).sort((a, b) => a.n - b.n);
      await open(page, `${site.server.url}#learn=${game}/${lessons[0].id}`);
      await waitTrainer(page);
      const first = await boardTop();
      // Every lesson's goal, wrapped over one line or three, leaves the board where it was.
      for (const lesson of lessons.slice(1)) {
        await page.evaluate((hash) => (location.hash = hash), `#learn=${game}/${lesson.id}`);
        await page.waitForFunction((id) => window.ludusTest.trainer().item?.id === id, lesson.id);
        const top = await boardTop();
        assert.ok(Math.abs(top - first) <= 1, `${name}, ${game} ${lesson.id}: the board at ${top} px, at ${first} px for the first lesson`);
      }
    }
    // Next lesson, pressed below the board: the next goal is in sight, under the header.
    const lessons = data('lessons', 'unravel').sort((a, b) => a.n - b.n);
    await open(page, `${site.server.url}#learn=unravel/${lessons[0].id}`);
    await waitTrainer(page);
    await playLine(page, lessons[0].line, { touch: name === 'phone' });
    await page.locator('#trainer-next').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.locator('#trainer-next').click();
    await page.waitForFunction((id) => window.ludusTest.trainer().item?.id === id, lessons[1].id);
    const seen = await page.evaluate(() => {
      const goal = document.getElementById('trainer-goal').getBoundingClientRect();
      const header = document.querySelector('.topbar');
      const covered = getComputedStyle(header).position === 'static' ? 0 : header.getBoundingClientRect().bottom;
      return { top: goal.top, bottom: goal.bottom, covered, height: innerHeight };
    });
    assert.ok(seen.top >= seen.covered && seen.bottom <= seen.height, `${name}: the goal at ${seen.top}-${seen.bottom} px, the header to ${seen.covered} px`);
    await page.screenshot({ path: join(artifacts, `learn-next-${name}.png`) });
    assert.deepEqual(page.errors, []);
    await c.close();
  }
});

/** Clicks the cell named `name` ("e5") on the trainer's board. */
async function clickCellNamed(page, name) {
  const { x, y } = await page.evaluate((name) => {
    const t = window.ludusTest.trainer();
    return t.board.cellPoint(t.view.cells.indexOf(name));
  }, name);
  await page.mouse.click(x, y);
}

const message = (page) => page.locator('#trainer-message').textContent();

test("Lessons: a click that makes no step says why, and Fire and Pass sit by the message", async () => {
  const c = await context({ viewport: { width: 1366, height: 768 } });
  const page = await newPage(c);
  // A slide behind a wall: the piece stays picked, the wall is named.
  await open(page, `${site.server.url}#learn=unity/walls-stop-moves`);
  await waitTrainer(page);
  await clickCellNamed(page, 'i1');
  await clickCellNamed(page, 'e5');
  assert.equal(await message(page), 'A wall blocks the way from i1 to e5.');
  assert.notEqual(await page.evaluate(() => window.ludusTest.trainer().selection), null);
  assert.equal((await trainerState(page)).cursor, 0);
  // The lesson's forbidden capture can be tried: Fire shows by the message and says why not.
  await open(page, `${site.server.url}#learn=unity/forbidden-capture`);
  await waitTrainer(page);
  const lesson = data('lessons', 'unity').find((l) => l.id === 'forbidden-capture');
  const ring = lesson.wrong.replace(/x.*$/, '');
  await clickCellNamed(page, ring);
  const fire = page.locator('#trainer-fire');
  await fire.waitFor({ state: 'visible' });
  const near = async (button) => {
    const [b, m] = [await page.locator(button).boundingBox(), await page.locator('#trainer-message').boundingBox()];
    assert.ok(b.y >= 0 && b.y + b.height <= 768, `${button} is on screen (y ${b.y})`);
    assert.ok(Math.abs(b.y + b.height / 2 - (m.y + m.height / 2)) < 60, `${button} is by the message`);
  };
  await near('#trainer-fire');
  await fire.click();
  assert.match(await message(page), new RegExp(`^The ring on ${ring} may not fire: that capture would leave \\w+ with no pieces\\.$`));
  assert.equal((await trainerState(page)).cursor, 0);
  // A piece with no step says why, not how steps are typed; Pass is not offered while other
  // steps are legal (the lesson's learner always has a choice).
  await open(page, `${site.server.url}#learn=unity/pass`);
  await waitTrainer(page);
  await clickCellNamed(page, 'f5');
  const said = await message(page);
  assert.equal(
    said,
    'The ring on f5 has no step: no empty space lies in line with it this side of a wall, and it may not fire: that capture would leave Orange with no pieces.',
  );
  assert.doesNotMatch(said, /write|c3-c6/);
  assert.equal(await page.locator('#trainer-pass').isVisible(), false);
  assert.equal((await trainerState(page)).cursor, 0);
  await page.screenshot({ path: join(artifacts, 'learn-unity-refused.png') });
  // The lesson asks for a choice: a slide that leaves Orange a move gets the hint; the capture
  // that leaves Orange nothing is answered by Orange's pass.
  const passLesson = data('lessons', 'unity').find((l) => l.id === 'pass');
  await clickStep(page, 'd5-d1');
  await page.waitForFunction(() => !window.ludusTest.trainer().held && window.ludusTest.trainer().state === 'play');
  const back = await trainerState(page);
  assert.equal(back.message, passLesson.hint);
  assert.equal(back.cursor, 0);
  const end = await playLine(page, passLesson.line);
  assert.equal(end.state, 'done');
  assert.equal(end.message, passLesson.done);
  assert.equal(end.steps.at(-1), 'pass');
  // Where a pass is legal (Unlur's contract), Pass sits by the message a refused click leaves.
  await open(page, `${site.server.url}#learn=unlur/take-black`);
  await waitTrainer(page);
  await clickCellNamed(page, 'd4');
  assert.match(await message(page), /d4 is occupied/);
  await near('#trainer-pass');
  assert.deepEqual(page.errors, []);
  await c.close();
});

test('a link with invisible characters shows them escaped', async () => {
  const c = await context();
  const page = await newPage(c);
  for (const [hash, shown] of [
    ['#learn=%E2%80%AEunravel', '"\\u{202e}unravel"'],
    ['#learn=un%E2%80%8Bravel', '"un\\u{200b}ravel"'],
  ]) {
    await page.goto(`${site.server.url}${hash}`);
    await page.waitForFunction(() => /no game called/.test(document.getElementById('trainer-message')?.textContent ?? ''));
    const text = await message(page);
    assert.ok(text.includes(`no game called ${shown}`), text);
    assert.doesNotMatch(text, /[\u202e\u200b]/u);
  }
  assert.deepEqual(page.errors, []);
  await c.close();
});

test('on a phone, a message longer than the status box starts at its top and scrolls within it', async () => {
  const c = await context(PHONE);
  const page = await newPage(c);
  await open(page, `${site.server.url}#learn=unity/walls-stop-moves`);
  await waitTrainer(page);
  const boxes = await page.evaluate(() => {
    const message = document.getElementById('trainer-message');
    message.textContent = 'A closing sentence of a lesson, long enough to need more lines than the box has. '.repeat(4);
    const box = message.closest('.status');
    return { message: message.getBoundingClientRect().top, box: box.getBoundingClientRect().top, scrolls: box.scrollHeight > box.clientHeight };
  });
  assert.ok(boxes.scrolls, 'the text is longer than the box');
  assert.ok(boxes.message >= boxes.box, `the text begins at ${boxes.message} px, above the box's top at ${boxes.box} px`);
  await c.close();
});
