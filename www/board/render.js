// Draws a board view on a 2D canvas context, in CSS pixels (the caller scales for the
// device pixel ratio). One renderer for both geometries: the geometry object (square.js or
// hex.js) says where cells, edges and sides are; this file says how things look.
//
// view: the engine's BoardView (+ lastTurn). overlay: what the page adds on top:
//   { analysis, selection, hover: {cell, edge, dir}, focus, showFocus, showDots, coords,
//     previewColor, previewKind, advice }
// advice (www/analysis/analysis.js): steps the engine's analysis suggests, drawn on top:
//   [{ kind, cells, color, n }], cells from the engine's step views; the first is ringed.
// theme: colours read from CSS custom properties (see themeFrom).

import { PALETTE } from './palette.js';

const TAU = Math.PI * 2;

/** Renderer theme keys and the custom properties (board/palette.js) they are read from. */
const THEME_PROPERTIES = {
  boardSquare: 'board-square',
  boardSquareAlt: 'board-square-alt',
  boardHex: 'board-hex',
  boardHexAlt: 'board-hex-alt',
  grid: 'board-grid',
  label: 'board-label',
  lastTurn: 'board-last-turn',
  highlight: 'board-highlight',
  marked: 'board-marked',
  hint: 'board-hint',
  hintStrong: 'board-hint-strong',
  select: 'board-select',
  focus: 'board-focus',
  advice: 'board-advice',
  wall: 'board-wall',
  wallGhost: 'board-wall-ghost',
  neutralSide: 'board-neutral-side',
  // High contrast (www/a11y/contrast.js): "1" puts a shape on each coloured piece.
  marks: 'board-marks',
};
const PIECE_COLORS = ['red', 'blue', 'black', 'white', 'purple', 'orange', 'green', 'grey'];

/** A theme read through `get(propertyName)`, falling back to the light palette. */
function themeOf(get) {
  const theme = { background: 'transparent', pieces: {} };
  const read = (name) => get(name) || PALETTE.light[name];
  for (const [key, name] of Object.entries(THEME_PROPERTIES)) theme[key] = read(name);
  for (const color of PIECE_COLORS) theme.pieces[color] = read(`piece-${color}`);
  return theme;
}

/** The light palette, for drawing before any style is known. */
export const DEFAULT_THEME = themeOf(() => '');

/** Reads theme colours from an element's CSS custom properties (--board-*, --piece-*). */
export function themeFrom(element) {
  const style = getComputedStyle(element);
  return themeOf((name) => style.getPropertyValue(`--${name}`).trim());
}

function pieceColor(theme, name) {
  return theme.pieces[name] ?? name ?? '#888';
}

/** Mixes a #rrggbb colour toward black (amount < 0) or white (amount > 0). */
export function shade(color, amount) {
  const m = /^#([0-9a-f]{6})$/i.exec(color);
  if (!m) return color;
  const n = parseInt(m[1], 16);
  const channel = (v) => {
    const target = amount < 0 ? 0 : 255;
    return Math.round(v + (target - v) * Math.abs(amount));
  };
  const r = channel((n >> 16) & 255);
  const g = channel((n >> 8) & 255);
  const b = channel(n & 255);
  return `rgb(${r}, ${g}, ${b})`;
}

function isLight(color) {
  const m = /^#([0-9a-f]{6})$/i.exec(color);
  if (!m) return false;
  const n = parseInt(m[1], 16);
  const lum = 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return lum > 170;
}

function pathPolygon(ctx, points) {
  ctx.beginPath();
  points.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
  ctx.closePath();
}

function insetPolygon(points, [cx, cy], factor) {
  return points.map(([x, y]) => [cx + (x - cx) * factor, cy + (y - cy) * factor]);
}

// ------------------------------------------------------------------------------------------
// Pieces
// ------------------------------------------------------------------------------------------

