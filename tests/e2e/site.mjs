// What every end-to-end test file needs: the built site (dist/) served on 127.0.0.1 and one
// headless Chromium, started before the file's tests and closed after them.

import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './server.mjs';
import { launch } from './browser.mjs';

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const dist = join(root, 'dist');
export const artifacts = join(root, 'test-artifacts');

/**
 * Registers the file's set-up and tear-down. The object returned holds `server` ({url}) and
 * `browser` once the tests run. `required` lists files the build must have made.
 */
export function useSite(required = ['ludus_bg.wasm']) {
  const site = { server: null, browser: null };
  before(async () => {
    for (const file of required) {
      const built = await stat(join(dist, file)).catch(() => null);
      assert.ok(built, `dist/${file} is missing: run \`trunk build --release --offline\` first`);
    }
    await mkdir(artifacts, { recursive: true });
    site.server = await serve(dist);
    site.browser = await launch();
  });
  after(async () => {
    await site.browser?.close();
    await site.server?.close();
  });
  return site;
}
