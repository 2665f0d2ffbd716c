// The page's side of the computer opponent: the levels, and a client for the worker
// (www/ai-worker.js) that thinks off the main thread.
//
// One question at a time. Asking again, or cancel(), abandons the question in flight by
// terminating the worker (a search is one synchronous wasm call and cannot be interrupted
// otherwise); a fresh worker is started for the next question. Every answer carries the id
// of its question, and answers to abandoned questions are dropped, so a step computed for
// another position never comes back.

/** The levels offered on the page: the engine's player names and thinking time per step. */
export const LEVELS = [
  { value: 'quick', label: 'Quick', seconds: 0.2 },
  { value: 'normal', label: 'Normal', seconds: 1 },
  { value: 'strong', label: 'Strong', seconds: 4 },
];

export const DEFAULT_LEVEL = 'normal';

/**
 * A player name the engine accepts (for the `?level=` test parameter), or null:
 * a level, `random`, `mcts:N` (iterations) or `mcts:Ss` (seconds).
 */
export function parsePlayer(text) {
  const t = String(text ?? '').trim();
  if (LEVELS.some((l) => l.value === t) || t === 'random') return t;
  if (/^mcts:[1-9]\d{0,8}$/.test(t)) return t;
  if (/^mcts:\d{1,4}(\.\d{1,3})?s$/.test(t) && parseFloat(t.slice(5)) > 0) return t;
  return null;
}

/** How a level or player reads in the page ("Normal", "mcts:50"). */
export function levelLabel(player) {
  return LEVELS.find((l) => l.value === player)?.label ?? player;
}

/** "about 1 s a step" for a level, or null for other players. */
export function levelPace(player) {
  const level = LEVELS.find((l) => l.value === player);
  if (level) return `about ${level.seconds} s a step`;
  const m = /^mcts:([\d.]+)s$/.exec(player);
  return m ? `about ${m[1]} s a step` : null;
}

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
