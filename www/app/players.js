// The player chips (to move, winner, thinking) with their human/computer switch, and the
// level picker. What the computer does is app/seats.js.

import { $, el, icon } from './dom.js';

const ICON_HUMAN =
  'M12 12a4 4 0 1 0-4-4 4 4 0 0 0 4 4Zm0 2c-3.3 0-7 1.6-7 4v2h14v-2c0-2.4-3.7-4-7-4Z';
const ICON_COMPUTER =
  'M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-6v2h3v2H7v-2h3v-2H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm1 2v8h14V7Z';

/** @typedef {import('../types/app-players').SeatFacts} SeatFacts */

/**
 * @param {import('../types/ludus-views').SessionView} view
 * @param {SeatFacts} seats
 */
export function renderPlayers(view, seats) {
  const v = view;
  const list = $('players');
  // Keep the keyboard focus on a seat switch across the rebuild.
  const focused = /** @type {HTMLElement | null | undefined} */ (document.activeElement?.closest?.('#players .seat-mode'))?.dataset.seat;
  list.replaceChildren();
  (v.players ?? []).forEach((p, seat) => {
    const toMove = !v.outcome && v.toMove === seat;
    const won = v.outcome?.kind === 'winner' && v.outcome.seat === seat;
    const computer = seats.computer.has(seat);
    const thinking = seats.thinkingSeat === seat;
    const classes = ['player', toMove && 'to-move', won && 'winner', computer && 'computer', thinking && 'thinking'];
    list.append(
      el(
        'li',
        { class: classes.filter(Boolean).join(' '), 'data-seat': seat },
        el('span', { class: 'swatch', style: `background: var(--piece-${p.color})`, 'aria-hidden': 'true' }),
        el('span', { class: 'player-name', text: p.name }),
        thinking
          ? el('span', { class: 'badge thinking-badge' }, el('span', { class: 'spinner', 'aria-hidden': 'true' }), 'thinking')
          : toMove
            ? el('span', { class: 'badge', text: 'to move' })
            : null,
        won ? el('span', { class: 'badge win', text: 'winner' }) : null,
        el(
          'button',
          {
            type: 'button',
            class: 'seat-mode',
            'data-seat': seat,
            'aria-label': `${p.name}: played by ${computer ? 'the computer' : 'a human'}`,
            title: computer
              ? `The computer plays ${p.name}. Click to play ${p.name} yourself.`
              : `You play ${p.name}. Click to let the computer play ${p.name}.`,
            onclick: () => seats.toggle(seat),
          },
          icon(computer ? ICON_COMPUTER : ICON_HUMAN),
          el('span', { text: computer ? 'Computer' : 'Human' }),
        ),
      ),
    );
  });
  if (focused != null) /** @type {HTMLElement | null} */ (list.querySelector(`.seat-mode[data-seat="${focused}"]`))?.focus({ preventScroll: true });
  const select = /** @type {HTMLSelectElement} */ ($('level-select'));
  const override = seats.levelOverride;
  if (select.dataset.filled !== (override ?? '')) {
    select.replaceChildren();
    for (const l of seats.levels) select.append(el('option', { value: l.id, text: l.label, title: l.blurb }));
    if (override && !seats.levels.some((l) => l.id === override)) {
      select.append(el('option', { value: override, text: `${override} (from the link)` }));
    }
    select.dataset.filled = override ?? '';
  }
  select.value = seats.level;
  $('computer-hint').hidden = seats.computer.size > 0 && [...seats.computer].some((n) => n < (v.players?.length ?? 0));
}
