// Analysis on the page, loaded on first use (www/analysis/analysis.js): the win-chance
// bars, the best step and the expected line on the board, a Hint for the seat to move, and
// a Review of a finished game that marks its mistakes in the move list. The engine does all
// of it (analyse_position, review_game, line_steps: docs/ENGINE-API.md "Analysis and
// review") in a Web Worker (www/analysis-worker.js), so the page never waits on a search;
// the cells of each step come from the engine's step views.
//
// While Analysis is on, the search keeps refining: budgets of 1000, 4000, 16 000 and 64 000
// iterations, each result shown as it comes, until the last budget or an exact solution.
// A change of position terminates the worker and starts afresh; so do hiding the page
// (visibilitychange: nothing runs while hidden) and turning Analysis off.

import { el } from '../app/dom.js';
import { RESTARTED } from '../engine.js';
import { ANALYSIS_BUDGETS, HINT_BUDGET, REVIEW_ITERATIONS, REVIEW_THRESHOLD, HELD_BACK, chanceBar, showPending } from './analysis.js';

/** @typedef {import('../types/ludus-views').LineStep} LineStep */
/** @typedef {import('../types/analysis').AnalysisAnswer} AnalysisAnswer */
/** @typedef {import('../types/analysis').ReviewAnswer} ReviewAnswer */
/** @typedef {import('../types/analysis').ReviewEntry} ReviewEntry */
/** @typedef {import('../types/analysis').FailedAnswer} FailedAnswer */

/**
 * A client for one analysis worker: one task at a time, each message of the task passed to
 * its callback. Starting a task, or stop(), abandons the one in flight by terminating the
 * worker (a search is one synchronous wasm call); messages of abandoned tasks are dropped.
 * A worker whose engine trapped is never used again: the task ends with an error that says
 * the engine was restarted, and the next task starts a fresh worker.
 */
export class AnalysisClient {
  constructor({ url = new URL('../analysis-worker.js', import.meta.url), name = 'ludus-analysis' } = {}) {
    this.url = url;
    this.name = name;
    this.worker = null;
    this.task = null; // { id, onMessage }
    this.seq = 0;
    /** How many results were delivered (tests read it to see that nothing runs). */
    this.delivered = 0;
    /** How many workers were dropped because their engine trapped. */
    this.trapped = 0;
  }

  get busy() {
    return this.task != null;
  }

  /** Runs `message` (without its id) in the worker; `onMessage(data)` gets each answer. */
  start(message, onMessage) {
    this.stop();
    const id = ++this.seq;
    if (!this.worker) {
      try {
        this.worker = new Worker(this.url, { type: 'module', name: this.name });
      } catch (error) {
        onMessage({ id, error: error?.message ?? String(error), final: true });
        return id;
      }
      const worker = this.worker;
      worker.onmessage = (event) => this.onMessage(worker, event.data);
      worker.onerror = (event) => {
        event.preventDefault?.();
        this.onFailure(worker, event.message || 'the analysis could not be started');
      };
      worker.onmessageerror = () => this.onFailure(worker, 'the analysis sent an unreadable answer');
    }
    this.task = { id, onMessage };
    this.worker.postMessage({ ...message, id });
    return id;
  }

  /** Abandons the task in flight (its worker is terminated); true if there was one. */
  stop() {
    if (!this.task) return false;
    this.task = null;
    this.worker?.terminate();
    this.worker = null;
    return true;
  }

  dispose() {
    this.stop();
    this.worker?.terminate();
    this.worker = null;
  }

  onMessage(worker, data) {
    if (worker !== this.worker || !data || data.type === 'ready') return;
    if (data.type === 'failed') return this.onFailure(worker, data.error);
    if (data.trapped) {
      worker.terminate();
      this.worker = null;
      this.trapped++;
      data = { ...data, error: `${data.error} (${RESTARTED})`, final: true };
    }
    const task = this.task;
    if (!task || data.id !== task.id) return;
    if (data.final || data.error) this.task = null;
    this.delivered++;
    task.onMessage(data);
  }

  onFailure(worker, message) {
    if (worker !== this.worker) return;
    worker.terminate();
    this.worker = null;
    const task = this.task;
    this.task = null;
    task?.onMessage({ id: task.id, error: message, final: true });
  }
}

/** A record's game without its `at=` (the position shown): what a review is about. */
export function gameKey(record) {
  return String(record).replace(/;\s*at\s*=[^;]*/g, '');
}

