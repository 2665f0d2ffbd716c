// History and navigation: which game the page shows (a link, Back and Forward, a saved
// game, a new game), moving through its steps, and the saved game and the URL kept in step.

import { errorText } from '../engine.js';
import { fragmentFor, readFragment, gameOfRecord, STORAGE_PROBLEMS } from '../record.js';
import { randomSeed } from './options-form.js';
import { historyStep } from './autoplay.js';
import { isTrainerRoute } from './learn-entry.js';
import { isLiveRoute } from './online-entry.js';
import { loadedTree } from './panels.js';

/** How long after the last step through a game its position is saved (ms). */
export const POSITION_SAVE_DELAY = 1000;

/** @typedef {import('../types/ludus-views').SessionView} SessionView */
/** @typedef {import('../types/ludus-views').GameInfo} GameInfo */

/** @typedef {import('../types/app-history').HistoryHost} HistoryHost */

export class GameHistory {
  /** @param {HistoryHost} host */
  constructor(host) {
    this.host = host;
    /** The id of the saved game shown; null for a link's game (saved once played on). */
    this.entry = null;
    /** False after a broken link: the saved game stays untouched until the user acts. */
    this.persist = true;
    /** The save of the position shown after a step through the game, while it waits. */
    this.positionTimer = null;
  }

  /** The user acted on the game shown (a step, an edit): it is saved from now on, also after a broken link. */
  keepSaving() {
    this.persist = true;
  }

  defaultGame() {
    const last = gameOfRecord(this.host.saved.current()?.record);
    if (last && this.host.gameInfo(last)) return last;
    return this.host.games()[0].name;
  }

