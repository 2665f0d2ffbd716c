// Play by link: after a step, "Send your move" shares a link to the game with a short text
// ("Unlur, move 14: your turn as White"); whoever opens it sees the board from their own
// side, told whose turn it is, the last turn marked as always. "Games by link" (localStorage)
// lists these correspondence games with whose turn each is. A link whose moves differ from
// the saved game of the same correspondence is not taken over the saved one: the page says
// where they part ("the link's game and yours differ from move 9") and lets the reader pick.
//
// The link is the app's own (the record after `#`) with `?corr=ID&seat=N`: the game's
// correspondence id and the seat of the person it is sent to. The pure functions at the top
// are what node tests check; CorrespondenceUi puts them on the page.

import { Store, gameOfRecord, recordLengthProblem, STORAGE_PROBLEMS } from '../record.js';
import { el } from '../app/dom.js';
import { SavedGames, rawText } from '../app/saved-games.js';
import { STORE_KEY } from './correspondence-entry.js';
/** At most this many games are kept (the oldest go first). */
export const MAX_GAMES = 50;

/** {id, seat} from the address's query (`?corr=ab12cd34&seat=1`), null without one, or {error}. */
export function readLink(search) {
  const params = new URLSearchParams(search ?? '');
  const ids = params.getAll('corr');
  const seats = params.getAll('seat');
  if (!ids.length && !seats.length) return null;
  if (ids.length > 1) return { error: 'corr= is given twice' };
  if (seats.length > 1) return { error: 'seat= is given twice' };
  const [id] = ids;
  const [seat] = seats;
  if (!/^[a-z0-9]{6,24}$/.test(id ?? '')) return { error: 'corr= is missing or damaged' };
  if (!/^[0-3]$/.test(seat ?? '')) return { error: 'seat= is missing or not a seat number' };
  return { id, seat: Number(seat) };
}

/** A new correspondence id (random, URL-safe). */
export function newId(random = Math.random) {
  let id = '';
  for (let i = 0; i < 10; i++) id += 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(random() * 36)];
  return id;
}

/** The link that sends `record` to the player of `seat`: `page?corr=ID&seat=N#record`. */
export function linkFor(pageUrl, record, { id, seat }) {
  const url = new URL(pageUrl);
  url.search = `?corr=${id}&seat=${seat}`;
  url.hash = encodeURI(record);
  return url.href;
}

/** The text that goes with the link: "Unlur, move 14: your turn as White". */
export function messageFor(view) {
  const n = view.steps.length;
  const title = view.title ?? view.game;
  if (view.outcome) return `${title}, move ${n}: ${view.prompt || 'the game is over'}`;
  const next = view.players?.[view.toMove];
  return `${title}, move ${n}: your turn${next ? ` as ${next.name}` : ''}`;
}

/**
 * How the steps of a link and of a saved game relate: "same", "link-ahead" (the link goes
 * on from the saved game), "saved-ahead" (the link is older) or "differ", with `move`, the
 * first move (1-based) where they part.
 */
export function compareSteps(link, saved) {
  const n = Math.min(link.length, saved.length);
  let i = 0;
  while (i < n && link[i] === saved[i]) i++;
  if (i === link.length && i === saved.length) return { relation: 'same', move: null };
  if (i === saved.length) return { relation: 'link-ahead', move: i + 1 };
  if (i === link.length) return { relation: 'saved-ahead', move: i + 1 };
  return { relation: 'differ', move: i + 1 };
}

/**
 * Why a stored entry cannot be listed, or "". `known(name)`: a game the page plays.
 * @param {any} g the stored entry (untrusted)
 * @param {(name: string) => boolean} [known]
 */
export function entryProblem(g, known = () => true) {
  const { id, seat, record } = g ?? {};
  if (typeof id !== 'string' || !/^[a-z0-9]{6,24}$/.test(id)) return 'its id is not one Ludus makes';
  if (typeof record !== 'string') return 'it has no record';
  const tooLong = recordLengthProblem(record);
  if (tooLong) return tooLong;
  const game = gameOfRecord(record);
  if (!game || !known(game)) return game ? `this page does not play ${game}` : 'its record names no game';
  if (![0, 1, 2, 3].includes(seat)) return 'its seat is not one from 0 to 3';
  return '';
}

/**
 * A stored entry checked (storage is untrusted), or null. `known(name)`: a game the page plays.
 * @param {any} g the stored entry (untrusted)
 * @param {(name: string) => boolean} [known]
 */
export function checkEntry(g, known = () => true) {
  if (entryProblem(g, known)) return null;
  const { id, seat, record } = g;
  const game = gameOfRecord(record);
  // What is only shown is made text (or a count) whatever it was.
  const text = (v) => (typeof v === 'string' ? v.slice(0, 200) : '');
  const count = (v) => (Number.isInteger(v) && v >= 0 ? v : null);
  const players = Array.isArray(g.players) ? g.players.slice(0, 4).map(text) : [];
  return { id, seat, game, record, title: text(g.title) || game, moves: count(g.moves) ?? 0, players, toMove: count(g.toMove), result: text(g.result), updated: count(g.updated) ?? 0 };
}

