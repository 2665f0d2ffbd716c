// The live game's model (www/online/live-state.js): what each server frame does to it, a
// stale frame dropped, a gap in the steps asking for the whole state, the user's own step
// pending until confirmed, refusals, and the result in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyFrame, modelFromState, withPending, canStep, resultWords } from '../../www/online/live-state.js';

const ID = 'abcdefghij';
const game = (extra = {}) => ({
  id: ID,
  v: 5,
  record: 'unlur;size=5;moves=c3,d4',
  game: 'unlur',
  n: 2,
  seats: [
    { name: 'Ann', taken: true, online: true },
    { name: 'Bo', taken: true, online: true },
  ],
  you: 0,
  status: 'playing',
  toMove: 0,
  clock: { kind: 'fischer', initial: 180, increment: 2 },
  clocks: [170_000, 175_000],
  result: null,
  loser: null,
  canDraw: false,
  drawOffers: [false, false],
  rematch: [false, false],
  next: null,
  open: false,
  ...extra,
});
const at = (now = 100) => ({ id: ID, now });
const kinds = (effects) => effects.map((e) => e.kind);
const loaded = () => applyFrame(null, { t: 'state', game: game() }, at()).model;

test('a state frame makes the model, and its clocks are timed from when it came', () => {
  const { model, effects } = applyFrame(null, { t: 'state', game: game() }, at(1234));
  assert.deepEqual(kinds(effects), ['load']);
  assert.equal(model.n, 2);
  assert.equal(model.you, 0);
  assert.equal(model.clocksAt, 1234);
  assert.deepEqual(model.clocks, [170_000, 175_000]);
  assert.equal(model.pending, null);
});

test("a state of another game, or an older one, changes nothing", () => {
  const model = loaded();
  assert.equal(applyFrame(model, { t: 'state', game: game({ id: 'zzzzzzzzzz' }) }, at()).model, model);
  const older = applyFrame(model, { t: 'state', game: game({ v: 4, n: 1 }) }, at());
  assert.equal(older.model, model);
  assert.deepEqual(older.effects, []);
  // The same v again (a resync's answer) is taken: it is the server's word.
  assert.deepEqual(kinds(applyFrame(model, { t: 'state', game: game() }, at()).effects), ['load']);
});

test("the opponent's step is played; a stale step is dropped", () => {
  const model = { ...loaded(), toMove: 1 };
  const step = { t: 'step', id: ID, v: 6, n: 3, step: 'b2', by: 1, toMove: 0, clocks: [170_000, 172_000], status: 'playing', result: null };
  const { model: after, effects } = applyFrame(model, step, at(500));
  assert.deepEqual(effects, [{ kind: 'play', step: 'b2', by: 1 }]);
  assert.equal(after.n, 3);
  assert.equal(after.v, 6);
  assert.equal(after.toMove, 0);
  assert.equal(after.clocksAt, 500);
  assert.deepEqual(after.steps, ['b2']);
  // The same frame again (or any older) does nothing.
  assert.deepEqual(applyFrame(after, step, at()).effects, []);
  assert.deepEqual(applyFrame(after, { ...step, v: 5 }, at()).effects, []);
});

test('a gap in the steps asks for the whole state again', () => {
  const model = loaded();
  const { model: after, effects } = applyFrame(model, { t: 'step', id: ID, v: 8, n: 5, step: 'a1', by: 1, toMove: 0, clocks: [1, 1], status: 'playing' }, at());
  assert.deepEqual(kinds(effects), ['resync']);
  assert.equal(after, model);
});

test("the user's step is pending until the server's step with its n confirms it", () => {
  const model = loaded();
  assert.ok(canStep(model));
  const pending = withPending(model, 'e5');
  assert.deepEqual(pending.pending, { n: 2, step: 'e5' });
  // Nothing more while one is pending.
  assert.ok(!canStep(pending));
  assert.equal(withPending(pending, 'a1'), null);
  const { model: after, effects } = applyFrame(pending, { t: 'step', id: ID, v: 6, n: 3, step: 'e5', by: 0, toMove: 1, clocks: [171_000, 175_000], status: 'playing' }, at());
  assert.deepEqual(effects, [{ kind: 'confirm', step: 'e5' }]);
  assert.equal(after.pending, null);
  assert.equal(after.toMove, 1);
  // Another step where ours was pending: the page's guess is wrong, the state comes again.
  assert.deepEqual(kinds(applyFrame(pending, { t: 'step', id: ID, v: 6, n: 3, step: 'a1', by: 0, toMove: 1, clocks: [1, 1], status: 'playing' }, at()).effects), ['resync']);
});

