// Types of www/app/controls.js, kept out of it: a declaration file is never fetched, so the page
// does not download them.

/** What the buttons and keys do, given by the page (www/app.js). */
export interface ControlActions {
  /** moves through the game's steps; false when there is nowhere to go */
  navigate: (action: 'first'|'undo'|'redo'|'last'|'up'|'down') => boolean|undefined;
  /** turns the board around */
  flip: () => void;
  /** shows or hides the cells' names */
  coords: () => void;
  /** plays the pass */
  pass: () => void;
  /** plays Fire (Merlin's Chain) */
  capture: () => void;
  /** plays a typed step: null if played, else why not */
  playTyped: (text: string) => string|null;
  /** starts a game with the options form's choices */
  startFromForm: () => void;
  /** starts the game shown afresh with its options */
  restart: () => void;
  /** the computer plays its seat's step in a past position */
  computerPlaysHere: () => void;
  /** the computer's level */
  setLevel: (id: string) => void;
  hideNotice: () => void;
  /** lets go of the selection and the message */
  clearSelection: () => void;
  /** the next colour theme */
  toggleTheme: () => void;
  /** the system's colour scheme changed */
  systemTheme: () => void;
  /** whether the game's page is shown (not Learn or Puzzles) */
  shown: () => boolean;
  /** the board's canvas (its own arrow keys) */
  boardCanvas: () => HTMLCanvasElement;
}
