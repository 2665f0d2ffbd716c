// Draws a board view on a 2D canvas context, in CSS pixels (the caller scales for the
// device pixel ratio). One renderer for both geometries: the geometry object (square.js or
// hex.js) says where cells, edges and sides are and paints the cells and sides, which differ
// in shape; this file (labels and cell names, and the order things are drawn in) and its
// parts say how the rest looks: theme.js the colours, pieces.js the pieces, marks.js the
// tints, walls, hints and advice.
//
// view: the engine's BoardView (+ lastTurn). overlay: what the page adds on top:
//   { analysis, selection, hover: {cell, edge, dir}, focus, showFocus, showDots, coords,
//     previewColor, previewKind, advice, drawings, drawDrawings }
// advice (www/analysis/analysis.js): steps the engine's analysis suggests, drawn on top:
//   [{ kind, cells, color, n }], cells from the engine's step views; the first is ringed.
// drawings, drawDrawings (board/drawings.js): the shown step's arrows and circled cells.
// theme: colours read from CSS custom properties (see themeFrom in theme.js).

import { DEFAULT_THEME, pieceColor } from './theme.js';
import { TAU, drawPiece } from './pieces.js';
import { tintCell, outlineCell, drawWall, drawDot, ringPiece, outlineRegion, drawHints, drawAdvice } from './marks.js';

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
  geom.drawSides(ctx, sideColors(view), theme);
  geom.drawCells(ctx, theme);

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
