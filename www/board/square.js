// Square boards: pixel <-> cell math for a `width x height` board drawn in a CSS-pixel box.
//
// Cells are named like the engines name them: files a, b, ... from the left, ranks 1, 2, ...
// from the bottom; cell index = rank * width + file (a1 = 0). With `flipped` the board is
// turned 180 degrees on screen (a1 top-right). No DOM here: node tests import this file.

import { pieceColor } from './theme.js';
import { drawMark } from './pieces.js';
import { pathPolygon } from './marks.js';

/** @typedef {import('./geometry.js').Geometry} Geometry */
/** @typedef {import('./geometry.js').Point} Point */
/** @typedef {import('./geometry.js').Theme} Theme */
/** @typedef {import('../types/board-square').SquareLayout} SquareLayout */

/** Space around the cells, in cell sizes: coloured goal borders and coordinate labels. */
const PAD = { side: 0.62, border: 0.2 };

/**
 * @param {number} width
 * @param {number} cell
 * @returns {string}
 */
export function squareName(width, cell) {
  return String.fromCharCode(97 + (cell % width)) + (Math.floor(cell / width) + 1);
}

/**
 * Width / height of the drawing that fits the board best.
 * @param {number} width
 * @param {number} height
 * @returns {number}
 */
export function squareAspect(width, height) {
  return (width + 2 * PAD.side) / (height + 2 * PAD.side);
}

/**
 * Geometry of a square board laid out in a box of `boxWidth x boxHeight` CSS pixels.
 * All coordinates returned are CSS pixels relative to the box's top-left corner.
 * @param {number} width
 * @param {number} height
 * @param {number} boxWidth
 * @param {number} boxHeight
 * @param {{flipped?: boolean}} [options]
 * @returns {Geometry}
 */
export function squareGeometry(width, height, boxWidth, boxHeight, { flipped = false } = {}) {
  const size = Math.max(
    1e-6,
    Math.min(boxWidth / (width + 2 * PAD.side), boxHeight / (height + 2 * PAD.side)),
  );
  const left = (boxWidth - width * size) / 2;
  const top = (boxHeight - height * size) / 2;
  const count = width * height;

  // Screen column/row (0 = left/top) of a cell, after the optional half turn.
  const screenColumn = (file) => (flipped ? width - 1 - file : file);
  const screenRow = (rank) => (flipped ? rank : height - 1 - rank);

  const fileOf = (cell) => cell % width;
  const rankOf = (cell) => Math.floor(cell / width);

  /** @type {Geometry['center']} */
  function center(cell) {
    return [
      left + (screenColumn(fileOf(cell)) + 0.5) * size,
      top + (screenRow(rankOf(cell)) + 0.5) * size,
    ];
  }

  /** @type {Geometry['polygon']} */
  function polygon(cell) {
    const x = left + screenColumn(fileOf(cell)) * size;
    const y = top + screenRow(rankOf(cell)) * size;
    return [
      [x, y],
      [x + size, y],
      [x + size, y + size],
      [x, y + size],
    ];
  }

  const { cellAt, step } = squarePicking({ width, height, flipped, size, left, top, screenColumn, screenRow });
  const bounds = { left, top, right: left + width * size, bottom: top + height * size };
  const borderWidth = Math.min(PAD.border * size, 14);
  const { sideOutline, sidesOf, labels } = squareSides({ width, height, flipped, size, borderWidth, bounds, screenColumn, screenRow });
  return {
    count,
    flipped,
    size,
    apothem: size / 2,
    /** Radius of the largest disc a piece can use. */
    pieceRadius: size * 0.5,
    bounds,
    borderWidth,
    name: (cell) => squareName(width, cell),
    names: Array.from({ length: count }, (_, cell) => squareName(width, cell)),
    // No walls and no shots: a square cell's sides lead nowhere.
    dirs: [],
    center,
    polygon,
    neighbor: () => -1,
    cellAt,
    edgeAt: () => null,
    edgeSegment: () => null,
    edgeMidpoint: () => null,
    dirAt: () => null,
    dirVector: () => [0, 0],
    step,
    sidesOf,
    sideOutline,
    labels,
    drawCells: (ctx, theme) => drawSquareCells(ctx, theme, { width, height, size, bounds, polygon }),
    drawSides: (ctx, colors, theme) => drawSquareSides(ctx, colors, theme, { flipped, sideOutline }),
  };
}

