// The board for players who do not see it: a text version of the position (who is where,
// the last turn, the legal steps) in a visually hidden region the canvas points to with
// aria-describedby, and a live region that says each step and the result as they happen,
// and which cell the keyboard cursor is on.
//
// describePosition() is plain data (node tests import it); BoardDescription puts it in the
// page or in the widget's shadow root (aria-describedby needs both in the same root).

/** How many legal steps are read out before "and N more". */
export const MAX_LISTED_STEPS = 60;

// Hidden from sight, not from screen readers (inline, so that it works in a shadow root
// and on a page without the app's style sheet).
const VISUALLY_HIDDEN =
  'position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;';

const KIND_WORDS = { stone: 'stone', checker: 'checker', ring: 'ring', asterisk: 'asterisk', tile: 'tile' };

/** A piece in words: "White stone", "purple ring", "Green tile 17", "unplayed tile 4". */
export function pieceWords(piece, players = []) {
  if (!piece) return 'empty';
  const kind = KIND_WORDS[piece.kind] ?? piece.kind ?? 'piece';
  const owner = players.find((p) => p.color === piece.color)?.name;
  const label = piece.label != null ? ` ${piece.label}` : '';
  if (piece.kind === 'tile' && piece.color === 'grey') return `unplayed tile${label}`;
  return `${owner ?? piece.color ?? ''} ${kind}${label}`.trim();
}

/** The step that led to the cursor in words: "White d4", or null at the start. */
export function lastStepWords(view) {
  if (!view?.cursor) return null;
  const player = view.players?.[view.movers?.[view.cursor - 1]];
  return `${player ? `${player.name} ` : ''}${view.steps[view.cursor - 1]}`;
}

/** The result in the engine's words (its status summary), or null while the game goes on. */
export function resultWords(view) {
  if (!view?.outcome) return null;
  return view.status?.summary || view.prompt || null;
}

/**
 * What a lesson's or a puzzle's board is about: its `lead` text, `from`, the step it starts
 * after, and `key`, which lesson or puzzle it is.
 * @typedef {{ lead: string, from: number, key?: string }} BoardAbout
 */

/**
 * The position as text: {summary, pieces: [[cell name, words]], walls, sides, steps}.
 * `legal` are the steps the reader may play now (empty on a view-only board); `about`, for
 * a lesson or a puzzle: `{ lead, from }`, what it is and the step it starts after.
 * @param {import('../types/ludus-views').SessionView} view
 * @param {readonly import('../types/ludus-views').StepView[]} [legal]
 * @param {BoardAbout | null} [about]
 */
