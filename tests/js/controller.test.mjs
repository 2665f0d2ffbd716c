// The shared board controller (www/controller.js) on views the engine really emits
// (tests/js/fixtures/views.json, kept equal to the engine's output by tests/contract.rs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { BoardController, hoverName, boardLabel } from '../../www/controller.js';
import { analyse, indexStats } from '../../www/input.js';

const FIXTURES = JSON.parse(readFileSync(new URL('./fixtures/views.json', import.meta.url), 'utf8'));

/** A controller on fixture `name`, with a host that records what it is asked to do. */
function controllerOn(name, { canPlay = true } = {}) {
  const fixture = FIXTURES[name];
  const host = {
    played: [],
    said: [],
    changes: 0,
    session: () => ({
      explainClick: (a, b) => (b === undefined ? fixture.explain[a] : `edge ${a}|${b}`),
      explainPick: (from, cell) => `pick ${from} then ${cell}`,
      explainKey: (cell, dir, picked) => `key ${dir} at ${cell}${picked ? ', picked' : ''}`,
    }),
    view: () => fixture.view,
    canPlay: () => canPlay,
    play: (text) => {
      host.played.push(text);
      return true;
    },
    changed: () => host.changes++,
    say: (message) => host.said.push(message),
  };
  return { control: new BoardController(host), host, view: fixture.view };
}

const cellOf = (view, name) => {
  const cell = view.cells.indexOf(name);
  assert.notEqual(cell, -1, name);
  return cell;
};

test('a placement plays in one click, with the engine’s preview piece', () => {
  const { control, host, view } = controllerOn('unravel');
  const state = control.boardState();
  assert.deepEqual(state.preview, { color: 'blue', kind: 'checker' });
  assert.equal(state.interactive, true);
  assert.equal(state.legal.length, 15);
  control.onAction({ type: 'cell', cell: cellOf(view, 'c3') });
  assert.deepEqual(host.played, ['c3']);
  // An occupied cell: the engine says why.
  control.onAction({ type: 'cell', cell: cellOf(view, 'b2') });
  assert.deepEqual(host.said, ['b2 is occupied']);
});

test('Unlur: the contract places black stones and the pass takes Black', () => {
  const contract = controllerOn('unlur-contract');
  assert.deepEqual(contract.control.boardState().preview, { color: 'black', kind: 'stone' });
  assert.equal(contract.control.passLabel(), 'Pass and take Black');
  assert.equal(contract.control.pass(), true);
  assert.deepEqual(contract.host.played, ['pass']);
  contract.control.onAction({ type: 'cell', cell: cellOf(contract.view, 'a1') });
  assert.deepEqual(contract.host.said, ['a1 is on the edge: during the contract stones go only on inner cells']);
  const after = controllerOn('unlur-after-pass');
  assert.deepEqual(after.control.boardState().preview, { color: 'white', kind: 'stone' });
  assert.equal(after.control.passStep(), null);
  assert.equal(after.control.pass(), false);
});

test('Unravel: a swap takes two checkers, and the hint says so', () => {
  const { control, host, view } = controllerOn('unravel-swap');
  assert.equal(control.boardState().preview, null, 'nothing is placed while untangling');
  const d3 = cellOf(view, 'd3');
  control.onAction({ type: 'cell', cell: d3 });
  assert.deepEqual(control.selection, { cell: d3, piece: null });
  assert.equal(host.changes, 1);
  assert.equal(control.selectionHint(), 'Now click the checker to swap it with.');
  // A checker it cannot swap with: the engine is asked about the pair, the selection stays.
  const far = view.pieces.findIndex((p, c) => p && c !== d3 && !view.legal.some((s) => s.cells.includes(c)));
  assert.notEqual(far, -1);
  control.onAction({ type: 'cell', cell: far });
  assert.equal(host.said.at(-1), `pick ${d3} then ${far}`, 'explainPick(selected, clicked)');
  assert.deepEqual(control.selection, { cell: d3, piece: null });
  control.onAction({ type: 'cell', cell: cellOf(view, 'd4') });
  assert.deepEqual(host.played, ['d3~d4']);
  assert.equal(control.selection, null);
});

