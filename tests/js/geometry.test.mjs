// Board geometry: pixel -> cell, cell -> pixel, hex edges and sides, rotation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { squareGeometry, squareName, squareAspect } from '../../www/board/square.js';
import { hexGeometry, hexCells, hexAspect, DIRS } from '../../www/board/hex.js';
import { createGeometry, aspectOf } from '../../www/board/geometry.js';

const close = (a, b, eps = 1e-6) => Math.abs(a - b) <= eps;

test('square names follow the engines: a1 bottom-left, index = rank*width + file', () => {
  assert.equal(squareName(8, 0), 'a1');
  assert.equal(squareName(8, 63), 'h8');
  assert.equal(squareName(8, 3 * 8 + 2), 'c4');
  assert.equal(squareName(5, 7), 'c2');
});

test('square cell centres round-trip through cellAt, on both orientations', () => {
  for (const flipped of [false, true]) {
    const g = squareGeometry(7, 5, 640, 480, { flipped });
    for (let cell = 0; cell < g.count; cell++) {
      const [x, y] = g.center(cell);
      assert.equal(g.cellAt(x, y), cell);
      // Anywhere well inside the cell hits it too.
      assert.equal(g.cellAt(x + g.size * 0.45, y - g.size * 0.45), cell);
      assert.equal(g.cellAt(x - g.size * 0.45, y + g.size * 0.45), cell);
    }
  }
});

test('square a1 is bottom-left, and top-right when flipped', () => {
  const g = squareGeometry(8, 8, 500, 500);
  const [x0, y0] = g.center(0);
  const [x7, y7] = g.center(7); // h1
  const [x56, y56] = g.center(56); // a8
  assert.ok(x0 < x7 && close(y0, y7), 'h1 right of a1');
  assert.ok(y56 < y0 && close(x56, x0), 'a8 above a1');
  const f = squareGeometry(8, 8, 500, 500, { flipped: true });
  const [fx, fy] = f.center(0);
  const [gx, gy] = g.center(63);
  assert.ok(close(fx, gx) && close(fy, gy), 'flipped a1 sits where h8 was');
  // A 180 degree turn maps every point p to (W - x, H - y).
  for (let cell = 0; cell < 64; cell++) {
    const [ax, ay] = g.center(cell);
    const [bx, by] = f.center(cell);
    assert.ok(close(ax + bx, 500) && close(ay + by, 500));
  }
});

test('square cellAt is -1 outside the board and the board is centred in its box', () => {
  const g = squareGeometry(4, 4, 400, 300);
  assert.equal(g.cellAt(1, 1), -1);
  assert.equal(g.cellAt(399, 150), -1);
  assert.equal(g.cellAt(g.bounds.left - 0.5, 150), -1);
  assert.ok(close(g.bounds.left + g.bounds.right, 400));
  assert.ok(close(g.bounds.top + g.bounds.bottom, 300));
  // It fits: the drawing (cells plus labels) stays inside the box.
  assert.ok(g.bounds.bottom - g.bounds.top <= 300);
  assert.ok(squareAspect(8, 8) === 1);
  assert.equal(aspectOf({ kind: 'square', width: 8, height: 8 }), 1);
});

test('square sides swap places on screen when flipped', () => {
  const g = squareGeometry(6, 6, 300, 300);
  const f = squareGeometry(6, 6, 300, 300, { flipped: true });
  const meanY = (pts) => pts.reduce((t, p) => t + p[1], 0) / pts.length;
  assert.ok(meanY(g.sideOutline('top')) < g.bounds.top);
  assert.ok(meanY(f.sideOutline('top')) > f.bounds.bottom);
  assert.equal(g.sideOutline('diagonal'), null);
});

test('square keyboard steps move in screen directions and stop at the edge', () => {
  const g = squareGeometry(5, 5, 300, 300);
  assert.equal(g.step(0, 'up'), 5);
  assert.equal(g.step(0, 'right'), 1);
  assert.equal(g.step(0, 'left'), 0);
  assert.equal(g.step(0, 'down'), 0);
  const f = squareGeometry(5, 5, 300, 300, { flipped: true });
  assert.equal(f.step(6, 'up'), 1);
  assert.equal(f.step(6, 'right'), 5);
});

