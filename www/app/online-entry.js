// Play online on first use: the "Play online" button and the `#live=ID` route are made here
// at start; the live play itself (www/online/online.js: the panel, the socket, the live
// game) is loaded only when the button is first pressed or the address is a live game's
// link: most visits never need it, and the first load stays within its budget.

import { el } from './dom.js';

/** Whether a fragment's text (decoded, no `#`) is a live game's link (`live=ID`). */
export function isLiveRoute(text) {
  return /^live=/.test(String(text ?? '').trim());
}

/** @typedef {import('../types/app-online').OnlineHost} OnlineHost */

/** The page's part until www/online/online.js is loaded, then a door to it. */
export class OnlineEntry {
  /**
   * @param {OnlineHost} host
   * @param {{ buttonSlot: HTMLElement, cardSlot: HTMLElement, store: import('../record.js').Store }} parts
   */
  constructor(host, { buttonSlot, cardSlot, store }) {
    this.host = host;
    this.store = store;
    /** www/online/online.js's OnlineUi once loaded. @type {any} */
    this.ui = null;
    this.loading = null;
    this.button = el('button', {
      type: 'button',
      id: 'play-online-button',
      title: 'Play someone on another device, live',
      text: 'Play online',
      onclick: () => this.load().then((ui) => ui.openPanel()),
    });
    buttonSlot.append(el('div', { class: 'online-entry' }, el('span', { class: 'muted', text: 'Or play someone on another device:' }), this.button));
    this.card = el('section', { class: 'card online-card', id: 'online-card', 'aria-label': 'Play online', hidden: true });
    // Scrolled into view below the page's sticky bar, not under it; set here, not in the
    // panel's own styles, which may still be loading when the card is first scrolled to.
    this.card.style.scrollMarginTop = '4.5rem';
    cardSlot.after(this.card);
  }

  /** Loads www/online/online.js once; resolves to its OnlineUi. */
  load() {
    this.loading ??= import('../online/online.js').then(
      ({ OnlineUi }) => {
        this.ui = new OnlineUi(this.host, { card: this.card, store: this.store });
        return this.ui;
      },
      (error) => {
        this.loading = null;
        this.host.notice(`Online play could not be loaded: ${error?.message ?? error}.`);
        throw error;
      },
    );
    return this.loading;
  }

  /** The address is a live game's link (`text`: `live=ID`). */
  route(text) {
    // A board at once (the saved game) while the live game's code and state come.
    this.host.behind();
    this.load().then((ui) => ui.openLink(text.trim().slice('live='.length)), () => {});
  }

  /** Whether the game shown is a live game still on (no analysis, no hint, no computer). */
  liveShown() {
    return this.ui?.liveShown() ?? false;
  }

  /** Whether the user may make a step on the board now (always, but in a live game). */
  allows() {
    return this.ui ? this.ui.allows() : true;
  }

  /** The user played `text` on the board. */
  played(text) {
    this.ui?.played(text);
  }

  /** After each redraw of the page. */
  update() {
    this.ui?.update();
  }
}
