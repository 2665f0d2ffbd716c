// The engine as an npm package (scripts/package.mjs, docs/ENGINE-API.md): built from this
// checkout and packed, installed from the tarball into an empty project (no registry), then
// used through its public interface as another project would: in Node, docs/ENGINE-API.md's
// first example, a whole game of each of the five games to its end, the record-in,
// record-out functions and the errors; in headless Chromium, from a plain
// <script type="module"> with no bundler. Quick when the wasm is already built (cargo
// reuses target/).
//
//   node --test tests/package/

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '../e2e/server.mjs';
import { launch } from '../e2e/browser.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const GAMES = ['unravel', 'scattercut', 'unity', 'merlins-chain', 'unlur'];

let work;
let tarball;
let project;

function run(command, args, cwd) {
  const p = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, PATH: `${process.env.HOME}/.cargo/bin:${process.env.PATH}` } });
  assert.equal(p.status, 0, `${command} ${args.join(' ')} failed:\n${p.stdout}\n${p.stderr}`);
  return p.stdout;
}

/** Runs `source` as an ES module in the project folder, where only the package is installed. */
function inProject(source) {
  writeFileSync(join(project, 'script.mjs'), source);
  return JSON.parse(run(process.execPath, ['script.mjs'], project));
}

before(() => {
  work = mkdtempSync(join(tmpdir(), 'ludus-package-'));
  tarball = run(process.execPath, [join(root, 'scripts/package.mjs'), '--out', join(work, 'build/ludus-engine'), '--pack'], root).trim().split('\n').at(-1);
  project = join(work, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'uses-ludus', private: true, type: 'module' }));
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--cache', join(work, 'npm-cache'), tarball], project);
});

after(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the tarball holds the wasm, the ES-module JS and the TypeScript types', () => {
  const files = run('tar', ['tzf', tarball], work).trim().split('\n').sort();
  for (const file of ['package.json', 'README.md', 'index.js', 'node.js', 'records.js', 'index.d.ts', 'records.d.ts', 'ludus.js', 'ludus.d.ts', 'ludus_bg.wasm']) {
    assert.ok(files.includes(`package/${file}`), `${file} in ${files.join(', ')}`);
  }
  const installed = join(project, 'node_modules/ludus-engine');
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  assert.equal(manifest.type, 'module');
  assert.deepEqual(manifest.dependencies ?? {}, {});
  assert.deepEqual(manifest.exports['.'], { types: './index.d.ts', node: './node.js', default: './index.js' });
  const types = readFileSync(join(installed, 'ludus.d.ts'), 'utf8');
  // The class, its methods typed, and the view types it returns (www/types/ludus-views.d.ts).
  assert.match(types, /export class Session \{/);
  assert.match(types, /static create\(game: string, options: Record<string, string \| number> \| undefined\): Session;/);
  assert.match(types, /play\(step: string, layout: Uint8Array \| number\[\] \| undefined\): void;/);
  assert.match(types, /view\(known: number \| undefined\): SessionView;/);
  assert.match(types, /aiChoose\(player: string, seed: number\): ChoiceView;/);
  for (const view of ['SessionView', 'StepView', 'StatusView', 'ChoiceView', 'Outcome']) {
    assert.match(types, new RegExp(`export type ${view} =`), view);
  }
  assert.match(readFileSync(join(installed, 'records.d.ts'), 'utf8'), /export function legal_moves\(record: string\): StepView\[\];/);
});

test("Node: docs/ENGINE-API.md's first example runs and prints what its comments say", () => {
  const doc = readFileSync(join(root, 'docs/ENGINE-API.md'), 'utf8');
  const example = /```js\n([\s\S]*?)```/.exec(doc)[1];
  // Each console.log's comment, with … standing for any text.
  const expected = example
    .split('\n')
    .filter((line) => line.startsWith('console.log('))
    .map((line) => line.split('// ')[1].trim());
  assert.equal(expected.length, 3, example);
  writeFileSync(join(project, 'example.mjs'), example);
  const printed = run(process.execPath, ['example.mjs'], project).trimEnd().split('\n');
  assert.equal(printed.length, expected.length, printed.join('\n'));
  printed.forEach((line, i) => {
    const [head, ...rest] = expected[i].split('…');
    assert.ok(line.startsWith(head.trimEnd()) && line.endsWith(rest.length ? rest.at(-1).trimStart() : head.trimEnd()), `printed "${line}", the doc says "${expected[i]}"`);
  });
});

// A small seeded generator, so that each run plays the same games.
const PLAY_GAMES = `
import { Session, games, status, legal_moves, apply_move, ai_move } from 'ludus-engine';

let state = 20260126;
const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);

const out = [];
for (const { name } of games()) {
  const session = Session.create(name);
  let steps = 0;
  let running = true;
  for (let view = session.view(); view.outcome === null; view = session.view()) {
    running &&= view.toMove !== null && view.legal.length > 0;
    if (steps === 10000) throw new Error(name + ': no end after 10000 steps');
    session.play(view.legal[Math.floor(random() * view.legal.length)].text);
    steps++;
  }
  const view = session.view();
  const record = session.record();
  const refused = (call) => { try { call(); return null; } catch (e) { return e instanceof Error ? e.message : 'not an Error'; } };
  out.push({
    name, steps, running, record,
    outcome: view.outcome, toMove: view.toMove, legal: view.legal.length, players: view.players.length,
    moves: view.steps.length,
    status: status(record),
    legalAfter: legal_moves(record).length,
    stepAfter: refused(() => apply_move(record, 'pass')),
    computerAfter: refused(() => ai_move(record, 'random', 1)),
  });
  session.free();
}
console.log(JSON.stringify(out));
`;

