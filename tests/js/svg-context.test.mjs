// The SVG stand-in for a canvas context (www/share/svg-context.js) writes exactly the SVG
// expected for small drawings, and the board renderer draws a whole picture through it
// (www/share/export.js), with the caption, the embed code and file names as the page shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SvgContext, num, paintOf } from '../../www/share/svg-context.js';
import { pictureSvg, pictureSize, captionFor, embedSnippets, fileName } from '../../www/share/export.js';
import { DEFAULT_THEME } from '../../www/board/render.js';

const TAU = Math.PI * 2;
const wrap = (w, h, body, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${defs}<g stroke-miterlimit="10">${body}</g></svg>`;

test('a rectangle, a circle, a dashed line and text, exactly', () => {
  const ctx = new SvgContext(20, 10);
  ctx.fillStyle = '#f00';
  ctx.fillRect(0, 0, 20, 10);
  ctx.beginPath();
  ctx.arc(5, 5, 2, 0, TAU);
  ctx.fillStyle = 'rgba(0,0,0,0.5)';
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(0, 0);
  ctx.lineTo(10, 0);
  ctx.strokeStyle = 'blue';
  ctx.lineWidth = 1.5;
  ctx.setLineDash([2, 1]);
  ctx.stroke();
  ctx.font = '600 12px sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#123456';
  ctx.fillText('a<b', 10, 5);
  assert.equal(
    ctx.toSvg(),
    wrap(
      20,
      10,
      '<rect x="0" y="0" width="20" height="10" fill="#f00"/>' +
        '<path d="M7 5A2 2 0 0 1 3 5A2 2 0 0 1 7 5" fill="rgb(0,0,0)" fill-opacity="0.5"/>' +
        '<path d="M0 0L10 0" fill="none" stroke="blue" stroke-width="1.5" stroke-dasharray="2 1"/>' +
        '<text x="10" y="5" style="font: 600 12px sans-serif" fill="#123456" text-anchor="middle" dominant-baseline="central">a&lt;b</text>',
    ),
  );
});

test('rounded corners, even-odd rings, gradients, alpha, save and restore, translate', () => {
  const ctx = new SvgContext(30, 30);
  // A rounded square as render.js draws tiles: arcTo around the corners.
  ctx.beginPath();
  ctx.moveTo(12, 10);
  ctx.arcTo(20, 10, 20, 20, 2);
  ctx.arcTo(20, 20, 10, 20, 2);
  ctx.closePath();
  const g = ctx.createLinearGradient(0, 10, 0, 20);
  g.addColorStop(0, '#ffffff');
  g.addColorStop(1, 'rgba(0, 0, 0, 0.25)');
  ctx.fillStyle = g;
  ctx.save();
  ctx.globalAlpha *= 0.5;
  ctx.translate(1, 2);
  ctx.fill();
  ctx.restore();
  // A ring: two circles, the inner one drawn the other way, filled even-odd.
  ctx.beginPath();
  ctx.arc(10, 10, 4, 0, TAU);
  ctx.arc(10, 10, 2, 0, TAU, true);
  const r = ctx.createRadialGradient(9, 9, 1, 10, 10, 4);
  r.addColorStop(0.5, 'red');
  ctx.fillStyle = r;
  ctx.fill('evenodd');
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = 'transparent';
  ctx.stroke(); // nothing: a transparent stroke draws nothing
  assert.equal(ctx.globalAlpha, 1, 'restore brings back the alpha');
  assert.equal(
    ctx.toSvg({ title: 'A & B' }),
    '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="30" viewBox="0 0 30 30" role="img"><title>A &amp; B</title>' +
      '<defs><linearGradient id="g1" gradientUnits="userSpaceOnUse" x1="0" y1="10" x2="0" y2="20">' +
      '<stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="rgb(0,0,0)" stop-opacity="0.25"/></linearGradient>' +
      '<radialGradient id="g2" gradientUnits="userSpaceOnUse" fx="9" fy="9" fr="1" cx="10" cy="10" r="4"><stop offset="0.5" stop-color="red"/></radialGradient></defs>' +
      '<g stroke-miterlimit="10">' +
      '<path d="M12 10L18 10A2 2 0 0 1 20 12L20 18A2 2 0 0 1 18 20Z" fill="url(#g1)" opacity="0.5" transform="translate(1 2)"/>' +
      '<path d="M14 10A4 4 0 0 1 6 10A4 4 0 0 1 14 10L12 10A2 2 0 0 0 8 10A2 2 0 0 0 12 10" fill="url(#g2)" fill-rule="evenodd"/>' +
      '</g></svg>',
  );
});

test('arcs less than a turn, numbers and colours', () => {
  const ctx = new SvgContext(10, 10);
  ctx.beginPath();
  ctx.arc(0, 0, 10, 0, Math.PI / 2);
  ctx.arc(0, 0, 10, 0, (3 * Math.PI) / 2);
  ctx.stroke();
  assert.equal(ctx.body[0], '<path d="M10 0A10 10 0 0 1 0 10L10 0A10 10 0 1 1 0 -10" fill="none" stroke="#000" stroke-width="1"/>');
  assert.equal(num(-0.001), '0');
  assert.equal(num(1 / 3), '0.33');
  assert.deepEqual(paintOf('rgba(255, 190, 0, 0.4)'), { paint: 'rgb(255,190,0)', opacity: 0.4 });
  assert.deepEqual(paintOf('#abcdef'), { paint: '#abcdef', opacity: 1 });
  assert.throws(() => ctx.arc(0, 0, -1, 0, 1), /radius/);
  assert.throws(() => ctx.createLinearGradient(0, 0, 1, 1).addColorStop(2, 'red'), /offset/);
});

const unlurView = () => {
  const shape = { kind: 'hex', side: 3 };
  const pieces = Array(19).fill(null);
  pieces[4] = { color: 'white', kind: 'stone' };
  pieces[9] = { color: 'black', kind: 'stone' };
  return {
    game: 'unlur',
    title: 'Unlur',
    shape,
    cells: Array.from({ length: 19 }, (_, i) => `c${i}`),
    pieces,
    walls: [],
    sides: [{ side: 'N', color: 'white' }],
    players: [
      { name: 'White', color: 'white' },
      { name: 'Black', color: 'black' },
    ],
    lastTurn: [9],
    highlight: [],
    marked: [],
    steps: ['c4', 'c9'],
    movers: [0, 1],
    cursor: 2,
    outcome: null,
    prompt: 'White to move',
    record: 'unlur;size=3;moves=c4,c9',
  };
};

test('a board picture: pieces where the geometry says, the caption, the size', () => {
  const view = unlurView();
  const svg = pictureSvg(view, { width: 300 });
  const size = pictureSize(view, { width: 300 });
  assert.ok(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" width="300" height="${size.height}"`));
  assert.ok(svg.includes('<title>Unlur · move 2: Black c9</title>'));
  assert.ok(svg.includes('>Unlur · move 2: Black c9</text>'), 'the caption is drawn');
  // Two stones, each with a radial gradient.
  assert.equal((svg.match(/<radialGradient /g) ?? []).length, 2);
  const noCaption = pictureSvg(view, { width: 300, caption: false });
  assert.ok(!noCaption.includes('move 2: Black c9</text>'));
  assert.ok(noCaption.includes(`height="${size.height - 34}"`));
  // Cell names on empty cells only.
  const named = pictureSvg(view, { width: 300, coords: true });
  assert.ok((named.match(/<text /g) ?? []).length > (svg.match(/<text /g) ?? []).length + 10);
});

