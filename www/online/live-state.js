// The page's model of the live game shown, and what each server frame does to it. Pure: a
// frame in, the new model and the effects the page must carry out out (play a step on the
// board, take a step back off it, ask for the whole state again, say something), so that
// node tests check the protocol's rules without a socket or a board.
//
// The server is the only authority (docs/ONLINE.md). `v` counts every change of a game: a
// frame older than the model is dropped. A `step` whose `n` is not one more than the model's
// means a frame was missed: the page asks `watch` for the whole state. The user's own step is
// shown at once, pending, until the server's `step` with the same `n` confirms it.

/**
 * @typedef {object} LiveSeat
 * @property {string} name
 * @property {boolean} taken
 * @property {boolean} online
 */

/**
 * @typedef {object} LiveModel
 * @property {string} id
 * @property {number} v
 * @property {string} record the game's record as the server last sent it whole
 * @property {string} game
 * @property {number} n steps played (confirmed)
 * @property {string[]} steps the confirmed steps since the record (played on the board)
 * @property {LiveSeat[]} seats
 * @property {number|null} you the reader's seat, null for a spectator
 * @property {'waiting'|'playing'|'ended'} status
 * @property {number|null} toMove
 * @property {any} clock
 * @property {number[]} clocks ms left per seat when the frame came
 * @property {number} clocksAt when it came (performance.now())
 * @property {{winners: number[], reason: string}|null} result
 * @property {number|null} loser
 * @property {boolean} canDraw
 * @property {boolean[]} drawOffers
 * @property {boolean[]} rematch
 * @property {string|null} next
 * @property {boolean} open
 * @property {{n: number, step: string}|null} pending the user's step sent, not yet confirmed
 */

/**
 * @typedef {{kind: 'load'}
 *   | {kind: 'play', step: string, by: number}
 *   | {kind: 'confirm', step: string}
 *   | {kind: 'resync', reason: string}
 *   | {kind: 'refused', reason: string}
 *   | {kind: 'ended'}
 *   | {kind: 'presence', seat: number, online: boolean}
 *   | {kind: 'rematch', next: string}} LiveEffect
 */

const STATUSES = ['waiting', 'playing', 'ended'];
/** The refusals after which the page's guess of the game may be wrong: the state comes again. */
const RESYNC_AFTER = ['step', 'resign', 'draw', 'rematch'];
const seatNumber = (s) => (Number.isInteger(s) && s >= 0 && s < 8 ? s : null);
const bools = (a) => (Array.isArray(a) ? a.map(Boolean) : []);
const numbers = (a) => (Array.isArray(a) ? a.map((x) => (typeof x === 'number' && x >= 0 ? x : 0)) : []);

/** A result from the server, checked. */
function readResult(r) {
  if (!r || typeof r !== 'object') return null;
  const winners = Array.isArray(r.winners) ? r.winners.filter((s) => seatNumber(s) != null) : [];
  return { winners, reason: typeof r.reason === 'string' ? r.reason : '' };
}

/**
 * The model a `state` frame's `game` makes (null if it is not one).
 * @param {any} g
 * @param {number} now
 * @returns {LiveModel|null}
 */
export function modelFromState(g, now) {
  if (!g || typeof g !== 'object' || typeof g.id !== 'string' || typeof g.record !== 'string') return null;
  if (!Number.isInteger(g.v) || !Number.isInteger(g.n)) return null;
  const seats = Array.isArray(g.seats)
    ? g.seats.map((s) => ({ name: typeof s?.name === 'string' ? s.name : '', taken: !!s?.taken, online: !!s?.online }))
    : [];
  return {
    id: g.id,
    v: g.v,
    record: g.record,
    game: typeof g.game === 'string' ? g.game : '',
    n: g.n,
    steps: [],
    seats,
    you: seatNumber(g.you),
    status: STATUSES.includes(g.status) ? g.status : 'waiting',
    toMove: seatNumber(g.toMove),
    clock: g.clock ?? null,
    clocks: numbers(g.clocks),
    clocksAt: now,
    result: readResult(g.result),
    loser: seatNumber(g.loser),
    canDraw: !!g.canDraw,
    drawOffers: bools(g.drawOffers),
    rematch: bools(g.rematch),
    next: typeof g.next === 'string' ? g.next : null,
    open: !!g.open,
    pending: null,
  };
}

/**
 * What a server frame does to the live game shown (`model`, null before its first state).
 * `id` is the game the page follows. Frames about other games change nothing.
 * @param {LiveModel|null} model
 * @param {any} frame
 * @param {{id: string, now: number}} at
 * @returns {{model: LiveModel|null, effects: LiveEffect[]}}
 */