test('hex cells: counts, row lengths and names as in hex.rs', () => {
  for (let n = 2; n <= 12; n++) {
    const { coords, names } = hexCells(n);
    assert.equal(coords.length, 3 * n * (n - 1) + 1);
    assert.equal(new Set(names).size, coords.length);
  }
  const { names } = hexCells(4);
  assert.equal(names[0], 'a1');
  assert.equal(names[3], 'a4');
  assert.equal(names[4], 'b1');
  assert.equal(names[names.length - 1], 'g4');
  assert.equal(names.filter((x) => x.startsWith('d')).length, 7);
});

test('hex neighbours follow pointy rows (same cases as hex.rs)', () => {
  const g = hexGeometry(4, 600, 600);
  const at = (name) => g.names.indexOf(name);
  const nb = (name, dir) => {
    const c = g.neighbor(at(name), dir);
    return c < 0 ? null : g.names[c];
  };
  assert.equal(nb('a1', 'NW'), 'b1');
  assert.equal(nb('a1', 'NE'), 'b2');
  assert.equal(nb('a1', 'E'), 'a2');
  assert.equal(nb('a1', 'W'), null);
  assert.equal(nb('a1', 'SE'), null);
  assert.equal(nb('d1', 'NE'), 'e1');
  assert.equal(nb('d1', 'NW'), null);
  assert.equal(nb('d1', 'SE'), 'c1');
  assert.equal(nb('e1', 'SW'), 'd1');
  assert.equal(nb('e1', 'SE'), 'd2');
  // Neighbours are symmetric and lie one cell-width away on screen, in their direction.
  for (let c = 0; c < g.count; c++) {
    for (let d = 0; d < 6; d++) {
      const o = g.neighbor(c, d);
      if (o < 0) continue;
      assert.equal(g.neighbor(o, (d + 3) % 6), c);
      const [x1, y1] = g.center(c);
      const [x2, y2] = g.center(o);
      assert.ok(close(Math.hypot(x2 - x1, y2 - y1), 2 * g.apothem, 1e-6));
      const [vx, vy] = g.dirVector(d);
      assert.ok(close((x2 - x1) / (2 * g.apothem), vx, 1e-9) && close((y2 - y1) / (2 * g.apothem), vy, 1e-9));
    }
  }
});

test('hex row a is at the bottom, rows are centred, d4 is the centre of side 4', () => {
  const g = hexGeometry(4, 600, 500);
  const at = (name) => g.names.indexOf(name);
  const [ax, ay] = g.center(at('a1'));
  const [gx, gy] = g.center(at('g1'));
  const [dx, dy] = g.center(at('d4'));
  assert.ok(ay > gy, 'row a is below row g');
  assert.ok(close(dx, 300) && close(dy, 250), 'centre cell in the middle of the box');
  assert.ok(close(ax, gx), 'a1 and g1 are above each other');
  const [a4x] = g.center(at('a4'));
  assert.ok(close((ax + a4x) / 2, 300), 'bottom row centred');
});

test('hex pixel -> cell round-trips, including near corners, and misses outside', () => {
  for (const flipped of [false, true]) {
    const g = hexGeometry(6, 700, 640, { flipped });
    for (let c = 0; c < g.count; c++) {
      const [x, y] = g.center(c);
      assert.equal(g.cellAt(x, y), c);
      // Points just inside each of the six corners still belong to the cell.
      for (const [px, py] of g.polygon(c)) {
        assert.equal(g.cellAt(x + 0.9 * (px - x), y + 0.9 * (py - y)), c);
      }
    }
    assert.equal(g.cellAt(0, 0), -1);
    assert.equal(g.cellAt(700, 640), -1);
  }
});

