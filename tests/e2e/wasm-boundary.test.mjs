// End-to-end: the built engine's two modules (dist/ludus.js, the play module, and
// dist/ludus_study.js, the study module with every export) in headless Chromium, each fed
// garbage across the wasm boundary. Every exported function, every static method of the exported classes and
// every method on their prototypes is found by enumerating the module (so exports added
// later are covered too) and called with wrong types, undefined, null, NaN, infinities, huge
// and negative numbers, 10 MB strings, objects, arrays, symbols, hostile proxies, ... Each
// call must return or throw a JS Error with a message: never a wasm trap (RuntimeError) or a
// panic, which would poison the module for the rest of the page's life. Afterwards the module
// must still play a known game to its known end.
//
// Names starting with `__` are wasm-bindgen's glue internals (`Session.__wrap(pointer)`),
// not the engine's interface, and are left out: they take raw memory addresses.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useSite } from './site.mjs';

const site = useSite(['ludus.js', 'ludus_bg.wasm', 'ludus_study.js', 'ludus_study_bg.wasm']);

// A finished game made by the native engine (`ludus random unlur --seed 2 --size 4`).
const KNOWN = {
  options: { size: 4 },
  steps: 'd6,e5,d5,f2,c3,c5,e4,e3,c2,f3,c4,d2,d4,b4,pass,b1,b2,c6,d1,a4,a1,e2,d7'.split(','),
  winner: 'Black',
};

