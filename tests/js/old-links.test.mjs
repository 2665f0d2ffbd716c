// The links in tests/data/old-links.jsonl (made before records could hold a tree) as the page
// reads them: the app's fragment, a correspondence link and the widget's record attribute
// all give the engine the same record text, which tests/old_links.rs opens.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fragmentFor, readFragment } from '../../www/record.js';
import { linkFor } from '../../www/share/correspondence.js';
import { recordFromAttribute } from '../../www/embed/attributes.js';

const entries = readFileSync(new URL('../data/old-links.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));

test('every old link reaches the engine as the same record text', () => {
  assert.ok(entries.length > 300);
  for (const { link } of entries) {
    const expected = link.trim() ? { record: link.trim() } : { empty: true };
    assert.deepEqual(readFragment(fragmentFor(link)), expected, link);
    const corr = new URL(linkFor('https://example.org/ludus/', link, { id: 'abcdef12', seat: 1 }));
    assert.equal(corr.searchParams.get('corr'), 'abcdef12');
    assert.deepEqual(readFragment(corr.hash), expected, link);
    if (!link.trim()) continue;
    // The widget takes the bare record (white space dropped, as a record may wrap over
    // lines) or an app link.
    assert.deepEqual(recordFromAttribute(link), { record: link.replace(/\s+/g, '') }, link);
    assert.deepEqual(recordFromAttribute(`https://example.org/ludus/${fragmentFor(link)}`), expected, link);
  }
});
