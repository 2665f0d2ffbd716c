// The Ludus page: picks a game and its options, draws the board, matches clicks against the
// engine's legal steps, keeps the move list, history, URL fragment and saved games, and lets
// the computer play any of the seats (it thinks in a Web Worker: www/computer.js).
// No game logic lives here: the engine (www/engine.js) decides everything, and says in its
// view how each game is presented. The parts: www/controller.js (clicks to steps, shared with
// the widget), app/options-form.js (the options form), app/autoplay.js (when the computer
// plays), app/panels.js (move list, facts), app/tasks.js (short tasks), app/dom.js (DOM
// helpers).
//
// The computer opponent. Who plays each seat (human or computer) is chosen per game on the
// player chips, the level (quick, normal, strong) once for all games; both are kept in
// localStorage, not in links: a link holds the game record only, and whoever opens it picks
// their own opponents. (A `?level=` query parameter, e.g. `?level=mcts:50`, sets another
// engine player for this visit only; tests use it. It is not saved.)
// The computer thinks whenever the LATEST position of the game has one of its seats to move
// (after the user's step, after its own step when the turn goes on, after a new game or a
// reload, when its seat or the level is switched on). While the user looks back through the
// moves (undo, the move list, Home) it waits, as chess sites do: it replies to the user's
// steps rather than playing into the past. Playing a step in the past makes that position the
// latest, so the computer answers it; the "Computer plays here" button asks for its step in a
// past position. Every change of position, undo or redo, a new game, another game, the level
// or the seats, and leaving the page cancel the thinking (the worker is terminated), and an
// answer is played only in the very position it was asked about.

import { engine, errorText } from './engine.js';
import { Board } from './board/board.js';
import { paletteCss } from './board/palette.js';
import { BoardController, hoverName, boardLabel } from './controller.js';
import { fragmentFor, readFragment, gameOfRecord, Store, STORAGE_PROBLEMS } from './record.js';
import { showStorageProblem } from './storage-note.js';
import { SavedGames, mountSavedGames } from './app/saved-games.js';
import { Computer } from './computer.js';
import { $, el, icon } from './app/dom.js';
import { OptionsForm, withFreshSeed } from './app/options-form.js';
import { Tasks } from './app/tasks.js';
import { renderMoveList, renderFacts } from './app/panels.js';
import { computerSeats, toggledSeats, computerToMove, wantedQuestion, historyStep } from './app/autoplay.js';
import { mountShareMenu } from './share/menu.js';
import { BoardDescription } from './a11y/describe.js';
import { mountContrastSwitch } from './a11y/contrast.js';
import { CorrespondenceUi } from './share/correspondence.js';
import { AnalysisUi } from './analysis/analysis.js';

// The board colours, light and dark (one source shared with the embeddable widget).
document.head.append(
  Object.assign(document.createElement('style'), {
    textContent: paletteCss({
      base: ':root',
      systemDark: ":root:not([data-theme='light'])",
      forcedDark: ":root[data-theme='dark']",
    }),
  }),
);

/** A computer step is shown at least this long after it was asked for (forced steps come at once). */
const COMPUTER_MIN_MS = 300;

const ICON_HUMAN =
  'M12 12a4 4 0 1 0-4-4 4 4 0 0 0 4 4Zm0 2c-3.3 0-7 1.6-7 4v2h14v-2c0-2.4-3.7-4-7-4Z';
const ICON_COMPUTER =
  'M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-6v2h3v2H7v-2h3v-2H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm1 2v8h14V7Z';

export class App {
  constructor() {
    this.mod = null;
    this.games = [];
    this.session = null;
    this.view = null;
    this.legal = [];
    /** Work cut into short tasks (a computer step's move list and URL come after its board). */
    this.tasks = new Tasks();
    // Clicks to steps, the selection, the pass: shared with the widget (www/controller.js).
    this.control = new BoardController({
      session: () => this.session,
      view: () => this.view,
      // A person never makes the computer's steps, not even in the past ("Computer plays here").
      canPlay: () => !this.thinking && !this.computerToMove(),
      play: (text) => this.play(text),
      changed: () => this.refresh(),
      say: (message) => this.flash(message),
    });
    this.store = new Store();
    this.prefs = this.store.prefs();
    this.saved = new SavedGames(this.store, { known: (name) => !!this.gameInfo(name) });
    /** The id of the saved game shown; null for a link's game (saved once played on). */
    this.entry = null;
    this.flipped = false;
    this.coords = !!this.prefs.coords;
    /** False after a broken link: the saved game stays untouched until the user acts. */
    this.persist = true;
    this.message = '';
    // The computer opponent (see the top of this file).
    this.computer = new Computer();
    /** The question in flight: { key, id, seat, record, started }, or null. */
    this.thinking = null;
    /**
     * Why the computer waits although its seat is to move (see app/autoplay.js): `asked`, the
     * record of a past position where the user asked it to play; `held`, a position opened
     * from a link (it waits there until the user acts); `failed`, a question that failed (not
     * asked again until something changes).
     */
    this.waits = { asked: null, held: null, failed: null };
    /** What the computer last did, for the status line. */
    this.note = '';
    /** A player set by the `?level=` parameter for this visit only (tests), or null. */
    this.levelOverride = null;
    /** The computer's levels, from the engine (src/ai/levels.rs). */
    this.levels = [];
  }

