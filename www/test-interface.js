// @ts-check
// The one door the end-to-end tests (tests/e2e/) have into the page, for what a user cannot
// read off the screen: the legal steps to make one by clicking, where the board draws a cell,
// how much work a thread did, what the analysis and the trainer hold. Everything else the
// tests read as a user does (the status line, the move list, the board's description, the
// address). The page never imports this file: tests/e2e/app-page.mjs's waitReady() loads it
// and sets it as `window.ludusTest`. It reads the app only here, so that a change inside App
// has one place to keep working for the tests (docs/TESTING.md).

import { app } from './app.js';
import { indexStats } from './input.js';

/** @typedef {import('./types/ludus-views').SessionView} SessionView */
/** @typedef {import('./types/ludus-views').StepView} StepView */
/** @typedef {import('./types/ludus-views').WorkCounts} WorkCounts */
/** @typedef {import('./board/board.js').Board} Board */
/** @typedef {import('./computer.js').Computer} Computer */

/**
 * What the analysis holds: on or off, the latest result and error, the search times, the
 * hint, and its worker's client (before the panel is loaded: off or wanted, nothing else).
 * @typedef {object} AnalysisState
 * @property {boolean} on
 * @property {any} result the latest result of the position shown: { record, analysis, best, line, budget, final }, or null
 * @property {string} error
 * @property {{ game: string, budget: number, ms: number }[]} timings
 * @property {any} hint { record, best } or { record, pending } or { record, error }, or null
 * @property {any} client the analysis worker's client (url, worker, busy, delivered, trapped), or null
 */

/**
 * What Learn or Puzzles shows, once opened.
 * @typedef {object} TrainerState
 * @property {boolean} shown
 * @property {string | null} kind 'lessons' or 'puzzles'
 * @property {string | null} game
 * @property {{ id: string, line: string[] } | null} item the lesson or puzzle shown
 * @property {string | null} state the drill's: 'play', 'failed', 'done'…
 * @property {boolean} held a wrong step is shown before it is taken back
 * @property {number} at the steps of the line made so far
 * @property {SessionView | null} view the drill's position
 * @property {SessionView | null} drawnView the position on the board: the drill's, or a wrong step's while it is shown
 * @property {number | null} learner the learner's seat
 * @property {boolean} waiting a reply or a take-back is timed to come
 * @property {{ cell: number } | null} selection the first cell of a two-click step
 * @property {Board} board
 * @property {any} progress the stored progress (stats(game), puzzleSolved(game, id))
 * @property {(text: string) => void} say puts a message in the trainer's status
 */

export const ludusTest = {
  /** @returns {SessionView} the engine's view of the position shown. */
  view: () => app.view,
  /** @returns {readonly StepView[]} the legal steps a person can make now (none while the computer plays). */
  legal: () => app.legal,
  /** @returns {{ cell: number } | null} the first cell of a two-click step, if one is picked. */
  selection: () => app.control.selection,
  /** @returns {{ seat: number, record: string } | null} the computer's question in flight. */
  thinking: () => (app.thinking ? { seat: app.thinking.seat, record: app.thinking.record } : null),
  /** @returns {boolean} a computer seat is to move at the latest position. */
  computerToMove: () => app.computerToMove(),
  /** @returns {Computer} the computer's worker client (url, think, dispose, started, trapped). */
  computer: () => app.opponent.computer,
  /** @returns {any} the computer's last answer, with its seat and record, or null. */
  lastAnswer: () => app.opponent.lastAnswer ?? null,
  /**
   * Plays a step as a click would (refused while the computer is to move).
   * @param {string} text @returns {boolean} whether it was played
   */
  play: (text) => app.play(text),
  /**
   * Moves through the game as the history buttons do.
   * @param {number | string} action a step number, or 'start', 'back', 'forward', 'end'
   */
  navigate: (action) => app.navigate(action),
  /**
   * Starts a new game of `name`, as the game's tab does.
   * @param {string} name @param {Record<string, string>} options
   */
  startGame: (name, options) => app.history.startGame(name, options),
  /** @returns {any[]} the engine's list of games (name, title, options). */
  games: () => app.mod.games(),
  /** @param {string} name @returns {any} one game of games(), or undefined. */
  gameInfo: (name) => app.gameInfo(name),
  /** @returns {any} the page's engine module (Session, parseRecord…). */
  engine: () => app.mod,
  /** @returns {WorkCounts} the engine's work on the page's thread so far (src/work.rs). */
  workCounts: () => app.mod.workCounts(),
  /** @returns {number} how many step indexes the page has built (www/input.js analyse). */
  indexBuilds: () => indexStats.builds,
  /** Draws the page again, as after a step. */
  refresh: () => app.refresh(),
  /**
   * A board, for where it draws a cell (cellPoint, edgePoint, dirPoint), its focus, geometry,
   * theme and drawings.
   * @param {'page' | 'editor' | 'trainer'} [where] the page's board (the default), the setup editor's, the trainer's
   * @returns {Board}
   */
  board: (where = 'page') => {
    const board = where === 'editor' ? app.editor?.board : where === 'trainer' ? app.trainer?.board : app.board;
    if (!board) throw new Error(`the ${where} board is not open`);
    return board;
  },
  /** @returns {string} the setup editor's layout text. */
  editorLayout: () => {
    if (!app.editor) throw new Error('the setup editor is not open');
    return app.editor.layoutText();
  },
  /** @returns {AnalysisState} */
  analysis: () => {
    const ui = app.analysis;
    const panel = ui?.panel;
    return {
      on: !!ui?.on,
      result: panel?.result ?? null,
      error: panel?.error ?? '',
      timings: panel?.timings ?? [],
      hint: panel?.hint ?? null,
      client: panel?.analyser ?? null,
    };
  },
  /** Loads the analysis (it loads on first use). @returns {Promise<any>} its worker's client */
  loadAnalysis: async () => {
    if (!app.analysis) throw new Error('the analysis is not mounted');
    return (await app.analysis.load()).analyser;
  },
  /**
   * Play online (www/online/online.js), or null before it is first used.
   * @returns {{ id: string | null, model: any, connection: string, shown: boolean } | null}
   *   the game followed, its model (online/live-state.js), the socket's state, whether the board shows it
   */
  live: () => {
    const ui = app.online?.ui;
    return ui ? { id: ui.id, model: ui.model, connection: ui.connState, shown: ui.shown() } : null;
  },
  /** @returns {TrainerState | null} Learn or Puzzles, or null before it is first opened. */
  trainer: () => {
    const t = app.trainer;
    if (!t) return null;
    const d = t.drill;
    return {
      shown: !!t.shown,
      kind: t.route?.kind ?? null,
      game: t.route?.game ?? null,
      item: t.item ?? null,
      state: d?.state ?? null,
      held: !!t.held,
      at: d?.at ?? 0,
      view: d?.view ?? null,
      drawnView: t.held ?? d?.view ?? null,
      learner: d?.learner ?? null,
      waiting: !!t.timer,
      selection: t.control.selection,
      board: t.board,
      progress: t.progress,
      say: (text) => t.say(text),
    };
  },
};
