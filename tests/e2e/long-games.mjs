// Games as long and as deep as a game may be (10,000 steps), for the end-to-end tests of the
// page and the widget: records made here from a Unity setup in which each player slides a
// ring to and fro (so the game never ends), packed into a link by the page's own engine.

/** Purple's rings on a1 and a5, Orange's on i1 and i5: no two pieces of a player ever touch. */
export const SHUTTLE_LAYOUT = 'P...P' + '.'.repeat(51) + 'O...O';
/** Purple, Orange, Purple, Orange: each slides a ring a step and back. */
const CYCLE = ['a1-a2', 'i1-i2', 'a2-a1', 'i2-i1'];

/** The step after `steps` steps of the shuttle. */
export const shuttleStep = (steps) => CYCLE[steps % 4];

/** One line of `steps` steps. */
export function shuttleRecord(steps) {
  const moves = Array.from({ length: steps }, (_, i) => CYCLE[i % 4]);
  return `unity;layout=${SHUTTLE_LAYOUT};moves=${moves.join(',')}`;
}

/**
 * A line tried `levels` deep: the main line is one step (a5-a4); instead of it, line 1; line
 * k is two steps, the ring slid and the other player's a5-a4 or i5-i4, and instead of its
 * second step, line k+1. The deepest line is one step. 2 × levels steps in all.
 */
export function nestedRecord(levels) {
  const parts = ['a5-a4('];
  for (let k = 1; k <= levels; k++) {
    parts.push(CYCLE[(k - 1) % 4]);
    if (k < levels) parts.push(`,${k % 2 ? 'i5-i4' : 'a5-a4'}(`);
  }
  return `unity;layout=${SHUTTLE_LAYOUT};v=2;moves=${parts.join('')}${')'.repeat(levels)}`;
}

/** The link (`~…`, packed) of a record, made by the engine of the page `page` is on. */
export function packedLink(page, record) {
  return page.evaluate(async (record) => {
    const { engine } = await import('/www/engine.js');
    const session = (await engine()).Session.fromRecord(record);
    try {
      return session.link();
    } finally {
      session.free();
    }
  }, record);
}