test('Node: a whole game of each of the five games, played to its end through the package', () => {
  const played = inProject(PLAY_GAMES);
  assert.deepEqual(played.map((g) => g.name), GAMES);
  for (const g of played) {
    assert.ok(g.steps > 0 && g.running, `${g.name}: someone was to move with legal steps until the end`);
    assert.equal(g.moves, g.steps, `${g.name}: every step is in the record`);
    assert.ok(
      (g.outcome.kind === 'winner' && Number.isInteger(g.outcome.seat) && g.outcome.seat >= 0 && g.outcome.seat < g.players) ||
        g.outcome.kind === 'draw',
      `${g.name}: ${JSON.stringify(g.outcome)}`,
    );
    assert.equal(g.toMove, null, `${g.name}: nobody moves once it is over`);
    assert.equal(g.legal, 0);
    // The record-in, record-out face reads the same end from the record alone.
    assert.deepEqual({ toMove: g.status.toMove, outcome: g.status.outcome }, { toMove: null, outcome: g.outcome }, g.name);
    assert.equal(typeof g.status.prompt, 'string');
    assert.equal(g.legalAfter, 0);
    assert.ok(g.stepAfter, `${g.name}: a step after the end is refused`);
    assert.match(g.computerAfter, /the game is over/, g.name);
  }
});

test('Node: the record-in, record-out functions and the errors', () => {
  const got = inProject(`
import { Session, new_game, legal_moves, apply_move, status, board_view, ai_move, parseRecord, checkPlayer } from 'ludus-engine';
const error = (call) => { try { call(); return null; } catch (e) { return { isError: e instanceof Error, message: e.message }; } };
const r = new_game('scattercut', { size: '4' });
const r2 = apply_move(r, 'b2');
const s = Session.fromRecord(r2);
const out = {
  r, legal: legal_moves(r).length, r2, status: status(r2), piece: board_view(r2).pieces[5],
  again: error(() => apply_move(r2, 'b2')),
  computer: ai_move(new_game('unlur'), 'mcts:50', 7).step,
  sessionComputer: Session.create('unlur').aiChoose('mcts:50', 7).step,
  record: parseRecord('unlur;size=5;moves=d4,pass').moves,
  player: checkPlayer(' mcts:50 '),
  checked: s.check('b2'),
  game: error(() => Session.create('chess')),
  option: error(() => new_game('unravel', { size: 99 })),
  replay: error(() => Session.fromRecord('unravel;size=3;moves=a1,a1')),
  type: error(() => Session.create(42)),
};
s.free();
console.log(JSON.stringify(out));
`);
  assert.equal(got.r, 'scattercut;size=4');
  assert.equal(got.legal, 16);
  assert.equal(got.r2, 'scattercut;size=4;moves=b2');
  assert.equal(got.status.toMove, 1);
  assert.equal(got.status.outcome, null);
  assert.equal(got.piece.color, 'red');
  assert.equal(got.again.isError, true);
  assert.equal(got.computer, got.sessionComputer, 'the same seed, the same choice');
  assert.deepEqual(got.record, ['d4', 'pass']);
  assert.equal(got.player, 'mcts:50');
  assert.match(got.checked, /occupied|taken|not empty/);
  for (const [key, says] of [['game', /unknown game/], ['option', /size/], ['replay', /step 2/], ['type', /the game must be a string/]]) {
    assert.equal(got[key].isError, true, key);
    assert.match(got[key].message, says, key);
  }
});

test('browser: the installed package from a plain <script type="module">, no bundler', { timeout: 60_000 }, async () => {
  // The same steps in Node, to compare with.
  const steps = (mod) => `
const s = ${mod}.Session.create('unlur', { size: 5 });
for (let i = 0; i < 6; i++) s.play(s.view().legal[i * 7 % s.view().legal.length].text);
const view = s.view();
const result = { games: ${mod}.games().map((g) => g.name), record: s.record(), toMove: view.toMove, outcome: view.outcome,
  legal: view.legal.length, legalFromRecord: ${mod}.legal_moves(s.record()).length };
s.free();`;
  const inNode = inProject(`import * as engine from 'ludus-engine';\n${steps('engine')}\nconsole.log(JSON.stringify(result));`);
  writeFileSync(
    join(project, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>ludus-engine</title><link rel="icon" href="data:,">
<script type="importmap">{ "imports": { "ludus-engine": "./node_modules/ludus-engine/index.js" } }</script>
<script type="module">
import * as engine from 'ludus-engine';
try {${steps('engine')}
  window.result = result;
} catch (error) {
  window.result = { error: String(error) };
}
</script>`,
  );
  const server = await serve(project);
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(server.url);
    await page.waitForFunction(() => window.result !== undefined, null, { timeout: 30_000 });
    const inBrowser = await page.evaluate(() => window.result);
    assert.deepEqual(errors, []);
    assert.equal(inBrowser.error, undefined, inBrowser.error);
    assert.deepEqual(inBrowser.games, GAMES);
    assert.match(inBrowser.record, /^unlur;size=5;moves=([^,]+,){5}[^,]+$/);
    assert.equal(inBrowser.outcome, null);
    assert.equal(inBrowser.legalFromRecord, inBrowser.legal);
    assert.deepEqual(inBrowser, inNode, 'the browser and Node play the same');
  } finally {
    await browser.close();
    await server.close();
  }
});
