// The computer opponent's thread: a module Web Worker that loads the rules engine (through
// www/engine.js, like the page) and runs the search there, so the page never freezes while
// the computer thinks. One request at a time:
//
//   in:  { id, record, player, seed }   (player: quick | normal | strong | random | mcts:N | mcts:Ss)
//   out: { id, step, iterations, value, ms }   or   { id, error }
//
// The search is one synchronous wasm call; the page cancels it by terminating this worker
// (www/computer.js), never by a message.

import { engine, errorText } from './engine.js';

const ready = engine();
ready.then(
  () => postMessage({ type: 'ready' }),
  (error) => postMessage({ type: 'failed', error: errorText(error) }),
);

self.onmessage = async (event) => {
  const { id, record, player, seed } = event.data ?? {};
  try {
    const mod = await ready;
    const started = performance.now();
    const choice = mod.ai_move(record, player, seed);
    postMessage({
      id,
      step: choice.step,
      iterations: choice.iterations,
      value: choice.value,
      ms: performance.now() - started,
    });
  } catch (error) {
    postMessage({ id, error: errorText(error) });
  }
};
