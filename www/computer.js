// The page's side of the computer opponent: a client for the worker (www/ai-worker.js) that
// thinks off the main thread. The levels come from the engine (levels(), src/ai/levels.rs).
//
// One question at a time. Asking again, or cancel(), abandons the question in flight by
// terminating the worker (a search is one synchronous wasm call and cannot be interrupted
// otherwise); a fresh worker is started for the next question. Every answer carries the id
// of its question, and answers to abandoned questions are dropped, so a step computed for
// another position never comes back. A worker whose engine trapped is never asked again: it
// closes, and the next question gets a fresh one (the answer says so).

import { RESTARTED } from './engine.js';

/** The performance mark set when the worker has warmed up its search for a game. */
export const WARMED_MARK = 'ludus:computer-warmed';

export class Computer {
  /**
   * `url`: the worker module (a test may pass another); `setupOf(record)`: the engine's
   * `recordSetup` (a record's game and options), which `warm` keeps its warm-ups apart by.
   * @param {{ url?: URL, setupOf?: ((record: string) => string) | null }} [parts]
   */
  constructor({ url = new URL('./ai-worker.js', import.meta.url), setupOf = null } = {}) {
    this.url = url;
    this.setupOf = setupOf;
    this.worker = null;
    this.pending = null; // { id, resolve }
    this.seq = 0;
    /** How many workers were started (the first, then one after each cancel or trap). */
    this.started = 0;
    /** How many workers were dropped because their engine trapped. */
    this.trapped = 0;
    /** The setups (game and options) the current worker has warmed up for (see warm). */
    this.warmedSetups = new Set();
  }

  /**
   * Starts a worker now (loading the engine takes a moment), if none is running. Given the
   * record of the position shown, the worker also runs a short search on it while the user
   * thinks: V8 first runs wasm as baseline code and switches a function to optimised code
   * only at its next call, so without this the first search of each game ran a quarter to
   * a half slower than the next (docs/PERFORMANCE.md, "The first search"). Once per game and
   * options (a board size can be other code: Unlur's large boards) and worker.
   */
  warm(record) {
    this.start();
    const key = typeof record === 'string' ? this.setupKey(record) : '';
    if (!this.worker || !key || this.warmedSetups.has(key)) return;
    this.warmedSetups.add(key);
    this.worker.postMessage({ type: 'warm', record });
  }

  /**
   * The setup of `record` as the engine reads it, or "" (no engine to ask, or a record it
   * refuses: nothing to warm up for).
   * @param {string} record
   * @returns {string}
   */
  setupKey(record) {
    try {
      return this.setupOf?.(record) ?? '';
    } catch {
      return '';
    }
  }

  /** Starts a worker (and its engine) if none is running; `warm` and `think` call it. */
  start() {
    if (this.worker) return;
    let worker;
    try {
      worker = new Worker(this.url, { type: 'module', name: 'ludus-computer' });
    } catch (error) {
      this.broken = error?.message ?? String(error);
      return;
    }
    this.started++;
    worker.onmessage = (event) => this.onMessage(worker, event.data);
    worker.onerror = (event) => {
      event.preventDefault?.();
      this.onFailure(worker, event.message || 'the computer could not be started');
    };
    worker.onmessageerror = () => this.onFailure(worker, 'the computer sent an unreadable answer');
    this.worker = worker;
    this.warmedSetups = new Set();
  }

  /** True while a question is in flight. */
  get busy() {
    return this.pending != null;
  }

  /**
   * Asks for a step in the position of `record` (the engine's record text, `at=` included).
   * `shown`: the layout of the view shown (Session.layout(), or null), so that the answer
   * brings the layout of the view after its step (null when the game has none).
   * Resolves with `{ id, step, layout, iterations, value, ms }`, `{ id, error }`, or
   * `{ id, cancelled: true }`; never rejects.
   */
  think(record, player, seed = Math.floor(Math.random() * 2 ** 32), shown = null) {
    this.cancel();
    this.start();
    const id = ++this.seq;
    return new Promise((resolve) => {
      if (!this.worker) {
        resolve({ id, error: this.broken ?? 'this browser cannot run the computer (no module workers)' });
        return;
      }
      this.pending = { id, resolve };
      this.worker.postMessage({ id, record, player, seed, shown });
    });
  }

  /** Abandons the question in flight (if any): its worker is terminated. */
  cancel() {
    const pending = this.pending;
    if (!pending) return false;
    this.pending = null;
    this.worker?.terminate();
    this.worker = null;
    pending.resolve({ id: pending.id, cancelled: true });
    return true;
  }

  /** Stops everything (the page is going away). */
  dispose() {
    this.cancel();
    this.worker?.terminate();
    this.worker = null;
  }

  onMessage(worker, data) {
    if (worker !== this.worker || !data) return;
    if (data.type === 'ready') return;
    if (data.type === 'warmed') {
      // Observable by tests and tools, like the page's other marks.
      performance.mark(WARMED_MARK, { detail: { game: data.game, ms: data.ms } });
      return;
    }
    if (data.type === 'failed') {
      this.onFailure(worker, data.error);
      return;
    }
    if (data.type === 'trapped' || data.trapped) this.dropTrapped(worker);
    if (data.type === 'trapped') return;
    const pending = this.pending;
    if (!pending || data.id !== pending.id) return; // an answer nobody waits for
    this.pending = null;
    pending.resolve(data.trapped ? { ...data, error: `${data.error} (${RESTARTED})` } : data);
  }

  /** The worker's engine trapped: it is never asked again, the next question starts another. */
  dropTrapped(worker) {
    worker.terminate();
    this.worker = null;
    this.trapped++;
  }

  onFailure(worker, message) {
    if (worker !== this.worker) return;
    worker.terminate();
    this.worker = null;
    const pending = this.pending;
    this.pending = null;
    pending?.resolve({ id: pending.id, error: message });
  }
}
