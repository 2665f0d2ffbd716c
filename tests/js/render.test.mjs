// The renderer draws every kind of view without errors (on a recording stand-in for a
// canvas context), and puts pieces, walls and hints where the geometry says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { drawBoard, drawPiece, shade, DEFAULT_THEME } from '../../www/board/render.js';
import { createGeometry } from '../../www/board/geometry.js';
import { analyse } from '../../www/input.js';

/** A 2D context that records calls: arcs (centre), moveTo/lineTo points and fillText. */
function recorder() {
  const calls = [];
  const gradient = { addColorStop() {} };
  const target = {
    calls,
    createRadialGradient: () => gradient,
    createLinearGradient: () => gradient,
  };
  return new Proxy(target, {
    get(t, key) {
      if (key in t) return t[key];
      return (...args) => calls.push([key, ...args]);
    },
    set(t, key, value) {
      t[key] = value;
      return true;
    },
  });
}

const baseView = (shape, count) => ({
  shape,
  cells: Array.from({ length: count }, (_, i) => `c${i}`),
  pieces: Array(count).fill(null),
  walls: [],
  sides: [],
  players: [],
  lastTurn: [],
  highlight: [],
  marked: [],
});

test('square views with checkers, stones, tiles, marks and highlights draw', () => {
  const shape = { kind: 'square', width: 4, height: 4 };
  const geom = createGeometry(shape, 400, 400);
  const view = baseView(shape, 16);
  view.pieces[0] = { color: 'red', kind: 'checker' };
  view.pieces[5] = { color: 'blue', kind: 'stone' };
  view.pieces[6] = { color: 'grey', kind: 'tile', label: '17' };
  view.pieces[7] = { color: 'green', kind: 'tile', label: '18' };
  view.sides = [
    { side: 'top', color: 'red' },
    { side: 'left', color: 'blue' },
    { side: 'left', color: 'white' },
  ];
  view.marked = [0, 1, 4, 5];
  view.highlight = [0, 5];
  view.lastTurn = [5];
  const legal = [{ text: 'c0~c1', kind: 'swap', cells: [0, 1] }];
  const ctx = recorder();
  drawBoard(ctx, geom, view, { analysis: analyse(legal, { cell: 0, piece: null }), selection: { cell: 0, piece: null }, showSources: true }, DEFAULT_THEME);
  const texts = ctx.calls.filter((c) => c[0] === 'fillText').map((c) => c[1]);
  assert.ok(texts.includes('17') && texts.includes('18'), 'tile numbers drawn');
  assert.ok(texts.includes('a') && texts.includes('4'), 'coordinates drawn');
  // The red checker is drawn at a1's centre.
  const [x, y] = geom.center(0);
  assert.ok(ctx.calls.some((c) => c[0] === 'arc' && Math.abs(c[1] - x) < 1e-6 && Math.abs(c[2] - y) < 1e-6));
});

test('hex views with rings, asterisks, walls and asterisk arrows draw', () => {
  const shape = { kind: 'hex', side: 3 };
  const geom = createGeometry(shape, 500, 450, { flipped: true });
  const view = baseView(shape, 19);
  view.pieces[9] = { color: 'purple', kind: 'asterisk' };
  view.pieces[10] = { color: 'orange', kind: 'ring' };
  view.pieces[4] = { color: 'green', kind: 'ring' };
  view.walls = [[9, 10]];
  view.sides = [{ side: 'N', color: 'white' }, { side: 'N', color: 'black' }];
  const legal = [
    { text: 'x', kind: 'asterisk', cells: [9, 10], dir: 'E' },
    { text: 'y', kind: 'asterisk', cells: [9], dir: 'NE' },
    { text: 'm', kind: 'move', cells: [9, 3] },
    { text: 'w', kind: 'wall', cells: [3, 4] },
  ];
  const ctx = recorder();
  drawBoard(
    ctx,
    geom,
    view,
    {
      analysis: analyse(legal, { cell: 9, piece: null }),
      selection: { cell: 9, piece: null },
      hover: { cell: 9, dir: 'E' },
      focus: 2,
      showFocus: true,
      coords: true,
    },
    DEFAULT_THEME,
  );
  // The wall is a line between the two corners of the shared side.
  const [[x1, y1], [x2, y2]] = geom.edgeSegment(9, 10);
  const near = (c, x, y) => Math.hypot(c[1] - x, c[2] - y) < geom.size * 0.1;
  assert.ok(ctx.calls.some((c) => c[0] === 'moveTo' && near(c, x1, y1)));
  assert.ok(ctx.calls.some((c) => c[0] === 'lineTo' && near(c, x2, y2)));
  const texts = ctx.calls.filter((c) => c[0] === 'fillText').map((c) => c[1]);
  assert.ok(texts.includes(geom.name(0)), 'cell names on empty cells');
  assert.ok(!texts.includes(geom.name(9)), 'no name under a piece');
});

