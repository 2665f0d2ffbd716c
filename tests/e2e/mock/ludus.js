// A stand-in for the wasm engine with the same JS interface (games, Session, new_game, ...),
// with toy rules: it lets the page be developed and its plumbing tested without the Rust
// build. The real tests run against the real engine; nothing here is the games' rules.

const SQRT = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's'];
const DIRS = ['NE', 'E', 'SE', 'SW', 'W', 'NW'];
const DELTA = [[1, 1], [1, 0], [0, -1], [-1, -1], [-1, 0], [0, 1]];

const GAMES = [
  { name: 'unravel', title: 'Unravel', designer: 'Mark Steere', options: [{ key: 'size', label: 'Board size', kind: 'number', default: '8', min: 3, max: 19 }] },
  { name: 'scattercut', title: 'Scattercut', designer: 'Mark Steere', options: [{ key: 'size', label: 'Board size', kind: 'number', default: '8', min: 3, max: 19 }] },
  {
    name: 'unity', title: 'Unity, Unified Edition', designer: 'Néstor Romeral Andrés',
    options: [
      { key: 'size', label: 'Board size', kind: 'choice', default: '5', choices: ['5', '6'] },
      { key: 'players', label: 'Players', kind: 'choice', default: '2', choices: ['2', '3'] },
      { key: 'neutral', label: 'Neutral colour', kind: 'choice', default: 'green', choices: ['purple', 'orange', 'green'] },
      { key: 'supply', label: 'Wall supply', kind: 'number', default: '12', min: 0, max: 999 },
      { key: 'seed', label: 'Random setup seed', kind: 'text', default: '1' },
      { key: 'layout', label: 'Layout (one character a cell)', kind: 'text', default: '' },
      { key: 'walls', label: 'Starting walls', kind: 'text', default: '' },
    ],
  },
  { name: 'merlins-chain', title: "Merlin's Chain", designer: 'Jorge Gomez Arrausi', options: [] },
  { name: 'unlur', title: 'Unlur', designer: 'Jorge Gomez Arrausi', options: [{ key: 'size', label: 'Board size', kind: 'number', default: '6', min: 4, max: 12 }] },
];

export default async function init() {}

export function games() {
  return structuredClone(GAMES);
}

function hexCells(n) {
  const m = n - 1;
  const coords = [];
  const names = [];
  const starts = [];
  for (let r = -m; r <= m; r++) {
    starts.push(coords.length);
    let p = 0;
    for (let q = Math.max(-m, r - m); q <= Math.min(m, r + m); q++) {
      coords.push([q, r]);
      names.push(SQRT[r + m] + ++p);
    }
  }
  const index = (q, r) => (Math.abs(q) > m || Math.abs(r) > m || Math.abs(q - r) > m ? -1 : starts[r + m] + q - Math.max(-m, r - m));
  const nb = (c, d) => index(coords[c][0] + DELTA[d][0], coords[c][1] + DELTA[d][1]);
  const edge = (c) => { const [q, r] = coords[c]; return Math.abs(q) === m || Math.abs(r) === m || Math.abs(q - r) === m; };
  return { coords, names, nb, edge };
}

function rng(seed) {
  let s = BigInt.asUintN(64, BigInt(seed));
  return () => {
    s = BigInt.asUintN(64, s + 0x9e3779b97f4a7c15n);
    let z = s;
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
    return Number((z ^ (z >> 31n)) >> 11n) / 2 ** 53;
  };
}

const fail = (m) => { throw new Error(m); };

function opts(game, options) {
  const info = GAMES.find((g) => g.name === game) ?? fail(`unknown game ${JSON.stringify(game)}`);
  const o = {};
  for (const [k, v] of Object.entries(options ?? {})) {
    const spec = info.options.find((s) => s.key === k) ?? fail(`${game} has no option ${k}`);
    const text = String(v);
    if (spec.kind === 'number' && (!/^\d+$/.test(text) || +text < spec.min || +text > spec.max)) fail(`${k} must be a whole number from ${spec.min} to ${spec.max} (got "${text}")`);
    if (spec.kind === 'choice' && !spec.choices.includes(text)) fail(`${k} must be one of ${spec.choices.join(', ')}`);
    if (text !== spec.default) o[k] = text;
  }
  return o;
}

