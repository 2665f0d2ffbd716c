// The move list of a game with more than one line, or with comments, glyphs or drawings
// (app/panels.js loads it for such a game): the main line in rounds of turns, the other
// lines tried indented under them (app/tree-list.js lays them out), glyphs beside their
// steps and comments under them, as text, never markup.

import { el } from './dom.js';
import { scrollWithin, turnCell } from './panels.js';
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
export function renderTreeMoves(list, v, go, edit = null) {
  list.replaceChildren();
  const tree = treeOf(v);
  const rows = layoutMoves(tree);
  if (!rows.length) {
    list.append(el('li', { class: 'moves-empty', text: 'No moves yet.' }));
    return;
  }
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
      if (start != null && row.items[0].node === start) {
        list.append(
          el(
            'li',
            { class: 'line-actions', style: `--depth: ${row.depth}` },
            el('button', { type: 'button', class: 'promote-line', text: 'Make main line', title: 'Put this line in the place of the one it branches from', onclick: () => edit.promote(start) }),
            el('button', { type: 'button', class: 'delete-line', text: 'Delete this line', title: 'Remove this line and everything after it', onclick: () => edit.remove(start) }),
          ),
        );
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
}