test('ghost pieces and colour shading', () => {
  const ctx = recorder();
  drawPiece(ctx, { color: 'white', kind: 'stone' }, 10, 10, 8, DEFAULT_THEME, { ghost: true });
  assert.equal(ctx.globalAlpha, 0.45);
  assert.equal(shade('#000000', 1), 'rgb(255, 255, 255)');
  assert.equal(shade('#ffffff', -0.5), 'rgb(128, 128, 128)');
  assert.equal(shade('red', 0.5), 'red');
});

test('every view the engine emits draws, each piece at its cell', async () => {
  const { readFileSync } = await import('node:fs');
  const fixtures = JSON.parse(readFileSync(new URL('./fixtures/views.json', import.meta.url), 'utf8'));
  for (const [name, { view }] of Object.entries(fixtures)) {
    const geom = createGeometry(view.shape, 500, 500);
    const ctx = recorder();
    drawBoard(ctx, geom, view, { analysis: analyse(view.legal, null, view.pieces), showSources: true }, DEFAULT_THEME);
    // Merlin's Chain draws every tile's number.
    const texts = ctx.calls.filter((c) => c[0] === 'fillText').map((c) => c[1]);
    for (const piece of view.pieces) if (piece?.label != null) assert.ok(texts.includes(piece.label), `${name}: tile ${piece.label}`);
    // Every checker, stone and ring is drawn around its cell's centre.
    view.pieces.forEach((piece, cell) => {
      if (!piece || !['checker', 'stone', 'ring'].includes(piece.kind)) return;
      const [x, y] = geom.center(cell);
      assert.ok(
        ctx.calls.some((c) => c[0] === 'arc' && Math.abs(c[1] - x) < 1e-6 && Math.abs(c[2] - y) < 1e-6),
        `${name}: the ${piece.kind} on ${view.cells[cell]}`,
      );
    });
  }
});

test("a Merlin's Chain tile flipped where it lies: its target dot leaves the number readable", () => {
  const shape = { kind: 'square', width: 4, height: 4 };
  const geom = createGeometry(shape, 400, 400);
  const view = baseView(shape, 16);
  view.pieces[6] = { color: 'grey', kind: 'tile', label: '17' };
  // 17 may be flipped where it lies (c2) or on the empty a1.
  const legal = [
    { text: '17@c2', kind: 'flip', cells: [6], piece: 17 },
    { text: '17@a1', kind: 'flip', cells: [0], piece: 17 },
  ];
  const selection = { cell: 6, piece: 17 };
  const ctx = recorder();
  drawBoard(ctx, geom, view, { analysis: analyse(legal, selection, view.pieces), selection }, DEFAULT_THEME);
  const r = geom.pieceRadius;
  const [x, y] = geom.center(6);
  const numberAt = ctx.calls.findIndex((c) => c[0] === 'fillText' && c[1] === '17');
  assert.ok(numberAt >= 0, 'the number is drawn');
  // The dots drawn after the number (a dot: a small full circle): none on the number's middle.
  const dots = ctx.calls.slice(numberAt).filter((c) => c[0] === 'arc' && c[3] < r * 0.3);
  assert.ok(dots.length >= 2, 'a dot on each target');
  const onNumber = dots.filter((c) => Math.abs(c[1] - x) < r * 0.4 + c[3] && Math.abs(c[2] - y) < r * 0.34 + c[3]);
  assert.deepEqual(onNumber, [], 'no target dot over the tile number');
  // The empty cell's dot stays in its middle.
  const [ax, ay] = geom.center(0);
  assert.ok(dots.some((c) => Math.abs(c[1] - ax) < 1e-6 && Math.abs(c[2] - ay) < 1e-6));
});
