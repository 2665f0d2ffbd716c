// One entry point for board geometry: picks the square or hex-of-hex module from a view's
// `shape` ({kind: "square", width, height} | {kind: "hex", side}).

import { squareAspect, squareGeometry } from './square.js';
import { hexAspect, hexGeometry } from './hex.js';

/** Width / height that fits a board of this shape best. */
export function aspectOf(shape) {
  return shape.kind === 'hex' ? hexAspect(shape.side) : squareAspect(shape.width, shape.height);
}

/** Geometry for a shape laid out in a box of CSS pixels; `flipped` turns it 180 degrees. */
export function createGeometry(shape, boxWidth, boxHeight, options = {}) {
  if (shape.kind === 'hex') return hexGeometry(shape.side, boxWidth, boxHeight, options);
  return squareGeometry(shape.width, shape.height, boxWidth, boxHeight, options);
}

/** Whether two shapes are the same board. */
export function sameShape(a, b) {
  return !!a && !!b && a.kind === b.kind && a.side === b.side && a.width === b.width && a.height === b.height;
}
