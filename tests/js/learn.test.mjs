// The logic of Learn and Puzzles without a browser: the links (www/learn/route.js), what is
// remembered and how it is read back (www/learn/progress.js), the rating, the daily choice
// (www/learn/daily.js), the checks of the data files (www/learn/data.js), the offer's
// storage (www/app/learn-entry.js) and a lesson or puzzle being played (www/learn/drill.js,
// against a small stand-in for the engine's Session).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readRoute, routeFragment, isTrainerRoute, gameNames } from '../../www/learn/route.js';
import { readProgress, rate, Progress, START_RATING, PROGRESS_KEY } from '../../www/learn/progress.js';
import { streamOrder, sourceOf } from '../../www/learn/data.js';
import { describePosition } from '../../www/a11y/describe.js';
import { readFileSync } from 'node:fs';
import { dayKey, dailyGame, dailyGames, dailyPuzzle } from '../../www/learn/daily.js';
import { checkLesson, checkPuzzle } from '../../www/learn/data.js';
import { Drill } from '../../www/learn/drill.js';
import { Store } from '../../www/record.js';
import { readOffers } from '../../www/app/learn-entry.js';

// The engine's games() as the page receives it (tests/js/fixtures/games.json, which
// tests/games_list.rs checks against the engine): the names come from there, as on the page.
const ENGINE = { games: () => JSON.parse(readFileSync(new URL('./fixtures/games.json', import.meta.url), 'utf8')) };
const GAMES = gameNames(ENGINE);

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
    assert.deepEqual(readRoute(text, GAMES), r);
  }
  assert.match(readRoute('learn=chess', GAMES).error, /no game called "chess"/);
  // Invisible characters of the link are shown as escapes: a right-to-left override cannot
  // reverse the sentence, a zero-width space cannot pass for "unravel".
  for (const [game, shown] of [
    ['\u202eunravel', '"\\u{202e}unravel"'],
    ['un\u200bravel', '"un\\u{200b}ravel"'],
    ['\u2066x\u2069', '"\\u{2066}x\\u{2069}"'],
  ]) {
    const { error } = readRoute(`learn=${game}`, GAMES);
    assert.ok(error.endsWith(`no game called ${shown}`), error);
    assert.doesNotMatch(error, /[\u202e\u200b\u2066\u2069]/u);
  }
  assert.match(readRoute('puzzles=unravel/<img>', GAMES).error, /damaged/);
  assert.match(readRoute('learnx', GAMES).error, /not a Learn/);
  // A game's record is never one of these routes.
  for (const record of ['unravel', 'unlur;moves=d4,pass', 'unity;layout=PP;moves=a1-b2', 'learn', 'dailyx']) {
    assert.ok(!isTrainerRoute(record), record);
  }
});

test('routes name the games the engine lists, and no others: the page keeps no list of its own', () => {
  for (const game of GAMES) {
    assert.deepEqual(readRoute(`learn=${game}`, GAMES), { kind: 'learn', game, id: null });
    // A game the engine does not list is refused, whatever the page once knew.
    assert.match(readRoute(`learn=${game}`, GAMES.filter((g) => g !== game)).error, /no game called/);
  }
  // A sixth game the engine lists is read like the others.
  assert.deepEqual(readRoute('puzzles=sixth/p-1', [...GAMES, 'sixth']), { kind: 'puzzles', game: 'sixth', id: 'p-1' });
});

test('stored progress: good data is kept, anything else is dropped without throwing', () => {
  const good = {
    lessons: { unravel: ['a', 'b'] },
    solved: { unlur: ['unlur-1-2'] },
    start: 1500,
    games: { unlur: { rating: 1612, streak: 3, best: 5 }, unity: { rating: 1400, streak: 0, best: 2 } },
  };
  assert.deepEqual(readProgress(JSON.stringify(good)), good);
  const fresh = { lessons: {}, solved: {}, start: START_RATING, games: {} };
  for (const bad of [null, '', 'not json', '[]', '42', '"x"', '{"__proto__":{"x":1}}', 'null']) {
    assert.deepEqual(readProgress(bad), fresh, String(bad));
  }
  const odd = readProgress(
    JSON.stringify({
      lessons: { unravel: ['ok', 'ok', 7, '<b>', 'x'.repeat(200)], 'Bad Game': ['a'], unity: 'a' },
      solved: [],
      rating: 'high',
      games: { unravel: { rating: 'x', streak: -2, best: 1.5 }, 'Bad Game': { rating: 1 }, unity: 7, unlur: { rating: 1e308, streak: 4, best: 2 } },
    }),
  );
  assert.deepEqual(odd, {
    ...fresh,
    lessons: { unravel: ['ok'] },
    games: { unravel: { rating: START_RATING, streak: 0, best: 0 }, unlur: { rating: START_RATING, streak: 4, best: 4 } },
  });
  assert.equal(readProgress('{"games":{"unity":{"rating":1234.6}}}').games.unity.rating, 1235);
});

