// The Ludus page: the game shown (its session and view), playing a step, and the refresh
// that draws it all. The engine (www/engine.js) decides everything and words the game's
// status. What the page is drawn from is one object, `state` (AppState below), which only
// App writes; each part keeps its own fields, changed through its methods, and gets a host
// typed at the part (a JSDoc typedef) with only what it needs: www/controller.js (clicks to
// steps), app/history.js (links, Back and Forward, saved and new games, moving through the steps),
// app/seats.js (the computer opponent), app/players.js, app/status.js, app/controls.js,
// app/head.js, app/options-form.js, app/saved-games.js, app/panels.js, app/tasks.js,
// app/dom.js, analysis/analysis.js, share/correspondence-entry.js, share/menu.js, editor.js,
// app/learn-entry.js and learn/trainer.js (Learn and Puzzles, loaded when first opened),
// app/online-entry.js and online/online.js (Play online, loaded when first used).

import { engine, errorText, sessionView } from './engine.js';
import { Board } from './board/board.js';
import { boardConfig } from './board/config.js';
import { paletteCss } from './board/palette.js';
import { BoardController, hoverName, boardLabel } from './controller.js';
import { Store, linkRecord } from './record.js';
import { SavedGames, mountSavedGames } from './app/saved-games.js';
import { $, el } from './app/dom.js';
import { OptionsForm, keptOptions, randomSeed } from './app/options-form.js';
import { Tasks } from './app/tasks.js';
import { renderMoveList, renderFacts, goToNode, shownDrawings } from './app/panels.js';
import { GameHistory } from './app/history.js';
import { Opponent } from './app/seats.js';
import { renderPlayers } from './app/players.js';
import { renderStatus } from './app/status.js';
import { bindControls, nextTheme, renderToolbar, renderTray, renderActions } from './app/controls.js';
import { buildTabs, renderHead, mountRules } from './app/head.js';
import { mountShareMenu } from './share/menu.js';
import { BoardDescription } from './a11y/describe.js';
import { mountContrastSwitch } from './a11y/contrast.js';
import { CorrespondenceEntry } from './share/correspondence-entry.js';
import { AnalysisUi } from './analysis/analysis.js';
import { LearnEntry } from './app/learn-entry.js';
import { OnlineEntry } from './app/online-entry.js';
import { Study, textTags } from './app/study.js';

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

/** @typedef {import('./types/ludus-views').SessionView} SessionView */
/** @typedef {import('./types/ludus-views').StepView} StepView */
/** @typedef {import('./types/ludus-views').GameInfo} GameInfo */
/** @typedef {import('../ludus.js').Session} EngineSession */

/** @typedef {import('./types/app').AppState} AppState */

