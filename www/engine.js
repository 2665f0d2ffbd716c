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

/** The initialised play module: games(), Session, new_game, legal_moves, ai_move, ... */
export function engine() {
  return load('ludus', ENGINE_READY_MARK);
}

/** The initialised study module: everything engine() has, plus analyse_position,
 * review_game, Session.analyse/review, encode_gif and bench. */
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

/** What the page says after a worker's engine trapped and the worker was replaced. */
export const RESTARTED = 'the engine failed and was restarted';

/** The message of anything thrown across the wasm boundary. */
export function errorText(error) {
  if (error == null) return 'unknown error';
  if (typeof error === 'string') return error;
  if (typeof error.message === 'string' && error.message) return error.message;
  return String(error);
}
