// A player's name as the page shows it: text only, and with every character that could
// hide or reorder what is around it written out (`\u{202E}`) rather than obeyed. Names come
// from other people through the server, which keeps them as sent (src/server/protocol.rs,
// clean_name): a right-to-left override in a name would otherwise turn "Ann" into a lie
// about who is playing, or the clock beside it around.

/**
 * What the page's messages escape too (www/engine.js, visibleText; docs/SECURITY.md):
 * control and format characters (the bidirectional controls and isolates, zero width
 * spaces, the byte order mark), line and paragraph separators, private-use and unassigned
 * code points, lone surrogates, spaces other than the plain one, and letters that draw as
 * nothing. Unlike there, combining marks stay (names in many scripts need them), and so does
 * the zero width joiner, which only joins emoji (👩‍💻) and hides nothing.
 */
const HIDDEN = /(?!\u200d)[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\u115f\u1160\u2800\u3164\uffa0]|\p{Surrogate}/gu;

/** The most characters of a name (the server refuses more). */
export const MAX_NAME_CHARS = 24;

/**
 * `name` with its hidden characters shown as `\u{…}`, whitespace runs made one space, and
 * at most MAX_NAME_CHARS characters (the rest cut, with "…").
 * @param {unknown} name
 */
export function shownName(name) {
  const text = typeof name === 'string' ? name : '';
  // Only plain spaces are trimmed: trim() would also drop a byte order mark unseen.
  const chars = [...text.replace(/[ \t\n\r]+/g, ' ').replace(/^ | $/g, '')];
  const kept = chars.length > MAX_NAME_CHARS ? [...chars.slice(0, MAX_NAME_CHARS), '…'] : chars;
  return kept.join('').replace(HIDDEN, (c) => `\\u{${c.codePointAt(0).toString(16)}}`);
}

/** The name a user typed, as sent: trimmed, whitespace runs made one space, cut to the limit. */
export function nameToSend(typed) {
  const text = String(typed ?? '').replace(/\s+/g, ' ').trim();
  return [...text].slice(0, MAX_NAME_CHARS).join('');
}
