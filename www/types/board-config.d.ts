// Types of www/board/config.js, kept out of it: a declaration file is never fetched, so the page
// does not download them.

type BoardView = import('./ludus-views').BoardView;
type StepView = import('./ludus-views').StepView;
type PieceView = import('./ludus-views').PieceView;
type BoardController = import('../controller.js').BoardController;
type StepIndex = ReturnType<typeof import('../input.js').analyse>;
type Selection = {cell: number, piece: number | null};
type Drawings = {arrows: [number, number][], circles: number[]};

/** Every field a board accepts; a field left out keeps its value. */
export interface BoardConfig {
  /** the position drawn (the engine's view); null for none */
  view?: BoardView | null;
  /** the steps a click or a key may play */
  legal?: readonly StepView[];
  /** the first cell of a two-click step */
  selection?: Selection | null;
  /** the step index of `legal` and `selection` (input.js analyse) built by the controller; left out with a new view, legal or selection, the board builds its own */
  index?: StepIndex | null;
  /** whether clicks and keys act */
  interactive?: boolean;
  /** the piece a click on an empty cell would put down */
  preview?: PieceView | null;
  /** the board turned 180 degrees */
  flipped?: boolean;
  /** cell names on the empty cells */
  coords?: boolean;
  /** marks on what can be played (off in the editor) */
  hints?: boolean;
  /** the shown step's arrows and circled cells */
  drawings?: Drawings | null;
  /** whether a finger draws rather than plays */
  drawMode?: boolean;
  /** the analysis' best steps (analysis/panel.js), drawn on top */
  advice?: object[] | null;
}
