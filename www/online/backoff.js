// When to try the server again after the socket dropped (a restart, a network change, a
// laptop waking): half a second, doubling to at most 15 s, each wait drawn between half and
// all of that so that the pages a restart dropped do not all come back at the same moment.

export const FIRST_DELAY_MS = 500;
export const MAX_DELAY_MS = 15_000;

/**
 * The wait before attempt `attempt` (0 is the first try after a drop), in ms.
 * @param {number} attempt
 * @param {() => number} [random] in [0, 1)
 */
export function reconnectDelay(attempt, random = Math.random) {
  const n = Math.max(0, Math.min(30, Math.floor(attempt)));
  const top = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** n);
  return Math.round(top / 2 + (top / 2) * random());
}