export function applyFrame(model, frame, { id, now }) {
  const same = { model, effects: [] };
  if (!frame || typeof frame !== 'object') return same;
  switch (frame.t) {
    case 'state': {
      const next = modelFromState(frame.game, now);
      if (!next || next.id !== id) return same;
      if (model && model.id === id && next.v < model.v) return same;
      /** @type {LiveEffect[]} */
      const effects = [{ kind: 'load' }];
      if (next.status === 'ended' && model?.status !== 'ended') effects.push({ kind: 'ended' });
      if (next.next && !model?.next) effects.push({ kind: 'rematch', next: next.next });
      return { model: next, effects };
    }
    case 'step': {
      if (!model || frame.id !== id || model.id !== id) return same;
      if (!Number.isInteger(frame.v) || frame.v <= model.v) return same;
      if (frame.n !== model.n + 1 || typeof frame.step !== 'string') {
        return { model, effects: [{ kind: 'resync', reason: `step ${frame.n} came after step ${model.n}` }] };
      }
      const mine = model.pending && model.pending.n === model.n;
      if (mine && model.pending.step !== frame.step) {
        return { model, effects: [{ kind: 'resync', reason: 'another step was played there' }] };
      }
      const ended = frame.status === 'ended';
      const next = {
        ...model,
        v: frame.v,
        n: frame.n,
        steps: [...model.steps, frame.step],
        toMove: seatNumber(frame.toMove),
        clocks: numbers(frame.clocks),
        clocksAt: now,
        status: STATUSES.includes(frame.status) ? frame.status : model.status,
        result: readResult(frame.result) ?? model.result,
        // A step withdraws every draw offer (docs/ONLINE.md).
        drawOffers: model.drawOffers.map(() => false),
        pending: mine ? null : model.pending,
      };
      /** @type {LiveEffect[]} */
      const effects = [mine ? { kind: 'confirm', step: frame.step } : { kind: 'play', step: frame.step, by: seatNumber(frame.by) ?? -1 }];
      if (ended && model.status !== 'ended') effects.push({ kind: 'ended' });
      return { model: next, effects };
    }
    case 'presence': {
      if (!model || frame.id !== id || model.id !== id) return same;
      const seat = seatNumber(frame.seat);
      if (seat == null || !model.seats[seat]) return same;
      const seats = model.seats.map((s, i) => (i === seat ? { ...s, online: !!frame.online } : s));
      return { model: { ...model, seats }, effects: [{ kind: 'presence', seat, online: !!frame.online }] };
    }
    case 'error': {
      if (frame.id != null && frame.id !== id) return same;
      const reason = typeof frame.reason === 'string' ? frame.reason : 'the server refused it';
      // What the server refused changed nothing there: the page's own guess goes, the
      // server's state comes back.
      const next = model ? { ...model, pending: null } : model;
      /** @type {LiveEffect[]} */
      const effects = [{ kind: 'refused', reason }];
      if (model && RESYNC_AFTER.includes(frame.ref)) effects.push({ kind: 'resync', reason });
      return { model: next, effects };
    }
    default:
      return same;
  }
}

/**
 * The user's step, shown at once: pending until the server's `step` confirms it. Null if
 * the user may not play now.
 * @param {LiveModel} model
 */
export function withPending(model, step) {
  if (!canStep(model)) return null;
  return { ...model, pending: { n: model.n, step } };
}

/** Whether the user may make a step now: a seat, its turn, the game on, nothing pending. */
export function canStep(model) {
  return !!model && model.status === 'playing' && model.you != null && model.toMove === model.you && !model.pending;
}

/**
 * The result in words: "Red won: Blue resigned", "Drawn by agreement".
 * @param {LiveModel} model
 * @param {string[]} colours each seat's colour name
 */
export function resultWords(model, colours) {
  const r = model?.result;
  if (!r) return '';
  const who = (s) => colours[s] ?? `Player ${s + 1}`;
  const list = (seats) => (seats.length > 1 ? `${seats.slice(0, -1).map(who).join(', ')} and ${who(seats.at(-1))}` : who(seats[0]));
  const won = r.winners.length ? `${list(r.winners)} won` : '';
  const loser = model.loser != null ? who(model.loser) : '';
  switch (r.reason) {
    case 'rules':
      return won ? `${won} by the rules.` : 'Drawn by the rules.';
    case 'resign':
      return `${won || 'Game over'}: ${loser || 'a player'} resigned.`;
    case 'time':
      return `${won || 'Game over'}: ${loser || 'a player'} ran out of time.`;
    case 'agreed':
      return 'Drawn by agreement.';
    case 'cancelled':
      return 'The challenge was withdrawn.';
    default:
      return won ? `${won}.` : 'The game is over.';
  }
}
