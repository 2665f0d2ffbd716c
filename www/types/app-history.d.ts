// Types of www/app/history.js, kept out of it: a declaration file is never fetched, so the page
// does not download them.

type SessionView = import('./ludus-views').SessionView;
type GameInfo = import('./ludus-views').GameInfo;

/** What the history asks of the page (www/app.js). */
export interface HistoryHost {
  /** the engine's module (www/engine.js): Session, parseRecord */
  mod: () => any;
  /** the games the page plays */
  games: () => GameInfo[];
  /** the engine's facts of a game */
  gameInfo: (name: string) => GameInfo|null;
  /** the saved games */
  saved: import('./saved-games.js').SavedGames;
  /** says a storage problem (www/record.js STORAGE_PROBLEMS) */
  report: (problem: string) => void;
  /** the settings (a game's remembered options) */
  prefs: () => Record<string, any>;
  /** the view shown */
  view: () => SessionView|null;
  /** the engine's Session shown, or null */
  session: () => any;
  /** shows another session (the page takes it over) */
  setSession: (session: any) => void;
  /** shows the position after step `n` or at a node of the game's tree (null: stays), returns its view */
  goTo: (n: number|{node: number}|null) => SessionView;
  /** another position is shown: the selection and messages go */
  moved: () => void;
  /** the seats the computer plays */
  seats: () => Set<number>;
  /** the computer waits in this position (a link's) */
  hold: (record: string) => void;
  /** turns the analysis on (a linked or past position) */
  analysisOn: () => void;
  /** the page's short tasks (a computer step's `persist`) */
  tasks: import('./tasks.js').Tasks;
  showNotice: (text: string, actions?: ({label: string, action: () => void}|null|undefined|false)[], kind?: string) => void;
  hideNotice: () => void;
  /** redraws the page */
  refresh: () => void;
  /** redraws the saved games' card */
  renderSaved: () => void;
  /** opens Learn or Puzzles for a fragment's text, or (null) closes them (the game behind stays as it is) */
  trainer: (text: string|null, initial: boolean) => void;
  /** opens a live game's link (`live=ID`, www/app/online-entry.js) */
  live: (text: string) => void;
  /** whether the game shown is a live game still on (not saved, its address its link) */
  liveShown: () => boolean;
}
