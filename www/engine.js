// The one place that loads the rules engine: Rust compiled to wasm, built by Trunk as two
// modules at the site root (Trunk.toml, docs/ENGINE-API.md). `engine()` is the play module
// (`ludus.js` + `ludus_bg.wasm`: rules, views, the computer opponent), which the page, the
// computer's worker and the widget load at start. `studyEngine()` is the study module
// (`ludus_study.js` + `ludus_study_bg.wasm`: the same plus analysis, review, the GIF encoder
// and the benchmark), loaded only when one of those is first asked for, so the first load
// stays small. Each is fetched and initialised once per JS realm.

const loading = new Map();

/** The performance mark set when the play module is ready (startup timing). */
export const ENGINE_READY_MARK = 'ludus:engine-ready';

/** @typedef {typeof import('../ludus.js')} PlayModule the play module's exports (wasm-bindgen's ludus.d.ts) */
/** @typedef {typeof import('../ludus_study.js')} StudyModule the study module's exports (ludus_study.d.ts) */

/**
 * The initialised play module: Session, games(), levels(), parseRecord(), optionForm(), and
 * what the page asks rather than knows: recordSetup(record) (a record's game and options,
 * the setup that stays through a game) and withRandomSetup(game, options, seed) (a new
 * game's options, with the random setup the seed draws where the game has one).
 * @returns {Promise<PlayModule>}
 */
export function engine() {
  return load('ludus', ENGINE_READY_MARK);
}

/** The initialised study module: everything engine() has, plus analyse_position,
 * review_game, Session.analyse/review, encode_gif and bench.
 * @returns {Promise<StudyModule>} */
export function studyEngine() {
  return load('ludus_study', null);
}

// The smallest module that uses a WebAssembly SIMD instruction (i8x16.popcnt of a splat):
// both engine modules are built with simd128 (.cargo/config.toml), so a browser whose
// WebAssembly rejects this cannot run them, and is told so plainly rather than shown a
// compile error.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253,
  15, 253, 98, 11,
]);

/** The message shown where the browser's WebAssembly has no SIMD. */
export const NO_SIMD_MESSAGE =
  "this browser's WebAssembly has no SIMD, which Ludus needs; " +
  'Chrome or Edge 91, Firefox 89 and Safari 16.4 or later have it';

function load(name, readyMark) {
  if (!loading.has(name)) {
    const promise = (async () => {
      if (!WebAssembly.validate(SIMD_PROBE)) throw new Error(NO_SIMD_MESSAGE);
      const js = new URL(`../${name}.js`, import.meta.url);
      const wasm = new URL(`../${name}_bg.wasm`, import.meta.url);
      // The wasm download starts before the glue module is loaded rather than after it;
      // wasm-bindgen compiles the response while its bytes arrive
      // (WebAssembly.instantiateStreaming: servers must send application/wasm). The app's
      // index.html preloads the play module, so there it is already under way.
      const response = fetch(wasm);
      response.catch(() => {}); // a failure is reported through the init below
      const mod = await import(js.href);
      await mod.default({ module_or_path: response });
      guardSessions(mod, name);
      if (readyMark) performance.mark(readyMark);
      return mod;
    })();
    // Let a failed load be retried (a flaky network), instead of caching the failure.
    promise.catch(() => loading.delete(name));
    loading.set(name, promise);
  }
  return loading.get(name);
}

/**
 * Makes the module's Session methods refuse any object but a live Session this module made.
 * Both modules export a class named Session, and the page can hold both; wasm-bindgen's glue
 * hands `this.__wbg_ptr` to the wasm unchecked, so a method called on the other module's
 * Session would read (or write) whatever this module keeps at that address. Objects are
 * branded as the module's static factories return them, and unbranded when freed.
 */
