// Matching clicks against legal steps (www/input.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyse, interpret, edgeKey, groupTurns, groupRounds, selectionValid, tileCells } from '../../www/input.js';

const place = (cell, text) => ({ text, kind: 'place', cells: [cell] });

test('a placement is one click; an occupied cell is rejected', () => {
  const legal = [place(0, 'a1'), place(1, 'b1')];
  assert.deepEqual(interpret(legal, null, { type: 'cell', cell: 1 }), { play: 'b1' });
  assert.deepEqual(interpret(legal, null, { type: 'cell', cell: 5 }), { reject: 'cell' });
});

test('a swap takes both checkers, in either order', () => {
  const legal = [
    { text: 'c4~d4', kind: 'swap', cells: [10, 11] },
    { text: 'c4~c5', kind: 'swap', cells: [10, 18] },
  ];
  const a = analyse(legal, null);
  assert.deepEqual([...a.sources].sort((x, y) => x - y), [10, 11, 18]);
  const first = interpret(legal, null, { type: 'cell', cell: 11 });
  assert.deepEqual(first, { select: { cell: 11, piece: null } });
  assert.deepEqual(interpret(legal, first.select, { type: 'cell', cell: 10 }), { play: 'c4~d4' });
  const other = interpret(legal, null, { type: 'cell', cell: 10 });
  assert.deepEqual([...analyse(legal, other.select).dests.keys()].sort(), [11, 18]);
  assert.deepEqual(interpret(legal, other.select, { type: 'cell', cell: 18 }), { play: 'c4~c5' });
  // Clicking the selected checker again lets go of it.
  assert.deepEqual(interpret(legal, other.select, { type: 'cell', cell: 10 }), { clear: true });
  // A checker it cannot swap with: refused, the selection kept (the engine says why).
  assert.deepEqual(interpret(legal, first.select, { type: 'cell', cell: 3 }), { reject: 'target' });
  // Another swappable checker changes the selection.
  assert.deepEqual(interpret(legal, { cell: 11, piece: null }, { type: 'cell', cell: 18 }), {
    select: { cell: 18, piece: null },
  });
});

test('Unity: move, ring capture, asterisk directions and walls', () => {
  const legal = [
    { text: 'c3-c6', kind: 'move', cells: [12, 15] },
    { text: 'c3x', kind: 'ring', cells: [12] },
    { text: 'd2-d4', kind: 'move', cells: [20, 22] },
    { text: 'd2xNE', kind: 'asterisk', cells: [20, 28], dir: 'NE' },
    { text: 'd2xW', kind: 'asterisk', cells: [20], dir: 'W' },
    { text: 'c3|c4', kind: 'wall', cells: [12, 13] },
  ];
  const ring = interpret(legal, null, { type: 'cell', cell: 12 }).select;
  assert.deepEqual(ring, { cell: 12, piece: null });
  assert.deepEqual(interpret(legal, ring, { type: 'cell', cell: 15 }), { play: 'c3-c6' });
  // A second click on the ring lets go of it: only the Fire button captures.
  assert.deepEqual(interpret(legal, ring, { type: 'cell', cell: 12 }), { clear: true });
  assert.deepEqual(interpret(legal, ring, { type: 'capture' }), { play: 'c3x' });
  assert.deepEqual(interpret(legal, null, { type: 'capture' }), { reject: 'capture' });
  const star = interpret(legal, null, { type: 'cell', cell: 20 }).select;
  const a = analyse(legal, star);
  assert.deepEqual([...a.dirs.keys()].sort(), ['NE', 'W']);
  assert.equal(a.dirs.get('W').target, -1);
  assert.deepEqual(interpret(legal, star, { type: 'dir', cell: 20, dir: 'NE' }), { play: 'd2xNE' });
  // A direction it may not fire (key 1 to 6): refused, the asterisk stays picked.
  assert.deepEqual(interpret(legal, star, { type: 'dir', cell: 20, dir: 'SE' }), { reject: 'dir' });
  assert.deepEqual(interpret(legal, null, { type: 'key', cell: 12, dir: 'SE' }), { reject: 'key' });
  // Clicking an asterisk's own cell (not an arrow) lets go: it has no ring capture.
  assert.deepEqual(interpret(legal, star, { type: 'cell', cell: 20 }), { clear: true });
  assert.deepEqual(interpret(legal, star, { type: 'capture' }), { reject: 'capture' });
  assert.deepEqual(interpret(legal, null, { type: 'edge', a: 13, b: 12 }), { play: 'c3|c4' });
  assert.deepEqual(interpret(legal, null, { type: 'edge', a: 13, b: 14 }), { reject: 'edge' });
  assert.equal(edgeKey(13, 12), '12|13');
  assert.ok(selectionValid(legal, star));
  assert.ok(!selectionValid(legal, { cell: 3, piece: null }));
});

