// The Unity setup editor: place pieces and walls by hand. It produces the `layout` (one
// character a cell in cell order, from the alphabet the engine gives in games(): each
// character's label, colour and kind) and `walls` (`c3|c4,d3|d4`) options; the engine judges
// the result when the game starts.

import { Board } from './board/board.js';
import { hexCells } from './board/hex.js';
import { errorText } from './engine.js';
import { randomSeed } from './app/options-form.js';

const $ = (id) => document.getElementById(id);

/** The piece a layout character stands for (or null), by the game's `alphabet`. */
export function pieceOf(alphabet, ch) {
  const c = alphabet.find((a) => a.symbol === ch);
  return c?.color ? { color: c.color, kind: c.kind } : null;
}

/** The layout character for a view's piece, by the game's `alphabet` (its empty one if none). */
export function charOf(alphabet, piece) {
  const empty = alphabet.find((a) => !a.color)?.symbol ?? '.';
  if (!piece) return empty;
  return alphabet.find((a) => a.color === piece.color && a.kind === piece.kind)?.symbol ?? empty;
}

/**
 * What the editor asks of the page (www/app.js).
 * @typedef {object} EditorHost
 * @property {() => import('./types/ludus-views').SessionView | null} view the SessionView shown
 *   (its game, pieces and walls)
 * @property {(name: string) => import('./types/ludus-views').GameInfo | null} gameInfo the
 *   engine's facts of a game (its layout alphabet and options)
 * @property {(extra: Record<string, string>, changed: string) => Record<string, string>} formOptions
 *   the options the form makes with some fields set (www/app/options-form.js `options`)
 * @property {(game: string, options: Record<string, string>) => import('../ludus.js').Session} newSession
 *   a new engine Session (the caller frees it); throws on options the engine refuses
 * @property {(game: string, options: Record<string, string>) => string|null} start starts a
 *   game, or says why it cannot
 */

export class SetupEditor {
  /** @param {EditorHost} host */
  constructor(host) {
    this.host = host;
    this.dialog = /** @type {HTMLDialogElement} */ ($('setup-editor'));
    this.alphabet = [];
    this.tool = null;
    this.side = 5;
    this.layout = [];
    this.walls = new Set();
    this.board = null;
    $('editor-close').addEventListener('click', () => this.dialog.close());
    $('editor-cancel').addEventListener('click', () => this.dialog.close());
    $('editor-use').addEventListener('click', () => this.use());
    $('editor-clear').addEventListener('click', () => {
      this.layout = this.layout.map(() => charOf(this.alphabet, null));
      this.walls.clear();
      this.redraw();
    });
    $('editor-random').addEventListener('click', () => this.random());
  }

