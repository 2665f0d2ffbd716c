// Development helper: screenshots of every game's board (not a test).
// `node tests/e2e/shots.mjs [--dark] [--width 1280 --height 800] [--moves N]`
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { serve } from './server.mjs';
import { launch } from './browser.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const value = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const server = await serve(join(root, 'dist'));
const browser = await launch();
const out = join(root, 'test-artifacts', 'shots');
await mkdir(out, { recursive: true });
const context = await browser.newContext({
  viewport: { width: +value('--width', 1280), height: +value('--height', 800) },
  deviceScaleFactor: +value('--dpr', 1),
  colorScheme: flag('--dark') ? 'dark' : 'light',
});
const page = await context.newPage();
page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
page.on('pageerror', (e) => console.log('pageerror:', e.message));
const games = (value('--games', 'unravel,scattercut,unity,merlins-chain,unlur')).split(',');
const moves = +value('--moves', 12);
for (const game of games) {
  await page.goto(server.url + '#' + game);
  await page.waitForSelector('body[data-state=ready]');
  // Play some random legal steps through the page's own module.
  await page.evaluate(async (n) => {
    const app = (await import('/www/test-interface.js')).ludusTest;
    for (let i = 0; i < n && app.legal().length; i++) {
      const legal = app.legal().filter((s) => s.kind !== 'wall') .length ? app.legal().filter((s) => s.kind !== 'wall') : app.legal();
      app.play(legal[Math.floor(Math.random() * legal.length)].text);
    }
  }, moves);
  await page.waitForTimeout(150);
  const file = join(out, `${game}${flag('--dark') ? '-dark' : ''}.png`);
  await page.screenshot({ path: file });
  console.log(file);
}
await browser.close();
await server.close();
