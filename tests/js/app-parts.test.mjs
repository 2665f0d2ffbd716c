// The page's parts (www/app/*.js, www/controller.js) used through their typed hosts, with fake
// hosts; and the page (www/app.js) keeping what it draws from in one state object, asking its
// parts through their methods instead of writing their fields.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { documentedNames } from './support/typedefs.mjs';
import { readFileSync, readdirSync } from 'node:fs';
import { Opponent } from '../../www/app/seats.js';
import { GameHistory } from '../../www/app/history.js';
import { BoardController } from '../../www/controller.js';

const www = new URL('../../www/', import.meta.url);
const source = (path) => readFileSync(new URL(path, www), 'utf8');
/** The code of a file without its comments (a comment may quote an old assignment). */
const code = (path) => source(path).replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

const LEVELS = ['beginner', 'easy', 'medium', 'hard', 'expert'].map((id) => ({ id, label: id, blurb: '', player: id, default: id === 'medium' }));

test('the page writes no field of its parts: it asks them through their methods', () => {
  const app = code('app.js');
  // `this.<part>.<field> = …` (not `==`), the state object aside. Two are no part's: the
  // Export menu is a <details> element (`open`), the Store takes its problem listener.
  const writes = [...app.matchAll(/\bthis\.(\w+)\.(\w+)\s*=(?!=)/g)].map((m) => `${m[1]}.${m[2]}`);
  const foreign = writes.filter((w) => !w.startsWith('state.') && w !== 'exportMenu.open' && w !== 'store.onProblem');
  assert.deepEqual(foreign, []);
  // Nor do the parts write the page's things through their hosts (`host.prefs().level = …`),
  // nor anything the board controller keeps (its selection).
  const parts = [...readdirSync(new URL('app/', www)).map((f) => `app/${f}`), 'embed/ludus-board.js', 'learn/trainer.js'];
  for (const path of parts) {
    const text = code(path);
    assert.doesNotMatch(text, /\bhost\.\w+\(\)\.\w+\s*=(?!=)/, `${path} writes through its host`);
    assert.doesNotMatch(text, /\bcontrol\.selection\s*=(?!=)/, `${path} writes the controller's selection`);
    assert.doesNotMatch(text, /\bapp\.\w+\.\w+\s*=(?!=)/, `${path} writes the page's parts`);
  }
});

test("what the page is drawn from is one state object, its fields those the AppState type documents", () => {
  const app = source('app.js');
  const documented = documentedNames('app.js', 'AppState');
  assert.ok(documented, 'www/app.js documents AppState');
  const literal = /this\.state = \{\n([\s\S]*?)\n {4}\};/.exec(app);
  assert.ok(literal, 'App sets this.state in its constructor');
  const fields = [...literal[1].matchAll(/^ {6}(\w+):/gm)].map((m) => m[1]).sort();
  assert.deepEqual(fields, documented);
  // Every change of one of them goes to the state: App has no second copy of it.
  const text = code('app.js');
  for (const field of fields) {
    assert.doesNotMatch(text, new RegExp(`\\bthis\\.${field}\\s*=(?!=)`), `App writes this.${field} beside the state`);
  }
});

/** An opponent whose host keeps `prefs` frozen: a part that wrote them would throw. */
function opponentOn(prefs) {
  const host = {
    prefsSaved: [],
    refreshed: 0,
    view: () => ({ game: 'unravel', record: 'unravel', toMove: 0, outcome: null, steps: [], cursor: 0 }),
    layout: () => null,
    prefs: () => prefs,
    savePrefs: (changes) => {
      host.prefsSaved.push(changes);
      prefs = Object.freeze({ ...prefs, ...changes });
    },
    play: () => true,
    refused: () => '',
    refresh: () => host.refreshed++,
    flash: () => {},
  };
  const opponent = new Opponent(host);
  opponent.computer.start = () => {};
  return { opponent, host };
}

