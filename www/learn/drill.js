// A lesson or a puzzle being played: its position, the line expected, the learner's seat
// (the seat to move at the end of the record), the replies the page plays for the other
// seats, and what a learner's step means (the expected one, a win, a refused step, a wrong
// one). The engine decides every rule; this only compares steps. Shared by the page's
// Learn and Puzzles (www/learn/trainer.js) and the widget's puzzles (www/embed/puzzle.js).
// No DOM here: node tests import this file.

import { errorText } from '../engine.js';

/**
 * The engine's words about the position of `view` that the play module leaves out (it stays
 * small): `view` with `reason`, `threat` and `stepWords` from the study module's
 * explain_position. Never rejects: without the study module, `view` as it is.
 */
export async function explained(view) {
  try {
    const { studyEngine } = await import('../engine.js');
    const study = await studyEngine();
    const words = /** @type {import('../types/ludus-views').ExplainView} */ (study.explain_position(view.record));
    return { ...view, ...words };
  } catch {
    return view;
  }
}

/** The engine's words for the step at `index` of `view` ("tile 1 on a1"), else its text. */
export function stepWords(view, index) {
  return view?.stepWords?.[index] ?? view?.steps?.[index] ?? '';
}

/**
 * Why the position of `view` stands as it does, in the engine's words: once the game is
 * over, its result and the rule that decided it; else the win the last mover threatens.
 */
export function reasonWords(view) {
  if (!view) return '';
  if (view.outcome) return [view.prompt ? `${view.prompt}.` : '', view.reason ?? ''].filter(Boolean).join(' ');
  return view.threat?.text ?? '';
}

/**
 * What a step (the learner's, a reply's) or the solver's answer did: `kind` says what, with
 * the fields that kind carries (see the methods that return it).
 * @typedef {object} DrillResult
 * @property {'wait'|'done'|'good'|'refused'|'lost'|'check'|'refuted'|'wrong'|'broken'|'failed'|'choose'} kind
 * @property {boolean} [reply] 'good': a reply of the other side comes next
 * @property {string} [message] 'refused', 'broken': why
 * @property {string} [step] the step played
 * @property {string} [record] 'check', 'choose': the record the solver is to judge
 * @property {import('../types/ludus-views').SessionView} [shown] 'wrong': the view with the step
 * @property {boolean} [proved] 'wrong': the solver proved the step loses
 * @property {boolean} [unproved] 'good': the solver did not settle it
 */

export class Drill {
  /**
   * `mod`: the engine module; `item`: a lesson or a puzzle (www/learn/data.js);
   * `puzzle`: true for a puzzle (any winning step is right; a wrong first step is refuted).
   */
  constructor(mod, item, { puzzle = false } = {}) {
    /** @type {import('../engine.js').PlayModule} */
    this.mod = mod;
    this.item = item;
    this.puzzle = puzzle;
    /** @type {import('../../ludus.js').Session | null} */
    this.session = null;
    this.restart();
  }

  /** Back to the position at the start, the whole line to play. */
  restart() {
    const session = this.mod.Session.fromRecord(this.item.record);
    const start = session.view(undefined);
    if (start.cursor < start.steps.length) session.goTo(start.steps.length);
    this.free();
    this.session = session;
    this.view = session.view(undefined);
    this.learner = this.view.toMove;
    /** The steps of the record before the position shown (the game it was taken from). */
    this.start = this.view.cursor;
    /** The index in the line of the next step. */
    this.at = 0;
    /**
     * 'play' (the learner's turn), 'reply' (the page's), 'refuting', 'checking' (a puzzle's
     * step off the line, waiting for the solver's verdict: judged()), 'choosing' (off the
     * line, the opponent's step waits for the solver: judged()), 'failed' or 'done'.
     */
    this.state = this.view.outcome || this.learner == null ? 'failed' : 'play';
    /** Whether the learner has made a wrong step since the puzzle was shown. */
    this.erred = false;
    this.pending = [];
    /** True once a puzzle left its stored line by a step the solver accepted. */
    this.offLine = false;
    /** While 'checking': the position before the step and the step, to take it back. */
    this.checked = null;
  }

