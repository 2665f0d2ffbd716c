// The package's entry for Node: the same interface as index.js, with the wasm file read
// from disk and instantiated synchronously (Node's fetch cannot read file: URLs).
import { readFileSync } from 'node:fs';
import { initSync } from './ludus.js';

initSync({ module: readFileSync(new URL('./ludus_bg.wasm', import.meta.url)) });

export * from './ludus.js';
export * from './records.js';
