// End-to-end: hostile text in every input of the page and the widget, and broken storage.
//
// Markup with a script in it (`<img src=x onerror=…>`) and `javascript:` URLs go into the step
// box, the Unity setup text and editor, the URL fragment, every <ludus-board> attribute and
// the iframe page's query and fragment. Each must be shown as text or refused with a message:
// no script runs (window.__pwned stays unset, no Content-Security-Policy violation is
// reported), no element gets an event-handler attribute or an <img src=x>, and no href or src
// is a `javascript:` URL (shadow roots included). localStorage that is full, blocked or holds
// garbage leaves the app working with a visible note, and a bad link never overwrites the
// saved game.
//
// Only the pages' DOM and the widget's documented `state` are read, not the app's internals.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from './site.mjs';

const site = useSite(['ludus_bg.wasm', 'index.html', 'www/embed.html', 'www/embed/ludus-board.js']);

const IMG = '<img src=x onerror="window.__pwned=1">';
const JS = 'javascript:window.__pwned=2';
const PAYLOADS = [IMG, JS, `"><svg onload="window.__pwned=3">`];

/** Runs in every page before its scripts: records CSP violations. */
function watch() {
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (e) =>
    window.__violations.push(`${e.violatedDirective}: ${e.blockedURI || e.sample}`),
  );
}

/** A fresh page (own context: own storage) with the watcher installed. */
async function newPage(init) {
  const context = await site.browser.newContext();
  await context.addInitScript(watch);
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

/** Everything that would show an injection, over the document and every shadow root. */
function injectionReport() {
  const found = [];
  const visit = (root) => {
    for (const node of root.querySelectorAll('*')) {
      for (const attr of node.attributes) {
        if (/^on/i.test(attr.name)) found.push(`<${node.localName} ${attr.name}>`);
        if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attr.name) && /^\s*javascript:/i.test(attr.value))
          found.push(`<${node.localName} ${attr.name}="${attr.value.slice(0, 40)}">`);
      }
      if (node.localName === 'img' && node.getAttribute('src') === 'x') found.push('<img src=x>');
      if (node.shadowRoot) visit(node.shadowRoot);
    }
  };
  visit(document);
  return { pwned: window.__pwned ?? null, violations: window.__violations ?? [], found };
}

async function assertClean(page, where) {
  const report = await page.evaluate(injectionReport);
  assert.deepEqual(report, { pwned: null, violations: [], found: [] }, where);
}

const url = (path = '') => site.server.url + path;

async function openApp(page, hash = '') {
  await page.goto(url(hash ? `#${hash}` : ''));
  await page.waitForSelector('body[data-state="ready"]');
}

const text = (page, selector) => page.locator(selector).textContent();