/** Draws one piece centred at (x, y); `r` is the largest radius the cell allows. */
export function drawPiece(ctx, piece, x, y, r, theme, { ghost = false, geom = null } = {}) {
  const base = pieceColor(theme, piece.color);
  ctx.save();
  if (ghost) ctx.globalAlpha = 0.45;
  switch (piece.kind) {
    case 'checker':
      drawChecker(ctx, x, y, r * 0.8, base);
      break;
    case 'stone':
      drawStone(ctx, x, y, r * 0.84, base);
      break;
    case 'ring':
      drawRing(ctx, x, y, r * 0.74, base);
      break;
    case 'asterisk':
      drawAsterisk(ctx, x, y, r * 0.8, base, geom);
      break;
    case 'tile':
      drawTile(ctx, x, y, r * 0.86, base, piece.label, piece.color === 'grey');
      break;
    default:
      drawStone(ctx, x, y, r * 0.8, base);
  }
  if (theme.marks === '1') drawColorMark(ctx, piece, x, y, r, base);
  ctx.restore();
}

/**
 * The shape that tells a colour apart without seeing it (high-contrast mode): every colour
 * of a game gets a different one, so that Unity's purple, orange and green, or red and blue,
 * differ for colour-blind players too. Black, white and grey pieces differ in lightness.
 */
export const COLOR_MARKS = {
  red: 'triangle',
  blue: 'square',
  purple: 'diamond',
  orange: 'triangle-down',
  green: 'circle',
};

function drawColorMark(ctx, piece, x, y, r, base) {
  // Tiles carry their number in the middle: the mark goes to a corner.
  if (piece.kind === 'tile') drawMark(ctx, piece.color, base, x + r * 0.5, y - r * 0.5, r * 0.2);
  else drawMark(ctx, piece.color, base, x, y, r * 0.3);
}

/** The colour's mark (COLOR_MARKS) centred at (x, y), `s` its half size, on a `base` ground. */
function drawMark(ctx, colorName, base, x, y, s) {
  const shape = COLOR_MARKS[colorName];
  if (!shape) return;
  ctx.beginPath();
  if (shape === 'circle') {
    ctx.arc(x, y, s * 0.85, 0, TAU);
  } else {
    const points = {
      triangle: [[0, -1.05], [0.95, 0.7], [-0.95, 0.7]],
      'triangle-down': [[0, 1.05], [0.95, -0.7], [-0.95, -0.7]],
      square: [[-0.8, -0.8], [0.8, -0.8], [0.8, 0.8], [-0.8, 0.8]],
      diamond: [[0, -1.1], [1.1, 0], [0, 1.1], [-1.1, 0]],
    }[shape];
    points.forEach(([px, py], i) => (i ? ctx.lineTo(x + px * s, y + py * s) : ctx.moveTo(x + px * s, y + py * s)));
    ctx.closePath();
  }
  // Dark on light colours, light on dark ones, with a rim of the other for any background.
  const light = isLight(base);
  ctx.fillStyle = light ? '#111111' : '#ffffff';
  ctx.fill();
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(1, s * 0.22);
  ctx.strokeStyle = light ? '#ffffff' : '#111111';
  ctx.stroke();
}

function drawChecker(ctx, x, y, r, color) {
  const rim = shade(color, isLight(color) ? -0.35 : -0.3);
  ctx.beginPath();
  ctx.arc(x, y + r * 0.06, r, 0, TAU);
  ctx.fillStyle = 'rgba(0,0,0,0.25)';
  ctx.fill();
  ctx.beginPath();
  ctx.arc(x, y, r, 0, TAU);
  ctx.fillStyle = color;
  ctx.fill();
  ctx.lineWidth = Math.max(1, r * 0.08);
  ctx.strokeStyle = rim;
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(x, y, r * 0.62, 0, TAU);
  ctx.lineWidth = Math.max(1, r * 0.07);
  ctx.strokeStyle = shade(color, isLight(color) ? -0.2 : 0.22);
  ctx.stroke();
}