export function describePosition(view, legal = [], about = null) {
  const players = view.players ?? [];
  const last = lastStepWords(view);
  const result = resultWords(view);
  // A lesson or a puzzle (`about`: its `lead` text, and `from`, the step it starts after):
  // the steps since it began, not the moves of the game its position was taken from.
  const since = about ? (view.steps ?? []).slice(about.from, view.cursor) : [];
  const history = about
    ? [about.lead, since.length ? `Played since the start: ${since.join(', ')}.` : 'No step played yet.']
    : [`${view.title ?? view.game}, move ${view.cursor} of ${view.steps?.length ?? 0}.`, last ? `Last turn: ${last}.` : 'No moves yet.'];
  const summary = [
    ...history,
    result ? `${result}.` : view.prompt ? `${view.prompt}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const pieces = [];
  (view.pieces ?? []).forEach((piece, cell) => {
    if (piece) pieces.push([view.cells?.[cell] ?? String(cell), pieceWords(piece, players)]);
  });
  const walls = (view.walls ?? []).map(([a, b]) => `${view.cells?.[a]}|${view.cells?.[b]}`);
  const sides = (view.sides ?? []).map(({ side, color }) => `${side}: ${players.find((p) => p.color === color)?.name ?? color}`);
  const texts = legal.map((s) => s.text);
  let steps = 'No step to play here.';
  if (texts.length) {
    const shown = texts.slice(0, MAX_LISTED_STEPS).join(', ');
    const more = texts.length - MAX_LISTED_STEPS;
    steps = `${texts.length} legal step${texts.length === 1 ? '' : 's'}: ${shown}${more > 0 ? `, and ${more} more` : ''}.`;
  }
  return { summary, pieces, walls, sides, steps };
}

/** What to announce when the view changes from `before` to `after` (or '' for nothing). */
export function changeWords(before, after) {
  if (!after) return '';
  if (!before || before.game !== after.game) return '';
  if (before.record === after.record) return '';
  const result = resultWords(after);
  const last = lastStepWords(after);
  const played = after.cursor === before.cursor + 1 && after.steps[after.cursor - 1] != null &&
    (before.steps === after.steps || before.steps.slice(0, before.cursor).every((s, i) => s === after.steps[i]));
  let text;
  if (played) text = `${last} played.`;
  else if (after.cursor === 0) text = 'Start of the game.';
  else text = `Move ${after.cursor} of ${after.steps.length}: ${last}.`;
  if (result && after.cursor === after.steps.length) text += ` ${result}.`;
  else if (!result && after.prompt) text += ` ${after.prompt}.`;
  return text;
}

let serial = 0;

export class BoardDescription {
  /**
   * @param {HTMLElement} container where the hidden regions go (next to the canvas)
   * @param {import('../board/board.js').Board} board the board, described by the summary
   */
  constructor(container, board) {
    const canvas = board.canvas;
    const id = `ludus-description-${++serial}`;
    const make = (tag, attrs = {}) => {
      const node = document.createElement(tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
      return node;
    };
    this.canvas = canvas;
    // A plain block, not a landmark: a page with several boards would get several alike.
    this.region = make('div', { class: 'ludus-description', style: VISUALLY_HIDDEN });
    this.summary = make('p', { id: `${id}-summary` });
    this.steps = make('p');
    this.table = make('table');
    this.other = make('p');
    this.region.append(this.summary, this.steps, this.table, this.other);
    this.live = make('p', { class: 'ludus-announce', role: 'status', 'aria-live': 'polite', style: VISUALLY_HIDDEN });
    container.append(this.region, this.live);
    canvas.setAttribute('aria-describedby', `${id}-summary`);
    this.view = null;
    // After the board's own key handling (registered first): say where its cursor went.
    let focus = board.focus;
    canvas.addEventListener('keydown', () => {
      if (board.focus !== focus && board.showFocus) this.focusCell(board.focus);
      focus = board.focus;
    });
  }

  /**
   * Rewrites the description for `view` and announces what changed since the last call.
   * @param {import('../types/ludus-views').SessionView | null} view
   * @param {readonly import('../types/ludus-views').StepView[]} [legal]
   * @param {BoardAbout | null} [about]
   */
  update(view, legal = [], about = null) {
    if (!view) return;
    const d = describePosition(view, legal, about);
    this.summary.textContent = `${d.summary} ${d.steps}`;
    this.steps.textContent = d.steps;
    const caption = document.createElement('caption');
    caption.textContent = d.pieces.length ? 'Pieces on the board' : 'The board is empty';
    const rows = d.pieces.map(([cell, words]) => {
      const tr = document.createElement('tr');
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = cell;
      const td = document.createElement('td');
      td.textContent = words;
      tr.append(th, td);
      return tr;
    });
    const head = document.createElement('tr');
    for (const title of ['Cell', 'Piece']) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = title;
      head.append(th);
    }
    this.table.replaceChildren(caption, head, ...rows);
    this.other.textContent = [d.walls.length ? `Walls: ${d.walls.join(', ')}.` : '', d.sides.length ? `Sides: ${d.sides.join(', ')}.` : '']
      .filter(Boolean)
      .join(' ');
    // Another lesson or puzzle: say what it is (the step that reached its position belongs
    // to another game).
    const fresh = about && about.key !== this.about?.key;
    const words = fresh ? about.lead : changeWords(this.view, view);
    if (words) this.say(words);
    this.view = view;
    this.about = about;
  }

  /** The keyboard cursor moved to `cell`: say its name and what is on it. */
  focusCell(cell) {
    const v = this.view;
    if (!v || cell == null || cell < 0 || cell >= (v.cells?.length ?? 0)) return;
    this.say(`${v.cells[cell]}, ${pieceWords(v.pieces?.[cell], v.players ?? [])}`);
  }

  say(text) {
    // The same text twice in a row is still announced: clear, then set.
    this.live.textContent = '';
    this.live.textContent = text;
  }
}
