// What a writer draws on the board for a step: arrows from cell to cell and circled cells
// (the engine keeps them in the game's tree, per node). How they look (drawDrawings) and
// where an arrow's shaft and head go (arrowShape: pure geometry, node tests check it).
// Drawn over the pieces, under the keyboard cursor, in the theme's drawing colour.

import { TAU } from './pieces.js';

/**
 * An arrow from the centre of cell `from` to that of `to`, in the board's CSS pixels:
 * {shaft: [[x, y], [x, y]], head: [[x, y] x3], width}. It starts a little off the first
 * centre and its tip stops short of the second, so that a piece under either stays readable;
 * null for a cell the board does not have or for an arrow to its own cell.
 */
export function arrowShape(geom, from, to) {
  if (!validCell(geom, from) || !validCell(geom, to) || from === to) return null;
  const r = geom.pieceRadius;
  const [x1, y1] = geom.center(from);
  const [x2, y2] = geom.center(to);
  const len = Math.hypot(x2 - x1, y2 - y1);
  if (!(len > 0)) return null;
  const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
  const width = Math.max(3, r * 0.22);
  const headLength = Math.max(9, r * 0.7);
  const headHalf = headLength * 0.62;
  // The tip: just short of the target's centre; the base of the head a head's length back.
  const tip = [x2 - ux * r * 0.35, y2 - uy * r * 0.35];
  const base = [tip[0] - ux * headLength, tip[1] - uy * headLength];
  const start = [x1 + ux * r * 0.35, y1 + uy * r * 0.35];
  return {
    shaft: [start, base],
    head: [tip, [base[0] - uy * headHalf, base[1] + ux * headHalf], [base[0] + uy * headHalf, base[1] - ux * headHalf]],
    width,
  };
}

/** A circled cell: {center: [x, y], radius, width}, or null for a cell the board does not have. */
export function circleShape(geom, cell) {
  if (!validCell(geom, cell)) return null;
  const r = geom.pieceRadius;
  return { center: geom.center(cell), radius: r * 0.92, width: Math.max(2.5, r * 0.14) };
}

function validCell(geom, cell) {
  return Number.isInteger(cell) && cell >= 0 && cell < geom.count;
}

/**
 * Draws a step's drawings: `drawings` = {arrows: [[from, to]], circles: [cells], pending}
 * (`pending`: the cell an arrow drawn by keyboard starts from, ringed dashed until it ends).
 */
export function drawDrawings(ctx, geom, drawings, theme) {
  const color = theme.drawing ?? 'rgba(21, 120, 27, 0.8)';
  ctx.save();
  for (const cell of drawings.circles ?? []) {
    const c = circleShape(geom, cell);
    if (!c) continue;
    ctx.beginPath();
    ctx.arc(c.center[0], c.center[1], c.radius, 0, TAU);
    ctx.lineWidth = c.width;
    ctx.strokeStyle = color;
    ctx.stroke();
  }
  for (const [from, to] of drawings.arrows ?? []) {
    const a = arrowShape(geom, from, to);
    if (!a) continue;
    ctx.beginPath();
    ctx.moveTo(...a.shaft[0]);
    ctx.lineTo(...a.shaft[1]);
    ctx.lineWidth = a.width;
    ctx.lineCap = 'butt';
    ctx.strokeStyle = color;
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(...a.head[0]);
    ctx.lineTo(...a.head[1]);
    ctx.lineTo(...a.head[2]);
    ctx.closePath();
    ctx.fillStyle = color;
    ctx.fill();
  }
  const p = circleShape(geom, drawings.pending);
  if (p) {
    ctx.beginPath();
    ctx.arc(p.center[0], p.center[1], p.radius, 0, TAU);
    ctx.lineWidth = p.width;
    ctx.setLineDash([p.radius * 0.3, p.radius * 0.2]);
    ctx.strokeStyle = color;
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * What a drawing gesture means: from the cell a right button (or a finger in draw mode) went
 * down on to the cell it came up on: the same cell circles it, another draws an arrow;
 * null off the board. {circle: cell} | {arrow: [from, to]} | null.
 */
export function gesture(from, to) {
  if (!Number.isInteger(from) || from < 0 || !Number.isInteger(to) || to < 0) return null;
  return from === to ? { circle: from } : { arrow: [from, to] };
}