test('stored progress of the older kind (one rating for all games): each game starts from it', () => {
  const data = new Map();
  const storage = { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => data.set(k, v), removeItem: (k) => data.delete(k) };
  new Store(storage).set(PROGRESS_KEY, JSON.stringify({ lessons: {}, solved: { unlur: ['u-1'] }, rating: 1712, streak: 6, best: 9 }));
  const p = new Progress(new Store(storage));
  assert.ok(p.puzzleSolved('unlur', 'u-1'));
  // The one rating becomes every game's starting rating; its streak belonged to no game.
  for (const game of GAMES) assert.deepEqual(p.stats(game), { rating: 1712, streak: 0, best: 0 }, game);
  p.recordPuzzle('unlur', 'u-2', 1700, true);
  assert.equal(p.stats('unlur').streak, 1);
  assert.ok(p.stats('unlur').rating > 1712);
  assert.deepEqual(p.stats('unity'), { rating: 1712, streak: 0, best: 0 }, 'another game does not move');
  const again = new Progress(new Store(storage));
  assert.deepEqual(again.stats('unlur'), p.stats('unlur'));
  assert.deepEqual(again.stats('unity'), { rating: 1712, streak: 0, best: 0 });
  assert.equal(JSON.parse(data.get(`ludus:v1:${PROGRESS_KEY}`)).rating, undefined, 'written in the new form');
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

test('Progress keeps lessons, solved puzzles, and each game its own streak and rating', () => {
  const data = new Map();
  const storage = { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => data.set(k, v), removeItem: (k) => data.delete(k) };
  const p = new Progress(new Store(storage));
  p.finishLesson('unravel', 'crosscut');
  p.recordPuzzle('unlur', 'u-1', 1500, true);
  p.recordPuzzle('unlur', 'u-2', 1500, true);
  p.recordPuzzle('unity', 'y-1', 1500, true);
  p.recordPuzzle('unlur', 'u-3', 1500, false);
  const again = new Progress(new Store(storage));
  assert.ok(again.lessonDone('unravel', 'crosscut'));
  assert.ok(!again.lessonDone('unravel', 'swap'));
  assert.ok(again.puzzleSolved('unlur', 'u-2') && !again.puzzleSolved('unlur', 'u-3'));
  assert.equal(again.stats('unlur').streak, 0);
  assert.equal(again.stats('unlur').best, 2);
  assert.equal(again.stats('unity').streak, 1, "a miss at Unlur does not end Unity's streak");
  assert.equal(again.stats('unity').rating, rate(START_RATING, 1500, true));
  assert.equal(again.stats('unlur').rating, p.stats('unlur').rating);
  assert.deepEqual(again.stats('merlins-chain'), { rating: START_RATING, streak: 0, best: 0 });
  assert.ok(data.has(`ludus:v1:${PROGRESS_KEY}`));
  // Storage that throws: the progress works for the visit.
  const broken = { getItem: () => { throw new Error('blocked'); }, setItem: () => { throw new Error('blocked'); } };
  const q = new Progress(new Store(broken));
  q.finishLesson('unity', 'walls');
  assert.ok(q.lessonDone('unity', 'walls'));
});

test('the puzzle stream: easier first, and the next puzzle from another source game where one is near', () => {
  const mk = (id, rating) => ({ id, rating, source: sourceOf(id) });
  assert.equal(sourceOf('merlins-chain-30-58'), 'merlins-chain-30');
  const order = streamOrder([mk('g-1-9', 1400), mk('g-1-8', 1700), mk('g-1-7', 1700), mk('g-2-5', 1700), mk('g-3-4', 2000)]).map((p) => p.id);
  assert.deepEqual(order, ['g-1-9', 'g-2-5', 'g-1-7', 'g-3-4', 'g-1-8']);
  // The shipped sets: consecutive puzzles come from different games wherever the window allows,
  // and the order stays roughly easier first.
  for (const game of GAMES) {
    const items = JSON.parse(readFileSync(new URL(`../../www/learn/${game}-puzzles.json`, import.meta.url), 'utf8')).map((p) => ({ ...p, source: sourceOf(p.id) }));
    const stream = streamOrder(items);
    assert.equal(stream.length, items.length);
    const sorted = [...items].sort((a, b) => a.rating - b.rating || (a.id < b.id ? -1 : 1));
    let repeats = 0;
    let sortedRepeats = 0;
    for (let i = 1; i < stream.length; i++) {
      if (stream[i].source === stream[i - 1].source) repeats++;
      if (sorted[i].source === sorted[i - 1].source) sortedRepeats++;
      // Never more than the window's worth out of rating order.
      assert.ok(sorted.indexOf(stream[i]) - i < 8, `${game}: ${stream[i].id} is far ahead of its place`);
    }
    assert.ok(repeats <= sortedRepeats, game);
    if (game === 'merlins-chain') {
      assert.ok(sortedRepeats > 10 && repeats <= 2, `${game}: ${sortedRepeats} repeats by rating alone, ${repeats} in the stream`);
      assert.notEqual(stream[0].source, stream[1].source);
      assert.notEqual(stream[1].source, stream[2].source);
    }
  }
});

test("a puzzle's text version describes the puzzle, not the game it was taken from", () => {
  const view = { game: 'merlins-chain', title: "Merlin's Chain", cursor: 42, steps: Array.from({ length: 42 }, (_, i) => `s${i}`), players: [{ name: 'Green' }, { name: 'White' }], movers: [], prompt: 'Green to flip a piece', pieces: [] };
  const plain = describePosition(view, []);
  assert.match(plain.summary, /move 42 of 42/);
  const about = { lead: "Merlin's Chain. Puzzle 2 of 100. Green to play: find the step that wins in 4 turns.", from: 40 };
  const d = describePosition(view, [], about);
  assert.match(d.summary, /^Merlin's Chain\. Puzzle 2 of 100\. Green to play/);
  assert.match(d.summary, /Played since the start: s40, s41\./);
  assert.doesNotMatch(d.summary, /move 42|Last turn/);
  assert.match(describePosition(view, [], { ...about, from: 42 }).summary, /No step played yet/);
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
      legal: this.over() ? [] : ['a', 'b', 'c', 'd', 'e', 'f'].filter((c) => !this.steps.includes(c)).map((text) => ({ text })),
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

test('a puzzle drill: a later step off the line is judged by the solver; only a proved loss is refused', () => {
  const puzzle = { record: 'race;moves=a', line: ['c', 'b', 'e'], refutations: {} };
  const win = (seat) => ({ kind: 'winner', seat });
  const d = new Drill(mod, puzzle, { puzzle: true });
  d.attempt('c');
  d.playReply();
  // Not the line's "e": the solver is asked about the position after it.
  assert.deepEqual(d.attempt('d'), { kind: 'check', step: 'd', record: 'race;moves=a,c,b,d' });
  assert.equal(d.state, 'checking');
  assert.equal(d.question(), 'race;moves=a,c,b,d');
  assert.equal(d.attempt('e').kind, 'wait', 'no step while the verdict is awaited');
  // Proved lost for the learner: taken back, a miss.
  const refused = d.judged({ result: win(0), steps: [{ step: 'e', result: win(0) }, { step: 'f', result: win(1) }] });
  assert.equal(refused.kind, 'wrong');
  assert.ok(refused.proved);
  assert.deepEqual(refused.shown.steps, ['a', 'c', 'b', 'd']);
  assert.deepEqual(d.view.steps, ['a', 'c', 'b']);
  assert.equal(d.state, 'play');
  assert.ok(d.erred);
  // Proved won: accepted, and the defence comes from the solver's steps (one that keeps the
  // mover's result, else the first), not from the stored line.
  d.restart();
  d.attempt('c');
  d.playReply();
  d.attempt('d');
  assert.deepEqual(d.judged({ result: win(1), steps: [{ step: 'e', result: win(1) }, { step: 'f', result: win(1) }] }), { kind: 'good', reply: true });
  assert.ok(!d.erred, 'a step that keeps the win is no miss');
  assert.equal(d.nextReply(), 'e');
  // Not settled within the budget: accepted too (only a proved loss is refused), the
  // opponent's step then the first legal one.
  d.restart();
  d.attempt('c');
  d.playReply();
  d.attempt('d');
  const unproved = d.judged({ result: null, steps: [] });
  assert.deepEqual(unproved, { kind: 'good', reply: true, unproved: true });
  assert.equal(d.nextReply(), 'e');
  assert.deepEqual(d.playReply(), { kind: 'failed' }, 'off the line, the opponent winning ends the puzzle unsolved');
  // Off the line, the learner winning at the end solves it.
  d.restart();
  d.attempt('c');
  d.playReply();
  d.attempt('d');
  d.judged({ result: win(1), steps: [{ step: 'f', result: win(1) }] });
  assert.equal(d.nextReply(), 'f');
  assert.deepEqual(d.playReply(), { kind: 'done' });
  assert.equal(d.state, 'done');
  // The first step is still judged by the data alone: unique by construction.
  d.restart();
  assert.equal(d.attempt('d').kind, 'wrong');
  // A lesson never asks the solver.
  const lesson = new Drill(mod, { record: 'race', line: ['a', 'b', 'c'], wins: false, hint: 'H' });
  lesson.attempt('a');
  lesson.playReply();
  assert.equal(lesson.attempt('d').kind, 'wrong');
});

test('property: links, stored progress, offers and data entries never throw, whatever they hold', () => {
  const json = fc.jsonValue().map((v) => JSON.stringify(v));
  const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), json, fc.constantFrom('daily', 'learn=unravel', 'puzzles=unlur/x', 'learn=unity/a.b-c_d'));
  fc.assert(
    fc.property(text, (t) => {
      const route = readRoute(t, GAMES);
      assert.ok(route.error || GAMES.includes(route.game) || route.kind === 'daily');
      if (!route.error) assert.deepEqual(readRoute(routeFragment(route).slice(1), GAMES), route);
      const p = readProgress(t);
      assert.ok(Number.isInteger(p.start) && p.start >= 0);
      for (const g of Object.values(p.games)) assert.ok(Number.isInteger(g.rating) && g.rating >= 0 && Number.isInteger(g.streak) && g.best >= g.streak);
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
