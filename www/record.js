// The game in the URL fragment and in localStorage.
//
// The fragment holds the whole game as the engine's record text
// (`game;key=value;...;moves=s1,s2,...;at=N`), encoded with encodeURI. Saved games live in
// localStorage, one per game name, so switching games resumes each one where it was left.

const PREFIX = 'ludus:v1:';
/** A record longer than this is refused before it reaches the engine. */
export const MAX_RECORD_LENGTH = 200_000;

/** The fragment (with `#`) for a record. */
export function fragmentFor(record) {
  return '#' + encodeURI(record);
}

/**
 * Reads a fragment: {empty: true} when there is none, {record} when it decodes, or
 * {error} (a plain-words message) when it cannot be a record at all.
 */
export function readFragment(hash) {
  const raw = (hash ?? '').replace(/^#/, '');
  if (!raw.trim()) return { empty: true };
  if (raw.length > MAX_RECORD_LENGTH * 3) return { error: 'the link is far too long to be a game' };
  let record;
  try {
    record = decodeURIComponent(raw);
  } catch {
    return { error: 'the link is damaged (it is not properly encoded)' };
  }
  if (record.length > MAX_RECORD_LENGTH) return { error: 'the link is far too long to be a game' };
  // A lone surrogate (from a bare text, never from a real link) cannot be encoded again.
  if (/\p{Surrogate}/u.test(record)) return { error: 'the link is damaged (it is not properly encoded)' };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(record)) return { error: 'the link contains control characters' };
  return { record: record.trim() };
}

/** The game name a record starts with (`unity;...` -> "unity"), or "". */
export function gameOfRecord(record) {
  const name = String(record ?? '').split(';', 1)[0].trim();
  return /^[a-z][a-z-]{0,40}$/.test(name) ? name : '';
}

/** A localStorage wrapper that never throws (private mode, full quota, disabled storage). */
export class Store {
  constructor(storage = globalThis.localStorage) {
    this.storage = storage ?? null;
  }

  get(key) {
    try {
      return this.storage?.getItem(PREFIX + key) ?? null;
    } catch {
      return null;
    }
  }

  set(key, value) {
    try {
      this.storage?.setItem(PREFIX + key, value);
      return true;
    } catch {
      return false;
    }
  }

  remove(key) {
    try {
      this.storage?.removeItem(PREFIX + key);
    } catch {
      /* nothing to do */
    }
  }

  /** The saved record of a game, if any. */
  game(name) {
    return this.get(`game:${name}`);
  }

  saveGame(name, record) {
    this.set(`game:${name}`, record);
    this.set('last', name);
  }

  lastGame() {
    return this.get('last');
  }

  prefs() {
    try {
      const value = JSON.parse(this.get('prefs') ?? '{}');
      return value && typeof value === 'object' ? value : {};
    } catch {
      return {};
    }
  }

  savePrefs(prefs) {
    this.set('prefs', JSON.stringify(prefs));
  }
}