  buildPalette() {
    const box = $('editor-palette');
    box.replaceChildren();
    const tools = [
      ...this.alphabet.map((a) => ({ id: a.symbol, label: a.label, piece: pieceOf(this.alphabet, a.symbol) })),
      { id: 'wall', label: 'Walls', piece: null },
    ];
    for (const t of tools) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'tool';
      b.dataset.tool = t.id;
      b.setAttribute('role', 'radio');
      b.title = t.label;
      const swatch = document.createElement('span');
      swatch.className = `tool-icon tool-${t.piece?.kind ?? (t.id === 'wall' ? 'wall' : 'erase')}`;
      if (t.piece) swatch.style.setProperty('--tool-color', `var(--piece-${t.piece.color})`);
      const label = document.createElement('span');
      label.textContent = t.label;
      b.append(swatch, label);
      b.addEventListener('click', () => {
        this.tool = t.id;
        this.syncPalette();
      });
      box.append(b);
    }
    this.syncPalette();
  }

  syncPalette() {
    for (const b of /** @type {NodeListOf<HTMLElement>} */ ($('editor-palette').querySelectorAll('.tool'))) {
      const on = b.dataset.tool === this.tool;
      b.classList.toggle('selected', on);
      b.setAttribute('aria-checked', String(on));
    }
    if (this.board) {
      this.board.update({ preview: pieceOf(this.alphabet, this.tool) });
      this.redraw();
    }
  }

  /** Opens with the options in the form (size, layout, walls). */
  open(options) {
    this.game = this.host.view().game;
    const alphabet = this.host.gameInfo(this.game)?.layout ?? [];
    if (alphabet !== this.alphabet) {
      this.alphabet = alphabet;
      this.tool = alphabet[0]?.symbol ?? 'wall';
      this.buildPalette();
    }
    this.options = { ...options };
    this.side = Number(options.size) || 5;
    const { names } = hexCells(this.side);
    this.names = names;
    const count = names.length;
    let layout = String(options.layout ?? '');
    if (layout.length !== count) layout = this.currentLayout(count) ?? charOf(this.alphabet, null).repeat(count);
    this.layout = [...layout];
    this.walls = new Set();
    for (const w of String(options.walls ?? '').split(',')) {
      const [a, b] = w.split('|').map((s) => names.indexOf(s.trim()));
      if (a >= 0 && b >= 0) this.walls.add(a < b ? `${a}|${b}` : `${b}|${a}`);
    }
    if (!this.walls.size && !options.layout && !options.walls) this.wallsFromView();
    $('editor-error').hidden = true;
    this.dialog.showModal();
    if (!this.board) {
      this.board = new Board($('editor-board'), {
        onAction: (event) => this.onAction(event),
      });
      this.board.refreshTheme();
    }
    this.redraw();
    this.syncPalette();
  }

  /** The layout of the game on screen, when it has one of this size. */
  currentLayout(count) {
    const v = this.host.view();
    if (!v || !this.hasLayout(v.game) || v.pieces.length !== count) return null;
    return v.pieces.map((p) => charOf(this.alphabet, p)).join('');
  }

  /** Whether a game is set up by a layout (the engine lists a `layout` option). */
  hasLayout(game) {
    return (this.host.gameInfo(game)?.options ?? []).some((o) => o.key === 'layout');
  }

  wallsFromView() {
    const v = this.host.view();
    if (!v || !this.hasLayout(v.game) || v.pieces.length !== this.layout.length) return;
    for (const [a, b] of v.walls ?? []) this.walls.add(a < b ? `${a}|${b}` : `${b}|${a}`);
  }

  /** @returns {import('./types/ludus-views').BoardView} the setup drawn, as a board shows it */
  view() {
    return {
      shape: { kind: 'hex', side: this.side },
      cells: this.names,
      pieces: this.layout.map((ch) => pieceOf(this.alphabet, ch)),
      walls: [...this.walls].map((k) => k.split('|').map(Number)),
      sides: [],
      players: [],
      toMove: null,
      outcome: null,
      prompt: '',
      marked: [],
      highlight: [],
      facts: [],
      lifted: [],
    };
  }

  /** Synthetic "legal steps" so the board offers every cell and, with the wall tool, edges. */
  targets() {
    if (this.tool !== 'wall') return this.names.map((name, cell) => ({ text: name, kind: 'place', cells: [cell] }));
    const steps = [];
    const count = this.names.length;
    for (let a = 0; a < count; a++) {
      for (let d = 0; d < 6; d++) {
        const b = this.board?.geometry()?.neighbor?.(a, d) ?? -1;
        if (b > a) steps.push({ text: `${a}|${b}`, kind: 'wall', cells: [a, b] });
      }
    }
    return steps;
  }

  redraw() {
    const view = this.view();
    this.board.update({ view, hints: false });
    this.board.update({ legal: this.targets(), interactive: true, selection: null });
    // Per colour, in the alphabet's order: its pieces, and how many of each kind.
    const count = (pred) => this.layout.filter((ch) => pred(pieceOf(this.alphabet, ch))).length;
    const colors = [...new Set(this.alphabet.map((a) => a.color).filter(Boolean))];
    const parts = colors.map((color) => {
      const kinds = this.alphabet
        .filter((a) => a.color === color)
        .map((a) => `${count((p) => p?.color === color && p.kind === a.kind)} ${a.kind}s`);
      const name = color[0].toUpperCase() + color.slice(1);
      return `${name}: ${count((p) => p?.color === color)} (${kinds.join(', ')})`;
    });
    const empty = count((p) => !p);
    $('editor-counts').textContent = `${parts.join(' · ')} · ${empty} empty · ${this.walls.size} wall${this.walls.size === 1 ? '' : 's'}`;
  }

  onAction(event) {
    if (event.type === 'edge') {
      const key = `${event.a}|${event.b}`;
      if (this.walls.has(key)) this.walls.delete(key);
      else this.walls.add(key);
    } else if (event.type === 'cell' && this.tool !== 'wall') {
      const cell = event.cell;
      this.layout[cell] = this.layout[cell] === this.tool ? charOf(this.alphabet, null) : this.tool;
    } else {
      return;
    }
    this.redraw();
  }

  /** A random balanced setup from the engine (a fresh seed), loaded into the editor. */
  random() {
    // The form's options with a fresh seed (the engine's form rules drop any layout for it).
    const options = this.host.formOptions({ seed: String(randomSeed()) }, 'seed');
    let session = null;
    try {
      session = this.host.newSession(this.game, options);
      const view = session.view();
      this.layout = view.pieces.map((p) => charOf(this.alphabet, p));
      this.walls = new Set((view.walls ?? []).map(([a, b]) => (a < b ? `${a}|${b}` : `${b}|${a}`)));
      $('editor-error').hidden = true;
    } catch (error) {
      $('editor-error').hidden = false;
      $('editor-error').textContent = errorText(error);
    } finally {
      session?.free();
    }
    this.redraw();
  }

  layoutText() {
    return this.layout.join('');
  }

  wallsText() {
    return [...this.walls]
      .map((k) => k.split('|').map(Number).sort((a, b) => a - b))
      .sort((x, y) => x[0] - y[0] || x[1] - y[1])
      .map(([a, b]) => `${this.names[a]}|${this.names[b]}`)
      .join(',');
  }

  use() {
    // The engine's form rules drop the seed for a layout.
    const options = this.host.formOptions({ layout: this.layoutText(), walls: this.wallsText() }, 'layout');
    const error = this.host.start(this.game, options);
    if (error) {
      $('editor-error').hidden = false;
      $('editor-error').textContent = `This setup cannot be played: ${error}`;
      return;
    }
    this.dialog.close();
  }
}
