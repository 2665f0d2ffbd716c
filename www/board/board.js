// The board widget: a canvas that draws a view and turns pointer and keyboard input into
// actions ({type: "cell" | "edge" | "dir", ...}) for the page to match against legal steps.
// Crisp on high-DPI screens (devicePixelRatio), resized with its container (ResizeObserver).

import { aspectOf, createGeometry, sameShape } from './geometry.js';
import { drawBoard, themeFrom, DEFAULT_THEME } from './render.js';
import { analyse, edgeKey } from '../input.js';
import { ARROW } from './render.js';
import { unknownBoardFields } from './config.js';

/** @typedef {import('./config.js').BoardConfig} BoardConfig */

/** The performance mark set when the first board of the page is drawn. */
export const FIRST_BOARD_MARK = 'ludus:first-board';
let firstBoardMarked = false;

/**
 * How far from a legal wall's edge a finger's tap still means the wall, in CSS pixels (at
 * most 0.4 apothem, so that the middle of a cell still picks its piece).
 */
const TOUCH_EDGE_PX = 7;

export class Board {
  /**
   * @param {HTMLElement} container element the canvas fills
   * @param {{onAction: (event) => void, onHover?: (info) => void, onEscape?: () => void,
   *   onDraw?: (drawing: {circle: number} | {arrow: [number, number]}) => void}} handlers
   *   onDraw: where the user may draw, a right click circles a cell, a right drag draws an
   *   arrow (a finger does both in draw mode, `drawMode`); on the keyboard O circles the
   *   cursor's cell and A starts an arrow there, a second A ends it.
   */
  constructor(container, handlers) {
    this.container = container;
    this.handlers = handlers;
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'board-canvas';
    this.canvas.tabIndex = 0;
    this.canvas.setAttribute('role', 'application');
    this.canvas.setAttribute('aria-roledescription', 'game board');
    container.appendChild(this.canvas);
    this.ctx = this.canvas.getContext('2d');
    this.view = null;
    this.legal = [];
    this.selection = null;
    /** The step index of `legal` and `selection` (input.js analyse), or null until built. */
    this.index = null;
    this.flipped = false;
    this.coords = false;
    this.interactive = true;
    this.hover = {};
    this.focus = -1;
    this.showFocus = false;
    this.theme = DEFAULT_THEME;
    this.preview = null;
    /** The best steps drawn on the board (render.js `advice`), or null. */
    this.advice = null;
    this.hints = true;
    /** The analysis' best steps, drawn on top (analysis/panel.js); null for none. */
    this.advice = null;
    this.cssWidth = 0;
    this.cssHeight = 0;
    this.geom = null;
    this.frame = 0;
    this.pointerStart = null;
    /** The shown step's drawings ({arrows, circles}), drawn over the pieces; null for none. */
    this.drawings = null;
    /** Whether a finger's tap and drag draw rather than play (the page's draw-mode switch). */
    this.drawMode = false;
    /** The cell a drawing gesture or a keyboard arrow starts from, or -1. */
    this.drawStart = -1;
    /** board/drawings.js once loaded (on the first drawing to show or make), and its loading. */
    this.drawer = null;
    this.drawerLoading = null;

    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    // Moving between screens of different pixel density changes devicePixelRatio.
    this.watchPixelRatio();

    this.canvas.addEventListener('pointerdown', (e) => this.onPointerDown(e));
    this.canvas.addEventListener('pointerup', (e) => this.onPointerUp(e));
    this.canvas.addEventListener('pointermove', (e) => this.onPointerMove(e));
    this.canvas.addEventListener('pointerleave', () => this.setHover({}));
    this.canvas.addEventListener('keydown', (e) => this.onKeyDown(e));
    this.canvas.addEventListener('blur', () => {
      this.showFocus = false;
      this.draw();
    });
    this.canvas.addEventListener('contextmenu', (e) => e.preventDefault());
  }

  watchPixelRatio() {
    const query = matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
    query.addEventListener(
      'change',
      () => {
        this.resize(true);
        this.watchPixelRatio();
      },
      { once: true },
    );
  }

  /** Re-reads theme colours from CSS (after a theme change). */
  refreshTheme() {
    this.theme = themeFrom(this.canvas);
    this.draw();
  }

