// The head of the page for the game shown: the game tabs, the title and designer, and the
// "How to play" card (its text is app/rules-text.js, loaded when the card is first opened).

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

/** The title, the credit and the active tab of `view`'s game (`info`: its GameInfo), and its rules text. */
export function renderHead(view, info) {
  const v = view;
  $('game-title').textContent = v.title ?? info?.title ?? v.game;
  $('game-credit').textContent = `A game by ${v.designer ?? info?.designer ?? 'its designer'}`;
  for (const tab of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#game-tabs [data-game]'))) {
    const on = tab.dataset.game === v.game;
    tab.classList.toggle('active', on);
    if (on) tab.setAttribute('aria-current', 'page');
    else tab.removeAttribute('aria-current');
  }
  // The rules text: drawn once its card has been opened (see mountRules).
  shown = { view: v, info };
  if (rulesText) rulesText.renderRules(v, info);
}

let shown = null;
let rulesText = null;

/** The rules text loads when its card is first opened: most visits never open it. */
export function mountRules() {
  const card = /** @type {HTMLDetailsElement} */ ($('rules'));
  const load = async () => {
    if (!card.open || rulesText) return;
    try {
      rulesText ??= await import('./rules-text.js');
    } catch {
      return; // offline without the file: the card stays empty, the page plays on
    }
    if (shown) rulesText.renderRules(shown.view, shown.info);
  };
  card.addEventListener('toggle', load);
  load();
}
