// <ludus-board>'s look: the styles of its shadow root (the board's palette, light and dark,
// the frame, the controls, the touch sizes) and its static markup (www/embed/ludus-board.js
// fills it in).

import { paletteCss } from '../board/palette.js';
import { TREE_CSS } from './tree-moves.js';

const LIGHT = `
  --ludus-surface: #ffffff;
  --ludus-surface-2: #f3efe6;
  --ludus-border: #ddd6c6;
  --ludus-text: #1f2328;
  --ludus-muted: #67625a;
  --ludus-accent: #1c7c54;
  --ludus-danger: #b42318;
  --ludus-danger-soft: #fdecea;
  color-scheme: light;
`;

const DARK = `
  --ludus-surface: #1d2025;
  --ludus-surface-2: #272b31;
  --ludus-border: #3a3f47;
  --ludus-text: #e7e5e0;
  --ludus-muted: #a19d95;
  --ludus-accent: #3fb27f;
  --ludus-danger: #ff8a7a;
  --ludus-danger-soft: #3a1f1c;
  color-scheme: dark;
`;

// The host element takes no inherited style from the page (`all: initial`; custom
// properties are set here, so the page's own --board-* or --surface do not leak in). The
// page may still place and size the element (margins, width, float): its rules on the host
// win over :host, and .frame resets inherited properties again for everything inside.
export const CSS = `
${paletteCss({
  base: ':host',
  systemDark: ':host(:not([theme="light"]))',
  forcedDark: ':host([theme="dark"])',
})}
:host {
  all: initial;
  display: block;
  ${LIGHT}
}
@media (prefers-color-scheme: dark) {
  :host(:not([theme="light"])) { ${DARK} }
}
:host([theme="dark"]) { ${DARK} }
:host([theme="light"]) { ${LIGHT} }
:host([hidden]) { display: none; }
:host([size]) { width: fit-content; max-width: 100%; }

.frame {
  all: initial;
  box-sizing: border-box;
  display: flex;
  flex-direction: column;
  gap: 6px;
  width: var(--ludus-width, 100%);
  max-width: 100%;
  margin: 0;
  padding: 8px;
  direction: ltr;
  writing-mode: horizontal-tb;
  text-align: left;
  font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--ludus-text);
  background: var(--ludus-surface);
  border: 1px solid var(--ludus-border);
  border-radius: 10px;
  visibility: visible;
  pointer-events: auto;
  cursor: auto;
  user-select: none;
  -webkit-user-select: none;
}
.frame *, .frame *::before, .frame *::after { box-sizing: border-box; }
.frame:focus { outline: none; }
.frame:focus-visible { outline: 2px solid var(--board-focus); outline-offset: 2px; }

.board-box {
  position: relative;
  display: block;
  width: min(100%, calc(var(--ludus-board-max-height, 85vh) * var(--board-aspect)));
  aspect-ratio: var(--board-aspect);
  margin: 0 auto;
  overflow: hidden;
}
.board-box canvas {
  position: absolute;
  left: 0;
  top: 0;
  display: block;
  visibility: visible;
  opacity: 1;
  max-width: none;
  max-height: none;
  margin: 0;
  padding: 0;
  border: 0;
  background: transparent;
  touch-action: manipulation;
  -webkit-tap-highlight-color: transparent;
  outline: none;
}
.hover-name {
  position: absolute;
  right: 4px;
  top: 2px;
  font-size: 12px;
  font-variant-numeric: tabular-nums;
  color: var(--ludus-muted);
  pointer-events: none;
}
.hover-name:empty { display: none; }
.loading {
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  color: var(--ludus-muted);
}
.loading[hidden] { display: none; }

.bar {
  display: flex;
  align-items: center;
  gap: 8px;
  flex-wrap: wrap;
}
.bar[hidden], .nav[hidden], button[hidden], a[hidden], p[hidden] { display: none; }
.nav {
  display: inline-flex;
  align-items: center;
  gap: 2px;
}
button {
  all: initial;
  box-sizing: border-box;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 4px;
  min-width: 32px;
  height: 30px;
  padding: 0 8px;
  font: inherit;
  font-size: 13px;
  color: var(--ludus-text);
  background: var(--ludus-surface-2);
  border: 1px solid var(--ludus-border);
  border-radius: 7px;
  cursor: pointer;
}
button:hover:not(:disabled) { border-color: var(--ludus-accent); }
button:focus-visible { outline: 2px solid var(--board-focus); outline-offset: 1px; }
button:disabled { opacity: 0.4; cursor: default; }
button svg { width: 16px; height: 16px; display: block; fill: currentColor; }
.counter {
  min-width: 56px;
  text-align: center;
  font-size: 12px;
  font-variant-numeric: tabular-nums;
  color: var(--ludus-muted);
}
.spacer { flex: 1; }

.caption {
  margin: 0;
  display: flex;
  align-items: center;
  gap: 6px;
  font-weight: 600;
  min-height: 20px;
  overflow-wrap: anywhere;
}
.status {
  margin: 0;
  color: var(--ludus-muted);
  font-size: 13px;
  overflow-wrap: anywhere;
}
.status.over { color: var(--ludus-text); font-weight: 600; }
.caption, .status, .message, .credit { user-select: text; -webkit-user-select: text; }
.status.note { color: var(--ludus-danger); }
.dot {
  flex: none;
  display: inline-block;
  width: 11px;
  height: 11px;
  border-radius: 50%;
  border: 1px solid rgba(127, 127, 127, 0.55);
}
.dot[hidden] { display: none; }

.foot {
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 8px;
  flex-wrap: wrap;
  font-size: 12px;
  color: var(--ludus-muted);
  border-top: 1px solid var(--ludus-border);
  padding-top: 5px;
}
.credit { margin: 0; }
.reset.kept { visibility: hidden; }
/* The Export menu opens from the footer's right edge, not from its button's: the button may
   wrap to the left of a narrow widget, and a panel hung from there would leave the screen.
   (Its bottom on the footer's rule, where it was on a wide widget.) */
.foot { position: relative; }
.foot .ludus-export { position: static; }
.foot .ludus-export-panel { bottom: calc(100% + 1px); max-width: 100%; }
a {
  color: var(--ludus-accent);
  text-decoration: none;
  font-weight: 600;
  cursor: pointer;
}
a:hover { text-decoration: underline; }
a:focus-visible { outline: 2px solid var(--board-focus); outline-offset: 1px; }

.message {
  margin: 0;
  padding: 10px 12px;
  color: var(--ludus-danger);
  background: var(--ludus-danger-soft);
  border-radius: 7px;
  overflow-wrap: anywhere;
}
.frame[data-state="error"] .board-box,
.frame[data-state="error"] .bar,
.frame[data-state="error"] .caption,
.frame[data-state="error"] .comment,
.frame[data-state="error"] .moves,
.frame[data-state="error"] .status { display: none; }

/* A finger needs a bigger target than a mouse: on a touch screen every control (the Export
   menu's too, whose sheet is later in the root, hence the longer selectors) is at least
   44 px each way. The desktop look stays as above. */
@media (pointer: coarse) {
  button { min-width: 44px; height: 44px; }
  .nav { gap: 4px; }
  .counter { min-width: 44px; }
  .foot { align-items: center; row-gap: 0; padding-top: 0; }
  a.open { display: inline-flex; align-items: center; min-height: 44px; }
  .foot .ludus-export > summary { min-width: 44px; min-height: 44px; }
  .foot .ludus-export-panel select { min-height: 44px; }
  .foot .ludus-export-panel label:has(> input) { min-height: 44px; }
}
${TREE_CSS}`;

