// The objects the Ludus engine hands to JS (src/game/view.rs, src/game/vocabulary.rs,
// src/game/error.rs, src/games/about.rs, src/views.rs, src/work.rs, src/ai/analyse.rs).
// Generated from the Rust types by tests/typescript.rs: do not edit by hand; run
// `LUDUS_BLESS=1 cargo test --test typescript` after changing a type.

/**
 * What kind of thing went wrong. Serialised (and given to JS as an Error's `kind`) as
 * "syntax", "illegal-step", "options", "record" or "game-over".
 */
export type ErrorKind = "syntax" | "illegal-step" | "options" | "record" | "game-over";

/**
 * A colour the page draws: of a piece, a player or a board side.
 */
export type Color = "red" | "blue" | "black" | "white" | "purple" | "orange" | "green" | "grey";

/**
 * The kind of a piece on a cell.
 */
export type PieceKind = "checker" | "stone" | "ring" | "asterisk" | "tile";

/**
 * How a step is made on the board (see `StepView::cells` for the cells of each).
 */
export type StepKind = "place" | "pass" | "swap" | "replace" | "flip" | "move" | "wall" | "ring" | "asterisk";

/**
 * A side of the board: of a square board, or of a hex-of-hex board (clockwise from
 * the north).
 */
export type Side = "top" | "bottom" | "left" | "right" | "N" | "NE" | "SE" | "S" | "SW" | "NW";

/**
 * The six directions, clockwise from north-east. Serialised by name ("NE"), as a Unity
 * asterisk's direction in a step view.
 */
export type Direction = "NE" | "E" | "SE" | "SW" | "W" | "NW";

/**
 * How a finished game ended.
 */
export type Outcome = { "kind": "winner", "seat": number } | { "kind": "draw" };

/**
 * The board's geometry.
 */
export type Shape = { "kind": "square", width: number, height: number, } | { "kind": "hex", side: number, };

/**
 * One piece on a cell.
 */
export type PieceView = { color: Color, kind: PieceKind, 
/**
 * The number on a Merlin's Chain tile.
 */
label?: string, };

/**
 * A board side coloured by whose goal it is.
 */
export type SideView = { 
/**
 * Square: top, bottom, left, right. Hex: N, NE, SE, S, SW, NW.
 */
side: Side, 
/**
 * The colour of the player (or colours, for Unlur's two goals) the side matters to.
 */
color: Color, };

/**
 * A seat as the page shows it.
 */
export type PlayerView = { 
/**
 * "Red", "Purple", "First player" (Unlur before the contract ends), ...
 */
name: string, 
/**
 * The colour the page draws for this seat.
 */
color: Color, };

/**
 * How one step is made on the board. The UI matches clicks against these.
 */
export type StepView = { 
/**
 * Canonical step text.
 */
text: string, kind: StepKind, 
/**
 * Cells involved, in the order a player would click them: place `[cell]`; swap `[a, b]`;
 * flip `[cell]`; move `[from, to]`; wall `[a, b]` (the edge between); ring `[cell]`;
 * asterisk `[cell, first cell in the direction (if on the board)]`.
 */
cells: Array<number>, 
/**
 * Asterisk direction.
 */
dir?: Direction, 
/**
 * Merlin's Chain: the number of the piece flipped.
 */
piece?: number, };

/**
 * Everything needed to draw a position.
 */
export type BoardView = { shape: Shape, 
/**
 * Cell names in cell order ("a1", ...).
 */
cells: Array<string>, 
/**
 * The piece on each cell, in cell order.
 */
pieces: Array<PieceView | null>, 
/**
 * Hex edges holding a wall, as pairs of cell indices (lower first).
 */
walls: Array<[number, number]>, 
/**
 * Sides coloured by goal.
 */
sides: Array<SideView>, players: Array<PlayerView>, 
/**
 * The seat to move; None once the game is over.
 */
toMove: number | null, outcome: Outcome | null, 
/**
 * What the current step asks of the player, or how the game ended.
 */
prompt: string, 
/**
 * Cells to outline: pending crosscuts.
 */
marked: Array<number>, 
/**
 * Cells to highlight: the winning path or group.
 */
highlight: Array<number>, 
/**
 * Extra facts to show beside the board, as label/value pairs ("Walls left", "12").
 */
facts: Array<[string, string]>, 
/**
 * Cells whose piece was lifted earlier in this turn and is to be put back elsewhere
 * (Scattercut's re-placements): drawn as a ghost ring in the mover's colour.
 */
lifted: Array<number>, };

