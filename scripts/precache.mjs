// Writes the offline list into the built site's service worker: `node scripts/precache.mjs DIR`
// (Trunk runs it after each build with no argument, on its staging folder $TRUNK_STAGING_DIR). DIR/sw.js gets FILES, every file of
// the site, and VERSION, a hash of all their names and contents, so that any change to any
// file makes a new worker and a new cache (see www/sw.js).

import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { precached, filesUnder } from './precache-files.mjs';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('usage: node scripts/precache.mjs DIR');
  process.exit(2);
}

const worker = join(dir, 'sw.js');

const files = (await filesUnder(dir))
  .map((path) => relative(dir, path).split(sep).join('/'))
  // Not the worker, nor the compressed copies `ludus serve` sends in a file's place
  // (scripts/precompress.mjs), nor the server's /live (scripts/precache-files.mjs).
  .filter(precached)
  .sort();

const hash = createHash('sha256');
for (const name of files) {
  hash.update(name + '\0');
  hash.update(await readFile(join(dir, name)));
}
const version = hash.digest('hex').slice(0, 16);

const source = await readFile(worker, 'utf8');
if (!/^const VERSION = /m.test(source) || !/^const FILES = /m.test(source)) {
  console.error(`precache: ${worker} has no VERSION and FILES lines to fill`);
  process.exit(1);
}
const built = source
  .replace(/^const VERSION = .*$/m, `const VERSION = '${version}';`)
  .replace(/^const FILES = .*$/m, `const FILES = ${JSON.stringify(['./', ...files])};`);
await writeFile(worker, built);
console.log(`precache: ${files.length} files, version ${version}`);
