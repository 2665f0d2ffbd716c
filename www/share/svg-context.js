// A stand-in for CanvasRenderingContext2D that writes SVG, so that the board renderer
// (www/board/render.js) draws the same picture as vector graphics: one drawing code for the
// screen, the PNG and the SVG. It implements the part of the 2D context the renderer uses:
// paths (moveTo, lineTo, arc, arcTo, closePath), fill and stroke (with the even-odd rule and
// dashes), fillRect, fillText, linear and radial gradients, globalAlpha, save and restore,
// and translate/scale for the caller. Each fill or stroke becomes one SVG element, in order.

const TAU = Math.PI * 2;

/** A number as SVG text: at most two decimals, no "-0". */
export function num(n) {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}

function escapeXml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

/**
 * A canvas colour as an SVG paint and its opacity: `rgba(r, g, b, a)` becomes `rgb(r,g,b)`
 * with opacity a (rgba() in SVG attributes is not read by every program that prints SVG).
 */
export function paintOf(color) {
  const m = /^rgba\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*\)$/i.exec(String(color).trim());
  if (m) return { paint: `rgb(${m[1]},${m[2]},${m[3]})`, opacity: Number(m[4]) };
  if (String(color).trim() === 'transparent') return { paint: 'none', opacity: 1 };
  return { paint: String(color), opacity: 1 };
}

/** A gradient made by createLinearGradient or createRadialGradient. */
class SvgGradient {
  constructor(id, element, attributes) {
    this.id = id;
    this.element = element;
    this.attributes = attributes;
    this.stops = [];
  }

  addColorStop(offset, color) {
    if (!(offset >= 0 && offset <= 1)) throw new RangeError(`a colour stop's offset must be 0 to 1, not ${offset}`);
    this.stops.push([offset, color]);
  }

  toSvg() {
    const attrs = Object.entries(this.attributes)
      .map(([k, v]) => ` ${k}="${num(v)}"`)
      .join('');
    const stops = this.stops
      .map(([offset, color]) => {
        const { paint, opacity } = paintOf(color);
        return `<stop offset="${num(offset)}" stop-color="${escapeXml(paint)}"${opacity !== 1 ? ` stop-opacity="${num(opacity)}"` : ''}/>`;
      })
      .join('');
    return `<${this.element} id="${this.id}" gradientUnits="userSpaceOnUse"${attrs}>${stops}</${this.element}>`;
  }
}

const STATE_KEYS = [
  'fillStyle',
  'strokeStyle',
  'lineWidth',
  'lineCap',
  'lineJoin',
  'globalAlpha',
  'font',
  'textAlign',
  'textBaseline',
];

const ANCHOR = { left: 'start', start: 'start', center: 'middle', right: 'end', end: 'end' };
// Canvas baselines as SVG dominant-baseline values (canvas "middle" is the em box's middle).
const BASELINE = { top: 'text-before-edge', hanging: 'hanging', middle: 'central', alphabetic: 'alphabetic', ideographic: 'ideographic', bottom: 'text-after-edge' };

export class SvgContext {
  /** @param {number} width @param {number} height the picture's size in user units (CSS px) */
  constructor(width, height) {
    this.width = width;
    this.height = height;
    // The canvas defaults.
    this.fillStyle = '#000';
    this.strokeStyle = '#000';
    this.lineWidth = 1;
    this.lineCap = 'butt';
    this.lineJoin = 'miter';
    this.globalAlpha = 1;
    this.font = '10px sans-serif';
    this.textAlign = 'start';
    this.textBaseline = 'alphabetic';
    this.dash = [];
    this.matrix = [1, 0, 0, 1, 0, 0]; // a b c d e f, as in setTransform
    this.stack = [];
    this.path = [];
    this.current = null; // the path's current point, or null after beginPath
    this.start = null; // the current subpath's first point
    this.body = [];
    this.gradients = [];
  }

  // ---- state ---------------------------------------------------------------------------

  save() {
    const state = { dash: this.dash.slice(), matrix: this.matrix.slice() };
    for (const key of STATE_KEYS) state[key] = this[key];
    this.stack.push(state);
  }

  restore() {
    const state = this.stack.pop();
    if (!state) return;
    Object.assign(this, state);
  }

  setLineDash(segments) {
    this.dash = Array.isArray(segments) ? segments.filter((n) => Number.isFinite(n) && n >= 0) : [];
  }

