// The one place that loads the rules engine (Rust compiled to wasm, built by Trunk as
// `ludus.js` + `ludus_bg.wasm` at the site root). The page, the future computer-opponent
// Web Worker and the future embeddable widget all import this module and await `engine()`;
// the wasm module is fetched and initialised once per JS realm.

let loading = null;

/** The performance mark set when the engine is ready (startup timing). */
export const ENGINE_READY_MARK = 'ludus:engine-ready';

/** The initialised wasm-bindgen module: games(), Session, new_game, legal_moves, ... */
export function engine() {
  if (!loading) {
    loading = (async () => {
      const js = new URL('../ludus.js', import.meta.url);
      const wasm = new URL('../ludus_bg.wasm', import.meta.url);
      // The wasm download starts before the glue module is loaded rather than after it;
      // wasm-bindgen compiles the response while its bytes arrive
      // (WebAssembly.instantiateStreaming: servers must send application/wasm). The app's
      // index.html preloads both, so there they are already under way.
      const response = fetch(wasm);
      response.catch(() => {}); // a failure is reported through the init below
      const mod = await import(js.href);
      await mod.default({ module_or_path: response });
      performance.mark(ENGINE_READY_MARK);
      return mod;
    })();
    // Let a failed load be retried (a flaky network), instead of caching the failure.
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/** The message of anything thrown across the wasm boundary. */
export function errorText(error) {
  if (error == null) return 'unknown error';
  if (typeof error === 'string') return error;
  if (typeof error.message === 'string' && error.message) return error.message;
  return String(error);
}
