// index.html preloads the page's modules so the browser fetches them at once instead of one
// import level after another: the list must be exactly app.js's static import graph (a
// module missing from it is fetched late; a stale one is fetched for nothing), plus the
// engine (ludus.js and ludus_bg.wasm, loaded by www/engine.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const html = readFileSync(join(root, 'index.html'), 'utf8');

/** The modules `file` imports statically (paths relative to the site root). */
function importsOf(file) {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers = [...text.matchAll(/^\s*import\s+(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm)];
  return specifiers.map(([, spec]) => relative(root, join(root, dirname(file), spec)));
}

function graphFrom(entry) {
  const seen = new Set();
  const todo = [entry];
  while (todo.length) {
    const file = todo.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...importsOf(file));
  }
  seen.delete(entry);
  return seen;
}

const links = (rel) =>
  [...html.matchAll(/<link\s+([^>]*)>/g)]
    .map(([, attrs]) => attrs)
    .filter((attrs) => new RegExp(`rel="${rel}"`).test(attrs))
    .map((attrs) => attrs.match(/href="([^"]+)"/)[1]);

test('the module preloads are exactly the static import graph of www/app.js', () => {
  const graph = graphFrom('www/app.js');
  assert.ok(graph.has('www/engine.js') && graph.has('www/board/board.js'), [...graph].join(' '));
  const preloaded = new Set(links('modulepreload').filter((href) => href !== 'ludus.js'));
  assert.deepEqual([...preloaded].sort(), [...graph].sort());
});

test('the engine is preloaded: its glue module and the wasm as a CORS fetch', () => {
  assert.ok(links('modulepreload').includes('ludus.js'));
  const wasm = [...html.matchAll(/<link\s+([^>]*)>/g)]
    .map(([, attrs]) => attrs)
    .find((attrs) => /href="ludus_bg\.wasm"/.test(attrs));
  assert.ok(wasm, 'no preload of ludus_bg.wasm');
  // Only a preload with the same mode as engine.js's fetch() (CORS) is reused by it.
  assert.match(wasm, /rel="preload"/);
  assert.match(wasm, /as="fetch"/);
  assert.match(wasm, /crossorigin/);
});
