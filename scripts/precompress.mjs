// Writes a gzip and a brotli copy beside each text file of the built site that is worth it
// (`node scripts/precompress.mjs DIR`; Trunk runs it after scripts/precache.mjs, on its
// staging folder $TRUNK_STAGING_DIR), which `ludus serve` sends to a browser that accepts
// them, at no cost per request. The offline list leaves the copies out: the service worker
// keeps the files themselves, which the browser gets decompressed.

import { readFile, writeFile } from 'node:fs/promises';
import { filesUnder } from './precache-files.mjs';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('usage: node scripts/precompress.mjs DIR');
  process.exit(2);
}

const TEXT = /\.(html|js|mjs|css|json|svg|wasm|webmanifest|txt|md)$/;
// Below this a compressed copy saves less than its own headers cost.
const SMALLEST = 1024;

let count = 0;
let before = 0;
let after = 0;
for (const path of await filesUnder(dir)) {
  if (!TEXT.test(path)) continue;
  const data = await readFile(path);
  if (data.length < SMALLEST) continue;
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  await writeFile(`${path}.gz`, gzipSync(data, { level: 9 }));
  await writeFile(`${path}.br`, br);
  count++;
  before += data.length;
  after += br.length;
}
console.log(`precompress: ${count} files, ${(before / 1024).toFixed(0)} KB, ${(after / 1024).toFixed(0)} KB as brotli`);
