import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
const url = process.argv[2];
const dist = process.argv[3];
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage();
await p.goto(url);
await p.waitForFunction(() => performance.getEntriesByName('ludus:first-board').length > 0);
const f = await p.evaluate(() => performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname).filter((x) => /\.(js|wasm)$/.test(x)));
let t = 0;
const rows = [...new Set(f)].map((x) => [x, gzipSync(readFileSync(dist + x), { level: 9 }).length]);
rows.sort((a, b) => b[1] - a[1]);
for (const [x, n] of rows) { t += n; console.log((n / 1024).toFixed(1).padStart(7), x); }
console.log('total', (t / 1024).toFixed(1));
await b.close();
