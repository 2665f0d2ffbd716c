// The list of saved games (www/app/saved-games.js): migration from the one-game-per-name
// saves, links beside saved games, empty games not piling up, two tabs, untrusted entries.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SavedGames, isEmptyRecord } from '../../www/app/saved-games.js';
import { migrate } from '../../www/app/saved-games-upgrade.js';
import { removeEntry, restoreEntry } from '../../www/app/saved-games-list.js';
import { Store, STORAGE_PROBLEMS } from '../../www/record.js';

const NAMES = ['unravel', 'scattercut', 'unity', 'merlins-chain', 'unlur'];
/** The engine's recordSetup for the plain records of these tests (tests/wasm.rs checks the engine's). */
const setupOf = (record) => record.split(';moves=')[0];

function memoryStorage(entries = []) {
  const data = new Map(entries);
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => data.set(k, String(v)), removeItem: (k) => data.delete(k) };
}

function setup(entries) {
  const storage = memoryStorage(entries);
  const store = new Store(storage);
  const problems = [];
  store.onProblem = (m) => problems.push(m);
  let clock = 1000;
  const saved = new SavedGames(store, { known: (n) => NAMES.includes(n), setupOf, now: () => clock++ });
  return { storage, store, saved, problems };
}

test('the saves of earlier versions (one per game) move into the list, the last one current', () => {
  const { storage, saved } = setup([
    ['ludus:v1:game:unravel', 'unravel;size=6;moves=c3,d4'],
    ['ludus:v1:game:unlur', 'unlur;moves=d4,pass,f6,e5,g6'],
    ['ludus:v1:last', 'unlur'],
  ]);
  migrate(saved, NAMES);
  const list = saved.list();
  assert.deepEqual(list.map((g) => g.record), ['unlur;moves=d4,pass,f6,e5,g6', 'unravel;size=6;moves=c3,d4']);
  assert.equal(saved.current().record, 'unlur;moves=d4,pass,f6,e5,g6');
  assert.equal(storage.data.has('ludus:v1:game:unlur'), false, 'the old keys go once moved');
  assert.equal(storage.data.has('ludus:v1:last'), false);
  // Only once: a later run finds the list and leaves it alone.
  storage.setItem('ludus:v1:game:unity', 'unity');
  migrate(saved, NAMES);
  assert.equal(saved.list().length, 2);
});

test('migration keeps the old saves when the list cannot be written', () => {
  const storage = memoryStorage([['ludus:v1:game:unlur', 'unlur;moves=d4']]);
  storage.setItem = () => {
    throw new DOMException('full', 'QuotaExceededError');
  };
  const store = new Store(storage);
  migrate(new SavedGames(store), NAMES);
  assert.equal(storage.data.get('ludus:v1:game:unlur'), 'unlur;moves=d4');
  assert.equal(store.problem, STORAGE_PROBLEMS.full);
});

test('a new game is added beside the others; the empty game it follows is replaced', () => {
  const { saved } = setup();
  const a = saved.add('unlur;moves=d4,pass');
  const b = saved.add('unlur', '', a);
  assert.notEqual(a, b, 'a game with steps stays');
  assert.equal(saved.list().length, 2);
  // Started one new game after another: the empty one is replaced, not kept.
  const c = saved.add('unravel;size=6', '', b);
  assert.equal(c, b);
  assert.deepEqual(saved.list().map((g) => g.record), ['unravel;size=6', 'unlur;moves=d4,pass']);
  // Only the game this tab showed: another tab's empty game is left alone.
  assert.notEqual(saved.add('scattercut'), c);
  saved.save(c, 'unravel;size=6;moves=c3');
  const d = saved.add('unity', '', c);
  assert.notEqual(d, c, 'a game with steps stays');
  assert.equal(saved.list().length, 4);
  assert.equal(saved.find('unlur;moves=d4,pass').id, a);
  assert.equal(saved.find('unlur;moves=d4'), null);
  assert.equal(saved.latestOf('unlur').id, a);
  assert.ok(isEmptyRecord('unity;players=3', setupOf));
  assert.ok(!isEmptyRecord('unity;moves=c3-c6', setupOf));
  // No engine to ask, or a record it refuses: not empty, so never given to another game.
  assert.ok(!isEmptyRecord('unity;players=3', null));
  assert.ok(!isEmptyRecord('unity;players=3', () => { throw new Error('refused'); }));
});

test('opening a game (saving it unchanged) does not move it up the list', () => {
  const { saved } = setup();
  const a = saved.add('unlur;moves=d4');
  const b = saved.add('unravel;moves=c3');
  saved.save(a, 'unlur;moves=d4', 'Black to move');
  assert.deepEqual(saved.list().map((g) => g.id), [b, a]);
  assert.equal(saved.current().id, a);
  assert.equal(saved.get(a).status, 'Black to move');
  saved.save(a, 'unlur;moves=d4,pass');
  assert.deepEqual(saved.list().map((g) => g.id), [a, b]);
});

test('delete and undo', () => {
  const { saved } = setup();
  const a = saved.add('unlur;moves=d4');
  const gone = removeEntry(saved, a);
  assert.equal(saved.list().length, 0);
  assert.equal(saved.current(), null);
  restoreEntry(saved, gone);
  assert.equal(saved.get(a).record, 'unlur;moves=d4');
  assert.equal(removeEntry(saved, 'nosuchid'), null);
});

