// A lesson or a puzzle being played: its position, the line expected, the learner's seat
// (the seat to move at the end of the record), the replies the page plays for the other
// seats, and what a learner's step means (the expected one, a win, a refused step, a wrong
// one). The engine decides every rule; this only compares steps. Shared by the page's
// Learn and Puzzles (www/learn/trainer.js) and the widget's puzzles (www/embed/puzzle.js).
// No DOM here: node tests import this file.

import { errorText } from '../engine.js';

export class Drill {
  /**
   * `mod`: the engine module; `item`: a lesson or a puzzle (www/learn/data.js);
   * `puzzle`: true for a puzzle (any winning step is right; a wrong first step is refuted).
   */
  constructor(mod, item, { puzzle = false } = {}) {
    this.mod = mod;
    this.item = item;
    this.puzzle = puzzle;
    this.session = null;
    this.restart();
  }

  /** Back to the position at the start, the whole line to play. */
  restart() {
    const session = this.mod.Session.fromRecord(this.item.record);
    const start = session.view();
    if (start.cursor < start.steps.length) session.goTo(start.steps.length);
    this.free();
    this.session = session;
    this.view = session.view();
    this.learner = this.view.toMove;
    /** The index in the line of the next step. */
    this.at = 0;
    /** 'play' (the learner's turn), 'reply' (the page's), 'refuting', 'failed' or 'done'. */
    this.state = this.view.outcome || this.learner == null ? 'failed' : 'play';
    /** Whether the learner has made a wrong step since the puzzle was shown. */
    this.erred = false;
    this.pending = [];
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

  /** After the learner's or a reply's step: whose turn it is now. */
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
   * replies), 'lost' (a puzzle's step that loses at once: it stays) or 'wrong' (a legal step that is not the line's: it has been taken back;
   * `shown`: the view with it, for the page to show a moment).
   */
  attempt(text) {
    if (this.state !== 'play') return { kind: 'wait' };
    const before = this.view.record;
    try {
      this.session.play(text);
    } catch (error) {
      return { kind: 'refused', message: errorText(error) };
    }
    this.view = this.session.view();
    const played = this.view.steps[this.view.steps.length - 1];
    if (this.same(played, this.item.line[this.at], before)) {
      this.at++;
      return this.advance();
    }
    if (this.won() && (this.puzzle || this.item.wins)) {
      this.at = this.item.line.length;
      return this.advance();
    }
    this.erred = true;
    if (this.puzzle && this.view.outcome) {
      this.state = 'failed';
      return { kind: 'lost', step: played };
    }
    const refutation = this.puzzle && this.at === 0 ? (this.item.refutations[played] ?? this.item.refutations[text]) : null;
    if (refutation?.length) {
      this.state = 'refuting';
      this.pending = [...refutation];
      return { kind: 'refuted', step: played };
    }
    // Taken back: the position before the step, the same line still to play.
    const shown = this.view;
    const session = this.mod.Session.fromRecord(before);
    this.free();
    this.session = session;
    this.view = session.view();
    return { kind: 'wrong', step: played, shown };
  }

  /** The step the page plays next (a scripted reply, a refutation), or null. */
  nextReply() {
    if (this.state === 'reply') return this.item.line[this.at] ?? null;
    if (this.state === 'refuting') return this.pending[0] ?? null;
    return null;
  }

  /**
   * Plays the page's next step. Returns {kind}: 'good' (`reply`: another follows), 'done',
   * 'failed' (a refutation has been played out) or 'broken' (the data's step was refused:
   * `message`).
   */
  playReply() {
    const step = this.nextReply();
    if (step == null) return { kind: 'wait' };
    try {
      this.session.play(step);
    } catch (error) {
      this.state = 'failed';
      return { kind: 'broken', message: errorText(error) };
    }
    this.view = this.session.view();
    if (this.state === 'refuting') {
      this.pending.shift();
      if (this.pending.length && !this.view.outcome) return { kind: 'good', reply: true };
      this.state = 'failed';
      return { kind: 'failed' };
    }
    this.at++;
    return this.advance();
  }
}
