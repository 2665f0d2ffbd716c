// Hex-of-hex boards: pixel <-> cell <-> edge math for a board of side n drawn in a box.
//
// As in the engines (src/geometry/hex.rs): 2n-1 horizontal rows of pointy-topped cells,
// row a at the bottom, cells numbered from the left within a row, cell index in cell order
// (bottom row first). Axial coordinates (q east, r up, centre (0, 0)); a cell is on the
// board when |q|, |r|, |q - r| < n. Directions, clockwise from north-east:
// NE E SE SW W NW. Sides: N NE SE S SW NW. No DOM here: node tests import this file.
//
// hexGeometry assembles the Geometry (geometry.js) from named parts: the layout (where
// each cell's centre lies), picking (which cell, edge or direction a point means), edges
// and sides, the keyboard cursor, and the painting of cells and sides.

import { pieceColor } from './theme.js';
import { pathPolygon } from './marks.js';

/** @typedef {import('./geometry.js').Geometry} Geometry */
/** @typedef {import('./geometry.js').Point} Point */
/** @typedef {import('./geometry.js').Theme} Theme */

export const DIRS = ['NE', 'E', 'SE', 'SW', 'W', 'NW'];
export const SIDES = ['N', 'NE', 'SE', 'S', 'SW', 'NW'];
const DELTA = [[1, 1], [1, 0], [0, -1], [-1, -1], [-1, 0], [0, 1]];
const SQRT3 = Math.sqrt(3);
const RAD = Math.PI / 180;

/** Padding around the cells, in circumradii: horizontally room for row letters. */
const PAD = { x: 1.35, y: 0.75, border: 0.26 };

/**
 * Cells of a hex-of-hex board: axial coordinates and names, in cell order.
 * @param {number} side
 * @returns {{coords: [number, number][], names: string[], rowStarts: number[], indexOf: (q: number, r: number) => number}}
 */
export function hexCells(side) {
  const m = side - 1;
  /** @type {[number, number][]} */
  const coords = [];
  const names = [];
  const rowStarts = [];
  for (let r = -m; r <= m; r++) {
    const row = r + m;
    rowStarts.push(coords.length);
    let pos = 0;
    for (let q = Math.max(-m, r - m); q <= Math.min(m, r + m); q++) {
      coords.push([q, r]);
      names.push(String.fromCharCode(97 + row) + ++pos);
    }
  }
  const indexOf = (q, r) => {
    if (Math.abs(q) > m || Math.abs(r) > m || Math.abs(q - r) > m) return -1;
    return rowStarts[r + m] + q - Math.max(-m, r - m);
  };
  return { coords, names, rowStarts, indexOf };
}

/**
 * Width / height of the drawing that fits a board of this side best.
 * @param {number} side
 * @returns {number}
 */
export function hexAspect(side) {
  const rows = 2 * side - 1;
  return (rows * SQRT3 + 2 * PAD.x) / ((rows - 1) * 1.5 + 2 + 2 * PAD.y);
}

/**
 * Screen angle (degrees, clockwise from east since y grows downward) of a direction.
 * @param {number} d
 * @returns {number}
 */
function dirAngle(d) {
  return -60 + 60 * d;
}

/** @typedef {import('../types/board-hex').HexLayout} HexLayout */

/**
 * @param {number} side
 * @param {number} boxWidth
 * @param {number} boxHeight
 * @param {boolean} flipped
 * @returns {HexLayout}
 */
function hexLayout(side, boxWidth, boxHeight, flipped) {
  const m = side - 1;
  const rows = 2 * side - 1;
  const { coords, names, rowStarts, indexOf } = hexCells(side);
  const s = Math.max(
    1e-6,
    Math.min(
      boxWidth / (rows * SQRT3 + 2 * PAD.x),
      boxHeight / ((rows - 1) * 1.5 + 2 + 2 * PAD.y),
    ),
  );
  const cx = boxWidth / 2;
  const cy = boxHeight / 2;
  const k = flipped ? -1 : 1;
  /** @type {(bx: number, by: number) => Point} */
  const toScreen = (bx, by) => [cx + k * bx, cy + k * by];
  /** @type {(cell: number) => Point} */
  const boardCenter = (cell) => {
    const [q, r] = coords[cell];
    return [SQRT3 * s * (q - r / 2), -1.5 * s * r];
  };
  return {
    m,
    rows,
    count: coords.length,
    coords,
    names,
    rowStarts,
    indexOf,
    flipped,
    s,
    apothem: (SQRT3 / 2) * s,
    cx,
    cy,
    toScreen,
    toBoard: (x, y) => [k * (x - cx), k * (y - cy)],
    boardCenter,
    center: (cell) => toScreen(...boardCenter(cell)),
    around: (cell, deg, dist) => {
      const [bx, by] = boardCenter(cell);
      return toScreen(bx + dist * Math.cos(deg * RAD), by + dist * Math.sin(deg * RAD));
    },
  };
}

