// The move list of a game with more than one line, or with comments, glyphs or drawings
// (app/panels.js loads it for such a game): the main line in rounds of turns, the other
// lines tried indented under them (app/tree-list.js lays them out), glyphs beside their
// steps and comments under them, as text, never markup.

import { el } from './dom.js';
import { scrollWithin, turnCell, drawnLists, LONG_LIST } from './panels.js';
import { treeOf, layoutMoves, pathTo, lineThrough, lineStart, GLYPH_WORDS } from './tree-list.js';

// Moving between the lines tried (app/history.js) needs the tree's code only when there are some.
export { treeOf, treeStep } from './tree-list.js';

/**
 * The move list: the main line in rounds of turns, the other lines tried indented under
 * them (app/tree-list.js), glyphs beside steps and comments under them (as text, never
 * markup). Clicking a step calls `go({node})` with its node in the view's tree. In a line
 * tried, two buttons by it make it the main line (`edit.promote(start)`) or delete it
 * (`edit.remove(start)`), `start` being the line's first step.
 */
export function renderTreeMoves(list, v, go, edit = null, force = false) {
  const tree = treeOf(v);
  // The same tree and line (a view of the same revision, engine.js sessionView): only the
  // step shown moved along the line, so only the marks between the two places change.
  const drawn = drawnLists.get(list);
  if (!force && drawn?.kind === 'tree' && drawn.tree === v.tree && drawn.line === v.line && drawn.edit === edit && Array.isArray(v.line)) {
    moveShown(list, drawn, tree, v.cursor, edit);
    return false;
  }
  drawnLists.delete(list);
  list.replaceChildren();
  list.classList.toggle('long', tree.nodes.size > LONG_LIST);
  const rows = layoutMoves(tree);
  if (!rows.length) {
    list.append(el('li', { class: 'moves-empty', text: 'No moves yet.' }));
    return true;
  }
  const buttons = new Map();
  const lineRows = new Map();
  let actions = null;
  const seats = Math.max(1, v.players?.length ?? 2);
  list.style.setProperty('--seats', String(seats));
  // The shown node and the nodes that lead to it: the rest of the main line is still to come.
  const shownPath = new Set(pathTo(tree, tree.shown));
  // The view's step kinds and colours are the shown line's: they hold for the main line as
  // far as the two agree.
  const line = lineThrough(tree, tree.shown);
  let current = null;
  const button = (id, index) => {
    const node = tree.nodes.get(id);
    const player = v.players?.[node.mover];
    const onLine = index != null && line[index] === id;
    const replace = onLine && v.stepKinds?.[index] === 'replace';
    const isCurrent = id === tree.shown;
    const future = !isCurrent && !shownPath.has(id);
    const words = node.glyph ? ` (${GLYPH_WORDS[node.glyph] ?? node.glyph})` : '';
    const b = el('button', {
      type: 'button',
      class: `step${isCurrent ? ' current' : ''}${future ? ' future' : ''}${replace ? ' replace' : ''}`,
      text: replace ? `↺${node.step}` : node.step,
      'data-node': id,
      'data-index': index,
      'aria-current': isCurrent ? 'step' : null,
      // The accessible name holds the text shown (the glyph too), then what the glyph means.
      'aria-label': `${player?.name ?? ''} ${replace ? `re-places a lifted stone on ${node.step}` : node.step}${node.glyph}${words}`.trim(),
      title: replace ? `A lifted stone re-placed on ${node.step}: go to the position after it` : `Go to the position after ${node.step}`,
      onclick: () => go({ node: id }),
    });
    if (node.glyph) b.append(el('span', { class: 'glyph', text: node.glyph, 'aria-hidden': 'true' }));
    if (isCurrent) current = b;
    buttons.set(id, b);
    return b;
  };
  // The line tried that holds the step shown gets the buttons that promote and delete it.
  const start = edit ? lineStart(tree, tree.shown) : null;
  let even = false;
  for (const row of rows) {
    if (row.kind === 'note') {
      const node = tree.nodes.get(row.node);
      const li = el('li', { class: 'note', style: `--depth: ${row.depth}`, 'data-node': row.node, text: node.comment });
      list.append(li);
      continue;
    }
    if (row.kind === 'line') {
      const li = el('li', { class: 'variation', style: `--depth: ${row.depth}` });
      for (const item of row.items) {
        if (item.number != null) li.append(el('span', { class: 'line-number', text: `${item.number}${item.continued ? '…' : '.'}` }));
        li.append(button(item.node, null));
      }
      list.append(li);
      lineRows.set(row.items[0].node, { li, depth: row.depth });
      if (start != null && row.items[0].node === start) {
        actions = lineActions(start, row.depth, edit);
        list.append(actions);
      }
      continue;
    }
    const li = el('li', { class: `round${even ? ' even' : ''}` }, el('span', { class: 'round-number', text: `${row.number}.` }));
    even = !even;
    let k = 0;
    for (const turn of row.turns) {
      const player = v.players?.[turn.seat];
      // The colour of the stone the turn put down, as the board shows it; else the seat's.
      const first = row.index[k];
      const placed = turn.nodes
        .map((id, j) => (line[first + j] === id ? v.stepColors?.[first + j] : null))
        .find((c) => c);
      const cell = turnCell(turn.seat, player, placed ?? player?.color);
      for (const id of turn.nodes) cell.append(button(id, row.index[k++]));
      li.append(cell);
    }
    list.append(li);
  }
  if (current) scrollWithin(list, current);
  else if (tree.shown !== tree.root && v.cursor === v.steps.length) list.scrollTop = list.scrollHeight;
  drawnLists.set(list, { kind: 'tree', tree: v.tree, line: v.line, edit, buttons, lineRows, shown: tree.shown, cursor: v.cursor, start, actions });
  return true;
}

