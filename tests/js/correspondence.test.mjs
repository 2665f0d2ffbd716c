// Play by link (www/share/correspondence.js): the link and its text, reading a link back
// (hostile ones refused), comparing a link's game with the saved one, and "Games by link".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readLink, linkFor, messageFor, compareSteps, loadGames, saveGame, removeGame, turnWords, entryFor, newId, MAX_GAMES } from '../../www/share/correspondence.js';
import { Store } from '../../www/record.js';
import { SavedGames } from '../../www/app/saved-games.js';

const players = [
  { name: 'White', color: 'white' },
  { name: 'Black', color: 'black' },
];
const view = (steps, extra = {}) => ({
  game: 'unlur',
  title: 'Unlur',
  steps,
  movers: steps.map((_, i) => i % 2),
  players,
  toMove: steps.length % 2,
  outcome: null,
  prompt: '',
  record: `unlur;moves=${steps.join(',')}`,
  ...extra,
});

function memoryStorage() {
  const data = new Map();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => data.set(k, String(v)), removeItem: (k) => data.delete(k) };
}

test('the link and its text', () => {
  const url = linkFor('https://ludus.example/index.html?corr=old&seat=0#unravel', 'unlur;moves=d4,pass', { id: 'abc123def4', seat: 1 });
  assert.equal(url, 'https://ludus.example/index.html?corr=abc123def4&seat=1#unlur;moves=d4,pass');
  assert.deepEqual(readLink(new URL(url).search), { id: 'abc123def4', seat: 1 });
  assert.equal(messageFor(view(Array(14).fill('x'))), 'Unlur, move 14: your turn as White');
  assert.equal(messageFor(view(['a', 'b', 'c'])), 'Unlur, move 3: your turn as Black');
  assert.equal(messageFor(view(['a'], { outcome: { kind: 'winner', seat: 0 }, prompt: 'White wins' })), 'Unlur, move 1: White wins');
  assert.match(newId(), /^[a-z0-9]{10}$/);
});

test('hostile or broken links are no correspondence, and say why', () => {
  assert.equal(readLink(''), null);
  assert.equal(readLink('?level=easy'), null);
  for (const search of ['?corr=abc', '?corr=ABCDEFGH&seat=0', '?corr=abcdefgh&seat=9', '?corr=abcdefgh', '?corr=<script>&seat=0', '?seat=1']) {
    assert.match(readLink(search)?.error ?? '', /corr=|seat=/, search);
  }
});

test('a repeated corr= or seat= is refused with a reason, not read one way or the other', () => {
  assert.deepEqual(readLink('?corr=abcdefgh&seat=0&seat=1'), { error: 'seat= is given twice' });
  assert.deepEqual(readLink('?corr=abcdefgh&corr=zzzzzzzz&seat=1'), { error: 'corr= is given twice' });
});

test('Games by link entries are checked when read: a bad or unknown-game entry is kept aside with a note, never dropped', () => {
  const storage = memoryStorage();
  const store = new Store(storage);
  const seen = [];
  store.onProblem = (m) => seen.push(m);
  const good = entryFor('aaaaaa', 1, view(['d4']));
  storage.setItem(
    'ludus:v1:correspondence',
    JSON.stringify([
      good,
      { ...good, id: 'bbbbbb', game: 'chess', record: 'chess;moves=e4' },
      { ...good, id: 'cccccc', record: { toString: 'unlur' } },
      { ...good, id: 'dddddd', seat: 7 },
      { ...good, id: 'eeeeee', title: { bad: 1 }, players: [{ name: '<img>' }, 'Black'] },
      'not an entry',
      null,
    ]),
  );
  const known = (name) => ['unlur', 'unravel'].includes(name);
  assert.deepEqual(loadGames(store, known).map((g) => g.id), ['aaaaaa', 'eeeeee']);
  // What is only shown is made text.
  assert.deepEqual(loadGames(store, known)[1].players, ['', 'Black']);
  assert.equal(loadGames(store, known)[1].title, 'unlur');
  assert.equal(seen.length, 1);
  assert.match(seen[0], /Games by link/);
  assert.match(seen[0], /kept aside at the end of Your games/);
  assert.equal(JSON.parse(storage.getItem('ludus:v1:correspondence')).length, 2, 'the bad entries are out of the list');
  // ... and kept with the saved games' that cannot be read, each with its text and why.
  assert.deepEqual(new SavedGames(store).aside(), [
    { text: 'chess;moves=e4', reason: 'in Games by link, this page does not play chess' },
    { text: JSON.stringify({ ...good, id: 'cccccc', record: { toString: 'unlur' } }), reason: 'in Games by link, it has no record' },
    { text: good.record, reason: 'in Games by link, its seat is not one from 0 to 3' },
    { text: 'not an entry', reason: 'in Games by link, its id is not one Ludus makes' },
    { text: 'null', reason: 'in Games by link, its id is not one Ludus makes' },
  ]);
});