/**
 * Neighbours and directions on screen.
 * @param {HexLayout} layout
 * @returns {Pick<Geometry, 'neighbor' | 'dirVector'>}
 */
function hexDirections({ count, coords, indexOf, flipped }) {
  return {
    neighbor(cell, dir) {
      const d = typeof dir === 'number' ? dir : DIRS.indexOf(dir);
      if (d < 0 || cell < 0 || cell >= count) return -1;
      const [q, r] = coords[cell];
      return indexOf(q + DELTA[d][0], r + DELTA[d][1]);
    },
    dirVector(dir) {
      const d = typeof dir === 'number' ? dir : DIRS.indexOf(dir);
      const a = (dirAngle(d) + (flipped ? 180 : 0)) * RAD;
      return [Math.cos(a), Math.sin(a)];
    },
  };
}

/**
 * What a point means: the cell under it, the edge near it, the direction of a cell it lies in.
 * @param {HexLayout} layout
 * @param {Geometry['neighbor']} neighbor
 * @returns {Pick<Geometry, 'cellAt' | 'edgeAt' | 'dirAt'>}
 */
function hexPicking({ count, s, apothem, indexOf, toBoard, boardCenter }, neighbor) {
  /** The cell under a point, or -1. */
  function cellAt(x, y) {
    const [bx, by] = toBoard(x, y);
    const r = -by / (1.5 * s);
    const q = bx / (SQRT3 * s) + r / 2;
    // Cube rounding in the standard frame (q, rs = -r).
    const fx = q;
    const fz = -r;
    const fy = -fx - fz;
    let rx = Math.round(fx);
    let ry = Math.round(fy);
    let rz = Math.round(fz);
    const dx = Math.abs(rx - fx);
    const dy = Math.abs(ry - fy);
    const dz = Math.abs(rz - fz);
    if (dx > dy && dx > dz) rx = -ry - rz;
    else if (dy > dz) ry = -rx - rz;
    else rz = -rx - ry;
    return indexOf(rx, -rz);
  }

  /**
   * Direction index of the cell side nearest to a point (the sector the point lies in),
   * with its distance from the cell's centre measured along that direction.
   * @type {(cell: number, x: number, y: number) => {dir: number, along: number}}
   */
  function sector(cell, x, y) {
    const [px, py] = toBoard(x, y);
    const [bx, by] = boardCenter(cell);
    const vx = px - bx;
    const vy = py - by;
    let best = 0;
    let bestDot = -Infinity;
    for (let d = 0; d < 6; d++) {
      const a = dirAngle(d) * RAD;
      const dot = vx * Math.cos(a) + vy * Math.sin(a);
      if (dot > bestDot) {
        bestDot = dot;
        best = d;
      }
    }
    return { dir: best, along: bestDot };
  }

  /**
   * The edge (two neighbouring cells, lower index first) within `tolerance` (a fraction of
   * the apothem) of a point, or null. Board-boundary sides are not edges.
   */
  function edgeAt(x, y, tolerance = 0.22) {
    const cell = cellAt(x, y);
    if (cell < 0) return null;
    const { dir, along } = sector(cell, x, y);
    if (apothem - along > tolerance * apothem) return null;
    const other = neighbor(cell, dir);
    if (other < 0) return null;
    return /** @type {[number, number]} */ (cell < other ? [cell, other] : [other, cell]);
  }

  /**
   * The direction (name) of the sector of `cell` a point lies in, if it lies between
   * `from` and `to` apothems out along that direction (beyond 1 is outside the cell).
   */
  function dirAt(cell, x, y, from = 0.3, to = 1.25) {
    if (cell < 0 || cell >= count) return null;
    const { dir, along } = sector(cell, x, y);
    if (along <= from * apothem || along > to * apothem) return null;
    return DIRS[dir];
  }

  return { cellAt, edgeAt, dirAt };
}

/**
 * The shared sides of neighbouring cells.
 * @param {HexLayout} layout
 * @param {Geometry['neighbor']} neighbor
 * @returns {Pick<Geometry, 'edgeSegment' | 'edgeMidpoint'>}
 */