  getLineDash() {
    return this.dash.slice();
  }

  setTransform(a, b, c, d, e, f) {
    this.matrix = [a, b, c, d, e, f];
  }

  translate(x, y) {
    const [a, b, c, d, e, f] = this.matrix;
    this.matrix = [a, b, c, d, e + a * x + c * y, f + b * x + d * y];
  }

  scale(sx, sy) {
    const [a, b, c, d, e, f] = this.matrix;
    this.matrix = [a * sx, b * sx, c * sy, d * sy, e, f];
  }

  /** The transform as an attribute, or '' for none. */
  transformAttribute() {
    const [a, b, c, d, e, f] = this.matrix;
    if (a === 1 && b === 0 && c === 0 && d === 1 && e === 0 && f === 0) return '';
    if (b === 0 && c === 0 && a === 1 && d === 1) return ` transform="translate(${num(e)} ${num(f)})"`;
    return ` transform="matrix(${[a, b, c, d, e, f].map(num).join(' ')})"`;
  }

  // ---- paths ---------------------------------------------------------------------------

  beginPath() {
    this.path = [];
    this.current = null;
    this.start = null;
  }

  moveTo(x, y) {
    this.path.push(`M${num(x)} ${num(y)}`);
    this.current = [x, y];
    this.start = [x, y];
  }

  lineTo(x, y) {
    if (!this.current) return this.moveTo(x, y);
    this.path.push(`L${num(x)} ${num(y)}`);
    this.current = [x, y];
  }

  closePath() {
    if (!this.current) return;
    this.path.push('Z');
    this.current = this.start;
  }

  /**
   * A line to `point` from the current point, or a new subpath there (as canvas arcs do).
   * @param {number[]} point
   */
  joinTo([x, y]) {
    if (!this.current) this.moveTo(x, y);
    else if (Math.abs(this.current[0] - x) > 1e-9 || Math.abs(this.current[1] - y) > 1e-9) this.lineTo(x, y);
  }

  arc(x, y, r, start, end, anticlockwise = false) {
    if (!(r >= 0)) throw new RangeError(`an arc's radius must not be negative, not ${r}`);
    // The sweep as browsers compute it (Blink's adjustEndAngle): a full turn or more is the
    // whole circle, and so is 0 to 2π drawn the other way (render.js cuts ring holes so).
    const forward = anticlockwise ? start - end : end - start;
    let sweep;
    if (forward >= TAU) sweep = TAU;
    else if (forward < 0) sweep = TAU - (-forward % TAU);
    else sweep = forward;
    const at = (angle) => [x + r * Math.cos(angle), y + r * Math.sin(angle)];
    const dir = anticlockwise ? -1 : 1;
    this.joinTo(at(start));
    if (sweep === 0 || r === 0) return;
    // SVG arcs cannot draw a whole circle in one piece: two halves.
    const pieces = sweep >= TAU ? 2 : 1;
    for (let i = 1; i <= pieces; i++) {
      const [px, py] = at(start + dir * (sweep * i) / pieces);
      const large = sweep / pieces > Math.PI ? 1 : 0;
      this.path.push(`A${num(r)} ${num(r)} 0 ${large} ${anticlockwise ? 0 : 1} ${num(px)} ${num(py)}`);
      this.current = [px, py];
    }
  }

  arcTo(x1, y1, x2, y2, r) {
    if (!this.current) return this.moveTo(x1, y1);
    const [x0, y0] = this.current;
    const v0 = [x0 - x1, y0 - y1];
    const v2 = [x2 - x1, y2 - y1];
    const l0 = Math.hypot(...v0);
    const l2 = Math.hypot(...v2);
    const cross = v0[0] * v2[1] - v0[1] * v2[0];
    if (r === 0 || l0 === 0 || l2 === 0 || Math.abs(cross) < 1e-9) return this.lineTo(x1, y1);
    // The circle touches both lines at `dist` from the corner.
    const angle = Math.acos(Math.max(-1, Math.min(1, (v0[0] * v2[0] + v0[1] * v2[1]) / (l0 * l2))));
    const dist = r / Math.tan(angle / 2);
    const t0 = [x1 + (v0[0] / l0) * dist, y1 + (v0[1] / l0) * dist];
    const t2 = [x1 + (v2[0] / l2) * dist, y1 + (v2[1] / l2) * dist];
    this.joinTo(t0);
    this.path.push(`A${num(r)} ${num(r)} 0 0 ${cross < 0 ? 1 : 0} ${num(t2[0])} ${num(t2[1])}`);
    this.current = t2;
  }

