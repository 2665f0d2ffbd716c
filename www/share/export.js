// Pictures of a board for posts and chats: a PNG (a canvas), an SVG (the same drawing on
// svg-context.js) and an animated GIF of a whole game (canvas frames, encoded by the `gif`
// crate in the wasm: encode_gif in src/wasm/study.rs, the study module). Also the embed code for the game shown.
// Everything is drawn by www/board/render.js, as on screen, without the page's hints.

import { aspectOf, createGeometry } from '../board/geometry.js';
import { drawBoard, DEFAULT_THEME } from '../board/render.js';
import { SvgContext } from './svg-context.js';
import { drawDrawings } from '../board/drawings.js';
import { MAX_GIF_BYTES } from '../engine-limits.js';

const PADDING = 10;
const CAPTION_HEIGHT = 34;
const CAPTION_FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", sans-serif';
/** The caption's largest and smallest font sizes, in CSS pixels. */
const CAPTION_SIZES = [16, 11];

/** The most frames a GIF gets (the encoder's limit is 1000; memory is the real one). */
export const MAX_GIF_FRAMES = 400;

/** What a picture says under the board: "Unlur · move 14: White d4" (or the result). */
export function captionFor(view) {
  const title = view.title ?? view.game;
  if (view.outcome && view.cursor === view.steps.length && view.prompt) return `${title} · ${view.prompt}`;
  if (!view.cursor) return `${title} · start`;
  const player = view.players?.[view.movers?.[view.cursor - 1]];
  return `${title} · move ${view.cursor}: ${player ? `${player.name} ` : ''}${view.steps[view.cursor - 1]}`;
}

/** The picture's size in CSS pixels for a board `width` wide: {width, height, board}. */
export function pictureSize(view, { width = 600, caption = true } = {}) {
  const inner = Math.max(40, width - 2 * PADDING);
  const boardHeight = Math.round(inner / aspectOf(view.shape));
  const height = boardHeight + 2 * PADDING + (caption ? CAPTION_HEIGHT : 0);
  return { width: Math.round(width), height, board: { x: PADDING, y: PADDING, width: inner, height: boardHeight } };
}

/**
 * Draws the picture on a 2D context (a canvas's or an SvgContext) in CSS pixels.
 * options: {width, caption (bool or text), coords, flipped, theme, background, textColor}
 */
export function drawPicture(ctx, view, options = {}) {
  const { coords = false, flipped = false, theme = DEFAULT_THEME, background = '#ffffff' } = options;
  const captionText = options.caption === false ? '' : typeof options.caption === 'string' ? options.caption : captionFor(view);
  const size = pictureSize(view, { width: options.width, caption: !!captionText });
  ctx.save();
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.translate(size.board.x, size.board.y);
  const geom = createGeometry(view.shape, size.board.width, size.board.height, { flipped });
  // The step's arrows and circled cells, as on the board.
  const node = Array.isArray(view.tree) ? view.tree.find((n) => n.id === view.node) : null;
  const drawings = node && (node.arrows?.length || node.circles?.length) ? { arrows: node.arrows, circles: node.circles } : null;
  drawBoard(ctx, geom, view, { coords, drawings, drawDrawings }, theme);
  ctx.restore();
  if (captionText) {
    ctx.save();
    ctx.fillStyle = options.textColor ?? theme.label;
    const { font, text } = fitCaption(ctx, captionText, size.width - 2 * PADDING);
    ctx.font = font;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, size.width / 2, size.height - PADDING - CAPTION_HEIGHT / 2 + 4);
    ctx.restore();
  }
  return size;
}

/**
 * The caption's font and text so that it fits `room` pixels: a smaller font for a long
 * caption (down to the smallest size), then the text cut with an ellipsis. A context without
 * measureText (the SVG one) is measured by an estimate that errs on the wide side.
 */
export function fitCaption(ctx, text, room) {
  const [largest, smallest] = CAPTION_SIZES;
  const fontOf = (px) => `600 ${px}px ${CAPTION_FONT_FAMILY}`;
  const width = (t, px) => {
    if (typeof ctx.measureText !== 'function') return t.length * px * 0.62;
    ctx.font = fontOf(px);
    return ctx.measureText(t).width;
  };
  for (let px = largest; px >= smallest; px--) {
    if (width(text, px) <= room) return { font: fontOf(px), text };
  }
  let cut = text;
  while (cut.length > 1 && width(`${cut}…`, smallest) > room) cut = cut.slice(0, -1);
  return { font: fontOf(smallest), text: `${cut.trimEnd()}…` };
}

/** The picture as an SVG document (text). */
export function pictureSvg(view, options = {}) {
  const size = pictureSize(view, { width: options.width, caption: options.caption !== false });
  const ctx = new SvgContext(size.width, size.height);
  drawPicture(ctx, view, options);
  return ctx.toSvg({ title: captionFor(view) });
}