/** The buttons under the line tried that starts at `start`: make it the main line, delete it. */
function lineActions(start, depth, edit) {
  return el(
    'li',
    { class: 'line-actions', style: `--depth: ${depth}` },
    el('button', { type: 'button', class: 'promote-line', text: 'Make main line', title: 'Put this line in the place of the one it branches from', onclick: () => edit.promote(start) }),
    el('button', { type: 'button', class: 'delete-line', text: 'Delete this line', title: 'Remove this line and everything after it', onclick: () => edit.remove(start) }),
  );
}

/**
 * The list drawn for the same tree and line shows the step `cursor` steps along the line
 * now: the steps of the line between the old and the new place change from past to to come
 * or back, and the buttons that reshape the line tried move to the line holding it.
 */
function moveShown(list, drawn, tree, cursor, edit) {
  const { buttons, line } = drawn;
  const old = buttons.get(drawn.shown);
  if (old) {
    old.classList.remove('current');
    old.removeAttribute('aria-current');
  }
  for (let i = Math.max(1, Math.min(drawn.cursor, cursor)); i <= Math.max(drawn.cursor, cursor); i++) buttons.get(line[i])?.classList.toggle('future', i > cursor);
  const current = buttons.get(tree.shown);
  if (current) {
    current.classList.add('current');
    current.setAttribute('aria-current', 'step');
  }
  const start = edit ? lineStart(tree, tree.shown) : null;
  if (start !== drawn.start) {
    drawn.actions?.remove();
    drawn.actions = null;
    const row = start != null ? drawn.lineRows.get(start) : null;
    if (row) {
      drawn.actions = lineActions(start, row.depth, edit);
      row.li.after(drawn.actions);
    }
    drawn.start = start;
  }
  drawn.shown = tree.shown;
  drawn.cursor = cursor;
  if (current) scrollWithin(list, current);
  else if (tree.shown !== tree.root && cursor === line.length - 1) list.scrollTop = list.scrollHeight;
}

