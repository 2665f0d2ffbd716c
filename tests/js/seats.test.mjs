// The computer opponent's seats and level (www/app/seats.js), without a worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Opponent } from '../../www/app/seats.js';

const LEVELS = ['beginner', 'easy', 'medium', 'hard', 'expert'].map((id) => ({ id, label: id, default: id === 'medium' }));

function opponent(prefs) {
  const host = { saved: 0, refreshed: 0 };
  Object.assign(host, {
    view: () => ({ game: 'unravel', record: 'unravel', toMove: 0, outcome: null, steps: [], cursor: 0 }),
    prefs: () => prefs,
    // The page keeps the settings: the opponent only says what changes.
    savePrefs: (changes) => {
      Object.assign(prefs, changes);
      host.saved++;
    },
    refresh: () => host.refreshed++,
  });
  const o = new Opponent(host);
  o.setLevels(LEVELS, null);
  return { o, host };
}

test('a level stored by an older version (quick, normal, strong) gives the default level', () => {
  for (const old of ['quick', 'normal', 'strong', 'mcts:50', '', 42]) {
    const { o } = opponent({ level: old });
    assert.equal(o.level(), 'medium', String(old));
    assert.equal(o.levelWords(), 'medium level');
  }
  assert.equal(opponent({ level: 'expert' }).o.level(), 'expert');
});

test('only an offered level can be chosen and saved', () => {
  const prefs = { level: 'strong' };
  const { o, host } = opponent(prefs);
  o.setLevel('quick');
  assert.deepEqual([prefs.level, host.saved, host.refreshed], ['strong', 0, 0]);
  o.setLevel('hard');
  assert.deepEqual([prefs.level, host.saved, host.refreshed, o.level()], ['hard', 1, 1, 'hard']);
});

test('the seats the computer plays are kept per game', () => {
  const prefs = {};
  const { o } = opponent(prefs);
  assert.equal(o.seats().size, 0);
  o.computer.start = () => {};
  o.toggleSeat(1);
  assert.deepEqual([...o.seats()], [1]);
  assert.deepEqual([...o.seats('unlur')], []);
});
