// A puzzle in <ludus-board puzzle="unravel/<id>">: the reader plays the seat to move, the
// widget plays the opponent's replies after a short pause, a wrong first step is refuted on
// the board, and Reset tries again. Loaded by www/embed/ludus-board.js only for a board with
// a `puzzle` attribute; the puzzles are the page's (www/learn/<game>-puzzles.json).

import { load } from '../learn/data.js';
import { Drill, stepWords, reasonWords, explained } from '../learn/drill.js';
import { Judge } from '../learn/judge.js';
import { GAMES } from '../learn/route.js';

const PAUSE_MS = 450;

/** The puzzle an attribute names (`game/id`), or throws an Error saying why there is none. */
export async function findPuzzle(text) {
  const spec = String(text ?? '').trim();
  const m = /^([a-z-]{1,40})\/([A-Za-z0-9][A-Za-z0-9_.-]{0,79})$/.exec(spec);
  if (!m) throw new Error('the puzzle should be named as game/id, for example "unravel/unravel-1-20"');
  const [, game, id] = m;
  if (!GAMES.includes(game)) throw new Error(`there is no game called ${JSON.stringify(game)}`);
  let items;
  try {
    items = await load('puzzles', game);
  } catch (error) {
    throw new Error(error.message);
  }
  const item = items.find((p) => p.id === id);
  if (!item) throw new Error(`there is no ${game} puzzle called ${JSON.stringify(id)}`);
  return item;
}

export class WidgetPuzzle {
  /** `changed()`: the widget redraws from `session`, `view` and `message`. */
  constructor(mod, item, changed) {
    this.item = item;
    this.drill = new Drill(mod, item, { puzzle: true });
    this.changed = changed;
    this.timer = 0;
    this.message = this.prompt();
    /** 'wrong' while a wrong step is being answered, else ''. */
    this.tone = '';
    /** The solver, made when first asked (ask()). @type {Judge | null} */
    this.judge = null;
  }

  get session() {
    return this.drill.session;
  }

  get view() {
    return this.drill.view;
  }

  get state() {
    return this.drill.state;
  }

  prompt() {
    const seat = this.drill.view.players?.[this.drill.learner]?.name ?? 'You';
    const turns = this.item.turns;
    return `Puzzle: ${seat} to play and win${turns > 1 ? ` in ${turns} turns` : ''}.`;
  }

  /** The reader's step; false if the engine refused it. */
  play(text) {
    const result = this.drill.attempt(text);
    if (result.kind === 'wait') return false;
    if (result.kind === 'refused') {
      this.message = result.message;
      this.tone = 'wrong';
      this.changed();
      return false;
    }
    if (result.kind === 'check') {
      this.message = `${stepWords(this.view, this.view.cursor - 1)}: checking that it keeps the win…`;
      this.tone = '';
      this.ask();
      this.changed();
      return true;
    }
    this.tone = ['wrong', 'refuted', 'lost'].includes(result.kind) ? 'wrong' : '';
    if (result.kind === 'wrong') this.message = `${stepWords(result.shown, result.shown.cursor - 1)} does not win: try another step.`;
    else if (result.kind === 'refuted') this.message = `${result.step}? Watch the reply…`;
    else if (result.kind === 'lost') {
      this.message = `Your step, ${result.step}, loses at once. Reset to try again.`;
      this.explain((v) => `Your step, ${stepWords(v, v.cursor - 1)}, loses at once. ${reasonWords(v)} Reset to try again.`);
    }
    else if (result.kind === 'done') this.message = 'Solved!';
    else this.message = 'Yes. Now the reply…';
    if (this.drill.nextReply() != null) this.later();
    this.changed();
    return true;
  }

  /** Asks the solver the drill's question (a step off the line, or the defence's next step). */
  ask() {
    const record = this.drill.question();
    if (record == null) return;
    this.judge ??= new Judge();
    this.judge.ask(record).then((solution) => {
      if (this.drill.question() !== record) return;
      const step = stepWords(this.drill.view, this.drill.view.cursor - 1);
      const checking = this.drill.state === 'checking';
      const result = this.drill.judged(solution);
      if (result.kind === 'wrong') {
        this.message = `${step} does not win: the solver finds a defence. Try another step.`;
        this.tone = 'wrong';
      } else if (result.kind === 'broken') {
        this.message = `This puzzle is damaged: ${result.message}.`;
        this.tone = 'wrong';
      } else if (checking) this.message = `Yes, ${step} keeps the win too.${result.reply ? ' Now the reply…' : ''}`;
      if (result.reply) this.later();
      this.changed();
    });
  }

  /** The message `words(view with the engine's explanation)`, once the study module has it. */
  explain(words) {
    const view = this.drill.view;
    explained(view).then((x) => {
      if (this.drill.view !== view) return;
      this.message = words(x);
      this.changed();
    });
  }

  later() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.reply(), PAUSE_MS);
  }

  reply() {
    const result = this.drill.playReply();
    if (result.kind === 'choose') return this.ask();
    if (result.kind === 'good' && result.reply) this.later();
    else if (result.kind === 'good') this.message = `The reply: ${stepWords(this.view, this.view.cursor - 1)}. Your move.`;
    else if (result.kind === 'done') this.message = 'Solved!';
    else if (result.kind === 'failed') {
      this.message = `The reply, ${this.view.steps[this.view.cursor - 1]}, beats that step. Reset to try again.`;
      this.explain((v) => {
        const why = reasonWords(v);
        return `The reply, ${stepWords(v, v.cursor - 1)}, beats that step.${why ? ` ${why}` : ''} Reset to try again.`;
      });
    }
    if (this.drill.state === 'play' || this.drill.state === 'done') this.tone = '';
    else if (result.kind === 'broken') this.message = `This puzzle is damaged: ${result.message}.`;
    this.changed();
  }

  retry() {
    clearTimeout(this.timer);
    this.judge?.cancel();
    this.drill.restart();
    this.message = this.prompt();
    this.tone = '';
    this.changed();
  }

  free() {
    clearTimeout(this.timer);
    this.judge?.stop();
    this.drill.free();
  }
}
