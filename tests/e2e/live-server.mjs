// A real `ludus serve` for the end-to-end tests of live play (docs/ONLINE.md): the built page
// (dist/) and `/live` on one loopback port, its games in a SQLite file of a temporary folder,
// or in a Redis server of its own (Debian's `redis-server`) shared by several instances. It
// can be killed (SIGKILL, as a crash) and started again on the same port and database, as a
// restart mid-game.
//
// The binary: $LUDUS_BIN, else target/release/ludus (`cargo build --release --bin ludus`).

import { spawn } from 'node:child_process';
import { createServer, connect } from 'node:net';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, dist } from './site.mjs';

export const LUDUS_BIN = process.env.LUDUS_BIN ?? join(root, 'target/release/ludus');

/** Whether the server binary is built (the live tests fail without it, saying how to build it). */
export async function ludusBuilt() {
  return !!(await stat(LUDUS_BIN).catch(() => null));
}

/** A free loopback port (asked of the system, then let go). */
export function freePort() {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => ok(port));
    });
  });
}

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/** Waits until `url` answers (any HTTP answer) or `ms` pass; `check(response)` may ask more. */
async function waitFor(url, ms, check = async () => true, exited = () => null) {
  const until = Date.now() + ms;
  let last = null;
  while (Date.now() < until) {
    const gone = exited();
    if (gone) throw new Error(gone);
    try {
      const response = await fetch(url);
      if (await check(response)) return;
    } catch (error) {
      last = error;
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer in ${ms} ms${last ? ` (${last.message})` : ''}`);
}

/**
 * One `ludus serve`. `start()` runs it on its port (the same each time), `kill()` ends it at
 * once with SIGKILL (a crash: nothing is flushed), `stop()` ends it for good.
 */
export class LiveServer {
  /**
   * @param {{ port: number, db?: string, redis?: string, name?: string }} options
   */
  constructor({ port, db, redis, name = 'ludus' }) {
    this.port = port;
    this.db = db;
    this.redis = redis;
    this.name = name;
    this.child = null;
    this.log = '';
    this.url = `http://127.0.0.1:${port}/`;
  }

  async start() {
    const args = ['serve', '--address', '127.0.0.1', '--port', String(this.port), '--dist', dist];
    if (this.db) args.push('--db', this.db);
    if (this.redis) args.push('--redis', this.redis);
    const child = spawn(LUDUS_BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    let exit = null;
    child.on('exit', (code, signal) => {
      exit = `${this.name} exited (${signal ?? code}) before it answered:\n${this.log.slice(-2000)}`;
    });
    const keep = (chunk) => {
      this.log = (this.log + chunk).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    await waitFor(
      new URL('/live/info', this.url).href,
      20_000,
      async (response) => response.ok && (await response.json()).server === 'ludus',
      () => (this.child === child ? exit : null),
    );
    return this;
  }

  /** Ends the server at once (SIGKILL), as a crash; `start()` brings it back. */
  async kill() {
    const child = this.child;
    if (!child || child.exitCode != null || child.signalCode != null) return;
    const gone = new Promise((ok) => child.once('exit', ok));
    child.kill('SIGKILL');
    await gone;
    this.child = null;
  }

  async stop() {
    await this.kill();
  }
}

/** A Redis server of its own on a free loopback port, nothing kept on disk. */
export class RedisServer {
  constructor(port) {
    this.port = port;
    this.url = `redis://127.0.0.1:${port}`;
    this.child = null;
  }

  static async available() {
    return !!(await stat('/usr/bin/redis-server').catch(() => null));
  }

  async start() {
    this.child = spawn('redis-server', ['--port', String(this.port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'], { stdio: 'ignore' });
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      const up = await new Promise((ok) => {
        const probe = connect(this.port, '127.0.0.1');
        probe.once('connect', () => {
          probe.end();
          ok(true);
        });
        probe.once('error', () => ok(false));
      });
      if (up) return this;
      await sleep(100);
    }
    throw new Error('redis-server did not start');
  }

  async stop() {
    const child = this.child;
    this.child = null;
    // Already gone (stopped once): an exit event would never come again.
    if (!child || child.exitCode != null || child.signalCode != null) return;
    const gone = new Promise((ok) => child.once('exit', ok));
    child.kill('SIGKILL');
    await gone;
  }
}

/** A temporary folder for one test file's databases, and its removal. */
export async function tempDir() {
  const dir = await mkdtemp(join(tmpdir(), 'ludus-live-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