/**
 * Which cell a point means, and where the keyboard cursor goes (in screen directions).
 * @param {Pick<SquareLayout, 'width' | 'height' | 'flipped' | 'size' | 'left' | 'top' | 'screenColumn' | 'screenRow'>} board
 * @returns {Pick<Geometry, 'cellAt' | 'step'>}
 */
function squarePicking({ width, height, flipped, size, left, top, screenColumn, screenRow }) {
  /** @type {(column: number, row: number) => number} the cell at a screen column and row, or -1 */
  const cellOnScreen = (column, row) => {
    if (column < 0 || row < 0 || column >= width || row >= height) return -1;
    const file = flipped ? width - 1 - column : column;
    const rank = flipped ? row : height - 1 - row;
    return rank * width + file;
  };
  return {
    cellAt: (x, y) => cellOnScreen(Math.floor((x - left) / size), Math.floor((y - top) / size)),
    // The next cell, or the same one at the edge.
    step(cell, key) {
      const [dc, dr] = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] }[key] ?? [0, 0];
      const next = cellOnScreen(screenColumn(cell % width) + dc, screenRow(Math.floor(cell / width)) + dr);
      return next < 0 ? cell : next;
    },
  };
}

/**
 * The board's four sides: the goal borders drawn outside them, the cells on each, and the
 * coordinate labels beside them.
 * @param {Pick<SquareLayout, 'width' | 'height' | 'flipped' | 'size' | 'borderWidth' | 'bounds' | 'screenColumn' | 'screenRow'>} board
 * @returns {Pick<Geometry, 'sideOutline' | 'sidesOf' | 'labels'>}
 */
function squareSides({ width, height, flipped, size, borderWidth: b, bounds, screenColumn, screenRow }) {
  const { left, top, right, bottom } = bounds;
  // Goal borders as quadrilaterals outside the cells, mitred at the corners. Screen sides
  // first; a board side lands on the opposite screen side when flipped.
  /** @type {Record<string, Point[]>} */
  const screenSides = {
    top: [[left - b, top - b], [right + b, top - b], [right, top], [left, top]],
    bottom: [[left, bottom], [right, bottom], [right + b, bottom + b], [left - b, bottom + b]],
    left: [[left - b, top - b], [left, top], [left, bottom], [left - b, bottom + b]],
    right: [[right, top], [right + b, top - b], [right + b, bottom + b], [right, bottom]],
  };
  const opposite = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };

  /** The quadrilateral drawn for a board side ("top", "bottom", "left", "right"). */
  function sideOutline(side) {
    const onScreen = flipped ? opposite[side] : side;
    return screenSides[onScreen] ?? null;
  }

  /** Names of the board sides a cell lies on. */
  function sidesOf(cell) {
    const file = cell % width;
    const rank = Math.floor(cell / width);
    const out = [];
    if (rank === height - 1) out.push('top');
    if (rank === 0) out.push('bottom');
    if (file === 0) out.push('left');
    if (file === width - 1) out.push('right');
    return out;
  }

  /** Coordinate labels: files under the board, ranks left of it (in screen order). */
  function labels() {
    const out = [];
    const fontSize = Math.max(8, Math.min(15, size * 0.3));
    const gap = b + (PAD.side * size - b) / 2;
    for (let file = 0; file < width; file++) {
      const x = left + (screenColumn(file) + 0.5) * size;
      out.push({ text: String.fromCharCode(97 + file), x, y: bottom + gap, fontSize });
    }
    for (let rank = 0; rank < height; rank++) {
      const y = top + (screenRow(rank) + 0.5) * size;
      out.push({ text: String(rank + 1), x: left - gap, y, fontSize });
    }
    return out;
  }

  return { sideOutline, sidesOf, labels };
}