  /**
   * Sets what to show (board/config.js's boardConfig builds it from a controller). Any
   * omitted field keeps its value; a name that is no field is refused, and nothing changes.
   * @param {BoardConfig} state
   */
  update(state) {
    const unknown = unknownBoardFields(state);
    if (unknown.length) throw new TypeError(`Board.update: ${unknown.map((k) => `"${k}"`).join(', ')} is no board setting (see BoardConfig in board/config.js)`);
    const oldShape = this.view?.shape;
    // A new position or selection without the controller's step index: the board builds one.
    if (!('index' in state) && ['view', 'legal', 'selection', 'interactive'].some((k) => k in state)) this.index = null;
    Object.assign(this, state);
    if (this.view && (!oldShape || !sameShape(oldShape, this.view.shape))) {
      this.container.style.setProperty('--board-aspect', String(aspectOf(this.view.shape)));
      this.focus = -1;
      this.geom = null;
      this.setHover({});
      this.resize(true);
      return;
    }
    if ('flipped' in state) this.geom = null;
    // In draw mode a finger's drag draws an arrow instead of scrolling the page.
    if ('drawMode' in state) this.canvas.style.touchAction = this.drawMode ? 'none' : '';
    this.draw();
  }

  resize(force = false) {
    const rect = this.container.getBoundingClientRect();
    const width = Math.max(1, Math.floor(rect.width));
    const height = Math.max(1, Math.floor(rect.height));
    const dpr = window.devicePixelRatio || 1;
    if (!force && width === this.cssWidth && height === this.cssHeight && dpr === this.dpr) return;
    this.cssWidth = width;
    this.cssHeight = height;
    this.dpr = dpr;
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(height * dpr);
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    this.geom = null;
    this.drawNow();
  }

  geometry() {
    if (!this.view) return null;
    if (!this.geom) {
      this.geom = createGeometry(this.view.shape, this.cssWidth, this.cssHeight, { flipped: this.flipped });
    }
    return this.geom;
  }

  /** The step index of what the board shows: the controller's (see update), or its own once. */
  analysis() {
    this.index ??= analyse(this.interactive ? this.legal : [], this.selection, this.view?.pieces);
    return this.index;
  }

