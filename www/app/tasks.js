// Short tasks run one at a time after the current one, so that no single task holds the
// main thread for long (a computer step's move list and URL update come after its board).
// A task has a name; scheduling a name again replaces the waiting task of that name.

export class Tasks {
  constructor() {
    this.waiting = new Map();
    this.timer = null;
  }

  /** Runs `fn` in a task of its own soon, replacing a waiting task of the same name. */
  later(name, fn) {
    this.waiting.delete(name);
    this.waiting.set(name, fn);
    if (!this.timer) this.timer = setTimeout(() => this.runNext(), 0);
  }

  /** One waiting task per turn of the event loop, oldest first. */
  runNext() {
    this.timer = null;
    const next = this.waiting.entries().next();
    if (next.done) return;
    const [name, fn] = next.value;
    this.waiting.delete(name);
    if (this.waiting.size) this.timer = setTimeout(() => this.runNext(), 0);
    fn();
  }

  has(name) {
    return this.waiting.has(name);
  }

  /** Runs a waiting task now (before something that must come after it). */
  flush(name) {
    const fn = this.waiting.get(name);
    if (!fn) return;
    this.waiting.delete(name);
    fn();
  }

  drop(name) {
    this.waiting.delete(name);
  }
}
