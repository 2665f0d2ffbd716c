// The puzzles' judge: asks the exact solver (in the analysis worker, www/analysis-worker.js,
// off the main thread) how a position stands, when the learner leaves a puzzle's stored
// line. One question at a time: asking again, or cancel(), abandons the question in flight
// by terminating the worker (a search is one wasm call); a fresh worker takes the next.
// It never rejects: a worker that cannot start, an error, or the time running out answers
// `{ result: null, steps: [] }`, "not settled", and the drill then treats the step as
// unproved (www/learn/drill.js).

/** Positions one question may search, and the wall-clock limit it gets in the worker. */
export const JUDGE_NODES = 3_000_000;
export const JUDGE_MILLIS = 8000;

const UNSETTLED = Object.freeze({ result: null, steps: [] });

export class Judge {
  constructor({ url = new URL('../analysis-worker.js', import.meta.url), nodes = JUDGE_NODES, millis = JUDGE_MILLIS } = {}) {
    this.url = url;
    this.nodes = nodes;
    this.millis = millis;
    this.worker = null;
    this.pending = null;
    this.seq = 0;
  }

  start() {
    if (this.worker) return true;
    try {
      this.worker = new Worker(this.url, { type: 'module', name: 'ludus-puzzle-judge' });
    } catch {
      return false;
    }
    const worker = this.worker;
    worker.onmessage = (event) => {
      /** @type {import('../types/analysis').SolveAnswer | import('../types/analysis').FailedAnswer | import('../types/analysis').WorkerNotice} */
      const data = event.data ?? {};
      if ('type' in data) return; // ready / failed: the answer to a question says the rest
      if (!this.pending || data.id !== this.pending.id) return;
      const { resolve, timer } = this.pending;
      this.pending = null;
      clearTimeout(timer);
      if ('error' in data && data.trapped) this.stop();
      resolve('error' in data || !Array.isArray(data.steps) ? UNSETTLED : { result: data.result ?? null, steps: data.steps });
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      this.stop();
    };
    return true;
  }

  /** How the position of `record` stands: `{ result, steps: [{ step, result }] }`. */
  ask(record) {
    this.cancel();
    if (!this.start()) return Promise.resolve(UNSETTLED);
    const id = ++this.seq;
    return new Promise((resolve) => {
      // The worker's own limit, then a margin for loading the engine: past it, unsettled.
      const timer = setTimeout(() => this.cancel(), this.millis + 15000);
      this.pending = { id, resolve, timer };
      this.worker.postMessage({ id, task: 'solve', record, nodes: this.nodes, millis: this.millis });
    });
  }

  /** Abandons the question in flight (it answers "not settled"). */
  cancel() {
    if (!this.pending) return;
    this.stop();
  }

  /** Ends the worker; a question in flight answers "not settled". */
  stop() {
    const pending = this.pending;
    this.pending = null;
    if (pending) {
      clearTimeout(pending.timer);
      pending.resolve(UNSETTLED);
    }
    this.worker?.terminate();
    this.worker = null;
  }
}