/**
 * A win threatened in one step (see `Describe::threat`): the cells and a sentence.
 */
export type Threat = { text: string, cells: Array<number>, };

/**
 * How the page and the widget present the position beyond the board itself: the words
 * and pieces that differ from game to game, so that the JS holds no game knowledge.
 */
export type Presentation = { 
/**
 * The piece a click on an empty cell would put down (hover preview), if any.
 */
preview: PieceView | null, 
/**
 * The words on the pass button ("Pass", "Pass and take Black").
 */
passLabel: string, 
/**
 * Said below the result once the game is over ("The united group is highlighted.").
 */
highlightNote: string | null, 
/**
 * For each kind of two-click step legal now: what its second click asks.
 */
then: { [key in StepKind]?: string }, 
/**
 * Once the game is over: why it ended so, for a newcomer (`Describe::outcome_reason`).
 * This and `threat` are left out of the play module (always null there): the page
 * asks the study module (`explain_position`).
 */
reason: string | null, 
/**
 * While it goes on: the win the seat that moved last threatens (`Describe::threat`), which
 * the seat to move must stop.
 */
threat: Threat | null, };

/**
 * A session as the page draws it: the board, how to present it, the legal steps at the
 * cursor, and the history.
 */
export type SessionView = { game: string, title: string, designer: string, 
/**
 * Steps legal in the position shown (also when it is not the last one: playing one
 * there starts a variation, or follows the continuation that has that step). Left out
 * of a view asked for without them (`session_view_without_legal`: the page's view while
 * the computer is to move, as a list of some 1,800 steps is work nobody needs then).
 */
legal?: Array<StepView>, 
/**
 * Cells the last turn before the cursor touched.
 */
lastTurn: Array<number>, 
/**
 * Canonical text of every step of the line shown (also those after the cursor): from
 * the start through the step shown and on along first continuations.
 */
steps: Array<string>, 
/**
 * Each step of `steps` in words a person reads ("the ring on e9 fires").
 */
stepWords: Array<string>, 
/**
 * The seat that made each step.
 */
movers: Array<number>, 
/**
 * The kind of each step (`StepView::kind`): the move list marks re-placements.
 */
stepKinds: Array<StepKind>, 
/**
 * The colour of the piece each step put on the board (null for steps that put none):
 * the move list shows it, as the mover's colour can differ (Unlur's contract).
 */
stepColors: Array<Color | null>, 
/**
 * How many steps lead to the position shown.
 */
cursor: number, 
/**
 * The record of the whole game (every line and note).
 */
record: string, 
/**
 * Every step tried, in the order a move list writes them: each step, then the
 * variations played instead of it, then what follows it. The start (id 0, no step,
 * holding the comment and drawings on the starting position) comes first.
 */
tree: Array<NodeView>, 
/**
 * The id of the node shown.
 */
node: number, 
/**
 * The ids of the line shown, from the start (`line[cursor]` is `node`).
 */
line: Array<number>, 
/**
 * The status line's words about the game and its history.
 */
status: StatusText, 
/**
 * The same number as long as the tree, its notes and the line shown stay the same
 * (only the cursor moves along the line). `Session.view(revision)` asked with the
 * revision the caller holds leaves `tree`, `steps`, `stepWords`, `movers`, `stepKinds`,
 * `stepColors` and `line` empty when it is still the same: the caller keeps its own.
 */
revision: number, shape: Shape, 
/**
 * Cell names in cell order ("a1", ...).
 */
cells: Array<string>, 
/**
 * The piece on each cell, in cell order.
 */
pieces: Array<PieceView | null>, 
/**
 * Hex edges holding a wall, as pairs of cell indices (lower first).
 */
walls: Array<[number, number]>, 
/**
 * Sides coloured by goal.
 */
sides: Array<SideView>, players: Array<PlayerView>, 
/**
 * The seat to move; None once the game is over.
 */
toMove: number | null, outcome: Outcome | null, 
/**
 * What the current step asks of the player, or how the game ended.
 */
prompt: string, 
/**
 * Cells to outline: pending crosscuts.
 */
marked: Array<number>, 
/**
 * Cells to highlight: the winning path or group.
 */
highlight: Array<number>, 
/**
 * Extra facts to show beside the board, as label/value pairs ("Walls left", "12").
 */
facts: Array<[string, string]>, 
/**
 * Cells whose piece was lifted earlier in this turn and is to be put back elsewhere
 * (Scattercut's re-placements): drawn as a ghost ring in the mover's colour.
 */
lifted: Array<number>, 
/**
 * The piece a click on an empty cell would put down (hover preview), if any.
 */
preview: PieceView | null, 
/**
 * The words on the pass button ("Pass", "Pass and take Black").
 */
passLabel: string, 
/**
 * Said below the result once the game is over ("The united group is highlighted.").
 */
highlightNote: string | null, 
/**
 * For each kind of two-click step legal now: what its second click asks.
 */
then: { [key in StepKind]?: string }, 
/**
 * Once the game is over: why it ended so, for a newcomer (`Describe::outcome_reason`).
 * This and `threat` are left out of the play module (always null there): the page
 * asks the study module (`explain_position`).
 */
reason: string | null, 
/**
 * While it goes on: the win the seat that moved last threatens (`Describe::threat`), which
 * the seat to move must stop.
 */
threat: Threat | null, };