test('hex flipped board is the 180 degree turn of the unflipped one', () => {
  const g = hexGeometry(5, 800, 700);
  const f = hexGeometry(5, 800, 700, { flipped: true });
  for (let c = 0; c < g.count; c++) {
    const [ax, ay] = g.center(c);
    const [bx, by] = f.center(c);
    assert.ok(close(ax + bx, 800) && close(ay + by, 700));
  }
  const [vx, vy] = f.dirVector('E');
  assert.ok(close(vx, -1) && close(vy, 0, 1e-12), 'east points left when flipped');
  assert.equal(f.step(f.names.indexOf('e5'), 'right'), f.names.indexOf('e4'));
  assert.equal(g.step(g.names.indexOf('e5'), 'right'), g.names.indexOf('e6'));
});

test('hex edges: every edge midpoint hits that edge, centres hit none', () => {
  for (const n of [2, 4, 5]) {
    for (const flipped of [false, true]) {
      const g = hexGeometry(n, 900, 800, { flipped });
      const seen = new Set();
      for (let c = 0; c < g.count; c++) {
        for (let d = 0; d < 6; d++) {
          const o = g.neighbor(c, d);
          if (o < 0 || o < c) continue;
          const [mx, my] = g.edgeMidpoint(c, o);
          // Slightly to either side of the edge and along it still selects it.
          const [vx, vy] = g.dirVector(d);
          for (const t of [-0.15, 0, 0.15]) {
            for (const u of [-0.2, 0.2]) {
              const x = mx + t * g.apothem * vx - u * g.size * vy;
              const y = my + t * g.apothem * vy + u * g.size * vx;
              assert.deepEqual(g.edgeAt(x, y), [c, o], `edge ${g.names[c]}|${g.names[o]}`);
            }
          }
          seen.add(`${c}|${o}`);
        }
        const [x, y] = g.center(c);
        assert.equal(g.edgeAt(x, y), null);
      }
      assert.equal(seen.size, 9 * n * n - 15 * n + 6);
    }
  }
});

test('hex edge segments are shared sides of the two cells', () => {
  const g = hexGeometry(5, 600, 600);
  const at = (name) => g.names.indexOf(name);
  const [p, q] = g.edgeSegment(at('c3'), at('c4'));
  assert.ok(close(Math.hypot(q[0] - p[0], q[1] - p[1]), g.size, 1e-9));
  // Both ends are corners of both cells.
  for (const cell of [at('c3'), at('c4')]) {
    for (const end of [p, q]) {
      assert.ok(g.polygon(cell).some(([x, y]) => close(x, end[0], 1e-6) && close(y, end[1], 1e-6)));
    }
  }
  assert.equal(g.edgeSegment(at('c3'), at('c5')), null);
  // A boundary side is no edge.
  const [x, y] = g.center(at('a1'));
  assert.equal(g.edgeAt(x, y + g.apothem * 0.95), null);
});

test('hex direction sectors pick the side nearest the point', () => {
  const g = hexGeometry(5, 600, 600);
  const c = g.names.indexOf('e5');
  const [x, y] = g.center(c);
  for (const dir of DIRS) {
    const [vx, vy] = g.dirVector(dir);
    assert.equal(g.dirAt(c, x + vx * g.apothem * 0.7, y + vy * g.apothem * 0.7), dir);
  }
  assert.equal(g.dirAt(c, x, y), null, 'the centre is no direction');
  const f = hexGeometry(5, 600, 600, { flipped: true });
  const [fx, fy] = f.center(c);
  assert.equal(f.dirAt(c, fx + g.apothem * 0.7, fy), 'W', 'screen right is west when flipped');
});

