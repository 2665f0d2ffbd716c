// The ways into Learn and Puzzles from a game's page: its Learn, Puzzles and Daily puzzle
// links, and on a first visit to a game the offer to learn it ("New to Unravel? Learn it in
// five minutes"), which is remembered once dismissed and never shown over a shared game.
// Small on purpose: it is on the page's start path; Learn and Puzzles themselves load only
// when opened (www/learn/trainer.js).

import { $ } from './dom.js';

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

export class LearnEntry {
  /** `store`: www/record.js Store. */
  constructor(store) {
    this.store = store;
    this.offers = readOffers(store.get(OFFERS_KEY));
    /** The game of a shared link the page opened with: no offer for it this visit. */
    this.shared = null;
    $('learn-offer-close').addEventListener('click', () => this.dismiss());
    $('learn-offer-go').addEventListener('click', () => this.dismiss());
  }

  dismiss() {
    const game = this.game;
    if (!game) return;
    this.offers[game] = true;
    this.store.set(OFFERS_KEY, JSON.stringify(this.offers));
    $('learn-offer').hidden = true;
  }

  /** The links and the offer for `view`'s game (`title`: its name). */
  update(view, title) {
    const game = view.game;
    this.game = game;
    $('learn-link').href = `#learn=${game}`;
    $('puzzles-link').href = `#puzzles=${game}`;
    const offer = $('learn-offer');
    offer.hidden = this.shared === game || !!this.offers[game];
    if (!offer.hidden) {
      $('learn-offer-text').textContent = `New to ${title}? Learn it in five minutes.`;
      $('learn-offer-go').href = `#learn=${game}`;
    }
  }
}
