// End-to-end: Ludus offline and as an installable app. After one visit the page opens and
// plays, the computer included, with the server gone and the network off; the browser finds
// the app installable; and a new build replaces the cached one as a whole, only when the
// reader accepts it, with no mix of old and new files at any moment.
//
// Each test serves its own copy of dist/ (the update test rebuilds that copy's offline list
// with scripts/precache.mjs, as Trunk does after a build).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, appendFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { root, dist, artifacts } from './site.mjs';
import { serve } from './server.mjs';
import { launch, launchPersistent } from './browser.mjs';
import { newPage } from './app-page.mjs';

const run = promisify(execFile);
let browser;
const folders = [];

before(async () => {
  assert.ok(await stat(join(dist, 'sw.js')).catch(() => null), 'dist/sw.js is missing: build the site first');
  browser = await launch();
});
after(async () => {
  await browser?.close();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** A copy of the built site in a folder of its own. */
async function siteCopy() {
  const folder = await mkdtemp(join(tmpdir(), 'ludus-offline-'));
  folders.push(folder);
  await cp(dist, folder, { recursive: true });
  return folder;
}

const versionOf = async (folder) => (await readFile(join(folder, 'sw.js'), 'utf8')).match(/^const VERSION = '([0-9a-f]+)';$/m)?.[1];

/** Waits until the page is controlled by the service worker (its files are all cached then). */
const waitControlled = (page) => page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: 20000 });

const waitReady = async (page) => {
  await page.waitForSelector('body[data-state]', { timeout: 20000 });
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'ready');
};

/** How many distinct colours the board canvas shows: an empty or undrawn canvas has one or none. */
const boardColours = (page) =>
  page.evaluate(() => {
    const canvas = document.querySelector('#board-box canvas');
    const { width, height } = canvas;
    const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
    const seen = new Set();
    for (let i = 0; i < data.length; i += 4 * 97) seen.add(data.slice(i, i + 4).join());
    return seen.size;
  });

const stepsInLink = (page) => page.evaluate(() => (location.hash.match(/moves=([^;]*)/)?.[1] ?? '').split(',').filter(Boolean).length);

test('after one visit Ludus opens and plays with the network off, and can be installed', async () => {
  const folder = await siteCopy();
  let server = await serve(folder);
  const port = Number(new URL(server.url).port);
  // A profile of its own: an incognito context (newContext) can never install an app.
  const profile = await mkdtemp(join(tmpdir(), 'ludus-profile-'));
  folders.push(profile);
  const context = await launchPersistent(profile);
  const page = await newPage(context);
  try {
    await page.goto(server.url + '#unlur;size=5');
    await waitReady(page);
    await waitControlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, []);
    const { url: manifestUrl } = await cdp.send('Page.getAppManifest');
    assert.equal(manifestUrl, server.url + 'www/manifest.webmanifest');

    // The server is gone and the browser offline: everything must come from the cache.
    await server.close();
    server = null;
    await context.setOffline(true);
    await page.goto(`http://127.0.0.1:${port}/?level=mcts:30#unlur;size=5`);
    await waitReady(page);
    assert.ok((await boardColours(page)) > 3, 'the board is drawn');
    // The computer plays both seats: its worker loads the engine from the cache too.
    await page.click('#players .seat-mode[data-seat="0"]');
    await page.click('#players .seat-mode[data-seat="1"]');
    await page.waitForFunction(() => (location.hash.match(/moves=([^;]*)/)?.[1] ?? '').split(',').length >= 4, null, { timeout: 30000 });
    assert.ok((await stepsInLink(page)) >= 4);
    await page.screenshot({ path: join(artifacts, 'offline-computer.png') });
    assert.deepEqual(page.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e)), []);
  } finally {
    await context.close();
    await server?.close();
  }
});

test('a new build replaces the cached one whole, when the reader accepts it', async () => {
  const folder = await siteCopy();
  const server = await serve(folder);
  const context = await browser.newContext();
  const page = await newPage(context);
  const cached = (file) => page.evaluate(async (f) => (await (await fetch(f)).text()), file);
  try {
    await page.goto(server.url + '#merlins-chain;moves=56@a3');
    await waitReady(page);
    await waitControlled(page);
    const first = await versionOf(folder);
    assert.deepEqual(await page.evaluate(() => caches.keys()), [`ludus-${first}`]);

    // A new build: two files change and the offline list is written again.
    const marker = `// build ${Date.now()}`;
    await appendFile(join(folder, 'www', 'app.js'), `\n${marker}\n`);
    await appendFile(join(folder, 'ludus.js'), `\n${marker}\n`);
    await run(process.execPath, [join(root, 'scripts', 'precache.mjs'), folder]);
    const second = await versionOf(folder);
    assert.notEqual(second, first);

    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await page.waitForSelector('#update-banner', { timeout: 20000 });
    assert.equal(await page.textContent('#update-banner span'), 'A new version of Ludus is ready.');
    // Until the reader accepts, the running page still gets the old build, all of it.
    assert.ok(!(await cached('www/app.js')).includes(marker));
    assert.ok(!(await cached('ludus.js')).includes(marker));
    await page.screenshot({ path: join(artifacts, 'offline-update-banner.png') });

    await Promise.all([page.waitForEvent('load', { timeout: 20000 }), page.click('#update-banner button')]);
    await waitReady(page);
    await waitControlled(page);
    assert.deepEqual(await page.evaluate(() => caches.keys()), [`ludus-${second}`]);
    assert.ok((await cached('www/app.js')).includes(marker));
    assert.ok((await cached('ludus.js')).includes(marker));
    // Every cached file is the new build's, byte for byte.
    const sizes = await page.evaluate(async (name) => {
      const cache = await caches.open(name);
      const out = {};
      for (const request of await cache.keys()) {
        const path = new URL(request.url).pathname.slice(1);
        if (path) out[path] = (await (await cache.match(request)).arrayBuffer()).byteLength;
      }
      return out;
    }, `ludus-${second}`);
    assert.ok(Object.keys(sizes).length > 20, 'the whole site is cached');
    for (const [path, size] of Object.entries(sizes)) {
      assert.equal(size, (await stat(join(folder, path))).size, path);
    }
    // The game on screen survived the switch.
    assert.match(await page.evaluate(() => location.hash), /^#merlins-chain;.*moves=56@a3/);
  } finally {
    await context.close();
    await server.close();
  }
});
