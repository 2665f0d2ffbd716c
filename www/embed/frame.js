// www/embed.html: one <ludus-board> filling an iframe. The record comes from the fragment
// (`embed.html#unlur;moves=d4,pass`), the other attributes from the query string
// (`?playable&theme=dark&at=12&coords&flipped&app=…`); a puzzle: `embed.html?puzzle=unravel/<id>`.

import { appProblem } from './attributes.js';

const board = document.getElementById('board');
const ATTRIBUTES = ['playable', 'theme', 'at', 'step', 'coords', 'flipped', 'app', 'game', 'options', 'size', 'puzzle'];

const params = new URLSearchParams(location.search);
for (const name of ATTRIBUTES) {
  if (!params.has(name)) continue;
  const value = params.get(name);
  if (name === 'app') {
    const problem = appProblem(value, location.href);
    if (problem) {
      // The default (this site's own app) stays; the embedder is told why in the console.
      console.warn(`Ludus embed: app=${JSON.stringify(value.slice(0, 80))} is ignored: ${problem}.`);
      document.documentElement.dataset.refusedApp = problem;
      continue;
    }
  }
  board.setAttribute(name, value);
}

function showFragment() {
  const hash = location.hash.replace(/^#/, '');
  // The widget decodes %-escapes itself; an empty fragment leaves game="…" (if any) in charge.
  if (hash) board.setAttribute('record', hash);
  else if (!params.has('game') && !params.has('puzzle')) board.setAttribute('record', '');
}

showFragment();
window.addEventListener('hashchange', showFragment);

// The whole widget fits the frame: the board gets the height its controls leave over (they
// may wrap on a narrow frame, so this is measured rather than guessed).
const frame = board.shadowRoot?.querySelector('.frame');
const box = board.shadowRoot?.querySelector('.board-box');
function fit() {
  if (!frame || !box) return;
  const chrome = frame.getBoundingClientRect().height - box.getBoundingClientRect().height;
  const height = Math.max(120, Math.floor(window.innerHeight - chrome - 1));
  const current = parseFloat(board.style.getPropertyValue('--ludus-board-max-height'));
  if (!(Math.abs(current - height) < 1)) board.style.setProperty('--ludus-board-max-height', `${height}px`);
}
if (frame) {
  new ResizeObserver(fit).observe(frame);
  window.addEventListener('resize', fit);
}