/** Runs in the page: calls everything with garbage and returns what went wrong. */
async function fuzzInPage(name) {
  const mod = await import(`/${name}.js`);
  await mod.default({ module_or_path: `/${name}_bg.wasm` });
  const MB10 = 10 * 1024 * 1024;

  const hostile = new Proxy(
    {},
    {
      get() {
        throw new Error('proxy get');
      },
      ownKeys() {
        throw 'proxy ownKeys (not an Error)';
      },
      getOwnPropertyDescriptor() {
        throw new Error('proxy descriptor');
      },
      has() {
        throw new Error('proxy has');
      },
    },
  );
  const garbage = {
    undefined: undefined,
    null: null,
    NaN: NaN,
    Infinity: Infinity,
    '-Infinity': -Infinity,
    zero: 0,
    '-1': -1,
    '-0.5': -0.5,
    '1.5': 1.5,
    '2^32': 2 ** 32,
    '2^53': 2 ** 53,
    '-2^53': -(2 ** 53),
    '1e308': 1e308,
    true: true,
    bigint: 10n,
    symbol: Symbol('garbage'),
    'empty string': '',
    'NUL string': '\0',
    'lone surrogate': '\ud800',
    'huge ASCII string': 'x'.repeat(MB10),
    'huge non-ASCII string': '\u00e9'.repeat(MB10 / 2),
    'huge record-like string': 'unlur;moves=' + 'd4,'.repeat(MB10 / 3),
    'markup string': '<img src=x onerror=alert(1)>',
    'empty object': {},
    'null-prototype object': Object.create(null),
    'array-like of length -1': { length: -1 },
    'array-like of length 1e9': { length: 1e9 },
    'string-like object': { length: 3, charCodeAt: () => 65, toString: () => 'abc' },
    'throwing toString/valueOf': {
      toString() {
        throw new Error('toString');
      },
      valueOf() {
        throw 7;
      },
    },
    'throwing getter': Object.defineProperty({}, 'size', {
      enumerable: true,
      get() {
        throw new Error('getter');
      },
    }),
    'options with huge key': { ['k'.repeat(MB10)]: 1 },
    'options with garbage values': { size: { nested: true }, players: [3], seed: NaN },
    'options with huge number': { size: 1e300 },
    'empty array': [],
    array: [1, 'two', null],
    'huge array': new Array(1e6).fill(7),
    function: () => 'unlur',
    date: new Date(0),
    'typed array': new Uint8Array(16),
    'wasm memory-ish': new ArrayBuffer(8),
    proxy: hostile,
  };

  // Plausible values by parameter name, so that garbage in one place reaches the checks
  // behind the others (a valid record with a garbage step). Unknown names get undefined.
  const plausible = {
    game: 'unlur',
    options: { size: 5 },
    text: 'unlur;moves=d4',
    record: 'unlur;moves=d4',
    step: 'c3',
    player: 'random',
    seed: 7,
    n: 1,
  };
  const params = (fn) => {
    const m = /^[^(]*\(([^)]*)\)/.exec(Function.prototype.toString.call(fn));
    const names = m ? m[1].split(',').map((p) => p.trim().replace(/=.*$/, '')).filter(Boolean) : [];
    return names.length ? names : ['arg'];
  };

  const problems = [];
  let calls = 0;
  const check = (label, run) => {
    calls++;
    try {
      run();
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError) problems.push(`${label}: wasm trap: ${error.message}`);
      else if (!(error instanceof Error)) problems.push(`${label}: threw a non-Error ${String(error)}`);
      else if (!error.message) problems.push(`${label}: an Error without a message (${error.name})`);
      else if (/unreachable|panicked|RuntimeError/i.test(error.message))
        problems.push(`${label}: ${error.name}: ${error.message.slice(0, 200)}`);
    }
  };
  // Async results (the init functions return promises) are awaited the same way.
  const pending = [];
  const checkAsync = (label, run) =>
    check(label, () => {
      const result = run();
      if (result && typeof result.then === 'function') {
        pending.push(
          result.then(
            () => {},
            (error) => {
              if (!(error instanceof Error) || !error.message || error instanceof WebAssembly.RuntimeError)
                problems.push(`${label}: rejected with ${String(error)}`);
            },
          ),
        );
      }
    });

  /** Calls fn with garbage in each parameter in turn, the others plausible. */
  const fuzzCall = (label, fn, thisValue) => {
    const names = params(fn);
    for (let i = 0; i < names.length; i++) {
      for (const [what, value] of Object.entries(garbage).concat([['symbol', garbage.symbol]])) {
        const args = names.map((name) => plausible[name]);
        args[i] = value;
        checkAsync(`${label}(${names.map((n, j) => (j === i ? what : n)).join(', ')})`, () =>
          fn.apply(typeof thisValue === 'function' ? thisValue() : thisValue, args),
        );
      }
    }
  };

  const inventory = { functions: [], classes: {} };
  for (const [name, value] of Object.entries(mod)) {
    if (name.startsWith('__') || typeof value !== 'function') continue;
    const isClass = /^class\b/.test(Function.prototype.toString.call(value));
    if (!isClass) {
      inventory.functions.push(name);
      fuzzCall(name, value, undefined);
      continue;
    }
    const Class = value;
    const statics = Object.getOwnPropertyNames(Class).filter(
      (key) => !key.startsWith('__') && typeof Class[key] === 'function',
    );
    const methods = Reflect.ownKeys(Class.prototype).filter(
      (key) =>
        key !== 'constructor' &&
        !(typeof key === 'string' && key.startsWith('__')) &&
        typeof Object.getOwnPropertyDescriptor(Class.prototype, key).value === 'function',
    );
    inventory.classes[name] = { statics, methods: methods.map(String) };
    for (const key of statics) fuzzCall(`${name}.${key}`, Class[key], Class);
    // A live object to call methods on: made by the first static that returns one.
    const live = () => {
      for (const key of statics) {
        try {
          const made = Class[key](plausible.game, plausible.options);
          if (made instanceof Class) return made;
        } catch {
          // not a factory for these arguments
        }
      }
      return null;
    };
    check(`new ${name}()`, () => new Class());
    for (const key of methods) {
      const method = Class.prototype[key];
      const label = `${name}.prototype.${String(key)}`;
      const made = [];
      fuzzCall(label, method, () => {
        const object = live();
        made.push(object);
        return object;
      });
      // Wrong receivers: none, a plain object, a freed one, one made without the factory.
      const freed = live();
      freed?.free();
      for (const [what, receiver] of Object.entries({
        undefined: undefined,
        null: null,
        'plain object': {},
        'freed object': freed,
        'bare instance': Object.create(Class.prototype),
        'another class': [],
      })) {
        check(`${label} on ${what}`, () => method.apply(receiver, params(method).map((n) => plausible[n])));
      }
      for (const object of made) {
        try {
          object?.free();
        } catch {
          // freed by the call itself (free, Symbol.dispose)
        }
      }
    }
  }
  await Promise.all(pending);
  return { problems, calls, inventory };
}

