// When the computer plays on the page (www/app/autoplay.js) and the page's short tasks
// (www/app/tasks.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { computerSeats, toggledSeats, computerToMove, wantedQuestion, historyStep } from '../../www/app/autoplay.js';
import { Tasks } from '../../www/app/tasks.js';

const FIXTURES = JSON.parse(readFileSync(new URL('./fixtures/views.json', import.meta.url), 'utf8'));

test('seats come from the prefs, per game, and switch one at a time', () => {
  const prefs = { computer: { unlur: [1, 'x', -1, 2.5], unity: 'broken' } };
  assert.deepEqual([...computerSeats(prefs, 'unlur')], [1]);
  assert.deepEqual([...computerSeats(prefs, 'unity')], []);
  assert.deepEqual([...computerSeats({}, 'unlur')], []);
  assert.deepEqual(toggledSeats(prefs, 'unravel', 1), { unlur: [1, 'x', -1, 2.5], unity: 'broken', unravel: [1] });
  assert.deepEqual(toggledSeats({ computer: { unravel: [1, 0] } }, 'unravel', 1), { unravel: [0] });
  assert.deepEqual(toggledSeats({ computer: null }, 'unravel', 0), { unravel: [0] });
});

test('the computer thinks at the latest position for its seat to move', () => {
  const view = FIXTURES.unravel.view; // Blue (seat 1) to move, at the last step
  const record = view.record;
  assert.equal(computerToMove(view, new Set([1])), true);
  assert.equal(computerToMove(view, new Set([0])), false);
  assert.equal(wantedQuestion(view, { seats: new Set([1]), level: 'quick' }), `quick|${record}`);
  assert.equal(wantedQuestion(view, { seats: new Set([0]), level: 'quick' }), null);
  // Opened from a link: it waits, unless asked there.
  assert.equal(wantedQuestion(view, { seats: new Set([1]), level: 'quick', held: record }), null);
  assert.equal(wantedQuestion(view, { seats: new Set([1]), level: 'quick', held: record, asked: record }), `quick|${record}`);
  // A question that failed is not asked again; another level is another question.
  assert.equal(wantedQuestion(view, { seats: new Set([1]), level: 'quick', failed: `quick|${record}` }), null);
  assert.equal(wantedQuestion(view, { seats: new Set([1]), level: 'normal', failed: `quick|${record}` }), `normal|${record}`);
  // In the past only when asked there; never once the game is over.
  const past = { ...view, cursor: 0, record: 'unravel;size=4;moves=b2;at=0', toMove: 0 };
  assert.equal(wantedQuestion(past, { seats: new Set([0]), level: 'quick' }), null);
  assert.equal(wantedQuestion(past, { seats: new Set([0]), level: 'quick', asked: past.record }), `quick|${past.record}`);
  const won = FIXTURES['unravel-won'].view;
  assert.equal(wantedQuestion(won, { seats: new Set([0, 1]), level: 'quick' }), null);
});

test('tasks run one per turn, oldest first; a name scheduled again replaces its task', async () => {
  const tasks = new Tasks();
  const ran = [];
  tasks.later('a', () => ran.push('a1'));
  tasks.later('b', () => ran.push('b'));
  tasks.later('a', () => ran.push('a2'));
  assert.equal(tasks.has('a'), true);
  tasks.flush('b');
  assert.deepEqual(ran, ['b']);
  tasks.later('c', () => ran.push('c'));
  tasks.drop('c');
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.deepEqual(ran, ['b', 'a2']);
  assert.equal(tasks.has('a'), false);
});

test('Back and Forward skip the positions where the computer is to move', () => {
  // Seat 0 a person, seat 1 the computer; three-step turns of seat 1 in the middle.
  const view = { players: [{}, {}], steps: ['a', 'b', 'c', 'd', 'e', 'f'], movers: [0, 1, 1, 1, 0, 1], cursor: 6 };
  const seats = new Set([1]);
  assert.equal(historyStep(view, seats, -1), 4);
  assert.equal(historyStep({ ...view, cursor: 4 }, seats, -1), 0);
  assert.equal(historyStep({ ...view, cursor: 0 }, seats, 1), 4);
  assert.equal(historyStep({ ...view, cursor: 4 }, seats, 1), 6, 'the end, whoever is to move');
  assert.equal(historyStep({ ...view, cursor: 0 }, seats, -1), 0);
  // No computer seat, or only computers: one step at a time.
  assert.equal(historyStep(view, new Set(), -1), 5);
  assert.equal(historyStep(view, new Set([0, 1]), -1), 5);
  // The computer moves first: Back from the person's first turn goes to the start.
  const first = { players: [{}, {}], steps: ['a', 'b'], movers: [1, 0], cursor: 1 };
  assert.equal(historyStep(first, new Set([1]), -1), 0);
});
