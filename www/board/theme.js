// The renderer's colours: read from the page's CSS custom properties (board/palette.js
// defines them for light, dark and high contrast), with the light palette before any style
// is known; and the small colour arithmetic the pieces' shading uses.

import { PALETTE } from './palette.js';

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
  drawing: 'board-drawing',
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

export function pieceColor(theme, name) {
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

export function isLight(color) {
  const m = /^#([0-9a-f]{6})$/i.exec(color);
  if (!m) return false;
  const n = parseInt(m[1], 16);
  const lum = 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return lum > 170;
}
