// The head of the page for the game shown: the game tabs, the title and designer, and the
// rules text with the page's keyboard and computer help.

import { rulesFor } from '../rules.js';
import { $, el } from './dom.js';

/** The game tabs; `open(name)`: a tab was clicked (the page shows that game, unless shown). */
export function buildTabs(games, open) {
  const nav = $('game-tabs');
  nav.replaceChildren();
  for (const g of games) {
    // "Unity, Unified Edition": a phone shows the name before the comma (style.css).
    const [name, ...rest] = g.title.split(', ');
    nav.append(
      el(
        'a',
        {
          href: '#',
          class: 'game-tab',
          'data-game': g.name,
          title: `${g.title}, by ${g.designer}`,
          onclick: (e) => {
            e.preventDefault();
            open(g.name);
          },
        },
        name,
        rest.length ? el('span', { class: 'tab-more', text: `, ${rest.join(', ')}` }) : null,
      ),
    );
  }
}

/** The title, the credit, the active tab and the rules text of `view`'s game (`info`: its GameInfo). */
export function renderHead(view, info) {
  const v = view;
  $('game-title').textContent = v.title ?? info?.title ?? v.game;
  $('game-credit').textContent = `A game by ${v.designer ?? info?.designer ?? rulesFor(v.game)?.credit ?? 'its designer'}`;
  for (const tab of document.querySelectorAll('#game-tabs [data-game]')) {
    const on = tab.dataset.game === v.game;
    tab.classList.toggle('active', on);
    if (on) tab.setAttribute('aria-current', 'page');
    else tab.removeAttribute('aria-current');
  }
  const rules = rulesFor(v.game);
  const box = $('rules-text');
  if (box.dataset.game === v.game) return; // the same text as drawn
  box.dataset.game = v.game;
  box.replaceChildren();
  if (rules) {
    for (const p of rules.paragraphs) box.append(el('p', { text: p }));
    box.append(el('p', { class: 'rules-ludus', text: rules.ludus }));
    const keys =
      'Keyboard: Tab to the board, move over the cells with the arrow keys and play with Enter or Space' +
      (info?.keyboard ? `; ${info.keyboard}` : '') +
      '. Elsewhere on the page, ← and → step through the moves, Home and End jump, F turns the board, C shows cell names, Esc lets go of a selected piece.';
    box.append(el('p', { class: 'rules-keys', text: keys }));
    box.append(
      el('p', {
        class: 'rules-keys',
        text:
          'The computer: click Human on a colour to let the computer play it (on every colour, it plays a game by itself), and pick its level. ' +
          'It answers at the latest position; while you look back through the moves it waits, and undo stops it thinking.',
      }),
    );
    box.append(
      el('p', {
        class: 'rules-keys',
        text:
          'Analysis shows each colour\'s chance of winning and the best steps (numbered on the board); Hint marks a good step without playing it; after a game, Review marks the steps that lost the most.',
      }),
    );
    box.append(el('p', { class: 'rules-credit', text: `${v.title} was designed by ${v.designer ?? rules.credit}. This summary is ours; the designer's rule sheet is the authority.` }));
  }
}
