// The clicks (or taps) that make a step on a board, as the page expects them: one place for
// the browser tests of the game page, of Learn and of play online.

/**
 * Viewport point of a cell centre, an edge middle or an asterisk's arrow on a board (the
 * test interface's `board(name)`: the page's own by default, 'trainer' for Learn's).
 */
export function boardPoint(page, what, board = undefined) {
  return page.evaluate(
    ([w, name]) => {
      const b = window.ludusTest.board(name);
      if (w.edge) return b.edgePoint(w.edge[0], w.edge[1]);
      if (w.dir) return b.dirPoint(w.cell, w.dir);
      return b.cellPoint(w.cell);
    },
    [what, board],
  );
}

/**
 * The clicks that make `step` (a legal step's view): cells, edges, arrows and buttons.
 * `pieces` are the pieces shown (a Merlin's Chain tile is picked where it is drawn, else
 * from `tray`, the selector of its button off the board); `fire` and `pass` are the
 * board's buttons.
 */
export function clicksFor(step, pieces, { fire = '#fire-button', pass = '#pass-button', tray = null } = {}) {
  switch (step.kind) {
    case 'place':
    case 'replace':
      return [{ cell: step.cells[0] }];
    case 'wall':
      return [{ edge: step.cells }];
    case 'move':
    case 'swap':
      return [{ cell: step.cells[0] }, { cell: step.cells[1] }];
    case 'ring':
      return [{ cell: step.cells[0] }, { button: fire }];
    case 'asterisk':
      return [{ cell: step.cells[0] }, { cell: step.cells[0], dir: step.dir }];
    case 'flip': {
      const shownAt = pieces.findIndex((p) => p && p.kind === 'tile' && Number(p.label) === step.piece);
      const first = shownAt >= 0 || !tray ? { cell: shownAt } : { button: tray(step.piece) };
      return [first, { cell: step.cells[0] }];
    }
    case 'pass':
      return [{ button: pass }];
    default:
      throw new Error(`no clicks for ${step.kind}`);
  }
}

/** Makes one click of `clicksFor` (a tap with `touch`) on the board named `board`. */
export async function clickOn(page, what, { touch = false, board = undefined } = {}) {
  if (what.button) return page.click(what.button);
  const { x, y } = await boardPoint(page, what, board);
  if (touch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}