function start(game, o) {
  const p = { game, o, walls: [], toMove: 0, outcome: null, passCount: 0 };
  if (game === 'unravel' || game === 'scattercut') {
    const n = +(o.size ?? 8);
    p.shape = { kind: 'square', width: n, height: n };
    p.names = Array.from({ length: n * n }, (_, i) => SQRT[i % n] + (Math.floor(i / n) + 1));
    p.pieces = p.names.map(() => null);
    p.players = [{ name: 'Red', color: 'red' }, { name: 'Blue', color: 'blue' }];
    p.sides = [{ side: 'top', color: 'red' }, { side: 'bottom', color: 'red' }, { side: 'left', color: 'blue' }, { side: 'right', color: 'blue' }];
  } else if (game === 'unlur') {
    const h = hexCells(+(o.size ?? 6));
    Object.assign(p, { shape: { kind: 'hex', side: +(o.size ?? 6) }, names: h.names, hex: h, contract: true });
    p.pieces = h.names.map(() => null);
    p.players = [{ name: 'First player', color: 'black' }, { name: 'Second player', color: 'white' }];
    p.sides = [];
  } else if (game === 'unity') {
    const side = +(o.size ?? 5);
    const h = hexCells(side);
    Object.assign(p, { shape: { kind: 'hex', side }, names: h.names, hex: h, supply: +(o.supply ?? 12) });
    const count = h.names.length;
    let layout = o.layout;
    if (!layout) {
      const r = rng(+(o.seed ?? 1) || 0);
      const per = (count - 1) / 3;
      const chars = [];
      for (const c of 'pog') for (let i = 0; i < per; i++) chars.push(i % 2 ? c : c.toUpperCase());
      chars.push('.');
      for (let i = chars.length - 1; i > 0; i--) { const j = Math.floor(r() * (i + 1)); [chars[i], chars[j]] = [chars[j], chars[i]]; }
      layout = chars.join('');
    }
    if (layout.length !== count) fail(`the layout must have ${count} characters (got ${layout.length})`);
    p.pieces = [...layout].map((ch) => {
      const color = { p: 'purple', o: 'orange', g: 'green' }[ch.toLowerCase()];
      return color ? { color, kind: ch === ch.toUpperCase() ? 'ring' : 'asterisk' } : null;
    });
    for (const w of (o.walls ?? '').split(',').filter(Boolean)) {
      const [a, b] = w.split('|').map((x) => h.names.indexOf(x));
      if (a < 0 || b < 0) fail(`bad wall ${w}`);
      p.walls.push([Math.min(a, b), Math.max(a, b)]);
    }
    const neutral = o.neutral ?? 'green';
    const colors = (o.players ?? '2') === '3' ? ['purple', 'orange', 'green'] : ['purple', 'orange', 'green'].filter((c) => c !== neutral);
    p.players = colors.map((c) => ({ name: c[0].toUpperCase() + c.slice(1), color: c }));
    p.sides = [];
  } else {
    p.shape = { kind: 'square', width: 8, height: 8 };
    p.names = Array.from({ length: 64 }, (_, i) => SQRT[i % 8] + (Math.floor(i / 8) + 1));
    p.pieces = p.names.map((_, i) => ({ color: 'grey', kind: 'tile', label: String(i + 1) }));
    p.players = [{ name: 'Green', color: 'green' }, { name: 'White', color: 'white' }];
    p.sides = [];
  }
  return p;
}

function wallAt(p, a, b) {
  return p.walls.some(([x, y]) => x === Math.min(a, b) && y === Math.max(a, b));
}

