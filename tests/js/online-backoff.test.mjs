// When a page tries the server again after its socket dropped (www/online/backoff.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reconnectDelay, FIRST_DELAY_MS, MAX_DELAY_MS } from '../../www/online/backoff.js';

test('the wait doubles from half a second up to 15 s', () => {
  const top = (n) => reconnectDelay(n, () => 0.999999);
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 7, 50].map(top), [500, 1000, 2000, 4000, 8000, 15000, 15000, 15000, 15000]);
  assert.equal(FIRST_DELAY_MS, 500);
  assert.equal(MAX_DELAY_MS, 15000);
});

test('each wait is drawn between half and all of its step (pages a restart dropped spread out)', () => {
  for (let n = 0; n < 10; n++) {
    const step = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** n);
    assert.equal(reconnectDelay(n, () => 0), step / 2);
    for (let i = 0; i < 50; i++) {
      const d = reconnectDelay(n);
      assert.ok(d >= step / 2 && d <= step, `${n}: ${d}`);
    }
  }
});

test('a strange attempt count is read as the nearest sensible one', () => {
  assert.equal(reconnectDelay(-3, () => 0), 250);
  assert.equal(reconnectDelay(2.7, () => 0), 1000);
  assert.equal(reconnectDelay(1e9, () => 0), MAX_DELAY_MS / 2);
});