  /** The first cell of a two-click step, if one is picked (the controller keeps it). */
  get selection() {
    return this.control.selection;
  }

  async boot() {
    // Storage that is blocked, full or damaged is said on the page; play goes on without it.
    this.store.onProblem = showStorageProblem;
    if (this.store.problem) showStorageProblem(this.store.problem);
    this.applyTheme(this.prefs.theme ?? 'auto');
    this.board = new Board($('board-box'), {
      onAction: (event) => this.control.onAction(event),
      onHover: (hover) => this.onBoardHover(hover),
      onEscape: () => this.clearSelection(),
    });
    this.board.update({ coords: this.coords });
    this.board.refreshTheme();
    // The position as text and a live region; the high-contrast switch.
    this.a11y = new BoardDescription($('board-box'), this.board);
    mountContrastSwitch($('coords-button').parentElement, this.board);
    this.bindControls();
    // The Export menu (PNG, SVG, GIF, embed code) under the board.
    mountShareMenu(document.querySelector('.board-toolbar'), {
      view: () => this.view,
      theme: () => this.board.theme,
      flipped: () => this.flipped,
      background: () => getComputedStyle(document.body).backgroundColor,
    }, document.head);
    try {
      this.mod = await engine();
    } catch (error) {
      $('loading').textContent = `The rules engine could not be loaded: ${errorText(error)}`;
      $('status-main').textContent = 'The rules engine could not be loaded.';
      document.body.dataset.state = 'failed';
      return;
    }
    $('loading').remove();
    this.games = this.mod.games();
    this.levels = this.mod.levels();
    this.levelOverride = this.playerFromQuery();
    this.buildTabs();
    // The single saved game of earlier versions joins the list (that code loads only then).
    if (this.store.get('last') != null) {
      try {
        (await import('./app/saved-games-upgrade.js')).migrate(this.saved, this.games.map((g) => g.name));
      } catch {
        /* the old saves stay for the next visit */
      }
    }
    this.renderSaved = mountSavedGames(this, this.saved);
    this.optionsForm = new OptionsForm(this);
    // Analysis, hint and review (www/analysis/analysis.js).
    this.analysis = new AnalysisUi(this, document.querySelector('.moves-section'));
    const opened = this.openFromLocation({ initial: true });
    this.renderSaved();
    // Play by link ("Send your move", "My games").
    this.correspondence = new CorrespondenceUi(this, {
      sendSlot: $('copy-link-button').parentElement,
      listSlot: $('rules').parentElement,
      store: this.store,
    });
    // Only a game the link holds can be a correspondence.
    if (opened === 'opened') this.correspondence.opened();
    this.correspondence.update();
    window.addEventListener('hashchange', () => this.openFromLocation());
    window.addEventListener('popstate', () => this.openFromLocation());
    // Leaving the page stops the thinking; coming back from the back-forward cache resumes.
    window.addEventListener('pagehide', () => {
      this.stopThinking();
      this.analysis.stop();
    });
    window.addEventListener('pageshow', (e) => e.persisted && this.refresh());
    document.body.dataset.state = 'ready';
  }

  // --------------------------------------------------------------------------------------
  // Games and sessions
  // --------------------------------------------------------------------------------------

  /**
   * Opens the Unity setup editor with the form's options. Its module (www/editor.js) is
   * loaded the first time: most visits never open it, so the page does not load it at start.
   */
  async openEditor(options) {
    if (!this.editor) {
      const { SetupEditor } = await import('./editor.js');
      this.editor ??= new SetupEditor(this);
    }
    this.editor.open(options);
  }

  /** The `?level=` player if the engine accepts it, else null. */
  playerFromQuery() {
    const text = new URLSearchParams(location.search).get('level');
    if (text == null) return null;
    try {
      return this.mod.checkPlayer(text);
    } catch {
      return null;
    }
  }

  gameInfo(name) {
    return this.games.find((g) => g.name === name) ?? null;
  }

  defaultGame() {
    const last = gameOfRecord(this.saved.current()?.record);
    if (last && this.gameInfo(last)) return last;
    return this.games[0].name;
  }