test('a Games by link record is measured in bytes of UTF-8; one too long, or a damaged list, is kept aside', () => {
  const storage = memoryStorage();
  const store = new Store(storage);
  const good = entryFor('aaaaaa', 1, view(['d4']));
  // 70,000 '中' are 70,000 UTF-16 units but 210,000 bytes: over the limit of a record.
  const wide = `unlur;moves=d4{${'中'.repeat(70_000)}}`;
  storage.setItem('ludus:v1:correspondence', JSON.stringify([good, { ...good, id: 'bbbbbb', record: wide }]));
  assert.deepEqual(loadGames(store).map((g) => g.id), ['aaaaaa']);
  const [kept, ...more] = new SavedGames(store).aside();
  assert.equal(more.length, 0);
  assert.equal(kept.reason, 'in Games by link, the record is too long (210016 bytes; at most 200000)');
  assert.ok(kept.text === wide, 'its record is kept whole');
  // A list that does not parse is kept aside whole; the next read finds it there, not twice.
  store.set('correspondence', '{not json');
  assert.deepEqual(loadGames(store), []);
  assert.equal(storage.getItem('ludus:v1:correspondence'), null);
  loadGames(store);
  assert.deepEqual(new SavedGames(store).aside().map((u) => u.text.slice(0, 20)), [wide.slice(0, 20), '{not json']);
  // Where storage refuses to keep them aside, the list stays as it was.
  const full = new Store(storage);
  storage.setItem('ludus:v1:correspondence', '[7]');
  assert.deepEqual(loadGames(full, () => true, () => false), []);
  assert.equal(storage.getItem('ludus:v1:correspondence'), '[7]');
});

test('comparing the link\'s game with the saved one', () => {
  assert.deepEqual(compareSteps(['a', 'b'], ['a', 'b']), { relation: 'same', move: null });
  assert.deepEqual(compareSteps(['a', 'b', 'c'], ['a', 'b']), { relation: 'link-ahead', move: 3 });
  assert.deepEqual(compareSteps(['a'], ['a', 'b']), { relation: 'saved-ahead', move: 2 });
  assert.deepEqual(compareSteps(['a', 'b', 'x', 'y'], ['a', 'b', 'c']), { relation: 'differ', move: 3 });
});

test('Games by link: saved newest first, replaced by id, forgotten, whose turn', () => {
  const store = new Store(memoryStorage());
  assert.deepEqual(loadGames(store), []);
  saveGame(store, entryFor('aaaaaa', 1, view(['a'])));
  saveGame(store, entryFor('bbbbbb', 0, view(['a', 'b'])));
  saveGame(store, entryFor('aaaaaa', 1, view(['a', 'b', 'c'])));
  const games = loadGames(store);
  assert.deepEqual(games.map((g) => [g.id, g.moves]), [
    ['aaaaaa', 3],
    ['bbbbbb', 2],
  ]);
  assert.equal(turnWords(games[0]), 'your turn');
  assert.equal(turnWords(games[1]), 'your turn');
  assert.equal(turnWords({ ...games[1], toMove: 1 }), "Black's turn");
  assert.equal(turnWords(entryFor('cccccc', 0, view(['a'], { outcome: { kind: 'winner', seat: 0 }, prompt: 'White wins' }))), 'White wins');
  removeGame(store, 'aaaaaa');
  assert.deepEqual(loadGames(store).map((g) => g.id), ['bbbbbb']);
  for (let i = 0; i < MAX_GAMES + 5; i++) saveGame(store, entryFor(`game${String(i).padStart(4, '0')}`, 0, view([])));
  assert.equal(loadGames(store).length, MAX_GAMES);
  // A damaged list reads as empty rather than failing.
  store.set('correspondence', '{not json');
  assert.deepEqual(loadGames(store), []);
});