function guardSessions(mod, name) {
  const Class = mod.Session;
  if (typeof Class !== 'function' || Object.prototype.hasOwnProperty.call(Class, GUARDED)) return;
  Object.defineProperty(Class, GUARDED, { value: true });
  const live = new WeakSet();
  for (const key of Object.getOwnPropertyNames(Class)) {
    const factory = Class[key];
    if (key.startsWith('__') || typeof factory !== 'function') continue;
    Class[key] = function (...args) {
      const made = factory.apply(this, args);
      if (made instanceof Class) live.add(made);
      return made;
    };
  }
  const proto = Class.prototype;
  for (const key of Reflect.ownKeys(proto)) {
    if (key === 'constructor' || (typeof key === 'string' && key.startsWith('__'))) continue;
    const described = Object.getOwnPropertyDescriptor(proto, key);
    const method = described.value;
    if (typeof method !== 'function') continue;
    const frees = key === 'free' || key === Symbol.dispose;
    const label = `Session.${typeof key === 'symbol' ? key.description : key}`;
    described.value = function (...args) {
      if (!live.has(this)) {
        throw new Error(`${label}: not a live Session of ${name}.js (one made by the other engine module, or freed, cannot be used here)`);
      }
      const result = method.apply(this, args);
      if (frees) live.delete(this);
      return result;
    };
    Object.defineProperty(proto, key, described);
  }
}

const GUARDED = Symbol('ludus: Session methods guarded');

/**
 * Whether `error`, thrown by a call into the engine, means its wasm instance must not be
 * used again: a trap (WebAssembly.RuntimeError: unreachable after a panic, memory access out
 * of bounds), or a stack overflow inside it (RangeError in Chromium and Safari,
 * InternalError in Firefox), which leaves the instance's own stack pointer where the
 * overflow left it, so that every later call fails. The engine's refusals of bad input are
 * plain Errors and leave it sound.
 */
export function isTrap(error) {
  return (
    (typeof WebAssembly !== 'undefined' && error instanceof WebAssembly.RuntimeError) ||
    error?.name === 'RangeError' ||
    error?.name === 'InternalError'
  );
}

// The parts of a session's view that change only with its revision (the tree, its notes,
// the line shown), kept per Session from the last view that brought them.
const REVISION_PARTS = ['tree', 'steps', 'stepWords', 'movers', 'stepKinds', 'stepColors', 'line'];
const revisionParts = new WeakMap();

/**
 * `session.view()`, asked with the revision of the last view of that session, so that the
 * engine leaves out what is still the same (`SessionView.revision`) and the view gets the
 * arrays kept from then: a step through a long game costs what a step through a short one
 * does. The arrays are the very ones of the earlier view while the revision holds, so that
 * what is made from them (the move list, the tree's layout) can be kept too. Without
 * `withLegal`, the view leaves out the legal steps (`viewWithoutLegal`), for a position
 * where nobody takes a step on the page.
 */
export function sessionView(session, { withLegal = true } = {}) {
  const kept = revisionParts.get(session);
  const view = withLegal ? session.view(kept?.revision) : session.viewWithoutLegal(kept?.revision);
  if (kept && view.revision != null && view.revision === kept.revision) {
    for (const key of REVISION_PARTS) view[key] = kept[key];
  } else if (view.revision != null) {
    const parts = { revision: view.revision };
    for (const key of REVISION_PARTS) parts[key] = view[key];
    revisionParts.set(session, parts);
  }
  return view;
}

/** What the page says after a worker's engine trapped and the worker was replaced. */
export const RESTARTED = 'the engine failed and was restarted';

/** The message of anything thrown across the wasm boundary, with invisible characters shown. */
export function errorText(error) {
  if (error == null) return 'unknown error';
  if (typeof error === 'string') return visibleText(error);
  if (typeof error.message === 'string' && error.message) return visibleText(error.message);
  return visibleText(String(error));
}

// Control characters, format characters (the bidirectional controls U+202A-U+202E and
// U+2066-U+2069, the marks U+200E, U+200F and U+061C, zero-width characters), line and
// paragraph separators, spaces other than the plain one, combining marks, private-use and
// unassigned code points, lone surrogates, and letters that draw as nothing.
const INVISIBLE =
  /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Mn}\p{Me}\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\u115f\u1160\u2800\u3164\uffa0]/gu;
const NAMED = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * Text from input made safe to quote in a message: each invisible character written as an
 * escape (`\u{202e}`), as the engine's messages write them, so that a right-to-left
 * override cannot reverse the rest of the message and nothing typed is hidden.
 */
export function visibleText(text) {
  return String(text).replace(INVISIBLE, (c) => NAMED[c] ?? `\\u{${c.codePointAt(0).toString(16)}}`);
}
