// The clocks of a live game: the server sends each seat's time left (ms) with every state and
// step; the page counts the running one (the seat to move's) down itself from when the frame
// came, and shows it. Pure, so that node tests check the maths.

/** @typedef {{kind: 'fischer', initial: number, increment: number} | {kind: 'move', seconds: number}} ClockSpec */

/** The clock presets of the create form: Fischer minutes + seconds, and days per move. */
export const CLOCK_PRESETS = [
  { id: '3+2', label: '3 + 2', clock: { kind: 'fischer', initial: 180, increment: 2 } },
  { id: '5+3', label: '5 + 3', clock: { kind: 'fischer', initial: 300, increment: 3 } },
  { id: '10+5', label: '10 + 5', clock: { kind: 'fischer', initial: 600, increment: 5 } },
  { id: '15+10', label: '15 + 10', clock: { kind: 'fischer', initial: 900, increment: 10 } },
  { id: '1d', label: '1 day per move', clock: { kind: 'move', seconds: 86400 } },
  { id: '3d', label: '3 days per move', clock: { kind: 'move', seconds: 3 * 86400 } },
];

/**
 * The clock choices of the create form: the presets, and the Fischer clock a `?clock=S+I`
 * parameter of the address sets for this visit (seconds and increment, e.g. `?clock=5+0`:
 * shorter than any preset, for tests of a clock running out), first if given.
 * @param {string} search the address's query
 */
export function clockChoices(search) {
  // A `+` in a query reads as a space.
  const m = /^(\d{1,5})[+ ](\d{1,3})$/.exec(new URLSearchParams(search ?? '').get('clock') ?? '');
  if (!m) return CLOCK_PRESETS;
  const clock = /** @type {ClockSpec} */ ({ kind: 'fischer', initial: Number(m[1]), increment: Number(m[2]) });
  return [{ id: `${m[1]}+${m[2]}s`, label: clockWords(clock), clock }, ...CLOCK_PRESETS];
}

/** "5 + 3", "1 day per move", "90 s per move": a clock in words. @param {ClockSpec} clock */
export function clockWords(clock) {
  if (!clock || typeof clock !== 'object') return '';
  if (clock.kind === 'fischer') {
    const min = clock.initial / 60;
    const start = Number.isInteger(min) ? `${min}` : `${clock.initial} s`;
    return `${start} + ${clock.increment}`;
  }
  if (clock.kind === 'move') {
    const s = clock.seconds;
    if (s % 86400 === 0) return `${s / 86400} ${s === 86400 ? 'day' : 'days'} per move`;
    if (s % 3600 === 0) return `${s / 3600} h per move`;
    if (s % 60 === 0) return `${s / 60} min per move`;
    return `${s} s per move`;
  }
  return '';
}

/**
 * The time left of `seat` at `now` (ms, performance.now()'s clock): the server's figure,
 * less the time since it came when that seat's clock runs.
 * @param {{clocks: number[], clocksAt: number, toMove: number|null, status: string}} live
 */
export function timeLeft(live, seat, now) {
  const sent = live.clocks?.[seat];
  if (typeof sent !== 'number') return null;
  const running = live.status === 'playing' && live.toMove === seat;
  return Math.max(0, running ? sent - (now - live.clocksAt) : sent);
}

/**
 * A time left in the form clocks show: "2 d 3 h" from a day, "1:02:03" from an hour,
 * "4:05" from ten seconds, "9.4" (tenths, rounded down) below.
 * @param {number} ms
 */
export function clockText(ms) {
  const t = Math.max(0, Math.floor(ms));
  if (t < 10_000) return `0:0${Math.floor(t / 1000)}.${Math.floor((t % 1000) / 100)}`;
  const s = Math.floor(t / 1000);
  const pad = (n) => String(n).padStart(2, '0');
  if (s >= 86400) {
    const d = Math.floor(s / 86400);
    const h = Math.floor((s % 86400) / 3600);
    return `${d} d ${h} h`;
  }
  if (s >= 3600) return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

/** How long until the shown text of `ms` left changes (for the next redraw of a running clock). */
export function nextTick(ms) {
  const t = Math.max(0, ms);
  if (t < 10_000) return (t % 100) + 1;
  if (t >= 86_400_000) return (t % 3_600_000) + 1;
  return (t % 1000) + 1;
}
