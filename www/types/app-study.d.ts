// Types of www/app/study.js, kept out of it: a declaration file is never fetched, so the page
// does not download them.

/** What studying asks of the page (www/app.js). */
export interface StudyHost {
  /** the engine's Session shown (its tree edits) */
  session: () => any;
  /** the view shown */
  view: () => import('../types/ludus-views').SessionView|null;
  /** the tree changed (`before`: the view before the edit): save, link and redraw */
  changed: (before: import('../types/ludus-views').SessionView|null) => void;
  /** says a refusal in the status line */
  flash: (message: string) => void;
  /** the page's board (for draw mode) */
  board: () => import('../board/board.js').Board;
}