function hexEdges({ s, around }, neighbor) {
  /** Screen endpoints of the edge between two neighbouring cells, or null. */
  function edgeSegment(a, b) {
    for (let d = 0; d < 6; d++) {
      if (neighbor(a, d) === b) {
        const a0 = dirAngle(d);
        return /** @type {[Point, Point]} */ ([around(a, a0 - 30, s), around(a, a0 + 30, s)]);
      }
    }
    return null;
  }

  /** Midpoint of the edge between two neighbours (or null). */
  function edgeMidpoint(a, b) {
    const seg = edgeSegment(a, b);
    if (!seg) return null;
    return /** @type {Point} */ ([(seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2]);
  }

  return { edgeSegment, edgeMidpoint };
}

/**
 * The board's six sides: which cells lie on each (as in hex.rs) and their outlines.
 * @param {HexLayout} layout
 * @returns {Pick<Geometry, 'sidesOf' | 'sideOutline'>}
 */
function hexSides({ m, count, coords, s, apothem, boardCenter, around }) {
  /** @type {(cell: number, sideIndex: number) => boolean} */
  function onSide(cell, sideIndex) {
    const [q, r] = coords[cell];
    switch (sideIndex) {
      case 0: return r === m;
      case 1: return q === m;
      case 2: return q - r === m;
      case 3: return r === -m;
      case 4: return q === -m;
      default: return r - q === m;
    }
  }

  /** Names of the sides a cell lies on. */
  function sidesOf(cell) {
    return SIDES.filter((_, i) => onSide(cell, i));
  }

  /**
   * The outline of a board side as a screen polyline along the outer cell edges. Side k
   * faces directions k-1 and k; the corner cells' shared edge is split at its midpoint.
   */
  function sideOutline(sideName) {
    const sideIndex = SIDES.indexOf(sideName);
    if (sideIndex < 0) return null;
    const dPrev = (sideIndex + 5) % 6;
    const dThis = sideIndex;
    const tangent = 60 * sideIndex * RAD;
    const cells = [];
    for (let c = 0; c < count; c++) if (onSide(c, sideIndex)) cells.push(c);
    /** @type {(c: number) => number} */
    const key = (c) => {
      const [bx, by] = boardCenter(c);
      return bx * Math.cos(tangent) + by * Math.sin(tangent);
    };
    cells.sort((a, b) => key(a) - key(b));
    const aPrev = dirAngle(dPrev);
    const aThis = dirAngle(dThis);
    /** @type {Point[]} */
    const points = [];
    /** @type {(p: Point) => void} */
    const push = (p) => {
      const last = points[points.length - 1];
      if (!last || Math.hypot(last[0] - p[0], last[1] - p[1]) > 1e-6 * s) points.push(p);
    };
    cells.forEach((c, i) => {
      if (i === 0) push(around(c, aPrev, apothem));
      else push(around(c, aPrev - 30, s));
      push(around(c, aThis - 30, s));
      if (i === cells.length - 1) push(around(c, aThis, apothem));
      else push(around(c, aThis + 30, s));
    });
    return points;
  }

  return { sidesOf, sideOutline };
}

/**
 * Row letters at both ends of each row, in screen positions.
 * @param {HexLayout} layout
 * @returns {ReturnType<Geometry['labels']>}
 */
function hexLabels({ rows, rowStarts, count, s, toScreen, boardCenter }) {
  const out = [];
  const fontSize = Math.max(8, Math.min(15, s * 0.55));
  for (let row = 0; row < rows; row++) {
    const first = rowStarts[row];
    const last = (row + 1 < rows ? rowStarts[row + 1] : count) - 1;
    const text = String.fromCharCode(97 + row);
    const offset = SQRT3 * s * 0.95;
    for (const [cell, sign] of [[first, -1], [last, 1]]) {
      const [bx, by] = boardCenter(cell);
      const [x, y] = toScreen(bx + sign * offset, by);
      out.push({ text, x, y, fontSize });
    }
  }
  return out;
}

/**
 * Keyboard cursor moves in screen directions.
 * @param {HexLayout} layout
 * @param {Geometry['neighbor']} neighbor
 * @returns {Geometry['step']}
 */
function hexStep({ count, s, flipped, cx, center }, neighbor) {
  return (cell, key) => {
    const [x, y] = center(cell);
    if (key === 'left' || key === 'right') {
      const d = (key === 'right') === !flipped ? 1 : 4; // E : W
      const next = neighbor(cell, d);
      return next < 0 ? cell : next;
    }
    const wantUp = key === 'up';
    let best = cell;
    let bestScore = Infinity;
    for (let c = 0; c < count; c++) {
      const [cx2, cy2] = center(c);
      const dy = cy2 - y;
      if (Math.abs(Math.abs(dy) - 1.5 * s) > 0.1 * s || (dy < 0) !== wantUp) continue;
      // Nearest column; ties toward the board's vertical centre line.
      const score = Math.abs(cx2 - x) * 1000 + Math.abs(cx2 - cx);
      if (score < bestScore) {
        bestScore = score;
        best = c;
      }
    }
    return best;
  };
}

/**
 * The cells: a faint three-colouring of the grid, for easier reading of lines.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Theme} theme
 * @param {HexLayout} layout
 * @param {Geometry['polygon']} polygon
 */
function drawHexCells(ctx, theme, { count, coords, s }, polygon) {
  ctx.lineWidth = Math.max(1, s * 0.05);
  ctx.strokeStyle = theme.grid;
  ctx.lineJoin = 'round';
  for (let cell = 0; cell < count; cell++) {
    const [q, r] = coords[cell];
    pathPolygon(ctx, polygon(cell));
    ctx.fillStyle = (((q + r) % 3) + 3) % 3 === 0 ? theme.boardHexAlt : theme.boardHex;
    ctx.fill();
    ctx.stroke();
  }
}

/**
 * The sides: a thick line along each side's outline (the cells then cover its inner half),
 * several colours as parallel lines, a neutral one for a side nobody needs.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Map<string, string[]>} colors side name -> colour names
 * @param {Theme} theme
 * @param {number} w the border's depth
 * @param {Geometry['sideOutline']} sideOutline
 */
function drawHexSides(ctx, colors, theme, w, sideOutline) {
  ctx.lineJoin = 'round';
  ctx.lineCap = 'butt';
  for (const side of SIDES) {
    const points = sideOutline(side);
    if (!points) continue;
    const list = colors.get(side) ?? [];
    /** @type {(width: number, style: string) => void} */
    const stroke = (width, style) => {
      ctx.beginPath();
      points.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      ctx.lineWidth = width;
      ctx.strokeStyle = style;
      ctx.stroke();
    };
    if (!list.length) {
      stroke(2 * w, theme.neutralSide);
      continue;
    }
    // An outline keeps a white band visible on a light page and a black one on a dark page.
    stroke(2 * w + 2.5, theme.grid);
    list.forEach((color, i) => stroke((2 * w * (list.length - i)) / list.length, pieceColor(theme, color)));
  }
}

/**
 * Geometry of a hex-of-hex board of side `side` laid out in a `boxWidth x boxHeight` box.
 * Coordinates are CSS pixels relative to the box's top-left corner.
 * @param {number} side
 * @param {number} boxWidth
 * @param {number} boxHeight
 * @param {{flipped?: boolean}} [options]
 * @returns {Geometry}
 */
export function hexGeometry(side, boxWidth, boxHeight, { flipped = false } = {}) {
  const layout = hexLayout(side, boxWidth, boxHeight, flipped);
  const { rows, count, names, s, apothem, cx, cy, center, around } = layout;
  const { neighbor, dirVector } = hexDirections(layout);
  const sides = hexSides(layout);
  /** @type {Geometry['polygon']} */
  const polygon = (cell) => [-90, -30, 30, 90, 150, 210].map((deg) => around(cell, deg, s));
  const halfWidth = (rows * SQRT3 * s) / 2;
  const halfHeight = ((rows - 1) * 1.5 * s) / 2 + s;
  const borderWidth = Math.min(PAD.border * s, 11);
  return {
    count,
    flipped,
    size: s,
    apothem,
    pieceRadius: apothem,
    bounds: { left: cx - halfWidth, top: cy - halfHeight, right: cx + halfWidth, bottom: cy + halfHeight },
    borderWidth,
    name: (cell) => names[cell],
    names,
    dirs: DIRS,
    center,
    polygon,
    neighbor,
    ...hexPicking(layout, neighbor),
    ...hexEdges(layout, neighbor),
    dirVector,
    ...sides,
    labels: () => hexLabels(layout),
    step: hexStep(layout, neighbor),
    drawCells: (ctx, theme) => drawHexCells(ctx, theme, layout, polygon),
    drawSides: (ctx, colors, theme) => drawHexSides(ctx, colors, theme, borderWidth, sides.sideOutline),
  };
}
