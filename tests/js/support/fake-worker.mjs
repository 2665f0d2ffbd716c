// A stand-in for the browser's Worker in node tests: it records what the page posts and lets
// a test answer as the real worker would. Importing this module installs it as
// globalThis.Worker.

export class FakeWorker {
  static all = [];
  constructor(url, options) {
    this.url = String(url);
    this.options = options;
    this.sent = [];
    this.terminated = false;
    FakeWorker.all.push(this);
  }
  postMessage(data) {
    this.sent.push(data);
  }
  terminate() {
    this.terminated = true;
  }
  /** The worker answers (as www/ai-worker.js or www/analysis-worker.js would). */
  answer(data) {
    this.onmessage?.({ data });
  }
}
globalThis.Worker = FakeWorker;
