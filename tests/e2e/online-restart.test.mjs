// End-to-end: live games survive their server. The server is SIGKILLed mid-game (a crash)
// and started again on the same port and database: both pages say "Reconnecting…", come
// back by themselves, and the game goes on from the last confirmed step. Then two servers
// sharing one Redis, a player on each: one server is killed and started again, and its
// player comes back to the same game.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch } from './browser.mjs';
import { state } from './app-page.mjs';
import { player, live, openPanel, create, waitSteps, waitStatus, playLive } from './online-page.mjs';
import { LiveServer, RedisServer, freePort, tempDir, ludusBuilt, LUDUS_BIN } from './live-server.mjs';

const site = { browser: null, temp: null, servers: [] };

before(async () => {
  if (!(await ludusBuilt())) throw new Error(`no server binary at ${LUDUS_BIN}: cargo build --release --bin ludus`);
  site.temp = await tempDir();
  site.browser = await launch();
});

after(async () => {
  for (const server of site.servers) await server.stop();
  await site.browser?.close();
  await site.temp?.remove();
});

/** Waits until the page has its socket open again and its game's state back. */
function waitBack(page, n) {
  return page.waitForFunction((n) => {
    const l = window.ludusTest.live();
    return l?.connection === 'open' && l.model?.n === n;
  }, n, { timeout: 30_000 });
}

/** Waits until the page says it is reconnecting. */
async function waitReconnecting(page) {
  await page.waitForFunction(() => window.ludusTest.live()?.connection === 'reconnecting', null, { timeout: 10_000 });
  assert.match(await page.locator('#online-card .online-connection').textContent(), /Reconnecting…/);
}

test('the server killed mid-game and started again: the pages reconnect and the game goes on', async (t) => {
  const server = new LiveServer({ port: await freePort(), db: join(site.temp.dir, 'restart.db') });
  site.servers.push(server);
  await server.start();
  const site1 = { browser: site.browser, server };
  const first = await player(site1, server.url);
  await openPanel(first, 'unravel', { size: 5 });
  const link = await create(first, { seat: '0', clock: '15+10' });
  const second = await player(site1, link);
  await waitStatus(first, 'playing');
  const pages = [first, second];
  await playLive(pages, { seed: 21, steps: 4 });
  const before = (await state(first)).steps;

  await server.kill();
  for (const page of pages) await waitReconnecting(page);
  await server.start();
  for (const page of pages) await waitBack(page, 4);
  for (const page of pages) {
    await waitSteps(page, 4);
    assert.deepEqual((await state(page)).steps, before, 'the game as it was confirmed');
    assert.equal(await page.locator('#online-card .online-connection').count(), 0, 'Reconnecting… is gone');
  }
  assert.deepEqual([(await live(first)).model.you, (await live(second)).model.you], [0, 1], 'each page holds its seat again');
  await playLive(pages, { seed: 22, steps: 3 });
  for (const page of pages) {
    assert.deepEqual(page.errors.filter((e) => !/WebSocket|ERR_CONNECTION_REFUSED|Failed to load resource/.test(e)), []);
    await page.context().close();
  }
  await server.stop();
});

test('two servers on one Redis, a player on each; one killed and started again', async (t) => {
  assert.ok(await RedisServer.available(), 'redis-server is installed (scripts/install-tools.sh --redis)');
  const redis = new RedisServer(await freePort());
  site.servers.push(redis);
  await redis.start();
  const one = new LiveServer({ port: await freePort(), redis: redis.url, name: 'one' });
  const two = new LiveServer({ port: await freePort(), redis: redis.url, name: 'two' });
  site.servers.push(one, two);
  await one.start();
  await two.start();
  const first = await player({ browser: site.browser, server: one }, one.url);
  await openPanel(first, 'unlur', { size: 4 });
  const link = await create(first, { seat: '0', clock: '15+10' });
  // The same game through the other server (another origin: its own storage, its own token).
  const id = new URL(link).hash.slice('#live='.length);
  const second = await player({ browser: site.browser, server: two }, `${two.url}#live=${id}`);
  for (const page of [first, second]) await waitStatus(page, 'playing');
  const pages = [first, second];
  const prefer = (st) => (st.kind === 'pass' ? 0 : 1);
  await playLive(pages, { seed: 23, steps: 3, prefer });

  await two.kill();
  await waitReconnecting(second);
  // The game goes on through the server still up; the other page is told when it is back.
  await two.start();
  await waitBack(second, 3);
  await playLive(pages, { seed: 24, steps: 3, prefer });
  for (const page of pages) await waitSteps(page, 6);
  assert.deepEqual((await state(first)).steps, (await state(second)).steps);
  for (const page of pages) await page.context().close();
  await one.stop();
  await two.stop();
  await redis.stop();
});