export class App {
  constructor() {
    /** @type {import('./engine.js').PlayModule} */
    this.mod = null;
    /** @type {GameInfo[]} */
    this.games = [];
    /** Work cut into short tasks (a computer step's move list and URL come after its board). */
    this.tasks = new Tasks();
    // Clicks to steps, the selection, the pass: shared with the widget (www/controller.js).
    this.control = new BoardController({
      session: () => this.session,
      view: () => this.view,
      // A person never makes the computer's steps, not even in the past ("Computer plays here").
      // In a live game only at the latest position, on one's own turn (www/online/online.js).
      canPlay: () => !this.thinking && !this.computerToMove() && (this.online?.allows() ?? true),
      play: (text) => this.play(text),
      changed: () => this.refresh(),
      say: (message) => this.flash(message),
    });
    this.store = new Store();
    this.prefs = this.store.prefs();
    /** @type {AppState} */
    this.state = {
      session: null,
      view: null,
      legal: [],
      flipped: false,
      coords: !!this.prefs.coords,
      message: '',
      note: '',
      theme: 'auto',
      fileTags: { session: null, tags: {} },
    };
    this.saved = new SavedGames(this.store, { known: (name) => !!this.gameInfo(name), setupOf: (record) => this.mod.recordSetup(record) });
    /** The Unity setup editor, made when first opened (openEditor). @type {import('./editor.js').SetupEditor | null} */
    this.editor = null;
    this.history = new GameHistory({
      mod: () => this.mod,
      games: () => this.games,
      gameInfo: (name) => this.gameInfo(name),
      saved: this.saved,
      report: (problem) => this.store.report(problem),
      prefs: () => this.prefs,
      view: () => this.view,
      session: () => this.session,
      setSession: (session) => this.setSession(session),
      goTo: (n) => {
        if (typeof n === 'number') this.session.goTo(n);
        else if (n != null) goToNode(this.session, n.node);
        this.state.view = sessionView(this.session);
        return this.state.view;
      },
      moved: () => {
        this.control.deselect();
        this.state.message = '';
        this.state.note = '';
      },
      seats: () => this.computerSeats(),
      hold: (record) => this.opponent.hold(record),
      analysisOn: () => this.analysis?.autoOn(),
      tasks: this.tasks,
      showNotice: (...args) => this.showNotice(...args),
      hideNotice: () => this.hideNotice(),
      refresh: () => this.refresh(),
      renderSaved: () => this.renderSaved(),
      trainer: (text, initial) => this.learnEntry.show(text, initial),
      live: (text) => this.online.route(text),
      liveShown: () => !!this.online?.liveShown(),
    });
    // Comments, glyphs, drawings and the lines tried (app/study.js).
    this.study = new Study({
      session: () => this.session,
      view: () => this.view,
      changed: (before) => this.studyChanged(before),
      flash: (message) => this.flash(message),
      board: () => this.board,
    });
    this.opponent = new Opponent({
      view: () => this.view,
      layout: () => this.session?.layout() ?? null,
      prefs: () => this.prefs,
      savePrefs: (changes) => this.savePrefs(changes),
      play: (text, how) => this.play(text, how),
      refused: () => this.state.message,
      refresh: () => this.refresh(),
      flash: (message) => this.flash(message),
      recordSetup: (record) => this.mod.recordSetup(record),
    });
  }

  /** Learn or Puzzles, once opened (www/learn/trainer.js). */
  get trainer() {
    return this.learnEntry?.trainer ?? null;
  }

  // The state's fields under the names the parts' closures and the browser tests' interface
  // read them by (read only: App writes `state`).
  get session() {
    return this.state.session;
  }

  get view() {
    return this.state.view;
  }

  get legal() {
    return this.state.legal;
  }

  get flipped() {
    return this.state.flipped;
  }

  get coords() {
    return this.state.coords;
  }

  get thinking() {
    return this.opponent.thinking;
  }

