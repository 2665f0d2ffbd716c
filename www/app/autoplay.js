// When the computer plays on the page: which seats it has (kept per game in the prefs) and
// which question, if any, it should be thinking about in the position shown. No DOM here:
// node tests import this file. The rules (see the top of www/app.js): it thinks when the
// LATEST position has one of its seats to move, unless that position was opened from a link
// (`held`) or its question already failed (`failed`); in a past position only when asked
// there (`asked`).

/** The seats the computer plays in `game` (a Set of seat numbers), from the saved prefs. */
export function computerSeats(prefs, game) {
  const seats = prefs?.computer?.[game];
  return new Set(Array.isArray(seats) ? seats.filter((n) => Number.isInteger(n) && n >= 0) : []);
}

/** The prefs' `computer` entry with `seat` of `game` switched (human <-> computer). */
export function toggledSeats(prefs, game, seat) {
  const seats = computerSeats(prefs, game);
  if (seats.has(seat)) seats.delete(seat);
  else seats.add(seat);
  const all = typeof prefs?.computer === 'object' && prefs.computer ? { ...prefs.computer } : {};
  all[game] = [...seats].sort((a, b) => a - b);
  return all;
}

/** Whether the computer plays the seat to move in `view`. */
export function computerToMove(view, seats) {
  return !!view && !view.outcome && view.toMove != null && seats.has(view.toMove);
}

/**
 * The question the computer should be working on (`level|record`), or null.
 * `asked`: the record where the user asked it to play; `held`: the record opened from a
 * link; `failed`: a question that failed (not asked again until something changes).
 */
export function wantedQuestion(view, { seats, level, asked = null, held = null, failed = null }) {
  if (!computerToMove(view, seats) || level == null) return null;
  const latest = view.cursor >= view.steps.length;
  if (asked !== view.record && (!latest || held === view.record)) return null;
  const key = `${level}|${view.record}`;
  return key === failed ? null : key;
}

/**
 * Where Back (`-1`) or Forward (`+1`) goes from the position shown when the computer plays
 * some seats: to the nearest position with a person to move (or the game's start or end), so
 * that the user lands on their own turn, never on one the computer is to make. `view.movers[i]`
 * is the seat that made step i, so the seat to move at position c < steps.length.
 */
export function historyStep(view, seats, delta) {
  const n = view.steps.length;
  const people = (view.players ?? []).some((_, seat) => !seats.has(seat));
  let c = view.cursor + delta;
  if (!people) return Math.max(0, Math.min(n, c));
  while (c > 0 && c < n && seats.has(view.movers?.[c])) c += delta;
  return Math.max(0, Math.min(n, c));
}
