// The computer opponent's client (www/computer.js) against a fake Worker: one question at a
// time, cancelling terminates the worker, answers to abandoned questions are dropped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Computer } from '../../www/computer.js';
import { FakeWorker } from './support/fake-worker.mjs';

/** The engine's recordSetup for the plain records of these tests (tests/wasm.rs checks the engine's). */
const setupOf = (record) => record.split(';moves=')[0];

test('a question goes to a module worker and its answer comes back', async () => {
  FakeWorker.all = [];
  const c = new Computer();
  // The layout shown goes with the question; the answer brings the layout after its step.
  const shown = Uint8Array.from({ length: 64 }, (_, i) => i + 1);
  const asked = c.think('merlins-chain', 'quick', 7, shown);
  const w = FakeWorker.all[0];
  assert.equal(w.options.type, 'module');
  assert.match(w.url, /ai-worker\.js$/);
  assert.deepEqual(w.sent, [{ id: 1, record: 'merlins-chain', player: 'quick', seed: 7, shown }]);
  assert.ok(c.busy);
  w.answer({ type: 'ready' });
  const layout = shown.slice();
  w.answer({ id: 1, step: '2@a1', layout, iterations: 10, value: 0.5, ms: 200 });
  assert.deepEqual(await asked, { id: 1, step: '2@a1', layout, iterations: 10, value: 0.5, ms: 200 });
  assert.ok(!c.busy);
  // The worker is kept for the next question.
  c.think('unlur;size=4;moves=d4', 'quick', 8);
  assert.equal(FakeWorker.all.length, 1);
  assert.equal(w.sent[1].id, 2);
});

test('cancelling terminates the worker; a late answer is dropped; the next question gets a fresh worker', async () => {
  FakeWorker.all = [];
  const c = new Computer();
  const first = c.think('a', 'strong', 1);
  const w1 = FakeWorker.all[0];
  assert.equal(c.cancel(), true);
  assert.ok(w1.terminated);
  assert.deepEqual(await first, { id: 1, cancelled: true });
  const second = c.think('b', 'strong', 2);
  const w2 = FakeWorker.all[1];
  assert.notEqual(w1, w2);
  w1.answer({ id: 1, step: 'stale' }); // from the terminated worker: ignored
  w2.answer({ id: 1, step: 'stale' }); // an old id: ignored
  assert.ok(c.busy);
  w2.answer({ id: 2, step: 'e5' });
  assert.equal((await second).step, 'e5');
  assert.equal(c.cancel(), false, 'nothing to cancel');
});

test('asking again abandons the question in flight', async () => {
  FakeWorker.all = [];
  const c = new Computer();
  const first = c.think('a', 'normal', 1);
  const second = c.think('b', 'normal', 2);
  assert.deepEqual(await first, { id: 1, cancelled: true });
  assert.ok(FakeWorker.all[0].terminated);
  FakeWorker.all[1].answer({ id: 2, step: 'x' });
  assert.equal((await second).step, 'x');
});

test('errors: the engine refusing, and a worker that cannot start', async () => {
  FakeWorker.all = [];
  const c = new Computer();
  const refused = c.think('a', 'normal', 1);
  FakeWorker.all[0].answer({ id: 1, error: 'the game is over' });
  assert.deepEqual(await refused, { id: 1, error: 'the game is over' });
  const broken = c.think('a', 'normal', 1);
  FakeWorker.all[0].onerror({ message: 'failed to load', preventDefault() {} });
  assert.deepEqual(await broken, { id: 2, error: 'failed to load' });
  assert.ok(FakeWorker.all[0].terminated);
  const failed = c.think('a', 'normal', 1);
  FakeWorker.all[1].answer({ type: 'failed', error: 'no wasm' });
  assert.deepEqual(await failed, { id: 3, error: 'no wasm' });
  c.dispose();
});

test('warm(record) has the worker warm up its search once per game and options, before any question', async () => {
  FakeWorker.all = [];
  const c = new Computer({ setupOf });
  c.warm('unlur;moves=d4,pass');
  const w = FakeWorker.all[0];
  assert.deepEqual(w.sent, [{ type: 'warm', record: 'unlur;moves=d4,pass' }]);
  c.warm('unlur;moves=d4,pass,f6;at=2'); // the same game and options: already warm
  c.warm(); // no position: only keeps the worker
  assert.equal(FakeWorker.all.length, 1);
  assert.equal(w.sent.length, 1);
  c.warm('unlur;size=8'); // a larger board is other code
  c.warm('unravel;size=6;moves=b2');
  assert.deepEqual(w.sent.slice(1), [
    { type: 'warm', record: 'unlur;size=8' },
    { type: 'warm', record: 'unravel;size=6;moves=b2' },
  ]);
  // The worker reports a warm-up as a performance mark; questions are unaffected.
  w.answer({ type: 'warmed', game: 'unlur', ms: 12.5 });
  const mark = performance.getEntriesByName('ludus:computer-warmed').at(-1);
  assert.deepEqual(mark.detail, { game: 'unlur', ms: 12.5 });
  const asked = c.think('unlur;moves=d4,pass', 'normal', 3);
  assert.deepEqual(w.sent.at(-1), { id: 1, record: 'unlur;moves=d4,pass', player: 'normal', seed: 3, shown: null });
  w.answer({ id: 1, step: 'f6' });
  assert.equal((await asked).step, 'f6');
  // A new worker (after a cancel) starts cold: the same game is warmed again.
  c.think('unlur;moves=d4,pass,f6', 'normal', 4);
  c.cancel();
  c.warm('unlur;moves=d4,pass,f6');
  assert.equal(FakeWorker.all.length, 2);
  assert.deepEqual(FakeWorker.all[1].sent, [{ type: 'warm', record: 'unlur;moves=d4,pass,f6' }]);
  c.dispose();
});

test('a worker whose engine trapped is dropped, in a question or a warm-up; the next question gets a fresh one', async () => {
  FakeWorker.all = [];
  const c = new Computer({ setupOf });
  const asked = c.think('unravel', 'beginner', 1);
  const w1 = FakeWorker.all[0];
  w1.answer({ id: 1, error: 'Maximum call stack size exceeded', trapped: true });
  assert.deepEqual(await asked, {
    id: 1,
    error: 'Maximum call stack size exceeded (the engine failed and was restarted)',
    trapped: true,
  });
  assert.ok(w1.terminated);
  assert.equal(c.trapped, 1);
  c.warm('unlur');
  const w2 = FakeWorker.all[1];
  assert.notEqual(w1, w2, 'a fresh worker');
  w2.answer({ type: 'trapped', error: 'unreachable' });
  assert.ok(w2.terminated, 'a warm-up that trapped drops its worker too');
  const next = c.think('unlur', 'beginner', 2);
  const w3 = FakeWorker.all[2];
  w3.answer({ id: 2, step: 'd4' });
  assert.equal((await next).step, 'd4');
  assert.equal(c.trapped, 2);
  // An engine refusing bad input is not a trap: its worker is kept.
  const refused = c.think('x', 'beginner', 3);
  w3.answer({ id: 3, error: 'the record is not valid' });
  assert.equal((await refused).error, 'the record is not valid');
  assert.ok(!w3.terminated);
});