  free() {
    try {
      this.session?.free?.();
    } catch {
      /* already freed */
    }
    this.session = null;
  }

  /** Whether `played` (canonical text, played at `before`) is the line's step `expected`. */
  same(played, expected, before) {
    if (played === expected) return true;
    let scratch;
    try {
      scratch = this.mod.Session.fromRecord(before);
      scratch.play(expected);
      const v = scratch.view();
      return v.steps[v.steps.length - 1] === played;
    } catch {
      return false;
    } finally {
      scratch?.free?.();
    }
  }

  /** Whether the learner has won in the view shown. */
  won() {
    const o = this.view.outcome;
    return o?.kind === 'winner' && o.seat === this.learner;
  }

  /**
   * After the learner's or a reply's step: whose turn it is now.
   * @returns {DrillResult}
   */
  advance() {
    if (this.at >= this.item.line.length) {
      this.state = 'done';
      return { kind: 'done' };
    }
    this.state = this.view.toMove === this.learner && !this.view.outcome ? 'play' : 'reply';
    return { kind: 'good', reply: this.state === 'reply' };
  }

  /**
   * The learner plays `text`. Returns {kind}: 'wait' (not the learner's turn), 'refused'
   * (with the engine's `message`; nothing changed), 'good' (`reply`: the page plays next),
   * 'done', 'refuted' (a wrong first step of a puzzle: its refutation follows, played by
   * replies), 'lost' (a puzzle's step that loses at once: it stays), 'check' (a puzzle's
   * later step off its line: `record` is the position after it, to be solved and the
   * verdict given to judged()) or 'wrong' (a legal step that is not the line's: it has been
   * taken back; `shown`: the view with it, for the page to show a moment).
   * @returns {DrillResult}
   */
  attempt(text) {
    if (this.state !== 'play') return { kind: 'wait' };
    const before = this.view.record;
    try {
      this.session.play(text, undefined);
    } catch (error) {
      return { kind: 'refused', message: errorText(error) };
    }
    this.view = this.session.view(undefined);
    const played = this.view.steps[this.view.steps.length - 1];
    if (!this.offLine && this.same(played, this.item.line[this.at], before)) {
      this.at++;
      return this.advance();
    }
    if (this.won() && (this.puzzle || this.item.wins)) {
      this.at = this.item.line.length;
      return this.advance();
    }
    if (this.puzzle && this.view.outcome) {
      this.erred = true;
      this.state = 'failed';
      return { kind: 'lost', step: played };
    }
    if (this.puzzle && (this.at > 0 || this.offLine)) {
      // A later step: it may keep the win as well as the line's (another order of the
      // turn's steps, another way to the same end). Only the solver can tell.
      this.state = 'checking';
      this.checked = { before, step: played };
      return { kind: 'check', step: played, record: this.view.record };
    }
    this.erred = true;
    const refutation = this.puzzle && this.at === 0 ? (this.item.refutations[played] ?? this.item.refutations[text]) : null;
    if (refutation?.length) {
      this.state = 'refuting';
      this.pending = [...refutation];
      return { kind: 'refuted', step: played };
    }
    return this.takeBack(before, played);
  }

  /**
   * Back to the position `before` a wrong step (`played`), the same line still to play.
   * @returns {DrillResult}
   */
  takeBack(before, played) {
    const shown = this.view;
    const session = this.mod.Session.fromRecord(before);
    this.free();
    this.session = session;
    this.view = session.view(undefined);
    this.state = 'play';
    return { kind: 'wrong', step: played, shown };
  }

