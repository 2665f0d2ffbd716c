// Record-in, record-out functions, for callers that keep a game as its record text (which
// can be stored or sent as it is). A thin layer over Session, with its checks and errors:
// each call makes a Session from the record, asks it one thing, and frees it.
import { Session } from './ludus.js';

function withSession(session, ask) {
  try {
    return ask(session);
  } finally {
    session.free();
  }
}

const fromRecord = (record, ask) => withSession(Session.fromRecord(record), ask);

/** The record of a new game: `new_game("unlur", { size: 6 })` is `"unlur;size=6"`. */
export function new_game(game, options) {
  return withSession(Session.create(game, options), (s) => s.record());
}

/** The steps legal in the record's position (`StepView[]`, as `Session.view().legal`). */
export function legal_moves(record) {
  return fromRecord(record, (s) => s.view().legal);
}

/** The record after `step` is played in the record's position; throws if it is illegal. */
export function apply_move(record, step) {
  return fromRecord(record, (s) => {
    s.play(step);
    return s.record();
  });
}

/** Whose turn it is, the result, and what is asked now: `{ toMove, outcome, prompt }`. */
export function status(record) {
  return fromRecord(record, (s) => {
    const { toMove, outcome, prompt } = s.view();
    return { toMove, outcome, prompt };
  });
}

/** Everything for drawing the record's position (a `SessionView`, as `Session.view()`). */
export function board_view(record) {
  return fromRecord(record, (s) => s.view());
}

/** The computer's step in the record's position (as `Session.aiChoose`). */
export function ai_move(record, player, seed) {
  return fromRecord(record, (s) => s.aiChoose(player, seed));
}
