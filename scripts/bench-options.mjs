// The command-line options of the benchmark scripts: `--name value` pairs and `--flag`s,
// checked against the names a script knows, so that a mistyped option stops the run.
// Plain ES module, Node 20.

import { readFileSync } from 'node:fs';

/**
 * The games' names, in the engine's order: its `games()` as the JS tests keep it
 * (tests/js/fixtures/games.json, which tests/games_list.rs holds equal to the engine's).
 */
export const GAME_NAMES = JSON.parse(readFileSync(new URL('../tests/js/fixtures/games.json', import.meta.url), 'utf8')).map((g) => g.name);

/**
 * Reads `argv` (default: this process's arguments) for the script named `script`, which
 * knows the options `known` (names without their dashes). An unknown option, or a number out
 * of its range, prints one line and exits with status 2.
 */
export function benchOptions(script, known, argv = process.argv.slice(2)) {
  const fail = (message) => {
    console.error(`${script}: ${message}`);
    process.exit(2);
  };
  for (const a of argv) {
    if (a.startsWith('--') && !known.includes(a.slice(2))) {
      fail(`unknown option ${a} (known: ${known.map((k) => `--${k}`).join(' ')})`);
    }
  }
  /** The value after `--name`, else `fallback`. */
  const opt = (name, fallback) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : fallback;
  };
  /** The number after `--name` (else `fallback`), from `lo` to `hi`; with `whole`, an integer. */
  const number = (name, fallback, lo, hi, { whole = false } = {}) => {
    const v = Number(opt(name, fallback));
    if (!(v >= lo && v <= hi) || (whole && !Number.isInteger(v))) {
      fail(`--${name} must be a ${whole ? 'whole ' : ''}number from ${lo} to ${hi}`);
    }
    return v;
  };
  /** Every value given after `--name` (the option repeated). */
  const all = (name) => argv.flatMap((a, i) => (a === `--${name}` && i + 1 < argv.length ? [argv[i + 1]] : []));
  /** Whether `--name` is given. */
  const flag = (name) => argv.includes(`--${name}`);
  /** The games after `--name` (comma-separated; default all), each checked against GAME_NAMES. */
  const games = (name) => {
    const list = opt(name, GAME_NAMES.join(',')).split(',');
    for (const g of list) if (!GAME_NAMES.includes(g)) fail(`unknown game ${g} (games: ${GAME_NAMES.join(', ')})`);
    return list;
  };
  return { opt, number, all, flag, games, fail };
}