/** Whole percentages of `chances` that add up to 100 (largest remainders get the rest). */
export function percentages(chances) {
  let raw = chances.map((c) => Math.max(0, Number.isFinite(c) ? c : 0));
  // Nothing to share (no chance known): equal shares rather than no bar at all.
  if (!raw.some((c) => c > 0)) raw = raw.map(() => 1);
  const total = raw.reduce((a, b) => a + b, 0);
  const exact = raw.map((c) => (c / total) * 100);
  const whole = exact.map(Math.floor);
  let left = 100 - whole.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i]).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    whole[i]++;
    left--;
  }
  return whole;
}

/**
 * What the analysis asks of the page (www/app.js): the section (analysis.js) and the panel.
 * @typedef {object} AnalysisHost
 * @property {() => import('../types/ludus-views').SessionView | null} view the SessionView shown,
 *   or null before the first game
 * @property {() => boolean} thinking whether the computer is thinking (nothing is analysed then)
 * @property {(to: number | { node: number }) => void} goTo shows the position after step `to`,
 *   or at a node of the game's tree (where a review's mistake was made)
 * @property {() => void} movesChanged redraws the move list (the review's marks go in it)
 * @property {(advice: object[]|null) => void} drawAdvice draws the best steps on the board
 *   (www/board/render.js `advice`), or none
 * @property {HTMLElement} boardBox the board's element: its `data-advice` names the step marked
 * @property {() => boolean} heldBack whether the engine's help is held back (a game played by
 *   link, until it is over)
 */

/**
 * The Analysis section's elements (www/analysis/analysis.js builds them).
 * @typedef {object} AnalysisParts
 * @property {HTMLElement} section
 * @property {HTMLButtonElement} toggle
 * @property {HTMLButtonElement} hintButton
 * @property {HTMLButtonElement} reviewButton
 * @property {HTMLElement} bars
 * @property {HTMLElement} text
 * @property {HTMLElement} note
 * @property {HTMLElement} body
 */

export class AnalysisPanel {
  /**
   * @param {AnalysisHost} host
   * @param {AnalysisParts} parts the Analysis section's elements
   * @param {boolean} [on] whether Analysis was turned on before this was loaded.
   */
  constructor(host, parts, on = false) {
    this.host = host;
    this.on = on;
    this.analyser = new AnalysisClient();
    this.hinter = new AnalysisClient({ name: 'ludus-hint' });
    this.reviewer = new AnalysisClient({ name: 'ludus-review' });
    /** What the analyser works on: the record of its position, or null. */
    this.running = null;
    /** @type {(AnalysisAnswer & { record: string }) | null} The latest analysis of the position shown. */
    this.result = null;
    this.error = '';
    /** @type {{ record: string, best?: LineStep, pending?: boolean, error?: string } | null} The hint of the position shown. */
    this.hint = null;
    /**
     * @type {{ key: string, line: number[] | null, entries?: ReviewEntry[], pending?: boolean, error?: string } | null}
     * The review of the game (`line`: the nodes of the line reviewed).
     */
    this.review = null;
    /** @type {{ record: string, entry: ReviewEntry, best: LineStep } | null} A better step from the review, shown in its position. */
    this.better = null;
    /** The last results' search times: [{ game, budget, ms }]. */
    this.timings = [];
    this.section = parts.section;
    this.toggle = parts.toggle;
    this.hintButton = parts.hintButton;
    this.reviewButton = parts.reviewButton;
    this.bars = parts.bars;
    this.text = parts.text;
    this.note = parts.note;
    this.body = parts.body;
  }

  /** Turns Analysis on or off (the toggle). */
  setOn(on) {
    this.on = !!on;
    this.update();
  }

  /** On by itself: a position opened from a link, or a step back into the history. */
  autoOn() {
    this.on = true;
  }

  /** Off, and no hint: while a game played by link goes on, neither player gets the engine's help. */
  holdBack() {
    this.on = false;
    if (this.hint) this.hinter.stop();
    this.hint = null;
  }

  /** Stops every search (the page is going away). */
  stop() {
    this.analyser.stop();
    this.hinter.stop();
    this.reviewer.stop();
    this.running = null;
  }

