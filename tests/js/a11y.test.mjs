// The board for players who do not see it or do not tell colours apart: the position as text
// (www/a11y/describe.js), what is announced on each change, and the high-contrast marks the
// renderer puts on coloured pieces (render.js COLOR_MARKS), drawn through the SVG context.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describePosition, changeWords, pieceWords, MAX_LISTED_STEPS } from '../../www/a11y/describe.js';
import { drawPiece, COLOR_MARKS, DEFAULT_THEME } from '../../www/board/render.js';
import { SvgContext } from '../../www/share/svg-context.js';

const players = [
  { name: 'White', color: 'white' },
  { name: 'Black', color: 'black' },
];

function view(steps, cursor = steps.length, extra = {}) {
  const pieces = Array(7).fill(null);
  pieces[2] = { color: 'white', kind: 'stone' };
  pieces[5] = { color: 'black', kind: 'stone' };
  return {
    game: 'unlur',
    title: 'Unlur',
    cells: ['a1', 'b1', 'c1', 'a2', 'b2', 'c2', 'd2'],
    pieces,
    walls: [],
    sides: [{ side: 'N', color: 'white' }],
    players,
    steps,
    movers: steps.map((_, i) => i % 2),
    cursor,
    outcome: null,
    prompt: 'White to place',
    record: `unlur;moves=${steps.slice(0, cursor).join(',')}`,
    ...extra,
  };
}

test('the position as text: summary, pieces by cell, sides, legal steps', () => {
  const legal = [{ text: 'a1' }, { text: 'b1' }];
  const d = describePosition(view(['c1', 'c2']), legal);
  assert.equal(d.summary, 'Unlur, move 2 of 2. Last turn: Black c2. White to place.');
  assert.deepEqual(d.pieces, [
    ['c1', 'White stone'],
    ['c2', 'Black stone'],
  ]);
  assert.deepEqual(d.sides, ['N: White']);
  assert.equal(d.steps, '2 legal steps: a1, b1.');
  assert.equal(describePosition(view([], 0), []).summary, 'Unlur, move 0 of 0. No moves yet. White to place.');
  assert.equal(describePosition(view([]), []).steps, 'No step to play here.');
  const many = Array.from({ length: MAX_LISTED_STEPS + 5 }, (_, i) => ({ text: `s${i}` }));
  assert.match(describePosition(view([]), many).steps, /^65 legal steps: s0, .*s59, and 5 more\.$/);
  // At the end the engine's prompt and status summary say the result.
  const won = view(['c1', 'c2'], 2, { outcome: { kind: 'winner', seat: 1 }, prompt: 'Black wins', status: { summary: 'Black wins' } });
  assert.equal(describePosition(won).summary, 'Unlur, move 2 of 2. Last turn: Black c2. Black wins.');
});

test('the result is said in the engine words, not composed here', () => {
  const said = 'Black wins: Black joined N, SE and SW';
  const won = view(['c1', 'c2'], 2, { outcome: { kind: 'winner', seat: 1 }, prompt: said, status: { summary: said } });
  assert.equal(describePosition(won).summary, `Unlur, move 2 of 2. Last turn: Black c2. ${said}.`);
  assert.equal(changeWords(view(['c1'], 1), won), `Black c2 played. ${said}.`);
  const drawn = 'Draw: neither side has a chain';
  const draw = view(['c1', 'c2'], 2, { outcome: { kind: 'draw' }, prompt: drawn, status: { summary: drawn } });
  assert.equal(describePosition(draw).summary, `Unlur, move 2 of 2. Last turn: Black c2. ${drawn}.`);
});

test('pieces in words', () => {
  assert.equal(pieceWords(null), 'empty');
  assert.equal(pieceWords({ color: 'grey', kind: 'tile', label: 17 }), 'unplayed tile 17');
  assert.equal(pieceWords({ color: 'green', kind: 'tile', label: 4 }, [{ name: 'Green', color: 'green' }]), 'Green tile 4');
  assert.equal(pieceWords({ color: 'purple', kind: 'asterisk' }), 'purple asterisk');
});

test('announcements: a step played, stepping through the moves, the result', () => {
  const before = view(['c1'], 1);
  assert.equal(changeWords(before, view(['c1', 'c2'])), 'Black c2 played. White to place.');
  assert.equal(changeWords(view(['c1', 'c2']), view(['c1', 'c2'], 0)), 'Start of the game. White to place.');
  assert.equal(changeWords(view(['c1', 'c2'], 0), view(['c1', 'c2'], 1)), 'White c1 played. White to place.');
  assert.equal(changeWords(view(['c1', 'c2'], 2), view(['c1', 'c2'], 1)), 'Move 1 of 2: White c1. White to place.');
  const won = view(['c1', 'c2'], 2, { outcome: { kind: 'winner', seat: 1 }, prompt: 'Black wins' });
  assert.equal(changeWords(before, won), 'Black c2 played. Black wins.');
  assert.equal(changeWords(null, before), '', 'nothing on the first view');
  assert.equal(changeWords(before, before), '', 'nothing when nothing changed');
});

test('high contrast: every colour of a game has its own mark, drawn on the piece', () => {
  // The colours that meet in one game: Unity's three, Unravel's and Scattercut's two.
  for (const group of [['purple', 'orange', 'green'], ['red', 'blue']]) {
    const marks = group.map((c) => COLOR_MARKS[c]);
    assert.ok(marks.every(Boolean), `${group}: every colour has a mark`);
    assert.equal(new Set(marks).size, group.length, `${group}: all different`);
  }
  const draw = (marks, color) => {
    const ctx = new SvgContext(40, 40);
    drawPiece(ctx, { color, kind: 'ring' }, 20, 20, 16, { ...DEFAULT_THEME, marks });
    return ctx.body;
  };
  const plain = draw(undefined, 'orange');
  const marked = draw('1', 'orange');
  assert.equal(marked.length, plain.length + 2, 'a filled and outlined mark on top');
  // Orange is a triangle pointing down: three corners, the first below the centre.
  assert.match(marked.at(-2), /^<path d="M20 25.04L24.56 16.64L15.44 16.64Z" fill="#ffffff"/);
  assert.equal(draw('1', 'white').length, draw(undefined, 'white').length, 'white needs no mark');
});
