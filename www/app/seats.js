// The computer opponent: who plays each seat, the level, the question in flight and why the
// computer waits (it thinks in a Web Worker: www/computer.js; app/autoplay.js says which
// position wants a question). No DOM here.
//
// Seats are chosen per game, the level (from the engine: src/ai/levels.rs) once for all
// games; both are kept in the settings, not in links: whoever opens a link picks their own
// opponents. (`?level=`, e.g. `?level=mcts:50`, sets another player for this visit; tests.)
// The computer thinks whenever the LATEST position of the game has one of its seats to move
// (after the user's step, after its own step when the turn goes on, after a new game or a
// reload, when its seat or the level is switched on). While the user looks back through the
// moves (undo, the move list, Home) it waits, as chess sites do: it replies to the user's
// steps rather than playing into the past. Playing a step in the past makes that position the
// latest, so the computer answers it; the "Computer plays here" button asks for its step in a
// past position. Every change of position, undo or redo, a new game, another game, the level
// or the seats, and leaving the page cancel the thinking (the worker is terminated), and an
// answer is played only in the very position it was asked about.

import { Computer } from '../computer.js';
import { computerSeats, toggledSeats, computerToMove, wantedQuestion } from './autoplay.js';

/** A computer step is shown at least this long after it was asked for (forced steps come at once). */
const COMPUTER_MIN_MS = 300;

/** @typedef {import('../types/ludus-views').SessionView} SessionView */
/** @typedef {import('../types/ludus-views').LevelView} LevelView */

/** @typedef {import('../types/app-seats').OpponentHost} OpponentHost */

export class Opponent {
  /** @param {OpponentHost} host */
  constructor(host) {
    this.host = host;
    this.computer = new Computer({ setupOf: (record) => this.host.recordSetup(record) });
    /** The question in flight: { key, id, seat, record, started }, or null. */
    this.thinking = null;
    /**
     * Why the computer waits although its seat is to move (see app/autoplay.js): `asked`, the
     * record of a past position where the user asked it to play; `held`, a position opened
     * from a link (it waits there until the user acts); `failed`, a question that failed (not
     * asked again until something changes).
     */
    this.waits = { asked: null, held: null, failed: null };
    /** A player set by the `?level=` parameter for this visit only (tests), or null. */
    this.levelOverride = null;
    /** The computer's levels, from the engine (src/ai/levels.rs). @type {LevelView[]} */
    this.levels = [];
    /** The last step the computer played, and its steps so far in a turn of several. */
    this.lastAnswer = null;
    this.computerTurn = null;
  }

  /**
   * The engine's levels, once it is loaded, and the player a `?level=` parameter sets for this
   * visit (or null).
   * @param {LevelView[]} levels
   * @param {string|null} override
   */
  setLevels(levels, override) {
    this.levels = levels;
    this.levelOverride = override;
  }

  /** Another session is shown: nothing waits. */
  reset() {
    this.stop();
    this.waits = { asked: null, held: null, failed: null };
  }

  /** A position opened from a link: the computer waits there until the user acts. */
  hold(record) {
    this.waits.held = record;
  }

  held(view) {
    return this.waits.held === view?.record;
  }

  /** The engine player the computer uses: a level's id (or a test player). */
  level() {
    if (this.levelOverride) return this.levelOverride;
    const saved = this.host.prefs().level;
    if (this.levels.some((l) => l.id === saved)) return saved;
    return (this.levels.find((l) => l.default) ?? this.levels[0])?.id ?? null;
  }

  /** "Medium level" (or the test player), for the status line. */
  levelWords() {
    const player = this.level();
    const level = this.levels.find((l) => l.id === player);
    return level ? `${level.label} level` : `Player ${player}`;
  }

  setLevel(value) {
    if (!this.levels.some((l) => l.id === value)) return;
    this.levelOverride = null;
    this.host.savePrefs({ level: value });
    this.waits.failed = null;
    this.waits.held = null;
    this.host.refresh();
  }

  /** The seats the computer plays in the game shown (a Set of seat numbers). */
  seats(game = this.host.view()?.game) {
    return computerSeats(this.host.prefs(), game);
  }

  toggleSeat(seat) {
    const game = this.host.view()?.game;
    if (!game) return;
    this.host.savePrefs({ computer: toggledSeats(this.host.prefs(), game, seat) });
    this.waits.failed = null;
    this.waits.held = null;
    // The worker starts now; refresh warms its search up if the user is to move.
    if (this.seats(game).size) this.computer.start();
    this.host.refresh();
  }

  /** Whether the computer plays the seat to move in the shown position. */
  toMove() {
    return computerToMove(this.host.view(), this.seats());
  }

  /** Starts, keeps or cancels the thinking to match the position shown (called by refresh). */
  sync() {
    const v = this.host.view();
    const key = wantedQuestion(v, {
      seats: this.seats(),
      level: this.level(),
      ...this.waits,
    });
    if (this.thinking && this.thinking.key === key) return;
    this.stop();
    if (!key) {
      // Keep a worker ready (the engine loads in it once) while the computer has a seat,
      // its search warmed up for this game while the user thinks.
      if (this.seats().size && !this.computer.broken) this.computer.warm(v?.record);
      return;
    }
    const request = { key, seat: v.toMove, record: v.record, started: performance.now() };
    this.thinking = request;
    // With the layout shown, the worker also works out the layout after its step, so that
    // the page shows the step without that search (Merlin's Chain's grey tiles).
    this.computer.think(v.record, this.level(), undefined, this.host.layout()).then((answer) => {
      request.id = answer.id;
      this.onAnswer(request, answer);
    });
  }

  stop() {
    const was = this.thinking;
    this.thinking = null;
    this.computer.cancel();
    return was != null;
  }

  onAnswer(request, answer) {
    if (this.thinking !== request || answer.cancelled) return; // abandoned: drop it
    if (answer.error) {
      this.thinking = null;
      this.waits.failed = request.key;
      this.host.refresh();
      this.host.flash(`The computer could not choose a step: ${answer.error}`);
      return;
    }
    const wait = COMPUTER_MIN_MS - (performance.now() - request.started);
    if (wait > 0) setTimeout(() => this.playStep(request, answer), wait);
    else this.playStep(request, answer);
  }

  playStep(request, answer) {
    // Only in the very position the question was about.
    const v = this.host.view();
    if (this.thinking !== request || v?.record !== request.record) return;
    this.thinking = null;
    this.waits.asked = null;
    const name = v.players?.[request.seat]?.name ?? 'its seat';
    this.lastAnswer = { ...answer, seat: request.seat, record: request.record };
    // A turn of several steps is told whole: the computer's earlier steps of this turn too.
    const before = this.computerTurn;
    const more = before?.seat === request.seat && before.record === request.record;
    const steps = [...(more ? before.steps : []), answer.step];
    const said = steps.length > 1 ? `${steps.slice(0, -1).join(', ')} and ${steps.at(-1)}` : answer.step;
    const note = `The computer played ${said} for ${name}.`;
    if (this.host.play(answer.step, { computer: true, note, layout: answer.layout })) {
      const after = this.host.view();
      this.computerTurn = after.toMove === request.seat ? { seat: request.seat, steps, record: after.record } : null;
    } else {
      this.waits.failed = request.key;
      const message = this.host.refused();
      this.host.refresh();
      this.host.flash(`The computer's step ${answer.step} was refused: ${message}`);
    }
  }

  /** "Computer plays here", in a past position; false if the computer has no seat to move. */
  playHere() {
    if (!this.toMove()) return false;
    this.waits.asked = this.host.view().record;
    this.waits.failed = null;
    return true;
  }
}
