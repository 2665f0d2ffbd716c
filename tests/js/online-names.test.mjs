// Players' names in a live game (www/online/names.js): shown as text with every character
// that hides or reorders text written out, and cut to the server's limit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shownName, nameToSend, MAX_NAME_CHARS } from '../../www/online/names.js';

test('plain names are shown as they are', () => {
  assert.equal(shownName('Ann'), 'Ann');
  assert.equal(shownName('Jorge Gómez'), 'Jorge Gómez');
  assert.equal(shownName('李雷'), '李雷');
  assert.equal(shownName('مريم'), 'مريم');
  // Emoji joined by a zero width joiner stay one emoji.
  assert.equal(shownName('👩‍💻 Lee'), '👩‍💻 Lee');
});

test('bidirectional controls are written out, not obeyed', () => {
  assert.equal(shownName('Ann\u202Eevil'), 'Ann\\u{202e}evil');
  for (const c of ['\u202A', '\u202B', '\u202C', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C']) {
    assert.equal(shownName(`a${c}b`), `a\\u{${c.codePointAt(0).toString(16)}}b`);
  }
});

test('control, zero width and separator characters are written out', () => {
  assert.equal(shownName('a\u0000b'), 'a\\u{0}b');
  assert.equal(shownName('a\u0007b'), 'a\\u{7}b');
  assert.equal(shownName('a\u007Fb\u0085'), 'a\\u{7f}b\\u{85}');
  assert.equal(shownName('a\u200Bb'), 'a\\u{200b}b');
  assert.equal(shownName('\uFEFFAnn'), '\\u{feff}Ann');
  assert.equal(shownName('a\u2028b\u2029'), 'a\\u{2028}b\\u{2029}');
  assert.equal(shownName('a\u00ADb'), 'a\\u{ad}b');
  // Other spaces than the plain one, blank letters, private use.
  assert.equal(shownName('a\u00A0b\u3164c\uE000'), 'a\\u{a0}b\\u{3164}c\\u{e000}');
  // Combining marks stay: names need them.
  assert.equal(shownName('Jose\u0301'), 'Jose\u0301');
  // A lone surrogate (never text) is written out too.
  assert.equal(shownName('a\uD800b'), 'a\\u{d800}b');
});

test('whitespace runs are one space; anything but a string is no name', () => {
  assert.equal(shownName('  Ann \t\n Lee '), 'Ann Lee');
  assert.equal(shownName(undefined), '');
  assert.equal(shownName(42), '');
  assert.equal(shownName({ toString: () => 'x' }), '');
});

test('a name longer than the limit is cut, counted in characters', () => {
  const long = 'é'.repeat(MAX_NAME_CHARS + 5);
  assert.equal(shownName(long), `${'é'.repeat(MAX_NAME_CHARS)}…`);
  assert.equal(nameToSend(long), 'é'.repeat(MAX_NAME_CHARS));
  assert.equal([...nameToSend('😀'.repeat(30))].length, MAX_NAME_CHARS);
  assert.equal(nameToSend('  Ann   Lee  '), 'Ann Lee');
  assert.equal(nameToSend(null), '');
});
