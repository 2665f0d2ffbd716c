// The clocks of a live game (www/online/clock.js): counting the running one down from the
// server's figure, the text shown, when it changes next, the clocks in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { timeLeft, clockText, nextTick, clockWords, clockChoices, CLOCK_PRESETS } from '../../www/online/clock.js';

const live = { clocks: [180_000, 95_500], clocksAt: 1000, toMove: 0, status: 'playing' };

test("only the seat to move's clock runs, from when the frame came", () => {
  assert.equal(timeLeft(live, 0, 1000), 180_000);
  assert.equal(timeLeft(live, 0, 4500), 176_500);
  assert.equal(timeLeft(live, 1, 4500), 95_500);
  // Never below zero (the server says when time is up).
  assert.equal(timeLeft(live, 0, 1_000_000), 0);
  // Once the game is over, or before it starts, nothing runs.
  assert.equal(timeLeft({ ...live, status: 'ended' }, 0, 4500), 180_000);
  assert.equal(timeLeft({ ...live, status: 'waiting' }, 0, 4500), 180_000);
  assert.equal(timeLeft(live, 2, 4500), null);
});

test('the clock text: minutes and seconds, hours, days, tenths under ten seconds', () => {
  assert.equal(clockText(180_000), '3:00');
  assert.equal(clockText(95_500), '1:35');
  assert.equal(clockText(59_999), '0:59');
  assert.equal(clockText(10_000), '0:10');
  assert.equal(clockText(9_999), '0:09.9');
  assert.equal(clockText(4_050), '0:04.0');
  assert.equal(clockText(0), '0:00.0');
  assert.equal(clockText(-5), '0:00.0');
  assert.equal(clockText(3_723_000), '1:02:03');
  assert.equal(clockText(86_400_000), '1 d 0 h');
  assert.equal(clockText(3 * 86_400_000 - 1), '2 d 23 h');
});

test('a running clock is drawn again just when its text changes', () => {
  assert.equal(nextTick(95_500), 501);
  assert.equal(nextTick(95_000), 1);
  assert.equal(nextTick(9_950), 51);
  for (const ms of [95_500, 9_950, 100_000_000, 12_345]) {
    const wait = nextTick(ms);
    assert.notEqual(clockText(ms - wait), clockText(ms), `${ms} after ${wait}`);
    if (wait > 1) assert.equal(clockText(ms - wait + 1), clockText(ms), `${ms} just before`);
  }
});

test('clocks in words, and the presets the form offers', () => {
  assert.equal(clockWords({ kind: 'fischer', initial: 300, increment: 3 }), '5 + 3');
  assert.equal(clockWords({ kind: 'fischer', initial: 5, increment: 0 }), '5 s + 0');
  assert.equal(clockWords({ kind: 'move', seconds: 86_400 }), '1 day per move');
  assert.equal(clockWords({ kind: 'move', seconds: 259_200 }), '3 days per move');
  assert.equal(clockWords({ kind: 'move', seconds: 90 }), '90 s per move');
  assert.equal(clockWords(null), '');
  assert.deepEqual(
    CLOCK_PRESETS.map((p) => clockWords(p.clock)),
    ['3 + 2', '5 + 3', '10 + 5', '15 + 10', '1 day per move', '3 days per move'],
  );
});

test('a ?clock=S+I parameter adds a short Fischer clock for the visit (tests)', () => {
  assert.equal(clockChoices(''), CLOCK_PRESETS);
  assert.equal(clockChoices('?clock=abc'), CLOCK_PRESETS);
  assert.equal(clockChoices('?clock=5+0+1'), CLOCK_PRESETS);
  assert.equal(clockChoices('?clock=5+0')[0].id, '5+0s');
  const [first, ...rest] = clockChoices('?level=x&clock=5%2B0');
  assert.deepEqual(first, { id: '5+0s', label: '5 s + 0', clock: { kind: 'fischer', initial: 5, increment: 0 } });
  assert.deepEqual(rest, CLOCK_PRESETS);
});
