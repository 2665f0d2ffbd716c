// Saved games: every game the user plays, kept until deleted; a link's game joins them once
// played on, never in a saved game's place. Read afresh before each change (two tabs keep
// each other's games) and checked like any input.

import { gameOfRecord, recordLengthProblem, STORAGE_PROBLEMS } from '../record.js';

export const KEY = 'saved-games';
/** Stored games that could not be read (saved ones and Games by link): kept, never dropped, for the user to download. */
export const ASIDE_KEY = 'saved-games-aside';
const ID = /^[a-z0-9]{6,24}$/;
const MAX_STATUS = 200;

export function newEntryId(random = Math.random) {
  let id = '';
  for (let i = 0; i < 12; i++) id += 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(random() * 36)];
  return id;
}

/**
 * Whether a record is its setup alone: no step, no note. `setupOf` is the engine's
 * `recordSetup`; a record it cannot read is not empty (it is never given away).
 * @param {string} record
 * @param {((record: string) => string) | null} setupOf
 * @returns {boolean}
 */
export function isEmptyRecord(record, setupOf) {
  try {
    return !!setupOf && setupOf(record) === record;
  } catch {
    return false;
  }
}

export class SavedGames {
  /**
   * `known(name)`: whether the page plays that game (entries of other games are dropped);
   * `setupOf(record)`: the engine's `recordSetup`, which tells a game with no step yet
   * (without it, no game counts as empty).
   * @param {import('../record.js').Store} store
   * @param {{ known?: (name: string) => boolean, setupOf?: ((record: string) => string) | null, random?: () => number, now?: () => number }} [options]
   */
  constructor(store, { known = () => true, setupOf = null, random = Math.random, now = Date.now } = {}) {
    this.store = store;
    this.known = known;
    this.setupOf = setupOf;
    this.random = random;
    this.now = now;
    this.onChange = null;
  }

  /**
   * The stored list, checked: {current, games}. What cannot be read is moved aside (see
   * `aside`), with a note; the list is written back without it only once it is kept there.
   */
  read() {
    const raw = this.store.get(KEY);
    let value = null;
    try {
      value = JSON.parse(raw ?? '{"games":[]}');
    } catch {
      /* kept aside below */
    }
    const all = Array.isArray(value?.games) ? value.games : null;
    const byId = new Map();
    const unread = [];
    for (const g of all ?? []) {
      const why = this.problem(g);
      const entry = why ? null : this.check(g);
      const twin = entry && byId.get(entry.id);
      if (entry && !twin) byId.set(entry.id, entry);
      else if (!twin || twin.record !== entry.record) unread.push({ text: rawText(g), reason: why || 'another game has the same id' });
    }
    if (!all && raw != null) unread.push({ text: raw, reason: 'the list of saved games is damaged' });
    const games = [...byId.values()];
    const list = { current: byId.has(value?.current) ? value.current : null, games };
    if (games.length !== all?.length || unread.length) {
      this.store.report(STORAGE_PROBLEMS.droppedGames);
      if (this.putAside(unread)) this.write(list);
    }
    return list;
  }

  /** Why an entry cannot be listed, or "". */
  problem(g) {
    const { id, record } = g ?? {};
    if (typeof id !== 'string' || !ID.test(id)) return 'its id is not one Ludus makes';
    if (typeof record !== 'string') return 'it has no record';
    const tooLong = recordLengthProblem(record);
    if (tooLong) return tooLong;
    const game = gameOfRecord(record);
    if (!game || !this.known(game)) return game ? `this page does not play ${game}` : 'its record names no game';
    return '';
  }

  /** An entry checked and copied field by field, or null. */
  check(g) {
    if (this.problem(g)) return null;
    const { id, record, updated, status } = g;
    return { id, record, updated: Number.isFinite(updated) ? updated : 0, status: typeof status === 'string' ? status.slice(0, MAX_STATUS) : '' };
  }