const ICONS = {
  first: 'M6 5h2v14H6zM20 5v14L9 12z',
  previous: 'M17 5v14L6 12z',
  next: 'M7 5v14l11-7z',
  last: 'M16 5h2v14h-2zM4 5v14l11-7z',
};

// Static markup only: every piece of text from the record or the engine goes in with
// textContent.
export const TEMPLATE = `
<div class="frame" part="frame" role="group" tabindex="0" data-state="loading">
  <div class="board-box" part="board">
    <div class="loading">Loading…</div>
    <span class="hover-name" aria-hidden="true"></span>
  </div>
  <div class="bar" part="controls">
    <div class="nav" role="toolbar" aria-label="Steps">
      <button type="button" data-go="first" title="First position (Home)" aria-label="First position"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="${ICONS.first}"/></svg></button>
      <button type="button" data-go="previous" title="Previous step (←)" aria-label="Previous step"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="${ICONS.previous}"/></svg></button>
      <span class="counter" aria-hidden="true"></span>
      <button type="button" data-go="next" title="Next step (→)" aria-label="Next step"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="${ICONS.next}"/></svg></button>
      <button type="button" data-go="last" title="Last position (End)" aria-label="Last position"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="${ICONS.last}"/></svg></button>
    </div>
    <span class="spacer"></span>
    <button type="button" class="pass" hidden>Pass</button>
    <button type="button" class="pass fire" hidden title="Fire the selected ring">Fire</button>
    <button type="button" class="reset" hidden title="Back to the position given">Reset</button>
  </div>
  <p class="caption" part="caption"><span class="dot" hidden></span><span class="caption-text"></span></p>
  <p class="comment" part="comment" hidden></p>
  <ol class="moves" part="moves" aria-label="Moves and the lines tried" hidden></ol>
  <p class="status" part="status"></p>
  <p class="message" role="alert" hidden></p>
  <div class="foot" part="footer">
    <p class="credit"></p>
    <a class="open" target="_blank" rel="noopener" hidden>Open in Ludus</a>
  </div>
</div>`;
