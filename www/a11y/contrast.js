// High-contrast boards: a darker grid and labels, the last turn outlined as well as tinted,
// and a shape on every coloured piece and side (render.js COLOR_MARKS: red ▲, blue ■,
// purple ◆, orange ▼, green ●), so that no colour is the only cue. The renderer reads the
// mode from the CSS custom property --board-marks, like its colours.
//
// The page: a "Marks" switch in the board's toolbar, remembered in localStorage; it starts on
// when the system asks for more contrast. The widget: its `contrast` attribute, or the
// system's wish for more contrast unless contrast="false".

const KEY = 'ludus:v1:contrast';

const LIGHT = '--board-marks: 1; --board-grid: rgba(40, 25, 10, 0.9); --board-label: #1f1a14; --board-neutral-side: #7d6d50;';
const DARK = '--board-marks: 1; --board-grid: rgba(255, 255, 255, 0.7); --board-label: #f2f0ea; --board-neutral-side: #a39c8c;';

/** The style sheet for the page: `:root[data-contrast="more"]`, light or dark. */
export const PAGE_CONTRAST_CSS = `
:root[data-contrast='more'] { ${LIGHT} }
@media (prefers-color-scheme: dark) { :root[data-contrast='more']:not([data-theme='light']) { ${DARK} } }
:root[data-contrast='more'][data-theme='dark'] { ${DARK} }
`;

/** The style sheet for the widget's shadow root. */
export const WIDGET_CONTRAST_CSS = `
:host([contrast]:not([contrast='false'])) { ${LIGHT} }
@media (prefers-contrast: more) { :host(:not([contrast='false'])) { ${LIGHT} } }
@media (prefers-color-scheme: dark) {
  :host([contrast]:not([contrast='false']):not([theme='light'])) { ${DARK} }
}
@media (prefers-color-scheme: dark) and (prefers-contrast: more) {
  :host(:not([contrast='false']):not([theme='light'])) { ${DARK} }
}
:host([contrast]:not([contrast='false'])[theme='dark']) { ${DARK} }
@media (prefers-contrast: more) { :host(:not([contrast='false'])[theme='dark']) { ${DARK} } }
`;

function storedChoice() {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null; // storage blocked: follow the system
  }
}

/**
 * The page's switch, added to `group` (a toolbar button group). `board` is redrawn with the
 * new colours on each change. Returns the button.
 */
export function mountContrastSwitch(group, board) {
  document.head.append(Object.assign(document.createElement('style'), { textContent: PAGE_CONTRAST_CSS }));
  const system = matchMedia('(prefers-contrast: more)');
  const button = document.createElement('button');
  button.type = 'button';
  button.id = 'contrast-button';
  button.title = 'High contrast: a shape on each colour, darker lines (M)';
  const glyph = document.createElement('span');
  glyph.setAttribute('aria-hidden', 'true');
  glyph.className = 'contrast-glyph';
  glyph.textContent = '▲■';
  const label = document.createElement('span');
  label.textContent = 'Marks';
  button.append(glyph, label);
  const apply = () => {
    const choice = storedChoice();
    const on = choice ? choice === 'more' : system.matches;
    if (on) document.documentElement.dataset.contrast = 'more';
    else delete document.documentElement.dataset.contrast;
    button.setAttribute('aria-pressed', String(on));
    board.refreshTheme();
  };
  const toggle = () => {
    const on = document.documentElement.dataset.contrast === 'more';
    try {
      localStorage.setItem(KEY, on ? 'normal' : 'more');
    } catch {
      // Storage blocked: the switch still works for this visit.
      if (on) delete document.documentElement.dataset.contrast;
      else document.documentElement.dataset.contrast = 'more';
      button.setAttribute('aria-pressed', String(!on));
      board.refreshTheme();
      return;
    }
    apply();
  };
  button.addEventListener('click', toggle);
  // M switches too, when typing is not going into a field.
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || (e.key !== 'm' && e.key !== 'M')) return;
    if (e.target instanceof HTMLElement && e.target.closest('input, select, textarea, dialog, [contenteditable]')) return;
    e.preventDefault();
    toggle();
  });
  system.addEventListener('change', apply);
  group.append(button);
  apply();
  return button;
}

/** The widget's part: its style sheet in the shadow root, and a redraw when the system's wish changes. */
export function mountWidgetContrast(shadowRoot, board) {
  const style = document.createElement('style');
  style.textContent = WIDGET_CONTRAST_CSS;
  shadowRoot.append(style);
  matchMedia('(prefers-contrast: more)').addEventListener('change', () => board.refreshTheme());
}
