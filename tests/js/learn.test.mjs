// The logic of Learn and Puzzles without a browser: the links (www/learn/route.js), what is
// remembered and how it is read back (www/learn/progress.js), the rating, the daily choice
// (www/learn/daily.js), the checks of the data files (www/learn/data.js), the offer's
// storage (www/app/learn-entry.js) and a lesson or puzzle being played (www/learn/drill.js,
// against a small stand-in for the engine's Session).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readRoute, routeFragment, isTrainerRoute, GAMES } from '../../www/learn/route.js';
import { readProgress, rate, Progress, START_RATING, PROGRESS_KEY } from '../../www/learn/progress.js';
import { dayKey, dailyGame, dailyGames, dailyPuzzle } from '../../www/learn/daily.js';
import { checkLesson, checkPuzzle } from '../../www/learn/data.js';
import { Drill } from '../../www/learn/drill.js';
import { Store } from '../../www/record.js';
import { readOffers } from '../../www/app/learn-entry.js';

test('routes: learn, puzzles and daily links read back as written; others are refused', () => {
  for (const r of [
    { kind: 'learn', game: 'unravel', id: null },
    { kind: 'learn', game: 'merlins-chain', id: 'chains-2' },
    { kind: 'puzzles', game: 'unlur', id: 'unlur-3-41' },
    { kind: 'puzzles', game: 'unity', id: null },
    { kind: 'daily', game: null, id: null },
  ]) {
    const text = routeFragment(r).slice(1);
    assert.ok(isTrainerRoute(text), text);
    assert.deepEqual(readRoute(text), r);
  }
  assert.match(readRoute('learn=chess').error, /no game called "chess"/);
  // Invisible characters of the link are shown as escapes: a right-to-left override cannot
  // reverse the sentence, a zero-width space cannot pass for "unravel".
  for (const [game, shown] of [
    ['\u202eunravel', '"\\u{202e}unravel"'],
    ['un\u200bravel', '"un\\u{200b}ravel"'],
    ['\u2066x\u2069', '"\\u{2066}x\\u{2069}"'],
  ]) {
    const { error } = readRoute(`learn=${game}`);
    assert.ok(error.endsWith(`no game called ${shown}`), error);
    assert.doesNotMatch(error, /[\u202e\u200b\u2066\u2069]/u);
  }
  assert.match(readRoute('puzzles=unravel/<img>').error, /damaged/);
  assert.match(readRoute('learnx').error, /not a Learn/);
  // A game's record is never one of these routes.
  for (const record of ['unravel', 'unlur;moves=d4,pass', 'unity;layout=PP;moves=a1-b2', 'learn', 'dailyx']) {
    assert.ok(!isTrainerRoute(record), record);
  }
});

test('stored progress: good data is kept, anything else is dropped without throwing', () => {
  const good = { lessons: { unravel: ['a', 'b'] }, solved: { unlur: ['unlur-1-2'] }, rating: 1612, streak: 3, best: 5 };
  assert.deepEqual(readProgress(JSON.stringify(good)), good);
  const fresh = { lessons: {}, solved: {}, rating: START_RATING, streak: 0, best: 0 };
  for (const bad of [null, '', 'not json', '[]', '42', '"x"', '{"__proto__":{"x":1}}', 'null']) {
    assert.deepEqual(readProgress(bad), fresh, String(bad));
  }
  const odd = readProgress(
    JSON.stringify({
      lessons: { unravel: ['ok', 'ok', 7, '<b>', 'x'.repeat(200)], 'Bad Game': ['a'], unity: 'a' },
      solved: [],
      rating: 'high',
      streak: -2,
      best: 1.5,
    }),
  );
  assert.deepEqual(odd, { ...fresh, lessons: { unravel: ['ok'] } });
  assert.equal(readProgress('{"rating":1e308}').rating, START_RATING);
  assert.equal(readProgress('{"rating":1234.6}').rating, 1235);
  assert.equal(readProgress('{"streak":4,"best":2}').best, 4, 'the best streak is at least the streak');
});

test('the rating: up for a solve, down for a miss, more so against the odds', () => {
  assert.equal(rate(1500, 1500, true), 1516);
  assert.equal(rate(1500, 1500, false), 1484);
  const easyWin = rate(1500, 900, true) - 1500;
  const hardWin = rate(1500, 2100, true) - 1500;
  assert.ok(hardWin > easyWin && easyWin >= 0, `${easyWin} ${hardWin}`);
  const easyMiss = 1500 - rate(1500, 900, false);
  const hardMiss = 1500 - rate(1500, 2100, false);
  assert.ok(easyMiss > hardMiss && hardMiss >= 0);
  assert.equal(rate(NaN, 1500, true), 1516, 'a bad rating starts again from the default');
  assert.equal(rate(5, 3000, false), 5 - Math.round(32 * (1 / (1 + 10 ** ((3000 - 5) / 400)))));
  assert.ok(rate(0, 3000, false) >= 0);
});