/**
 * The cells: a faint checkering (it helps count squares on big boards) under a grid.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Theme} theme
 * @param {Pick<SquareLayout, 'width' | 'height' | 'size' | 'bounds' | 'polygon'>} board
 */
function drawSquareCells(ctx, theme, { width, height, size, bounds, polygon }) {
  const { left, top, right, bottom } = bounds;
  ctx.fillStyle = theme.boardSquare;
  ctx.fillRect(left, top, right - left, bottom - top);
  ctx.fillStyle = theme.boardSquareAlt;
  for (let cell = 0; cell < width * height; cell++) {
    const file = cell % width;
    const rank = Math.floor(cell / width);
    if ((file + rank) % 2 === 0) {
      const [[x, y]] = polygon(cell);
      ctx.fillRect(x, y, size, size);
    }
  }
  ctx.strokeStyle = theme.grid;
  ctx.lineWidth = Math.max(1, size * 0.02);
  ctx.beginPath();
  for (let i = 0; i <= width; i++) {
    const x = left + i * size;
    ctx.moveTo(x, top);
    ctx.lineTo(x, bottom);
  }
  for (let j = 0; j <= height; j++) {
    const y = top + j * size;
    ctx.moveTo(left, y);
    ctx.lineTo(right, y);
  }
  ctx.stroke();
}

/**
 * The goal borders: a filled band outside each coloured side, several colours as parallel
 * bands (the first outermost).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Map<string, string[]>} colors side name -> colour names
 * @param {Theme} theme
 * @param {Pick<SquareLayout, 'flipped' | 'sideOutline'>} board
 */
function drawSquareSides(ctx, colors, theme, { flipped, sideOutline }) {
  for (const [side, list] of colors) {
    const shape = sideOutline(side);
    if (!shape) continue;
    list.forEach((color, i) => {
      pathPolygon(ctx, shrinkBand(shape, side, 1 - i / list.length, flipped));
      ctx.fillStyle = pieceColor(theme, color);
      ctx.fill();
    });
    if (theme.marks === '1' && list.length === 1) {
      // High contrast: the side's owner by its mark too, in the band's middle.
      const cx = shape.reduce((t, p) => t + p[0], 0) / shape.length;
      const cy = shape.reduce((t, p) => t + p[1], 0) / shape.length;
      const xs = shape.map((p) => p[0]);
      const ys = shape.map((p) => p[1]);
      const depth = Math.min(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
      drawMark(ctx, list[0], pieceColor(theme, list[0]), cx, cy, depth * 0.42);
    }
  }
}

/**
 * The part of a side's band nearest the board: a fraction `f` of its depth.
 * @param {Point[]} shape the band's quadrilateral (sideOutline)
 * @param {string} side
 * @param {number} f
 * @param {boolean} flipped
 * @returns {Point[]}
 */
function shrinkBand(shape, side, f, flipped) {
  if (f >= 1) return shape;
  // Which corners of the quadrilateral lie on the board edge.
  const onScreen = flipped ? { top: 'bottom', bottom: 'top', left: 'right', right: 'left' }[side] : side;
  const inner = { top: [3, 2, 1, 0], bottom: [0, 1, 2, 3], left: [1, 2, 3, 0], right: [0, 3, 2, 1] }[onScreen];
  // inner[0], inner[1]: the two points on the board edge; inner[2], inner[3]: the outer
  // points matching them in order.
  const [i0, i1, o1, o0] = inner;
  /** @type {(p: Point, q: Point) => Point} */
  const lerp = (p, q) => [p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f];
  return [shape[i0], shape[i1], lerp(shape[i1], shape[o1]), lerp(shape[i0], shape[o0])];
}