test('the step box shows hostile text as an error message', async () => {
  const page = await newPage();
  await openApp(page);
  for (const payload of PAYLOADS) {
    await page.fill('#step-input', payload);
    await page.press('#step-input', 'Enter');
    await page.waitForFunction(() => document.querySelector('#step-help').textContent.trim() !== '');
    const help = await text(page, '#step-help');
    assert.ok(help.length > 0, `a message for ${payload}`);
    await assertClean(page, `step box: ${payload}`);
    await page.evaluate(() => (document.querySelector('#step-help').textContent = ''));
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('hostile links are refused with a message shown as text', async () => {
  const page = await newPage();
  for (const hash of [
    encodeURIComponent(IMG),
    IMG,
    JS,
    `unity;layout=${encodeURIComponent(IMG)}`,
    `unravel;moves=${encodeURIComponent(IMG)}`,
    `unlur;size=${JS}`,
  ]) {
    await openApp(page, hash);
    await page.waitForSelector('#notice:not([hidden])');
    const notice = await text(page, '#notice-text');
    assert.match(notice, /does not hold a game/, hash);
    await assertClean(page, `link #${hash}`);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the Unity setup text and the setup editor refuse hostile text', async () => {
  const page = await newPage();
  await openApp(page, 'unity');
  for (const payload of PAYLOADS) {
    for (const key of ['layout', 'walls', 'seed']) {
      await page.evaluate(() => document.querySelectorAll('#options-fields details').forEach((d) => (d.open = true)));
      await page.fill(`#options-fields [name="${key}"]`, payload);
      await page.click('#start-button');
      await page.waitForSelector('#options-error:not([hidden])');
      assert.match(await text(page, '#options-error'), /Cannot start/, `${key}: ${payload}`);
      await assertClean(page, `setup ${key}: ${payload}`);
      await page.fill(`#options-fields [name="${key}"]`, '');
    }
    // The editor opens on the form's text: a layout that is not one cell a character is dropped.
    await page.fill('#options-fields [name="layout"]', payload);
    await page.click('text=Edit setup…');
    await page.waitForSelector('#setup-editor[open]');
    await assertClean(page, `editor with layout ${payload}`);
    await page.click('#editor-cancel');
    await page.fill('#options-fields [name="layout"]', '');
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('hostile <ludus-board> attributes are refused or shown as text', async () => {
  const page = await newPage();
  const attributes = ['record', 'game', 'options', 'at', 'theme', 'size', 'app'];
  const boards = [];
  for (const name of attributes) {
    for (const [i, payload] of PAYLOADS.entries()) {
      // Each attribute hostile on its own, the others valid, so the hostile one is reached.
      const attrs = { record: 'unlur;moves=d4,pass', [name]: payload };
      if (name === 'game' || name === 'options') delete attrs.record;
      if (name === 'options') attrs.game = 'unravel';
      boards.push({ id: `${name}-${i}`, attrs });
    }
  }
  const escape = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const html = `<!doctype html><meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="script-src 'self' 'wasm-unsafe-eval'; object-src 'none'">
    <script type="module" src="/www/embed/ludus-board.js"></script>
    ${boards
      .map((b) => `<ludus-board id="${b.id}" ${Object.entries(b.attrs).map(([k, v]) => `${k}="${escape(v)}"`).join(' ')}></ludus-board>`)
      .join('\n')}`;
  const address = url('hostile-boards.html');
  await page.route(address, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto(address);
  await page.waitForFunction(
    (n) => [...document.querySelectorAll('ludus-board')].filter((b) => b.state?.status !== 'loading').length === n,
    boards.length,
  );
  const states = await page.evaluate(() =>
    [...document.querySelectorAll('ludus-board')].map((b) => ({
      id: b.id,
      state: b.state,
      links: [...b.shadowRoot.querySelectorAll('a')].map((a) => a.getAttribute('href')),
    })),
  );
  for (const { id, state, links } of states) {
    assert.ok(state.status === 'ready' || (state.status === 'error' && state.message), `${id}: ${JSON.stringify(state)}`);
    if (/^(record|game|options)-/.test(id)) assert.equal(state.status, 'error', `${id} is refused`);
    for (const href of links) assert.ok(!href || /^(https?|file):/.test(href), `${id}: link ${href}`);
  }
  // Attributes changed after the boards are up are read the same way.
  await page.evaluate((payloads) => {
    const board = document.querySelector('ludus-board');
    for (const name of ['record', 'game', 'options', 'at', 'theme', 'size', 'app']) {
      for (const p of payloads) board.setAttribute(name, p);
    }
  }, PAYLOADS);
  await page.waitForTimeout(200);
  await assertClean(page, '<ludus-board> attributes');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the iframe page refuses a hostile query and fragment', async () => {
  const page = await newPage();
  const query = new URLSearchParams({ app: JS, theme: IMG, size: IMG, at: IMG, options: IMG, game: IMG, playable: '' });
  for (const hash of [encodeURIComponent(IMG), JS, 'unlur;moves=d4']) {
    await page.goto(url(`www/embed.html?${query}#${hash}`));
    await page.waitForFunction(() => ['ready', 'error'].includes(document.querySelector('ludus-board')?.state?.status));
    const state = await page.evaluate(() => document.querySelector('ludus-board').state);
    if (hash.startsWith('unlur')) assert.equal(state.status, 'ready', JSON.stringify(state));
    else assert.ok(state.status === 'error' && state.message, JSON.stringify(state));
    await assertClean(page, `embed.html#${hash}`);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** Plays a step through the step box and waits for the move list to show it. */
async function playStep(page, step) {
  await page.fill('#step-input', step);
  await page.press('#step-input', 'Enter');
  await page.waitForFunction((s) => document.querySelector('#moves').textContent.includes(s), step);
}

const note = (page) => page.locator('#storage-note:not([hidden]) .storage-note-text').textContent({ timeout: 5000 });

test('full storage: the game goes on and a note says it is not saved', async () => {
  const page = await newPage(() => {
    Storage.prototype.setItem = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await openApp(page, 'unravel');
  await playStep(page, 'c3');
  assert.match(await note(page), /full/);
  await playStep(page, 'd4');
  await assertClean(page, 'full storage');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('blocked storage: the app loads, plays and says games are not saved', async () => {
  const page = await newPage(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
  });
  await openApp(page);
  assert.match(await note(page), /does not let Ludus keep/);
  await playStep(page, 'c3');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('damaged storage: the app starts afresh and says so', async () => {
  const page = await newPage();
  await openApp(page);
  await page.evaluate((img) => {
    localStorage.setItem('ludus:v1:prefs', '{"theme": garbage');
    localStorage.setItem('ludus:v1:game:unravel', `unravel;moves=zz9,${img}`);
    localStorage.setItem('ludus:v1:last', img);
    localStorage.setItem('ludus:v1:options:unravel', '\u0000\uffff');
  }, IMG);
  await openApp(page);
  assert.match(await note(page), /could not be read/);
  await playStep(page, 'c3');
  await assertClean(page, 'damaged storage');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a bad link never overwrites the saved game', async () => {
  const page = await newPage();
  await openApp(page, 'unravel');
  await playStep(page, 'c3');
  await playStep(page, 'd4');
  const saved = await page.evaluate(() => location.hash);
  assert.match(saved, /c3,d4/);
  await openApp(page, `unravel;moves=${encodeURIComponent(IMG)}`);
  await page.waitForSelector('#notice:not([hidden])');
  await openApp(page);
  assert.equal(await page.evaluate(() => location.hash), saved, 'the saved game is back');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// Right-to-left overrides, isolates and marks, and zero-width characters reorder or hide
// what follows them in a message; every message that quotes input shows them as escapes.
const BIDI = /[\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069]/u;

test('invisible and right-to-left characters in input are shown as escapes in messages', async () => {
  const page = await newPage();
  for (const hash of [
    `unravel;moves=${encodeURIComponent('\u202eb2 tuo')}`,
    `unlur;${encodeURIComponent('\u2067size')}=5`,
    `unity;neutral=${encodeURIComponent('\u200fpink\u2069')}`,
  ]) {
    await openApp(page, hash);
    await page.waitForSelector('#notice:not([hidden])');
    const notice = await text(page, '#notice-text');
    assert.match(notice, /does not hold a game/, hash);
    assert.doesNotMatch(notice, BIDI, `${hash}: ${JSON.stringify(notice)}`);
    assert.match(notice, /\\u\{(202e|2067|200f)\}/, `${hash}: ${notice}`);
  }
  await openApp(page, 'unlur');
  await page.fill('#step-input', 'd\u202e4\u200b');
  await page.press('#step-input', 'Enter');
  await page.waitForFunction(() => document.querySelector('#step-help').textContent.trim() !== '');
  const help = await text(page, '#step-help');
  assert.doesNotMatch(help, BIDI, JSON.stringify(help));
  assert.match(help, /\\u\{202e\}/, help);

  await page.goto(url(`www/embed.html#unlur;moves=d4,${encodeURIComponent('\u202ec3')}`));
  await page.waitForFunction(() => ['ready', 'error'].includes(document.querySelector('ludus-board')?.state?.status));
  const { message } = await page.evaluate(() => document.querySelector('ludus-board').state);
  assert.ok(message, 'the board says why it cannot be shown');
  assert.doesNotMatch(message, BIDI, JSON.stringify(message));
  assert.match(message, /\\u\{202e\}/, message);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** Runs `setup` in the site's storage, then opens the app afresh. */
async function withStorage(page, setup, arg) {
  await page.goto(url('www/favicon.svg'));
  await page.evaluate(setup, arg);
  await openApp(page);
}

test('stored settings of the wrong kind are dropped with a note; the page and "Start new game" work', async () => {
  const page = await newPage();
  await withStorage(page, () => localStorage.setItem('ludus:v1:prefs', JSON.stringify({ 'options:unravel': 5, theme: 7, coords: 'x' })));
  await page.waitForFunction(() => document.querySelector('#status-main').textContent !== 'Loading…', null, { timeout: 5000 });
  assert.match(await note(page), /settings could not be read/);
  assert.ok(await page.locator('#game-tabs .active').count(), 'a game is shown');
  // The bad entries are gone from storage, so the next visit starts cleanly.
  assert.deepEqual(await page.evaluate(() => JSON.parse(localStorage.getItem('ludus:v1:prefs'))), {});
  await page.click('#start-button');
  await playStep(page, 'c3');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a Games by link entry of an unknown game is dropped with a note; start-up and links still work', async () => {
  const page = await newPage();
  await withStorage(page, (img) =>
    localStorage.setItem(
      'ludus:v1:correspondence',
      JSON.stringify([
        { id: 'chesschess', game: 'chess', title: img, record: 'chess;moves=e4', seat: 0, moves: 1, players: ['White', 'Black'], toMove: 1, result: '' },
        { id: 'unlurunlur', game: 'unlur', title: 'Unlur', record: 'unlur;moves=d4', seat: 1, moves: 1, players: ['White', 'Black'], toMove: 1, result: '' },
      ]),
    ), IMG);
  assert.match(await note(page), /Games by link/);
  assert.deepEqual(await page.locator('#my-games li a').allTextContents(), ['Unlur, move 1: your turn']);
  // Navigation goes on: a link opened in the page is followed.
  await page.evaluate(() => (location.hash = '#merlins-chain'));
  await page.waitForFunction(() => document.querySelector('#game-tabs .active')?.dataset.game === 'merlins-chain');
  await assertClean(page, 'unknown game in Games by link');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a saved-games list holding garbage is read with a note, the good entries kept, the others kept aside', async () => {
  const page = await newPage();
  await withStorage(page, (img) =>
    localStorage.setItem(
      'ludus:v1:saved-games',
      JSON.stringify({
        current: 'abcdefabcdef',
        games: [
          { id: 'abcdefabcdef', record: 'unravel;moves=c3', updated: 1, status: img },
          { id: 'chesschess12', record: 'chess;moves=e4', updated: 2 },
          { id: img, record: 'unlur' },
        ],
      }),
    ), IMG);
  assert.match(await note(page), /saved games could not be read/);
  assert.equal(await page.evaluate(() => location.hash), '#unravel;moves=c3');
  await page.evaluate(() => (document.getElementById('saved-games-card').open = true));
  await page.waitForSelector('#saved-games li');
  assert.equal(await page.locator('#saved-games .saved-game-open').count(), 1);
  // The entries that cannot be read are listed aside, as text, to download.
  assert.deepEqual(await page.locator('#saved-games li.unreadable .saved-game-text').allTextContents(), [
    'Saved game 1 that could not be read: this page does not play chess.',
    'Saved game 2 that could not be read: its id is not one Ludus makes.',
  ]);
  await assertClean(page, 'garbage saved games');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a localStorage that is null: the page says games are not saved, and plays', async () => {
  const page = await newPage(() => Object.defineProperty(window, 'localStorage', { value: null }));
  await openApp(page);
  assert.match(await note(page), /does not let Ludus keep/);
  await playStep(page, 'c3');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
