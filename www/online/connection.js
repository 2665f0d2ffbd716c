// The page's one WebSocket to the server's `/live`, kept open: a dropped socket (a restart,
// the network, a laptop waking) is opened again by itself after a wait that grows
// (online/backoff.js), and at once when the browser says it is online again. Frames are
// JSON objects (docs/ONLINE.md). What to send again on each new socket (`watch` the game
// shown, `lobby`) is the owner's: `onOpen` is called for every socket opened.

import { reconnectDelay } from './backoff.js';

/** A ping this often keeps proxies from closing a quiet socket, and finds a dead one. */
export const PING_MS = 25_000;
/** No frame for this long after a ping: the socket is taken for dead and opened again. */
export const DEAD_MS = 10_000;

/**
 * @typedef {object} ConnectionHooks
 * @property {(frame: any) => void} onFrame a frame from the server (parsed)
 * @property {() => void} onOpen a socket opened (the first or again)
 * @property {(state: 'connecting'|'open'|'reconnecting', wait: number) => void} onState
 */

export class Connection {
  /**
   * @param {string} url the ws: or wss: address of `/live`
   * @param {ConnectionHooks} hooks
   * @param {{WebSocket?: any, setTimeout?: typeof setTimeout, clearTimeout?: typeof clearTimeout, random?: () => number, now?: () => number}} [env]
   *   what to use instead of the browser's (tests)
   */
  constructor(url, hooks, env = {}) {
    this.url = url;
    this.hooks = hooks;
    this.Socket = env.WebSocket ?? globalThis.WebSocket;
    this.setTimeout = env.setTimeout ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimeout = env.clearTimeout ?? ((t) => clearTimeout(t));
    this.random = env.random ?? Math.random;
    /** Attempts since the last socket that opened. */
    this.attempt = 0;
    this.socket = null;
    this.timer = null;
    this.pingTimer = null;
    this.deadTimer = null;
    this.closed = false;
    /** 'connecting', 'open' or 'reconnecting'. */
    this.state = 'connecting';
    this.onOnline = () => this.retryNow();
    globalThis.addEventListener?.('online', this.onOnline);
    this.open();
  }

  open() {
    if (this.closed) return;
    this.timer = null;
    let socket;
    try {
      socket = new this.Socket(this.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.setState('open', 0);
      this.keepAlive();
      this.hooks.onOpen();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.keepAlive();
      let frame;
      try {
        frame = JSON.parse(String(event.data));
      } catch {
        return;
      }
      this.hooks.onFrame(frame);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.scheduleRetry();
    };
    socket.onerror = () => {};
  }

  setState(state, wait) {
    this.state = state;
    this.hooks.onState(state, wait);
  }

  scheduleRetry() {
    this.stopKeepAlive();
    if (this.closed || this.timer != null) return;
    const wait = reconnectDelay(this.attempt++, this.random);
    this.setState('reconnecting', wait);
    this.timer = this.setTimeout(() => this.open(), wait);
  }

  /** The network is back (or the user asked): try at once rather than at the end of the wait. */
  retryNow() {
    if (this.closed || this.socket) return;
    if (this.timer != null) this.clearTimeout(this.timer);
    this.timer = null;
    this.open();
  }

  /** Pings after a quiet while; a socket that then says nothing is closed and opened again. */
  keepAlive() {
    this.stopKeepAlive();
    this.pingTimer = this.setTimeout(() => {
      this.send({ t: 'ping' });
      this.deadTimer = this.setTimeout(() => this.drop(), DEAD_MS);
    }, PING_MS);
  }

  stopKeepAlive() {
    if (this.pingTimer != null) this.clearTimeout(this.pingTimer);
    if (this.deadTimer != null) this.clearTimeout(this.deadTimer);
    this.pingTimer = this.deadTimer = null;
  }

  /** Gives up on the socket (dead, or the page woke from sleep) and opens another. */
  drop() {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    try {
      socket.close();
    } catch {
      /* already closing */
    }
    this.scheduleRetry();
  }

  /** Sends a frame if a socket is open; false if not (it is not queued: the owner sends again on open). */
  send(frame) {
    if (!this.socket || this.socket.readyState !== 1) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  close() {
    this.closed = true;
    this.stopKeepAlive();
    if (this.timer != null) this.clearTimeout(this.timer);
    globalThis.removeEventListener?.('online', this.onOnline);
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }
}

/** The address of the server's socket beside the page at `pageUrl` (same origin). */
export function liveUrl(pageUrl) {
  const url = new URL('live', new URL('/', pageUrl));
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/** What the page says when the server cannot be reached (no network, or no answer). */
export const OFFLINE = 'You are offline: online play needs a connection to the Ludus server.';

/**
 * Whether a Ludus server is there: null if it is, else why not, in words. `fetch` and
 * `onLine` are the browser's unless given (tests).
 */
export async function serverProblem(pageUrl, { fetch: get = globalThis.fetch, onLine = globalThis.navigator?.onLine } = {}) {
  const NO_SERVER = 'This copy of Ludus is served without a Ludus server, so online play is unavailable here (the rest of the page works as always).';
  if (onLine === false) return OFFLINE;
  let response;
  try {
    response = await get(new URL('/live/info', pageUrl).href, { cache: 'no-store' });
  } catch {
    return OFFLINE;
  }
  if (!response.ok) return NO_SERVER;
  try {
    const info = await response.json();
    return info?.server === 'ludus' ? null : NO_SERVER;
  } catch {
    return NO_SERVER;
  }
}
