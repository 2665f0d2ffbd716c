// The page's type check (jsconfig.json, jsconfig.workers.json; docs/TESTING.md): every script
// of www/ passes `tsc --noEmit`, and the check catches the mistakes it is there for (a wrong
// field of an engine view or of an analysis worker's answer, a wrong method or a missing
// argument of the engine's exports or of a page function, a host without a method, `this` of
// no object), shown on fixtures/typecheck/.
// The engine's types are wasm-bindgen's .d.ts of the built page: build it first
// (`trunk build --release --offline`).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const fixtures = join(root, 'tests/js/fixtures/typecheck');

/** tsc over `project`: its exit status and its errors as { file, line, code }. */
function check(project) {
  assert.ok(existsSync(tsc), 'typescript is not installed: run npm ci');
  assert.ok(existsSync(join(root, 'dist/ludus.d.ts')), "the engine's types come from the built page: run trunk build --release --offline");
  const run = spawnSync(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: root, encoding: 'utf8' });
  const errors = [...run.stdout.matchAll(/^(.+?)\((\d+),\d+\): error (TS\d+)/gm)].map(([, file, line, code]) => ({ file, line: Number(line), code }));
  return { status: run.status, errors, output: run.stdout + run.stderr };
}

/** tsc over one fixture file, with the page's settings and types. */
function checkFixture(name) {
  const dir = mkdtempSync(join(tmpdir(), 'ludus-typecheck-'));
  try {
    const project = join(dir, 'tsconfig.json');
    writeFileSync(project, JSON.stringify({ extends: join(root, 'jsconfig.json'), include: [], files: [join(fixtures, name)] }));
    return check(project);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const project of ['jsconfig.json', 'jsconfig.workers.json']) {
  test(`tsc --noEmit -p ${project} finds no error in www/`, () => {
    const { status, output } = check(join(root, project));
    assert.equal(status, 0, output);
  });
}

test('the type check fails on a wrong field, method, argument count, host and this', () => {
  const source = readFileSync(join(fixtures, 'wrong.js'), 'utf8').split('\n');
  const expected = source.flatMap((text, i) => {
    const code = text.match(/\/\/ expect (TS\d+)/)?.[1];
    return code ? [`${i + 1} ${code}`] : [];
  });
  assert.equal(expected.length, 7, 'the fixture marks its seven mistakes');
  const { status, errors, output } = checkFixture('wrong.js');
  assert.notEqual(status, 0, output);
  assert.deepEqual(errors.map((e) => `${e.line} ${e.code}`), expected, output);
});

test('the same code without the mistakes passes', () => {
  const { status, output } = checkFixture('right.js');
  assert.equal(status, 0, output);
});