test('hex sides: corner cells lie on two, outlines cover each side once', () => {
  const g = hexGeometry(4, 600, 600);
  const at = (name) => g.names.indexOf(name);
  assert.deepEqual(g.sidesOf(at('a1')), ['S', 'SW']);
  assert.deepEqual(g.sidesOf(at('a4')), ['SE', 'S']);
  assert.deepEqual(g.sidesOf(at('d1')), ['SW', 'NW']);
  assert.deepEqual(g.sidesOf(at('d7')), ['NE', 'SE']);
  assert.deepEqual(g.sidesOf(at('g1')), ['N', 'NW']);
  assert.deepEqual(g.sidesOf(at('g4')), ['N', 'NE']);
  assert.deepEqual(g.sidesOf(at('d4')), []);
  let total = 0;
  const ends = [];
  for (const side of ['N', 'NE', 'SE', 'S', 'SW', 'NW']) {
    const pts = g.sideOutline(side);
    for (let i = 1; i < pts.length; i++) {
      total += Math.hypot(pts[i][0] - pts[i - 1][0], pts[i][1] - pts[i - 1][1]);
    }
    ends.push(pts[0], pts[pts.length - 1]);
  }
  // The whole boundary: 6 (2n - 1) cell sides of length s.
  assert.ok(close(total, 6 * 7 * g.size, 1e-6));
  // Consecutive sides meet: each side's end is the next side's start.
  for (let i = 0; i < 6; i++) {
    const end = ends[2 * i + 1];
    const start = ends[(2 * i + 2) % 12];
    assert.ok(close(end[0], start[0], 1e-6) && close(end[1], start[1], 1e-6));
  }
  // The N side is above the centre, S below; flipped, the other way round.
  const meanY = (pts) => pts.reduce((t, p) => t + p[1], 0) / pts.length;
  assert.ok(meanY(g.sideOutline('N')) < 300 && meanY(g.sideOutline('S')) > 300);
  const f = hexGeometry(4, 600, 600, { flipped: true });
  assert.ok(meanY(f.sideOutline('N')) > 300);
});

test('hex layout fits its box and keyboard moves stay on the board', () => {
  const g = createGeometry({ kind: 'hex', side: 6 }, 640, 560);
  assert.ok(g.bounds.left >= 0 && g.bounds.right <= 640 && g.bounds.top >= 0 && g.bounds.bottom <= 560);
  assert.ok(hexAspect(6) > 1);
  let c = 0;
  for (const key of ['up', 'up', 'up', 'right', 'right', 'down', 'left', 'up', 'up', 'up', 'up', 'up', 'up']) {
    c = g.step(c, key);
    assert.ok(c >= 0 && c < g.count);
  }
  assert.equal(g.names[g.step(g.names.indexOf('a1'), 'up')].charAt(0), 'b');
  assert.equal(g.step(g.names.indexOf('k1'), 'up'), g.names.indexOf('k1'), 'top row stays');
});

test('square and hex geometries have the same shape: the same fields, of the same types', () => {
  const shapeOf = (g) => Object.fromEntries(Object.keys(g).sort().map((k) => [k, Array.isArray(g[k]) ? 'array' : typeof g[k]]));
  const square = createGeometry({ kind: 'square', width: 6, height: 5 }, 400, 300);
  const hex = createGeometry({ kind: 'hex', side: 4 }, 400, 300);
  assert.deepEqual(shapeOf(square), shapeOf(hex));
  for (const g of [square, hex]) assert.deepEqual(Object.keys(g.bounds).sort(), ['bottom', 'left', 'right', 'top']);
  // What a square board has no use for answers "none" rather than being absent.
  assert.deepEqual(square.dirs, []);
  assert.equal(square.neighbor(0, 0), -1);
  assert.equal(square.edgeMidpoint(0, 1), null);
  assert.deepEqual(square.dirVector('E'), [0, 0]);
  assert.deepEqual(hex.dirs, DIRS);
  // Both name the board sides a cell lies on, as the views' `sides` name them.
  assert.deepEqual(square.sidesOf(0), ['bottom', 'left']);
  assert.deepEqual(square.sidesOf(29), ['top', 'right']);
  assert.deepEqual(square.sidesOf(7), []);
});

test('no page module asks a geometry which kind of board it is', () => {
  const www = fileURLToPath(new URL('../../www/', import.meta.url));
  const files = readdirSync(www, { recursive: true }).filter((f) => f.endsWith('.js') && !f.startsWith('pkg'));
  assert.ok(files.length > 20);
  for (const file of files) {
    const text = readFileSync(join(www, file), 'utf8');
    assert.doesNotMatch(text, /geom(etry)?\??\.kind\b/, file);
  }
});
