// The list of saved games in the "Your games" card (www/app/saved-games.js): each game with
// its move and whose turn, the one on the board marked; open one, or delete it (with Undo).
// A stored game that cannot be read is listed with a Download of its text instead of being
// lost. Loaded the first time the card is opened: most visits never open it.

import { gameOfRecord } from '../record.js';
import { el } from './dom.js';

/** "just now", "5 min ago", "3 h ago", "2 days ago", or a date. */
export function agoText(then, now = Date.now()) {
  const s = Math.max(0, (now - then) / 1000);
  if (!then) return '';
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  if (s < 86400 * 30) {
    const d = Math.floor(s / 86400);
    return `${d} day${d === 1 ? '' : 's'} ago`;
  }
  return new Date(then).toLocaleDateString();
}

/** The entry deleted last, offered back (Undo) until another is deleted. */
let deleted = null;

/**
 * What the list asks of the page (www/app.js).
 * @typedef {object} SavedListHost
 * @property {() => string|null} shown the id of the saved game shown, or null when the game
 *   shown is not saved
 * @property {(name: string) => import('../types/ludus-views').GameInfo | null} gameInfo the engine's facts of a game (its title)
 * @property {(record: string) => import('../types/ludus-views').RecordView} parseRecord the engine's reading of a record (throws
 *   on one it cannot read)
 * @property {(entry: object) => void} open opens a saved game
 * @property {() => void} forgetShown the saved game shown was deleted: it is no longer saved
 */

/** Draws the list of `saved` (a SavedGames); `host`: a SavedListHost. */
export function renderList(host, saved) {
  const list = document.getElementById('saved-games');
  const games = saved.list();
  const shown = host.shown();
  document.getElementById('saved-games-note').textContent = shown
    ? 'Every game you play is kept here until you delete it.'
    : 'The game on the board is not saved: play a step to keep it here.';
  const label = (entry) => labelOf(host, entry);
  list.replaceChildren();
  if (deleted) {
    const gone = deleted;
    list.append(
      el(
        'li',
        { class: 'saved-game deleted' },
        el('span', { class: 'saved-game-text', text: `Deleted: ${label(gone)}.` }),
        el('button', {
          type: 'button',
          class: 'link-button',
          text: 'Undo',
          onclick: () => {
            deleted = null;
            restoreEntry(saved, gone);
          },
        }),
      ),
    );
  }
  const aside = saved.aside();
  if (!games.length && !deleted && !aside.length) list.append(el('li', { class: 'muted', text: 'No saved games yet.' }));
  for (const g of games) {
    const current = g.id === shown;
    const readable = canRead(host, g);
    list.append(
      el(
        'li',
        { class: `saved-game${current ? ' current' : ''}`, 'data-id': g.id },
        el(
          'button',
          {
            type: 'button',
            class: 'saved-game-open',
            'aria-current': current ? 'true' : null,
            title: current ? 'The game on the board' : 'Open this game',
            onclick: () => !current && host.open(g),
          },
          el('span', { class: 'saved-game-title', text: label(g) }),
          el('span', {
            class: 'saved-game-meta',
            text: [current ? 'on the board' : '', g.status, agoText(g.updated)].filter(Boolean).join(' · '),
          }),
        ),
        readable ? null : downloadButton(label(g), g.record, `ludus-${gameOfRecord(g.record) || 'game'}-${g.id}.txt`),
        el('button', {
          type: 'button',
          class: 'link-button saved-game-delete',
          'aria-label': `Delete ${label(g)}`,
          text: 'Delete',
          onclick: () => {
            deleted = removeEntry(saved, g.id);
            if (current) host.forgetShown();
          },
        }),
      ),
    );
  }
  aside.forEach((u, i) => {
    const what = `Saved game ${i + 1} that could not be read`;
    list.append(
      el(
        'li',
        { class: 'saved-game unreadable' },
        el('span', { class: 'saved-game-text', text: `${what}${u.reason ? `: ${u.reason}` : ''}.` }),
        downloadButton(what, u.text, `ludus-unreadable-game-${i + 1}.txt`),
        el('button', {
          type: 'button',
          class: 'link-button saved-game-delete',
          'aria-label': `Delete ${what}`,
          text: 'Delete',
          onclick: () => {
            // Deleted for good: asked first, as there is no Undo for these.
            if (globalThis.confirm?.(`Delete ${what.toLowerCase()}? Download it first to keep its text.`) === false) return;
            saved.removeAside(i);
          },
        }),
      ),
    );
  });
}

/** A Download button for the text of a game that cannot be opened. */
function downloadButton(what, text, filename) {
  return el('button', {
    type: 'button',
    class: 'link-button saved-game-download',
    'aria-label': `Download ${what} as text`,
    text: 'Download',
    onclick: () => {
      const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
      const a = el('a', { href: url, download: filename, hidden: true });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
}

/** Whether the engine reads an entry's record. */
function canRead(host, entry) {
  try {
    host.parseRecord(entry.record);
    return true;
  } catch {
    return false;
  }
}

/** "Unlur, move 5", "Unlur, not started", or "Unlur (cannot be read)". */
function labelOf(host, entry) {
  const name = gameOfRecord(entry.record);
  const title = host.gameInfo(name)?.title ?? name;
  let n;
  try {
    n = host.parseRecord(entry.record).moves.length;
  } catch {
    return `${title} (cannot be read)`;
  }
  return n ? `${title}, move ${n}` : `${title}, not started`;
}

/** Deletes an entry of `saved` (a SavedGames); returns it (for Undo), or null. */
export function removeEntry(saved, id) {
  const list = saved.read();
  const entry = list.games.find((g) => g.id === id) ?? null;
  if (!entry) return null;
  list.games = list.games.filter((g) => g.id !== id);
  if (list.current === id) list.current = null;
  saved.write(list);
  saved.onChange?.();
  return entry;
}

/** Puts a deleted entry back as it was. */
export function restoreEntry(saved, entry) {
  const list = saved.read();
  if (!list.games.some((g) => g.id === entry.id)) list.games.push(entry);
  saved.write(list);
  saved.onChange?.();
}
