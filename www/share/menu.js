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
// `styleRoot` (document.head or a shadow root) gets the menu's style sheet once.

// The drawing code (export.js, svg-context.js) and the GIF encoder (the study wasm module) are
// loaded on the first export, not with the page: most visits never export anything.

import { errorText, studyEngine } from '../engine.js';

/** The exporters (www/share/export.js), loaded on first use. */
const exporters = () => import('./export.js');

/** GIF speeds offered: hundredths of a second a step. */
export const GIF_SPEEDS = [
  { value: 40, label: 'Fast (0.4 s a step)' },
  { value: 80, label: 'Normal (0.8 s a step)' },
  { value: 160, label: 'Slow (1.6 s a step)' },
];
export const DEFAULT_GIF_DELAY = 80;

/** The site this module is served from (its root, ending in "/"): for the embed code. */
export const SITE = new URL('../../', import.meta.url).href;

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

let serial = 0;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value == null || value === false) continue;
    if (key === 'text') node.textContent = value;
    else if (key === 'class') node.className = value;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  node.append(...children.filter((c) => c != null));
  return node;
}

/** Builds the menu in `container`; returns its <details> element. */
export function mountShareMenu(container, host, styleRoot) {
  if (styleRoot && !styleRoot.querySelector?.('style[data-ludus-export]')) {
    styleRoot.append(el('style', { 'data-ludus-export': true, text: SHARE_CSS }));
  }
  const id = `ludus-export-${++serial}`;
  const caption = el('input', { type: 'checkbox', checked: true, 'data-option': 'caption' });
  const names = el('input', { type: 'checkbox', 'data-option': 'coords' });
  const speed = el('select', { id: `${id}-speed`, 'data-option': 'speed' });
  for (const s of GIF_SPEEDS) speed.append(el('option', { value: s.value, text: s.label, selected: s.value === DEFAULT_GIF_DELAY }));
  const status = el('p', { class: 'export-status', role: 'status' });
  const elementCode = el('textarea', { id: `${id}-element`, readonly: true, rows: 3, spellcheck: 'false', 'data-snippet': 'element' });
  const iframeCode = el('textarea', { id: `${id}-iframe`, readonly: true, rows: 3, spellcheck: 'false', 'data-snippet': 'iframe' });
  const button = (text, what, title) => el('button', { type: 'button', 'data-export': what, title, text });
  const embed = el(
    'div',
    { class: 'embed-code', hidden: true },
    el('label', { for: elementCode.id, text: 'In a page that allows scripts:' }),
    elementCode,
    el('label', { for: iframeCode.id, text: 'Where only iframes are allowed:' }),
    iframeCode,
  );
  const panel = el(
    'div',
    { class: 'ludus-export-panel' },
    el('div', { class: 'row' }, el('label', {}, caption, 'Caption'), el('label', {}, names, 'Cell names')),
    el(
      'div',
      { class: 'row' },
      button('Picture (PNG)', 'png', 'The board as a PNG picture'),
      button('Print (SVG)', 'svg', 'The board as an SVG drawing, sharp at any size'),
    ),
    el(
      'div',
      { class: 'row' },
      button('Animated game (GIF)', 'gif', 'The whole game, one frame a step'),
      el('label', { for: speed.id, text: 'Speed' }),
      speed,
    ),
    el('div', { class: 'row' }, button('Copy embed code', 'embed', 'Code to show this game in another page')),
    embed,
    status,
  );
  const details = el('details', { class: 'ludus-export' }, el('summary', { text: 'Export' }), panel);

  const say = (text, error = false) => {
    status.textContent = text;
    status.classList.toggle('error', error);
  };
  const options = () => ({
    caption: caption.checked,
    coords: names.checked,
    flipped: !!host.flipped?.(),
    theme: host.theme(),
    background: host.background?.() ?? '#ffffff',
  });

  panel.addEventListener('click', async (event) => {
    const what = event.target.closest?.('[data-export]')?.dataset.export;
    const view = host.view();
    if (!what) return;
    if (!view) return say('There is no board to export yet.', true);
    try {
      const { picturePng, pictureSvg, gameGif, fileName, download, embedSnippets } = await exporters();
      if (what === 'png') {
        const name = fileName(view, 'png');
        download(await picturePng(view, options()), name, 'image/png');
        say(`Saved ${name}.`);
      } else if (what === 'svg') {
        const name = fileName(view, 'svg');
        download(pictureSvg(view, options()), name, 'image/svg+xml');
        say(`Saved ${name}.`);
      } else if (what === 'gif') {
        say('Loading the GIF encoder…');
        const mod = await studyEngine();
        say('Drawing the frames…');
        const name = fileName(view, 'gif', { whole: true });
        download(await gameGif(mod, view.record, options(), Number(speed.value)), name, 'image/gif');
        say(`Saved ${name} (${view.steps.length + 1} frames).`);
      } else if (what === 'embed') {
        const { element, iframe } = embedSnippets(view, host.site ?? SITE);
        elementCode.value = element;
        iframeCode.value = iframe;
        embed.hidden = false;
        try {
          await navigator.clipboard.writeText(element);
          say('The <ludus-board> code is copied; the iframe code is below it.');
        } catch {
          // No clipboard (a permission, an insecure page): the code is there to select.
          elementCode.select();
          say('Select and copy the code below.');
        }
      }
    } catch (error) {
      say(`The export failed: ${errorText(error)}`, true);
    }
  });
  // Escape closes the menu and gives the focus back to its button.
  details.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !details.open) return;
    event.preventDefault();
    event.stopPropagation();
    details.open = false;
    details.querySelector('summary').focus({ preventScroll: true });
  });
  container.append(details);
  return details;
}
