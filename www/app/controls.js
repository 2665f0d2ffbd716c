// The buttons and keys around the board: the history toolbar, flip and cell names, the tray
// of Merlin's Chain tiles, Pass and Fire, the typed step, the theme, copy link, and the
// keyboard shortcuts. What each does is given by the page as a few actions.

import { $, el } from './dom.js';

/** @typedef {import('../types/app-controls').ControlActions} ControlActions */

/**
 * Wires the buttons and keys to `act`.
 * @param {ControlActions} act
 */
export function bindControls(act) {
  $('first-button').addEventListener('click', () => act.navigate('first'));
  $('undo-button').addEventListener('click', () => act.navigate('undo'));
  $('redo-button').addEventListener('click', () => act.navigate('redo'));
  $('last-button').addEventListener('click', () => act.navigate('last'));
  $('flip-button').addEventListener('click', () => act.flip());
  $('coords-button').addEventListener('click', () => act.coords());
  $('pass-button').addEventListener('click', () => act.pass());
  $('fire-button').addEventListener('click', () => act.capture());
  $('step-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const input = /** @type {HTMLInputElement} */ ($('step-input'));
    const text = input.value.trim();
    if (!text) return;
    // The engine judges the text; its message says what is wrong.
    const refused = act.playTyped(text);
    if (refused == null) input.value = '';
    else $('step-help').textContent = refused;
  });
  $('options-form').addEventListener('submit', (e) => {
    e.preventDefault();
    act.startFromForm();
  });
  $('restart-button').addEventListener('click', () => act.restart());
  $('play-again').addEventListener('click', () => act.restart());
  $('computer-here').addEventListener('click', () => act.computerPlaysHere());
  $('level-select').addEventListener('change', (e) => act.setLevel(/** @type {HTMLSelectElement} */ (e.target).value));
  $('notice-close').addEventListener('click', () => act.hideNotice());
  $('copy-link-button').addEventListener('click', async () => {
    const button = $('copy-link-button');
    try {
      await navigator.clipboard.writeText(location.href);
      button.textContent = 'Copied';
    } catch {
      button.textContent = 'Copy failed';
    }
    setTimeout(() => (button.textContent = 'Copy link'), 1500);
  });
  $('theme-button').addEventListener('click', () => act.toggleTheme());
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => act.systemTheme());
  document.addEventListener('keydown', (e) => onKey(e, act));
}

function onKey(e, act) {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
  const target = e.target;
  if (target instanceof HTMLElement && target.closest('input, select, textarea, dialog, [contenteditable]')) return;
  if (!act.shown()) return;
  const onBoard = target === act.boardCanvas();
  switch (e.key) {
    case 'ArrowLeft':
      if (onBoard) return;
      act.navigate('undo');
      break;
    case 'ArrowRight':
      if (onBoard) return;
      act.navigate('redo');
      break;
    case 'ArrowUp':
    case 'ArrowDown':
      // Between the lines tried; with none to go to, the page scrolls as usual.
      if (onBoard || !act.navigate(e.key === 'ArrowUp' ? 'up' : 'down')) return;
      break;
    case 'Home':
      act.navigate('first');
      break;
    case 'End':
      act.navigate('last');
      break;
    case 'f':
    case 'F':
      act.flip();
      break;
    case 'c':
    case 'C':
      act.coords();
      break;
    case 'Escape':
      act.clearSelection();
      break;
    default:
      return;
  }
  e.preventDefault();
}

/** The theme a press shows: from the system's, the opposite one; from that, the system's. */
export function nextTheme(theme) {
  const systemDark = matchMedia('(prefers-color-scheme: dark)').matches;
  const shownDark = theme === 'auto' ? systemDark : theme === 'dark';
  return shownDark !== systemDark ? 'auto' : systemDark ? 'light' : 'dark';
}

export function renderToolbar(view, { flipped, coords }) {
  const v = view;
  /** @type {HTMLButtonElement} */ ($('first-button')).disabled = v.cursor === 0;
  /** @type {HTMLButtonElement} */ ($('undo-button')).disabled = v.cursor === 0;
  /** @type {HTMLButtonElement} */ ($('redo-button')).disabled = v.cursor >= v.steps.length;
  /** @type {HTMLButtonElement} */ ($('last-button')).disabled = v.cursor >= v.steps.length;
  $('flip-button').setAttribute('aria-pressed', String(flipped));
  $('coords-button').setAttribute('aria-pressed', String(coords));
}

/** The tiles the mover can flip (Merlin's Chain). */
export function renderTray(view, control) {
  const tray = $('tray');
  const pieces = control.trayPieces();
  tray.hidden = pieces.length === 0;
  if (!pieces.length) return;
  const mover = view.players?.[view.toMove];
  $('tray-label').textContent = `${mover?.name ?? 'Your'} tiles you can play`;
  const box = $('tray-tiles');
  box.replaceChildren();
  box.style.setProperty('--tile-color', `var(--piece-${mover?.color ?? 'grey'})`);
  for (const n of pieces) {
    const selected = control.selection?.piece === n;
    box.append(
      el('button', {
        type: 'button',
        class: `tile-button${selected ? ' selected' : ''}`,
        'aria-pressed': selected ? 'true' : 'false',
        text: String(n),
        onclick: () => control.onAction({ type: 'piece', piece: n }),
      }),
    );
  }
}


export function renderActions(view, control, legal, thinking) {
  $('fire-button').hidden = !control.fireOffered();
  const pass = $('pass-button');
  const canPass = control.passStep() != null;
  pass.hidden = !canPass;
  if (canPass) {
    const mover = view.players?.[view.toMove];
    pass.textContent = control.passLabel();
    pass.title = `${mover?.name ?? ''} passes`.trim();
  }
  const example = legal[0]?.text;
  const input = /** @type {HTMLInputElement} */ ($('step-input'));
  input.placeholder = thinking ? 'The computer is thinking…' : example ? `Type a step, e.g. ${example}` : 'No step to play';
  input.disabled = legal.length === 0;
  $('step-form').querySelector('button').disabled = legal.length === 0;
  $('step-help').textContent = '';
}
