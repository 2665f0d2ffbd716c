import type { ChoiceView, SessionView, StatusView, StepView } from './ludus.js';

/** The record of a new game: `new_game("unlur", { size: 6 })` is `"unlur;size=6"`. */
export function new_game(game: string, options?: Record<string, string | number>): string;
/** The steps legal in the record's position (as `Session.view().legal`). */
export function legal_moves(record: string): StepView[];
/** The record after `step` is played in the record's position; throws if it is illegal. */
export function apply_move(record: string, step: string): string;
/** Whose turn it is, the result, and what is asked now. */
export function status(record: string): StatusView;
/** Everything for drawing the record's position (as `Session.view()`). */
export function board_view(record: string): SessionView;
/** The computer's step in the record's position (as `Session.aiChoose`). */
export function ai_move(record: string, player: string, seed: number): ChoiceView;
