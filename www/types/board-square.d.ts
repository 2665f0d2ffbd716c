// Types of www/board/square.js, kept out of it: a declaration file is never fetched, so the
// page does not download them.

type Geometry = import('../board/geometry.js').Geometry;

/** Where a `width x height` board lies in its box, as squareGeometry's parts share it. */
export interface SquareLayout {
  width: number;
  height: number;
  /** turned 180 degrees on screen */
  flipped: boolean;
  /** a cell's side, in CSS pixels */
  size: number;
  /** the cells' top-left corner */
  left: number;
  top: number;
  /** the depth of the goal borders */
  borderWidth: number;
  bounds: Geometry['bounds'];
  /** the screen column and row (0: left, top) of a file and a rank */
  screenColumn: (file: number) => number;
  screenRow: (rank: number) => number;
  polygon: Geometry['polygon'];
  sideOutline: Geometry['sideOutline'];
}
