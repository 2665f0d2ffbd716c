// What Learn and Puzzles remember in the browser: the lessons finished, the puzzles solved,
// and for each game its own puzzle rating and streak (as lichess keeps one a variant: a
// strength at one game says little of another). An older store kept one rating and one
// streak for all games: its rating becomes the starting rating of every game not yet rated
// on its own (`start`), and its streak, which belonged to no one game, is dropped. Storage is
// untrusted (another version, another tab, a hand edit): everything read back is checked,
// and what cannot be used is dropped, never thrown. No DOM here: node tests import this file.

export const PROGRESS_KEY = 'learn';
export const START_RATING = 1500;
const MAX_LIST = 5000;
/** More games than Ludus has, by far: a store with more entries is not ours. */
const MAX_GAMES = 50;
const ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,79}$/;
const GAME = /^[a-z][a-z-]{0,40}$/;

export function emptyProgress() {
  return { lessons: {}, solved: {}, start: START_RATING, games: {} };
}

/** A game's rating and streaks before its first puzzle. */
export function freshGameStats(start = START_RATING) {
  return { rating: start, streak: 0, best: 0 };
}

const isObject = (x) => x != null && typeof x === 'object' && !Array.isArray(x);

/** A map game -> list of ids, from whatever was stored (bad games, ids and duplicates go). */
function idLists(value) {
  const out = {};
  if (!isObject(value)) return out;
  for (const [game, ids] of Object.entries(value)) {
    if (!GAME.test(game) || !Array.isArray(ids)) continue;
    const good = [...new Set(ids.filter((id) => typeof id === 'string' && ID.test(id)))].slice(0, MAX_LIST);
    if (good.length) out[game] = good;
  }
  return out;
}

function count(value, max) {
  return Number.isInteger(value) && value >= 0 && value <= max ? value : 0;
}

/** The progress stored as `text` (JSON or null), checked; a fresh progress when unusable. */
export function readProgress(text) {
  const out = emptyProgress();
  if (typeof text !== 'string') return out;
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return out;
  }
  if (!isObject(data)) return out;
  out.lessons = idLists(data.lessons);
  out.solved = idLists(data.solved);
  // `start`: written by this version; `rating`: the one rating of the older store.
  const start = ratingOf(data.start) ?? ratingOf(data.rating);
  if (start != null) out.start = start;
  if (isObject(data.games)) {
    for (const [game, stats] of Object.entries(data.games).slice(0, MAX_GAMES)) {
      if (!GAME.test(game) || !isObject(stats)) continue;
      const streak = count(stats.streak, 1e6);
      out.games[game] = { rating: ratingOf(stats.rating) ?? out.start, streak, best: Math.max(count(stats.best, 1e6), streak) };
    }
  }
  return out;
}

/** A stored rating, rounded, or null when it is not one. */
function ratingOf(value) {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 5000 ? Math.round(value) : null;
}

/** Adds `id` to `game`'s list in `lists` (lessons or solved); true if it was new. */
export function mark(lists, game, id) {
  const list = (lists[game] ??= []);
  if (list.includes(id)) return false;
  list.push(id);
  if (list.length > MAX_LIST) list.shift();
  return true;
}

/**
 * The learner's new rating after a puzzle of `puzzleRating`, solved or not: Elo's update
 * with K = 32 (the expected score from the gap between the two ratings).
 */
export function rate(rating, puzzleRating, solved) {
  const r = Number.isFinite(rating) ? rating : START_RATING;
  const p = Number.isFinite(puzzleRating) ? puzzleRating : r;
  const expected = 1 / (1 + 10 ** ((p - r) / 400));
  return Math.max(0, Math.round(r + 32 * ((solved ? 1 : 0) - expected)));
}

/** The progress kept through `store` (www/record.js Store: it never throws). */
export class Progress {
  constructor(store) {
    this.store = store;
    this.data = readProgress(store.get(PROGRESS_KEY));
  }

  save() {
    this.store.set(PROGRESS_KEY, JSON.stringify(this.data));
  }

  lessonDone(game, id) {
    return !!this.data.lessons[game]?.includes(id);
  }

  finishLesson(game, id) {
    if (mark(this.data.lessons, game, id)) this.save();
  }

  puzzleSolved(game, id) {
    return !!this.data.solved[game]?.includes(id);
  }

  /** `game`'s puzzle rating and streaks (a fresh copy, from the start rating, before its first puzzle). */
  stats(game) {
    return { ...(this.data.games[game] ?? freshGameStats(this.data.start)) };
  }

  /** A puzzle's result (once per showing): its game's streak and rating move; solved ones are kept. */
  recordPuzzle(game, id, puzzleRating, solved) {
    const d = this.data;
    const g = (d.games[game] ??= freshGameStats(d.start));
    g.rating = rate(g.rating, puzzleRating, solved);
    g.streak = solved ? g.streak + 1 : 0;
    g.best = Math.max(g.best, g.streak);
    if (solved) mark(d.solved, game, id);
    this.save();
  }
}
