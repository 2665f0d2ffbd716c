// Reading <ludus-board> attributes (www/embed/attributes.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  recordFromAttribute,
  recordFromGame,
  stepFromAttribute,
  widthFromAttribute,
  flagFromAttribute,
  appLinkFromAttribute,
  appProblem,
} from '../../www/embed/attributes.js';
import { readFragment } from '../../www/record.js';

const unity = 'unity;walls=c3|c4,d5|d6;moves=d4-b2,e5|f5;at=1';

test('a record attribute takes bare text, an app link or its fragment', () => {
  assert.deepEqual(recordFromAttribute(unity), { record: unity });
  assert.deepEqual(recordFromAttribute('#' + encodeURI(unity)), { record: unity });
  assert.deepEqual(recordFromAttribute('https://example.org/ludus/index.html#' + encodeURI(unity)), { record: unity });
  assert.deepEqual(recordFromAttribute('merlins-chain;moves=2@a1,17@c3'), { record: 'merlins-chain;moves=2@a1,17@c3' });
});

test('whitespace in a record attribute is ignored, so long records may wrap', () => {
  assert.deepEqual(recordFromAttribute('  unlur;moves=d4,\n      pass,c3\n'), { record: 'unlur;moves=d4,pass,c3' });
});

test('a lone percent sign is data, not a broken escape', () => {
  assert.deepEqual(recordFromAttribute('unlur;moves=50%'), { record: 'unlur;moves=50%' });
});

test('empty, damaged and hostile records', () => {
  assert.deepEqual(recordFromAttribute(''), { empty: true });
  assert.deepEqual(recordFromAttribute(null), { empty: true });
  assert.ok(recordFromAttribute('unravel;moves=%E0%A4%A').error.includes('damaged'));
  assert.ok(recordFromAttribute('x'.repeat(300_000)).error.includes('too long'));
  // Markup is only text: the engine refuses it later, the widget shows it as text.
  assert.deepEqual(recordFromAttribute('<img src=x onerror=alert(1)>'), { record: '<imgsrc=xonerror=alert(1)>' });
});

test('game and options make the record of an empty board', () => {
  assert.deepEqual(recordFromGame('unlur', 'size=7'), { record: 'unlur;size=7' });
  assert.deepEqual(recordFromGame(' unity ', ' players=3; seed=5; '), { record: 'unity;players=3;seed=5' });
  assert.deepEqual(recordFromGame('unravel', null), { record: 'unravel' });
  assert.ok(recordFromGame('', 'size=7').error.includes('no game'));
  assert.ok(recordFromGame(null, null).error.includes('no game'));
});

test('the step shown first', () => {
  assert.equal(stepFromAttribute('12', 64), 12);
  assert.equal(stepFromAttribute(' 0 ', 64), 0);
  assert.equal(stepFromAttribute('99', 64), 64);
  assert.equal(stepFromAttribute('-1', 64), 63);
  assert.equal(stepFromAttribute('-100', 64), 0);
  assert.equal(stepFromAttribute('start', 64), 0);
  assert.equal(stepFromAttribute('END', 64), 64);
  assert.equal(stepFromAttribute('', 64), null);
  assert.equal(stepFromAttribute(null, 64), null);
  assert.equal(stepFromAttribute('twelve', 64), null);
  assert.equal(stepFromAttribute('1.5', 64), null);
});

test('the widget width', () => {
  assert.equal(widthFromAttribute('360'), '360px');
  assert.equal(widthFromAttribute(' 360px '), '360px');
  assert.equal(widthFromAttribute('80%'), '80%');
  assert.equal(widthFromAttribute('30em'), '30em');
  assert.equal(widthFromAttribute('0'), null);
  assert.equal(widthFromAttribute('big'), null);
  assert.equal(widthFromAttribute('360px;color:red'), null);
  assert.equal(widthFromAttribute(null), null);
});

test('boolean attributes', () => {
  assert.equal(flagFromAttribute(''), true);
  assert.equal(flagFromAttribute('playable'), true);
  assert.equal(flagFromAttribute('false'), false);
  assert.equal(flagFromAttribute(null), false);
});

// Found by the property tests (embed-attributes.fuzz.test.mjs), kept with their inputs.
test('a lone surrogate is a damaged record, not a thrown URIError', () => {
  assert.ok(recordFromAttribute('\ud800').error.includes('damaged'));
  assert.ok(recordFromAttribute('unlur;moves=d4,\udc00').error.includes('damaged'));
  assert.ok(recordFromGame('unlur\ud800', '').error.includes('damaged'));
  assert.ok(readFragment('unlur;moves=\ud800').error.includes('damaged'));
});

test('options cannot replace the game with a link fragment', () => {
  assert.ok(recordFromGame('unravel', '#unity;players=3').error.includes('#'));
  assert.ok(recordFromGame('unravel#', 'size=5').error.includes('#'));
});

test('the open link is an http(s) or file address, never a script', () => {
  const fallback = 'https://ludus.example/www/index.html';
  assert.equal(appLinkFromAttribute(' ', 'https://blog.example/', fallback), fallback);
  assert.equal(appLinkFromAttribute('https://x.example/play/#old', 'https://blog.example/', fallback), 'https://x.example/play/');
  assert.equal(appLinkFromAttribute('play/', 'file:///home/me/page.html', fallback), 'file:///home/me/play/');
  for (const app of ['javascript:alert(1)', ' JavaScript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<b>x</b>']) {
    assert.equal(appLinkFromAttribute(app, 'https://blog.example/', fallback), null, app);
  }
  assert.equal(appLinkFromAttribute('x', 'about:blank', fallback), fallback);
});

test('the iframe page takes an app address on its own site only', () => {
  const page = 'https://ludus.example/www/embed.html?app=x#unlur';
  assert.equal(appProblem('/index.html', page), null);
  assert.equal(appProblem('../index.html?level=easy', page), null);
  assert.equal(appProblem('https://ludus.example/', page), null);
  for (const app of ['https://elsewhere.example/', '//elsewhere.example/', 'http://ludus.example/', 'javascript:alert(1)', 'data:text/html,x']) {
    assert.equal(appProblem(app, page), 'the app must be on this site', app);
  }
  assert.equal(appProblem('http://[bad', page), 'it is not an address');
});
