// Which files of a built site the service worker keeps offline (scripts/precache.mjs), apart
// so that a test reads the rule without running the script; and the walk over a built site
// that it and scripts/precompress.mjs make.

import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Every file under `folder`, as paths that start with it. */
export async function filesUnder(folder) {
  const out = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out;
}

/**
 * Whether a file of the built folder is one of the site's own files to keep offline. Not
 * the worker itself (the browser fetches it, never from the cache) nor www/sw.js, its
 * unbuilt source copied with the rest of www/; not the compressed copies a server may write
 * beside the files it serves (`*.gz`, `*.br`: the browser asks for the file, never for
 * them); and nothing under `live`, the live-play server's own paths (docs/ONLINE.md), which
 * must always go to the server.
 */
export function precached(name) {
  if (name === 'sw.js' || name === 'www/sw.js') return false;
  if (/\.(gz|br)$/.test(name)) return false;
  return !/^live(\/|$)/.test(name);
}
