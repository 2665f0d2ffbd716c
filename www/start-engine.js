// Starts loading the rules engine (fetch and compile of the wasm) as soon as the page's head
// is read, while the rest of app.js's modules still load; app.js then awaits the same promise.
import { engine } from './engine.js';

engine();