  /**
   * Opens what the URL fragment says: 'opened', 'saved' (no fragment), 'broken' or 'same'.
   * A link never replaces a saved game: only this tab's history, a reload, or a link with a
   * saved game's very record go on in that game.
   */
  openFromLocation({ initial = false } = {}) {
    // A computer step's URL update still waiting belongs to the entry just left: drop it,
    // but keep the step in the saved game.
    if (this.tasks.has('persist')) {
      this.tasks.drop('persist');
      this.save({ adopt: true });
    }
    const frag = readFragment(location.hash);
    if (frag.record != null && this.view && frag.record === this.view.record) return 'same';
    if (frag.empty) {
      if (!initial && this.session) return 'same';
      this.resumeCurrent({ push: false });
      return 'saved';
    }
    let error = frag.error ?? null;
    if (!error) {
      try {
        const session = this.mod.Session.fromRecord(frag.record);
        this.setSession(session);
        // Our own history entries name their saved game.
        const entry = this.saved.get(history.state?.entry) ?? this.saved.find(this.view.record);
        this.entry = entry?.id ?? null;
        // A game from a link: the computer does not play on in it until the user acts.
        if (!entry || entry.record !== this.view.record) {
          this.waits.held = this.view.record;
          // Analysis comes on by itself for a linked position (one with steps): such a link
          // is usually sent to be looked at. A bare game link (`#unlur`) is a new game.
          if (this.view.steps.length) this.analysis?.autoOn();
        }
        this.persist = true;
        this.hideNotice();
        this.save();
        this.refresh();
        this.renderSaved();
        const mine = this.saved.current();
        if (!entry && mine) {
          this.showNotice(
            'Opened from a link: your saved games are kept under "Your games".',
            [{ label: 'Back to my game', action: () => this.openSaved(mine) }],
            'info',
          );
        }
        return 'opened';
      } catch (e) {
        error = errorText(e);
      }
    }
    // A broken or hostile link: explain, start afresh, do not touch the saved game.
    const named = gameOfRecord(frag.record ?? '');
    const name = this.gameInfo(named) ? named : this.defaultGame();
    this.persist = false;
    this.entry = null;
    this.startGame(name, {}, { push: false, persist: false });
    const saved = this.saved.current();
    this.showNotice(`This link does not hold a game Ludus can open: ${error}. A new game has been started instead.`, [
      saved && {
        label: 'Resume my saved game',
        action: () => this.openSaved(saved),
      },
    ]);
    return 'broken';
  }

  /** Opens a saved game; false if it cannot be read. */
  openSaved(entry, { push = true } = {}) {
    let session;
    try {
      session = this.mod.Session.fromRecord(entry.record);
    } catch {
      this.store.report(STORAGE_PROBLEMS.damagedGame);
      return false;
    }
    this.setSession(session);
    this.entry = entry.id;
    this.persist = true;
    this.hideNotice();
    this.save();
    this.writeLocation(push);
    this.refresh();
    return true;
  }

  /** Opens the saved game shown last, or a fresh game. */
  resumeCurrent({ push = true } = {}) {
    const current = this.saved.current();
    if (current && this.openSaved(current, { push })) return;
    this.resumeOrStart(this.defaultGame(), { push });
  }

  /** Resumes the latest saved game of `name`, or starts a fresh one. */
  resumeOrStart(name, { push = true } = {}) {
    const saved = this.saved.latestOf(name);
    if (saved && this.openSaved(saved, { push })) return;
    this.startGame(name, this.prefs[`options:${name}`] ?? {}, { push });
  }

  /** The shown game was deleted from the list: it stays on the board, unsaved. */
  forgetShown() {
    this.entry = null;
    history.replaceState({ entry: null }, '', location.href);
  }

  /** Starts a fresh game; returns an error message or null. */
  startGame(name, options, { push = true, persist = true } = {}) {
    let session;
    try {
      session = this.mod.Session.create(name, withFreshSeed(this.gameInfo(name), options));
    } catch (error) {
      if (Object.keys(options).length) {
        // Stale remembered options: fall back to the defaults rather than fail.
        try {
          session = this.mod.Session.create(name, withFreshSeed(this.gameInfo(name), {}));
        } catch {
          return errorText(error);
        }
      } else {
        return errorText(error);
      }
    }
    this.setSession(session);
    if (persist) {
      this.persist = true;
      this.hideNotice();
      const reuse = this.entry;
      this.entry = null;
      this.save({ adopt: true, reuse });
      this.writeLocation(push);
    } else {
      // Not the user's choice (a broken link was replaced): keep it out of the URL too, so
      // that a reload brings back the saved game.
      history.replaceState(null, '', location.pathname + location.search);
    }
    this.refresh();
    return null;
  }

  setSession(session) {
    this.tasks.flush('persist');
    this.stopThinking();
    this.session?.free?.();
    this.session = session;
    this.control.selection = null;
    this.message = '';
    this.note = '';
    this.waits = { asked: null, held: null, failed: null };
    this.view = session.view();
    this.flipped = false;
  }

  /** Saves the game shown; `adopt`: as a new entry if it has none (`reuse`: see SavedGames.add). */
  save({ adopt = false, reuse = null } = {}) {
    if (!this.persist || !this.view) return;
    const v = this.view;
    const status = v.outcome ? v.prompt : v.players?.[v.toMove] ? `${v.players[v.toMove].name} to move` : '';
    if (this.entry) this.saved.save(this.entry, v.record, status);
    else if (adopt) this.entry = this.saved.add(v.record, status, reuse);
  }

