// The page's side of the computer opponent: a client for the worker (www/ai-worker.js) that
// thinks off the main thread. The levels come from the engine (levels(), src/ai/levels.rs).
//
// One question at a time. Asking again, or cancel(), abandons the question in flight by
// terminating the worker (a search is one synchronous wasm call and cannot be interrupted
// otherwise); a fresh worker is started for the next question. Every answer carries the id
// of its question, and answers to abandoned questions are dropped, so a step computed for
// another position never comes back.

export class Computer {
  /** `url`: the worker module (a test may pass another). */
  constructor({ url = new URL('./ai-worker.js', import.meta.url) } = {}) {
    this.url = url;
    this.worker = null;
    this.pending = null; // { id, resolve }
    this.seq = 0;
    /** How many workers were started (the first, then one after each cancel). */
    this.started = 0;
  }

  /** Starts a worker now (loading the engine takes a moment), if none is running. */
  warm() {
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
  }

  /** True while a question is in flight. */
  get busy() {
    return this.pending != null;
  }

  /**
   * Asks for a step in the position of `record` (the engine's record text, `at=` included).
   * Resolves with `{ id, step, iterations, value, ms }`, `{ id, error }`, or
   * `{ id, cancelled: true }`; never rejects.
   */
  think(record, player, seed = Math.floor(Math.random() * 2 ** 32)) {
    this.cancel();
    this.warm();
    const id = ++this.seq;
    return new Promise((resolve) => {
      if (!this.worker) {
        resolve({ id, error: this.broken ?? 'this browser cannot run the computer (no module workers)' });
        return;
      }
      this.pending = { id, resolve };
      this.worker.postMessage({ id, record, player, seed });
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
    if (data.type === 'failed') {
      this.onFailure(worker, data.error);
      return;
    }
    const pending = this.pending;
    if (!pending || data.id !== pending.id) return; // an answer nobody waits for
    this.pending = null;
    pending.resolve(data);
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
