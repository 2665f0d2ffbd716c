// Play online without a Ludus server (the static build on any web server, GitHub Pages,
// `trunk serve`), and offline: the entry is there, the panel says why online play is
// unavailable, nothing of it loads before it is used, and the rest of the page plays on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { useSite, artifacts } from './site.mjs';
import { newPage, open, state, waitCursor } from './app-page.mjs';

const site = useSite();

test('without a server the panel says so, and the page plays on', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await newPage(context);
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await open(page, site.server.url);
  assert.ok(await page.locator('#play-online-button').isVisible(), 'the entry is shown');
  // Nothing of online play but its entry on the first load.
  assert.deepEqual(fetched.filter((p) => p.startsWith('/www/online/') || p.startsWith('/live')), []);
  await page.click('#play-online-button');
  const problem = page.locator('#online-card .online-problem');
  await problem.waitFor();
  assert.match(await problem.textContent(), /This copy of Ludus is served without a Ludus server/);
  assert.ok(fetched.includes('/www/online/online.js'), 'loaded on first use');
  assert.ok(fetched.includes('/live/info'));
  assert.ok(!fetched.includes('/live'), 'no socket is tried without a server');
  await page.screenshot({ path: join(artifacts, 'online-unavailable.png') });
  // The game goes on as always.
  const s = await state(page);
  await page.evaluate((text) => window.ludusTest.play(text), s.legal[0].text);
  await waitCursor(page, 1);
  assert.deepEqual(page.errors.filter((e) => !/404/.test(e)), []);
  await context.close();
});

test('offline, the panel says so', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await newPage(context);
  await open(page, site.server.url);
  await page.click('#play-online-button');
  const problem = page.locator('#online-card .online-problem');
  await problem.waitFor();
  // The network goes (a train, a flight): asked again, the page says that instead.
  await context.setOffline(true);
  await page.click('#online-card [data-act="retry"]');
  await page.waitForFunction(() => /You are offline/.test(document.querySelector('#online-card .online-problem')?.textContent ?? ''));
  await context.close();
});

test('a live link without a server says so, and the board shows the saved game', async () => {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await newPage(context);
  await open(page, `${site.server.url}#live=abcdefghij`);
  const problem = page.locator('#online-card .online-problem');
  await problem.waitFor();
  assert.match(await problem.textContent(), /without a Ludus server/);
  assert.equal(new URL(page.url()).hash, '#live=abcdefghij', 'the link stays in the address');
  assert.ok((await state(page)).game, 'a board is shown');
  assert.deepEqual(page.errors.filter((e) => !/404/.test(e)), []);
  await context.close();
});