/**
 * The saved correspondence games, newest first: [{id, game, title, record, seat, players,
 * updated}]. Entries that cannot be read are never dropped: they are kept aside with the saved
 * games' (`keepAside(unread)`, false when storage refuses; listed at the end of Your games),
 * the store told so (the page shows it), and the list written back without them only once
 * they are kept there.
 * @param {(name: string) => boolean} [known]
 * @param {(unread: {text: string, reason: string}[]) => boolean} [keepAside]
 */
export function loadGames(store, known = () => true, keepAside = (unread) => new SavedGames(store).putAside(unread)) {
  const raw = store.get(STORE_KEY);
  if (raw == null) return [];
  let list;
  try {
    list = JSON.parse(raw);
  } catch {
    list = null;
  }
  if (!Array.isArray(list)) {
    store.report(STORAGE_PROBLEMS.droppedCorrespondence);
    if (keepAside([{ text: raw, reason: 'the list of Games by link is damaged' }])) store.remove(STORE_KEY);
    return [];
  }
  const games = [];
  const unread = [];
  for (const g of list) {
    const why = entryProblem(g, known);
    if (why) unread.push({ text: rawText(g), reason: `in Games by link, ${why}` });
    else games.push(checkEntry(g, known));
  }
  if (unread.length) {
    store.report(STORAGE_PROBLEMS.droppedCorrespondence);
    if (keepAside(unread)) store.set(STORE_KEY, JSON.stringify(games));
  }
  return games;
}

/** Saves `game` (replacing the one with its id) at the head of the list. */
export function saveGame(store, game) {
  const list = loadGames(store).filter((g) => g.id !== game.id);
  list.unshift({ ...game, updated: Date.now() });
  store.set(STORE_KEY, JSON.stringify(list.slice(0, MAX_GAMES)));
}

export function removeGame(store, id) {
  store.set(STORE_KEY, JSON.stringify(loadGames(store).filter((g) => g.id !== id)));
}

/** Whose turn a saved game is, from the saved player's side: "your turn", "Black's turn", the result. */
export function turnWords(game) {
  if (game.result) return game.result;
  if (game.toMove == null) return '';
  if (game.toMove === game.seat) return 'your turn';
  return `${game.players?.[game.toMove] ?? 'their'}'s turn`;
}

/** What a saved game remembers of a view, for `seat` (the reader's seat). */
export function entryFor(id, seat, view) {
  return {
    id,
    seat,
    game: view.game,
    title: view.title ?? view.game,
    record: view.record,
    moves: view.steps.length,
    players: (view.players ?? []).map((p) => p.name),
    toMove: view.outcome ? null : view.toMove ?? null,
    result: view.outcome ? view.prompt || 'game over' : '',
  };
}

// ------------------------------------------------------------------------------------------
// On the page
// ------------------------------------------------------------------------------------------

/** @typedef {import('../types/ludus-views').SessionView} SessionView */
/** @typedef {import('../types/ludus-views').RecordView} RecordView */

/**
 * What play by link asks of the page (www/app.js).
 * @typedef {object} CorrespondenceHost
 * @property {() => SessionView | null} view the SessionView shown
 * @property {(record: string) => RecordView} parseRecord the engine's reading (throws on a bad record)
 * @property {(name: string) => boolean} known whether the page plays that game
 * @property {(unread: {text: string, reason: string}[]) => boolean} keepAside keeps games that
 *   cannot be read with the saved games' (listed in Your games); false when storage refuses
 * @property {(flipped: boolean) => void} setFlipped turns the board to the reader's side
 * @property {() => void} refresh
 * @property {(text: string, actions: object[], kind?: string) => void} showNotice
 * @property {() => void} hideNotice
 */

/** The page's part. */
export class CorrespondenceUi {
  /** The moves of a record (what two games are compared on), read by the engine. */
  movesOf(record) {
    try {
      return this.host.parseRecord(record).moves;
    } catch {
      return [];
    }
  }

  games() {
    return loadGames(this.store, (name) => this.host.known(name), (unread) => this.host.keepAside(unread));
  }

  /**
   * @param {CorrespondenceHost} host
   * @param {{ sendButton: HTMLButtonElement, sendStatus: HTMLElement, list: HTMLElement, store?: Store }} parts
   *   the button, its status and the list, made at start by share/correspondence-entry.js
   *   (which sends the button's clicks to `send`)
   */
  constructor(host, { sendButton, sendStatus, list, store = new Store() }) {
    this.host = host;
    this.store = store;
    /** The correspondence of the game shown ({id, seat, game}; seat: the reader's), or null. */
    this.current = null;
    this.sendButton = sendButton;
    this.sendStatus = sendStatus;
    this.list = list;
    this.renderList();
  }

