// Property tests (fast-check) of what reads <ludus-board> attributes and the app's URL
// fragment: random and hostile strings never make them throw, errors are fixed plain
// sentences, records come out as link-safe text, and no attribute yields a script URL or
// markup. A failure prints the seed and the shrunk input that broke the property.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  recordFromAttribute,
  recordFromGame,
  stepFromAttribute,
  widthFromAttribute,
  flagFromAttribute,
  appLinkFromAttribute,
} from '../../www/embed/attributes.js';
import { readFragment, fragmentFor, MAX_RECORD_LENGTH } from '../../www/record.js';

const RUNS = { numRuns: 3000 };

// Any text, weighted towards what the readers treat specially.
const special = fc.constantFrom(
  '#', '%', '%2', '%E0%A4%A', '%00', '%3C', '%25', ';', '=', ',', '|', '<', '>', '"', "'", '&',
  ' ', '\n', '\t', '\u0000', '\u001b', '\u007f', '\u2028', '\ud800', '€', 'javascript:',
  'unlur;moves=d4', 'unity;players=3', 'https://x.example/#', 'at=', '-', '+', '1', '0',
);
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.array(fc.oneof(special, fc.string({ maxLength: 4 })), { maxLength: 20 }).map((a) => a.join('')),
);
/** Record-like text: no white space, control characters, `#` or `%`. */
const recordText = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 60 })
  .map((s) => s.replace(/[\s\u0000-\u001f\u007f#%]/g, ''))
  .filter((s) => s.length > 0);

/** A reader's result: exactly one of {empty}, {record} or {error}. */
function checkRead(result, input) {
  const keys = Object.keys(result).sort().join(',');
  assert.ok(['empty', 'error', 'record'].includes(keys), `${JSON.stringify(input)} -> ${keys}`);
  if ('error' in result) {
    assert.equal(typeof result.error, 'string');
    assert.ok(result.error.length > 0 && result.error.length < 100, result.error);
    // A fixed sentence: nothing of the input (so no markup from it) comes back.
    assert.match(result.error, /^[a-z][a-z0-9 ()=".…,'#-]*$/i, result.error);
  }
  if ('record' in result) {
    const { record } = result;
    assert.equal(typeof record, 'string');
    assert.ok(record.length <= MAX_RECORD_LENGTH);
    assert.doesNotMatch(record, /[\u0000-\u001f\u007f]/, 'control character');
    assert.equal(record, record.trim());
    // The link the widget and the app write for it is safe in an attribute.
    assert.doesNotMatch(fragmentFor(record), /[\s<>"`\\]/, fragmentFor(record));
  }
  if ('empty' in result) assert.equal(result.empty, true);
}

test('any record attribute gives a record, nothing or a plain error, and never throws', () => {
  fc.assert(
    fc.property(anyText, (text) => {
      checkRead(recordFromAttribute(text), text);
    }),
    RUNS,
  );
});

test('records come back unchanged from bare text, fragments, links and wrapped lines', () => {
  fc.assert(
    fc.property(recordText, fc.array(fc.nat(), { maxLength: 4 }), (record, breaks) => {
      const fragment = '#' + encodeURI(record);
      assert.deepEqual(recordFromAttribute(record), { record });
      assert.deepEqual(recordFromAttribute(fragment), { record });
      assert.deepEqual(recordFromAttribute('https://blog.example/ludus/index.html' + fragment), { record });
      let wrapped = record;
      for (const at of breaks) {
        const i = at % (wrapped.length + 1);
        wrapped = `${wrapped.slice(0, i)}\n   ${wrapped.slice(i)}`;
      }
      assert.deepEqual(recordFromAttribute(wrapped), { record });
    }),
    RUNS,
  );
});

test('the app reads any URL fragment safely, and its own fragments back', () => {
  fc.assert(
    fc.property(anyText, (hash) => checkRead(readFragment(hash), hash)),
    RUNS,
  );
  fc.assert(
    fc.property(recordText, (record) => {
      assert.deepEqual(readFragment(fragmentFor(record)), { record: record.trim() });
    }),
    RUNS,
  );
});

test('game and options attributes give a record or a plain error', () => {
  fc.assert(
    fc.property(anyText, fc.option(anyText), (game, options) => {
      const read = recordFromGame(game, options);
      checkRead(read, [game, options]);
      assert.ok(!('empty' in read));
      if (/#/.test(game + (options ?? ''))) assert.ok(read.error);
      // The game comes first, its white space dropped (a %20 inside still decodes to one).
      const name = String(game).replace(/\s+/g, '');
      if (read.record !== undefined && !/%[0-9a-f]{2}/i.test(name)) {
        assert.ok(read.record.startsWith(name), read.record);
      }
    }),
    RUNS,
  );
});

test('the at attribute gives a step from 0 to the count, or null', () => {
  fc.assert(
    fc.property(
      fc.oneof(anyText, fc.integer({ min: -1e6, max: 1e6 }).map(String)),
      fc.nat(10_000),
      (text, count) => {
        const step = stepFromAttribute(text, count);
        if (step !== null) {
          assert.ok(Number.isInteger(step) && step >= 0 && step <= count, `${text} -> ${step}`);
        }
      },
    ),
    RUNS,
  );
});

test('the size attribute gives a plain CSS length or null, never more CSS', () => {
  fc.assert(
    fc.property(fc.oneof(anyText, fc.float().map(String), fc.constantFrom('360', '1e3px', '5px;color:red')), (text) => {
      const width = widthFromAttribute(text);
      if (width !== null) {
        assert.match(width, /^\d+(\.\d+)?(px|em|rem|%|vw)$/, width);
        assert.ok(parseFloat(width) > 0);
      }
    }),
    RUNS,
  );
});

test('boolean attributes are booleans', () => {
  fc.assert(
    fc.property(fc.option(anyText), (text) => {
      assert.equal(typeof flagFromAttribute(text), 'boolean');
    }),
    RUNS,
  );
});

test('the app attribute never gives a script or data link', () => {
  const hostile = fc
    .tuple(
      fc.constantFrom('javascript:', 'JaVaScRiPt:', ' javascript:', 'java\tscript:', 'java\nscript:',
        '\u0000javascript:', 'data:text/html,', 'vbscript:', 'blob:', 'about:', '//', '/', './', ''),
      anyText,
    )
    .map(([a, b]) => a + b);
  const bases = fc.constantFrom('https://blog.example/post/1.html', 'file:///home/me/page.html', 'about:blank');
  const fallback = 'https://ludus.example/www/index.html';
  fc.assert(
    fc.property(fc.oneof(anyText, hostile), bases, (app, base) => {
      const href = appLinkFromAttribute(app, base, fallback);
      if (href === null) return;
      assert.match(href, /^(https?|file):/, href);
      assert.ok(!href.includes('#'), href);
      // What the widget puts in the link: still an http(s) or file URL once parsed.
      assert.match(new URL(href + fragmentFor('unlur;moves=d4')).protocol, /^(https?|file):$/);
    }),
    RUNS,
  );
  assert.equal(appLinkFromAttribute('', 'https://blog.example/', fallback), fallback);
  assert.equal(appLinkFromAttribute(null, 'https://blog.example/', fallback), fallback);
  assert.equal(appLinkFromAttribute('javascript:alert(1)', 'https://blog.example/', fallback), null);
  assert.equal(appLinkFromAttribute(' JAVASCRIPT:alert(1)', 'https://blog.example/', fallback), null);
  assert.equal(appLinkFromAttribute('/ludus/#x', 'https://blog.example/a/', fallback), 'https://blog.example/ludus/');
});
