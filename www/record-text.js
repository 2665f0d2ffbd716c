// Reading the engine's record text just enough to cut it: `game;key=value;...;moves=s1,s2,...;at=N`.
// The engine stays the judge of what a record means; this only splits and joins fields.

/** {game, options: {key: value}, moves: [text], at: number | null} */
export function parseRecord(record) {
  const parts = String(record ?? '').split(';');
  const game = (parts.shift() ?? '').trim();
  const options = {};
  let moves = [];
  let at = null;
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 'moves') moves = value ? value.split(',').map((s) => s.trim()).filter(Boolean) : [];
    else if (key === 'at') at = /^\d+$/.test(value) ? Number(value) : null;
    else if (key) options[key] = value;
  }
  return { game, options, moves, at };
}

/** The record of the game's first `n` steps, with nothing after them. */
export function truncateRecord(record, n) {
  const parts = String(record ?? '').split(';');
  const kept = parts.filter((p) => !/^\s*(moves|at)\s*=/.test(p));
  const { moves } = parseRecord(record);
  const cut = moves.slice(0, Math.max(0, n));
  if (cut.length) kept.push(`moves=${cut.join(',')}`);
  return kept.join(';');
}