  /** Schedules a redraw on the next animation frame. */
  draw() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.drawNow();
    });
  }

  drawNow() {
    const ctx = this.ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    const geom = this.geometry();
    if (!geom) return;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    const a = this.analysis();
    const drawings = this.drawings || this.drawStart >= 0 ? { ...this.drawings, pending: this.drawStart } : null;
    if (drawings && !this.drawer) this.loadDrawer().then(() => this.draw(), () => {});
    drawBoard(
      ctx,
      geom,
      this.view,
      {
        analysis: a,
        selection: this.selection,
        hover: this.hover,
        focus: this.focus,
        showFocus: this.showFocus,
        coords: this.coords,
        hints: this.hints,
        showDots: this.hints && this.showDots(a),
        showSources: this.hints && this.showSources(a),
        preview: this.preview,
        advice: this.advice,
        drawings,
        drawDrawings: this.drawer?.drawDrawings,
      },
      this.theme,
    );
    // Startup timing (tests/e2e/startup.test.mjs): when the page first shows a board.
    if (!firstBoardMarked) {
      firstBoardMarked = true;
      performance.mark(FIRST_BOARD_MARK);
    }
  }

  /** Loads board/drawings.js (most boards never show a drawing). */
  loadDrawer() {
    this.drawerLoading ??= import('./drawings.js').then((m) => (this.drawer = m));
    return this.drawerLoading;
  }

  /** Dots on legal placements only when they are not simply "every empty cell". */
  showDots(a) {
    if (!a.oneClick.size) return false;
    const pieces = this.view?.pieces ?? [];
    let empty = 0;
    for (let c = 0; c < (this.geom?.count ?? 0); c++) if (!pieces[c]) empty++;
    return a.oneClick.size < empty || a.kinds.has('replace');
  }

  /** Outline pieces that can act when the step is forced (swaps), not for free moves. */
  showSources(a) {
    return a.kinds.has('swap');
  }

  // ----------------------------------------------------------------------------------
  // Hit testing
  // ----------------------------------------------------------------------------------

  localPoint(event) {
    const rect = this.canvas.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  }

  /**
   * What a point on the board means now: an action event or null. `touch`: the point is a
   * finger's, so a legal wall takes a touch-sized band around its edge.
   */
  hitTest(x, y, { touch = false } = {}) {
    const geom = this.geometry();
    if (!geom || !this.view) return null;
    const a = this.analysis();
    const sel = this.selection;
    if (sel && sel.cell >= 0 && a.dirs.size) {
      // A shot is never a tap on the asterisk itself (that lets go of it): its arrows lie
      // outside the piece, across each side.
      const dir = geom.dirAt(sel.cell, x, y, ARROW.from, ARROW.to);
      if (dir && a.dirs.has(dir)) return { type: 'dir', cell: sel.cell, dir };
    }
    if (!sel && a.edges.size) {
      // A finger misses by more than the 0.24 apothem a mouse gets: within about 7 px of a
      // legal wall's edge the tap is that wall, not the piece under it.
      if (touch) {
        const band = Math.min(0.4, Math.max(0.24, TOUCH_EDGE_PX / geom.apothem));
        const edge = geom.edgeAt(x, y, band);
        if (edge && a.edges.has(edgeKey(edge[0], edge[1]))) return { type: 'edge', a: edge[0], b: edge[1] };
      }
      const edge = geom.edgeAt(x, y, 0.24);
      if (edge) return { type: 'edge', a: edge[0], b: edge[1] };
    }
    const cell = geom.cellAt(x, y);
    if (cell < 0) return { type: 'outside' };
    return { type: 'cell', cell };
  }

  setHover(hover) {
    const same =
      hover.cell === this.hover.cell &&
      hover.dir === this.hover.dir &&
      String(hover.edge) === String(this.hover.edge);
    this.hover = hover;
    if (!same) {
      this.draw();
      this.handlers.onHover?.(hover);
    }
  }

  onPointerMove(event) {
    if (event.pointerType !== 'mouse') return;
    const [x, y] = this.localPoint(event);
    const hit = this.hitTest(x, y);
    if (!hit || hit.type === 'outside') return this.setHover({});
    if (hit.type === 'edge') {
      const geom = this.geometry();
      return this.setHover({ cell: geom.cellAt(x, y), edge: [hit.a, hit.b] });
    }
    if (hit.type === 'dir') return this.setHover({ cell: hit.cell, dir: hit.dir });
    this.setHover({ cell: hit.cell });
    const a = this.analysis();
    const clickable =
      a.oneClick.has(hit.cell) || a.sources.has(hit.cell) || a.dests.has(hit.cell) ||
      (this.selection && hit.cell === this.selection.cell);
    this.canvas.style.cursor = this.interactive && clickable ? 'pointer' : 'default';
  }

  /** Whether this pointer press draws (a right button; a finger or the mouse in draw mode). */
  drawing(event) {
    if (!this.handlers.onDraw) return false;
    return event.button === 2 || (this.drawMode && event.button === 0);
  }

  onPointerDown(event) {
    if (this.drawing(event)) {
      const [x, y] = this.localPoint(event);
      this.drawStart = this.geometry()?.cellAt(x, y) ?? -1;
      this.pointerStart = null;
      this.draw();
      return;
    }
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    this.pointerStart = [event.clientX, event.clientY];
    this.showFocus = false;
  }

  onPointerUp(event) {
    if (this.drawStart >= 0 && this.drawing(event)) {
      const [x, y] = this.localPoint(event);
      const [from, to] = [this.drawStart, this.geometry()?.cellAt(x, y) ?? -1];
      this.drawStart = -1;
      this.draw();
      this.loadDrawer().then(({ gesture }) => {
        const what = gesture(from, to);
        if (what) this.handlers.onDraw(what);
      }, () => {});
      return;
    }
    const start = this.pointerStart;
    this.pointerStart = null;
    if (!start || !this.interactive) return;
    // A drag (scrolling on a phone) is no click.
    if (Math.hypot(event.clientX - start[0], event.clientY - start[1]) > 12) return;
    const [x, y] = this.localPoint(event);
    const hit = this.hitTest(x, y, { touch: event.pointerType !== 'mouse' });
    if (!hit) return;
    if (hit.type === 'cell') this.focus = hit.cell;
    this.handlers.onAction?.(hit);
  }

  onKeyDown(event) {
    const keys = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };
    const geom = this.geometry();
    if (!geom) return;
    if (keys[event.key]) {
      event.preventDefault();
      if (this.focus < 0) this.focus = this.startFocus();
      else this.focus = geom.step(this.focus, keys[event.key]);
      this.showFocus = true;
      this.draw();
      this.handlers.onHover?.({ cell: this.focus });
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (this.focus < 0) {
        this.focus = this.startFocus();
        this.showFocus = true;
        this.draw();
        return;
      }
      this.showFocus = true;
      if (this.interactive) this.handlers.onAction?.({ type: 'cell', cell: this.focus });
    } else if (event.key === 'Escape') {
      if (this.drawStart >= 0) {
        this.drawStart = -1;
        this.draw();
        return;
      }
      this.handlers.onEscape?.();
    } else if (/^[aAoO]$/.test(event.key) && this.handlers.onDraw && this.focus >= 0) {
      // O circles the cursor's cell; A starts an arrow there, and a second A ends it on the
      // cell the cursor went to (on the same cell: no arrow).
      event.preventDefault();
      const start = this.drawStart;
      this.drawStart = -1;
      this.showFocus = true;
      if (event.key === 'o' || event.key === 'O') this.handlers.onDraw({ circle: this.focus });
      else if (start < 0) this.drawStart = this.focus;
      else if (start !== this.focus) this.handlers.onDraw({ arrow: [start, this.focus] });
      this.draw();
    } else if (/^[1-9]$/.test(event.key) && Number(event.key) <= geom.dirs.length && this.interactive) {
      // The digits name the geometry's directions (on a hex board 1-6 mean NE, E, SE, SW,
      // W, NW): with an asterisk selected, fire that way; otherwise put a wall on that side
      // of the cursor's cell.
      // A key that makes no step goes on as well, so that the engine says why.
      const d = Number(event.key) - 1;
      const dir = geom.dirs[d];
      const a = this.analysis();
      if (this.selection && this.selection.cell >= 0) {
        event.preventDefault();
        this.handlers.onAction?.({ type: 'dir', cell: this.selection.cell, dir });
      } else if (!this.selection && this.focus < 0) {
        // No cursor yet: show it, as Enter does, so that the next key has a cell.
        event.preventDefault();
        this.focus = this.startFocus();
        this.showFocus = true;
        this.draw();
      } else if (!this.selection) {
        event.preventDefault();
        this.showFocus = true;
        const other = geom.neighbor(this.focus, d);
        if (other >= 0 && a.edges.has(edgeKey(this.focus, other))) {
          this.handlers.onAction?.({ type: 'edge', a: Math.min(this.focus, other), b: Math.max(this.focus, other) });
        } else {
          this.handlers.onAction?.({ type: 'key', cell: this.focus, dir });
        }
      }
    }
  }

  startFocus() {
    const last = this.view?.lastTurn ?? [];
    if (last.length) return last[last.length - 1];
    return Math.floor((this.geometry()?.count ?? 1) / 2);
  }

  // ----------------------------------------------------------------------------------
  // Screen positions (for tests and for placing DOM overlays)
  // ----------------------------------------------------------------------------------

  /** @param {number[]} point a point on the canvas, in CSS pixels */
  toClient([x, y]) {
    const rect = this.canvas.getBoundingClientRect();
    return { x: rect.left + x, y: rect.top + y };
  }

  /** Viewport coordinates of a cell's centre. */
  cellPoint(cell) {
    return this.toClient(this.geometry().center(cell));
  }

  /** Viewport coordinates of the middle of the edge between two cells. */
  edgePoint(a, b) {
    const [[x1, y1], [x2, y2]] = this.geometry().edgeSegment(a, b);
    return this.toClient([(x1 + x2) / 2, (y1 + y2) / 2]);
  }

  /** Viewport coordinates of an asterisk's arrow in a direction. */
  dirPoint(cell, dir) {
    const geom = this.geometry();
    const [x, y] = geom.center(cell);
    const [vx, vy] = geom.dirVector(dir);
    const mid = (ARROW.base + ARROW.tip) / 2;
    return this.toClient([x + vx * geom.apothem * mid, y + vy * geom.apothem * mid]);
  }
}