/** Runs in the page after the fuzzing: the known game, step by step, through the module. */
async function playKnown({ known, name }) {
  const mod = await import(`/${name}.js`);
  const session = mod.Session.create('unlur', known.options);
  for (const step of known.steps) session.play(step);
  const view = session.view();
  const copy = mod.Session.fromRecord(session.record());
  const again = copy.view();
  session.free();
  copy.free();
  return {
    outcome: view.outcome,
    winner: view.outcome?.kind === 'winner' ? view.players[view.outcome.seat].name : null,
    steps: view.steps,
    againSteps: again.steps,
    games: mod.games().map((g) => g.name),
  };
}

// The play module has the page's interface; the study module adds analysis and the rest.
const MODULES = {
  ludus: { functions: ['games', 'levels', 'checkPlayer', 'parseRecord', 'recordSetup', 'optionForm', 'withRandomSetup'], methods: [], statics: [] },
  // The text file's reader and writer load with the study tools, and so does the computer
  // (its worker loads the study module).
  ludus_study: {
    functions: ['analyse_position', 'review_game', 'line_steps', 'encode_gif', 'bench'],
    methods: ['aiChoose', 'analyse', 'review', 'toText', 'tags'],
    statics: ['fromText'],
  },
};

for (const [name, extra] of Object.entries(MODULES)) {
  test(`${name}.js: garbage across the wasm boundary throws Errors, never traps, and the module keeps working`, { timeout: 600_000 }, async () => {
    const page = await site.browser.newPage();
    const logged = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    page.on('pageerror', (e) => logged.push(e.message));
    // An empty page on the site's origin, so the module loads as the app loads it.
    const blank = site.server.url + 'wasm-boundary.html';
    await page.route(blank, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>wasm boundary</title>' }),
    );
    await page.goto(blank);

    const { problems, calls, inventory } = await page.evaluate(fuzzInPage, name);
    // The enumeration found the interface (a broken enumeration would test nothing).
    for (const fn of [...MODULES.ludus.functions, ...extra.functions]) {
      assert.ok(inventory.functions.includes(fn), `${fn} enumerated: ${JSON.stringify(inventory)}`);
    }
    if (name === 'ludus') {
      for (const fn of MODULES.ludus_study.functions) assert.ok(!inventory.functions.includes(fn), `${fn} is only in the study module`);
    }
    assert.deepEqual(inventory.classes.Session.statics.sort(), ['create', 'fromRecord', ...extra.statics]);
    for (const method of ['view', 'play', 'undo', 'redo', 'goTo', 'record', 'free', ...extra.methods]) {
      assert.ok(inventory.classes.Session.methods.includes(method), `Session.${method} enumerated`);
    }
    if (name === 'ludus') {
      for (const method of MODULES.ludus_study.methods) {
        assert.ok(!inventory.classes.Session.methods.includes(method), `Session.${method} is only in the study module`);
      }
    }
    assert.ok(calls > 1000, `${calls} calls`);
    assert.deepEqual(problems, [], `${problems.length} of ${calls} calls went wrong`);
    assert.deepEqual(
      logged.filter((line) => /panicked|unreachable|RuntimeError/i.test(line)),
      [],
      'no panic or trap reported on the console',
    );

    const known = await page.evaluate(playKnown, { known: KNOWN, name });
    assert.equal(known.winner, KNOWN.winner, JSON.stringify(known.outcome));
    assert.deepEqual(known.steps, KNOWN.steps);
    assert.deepEqual(known.againSteps, KNOWN.steps);
    assert.deepEqual(known.games, ['unravel', 'scattercut', 'unity', 'merlins-chain', 'unlur']);
    await page.close();
  });
}

