// The game tree as the move list shows it, and moving through it: the main line in rounds (as
// the list always showed a game), each other line tried indented under the round its first
// step is an alternative in, a line's own alternatives indented further; each step's glyph
// beside it and its comment under its round. The page (app/panels.js) and the widget
// (embed/ludus-board.js) both draw it. Pure data here (no DOM): node tests import this file.

/** The glyphs a step may carry, in the order the buttons offer them. */
export const GLYPHS = ['!', '?', '!!', '??', '!?', '?!'];

/** What each glyph says, for a screen reader and a tooltip. */
export const GLYPH_WORDS = {
  '!': 'good step',
  '?': 'mistake',
  '!!': 'brilliant step',
  '??': 'blunder',
  '!?': 'interesting step',
  '?!': 'dubious step',
};

/** The trees built, by the view's `tree` array (or `steps`, for one line): the views of a
 * session share those arrays while its revision holds (engine.js sessionView), so the tree
 * of a long game is built once, not at every step through it. */
const built = new WeakMap();

/**
 * The tree of a view (its `tree`, NodeView[], and `node`, the id shown), as {nodes: Map(id ->
 * node), root, shown}: node = {id, parent, step, mover, children: [ids], glyph, comment,
 * arrows: [[from, to]], circles: [cells]}; the root is the start (no step). A view without a
 * tree is one line. The nodes are shared by every view of the same revision: read them only.
 */
export function treeOf(view) {
  const list = view?.tree;
  const isTree = Array.isArray(list) && list.length > 0;
  const key = isTree ? list : Array.isArray(view?.steps) ? view.steps : null;
  let tree = key ? built.get(key) : null;
  if (!tree) {
    tree = isTree ? buildTree(list) : buildLine(view);
    if (key) built.set(key, tree);
  }
  const shown = isTree ? (tree.nodes.has(view.node) ? view.node : tree.root) : Math.min(view?.cursor ?? 0, tree.nodes.size - 1);
  return { nodes: tree.nodes, root: tree.root, shown };
}

function buildTree(list) {
  const nodes = new Map();
  for (const n of list) {
    nodes.set(n.id, {
      id: n.id,
      parent: n.parent ?? null,
      step: n.step || null,
      mover: n.mover ?? null,
      children: n.children ?? [],
      glyph: n.glyph ?? '',
      comment: n.comment ?? '',
      arrows: n.arrows ?? [],
      circles: n.circles ?? [],
    });
  }
  // Only children the tree holds (the list walks them).
  for (const n of nodes.values()) n.children = n.children.filter((c) => nodes.has(c) && c !== n.id);
  const root = list.find((n) => n.parent == null)?.id ?? list[0].id;
  return { nodes, root };
}

// One line: node i+1 is step i.
function buildLine(view) {
  const steps = view?.steps ?? [];
  const nodes = new Map();
  for (let i = 0; i <= steps.length; i++) {
    nodes.set(i, {
      id: i,
      parent: i ? i - 1 : null,
      step: i ? steps[i - 1] : null,
      mover: i ? (view.movers?.[i - 1] ?? null) : null,
      children: i < steps.length ? [i + 1] : [],
      glyph: '',
      comment: '',
      arrows: [],
      circles: [],
    });
  }
  return { nodes, root: 0 };
}

/** Whether a tree holds more than one line (worked out once per tree). */
export function hasLines(tree) {
  const known = lineCounts.get(tree.nodes);
  if (known != null) return known;
  let lines = false;
  for (const n of tree.nodes.values()) if (n.children.length > 1) lines = true;
  lineCounts.set(tree.nodes, lines);
  return lines;
}
const lineCounts = new WeakMap();

/** The nodes from the root (excluded) to `id` (included). */
export function pathTo(tree, id) {
  const out = [];
  for (let n = tree.nodes.get(id); n && n.parent != null; n = tree.nodes.get(n.parent)) out.push(n.id);
  return out.reverse();
}

/** The line through `id`: its path, then on along each node's first child. */
export function lineThrough(tree, id) {
  const line = pathTo(tree, id);
  for (let n = tree.nodes.get(id); n?.children.length; n = tree.nodes.get(n.children[0])) line.push(n.children[0]);
  return line;
}

/**
 * Where a key moves from the shown node: 'left' to its parent, 'right' to its first child,
 * 'up' and 'down' to the line before or after the one it is in (the nearest branching above
 * it), 'first' to the start, 'last' to the end of its line. null when there is nowhere to go.
 */
export function treeStep(tree, from, key) {
  const node = tree.nodes.get(from);
  if (!node) return null;
  let to = null;
  if (key === 'left') to = node.parent;
  else if (key === 'right') to = node.children[0] ?? null;
  else if (key === 'first') to = tree.root;
  else if (key === 'last') {
    const line = lineThrough(tree, from);
    to = line.length ? line[line.length - 1] : tree.root;
  } else if (key === 'up' || key === 'down') {
    // The nearest node at or above this one that is one of several lines.
    for (let n = node; n && n.parent != null; n = tree.nodes.get(n.parent)) {
      const siblings = tree.nodes.get(n.parent).children;
      if (siblings.length < 2) continue;
      const i = siblings.indexOf(n.id) + (key === 'down' ? 1 : -1);
      if (i >= 0 && i < siblings.length) to = siblings[i];
      break;
    }
  }
  return to == null || to === from ? null : to;
}