  /** The stored games that could not be read: [{text, reason}], the oldest first. */
  aside() {
    let value = null;
    try {
      value = JSON.parse(this.store.get(ASIDE_KEY) ?? '[]');
    } catch {
      /* a damaged list of these is kept as it is, as one text */
      return [{ text: this.store.get(ASIDE_KEY), reason: 'the list of games that could not be read is damaged' }];
    }
    return (Array.isArray(value) ? value : [])
      .filter((u) => typeof u?.text === 'string')
      .map((u) => ({ text: u.text, reason: typeof u.reason === 'string' ? u.reason.slice(0, MAX_STATUS) : '' }));
  }

  /** Adds `unread` to the games kept aside (a text kept there already is not added twice); false when storage refuses. */
  putAside(unread) {
    if (!unread.length) return true;
    const kept = this.aside();
    const texts = new Set(kept.map((u) => u.text));
    return this.store.set(ASIDE_KEY, JSON.stringify([...kept, ...unread.filter((u) => !texts.has(u.text) && texts.add(u.text))]));
  }

  /** Deletes the game kept aside at `index` (of `aside()`). */
  removeAside(index) {
    const kept = this.aside();
    kept.splice(index, 1);
    if (kept.length) this.store.set(ASIDE_KEY, JSON.stringify(kept));
    else this.store.remove(ASIDE_KEY);
    this.onChange?.();
  }

  write(list) {
    return this.store.set(KEY, JSON.stringify({ current: list.current, games: list.games }));
  }

  /** Most recently played first. */
  list() {
    return [...this.read().games].sort((a, b) => b.updated - a.updated);
  }

  get(id) {
    return this.read().games.find((g) => g.id === id) ?? null;
  }

  /** The entry shown last (an address without a game opens it), or null. */
  current() {
    const list = this.read();
    return list.games.find((g) => g.id === list.current) ?? null;
  }

  /** The entry with exactly this record, or null. */
  find(record) {
    return this.read().games.find((g) => g.record === record) ?? null;
  }

  latestOf(name) {
    return this.list().find((g) => gameOfRecord(g.record) === name) ?? null;
  }

  /**
   * Saves `record` under `id` (again if another tab deleted it) as the current entry. Its time
   * changes only with its record: opening a game does not move it up the list.
   */
  save(id, record, status = '') {
    const list = this.read();
    const at = list.games.findIndex((g) => g.id === id);
    const same = at >= 0 && list.games[at].record === record;
    const entry = { id, record, updated: same ? list.games[at].updated : this.now(), status: String(status ?? '').slice(0, MAX_STATUS) };
    if (at >= 0) list.games[at] = entry;
    else list.games.unshift(entry);
    list.current = id;
    this.write(list);
    this.onChange?.();
  }

  /** A new entry; returns its id. `reuse` (the game shown before) takes it if it has no step: new games leave no empty ones behind. */
  add(record, status = '', reuse = null) {
    const old = reuse == null ? null : this.get(reuse);
    const id = old && isEmptyRecord(old.record, this.setupOf) ? old.id : newEntryId(this.random);
    this.save(id, record, status);
    return id;
  }
}

/** What is downloaded of an entry that cannot be read: its record, or else the entry as stored. */
export function rawText(g) {
  if (typeof g?.record === 'string') return g.record;
  return typeof g === 'string' ? g : (JSON.stringify(g) ?? String(g));
}

/**
 * The "Your games" card: its count, and while open its list (saved-games-list.js, loaded on
 * first use). Returns its redraw.
 * @param {import('./saved-games-list.js').SavedListHost} host
 * @param {SavedGames} saved
 * @returns {() => void}
 */
export function mountSavedGames(host, saved) {
  const card = /** @type {HTMLDetailsElement} */ (document.getElementById('saved-games-card'));
  const render = () => {
    const n = saved.read().games.length + saved.aside().length;
    document.getElementById('saved-games-count').textContent = n ? `(${n})` : '';
    if (card.open) import('./saved-games-list.js').then((m) => m.renderList(host, saved));
  };
  card.addEventListener('toggle', render);
  // After the change: the page sets the entry it shows right after saving.
  saved.onChange = () => queueMicrotask(render);
  return render;
}