test('captions, file names and embed code', () => {
  const view = unlurView();
  assert.equal(captionFor({ ...view, cursor: 0 }), 'Unlur · start');
  assert.equal(captionFor({ ...view, outcome: { kind: 'winner', seat: 1 }, prompt: 'Black wins' }), 'Unlur · Black wins');
  assert.equal(fileName(view, 'png'), 'unlur-step-2.png');
  assert.equal(fileName(view, 'gif', { whole: true }), 'unlur-2-steps.gif');
  // A text file holds the whole game: named for its main line, whichever line is shown.
  const tree = [
    { id: 0, parent: null, children: [1] },
    { id: 1, parent: 0, children: [2, 4] },
    { id: 2, parent: 1, children: [3] },
    { id: 3, parent: 2, children: [] },
    { id: 4, parent: 1, children: [] },
  ];
  assert.equal(fileName({ ...view, tree, node: 4, steps: ['d4', 'c5'], cursor: 2 }, 'txt', { whole: 'game' }), 'unlur-3-steps.txt');
  assert.equal(fileName({ ...view, steps: ['d4'], cursor: 1 }, 'txt', { whole: 'game' }), 'unlur-1-step.txt');
  const { element, iframe } = embedSnippets({ ...view, record: 'unlur;moves=d4,pass;at=1"<x>' }, 'https://ludus.example/');
  assert.equal(
    element,
    '<script type="module" src="https://ludus.example/www/embed/ludus-board.js"></script>\n' +
      '<ludus-board record="unlur;moves=d4,pass;at=1&quot;&lt;x>"></ludus-board>',
  );
  assert.equal(
    iframe,
    '<iframe src="https://ludus.example/www/embed.html#unlur;moves=d4,pass;at=1%22%3Cx%3E"\n' +
      '  width="420" height="560" style="border: 0" title="Unlur board"></iframe>',
  );
});

test('a board picture carries the step\'s arrows and circled cells, in the drawing colour', () => {
  const plain = unlurView();
  const view = {
    ...plain,
    node: 2,
    tree: [
      { id: 0, parent: null, step: '', children: [1], glyph: '', comment: '', arrows: [], circles: [] },
      { id: 1, parent: 0, step: 'c4', children: [2], glyph: '', comment: '', arrows: [], circles: [] },
      { id: 2, parent: 1, step: 'c9', children: [], glyph: '!', comment: 'x', arrows: [[0, 5]], circles: [3, 4] },
    ],
  };
  const theme = { ...DEFAULT_THEME, drawing: '#123456' };
  const drawn = pictureSvg(view, { width: 300, theme });
  const bare = pictureSvg(plain, { width: 300, theme });
  const marks = (svg) => (svg.match(/#123456/g) ?? []).length;
  assert.equal(marks(bare), 0);
  // Two circles, a shaft and a head.
  assert.equal(marks(drawn), 4, drawn);
});