/** A fresh page on the site's origin, for calls made in it. */
async function blankPage() {
  const page = await site.browser.newPage();
  page.logged = [];
  page.on('console', (m) => m.type() === 'error' && page.logged.push(m.text()));
  page.on('pageerror', (e) => page.logged.push(e.message));
  const blank = site.server.url + 'wasm-boundary.html';
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>wasm boundary</title>' }));
  await page.goto(blank);
  return page;
}

/** Runs in the page: each call with `make()`'s huge argument, and the wasm memory's size around it. */
async function hugeArguments(name) {
  const mod = await import(`/${name}.js`);
  const wasm = await mod.default({ module_or_path: `/${name}_bg.wasm` });
  const memory = () => wasm.memory.buffer.byteLength;
  const outcome = (call) => {
    try {
      call();
      return 'returned';
    } catch (error) {
      return error instanceof WebAssembly.RuntimeError ? `trap: ${error.message}` : String(error?.message ?? error);
    }
  };
  const session = mod.Session.create('unlur', { size: 5 });
  const results = [];
  // 64 million characters (the length of a record is capped at 200 000).
  const huge = 'x'.repeat(64 * 2 ** 20);
  // Each call, and what its error must say.
  const calls = {
    'Session.fromRecord': [() => mod.Session.fromRecord(huge), 'the record is too long (at least 67108864 bytes; at most 200000)'],
    'Session.create (game)': [() => mod.Session.create(huge, {}), 'the game is too long'],
    'Session.create (option value)': [() => mod.Session.create('unlur', { size: huge }), 'option size is far too long'],
    'Session.create (option name)': [() => mod.Session.create('unlur', { [huge]: 5 }), "an option's name is far too long"],
    'Session.create (a huge thrown message)': [
      () =>
        mod.Session.create(
          'unlur',
          new Proxy(
            {},
            {
              ownKeys() {
                throw new Error(huge);
              },
            },
          ),
        ),
      'options could not be read (an Error)',
    ],
    parseRecord: [() => mod.parseRecord(huge), 'the record is too long'],
    recordSetup: [() => mod.recordSetup(huge), 'the record is too long'],
    'withRandomSetup (game)': [() => mod.withRandomSetup(huge, {}, 1), 'the game is too long'],
    checkPlayer: [() => mod.checkPlayer(huge), 'the player is too long'],
    'optionForm (game)': [() => mod.optionForm(huge, {}), 'the game is too long'],
    'session.play': [() => session.play(huge), 'the step is too long'],
    'session.check': [() => session.check(huge), 'the step is too long'],
  };
  if (name === 'ludus_study') {
    calls['session.aiChoose (player)'] = [() => session.aiChoose(huge, 1), 'the player is too long'];
    // 2 GiB: whole frames of 2048 × 2048 (16 MiB each), and not whole frames of 400 × 400.
    const frames = new Uint8Array(2 ** 31);
    const large = 'the frames are too large for one GIF (2147483648 bytes; at most 1073741824)';
    calls['encode_gif (2 GiB of 2048 × 2048 frames)'] = [() => mod.encode_gif(2048, 2048, frames, 10, 10), large];
    calls['encode_gif (2 GiB of 400 × 400 pixels)'] = [() => mod.encode_gif(400, 400, frames, 10, 10), large];
    calls['encode_gif (a bad delay with huge frames)'] = [() => mod.encode_gif(2048, 2048, frames, -1, 10), 'the delay must be'];
    // Under the cap but not whole frames: refused before the copy too.
    const odd = new Uint8Array(2 ** 29 + 1);
    calls['encode_gif (512 MiB and a byte)'] = [() => mod.encode_gif(2048, 2048, odd, 10, 10), 'are not whole 2048×2048 RGBA frames'];
  }
  for (const [label, [call, says]] of Object.entries(calls)) {
    const before = memory();
    const result = outcome(call);
    results.push({ label, result, says, grew: memory() - before });
  }
  // The module still works.
  session.play('c3');
  results.push({ label: 'then a step', result: session.record(), grew: 0 });
  session.free();
  return results;
}

