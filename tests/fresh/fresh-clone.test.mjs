// The README's first command on a fresh clone: clones this checkout's committed HEAD into an
// empty temporary folder, runs `scripts/play.sh` there exactly as the README says (with PORT
// set to a free port), waits for the address it prints, loads it in headless Chromium until a
// board is drawn on the canvas (pixels, not just an element), then stops the server with its
// children and removes the folder, also when something fails.
//
// It builds from nothing (no target/, dist/ or node_modules/ in the clone), so it takes a few
// minutes; FRESH_CLONE_MINUTES bounds it (default 20).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '../e2e/browser.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const minutes = Number(process.env.FRESH_CLONE_MINUTES ?? 20);
const budget = minutes * 60_000;

/** A port nothing listens on now (the system picks it). */
function freePort() {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => ok(port));
    });
  });
}

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/** The server process: output kept for failure messages; stopped as a whole process group. */
function start(dir, port) {
  const env = { ...process.env, PORT: String(port) };
  // A fresh clone builds into its own target/, whatever the caller's environment says.
  for (const name of Object.keys(env)) {
    if (name === 'CARGO_TARGET_DIR' || name.startsWith('TRUNK_')) delete env[name];
  }
  // Its own process group (detached), so that stopping it stops trunk, cargo and rustc too.
  const child = spawn('scripts/play.sh', [], { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const server = { child, output: '', exited: null };
  child.stdout.on('data', (d) => (server.output += d));
  child.stderr.on('data', (d) => (server.output += d));
  child.on('exit', (code, signal) => (server.exited = { code, signal }));
  return server;
}

async function stop(server) {
  if (!server || server.exited) return;
  const group = -server.child.pid;
  try {
    process.kill(group, 'SIGTERM');
  } catch {
    return; // already gone
  }
  for (let i = 0; i < 50 && !server.exited; i++) await sleep(100);
  try {
    process.kill(group, 'SIGKILL');
  } catch {
    // stopped on SIGTERM
  }
}

function tail(text, lines = 40) {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

/** Waits for `check` to return a value, or fails saying what was awaited. */
async function until(what, deadline, server, check) {
  for (;;) {
    const value = await check();
    if (value) return value;
    if (server.exited) {
      assert.fail(`scripts/play.sh exited (${JSON.stringify(server.exited)}) before ${what}:\n${tail(server.output)}`);
    }
    if (Date.now() > deadline) {
      assert.fail(`no ${what} within ${minutes} minutes; output so far:\n${tail(server.output)}`);
    }
    await sleep(500);
  }
}

/** Share of painted pixels and distinct colours (sampled) on the app's board canvas. */
function boardPixels(page) {
  return page.evaluate(() => {
    const canvas = document.querySelector('#board-box canvas');
    if (!canvas || !canvas.width || !canvas.height) return null;
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    const colours = new Set();
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] > 0) painted++;
      if (i % 64 === 0 && data[i + 3] > 0) colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    }
    return { painted: painted / (canvas.width * canvas.height), colours: colours.size };
  });
}

test('scripts/play.sh on a fresh clone serves a page that draws a board, and the live endpoint', { timeout: budget + 120_000 }, async () => {
  const deadline = Date.now() + budget;
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  const folder = await mkdtemp(join(tmpdir(), 'ludus-fresh-'));
  const dir = join(folder, 'ludus');
  let server = null;
  let browser = null;
  const onExit = () => server && !server.exited && process.kill(-server.child.pid, 'SIGKILL');
  process.on('exit', onExit);
  try {
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', root, dir], { stdio: 'pipe' });
    execFileSync('git', ['checkout', '--quiet', '--detach', head], { cwd: dir, stdio: 'pipe' });

    const port = await freePort();
    server = start(dir, port);
    const printed = await until('address printed', deadline, server, () =>
      server.output.match(/http:\/\/127\.0\.0\.1:(\d+)\//),
    );
    assert.equal(Number(printed[1]), port, 'play.sh prints the address for PORT');
    const url = printed[0];

    // The server answers once the page and the server are built.
    await until(`answer from ${url}`, deadline, server, async () => {
      const response = await fetch(url).catch(() => null);
      return response?.ok;
    });
    // Play online works out of the box: the live endpoint is there, on SQLite.
    const info = await (await fetch(new URL('live/info', url))).json();
    assert.equal(info.server, 'ludus');
    assert.equal(info.store, 'sqlite');

    browser = await launch();
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // An inline script injected by the server would be refused by the page's CSP.
    page.on('console', (m) => /Content.Security.Policy/i.test(m.text()) && errors.push(m.text()));
    await page.goto(url);
    const pixels = await until('board drawn on the canvas', deadline, server, async () => {
      const p = await boardPixels(page).catch(() => null);
      return p && p.painted > 0.2 && p.colours >= 3 ? p : null;
    });
    assert.ok(pixels.painted > 0.2, JSON.stringify(pixels));
    assert.equal(await page.evaluate(() => document.body.dataset.state), 'ready');
    assert.deepEqual(errors, [], 'no script errors or CSP violations on the page');
  } finally {
    await browser?.close().catch(() => {});
    await stop(server);
    process.off('exit', onExit);
    await rm(folder, { recursive: true, force: true });
  }
});
