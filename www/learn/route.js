// The page's fragments for Learn and Puzzles, read and written here: `#learn=unravel`,
// `#learn=unravel/<lesson id>`, `#puzzles=unlur`, `#puzzles=unlur/<puzzle id>` and `#daily`.
// A game's record never starts with these words, so they cannot be mistaken for a game.
// No DOM here: node tests import this file.

import { visibleText } from '../engine.js';

/**
 * The games' names, in the engine's order: the page holds no list of its own.
 * @param {{ games(): ReadonlyArray<{ name: string }> }} mod the engine's module (engine.js)
 * @returns {string[]}
 */
export function gameNames(mod) {
  return mod.games().map((g) => g.name);
}

// Whether a fragment is one of these routes is told on the page's start path, by
// app/learn-entry.js (this file loads only with Learn and Puzzles).
export { isTrainerRoute } from '../app/learn-entry.js';

const ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,79}$/;

/**
 * A Learn, Puzzles or daily puzzle route (game and id null where the fragment names none).
 * @typedef {{ kind: 'learn' | 'puzzles' | 'daily', game: string | null, id: string | null, error?: undefined }} Route
 */
/** Why a fragment is no route. @typedef {{ error: string, kind?: undefined, game?: undefined, id?: undefined }} RouteError */

/**
 * The route a fragment holds: {kind: 'learn' | 'puzzles' | 'daily', game, id} or {error}
 * (a plain-words reason) when it names none of `games` (the engine's, gameNames) or a
 * malformed id.
 * @param {unknown} text
 * @param {readonly string[]} games
 * @returns {Route | RouteError}
 */
export function readRoute(text, games) {
  const raw = String(text ?? '').trim();
  if (raw === 'daily') return { kind: 'daily', game: null, id: null };
  const m = /^(learn|puzzles)=([^/]*)(?:\/(.*))?$/.exec(raw);
  if (!m) return { error: 'this is not a Learn or Puzzles link' };
  const [, kind, game, id = null] = m;
  // Quoted with its invisible characters shown, so that a right-to-left override or a
  // zero-width space in the link cannot reverse the sentence or pass for a game's name.
  if (!games.includes(game)) return { error: `there is no game called "${visibleText(game.slice(0, 40))}"` };
  if (id != null && id !== '' && !ID.test(id)) return { error: 'the lesson or puzzle name in the link is damaged' };
  return { kind: /** @type {'learn' | 'puzzles'} */ (kind), game, id: id || null };
}

/** The fragment (with `#`) for a route. */
export function routeFragment({ kind, game, id = null }) {
  if (kind === 'daily') return '#daily';
  return `#${kind}=${game}${id ? `/${encodeURIComponent(id)}` : ''}`;
}
