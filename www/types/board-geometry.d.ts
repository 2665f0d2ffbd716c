// Types of www/board/geometry.js, kept out of it: a declaration file is never fetched, so the page
// does not download them.

type Shape = import('./ludus-views').Shape;
type Theme = typeof import('../board/theme.js').DEFAULT_THEME;
type Point = [number, number];
type Label = {text: string, x: number, y: number, fontSize: number};

/** A board laid out in a box of CSS pixels (square.js and hex.js build it). */
export interface Geometry {
  /** cells on the board */
  count: number;
  /** whether the board is turned 180 degrees on screen */
  flipped: boolean;
  /** a square cell's side, a hex cell's circumradius */
  size: number;
  /** from a cell's centre to the middle of its sides */
  apothem: number;
  /** radius of the largest disc a piece can use */
  pieceRadius: number;
  /** the cells' box */
  bounds: {left: number, top: number, right: number, bottom: number};
  /** depth of the coloured goal borders */
  borderWidth: number;
  /** cell names in cell order ("a1", ...) */
  names: string[];
  name: (cell: number) => string;
  /** the directions a cell's sides face, in order (keys 1 to 6 on a hex board); none on a square board, whose cells have no walls or shots */
  dirs: readonly string[];
  center: (cell: number) => Point;
  /** a cell's corners */
  polygon: (cell: number) => Point[];
  /** the cell across a side, or -1 */
  neighbor: (cell: number, dir: number | string) => number;
  /** the cell under a point, or -1 */
  cellAt: (x: number, y: number) => number;
  /** the edge between two cells (lower index first) near a point */
  edgeAt: (x: number, y: number, tolerance?: number) => [number, number] | null;
  /** ends of the edge between two cells */
  edgeSegment: (a: number, b: number) => [Point, Point] | null;
  edgeMidpoint: (a: number, b: number) => Point | null;
  /** the direction of a cell a point lies in, between `from` and `to` apothems out */
  dirAt: (cell: number, x: number, y: number, from?: number, to?: number) => string | null;
  /** screen unit vector of a direction ([0, 0] for none) */
  dirVector: (dir: number | string) => Point;
  /** names of the board sides a cell lies on */
  sidesOf: (cell: number) => string[];
  /** the points drawn for a board side */
  sideOutline: (side: string) => Point[] | null;
  /** coordinate labels */
  labels: () => Label[];
  /** the keyboard cursor's move ("up", ...) */
  step: (cell: number, key: string) => number;
  /** paints the cells and grid */
  drawCells: (ctx: CanvasRenderingContext2D, theme: Theme) => void;
  /** paints the board sides in their players' colours (side name -> colour names) */
  drawSides: (ctx: CanvasRenderingContext2D, colors: Map<string, string[]>, theme: Theme) => void;
}
