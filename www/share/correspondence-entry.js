// Play by link on first use: the "Send your move" button and the "Games by link" card are made
// here at start, and share/correspondence.js (what they do) is loaded only when the address
// is a correspondence link, games by link are saved, or the button is first pressed: most
// visits never need it.

import { el } from '../app/dom.js';

/** Where share/correspondence.js keeps the games played by link (in the page's Store). */
export const STORE_KEY = 'correspondence';

/** The page's part until share/correspondence.js is loaded, then a door to it. */
export class CorrespondenceEntry {
  /** @param {import('./correspondence.js').CorrespondenceHost} host */
  constructor(host, { sendSlot, listSlot, store }) {
    this.host = host;
    this.store = store;
    /** share/correspondence.js's CorrespondenceUi once loaded. */
    this.ui = null;
    this.loading = null;
    this.wasOpened = false;
    this.sendButton = el('button', {
      type: 'button',
      class: 'link-button',
      id: 'send-move-button',
      title: 'Share a link to this game with the player to move',
      text: 'Send your move',
      onclick: () => this.load().then((ui) => ui.send()),
    });
    this.sendStatus = el('span', { class: 'visually-hidden', role: 'status' });
    sendSlot.append(this.sendButton, this.sendStatus);
    this.list = el('ul', { class: 'my-games-list', id: 'my-games' }, el('li', { class: 'muted', text: 'No games by link yet.' }));
    listSlot.append(
      el(
        'details',
        { class: 'card', id: 'my-games-card' },
        el('summary', {}, el('h2', { text: 'Games by link' })),
        el('p', { class: 'muted', text: 'Games played by link ("Send your move"), with whose turn each is.' }),
        this.list,
      ),
    );
    const query = new URLSearchParams(location.search);
    if (query.has('corr') || query.has('seat') || store.get(STORE_KEY) !== null) this.load();
  }

  /** Loads share/correspondence.js once; resolves to its CorrespondenceUi. */
  load() {
    this.loading ??= import('./correspondence.js').then(({ CorrespondenceUi }) => {
      this.ui = new CorrespondenceUi(this.host, this);
      if (this.wasOpened) this.ui.opened();
      this.ui.update();
      return this.ui;
    });
    return this.loading;
  }

  /** Called once the app has opened the address: a correspondence link is checked once loaded. */
  opened() {
    this.wasOpened = true;
    this.ui?.opened();
  }

  /** Whether a game played by link is shown and still going on (none before the load). */
  inProgress() {
    return this.ui?.inProgress() ?? false;
  }

  /** After each step. */
  update() {
    if (this.ui) return this.ui.update();
    const view = this.host.view();
    if (view) this.sendButton.disabled = view.steps.length === 0;
  }
}
