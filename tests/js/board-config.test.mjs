// One board set-up: what a Board is told to show is one typed object (www/board/config.js),
// Board.update takes its fields and refuses any other name, and the page, the widget and
// Learn build it the same way (boardConfig) from their controller.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { documentedNames } from './support/typedefs.mjs';
import { readFileSync } from 'node:fs';
import { BOARD_CONFIG_FIELDS, boardConfig, unknownBoardFields } from '../../www/board/config.js';
import { BoardController } from '../../www/controller.js';

const FIXTURES = JSON.parse(readFileSync(new URL('./fixtures/views.json', import.meta.url), 'utf8'));
const source = (path) => readFileSync(new URL(`../../www/${path}`, import.meta.url), 'utf8');

/** Just enough of a page for a Board: a canvas that records nothing, a box of 400 x 400. */
function fakePage() {
  const rect = () => ({ left: 0, top: 0, width: 400, height: 400 });
  const ctx = new Proxy({}, { get: (t, key) => (key in t ? t[key] : () => ({ addColorStop() {} })), set: (t, k, v) => ((t[k] = v), true) });
  const element = () => ({
    style: { setProperty() {} },
    setAttribute() {},
    addEventListener() {},
    appendChild() {},
    getBoundingClientRect: rect,
    getContext: () => ctx,
  });
  globalThis.document = { createElement: element };
  globalThis.window = { devicePixelRatio: 1 };
  globalThis.matchMedia = () => ({ addEventListener() {} });
  globalThis.ResizeObserver = class {
    observe() {}
  };
  globalThis.requestAnimationFrame = () => 1;
  globalThis.getComputedStyle = () => ({ getPropertyValue: () => '' });
  return element();
}

async function newBoard() {
  const container = fakePage();
  const { Board } = await import('../../www/board/board.js');
  return new Board(container, {});
}

/** A controller on a fixture's view, as the page's, the widget's and Learn's are made. */
function controllerOn(name, { canPlay = true } = {}) {
  const view = FIXTURES[name].view;
  const host = { session: () => null, view: () => view, canPlay: () => canPlay, play: () => true, changed() {}, say() {} };
  return { control: new BoardController(host), view };
}

test('the list of board fields is the BoardConfig typedef, field for field', () => {
  const documented = documentedNames('board/config.js', 'BoardConfig') ?? [];
  assert.ok(documented.length >= 10, documented.join());
  assert.deepEqual([...BOARD_CONFIG_FIELDS].sort(), documented.sort());
});

test('Board.update merges the fields it is given and keeps the others', async () => {
  const board = await newBoard();
  const { control, view } = controllerOn('unravel');
  const config = boardConfig(control, { view, flipped: true, coords: true, drawings: { arrows: [[0, 1]], circles: [2] } });
  board.update({ ...config, hints: false, drawMode: true, advice: [] });
  for (const [key, value] of Object.entries(config)) assert.equal(board[key], value, key);
  assert.equal(board.hints, false);
  assert.equal(board.drawMode, true);
  assert.deepEqual(board.advice, []);
  board.update({ coords: false });
  assert.equal(board.coords, false);
  assert.equal(board.flipped, true, 'a field left out keeps its value');
  assert.equal(board.view, view);
});

test('Board.update refuses a name that is no board field, and changes nothing', async () => {
  const board = await newBoard();
  const { view } = controllerOn('unravel');
  board.update({ view, flipped: false });
  const other = controllerOn('unlur-contract').view;
  assert.throws(() => board.update({ view: other, flip: true }), (error) => error instanceof TypeError && /"flip" is no board setting/.test(error.message));
  assert.equal(board.view, view, 'the known field beside it is not taken either');
  assert.equal(board.flip, undefined);
  for (const name of ['geom', 'handlers', 'canvas', 'focus', 'theme', '__proto__x']) assert.throws(() => board.update({ [name]: null }), TypeError, name);
  assert.deepEqual(unknownBoardFields({ view: null, legal: [], colour: 'red' }), ['colour']);
});

test('boardConfig: the controller\'s steps, selection and step index with the view and how it is drawn', () => {
  const { control, view } = controllerOn('unravel-swap');
  const drawings = { arrows: [], circles: [3] };
  const config = boardConfig(control, { view, flipped: true, coords: true, drawings });
  assert.deepEqual(Object.keys(config).sort(), [...BOARD_CONFIG_FIELDS].filter((k) => !['hints', 'drawMode', 'advice'].includes(k)).sort());
  assert.equal(config.view, view);
  assert.equal(config.flipped, true);
  assert.equal(config.coords, true);
  assert.equal(config.drawings, drawings);
  assert.equal(config.legal, view.legal);
  assert.equal(config.selection, null);
  assert.equal(config.interactive, true);
  assert.equal(config.preview, view.preview ?? null);
  assert.equal(config.index, control.index(), 'the controller\'s own step index, built once');
  // A selection the controller holds is what the board shows; defaults: upright, no names, no drawings.
  const source = [...control.index().sources.keys()][0];
  control.onAction({ type: 'cell', cell: source });
  assert.ok(control.selection);
  const selected = boardConfig(control, { view });
  assert.equal(selected.selection, control.selection);
  assert.equal(selected.index, control.index());
  assert.deepEqual([selected.flipped, selected.coords, selected.drawings], [false, false, null]);
  // Nobody to play (the computer's turn, a view-only widget): nothing to click.
  const watched = controllerOn('unravel', { canPlay: false });
  const shown = boardConfig(watched.control, { view: watched.view });
  assert.deepEqual([shown.legal.length, shown.interactive, shown.preview], [0, false, null]);
});

test('the page, the widget and Learn tell their board what to show through boardConfig alone', () => {
  for (const path of ['app.js', 'embed/ludus-board.js', 'learn/trainer.js']) {
    const text = source(path);
    assert.equal(text.match(/boardConfig\(this\.control, \{/g)?.length, 1, `${path} builds its board's config once`);
    assert.doesNotMatch(text, /\.boardState\(\)|control\.index\(\)/, `${path} does not pick the controller's state apart`);
    assert.doesNotMatch(text, /board\??\.update\(\{[^}]*view: v\b/, `${path} does not list the fields itself`);
  }
});
