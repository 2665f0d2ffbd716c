// www/engine.js without a browser: the text of errors shown to the user.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as engine from '../../www/engine.js';

const { errorText, visibleText } = engine;

const BIDI = /[\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069]/u;

test('errorText shows control and invisible characters of a message as escapes', () => {
  const cases = [
    ['step \u202etuo is not legal', 'step \\u{202e}tuo is not legal'],
    ['\u2066a\u2069 \u2067b\u2069 \u2068c\u2069', '\\u{2066}a\\u{2069} \\u{2067}b\\u{2069} \\u{2068}c\\u{2069}'],
    ['\u202a\u202b\u202c\u202d', '\\u{202a}\\u{202b}\\u{202c}\\u{202d}'],
    ['x\u200ey\u200fz\u061c', 'x\\u{200e}y\\u{200f}z\\u{61c}'],
    ['zero\u200bwidth\ufeff', 'zero\\u{200b}width\\u{feff}'],
    ['two\nlines\tand\u0000nul\u001b[2J', 'two\\nlines\\tand\\u{0}nul\\u{1b}[2J'],
    ['lone \ud800 surrogate', 'lone \\u{d800} surrogate'],
    ['blank \u3164 letter', 'blank \\u{3164} letter'],
  ];
  for (const [message, shown] of cases) {
    assert.equal(errorText(new Error(message)), shown);
    assert.equal(errorText(message), shown);
    assert.doesNotMatch(errorText(new Error(message)), BIDI);
  }
});

test('visibleText leaves printable text as it is', () => {
  const plain = 'Unity, Unified Edition, by Néstor Romeral Andrés: c4 is occupied (“d4” × 2…) 😀 日本';
  assert.equal(visibleText(plain), plain);
  assert.equal(errorText(new Error(plain)), plain);
  // Already escaped text stays as it is: the engine's messages escape the same characters.
  assert.equal(visibleText('a \\u{202e} b'), 'a \\u{202e} b');
  assert.equal(errorText(null), 'unknown error');
});
