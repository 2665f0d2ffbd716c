// The "How to play" card's text for the game shown: the engine's rules summary and board help
// (games()) and the page's keyboard, computer and analysis help. Loaded the first time the card is opened
// (app/head.js).

import { $, el } from './dom.js';

/** Fills the card for `view`'s game (`info`: its GameInfo, for the game's keys). */
export function renderRules(view, info) {
  const v = view;
  const rules = info?.rules;
  const box = $('rules-text');
  if (box.dataset.game === v.game) return; // the same text as drawn
  box.dataset.game = v.game;
  box.replaceChildren();
  if (rules) {
    for (const p of rules) box.append(el('p', { text: p }));
    box.append(el('p', { class: 'rules-ludus', text: info.boardHelp }));
    const keys =
      'Keyboard: Tab to the board, move over the cells with the arrow keys and play with Enter or Space' +
      (info?.keyboard ? `; ${info.keyboard}` : '') +
      '; O circles the cursor\'s cell and A starts an arrow there (a second A ends it). Elsewhere on the page, ← and → step through the moves, ↑ and ↓ go between the lines tried, Home and End jump, F turns the board, C shows cell names, Esc lets go of a selected piece.';
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
    box.append(
      el('p', {
        class: 'rules-keys',
        text:
          'Studying a game: step back and play another step to try a line; the game keeps every line, indented in the move list (by a line shown, Make main line and Delete this line). ' +
          'Annotate (above the move list) gives the step shown a comment and a glyph (! ? !! ?? !? ?!); right-click a cell to circle it, drag with the right button for an arrow, or on a touch screen switch on Draw on the board. ' +
          'The link, the saved game and Export game as text keep all of it.',
      }),
    );
    box.append(el('p', { class: 'rules-credit', text: `${v.title} was designed by ${v.designer ?? info.designer}. This summary is ours; the designer's rule sheet is the authority.` }));
  }
}
