// URL fragment and the never-throwing store (the engine reads records: parseRecord).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fragmentFor, readFragment, gameOfRecord, Store, STORAGE_PROBLEMS, utf8Length, recordLengthProblem } from '../../www/record.js';

const unity = 'unity;players=3;walls=c3|c4,d3|d4;moves=c3-c6,c3|c4,d2xNE;at=2';

test('fragments round-trip through encodeURI / decodeURIComponent', () => {
  const hash = fragmentFor(unity);
  assert.ok(hash.startsWith('#unity;players=3;walls=c3%7Cc4'));
  assert.deepEqual(readFragment(hash), { record: unity });
  assert.deepEqual(readFragment('#' + encodeURIComponent(unity)), { record: unity });
  const merlin = 'merlins-chain;moves=2@a1,17@c3';
  assert.deepEqual(readFragment(fragmentFor(merlin)), { record: merlin });
});

test('empty and broken fragments are told apart', () => {
  assert.deepEqual(readFragment(''), { empty: true });
  assert.deepEqual(readFragment('#'), { empty: true });
  assert.ok(readFragment('#unravel;moves=%E0%A4%A').error.includes('damaged'));
  assert.ok(readFragment('#a%00b').error.includes('control'));
  assert.ok(readFragment('#' + 'x'.repeat(700_000)).error.includes('too long'));
  // Hostile text is only data: it decodes, the engine then refuses it.
  assert.deepEqual(readFragment('#%3Cimg%20src=x%20onerror=alert(1)%3E'), { record: '<img src=x onerror=alert(1)>' });
});

test('the game name of a record', () => {
  assert.equal(gameOfRecord(unity), 'unity');
  assert.equal(gameOfRecord('merlins-chain'), 'merlins-chain');
  assert.equal(gameOfRecord('<script>;moves=a1'), '');
  assert.equal(gameOfRecord(''), '');
});

test('the store never throws and namespaces its keys', () => {
  const map = new Map();
  const fake = {
    getItem: (k) => (map.has(k) ? map.get(k) : null),
    setItem: (k, v) => map.set(k, String(v)),
    removeItem: (k) => map.delete(k),
  };
  const store = new Store(fake);
  store.set('game', 'unravel;moves=a1');
  assert.equal(store.get('game'), 'unravel;moves=a1');
  assert.ok([...map.keys()].every((k) => k.startsWith('ludus:v1:')));
  store.savePrefs({ coords: true });
  assert.deepEqual(store.prefs(), { coords: true });
  map.set('ludus:v1:prefs', '{broken');
  assert.deepEqual(store.prefs(), {});
  const broken = new Store({
    getItem() { throw new Error('denied'); },
    setItem() { throw new Error('quota'); },
    removeItem() { throw new Error('denied'); },
  });
  assert.equal(broken.get('game'), null);
  assert.equal(broken.set('x', 'y'), false);
  broken.remove('x');
  assert.equal(new Store(null).get('game'), null);
});

test('storage problems are reported once each, and a blocked localStorage does not throw', () => {
  const seen = [];
  const full = new Store({
    getItem: () => null,
    setItem() {
      throw new DOMException('full', 'QuotaExceededError');
    },
    removeItem() {},
  });
  full.onProblem = (m) => seen.push(m);
  assert.equal(full.set('a', 'b'), false);
  assert.equal(full.set('a', 'c'), false);
  assert.deepEqual(seen, [STORAGE_PROBLEMS.full]);

  const map = new Map([['ludus:v1:prefs', '[1, 2']]);
  const damaged = new Store({
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => map.set(k, v),
    removeItem: (k) => map.delete(k),
  });
  assert.deepEqual(damaged.prefs(), {});
  assert.equal(damaged.problem, STORAGE_PROBLEMS.damagedPrefs);
  assert.equal(map.has('ludus:v1:prefs'), false, 'the damaged prefs are dropped');
  map.set('ludus:v1:prefs', '[]');
  assert.deepEqual(damaged.prefs(), {}, 'an array is not settings');

  const saved = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    get() {
      throw new DOMException('blocked', 'SecurityError');
    },
  });
  try {
    const blocked = new Store();
    assert.equal(blocked.problem, STORAGE_PROBLEMS.blocked);
    assert.equal(blocked.get('game'), null);
    assert.equal(blocked.set('x', 'y'), true, 'no storage: nothing to fail');
  } finally {
    if (saved) Object.defineProperty(globalThis, 'localStorage', saved);
    else delete globalThis.localStorage;
  }
});

test('stored settings are checked entry by entry: what is bad is dropped with a note', () => {
  const map = new Map();
  const store = new Store({
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => map.set(k, v),
    removeItem: (k) => map.delete(k),
  });
  const seen = [];
  store.onProblem = (m) => seen.push(m);
  map.set(
    'ludus:v1:prefs',
    JSON.stringify({
      'options:unravel': 5,
      'options:unlur': { size: '6' },
      'options:unity': { players: { nested: true } },
      theme: '<img>',
      coords: 'yes',
      level: 'expert',
      computer: { unlur: [1], unravel: 'all' },
      'some-later-setting': [1, 2],
    }),
  );
  assert.deepEqual(store.prefs(), { 'options:unlur': { size: '6' }, level: 'expert', 'some-later-setting': [1, 2] });
  assert.deepEqual(seen, [STORAGE_PROBLEMS.damagedPrefs]);
  assert.deepEqual(JSON.parse(map.get('ludus:v1:prefs')), { 'options:unlur': { size: '6' }, level: 'expert', 'some-later-setting': [1, 2] }, 'the cleaned settings are written back');
  map.set('ludus:v1:prefs', '{"__proto__": {"theme": "dark"}, "coords": true}');
  const prefs = store.prefs();
  assert.deepEqual(Object.keys(prefs), ['coords']);
  assert.equal(Object.getPrototypeOf(prefs), Object.prototype);
});

test('a localStorage that is null counts as blocked: the page says games are not saved', () => {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
  Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: null });
  try {
    const store = new Store();
    assert.equal(store.problem, STORAGE_PROBLEMS.blocked);
    assert.equal(store.get('prefs'), null);
  } finally {
    if (saved) Object.defineProperty(globalThis, 'localStorage', saved);
    else delete globalThis.localStorage;
  }
});

test('the limit of a record is counted in bytes of UTF-8, as the engine counts it', () => {
  for (const text of ['', 'unlur;moves=d4', 'é', '中', '\u3000', '😀', 'a\ud800b', '\udc00', 'x😀中é'.repeat(50)]) {
    assert.equal(utf8Length(text), new TextEncoder().encode(text).length, JSON.stringify(text));
  }
  const wide = 'unlur;v=2;moves=d4{' + '中'.repeat(66_662) + '}';
  assert.equal(utf8Length(wide), 200_006);
  assert.equal(recordLengthProblem(wide), 'the record is too long (200006 bytes; at most 200000)');
  assert.equal(recordLengthProblem(wide.slice(0, -3) + '}'), '');
  assert.equal(recordLengthProblem('x'.repeat(300_000)), 'the record is too long (at least 300000 bytes; at most 200000)');
  assert.ok(readFragment(fragmentFor(wide)).error.includes('too long'));
});