  writeLocation(push) {
    if (!this.view) return;
    const hash = fragmentFor(this.view.record);
    // Back and Forward stay in the saved game.
    const state = { entry: this.entry };
    if (location.hash === hash && history.state?.entry === this.entry) return;
    if (push && location.hash !== hash) history.pushState(state, '', hash);
    else history.replaceState(state, '', hash);
  }

  // --------------------------------------------------------------------------------------
  // Playing
  // --------------------------------------------------------------------------------------

  /**
   * Plays a step at the cursor. The computer's steps replace the URL's history entry instead
   * of adding one, so that the browser's Back takes back the user's step with the computer's
   * reply (rather than landing on a position where the computer would only move again).
   */
  play(text, { computer = false, note = '' } = {}) {
    this.tasks.flush('persist');
    try {
      this.session.play(text);
    } catch (error) {
      this.flash(errorText(error));
      return false;
    }
    this.control.selection = null;
    this.message = '';
    this.note = note;
    this.persist = true;
    this.hideNotice();
    this.view = this.session.view();
    if (computer) {
      // The computer's step arrives while the user may be busy with the page: the work is
      // cut into short tasks (board and status now, move list and URL next) so that none
      // holds the main thread for long.
      this.refresh({ split: true });
      this.tasks.later('persist', () => {
        this.save({ adopt: true });
        this.writeLocation(false);
      });
    } else {
      this.save({ adopt: true });
      this.writeLocation(true);
      this.refresh();
    }
    return true;
  }

  navigate(action) {
    if (!this.session) return;
    this.tasks.flush('persist');
    const before = this.view.cursor;
    // Back and Forward skip the computer's turns (app/autoplay.js): the user lands on a turn
    // of their own.
    if (action === 'undo') this.session.goTo(historyStep(this.view, this.computerSeats(), -1));
    else if (action === 'redo') this.session.goTo(historyStep(this.view, this.computerSeats(), 1));
    else if (action === 'first') this.session.goTo(0);
    else if (action === 'last') this.session.goTo(this.view.steps.length);
    else if (typeof action === 'number') this.session.goTo(action);
    this.view = this.session.view();
    if (this.view.cursor === before) return;
    // Stepping back into the history turns the analysis on.
    if (this.view.cursor < this.view.steps.length) this.analysis?.autoOn();
    this.control.selection = null;
    this.message = '';
    this.note = '';
    this.save();
    this.writeLocation(false);
    this.refresh();
  }

  // --------------------------------------------------------------------------------------
  // The computer opponent
  // --------------------------------------------------------------------------------------

  /** The engine player the computer uses: `quick`, `normal`, `strong` (or a test player). */
  level() {
    if (this.levelOverride) return this.levelOverride;
    const saved = this.prefs.level;
    if (this.levels.some((l) => l.id === saved)) return saved;
    return (this.levels.find((l) => l.default) ?? this.levels[0])?.id ?? null;
  }

  setLevel(value) {
    if (!this.levels.some((l) => l.id === value)) return;
    this.levelOverride = null;
    this.prefs.level = value;
    this.store.savePrefs(this.prefs);
    this.waits.failed = null;
    this.waits.held = null;
    this.refresh();
  }

  /** The seats the computer plays in the game shown (a Set of seat numbers). */
  computerSeats(game = this.view?.game) {
    return computerSeats(this.prefs, game);
  }

  toggleSeat(seat) {
    const game = this.view?.game;
    if (!game) return;
    this.prefs.computer = toggledSeats(this.prefs, game, seat);
    this.store.savePrefs(this.prefs);
    this.waits.failed = null;
    this.waits.held = null;
    // The worker starts now; refresh warms its search up if the user is to move.
    if (this.computerSeats(game).size) this.computer.start();
    this.refresh();
  }

  /** Whether the computer plays the seat to move in the shown position. */
  computerToMove() {
    return computerToMove(this.view, this.computerSeats());
  }

  /** Starts, keeps or cancels the thinking to match the position shown (called by refresh). */
  syncComputer() {
    const key = wantedQuestion(this.view, {
      seats: this.computerSeats(),
      level: this.level(),
      ...this.waits,
    });
    if (this.thinking && this.thinking.key === key) return;
    this.stopThinking();
    if (!key) {
      // Keep a worker ready (the engine loads in it once) while the computer has a seat,
      // its search warmed up for this game while the user thinks.
      if (this.computerSeats().size && !this.computer.broken) this.computer.warm(this.view?.record);
      return;
    }
    const v = this.view;
    const request = { key, seat: v.toMove, record: v.record, started: performance.now() };
    this.thinking = request;
    this.computer.think(v.record, this.level()).then((answer) => {
      request.id = answer.id;
      this.onComputerAnswer(request, answer);
    });
  }

  stopThinking() {
    const was = this.thinking;
    this.thinking = null;
    this.computer.cancel();
    return was != null;
  }

  onComputerAnswer(request, answer) {
    if (this.thinking !== request || answer.cancelled) return; // abandoned: drop it
    if (answer.error) {
      this.thinking = null;
      this.waits.failed = request.key;
      this.refresh();
      this.flash(`The computer could not choose a step: ${answer.error}`);
      return;
    }
    const wait = COMPUTER_MIN_MS - (performance.now() - request.started);
    if (wait > 0) setTimeout(() => this.playComputerStep(request, answer), wait);
    else this.playComputerStep(request, answer);
  }