  /** Matches the searches and the display to the position shown (called by the page's redraw). */
  update() {
    const v = this.host.view();
    if (!v) return;
    const visible = document.visibilityState !== 'hidden';
    if (this.result && this.result.record !== v.record) this.result = null;
    if (this.hint && this.hint.record !== v.record) {
      if (this.hint.pending) this.hinter.stop();
      this.hint = null;
    }
    if (this.better && this.better.record !== v.record) this.better = null;
    if (!visible) {
      // Nothing searches while the page is hidden; coming back starts afresh.
      this.analyser.stop();
      this.running = null;
      if (this.hint?.pending) {
        this.hinter.stop();
        this.hint = null;
      }
      if (this.review?.pending) {
        this.reviewer.stop();
        this.review = null;
      }
    }
    const wanted = this.on && visible && !this.host.thinking() ? v.record : null;
    if (wanted !== this.running) {
      this.analyser.stop();
      this.running = wanted;
      this.error = '';
      if (wanted && !(this.result?.record === wanted && this.result.final)) this.startAnalysis(wanted);
    }
    if (this.review && this.review.key !== gameKey(v.record)) {
      this.reviewer.stop();
      this.review = null;
    }
    this.render();
  }

  startAnalysis(record) {
    const seed = Math.floor(Math.random() * 2 ** 31);
    this.analyser.start({ task: 'analyse', record, budgets: ANALYSIS_BUDGETS, seed }, (/** @type {AnalysisAnswer | FailedAnswer} */ data) => {
      if (this.running !== record) return;
      if ('error' in data) {
        this.error = `The analysis stopped: ${data.error}`;
      } else {
        this.result = { ...data, record };
        // How long each budget took in the worker (the e2e test reports them).
        this.timings.push({ game: this.host.view()?.game, budget: data.budget, ms: data.ms });
        if (this.timings.length > 50) this.timings.shift();
      }
      this.render();
    });
  }

  askHint() {
    const v = this.host.view();
    if (!v || v.outcome) return;
    const record = v.record;
    if (this.result?.record === record && this.result.best) {
      this.hint = { record, best: this.result.best };
      this.render();
      return;
    }
    this.hint = { record, pending: true };
    const seed = Math.floor(Math.random() * 2 ** 31);
    this.hinter.start({ task: 'analyse', record, budgets: [HINT_BUDGET], seed }, (/** @type {AnalysisAnswer | FailedAnswer} */ data) => {
      if (this.hint?.record !== record) return;
      if ('error' in data) this.hint = { record, error: data.error };
      else if (data.best) this.hint = { record, best: data.best };
      else this.hint = { record, error: 'there is no step to suggest here' };
      this.render();
    });
    this.render();
  }

  startReview() {
    const v = this.host.view();
    if (!v) return;
    const key = gameKey(v.record);
    // The nodes of the line reviewed: its marks and better steps stay on it while the user
    // looks at other lines of the game's tree.
    const line = Array.isArray(v.line) ? v.line.slice() : null;
    this.review = { key, line, pending: true };
    const seed = Math.floor(Math.random() * 2 ** 31);
    this.reviewer.start(
      { task: 'review', record: v.record, iterations: REVIEW_ITERATIONS, threshold: REVIEW_THRESHOLD, seed },
      (/** @type {ReviewAnswer | FailedAnswer} */ data) => {
        if (this.review?.key !== key) return;
        this.review = 'error' in data ? { key, line, error: data.error } : { key, line, entries: data.entries };
        this.render();
        this.host.movesChanged();
      },
    );
    this.render();
  }

  /**
   * Shows the review's better step in the position where it was missed.
   * @param {ReviewEntry} entry
   */
  showBetter(entry) {
    const node = this.review?.line?.[entry.index];
    this.host.goTo(node != null ? { node } : entry.index);
    const v = this.host.view();
    if (v.cursor !== entry.index) return;
    const color = v.players?.[entry.mover]?.color ?? null;
    const kind = (v.legal ?? []).find((s) => s.text === entry.better)?.kind ?? null;
    this.better = {
      record: v.record,
      entry,
      best: { step: entry.better, kind, cells: entry.betterCells ?? [], color },
    };
    this.render();
  }

  /** What the board draws for the analysis (www/board/render.js `advice`). */
  advice() {
    if (this.better) return [{ ...this.better.best, n: null }];
    if (this.hint?.best) return [{ ...this.hint.best, n: null }];
    if (!this.on || !this.result?.line?.length) return null;
    return this.result.line.map((step, i) => ({ ...step, n: i + 1 }));
  }

