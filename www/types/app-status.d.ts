// Types of www/app/status.js, kept out of it: a declaration file is never fetched, so the page
// does not download them.

/** The page's state the status line adds to the engine's words (www/app.js draws it from its AppState and its parts). */
export interface StatusFacts {
  /** the computer's question in flight, or null */
  thinking: {seat: number}|null;
  /** the computer's level ("Medium level") */
  levelWords: string;
  /** whether the computer plays the seat to move */
  computerToMove: boolean;
  /** whether the computer waits in a position opened from a link */
  held: boolean;
  /** what the computer last did ('' for nothing) */
  note: string;
  /** what the second click of a selected step asks ('' for none) */
  hint: string;
  /** the last refusal or problem ('' for none) */
  message: string;
}
