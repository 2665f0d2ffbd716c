// What is drawn on the cells and pieces beside the pieces themselves: tints and outlines,
// walls, the hints of a selection (dots, rings, an asterisk's arrows and line of fire), the
// ghost of a placement under the pointer, and the analysis' advice (a ringed step, numbered
// discs along the expected line).

import { pieceColor } from './theme.js';
import { TAU, drawPiece, roundRect } from './pieces.js';

export function pathPolygon(ctx, points) {
  ctx.beginPath();
  points.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
  ctx.closePath();
}

function insetPolygon(points, [cx, cy], factor) {
  return points.map(([x, y]) => [cx + (x - cx) * factor, cy + (y - cy) * factor]);
}

export function tintCell(ctx, geom, cell, style, inset = 1, alpha = 1) {
  const poly = geom.polygon(cell);
  pathPolygon(ctx, inset === 1 ? poly : insetPolygon(poly, geom.center(cell), inset));
  ctx.save();
  ctx.globalAlpha *= alpha;
  ctx.fillStyle = style;
  ctx.fill();
  ctx.restore();
}

export function outlineCell(ctx, geom, cell, style, width, inset = 0.9, dash = null) {
  pathPolygon(ctx, insetPolygon(geom.polygon(cell), geom.center(cell), inset));
  ctx.lineWidth = width;
  ctx.strokeStyle = style;
  ctx.setLineDash(dash ?? []);
  ctx.stroke();
  ctx.setLineDash([]);
}

export function drawWall(ctx, geom, a, b, style, widthFactor = 0.2) {
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

export function drawDot(ctx, x, y, r, style) {
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

/** A ring (or rounded square, for tiles) around a cell's piece. */
export function ringPiece(ctx, geom, view, cell, style, width, dash = null) {
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
export function outlineRegion(ctx, geom, cells, style, width, dash) {
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

export function drawHints(ctx, geom, view, overlay, theme, a, selection, hover) {
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
      else if (view.pieces[cell].kind === 'tile') {
        // A tile flipped where it lies: the dot in its lower corner, clear of its number.
        drawDot(ctx, x + r * 0.56, y + r * 0.56, dotR * 0.8, theme.hintStrong);
      } else drawDot(ctx, x, y, dotR * 0.8, theme.hintStrong);
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
      for (let d = 0; d < geom.dirs.length; d++) {
        const n = geom.neighbor(selection.cell, d);
        if (n >= 0 && view.pieces?.[n] && !wallBetween(view, selection.cell, n)) {
          ringPiece(ctx, geom, view, n, theme.marked, Math.max(1.5, r * 0.07), [r * 0.16, r * 0.1]);
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
export function drawAdvice(ctx, geom, steps, theme, inRange) {
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
