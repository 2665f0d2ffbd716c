// Saved games: every game the user plays, kept until deleted; a link's game joins them once
// played on, never in a saved game's place. Read afresh before each change (two tabs keep
// each other's games) and checked like any input.

import { gameOfRecord, setupOfRecord, MAX_RECORD_LENGTH, STORAGE_PROBLEMS } from '../record.js';

export const KEY = 'saved-games';
const ID = /^[a-z0-9]{6,24}$/;
const MAX_STATUS = 200;

export function newEntryId(random = Math.random) {
  let id = '';
  for (let i = 0; i < 12; i++) id += 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(random() * 36)];
  return id;
}

/** Whether a record has no step yet (the engine writes `;moves=` only after one). */
export const isEmptyRecord = (record) => setupOfRecord(record) === record;

export class SavedGames {
  /** `known(name)`: whether the page plays that game (entries of other games are dropped). */
  constructor(store, { known = () => true, random = Math.random, now = Date.now } = {}) {
    this.store = store;
    this.known = known;
    this.random = random;
    this.now = now;
    this.onChange = null;
  }

  /** The stored list, checked: {current, games}; what cannot be read is dropped, with a note. */
  read() {
    const raw = this.store.get(KEY);
    let value = null;
    try {
      value = JSON.parse(raw ?? '{"games":[]}');
    } catch {
      /* dropped below */
    }
    const all = Array.isArray(value?.games) ? value.games : null;
    const ids = new Set();
    const games = (all ?? []).map((g) => this.check(g)).filter((g) => g && !ids.has(g.id) && ids.add(g.id));
    const list = { current: ids.has(value?.current) ? value.current : null, games };
    if (games.length !== all?.length) {
      this.store.report(STORAGE_PROBLEMS.droppedGames);
      this.write(list);
    }
    return list;
  }

  /** An entry checked and copied field by field, or null. */
  check(g) {
    const { id, record, updated, status } = g ?? {};
    if (typeof id !== 'string' || !ID.test(id) || typeof record !== 'string' || record.length > MAX_RECORD_LENGTH) return null;
    const game = gameOfRecord(record);
    if (!game || !this.known(game)) return null;
    return { id, record, updated: Number.isFinite(updated) ? updated : 0, status: typeof status === 'string' ? status.slice(0, MAX_STATUS) : '' };
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
    const id = old && isEmptyRecord(old.record) ? old.id : newEntryId(this.random);
    this.save(id, record, status);
    return id;
  }
}

/** The "Your games" card: its count, and while open its list (saved-games-list.js, loaded on first use; `host`: its SavedListHost). Returns its redraw. */
export function mountSavedGames(host, saved) {
  const card = document.getElementById('saved-games-card');
  const render = () => {
    const n = saved.read().games.length;
    document.getElementById('saved-games-count').textContent = n ? `(${n})` : '';
    if (card.open) import('./saved-games-list.js').then((m) => m.renderList(host, saved));
  };
  card.addEventListener('toggle', render);
  // After the change: the page sets the entry it shows right after saving.
  saved.onChange = () => queueMicrotask(render);
  return render;
}
