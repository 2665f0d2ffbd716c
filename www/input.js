// From clicks to steps: the page holds no game logic, it only matches what the user clicks
// against the legal steps the engine listed (StepView: {text, kind, cells, dir?, piece?}).
//
// One click makes place, replace, pass-free placements and walls (an edge click). Two clicks
// make a move (piece, then target), a swap (either checker, then the other), a ring capture
// (the ring, then the Fire button), an asterisk capture (the asterisk, then one of its
// direction arrows outside it) and a Merlin's Chain flip (a grey tile or a tray number, then
// the cell). A capture never comes from a click on the selected piece itself: a second click
// there lets go of it, so that a repeated or imprecise tap cannot capture.
// No DOM here: node tests import this file.

/** Key for an edge between two cells, order-free. */
export function edgeKey(a, b) {
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

/** Where each Merlin's Chain tile number is shown on the board (label -> cell). */
export function tileCells(pieces) {
  const out = new Map();
  (pieces ?? []).forEach((p, cell) => {
    if (p && p.kind === 'tile' && p.label != null) out.set(Number(p.label), cell);
  });
  return out;
}

/** How many step indexes analyse() has built (tests count them per refresh). */
export const indexStats = { builds: 0 };

/**
 * Everything the board can highlight and click, for the legal steps and the current
 * selection ({cell, piece} or null): the step index. Merlin's Chain lists some 1,800 steps,
 * so the page builds it once per position and selection (BoardController.index) and hands
 * it to the board.
 */
export function analyse(legal, selection, pieces) {
  indexStats.builds++;
  const a = {
    oneClick: new Map(), // cell -> step text (place, replace)
    edges: new Map(), // edgeKey -> step text (wall)
    sources: new Set(), // cells that start a two-click step
    pass: null, // step text of a pass
    flipPieces: new Map(), // piece number -> Map(target cell -> text)
    dests: new Map(), // with a selection: target cell -> text
    selfCapture: null, // with a ring selected: its capture step text
    dirs: new Map(), // with an asterisk selected: dir -> {text, target}
    kinds: new Set(),
  };
  const tiles = tileCells(pieces);
  const sel = selection ?? null;
  for (const step of legal ?? []) {
    const { kind, cells = [], text } = step;
    a.kinds.add(kind);
    switch (kind) {
      case 'place':
      case 'replace':
        if (cells.length) a.oneClick.set(cells[0], text);
        break;
      case 'pass':
        a.pass = text;
        break;
      case 'wall':
        if (cells.length === 2) a.edges.set(edgeKey(cells[0], cells[1]), text);
        break;
      case 'move':
        a.sources.add(cells[0]);
        if (sel && sel.cell === cells[0]) a.dests.set(cells[1], text);
        break;
      case 'swap':
        a.sources.add(cells[0]);
        a.sources.add(cells[1]);
        if (sel && sel.cell === cells[0]) a.dests.set(cells[1], text);
        else if (sel && sel.cell === cells[1]) a.dests.set(cells[0], text);
        break;
      case 'ring':
        a.sources.add(cells[0]);
        if (sel && sel.cell === cells[0]) a.selfCapture = text;
        break;
      case 'asterisk':
        a.sources.add(cells[0]);
        if (sel && sel.cell === cells[0] && step.dir) {
          a.dirs.set(step.dir, { text, target: cells.length > 1 ? cells[1] : -1 });
        }
        break;
      case 'flip': {
        const piece = Number(step.piece);
        if (!a.flipPieces.has(piece)) a.flipPieces.set(piece, new Map());
        a.flipPieces.get(piece).set(cells[0], text);
        const shownAt = tiles.get(piece);
        if (shownAt != null) a.sources.add(shownAt);
        if (sel && sel.piece === piece) a.dests.set(cells[0], text);
        break;
      }
      default:
        break;
    }
  }
  return a;
}

/** The selection a click on a source cell makes. */
function selectionAt(cell, pieces, a) {
  const p = pieces?.[cell];
  if (p && p.kind === 'tile' && p.label != null && a.flipPieces.has(Number(p.label))) {
    return { cell, piece: Number(p.label) };
  }
  return { cell, piece: null };
}

/**
 * What a user action does. `event` is one of
 *   {type: "cell", cell} | {type: "edge", a, b} | {type: "dir", cell, dir} | {type: "piece", piece}
 *   | {type: "capture"} (the Fire button) | {type: "key", cell, dir} (a direction key, 1 to 6,
 *   for a wall on that side of the cursor's cell, that is no wall: always refused)
 * Returns {play: text} | {select: {cell, piece}} | {clear: true} | {reject: reason}
 * ("target": a cell the selected tile cannot go on, or the selected checker cannot swap
 * with; "dir": a direction the selected piece cannot fire; the selection stays). `a`: the step index of `legal` and `selection`, if built.
 */
export function interpret(legal, selection, event, pieces, a = analyse(legal, selection, pieces)) {
  const sel = selection ?? null;
  switch (event.type) {
    case 'cell': {
      const cell = event.cell;
      if (sel) {
        if (a.dests.has(cell)) return { play: a.dests.get(cell) };
        if (cell === sel.cell) return { clear: true };
        if (a.sources.has(cell)) {
          return { select: selectionAt(cell, pieces, a) };
        }
        if (a.oneClick.has(cell)) return { play: a.oneClick.get(cell) };
        // A piece, a tile or a checker picked, then a cell it cannot go to, go on or swap
        // with: keep the selection and let the engine say why.
        return { reject: 'target' };
      }
      if (a.oneClick.has(cell)) return { play: a.oneClick.get(cell) };
      if (a.sources.has(cell)) return { select: selectionAt(cell, pieces, a) };
      return { reject: 'cell' };
    }
    case 'edge': {
      const key = edgeKey(event.a, event.b);
      if (a.edges.has(key)) return { play: a.edges.get(key) };
      return { reject: 'edge' };
    }
    case 'dir': {
      if (sel && sel.cell === event.cell && a.dirs.has(event.dir)) {
        return { play: a.dirs.get(event.dir).text };
      }
      // A direction key whose shot is no step: keep the piece and let the engine say why.
      if (sel && sel.cell === event.cell) return { reject: 'dir' };
      return { clear: true };
    }
    case 'key':
      // A direction key for a wall on a side of the cursor's cell that takes none.
      return { reject: 'key' };
    case 'capture': {
      // The Fire button: the capture the selected piece makes on its own cell (a ring).
      if (sel && a.selfCapture) return { play: a.selfCapture };
      return { reject: 'capture' };
    }
    case 'piece': {
      const piece = Number(event.piece);
      if (!a.flipPieces.has(piece)) return { reject: 'piece' };
      if (sel && sel.piece === piece) return { clear: true };
      const cell = tileCells(pieces).get(piece);
      return { select: { cell: cell ?? -1, piece } };
    }
    default:
      return { reject: 'unknown' };
  }
}

/** Whether a selection still makes sense with these legal steps (else drop it); `a` as in interpret. */
export function selectionValid(legal, selection, pieces, a) {
  if (!selection) return false;
  a ??= analyse(legal, selection, pieces);
  return a.dests.size > 0 || a.selfCapture != null || a.dirs.size > 0;
}

/**
 * Groups the steps of a game into turns: `seats[i]` is the seat that made step i.
 * Returns [{seat, first, steps: [{index, text}]}] where index is the step's position.
 */
export function groupTurns(steps, seats) {
  const turns = [];
  steps.forEach((text, index) => {
    const seat = seats[index];
    const last = turns[turns.length - 1];
    if (last && last.seat === seat && seat != null) last.steps.push({ index, text });
    else turns.push({ seat, first: index, steps: [{ index, text }] });
  });
  return turns;
}

/**
 * Groups turns into rounds (one row of the move list, like "1. c3 d4" in chess): a round
 * ends when the next turn's seat does not come later in seat order.
 */
export function groupRounds(turns) {
  const rounds = [];
  let prev = null;
  for (const turn of turns) {
    if (!rounds.length || prev == null || turn.seat == null || turn.seat <= prev) rounds.push([]);
    rounds[rounds.length - 1].push(turn);
    prev = turn.seat;
  }
  return rounds;
}
