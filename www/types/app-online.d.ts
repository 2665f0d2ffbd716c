// Types of www/app/online-entry.js and www/online/online.js, kept out of them: a declaration
// file is never fetched, so the page does not download them.

type SessionView = import('./ludus-views').SessionView;
type GameInfo = import('./ludus-views').GameInfo;

/** What play online asks of the page (www/app.js). */
export interface OnlineHost {
  /** the engine's module (www/engine.js): Session, recordSetup, withRandomSetup, parseRecord */
  mod: any;
  /** the view shown */
  view: () => SessionView|null;
  /** the engine's Session shown, or null */
  session: () => any;
  /** the engine's facts of a game */
  gameInfo: (name: string) => GameInfo|null;
  /** the options of the New game form, for the game shown */
  formOptions: () => Record<string, string>;
  /** shows a live game's Session (the page takes it over and frees it when another is shown), turned for the reader */
  show: (session: any, flipped: boolean) => void;
  /** the live Session shown changed (a step played on it): drawn again */
  changed: () => void;
  /** puts the saved game behind a live link when nothing is shown yet (the page's first load; the link stays in the address); true if it did */
  behind: () => boolean;
  /** the finished live game shown joins Your games, its record in the address */
  keepFinished: () => void;
  /** the settings */
  prefs: () => Record<string, any>;
  /** keeps some settings */
  savePrefs: (changes: Record<string, unknown>) => void;
  /** says something in the board's live region (screen readers) */
  say: (text: string) => void;
  /** says a problem */
  notice: (text: string) => void;
}
