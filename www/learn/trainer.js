// Learn and Puzzles on the page: a view of its own in place of the game (which stays as it
// was, untouched), with its own board. A lesson: the goal above the board, the learner
// plays, the page plays the scripted replies after a short pause; a refused step shows the
// engine's explanation, a legal step that is not the lesson's shows its hint and is taken
// back. The lessons' path with ticks for the finished ones. Puzzles: a stream of a game's
// puzzles, easier first; the opponent's replies played by the page; a wrong first step is
// refuted on the board; a streak and a rating; the daily puzzle. Loaded only when first
// opened (www/app.js imports it on a `#learn=`, `#puzzles=` or `#daily` link).

import { Board } from '../board/board.js';
import { boardConfig } from '../board/config.js';
import { BoardController, hoverName, boardLabel } from '../controller.js';
import { BoardDescription } from '../a11y/describe.js';
import { el } from '../app/dom.js';
import { errorText } from '../engine.js';
import { readRoute, routeFragment, gameNames } from './route.js';
import { load } from './data.js';
import { Drill, stepWords, reasonWords, explained } from './drill.js';
import { Judge } from './judge.js';
import { Progress } from './progress.js';
import { dayKey, dailyGames, dailyPuzzle } from './daily.js';

/** The room kept between a header on top of the page and a goal scrolled into view, in px. */
const GOAL_MARGIN = 8;

/** Gives `element` the height of the tallest of `texts` in it (none: its own height). */
function reserve(element, texts) {
  const shown = element.textContent;
  element.style.minHeight = '';
  let most = 0;
  for (const text of texts) {
    element.textContent = text;
    most = Math.max(most, element.getBoundingClientRect().height);
  }
  element.textContent = shown;
  element.style.minHeight = most ? `${Math.ceil(most)}px` : '';
}

/** The pause before the page plays a reply, so the learner sees their own step first. */
export const REPLY_PAUSE_MS = 450;
/** How long a wrong step stays on the board before it is taken back. */
export const TAKE_BACK_MS = 700;

/**
 * What Learn and Puzzles ask of the page (www/app/learn-entry.js).
 * @typedef {object} TrainerHost
 * @property {any} mod the engine's module (www/engine.js)
 * @property {import('../record.js').Store} store where progress is kept
 * @property {(name: string) => import('../types/ludus-views').GameInfo|null} gameInfo the
 *   engine's facts of a game (its title, designer)
 * @property {(name: string) => void} back leaves for the page's game of `name` (Learn's "Play" link)
 */

export class Trainer {
  /** @param {TrainerHost} host */
  constructor(host) {
    this.host = host;
    this.progress = new Progress(host.store);
    this.route = null;
    this.items = [];
    this.item = null;
    /** @type {Drill | null} */
    this.drill = null;
    this.message = '';
    this.timer = 0;
    this.token = 0;
    /** A wrong step's view, shown a moment before it is taken back (else null). */
    this.held = null;
    /** The board, made when a lesson or a puzzle is first opened. @type {Board | null} */
    this.board = null;
    /** The solver, made when a puzzle's step is first judged. @type {Judge | null} */
    this.judge = null;
    this.build();
    this.control = new BoardController({
      session: () => this.drill?.session ?? null,
      view: () => this.held ?? this.drill?.view ?? null,
      canPlay: () => this.drill?.state === 'play' && !this.held,
      play: (text) => this.play(text),
      // A piece picked: what its second click asks (the engine's words).
      changed: () => {
        const hint = this.control.selectionHint();
        if (hint) this.say(hint);
        this.draw();
      },
      // The engine's reason for a refused click; cleared: back to what is asked.
      say: (message) => {
        if (message) this.say(message, 'refused');
        else if (this.drill?.state === 'play' && this.ui.status.dataset.tone === 'refused') this.say(this.prompt());
      },
    });
  }