test('Progress keeps lessons, solved puzzles, the streak and the rating in its store', () => {
  const data = new Map();
  const storage = { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => data.set(k, v), removeItem: (k) => data.delete(k) };
  const p = new Progress(new Store(storage));
  p.finishLesson('unravel', 'crosscut');
  p.recordPuzzle('unlur', 'u-1', 1500, true);
  p.recordPuzzle('unlur', 'u-2', 1500, true);
  p.recordPuzzle('unlur', 'u-3', 1500, false);
  const again = new Progress(new Store(storage));
  assert.ok(again.lessonDone('unravel', 'crosscut'));
  assert.ok(!again.lessonDone('unravel', 'swap'));
  assert.ok(again.puzzleSolved('unlur', 'u-2') && !again.puzzleSolved('unlur', 'u-3'));
  assert.equal(again.data.streak, 0);
  assert.equal(again.data.best, 2);
  assert.equal(again.data.rating, p.data.rating);
  assert.ok(data.has(`ludus:v1:${PROGRESS_KEY}`));
  // Storage that throws: the progress works for the visit.
  const broken = { getItem: () => { throw new Error('blocked'); }, setItem: () => { throw new Error('blocked'); } };
  const q = new Progress(new Store(broken));
  q.finishLesson('unity', 'walls');
  assert.ok(q.lessonDone('unity', 'walls'));
});

test('the daily puzzle: the same for a date, spread over the games, independent of file order', () => {
  assert.equal(dayKey(new Date('2026-11-26T23:59:00Z')), '2026-11-26');
  const seen = new Set();
  for (let d = 1; d <= 60; d++) {
    const day = dayKey(new Date(Date.UTC(2026, 0, d)));
    const game = dailyGame(day, GAMES);
    assert.equal(dailyGame(day, GAMES), game);
    assert.ok(GAMES.includes(game));
    seen.add(game);
  }
  assert.equal(seen.size, GAMES.length, 'every game has its days');
  const order = dailyGames('2026-03-04', GAMES);
  assert.equal(order[0], dailyGame('2026-03-04', GAMES));
  assert.deepEqual([...order].sort(), [...GAMES].sort(), 'then every other game, once');
  const puzzles = Array.from({ length: 40 }, (_, i) => ({ id: `p-${i}` }));
  const picks = new Set();
  for (let d = 1; d <= 30; d++) {
    const day = dayKey(new Date(Date.UTC(2026, 5, d)));
    const pick = dailyPuzzle(day, 'unlur', puzzles);
    assert.equal(dailyPuzzle(day, 'unlur', [...puzzles].reverse()).id, pick.id);
    picks.add(pick.id);
  }
  assert.ok(picks.size > 10, `only ${picks.size} different puzzles in 30 days`);
  assert.equal(dailyPuzzle('2026-01-01', 'unlur', []), null);
});

test('data files: entries without what the page needs are left out', () => {
  const lesson = { game: 'unravel', n: 1, id: 'l1', title: 'T', goal: 'G', record: 'unravel', line: ['a1'], wins: false, hint: 'H', done: 'D' };
  assert.equal(checkLesson(lesson, 'unravel').id, 'l1');
  assert.equal(checkLesson(lesson, 'unlur'), null, 'another game');
  for (const broken of [{ line: [] }, { line: 'a1' }, { record: 5 }, { goal: '' }, { id: '../x' }, { line: [3] }]) {
    assert.equal(checkLesson({ ...lesson, ...broken }, 'unravel'), null, JSON.stringify(broken));
  }
  const puzzle = { game: 'unlur', id: 'u-1', record: 'unlur', line: ['a1'], turns: 1, rating: 900, refutations: { b1: ['c1'], c2: 'x', d1: [], e1: [4] } };
  const checked = checkPuzzle(puzzle, 'unlur');
  assert.deepEqual(checked.refutations, { b1: ['c1'], d1: [] }, 'an empty reply: the step loses at once');
  assert.equal(checkPuzzle({ ...puzzle, rating: 'x' }, 'unlur').rating, 1500);
  assert.equal(checkPuzzle(null, 'unlur'), null);
});

test('the offer: which games dismissed it, from untrusted storage', () => {
  assert.deepEqual(readOffers('{"unravel":true,"unlur":false,"Bad":true,"unity":"yes"}'), { unravel: true });
  for (const bad of [null, 'x', '[]', '3']) assert.deepEqual(readOffers(bad), {});
});

/**
 * A stand-in for the engine: a race on a line of cells "a".."f" between two seats; a step is
 * a free cell's name, "zz" is refused; the seat that takes "e" wins, the one that takes "f" loses.
 */
