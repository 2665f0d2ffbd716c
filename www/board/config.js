// What a Board (board.js) is told to show, in one typed object, as chessground's Config is
// merged into its state: the fields a caller may set (BoardConfig, and BOARD_CONFIG_FIELDS
// which Board.update checks against), and boardConfig, the one way the page, the widget and
// Learn turn their controller's state into it. No DOM here: node tests import this file.

/** @typedef {import('../types/ludus-views').BoardView} BoardView */
/** @typedef {import('../types/ludus-views').StepView} StepView */
/** @typedef {import('../types/ludus-views').PieceView} PieceView */
/** @typedef {import('../controller.js').BoardController} BoardController */
/** @typedef {ReturnType<typeof import('../input.js').analyse>} StepIndex */
/** @typedef {{cell: number, piece: number | null}} Selection a cell, and a Merlin's Chain tile's number */
/** @typedef {{arrows: [number, number][], circles: number[]}} Drawings */

/** @typedef {import('../types/board-config').BoardConfig} BoardConfig */

/**
 * The names of BoardConfig's fields; the type makes this list and the typedef agree.
 * @type {{[K in keyof Required<BoardConfig>]: true}}
 */
const FIELDS = {
  view: true,
  legal: true,
  selection: true,
  index: true,
  interactive: true,
  preview: true,
  flipped: true,
  coords: true,
  hints: true,
  drawings: true,
  drawMode: true,
  advice: true,
};

/** @type {ReadonlySet<string>} */
export const BOARD_CONFIG_FIELDS = new Set(Object.keys(FIELDS));

/**
 * The names in `config` that are no field of a board (for Board.update to refuse).
 * @param {object} config
 * @returns {string[]}
 */
export function unknownBoardFields(config) {
  return Object.keys(config).filter((key) => !BOARD_CONFIG_FIELDS.has(key));
}

/**
 * What a board shows for a controller: its legal steps, selection, step index and preview
 * (BoardController.boardState), with the view and how the caller draws it.
 * @param {BoardController} control
 * @param {{view: BoardView, flipped?: boolean, coords?: boolean, drawings?: Drawings | null}} shown
 * @returns {BoardConfig}
 */
export function boardConfig(control, { view, flipped = false, coords = false, drawings = null }) {
  return { view, flipped, coords, drawings, ...control.boardState(), index: control.index() };
}
