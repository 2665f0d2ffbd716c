// <ludus-board>'s move list, shown when the game holds lines tried besides the one played
// (www/app/tree-list.js lays them out): the main line in one flow ("1. d4 pass 2. f6 e5"),
// each line tried indented under the round it branches in (up to twelve levels), glyphs
// beside their steps. A click shows that step. Every text goes in as textContent.

import { el } from '../app/dom.js';
import { layoutMoves, pathTo, GLYPH_WORDS } from '../app/tree-list.js';

export const TREE_CSS = `
.moves {
  margin: 0;
  padding: 4px 6px;
  max-height: 9.5em;
  overflow-y: auto;
  list-style: none;
  font: 12px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  background: var(--ludus-surface-2);
  border-radius: 7px;
}
.moves[hidden] { display: none; }
.moves li { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 2px; }
.moves li.line { margin-left: calc(min(var(--depth, 1), 12) * 12px); padding-left: 6px; border-left: 2px solid var(--ludus-border); }
.moves .n { color: var(--ludus-muted); margin-left: 4px; }
.moves button.step {
  min-width: 0; height: auto; padding: 0 4px; font: inherit; border: 0; border-radius: 4px;
  background: transparent; color: var(--ludus-text);
}
.moves button.step.current { background: var(--ludus-accent); color: var(--ludus-surface); }
.moves button.step.future { color: var(--ludus-muted); }
.moves .glyph { font-weight: 700; }
.comment {
  margin: 0;
  padding: 6px 8px;
  border-left: 3px solid var(--ludus-accent);
  background: var(--ludus-surface-2);
  border-radius: 0 7px 7px 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  user-select: text;
  -webkit-user-select: text;
}
.comment[hidden] { display: none; }
.caption .glyph { font-weight: 700; }
@media (pointer: coarse) {
  .moves button.step { min-width: 44px; min-height: 44px; padding: 0 8px; }
  .moves { max-height: 12em; }
}
`;

/** Draws the move list of `tree` into `list`; a click calls `go(node)`. */
export function renderTreeMoves(list, tree, go) {
  list.replaceChildren();
  const shownPath = new Set(pathTo(tree, tree.shown));
  const step = (id) => {
    const node = tree.nodes.get(id);
    const isCurrent = id === tree.shown;
    const b = el('button', {
      type: 'button',
      class: `step${isCurrent ? ' current' : ''}${!isCurrent && !shownPath.has(id) ? ' future' : ''}`,
      'data-node': id,
      'aria-current': isCurrent ? 'step' : null,
      'aria-label': `${node.step}${node.glyph}${node.glyph ? ` (${GLYPH_WORDS[node.glyph] ?? node.glyph})` : ''}`,
      text: node.step,
      onclick: () => go(id),
    });
    if (node.glyph) b.append(el('span', { class: 'glyph', 'aria-hidden': 'true', text: node.glyph }));
    return b;
  };
  let main = null;
  for (const row of layoutMoves(tree)) {
    if (row.kind === 'note') continue; // the comment of the step shown is under the board
    if (row.kind === 'round') {
      if (!main) {
        main = el('li', { class: 'main' });
        list.append(main);
      }
      main.append(el('span', { class: 'n', text: `${row.number}.` }));
      for (const turn of row.turns) for (const id of turn.nodes) main.append(step(id));
      continue;
    }
    const li = el('li', { class: 'line', style: `--depth: ${row.depth}` });
    for (const item of row.items) {
      if (item.number != null) li.append(el('span', { class: 'n', text: `${item.number}${item.continued ? '…' : '.'}` }));
      li.append(step(item.node));
    }
    list.append(li);
    // The main line goes on in a new row after a line tried.
    main = null;
  }
  showCurrent(list);
}

/**
 * Scrolls the list alone (never the page) so that the step shown is in sight. Called again
 * when the list is laid out anew: a board drawn while hidden had no size to scroll by.
 */
export function showCurrent(list) {
  const current = list.querySelector('.step.current');
  if (!current || !list.clientHeight) return;
  const box = list.getBoundingClientRect();
  const at = current.getBoundingClientRect();
  if (at.top < box.top) list.scrollTop -= box.top - at.top;
  else if (at.bottom > box.bottom) list.scrollTop += at.bottom - box.bottom;
}
