// The analysis client (www/analysis/panel.js) against a fake Worker: each result of a
// task reaches its callback, a new task or stop() terminates the worker, results of
// abandoned tasks are dropped; and the small helpers (percentages that add up to 100, a
// record's game without its position).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AnalysisClient, percentages, gameKey } from '../../www/analysis/panel.js';
import { FakeWorker } from './support/fake-worker.mjs';

test('each result of a task reaches its callback until the final one', () => {
  FakeWorker.all = [];
  const c = new AnalysisClient();
  const got = [];
  c.start({ task: 'analyse', record: 'unlur;size=4', budgets: [10, 20], seed: 3 }, (d) => got.push(d));
  const w = FakeWorker.all[0];
  assert.equal(w.options.type, 'module');
  assert.match(w.url, /analysis-worker\.js$/);
  assert.deepEqual(w.sent, [{ task: 'analyse', record: 'unlur;size=4', budgets: [10, 20], seed: 3, id: 1 }]);
  w.answer({ type: 'ready' });
  w.answer({ id: 1, kind: 'analysis', budget: 10, final: false });
  assert.ok(c.busy);
  w.answer({ id: 1, kind: 'analysis', budget: 20, final: true });
  assert.ok(!c.busy);
  assert.deepEqual(got.map((d) => d.budget), [10, 20]);
  assert.equal(c.delivered, 2);
  // The worker is kept for the next task.
  c.start({ task: 'analyse', record: 'x', budgets: [1], seed: 1 }, () => {});
  assert.equal(FakeWorker.all.length, 1);
  assert.equal(w.sent[1].id, 2);
});

test('a new task or stop() terminates the worker; results of abandoned tasks are dropped', () => {
  FakeWorker.all = [];
  const c = new AnalysisClient();
  const first = [];
  c.start({ task: 'analyse', record: 'a', budgets: [10, 20], seed: 1 }, (d) => first.push(d));
  const w1 = FakeWorker.all[0];
  const second = [];
  c.start({ task: 'analyse', record: 'b', budgets: [10], seed: 2 }, (d) => second.push(d));
  assert.ok(w1.terminated, 'the busy worker was terminated');
  const w2 = FakeWorker.all[1];
  w1.answer({ id: 1, kind: 'analysis', final: false }); // from the terminated worker
  w2.answer({ id: 1, kind: 'analysis', final: false }); // an old id
  assert.deepEqual(first, []);
  assert.deepEqual(second, []);
  assert.equal(c.stop(), true);
  assert.ok(w2.terminated);
  assert.equal(c.worker, null);
  assert.equal(c.stop(), false, 'nothing left to stop');
  assert.equal(c.delivered, 0);
});

test('a worker that fails ends its task with an error', () => {
  FakeWorker.all = [];
  const c = new AnalysisClient();
  const got = [];
  c.start({ task: 'review', record: 'a', iterations: 10, threshold: 0.15, seed: 1 }, (d) => got.push(d));
  FakeWorker.all[0].answer({ type: 'failed', error: 'no wasm' });
  assert.deepEqual(got, [{ id: 1, error: 'no wasm', final: true }]);
  assert.ok(!c.busy);
  assert.ok(FakeWorker.all[0].terminated);
  // An error answer of the engine ends the task too.
  c.start({ task: 'review', record: 'a', iterations: 0, threshold: 0.15, seed: 1 }, (d) => got.push(d));
  FakeWorker.all[1].answer({ id: 2, error: 'the analysis budget must be a whole number' });
  assert.ok(!c.busy);
  assert.equal(got[1].error, 'the analysis budget must be a whole number');
});

test('percentages are whole and add up to 100', () => {
  assert.deepEqual(percentages([0.625, 0.375]), [63, 37]);
  assert.deepEqual(percentages([1, 0]), [100, 0]);
  assert.deepEqual(percentages([1 / 3, 1 / 3, 1 / 3]), [34, 33, 33]);
  assert.deepEqual(percentages([0.5, 0.5]), [50, 50]);
  for (const chances of [[0.333, 0.333, 0.334], [0.996, 0.004], [0.2, 0.3, 0.5], [0.1234, 0.8766]]) {
    const p = percentages(chances);
    assert.equal(p.reduce((a, b) => a + b, 0), 100, String(chances));
    chances.forEach((c, i) => assert.ok(Math.abs(p[i] - c * 100) < 1, `${p[i]} for ${c}`));
  }
  // Nothing to share: no NaN, no negative.
  assert.deepEqual(percentages([Number.NaN, -1]), [50, 50]);
});

test('a game key is the record without its position', () => {
  assert.equal(gameKey('unravel;size=3;moves=b2,a1;at=1'), 'unravel;size=3;moves=b2,a1');
  assert.equal(gameKey('unravel;size=3;at=0;moves=b2'), 'unravel;size=3;moves=b2');
  assert.equal(gameKey('unlur;moves=d4'), 'unlur;moves=d4');
});

test('a worker whose engine trapped is dropped: the task ends saying so, the next task gets a fresh worker', () => {
  FakeWorker.all = [];
  const c = new AnalysisClient();
  const got = [];
  c.start({ task: 'analyse', record: 'unravel', budgets: [10, 20], seed: 1 }, (d) => got.push(d));
  const w1 = FakeWorker.all[0];
  w1.answer({ id: 1, kind: 'analysis', budget: 10, final: false });
  w1.answer({ id: 1, error: 'memory access out of bounds', trapped: true });
  assert.ok(w1.terminated, 'the trapped worker is terminated');
  assert.equal(c.trapped, 1);
  assert.ok(!c.busy);
  assert.equal(got.length, 2);
  assert.equal(got[1].error, 'memory access out of bounds (the engine failed and was restarted)');
  assert.equal(got[1].final, true);
  c.start({ task: 'analyse', record: 'unravel', budgets: [10], seed: 2 }, (d) => got.push(d));
  assert.equal(FakeWorker.all.length, 2, 'a fresh worker for the next task');
  assert.deepEqual(FakeWorker.all[1].sent.map((m) => m.id), [2]);
  // An engine refusing bad input is not a trap: its worker is kept.
  FakeWorker.all[1].answer({ id: 2, error: 'the record is not valid' });
  assert.ok(!FakeWorker.all[1].terminated);
});