function drawStone(ctx, x, y, r, color) {
  ctx.beginPath();
  ctx.arc(x + r * 0.05, y + r * 0.08, r, 0, TAU);
  ctx.fillStyle = 'rgba(0,0,0,0.28)';
  ctx.fill();
  const g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.4, r * 0.1, x, y, r);
  g.addColorStop(0, shade(color, isLight(color) ? 0.5 : 0.42));
  g.addColorStop(0.55, color);
  g.addColorStop(1, shade(color, -0.35));
  ctx.beginPath();
  ctx.arc(x, y, r, 0, TAU);
  ctx.fillStyle = g;
  ctx.fill();
  if (isLight(color)) {
    ctx.lineWidth = Math.max(1, r * 0.05);
    ctx.strokeStyle = 'rgba(0,0,0,0.35)';
    ctx.stroke();
  }
}

function drawRing(ctx, x, y, r, color) {
  const inner = r * 0.5;
  ctx.beginPath();
  ctx.arc(x, y + r * 0.06, r, 0, TAU);
  ctx.arc(x, y + r * 0.06, inner, 0, TAU, true);
  ctx.fillStyle = 'rgba(0,0,0,0.25)';
  ctx.fill('evenodd');
  ctx.beginPath();
  ctx.arc(x, y, r, 0, TAU);
  ctx.arc(x, y, inner, 0, TAU, true);
  ctx.fillStyle = color;
  ctx.fill('evenodd');
  ctx.lineWidth = Math.max(1, r * 0.06);
  ctx.strokeStyle = shade(color, -0.35);
  ctx.beginPath();
  ctx.arc(x, y, r, 0, TAU);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(x, y, inner, 0, TAU);
  ctx.stroke();
}

function drawAsterisk(ctx, x, y, r, color, geom) {
  // Six arms along the board's six directions (the ways it can shoot).
  const dirs = [];
  for (let d = 0; d < 6; d++) {
    dirs.push(geom?.dirVector ? geom.dirVector(d) : [Math.cos((d * 60 - 60) * Math.PI / 180), Math.sin((d * 60 - 60) * Math.PI / 180)]);
  }
  const arm = (width, style, dy = 0) => {
    ctx.lineCap = 'round';
    ctx.lineWidth = width;
    ctx.strokeStyle = style;
    ctx.beginPath();
    for (const [vx, vy] of dirs) {
      ctx.moveTo(x, y + dy);
      ctx.lineTo(x + vx * r, y + dy + vy * r);
    }
    ctx.stroke();
  };
  arm(r * 0.42, 'rgba(0,0,0,0.25)', r * 0.07);
  arm(r * 0.42, shade(color, -0.35));
  arm(r * 0.3, color);
  ctx.beginPath();
  ctx.arc(x, y, r * 0.3, 0, TAU);
  ctx.fillStyle = color;
  ctx.fill();
}

function roundRect(ctx, x, y, w, h, radius) {
  ctx.beginPath();
  ctx.moveTo(x + radius, y);
  ctx.arcTo(x + w, y, x + w, y + h, radius);
  ctx.arcTo(x + w, y + h, x, y + h, radius);
  ctx.arcTo(x, y + h, x, y, radius);
  ctx.arcTo(x, y, x + w, y, radius);
  ctx.closePath();
}