class FakeSession {
  static fromRecord(record) {
    const s = new FakeSession();
    const moves = record.split(';moves=')[1];
    for (const m of moves ? moves.split(',') : []) s.play(m);
    return s;
  }
  constructor() {
    this.steps = [];
  }
  play(text) {
    const step = text.trim().toLowerCase();
    if (this.over()) throw new Error('the game is over');
    if (!/^[a-f]$/.test(step)) throw new Error(`${text} is no cell`);
    if (this.steps.includes(step)) throw new Error(`${step} is taken`);
    this.steps.push(step);
  }
  over() {
    return this.steps.includes('e') || this.steps.includes('f');
  }
  goTo() {}
  free() {}
  view() {
    const e = this.steps.indexOf('e');
    const f = this.steps.indexOf('f');
    const winner = e >= 0 ? e : f >= 0 ? f + 1 : -1;
    return {
      record: `race;moves=${this.steps.join(',')}`,
      steps: [...this.steps],
      cursor: this.steps.length,
      toMove: this.over() ? null : this.steps.length % 2,
      outcome: winner >= 0 ? { kind: 'winner', seat: winner % 2 } : null,
      players: [{ name: 'Red' }, { name: 'Blue' }],
    };
  }
}
const mod = { Session: FakeSession };

test('a drill: the line is followed, replies come from the page, wrong and refused steps', () => {
  const lesson = { record: 'race', line: ['a', 'b', 'c'], wins: false, hint: 'H' };
  const d = new Drill(mod, lesson);
  assert.equal(d.learner, 0);
  assert.equal(d.attempt('zz').kind, 'refused');
  assert.match(d.attempt('zz').message, /no cell/);
  const wrong = d.attempt('d');
  assert.equal(wrong.kind, 'wrong');
  assert.equal(wrong.step, 'd');
  assert.deepEqual(wrong.shown.steps, ['d'], 'the view with the wrong step, for the page to show');
  assert.deepEqual(d.view.steps, [], 'a wrong step is taken back');
  assert.ok(d.erred);
  assert.deepEqual(d.attempt('A'), { kind: 'good', reply: true }, 'the same step in other words');
  assert.equal(d.attempt('c').kind, 'wait', 'not the learner turn');
  assert.equal(d.nextReply(), 'b');
  assert.deepEqual(d.playReply(), { kind: 'good', reply: false });
  assert.deepEqual(d.attempt('c'), { kind: 'done' });
  assert.equal(d.state, 'done');
  d.restart();
  assert.equal(d.state, 'play');
  assert.ok(!d.erred);
  assert.deepEqual(d.view.steps, []);
});

test('a puzzle drill: any winning step counts; a wrong first step is refuted by its reply', () => {
  const puzzle = { record: 'race;moves=a', line: ['c', 'b', 'e'], refutations: { d: ['e'] } };
  const d = new Drill(mod, puzzle, { puzzle: true });
  assert.equal(d.learner, 1);
  assert.deepEqual(d.attempt('d'), { kind: 'refuted', step: 'd' });
  assert.equal(d.nextReply(), 'e');
  assert.deepEqual(d.playReply(), { kind: 'failed' });
  assert.equal(d.view.outcome.seat, 0, 'the refutation won for the other side');
  d.restart();
  assert.deepEqual(d.attempt('e'), { kind: 'done' }, 'a step that wins at once is right too');
  d.restart();
  assert.deepEqual(d.attempt('f'), { kind: 'lost', step: 'f' }, 'a step that loses at once stays');
  assert.equal(d.state, 'failed');
  assert.equal(d.view.outcome.seat, 0);
  d.restart();
  assert.equal(d.attempt('b').kind, 'wrong', 'no refutation given: taken back');
  assert.deepEqual(d.attempt('c'), { kind: 'good', reply: true });
  assert.deepEqual(d.playReply(), { kind: 'good', reply: false });
  assert.deepEqual(d.attempt('e'), { kind: 'done' });
  // A damaged reply is said, not thrown.
  const broken = new Drill(mod, { record: 'race', line: ['a', 'zz'], refutations: {} }, { puzzle: true });
  broken.attempt('a');
  assert.equal(broken.playReply().kind, 'broken');
});

test('property: links, stored progress, offers and data entries never throw, whatever they hold', () => {
  const json = fc.jsonValue().map((v) => JSON.stringify(v));
  const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), json, fc.constantFrom('daily', 'learn=unravel', 'puzzles=unlur/x', 'learn=unity/a.b-c_d'));
  fc.assert(
    fc.property(text, (t) => {
      const route = readRoute(t);
      assert.ok(route.error || GAMES.includes(route.game) || route.kind === 'daily');
      if (!route.error) assert.deepEqual(readRoute(routeFragment(route).slice(1)), route);
      const p = readProgress(t);
      assert.ok(Number.isInteger(p.rating) && p.rating >= 0 && Number.isInteger(p.streak) && p.best >= p.streak);
      for (const ids of [...Object.values(p.lessons), ...Object.values(p.solved)]) assert.ok(ids.every((id) => typeof id === 'string'));
      for (const v of Object.values(readOffers(t))) assert.equal(v, true);
    }),
    { numRuns: 2000 },
  );
  fc.assert(
    fc.property(fc.jsonValue(), (v) => {
      const lesson = checkLesson(v, 'unravel');
      const puzzle = checkPuzzle(v, 'unravel');
      if (lesson) assert.ok(lesson.line.every((step) => typeof step === 'string'));
      if (puzzle) assert.ok(Object.values(puzzle.refutations).every((r) => r.every((step) => typeof step === 'string')));
    }),
    { numRuns: 2000 },
  );
});
