// Draws a board view on a 2D canvas context, in CSS pixels (the caller scales for the
// device pixel ratio). One renderer for both geometries: the geometry object (square.js or
// hex.js) says where cells, edges and sides are; this file (the board, its sides, labels and
// cell names, and the order things are drawn in) and its parts say how things look: theme.js
// the colours, pieces.js the pieces, marks.js the tints, walls, hints and advice.
//
// view: the engine's BoardView (+ lastTurn). overlay: what the page adds on top:
//   { analysis, selection, hover: {cell, edge, dir}, focus, showFocus, showDots, coords,
//     previewColor, previewKind, advice, drawings, drawDrawings }
// advice (www/analysis/analysis.js): steps the engine's analysis suggests, drawn on top:
//   [{ kind, cells, color, n }], cells from the engine's step views; the first is ringed.
// drawings, drawDrawings (board/drawings.js): the shown step's arrows and circled cells.
// theme: colours read from CSS custom properties (see themeFrom in theme.js).

import { DEFAULT_THEME, pieceColor } from './theme.js';
import { TAU, drawPiece, drawMark } from './pieces.js';
import { pathPolygon, tintCell, outlineCell, drawWall, drawDot, ringPiece, outlineRegion, drawHints, drawAdvice } from './marks.js';

// What other modules and the tests use from the renderer's parts.
export { DEFAULT_THEME, themeFrom, shade } from './theme.js';
export { drawPiece, COLOR_MARKS } from './pieces.js';
export { ARROW } from './marks.js';

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

  // The step's arrows and circled cells, by board/drawings.js's drawDrawings (loaded by the
  // board when there are some).
  if (overlay.drawings && overlay.drawDrawings) overlay.drawDrawings(ctx, geom, overlay.drawings, theme);

  if (showFocus && inRange(focus)) {
    outlineCell(ctx, geom, focus, theme.focus, Math.max(2, r * 0.1), 0.97, [r * 0.18, r * 0.12]);
  }

  drawLabels(ctx, geom, theme);
  ctx.restore();
}
