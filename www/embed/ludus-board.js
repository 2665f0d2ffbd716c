// <ludus-board>: a Ludus board to embed in any page (a blog post, a forum, a course).
//
//   <script type="module" src="https://…/www/embed/ludus-board.js"></script>
//   <ludus-board record="unlur;moves=d4,pass,c3"></ludus-board>
//
// A replay viewer by default (first / previous / next / last, arrow keys when focused, a
// caption with the step shown and the result at the end); `playable` lets the reader play on.
// An annotated game shows the comment of the step shown under the board, its arrows and
// circled cells on the board, and, when it holds lines tried besides the one played, a move
// list to step into them (up and down arrows go between them).
// Everything else it needs (the rules engine, the board drawing) is resolved relative to this
// file, so the one script tag works from any page. The widget keeps to itself: its markup and
// styles live in a shadow root, it defines no globals (only the custom element), and a bad
// record only shows a message inside the widget. All boards of a page share one engine
// (www/engine.js loads the wasm module once).
// Its styles and static markup are in www/embed/markup.js; this file is its behaviour.
//
// Attributes:
//   record    the game as the app's link holds it: `unlur;size=6;moves=d4,pass;at=1`
//             (a whole app link or its `#…` part works too; whitespace is ignored)
//   game, options   an empty board instead: game="unity" options="players=3;seed=5"
//   at (or step)    the step shown first: a number, `start` or `end` (default: the record's
//             own `at`, else the end)
//   playable  the reader may play steps (both sides)
//   theme     light | dark (default: the reader's system setting)
//   size      the widget's width (`360` means 360px); default: the container's width
//   coords    show cell names; flipped: turn the board around
//   app       the Ludus page "Open in Ludus" points at (default: the site this file is on)
//   puzzle    a puzzle to solve instead: puzzle="unravel/<id>" (www/embed/puzzle.js, loaded
//             only then); the reader plays, the widget answers, Reset tries again

import { engine, errorText, sessionView } from '../engine.js';
import { Board } from '../board/board.js';
import { boardConfig } from '../board/config.js';
import { BoardController, hoverName, boardLabel } from '../controller.js';
import { fragmentFor, linkRecord } from '../record.js';
import { mountShareMenu } from '../share/menu.js';
import { BoardDescription } from '../a11y/describe.js';
import { mountWidgetContrast } from '../a11y/contrast.js';
import {
  recordFromAttribute,
  recordFromGame,
  stepFromAttribute,
  widthFromAttribute,
  flagFromAttribute,
  appLinkFromAttribute,
} from './attributes.js';
import { CSS, TEMPLATE } from './markup.js';
import { treeOf, treeStep, drawingsOf, hasLines, roundsOf } from '../app/tree-list.js';
import { renderTreeMoves, showCurrent } from './tree-moves.js';

const TAG = 'ludus-board';
const DEFAULT_APP = new URL('../../index.html', import.meta.url).href;

export class LudusBoard extends HTMLElement {
  static get observedAttributes() {
    return ['record', 'game', 'options', 'at', 'step', 'playable', 'theme', 'size', 'coords', 'flipped', 'app', 'contrast', 'puzzle'];
  }

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = CSS;
    const holder = document.createElement('template');
    holder.innerHTML = TEMPLATE;
    root.append(style, holder.content.cloneNode(true));
    const q = (s) => root.querySelector(s);
    this.ui = {
      frame: q('.frame'),
      box: q('.board-box'),
      loading: q('.loading'),
      hoverName: q('.hover-name'),
      bar: q('.bar'),
      nav: q('.nav'),
      counter: q('.counter'),
      buttons: Object.fromEntries([.../** @type {NodeListOf<HTMLButtonElement>} */ (root.querySelectorAll('[data-go]'))].map((b) => [b.dataset.go, b])),
      pass: q('.pass:not(.fire)'),
      fire: q('.fire'),
      reset: q('.reset'),
      caption: q('.caption-text'),
      comment: q('.comment'),
      moves: q('.moves'),
      dot: q('.dot'),
      status: q('.status'),
      message: q('.message'),
      credit: q('.credit'),
      open: q('.open'),
    };
    /** @type {import('../engine.js').PlayModule | null} */
    this.mod = null;
    /** @type {import('../../ludus.js').Session | null} */
    this.session = null;
    /** @type {import('../types/ludus-views').SessionView | null} */
    this.view = null;
    this.note = '';
    // Clicks to steps, the selection, the pass: shared with the page (www/controller.js).
    this.control = new BoardController({
      session: () => this.session,
      view: () => this.view,
      // A puzzle waits for its reply before the reader plays again.
      canPlay: () => (this.puzzle ? this.puzzle.state === 'play' : this.playable),
      play: (text) => this.play(text),
      changed: () => this.render(),
      say: (message) => {
        this.note = message;
        this.renderStatus();
      },
    });
    this.initialRecord = null; // the position the attributes gave (Reset goes back to it)
    this.kept = null; // the record shown when the element was taken out of the page
    this.loadToken = 0;
    this.board = null;
    this.darkQuery = null;
    this.onSchemeChange = () => this.board?.refreshTheme();

