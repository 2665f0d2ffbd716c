// Play online (docs/ONLINE.md): the panel (create a game, the open challenges, the link to
// send), and the live game on the page's own board. Loaded on first use by
// www/app/online-entry.js. The server is the only authority: the page shows the user's step
// at once, pending until the server's `step` confirms it, and otherwise shows what the
// server sends (online/live-state.js says what each frame does). A seat is held by its
// token, kept in this browser's storage by game id and never put in a link, so a reload or a
// reconnect takes the same seat again.

import { el } from '../app/dom.js';
import { sessionView, errorText } from '../engine.js';
import { Connection, liveUrl, serverProblem, OFFLINE } from './connection.js';
import { reconnectDelay } from './backoff.js';
import { applyFrame, canStep, withPending, resultWords } from './live-state.js';
import { clockChoices, clockText, clockWords, timeLeft, nextTick } from './clock.js';
import { shownName, nameToSend, MAX_NAME_CHARS } from './names.js';
import { yourTurnTone } from './sound.js';

/** @typedef {import('../types/app-online').OnlineHost} OnlineHost */
/** @typedef {import('./live-state.js').LiveModel} LiveModel */

/** Where the seats' tokens are kept (the page's Store): {id: {seat, token, at}}. */
export const TOKENS_KEY = 'live-tokens';
/** At most this many tokens are kept (the oldest go first). */
const MAX_TOKENS = 100;
const ID = /^[23456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ]{10}$/;
const TOKEN = /^[23456789abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ]{32}$/;