/**
 * Whose turn it is, the result, and what is asked now.
 */
export type StatusView = { toMove: number | null, outcome: Outcome | null, prompt: string, };

/**
 * The computer's choice.
 */
export type ChoiceView = { step: string, 
/**
 * Search iterations run (0 for a forced step or a random player).
 */
iterations: number, 
/**
 * The mover's estimated chance of winning, 0 to 1.
 */
value: number, };

/**
 * One option of a game, described for a form.
 */
export type OptionSpec = { key: string, label: string, 
/**
 * "number", "choice" or "text".
 */
kind: string, default: string, min?: number, max?: number, 
/**
 * The values of a "choice" option (empty for the others).
 */
choices: Array<string>, 
/**
 * Part of the setup: kept by one game, never carried to the next (a new game draws a
 * fresh setup).
 */
setup: boolean, };

/**
 * One field of an options form: its spec, the value to show and whether it applies now.
 */
export type OptionField = { 
/**
 * The value to show (the default when none was entered; empty for "not given").
 */
value: string, 
/**
 * True when the field does not apply with the other values (and is left out).
 */
disabled: boolean, 
/**
 * Shown in an empty field, saying where the value comes from instead.
 */
placeholder?: string, key: string, label: string, 
/**
 * "number", "choice" or "text".
 */
kind: string, default: string, min?: number, max?: number, 
/**
 * The values of a "choice" option (empty for the others).
 */
choices: Array<string>, 
/**
 * Part of the setup: kept by one game, never carried to the next (a new game draws a
 * fresh setup).
 */
setup: boolean, };

/**
 * An options form as the engine reads it (see `GameKind::option_form`).
 */
export type OptionForm = { fields: Array<OptionField>, 
/**
 * The options a new game would be started with: the fields that apply, defaults left out.
 */
options: Record<string, string>, };

/**
 * One character of a drawn setup, and the piece it stands for (none for an empty cell).
 */
export type LayoutChar = { symbol: string, 
/**
 * What the setup editor calls it ("Purple ring", "Eraser").
 */
label: string, 
/**
 * The piece's colour and kind, as a board view names them; None for an empty cell.
 */
color?: Color, kind?: PieceKind, };