function drawTile(ctx, x, y, r, color, label, unplayed) {
  const half = r * 0.92;
  roundRect(ctx, x - half, y - half + r * 0.06, 2 * half, 2 * half, r * 0.22);
  ctx.fillStyle = 'rgba(0,0,0,0.22)';
  ctx.fill();
  roundRect(ctx, x - half, y - half, 2 * half, 2 * half, r * 0.22);
  if (unplayed) {
    ctx.fillStyle = color;
    ctx.fill();
    ctx.lineWidth = Math.max(1, r * 0.04);
    ctx.strokeStyle = shade(color, -0.25);
    ctx.stroke();
  } else {
    const g = ctx.createLinearGradient(x, y - half, x, y + half);
    g.addColorStop(0, shade(color, 0.18));
    g.addColorStop(1, shade(color, -0.12));
    ctx.fillStyle = g;
    ctx.fill();
    ctx.lineWidth = Math.max(1, r * 0.06);
    ctx.strokeStyle = shade(color, -0.4);
    ctx.stroke();
  }
  if (label != null) {
    const light = isLight(color);
    ctx.fillStyle = unplayed ? 'rgba(40,40,40,0.62)' : light ? '#1d1d1d' : '#ffffff';
    ctx.font = `${unplayed ? 500 : 700} ${Math.round(r * (unplayed ? 0.78 : 0.95))}px system-ui, -apple-system, "Segoe UI", sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(label), x, y + r * 0.04);
  }
}

// ------------------------------------------------------------------------------------------
// Board
// ------------------------------------------------------------------------------------------

/** Board sides and their colours (a side can matter to several players: Unlur lists each twice). */
function sideColors(view) {
  const out = new Map();
  for (const { side, color } of view.sides ?? []) {
    if (!out.has(side)) out.set(side, []);
    if (!out.get(side).includes(color)) out.get(side).push(color);
  }
  return out;
}

function drawSides(ctx, geom, view, theme) {
  const colors = sideColors(view);
  if (geom.kind === 'square') {
    for (const [side, list] of colors) {
      const shape = geom.sideShape(side);
      if (!shape) continue;
      // Several colours: parallel bands, the first outermost.
      list.forEach((color, i) => {
        pathPolygon(ctx, shrinkBand(shape, side, 1 - i / list.length, geom.flipped));
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
    return;
  }
  // Hex: a thick line along each side's outline; the cells then cover its inner half.
  ctx.lineJoin = 'round';
  ctx.lineCap = 'butt';
  const w = geom.borderWidth;
  for (const side of ['N', 'NE', 'SE', 'S', 'SW', 'NW']) {
    const points = geom.sideOutline(side);
    if (!points) continue;
    const list = colors.get(side) ?? [];
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

/** The part of a square side's band nearest the board: a fraction `f` of its depth. */
function shrinkBand(shape, side, f, flipped) {
  if (f >= 1) return shape;
  // Which corners of the quadrilateral (square.js sideShape) lie on the board edge.
  const onScreen = flipped ? { top: 'bottom', bottom: 'top', left: 'right', right: 'left' }[side] : side;
  const inner = { top: [3, 2, 1, 0], bottom: [0, 1, 2, 3], left: [1, 2, 3, 0], right: [0, 3, 2, 1] }[onScreen];
  // inner[0], inner[1]: the two points on the board edge; inner[2], inner[3]: the outer
  // points matching them in order.
  const [i0, i1, o1, o0] = inner;
  const lerp = (p, q) => [p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f];
  return [shape[i0], shape[i1], lerp(shape[i1], shape[o1]), lerp(shape[i0], shape[o0])];
}

function drawCells(ctx, geom, theme) {
  if (geom.kind === 'square') {
    const { left, top, right, bottom } = geom.bounds;
    ctx.fillStyle = theme.boardSquare;
    ctx.fillRect(left, top, right - left, bottom - top);
    // A faint checkering helps count squares on big boards.
    ctx.fillStyle = theme.boardSquareAlt;
    for (let cell = 0; cell < geom.count; cell++) {
      const file = cell % geom.width;
      const rank = Math.floor(cell / geom.width);
      if ((file + rank) % 2 === 0) {
        const [[x, y]] = geom.polygon(cell);
        ctx.fillRect(x, y, geom.size, geom.size);
      }
    }
    ctx.strokeStyle = theme.grid;
    ctx.lineWidth = Math.max(1, geom.size * 0.02);
    ctx.beginPath();
    for (let i = 0; i <= geom.width; i++) {
      const x = left + i * geom.size;
      ctx.moveTo(x, top);
      ctx.lineTo(x, bottom);
    }
    for (let j = 0; j <= geom.height; j++) {
      const y = top + j * geom.size;
      ctx.moveTo(left, y);
      ctx.lineTo(right, y);
    }
    ctx.stroke();
    return;
  }
  ctx.lineWidth = Math.max(1, geom.size * 0.05);
  ctx.strokeStyle = theme.grid;
  ctx.lineJoin = 'round';
  for (let cell = 0; cell < geom.count; cell++) {
    const [q, r] = geom.coords[cell];
    pathPolygon(ctx, geom.polygon(cell));
    // Three-colouring of the hex grid, very faint, for easier reading of lines.
    ctx.fillStyle = (((q + r) % 3) + 3) % 3 === 0 ? theme.boardHexAlt : theme.boardHex;
    ctx.fill();
    ctx.stroke();
  }
}

function tintCell(ctx, geom, cell, style, inset = 1, alpha = 1) {
  const poly = geom.polygon(cell);
  pathPolygon(ctx, inset === 1 ? poly : insetPolygon(poly, geom.center(cell), inset));
  ctx.save();
  ctx.globalAlpha *= alpha;
  ctx.fillStyle = style;
  ctx.fill();
  ctx.restore();
}

function outlineCell(ctx, geom, cell, style, width, inset = 0.9, dash = null) {
  pathPolygon(ctx, insetPolygon(geom.polygon(cell), geom.center(cell), inset));
  ctx.lineWidth = width;
  ctx.strokeStyle = style;
  ctx.setLineDash(dash ?? []);
  ctx.stroke();
  ctx.setLineDash([]);
}

function drawWall(ctx, geom, a, b, style, widthFactor = 0.2) {
  const seg = geom.edgeSegment(a, b);
  if (!seg) return;
  const [[x1, y1], [x2, y2]] = seg;
  // Slightly shorter than the edge so walls read as separate bars.
  const t = 0.06;
  ctx.beginPath();
  ctx.moveTo(x1 + (x2 - x1) * t, y1 + (y2 - y1) * t);
  ctx.lineTo(x2 - (x2 - x1) * t, y2 - (y2 - y1) * t);
  ctx.lineCap = 'round';
  ctx.lineWidth = Math.max(3, geom.size * widthFactor);
  ctx.strokeStyle = style;
  ctx.stroke();
}

function drawDot(ctx, x, y, r, style) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, TAU);
  ctx.fillStyle = style;
  ctx.fill();
}

/**
 * Where an asterisk's shot arrows lie, in apothems from its centre along each direction:
 * wholly outside the piece (beyond 1), so that no tap on the piece itself can fire it. The
 * tap target (board.js) reaches from `from` to `to`, a little beyond the drawn arrow.
 */
export const ARROW = { base: 1.06, tip: 1.62, from: 1, to: 1.72 };

/** Arrow just outside the side of `cell` facing `dir`: the asterisk fires that way. */
function arrowPath(ctx, geom, cell, dir) {
  const [x, y] = geom.center(cell);
  const [vx, vy] = geom.dirVector(dir);
  const a = geom.apothem;
  const tip = [x + vx * a * ARROW.tip, y + vy * a * ARROW.tip];
  const base = [x + vx * a * ARROW.base, y + vy * a * ARROW.base];
  const w = a * 0.34;
  ctx.beginPath();
  ctx.moveTo(tip[0], tip[1]);
  ctx.lineTo(base[0] - vy * w, base[1] + vx * w);
  ctx.lineTo(base[0] + vy * w, base[1] - vx * w);
  ctx.closePath();
}

function drawLabels(ctx, geom, theme) {
  ctx.fillStyle = theme.label;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const { text, x, y, fontSize } of geom.labels()) {
    ctx.font = `600 ${Math.round(fontSize)}px system-ui, -apple-system, "Segoe UI", sans-serif`;
    ctx.fillText(text, x, y);
  }
}

function drawCellNames(ctx, geom, view, theme) {
  ctx.fillStyle = theme.label;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const size = Math.max(7, Math.min(12, geom.pieceRadius * 0.42));
  ctx.font = `${size}px system-ui, -apple-system, "Segoe UI", sans-serif`;
  for (let cell = 0; cell < geom.count; cell++) {
    if (view.pieces?.[cell]) continue;
    const [x, y] = geom.center(cell);
    ctx.fillText(geom.name(cell), x, y);
  }
}

/**
 * Draws everything. `ctx` must already be scaled so that 1 unit = 1 CSS pixel.
 */
export function drawBoard(ctx, geom, view, overlay = {}, theme = DEFAULT_THEME) {
  const { analysis = null, selection = null, hover = {}, focus = -1, showFocus = false } = overlay;
  const hints = analysis && overlay.hints !== false;
  const r = geom.pieceRadius;
  const inRange = (c) => Number.isInteger(c) && c >= 0 && c < geom.count;
  ctx.save();
  drawSides(ctx, geom, view, theme);
  drawCells(ctx, geom, theme);

  // Under the pieces: tints.
  for (const cell of view.lastTurn ?? []) if (inRange(cell)) tintCell(ctx, geom, cell, theme.lastTurn);
  if (theme.marks === '1') {
    for (const cell of view.lastTurn ?? []) if (inRange(cell)) outlineCell(ctx, geom, cell, theme.focus, Math.max(2, r * 0.1), 0.9);
  }
  for (const cell of view.highlight ?? []) if (inRange(cell)) tintCell(ctx, geom, cell, theme.highlight, 1, 0.3);
  const marked = (view.marked ?? []).filter(inRange);
  for (const cell of marked) tintCell(ctx, geom, cell, theme.marked, 1, 0.16);
  if (hints && selection && selection.cell >= 0) tintCell(ctx, geom, selection.cell, theme.select, 1, 0.3);
  if (hover.cell != null && inRange(hover.cell) && !hover.edge && !hover.dir) {
    tintCell(ctx, geom, hover.cell, 'rgba(127,127,127,0.14)');
  }
  if (hints && overlay.showDots) {
    // Placements: dots only where they say something (not every empty cell is legal).
    for (const cell of analysis.oneClick.keys()) {
      const [x, y] = geom.center(cell);
      drawDot(ctx, x, y, Math.max(3, r * 0.18), theme.hint);
    }
  }
  if (overlay.coords) drawCellNames(ctx, geom, view, theme);

  // Pieces.
  (view.pieces ?? []).forEach((piece, cell) => {
    if (!piece || !inRange(cell)) return;
    const [x, y] = geom.center(cell);
    drawPiece(ctx, piece, x, y, r, theme, { geom });
  });

  // Stones lifted this turn: a dashed ghost ring in the mover's colour where each was.
  const mover = view.players?.[view.toMove]?.color;
  for (const cell of view.lifted ?? []) {
    if (!inRange(cell) || view.pieces?.[cell] || !mover) continue;
    const [x, y] = geom.center(cell);
    ctx.beginPath();
    ctx.arc(x, y, r * 0.7, 0, TAU);
    ctx.lineWidth = Math.max(2, r * 0.14);
    ctx.strokeStyle = pieceColor(theme, mover);
    ctx.setLineDash([r * 0.28, r * 0.16]);
    ctx.stroke();
    ctx.setLineDash([]);
  }

  // Winning group: a bright ring around each of its pieces.
  for (const cell of new Set(view.highlight ?? [])) {
    if (inRange(cell)) ringPiece(ctx, geom, view, cell, theme.highlight, Math.max(2.5, r * 0.12));
  }

  // Pending crosscuts: one dashed outline around each group of marked cells.
  if (marked.length) {
    outlineRegion(ctx, geom, new Set(marked), theme.marked, Math.max(2.5, r * 0.12), [r * 0.3, r * 0.16]);
  }

  for (const [a, b] of view.walls ?? []) drawWall(ctx, geom, a, b, theme.wall);

  if (hints) drawHints(ctx, geom, view, overlay, theme, analysis, selection, hover);

  if (overlay.advice?.length) drawAdvice(ctx, geom, overlay.advice, theme, inRange);

  if (showFocus && inRange(focus)) {
    outlineCell(ctx, geom, focus, theme.focus, Math.max(2, r * 0.1), 0.97, [r * 0.18, r * 0.12]);
  }

  drawLabels(ctx, geom, theme);
  ctx.restore();
}

/** A ring (or rounded square, for tiles) around a cell's piece. */
function ringPiece(ctx, geom, view, cell, style, width, dash = null) {
  const r = geom.pieceRadius;
  const [x, y] = geom.center(cell);
  ctx.beginPath();
  if (view.pieces?.[cell]?.kind === 'tile') {
    const h = r * 0.85;
    roundRect(ctx, x - h, y - h, 2 * h, 2 * h, r * 0.24);
  } else {
    ctx.arc(x, y, r * 0.9, 0, TAU);
  }
  ctx.lineWidth = width;
  ctx.strokeStyle = style;
  ctx.setLineDash(dash ?? []);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** The outer boundary of a set of cells (the sides not shared with another cell of the set). */
function outlineRegion(ctx, geom, cells, style, width, dash) {
  ctx.beginPath();
  for (const cell of cells) {
    const poly = geom.polygon(cell);
    const [cx, cy] = geom.center(cell);
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i];
      const q = poly[(i + 1) % poly.length];
      const mx = (p[0] + q[0]) / 2;
      const my = (p[1] + q[1]) / 2;
      const across = geom.cellAt(mx + (mx - cx) * 0.2, my + (my - cy) * 0.2);
      if (cells.has(across)) continue;
      ctx.moveTo(p[0], p[1]);
      ctx.lineTo(q[0], q[1]);
    }
  }
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  ctx.strokeStyle = style;
  ctx.setLineDash(dash ?? []);
  ctx.stroke();
  ctx.setLineDash([]);
}

function drawHints(ctx, geom, view, overlay, theme, a, selection, hover) {
  const r = geom.pieceRadius;
  const dotR = Math.max(3, r * 0.2);
  const empty = (cell) => !view.pieces?.[cell];

  // Pieces that can act in a forced phase (the swaps of an unravelling): dashed rings.
  if (!selection && overlay.showSources) {
    for (const cell of a.sources) ringPiece(ctx, geom, view, cell, theme.hintStrong, Math.max(2, r * 0.1), [r * 0.22, r * 0.12]);
  }

  if (selection) {
    if (selection.cell >= 0) ringPiece(ctx, geom, view, selection.cell, theme.select, Math.max(2.5, r * 0.13));
    for (const cell of a.dests.keys()) {
      const [x, y] = geom.center(cell);
      if (empty(cell)) drawDot(ctx, x, y, dotR, theme.hintStrong);
      else if (cell !== selection.cell) ringPiece(ctx, geom, view, cell, theme.hintStrong, Math.max(2, r * 0.12));
      else drawDot(ctx, x, y, dotR * 0.8, theme.hintStrong);
    }
    if (a.selfCapture && selection.cell >= 0) {
      // Ring capture: a cross on the ring, dashed rings on what it would take.
      const [x, y] = geom.center(selection.cell);
      ctx.beginPath();
      ctx.arc(x, y, r * 0.26, 0, TAU);
      ctx.fillStyle = theme.marked;
      ctx.fill();
      ctx.strokeStyle = '#fff';
      ctx.lineWidth = Math.max(1.5, r * 0.07);
      const k = r * 0.12;
      ctx.beginPath();
      ctx.moveTo(x - k, y - k);
      ctx.lineTo(x + k, y + k);
      ctx.moveTo(x + k, y - k);
      ctx.lineTo(x - k, y + k);
      ctx.stroke();
      if (geom.neighbor) {
        for (let d = 0; d < 6; d++) {
          const n = geom.neighbor(selection.cell, d);
          if (n >= 0 && view.pieces?.[n] && !wallBetween(view, selection.cell, n)) {
            ringPiece(ctx, geom, view, n, theme.marked, Math.max(1.5, r * 0.07), [r * 0.16, r * 0.1]);
          }
        }
      }
    }
    if (a.dirs.size && selection.cell >= 0) {
      for (const [dir, { target }] of a.dirs) {
        const hot = hover.dir === dir;
        arrowPath(ctx, geom, selection.cell, dir);
        ctx.lineJoin = 'round';
        ctx.lineWidth = Math.max(2, r * 0.08);
        ctx.strokeStyle = 'rgba(255,255,255,0.9)';
        ctx.stroke();
        ctx.fillStyle = hot ? theme.marked : theme.hintStrong;
        ctx.fill();
        if (hot) {
          // The line of fire: every piece from the first cell up to the edge or a wall.
          let cell = target >= 0 && !wallBetween(view, selection.cell, target) ? target : -1;
          const seen = new Set();
          while (cell >= 0 && !seen.has(cell)) {
            seen.add(cell);
            if (view.pieces?.[cell]) ringPiece(ctx, geom, view, cell, theme.marked, Math.max(1.5, r * 0.08), [r * 0.16, r * 0.1]);
            else tintCell(ctx, geom, cell, theme.marked, 0.9, 0.15);
            const next = geom.neighbor(cell, dir);
            if (next < 0 || wallBetween(view, cell, next)) break;
            cell = next;
          }
        }
      }
    }
  }

  // Hover previews.
  if (hover.edge && a.edges.size) {
    drawWall(ctx, geom, hover.edge[0], hover.edge[1], theme.wallGhost);
  } else if (hover.cell != null && hover.cell >= 0 && !selection && a.oneClick.has(hover.cell) && overlay.preview) {
    const [x, y] = geom.center(hover.cell);
    drawPiece(ctx, overlay.preview, x, y, r, theme, { ghost: true, geom });
  }
}

/**
 * The analysis' suggestion: the first step ringed (an arrow from its first cell to its
 * second for a step of two cells), and each step of the line a numbered disc in its mover's
 * colour where the step lands (the middle of a wall's edge). Later steps are drawn first, so
 * that the next one stays on top where two land on the same cell.
 */
function drawAdvice(ctx, geom, steps, theme, inRange) {
  const r = geom.pieceRadius;
  const first = steps[0];
  const cells = (first.cells ?? []).filter(inRange);
  const width = Math.max(3, r * 0.14);
  if (first.kind === 'wall' && cells.length === 2) {
    drawWall(ctx, geom, cells[0], cells[1], theme.advice, 0.3);
  } else {
    for (const cell of cells) outlineCell(ctx, geom, cell, theme.advice, width, 0.92);
    if (cells.length === 2 && (first.kind === 'move' || first.kind === 'swap')) {
      const [x1, y1] = geom.center(cells[0]);
      const [x2, y2] = geom.center(cells[1]);
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
      const head = r * 0.45;
      const [ex, ey] = [x2 - ux * r * 0.5, y2 - uy * r * 0.5];
      ctx.beginPath();
      ctx.moveTo(x1 + ux * r * 0.5, y1 + uy * r * 0.5);
      ctx.lineTo(ex - ux * head * 0.6, ey - uy * head * 0.6);
      ctx.lineWidth = width;
      ctx.lineCap = 'round';
      ctx.strokeStyle = theme.advice;
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(ex, ey);
      ctx.lineTo(ex - ux * head - uy * head * 0.6, ey - uy * head + ux * head * 0.6);
      ctx.lineTo(ex - ux * head + uy * head * 0.6, ey - uy * head - ux * head * 0.6);
      ctx.closePath();
      ctx.fillStyle = theme.advice;
      ctx.fill();
    }
  }
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i];
    if (step.n == null) continue;
    const where = (step.cells ?? []).filter(inRange);
    if (!where.length) continue;
    let x;
    let y;
    if (step.kind === 'wall' && where.length === 2) {
      const seg = geom.edgeSegment(where[0], where[1]);
      if (!seg) continue;
      const [[x1, y1], [x2, y2]] = seg;
      [x, y] = [(x1 + x2) / 2, (y1 + y2) / 2];
    } else {
      // An asterisk's shot is named by the asterisk; other steps land on their last cell.
      [x, y] = geom.center(step.kind === 'asterisk' ? where[0] : where[where.length - 1]);
    }
    const disc = Math.max(7, r * 0.3);
    ctx.beginPath();
    ctx.arc(x, y, disc, 0, TAU);
    ctx.fillStyle = pieceColor(theme, step.color ?? 'grey');
    ctx.fill();
    ctx.lineWidth = Math.max(1.5, r * 0.07);
    ctx.strokeStyle = theme.advice;
    ctx.stroke();
    ctx.fillStyle = step.color === 'white' || step.color === 'grey' || step.color === 'orange' ? '#111' : '#fff';
    ctx.font = `600 ${Math.round(disc * 1.2)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(step.n), x, y + disc * 0.05);
  }
}

function wallBetween(view, a, b) {
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  return (view.walls ?? []).some(([x, y]) => Math.min(x, y) === lo && Math.max(x, y) === hi);
}
