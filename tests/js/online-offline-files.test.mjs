// The service worker never keeps or answers the live-play server's paths, nor the
// compressed copies a server may write beside the built files (scripts/precache-files.mjs,
// www/sw.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { precached } from '../../scripts/precache-files.mjs';

test('the offline list has the build files, never /live nor .gz or .br copies', () => {
  for (const name of ['index.html', 'ludus_bg.wasm', 'www/app.js', 'www/online/online.js', 'www/app/online-entry.js', 'www/livery.svg']) assert.ok(precached(name), name);
  for (const name of ['sw.js', 'www/sw.js', 'live', 'live/info', 'ludus_bg.wasm.gz', 'ludus_bg.wasm.br', 'www/app.js.gz', 'index.html.br']) assert.ok(!precached(name), name);
});

test('the service worker leaves /live and /live/info to the network', () => {
  const sw = readFileSync(new URL('../../www/sw.js', import.meta.url), 'utf8');
  const guard = sw.indexOf("url.pathname === '/live' || url.pathname.startsWith('/live/')");
  assert.ok(guard > 0, 'no guard for /live');
  assert.ok(guard < sw.indexOf('event.respondWith'), 'the guard comes before any answer');
});

test("the pages' Content-Security-Policy lets them connect to their own server only, the same in each", () => {
  const policy = (file) => {
    const html = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
    return /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)[1];
  };
  const csp = policy('index.html');
  assert.match(csp, /(^|; )connect-src 'self'(;|$)/);
  assert.equal(policy('www/embed.html'), csp);
  assert.equal(policy('www/examples/blog-post.html'), csp);
});