/** A canvas with the picture, `scale` device pixels a CSS pixel. */
function pictureCanvas(view, options, scale) {
  const size = pictureSize(view, { width: options.width, caption: options.caption !== false });
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(size.width * scale);
  canvas.height = Math.round(size.height * scale);
  const ctx = canvas.getContext('2d');
  ctx.scale(scale, scale);
  drawPicture(ctx, view, options);
  return canvas;
}

/** The picture as a PNG Blob, twice the CSS size so that it stays sharp on phones. */
export function picturePng(view, options = {}, scale = 2) {
  const canvas = pictureCanvas(view, options, scale);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the browser could not make a PNG'))), 'image/png'),
  );
}

/**
 * The whole game of `record` as an animated GIF (a promise of a Uint8Array): the start and
 * one frame a step, each shown `delayCs` hundredths of a second, the last one longer. The
 * frames are drawn a few at a time, letting the page answer in between; `timing` (if given)
 * gets the milliseconds spent drawing and encoding.
 */
export async function gameGif(mod, record, options, delayCs, timing = null) {
  const session = mod.Session.fromRecord(record);
  try {
    const steps = session.view().steps.length;
    if (steps + 1 > MAX_GIF_FRAMES) {
      throw new Error(`the game has ${steps} steps; a GIF holds at most ${MAX_GIF_FRAMES - 1}`);
    }
    // Long games get a smaller picture, to keep the frames in memory small.
    const width = options.width ?? (steps > 150 ? 300 : 400);
    let frames = null;
    let size = null;
    const started = performance.now();
    let slice = started;
    for (let i = 0; i <= steps; i++) {
      session.goTo(i);
      const view = session.view();
      if (!size) {
        size = pictureSize(view, { width, caption: options.caption !== false });
        const bytes = size.width * size.height * 4 * (steps + 1);
        if (!(bytes <= MAX_GIF_BYTES)) {
          throw new Error(`the frames would take ${bytes} bytes; the GIF encoder takes at most ${MAX_GIF_BYTES}`);
        }
        frames = new Uint8Array(bytes);
      }
      const canvas = pictureCanvas(view, { ...options, width }, 1);
      const pixels = canvas.getContext('2d').getImageData(0, 0, size.width, size.height).data;
      frames.set(pixels, i * pixels.length);
      if (performance.now() - slice > 30) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        slice = performance.now();
      }
    }
    const drawn = performance.now();
    const gif = mod.encode_gif(size.width, size.height, frames, delayCs, Math.max(delayCs * 3, 200));
    if (timing) Object.assign(timing, { drawMs: drawn - started, encodeMs: performance.now() - drawn });
    return gif;
  } finally {
    session.free?.();
  }
}

/**
 * A file named for what it holds, counted in steps as the page counts them ("Viewing step 14"):
 * a picture of the position shown, "unlur-step-14.png"; with `whole`, the line shown (a GIF),
 * "unlur-14-steps.gif"; with `whole: 'game'`, the whole game of a text file (its main line,
 * with the lines tried beside it), "unlur-20-steps.txt".
 * @param {import('../types/ludus-views').SessionView} view
 * @param {string} extension
 * @param {{ whole?: boolean | 'game' }} [options]
 */
export function fileName(view, extension, { whole = false } = {}) {
  const steps = whole === 'game' ? mainLineLength(view) : view.steps.length;
  const what = whole ? `${steps}-step${steps === 1 ? '' : 's'}` : view.cursor ? `step-${view.cursor}` : 'start';
  return `${view.game}-${what}.${extension}`;
}

/** The steps of the game's main line (the first child at every step of its tree). */
function mainLineLength(view) {
  if (!Array.isArray(view.tree) || !view.tree.length) return view.steps.length;
  const nodes = new Map(view.tree.map((n) => [n.id, n]));
  let node = view.tree.find((n) => n.parent == null);
  let count = 0;
  const seen = new Set();
  while (node?.children?.length && !seen.has(node.id)) {
    seen.add(node.id);
    node = nodes.get(node.children[0]);
    count++;
  }
  return count;
}

function escapeAttribute(text) {
  return String(text).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The two ways to embed the game: the `<ludus-board>` element (with its script tag) and an
 * iframe of www/embed.html. `site` is the Ludus site's root URL (ending in "/"); `record` the
 * record to carry (the engine packs a long one for links).
 */
export function embedSnippets(view, site, record = view.record) {
  const title = `${view.title ?? view.game} board`;
  const element =
    `<script type="module" src="${escapeAttribute(site + 'www/embed/ludus-board.js')}"></script>\n` +
    `<ludus-board record="${escapeAttribute(record)}"></ludus-board>`;
  const iframe =
    `<iframe src="${escapeAttribute(site + 'www/embed.html#' + encodeURI(record))}"\n` +
    `  width="420" height="560" style="border: 0" title="${escapeAttribute(title)}"></iframe>`;
  return { element, iframe };
}


/** Offers a file to the reader (the browser's download). */
export function download(data, name, type) {
  const blob = data instanceof Blob ? data : new Blob([data], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has its own copy once it started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