  // ---- painting ------------------------------------------------------------------------

  /** The SVG paint for a fill or stroke style (a colour or a gradient), and its opacity. */
  paint(style) {
    if (style instanceof SvgGradient) return { paint: `url(#${style.id})`, opacity: 1 };
    return paintOf(style);
  }

  opacityAttribute(name, opacity) {
    return opacity !== 1 ? ` ${name}="${num(opacity)}"` : '';
  }

  emit(element) {
    this.body.push(element);
  }

  fill(rule = 'nonzero') {
    if (!this.path.length) return;
    const { paint, opacity } = this.paint(this.fillStyle);
    if (paint === 'none') return;
    this.emit(
      `<path d="${this.path.join('')}" fill="${escapeXml(paint)}"` +
        this.opacityAttribute('fill-opacity', opacity) +
        (rule === 'evenodd' ? ' fill-rule="evenodd"' : '') +
        this.opacityAttribute('opacity', this.globalAlpha) +
        `${this.transformAttribute()}/>`,
    );
  }

  stroke() {
    if (!this.path.length) return;
    const { paint, opacity } = this.paint(this.strokeStyle);
    if (paint === 'none') return;
    this.emit(
      `<path d="${this.path.join('')}" fill="none" stroke="${escapeXml(paint)}"` +
        this.opacityAttribute('stroke-opacity', opacity) +
        ` stroke-width="${num(this.lineWidth)}"` +
        (this.lineCap !== 'butt' ? ` stroke-linecap="${this.lineCap}"` : '') +
        (this.lineJoin !== 'miter' ? ` stroke-linejoin="${this.lineJoin}"` : '') +
        (this.dash.length ? ` stroke-dasharray="${this.dash.map(num).join(' ')}"` : '') +
        this.opacityAttribute('opacity', this.globalAlpha) +
        `${this.transformAttribute()}/>`,
    );
  }

  fillRect(x, y, w, h) {
    const { paint, opacity } = this.paint(this.fillStyle);
    if (paint === 'none') return;
    this.emit(
      `<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" fill="${escapeXml(paint)}"` +
        this.opacityAttribute('fill-opacity', opacity) +
        this.opacityAttribute('opacity', this.globalAlpha) +
        `${this.transformAttribute()}/>`,
    );
  }

  /** Nothing has been drawn under a cleared area in an SVG that starts empty. */
  clearRect() {}

  fillText(text, x, y) {
    const { paint, opacity } = this.paint(this.fillStyle);
    if (paint === 'none') return;
    this.emit(
      `<text x="${num(x)}" y="${num(y)}" style="font: ${escapeXml(this.font)}" fill="${escapeXml(paint)}"` +
        this.opacityAttribute('fill-opacity', opacity) +
        ` text-anchor="${ANCHOR[this.textAlign] ?? 'start'}" dominant-baseline="${BASELINE[this.textBaseline] ?? 'alphabetic'}"` +
        this.opacityAttribute('opacity', this.globalAlpha) +
        `${this.transformAttribute()}>${escapeXml(text)}</text>`,
    );
  }

  createLinearGradient(x0, y0, x1, y1) {
    const g = new SvgGradient(`g${this.gradients.length + 1}`, 'linearGradient', { x1: x0, y1: y0, x2: x1, y2: y1 });
    this.gradients.push(g);
    return g;
  }

  createRadialGradient(x0, y0, r0, x1, y1, r1) {
    const g = new SvgGradient(`g${this.gradients.length + 1}`, 'radialGradient', { fx: x0, fy: y0, fr: r0, cx: x1, cy: y1, r: r1 });
    this.gradients.push(g);
    return g;
  }

  // ---- output --------------------------------------------------------------------------

  /** The whole picture as an SVG document; `title` becomes its <title> (for screen readers). */
  toSvg({ title = '' } = {}) {
    const w = num(this.width);
    const h = num(this.height);
    const defs = this.gradients.length ? `<defs>${this.gradients.map((g) => g.toSvg()).join('')}</defs>` : '';
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"` +
      (title ? ' role="img"' : '') +
      '>' +
      (title ? `<title>${escapeXml(title)}</title>` : '') +
      defs +
      `<g stroke-miterlimit="10">${this.body.join('')}</g></svg>`
    );
  }
}
