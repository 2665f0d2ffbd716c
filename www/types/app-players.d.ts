// Types of www/app/players.js, kept out of it: a declaration file is never fetched, so the page
// does not download them.

/** Who plays each seat, for the player chips and the level picker (www/app/seats.js). */
export interface SeatFacts {
  /** the seats the computer plays */
  computer: Set<number>;
  /** the seat the computer is thinking for */
  thinkingSeat: number|undefined;
  /** the computer's levels */
  levels: import('../types/ludus-views').LevelView[];
  /** the level (or test player) the computer uses */
  level: string|null;
  /** the `?level=` player of this visit, or null */
  levelOverride: string|null;
  /** switches a seat between a person and the computer */
  toggle: (seat: number) => void;
}
