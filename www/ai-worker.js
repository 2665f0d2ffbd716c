// The computer opponent's thread: a module Web Worker that loads the rules engine (the study
// module, through www/engine.js) and runs the search there, so the page never freezes while
// the computer thinks. One request at a time:
//
//   in:  { id, record, player, seed, shown }   (player: a level's id, random, mcts:N or
//        mcts:Ss; shown: the layout of the page's view, Session.layout(), or null)
//   out: { id, step, layout, iterations, value, ms }   or   { id, error }, with `trapped: true`
//        when the engine's wasm trapped (www/engine.js isTrap): this worker then closes and
//        the page starts a fresh one, as a trapped engine must not be used again
//   in:  { type: 'warm', record }   a short search whose answer is dropped (www/computer.js
//        warm), skipped if a question is waiting
//   out: { type: 'warmed', game, ms }   or   { type: 'trapped', error } (and it closes)
//
// The search is one synchronous wasm call; the page cancels it by terminating this worker
// (www/computer.js), never by a message.

import { studyEngine, errorText, isTrap } from './engine.js';
import { gameOfRecord, recordLengthProblem } from './record.js';

// The study module: the same engine built for speed (the page's own module is built for size).
const ready = studyEngine();
ready.then(
  () => postMessage({ type: 'ready' }),
  (error) => postMessage({ type: 'failed', error: errorText(error) }),
);

/** The warm-up's search: long enough for V8 to mark the search's functions for optimised
 * code (10-90 ms in Chromium on the default boards), short enough not to be noticed. */
const WARM_PLAYER = 'mcts:300';
/** Questions received and not yet answered: a warm-up never delays one. */
let questions = 0;

/** Refuses a record too long to be a game before it is copied into the wasm memory. */
function checkLength(record) {
  const problem = recordLengthProblem(record);
  if (problem) throw new Error(problem);
}

/**
 * The computer's step in the record's position, from a session dropped straight after.
 * Given `shown`, the layout of the page's view (Merlin's Chain's grey tiles), also the
 * layout of the view after the step: the search for it takes up to tens of milliseconds,
 * which here freeze nothing, and the page shows the step with it (Session.play(step, layout)).
 */
function choose(mod, record, player, seed, shown = null) {
  const session = mod.Session.fromRecord(record);
  try {
    const choice = session.aiChoose(player, seed);
    const layout = shown == null ? null : (session.layoutAfter(choice.step, shown) ?? null);
    return { ...choice, layout };
  } finally {
    session.free();
  }
}

self.onmessage = async (event) => {
  const { id, record, player, seed, shown, type } = event.data ?? {};
  if (type === 'warm') {
    const mod = await ready.catch(() => null);
    if (!mod || questions > 0) return;
    const started = performance.now();
    try {
      checkLength(record);
      choose(mod, record, WARM_PLAYER, 1);
    } catch (error) {
      if (isTrap(error)) {
        postMessage({ type: 'trapped', error: errorText(error) });
        self.close();
      }
      return; // else an ended game, say: nothing to warm up
    }
    postMessage({ type: 'warmed', game: gameOfRecord(record), ms: performance.now() - started });
    return;
  }
  questions++;
  try {
    const mod = await ready;
    checkLength(record);
    const started = performance.now();
    const choice = choose(mod, record, player, seed, shown);
    postMessage({
      id,
      step: choice.step,
      layout: choice.layout,
      iterations: choice.iterations,
      value: choice.value,
      ms: performance.now() - started,
    });
  } catch (error) {
    if (isTrap(error)) {
      postMessage({ id, error: errorText(error), trapped: true });
      self.close();
      return;
    }
    postMessage({ id, error: errorText(error) });
  } finally {
    questions--;
  }
};
