// The ways into Learn and Puzzles from a game's page: its Learn, Puzzles and Daily puzzle
// links, and on a first visit to a game the offer to learn it ("New to Unravel? Learn it in
// five minutes"), which is remembered once dismissed and never shown over a shared game;
// and the view itself, shown over the game (which stays as it was) for a `#learn=`,
// `#puzzles=` or `#daily` link. Small on purpose: it is on the page's start path; Learn and
// Puzzles themselves load only when first opened (www/learn/trainer.js).

import { $ } from './dom.js';
import { readFragment } from '../record.js';
import { errorText } from '../engine.js';

const OFFERS_KEY = 'learn-offers';

/** Whether a fragment's text (decoded, no `#`) opens Learn or Puzzles (www/learn/route.js) rather than a game. */
export function isTrainerRoute(text) {
  return /^(learn|puzzles)=|^daily$/.test(String(text ?? '').trim());
}

/** The games whose offer was dismissed, from storage (untrusted: anything else is dropped). */
export function readOffers(text) {
  let data = null;
  try {
    data = JSON.parse(text ?? 'null');
  } catch {
    return {};
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  const out = {};
  for (const [game, seen] of Object.entries(data)) if (/^[a-z][a-z-]{0,40}$/.test(game) && seen === true) out[game] = true;
  return out;
}

/** @typedef {import('../types/app-learn-entry').LearnEntryHost} LearnEntryHost */

export class LearnEntry {
  /**
   * @param {import('../record.js').Store} store
   * @param {LearnEntryHost} host
   */
  constructor(store, host) {
    this.store = store;
    this.host = host;
    /** Learn and Puzzles (www/learn/trainer.js), once loaded. */
    this.trainer = null;
    this.loading = null;
    this.offers = readOffers(store.get(OFFERS_KEY));
    /** The game of a shared link the page opened with: no offer for it this visit. @type {string|null} */
    this.shared = null;
    $('learn-offer-close').addEventListener('click', () => this.dismiss());
  }

  /**
   * The page opened with a game someone shared: no offer to learn that game this visit.
   * @param {string} game
   */
  openedShared(game) {
    this.shared = game;
  }

  /** Shows Learn or Puzzles for a fragment's `text` (www/learn/route.js), or (null) closes them. */
  show(text, initial) {
    if (text == null) {
      if (!this.trainer?.shown) return;
      this.trainer.close();
      return this.host.refresh();
    }
    const hash = location.hash;
    if (this.host.behind(initial)) history.replaceState(history.state, '', hash);
    this.host.stop();
    this.loading ??= import('../learn/trainer.js').then((m) => {
      this.trainer = new m.Trainer({
        mod: this.host.mod,
        store: this.store,
        gameInfo: this.host.gameInfo,
        back: (name) => this.back(name),
      });
      return this.trainer;
    });
    this.loading.then(
      (trainer) => {
        // Only if the link still asks for it (Back may have left it while the code loaded).
        if (readFragment(location.hash).record !== text) return;
        trainer.open(text);
        // Lessons opened: the offer for that game has done its work.
        const game = /^learn=([a-z-]+)/.exec(text)?.[1];
        if (game && !this.offers[game]) this.dismiss(game);
      },
      (error) => {
        this.loading = null;
        this.host.notice(`Learn and Puzzles could not be loaded: ${errorText(error)}.`);
      },
    );
  }

  /** A game's tab (or Learn's "Play" link): that game, leaving Learn or Puzzles if shown. */
  back(name) {
    const view = this.host.view();
    if (this.trainer?.shown) {
      this.trainer.close();
      // The game behind, as it was; another game: as its tab opens it.
      if (view?.game !== name) return this.host.resumeOrStart(name);
      this.host.writeLocation();
      return this.host.refresh();
    }
    if (view?.game !== name) this.host.resumeOrStart(name);
  }

  dismiss(game = this.game) {
    if (!game) return;
    this.offers[game] = true;
    this.store.set(OFFERS_KEY, JSON.stringify(this.offers));
    $('learn-offer').hidden = true;
  }

  /** The links and the offer for `view`'s game (`title`: its name). */
  update(view, title) {
    const game = view.game;
    this.game = game;
    /** @type {HTMLAnchorElement} */ ($('learn-link')).href = `#learn=${game}`;
    /** @type {HTMLAnchorElement} */ ($('puzzles-link')).href = `#puzzles=${game}`;
    const offer = $('learn-offer');
    offer.hidden = this.shared === game || !!this.offers[game];
    if (!offer.hidden) {
      $('learn-offer-text').textContent = `New to ${title}? Learn it in five minutes.`;
      /** @type {HTMLAnchorElement} */ ($('learn-offer-go')).href = `#learn=${game}`;
    }
  }
}
