// End-to-end: a browser whose WebAssembly has no SIMD. The engine modules are built with
// simd128 (.cargo/config.toml), which such a browser cannot compile; www/engine.js checks
// first and says why, so the app page and the widget each show a message that names the
// browsers needed, instead of a compile error. The browser is simulated in headless
// Chromium by a WebAssembly.validate that rejects any module with a SIMD opcode (prefix
// byte 0xfd), set before the pages' scripts run. A control with the real validate shows
// the simulation is what fails the load.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from './site.mjs';

const site = useSite(['ludus_bg.wasm', 'index.html', 'www/examples/blog-post.html']);

/** Runs in the page before its scripts: WebAssembly as a browser without SIMD validates. */
function withoutSimd() {
  const validate = WebAssembly.validate.bind(WebAssembly);
  WebAssembly.validate = (bytes) =>
    !new Uint8Array(bytes.buffer ?? bytes, bytes.byteOffset ?? 0, bytes.byteLength).includes(0xfd) &&
    validate(bytes);
}

async function open(path, init) {
  const context = await site.browser.newContext();
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(site.server.url + path);
  return page;
}

const NAMES_BROWSERS =
  /this browser's WebAssembly has no SIMD, which Ludus needs; Chrome or Edge 91, Firefox 89 and Safari 16\.4 or later have it/;

test('the app page tells a browser without WebAssembly SIMD why the engine does not load', async () => {
  const page = await open('', withoutSimd);
  try {
    await page.waitForFunction(() => document.body.dataset.state === 'failed', null, { timeout: 15000 });
    const shown = await page.evaluate(() => ({
      loading: document.getElementById('loading')?.textContent ?? '',
      status: document.getElementById('status-main').textContent,
    }));
    assert.match(shown.loading, /^The rules engine could not be loaded: this browser's WebAssembly has no SIMD/);
    assert.match(shown.loading, NAMES_BROWSERS);
    assert.equal(shown.status, 'The rules engine could not be loaded.');
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});

test('a widget in a browser without WebAssembly SIMD shows why it cannot draw', async () => {
  const page = await open('www/examples/blog-post.html', withoutSimd);
  try {
    await page.waitForFunction(
      () => [...document.querySelectorAll('ludus-board')].every((b) => b.state?.status === 'error'),
      null,
      { timeout: 15000 },
    );
    const messages = await page.evaluate(() =>
      [...document.querySelectorAll('ludus-board')].map((b) => b.state.message),
    );
    assert.ok(messages.length > 1);
    for (const message of messages) assert.match(message, NAMES_BROWSERS);
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});

test('with the real WebAssembly.validate the same page loads its engine', async () => {
  const page = await open('');
  try {
    await page.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: 15000 });
    assert.deepEqual(page.errors, []);
  } finally {
    await page.context().close();
  }
});
