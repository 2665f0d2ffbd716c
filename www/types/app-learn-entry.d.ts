// Types of www/app/learn-entry.js, kept out of it: a declaration file is never fetched, so the page
// does not download them.

/** What the ways into Learn and Puzzles ask of the page (www/app.js). */
export interface LearnEntryHost {
  /** the engine's module (www/engine.js), for Learn and Puzzles */
  mod: any;
  /** the engine's facts of a game */
  gameInfo: (name: string) => import('../types/ludus-views').GameInfo|null;
  /** the game's view shown */
  view: () => import('../types/ludus-views').SessionView|null;
  /** puts a game behind Learn or Puzzles (the saved one, when none is shown or on the page's first load; the link stays); true if it did */
  behind: (initial: boolean) => boolean;
  /** the computer stops thinking */
  stop: () => void;
  /** redraws the page */
  refresh: () => void;
  /** the game's link back in the address */
  writeLocation: () => void;
  /** the latest saved game of `name`, or a new one */
  resumeOrStart: (name: string) => void;
  /** says a problem */
  notice: (text: string) => void;
}
