// The daily puzzle: one puzzle of one game for each date, the same for everyone on that
// date (the date in UTC, so that readers anywhere agree at any moment). No DOM here.

/** FNV-1a, 32 bits: a fixed spread of a text over numbers (no randomness, same everywhere). */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The day's key, `YYYY-MM-DD` in UTC. */
export function dayKey(date = new Date()) {
  return date.toISOString().slice(0, 10);
}

/** The game of the day's puzzle (one of `games`, the list of game names). */
export function dailyGame(day, games) {
  return games[hash(`ludus-daily:${day}`) % games.length];
}

/** The games to try for the day's puzzle, the day's game first: the next is used when one has none. */
export function dailyGames(day, games) {
  const i = games.indexOf(dailyGame(day, games));
  return [...games.slice(i), ...games.slice(0, i)];
}

/**
 * The day's puzzle among `puzzles` (objects with an `id`): chosen by id, so that the order
 * of the file does not change the choice. Null when there are none.
 */
export function dailyPuzzle(day, game, puzzles) {
  const ids = [...new Set(puzzles.map((p) => p.id))].sort();
  if (!ids.length) return null;
  const id = ids[hash(`ludus-daily:${day}:${game}`) % ids.length];
  return puzzles.find((p) => p.id === id);
}
