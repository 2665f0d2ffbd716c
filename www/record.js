// The game in the URL fragment and in localStorage.
//
// The fragment holds the whole game as the engine's record text
// (`game;key=value;...;moves=s1,s2,...;at=N`), encoded with encodeURI. Saved games live in
// localStorage as a list (www/app/saved-games.js), through the Store below; everything read
// back from storage is checked like any other input.

import { MAX_RECORD_LENGTH } from './engine-limits.js';

const PREFIX = 'ludus:v1:';
/**
 * The longest record, in bytes of UTF-8 (`utf8Length`), as the engine counts it (its limit,
 * www/engine-limits.js): a longer one is refused before it reaches the engine. A text's
 * `length` (UTF-16 units) is never more than its bytes, so a text longer than this in
 * `length` is too long all the same.
 */
export { MAX_RECORD_LENGTH };

/** The length of `text` in bytes of UTF-8 (a lone surrogate counts as the 3 of U+FFFD). */
export function utf8Length(text) {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** Why a record is too long for the engine to read ("the record is too long (…)"), or "". */
export function recordLengthProblem(record) {
  if (typeof record !== 'string') return '';
  const bytes = record.length > MAX_RECORD_LENGTH ? record.length : utf8Length(record);
  return bytes > MAX_RECORD_LENGTH ? `the record is too long (${record.length > MAX_RECORD_LENGTH ? 'at least ' : ''}${bytes} bytes; at most ${MAX_RECORD_LENGTH})` : '';
}

/** The fragment (with `#`) for a record. */
export function fragmentFor(record) {
  return '#' + encodeURI(record);
}

/**
 * The record a link carries for the game shown: the engine packs a long one (`~…`, which
 * Session.fromRecord reads back); the view's record where the session cannot.
 */
export function linkRecord(session, view) {
  try {
    if (typeof session?.link === 'function') return session.link();
  } catch {
    /* the plain record below */
  }
  return view.record;
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
  if (recordLengthProblem(record)) return { error: 'the link is far too long to be a game' };
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

/** What the page says when storage fails; the app goes on without it. */
export const STORAGE_PROBLEMS = {
  blocked: 'This browser does not let Ludus keep anything, so games are not saved: copy the link to keep one.',
  full: "The browser's storage for this site is full, so the latest moves are not saved: copy the link to keep the game.",
  damagedPrefs: 'Some saved settings could not be read and were reset.',
  damagedGame: 'A saved game could not be read, so it was not opened.',
  droppedGames: 'Some saved games could not be read: they are kept aside at the end of Your games, where you can download them.',
  droppedCorrespondence: 'Some games in Games by link could not be read: they are kept aside at the end of Your games, where you can download them.',
};

function isQuotaError(error) {
  return error?.name === 'QuotaExceededError' || error?.code === 22 || error?.code === 1014;
}

/**
 * A localStorage wrapper that never throws (private mode, full quota, disabled storage). The
 * first failure of each kind is kept in `problem` and passed to `onProblem`, for the page to
 * show; everything else carries on without storage.
 */
export class Store {
  constructor(storage) {
    this.problem = null;
    this.onProblem = null;
    if (arguments.length) {
      this.storage = storage ?? null;
    } else {
      // Reading window.localStorage itself throws where the browser blocks site data.
      try {
        this.storage = globalThis.localStorage ?? null;
      } catch {
        this.storage = null;
      }
      // Thrown, or simply missing (`localStorage` is null where site data is off): the same.
      if (!this.storage) this.problem = STORAGE_PROBLEMS.blocked;
    }
  }

  /** Records a storage problem and tells the page, once per message. */
  report(message) {
    if (this.problem === message) return;
    this.problem = message;
    this.onProblem?.(message);
  }

  get(key) {
    try {
      return this.storage?.getItem(PREFIX + key) ?? null;
    } catch {
      this.report(STORAGE_PROBLEMS.blocked);
      return null;
    }
  }

  set(key, value) {
    try {
      this.storage?.setItem(PREFIX + key, value);
      return true;
    } catch (error) {
      this.report(isQuotaError(error) ? STORAGE_PROBLEMS.full : STORAGE_PROBLEMS.blocked);
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

  /** The settings: a plain object whose known entries are checked (see cleanPrefs). */
  prefs() {
    let value = null;
    try {
      value = JSON.parse(this.get('prefs') ?? '{}');
    } catch {
      /* reset below */
    }
    const ok = isObject(value);
    const { prefs, dropped } = cleanPrefs(ok ? value : {});
    if (!ok || dropped.length) {
      this.report(STORAGE_PROBLEMS.damagedPrefs);
      if (ok) this.savePrefs(prefs);
      else this.remove('prefs');
    }
    return prefs;
  }

  savePrefs(prefs) {
    this.set('prefs', JSON.stringify(prefs));
  }
}

const isObject = (v) => v != null && typeof v === 'object' && !Array.isArray(v);

/** What each known setting must be (a game's remembered options: texts and numbers). */
const PREF_CHECKS = new Map([
  ['theme', (v) => ['auto', 'light', 'dark'].includes(v)],
  ['coords', (v) => v === !!v],
  ['level', (v) => typeof v === 'string'],
  ['computer', (v) => isObject(v) && Object.values(v).every(Array.isArray)],
  ['options', (v) => isObject(v) && Object.values(v).every((o) => typeof o === 'string' || Number.isFinite(o))],
]);

/** The settings with each known entry checked: {prefs, dropped}. Unknown entries are kept. */
export function cleanPrefs(value) {
  const prefs = {};
  const dropped = [];
  for (const [key, v] of Object.entries(value)) {
    const check = PREF_CHECKS.get(key.startsWith('options:') ? 'options' : key);
    // `__proto__` from JSON would set the prototype when copied.
    if (key === '__proto__' || (check && !check(v))) dropped.push(key);
    else prefs[key] = v;
  }
  return { prefs, dropped };
}