/**
 * One of the games, for the game picker, the rules panel and the options form (see
 * `games::About`).
 */
export type GameInfo = { name: string, title: string, designer: string, options: Array<OptionSpec>, 
/**
 * Keys the game adds to the keyboard help.
 */
keyboard?: string, 
/**
 * The rules in short, one paragraph an entry.
 */
rules: Array<string>, 
/**
 * How to play on the board.
 */
boardHelp: string, 
/**
 * The characters of a drawn setup, for the setup editor (empty if the game has none).
 */
layout: Array<LayoutChar>, };

/**
 * A level of the computer opponent (see `ai::levels`).
 */
export type LevelView = { id: string, label: string, blurb: string, player: string, 
/**
 * True for the level a new user gets.
 */
default: boolean, };

/**
 * The parts of a record text, read but not yet checked against the rules.
 */
export type RecordView = { game: string, options: Record<string, string>, moves: Array<string>, at: number | null, };

/**
 * The work counted so far on this thread.
 */
export type WorkCounts = { 
/**
 * Legal steps turned into step views (`AnyGame::legal_step_views`).
 */
stepViews: bigint, 
/**
 * Searches for the arrangement nearest the one shown (Merlin's Chain's views after a flip).
 */
arrangementSearches: bigint, 
/**
 * Feasibility checks those searches spent (each up to a full arrangement and Hall's test).
 */
arrangementChecks: bigint, };

/**
 * A root step the search considered.
 */
export type StepStat = { step: string, visits: number, 
/**
 * The mover's estimated chance of winning after this step.
 */
chance: number, };

/**
 * The result the solver proved.
 */
export type Exact = { outcome: Outcome, 
/**
 * "Red wins with best play", "Draw with best play".
 */
text: string, 
/**
 * The steps that keep the result (for the side that wins: the winning steps).
 */
keeping: Array<string>, };

/**
 * How a position stands.
 */
export type Analysis = { 
/**
 * Each seat's chance of winning (2 or 3 numbers, summing to about 1): exact when
 * `exact` is set, else the search's estimate.
 */
chances: Array<number>, 
/**
 * The seat to move; None once the game is over.
 */
toMove: number | null, 
/**
 * The step the analysis recommends (a step that keeps a proven win or draw).
 */
best: string | null, 
/**
 * The expected continuation, best step first (at most 8 steps).
 */
line: Array<string>, 
/**
 * The most visited root steps, most visited first (at most 5).
 */
top: Array<StepStat>, iterations: number, 
/**
 * Set when the solver proved the result within its budget.
 */
exact: Exact | null, };

/**
 * One step of a line as the board marks it: its text, its kind and cells (the game's own
 * step view) and the colour of the seat that plays it.
 */
export type LineStep = { step: string, kind: StepKind, cells: Array<number>, color: Color | null, };

/**
 * One step of a reviewed game.
 */
export type ReviewStep = { 
/**
 * Steps before this one.
 */
index: number, step: string, mover: number, 
/**
 * The mover's chance of winning before the step (with the best step) and after it.
 */
before: number, after: number, 
/**
 * The step the analysis preferred, when the position it leads to is worth more to the
 * mover than the one the step led to by more than the threshold.
 */
better: string | null, 
/**
 * With `better`: the mover's chance in the position after it.
 */
afterBetter: number | null, };

/**
 * A legal step and the result with best play after it.
 */
export type SolveStepView = { step: string, result: Outcome | null, };

/**
 * What the exact solver found (the study module's `solve_position`): `result` None when
 * the budget or the time ran out first; when it is proved, every legal step with the
 * result after it.
 */
export type SolveView = { result: Outcome | null, steps: Array<SolveStepView>, 
/**
 * Positions searched.
 */
nodes: number, };

/**
 * What the engine says about a position beyond its view in the play module, which leaves
 * these words out to stay small (see `Presentation` and `SessionView`); the study module's
 * `explain_position`. The puzzles show them when a step loses.
 */
export type ExplainView = { reason: string | null, threat: Threat | null, stepWords: Array<string>, };
