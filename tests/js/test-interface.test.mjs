// The browser tests reach into the page only through its test interface
// (www/test-interface.js, docs/TESTING.md): checked here on the sources, so that a change
// inside App has one file to keep working for them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

const root = new URL('../../', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');
const E2E = readdirSync(new URL('tests/e2e/', root))
  .filter((name) => name.endsWith('.mjs'))
  .map((name) => `tests/e2e/${name}`);

/** The entries of `ludusTest`, each with the comment before it (or null). */
function entries() {
  const source = read('www/test-interface.js');
  const body = source.slice(source.indexOf('export const ludusTest = {'));
  const found = [];
  // Entries sit two spaces in; a doc comment, if any, ends on the line before.
  const lines = body.split('\n');
  lines.forEach((line, i) => {
    const m = /^ {2}(\w+): /.exec(line);
    if (!m) return;
    let doc = null;
    if (lines[i - 1]?.trim().endsWith('*/')) {
      let j = i - 1;
      while (j > 0 && !lines[j].trim().startsWith('/**')) j--;
      if (lines[j].trim().startsWith('/**')) doc = lines.slice(j, i).join('\n');
    }
    found.push({ name: m[1], doc });
  });
  return found;
}

test('no browser test reads the App or its helpers past the test interface', () => {
  for (const file of E2E) {
    const text = read(file);
    assert.doesNotMatch(text, /__ludus/, `${file} reads window.__ludus`);
    assert.doesNotMatch(text, /import\(\s*['"]\/www\/(app|input)\.js['"]/, `${file} imports the App's module or its counters`);
  }
  // It is set in one place, and the page itself never loads it.
  const setters = E2E.filter((file) => /window\.ludusTest = /.test(read(file)));
  assert.deepEqual(setters, ['tests/e2e/app-page.mjs']);
  for (const file of ['index.html', 'www/embed.html', 'www/app.js', 'www/sw.js']) {
    assert.doesNotMatch(read(file), /test-interface/, `${file} loads the test interface`);
  }
});

test('every entry of the test interface is documented, here and in docs/TESTING.md', () => {
  const list = entries();
  assert.ok(list.length >= 10, `entries found: ${list.map((e) => e.name)}`);
  const doc = read('docs/TESTING.md');
  const start = doc.indexOf('| entry | what it gives |');
  const table = doc.slice(start, doc.indexOf('\n\n', start));
  const rows = [...table.matchAll(/^\| (.+?) \|/gm)].slice(1).map((m) => m[1]);
  const named = new Set(rows.flatMap((cell) => [...cell.matchAll(/`(\w+)\(/g)].map((m) => m[1])));
  for (const { name, doc: comment } of list) {
    assert.ok(comment, `${name} has a doc comment`);
    assert.match(comment, /@returns|@param|\*\s+\w/, `${name}'s comment says what it gives`);
    assert.ok(named.has(name), `${name} is in docs/TESTING.md's table`);
  }
  assert.deepEqual([...named].filter((n) => !list.some((e) => e.name === n)), [], 'the table names no entry the interface lacks');
});

test('the page writes no data attributes only the tests read', () => {
  // The board's cursor, legal steps, game over and thinking are read from the move list,
  // the status line and the test interface instead.
  for (const file of ['www/app.js', 'www/learn/trainer.js']) {
    assert.doesNotMatch(read(file), /box\.dataset\.(legal|cursor|over|thinking|state) =/, file);
  }
});
