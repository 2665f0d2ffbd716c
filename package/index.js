// The package's entry for browsers and bundlers: loads the wasm file beside this one (by
// URL, compiled while it downloads; serve it as application/wasm) before the importer's
// code runs, so every export is ready to call. Node takes node.js instead (package.json
// "exports"). docs/ENGINE-API.md in the Ludus repository describes the interface.
import init from './ludus.js';

await init({ module_or_path: new URL('./ludus_bg.wasm', import.meta.url) });

export * from './ludus.js';
export * from './records.js';