test('two tabs each keep their own game', () => {
  const storage = memoryStorage();
  const one = new SavedGames(new Store(storage));
  const two = new SavedGames(new Store(storage));
  const a = one.add('unlur;moves=d4');
  const b = two.add('unravel;moves=c3');
  one.save(a, 'unlur;moves=d4,pass');
  two.save(b, 'unravel;moves=c3,d4');
  assert.deepEqual(
    one.list().map((g) => g.record).sort(),
    ['unlur;moves=d4,pass', 'unravel;moves=c3,d4'],
  );
  // A tab goes on in a game another tab deleted: it comes back rather than vanish.
  removeEntry(two, a);
  one.save(a, 'unlur;moves=d4,pass,f6');
  assert.equal(two.get(a).record, 'unlur;moves=d4,pass,f6');
});

test('stored entries are untrusted: bad ones are dropped with a note, the rest kept', () => {
  const good = { id: 'abcdef123456', record: 'unlur;moves=d4', updated: 5, status: 'White to move' };
  const { storage, saved, problems } = setup([
    [
      'ludus:v1:saved-games',
      JSON.stringify({
        current: 'abcdef123456',
        games: [
          good,
          { ...good, id: 'chess1chess1', record: 'chess;moves=e4' },
          { ...good, id: '<img src=x>' },
          { ...good, id: 'nonstring01', record: 5 },
          { ...good, id: 'hugehugehuge', record: 'unlur;moves=' + 'd4,'.repeat(100_000) },
          { ...good, id: 'status000000', status: { toString: 1 }, updated: 'soon' },
          good,
          null,
          'garbage',
        ],
      }),
    ],
  ]);
  const list = saved.list();
  assert.deepEqual(list.map((g) => g.id), ['abcdef123456', 'status000000']);
  assert.deepEqual(list[1], { id: 'status000000', record: 'unlur;moves=d4', updated: 0, status: '' });
  assert.deepEqual(problems, [STORAGE_PROBLEMS.droppedGames]);
  assert.equal(JSON.parse(storage.data.get('ludus:v1:saved-games')).games.length, 2, 'written back clean');
  assert.equal(saved.current().id, 'abcdef123456');

  for (const raw of ['{not json', '[]', '{"games": 5}', 'null']) {
    const t = setup([['ludus:v1:saved-games', raw]]);
    assert.deepEqual(t.saved.list(), [], raw);
    assert.deepEqual(t.problems, [STORAGE_PROBLEMS.droppedGames], raw);
    assert.equal(t.saved.current(), null);
  }
  // A current id that names no entry is no current game.
  const t = setup([['ludus:v1:saved-games', JSON.stringify({ current: 'zzzzzzzzzzzz', games: [good] })]]);
  assert.equal(t.saved.current(), null);
});

test('a stored game that cannot be read is kept aside with its text, never dropped', () => {
  const good = { id: 'abcdef123456', record: 'unlur;moves=d4', updated: 5 };
  // 35 comments of 2,000 '中': 70,192 characters, 210,192 bytes of UTF-8, over the limit.
  const wide = 'unlur;v=2;moves=' + Array.from({ length: 35 }, (_, i) => `${'abcdefg'[i % 7]}${1 + Math.floor(i / 7)}{${'中'.repeat(2000)}}`).join(',');
  assert.ok(wide.length < 200_000 && new TextEncoder().encode(wide).length > 200_000);
  const chess = { id: 'chess1chess1', record: 'chess;moves=e4' };
  const { storage, saved, problems } = setup([
    ['ludus:v1:saved-games', JSON.stringify({ current: 'widewidewide', games: [good, { id: 'widewidewide', record: wide }, chess, { id: 'x', record: 5 }] })],
  ]);
  assert.deepEqual(saved.list().map((g) => g.id), ['abcdef123456']);
  assert.deepEqual(problems, [STORAGE_PROBLEMS.droppedGames]);
  const aside = saved.aside();
  assert.deepEqual(aside.map((u) => u.text), [wide, 'chess;moves=e4', '{"id":"x","record":5}']);
  assert.match(aside[0].reason, /^the record is too long \(210\d{3} bytes; at most 200000\)$/);
  assert.equal(aside[1].reason, 'this page does not play chess');
  // Kept in storage, and not added twice when read again.
  saved.read();
  assert.equal(JSON.parse(storage.data.get('ludus:v1:saved-games-aside')).length, 3);
  saved.removeAside(1);
  assert.deepEqual(saved.aside().map((u) => u.text), [wide, '{"id":"x","record":5}']);

  // A list that does not parse is kept whole.
  const t = setup([['ludus:v1:saved-games', '{"games":[{"id":"abcdef123456","rec']]);
  assert.deepEqual(t.saved.list(), []);
  assert.deepEqual(t.saved.aside(), [{ text: '{"games":[{"id":"abcdef123456","rec', reason: 'the list of saved games is damaged' }]);

  // Where storage refuses to keep it aside, the list is left as it was.
  const full = setup([['ludus:v1:saved-games', JSON.stringify({ games: [good, chess] })]]);
  const setItem = full.storage.setItem;
  full.storage.setItem = () => {
    throw Object.assign(new Error('full'), { name: 'QuotaExceededError' });
  };
  assert.deepEqual(full.saved.list().map((g) => g.id), ['abcdef123456']);
  full.storage.setItem = setItem;
  assert.equal(JSON.parse(full.storage.data.get('ludus:v1:saved-games')).games.length, 2, 'nothing dropped');
  full.saved.read();
  assert.equal(JSON.parse(full.storage.data.get('ludus:v1:saved-games')).games.length, 1);
  assert.deepEqual(full.saved.aside().map((u) => u.text), ['chess;moves=e4']);
});
