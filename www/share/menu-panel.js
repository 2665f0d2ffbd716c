// The Export menu's panel (www/share/menu.js), built when the menu is first opened. The
// drawing code (export.js, svg-context.js) and the GIF encoder (the study wasm module) load on
// the first export.

import { errorText, studyEngine } from '../engine.js';
import { el } from '../app/dom.js';
import { MAX_TEXT_LENGTH } from '../engine-limits.js';

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

let serial = 0;

/** Builds the menu's panel into its <details> element (www/share/menu.js). */
export function buildPanel(details, host) {
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
    textRow(host, id, (text, error) => {
      say(text, error);
      if (!error) close();
    }),
    status,
  );
  details.append(panel);
  const close = () => {
    details.open = false;
  };
  closeOutside(details, close);
  // Opened: placed, and if it hangs below the window's edge, scrolled into sight.
  const place = (reveal = false) => {
    placePanel(details, panel, host);
    if (reveal && panel.dataset.place === 'below') panel.scrollIntoView({ block: 'nearest' });
  };
  // The window resized or scrolled: the board moved, the panel follows it.
  addEventListener('resize', () => details.open && place());
  addEventListener('scroll', () => details.open && panel.dataset.place === 'beside' && place(), { passive: true });

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
    const what = /** @type {HTMLElement | null | undefined} */ (/** @type {Element} */ (event.target).closest?.('[data-export]'))?.dataset.export;
    const view = host.view();
    if (!what) return;
    if (!view) return say('There is no board to export yet.', true);
    try {
      const { picturePng, pictureSvg, gameGif, fileName, download, embedSnippets } = await exporters();
      if (what === 'png') {
        const name = fileName(view, 'png');
        download(await picturePng(view, options()), name, 'image/png');
        say(`Saved ${name}.`);
        close();
      } else if (what === 'svg') {
        const name = fileName(view, 'svg');
        download(pictureSvg(view, options()), name, 'image/svg+xml');
        say(`Saved ${name}.`);
        close();
      } else if (what === 'gif') {
        say('Loading the GIF encoder…');
        const mod = await studyEngine();
        say('Drawing the frames…');
        const name = fileName(view, 'gif', { whole: true });
        download(await gameGif(mod, view.record, options(), Number(speed.value)), name, 'image/gif');
        say(`Saved ${name} (${view.steps.length + 1} frames).`);
        close();
      } else if (what === 'text') {
        const name = fileName(view, 'txt', { whole: 'game' });
        download(await host.gameText(), name, 'text/plain;charset=utf-8');
        say(`Saved ${name}.`);
        close();
      } else if (what === 'embed') {
        // The code is shown in the panel to copy: the menu stays open.
        const { element, iframe } = embedSnippets(view, host.site ?? SITE, host.link?.() ?? view.record);
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
  return { place };
}

/**
 * Closes the open menu on a press or the focus outside it, and on Escape pressed anywhere
 * (the menu's own Escape, www/share/menu.js, gives the focus back to its button). Inside a
 * shadow root the event's path says whether it is in the menu.
 */
function closeOutside(details, close) {
  const outside = (event) => !event.composedPath().includes(details);
  document.addEventListener('pointerdown', (event) => details.open && outside(event) && close(), true);
  document.addEventListener('focusin', (event) => details.open && outside(event) && close());
  document.addEventListener('keydown', (event) => details.open && event.key === 'Escape' && close());
}

const GAP = 8;

/**
 * Places the open panel where it covers no part of the board: under the menu if it fits in
 * the window there, else beside the board (right, then left), else under the menu all the
 * same (the page scrolls to it). Right-aligned to `host.anchor()` and kept in the window.
 */
export function placePanel(details, panel, host) {
  const board = host.board?.();
  panel.style.cssText = '';
  if (!board) return;
  const width = panel.offsetWidth;
  const height = panel.offsetHeight;
  const viewWidth = document.documentElement.clientWidth;
  const viewHeight = innerHeight;
  const anchor = (host.anchor?.() ?? details).getBoundingClientRect();
  const box = board.getBoundingClientRect();
  const below = Math.max(anchor.bottom, box.bottom) + 6;
  const left = Math.max(GAP, Math.min(anchor.right - width, viewWidth - GAP - width));
  let spot = null;
  if (below + height <= viewHeight - GAP) spot = { position: 'absolute', left, top: below };
  else {
    const top = Math.max(GAP, Math.min(anchor.bottom - height, viewHeight - GAP - height));
    if (box.right + GAP + width <= viewWidth - GAP) spot = { position: 'fixed', left: box.right + GAP, top };
    else if (box.left - GAP - width >= GAP) spot = { position: 'fixed', left: box.left - GAP - width, top };
    else spot = { position: 'absolute', left, top: below };
  }
  // An absolute panel is placed from its containing block (the menu, or the widget's footer).
  let { left: x, top: y } = spot;
  if (spot.position === 'absolute') {
    const block = panel.offsetParent?.getBoundingClientRect() ?? { left: 0, top: 0 };
    x -= block.left + (panel.offsetParent?.clientLeft ?? 0);
    y -= block.top + (panel.offsetParent?.clientTop ?? 0);
  }
  Object.assign(panel.style, { position: spot.position, left: `${x}px`, top: `${y}px`, right: 'auto', bottom: 'auto' });
  panel.dataset.place = spot.position === 'fixed' ? 'beside' : 'below';
}

/**
 * The game as a text file (host.gameText(): the engine's text, with its header, comments and
 * lines tried), and on the page the way back (host.importText(text): null once opened, else
 * the engine's words for what is wrong with the file).
 */
function textRow(host, id, say) {
  if (!host.gameText && !host.importText) return null;
  const row = el('div', { class: 'row' });
  if (host.gameText) {
    row.append(el('button', { type: 'button', 'data-export': 'text', title: 'The whole game as a text file: its steps, comments and the lines tried', text: 'Export game as text' }));
  }
  if (host.importText) {
    const input = el('input', { type: 'file', id: `${id}-import`, accept: '.txt,text/plain', class: 'import-file' });
    input.addEventListener('change', async () => {
      const file = input.files?.[0];
      input.value = '';
      if (!file) return;
      if (file.size > MAX_TEXT_FILE) return say('This file is too big to be a game.', true);
      let text;
      try {
        text = await file.text();
      } catch (error) {
        return say(`The file could not be read: ${errorText(error)}`, true);
      }
      const problem = await host.importText(text);
      if (problem) say(`This file does not hold a game Ludus can open: ${problem}`, true);
      else say(`Opened ${file.name}.`);
    });
    row.append(el('label', { for: input.id, class: 'import-label', text: 'Import game from text file' }), input);
  }
  return row;
}

/** The largest text file the page reads: the engine's limit, and a byte-order mark. */
export const MAX_TEXT_FILE = MAX_TEXT_LENGTH + 3;
