// The upgrade from the one saved game per game name of earlier versions to the list of saved
// games (www/app/saved-games.js). Loaded only when those old saves are there.

import { KEY, newEntryId } from './saved-games.js';

/**
 * Moves the one-game-per-name saves of earlier versions (`game:NAME`, `last`) into the
 * list, once: only while there is no list yet. The old keys go once the list is written.
 */
export function migrate(saved, names) {
  if (saved.store.get(KEY) != null) return;
  const last = saved.store.get('last');
  const list = { current: null, games: [] };
  const now = saved.now();
  for (const name of names) {
    const record = saved.store.get(`game:${name}`);
    if (typeof record !== 'string' || !record) continue;
    const entry = saved.check({ id: newEntryId(saved.random), record, updated: now - list.games.length - 1, status: '' });
    if (!entry) continue;
    // The game shown last comes first, as the current one.
    if (name === last) {
      entry.updated = now;
      list.current = entry.id;
    }
    list.games.push(entry);
  }
  list.games.sort((a, b) => b.updated - a.updated);
  if (list.games.length && !saved.write(list)) return;
  for (const name of names) saved.store.remove(`game:${name}`);
  saved.store.remove('last');
}
