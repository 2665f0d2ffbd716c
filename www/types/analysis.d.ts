// The messages of the analysis worker (www/analysis-worker.js) that www/analysis/panel.js and
// the puzzles' judge (www/learn/judge.js) read, made of the engine's own objects. Kept out of
// the scripts: a declaration file is never fetched, so the page does not download them.

type Analysis = import('./ludus-views').Analysis;
type LineStep = import('./ludus-views').LineStep;
type ReviewStep = import('./ludus-views').ReviewStep;
type SolveView = import('./ludus-views').SolveView;

/** A step of the review as the worker sends it: with a better step, that step's cells. */
export type ReviewEntry = ReviewStep & {
  /** the cells of `better` (the engine's step view, through `line_steps`) */
  betterCells?: number[];
};

/** One budget's result of an `analyse` task (the last has `final`). */
export interface AnalysisAnswer {
  id: number;
  kind: 'analysis';
  analysis: Analysis;
  /** the analysis's best step as the board marks it, or null at the end of the game */
  best: LineStep | null;
  /** the expected line, best step first */
  line: LineStep[];
  budget: number;
  /** milliseconds the search took in the worker */
  ms: number;
  final: boolean;
}

/** The answer of a `review` task. */
export interface ReviewAnswer {
  id: number;
  kind: 'review';
  entries: ReviewEntry[];
  ms: number;
  final: true;
}

/** The answer of a `solve` task: the solver's `SolveView`. */
export interface SolveAnswer extends SolveView {
  id: number;
  kind: 'solve';
  ms: number;
  final: true;
}

/** What the worker says of itself once, before any answer: its engine loaded, or not. */
export type WorkerNotice = { type: 'ready' } | { type: 'failed', error: string };

/** A task that failed: the engine's error, a worker that could not start, a trap. */
export interface FailedAnswer {
  id: number;
  error: string;
  /** the worker's engine trapped; the client starts a fresh worker for the next task */
  trapped?: boolean;
  final?: boolean;
}
