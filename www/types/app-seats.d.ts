// Types of www/app/seats.js, kept out of it: a declaration file is never fetched, so the page
// does not download them.

type SessionView = import('./ludus-views').SessionView;
type LevelView = import('./ludus-views').LevelView;

/** What the computer opponent asks of the page (www/app.js). */
export interface OpponentHost {
  /** the view shown */
  view: () => SessionView|null;
  /** the layout of the view shown (Session.layout()), or null */
  layout: () => Uint8Array|null;
  /** the settings (read only: changes go through savePrefs) */
  prefs: () => Record<string, any>;
  /** changes some settings and keeps them */
  savePrefs: (changes: Record<string, unknown>) => void;
  /** plays the computer's step (`note`: what the status line says of it), true if played */
  play: (text: string, how: {computer: boolean, note: string, layout: Uint8Array|null}) => boolean;
  /** why the last step was not played */
  refused: () => string;
  /** redraws the page (which calls sync) */
  refresh: () => void;
  /** says a problem in the status line */
  flash: (message: string) => void;
  /** the engine's setup part of a record */
  recordSetup: (record: string) => string;
}