    for (const [go, button] of Object.entries(this.ui.buttons)) {
      button.addEventListener('click', () => this.go(go));
    }
    this.ui.pass.addEventListener('click', () => this.control.pass());
    this.ui.fire.addEventListener('click', () => this.control.capture());
    this.ui.reset.addEventListener('click', () => this.reset());
    this.ui.frame.addEventListener('keydown', (e) => this.onKey(e));
    // The move list laid out anew (shown after being hidden, its width changed): the step
    // shown back in sight.
    new ResizeObserver(() => showCurrent(this.ui.moves)).observe(this.ui.moves);
  }

  connectedCallback() {
    if (!this.board) {
      this.board = new Board(this.ui.box, {
        onAction: (event) => this.playable && this.control.onAction(event),
        onHover: (hover) => (this.ui.hoverName.textContent = hoverName(this.view, hover)),
        onEscape: () => this.clearSelection(),
      });
      // The Export menu (PNG, SVG, GIF, embed code) in the footer.
      this.exportMenu = mountShareMenu(this.shadowRoot.querySelector('.foot'), {
        view: () => this.view,
        theme: () => this.board.theme,
        flipped: () => flagFromAttribute(this.getAttribute('flipped')),
        background: () => getComputedStyle(this.ui.frame).backgroundColor,
        gameText: async () => (await import('../share/text-file.js')).gameToText(this.session.record()),
        link: () => linkRecord(this.session, this.view),
        board: () => this.ui.box,
        anchor: () => this.shadowRoot.querySelector('.foot'),
      }, this.shadowRoot);
      // The position as text, a live region, high contrast (`contrast`).
      this.a11y = new BoardDescription(this.ui.box, this.board);
      mountWidgetContrast(this.shadowRoot, this.board);
    } else {
      this.board.resizeObserver.observe(this.ui.box);
    }
    this.darkQuery = matchMedia('(prefers-color-scheme: dark)');
    this.darkQuery.addEventListener('change', this.onSchemeChange);
    this.applySize();
    this.board.refreshTheme();
    this.load();
  }

  disconnectedCallback() {
    this.darkQuery?.removeEventListener('change', this.onSchemeChange);
    this.board?.resizeObserver.disconnect();
    // Keep what the reader was looking at, free the engine's copy.
    this.kept = this.view?.record ?? null;
    this.loadToken++;
    this.dropSession();
  }

  attributeChangedCallback(name, before, after) {
    if (before === after || !this.isConnected || !this.board) return;
    switch (name) {
      case 'record':
      case 'game':
      case 'options':
      case 'puzzle':
        this.kept = null;
        this.load();
        break;
      case 'at':
      case 'step':
        if (this.session) {
          const n = stepFromAttribute(after, this.view.steps.length);
          if (n != null) this.goTo(n);
        }
        break;
      case 'theme':
      case 'contrast':
        this.board.refreshTheme();
        break;
      case 'size':
        this.applySize();
        break;
      case 'app':
        this.render();
        break;
      default:
        this.control.deselect();
        this.render();
    }
  }

  // ----------------------------------------------------------------------------------------
  // Public API (for pages that script the widget)
  // ----------------------------------------------------------------------------------------

  /**
   * What the widget shows: {status: "loading" | "ready" | "error", game, record, cursor, steps,
   * node, message}; `node` is the id of the step shown in the engine's tree (for goToNode).
   */
  get state() {
    const v = this.view;
    return {
      status: this.ui.frame.dataset.state,
      game: v?.game ?? null,
      record: v?.record ?? null,
      cursor: v?.cursor ?? 0,
      steps: v?.steps.length ?? 0,
      node: v?.node ?? null,
      message: this.ui.message.hidden ? '' : this.ui.message.textContent,
    };
  }

  first() {
    this.go('first');
  }

  previous() {
    this.go('previous');
  }

  next() {
    this.go('next');
  }

  last() {
    this.go('last');
  }

  goTo(n) {
    if (!this.session || this.puzzle) return;
    this.session.goTo(Math.max(0, Math.min(this.view.steps.length, Math.floor(Number(n) || 0))));
    this.afterChange();
  }

  /** Shows a node of the game's tree (a line tried included). */
  goToNode(id) {
    if (!this.session || !treeOf(this.view).nodes.has(id)) return;
    if (typeof this.session.goToNode === 'function') this.session.goToNode(id);
    else this.session.goTo(id);
    this.afterChange();
  }

  // ----------------------------------------------------------------------------------------
  // Loading
  // ----------------------------------------------------------------------------------------

  get playable() {
    if (this.puzzle) return true;
    return flagFromAttribute(this.getAttribute('playable'));
  }

  /** The record given by the attributes, or {error}. */
  givenRecord() {
    if (this.hasAttribute('record')) {
      const read = recordFromAttribute(this.getAttribute('record'));
      if (read.error) return { error: read.error };
      if (read.empty) return { error: 'the record is empty' };
      return { record: read.record };
    }
    return recordFromGame(this.getAttribute('game'), this.getAttribute('options'));
  }

  async load() {
    const token = ++this.loadToken;
    // Another game: a menu opened over the last one closes.
    if (this.exportMenu) this.exportMenu.open = false;
    this.setState('loading');
    if (this.hasAttribute('puzzle')) return this.loadPuzzle(token);
    const given = this.givenRecord();
    if (given.error) return this.fail(given.error);
    try {
      this.mod = await engine();
    } catch (error) {
      if (token === this.loadToken) this.fail(`the Ludus engine could not be loaded (${errorText(error)})`);
      return;
    }
    if (token !== this.loadToken) return;
    let session;
    try {
      session = this.mod.Session.fromRecord(given.record);
      const steps = session.view().steps.length;
      const at = stepFromAttribute(this.getAttribute('at') ?? this.getAttribute('step'), steps);
      if (at != null) session.goTo(at);
      this.initialRecord = session.record();
      if (this.kept != null && this.kept !== this.initialRecord) {
        // Taken out of the page and put back: show what the reader was looking at.
        const kept = this.mod.Session.fromRecord(this.kept);
        session.free();
        session = kept;
      }
    } catch (error) {
      return this.fail(errorText(error));
    }
    this.dropSession();
    this.session = session;
    this.kept = null;
    this.control.deselect();
    this.note = '';
    this.view = sessionView(session);
    this.setState('ready');
    this.render();
  }

  /** A puzzle to solve (the `puzzle` attribute): its code and the game's puzzles load now. */
  async loadPuzzle(token) {
    let puzzle;
    try {
      const [mod, code] = await Promise.all([engine(), import('./puzzle.js')]);
      const item = await code.findPuzzle(this.getAttribute('puzzle'));
      if (token !== this.loadToken) return;
      this.mod = mod;
      puzzle = new code.WidgetPuzzle(mod, item, () => this.afterPuzzle());
    } catch (error) {
      if (token === this.loadToken) this.fail(errorText(error));
      return;
    }
    this.dropSession();
    this.puzzle = puzzle;
    this.initialRecord = puzzle.view.record;
    this.kept = null;
    this.setState('ready');
    this.afterPuzzle();
  }

  afterPuzzle() {
    if (!this.puzzle) return;
    this.session = this.puzzle.session;
    this.view = this.puzzle.view;
    this.note = '';
    this.control.deselect();
    this.render();
    // As for any change; `puzzle`: 'play', 'reply', 'refuting', 'failed' or 'done'.
    const v = this.view;
    this.dispatchEvent(
      new CustomEvent('ludus-change', { detail: { record: v.record, cursor: v.cursor, steps: v.steps.length, puzzle: this.puzzle.state } }),
    );
  }

  dropSession() {
    if (this.puzzle) {
      this.puzzle.free();
      this.puzzle = null;
      this.session = null;
      return;
    }
    try {
      this.session?.free?.();
    } catch {
      /* already freed */
    }
    this.session = null;
  }

  fail(message) {
    this.dropSession();
    this.view = null;
    this.board?.update({ view: null });
    this.ui.message.textContent = `This board cannot be shown: ${message}.`.replace(/\.\.$/, '.');
    this.ui.message.hidden = false;
    this.ui.credit.textContent = 'Ludus';
    this.ui.open.hidden = true;
    this.setState('error');
  }

  setState(state) {
    this.ui.frame.dataset.state = state;
    this.ui.loading.hidden = state !== 'loading';
    if (state !== 'error') this.ui.message.hidden = true;
  }

  applySize() {
    const width = widthFromAttribute(this.getAttribute('size'));
    if (width) this.ui.frame.style.setProperty('--ludus-width', width);
    else this.ui.frame.style.removeProperty('--ludus-width');
  }

  // ----------------------------------------------------------------------------------------
  // Stepping and playing
  // ----------------------------------------------------------------------------------------

  go(where) {
    if (!this.session || this.puzzle) return;
    const n = this.view.steps.length;
    const c = this.view.cursor;
    const target = { first: 0, previous: c - 1, next: c + 1, last: n }[where];
    if (target == null || target < 0 || target > n || target === c) return;
    this.session.goTo(target);
    this.afterChange();
  }

  play(text) {
    if (this.puzzle) return this.puzzle.play(text);
    if (!this.session || !this.playable) return false;
    try {
      this.session.play(text, undefined);
    } catch (error) {
      this.note = errorText(error);
      this.renderStatus();
      return false;
    }
    this.afterChange();
    return true;
  }

  reset() {
    if (this.puzzle) return this.puzzle.retry();
    if (!this.mod || this.initialRecord == null) return;
    try {
      const session = this.mod.Session.fromRecord(this.initialRecord);
      this.dropSession();
      this.session = session;
    } catch (error) {
      return this.fail(errorText(error));
    }
    this.afterChange();
  }

  afterChange() {
    this.control.deselect();
    this.note = '';
    this.view = sessionView(this.session);
    this.render();
    this.dispatchEvent(
      new CustomEvent('ludus-change', {
        detail: { record: this.view.record, cursor: this.view.cursor, steps: this.view.steps.length, node: this.view.node ?? null },
      }),
    );
  }

  clearSelection() {
    if (!this.control.selection && !this.note) return;
    this.control.deselect();
    this.note = '';
    this.render();
  }

  onKey(e) {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    // On a playable board the arrows move over the cells (the Board handles them).
    if (this.playable && e.target === this.board?.canvas) return;
    const go = { ArrowLeft: 'previous', ArrowRight: 'next', Home: 'first', End: 'last' }[e.key];
    const line = { ArrowUp: 'up', ArrowDown: 'down' }[e.key];
    const to = line && this.view ? treeStep(treeOf(this.view), treeOf(this.view).shown, line) : null;
    if (to != null) {
      // Between the lines tried; with none there the page scrolls as usual.
      e.preventDefault();
      this.goToNode(to);
    } else if (go) {
      e.preventDefault();
      this.go(go);
    } else if (e.key === 'Escape') {
      this.clearSelection();
    }
  }

  // ----------------------------------------------------------------------------------------
  // Drawing
  // ----------------------------------------------------------------------------------------

  render() {
    const v = this.view;
    if (!v || !this.board) return;
    const playable = this.playable;
    const tree = treeOf(v);
    this.board.update(boardConfig(this.control, {
      view: v,
      drawings: drawingsOf(tree),
      coords: flagFromAttribute(this.getAttribute('coords')),
      flipped: flagFromAttribute(this.getAttribute('flipped')),
    }));
    const canvas = this.board.canvas;
    // A view-only board is no keyboard stop: focus (and the arrow keys) go to the frame.
    if (playable) canvas.tabIndex = 0;
    else canvas.removeAttribute('tabindex');
    canvas.setAttribute('role', playable ? 'application' : 'img');
    canvas.setAttribute(
      'aria-label',
      `${boardLabel(v)}, after step ${v.cursor} of ${v.steps.length}. ${v.prompt}.` +
        (playable ? ' Arrow keys move over the cells, Enter or Space plays there.' : ''),
    );
    this.ui.frame.setAttribute('aria-label', `${v.title} board`);
    this.ui.frame.dataset.cursor = String(v.cursor);
    this.ui.frame.dataset.steps = String(v.steps.length);
    this.a11y.update(v, this.control.legal());

    const n = v.steps.length;
    // A puzzle is solved, not replayed: no stepping through its moves.
    this.ui.nav.hidden = (n === 0 && !playable) || !!this.puzzle;
    this.ui.counter.textContent = `${v.cursor} / ${n}`;
    this.ui.buttons.first.disabled = v.cursor === 0;
    this.ui.buttons.previous.disabled = v.cursor === 0;
    this.ui.buttons.next.disabled = v.cursor >= n;
    this.ui.buttons.last.disabled = v.cursor >= n;
    const canPass = this.control.passStep() != null;
    this.ui.pass.hidden = !canPass;
    if (canPass) this.ui.pass.textContent = this.control.passLabel();
    this.ui.fire.hidden = !this.control.fireOffered();
    const noReset = this.puzzle ? v.record === this.initialRecord : !playable || v.record === this.initialRecord;
    // A puzzle keeps Reset's place from the start (unseen until a step is tried): it comes
    // without moving what is under it.
    this.ui.reset.hidden = noReset && !this.puzzle;
    this.ui.reset.classList.toggle('kept', noReset && !!this.puzzle);
    this.ui.bar.hidden = this.ui.nav.hidden && this.ui.pass.hidden && this.ui.fire.hidden && this.ui.reset.hidden;

    // The caption: the step that led here, numbered by its round as the move list numbers
    // it ("6. Green 17@c3").
    if (v.cursor > 0) {
      const seat = v.movers?.[v.cursor - 1];
      const player = v.players?.[seat];
      const round = roundsOf(tree).get(tree.shown) ?? v.cursor;
      this.ui.caption.textContent = `${round}. ${player ? `${player.name} ` : ''}${v.steps[v.cursor - 1]}`;
      this.setDot(player?.color);
    } else {
      this.ui.caption.textContent = n ? 'Start' : v.title;
      this.setDot(null);
    }
    // The step's glyph, its comment (as text), and the lines tried.
    const node = tree.nodes.get(tree.shown);
    if (node.glyph) this.ui.caption.append(Object.assign(document.createElement('span'), { className: 'glyph', textContent: ` ${node.glyph}` }));
    this.ui.comment.textContent = node.comment;
    this.ui.comment.hidden = !node.comment;
    const lines = hasLines(tree);
    this.ui.moves.hidden = !lines;
    if (lines) renderTreeMoves(this.ui.moves, tree, (id) => this.goToNode(id));
    this.renderStatus();

    this.ui.credit.textContent = `${v.title} · ${v.designer}`;
    const href = appLinkFromAttribute(this.getAttribute('app'), document.baseURI, DEFAULT_APP);
    this.ui.open.hidden = !href;
    if (href) this.ui.open.href = href + fragmentFor(linkRecord(this.session, v));
    else this.ui.open.removeAttribute('href');
  }

  setDot(color) {
    this.ui.dot.hidden = !color;
    if (color) this.ui.dot.style.background = `var(--piece-${color})`;
  }

  renderStatus() {
    const v = this.view;
    if (!v) return;
    const status = this.ui.status;
    // The engine's prompt says what is asked, or how the game ended; back in the moves, its
    // status words say what a step played here drops.
    // A puzzle says how the reader is doing instead; a wrong step in the colour of a refusal.
    let text = this.puzzle ? this.puzzle.message : v.prompt;
    const replaces = this.playable && !this.puzzle ? v.status?.replaces : null;
    if (replaces) text += `. A step played here ${replaces}.`;
    const hint = this.note ? '' : this.control.selectionHint();
    if (hint) text = hint;
    status.classList.toggle('over', !!v.outcome);
    status.classList.toggle('note', !!this.note || this.puzzle?.tone === 'wrong');
    status.textContent = this.note || text;
  }
}

if (!customElements.get(TAG)) customElements.define(TAG, LudusBoard);
