// The arrows and circled cells a writer draws on the board (www/board/drawings.js): where
// they go on square and hex boards, flipped too, and what a gesture means.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createGeometry } from '../../www/board/geometry.js';
import { arrowShape, circleShape, gesture, drawDrawings } from '../../www/board/drawings.js';

const SHAPES = [
  { kind: 'square', width: 6, height: 6 },
  { kind: 'hex', side: 5 },
];

const dist = (p, q) => Math.hypot(p[0] - q[0], p[1] - q[1]);

test('an arrow runs from near its first cell to a tip short of its second, on the line between them', () => {
  for (const shape of SHAPES) {
    for (const flipped of [false, true]) {
      const g = createGeometry(shape, 600, 600, { flipped });
      const [from, to] = [0, g.count - 1];
      const a = arrowShape(g, from, to);
      const c1 = g.center(from);
      const c2 = g.center(to);
      const total = dist(c1, c2);
      const [tip, left, right] = a.head;
      // The tip lies on the segment, short of the target's centre but within its piece.
      assert.ok(dist(tip, c2) > 0 && dist(tip, c2) < g.pieceRadius, `${shape.kind} tip near the target`);
      assert.ok(Math.abs(dist(c1, tip) + dist(tip, c2) - total) < 1e-6, 'the tip is on the line');
      // The shaft starts off the first centre, goes toward the target, and ends where the head begins.
      assert.ok(dist(a.shaft[0], c1) > 0 && dist(a.shaft[0], c1) < g.pieceRadius);
      assert.ok(Math.abs(dist(c1, a.shaft[1]) + dist(a.shaft[1], c2) - total) < 1e-6);
      assert.ok(dist(a.shaft[1], c2) > dist(tip, c2), 'the head is between the shaft and the tip');
      // The head is symmetric about the line, wider than the shaft.
      assert.ok(Math.abs(dist(left, tip) - dist(right, tip)) < 1e-6);
      assert.ok(dist(left, right) > a.width);
    }
  }
});

test('no arrow to its own cell or to a cell the board does not have; a circle only on a cell it has', () => {
  const g = createGeometry(SHAPES[0], 400, 400);
  assert.equal(arrowShape(g, 3, 3), null);
  assert.equal(arrowShape(g, -1, 3), null);
  assert.equal(arrowShape(g, 3, g.count), null);
  assert.equal(arrowShape(g, 1.5, 3), null);
  assert.equal(circleShape(g, g.count), null);
  const c = circleShape(g, 7);
  assert.deepEqual(c.center, g.center(7));
  assert.ok(c.radius > 0 && c.radius < g.pieceRadius * 1.1);
});

test('a gesture on one cell circles it, across two cells draws an arrow, off the board nothing', () => {
  assert.deepEqual(gesture(4, 4), { circle: 4 });
  assert.deepEqual(gesture(4, 9), { arrow: [4, 9] });
  assert.equal(gesture(4, -1), null);
  assert.equal(gesture(-1, 4), null);
  assert.equal(gesture(undefined, 4), null);
});

test('drawing skips what is not on the board and draws the rest', () => {
  const g = createGeometry(SHAPES[1], 500, 500);
  const calls = [];
  const ctx = new Proxy({}, {
    get: (t, k) => (k in t ? t[k] : (...args) => calls.push([k, ...args])),
    set: (t, k, v) => ((t[k] = v), true),
  });
  drawDrawings(ctx, g, { arrows: [[0, 5], [0, 999], [2, 2]], circles: [3, -4], pending: -1 }, { drawing: 'green' });
  assert.equal(calls.filter(([k]) => k === 'arc').length, 1, 'one circle');
  assert.equal(calls.filter(([k]) => k === 'fill').length, 1, 'one arrow head');
  assert.equal(ctx.fillStyle, 'green');
});
