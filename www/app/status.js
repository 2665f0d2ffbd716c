// The status line. The words about the game come from the engine's view (`prompt`,
// `status`); this adds only the page's state: the computer thinking or waiting, what it last
// did, the selection's hint, a message about the last click or step.

import { $ } from './dom.js';

/** @typedef {import('../types/app-status').StatusFacts} StatusFacts */

/**
 * @param {import('../types/ludus-views').SessionView} view
 * @param {StatusFacts} page
 */
export function renderStatus(view, page) {
  const v = view;
  const dot = $('status-dot');
  const status = $('status');
  const mover = v.players?.[v.toMove];
  const past = v.status.viewing != null;
  // The engine's prompt says what is asked, or how the game ended.
  let main = v.prompt;
  let sub = '';
  status.classList.toggle('over', !!v.outcome);
  status.classList.toggle('thinking', !!page.thinking);
  if (page.thinking) {
    const seat = v.players?.[page.thinking.seat];
    dot.style.background = `var(--piece-${seat?.color ?? 'grey'})`;
    main = `Computer (${seat?.name ?? 'its seat'}) is thinking…`;
    sub = `${page.levelWords}. Undo or ← stops it.`;
  } else {
    if (v.outcome) {
      const winner = v.outcome.kind === 'winner' ? v.players?.[v.outcome.seat] : null;
      dot.style.background = `var(--piece-${winner?.color ?? 'grey'})`;
    } else {
      dot.style.background = mover ? `var(--piece-${mover.color})` : 'transparent';
    }
    // The engine's words: the highlighted result, or what playing in the past does.
    sub = v.status.detail;
    if (past && page.computerToMove) {
      // (What "Computer plays here" does is said on the button.)
      sub = `${v.status.viewing} The computer (${mover?.name ?? 'this seat'}) waits while you look back.`;
    } else if (!past && !v.outcome && page.held && page.computerToMove) {
      sub = `Opened from a link: the computer waits to play ${mover?.name ?? 'this seat'} until you ask it to.`;
    } else if (!past && !v.outcome && page.note) {
      sub = page.note;
    }
  }
  const hint = page.message ? '' : page.hint;
  if (hint) sub = hint;
  if (page.message) sub = page.message;
  $('play-again').hidden = !v.outcome;
  const here = $('computer-here');
  // The computer's seat is to move but it is not thinking: in the past, in a game opened
  // from a link, or after a failure.
  here.hidden = !!page.thinking || !page.computerToMove;
  here.title = `The computer plays ${mover?.name ?? 'the seat to move'}'s step here${past ? ' (a variation: the later steps stay)' : ''}`;
  $('status-main').textContent = main;
  const subEl = $('status-sub');
  subEl.textContent = sub;
  subEl.classList.toggle('error', !!page.message);
}