  /** The record the solver is to judge while 'checking' or 'choosing', else null. */
  question() {
    return this.state === 'checking' || this.state === 'choosing' ? this.view.record : null;
  }

  /**
   * The solver's verdict on question(): `solution` is `{ result, steps: [{ step, result }] }`
   * (result null: not settled within the budget). While 'checking': a step proved not to
   * keep the learner's win is taken back ('wrong', with `proved: true`); any other is
   * accepted ('good', as attempt(); `unproved: true` when the solver did not settle it),
   * and the puzzle goes on off its line, the solver's defence replying. While 'choosing':
   * the opponent's step is chosen ('good', `reply: true`).
   * @returns {DrillResult}
   */
  judged(solution) {
    const state = this.state;
    if (state !== 'checking' && state !== 'choosing') return { kind: 'wait' };
    const result = solution?.result ?? null;
    const steps = Array.isArray(solution?.steps) ? solution.steps : [];
    if (state === 'checking') {
      const { before, step } = this.checked;
      this.checked = null;
      if (result && !(result.kind === 'winner' && result.seat === this.learner)) {
        this.erred = true;
        return { ...this.takeBack(before, step), proved: true };
      }
      this.offLine = true;
      const next = this.offLineNext(steps, result);
      return result ? next : { ...next, unproved: true };
    }
    return this.offLineNext(steps, result);
  }

  /**
   * Off the line, after a step: whose turn it is now, the opponent's step chosen from `steps`.
   * @returns {DrillResult}
   */
  offLineNext(steps, result) {
    if (this.view.toMove === this.learner) {
      this.state = 'play';
      return { kind: 'good', reply: false };
    }
    // The opponent: a step that keeps its result (a win, if it has one; against the
    // learner's proved win every step loses, and the first legal one is played, as the
    // stored lines do); when the solver did not settle, the first legal step.
    const keeping = result ? steps.find((s) => s.result?.kind === result.kind && s.result?.seat === result.seat) : null;
    const choice = keeping?.step ?? steps[0]?.step ?? this.view.legal?.[0]?.text ?? null;
    if (choice == null) {
      this.state = 'failed';
      return { kind: 'broken', message: 'the opponent has no step to play' };
    }
    this.pending = [choice];
    this.state = 'reply';
    return { kind: 'good', reply: true };
  }

  /** The step the page plays next (a scripted reply, a refutation), or null. */
  nextReply() {
    if (this.state === 'reply') return this.offLine ? (this.pending[0] ?? null) : (this.item.line[this.at] ?? null);
    if (this.state === 'refuting') return this.pending[0] ?? null;
    return null;
  }

  /**
   * Plays the page's next step. Returns {kind}: 'good' (`reply`: another follows), 'done',
   * 'failed' (a refutation has been played out, or off the line the opponent won),
   * 'choose' (off the line, the opponent moves again: its step waits for the solver,
   * question() and judged()) or 'broken' (the data's step was refused: `message`).
   * @returns {DrillResult}
   */
  playReply() {
    const step = this.nextReply();
    if (step == null) return { kind: 'wait' };
    try {
      this.session.play(step, undefined);
    } catch (error) {
      this.state = 'failed';
      return { kind: 'broken', message: errorText(error) };
    }
    this.view = this.session.view(undefined);
    if (this.state === 'refuting') {
      this.pending.shift();
      if (this.pending.length && !this.view.outcome) return { kind: 'good', reply: true };
      this.state = 'failed';
      return { kind: 'failed' };
    }
    if (this.offLine) {
      this.pending = [];
      if (this.view.outcome) {
        this.state = this.won() ? 'done' : 'failed';
        return { kind: this.won() ? 'done' : 'failed' };
      }
      if (this.view.toMove === this.learner) {
        this.state = 'play';
        return { kind: 'good', reply: false };
      }
      this.state = 'choosing';
      return { kind: 'choose', record: this.view.record };
    }
    this.at++;
    return this.advance();
  }
}
