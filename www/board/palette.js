// The board's colours in the light and dark themes: the one source of the --board-* and
// --piece-* custom properties of both the page and the embeddable widget. The renderer reads
// them from CSS (render.js themeFrom), so a host may still restyle a board.

export const PALETTE = {
  light: {
    'board-square': '#ecdcb8',
    'board-square-alt': '#e5d2aa',
    'board-hex': '#efe5cf',
    'board-hex-alt': '#e6d9bd',
    'board-grid': 'rgba(70, 48, 22, 0.42)',
    'board-label': 'rgba(70, 58, 44, 0.8)',
    'board-last-turn': 'rgba(255, 190, 0, 0.4)',
    'board-highlight': '#ffc21a',
    'board-marked': '#e8590c',
    'board-hint': 'rgba(28, 124, 84, 0.5)',
    'board-hint-strong': 'rgba(28, 124, 84, 0.9)',
    'board-select': '#1c7c54',
    'board-focus': '#1864ab',
    'board-advice': '#0b7285',
    'board-drawing': 'rgba(21, 120, 27, 0.8)',
    'board-wall': '#3b2a1a',
    'board-wall-ghost': 'rgba(59, 42, 26, 0.45)',
    'board-neutral-side': '#b9a888',
    'piece-red': '#d43d3d',
    'piece-blue': '#2d6cdf',
    'piece-black': '#25282c',
    'piece-white': '#f7f5ef',
    'piece-purple': '#8d3fb5',
    'piece-orange': '#f08c1c',
    'piece-green': '#2f9a57',
    'piece-grey': '#c4c1b8',
  },
  dark: {
    'board-square': '#3d4149',
    'board-square-alt': '#363a41',
    'board-hex': '#3c4048',
    'board-hex-alt': '#353941',
    'board-grid': 'rgba(230, 230, 230, 0.22)',
    'board-label': 'rgba(230, 228, 220, 0.7)',
    'board-last-turn': 'rgba(255, 196, 0, 0.28)',
    'board-highlight': '#ffd43b',
    'board-marked': '#ff922b',
    'board-hint': 'rgba(99, 230, 170, 0.5)',
    'board-hint-strong': 'rgba(99, 230, 170, 0.9)',
    'board-select': '#3fb27f',
    'board-focus': '#74c0fc',
    'board-advice': '#66d9e8',
    'board-drawing': 'rgba(105, 219, 124, 0.85)',
    'board-wall': '#f1e3c8',
    'board-wall-ghost': 'rgba(241, 227, 200, 0.45)',
    'board-neutral-side': '#6b6557',
    'piece-red': '#e5534b',
    'piece-blue': '#4a86f0',
    'piece-black': '#17191c',
    'piece-white': '#f2f0ea',
    'piece-purple': '#a45fd0',
    'piece-orange': '#f59f3a',
    'piece-green': '#3fb06a',
    'piece-grey': '#8f8c85',
  },
};

/** The `--name: value;` declarations of one theme. */
export function paletteDeclarations(theme) {
  return Object.entries(PALETTE[theme])
    .map(([name, value]) => `--${name}: ${value};`)
    .join(' ');
}

/**
 * A style sheet that gives `base` the light palette, the dark one under `systemDark` when
 * the system prefers dark, and under `forcedDark` always.
 */
export function paletteCss({ base, systemDark, forcedDark }) {
  const dark = paletteDeclarations('dark');
  return [
    `${base} { ${paletteDeclarations('light')} }`,
    `@media (prefers-color-scheme: dark) { ${systemDark} { ${dark} } }`,
    `${forcedDark} { ${dark} }`,
  ].join('\n');
}
