// Reading <ludus-board> attributes. No DOM here: node tests import this file.

import { readFragment, MAX_RECORD_LENGTH } from '../record.js';

/**
 * The record an attribute holds: the bare record text, an app link or its `#…` part.
 * Whitespace is ignored (a long record may wrap over lines); %-escapes are decoded.
 * Returns {record} | {empty: true} | {error} like readFragment.
 */
export function recordFromAttribute(text) {
  let raw = String(text ?? '');
  // Refused before any work: room for a percent-encoded record wrapped over many lines.
  if (raw.length > MAX_RECORD_LENGTH * 4) return { error: 'the record is far too long to be a game' };
  raw = raw.replace(/\s+/g, '');
  const hash = raw.indexOf('#');
  if (hash >= 0) raw = raw.slice(hash + 1);
  // A bare record may hold a lone "%": only decode when there are real escapes.
  if (!/%[0-9a-f]{2}/i.test(raw)) {
    try {
      raw = encodeURI(raw);
    } catch {
      // encodeURI throws on a lone surrogate: text no link could hold.
      return { error: 'the record is damaged (it holds a broken character)' };
    }
  }
  return readFragment(raw);
}

/** The record of an empty board from game="…" and options="key=value;…" (or {error}). */
export function recordFromGame(game, options) {
  const name = String(game ?? '').trim();
  if (!name) return { error: 'no game given (set record="…" or game="…")' };
  const opts = String(options ?? '')
    .replace(/\s+/g, '')
    .replace(/^;+|;+$/g, '');
  // A `#` would make what follows it read as a link's fragment, dropping the game given.
  if (name.includes('#') || opts.includes('#')) return { error: 'game and options cannot hold a link (#)' };
  const read = recordFromAttribute(opts ? `${name};${opts}` : name);
  return read.empty ? { error: 'no game given' } : read;
}

/**
 * The step to show for an `at` attribute, clamped to 0..count: a number (negative counts
 * back from the end), `start` or `end`. Null when there is nothing usable.
 */
export function stepFromAttribute(text, count) {
  const value = String(text ?? '').trim().toLowerCase();
  if (!value) return null;
  if (value === 'start' || value === 'first') return 0;
  if (value === 'end' || value === 'last') return count;
  if (!/^[-+]?\d+$/.test(value)) return null;
  const n = Number(value);
  return Math.max(0, Math.min(count, n < 0 ? count + n : n));
}

/** The CSS width for a `size` attribute ("360" means 360px), or null. */
export function widthFromAttribute(text) {
  const m = /^(\d+(?:\.\d+)?)(px|em|rem|%|vw)?$/.exec(String(text ?? '').trim());
  if (!m || Number(m[1]) <= 0) return null;
  return `${m[1]}${m[2] ?? 'px'}`;
}

/** Whether a boolean attribute is on (present and not "false"). */
export function flagFromAttribute(value) {
  return value != null && String(value).trim().toLowerCase() !== 'false';
}

/**
 * The address "Open in Ludus" links to, from the `app` attribute read against the page's
 * address (`base`), else `fallback`; without its fragment. Null unless it is an http(s) or
 * file address, so an attribute can never make the link run script (`javascript:`, `data:`).
 */
export function appLinkFromAttribute(text, base, fallback) {
  const app = String(text ?? '').trim();
  let href = fallback;
  if (app) {
    try {
      href = new URL(app, base).href;
    } catch {
      /* keep the fallback */
    }
  }
  href = String(href ?? '').replace(/#.*$/, '');
  return /^(https?|file):/.test(href) ? href : null;
}

/**
 * Why an iframe page's `app` query cannot be used, or null. The iframe page is ours: its
 * "Open in Ludus" link must stay on our own site, whatever address a query names.
 */
export function appProblem(text, pageUrl) {
  let url;
  try {
    url = new URL(String(text ?? '').trim(), pageUrl);
  } catch {
    return 'it is not an address';
  }
  if (url.origin !== new URL(pageUrl).origin || !/^(https?|file):$/.test(url.protocol)) {
    return 'the app must be on this site';
  }
  return null;
}
