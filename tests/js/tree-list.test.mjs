// The move list's layout of a game tree and moving through it (www/app/tree-list.js).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { treeOf, layoutMoves, treeStep, roundsOf, lineThrough, annotated } from '../../www/app/tree-list.js';

/** A view holding a tree: `spec` lists [id, parent, step, mover, extra?]; the root is id 0. */
function viewOf(spec, shown = 0) {
  const nodes = [{ id: 0, parent: null, step: '', mover: null, ply: 0, children: [], glyph: '', comment: '', arrows: [], circles: [] }];
  for (const [id, parent, step, mover, extra = {}] of spec) nodes.push({ id, parent, step, mover, children: [], ...extra });
  for (const n of nodes) if (n.parent != null) nodes.find((p) => p.id === n.parent).children.push(n.id);
  return { tree: nodes, node: shown, steps: [], cursor: 0 };
}

// Main line a1 b1 a2 b2 (two seats). At step 2 (b1) two other lines: c1 (then a3) and d1;
// inside c1's line, a3 has an alternative a4.
const GAME = viewOf([
  [1, 0, 'a1', 0],
  [2, 1, 'b1', 1, { glyph: '!' }],
  [3, 2, 'a2', 0, { comment: 'The <b>key</b> step' }],
  [4, 3, 'b2', 1],
  [5, 1, 'c1', 1],
  [6, 5, 'a3', 0],
  [7, 1, 'd1', 1],
  [8, 5, 'a4', 0],
]);

test('a view without a tree is one line, its cursor the shown node', () => {
  const t = treeOf({ steps: ['a1', 'b1', 'a2'], movers: [0, 1, 0], cursor: 2 });
  assert.equal(t.shown, 2);
  assert.deepEqual(lineThrough(t, t.root), [1, 2, 3]);
  assert.equal(t.nodes.get(3).step, 'a2');
  assert.equal(t.nodes.get(3).mover, 0);
  assert.equal(annotated(t), false);
  const rows = layoutMoves(t);
  assert.deepEqual(rows.map((r) => [r.kind, r.number, r.turns.map((x) => x.nodes)]), [
    ['round', 1, [[1], [2]]],
    ['round', 2, [[3]]],
  ]);
});

test('the main line in rounds, other lines indented after the round they branch in, notes under their round', () => {
  const t = treeOf(GAME);
  assert.equal(annotated(t), true);
  const rows = layoutMoves(t).map((r) =>
    r.kind === 'round'
      ? `round ${r.number}: ${r.turns.map((x) => x.nodes.join('+')).join(' ')} [${r.index}]`
      : r.kind === 'line'
        ? `line@${r.depth}: ${r.items.map((i) => (i.number != null ? `${i.number}${i.continued ? '…' : '.'}${i.node}` : i.node)).join(' ')}`
        : `note@${r.depth}: ${r.node}`,
  );
  assert.deepEqual(rows, [
    'round 1: 1 2 [0,1]',
    'line@1: 1…5 2.6',
    'line@2: 2.8',
    'line@1: 1…7',
    'round 2: 3 4 [2,3]',
    'note@0: 3',
  ]);
});

test('rounds follow the seats as groupRounds does (a seat moving twice in a row is one turn)', () => {
  const t = treeOf(viewOf([
    [1, 0, 'x', 0],
    [2, 1, 'y', 1],
    [3, 2, 'z', 1],
    [4, 3, 'w', 0],
    [5, 4, 'v', 2],
  ]));
  const r = roundsOf(t);
  assert.deepEqual([1, 2, 3, 4, 5].map((id) => r.get(id)), [1, 1, 1, 2, 2]);
  const rows = layoutMoves(t);
  assert.deepEqual(rows[0].turns, [{ seat: 0, nodes: [1] }, { seat: 1, nodes: [2, 3] }]);
});

test('left and right go along a line, up and down between the lines of the nearest branching', () => {
  const t = treeOf(GAME);
  assert.equal(treeStep(t, 3, 'left'), 2);
  assert.equal(treeStep(t, 2, 'right'), 3);
  assert.equal(treeStep(t, 4, 'right'), null);
  assert.equal(treeStep(t, 0, 'left'), null);
  // From the main line's b1 (or any step after it) down to c1, then d1; no wrap.
  assert.equal(treeStep(t, 2, 'down'), 5);
  assert.equal(treeStep(t, 4, 'down'), 5);
  assert.equal(treeStep(t, 5, 'down'), 7);
  assert.equal(treeStep(t, 7, 'down'), null);
  assert.equal(treeStep(t, 7, 'up'), 5);
  assert.equal(treeStep(t, 5, 'up'), 2);
  assert.equal(treeStep(t, 2, 'up'), null);
  // Inside c1's line the nearest branching is a3 / a4.
  assert.equal(treeStep(t, 6, 'down'), 8);
  assert.equal(treeStep(t, 8, 'up'), 6);
  assert.equal(treeStep(t, 1, 'down'), null, 'no branching above the first step');
  assert.equal(treeStep(t, 5, 'last'), 6);
  assert.equal(treeStep(t, 6, 'first'), 0);
});

test('a damaged tree (a shown id it does not hold, a child it does not hold) still lays out', () => {
  const v = viewOf([[1, 0, 'a1', 0]], 99);
  v.tree[1].children.push(42);
  const t = treeOf(v);
  assert.equal(t.shown, 0);
  assert.doesNotThrow(() => layoutMoves(t));
});

/**
 * A view of a line tried `levels` deep: the main line's one step m, and instead of it line 1;
 * line k is two steps, its second having line k+1 as its alternative (ids: m = 1, line k's
 * steps 2k and 2k+1).
 */
function nestedView(levels) {
  const node = (id, parent, step, mover, children) => ({ id, parent, step, mover, ply: 0, children, glyph: '', comment: '', arrows: [], circles: [] });
  const nodes = [node(0, null, '', null, [1, 2]), node(1, 0, 'm', 0, [])];
  for (let k = 1; k <= levels; k++) {
    const deeper = k < levels ? [2 * k + 2] : [];
    nodes.push(node(2 * k, k === 1 ? 0 : 2 * k - 2, `s${k}`, k % 2, [2 * k + 1, ...deeper]));
    nodes.push(node(2 * k + 1, 2 * k, `t${k}`, (k + 1) % 2, []));
  }
  return { tree: nodes, node: 2 * levels + 1, steps: [], cursor: 0 };
}

test('a line tried 10,000 levels deep lays out (no recursion), each level indented one further', () => {
  const levels = 10_000;
  const t = treeOf(nestedView(levels));
  assert.equal(lineThrough(t, t.shown).length, levels + 1);
  const rows = layoutMoves(t);
  assert.equal(rows.length, 1 + levels);
  assert.deepEqual(rows[0].turns.map((x) => x.nodes), [[1]]);
  rows.slice(1).forEach((row, k) => {
    assert.equal(row.kind, 'line');
    assert.equal(row.depth, k + 1);
    assert.deepEqual(row.items.map((i) => i.node), [2 * k + 2, 2 * k + 3]);
  });
});
