// The one board controller of the page (www/app.js) and the widget (www/embed/ludus-board.js):
// it turns clicks into steps (play, select the first cell of a two-click step, or ask the
// engine why a click is no step), keeps the selection, and says what the board should draw
// and what the status line adds. It knows no game: everything that differs between games
// comes from the engine's view (SessionView, www/types/ludus-views.d.ts): the preview piece,
// the pass label, what the second click of a step asks, the result's words.
// No DOM here: node tests import this file.

import { interpret, selectionValid, analyse } from './input.js';

/** No step to play (one array, so that the step index of "nothing" is built once). */
/** @typedef {import('./types/ludus-views').SessionView} SessionView */
/** @typedef {import('./types/ludus-views').StepView} StepView */

/** @type {readonly StepView[]} */
const NONE = Object.freeze([]);

/** @typedef {import('./types/controller').ControllerHost} ControllerHost */

export class BoardController {
  /** @param {ControllerHost} host what the controller works for */
  constructor(host) {
    this.host = host;
    /** The first cell (and Merlin's Chain tile) of a two-click step: {cell, piece} or null. */
    this.selection = null;
    /** The last step index built: { legal, selection, pieces, index } (see index()). */
    this.cached = null;
  }

  /**
   * Steps the user can play now.
   * @returns {readonly StepView[]}
   */
  legal() {
    const v = this.host.view();
    if (!v || v.outcome || !this.host.canPlay()) return NONE;
    return v.legal ?? NONE;
  }

  /**
   * The step index (input.js analyse) of the legal steps and the selection: built once per
   * position and selection, and handed to the board (`board.update({ index })`), as a
   * position of Merlin's Chain lists some 1,800 steps.
   */
  index() {
    const legal = this.legal();
    const pieces = this.host.view()?.pieces;
    const c = this.cached;
    if (c && c.legal === legal && c.selection === this.selection && c.pieces === pieces) return c.index;
    const index = analyse(legal, this.selection, pieces);
    this.cached = { legal, selection: this.selection, pieces, index };
    return index;
  }

  /** Drops a selection the legal steps no longer allow; call before drawing. */
  sync() {
    const v = this.host.view();
    if (this.selection && !selectionValid(this.legal(), this.selection, v?.pieces, this.index())) this.selection = null;
  }

  /** What the Board draws for the controller: `board.update(controller.boardState())`. */
  boardState() {
    this.sync();
    const legal = this.legal();
    const v = this.host.view();
    return {
      legal,
      selection: this.selection,
      interactive: legal.length > 0,
      preview: legal.length > 0 ? (v?.preview ?? null) : null,
    };
  }

  /** A click, a key or a tray button on the board: {type: "cell" | "edge" | "dir" | "key" | "piece" | "outside", ...}. */
  onAction(event) {
    const v = this.host.view();
    if (!v) return;
    if (event.type === 'outside') return this.clear();
    const result = interpret(this.legal(), this.selection, event, v.pieces, this.index());
    if (result.play) {
      if (this.host.play(result.play)) this.selection = null;
      return;
    }
    if (result.select) {
      this.selection = result.select;
      this.host.say('');
      this.host.changed();
      return;
    }
    if (result.clear) return this.clear();
    if (result.reject) this.explain(event);
  }

  /** Asks the engine why a click is no step ("c4 is occupied") and says it. */
  explain(event) {
    const v = this.host.view();
    const session = this.host.session();
    if (!v || !session) return;
    if (!this.legal().length) {
      this.host.say(v.outcome ? 'The game is over.' : '');
      return;
    }
    let message = '';
    try {
      // With a piece, a checker or a tile picked: why it cannot go to, with or on the cell
      // clicked; the Fire button: why the picked piece may not fire.
      const from = this.selection?.cell;
      if (event.type === 'cell' && from != null && from >= 0) message = session.explainPick(from, event.cell);
      else if (event.type === 'cell') message = session.explainClick(event.cell, undefined);
      else if (event.type === 'capture' && from != null && from >= 0) message = session.explainPick(from, from);
      else if (event.type === 'edge') message = session.explainClick(event.a, event.b);
      // Keys 1 to 6: the picked piece's shot that way, or a wall on that side of the cursor.
      else if (event.type === 'dir') message = session.explainKey(event.cell, event.dir, true);
      else if (event.type === 'key') message = session.explainKey(event.cell, event.dir, false);
    } catch (error) {
      message = error?.message ?? String(error);
    }
    this.host.say(message);
  }

  /**
   * Lets go of the selection, without a word or a redraw (another position is shown, or the
   * host redraws itself); true if there was one.
   * @returns {boolean}
   */
  deselect() {
    const had = this.selection != null;
    this.selection = null;
    return had;
  }

  /** Lets go of the selection and of the last message. */
  clear() {
    const had = this.deselect();
    this.host.say('');
    if (had) this.host.changed();
  }

  /** The pass step legal now (text), or null. */
  passStep() {
    // A pass does not depend on the selection.
    return this.index().pass;
  }

  /** The pass button's words, from the engine. */
  passLabel() {
    return this.host.view()?.passLabel ?? 'Pass';
  }

  /** Plays the pass, if one is legal. */
  pass() {
    const step = this.passStep();
    return step ? this.host.play(step) : false;
  }

  /**
   * The capture the selected piece makes on its own cell (a Unity ring), or null: the page
   * and the widget offer it as a Fire button, never as a second click on the piece.
   */
  captureStep() {
    if (!this.selection) return null;
    return this.index().selfCapture;
  }

  /**
   * Whether the page and the widget show the Fire button: a ring is picked, whether or not
   * its capture is legal (pressed, a forbidden capture is explained like any refused click).
   */
  fireOffered() {
    if (!this.selection) return false;
    return this.captureStep() != null || this.host.view()?.pieces?.[this.selection.cell]?.kind === 'ring';
  }

  /** Plays the selected piece's capture (the Fire button). */
  capture() {
    return this.onAction({ type: 'capture' });
  }

  /** With a selection: what its second click asks (the engine's words), else ''. */
  selectionHint() {
    const v = this.host.view();
    if (!this.selection || !v) return '';
    const a = this.index();
    let kind = null;
    if (a.dirs.size) kind = 'asterisk';
    else if (a.selfCapture || (this.fireOffered() && v.then?.ring)) kind = 'ring';
    else if (this.selection.piece != null) kind = 'flip';
    else if (a.kinds.has('swap')) kind = 'swap';
    else if (a.dests.size) kind = 'move';
    const text = (kind && v.then?.[kind]) ?? '';
    return text.replace('{piece}', String(this.selection.piece ?? ''));
  }

  /** The tiles a tray offers (Merlin's Chain flips): sorted piece numbers. */
  trayPieces() {
    const a = this.index();
    return [...a.flipPieces.keys()].sort((x, y) => x - y);
  }
}

/** The name of what the pointer is over: a cell ("c4") or an edge ("c3|c4"), or ''. */
export function hoverName(view, hover) {
  if (!view || hover?.cell == null || hover.cell < 0) return '';
  if (hover.edge) return `${view.cells[hover.edge[0]] ?? ''}|${view.cells[hover.edge[1]] ?? ''}`;
  return view.cells[hover.cell] ?? '';
}

/** The board's accessible description. */
export function boardLabel(view) {
  const shape = view.shape.kind === 'hex' ? `hexagonal board, side ${view.shape.side}` : `${view.shape.width} by ${view.shape.height} board`;
  return `${view.title}, ${shape}`;
}
