// Types of www/app.js, kept out of it: a declaration file is never fetched, so the page
// does not download them.

type SessionView = import('./ludus-views').SessionView;
type StepView = import('./ludus-views').StepView;
type GameInfo = import('./ludus-views').GameInfo;
type EngineSession = import('../../ludus.js').Session;

/** What the page is drawn from: refresh() and the status line read it; only App writes it. (The selection of a two-click step is the board controller's, shared with the widget; what the computer is thinking about is the opponent's.) */
export interface AppState {
  /** the engine's Session of the game shown (null before the first game) */
  session: EngineSession|null;
  /** the engine's view of the position shown */
  view: SessionView|null;
  /** the steps the user can play now (each refresh sets them) */
  legal: readonly StepView[];
  /** whether the board is seen from the other side */
  flipped: boolean;
  /** whether the cells' names are drawn (kept in the settings) */
  coords: boolean;
  /** the last refusal or problem, in the status line ('' for none) */
  message: string;
  /** what the computer last did, in the status line ('' for none) */
  note: string;
  /** the colour theme (kept in the settings) */
  theme: 'auto'|'light'|'dark';
  /** the header tags of the text file the game shown came from (`session`: that game), for its export */
  fileTags: {session: EngineSession|null, tags: Record<string, string>};
}