  build() {
    const ui = (this.ui = {});
    const button = (id, text, onclick, cls = '') =>
      (ui[id] = el('button', { type: 'button', id: `trainer-${id}`, class: cls, text, hidden: true, onclick }));
    ui.goal = el('p', { class: 'trainer-goal', id: 'trainer-goal' });
    ui.box = el('div', { class: 'board-box', id: 'trainer-board' });
    ui.tray = el('div', { class: 'tray-tiles trainer-tray', hidden: true });
    ui.kind = el('p', { class: 'trainer-kind' });
    ui.title = el('h1', { id: 'trainer-title' });
    ui.credit = el('p', { class: 'credit', id: 'trainer-credit' });
    ui.message = el('p', { class: 'status-main', id: 'trainer-message' });
    // Pass and Fire sit by the message that names them, as on the game's page.
    ui.status = el(
      'div',
      { class: 'status trainer-status', role: 'status', 'aria-live': 'polite' },
      ui.message,
      button('pass', 'Pass', () => this.control.pass(), 'primary'),
      button('fire', 'Fire', () => this.control.capture(), 'primary'),
    );
    ui.stats = el('p', { class: 'trainer-stats', id: 'trainer-stats', hidden: true });
    // Why a step lost (the engine's words), below the buttons: the status keeps a fixed
    // height on a phone, so that a message never moves the board, and this can be long.
    ui.why = el('p', { class: 'trainer-why', id: 'trainer-why', 'aria-live': 'polite', hidden: true });
    ui.path = el('ol', { class: 'trainer-path', id: 'trainer-path' });
    ui.pathBox = el('nav', { class: 'trainer-path-box', 'aria-label': 'Lessons' }, ui.path);
    ui.links = el('p', { class: 'trainer-links' });
    this.root = el(
      'main',
      { class: 'layout trainer', id: 'trainer', hidden: true },
      el(
        'section',
        { class: 'board-column', 'aria-labelledby': 'trainer-goal' },
        ui.goal,
        el('div', { class: 'board-frame' }, ui.box),
        el(
          'div',
          { class: 'trainer-board-actions' },
          ui.tray,
        ),
      ),
      el(
        'aside',
        { class: 'panel', 'aria-labelledby': 'trainer-title' },
        el('div', { class: 'game-head' }, ui.kind, ui.title, ui.credit),
        ui.status,
        el(
          'div',
          { class: 'trainer-buttons' },
          button('retry', 'Try again', () => this.retry()),
          button('next', 'Next lesson', () => this.next(), 'primary'),
          button('skip', 'Skip', () => this.skip()),
        ),
        ui.why,
        ui.stats,
        ui.pathBox,
        ui.links,
      ),
    );
    document.getElementById('layout').after(this.root);
    // Another width wraps the goals anew: the room kept for them follows.
    const resized = new ResizeObserver(() => this.shown && this.items && this.reserveGoal());
    resized.observe(ui.goal);
    resized.observe(ui.title);
  }

  get shown() {
    return !this.root.hidden;
  }