  playComputerStep(request, answer) {
    // Only in the very position the question was about.
    if (this.thinking !== request || this.view?.record !== request.record) return;
    this.thinking = null;
    this.waits.asked = null;
    const name = this.view.players?.[request.seat]?.name ?? 'its seat';
    this.lastAnswer = { ...answer, seat: request.seat, record: request.record };
    // A turn of several steps is told whole: the computer's earlier steps of this turn too.
    const before = this.computerTurn;
    const more = before?.seat === request.seat && before.record === request.record;
    const steps = [...(more ? before.steps : []), answer.step];
    const said = steps.length > 1 ? `${steps.slice(0, -1).join(', ')} and ${steps.at(-1)}` : answer.step;
    const note = `The computer played ${said} for ${name}.`;
    if (this.play(answer.step, { computer: true, note })) {
      this.computerTurn = this.view.toMove === request.seat ? { seat: request.seat, steps, record: this.view.record } : null;
    } else {
      this.waits.failed = request.key;
      const message = this.message;
      this.refresh();
      this.flash(`The computer's step ${answer.step} was refused: ${message}`);
    }
  }

  /** In a past position: the computer plays its seat's step here (the later steps go). */
  computerPlaysHere() {
    if (!this.computerToMove()) return;
    this.waits.asked = this.view.record;
    this.waits.failed = null;
    this.message = '';
    this.refresh();
  }

  clearSelection() {
    if (!this.control.selection && !this.message) return;
    this.control.selection = null;
    this.message = '';
    this.refresh();
  }

  flash(message) {
    this.message = message;
    this.renderStatus();
  }

  onBoardHover(hover) {
    const name = hoverName(this.view, hover);
    const box = $('board-box');
    if (name) box.dataset.hover = name;
    else delete box.dataset.hover;
  }

  // --------------------------------------------------------------------------------------
  // Rendering
  // --------------------------------------------------------------------------------------

  /** Draws everything; `split`: the move list and the panel below come in a later task. */
  refresh({ split = false } = {}) {
    const v = this.view;
    if (!v) return;
    this.syncComputer();
    const drawn = this.control.boardState();
    this.legal = drawn.legal;
    this.board.update({ view: v, flipped: this.flipped, coords: this.coords, ...drawn });
    const box = $('board-box');
    box.dataset.legal = JSON.stringify(this.legal.map((s) => s.text));
    box.dataset.cursor = String(v.cursor);
    box.dataset.over = v.outcome ? 'true' : 'false';
    box.dataset.thinking = this.thinking ? 'true' : 'false';
    box.classList.toggle('thinking', !!this.thinking);
    this.analysis?.update();
    this.a11y.update(v, this.legal);
    this.correspondence?.update();
    this.renderStatus();
    this.renderPlayers();
    this.renderFacts();
    this.renderTray();
    this.renderActions();
    this.renderToolbar();
    const panel = () => {
      this.renderHead();
      this.renderMoves();
      this.optionsForm.render(this.view);
    };
    if (split) {
      this.tasks.later('panel', () => this.view === v && panel());
    } else {
      this.tasks.drop('panel');
      panel();
    }
    document.title = `${v.title} · Ludus`;
    this.board.canvas.setAttribute(
      'aria-label',
      `${boardLabel(v)}. ${v.prompt}. Arrow keys move over the cells, Enter or Space plays there.`,
    );
  }

  renderHead() {
    const v = this.view;
    const info = this.gameInfo(v.game);
    $('game-title').textContent = v.title ?? info?.title ?? v.game;
    $('game-credit').textContent = `A game by ${v.designer ?? info?.designer ?? 'its designer'}`;
    for (const tab of document.querySelectorAll('#game-tabs [data-game]')) {
      const on = tab.dataset.game === v.game;
      tab.classList.toggle('active', on);
      if (on) tab.setAttribute('aria-current', 'page');
      else tab.removeAttribute('aria-current');
    }
    // The engine's words (games()): the rules in short, how to play them on the board.
    const rules = info?.rules;
    const box = $('rules-text');
    if (box.dataset.game === v.game) return; // the same text as drawn
    box.dataset.game = v.game;
    box.replaceChildren();
    if (rules) {
      for (const p of rules) box.append(el('p', { text: p }));
      box.append(el('p', { class: 'rules-ludus', text: info.boardHelp }));
      const keys =
        'Keyboard: Tab to the board, move over the cells with the arrow keys and play with Enter or Space' +
        (info?.keyboard ? `; ${info.keyboard}` : '') +
        '. Elsewhere on the page, ← and → step through the moves, Home and End jump, F turns the board, C shows cell names, Esc lets go of a selected piece.';
      box.append(el('p', { class: 'rules-keys', text: keys }));
      box.append(
        el('p', {
          class: 'rules-keys',
          text:
            'The computer: click Human on a colour to let the computer play it (on every colour, it plays a game by itself), and pick its level. ' +
            'It answers at the latest position; while you look back through the moves it waits, and undo stops it thinking.',
        }),
      );
      box.append(
        el('p', {
          class: 'rules-keys',
          text:
            'Analysis shows each colour\'s chance of winning and the best steps (numbered on the board); Hint marks a good step without playing it; after a game, Review marks the steps that lost the most.',
        }),
      );
      box.append(el('p', { class: 'rules-credit', text: `${v.title} was designed by ${v.designer ?? info.designer}. This summary is ours; the designer's rule sheet is the authority.` }));
    }
  }