test("Merlin's Chain: pick a tile (board or tray), then its cell", () => {
  const pieces = [
    { color: 'grey', kind: 'tile', label: '1' },
    { color: 'grey', kind: 'tile', label: '2' },
    { color: 'green', kind: 'tile', label: '4' },
    { color: 'grey', kind: 'tile', label: '6' },
  ];
  const legal = [
    { text: '2@a1', kind: 'flip', cells: [0], piece: 2 },
    { text: '2@b1', kind: 'flip', cells: [1], piece: 2 },
    { text: '6@d1', kind: 'flip', cells: [3], piece: 6 },
  ];
  assert.deepEqual(tileCells(pieces).get(6), 3);
  const a = analyse(legal, null, pieces);
  assert.deepEqual([...a.sources].sort(), [1, 3]);
  // Tile 1 is White's: not a source; the played 4 neither.
  assert.deepEqual(interpret(legal, null, { type: 'cell', cell: 0 }, pieces), { reject: 'cell' });
  const two = interpret(legal, null, { type: 'cell', cell: 1 }, pieces).select;
  assert.deepEqual(two, { cell: 1, piece: 2 });
  assert.deepEqual(interpret(legal, two, { type: 'cell', cell: 0 }, pieces), { play: '2@a1' });
  // A cell the tile cannot go on (the played 4): refused with the tile still picked.
  assert.deepEqual(interpret(legal, two, { type: 'cell', cell: 2 }, pieces), { reject: 'target' });
  // Flipping in place: the selected tile's own cell.
  assert.deepEqual(interpret(legal, two, { type: 'cell', cell: 1 }, pieces), { play: '2@b1' });
  // From the tray.
  const six = interpret(legal, null, { type: 'piece', piece: 6 }, pieces).select;
  assert.deepEqual(six, { cell: 3, piece: 6 });
  assert.deepEqual(interpret(legal, six, { type: 'cell', cell: 3 }, pieces), { play: '6@d1' });
  assert.deepEqual(interpret(legal, six, { type: 'piece', piece: 6 }, pieces), { clear: true });
  assert.deepEqual(interpret(legal, null, { type: 'piece', piece: 1 }, pieces), { reject: 'piece' });
});

test('pass is offered, never made by a click', () => {
  const legal = [place(3, 'b2'), { text: 'pass', kind: 'pass', cells: [] }];
  assert.equal(analyse(legal, null).pass, 'pass');
  assert.deepEqual(interpret(legal, null, { type: 'cell', cell: 0 }), { reject: 'cell' });
});

test('moves group into turns by seat', () => {
  const turns = groupTurns(['c3', 'c3~d3', 'd4', 'e5', 'pass'], [0, 0, 1, 0, 1]);
  assert.deepEqual(
    turns.map((t) => [t.seat, t.steps.map((s) => s.text)]),
    [
      [0, ['c3', 'c3~d3']],
      [1, ['d4']],
      [0, ['e5']],
      [1, ['pass']],
    ],
  );
  assert.equal(turns[2].first, 3);
});

test('turns group into rounds, one row per cycle of seats', () => {
  const seatsOf = (rounds) => rounds.map((r) => r.map((t) => t.seat));
  const turns = groupTurns(['a', 'b', 'c', 'd', 'e'], [0, 1, 0, 1, 0]);
  assert.deepEqual(seatsOf(groupRounds(turns)), [[0, 1], [0, 1], [0]]);
  // Three players.
  assert.deepEqual(seatsOf(groupRounds(groupTurns(['a', 'b', 'c', 'd'], [0, 1, 2, 0]))), [[0, 1, 2], [0]]);
  // Unlur: the second player passes and the first moves again, as White.
  assert.deepEqual(seatsOf(groupRounds(groupTurns(['d4', 'pass', 'c3', 'e5'], [0, 1, 0, 1]))), [[0, 1], [0, 1]]);
  assert.deepEqual(groupRounds([]), []);
});
