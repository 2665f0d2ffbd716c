// The lessons and puzzles of a game: www/learn/<game>-lessons.json and <game>-puzzles.json,
// fetched when first asked for (never at the page's start) and kept for the visit. The
// files are ours, but they are still checked: an entry without what the page needs is left
// out rather than shown broken.

const loaded = new Map();

const text = (x, max = 2000) => typeof x === 'string' && x.length > 0 && x.length <= max;
const steps = (x) => Array.isArray(x) && x.length > 0 && x.length <= 200 && x.every((s) => text(s, 400));
const ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,79}$/;

/** A lesson as the page uses it, or null. */
export function checkLesson(x, game) {
  if (!x || typeof x !== 'object' || x.game !== game || !ID.test(x.id ?? '')) return null;
  if (!text(x.record, 100_000) || !steps(x.line) || !text(x.goal)) return null;
  return {
    game,
    id: x.id,
    n: Number.isInteger(x.n) ? x.n : 0,
    title: text(x.title, 200) ? x.title : x.id,
    goal: x.goal,
    record: x.record,
    line: [...x.line],
    wins: x.wins === true,
    hint: text(x.hint) ? x.hint : 'That is not the step this lesson asks for.',
    done: text(x.done) ? x.done : 'Well done.',
  };
}

/** A puzzle as the page uses it, or null. */
export function checkPuzzle(x, game) {
  if (!x || typeof x !== 'object' || x.game !== game || !ID.test(String(x.id ?? ''))) return null;
  if (!text(x.record, 100_000) || !steps(x.line)) return null;
  const refutations = {};
  if (x.refutations && typeof x.refutations === 'object' && !Array.isArray(x.refutations)) {
    // An empty reply: the wrong step loses at once, and needs no answer.
    for (const [step, reply] of Object.entries(x.refutations)) {
      if (Array.isArray(reply) && (!reply.length || steps(reply))) refutations[step] = [...reply];
    }
  }
  return {
    game,
    id: String(x.id),
    source: sourceOf(String(x.id)),
    record: x.record,
    line: [...x.line],
    turns: Number.isInteger(x.turns) && x.turns > 0 ? x.turns : 1,
    rating: Number.isFinite(x.rating) ? x.rating : 1500,
    refutations,
  };
}

/**
 * The game a puzzle was taken from: its id is `<game>-<source game>-<steps played>`
 * (src/bin/ludus/puzzles.rs), so puzzles of one source game share all but the last part.
 */
export function sourceOf(id) {
  const cut = id.lastIndexOf('-');
  return cut > 0 ? id.slice(0, cut) : id;
}

/** How far ahead the stream looks for a puzzle from another source game. */
export const SPREAD_WINDOW = 8;

/**
 * The puzzles in stream order: easier first (by rating, then id), except that the next
 * puzzle is taken from another source game than the one before whenever one lies within
 * SPREAD_WINDOW places (several puzzles of one game are often neighbouring moves of it,
 * and in a row they feel like one puzzle told again).
 */
export function streamOrder(puzzles) {
  const rest = [...puzzles].sort((a, b) => a.rating - b.rating || (a.id < b.id ? -1 : 1));
  const out = [];
  while (rest.length) {
    const last = out.at(-1)?.source;
    let i = rest.slice(0, SPREAD_WINDOW).findIndex((p) => p.source !== last);
    if (i < 0) i = 0;
    out.push(rest.splice(i, 1)[0]);
  }
  return out;
}

/**
 * The checked entries of one file: `kind` 'lessons' (in their order) or 'puzzles' (in
 * stream order, above). Rejects with a plain-words message when the file cannot be had.
 */
export function load(kind, game) {
  const key = `${kind}:${game}`;
  if (!loaded.has(key)) {
    const promise = (async () => {
      const url = new URL(`./${game}-${kind}.json`, import.meta.url);
      let response;
      try {
        response = await fetch(url);
      } catch {
        throw new Error(`the ${kind} could not be loaded (are you offline?)`);
      }
      if (!response.ok) throw new Error(`there are no ${kind} for this game yet`);
      let data;
      try {
        data = await response.json();
      } catch {
        throw new Error(`the ${kind} file is damaged`);
      }
      if (!Array.isArray(data)) throw new Error(`the ${kind} file is damaged`);
      const check = kind === 'lessons' ? checkLesson : checkPuzzle;
      let items = data.map((x) => check(x, game)).filter(Boolean);
      if (kind === 'lessons') items.sort((a, b) => a.n - b.n);
      else items = streamOrder(items);
      if (!items.length) throw new Error(`there are no ${kind} for this game yet`);
      return items;
    })();
    promise.catch(() => loaded.delete(key));
    loaded.set(key, promise);
  }
  return loaded.get(key);
}
