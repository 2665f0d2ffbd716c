// The header of the text file the page exports (www/app/study.js textTags): the file's own
// tags kept, the page's added only while the engine's limit leaves room.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { textTags, MAX_TEXT_TAGS } from '../../www/app/study.js';

const view = { players: [{ name: 'Red' }, { name: 'Blue' }], outcome: { winner: 0 }, status: { summary: 'Red wins' } };
const today = new Date('2026-11-28T08:00:00Z');

test('the page adds the players, the date and the result to a game of its own', () => {
  assert.deepEqual(textTags(view, {}, { computer: new Set([1]), level: 'easy', today }), {
    Player1: 'Red',
    Player2: 'Blue (the computer, easy)',
    Date: '2026-11-28',
    Result: 'Red wins',
  });
});

test("a file read with as many tags as it may hold is written with its own tags, none added", () => {
  const kept = Object.fromEntries(Array.from({ length: MAX_TEXT_TAGS }, (_, i) => [`Event${i}`, 'x']));
  assert.deepEqual(textTags(view, kept, { today }), kept);
  // A tag of the file is kept over the page's, and the result replaces the file's.
  const some = { ...kept, Player1: 'Ann', Result: 'unfinished' };
  delete some.Event0;
  delete some.Event1;
  assert.deepEqual(textTags(view, some, { today }), { ...some, Result: 'Red wins' });
  assert.equal(Object.keys(textTags(view, { Event: 'x' }, { today })).length, 5);
});