test("the opponent changes the settings only through its host's savePrefs", () => {
  const { opponent, host } = opponentOn(Object.freeze({ level: 'easy' }));
  opponent.setLevels(LEVELS, null);
  assert.equal(opponent.level(), 'easy');
  opponent.setLevel('hard');
  opponent.toggleSeat(1);
  assert.deepEqual(host.prefsSaved, [{ level: 'hard' }, { computer: { unravel: [1] } }]);
  assert.equal(opponent.level(), 'hard');
  assert.deepEqual([...opponent.seats()], [1]);
  assert.equal(host.refreshed, 2);
  // The `?level=` player of a visit comes with the levels, and wins over the settings.
  opponent.setLevels(LEVELS, 'mcts:50');
  assert.equal(opponent.level(), 'mcts:50');
  assert.equal(opponent.levelWords(), 'Player mcts:50');
});

test('the board controller lets go of its selection when asked, without a word or a redraw', () => {
  const host = { said: [], changes: 0 };
  Object.assign(host, {
    session: () => null,
    view: () => null,
    canPlay: () => true,
    play: () => true,
    changed: () => host.changes++,
    say: (message) => host.said.push(message),
  });
  const control = new BoardController(host);
  assert.equal(control.deselect(), false);
  control.onAction({ type: 'cell', cell: 0 }); // no view: nothing is selected
  assert.equal(control.selection, null);
  control.selection = { cell: 3, piece: null };
  assert.equal(control.deselect(), true);
  assert.equal(control.selection, null);
  assert.deepEqual([host.said, host.changes], [[], 0]);
  // clear() is the user's Escape: the message goes too, and the board is redrawn.
  control.selection = { cell: 3, piece: null };
  control.clear();
  assert.deepEqual([control.selection, host.said, host.changes], [null, [''], 1]);
});

test('after a broken link the history saves nothing until the user acts (keepSaving)', (t) => {
  // The browser's address and history, as the part reads them.
  const replaced = [];
  globalThis.location = { hash: '#unravel;moves=zz', pathname: '/', search: '', href: '/#unravel;moves=zz' };
  globalThis.history = { state: null, replaceState: (...a) => replaced.push(a), pushState: () => assert.fail('no new entry') };
  t.after(() => {
    delete globalThis.location;
    delete globalThis.history;
  });
  const view = { game: 'unravel', record: 'unravel', steps: [], cursor: 0, status: { summary: 'Red to move' } };
  const calls = [];
  const saved = {
    current: () => null,
    get: () => null,
    find: () => null,
    latestOf: () => null,
    save: () => calls.push('save'),
    add: (record, summary) => (calls.push(`add ${record} (${summary})`), 'g1'),
  };
  let shown = null;
  const mod = {
    parseRecord: () => ({ game: 'unravel', options: {}, moves: ['zz'], at: null }),
    Session: {
      fromRecord: () => {
        throw new Error('step 1 (zz) cannot be played');
      },
      create: (name) => ({ name }),
    },
    withRandomSetup: (_name, options) => options,
  };
  /** @type {import('../../www/app/history.js').HistoryHost} */
  const host = {
    mod: () => mod,
    games: () => [{ name: 'unravel' }],
    gameInfo: (name) => (name === 'unravel' ? { name, options: [] } : null),
    saved,
    report: () => assert.fail('no storage problem'),
    prefs: () => ({}),
    view: () => shown,
    session: () => (shown ? {} : null),
    setSession: () => {
      shown = view;
    },
    goTo: () => shown,
    moved: () => {},
    seats: () => new Set(),
    hold: () => assert.fail('nothing is held'),
    analysisOn: () => {},
    tasks: { has: () => false, drop: () => {}, flush: () => {} },
    showNotice: (text) => calls.push(`notice ${text.split(':')[0]}`),
    hideNotice: () => {},
    refresh: () => calls.push('refresh'),
    renderSaved: () => {},
    trainer: () => {},
    live: () => {},
    liveShown: () => false,
  };
  const gameHistory = new GameHistory(host);
  assert.equal(gameHistory.openFromLocation({ initial: true }), 'broken');
  assert.deepEqual(calls, ['refresh', 'notice This link does not hold a game Ludus can open']);
  assert.equal(replaced.length, 1, 'the address forgets the broken link');
  gameHistory.save({ adopt: true });
  assert.deepEqual(calls.length, 2, 'the game started instead is not saved over the saved one');
  gameHistory.keepSaving();
  gameHistory.save({ adopt: true });
  assert.deepEqual(calls.slice(2), ['add unravel (Red to move)']);
  assert.equal(gameHistory.entry, 'g1');
});