/** The tokens kept, checked (storage is untrusted). */
export function readTokens(text) {
  let data;
  try {
    data = JSON.parse(text ?? 'null');
  } catch {
    return {};
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  const out = {};
  for (const [id, t] of Object.entries(data)) {
    if (ID.test(id) && t && TOKEN.test(t.token) && Number.isInteger(t.seat)) out[id] = { seat: t.seat, token: t.token, at: Number(t.at) || 0 };
  }
  return out;
}

/** A game's options in short, from its setup record ("size 5"; long values such as a layout left out). */
export function setupWords(parseRecord, setup) {
  try {
    const options = parseRecord(setup).options ?? {};
    const words = Object.entries(options)
      .filter(([key, value]) => String(value).length <= 12 && key !== 'seed')
      .map(([key, value]) => `${key} ${value}`);
    if (Object.keys(options).some((k) => k === 'layout' || k === 'seed')) words.push('drawn setup');
    return words.join(', ');
  } catch {
    return '';
  }
}

/** The panel's styles, beside this module: fetched with it rather than on the first load. */
function addStyles() {
  if (document.getElementById('online-styles')) return;
  document.head.append(el('link', { rel: 'stylesheet', id: 'online-styles', href: new URL('./online.css', import.meta.url).href }));
}

export class OnlineUi {
  /**
   * @param {OnlineHost} host
   * @param {{ card: HTMLElement, store: import('../record.js').Store }} parts
   */
  constructor(host, { card, store }) {
    this.host = host;
    this.card = card;
    this.store = store;
    /** null while the server is being asked for; then why online play is unavailable, or ''. */
    this.problem = null;
    /** @type {Connection|null} */
    this.connection = null;
    this.connState = 'connecting';
    /** The game followed (its id), the model of it, and the Session showing it (or null). */
    this.id = null;
    /** @type {LiveModel|null} */
    this.model = null;
    this.session = null;
    /** Whether this page opened the game's link without a seat (it joins once, if a seat is free). */
    this.joinWanted = false;
    this.panelOpen = false;
    this.lobby = [];
    this.lobbyOn = false;
    this.message = '';
    this.confirmResign = false;
    this.copied = false;
    this.clockTimer = null;
    this.lastTurnTone = null;
    /** The asking again for a server that did not answer, and how many times it was asked. */
    this.checkTimer = null;
    this.checks = 0;
    /** The create form drawn, and the game and options it is for. @type {{key: string, node: HTMLFormElement}|null} */
    this.form = null;
    addStyles();
    this.card.addEventListener('click', (e) => this.onClick(e));
    /** The last look for the server, done or under way. @type {Promise<void>} */
    this.checking = this.checkServer();
  }

  // ------------------------------------------------------------------------------------
  // The server and the socket
  // ------------------------------------------------------------------------------------

  async checkServer() {
    clearTimeout(this.checkTimer);
    this.problem = null;
    this.render();
    this.problem = (await serverProblem(location.href)) ?? '';
    if (!this.problem) this.connect();
    else if (this.problem === OFFLINE) {
      // No network, or no answer (the server restarting): asked again by itself, later and
      // later, and at once when the browser is online again. A page without a server
      // ("served without") is not asked again unless the user says so.
      this.checkTimer = setTimeout(() => this.checkServer(), reconnectDelay(this.checks++));
      addEventListener('online', () => this.checkServer(), { once: true });
    }
    if (!this.problem) this.checks = 0;
    this.render();
  }

  connect() {
    if (this.connection) return;
    this.connection = new Connection(liveUrl(location.href), {
      onFrame: (frame) => this.onFrame(frame),
      onOpen: () => this.onOpen(),
      onState: (state) => {
        this.connState = state;
        this.render();
      },
    });
  }

  send(frame) {
    return this.connection?.send(frame) ?? false;
  }

  /** A socket opened: what this page follows is asked for again (a reconnect, a restart). */
  onOpen() {
    if (this.id) this.watch();
    if (this.lobbyOn) this.send({ t: 'lobby', on: true });
    this.render();
  }

  watch() {
    const held = this.tokens()[this.id];
    this.send(held ? { t: 'watch', id: this.id, token: held.token } : { t: 'watch', id: this.id });
  }

  tokens() {
    return readTokens(this.store.get(TOKENS_KEY));
  }

  keepToken(id, seat, token) {
    const all = this.tokens();
    all[id] = { seat, token, at: Date.now() };
    const kept = Object.entries(all)
      .sort((a, b) => b[1].at - a[1].at)
      .slice(0, MAX_TOKENS);
    this.store.set(TOKENS_KEY, JSON.stringify(Object.fromEntries(kept)));
  }

  onFrame(frame) {
    if (frame?.t === 'lobby') {
      this.lobby = Array.isArray(frame.challenges) ? frame.challenges : [];
      return this.render();
    }
    if (frame?.t === 'seat') {
      if (typeof frame.id !== 'string' || typeof frame.token !== 'string') return;
      this.keepToken(frame.id, frame.seat, frame.token);
      // Our challenge, our join, or the rematch of the game shown: followed as that seat.
      if (frame.id !== this.id) this.follow(frame.id);
      else this.watch();
      return;
    }
    if (frame?.t === 'error' && (frame.ref === 'create' || frame.ref === 'join' || frame.ref === 'lobby' || (frame.ref === 'watch' && !this.model))) {
      this.message = frame.reason ?? 'the server refused it';
      if (frame.ref === 'join' || frame.ref === 'watch') this.joinWanted = false;
      return this.render();
    }
    if (!this.id) return;
    const before = this.model;
    const { model, effects } = applyFrame(this.model, frame, { id: this.id, now: performance.now() });
    this.model = model;
    for (const effect of effects) this.apply(effect, before);
    this.render();
  }

  /** Follows another game: the old one is left (its socket frames no longer shown). */
  follow(id) {
    if (this.id && this.id !== id) this.send({ t: 'unwatch', id: this.id });
    this.id = id;
    this.model = null;
    this.message = '';
    this.confirmResign = false;
    this.copied = false;
    this.writeLink();
    this.watch();
    this.render();
  }

  /** The live link in the address (the token never is). */
  writeLink() {
    const hash = `#live=${this.id}`;
    if (location.hash !== hash) history.pushState(history.state, '', hash);
  }

  // ------------------------------------------------------------------------------------
  // What frames do to the board
  // ------------------------------------------------------------------------------------

  /** @param {import('./live-state.js').LiveEffect} effect */
  apply(effect, before) {
    const m = this.model;
    switch (effect.kind) {
      case 'load': {
        this.message = '';
        this.confirmResign = false;
        if (this.joinWanted && m.you == null && m.status === 'waiting' && m.seats.some((s) => !s.taken)) {
          this.joinWanted = false;
          this.send({ t: 'join', id: m.id, name: this.name() });
        }
        if (m.you != null || m.status !== 'waiting') this.joinWanted = false;
        this.load();
        if (before?.status === 'waiting' && m.status === 'playing') this.host.say('The game has started.');
        break;
      }
      case 'play': {
        if (!this.shown()) break;
        try {
          const view = this.host.view();
          if (view.cursor !== view.steps.length) this.session.goTo(view.steps.length);
          this.session.play(effect.step);
        } catch {
          this.resync();
          break;
        }
        this.host.changed();
        const who = this.colours()[effect.by] ?? 'The opponent';
        this.host.say(`${who} played ${effect.step}.`);
        break;
      }
      case 'confirm':
        // The turn may go on (Unity's walls): the board takes clicks again.
        if (this.shown()) this.host.changed();
        break;
      case 'resync':
        this.resync();
        break;
      case 'refused':
        this.message = `Not accepted: ${effect.reason}.`;
        break;
      case 'ended':
        this.host.say(resultWords(m, this.colours()));
        // The finished game is a game like any other: it joins Your games, with analysis.
        if (this.shown()) this.host.keepFinished();
        break;
      case 'presence':
        break;
      case 'rematch':
        // Every player asked: the rematch is made, each holder one seat on, with the same
        // token (the server keeps the holders). Players go there; a spectator is offered it.
        if (m.you != null) {
          const held = this.tokens()[m.id];
          if (held) this.keepToken(effect.next, (held.seat + 1) % m.seats.length, held.token);
          this.follow(effect.next);
        }
        break;
    }
  }

  resync() {
    if (this.id) this.watch();
  }

  /** Shows the model's game on the board, unless the board already shows just that. */
  load() {
    const m = this.model;
    const view = this.host.view();
    // The same game: drawn again all the same (whose turn it is, and so what may be clicked).
    if (this.shown() && !m.steps.length && view?.record === m.record) return this.host.changed();
    let session;
    try {
      session = this.host.mod.Session.fromRecord(m.record);
      // The steps confirmed since the server last sent the whole record.
      for (const step of m.steps) session.play(step);
    } catch (error) {
      this.message = `The server's game cannot be shown: ${errorText(error)}.`;
      return;
    }
    this.session = session;
    const players = sessionView(session).players?.length ?? 2;
    this.host.show(session, m.you === 1 && players === 2);
    if (m.status === 'ended') this.host.keepFinished();
  }

  /** Whether the board shows this page's live game. */
  shown() {
    return !!this.session && this.host.session() === this.session;
  }

  /** Whether the game shown is a live game still on. */
  liveShown() {
    return this.shown() && !!this.model && this.model.status !== 'ended';
  }

  /** Whether the user may make a step on the board: always outside a live game. */
  allows() {
    if (!this.liveShown()) return true;
    const view = this.host.view();
    return canStep(this.model) && view?.cursor === view?.steps.length;
  }

  /** The user played `step` on the live board: sent, shown pending until confirmed. */
  played(step) {
    if (!this.liveShown()) return;
    const m = this.model;
    const pending = withPending(m, step);
    const token = this.tokens()[m.id]?.token;
    if (!pending || !token || !this.send({ t: 'step', id: m.id, token, n: m.n, step })) {
      this.message = this.connState === 'open' ? 'That step could not be sent.' : 'Not connected: the step was not sent.';
      this.reloadBoard();
      return;
    }
    this.model = pending;
    this.message = '';
    this.render();
  }

  /** The board back to the confirmed game (a step not sent, or refused). */
  reloadBoard() {
    this.session = null;
    this.load();
    this.render();
  }

  colours() {
    const view = this.shown() ? this.host.view() : null;
    return (view?.players ?? []).map((p) => p.name);
  }

  name() {
    return nameToSend(this.host.prefs()['online-name'] ?? '');
  }

  // ------------------------------------------------------------------------------------
  // The user's actions
  // ------------------------------------------------------------------------------------

  openPanel() {
    this.panelOpen = true;
    this.card.hidden = false;
    if (this.problem !== null && this.problem) this.checking = this.checkServer();
    this.setLobby(true);
    this.render();
    this.card.scrollIntoView({ block: 'start' });
    // Once the server has answered, so that the form is there; scrolled by the card, so the
    // focus must not scroll its heading under the page's bar.
    this.checking.then(() => {
      if (!this.panelOpen) return;
      /** @type {HTMLElement|null} */ (this.card.querySelector('#online-seat, [data-act="retry"]'))?.focus({ preventScroll: true });
    });
  }

  closePanel() {
    this.panelOpen = false;
    this.setLobby(false);
    this.render();
  }

  setLobby(on) {
    if (this.lobbyOn === on) return;
    this.lobbyOn = on;
    this.send({ t: 'lobby', on });
  }

  /** The address is `#live=ID`: that game, as the seat this page holds, else joined if a seat is free, else watched. */
  openLink(id) {
    if (!ID.test(id)) {
      this.card.hidden = false;
      this.message = 'This live game link is damaged (its id is not one the server makes).';
      return this.render();
    }
    this.card.hidden = false;
    if (id === this.id && this.model) {
      if (!this.shown()) this.reloadBoard();
      return;
    }
    this.joinWanted = !this.tokens()[id];
    this.follow(id);
  }

  /** The setup to send for the game shown with the New game form's options: made concrete (a random setup drawn). */
  newSetup() {
    const game = this.host.view()?.game;
    const mod = this.host.mod;
    const session = mod.Session.create(game, mod.withRandomSetup(game, this.host.formOptions(), Math.floor(Math.random() * 2 ** 31)));
    try {
      return mod.recordSetup(session.record());
    } finally {
      session.free();
    }
  }

  create() {
    const form = /** @type {HTMLFormElement} */ (this.card.querySelector('#online-create'));
    const data = new FormData(form);
    let setup;
    try {
      setup = this.newSetup();
    } catch (error) {
      this.message = `Cannot make this game: ${errorText(error)}.`;
      return this.render();
    }
    const seatText = String(data.get('seat') ?? 'random');
    const choices = clockChoices(location.search);
    const preset = choices.find((p) => p.id === data.get('clock')) ?? choices[0];
    const name = nameToSend(String(data.get('name') ?? ''));
    this.host.savePrefs({ 'online-name': name, 'online-clock': preset.id });
    this.message = '';
    const sent = this.send({
      t: 'create',
      setup,
      seat: seatText === 'random' ? 'random' : Number(seatText),
      clock: preset.clock,
      open: data.get('open') === 'on',
      name,
    });
    if (!sent) this.message = 'Not connected to the server yet: try again in a moment.';
    this.render();
  }

  onClick(e) {
    const button = /** @type {HTMLElement} */ (e.target)?.closest?.('button');
    if (!button) return;
    const act = button.dataset.act;
    const m = this.model;
    const token = m ? this.tokens()[m.id]?.token : null;
    const mine = (frame) => token && this.send({ ...frame, id: m.id, token });
    switch (act) {
      case 'close':
        return this.closePanel();
      case 'retry':
        return this.checkServer();
      case 'accept': {
        this.follow(button.dataset.id);
        this.send({ t: 'join', id: button.dataset.id, name: this.name() });
        return;
      }
      case 'copy': {
        const input = /** @type {HTMLInputElement} */ (this.card.querySelector('#online-link'));
        // No clipboard (a page served over plain http from another machine): the link is
        // selected for the user to copy.
        const copying = navigator.clipboard?.writeText(input.value) ?? Promise.reject(new Error('no clipboard'));
        copying.then(
          () => {
            this.copied = true;
            this.render();
          },
          () => input.select(),
        );
        return;
      }
      case 'cancel':
        mine({ t: 'cancel' });
        return;
      case 'resign':
        this.confirmResign = true;
        return this.render();
      case 'resign-yes':
        this.confirmResign = false;
        mine({ t: 'resign' });
        return this.render();
      case 'resign-no':
        this.confirmResign = false;
        return this.render();
      case 'draw':
        mine({ t: 'draw', offer: true });
        return;
      case 'draw-no':
        mine({ t: 'draw', offer: false });
        return;
      case 'rematch':
        mine({ t: 'rematch' });
        return;
      case 'next':
        if (m?.next) this.follow(m.next);
        return;
      case 'back':
        return this.reloadBoard();
      case 'new':
        this.id = null;
        this.model = null;
        this.session = null;
        this.panelOpen = true;
        this.setLobby(true);
        return this.render();
    }
  }

  // ------------------------------------------------------------------------------------
  // Drawing
  // ------------------------------------------------------------------------------------

  /** After each redraw of the page. */
  update() {
    this.render();
  }

  render() {
    const parts = [];
    const m = this.model;
    if (!this.panelOpen && !this.id) {
      this.card.hidden = true;
      this.card.replaceChildren();
      return;
    }
    this.card.hidden = false;
    parts.push(
      el(
        'div',
        { class: 'section-head' },
        el('h2', { text: m ? 'Live game' : 'Play online' }),
        !m || m.status === 'ended' ? el('button', { type: 'button', class: 'link-button', 'data-act': m ? 'new' : 'close', text: m ? 'New online game' : 'Close' }) : null,
      ),
    );
    if (this.problem === null) parts.push(el('p', { class: 'muted', text: 'Looking for the Ludus server…' }));
    else if (this.problem) {
      parts.push(el('p', { class: 'online-problem', text: this.problem }), el('button', { type: 'button', 'data-act': 'retry', text: 'Try again' }));
    } else if (this.connState !== 'open') {
      parts.push(el('p', { class: 'online-connection', role: 'status', text: this.connState === 'reconnecting' ? 'Reconnecting…' : 'Connecting…' }));
    }
    if (this.message) parts.push(el('p', { class: 'form-error', role: 'alert', text: this.message }));
    if (this.problem === '') {
      if (this.id && !m) parts.push(el('p', { class: 'muted', text: 'Opening the live game…' }));
      else if (m) parts.push(...this.gameParts(m));
      else parts.push(this.createForm(), this.lobbyList());
    }
    // Drawn afresh at each change: the control that had the focus keeps it.
    const focused = /** @type {HTMLElement|null} */ (document.activeElement);
    const focusKey = this.card.contains(focused) ? (focused.id ? `#${focused.id}` : focused.dataset.act ? `[data-act="${focused.dataset.act}"]` : null) : null;
    this.card.replaceChildren(...parts);
    if (focusKey) {
      const again = /** @type {HTMLElement|null} */ (this.card.querySelector(focusKey) ?? this.card.querySelector('.online-actions button, [data-act]'));
      if (again && again !== document.activeElement) again.focus({ preventScroll: true });
    }
    this.tickClocks();
    this.updateTitle();
  }

  /** The create form for the game shown, kept while its game and options stay (what was typed stays). */
  createForm() {
    const view = this.host.view();
    const game = view?.game ?? '';
    const key = `${game} ${JSON.stringify(this.host.formOptions())}`;
    if (this.form?.key === key) return this.form.node;
    const prefs = this.host.prefs();
    let players = [];
    let summary = '';
    try {
      const setup = this.newSetup();
      summary = setupWords(this.host.mod.parseRecord, setup);
      const session = this.host.mod.Session.fromRecord(setup);
      players = sessionView(session).players.map((p) => p.name);
      session.free();
    } catch {
      /* said when Create is pressed */
    }
    const title = this.host.gameInfo(game)?.title ?? game;
    const seat = el('select', { id: 'online-seat', name: 'seat' }, el('option', { value: 'random', text: 'Random' }), ...players.map((p, i) => el('option', { value: String(i), text: p })));
    const choices = clockChoices(location.search);
    const chosen = choices.some((p) => p.id === prefs['online-clock']) ? prefs['online-clock'] : '5+3';
    const clock = el('select', { id: 'online-clock', name: 'clock' }, ...choices.map((p) => el('option', { value: p.id, text: p.label, selected: p.id === chosen })));
    const name = el('input', { id: 'online-name', name: 'name', type: 'text', maxlength: MAX_NAME_CHARS, autocomplete: 'nickname', spellcheck: 'false', value: prefs['online-name'] ?? '' });
    const sound = this.soundToggle();
    const node = el(
      'form',
      { id: 'online-create', class: 'online-create', onsubmit: (e) => (e.preventDefault(), this.create()) },
      el('p', { class: 'muted', text: `${title}${summary ? ` (${summary})` : ''}: the game of the tab shown, with the options of New game.` }),
      el('div', { class: 'option' }, el('label', { for: 'online-seat', text: 'Your seat' }), seat),
      el('div', { class: 'option' }, el('label', { for: 'online-clock', text: 'Clock' }), clock),
      el('div', { class: 'option' }, el('label', { for: 'online-name', text: 'Your name (optional)' }), name),
      el('label', { class: 'check' }, el('input', { type: 'checkbox', name: 'open', id: 'online-open' }), ' List it in open challenges'),
      sound,
      el('div', { class: 'options-actions' }, el('button', { type: 'submit', class: 'primary', id: 'online-create-button', text: 'Create' })),
    );
    this.form = { key, node };
    return node;
  }

  lobbyList() {
    const items = this.lobby.map((c) => {
      const title = this.host.gameInfo(c.game)?.title ?? String(c.game);
      const words = setupWords(this.host.mod.parseRecord, String(c.setup ?? ''));
      const who = shownName(c.name) || 'Someone';
      return el(
        'li',
        { class: 'online-challenge', 'data-id': c.id },
        el('span', { class: 'online-challenge-text' }, el('strong', { text: title }), ` ${words ? `(${words}) ` : ''}· ${clockWords(c.clock)} · `, el('bdi', { class: 'online-name', text: who })),
        el('button', { type: 'button', 'data-act': 'accept', 'data-id': c.id, text: 'Accept', 'aria-label': `Accept ${who}'s ${title}` }),
      );
    });
    return el(
      'div',
      { class: 'online-lobby' },
      el('h3', { text: 'Open challenges' }),
      items.length ? el('ul', { class: 'online-challenges', id: 'online-challenges' }, ...items) : el('p', { class: 'muted', id: 'online-challenges', text: 'No open challenges now.' }),
    );
  }

  /** The live game: link to send, players and clocks, whose turn, the buttons, the result. */
  gameParts(m) {
    const parts = [];
    const colours = this.colours();
    const spectator = m.you == null;
    if (m.status === 'waiting') {
      // The page's own address, without this visit's query (`?clock=`, `?level=`).
      const link = `${location.origin}${location.pathname}#live=${m.id}`;
      if (m.you != null) {
        parts.push(
          el('p', { text: 'Send this link to your opponent; the game starts when they open it.' }),
          el(
            'div',
            { class: 'online-link-row' },
            el('label', { for: 'online-link', class: 'visually-hidden', text: 'Link to the game' }),
            el('input', { id: 'online-link', type: 'text', readonly: true, value: link }),
            el('button', { type: 'button', 'data-act': 'copy', text: this.copied ? 'Copied' : 'Copy' }),
          ),
          el('p', { class: 'muted', text: `Waiting for the opponent…${m.open ? ' (listed in open challenges)' : ''}` }),
          el('button', { type: 'button', 'data-act': 'cancel', text: 'Withdraw the challenge' }),
        );
      } else {
        parts.push(el('p', { class: 'muted', text: 'Waiting for the players…' }));
      }
    }
    if (spectator && m.status !== 'waiting') parts.push(el('p', { class: 'online-watching', text: 'Watching (the seats are taken).' }));
    parts.push(
      el(
        'ul',
        { class: 'online-seats', id: 'online-seats' },
        ...m.seats.map((s, i) => {
          const turn = m.status === 'playing' && m.toMove === i;
          return el(
            'li',
            { class: `online-seat${turn ? ' to-move' : ''}`, 'data-seat': String(i) },
            el('span', { class: 'online-colour', text: colours[i] ?? `Player ${i + 1}` }),
            el('bdi', { class: 'online-name', text: s.taken ? shownName(s.name) || '(no name)' : '(free)' }),
            m.you === i ? el('span', { class: 'online-you', text: '(you)' }) : null,
            s.taken && !s.online && m.status !== 'ended' ? el('span', { class: 'online-away', text: 'disconnected' }) : null,
            el('span', { class: 'online-clock', 'data-seat': String(i), 'aria-label': `${colours[i] ?? 'Player'}'s clock` }),
          );
        }),
      ),
      el('p', { class: 'muted online-clock-kind', text: clockWords(m.clock) }),
    );
    if (m.status === 'playing') {
      const who = colours[m.toMove] ?? 'The player';
      const turn = m.pending ? `Sending your step ${m.pending.step}…` : m.toMove === m.you ? 'Your turn.' : `${who} to move.`;
      parts.push(el('p', { class: 'online-turn', id: 'online-turn', text: turn }));
      if (!this.shown()) parts.push(el('button', { type: 'button', class: 'primary', 'data-act': 'back', text: 'Back to the live game' }));
      if (!spectator) {
        const buttons = [];
        if (this.confirmResign) {
          buttons.push(el('span', { text: 'Resign this game?' }), el('button', { type: 'button', class: 'danger', 'data-act': 'resign-yes', text: 'Yes, resign' }), el('button', { type: 'button', 'data-act': 'resign-no', text: 'No' }));
        } else {
          buttons.push(el('button', { type: 'button', 'data-act': 'resign', text: 'Resign' }));
          if (m.canDraw) {
            const mineOffered = m.drawOffers[m.you];
            const theirs = m.drawOffers.some((o, i) => o && i !== m.you);
            if (mineOffered) buttons.push(el('span', { class: 'muted', text: 'Draw offered.' }), el('button', { type: 'button', 'data-act': 'draw-no', text: 'Withdraw the offer' }));
            else if (theirs) buttons.push(el('span', { text: 'A draw is offered.' }), el('button', { type: 'button', 'data-act': 'draw', text: 'Accept draw' }), el('button', { type: 'button', 'data-act': 'draw-no', text: 'Decline' }));
            else buttons.push(el('button', { type: 'button', 'data-act': 'draw', text: 'Offer draw' }));
          }
        }
        parts.push(el('div', { class: 'online-actions' }, ...buttons), this.soundToggle());
      }
    }
    if (m.status === 'ended') {
      parts.push(el('p', { class: 'online-result', id: 'online-result', role: 'status', text: resultWords(m, colours) }));
      if (m.result?.reason !== 'cancelled') parts.push(el('p', { class: 'muted', text: 'The game is in Your games, with analysis.' }));
      if (m.next) parts.push(el('button', { type: 'button', class: 'primary', 'data-act': 'next', text: 'Go to the rematch' }));
      else if (!spectator && m.result?.reason !== 'cancelled') {
        const asked = m.rematch[m.you];
        const others = m.rematch.some((r, i) => r && i !== m.you);
        parts.push(
          el('button', { type: 'button', class: 'primary', 'data-act': 'rematch', disabled: asked, text: asked ? 'Rematch asked…' : others ? 'Accept rematch' : 'Rematch' }),
        );
      }
    }
    return parts;
  }

  /** The choice of a tone when the turn comes (kept in the settings; off unless chosen). */
  soundToggle() {
    const box = el('input', { id: 'online-sound', type: 'checkbox', checked: !!this.host.prefs()['online-sound'] });
    box.addEventListener('change', () => this.host.savePrefs({ 'online-sound': box.checked }));
    return el('label', { class: 'check' }, box, ' A sound when it is your turn');
  }

  /** Draws each clock's time and, while one runs, draws it again when its text changes. */
  tickClocks() {
    clearTimeout(this.clockTimer);
    const m = this.model;
    if (!m) return;
    const now = performance.now();
    let wait = null;
    for (const node of this.card.querySelectorAll('.online-clock[data-seat]')) {
      const seat = Number(/** @type {HTMLElement} */ (node).dataset.seat);
      const left = timeLeft(m, seat, now);
      node.textContent = left == null ? '' : clockText(left);
      node.classList.toggle('low', left != null && left < 10_000);
      if (m.status === 'playing' && m.toMove === seat && left > 0) wait = nextTick(left);
    }
    if (wait != null) this.clockTimer = setTimeout(() => this.tickClocks(), Math.max(20, wait));
  }

  /** "Your turn" in the tab's title, and the tone once when the turn comes (if chosen). */
  updateTitle() {
    const mine = this.liveShown() && canStep(this.model);
    const title = document.title.replace(/^Your turn · /, '');
    document.title = mine ? `Your turn · ${title}` : title;
    const key = mine ? `${this.model.id}:${this.model.n}` : null;
    if (mine && key !== this.lastTurnTone && this.model.n > 0 && this.host.prefs()['online-sound']) yourTurnTone();
    this.lastTurnTone = key;
  }
}