  async boot() {
    // Storage that is blocked, full or damaged is said on the page; play goes on without it.
    // The note's code (www/storage-note.js) loads only then.
    const note = (problem) => import('./storage-note.js').then((m) => m.showStorageProblem(problem), () => {});
    this.store.onProblem = note;
    if (this.store.problem) note(this.store.problem);
    this.applyTheme(this.prefs.theme ?? 'auto');
    this.board = new Board($('board-box'), {
      onAction: (event) => this.control.onAction(event),
      onHover: (hover) => this.onBoardHover(hover),
      onEscape: () => this.clearSelection(),
      onDraw: (what) => this.study.draw(what),
    });
    this.board.update({ coords: this.coords });
    this.study.mount($('annotate-button'), document.querySelector('.moves-section'));
    this.board.refreshTheme();
    // The position as text and a live region; the high-contrast switch.
    this.a11y = new BoardDescription($('board-box'), this.board);
    mountContrastSwitch($('coords-button').parentElement, this.board);
    this.bindControls();
    // The Export menu (PNG, SVG, GIF, embed code) under the board.
    this.exportMenu = mountShareMenu(document.querySelector('.board-toolbar'), {
      view: () => this.view,
      theme: () => this.board.theme,
      flipped: () => this.flipped,
      background: () => getComputedStyle(document.body).backgroundColor,
      gameText: () =>
        import('./share/text-file.js').then(({ gameToText }) => gameToText(this.session.record(), textTags(this.view, this.state.fileTags.session === this.session ? this.state.fileTags.tags : {}, { computer: this.computerSeats(), level: this.opponent.levelWords() }))),
      link: () => linkRecord(this.session, this.view),
      importText: (text) => this.importText(text),
      board: () => $('board-box'),
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
    this.opponent.setLevels(this.mod.levels(), this.playerFromQuery());
    // Learn and Puzzles (app/learn-entry.js): over the game, which stays as it was.
    this.learnEntry = new LearnEntry(this.store, {
      mod: this.mod,
      gameInfo: (name) => this.gameInfo(name),
      view: () => this.view,
      behind: (initial) => {
        if (!initial && this.session) return false;
        this.history.resumeCurrent({ push: false });
        return true;
      },
      stop: () => this.opponent.stop(),
      refresh: () => this.refresh(),
      writeLocation: () => this.history.writeLocation(true),
      resumeOrStart: (name) => this.history.resumeOrStart(name, { push: true }),
      notice: (text) => this.showNotice(text),
    });
    buildTabs(this.games, (name) => this.learnEntry.back(name));
    // Play online (app/online-entry.js): before the address is read, which may be a live link.
    this.online = new OnlineEntry({
      mod: this.mod,
      view: () => this.view,
      session: () => this.session,
      gameInfo: (name) => this.gameInfo(name),
      formOptions: () => this.optionsForm.options(),
      show: (session, flipped) => {
        this.setSession(session);
        this.history.forgetEntry();
        this.state.flipped = flipped;
        this.refresh();
      },
      changed: () => {
        this.control.deselect();
        this.state.view = sessionView(this.session);
        this.refresh();
      },
      behind: () => {
        if (this.session) return false;
        const hash = location.hash;
        this.history.resumeCurrent({ push: false });
        history.replaceState(history.state, '', hash);
        return true;
      },
      keepFinished: () => {
        this.history.adoptShown();
        this.renderSaved();
        this.refresh();
      },
      prefs: () => this.prefs,
      savePrefs: (changes) => this.savePrefs(changes),
      say: (text) => this.a11y.say(text),
      notice: (text) => this.showNotice(text),
    }, {
      buttonSlot: $('options-form'),
      cardSlot: document.querySelector('.game-head'),
      store: this.store,
    });
    mountRules();
    // The single saved game of earlier versions joins the list (that code loads only then).
    if (this.store.get('last') != null) {
      try {
        (await import('./app/saved-games-upgrade.js')).migrate(this.saved, this.games.map((g) => g.name));
      } catch {
        /* the old saves stay for the next visit */
      }
    }
    const parseRecord = (record) => this.mod.parseRecord(record);
    const gameInfo = (name) => this.gameInfo(name);
    const view = () => this.view;
    this.renderSaved = mountSavedGames({
      shown: () => this.history.entry,
      gameInfo,
      parseRecord,
      open: (entry) => this.history.openSaved(entry),
      forgetShown: () => this.history.forgetShown(),
    }, this.saved);
    this.optionsForm = new OptionsForm({
      gameInfo,
      parseRecord,
      recordSetup: (record) => this.mod.recordSetup(record),
      optionForm: (game, values, changed) => this.mod.optionForm(game, values, changed),
      randomSetup: () => this.randomSetup(),
      openEditor: (values) => this.openEditor(values),
    });
    // Analysis, hint and review (www/analysis/analysis.js).
    this.analysis = new AnalysisUi({
      view,
      thinking: () => !!this.thinking,
      goTo: (n) => this.navigate(n),
      movesChanged: () => this.renderMoves(true),
      drawAdvice: (advice) => this.board.update({ advice }),
      boardBox: this.board.container,
      heldBack: () => !!this.correspondence?.inProgress() || !!this.online?.liveShown(),
    }, document.querySelector('.moves-section'));
    const opened = this.history.openFromLocation({ initial: true });
    this.renderSaved();
    // Play by link ("Send your move", "Games by link").
    this.correspondence = new CorrespondenceEntry({
      view,
      parseRecord,
      known: (name) => !!this.gameInfo(name),
      keepAside: (unread) => {
        const kept = this.saved.putAside(unread);
        this.renderSaved();
        return kept;
      },
      setFlipped: (flipped) => {
        this.state.flipped = flipped;
      },
      refresh: () => this.refresh(),
      showNotice: (...args) => this.showNotice(...args),
      hideNotice: () => this.hideNotice(),
    }, {
      sendSlot: $('copy-link-button').parentElement,
      listSlot: $('rules').parentElement,
      store: this.store,
    });
    // Only a game the link holds can be a correspondence.
    if (opened === 'opened') this.correspondence.opened();
    // No offer to learn the game over a game someone shared.
    if (opened === 'opened' && this.view.steps.length) {
      this.learnEntry.openedShared(this.view.game);
      this.refresh();
    }
    this.correspondence.update();
    window.addEventListener('hashchange', () => {
      this.exportMenu.open = false;
      this.history.openFromLocation();
    });
    window.addEventListener('popstate', () => this.history.openFromLocation());
    // Leaving the page stops the thinking; coming back from the back-forward cache resumes.
    window.addEventListener('pagehide', () => {
      this.history.flushPosition();
      this.opponent.stop();
      this.analysis.stop();
    });
    window.addEventListener('pageshow', (e) => e.persisted && this.refresh());
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && this.history.flushPosition());
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
      this.editor ??= new SetupEditor({
        view: () => this.view,
        gameInfo: (name) => this.gameInfo(name),
        formOptions: (extra, changed) => this.optionsForm.options(extra, changed),
        newSession: (game, opts) => this.mod.Session.create(game, opts),
        start: (game, opts) => this.startGameStrict(game, opts),
      });
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

  startGameStrict(name, options) {
    return this.history.startGame(name, options, { strict: true });
  }

  navigate(action) {
    return this.history.navigate(action);
  }

  /** Opens a text file's game: null once opened, else the engine's words for the file. */
  async importText(text) {
    if (!this.mod) return 'the rules engine is not loaded';
    let read;
    try {
      read = await (await import('./share/text-file.js')).readTextFile(text);
    } catch (error) {
      return errorText(error);
    }
    const problem = this.history.openTextRecord(read.record);
    // The file's own header tags (an event, a place) go back out with the game.
    if (!problem) this.state.fileTags = { session: this.session, tags: read.tags };
    return problem;
  }

  setSession(session) {
    // Another game (a new one, a tab, a link): a menu opened over the last one closes.
    if (this.exportMenu) this.exportMenu.open = false;
    this.tasks.flush('persist');
    this.history.flushPosition();
    this.opponent.reset();
    this.session?.free?.();
    this.state.session = session;
    this.control.deselect();
    this.state.message = '';
    this.state.note = '';
    this.state.view = sessionView(session);
    this.state.flipped = false;
  }

  // --------------------------------------------------------------------------------------
  // Playing
  // --------------------------------------------------------------------------------------

  /**
   * Plays a step at the cursor. The computer's steps replace the URL's history entry instead
   * of adding one, so that the browser's Back takes back the user's step with the computer's
   * reply (rather than landing on a position where the computer would only move again).
   */
  play(text, { computer = false, note = '', layout = null } = {}) {
    this.tasks.flush('persist');
    // A typed step in a live game, out of turn: refused here as a click would be.
    if (!computer && this.online && !this.online.allows()) {
      this.flash('In this live game you can play only on your turn, at the latest position.');
      return false;
    }
    try {
      // The computer's step comes with the layout of the view after it (worked out in its
      // worker): the engine then shows it without searching for it on this thread.
      this.session.play(text, layout ?? undefined);
    } catch (error) {
      this.flash(errorText(error));
      return false;
    }
    this.control.deselect();
    this.state.message = '';
    this.state.note = note;
    this.online?.played(text);
    this.history.keepSaving();
    this.hideNotice();
    // While the computer is to move again nobody takes a step on the page, so its view
    // comes without the legal steps (some 1,800 in Merlin's Chain); refresh() asks for
    // them as soon as a person may play.
    this.state.view = computer ? sessionView(this.session, { withLegal: false }) : sessionView(this.session);
    if (computer) {
      // The computer's step arrives while the user may be busy with the page: the work is
      // cut into short tasks (board and status now, move list and URL next) so that none
      // holds the main thread for long.
      this.refresh({ split: true });
      this.tasks.later('persist', () => {
        this.history.save({ adopt: true });
        this.history.writeLocation(false);
      });
    } else {
      this.history.save({ adopt: true });
      this.history.writeLocation(true);
      this.refresh();
    }
    return true;
  }

  /** The game's tree changed (a comment, a drawing, a line promoted or deleted): saved, linked, drawn. */
  studyChanged(before) {
    // A game held from a link stays held: a note is no step for the computer to answer.
    const held = this.opponent.held(before);
    this.state.view = sessionView(this.session);
    if (held) this.opponent.hold(this.view.record);
    this.state.message = '';
    this.history.keepSaving();
    this.history.save({ adopt: true });
    this.history.writeLocation(false);
    this.refresh();
  }

  // --------------------------------------------------------------------------------------
  // The computer opponent
  // --------------------------------------------------------------------------------------

  /** The seats the computer plays: none in a live game, which is between people. */
  computerSeats() {
    return this.online?.liveShown() ? new Set() : this.opponent.seats();
  }

  computerToMove() {
    return !this.online?.liveShown() && this.opponent.toMove();
  }

  /** In a past position: the computer plays its seat's step here (a variation; the later steps stay). */
  computerPlaysHere() {
    if (!this.opponent.playHere()) return;
    this.state.message = '';
    this.refresh();
  }

  clearSelection() {
    if (!this.control.selection && !this.state.message) return;
    this.control.deselect();
    this.state.message = '';
    this.refresh();
  }

  flash(message) {
    this.state.message = message;
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
    if (!this.view) return;
    // A view made without the legal steps, now that a person may play: with them.
    if (!this.view.legal && !this.computerToMove()) this.state.view = sessionView(this.session);
    const v = this.view;
    // A live game is between people: the computer neither thinks nor plays in it, nor is
    // it offered (its seat toggles, its level), nor is sending the game by link.
    const live = !!this.online?.liveShown();
    if (live) this.opponent.stop();
    else this.opponent.sync();
    $('players').hidden = live;
    $('computer-bar').hidden = live;
    const send = $('send-move-button');
    if (send) send.hidden = live;
    const drawn = boardConfig(this.control, { view: v, flipped: this.flipped, coords: this.coords, drawings: shownDrawings(v) });
    this.state.legal = drawn.legal;
    this.board.update(drawn);
    $('board-box').classList.toggle('thinking', !!this.thinking);
    this.analysis?.update();
    this.a11y.update(v, this.legal);
    this.correspondence?.update();
    this.renderStatus();
    renderPlayers(v, {
      computer: this.computerSeats(),
      thinkingSeat: this.thinking?.seat,
      levels: this.opponent.levels,
      level: this.opponent.level(),
      levelOverride: this.opponent.levelOverride,
      toggle: (seat) => this.opponent.toggleSeat(seat),
    });
    renderFacts($('facts'), v.facts ?? []);
    renderTray(v, this.control);
    renderActions(v, this.control, this.legal, !!this.thinking);
    renderToolbar(v, { flipped: this.flipped, coords: this.coords });
    const panel = () => {
      renderHead(this.view, this.gameInfo(this.view.game));
      this.learnEntry.update(this.view, this.view.title);
      this.renderMoves();
      this.study.update();
      this.optionsForm.render(this.view);
    };
    if (split) {
      this.tasks.later('panel', () => this.view === v && panel());
    } else {
      this.tasks.drop('panel');
      panel();
    }
    document.title = `${v.title} · Ludus`;
    // The live game's panel, and "Your turn" in the title.
    this.online?.update();
    this.board.canvas.setAttribute(
      'aria-label',
      `${boardLabel(v)}. ${v.prompt}. Arrow keys move over the cells, Enter or Space plays there.`,
    );
  }

  renderStatus() {
    renderStatus(this.view, {
      thinking: this.thinking,
      levelWords: this.opponent.levelWords(),
      computerToMove: this.computerToMove(),
      held: this.opponent.held(this.view),
      note: this.state.note,
      hint: this.state.message ? '' : this.control.selectionHint(),
      message: this.state.message,
    });
  }

  /** The move list; `force`: drawn afresh (a step through the game changes only the marks of the step shown). */
  renderMoves(force = false) {
    const drawn = renderMoveList($('moves'), this.view, (to) => this.navigate(to), this.study, () => this.view && this.renderMoves(true), force);
    if (drawn !== false) this.analysis?.decorateMoves($('moves'));
  }

  // --------------------------------------------------------------------------------------
  // Game picker and options
  // --------------------------------------------------------------------------------------

  startFromForm() {
    const name = this.view.game;
    const options = this.optionsForm.options();
    const error = this.startGameStrict(name, options);
    const box = $('options-error');
    box.hidden = !error;
    box.textContent = error ? `Cannot start: ${error}` : '';
    if (!error) this.rememberOptions(name, options);
  }

  rememberOptions(name, options) {
    // A setup is chosen per game; the next new game gets a fresh random one.
    this.savePrefs({ [`options:${name}`]: keptOptions(this.gameInfo(name), options) });
  }

  /**
   * Keeps some settings (the theme, the cells' names, a game's options, the computer's seats
   * and level) in storage.
   * @param {Record<string, unknown>} changes
   */
  savePrefs(changes) {
    Object.assign(this.prefs, changes);
    this.store.savePrefs(this.prefs);
  }

  restart() {
    const error = this.startGameStrict(this.view.game, this.mod.parseRecord(this.view.record).options);
    if (error) this.flash(error);
  }

  randomSetup() {
    // A fresh seed: the engine's form rules drop a hand-made layout for it.
    this.optionsForm.set({ seed: String(randomSeed()) });
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
    this.state.theme = theme;
    if (theme === 'auto') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
    const names = { auto: 'follows your system', light: 'light', dark: 'dark' };
    const button = $('theme-button');
    button.title = `Theme: ${names[theme]} (click to change)`;
    button.dataset.mode = theme;
    this.board?.refreshTheme();
  }

  bindControls() {
    bindControls({
      navigate: (action) => this.navigate(action),
      flip: () => this.toggleFlip(),
      coords: () => this.toggleCoords(),
      pass: () => this.control.pass(),
      capture: () => this.control.capture(),
      playTyped: (text) => {
        if (this.play(text)) return null;
        const refused = this.state.message;
        this.state.message = '';
        this.renderStatus();
        return refused;
      },
      startFromForm: () => this.startFromForm(),
      restart: () => this.restart(),
      computerPlaysHere: () => this.computerPlaysHere(),
      setLevel: (id) => this.opponent.setLevel(id),
      hideNotice: () => this.hideNotice(),
      clearSelection: () => this.clearSelection(),
      toggleTheme: () => {
        const next = nextTheme(this.state.theme);
        this.savePrefs({ theme: next });
        this.applyTheme(next);
      },
      systemTheme: () => this.board.refreshTheme(),
      shown: () => !!this.view && !this.trainer?.shown,
      boardCanvas: () => this.board.canvas,
    });
  }

  toggleFlip() {
    this.state.flipped = !this.state.flipped;
    this.refresh();
  }

  toggleCoords() {
    this.state.coords = !this.state.coords;
    this.savePrefs({ coords: this.state.coords });
    this.refresh();
  }

}

export const app = new App();
app.boot();