function legal(p) {
  if (p.outcome) return [];
  const out = [];
  const empty = (c) => !p.pieces[c];
  if (p.game === 'unravel' || p.game === 'scattercut') {
    p.pieces.forEach((x, c) => x || out.push({ text: p.names[c], kind: 'place', cells: [c] }));
  } else if (p.game === 'unlur') {
    p.pieces.forEach((x, c) => x || (p.contract && p.hex.edge(c)) || out.push({ text: p.names[c], kind: 'place', cells: [c] }));
    if (p.contract) out.push({ text: 'pass', kind: 'pass', cells: [] });
  } else if (p.game === 'unity') {
    const mine = p.players[p.toMove].color;
    p.pieces.forEach((x, c) => {
      if (!x || x.color !== mine) return;
      for (let d = 0; d < 6; d++) {
        let prev = c;
        let n = p.hex.nb(c, d);
        while (n >= 0 && !wallAt(p, prev, n)) {
          if (empty(n)) out.push({ text: `${p.names[c]}-${p.names[n]}`, kind: 'move', cells: [c, n] });
          prev = n;
          n = p.hex.nb(n, d);
        }
      }
      if (x.kind === 'ring') out.push({ text: `${p.names[c]}x`, kind: 'ring', cells: [c] });
      else for (let d = 0; d < 6; d++) {
        const n = p.hex.nb(c, d);
        out.push({ text: `${p.names[c]}x${DIRS[d]}`, kind: 'asterisk', cells: n >= 0 ? [c, n] : [c], dir: DIRS[d] });
      }
    });
    if (p.supply > 0) {
      for (let a = 0; a < p.names.length; a++) for (let d = 0; d < 6; d++) {
        const b = p.hex.nb(a, d);
        if (b > a && !wallAt(p, a, b)) out.push({ text: `${p.names[a]}|${p.names[b]}`, kind: 'wall', cells: [a, b] });
      }
    }
  } else {
    const parity = p.toMove === 0 ? 0 : 1;
    p.pieces.forEach((x, c) => {
      const n = +x.label;
      if (x.color === 'grey' && n % 2 === parity) out.push({ text: `${n}@${p.names[c]}`, kind: 'flip', cells: [c], piece: n });
    });
  }
  return out;
}

function groups(p, color) {
  const cells = p.pieces.map((x, c) => (x && x.color === color ? c : -1)).filter((c) => c >= 0);
  if (!cells.length) return 0;
  const seen = new Set([cells[0]]);
  const stack = [cells[0]];
  while (stack.length) {
    const c = stack.pop();
    for (let d = 0; d < 6; d++) {
      const n = p.hex.nb(c, d);
      if (n >= 0 && !seen.has(n) && p.pieces[n]?.color === color && !wallAt(p, c, n)) { seen.add(n); stack.push(n); }
    }
  }
  return seen.size === cells.length ? [...seen] : null;
}

function play(p, text) {
  const step = legal(p).find((s) => s.text === text);
  if (!step) {
    const c = p.names.indexOf(text);
    if (p.outcome) fail('the game is over');
    if (c >= 0 && p.pieces[c]) fail(`${text} is occupied`);
    fail(`${JSON.stringify(text)} is not a legal step now`);
  }
  const mover = p.toMove;
  const color = p.players[mover].color;
  switch (step.kind) {
    case 'place':
      p.pieces[step.cells[0]] = { color: p.game === 'unlur' && p.contract ? 'black' : color, kind: p.game === 'unravel' ? 'checker' : 'stone' };
      break;
    case 'pass':
      p.contract = false;
      p.players = mover === 0 ? [{ name: 'Black', color: 'black' }, { name: 'White', color: 'white' }] : [{ name: 'White', color: 'white' }, { name: 'Black', color: 'black' }];
      break;
    case 'move':
      p.pieces[step.cells[1]] = p.pieces[step.cells[0]];
      p.pieces[step.cells[0]] = null;
      break;
    case 'ring':
      p.pieces[step.cells[0]] = null;
      break;
    case 'asterisk':
      p.pieces[step.cells[0]] = null;
      break;
    case 'wall':
      p.walls.push(step.cells);
      p.supply--;
      break;
    case 'flip':
      p.pieces[step.cells[0]] = { color, kind: 'tile', label: String(step.piece) };
      break;
    default:
  }
  p.toMove = (mover + 1) % p.players.length;
  if (p.game === 'unity') {
    for (let s = 0; s < p.players.length; s++) {
      const g = groups(p, p.players[s].color);
      if (g) { p.outcome = { kind: 'winner', seat: s }; p.highlight = g; break; }
    }
  }
  if (!p.outcome && p.game !== 'unity' && legal(p).length === 0) p.outcome = { kind: 'draw' };
  if (!p.outcome && p.game === 'merlins-chain' && p.pieces.every((x) => x.color !== 'grey')) p.outcome = { kind: 'draw' };
  return step;
}

