// The pieces: checkers, stones, rings, asterisks and numbered tiles, shaded from their
// colour, each with its colour's shape in high contrast (COLOR_MARKS).

import { pieceColor, shade, isLight } from './theme.js';

export const TAU = Math.PI * 2;

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
export function drawMark(ctx, colorName, base, x, y, s) {
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

export function roundRect(ctx, x, y, w, h, radius) {
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
