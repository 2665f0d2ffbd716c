// Panels beside the board: the move list and the facts. Drawn from the engine's view.

import { el } from './dom.js';
import { groupTurns, groupRounds } from '../input.js';

/** The move list's code for a game tree (app/tree-moves.js), once loaded. */
let treeMoves = null;
let treeLoading = null;

/**
 * Whether the view's game holds more than its one line of steps: another line tried, a
 * comment, a glyph or a drawing (then the list needs the tree's code, loaded on first use).
 */
export function hasTree(v) {
  if (!Array.isArray(v.tree)) return false;
  // Worked out once per tree: the views of one revision share it (engine.js sessionView).
  let known = treeFacts.get(v.tree);
  if (!known) {
    known = { annotated: v.tree.some((n) => n.children?.length > 1 || n.comment || n.glyph || n.arrows?.length || n.circles?.length), byId: null };
    treeFacts.set(v.tree, known);
  }
  return known.annotated;
}
const treeFacts = new WeakMap();

/** The tree's code (app/tree-list.js, through app/tree-moves.js) if a game tree brought it in, else null. */
export function loadedTree() {
  return treeMoves;
}

/** The node of the view's game tree shown ({id, comment, glyph, arrows, circles, …}), or null. */
export function shownNodeOf(v) {
  if (!Array.isArray(v?.tree)) return null;
  hasTree(v);
  const known = treeFacts.get(v.tree);
  known.byId ??= new Map(v.tree.map((n) => [n.id, n]));
  return known.byId.get(v.node) ?? null;
}

/** The shown step's drawings for the board ({arrows, circles}), or null when it has none. */
export function shownDrawings(v) {
  const n = shownNodeOf(v);
  return n && (n.arrows?.length || n.circles?.length) ? { arrows: n.arrows ?? [], circles: n.circles ?? [] } : null;
}

/**
 * The move list in rounds of turns; clicking a step calls `go(n)` with the steps to show, or
 * for a game tree `go({node})`. `edit` ({promote, remove}) for a game tree's lines tried;
 * `loaded()` is called when the tree's code has come in (draw the list again).
 */
/** A turn's cell in a move list's round: in its seat's column, with the colour swatch (the
 * stone the turn put down, as the board shows it; else the seat's). */
export function turnCell(seat, player, color) {
  return el(
    'span',
    { class: 'turn', style: seat != null ? `grid-column: ${seat + 2}` : null },
    el('span', {
      class: 'swatch',
      style: color ? `background: var(--piece-${color})` : null,
      title: player?.name ?? null,
      'data-color': color ?? null,
      'aria-hidden': 'true',
    }),
  );
}

/**
 * Draws the move list; returns whether it was drawn afresh (false: the list of the same
 * steps was there, and only what marks the step shown changed). `force`: draw it afresh.
 */
