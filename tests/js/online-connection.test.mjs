// The socket to the server (www/online/connection.js) with a fake WebSocket and fake timers:
// opened again by itself after a drop with a growing wait, the owner told on every open
// (to watch its game again), the wait reset once a socket opened, the keep-alive ping, and
// the check that a Ludus server is there at all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Connection, liveUrl, serverProblem, PING_MS, DEAD_MS } from '../../www/online/connection.js';

function fakeEnv() {
  const sockets = [];
  const timers = [];
  class FakeSocket {
    constructor(url) {
      this.url = url;
      this.readyState = 0;
      this.sent = [];
      sockets.push(this);
    }
    send(text) {
      this.sent.push(JSON.parse(text));
    }
    close() {
      this.readyState = 3;
    }
    // Test side
    accept() {
      this.readyState = 1;
      this.onopen?.();
    }
    drop() {
      this.readyState = 3;
      this.onclose?.();
    }
    frame(f) {
      this.onmessage?.({ data: typeof f === 'string' ? f : JSON.stringify(f) });
    }
  }
  const env = {
    WebSocket: FakeSocket,
    setTimeout: (fn, ms) => {
      const t = { fn, ms, done: false };
      timers.push(t);
      return t;
    },
    clearTimeout: (t) => t && (t.done = true),
    random: () => 0.999999,
  };
  /** Runs the next timer due (the one with the least wait among those pending). */
  const fire = () => {
    const next = timers.filter((t) => !t.done).sort((a, b) => a.ms - b.ms)[0];
    assert.ok(next, 'no timer pending');
    next.done = true;
    next.fn();
    return next.ms;
  };
  const pending = () => timers.filter((t) => !t.done).map((t) => t.ms);
  return { env, sockets, fire, pending };
}

function hooksLog() {
  const log = { frames: [], opens: 0, states: [] };
  return {
    log,
    hooks: {
      onFrame: (f) => log.frames.push(f),
      onOpen: () => log.opens++,
      onState: (s, wait) => log.states.push(wait ? `${s} ${wait}` : s),
    },
  };
}

test('frames come in parsed; what is not JSON is dropped', () => {
  const { env, sockets } = fakeEnv();
  const { log, hooks } = hooksLog();
  const c = new Connection('ws://h/live', hooks, env);
  sockets[0].accept();
  assert.equal(log.opens, 1);
  sockets[0].frame({ t: 'pong' });
  sockets[0].frame('{not json');
  assert.deepEqual(log.frames, [{ t: 'pong' }]);
  assert.ok(c.send({ t: 'lobby', on: true }));
  assert.deepEqual(sockets[0].sent, [{ t: 'lobby', on: true }]);
  c.close();
});

test('a dropped socket is opened again, waiting longer each failed time, and the owner told on open', () => {
  const { env, sockets, fire } = fakeEnv();
  const { log, hooks } = hooksLog();
  const c = new Connection('ws://h/live', hooks, env);
  sockets[0].accept();
  sockets[0].drop();
  assert.equal(c.send({ t: 'ping' }), false, 'nothing is sent without a socket');
  const waits = [];
  for (let i = 0; i < 7; i++) {
    waits.push(fire());
    sockets.at(-1).drop();
  }
  assert.deepEqual(waits, [500, 1000, 2000, 4000, 8000, 15000, 15000]);
  assert.equal(sockets.length, 8);
  // Once one opens, the owner is told (it watches its game again) and the wait starts over.
  fire();
  sockets.at(-1).accept();
  assert.equal(log.opens, 2);
  assert.ok(log.states.includes('reconnecting 500'));
  assert.equal(log.states.at(-1), 'open');
  sockets.at(-1).drop();
  assert.equal(fire(), 500);
  c.close();
});

test('a quiet socket is pinged, and one that then says nothing is replaced', () => {
  const { env, sockets, fire, pending } = fakeEnv();
  const { hooks } = hooksLog();
  const c = new Connection('ws://h/live', hooks, env);
  sockets[0].accept();
  assert.deepEqual(pending(), [PING_MS]);
  fire();
  assert.deepEqual(sockets[0].sent, [{ t: 'ping' }]);
  assert.deepEqual(pending(), [DEAD_MS]);
  fire();
  assert.equal(sockets[0].readyState, 3, 'the dead socket is closed');
  fire();
  assert.equal(sockets.length, 2, 'and another opened');
  // An answer in time keeps the socket.
  sockets[1].accept();
  fire();
  sockets[1].frame({ t: 'pong' });
  assert.deepEqual(pending(), [PING_MS]);
  c.close();
  assert.deepEqual(pending(), []);
});

test("the socket's address is the page's own origin, ws or wss", () => {
  assert.equal(liveUrl('http://127.0.0.1:8080/#live=abc'), 'ws://127.0.0.1:8080/live');
  assert.equal(liveUrl('https://ludus.example/play/index.html?x=1'), 'wss://ludus.example/live');
});

test('a Ludus server is there, or the page says why online play is unavailable', async () => {
  const answer = (status, body) => async () => ({ ok: status === 200, status, json: async () => JSON.parse(body) });
  assert.equal(await serverProblem('http://h/', { fetch: answer(200, '{"server":"ludus","version":"1"}'), onLine: true }), null);
  assert.match(await serverProblem('http://h/', { fetch: answer(404, 'not found'), onLine: true }), /served without a Ludus server/);
  assert.match(await serverProblem('http://h/', { fetch: answer(200, '<html>'), onLine: true }), /served without a Ludus server/);
  assert.match(await serverProblem('http://h/', { fetch: answer(200, '{"server":"other"}'), onLine: true }), /served without a Ludus server/);
  assert.match(await serverProblem('http://h/', { fetch: async () => Promise.reject(new TypeError('failed')), onLine: true }), /You are offline/);
  assert.match(await serverProblem('http://h/', { fetch: answer(200, '{"server":"ludus"}'), onLine: false }), /You are offline/);
});
