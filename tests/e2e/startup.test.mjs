// End-to-end: the page's startup in headless Chromium. Reports (does not assert: the
// machine's load decides the figures) the time from navigation to the first drawn board
// (the `ludus:first-board` performance mark of www/board/board.js), to the engine being
// ready (`ludus:engine-ready`, www/engine.js), and when the wasm and the page's modules
// arrived, as medians over fresh loads; and the gzipped size of the wasm + JS a fresh load
// fetches before its first board, which must stay within its budget. Checks that the
// preloaded wasm is fetched once (the preload is reused, not fetched twice), that what is
// loaded only on first use (the study module, the exporters, the setup editor) is not
// fetched at start, and that no page error occurs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { useSite, dist } from './site.mjs';

const site = useSite(['ludus_bg.wasm', 'ludus.js', 'index.html', 'www/app.js']);

const LOADS = 5;
/** The budget for the wasm + JS a fresh load fetches to show the board, gzipped. */
const SIZE_BUDGET = 250 * 1024;
/** Loaded on first use, never at start (www/engine.js studyEngine, www/analysis/analysis.js, www/share/menu.js,
 * App.openEditor, app/head.js mountRules, a storage problem, Learn and Puzzles, a widget's puzzle,
 * play by link in share/correspondence-entry.js): most visits never need them. */
const LAZY = ['/ludus_study.js', '/ludus_study_bg.wasm', '/www/analysis/panel.js', '/www/share/menu-panel.js', '/www/share/export.js', '/www/share/svg-context.js', '/www/editor.js', '/www/app/saved-games-list.js', '/www/app/saved-games-upgrade.js', '/www/app/rules-text.js', '/www/storage-note.js', '/www/learn/trainer.js', '/www/learn/drill.js', '/www/learn/data.js', '/www/learn/progress.js', '/www/learn/daily.js', '/www/learn/route.js', '/www/embed/puzzle.js', '/www/share/correspondence.js'];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One fresh load (new context: nothing cached): the figures in ms from navigation start. */
async function load() {
  const context = await site.browser.newContext({ viewport: { width: 1200, height: 800 } });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(site.server.url);
    await page.waitForFunction(() => performance.getEntriesByName('ludus:first-board').length > 0);
    const figures = await page.evaluate(() => {
      const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
      const resources = performance.getEntriesByType('resource');
      const named = (suffix) => resources.filter((r) => new URL(r.name).pathname.endsWith(suffix));
      const scripts = resources.filter((r) => /\.js$/.test(new URL(r.name).pathname));
      const nav = performance.getEntriesByType('navigation')[0];
      return {
        firstBoard: mark('ludus:first-board'),
        engineReady: mark('ludus:engine-ready'),
        htmlEnd: nav.responseEnd,
        domContentLoaded: nav.domContentLoadedEventEnd,
        wasmFetches: named('/ludus_bg.wasm').length,
        wasmStart: named('/ludus_bg.wasm')[0]?.startTime ?? NaN,
        wasmEnd: named('/ludus_bg.wasm')[0]?.responseEnd ?? NaN,
        modules: scripts.length,
        modulesEnd: Math.max(...scripts.map((r) => r.responseEnd)),
        fetched: resources.map((r) => new URL(r.name).pathname).filter((p) => /\.(js|wasm)$/.test(p)),
      };
    });
    return { ...figures, errors };
  } finally {
    await context.close();
  }
}

test('startup: time to the first drawn board (reported), one wasm fetch, no errors', async (t) => {
  const runs = [];
  for (let i = 0; i < LOADS; i++) runs.push(await load());
  for (const run of runs) {
    assert.deepEqual(run.errors, []);
    assert.equal(run.wasmFetches, 1, 'the preloaded wasm was fetched again');
    assert.ok(run.firstBoard > 0 && run.engineReady > 0, JSON.stringify(run));
    assert.ok(run.engineReady <= run.firstBoard, 'a board was drawn before the engine was ready');
    assert.deepEqual(run.fetched.filter((p) => LAZY.includes(p)), [], 'loaded at start, though only needed on first use');
    assert.deepEqual(run.fetched.filter((p) => /^\/www\/learn\/.*\.json$/.test(p)), [], 'lessons or puzzles fetched at start');
  }
  const m = (key) => median(runs.map((r) => r[key])).toFixed(0);
  t.diagnostic(
    `startup, median of ${LOADS} fresh loads, ms from navigation: first board ${m('firstBoard')}, ` +
      `engine ready ${m('engineReady')}, wasm fetched ${m('wasmStart')}-${m('wasmEnd')}, ` +
      `${m('modules')} modules in by ${m('modulesEnd')}, HTML in ${m('htmlEnd')}, ` +
      `DOMContentLoaded ${m('domContentLoaded')}`,
  );
});

test('a fresh load fetches at most 250 KB of wasm + JS, gzipped (reported)', async (t) => {
  const { fetched, errors } = await load();
  assert.deepEqual(errors, []);
  assert.ok(fetched.includes('/ludus_bg.wasm') && fetched.includes('/www/app.js'), fetched.join(' '));
  const gzipped = (path) => gzipSync(readFileSync(join(dist, path.slice(1))), { level: 9 }).length;
  let total = 0;
  for (const path of new Set(fetched)) total += gzipped(path);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  t.diagnostic(
    `a fresh load's wasm + JS gzipped: ${kb(total)} in ${new Set(fetched).size} files ` +
      `(wasm ${kb(gzipped('/ludus_bg.wasm'))}), budget ${kb(SIZE_BUDGET)}; ` +
      `loaded on first use: ${LAZY.map((p) => `${p.slice(1)} ${kb(gzipped(p))}`).join(', ')}`,
  );
  assert.ok(total <= SIZE_BUDGET, `${kb(total)} gzipped, past the ${kb(SIZE_BUDGET)} budget`);
});