  /**
   * Opens what the URL fragment says: 'opened', 'saved' (no fragment), 'broken' or 'same'.
   * A link never replaces a saved game: only this tab's history, a reload, or a link with a
   * saved game's very record go on in that game.
   */
  openFromLocation({ initial = false } = {}) {
    this.flushPosition();
    // A computer step's URL update still waiting belongs to the entry just left: drop it,
    // but keep the step in the saved game.
    if (this.host.tasks.has('persist')) {
      this.host.tasks.drop('persist');
      this.save({ adopt: true });
    }
    const frag = readFragment(location.hash);
    // Learn and Puzzles (`#learn=…`, `#puzzles=…`, `#daily`) show over the game, which stays.
    const trainer = frag.record != null && isTrainerRoute(frag.record);
    this.host.trainer(trainer ? frag.record : null, initial);
    if (trainer) return 'trainer';
    // A live game's link (`#live=ID`): its game comes from the server (www/online/online.js).
    if (frag.record != null && isLiveRoute(frag.record)) {
      this.host.live(frag.record);
      return 'live';
    }
    const shown = this.host.view();
    if (frag.record != null && shown && (frag.record === shown.record || frag.record === this.linkRecord())) return 'same';
    if (frag.empty) {
      if (!initial && this.host.session()) return 'same';
      this.resumeCurrent({ push: false });
      return 'saved';
    }
    // A bare game name (`#merlins-chain`, a bookmark of the game) opens as its tab does: the
    // latest saved game of it, else a new game (with no word about a link).
    const bare = frag.record != null ? this.bareGame(frag.record) : null;
    const own = this.host.saved.get(history.state?.entry);
    const latest = !bare ? null : gameOfRecord(own?.record) === bare ? own : this.host.saved.latestOf(bare);
    if (latest && this.openSaved(latest, { push: false })) {
      this.host.renderSaved();
      return 'saved';
    }
    let error = frag.error ?? null;
    if (!error) {
      try {
        const session = this.host.mod().Session.fromRecord(frag.record);
        this.host.setSession(session);
        // Our own history entries name their saved game.
        const entry = this.host.saved.get(history.state?.entry) ?? this.host.saved.find(this.host.view().record);
        this.entry = entry?.id ?? null;
        // A game from a link: the computer does not play on in it until the user acts.
        if (!entry || entry.record !== this.host.view().record) {
          this.host.hold(this.host.view().record);
          // Analysis comes on by itself for a linked position (one with steps): such a link
          // is usually sent to be looked at. A bare game link (`#unlur`) is a new game.
          if (this.host.view().steps.length) this.host.analysisOn();
        }
        this.persist = true;
        this.host.hideNotice();
        this.save();
        this.host.refresh();
        this.host.renderSaved();
        const mine = this.host.saved.current();
        if (!entry && mine && !bare) {
          this.host.showNotice(
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
    const name = this.host.gameInfo(named) ? named : this.defaultGame();
    this.persist = false;
    this.entry = null;
    this.startGame(name, {}, { push: false, persist: false });
    const saved = this.host.saved.current();
    this.host.showNotice(`This link does not hold a game Ludus can open: ${error}. A new game has been started instead.`, [
      saved && {
        label: 'Resume my saved game',
        action: () => this.openSaved(saved),
      },
    ]);
    return 'broken';
  }

  /**
   * The game a record names when it holds nothing else (no option, step or note: `unlur`,
   * `unlur;;`), else null.
   */
  bareGame(record) {
    let parts;
    try {
      parts = this.host.mod().parseRecord(record);
    } catch {
      return null;
    }
    const empty = !parts.moves?.length && parts.at == null && !Object.keys(parts.options ?? {}).length && !/[{([]/.test(record);
    return empty && this.host.gameInfo(parts.game) ? parts.game : null;
  }

  /** Opens a saved game; false if it cannot be read. */
  openSaved(entry, { push = true } = {}) {
    let session;
    try {
      session = this.host.mod().Session.fromRecord(entry.record);
    } catch {
      this.host.report(STORAGE_PROBLEMS.damagedGame);
      return false;
    }
    this.host.setSession(session);
    this.entry = entry.id;
    this.persist = true;
    this.host.hideNotice();
    this.save();
    this.writeLocation(push);
    this.host.refresh();
    return true;
  }

  /**
   * Opens a game from a text file (the share menu's import) as a new saved game: null once
   * opened, else the engine's words for what is wrong with it (the game shown stays).
   */
  /** Opens a text file's game (the record read from it by `readTextFile`). */
  openTextRecord(record) {
    let session;
    try {
      session = this.host.mod().Session.fromRecord(record);
    } catch (error) {
      return errorText(error);
    }
    this.host.setSession(session);
    this.entry = null;
    this.persist = true;
    this.host.hideNotice();
    this.save({ adopt: true });
    this.writeLocation(true);
    this.host.refresh();
    this.host.renderSaved();
    return null;
  }

  /** Opens the saved game shown last, or a fresh game. */
  resumeCurrent({ push = true } = {}) {
    const current = this.host.saved.current();
    if (current && this.openSaved(current, { push })) return;
    this.resumeOrStart(this.defaultGame(), { push });
  }

  /** Resumes the latest saved game of `name`, or starts a fresh one. */
  resumeOrStart(name, { push = true } = {}) {
    const saved = this.host.saved.latestOf(name);
    if (saved && this.openSaved(saved, { push })) return;
    this.startGame(name, this.host.prefs()[`options:${name}`] ?? {}, { push });
  }

  /** A live game is shown: no saved game is it (until it ends). */
  forgetEntry() {
    this.entry = null;
    this.persist = true;
  }

  /** The live game shown has ended: it joins the saved games (once), its record in the address. */
  adoptShown() {
    const v = this.host.view();
    if (!v) return;
    this.entry = this.host.saved.find(v.record)?.id ?? this.entry;
    this.persist = true;
    this.save({ adopt: true });
    this.writeLocation(false);
  }

  /** The shown game was deleted from the list: it stays on the board, unsaved. */
  forgetShown() {
    this.entry = null;
    history.replaceState({ entry: null }, '', location.href);
  }

  /**
   * Starts a fresh game; returns an error message or null. `strict`: the user asked for these
   * options, so a refusal is reported rather than answered with the defaults.
   */
  startGame(name, options, { push = true, persist = true, strict = false } = {}) {
    let session;
    try {
      session = this.host.mod().Session.create(name, this.host.mod().withRandomSetup(name, options, randomSeed()));
    } catch (error) {
      if (!strict && Object.keys(options).length) {
        // Stale remembered options: fall back to the defaults rather than fail.
        try {
          session = this.host.mod().Session.create(name, this.host.mod().withRandomSetup(name, {}, randomSeed()));
        } catch {
          return errorText(error);
        }
      } else {
        return errorText(error);
      }
    }
    this.host.setSession(session);
    if (persist) {
      this.persist = true;
      this.host.hideNotice();
      const reuse = this.entry;
      this.entry = null;
      this.save({ adopt: true, reuse });
      this.writeLocation(push);
    } else {
      // Not the user's choice (a broken link was replaced): keep it out of the URL too, so
      // that a reload brings back the saved game.
      history.replaceState(null, '', location.pathname + location.search);
    }
    this.host.refresh();
    return null;
  }

  /** Saves the game shown; `adopt`: as a new entry if it has none (`reuse`: see SavedGames.add). */
  save({ adopt = false, reuse = null } = {}) {
    // This save holds the position shown: a position save still waiting is done with.
    clearTimeout(this.positionTimer);
    this.positionTimer = null;
    // A live game is the server's until it ends: kept then (adoptShown).
    if (!this.persist || !this.host.view() || this.host.liveShown()) return;
    const v = this.host.view();
    // The engine's one line for a list of games: who is to move, or how the game ended.
    if (this.entry) this.host.saved.save(this.entry, v.record, v.status.summary);
    else if (adopt) this.entry = this.host.saved.add(v.record, v.status.summary, reuse);
  }

  /**
   * Saves the position shown after a step through the game: a moment after the last step
   * (at once when the page is left, another game is opened or this one changes), so that
   * stepping through a long game does not write its whole record into storage at every
   * step. The address has the position at once.
   */
  saveSoon() {
    clearTimeout(this.positionTimer);
    this.positionTimer = setTimeout(() => this.flushPosition(), POSITION_SAVE_DELAY);
  }

  /** Saves the position shown now if its save is waiting. */
  flushPosition() {
    if (this.positionTimer == null) return;
    this.save();
  }

  /** The record for the address: the engine packs a long one (docs/RECORD.md). */
  linkRecord() {
    return this.host.session()?.link?.() ?? this.host.view().record;
  }

  writeLocation(push) {
    // A live game's address is its link (`#live=ID`), written by online/online.js.
    if (!this.host.view() || this.host.liveShown()) return;
    const hash = fragmentFor(this.linkRecord());
    // Back and Forward stay in the saved game.
    const state = { entry: this.entry };
    if (location.hash === hash && history.state?.entry === this.entry) return;
    if (push && location.hash !== hash) history.pushState(state, '', hash);
    else history.replaceState(state, '', hash);
  }

  /**
   * Moves through the steps of the game shown: 'first', 'undo', 'redo', 'last', a step
   * number, 'up' or 'down' (to the line tried before or after this one) or {node} (a node
   * of the game's tree).
   */
  navigate(action) {
    const v = this.host.view();
    if (!this.host.session() || !v) return;
    this.host.tasks.flush('persist');
    const before = shownNode(v);
    // Back and Forward skip the computer's turns (app/autoplay.js): the user lands on a turn
    // of their own.
    let to = null;
    if (action === 'undo') to = historyStep(v, this.host.seats(), -1);
    else if (action === 'redo') to = historyStep(v, this.host.seats(), 1);
    else if (action === 'first') to = 0;
    else if (action === 'last') to = v.steps.length;
    else if (typeof action === 'number') to = action;
    else if (action === 'up' || action === 'down') {
      // With no tree's code loaded the game has one line: no other to go to.
      const tree = loadedTree();
      const node = tree && tree.treeStep(tree.treeOf(v), before, action);
      if (node == null) return false;
      to = { node };
    } else if (action?.node != null) to = { node: action.node };
    const after = this.host.goTo(to);
    if (shownNode(after) === before) return false;
    // Stepping back into the history turns the analysis on.
    if (after.cursor < after.steps.length) this.host.analysisOn();
    this.host.moved();
    this.saveSoon();
    this.writeLocation(false);
    this.host.refresh();
    return true;
  }
}

/** The node of the game's tree the view shows (its step count for an engine without trees). */
export function shownNode(view) {
  return view.node ?? view.cursor;
}
