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

/**
 * A board laid out in a box of CSS pixels (square.js and hex.js build it).
 * @typedef {object} Geometry
 * @property {number} count cells on the board
 * @property {boolean} flipped whether the board is turned 180 degrees on screen
 * @property {number} size a square cell's side, a hex cell's circumradius
 * @property {number} apothem from a cell's centre to the middle of its sides
 * @property {number} pieceRadius radius of the largest disc a piece can use
 * @property {{left: number, top: number, right: number, bottom: number}} bounds the cells' box
 * @property {number} borderWidth depth of the coloured goal borders
 * @property {string[]} names cell names in cell order ("a1", ...)
 * @property {(cell: number) => string} name
 * @property {readonly string[]} dirs the directions a cell's sides face, in order (keys 1 to
 *   6 on a hex board); none on a square board, whose cells have no walls or shots
 * @property {(cell: number) => Point} center
 * @property {(cell: number) => Point[]} polygon a cell's corners
 * @property {(cell: number, dir: number | string) => number} neighbor the cell across a side, or -1
 * @property {(x: number, y: number) => number} cellAt the cell under a point, or -1
 * @property {(x: number, y: number, tolerance?: number) => [number, number] | null} edgeAt
 *   the edge between two cells (lower index first) near a point
 * @property {(a: number, b: number) => [Point, Point] | null} edgeSegment ends of the edge between two cells
 * @property {(a: number, b: number) => Point | null} edgeMidpoint
 * @property {(cell: number, x: number, y: number, from?: number, to?: number) => string | null} dirAt
 *   the direction of a cell a point lies in, between `from` and `to` apothems out
 * @property {(dir: number | string) => Point} dirVector screen unit vector of a direction ([0, 0] for none)
 * @property {(cell: number) => string[]} sidesOf names of the board sides a cell lies on
 * @property {(side: string) => Point[] | null} sideOutline the points drawn for a board side
 * @property {() => Label[]} labels coordinate labels
 * @property {(cell: number, key: string) => number} step the keyboard cursor's move ("up", ...)
 * @property {(ctx: CanvasRenderingContext2D, theme: Theme) => void} drawCells paints the cells and grid
 * @property {(ctx: CanvasRenderingContext2D, colors: Map<string, string[]>, theme: Theme) => void} drawSides
 *   paints the board sides in their players' colours (side name -> colour names)
 */

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