  renderStatus() {
    const v = this.view;
    const dot = $('status-dot');
    const status = $('status');
    const mover = v.players?.[v.toMove];
    // The engine's prompt says what is asked, or how the game ended.
    let main = v.prompt;
    let sub = '';
    status.classList.toggle('over', !!v.outcome);
    status.classList.toggle('thinking', !!this.thinking);
    if (this.thinking) {
      const seat = v.players?.[this.thinking.seat];
      dot.style.background = `var(--piece-${seat?.color ?? 'grey'})`;
      main = `Computer (${seat?.name ?? 'its seat'}) is thinking…`;
      const player = this.level();
      const level = this.levels.find((l) => l.id === player);
      sub = `${level ? `${level.label} level` : `Player ${player}`}. Undo or ← stops it.`;
    } else if (v.outcome) {
      const winner = v.outcome.kind === 'winner' ? v.players?.[v.outcome.seat] : null;
      dot.style.background = `var(--piece-${winner?.color ?? 'grey'})`;
      sub = v.highlightNote ?? '';
    } else {
      dot.style.background = mover ? `var(--piece-${mover.color})` : 'transparent';
    }
    if (v.cursor < v.steps.length && !this.thinking) {
      const later = v.steps.length - v.cursor;
      const replaces = `replaces the ${later} later step${later === 1 ? '' : 's'}`;
      sub = `Viewing step ${v.cursor} of ${v.steps.length}. Playing here ${replaces}.`;
      if (this.computerToMove()) {
        sub = `Viewing step ${v.cursor} of ${v.steps.length}. The computer plays ${mover?.name ?? 'this seat'} and waits while you look back; "Computer plays here" ${replaces}.`;
      }
    } else if (!v.outcome && !this.thinking && this.waits.held === v.record && this.computerToMove()) {
      sub = `Opened from a link: the computer waits to play ${mover?.name ?? 'this seat'} until you ask it to.`;
    } else if (!v.outcome && !this.thinking && this.note) {
      sub = this.note;
    }
    const hint = this.message ? '' : this.control.selectionHint();
    if (hint) sub = hint;
    if (this.message) sub = this.message;
    $('play-again').hidden = !v.outcome;
    const here = $('computer-here');
    // The computer's seat is to move but it is not thinking: in the past, in a game opened
    // from a link, or after a failure.
    here.hidden = !!this.thinking || !this.computerToMove();
    here.title = `The computer plays ${mover?.name ?? 'the seat to move'}'s step here${v.cursor < v.steps.length ? ' (the later steps are replaced)' : ''}`;
    $('status-main').textContent = main;
    const subEl = $('status-sub');
    subEl.textContent = sub;
    subEl.classList.toggle('error', !!this.message);
  }

  /** The player chips, each with its human/computer switch. */
  renderPlayers() {
    const v = this.view;
    const list = $('players');
    // Keep the keyboard focus on a seat switch across the rebuild.
    const focused = document.activeElement?.closest?.('#players .seat-mode')?.dataset.seat;
    list.replaceChildren();
    const seats = this.computerSeats();
    (v.players ?? []).forEach((p, seat) => {
      const toMove = !v.outcome && v.toMove === seat;
      const won = v.outcome?.kind === 'winner' && v.outcome.seat === seat;
      const computer = seats.has(seat);
      const thinking = this.thinking?.seat === seat;
      const classes = ['player', toMove && 'to-move', won && 'winner', computer && 'computer', thinking && 'thinking'];
      list.append(
        el(
          'li',
          { class: classes.filter(Boolean).join(' '), 'data-seat': seat },
          el('span', { class: 'swatch', style: `background: var(--piece-${p.color})`, 'aria-hidden': 'true' }),
          el('span', { class: 'player-name', text: p.name }),
          thinking
            ? el('span', { class: 'badge thinking-badge' }, el('span', { class: 'spinner', 'aria-hidden': 'true' }), 'thinking')
            : toMove
              ? el('span', { class: 'badge', text: 'to move' })
              : null,
          won ? el('span', { class: 'badge win', text: 'winner' }) : null,
          el(
            'button',
            {
              type: 'button',
              class: 'seat-mode',
              'data-seat': seat,
              'aria-label': `${p.name}: played by ${computer ? 'the computer' : 'a human'}`,
              title: computer
                ? `The computer plays ${p.name}. Click to play ${p.name} yourself.`
                : `You play ${p.name}. Click to let the computer play ${p.name}.`,
              onclick: () => this.toggleSeat(seat),
            },
            icon(computer ? ICON_COMPUTER : ICON_HUMAN),
            el('span', { text: computer ? 'Computer' : 'Human' }),
          ),
        ),
      );
    });
    if (focused != null) list.querySelector(`.seat-mode[data-seat="${focused}"]`)?.focus({ preventScroll: true });
    const select = $('level-select');
    if (select.dataset.filled !== (this.levelOverride ?? '')) {
      select.replaceChildren();
      for (const l of this.levels) select.append(el('option', { value: l.id, text: l.label, title: l.blurb }));
      if (this.levelOverride && !this.levels.some((l) => l.id === this.levelOverride)) {
        select.append(el('option', { value: this.levelOverride, text: `${this.levelOverride} (from the link)` }));
      }
      select.dataset.filled = this.levelOverride ?? '';
    }
    select.value = this.level();
    $('computer-hint').hidden = seats.size > 0 && [...seats].some((n) => n < (v.players?.length ?? 0));
  }