test('Unity: a ring, an asterisk and a slide, each with its own hint', () => {
  const { control, host, view } = controllerOn('unity');
  assert.equal(control.boardState().preview, null);
  const a4 = cellOf(view, 'a4');
  control.onAction({ type: 'cell', cell: a4 });
  assert.equal(control.selectionHint(), 'Press Fire to fire the ring, or pick a space to slide to.');
  assert.equal(control.captureStep(), 'a4x');
  // A second click on the ring lets go of it; the Fire button captures.
  control.onAction({ type: 'cell', cell: a4 });
  assert.deepEqual(host.played, []);
  assert.equal(control.selection, null);
  assert.equal(control.captureStep(), null);
  control.onAction({ type: 'cell', cell: a4 });
  assert.equal(control.fireOffered(), true);
  // A cell the ring cannot slide to: the engine says why, and the ring stays picked.
  const orange = view.pieces.findIndex((p) => p?.color === 'orange');
  control.onAction({ type: 'cell', cell: orange });
  assert.equal(host.said.at(-1), `pick ${a4} then ${orange}`);
  assert.deepEqual(control.selection, { cell: a4, piece: null });
  // Key 1 to 6 with the ring picked fires nothing: the engine says why, the ring stays.
  control.onAction({ type: 'dir', cell: a4, dir: 'E' });
  assert.equal(host.said.at(-1), `key E at ${a4}, picked`);
  assert.deepEqual(control.selection, { cell: a4, piece: null });
  assert.deepEqual(host.played, []);
  control.capture();
  assert.deepEqual(host.played, ['a4x']);
  const a5 = cellOf(view, 'a5');
  control.onAction({ type: 'cell', cell: a5 });
  assert.equal(control.selectionHint(), 'Click an arrow to fire the asterisk that way, or pick a space to slide to.');
  control.onAction({ type: 'dir', cell: a5, dir: 'NW' });
  assert.deepEqual(host.played, ['a4x', 'a5xNW']);
  // Nothing picked: a key for a side of the cursor's cell that takes no wall.
  control.onAction({ type: 'key', cell: a5, dir: 'W' });
  assert.equal(host.said.at(-1), `key W at ${a5}`);
  // The empty space and another colour's piece: the engine's words.
  control.onAction({ type: 'cell', cell: cellOf(view, 'f3') });
  assert.equal(host.said.at(-1), 'Pick one of your pieces first, or click between two cells for a wall.');
  control.onAction({ type: 'cell', cell: orange });
  assert.equal(host.said.at(-1), "That piece is not Purple's. Pick one of your own pieces, or click between two cells for a wall.");
});

test("Merlin's Chain: the tray offers the tiles, the hint names the one picked", () => {
  const { control, host, view } = controllerOn('merlins-chain');
  assert.deepEqual(control.trayPieces(), [8, 12, 16, 48, 64]);
  control.onAction({ type: 'piece', piece: 48 });
  assert.equal(control.selection.piece, 48);
  assert.equal(control.selectionHint(), 'Now click where tile 48 goes.');
  control.onAction({ type: 'cell', cell: cellOf(view, 'c5') });
  assert.deepEqual(host.played, ['48@c5']);
  control.onAction({ type: 'cell', cell: cellOf(view, 'a1') });
  assert.equal(host.said.at(-1), 'Tile 10 is already played. Pick one of your grey tiles, or a number from the tray.');
});

test('nothing to play: while the computer thinks, or once the game is over', () => {
  const thinking = controllerOn('unravel', { canPlay: false });
  assert.deepEqual(thinking.control.boardState(), { legal: [], selection: null, interactive: false, preview: null });
  thinking.control.onAction({ type: 'cell', cell: 0 });
  assert.deepEqual(thinking.host.played, []);
  assert.deepEqual(thinking.host.said, ['']);
  const won = controllerOn('unravel-won');
  assert.equal(won.view.highlightNote, 'The winning connection is highlighted.');
  won.control.onAction({ type: 'cell', cell: 8 });
  assert.deepEqual(won.host.said, ['The game is over.']);
});

test('Escape and a click outside let go of the selection and the message', () => {
  const { control, host, view } = controllerOn('unravel-swap');
  control.onAction({ type: 'cell', cell: cellOf(view, 'c3') });
  control.onAction({ type: 'outside' });
  assert.equal(control.selection, null);
  assert.deepEqual(host.said, ['', '']);
  assert.equal(host.changes, 2);
});

test('hover names and the board label', () => {
  const { view } = FIXTURES.unity;
  assert.equal(hoverName(view, { cell: 3 }), 'a4');
  assert.equal(hoverName(view, { cell: 3, edge: [3, 4] }), 'a4|a5');
  assert.equal(hoverName(view, { cell: -1 }), '');
  assert.equal(hoverName(null, { cell: 3 }), '');
  assert.equal(boardLabel(view), "Unity, Unified Edition, hexagonal board, side 5");
  assert.equal(boardLabel(FIXTURES.unravel.view), 'Unravel, 4 by 4 board');
});

/**
 * What one refresh of the page asks the controller, and hands the board (its step index):
 * the step index is built once per position and selection, not once per question.
 */
function refreshOnce(control) {
  const drawn = control.boardState();
  const index = control.index();
  control.selectionHint();
  control.trayPieces();
  control.captureStep();
  control.passStep();
  return { drawn, index };
}

test('the step index is built once per position and selection, and shared', () => {
  for (const name of ['merlins-chain', 'unity', 'unravel-swap']) {
    const { control, view } = controllerOn(name);
    const before = indexStats.builds;
    refreshOnce(control);
    refreshOnce(control);
    assert.equal(indexStats.builds - before, 1, `${name}: one index for the position`);
    // A selection is another index, built once too; the questions answer as a fresh one would.
    const source = [...control.index().sources][0];
    control.onAction(view.game === 'merlins-chain' ? { type: 'piece', piece: 48 } : { type: 'cell', cell: source });
    assert.ok(control.selection, name);
    const selected = indexStats.builds;
    const { index } = refreshOnce(control);
    refreshOnce(control);
    assert.equal(indexStats.builds - selected, 1, `${name}: one index for the selection`);
    const fresh = analyse(view.legal, control.selection, view.pieces);
    assert.deepEqual(index, fresh, name);
  }
});