  /** Shows what the fragment's `text` asks for (a route of www/learn/route.js). */
  async open(text) {
    const token = ++this.token;
    this.stopReply();
    const route = readRoute(text, gameNames(this.host.mod));
    this.root.hidden = false;
    document.getElementById('layout').hidden = true;
    document.body.dataset.view = 'trainer';
    this.board ??= new Board(this.ui.box, {
      onAction: (event) => this.control.onAction(event),
      onHover: (hover) => {
        const name = hoverName(this.drill?.view, hover);
        if (name) this.ui.box.dataset.hover = name;
        else delete this.ui.box.dataset.hover;
      },
      onEscape: () => this.control.clear(),
    });
    if (!this.a11y) {
      // The position as text and a live region, as on the game's board.
      this.a11y = new BoardDescription(this.ui.box, this.board);
      // The page's theme and high contrast (set on the game's page), and the system's setting.
      const retheme = () => this.board.refreshTheme();
      new MutationObserver(retheme).observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'data-contrast'] });
      matchMedia('(prefers-color-scheme: dark)').addEventListener('change', retheme);
    }
    this.board.refreshTheme();
    if (route.error) return this.fail(`This link cannot be opened: ${route.error}.`, route);
    let game = route.game;
    let items;
    try {
      if (route.kind === 'daily') [game, items] = await this.daily();
      else items = await load(route.kind === 'learn' ? 'lessons' : 'puzzles', game);
    } catch (error) {
      if (token === this.token) this.fail(`Sorry: ${errorText(error)}.`, { ...route, game });
      return;
    }
    if (token !== this.token) return;
    this.route = { ...route, game };
    this.items = items;
    let item;
    if (route.kind === 'daily') item = dailyPuzzle(dayKey(), game, items);
    else if (route.id) item = items.find((x) => x.id === route.id);
    else if (route.kind === 'learn') item = items.find((x) => !this.progress.lessonDone(game, x.id)) ?? items[0];
    else item = this.nextPuzzle(null);
    if (!item) {
      const what = route.kind === 'learn' ? 'lesson' : 'puzzle';
      return this.fail(`There is no ${what} called ${JSON.stringify(route.id)} for ${this.title(game)}.`, this.route);
    }
    this.show(item);
  }

  /** The day's game and its puzzles: the next game in turn while one has none yet. */
  async daily() {
    let last;
    for (const game of dailyGames(dayKey(), gameNames(this.host.mod))) {
      try {
        return [game, await load('puzzles', game)];
      } catch (error) {
        last = error;
      }
    }
    throw last;
  }

  close() {
    this.token++;
    this.stopReply();
    this.drill?.free();
    this.drill = null;
    this.root.hidden = true;
    document.getElementById('layout').hidden = false;
    delete document.body.dataset.view;
  }

  title(game) {
    return this.host.gameInfo(game)?.title ?? game;
  }

  /** The next puzzle of the stream: the easiest not solved yet after `after` (else the first). */
  nextPuzzle(after) {
    const from = after ? this.items.indexOf(after) + 1 : 0;
    const rest = [...this.items.slice(from), ...this.items.slice(0, from)];
    return rest.find((p) => !this.progress.puzzleSolved(p.game, p.id)) ?? rest[0];
  }

  fail(text, route) {
    this.drill?.free();
    this.drill = null;
    this.item = null;
    this.route = route;
    this.board.update({ view: null });
    this.ui.goal.textContent = '';
    this.ui.kind.textContent = route.kind === 'learn' ? 'Learn' : 'Puzzles';
    this.ui.title.textContent = route.game ? this.title(route.game) : 'Ludus';
    this.ui.credit.textContent = this.credit(route.game);
    this.say(text, 'refused');
    for (const b of ['retry', 'next', 'skip', 'pass', 'fire']) this.ui[b].hidden = true;
    this.ui.tray.hidden = true;
    this.ui.stats.hidden = true;
    this.ui.path.replaceChildren();
    this.renderLinks();
    document.title = 'Ludus';
  }

  credit(game) {
    const designer = this.host.gameInfo(game)?.designer;
    return designer ? `A game by ${designer}` : '';
  }

  show(item) {
    this.stopReply();
    this.item = item;
    this.drill?.free();
    try {
      this.drill = new Drill(this.host.mod, item, { puzzle: this.route.kind !== 'learn' });
    } catch (error) {
      this.drill = null;
      return this.fail(`This ${this.route.kind === 'learn' ? 'lesson' : 'puzzle'} cannot be shown: ${errorText(error)}.`, this.route);
    }
    this.counted = false;
    this.control.deselect();
    const fragment = routeFragment({ ...this.route, id: this.route.kind === 'daily' ? null : item.id });
    if (location.hash !== fragment) history.replaceState(history.state, '', fragment);
    this.say(this.prompt());
    this.render();
  }

  /** The learner's seat's name, or ''. */
  seat() {
    return this.drill.view.players?.[this.drill.learner]?.name ?? '';
  }

  /** The status at the start: whose move it is (the goal above the board says what to do). */
  prompt() {
    const seat = this.seat();
    return `Your move${seat ? ` (${seat})` : ''}.`;
  }

  /** A puzzle's goal sentence. */
  task() {
    const turns = this.item.turns;
    return `${this.seat() || 'You'} to play: find the step that wins${turns > 1 ? ` in ${turns} turns` : ''}.`;
  }

  retry() {
    this.stopReply();
    this.drill.restart();
    this.control.deselect();
    this.say(this.prompt());
    this.render();
  }

  next() {
    const i = this.items.indexOf(this.item);
    let item;
    if (this.route.kind === 'learn') item = this.items[i + 1];
    else if (this.route.kind === 'daily') {
      // The daily puzzle stands apart from its game's stream: Next goes where the game's
      // Puzzles link goes (its easiest puzzle not solved yet), not to the daily's neighbour.
      this.route = { kind: 'puzzles', game: this.route.game, id: null };
      item = this.nextPuzzle(null);
      if (item === this.item) item = this.nextPuzzle(this.item);
    } else item = this.nextPuzzle(this.item);
    if (!item) return;
    this.show(item);
    // The button was pressed below the board: the next goal comes into view, clear of a
    // header that stays on top of the page.
    const header = document.querySelector('.topbar');
    const covered = header && getComputedStyle(header).position !== 'static' ? header.getBoundingClientRect().bottom : 0;
    const top = this.ui.goal.getBoundingClientRect().top;
    if (top < covered + GOAL_MARGIN) window.scrollBy(0, top - covered - GOAL_MARGIN);
  }

  /**
   * Keeps room for the longest goal and title of the lessons shown, at the width each has
   * (on a phone both are above the board): going from a short one to one that wraps never
   * moves the board.
   */
  reserveGoal() {
    const lesson = this.route?.kind === 'learn';
    const items = lesson ? this.items : [];
    const key = `${this.ui.goal.clientWidth}|${this.ui.title.clientWidth}`;
    if (key === this.goalKey && items === this.goalItems) return;
    this.goalKey = key;
    this.goalItems = items;
    reserve(this.ui.goal, items.map((x) => x.goal));
    reserve(this.ui.title, items.map((x, i) => `${i + 1}. ${x.title}`));
  }

  /**
   * Skip: on to the next puzzle, this one left unsolved (it comes back when the stream
   * comes round again). As lichess does with a puzzle left without a move, the rating and
   * the streak do not move; a wrong step already played has counted.
   */
  skip() {
    if (this.route.kind === 'learn' || !this.item) return;
    this.next();
  }

  // ------------------------------------------------------------------------------------
  // Playing
  // ------------------------------------------------------------------------------------

  play(text) {
    const result = this.drill.attempt(text);
    const lesson = this.route.kind === 'learn';
    switch (result.kind) {
      case 'refused':
        this.say(result.message, 'refused');
        return false;
      case 'wrong':
        this.count(false);
        this.hold(result.shown);
        this.say(lesson ? this.item.hint : `${stepWords(result.shown, result.shown.cursor - 1)} does not win: try another step.`, 'wrong');
        break;
      case 'check':
        this.say(`${stepWords(this.drill.view, this.drill.view.cursor - 1)}: checking that it keeps the win…`, 'checking');
        this.ask();
        break;
      case 'lost':
        this.count(false);
        this.say(`Your step, ${result.step}, loses at once. Try again.`, 'wrong');
        this.explain((v) => this.say(`Your step, ${stepWords(v, v.cursor - 1)}, loses at once. Try again.`, 'wrong', reasonWords(v)));
        break;
      case 'refuted':
        this.count(false);
        this.say(`${stepWords(this.drill.view, this.drill.view.cursor - 1)}? The reply shows why it does not win…`, 'wrong');
        this.scheduleReply();
        break;
      case 'good':
        this.say(result.reply ? 'Yes. Now the reply…' : this.drill.erred ? 'Yes. Go on.' : 'Good. Go on.', 'good');
        if (result.reply) this.scheduleReply();
        break;
      case 'done':
        this.finish();
        break;
      default:
        return false;
    }
    this.render();
    return true;
  }

  /** Asks the solver the drill's question (a step off the line, or the defence's next step). */
  ask() {
    const record = this.drill?.question();
    if (record == null) return;
    const drill = this.drill;
    const asked = (this.asked = (this.asked ?? 0) + 1);
    this.judge ??= new Judge();
    this.judge.ask(record).then((solution) => {
      if (drill !== this.drill || asked !== this.asked || drill.question() !== record) return;
      const checking = drill.state === 'checking';
      const step = stepWords(drill.view, drill.view.cursor - 1);
      const result = drill.judged(solution);
      if (result.kind === 'wrong') {
        this.count(false);
        this.hold(result.shown);
        this.say(`${step} does not win: the solver finds a defence. Try another step.`, 'wrong');
      } else if (result.kind === 'broken') {
        this.say(`This puzzle is damaged: ${result.message}.`, 'refused');
      } else if (checking) {
        const note = result.unproved ? ' (the solver could not settle it in time: play on)' : '';
        this.say(result.reply ? `Yes, ${step} keeps the win too${note}. Now the reply…` : `Yes, ${step} keeps the win too${note}. Go on.`, 'good');
        if (result.reply) this.scheduleReply();
      } else if (result.reply) this.scheduleReply();
      this.render();
    });
  }

  scheduleReply() {
    this.stopReply();
    this.timer = setTimeout(() => {
      this.timer = 0;
      this.reply();
    }, REPLY_PAUSE_MS);
  }

  stopReply() {
    this.judge?.cancel();
    if (this.timer) clearTimeout(this.timer);
    this.timer = 0;
    this.held = null;
  }

  /** Shows a wrong step (`view`) a moment before the board goes back to the drill's position. */
  hold(view) {
    this.stopReply();
    this.held = view;
    this.timer = setTimeout(() => {
      this.timer = 0;
      this.held = null;
      this.draw();
    }, TAKE_BACK_MS);
  }

  reply() {
    if (!this.drill) return;
    const result = this.drill.playReply();
    switch (result.kind) {
      case 'good':
        if (result.reply) this.scheduleReply();
        else this.say(`The reply: ${stepWords(this.drill.view, this.drill.view.cursor - 1)}. Your move.`, 'good');
        break;
      case 'done':
        this.finish();
        break;
      case 'choose':
        this.ask();
        break;
      case 'failed': {
        const v = this.drill.view;
        this.say(`The reply, ${v.steps[v.cursor - 1]}, beats that step. Try again.`, 'wrong');
        this.explain((x) => this.say(`The reply, ${stepWords(x, x.cursor - 1)}, beats that step. Try again.`, 'wrong', reasonWords(x)));
        break;
      }
      case 'broken':
        this.say(`This ${this.route.kind === 'learn' ? 'lesson' : 'puzzle'} is damaged: ${result.message}.`, 'refused');
        break;
    }
    this.render();
  }

  /**
   * The engine's words about the position shown (why the step lost: the study module's,
   * loaded on first use), then `show(view with them)`, unless the puzzle has moved on.
   */
  explain(show) {
    const drill = this.drill;
    const view = drill?.view;
    if (!view) return;
    explained(view).then((x) => {
      if (this.drill !== drill || drill.view !== view) return;
      this.explanation = x;
      show(x);
      this.draw();
    });
  }

  /** A puzzle's result counts once per showing: its first try. */
  count(solved) {
    if (this.route.kind === 'learn' || this.counted) return;
    this.counted = true;
    this.progress.recordPuzzle(this.item.game, this.item.id, this.item.rating, solved);
  }

  finish() {
    if (this.route.kind === 'learn') {
      this.progress.finishLesson(this.item.game, this.item.id);
      this.say(this.item.done, 'done');
    } else {
      // Solved at the first try, or after a miss (which counted as one).
      const first = !this.counted;
      this.count(true);
      this.say(first ? 'Solved!' : 'Solved, at another try (the first one counted as missed).', 'done');
    }
  }

  /** The status line, and (`why`) the reason below the buttons. */
  say(text, tone = '', why = '') {
    this.message = text;
    this.ui.message.textContent = text;
    this.ui.status.dataset.tone = tone;
    this.ui.why.textContent = why;
    this.ui.why.hidden = !why;
  }

  // ------------------------------------------------------------------------------------
  // Drawing
  // ------------------------------------------------------------------------------------

  draw() {
    const v = this.held ?? this.drill?.view;
    if (!v) return;
    // A refutation's threat, circled (a finished game's deciding pieces are the view's own highlight).
    const threat = !this.held && this.drill?.state === 'failed' && this.explanation?.record === v.record ? this.explanation.threat : null;
    const drawings = threat?.cells?.length ? { arrows: [], circles: threat.cells } : null;
    const drawn = boardConfig(this.control, { view: v, drawings });
    this.board.update(drawn);
    this.a11y.update(v, drawn.legal, this.about(v));
    this.board.canvas.setAttribute('aria-label', `${boardLabel(v)}. ${this.message || v.prompt}. Arrow keys move over the cells, Enter or Space plays there.`);
    this.ui.pass.hidden = this.control.passStep() == null;
    if (!this.ui.pass.hidden) this.ui.pass.textContent = this.control.passLabel();
    this.ui.fire.hidden = !this.control.fireOffered();
    this.renderTray();
  }

  /**
   * What the board's text version says of the position: the lesson or puzzle and its task,
   * and the steps played since it began (not the moves of the game it was taken from).
   */
  about(view) {
    const lesson = this.route.kind === 'learn';
    const n = this.items.indexOf(this.item) + 1;
    const name = lesson ? `Lesson ${n}, ${this.item.title}` : this.route.kind === 'daily' ? `Daily puzzle of ${dayKey()}` : `Puzzle ${n} of ${this.items.length}`;
    const task = lesson ? this.item.goal : this.task();
    return { lead: `${this.title(this.item.game)}. ${name}. ${task}`, from: this.drill.start ?? 0, key: `${this.route.kind}:${this.item.id}` };
  }

  renderTray() {
    const pieces = this.control.trayPieces();
    const tray = this.ui.tray;
    tray.hidden = pieces.length === 0;
    const mover = this.drill.view.players?.[this.drill.view.toMove];
    tray.style.setProperty('--tile-color', `var(--piece-${mover?.color ?? 'grey'})`);
    tray.replaceChildren(
      ...pieces.map((n) => {
        const on = this.control.selection?.piece === n;
        return el('button', {
          type: 'button',
          class: `tile-button${on ? ' selected' : ''}`,
          'aria-pressed': on ? 'true' : 'false',
          'aria-label': `Tile ${n}`,
          text: String(n),
          onclick: () => this.control.onAction({ type: 'piece', piece: n }),
        });
      }),
    );
  }

  render() {
    const lesson = this.route.kind === 'learn';
    const item = this.item;
    const game = item.game;
    const d = this.drill;
    this.root.dataset.kind = this.route.kind;
    this.root.dataset.item = item.id;
    this.ui.kind.textContent = lesson ? `Learn ${this.title(game)}` : this.route.kind === 'daily' ? `Daily puzzle: ${this.title(game)}` : `${this.title(game)} puzzles`;
    const n = this.items.indexOf(item) + 1;
    this.ui.title.textContent = lesson ? `${n}. ${item.title}` : this.route.kind === 'daily' ? `Puzzle of ${dayKey()}` : `Puzzle ${n} of ${this.items.length}`;
    this.ui.credit.textContent = this.credit(game);
    this.ui.goal.textContent = lesson ? item.goal : this.task();
    this.reserveGoal();
    // Retry once there is something to retry: a step played, a wrong step, the end.
    this.ui.retry.hidden = d.state === 'play' && d.at === 0 && !d.erred;
    this.ui.retry.textContent = d.state === 'done' ? 'Play it again' : 'Try again';
    const hasNext = lesson ? this.items.indexOf(item) < this.items.length - 1 : this.items.length > 1;
    this.ui.next.hidden = !(d.state === 'done' || (!lesson && d.state === 'failed')) || !hasNext;
    this.ui.skip.hidden = lesson || !hasNext || !this.ui.next.hidden;
    this.ui.next.textContent = lesson ? 'Next lesson' : 'Next puzzle';
    this.renderStats();
    this.renderPath();
    this.renderLinks();
    document.title = `${lesson ? 'Learn' : 'Puzzles'}: ${this.title(game)} · Ludus`;
    // The game's tab is the one lit (it leads back to the game's page).
    for (const tab of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#game-tabs [data-game]'))) {
      tab.classList.toggle('active', tab.dataset.game === game);
      if (tab.dataset.game === game) tab.setAttribute('aria-current', 'page');
      else tab.removeAttribute('aria-current');
    }
    this.draw();
  }

  renderStats() {
    const p = this.progress.stats(this.item.game);
    this.ui.stats.hidden = this.route.kind === 'learn';
    this.ui.stats.textContent = `Your ${this.title(this.item.game)} rating ${p.rating} · streak ${p.streak} (best ${p.best}) · puzzle rating ${Math.round(this.item.rating)}`;
  }

  renderPath() {
    const lesson = this.route.kind === 'learn';
    this.ui.pathBox.hidden = !lesson;
    if (!lesson) return;
    this.ui.path.replaceChildren(
      ...this.items.map((x, i) => {
        const done = this.progress.lessonDone(x.game, x.id);
        const current = x === this.item;
        return el(
          'li',
          { class: `${done ? 'done' : ''}${current ? ' current' : ''}`, 'data-id': x.id },
          el(
            'a',
            { href: routeFragment({ kind: 'learn', game: x.game, id: x.id }), 'aria-current': current ? 'step' : null },
            el('span', { class: 'tick', 'aria-hidden': 'true', text: done ? '✓' : String(i + 1) }),
            x.title,
            done ? el('span', { class: 'visually-hidden', text: ' (finished)' }) : null,
          ),
        );
      }),
    );
  }

  renderLinks() {
    const game = this.route?.game;
    const links = [];
    if (game) {
      links.push(el('a', { href: '#', 'data-back': '', onclick: (e) => (e.preventDefault(), this.host.back(game)), text: `Play ${this.title(game)}` }));
      if (this.route.kind === 'learn') links.push(el('a', { href: routeFragment({ kind: 'puzzles', game }), text: 'Puzzles' }));
      else links.push(el('a', { href: routeFragment({ kind: 'learn', game }), text: 'Learn' }));
    }
    if (this.route?.kind !== 'daily') links.push(el('a', { href: '#daily', text: 'Daily puzzle' }));
    this.ui.links.replaceChildren(...links);
  }
}
