// Launching the system Chromium through playwright-core (no browser downloads).
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launch(extraArgs = []) {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...ARGS, ...extraArgs] });
}

/** A browser with a profile in `dir` (not incognito: what installing an app needs). */
export function launchPersistent(dir) {
  return chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args: ARGS });
}
