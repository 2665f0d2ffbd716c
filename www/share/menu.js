// The "Export" menu of the page and of the embeddable widget: the board as PNG or SVG, the
// whole game as an animated GIF, and the code to embed the game elsewhere. A <details>
// element, so it opens and closes by keyboard and screen reader without scripting.
//
// mountShareMenu(container, host, styleRoot) puts it in `container`; `host` tells it what is
// shown when a button is pressed:
//   view()        the engine's view of the position shown
//   theme()       the renderer theme (board.theme)
//   flipped()     whether the board is turned around
//   background()  the picture's background colour (the page's surface)
//   board()       the board's element, which the open panel never covers
//   anchor()      the element the panel hangs under, right-aligned (default: the menu)
// It closes as menus do: Escape (the focus back on its button), a click or the focus outside
// it, a file saved or opened; the host closes it (`open = false`) when another game is shown.
// `styleRoot` (document.head or a shadow root) gets the menu's style sheet once.
//
// Only the button loads with the page: its panel (www/share/menu-panel.js), the drawing code
// and the GIF encoder load when the menu is first opened or used, as most visits never export.

export const SHARE_CSS = `
.ludus-export { position: relative; display: inline-flex; font: inherit; }
.ludus-export > summary {
  list-style: none; cursor: pointer; display: inline-flex; align-items: center; gap: 4px;
  padding: 0 10px; min-height: 30px; align-self: stretch; border: 1px solid var(--border, var(--ludus-border, #ccc));
  border-radius: 8px; background: var(--surface-2, var(--ludus-surface-2, #f3efe6));
  color: inherit; font: inherit; font-size: 0.875rem;
}
.ludus-export > summary::-webkit-details-marker { display: none; }
.ludus-export > summary:focus-visible { outline: 2px solid var(--board-focus, #1864ab); outline-offset: 1px; }
.ludus-export-panel {
  position: absolute; z-index: 20; bottom: calc(100% + 6px); right: 0; width: min(21rem, 90vw);
  display: flex; flex-direction: column; gap: 8px; padding: 10px; text-align: left;
  background: var(--surface, var(--ludus-surface, #fff)); color: var(--text, var(--ludus-text, #1f2328));
  border: 1px solid var(--border, var(--ludus-border, #ccc)); border-radius: 10px;
  box-shadow: 0 4px 18px rgba(0, 0, 0, 0.18); font-size: 0.875rem;
}
.ludus-export-panel .row { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.ludus-export-panel label { display: inline-flex; align-items: center; gap: 4px; }
.ludus-export-panel button, .ludus-export-panel select {
  font: inherit; color: inherit; background: var(--surface-2, var(--ludus-surface-2, #f3efe6));
  border: 1px solid var(--border, var(--ludus-border, #ccc)); border-radius: 7px; padding: 4px 8px; cursor: pointer;
}
.ludus-export-panel button:focus-visible, .ludus-export-panel select:focus-visible,
.ludus-export-panel textarea:focus-visible, .ludus-export-panel input:focus-visible {
  outline: 2px solid var(--board-focus, #1864ab); outline-offset: 1px;
}
.ludus-export-panel textarea {
  width: 100%; min-height: 4.5em; font: 12px/1.35 ui-monospace, monospace; resize: vertical;
  color: inherit; background: transparent; border: 1px solid var(--border, var(--ludus-border, #ccc)); border-radius: 6px;
}
.ludus-export-panel .embed-code[hidden], .ludus-export-panel [hidden] { display: none; }
.ludus-export-panel .export-status { margin: 0; min-height: 1.2em; color: var(--muted, var(--ludus-muted, #67625a)); }
.ludus-export-panel .export-status.error { color: var(--danger, var(--ludus-danger, #b42318)); }
`;

/** @typedef {import('../types/share-menu').ShareMenuHost} ShareMenuHost */

/**
 * Puts the menu's button in `container`; returns its <details> element.
 * @param {HTMLElement} container
 * @param {ShareMenuHost} host
 * @param {ParentNode|null} [styleRoot]
 * @returns {HTMLDetailsElement}
 */
export function mountShareMenu(container, host, styleRoot) {
  if (styleRoot && !styleRoot.querySelector?.('style[data-ludus-export]')) {
    const style = document.createElement('style');
    style.dataset.ludusExport = '';
    style.textContent = SHARE_CSS;
    styleRoot.append(style);
  }
  const details = document.createElement('details');
  details.className = 'ludus-export';
  const summary = document.createElement('summary');
  summary.textContent = 'Export';
  details.append(summary);
  let panel = null;
  // Each opening places the panel off the board (menu-panel.js `placePanel`).
  details.addEventListener('toggle', () => {
    if (!details.open) return;
    panel ??= import('./menu-panel.js').then(({ buildPanel }) => buildPanel(details, host));
    panel.then((p) => details.open && p.place(true));
  });
  // Escape closes the menu and gives the focus back to its button.
  details.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !details.open) return;
    event.preventDefault();
    event.stopPropagation();
    details.open = false;
    summary.focus({ preventScroll: true });
  });
  container.append(details);
  return details;
}