  render() {
    const v = this.host.view();
    if (!v) return;
    this.toggle.setAttribute('aria-pressed', String(this.on));
    this.toggle.classList.toggle('on', this.on);
    this.hintButton.disabled = !!v.outcome || !(v.legal ?? []).length || !!this.hint?.pending;
    const reviewing = this.review?.pending;
    this.reviewButton.hidden = !(v.outcome || this.review);
    this.reviewButton.disabled = !!reviewing || !!this.review?.entries;
    this.reviewButton.textContent = reviewing ? 'Reviewing…' : this.review?.entries ? 'Reviewed' : 'Review';
    this.body.hidden = !this.on;
    this.section.dataset.state = !this.on ? 'off' : this.result ? (this.result.final ? 'done' : 'refining') : 'starting';
    if (this.on) this.renderResult(v);
    this.note.textContent = this.noteText(v);
    this.host.drawAdvice(this.advice());
    const box = this.host.boardBox;
    const shown = this.advice()?.[0]?.step;
    if (shown) box.dataset.advice = shown;
    else delete box.dataset.advice;
  }

  renderResult(v) {
    const r = this.result;
    this.bars.replaceChildren();
    if (!r) {
      showPending(this, v, this.host.thinking(), this.error);
      return;
    }
    const a = r.analysis;
    const shares = percentages(a.chances ?? []);
    (a.chances ?? []).forEach((chance, seat) => {
      this.bars.append(chanceBar(seat, v.players?.[seat], { chance, share: shares[seat] }));
    });
    const parts = [];
    if (a.exact) {
      const keep = a.exact.keeping?.length ? ` (${a.exact.keeping.join(', ')} keep${a.exact.keeping.length === 1 ? 's' : ''} it)` : '';
      parts.push(`Solved: ${a.exact.text}${v.outcome ? '' : keep}.`);
    }
    if (r.best) {
      const mover = v.players?.[v.toMove]?.name ?? 'The seat to move';
      parts.push(`Best for ${mover}: ${r.best.step}.`);
      if (r.line.length > 1) parts.push(`Expected: ${r.line.map((s) => s.step).join(' ')}.`);
    }
    if (!a.exact) parts.push(r.final ? `${a.iterations} iterations.` : `${a.iterations} iterations, refining…`);
    if (this.error) parts.push(this.error);
    this.text.textContent = parts.join(' ');
    this.text.title = this.text.textContent;
  }

  noteText(v) {
    if (this.host.heldBack()) return HELD_BACK;
    if (this.better) {
      const e = this.better.entry;
      const who = v.players?.[e.mover]?.name ?? 'The mover';
      return `${who} played ${e.step} here; ${e.better} was better (winning chance ${Math.round(e.afterBetter * 100)}% after ${e.better}, ${Math.round(e.after * 100)}% after ${e.step}).`;
    }
    if (this.hint?.pending) return 'Looking for a hint…';
    if (this.hint?.error) return `No hint: ${this.hint.error}`;
    if (this.hint?.best) return `Hint: ${this.hint.best.step} (marked on the board; nothing was played).`;
    if (this.review?.pending) return 'Reviewing the game: every position is analysed once…';
    if (this.review?.error) return `The review stopped: ${this.review.error}`;
    if (this.review?.entries) {
      const mistakes = this.review.entries.filter((e) => e.better != null).length;
      if (!mistakes) return 'Review: no step lost more than 15% of its winning chance.';
      return `Review: ${mistakes} step${mistakes === 1 ? '' : 's'} lost more than 15% of ${mistakes === 1 ? 'its' : 'their'} winning chance (marked in the move list; click the better step to see it).`;
    }
    return '';
  }

  /** Marks the review's mistakes in the move list (after it is drawn). */
  decorateMoves(list) {
    const entries = this.review?.entries;
    if (!entries) return;
    for (const entry of entries) {
      if (entry.better == null) continue;
      // The step's node on the line reviewed (its index on a view without a tree).
      const node = this.review.line?.[entry.index + 1];
      const button = list.querySelector(node != null ? `button.step[data-node="${node}"]` : `button.step[data-index="${entry.index}"]`);
      if (!button) continue;
      button.classList.add('mistake');
      button.title = `A mistake: the winning chance fell from ${Math.round(entry.before * 100)}% to ${Math.round(entry.after * 100)}%`;
      button.after(
        el('button', {
          type: 'button',
          class: 'better-step',
          'data-index': entry.index,
          text: `${entry.better}!`,
          title: `Better was ${entry.better}: click to see it`,
          'aria-label': `Better was ${entry.better}`,
          onclick: () => this.showBetter(entry),
        }),
      );
    }
  }
}
