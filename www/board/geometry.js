// One entry point for board geometry: picks the square or hex-of-hex module from a view's
// `shape` ({kind: "square", width, height} | {kind: "hex", side}). Both modules return the
// same shape (Geometry below), so that the board, the renderer and the exports never ask
// which kind of board they hold: what differs is answered by the geometry (its directions,
// its edges, how its cells and sides are painted).

import { squareAspect, squareGeometry } from './square.js';
import { hexAspect, hexGeometry } from './hex.js';

/** @typedef {import('../types/ludus-views').Shape} Shape */
/** @typedef {typeof import('./theme.js').DEFAULT_THEME} Theme */
/** @typedef {[number, number]} Point a point in CSS pixels from the box's top-left corner */
/** @typedef {{text: string, x: number, y: number, fontSize: number}} Label */

/** @typedef {import('../types/board-geometry').Geometry} Geometry */

/**
 * Width / height that fits a board of this shape best.
 * @param {Shape} shape
 * @returns {number}
 */
export function aspectOf(shape) {
  return shape.kind === 'hex' ? hexAspect(shape.side) : squareAspect(shape.width, shape.height);
}

/**
 * Geometry for a shape laid out in a box of CSS pixels; `flipped` turns it 180 degrees.
 * @param {Shape} shape
 * @param {number} boxWidth
 * @param {number} boxHeight
 * @param {{flipped?: boolean}} [options]
 * @returns {Geometry}
 */
export function createGeometry(shape, boxWidth, boxHeight, options = {}) {
  if (shape.kind === 'hex') return hexGeometry(shape.side, boxWidth, boxHeight, options);
  return squareGeometry(shape.width, shape.height, boxWidth, boxHeight, options);
}

/**
 * Whether two shapes are the same board.
 * @param {Shape | null | undefined} a
 * @param {Shape | null | undefined} b
 * @returns {boolean}
 */
export function sameShape(a, b) {
  if (!a || !b) return false;
  if (a.kind === 'hex') return b.kind === 'hex' && a.side === b.side;
  return b.kind === 'square' && a.width === b.width && a.height === b.height;
}
