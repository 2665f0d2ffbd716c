// Builds the engine as an npm package other projects can install: the play module (the
// crate's library compiled to wasm, as Trunk.toml's hook builds it for the page), its
// ES-module glue and TypeScript types, the entries in package/, and a package.json.
//
//   node scripts/package.mjs [--out DIR] [--pack]
//
// DIR (default pkg/ludus-engine, ignored by git) is replaced by the package folder; with
// --pack, `npm pack` then writes ludus-engine-VERSION.tgz beside it and its path is the
// last line printed. Cargo reuses target/ (or $CARGO_TARGET_DIR), so a second run is quick.
// Needs the wasm target and the wasm-bindgen CLI at the crate's pinned version
// (scripts/install-tools.sh). docs/ENGINE-API.md, "Building the package".

import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const at = args.indexOf('--out');
const out = resolve(at >= 0 && args[at + 1] ? args[at + 1] : join(root, 'pkg/ludus-engine'));
const pack = args.includes('--pack');
const NAME = 'ludus-engine';

function fail(message) {
  console.error(`package: ${message}`);
  process.exit(1);
}

function run(command, commandArgs, options = {}) {
  const p = spawnSync(command, commandArgs, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], ...options });
  if (p.error) fail(`${command} could not be run (${p.error.message})`);
  if (p.status !== 0) fail(`${command} ${commandArgs.join(' ')} failed`);
  return p;
}

const cargo = readFileSync(join(root, 'Cargo.toml'), 'utf8');
const version = /^version = "([^"]+)"/m.exec(cargo)?.[1];
const bindgen = /^wasm-bindgen = "=([^"]+)"/m.exec(cargo)?.[1];
if (!version || !bindgen) fail('Cargo.toml has no version or no pinned wasm-bindgen');

// The CLI must match the crate's wasm-bindgen exactly, or its glue does not fit the wasm.
const have = spawnSync('wasm-bindgen', ['--version'], { encoding: 'utf8' });
if (have.error || have.status !== 0) fail(`wasm-bindgen ${bindgen} is needed (scripts/install-tools.sh)`);
if (have.stdout.trim().split(/\s+/)[1] !== bindgen) fail(`wasm-bindgen ${bindgen} is needed (found ${have.stdout.trim()})`);

// Never delete a folder this script did not make.
if (existsSync(out) && readdirSync(out).length) {
  const made = existsSync(join(out, 'package.json')) && JSON.parse(readFileSync(join(out, 'package.json'), 'utf8')).name === NAME;
  if (!made) fail(`${out} is not empty and is not a ${NAME} package folder`);
  rmSync(out, { recursive: true });
}
mkdirSync(out, { recursive: true });

// The play module as the page's (Trunk.toml: the library only, release, no name section),
// with the computer's choice (`aiChoose`), which the page's own module leaves out.
run('cargo', ['build', '--release', '--features', 'computer', '--target', 'wasm32-unknown-unknown', '--lib']);
const target = process.env.CARGO_TARGET_DIR ? resolve(root, process.env.CARGO_TARGET_DIR) : join(root, 'target');
const wasm = join(target, 'wasm32-unknown-unknown/release/ludus.wasm');
run('wasm-bindgen', ['--target', 'web', '--remove-name-section', '--out-dir', out, '--out-name', 'ludus', wasm]);

for (const file of ['index.js', 'node.js', 'records.js', 'index.d.ts', 'records.d.ts']) {
  copyFileSync(join(root, 'package', file), join(out, file));
}
copyFileSync(join(root, 'docs/ENGINE-API.md'), join(out, 'README.md'));

const manifest = {
  name: NAME,
  version,
  description: "The Ludus rules engines (Unravel, Scattercut, Unity, Merlin's Chain, Unlur) and computer opponent, compiled to WebAssembly",
  license: 'MIT',
  type: 'module',
  // Node reads the wasm from disk; browsers and bundlers fetch it by URL.
  exports: {
    '.': { types: './index.d.ts', node: './node.js', default: './index.js' },
    './package.json': './package.json',
  },
  types: './index.d.ts',
  files: ['index.js', 'node.js', 'records.js', 'index.d.ts', 'records.d.ts', 'ludus.js', 'ludus.d.ts', 'ludus_bg.wasm', 'ludus_bg.wasm.d.ts'],
  // The entries instantiate the wasm when imported.
  sideEffects: true,
  engines: { node: '>=18' },
};
writeFileSync(join(out, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');

if (pack) {
  const p = run('npm', ['pack', '--json', '--pack-destination', dirname(out)], { cwd: out, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  const tarball = join(dirname(out), JSON.parse(p.stdout)[0].filename);
  if (!existsSync(tarball)) fail(`npm pack wrote no ${tarball}`);
  console.log(tarball);
} else {
  console.log(out);
}