  renderFacts() {
    renderFacts($('facts'), this.view.facts ?? []);
  }

  renderTray() {
    const tray = $('tray');
    const pieces = this.control.trayPieces();
    tray.hidden = pieces.length === 0;
    if (!pieces.length) return;
    const mover = this.view.players?.[this.view.toMove];
    $('tray-label').textContent = `${mover?.name ?? 'Your'} tiles you can play`;
    const box = $('tray-tiles');
    box.replaceChildren();
    box.style.setProperty('--tile-color', `var(--piece-${mover?.color ?? 'grey'})`);
    for (const n of pieces) {
      const selected = this.selection?.piece === n;
      box.append(
        el('button', {
          type: 'button',
          class: `tile-button${selected ? ' selected' : ''}`,
          'aria-pressed': selected ? 'true' : 'false',
          text: String(n),
          onclick: () => this.control.onAction({ type: 'piece', piece: n }),
        }),
      );
    }
  }

  renderActions() {
    $('fire-button').hidden = this.control.captureStep() == null;
    const pass = $('pass-button');
    const canPass = this.control.passStep() != null;
    pass.hidden = !canPass;
    if (canPass) {
      const mover = this.view.players?.[this.view.toMove];
      pass.textContent = this.control.passLabel();
      pass.title = `${mover?.name ?? ''} passes`.trim();
    }
    const example = this.legal[0]?.text;
    const input = $('step-input');
    input.placeholder = this.thinking ? 'The computer is thinking…' : example ? `Type a step, e.g. ${example}` : 'No step to play';
    input.disabled = this.legal.length === 0;
    $('step-form').querySelector('button').disabled = this.legal.length === 0;
    $('step-help').textContent = '';
  }

  renderMoves() {
    renderMoveList($('moves'), this.view, (n) => this.navigate(n));
    this.analysis?.decorateMoves($('moves'));
  }

  renderToolbar() {
    const v = this.view;
    $('first-button').disabled = v.cursor === 0;
    $('undo-button').disabled = v.cursor === 0;
    $('redo-button').disabled = v.cursor >= v.steps.length;
    $('last-button').disabled = v.cursor >= v.steps.length;
    $('flip-button').setAttribute('aria-pressed', String(this.flipped));
    $('coords-button').setAttribute('aria-pressed', String(this.coords));
  }

  // --------------------------------------------------------------------------------------
  // Game picker and options
  // --------------------------------------------------------------------------------------

  buildTabs() {
    const nav = $('game-tabs');
    nav.replaceChildren();
    for (const g of this.games) {
      // "Unity, Unified Edition": a phone shows the name before the comma (style.css).
      const [name, ...rest] = g.title.split(', ');
      nav.append(
        el(
          'a',
          {
            href: '#',
            class: 'game-tab',
            'data-game': g.name,
            title: `${g.title}, by ${g.designer}`,
            onclick: (e) => {
              e.preventDefault();
              if (this.view?.game === g.name) return;
              this.resumeOrStart(g.name, { push: true });
            },
          },
          name,
          rest.length ? el('span', { class: 'tab-more', text: `, ${rest.join(', ')}` }) : null,
        ),
      );
    }
  }

  startFromForm() {
    const name = this.view.game;
    const options = this.optionsForm.options();
    const error = this.startGameStrict(name, options);
    const box = $('options-error');
    box.hidden = !error;
    box.textContent = error ? `Cannot start: ${error}` : '';
    if (!error) this.rememberOptions(name, options);
  }

  /** Like startGame but without falling back to defaults: the user asked for these. */
  startGameStrict(name, options) {
    let session;
    try {
      session = this.mod.Session.create(name, withFreshSeed(this.gameInfo(name), options));
    } catch (error) {
      return errorText(error);
    }
    this.setSession(session);
    this.persist = true;
    this.hideNotice();
    const reuse = this.entry;
    this.entry = null;
    this.save({ adopt: true, reuse });
    this.writeLocation(true);
    this.refresh();
    return null;
  }

