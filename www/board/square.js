// Square boards: pixel <-> cell math for a `width x height` board drawn in a CSS-pixel box.
//
// Cells are named like the engines name them: files a, b, ... from the left, ranks 1, 2, ...
// from the bottom; cell index = rank * width + file (a1 = 0). With `flipped` the board is
// turned 180 degrees on screen (a1 top-right). No DOM here: node tests import this file.

/** Space around the cells, in cell sizes: coloured goal borders and coordinate labels. */
const PAD = { side: 0.62, border: 0.2 };

export function squareName(width, cell) {
  return String.fromCharCode(97 + (cell % width)) + (Math.floor(cell / width) + 1);
}

/** Width / height of the drawing that fits the board best. */
export function squareAspect(width, height) {
  return (width + 2 * PAD.side) / (height + 2 * PAD.side);
}

/**
 * Geometry of a square board laid out in a box of `boxWidth x boxHeight` CSS pixels.
 * All coordinates returned are CSS pixels relative to the box's top-left corner.
 */
export function squareGeometry(width, height, boxWidth, boxHeight, { flipped = false } = {}) {
  const size = Math.max(
    1e-6,
    Math.min(boxWidth / (width + 2 * PAD.side), boxHeight / (height + 2 * PAD.side)),
  );
  const left = (boxWidth - width * size) / 2;
  const top = (boxHeight - height * size) / 2;
  const count = width * height;

  // Screen column/row (0 = left/top) of a cell, after the optional half turn.
  const screenColumn = (file) => (flipped ? width - 1 - file : file);
  const screenRow = (rank) => (flipped ? rank : height - 1 - rank);

  const fileOf = (cell) => cell % width;
  const rankOf = (cell) => Math.floor(cell / width);

  function center(cell) {
    return [
      left + (screenColumn(fileOf(cell)) + 0.5) * size,
      top + (screenRow(rankOf(cell)) + 0.5) * size,
    ];
  }

  function polygon(cell) {
    const x = left + screenColumn(fileOf(cell)) * size;
    const y = top + screenRow(rankOf(cell)) * size;
    return [
      [x, y],
      [x + size, y],
      [x + size, y + size],
      [x, y + size],
    ];
  }

  /** The cell under a point, or -1. */
  function cellAt(x, y) {
    const column = Math.floor((x - left) / size);
    const row = Math.floor((y - top) / size);
    if (column < 0 || row < 0 || column >= width || row >= height) return -1;
    const file = flipped ? width - 1 - column : column;
    const rank = flipped ? row : height - 1 - row;
    return rank * width + file;
  }

  /** Screen-direction moves for the keyboard cursor: returns the next cell or the same one. */
  function step(cell, key) {
    const [dc, dr] = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] }[key] ?? [0, 0];
    const column = screenColumn(fileOf(cell)) + dc;
    const row = screenRow(rankOf(cell)) + dr;
    if (column < 0 || row < 0 || column >= width || row >= height) return cell;
    const file = flipped ? width - 1 - column : column;
    const rank = flipped ? row : height - 1 - row;
    return rank * width + file;
  }

  const right = left + width * size;
  const bottom = top + height * size;
  const b = Math.min(PAD.border * size, 14);
  // Goal borders as quadrilaterals outside the cells, mitred at the corners. Screen sides
  // first; a board side lands on the opposite screen side when flipped.
  const screenSides = {
    top: [[left - b, top - b], [right + b, top - b], [right, top], [left, top]],
    bottom: [[left, bottom], [right, bottom], [right + b, bottom + b], [left - b, bottom + b]],
    left: [[left - b, top - b], [left, top], [left, bottom], [left - b, bottom + b]],
    right: [[right, top], [right + b, top - b], [right + b, bottom + b], [right, bottom]],
  };
  const opposite = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };

  /** The quadrilateral drawn for a board side ("top", "bottom", "left", "right"). */
  function sideShape(side) {
    const onScreen = flipped ? opposite[side] : side;
    return screenSides[onScreen] ?? null;
  }

  /** Coordinate labels: files under the board, ranks left of it (in screen order). */
  function labels() {
    const out = [];
    const fontSize = Math.max(8, Math.min(15, size * 0.3));
    const gap = b + (PAD.side * size - b) / 2;
    for (let file = 0; file < width; file++) {
      const x = left + (screenColumn(file) + 0.5) * size;
      out.push({ text: String.fromCharCode(97 + file), x, y: bottom + gap, fontSize });
    }
    for (let rank = 0; rank < height; rank++) {
      const y = top + (screenRow(rank) + 0.5) * size;
      out.push({ text: String(rank + 1), x: left - gap, y, fontSize });
    }
    return out;
  }

  return {
    kind: 'square',
    width,
    height,
    count,
    flipped,
    size,
    /** Radius of the largest disc a piece can use. */
    pieceRadius: size * 0.5,
    bounds: { left, top, right, bottom },
    borderWidth: b,
    name: (cell) => squareName(width, cell),
    names: Array.from({ length: count }, (_, cell) => squareName(width, cell)),
    center,
    polygon,
    cellAt,
    edgeAt: () => null,
    edgeSegment: () => null,
    dirAt: () => null,
    step,
    sideShape,
    labels,
  };
}
