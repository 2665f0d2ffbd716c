// Types of www/board/hex.js, kept out of it: a declaration file is never fetched, so the page
// does not download them.

type Geometry = import('../board/geometry.js').Geometry;
type Point = import('../board/geometry.js').Point;
type Theme = import('../board/geometry.js').Theme;

/** Where a board of side `side` lies in its box: the cells, the circumradius `s` of a cell, and the maps between board coordinates (unflipped, centred) and the screen. */
export interface HexLayout {
  /** side - 1: the largest axial coordinate */
  m: number;
  rows: number;
  count: number;
  /** axial coordinates in cell order */
  coords: [number, number][];
  names: string[];
  /** the first cell of each row */
  rowStarts: number[];
  /** the cell at axial coordinates, or -1 */
  indexOf: (q: number, r: number) => number;
  flipped: boolean;
  /** circumradius of a cell */
  s: number;
  apothem: number;
  /** the box's centre */
  cx: number;
  cy: number;
  /** board -> screen coordinates */
  toScreen: (bx: number, by: number) => Point;
  /** screen -> board coordinates */
  toBoard: (x: number, y: number) => Point;
  boardCenter: (cell: number) => Point;
  /** on screen */
  center: (cell: number) => Point;
  /** the screen point at angle `deg` (board frame) and distance `dist` from a cell's centre */
  around: (cell: number, deg: number, dist: number) => Point;
}