/**
 * The round each node's step is in, as the move list numbers it: a round ends when the next
 * turn's seat does not come later in seat order (input.js groupRounds), a turn being the
 * steps one seat makes in a row.
 */
export function roundsOf(tree) {
  let round = roundsByTree.get(tree);
  if (!round) roundsByTree.set(tree, (round = computeRounds(tree)));
  return round;
}

/** Rounds worked out once a tree: a tree object is made anew only when the game changes. */
const roundsByTree = new WeakMap();

function computeRounds(tree) {
  const round = new Map([[tree.root, 0]]);
  const stack = [tree.root];
  while (stack.length) {
    const id = stack.pop();
    const n = tree.nodes.get(id);
    for (const c of n.children) {
      const child = tree.nodes.get(c);
      if (!child) continue;
      let r;
      if (id === tree.root) r = 1;
      else if (child.mover != null && child.mover === n.mover) r = round.get(id);
      else if (child.mover != null && n.mover != null && child.mover > n.mover) r = round.get(id);
      else r = round.get(id) + 1;
      round.set(c, r);
      stack.push(c);
    }
  }
  return round;
}

/**
 * The move list's layout: rows, in order.
 *   {kind: 'note', node, depth}: a comment (the start's first);
 *   {kind: 'round', number, turns: [{seat, nodes: [ids]}], index: [main line index of each]}:
 *     a round of the main line (index counts the steps from the start);
 *   {kind: 'line', depth, items: [{node, number?, continued?}]}: a line tried instead,
 *     indented `depth` (a number is shown before a step that starts a round, and before the
 *     line's first; `continued` when that first step is not its round's first turn).
 * A line's own alternatives follow it, one deeper; notes of a line's steps follow the line.
 */
export function layoutMoves(tree) {
  const rows = [];
  const rounds = roundsOf(tree);
  const root = tree.nodes.get(tree.root);
  if (root.comment) rows.push({ kind: 'note', node: root.id, depth: 0 });
  const main = lineThrough(tree, tree.root);

  // The lines are laid out depth first with a stack of work, not by recursion: a line can
  // hold a line tried inside it thousands of levels deep, past any call stack.
  //   {alternativesTo: id, depth}: the alternatives to `id` (its later siblings, for a
  //     first child) drawn as lines;
  //   {line: start, depth}: the line from `start` along first continuations, then the
  //     alternatives to each later step of it, one deeper.
  const work = [];
  const drain = () => {
    while (work.length) {
      const task = work.pop();
      if (task.alternativesTo != null) {
        const id = task.alternativesTo;
        const parent = tree.nodes.get(tree.nodes.get(id).parent);
        if (!parent || parent.children[0] !== id) continue;
        for (let k = parent.children.length - 1; k >= 1; k--) work.push({ line: parent.children[k], depth: task.depth });
        continue;
      }
      const { line: start, depth } = task;
      const items = [];
      const after = [];
      let prevRound = null;
      for (let id = start; id != null; id = tree.nodes.get(id).children[0] ?? null) {
        const r = rounds.get(id);
        // A line that starts after the round's first turn is numbered "2…", as in chess.
        const parent = tree.nodes.get(id).parent;
        const continued = id === start && parent !== tree.root && rounds.get(parent) === r;
        items.push(r !== prevRound ? { node: id, number: r, ...(continued && { continued }) } : { node: id });
        prevRound = r;
        // A later step's alternatives: drawn after this line, as their own lines.
        if (id !== start) after.push(id);
      }
      rows.push({ kind: 'line', depth, items });
      for (const { node } of items) if (tree.nodes.get(node).comment) rows.push({ kind: 'note', node, depth });
      for (let k = after.length - 1; k >= 0; k--) work.push({ alternativesTo: after[k], depth: depth + 1 });
    }
  };

  let i = 0;
  while (i < main.length) {
    const number = rounds.get(main[i]);
    const row = { kind: 'round', number, turns: [], index: [] };
    const members = [];
    while (i < main.length && rounds.get(main[i]) === number) {
      const node = tree.nodes.get(main[i]);
      const last = row.turns[row.turns.length - 1];
      if (last && last.seat === node.mover && node.mover != null) last.nodes.push(node.id);
      else row.turns.push({ seat: node.mover, nodes: [node.id] });
      row.index.push(i);
      members.push(node.id);
      i++;
    }
    rows.push(row);
    for (const id of members) if (tree.nodes.get(id).comment) rows.push({ kind: 'note', node: id, depth: 0 });
    for (let k = members.length - 1; k >= 0; k--) work.push({ alternativesTo: members[k], depth: 1 });
    drain();
  }
  return rows;
}

/** Whether a tree holds anything a plain line of steps does not: another line, a note, a drawing. */
export function annotated(tree) {
  for (const n of tree.nodes.values()) {
    if (n.children.length > 1 || n.comment || n.glyph || n.arrows.length || n.circles.length) return true;
  }
  return false;
}

/** The first step of the line tried that `id` is in (itself or the nearest step above it that is not its parent's first line), or null on the main line. */
export function lineStart(tree, id) {
  for (let n = tree.nodes.get(id); n && n.parent != null; n = tree.nodes.get(n.parent)) {
    if (tree.nodes.get(n.parent).children[0] !== n.id) return n.id;
  }
  return null;
}

/** The shown step's drawings for the board ({arrows, circles}), or null when it has none. */
export function drawingsOf(tree) {
  const n = tree.nodes.get(tree.shown);
  return n && (n.arrows.length || n.circles.length) ? { arrows: n.arrows, circles: n.circles } : null;
}