test('a refused step drops the pending one and asks for the state again', () => {
  const pending = withPending(loaded(), 'e5');
  const { model, effects } = applyFrame(pending, { t: 'error', ref: 'step', id: ID, reason: 'not your turn' }, at());
  assert.deepEqual(effects, [
    { kind: 'refused', reason: 'not your turn' },
    { kind: 'resync', reason: 'not your turn' },
  ]);
  assert.equal(model.pending, null);
  // An error about another game is not ours; a refused watch asks for nothing again.
  assert.deepEqual(applyFrame(pending, { t: 'error', ref: 'step', id: 'zzzzzzzzzz', reason: 'x' }, at()).effects, []);
  assert.deepEqual(kinds(applyFrame(pending, { t: 'error', ref: 'watch', id: ID, reason: 'no such game' }, at()).effects), ['refused']);
});

test('only the seat to move may step, and only while the game is on', () => {
  const model = loaded();
  assert.ok(!canStep({ ...model, toMove: 1 }));
  assert.ok(!canStep({ ...model, you: null }));
  assert.ok(!canStep({ ...model, status: 'waiting' }));
  assert.ok(!canStep({ ...model, status: 'ended' }));
  assert.ok(!canStep(null));
});

test('presence changes one seat; a seat the game has not is ignored', () => {
  const model = loaded();
  const { model: after, effects } = applyFrame(model, { t: 'presence', id: ID, seat: 1, online: false }, at());
  assert.deepEqual(after.seats.map((s) => s.online), [true, false]);
  assert.deepEqual(effects, [{ kind: 'presence', seat: 1, online: false }]);
  assert.equal(applyFrame(model, { t: 'presence', id: ID, seat: 7, online: false }, at()).model, model);
  assert.equal(applyFrame(model, { t: 'presence', id: 'zzzzzzzzzz', seat: 1, online: false }, at()).model, model);
});

test('the last step ends the game; a state with a rematch says where it is', () => {
  const model = { ...loaded(), toMove: 1 };
  const result = { winners: [1], reason: 'rules' };
  const end = applyFrame(model, { t: 'step', id: ID, v: 6, n: 3, step: 'e1', by: 1, toMove: null, clocks: [1, 1], status: 'ended', result }, at());
  assert.deepEqual(kinds(end.effects), ['play', 'ended']);
  assert.deepEqual(end.model.result, result);
  const next = applyFrame(end.model, { t: 'state', game: game({ v: 9, n: 3, status: 'ended', result, rematch: [true, true], next: 'kkkkkkkkkk' }) }, at());
  assert.deepEqual(next.effects, [{ kind: 'load' }, { kind: 'rematch', next: 'kkkkkkkkkk' }]);
});

test('a step withdraws the draw offers', () => {
  const model = { ...loaded(), canDraw: true, drawOffers: [true, false], toMove: 1 };
  const { model: after } = applyFrame(model, { t: 'step', id: ID, v: 6, n: 3, step: 'x', by: 1, toMove: 0, clocks: [1, 1], status: 'playing' }, at());
  assert.deepEqual(after.drawOffers, [false, false]);
});

test('hostile or broken frames change nothing', () => {
  const model = loaded();
  for (const frame of [null, 'x', 42, {}, { t: 'state' }, { t: 'state', game: { id: ID } }, { t: 'step', id: ID, v: 'x' }, { t: 'nope' }]) {
    assert.equal(applyFrame(model, frame, at()).model, model, JSON.stringify(frame));
  }
  assert.equal(modelFromState({ ...game(), you: -1 }, 0).you, null);
  assert.equal(modelFromState({ ...game(), status: 'flying' }, 0).status, 'waiting');
});

test('the result in words', () => {
  const colours = ['Red', 'Blue', 'Green'];
  const words = (result, loser = null) => resultWords({ ...loaded(), result, loser }, colours);
  assert.equal(words({ winners: [0], reason: 'rules' }), 'Red won by the rules.');
  assert.equal(words({ winners: [], reason: 'rules' }), 'Drawn by the rules.');
  assert.equal(words({ winners: [1], reason: 'resign' }, 0), 'Blue won: Red resigned.');
  assert.equal(words({ winners: [0], reason: 'time' }, 1), 'Red won: Blue ran out of time.');
  assert.equal(words({ winners: [0, 2], reason: 'time' }, 1), 'Red and Green won: Blue ran out of time.');
  assert.equal(words({ winners: [], reason: 'agreed' }), 'Drawn by agreement.');
  assert.equal(words({ winners: [], reason: 'cancelled' }), 'The challenge was withdrawn.');
  assert.equal(words(null), '');
});