  /** Called once the app has opened the address: a correspondence link is checked here. */
  opened() {
    const link = readLink(location.search);
    const view = this.host.view();
    if (!link || !view) return;
    const seats = view.players?.length ?? 2;
    const problem = link.error ?? (link.seat >= seats ? `seat=${link.seat} names no seat of this ${seats}-player game` : null);
    if (problem) {
      this.host.showNotice(`This link's game cannot be answered by link: ${problem}.`, []);
      return;
    }
    const saved = this.games().find((g) => g.id === link.id);
    // The address keeps its query while the reader moves on to another game: not this one.
    if (saved && saved.game !== view.game) return;
    this.current = { ...link, game: view.game };
    // From the reader's own side: the second seat of a two-player game sees it turned.
    this.host.setFlipped(link.seat === 1 && (view.players?.length ?? 2) === 2);
    const name = view.players?.[link.seat]?.name ?? `player ${link.seat + 1}`;
    const turn = view.outcome
      ? `${view.title}: ${view.prompt || 'the game is over'}.`
      : view.toMove === link.seat
        ? `${view.title}, move ${view.steps.length}: your turn as ${name}.`
        : `${view.title}, move ${view.steps.length}: you play ${name}; it is ${view.players?.[view.toMove]?.name ?? 'the other player'}'s turn.`;
    if (saved) {
      const { relation, move } = compareSteps(this.movesOf(view.record), this.movesOf(saved.record));
      if (relation === 'differ' || relation === 'saved-ahead') {
        const why =
          relation === 'differ'
            ? `The link's game and yours differ from move ${move}.`
            : `This link is older than your game: yours goes on from move ${move}.`;
        this.host.showNotice(`${turn} ${why} Your saved game is kept until you choose.`, [
          { label: 'Open my saved game', action: () => location.assign(linkFor(location.href, saved.record, saved)) },
          {
            label: "Keep the link's game",
            action: () => {
              this.remember();
              this.host.hideNotice();
            },
          },
        ]);
        this.host.refresh();
        return;
      }
    }
    this.remember();
    this.host.showNotice(turn, [], 'info');
    this.host.refresh();
  }

  /** The game shown, saved under the current correspondence. */
  remember() {
    if (!this.current || !this.host.view()) return;
    saveGame(this.store, entryFor(this.current.id, this.current.seat, this.host.view()));
    this.renderList();
  }

  /**
   * Whether a game played by link is shown and still going on: the correspondence's game, with
   * steps, not over, and not gone another way than the saved one (a new game is not it).
   */
  inProgress() {
    const view = this.host.view();
    if (!this.current || !view || view.outcome || !view.steps.length) return false;
    const saved = this.games().find((g) => g.id === this.current.id);
    if (!saved || saved.game !== view.game) return false;
    return compareSteps(this.movesOf(view.record), this.movesOf(saved.record)).relation !== 'differ';
  }

  /** After each step: a correspondence game shown is kept up to date, and the button too. */
  update() {
    const view = this.host.view();
    if (!view) return;
    const saved = this.current && this.games().find((g) => g.id === this.current.id);
    if (saved && saved.game === view.game) {
      const { relation } = compareSteps(this.movesOf(view.record), this.movesOf(saved.record));
      if (relation === 'link-ahead') this.remember();
    } else if (this.current && saved && saved.game !== view.game) {
      this.current = null; // another game was opened
    }
    this.sendButton.disabled = view.steps.length === 0;
  }

  async send() {
    const view = this.host.view();
    if (!view || !view.steps.length) return;
    const mover = view.movers?.[view.steps.length - 1] ?? 0;
    if (!this.current || this.current.game !== view.game) this.current = { id: newId(), seat: mover, game: view.game };
    this.current.seat = mover;
    this.remember();
    this.host.refresh(); // the game is now played by link: the page says so (no analysis)
    const to = view.outcome ? (mover + 1) % Math.max(1, view.players?.length ?? 2) : view.toMove;
    const url = linkFor(location.href, view.record, { id: this.current.id, seat: to });
    const text = messageFor(view);
    this.lastSent = { url, text };
    try {
      if (navigator.share) {
        await navigator.share({ title: `${view.title} · Ludus`, text, url });
        this.sendStatus.textContent = 'Shared.';
      } else {
        await navigator.clipboard.writeText(`${text}\n${url}`);
        this.sendButton.textContent = 'Link copied';
        setTimeout(() => (this.sendButton.textContent = 'Send your move'), 1500);
        this.sendStatus.textContent = 'The link to your move is copied.';
      }
    } catch {
      this.host.showNotice(`Copy this link and send it: ${url}`, [], 'info');
    }
  }

  renderList() {
    const games = this.games();
    this.list.replaceChildren();
    if (!games.length) {
      this.list.append(el('li', { class: 'muted', text: 'No games by link yet.' }));
      return;
    }
    for (const g of games) {
      const url = linkFor(location.href, g.record, { id: g.id, seat: g.seat });
      this.list.append(
        el(
          'li',
          { 'data-id': g.id },
          el('a', { href: url, text: `${g.title}, move ${g.moves}: ${turnWords(g)}` }),
          ' ',
          el('button', {
            type: 'button',
            class: 'link-button',
            'aria-label': `Forget ${g.title}, move ${g.moves}`,
            text: 'Forget',
            onclick: () => {
              removeGame(this.store, g.id);
              this.renderList();
            },
          }),
        ),
      );
    }
  }
}