  rememberOptions(name, options) {
    const keep = { ...options };
    // A setup is chosen per game; the next new game gets a fresh random one.
    delete keep.layout;
    delete keep.walls;
    delete keep.seed;
    this.prefs[`options:${name}`] = keep;
    this.store.savePrefs(this.prefs);
  }

  restart() {
    const error = this.startGameStrict(this.view.game, this.mod.parseRecord(this.view.record).options);
    if (error) this.flash(error);
  }

  randomSetup() {
    // A fresh seed: the engine's form rules drop a hand-made layout for it.
    this.optionsForm.set({ seed: String(Math.floor(Math.random() * 1e9)) });
    this.startFromForm();
  }

  // --------------------------------------------------------------------------------------
  // Notices, theme, controls
  // --------------------------------------------------------------------------------------

  /** `kind`: 'alert' for a problem (announced at once), 'info' for news. */
  showNotice(text, actions = [], kind = 'alert') {
    const notice = $('notice');
    notice.classList.toggle('info', kind === 'info');
    notice.setAttribute('role', kind === 'info' ? 'status' : 'alert');
    $('notice-text').textContent = text;
    const box = $('notice-actions');
    box.replaceChildren();
    for (const a of actions.filter(Boolean)) {
      box.append(el('button', { type: 'button', text: a.label, onclick: a.action }));
    }
    notice.hidden = false;
  }

  hideNotice() {
    $('notice').hidden = true;
  }

  applyTheme(theme) {
    this.theme = theme;
    if (theme === 'auto') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
    const names = { auto: 'follows your system', light: 'light', dark: 'dark' };
    const button = $('theme-button');
    button.title = `Theme: ${names[theme]} (click to change)`;
    button.dataset.mode = theme;
    this.board?.refreshTheme();
  }

  bindControls() {
    $('first-button').addEventListener('click', () => this.navigate('first'));
    $('undo-button').addEventListener('click', () => this.navigate('undo'));
    $('redo-button').addEventListener('click', () => this.navigate('redo'));
    $('last-button').addEventListener('click', () => this.navigate('last'));
    $('flip-button').addEventListener('click', () => this.toggleFlip());
    $('coords-button').addEventListener('click', () => this.toggleCoords());
    $('pass-button').addEventListener('click', () => this.control.pass());
    $('fire-button').addEventListener('click', () => this.control.capture());
    $('step-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const input = $('step-input');
      const text = input.value.trim();
      if (!text) return;
      // The engine judges the text; its message says what is wrong.
      if (this.play(text)) {
        input.value = '';
      } else {
        $('step-help').textContent = this.message;
        this.message = '';
        this.renderStatus();
      }
    });
    $('options-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.startFromForm();
    });
    $('restart-button').addEventListener('click', () => this.restart());
    $('play-again').addEventListener('click', () => this.restart());
    $('computer-here').addEventListener('click', () => this.computerPlaysHere());
    $('level-select').addEventListener('change', (e) => this.setLevel(e.target.value));
    $('notice-close').addEventListener('click', () => this.hideNotice());
    $('copy-link-button').addEventListener('click', async () => {
      const button = $('copy-link-button');
      try {
        await navigator.clipboard.writeText(location.href);
        button.textContent = 'Copied';
      } catch {
        button.textContent = 'Copy failed';
      }
      setTimeout(() => (button.textContent = 'Copy link'), 1500);
    });
    $('theme-button').addEventListener('click', () => {
      // Every press shows the other theme: from the system's, the opposite one; from that,
      // back to following the system.
      const systemDark = matchMedia('(prefers-color-scheme: dark)').matches;
      const shownDark = this.theme === 'auto' ? systemDark : this.theme === 'dark';
      const next = shownDark !== systemDark ? 'auto' : systemDark ? 'light' : 'dark';
      this.prefs.theme = next;
      this.store.savePrefs(this.prefs);
      this.applyTheme(next);
    });
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => this.board.refreshTheme());
    document.addEventListener('keydown', (e) => this.onKey(e));
  }

  toggleFlip() {
    this.flipped = !this.flipped;
    this.refresh();
  }

  toggleCoords() {
    this.coords = !this.coords;
    this.prefs.coords = this.coords;
    this.store.savePrefs(this.prefs);
    this.refresh();
  }

  onKey(e) {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target;
    if (target instanceof HTMLElement && target.closest('input, select, textarea, dialog, [contenteditable]')) return;
    if (!this.view) return;
    const onBoard = target === this.board.canvas;
    switch (e.key) {
      case 'ArrowLeft':
        if (onBoard) return;
        this.navigate('undo');
        break;
      case 'ArrowRight':
        if (onBoard) return;
        this.navigate('redo');
        break;
      case 'Home':
        this.navigate('first');
        break;
      case 'End':
        this.navigate('last');
        break;
      case 'f':
      case 'F':
        this.toggleFlip();
        break;
      case 'c':
      case 'C':
        this.toggleCoords();
        break;
      case 'Escape':
        this.clearSelection();
        break;
      default:
        return;
    }
    e.preventDefault();
  }
}

export const app = new App();
app.boot();