export function renderMoveList(list, v, go, edit = null, loaded = () => {}, force = false) {
  if (hasTree(v)) {
    if (treeMoves) return treeMoves.renderTreeMoves(list, v, go, edit, force);
    treeLoading ??= import('./tree-moves.js').then((m) => {
      treeMoves = m;
      loaded();
    });
  }
  // The same steps (a view of the same revision, engine.js sessionView): only the step
  // shown moved, so only the buttons between the two positions change, and a step
  // through a long game does not draw its whole list again.
  const drawn = drawnLists.get(list);
  if (!force && drawn?.steps === v.steps && drawn.kind === 'line') {
    moveCursor(list, drawn, v.cursor);
    return false;
  }
  drawnLists.delete(list);
  list.replaceChildren();
  list.classList.toggle('long', v.steps.length > LONG_LIST);
  if (!v.steps.length) {
    list.append(el('li', { class: 'moves-empty', text: 'No moves yet.' }));
    return true;
  }
  const buttons = [];
  const turns = groupTurns(v.steps, v.movers ?? []);
  const seats = Math.max(1, v.players?.length ?? 2);
  list.style.setProperty('--seats', String(seats));
  let current = null;
  groupRounds(turns).forEach((round, i) => {
    const li = el('li', { class: `round${i % 2 ? ' even' : ''}` }, el('span', { class: 'round-number', text: `${i + 1}.` }));
    for (const turn of round) {
      const player = v.players?.[turn.seat];
      // The colour of the stone the turn put down, as the board shows it; else the seat's.
      const placed = turn.steps.map(({ index }) => v.stepColors?.[index]).find((c) => c);
      const cell = turnCell(turn.seat, player, placed ?? player?.color);
      for (const { index, text } of turn.steps) {
        const isCurrent = index === v.cursor - 1;
        const future = index >= v.cursor;
        const replace = v.stepKinds?.[index] === 'replace';
        const button = el('button', {
          type: 'button',
          class: `step${isCurrent ? ' current' : ''}${future ? ' future' : ''}${replace ? ' replace' : ''}`,
          text: replace ? `↺${text}` : text,
          'data-index': index,
          'data-node': v.line?.[index + 1] ?? null,
          'aria-current': isCurrent ? 'step' : null,
          'aria-label': `${player?.name ?? ''} ${replace ? `re-places a lifted stone on ${text}` : text}`.trim(),
          title: replace ? `A lifted stone re-placed on ${text}: go to the position after it` : `Go to the position after ${text}`,
          onclick: () => go(index + 1),
        });
        if (isCurrent) current = button;
        buttons[index] = button;
        cell.append(button);
      }
      li.append(cell);
    }
    list.append(li);
  });
  if (current) scrollWithin(list, current);
  else if (v.cursor === v.steps.length) list.scrollTop = list.scrollHeight;
  drawnLists.set(list, { kind: 'line', steps: v.steps, buttons, cursor: v.cursor });
  return true;
}

/**
 * What each move list element holds, for the next step to change only what it must: a plain
 * list {kind: 'line', steps, buttons (by step index), cursor}, or a tree's (app/tree-moves.js).
 */
export const drawnLists = new WeakMap();

/** Steps from which a move list draws only the rows in sight (`.moves.long` in style.css). */
export const LONG_LIST = 400;

/** Marks the step before `cursor` as the one shown and the steps from it on as to come. */
function moveCursor(list, drawn, cursor) {
  const { buttons } = drawn;
  const old = buttons[drawn.cursor - 1];
  if (old) {
    old.classList.remove('current');
    old.removeAttribute('aria-current');
  }
  for (let i = Math.min(drawn.cursor, cursor); i < Math.max(drawn.cursor, cursor); i++) buttons[i]?.classList.toggle('future', i >= cursor);
  drawn.cursor = cursor;
  const current = buttons[cursor - 1];
  if (current) {
    current.classList.add('current');
    current.setAttribute('aria-current', 'step');
    scrollWithin(list, current);
  } else if (cursor === buttons.length) list.scrollTop = list.scrollHeight;
}

/**
 * Scrolls `list` alone so that `item` is in it. (scrollIntoView would scroll the page too: on
 * a phone the board moved away under the finger after every step.)
 */
export function scrollWithin(list, item) {
  const box = list.getBoundingClientRect();
  const at = item.getBoundingClientRect();
  const top = box.top + list.clientTop;
  const bottom = top + list.clientHeight;
  if (at.top < top) list.scrollTop -= top - at.top;
  else if (at.bottom > bottom) list.scrollTop += at.bottom - bottom;
}

/** The engine's facts ("Walls left", "12") as a definition list. */
export function renderFacts(box, facts) {
  box.replaceChildren();
  for (const [label, value] of facts) box.append(el('div', { class: 'fact' }, el('dt', { text: label }), el('dd', { text: value })));
  box.hidden = facts.length === 0;
}

/** Shows a node of the game's tree (a step number for an engine without trees). */
export function goToNode(session, id) {
  if (typeof session.goToNode === 'function') session.goToNode(id);
  else session.goTo(id);
}
