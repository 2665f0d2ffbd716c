// The analysis thread: a module Web Worker that loads the engine's study module (through
// www/engine.js: `studyEngine()`, which has the analysis) and runs the engine's analysis and
// review there, so the page never waits on a search. One task at a time; the page cancels a
// task by terminating this worker (www/analysis/analysis.js), never by a message.
//
//   in:  { id, task: 'analyse', record, budgets: [1000, 4000, …], seed }
//   out: one { id, kind: 'analysis', analysis, best, line, budget, ms, final } per budget
//        (it stops early once the position is solved exactly: more search says nothing new)
//   in:  { id, task: 'review', record, iterations, threshold, seed }
//   out: { id, kind: 'review', entries, ms, final: true }
//   in:  { id, task: 'solve', record, nodes, millis }
//   out: { id, kind: 'solve', result, steps: [{ step, result }], nodes, ms, final: true }
//        (the exact solver: `result` null when the budget or the time ran out first; the
//        puzzles ask it whether a step off their stored line keeps the win)
//   or:  { id, error }, with `trapped: true` when the engine's wasm trapped: this worker
//        then closes, as its engine must not be used again (www/engine.js isTrap), and the
//        page starts a fresh one for the next task
//
// The cells of each step come from the engine's own step views (`line_steps`: the line
// replayed in the engine, one call), never from game logic here: `best` and each entry of
// `line` are { step, kind, cells, color } (color: the mover's piece colour), and each review
// entry with a `better` step gets `betterCells` the same way.

import { studyEngine, errorText, isTrap } from './engine.js';
import { recordLengthProblem } from './record.js';

const ready = studyEngine();
ready.then(
  () => postMessage({ type: 'ready' }),
  (error) => postMessage({ type: 'failed', error: errorText(error) }),
);

self.onmessage = async (event) => {
  const message = event.data ?? {};
  const { id } = message;
  try {
    const mod = await ready;
    // A record too long to be a game is refused before it is copied into the wasm memory.
    const problem = recordLengthProblem(message.record);
    if (problem) throw new Error(problem);
    if (message.task === 'analyse') analyseTask(mod, message);
    else if (message.task === 'review') reviewTask(mod, message);
    else if (message.task === 'solve') solveTask(mod, message);
    else throw new Error(`unknown analysis task ${JSON.stringify(message.task)}`);
  } catch (error) {
    if (isTrap(error)) {
      postMessage({ id, error: errorText(error), trapped: true });
      self.close();
      return;
    }
    postMessage({ id, error: errorText(error) });
  }
};

function analyseTask(mod, { id, record, budgets, seed }) {
  if (!Array.isArray(budgets) || budgets.length === 0) throw new Error('budgets must be a non-empty list');
  for (let i = 0; i < budgets.length; i++) {
    const started = performance.now();
    const analysis = mod.analyse_position(record, budgets[i], seed + i);
    const line = mod.line_steps(record, (analysis.line ?? []).join(','));
    const solved = analysis.exact != null;
    postMessage({
      id,
      kind: 'analysis',
      analysis,
      best: line[0] ?? null,
      line,
      budget: budgets[i],
      ms: performance.now() - started,
      final: solved || i === budgets.length - 1,
    });
    if (solved) return;
  }
}

function reviewTask(mod, { id, record, iterations, threshold, seed }) {
  const started = performance.now();
  const entries = /** @type {import('./types/analysis').ReviewEntry[]} */ (mod.review_game(record, iterations, threshold, seed));
  const session = mod.Session.fromRecord(record);
  try {
    for (const entry of entries) {
      if (entry.better == null) continue;
      session.goTo(entry.index);
      entry.betterCells = mod.line_steps(session.record(), entry.better)[0]?.cells ?? [];
    }
  } finally {
    session.free();
  }
  postMessage({ id, kind: 'review', entries, ms: performance.now() - started, final: true });
}

function solveTask(mod, { id, record, nodes, millis }) {
  const started = performance.now();
  const solution = /** @type {import('./types/ludus-views').SolveView} */ (mod.solve_position(record, nodes, millis));
  postMessage({ id, kind: 'solve', ...solution, ms: performance.now() - started, final: true });
}