for (const name of Object.keys(MODULES)) {
  test(`${name}.js: a huge argument is refused before it is copied into the wasm memory`, { timeout: 120_000 }, async () => {
    const page = await blankPage();
    const results = await page.evaluate(hugeArguments, name);
    for (const { label, result, says, grew } of results.slice(0, -1)) {
      assert.ok(result.includes(says), `${label}: ${result}`);
      assert.equal(grew, 0, `${label}: the wasm memory grew by ${grew} bytes (${result})`);
    }
    assert.equal(results.at(-1).result, 'unlur;size=5;moves=c3');
    assert.deepEqual(page.logged.filter((line) => /panicked|unreachable|RuntimeError/i.test(line)), []);
    await page.close();
  });
}

/** Runs in the page: each module's Session methods called on a Session of the other. */
async function crossModuleCalls() {
  const { engine, studyEngine } = await import('/www/engine.js');
  const modules = { ludus: await engine(), ludus_study: await studyEngine() };
  const sessions = {
    ludus: modules.ludus.Session.fromRecord('unlur;size=4;moves=d4,c3'),
    ludus_study: modules.ludus_study.Session.fromRecord('unlur;size=5;moves=c3'),
  };
  const args = { check: ['b2'], play: ['b2'], goTo: [0], explainClick: [0], explainPick: [0, 0], aiChoose: ['random', 1], analyse: [10, 1], review: [10, 0.2, 1] };
  const results = [];
  for (const [name, mod] of Object.entries(modules)) {
    const other = sessions[name === 'ludus' ? 'ludus_study' : 'ludus'];
    for (const key of Reflect.ownKeys(mod.Session.prototype)) {
      const method = mod.Session.prototype[key];
      if (key === 'constructor' || typeof method !== 'function' || (typeof key === 'string' && key.startsWith('__'))) continue;
      let result;
      try {
        const value = method.apply(other, args[key] ?? []);
        result = `returned ${JSON.stringify(value)?.slice(0, 80)}`;
      } catch (error) {
        result = error instanceof WebAssembly.RuntimeError ? `trap: ${error.message}` : String(error?.message ?? error);
      }
      results.push({ call: `${name} Session.prototype.${String(key)} on a ${name === 'ludus' ? 'ludus_study' : 'ludus'} Session`, result });
    }
  }
  // Both sessions are as they were, and work; a freed one is refused the same way.
  const records = Object.fromEntries(Object.entries(sessions).map(([name, s]) => [name, s.record()]));
  sessions.ludus.play('b2');
  const played = sessions.ludus.record();
  sessions.ludus.free();
  let afterFree;
  try {
    sessions.ludus.record();
    afterFree = 'returned';
  } catch (error) {
    afterFree = String(error?.message ?? error);
  }
  sessions.ludus_study.free();
  return { results, records, played, afterFree };
}

test('a Session method called on a Session of the other module is refused', { timeout: 120_000 }, async () => {
  const page = await blankPage();
  const { results, records, played, afterFree } = await page.evaluate(crossModuleCalls);
  assert.ok(results.length >= 20, JSON.stringify(results));
  for (const { call, result } of results) {
    assert.match(result, /not a live Session of ludus(_study)?\.js/, `${call}: ${result}`);
  }
  assert.deepEqual(records, { ludus: 'unlur;size=4;moves=d4,c3', ludus_study: 'unlur;size=5;moves=c3' });
  assert.equal(played, 'unlur;size=4;moves=d4,c3,b2');
  assert.match(afterFree, /not a live Session of ludus\.js/);
  assert.deepEqual(page.logged.filter((line) => /panicked|unreachable|RuntimeError/i.test(line)), []);
  await page.close();
});
