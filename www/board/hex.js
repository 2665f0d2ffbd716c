// Hex-of-hex boards: pixel <-> cell <-> edge math for a board of side n drawn in a box.
//
// As in the engines (src/geometry/hex.rs): 2n-1 horizontal rows of pointy-topped cells,
// row a at the bottom, cells numbered from the left within a row, cell index in cell order
// (bottom row first). Axial coordinates (q east, r up, centre (0, 0)); a cell is on the
// board when |q|, |r|, |q - r| < n. Directions, clockwise from north-east:
// NE E SE SW W NW. Sides: N NE SE S SW NW. No DOM here: node tests import this file.

export const DIRS = ['NE', 'E', 'SE', 'SW', 'W', 'NW'];
export const SIDES = ['N', 'NE', 'SE', 'S', 'SW', 'NW'];
const DELTA = [[1, 1], [1, 0], [0, -1], [-1, -1], [-1, 0], [0, 1]];
const SQRT3 = Math.sqrt(3);
const RAD = Math.PI / 180;

/** Padding around the cells, in circumradii: horizontally room for row letters. */
const PAD = { x: 1.35, y: 0.75, border: 0.26 };

/** Cells of a hex-of-hex board: axial coordinates and names, in cell order. */
export function hexCells(side) {
  const m = side - 1;
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

/** Width / height of the drawing that fits a board of this side best. */
export function hexAspect(side) {
  const rows = 2 * side - 1;
  return (rows * SQRT3 + 2 * PAD.x) / ((rows - 1) * 1.5 + 2 + 2 * PAD.y);
}

/** Screen angle (degrees, clockwise from east since y grows downward) of a direction. */
function dirAngle(d) {
  return -60 + 60 * d;
}

/**
 * Geometry of a hex-of-hex board of side `side` laid out in a `boxWidth x boxHeight` box.
 * Coordinates are CSS pixels relative to the box's top-left corner.
 */
export function hexGeometry(side, boxWidth, boxHeight, { flipped = false } = {}) {
  const n = side;
  const m = n - 1;
  const rows = 2 * n - 1;
  const { coords, names, rowStarts, indexOf } = hexCells(n);
  const count = coords.length;
  // s = circumradius of a cell.
  const s = Math.max(
    1e-6,
    Math.min(
      boxWidth / (rows * SQRT3 + 2 * PAD.x),
      boxHeight / ((rows - 1) * 1.5 + 2 + 2 * PAD.y),
    ),
  );
  const apothem = (SQRT3 / 2) * s;
  const cx = boxWidth / 2;
  const cy = boxHeight / 2;
  const k = flipped ? -1 : 1;

  // Board coordinates (unflipped, centred) -> screen, and back.
  const toScreen = (bx, by) => [cx + k * bx, cy + k * by];
  const toBoard = (x, y) => [k * (x - cx), k * (y - cy)];
  const boardCenter = (cell) => {
    const [q, r] = coords[cell];
    return [SQRT3 * s * (q - r / 2), -1.5 * s * r];
  };

  const center = (cell) => toScreen(...boardCenter(cell));

  /** Screen unit vector of a direction (index or name). */
  function dirVector(dir) {
    const d = typeof dir === 'number' ? dir : DIRS.indexOf(dir);
    const a = (dirAngle(d) + (flipped ? 180 : 0)) * RAD;
    return [Math.cos(a), Math.sin(a)];
  }

  // Point at angle `deg` (board frame) and distance `dist` from a cell's centre, on screen.
  const around = (cell, deg, dist) => {
    const [bx, by] = boardCenter(cell);
    return toScreen(bx + dist * Math.cos(deg * RAD), by + dist * Math.sin(deg * RAD));
  };

  function polygon(cell) {
    return [-90, -30, 30, 90, 150, 210].map((deg) => around(cell, deg, s));
  }

  function neighbor(cell, dir) {
    const d = typeof dir === 'number' ? dir : DIRS.indexOf(dir);
    if (d < 0 || cell < 0 || cell >= count) return -1;
    const [q, r] = coords[cell];
    return indexOf(q + DELTA[d][0], r + DELTA[d][1]);
  }

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
    return cell < other ? [cell, other] : [other, cell];
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

  /** Screen endpoints of the edge between two neighbouring cells, or null. */
  function edgeSegment(a, b) {
    for (let d = 0; d < 6; d++) {
      if (neighbor(a, d) === b) {
        const a0 = dirAngle(d);
        return [around(a, a0 - 30, s), around(a, a0 + 30, s)];
      }
    }
    return null;
  }

  /** Midpoint of the edge between two neighbours (or null). */
  function edgeMidpoint(a, b) {
    const seg = edgeSegment(a, b);
    if (!seg) return null;
    return [(seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2];
  }

  // Sides: which cells lie on each, as in hex.rs.
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
    const key = (c) => {
      const [bx, by] = boardCenter(c);
      return bx * Math.cos(tangent) + by * Math.sin(tangent);
    };
    cells.sort((a, b) => key(a) - key(b));
    const aPrev = dirAngle(dPrev);
    const aThis = dirAngle(dThis);
    const points = [];
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

  /** Row letters at both ends of each row, in screen positions. */
  function labels() {
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

  /** Keyboard cursor moves in screen directions. */
  function step(cell, key) {
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
  }

  const halfWidth = (rows * SQRT3 * s) / 2;
  const halfHeight = ((rows - 1) * 1.5 * s) / 2 + s;

  return {
    kind: 'hex',
    side: n,
    count,
    flipped,
    size: s,
    apothem,
    pieceRadius: apothem,
    bounds: { left: cx - halfWidth, top: cy - halfHeight, right: cx + halfWidth, bottom: cy + halfHeight },
    borderWidth: Math.min(PAD.border * s, 11),
    name: (cell) => names[cell],
    names,
    coords,
    center,
    polygon,
    neighbor,
    cellAt,
    edgeAt,
    edgeSegment,
    edgeMidpoint,
    dirAt,
    dirVector,
    sidesOf,
    sideOutline,
    labels,
    step,
  };
}