function parse(text) {
  const parts = String(text).trim().split(';');
  const game = parts.shift();
  const options = {};
  let moves = [];
  let at = null;
  for (const part of parts) {
    if (!part) continue;
    const i = part.indexOf('=');
    if (i < 0) fail(`${JSON.stringify(part)} in the record is not of the form key=value`);
    const k = part.slice(0, i);
    const v = part.slice(i + 1);
    if (k === 'moves') moves = v.split(',').filter(Boolean);
    else if (k === 'at') at = /^\d+$/.test(v) ? +v : fail('at= must be a step number');
    else options[k] = v;
  }
  return { game, options, moves, at };
}

export class Session {
  constructor(game, o) {
    this.game = game;
    this.o = o;
    this.steps = [];
    this.movers = [];
    this.cursor = 0;
    start(game, o);
  }

  static create(game, options) {
    return new Session(game, opts(game, options));
  }

  static fromRecord(text) {
    const r = parse(text);
    const s = Session.create(r.game, r.options);
    r.moves.forEach((m, i) => {
      try { s.play(m); } catch (e) { fail(`step ${i + 1} (${m}) cannot be played: ${e.message}`); }
    });
    if (r.at != null) { if (r.at > s.steps.length) fail('at is past the last step'); s.cursor = r.at; }
    return s;
  }

  position(n = this.cursor) {
    const p = start(this.game, this.o);
    this.lastCells = [];
    for (let i = 0; i < n; i++) {
      const st = play(p, this.steps[i]);
      if (i > 0 && this.movers[i] === this.movers[i - 1]) this.lastCells.push(...st.cells);
      else this.lastCells = [...st.cells];
    }
    return p;
  }

  view() {
    const p = this.position();
    const toMove = p.outcome ? null : p.toMove;
    const winner = p.outcome?.kind === 'winner' ? p.players[p.outcome.seat].name : null;
    return {
      shape: p.shape, cells: p.names, pieces: p.pieces, walls: p.walls, sides: p.sides, players: p.players,
      to_move: toMove, outcome: p.outcome,
      prompt: p.outcome ? (winner ? `${winner} wins` : 'Draw') : `${p.players[p.toMove].name} to ${p.game === 'unity' ? 'move' : p.game === 'merlins-chain' ? 'flip a tile' : 'place'}`,
      marked: [], highlight: p.highlight ?? [],
      facts: p.game === 'unity' ? [['Walls left', String(p.supply)]] : [],
      game: this.game, title: GAMES.find((g) => g.name === this.game).title, designer: GAMES.find((g) => g.name === this.game).designer,
      legal: legal(p), lastTurn: this.lastCells, steps: [...this.steps], movers: [...this.movers], cursor: this.cursor, record: this.record(),
    };
  }

  play(text) {
    const p = this.position();
    const mover = p.toMove;
    const step = play(p, text);
    this.steps.length = this.cursor;
    this.movers.length = this.cursor;
    this.steps.push(step.text);
    this.movers.push(mover);
    this.cursor++;
  }

  undo() { return this.goTo(this.cursor - 1); }
  redo() { return this.goTo(this.cursor + 1); }
  goTo(n) { if (n < 0 || n > this.steps.length || n === this.cursor) return false; this.cursor = n; return true; }

  record() {
    let t = this.game;
    for (const [k, v] of Object.entries(this.o)) t += `;${k}=${v}`;
    if (this.steps.length) t += `;moves=${this.steps.join(',')}`;
    if (this.cursor < this.steps.length) t += `;at=${this.cursor}`;
    return t;
  }

  aiChoose(player, seed) { return ai_move(this.record(), player, seed); }

  free() {}
}

export const new_game = (game, options) => Session.create(game, options).record();
export const legal_moves = (record) => Session.fromRecord(record).view().legal;
export const apply_move = (record, step) => { const s = Session.fromRecord(record); s.play(step); return s.record(); };
export const status = (record) => { const v = Session.fromRecord(record).view(); return { toMove: v.to_move, outcome: v.outcome, prompt: v.prompt }; };
export const board_view = (record) => Session.fromRecord(record).view();
// The toy computer: a random legal step (same answer shape as the engine's).
export const ai_move = (record, player, seed) => {
  const legal = Session.fromRecord(record).view().legal;
  if (!legal.length) throw new Error('the game is over');
  return { step: legal[Math.floor(Math.abs(Number(seed) || 0)) % legal.length].text, iterations: 0, value: 0.5 };
};
