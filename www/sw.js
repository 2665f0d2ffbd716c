// The offline copy of Ludus: a service worker that keeps every file of one build in one
// cache, so that after one visit the page opens and plays (computer included) with no network.
//
// One build, one cache: `scripts/precache.mjs` (run by Trunk after each build) writes the
// build's VERSION (a hash of every file) and FILES below into the copy at the site root. A
// new build therefore changes this file, the browser installs the new worker beside the old
// one, and the old worker keeps answering from its own cache until the page asks to switch
// (www/offline.js). No page ever mixes the JS of one build with the wasm of another.

const VERSION = 'unbuilt'; // replaced at build time
const FILES = []; // replaced at build time: every file of the site, relative to this one
const CACHE = `ludus-${VERSION}`;
/** This script's global scope, typed as what it is: a service worker's. */
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

worker.addEventListener('install', (event) => {
  // `cache: 'reload'` skips the HTTP cache, which may still hold the previous build's files.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FILES.map((file) => new Request(file, { cache: 'reload' })))),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith('ludus-') && key !== CACHE) await caches.delete(key);
      }
      await worker.clients.claim();
    })(),
  );
});

// The page sends this when the reader accepts the new version (www/offline.js).
worker.addEventListener('message', (event) => {
  if (event.data === 'ludus:activate') worker.skipWaiting();
});

// The build's files, as URL paths ('./' is the site root itself).
const OWN = new Set(FILES.map((file) => new URL(file, worker.location.href).pathname));

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  // Anything that is not one of this build's files goes to the network untouched: the
  // live-play server's `/live` (its socket) and `/live/info` above all, never listed in
  // FILES (scripts/precache.mjs), are said here too so that no later change answers them.
  if (url.pathname === '/live' || url.pathname.startsWith('/live/')) return;
  if (request.method !== 'GET' || url.origin !== worker.location.origin || !OWN.has(url.pathname)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // A page's query (`embed.html?playable`, `?level=`) selects nothing on the server.
      const hit = await cache.match(request, { ignoreSearch: request.mode === 'navigate' });
      return hit ?? fetch(request);
    })(),
  );
});
