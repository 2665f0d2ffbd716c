// The page's sub-views get a narrow host from www/app.js, not the whole App: a small object
// of functions, documented by a JSDoc typedef at the sub-view (or the declaration file it
// names, www/types/). Checked here on the sources:
// each sub-view uses only what its typedef documents (and the typedef lists nothing unused),
// never the App, and app.js hands it exactly those names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { balanced, documentedNames } from './support/typedefs.mjs';

const read = (path) => readFileSync(new URL(`../../www/${path}`, import.meta.url), 'utf8');

// Each sub-view: its typedef, the files that use the host (and how they name it), and the
// call in app.js that makes it.
const SUB_VIEWS = [
  { typedef: 'OptionsHost', home: 'app/options-form.js', users: { 'app/options-form.js': 'this.host' }, made: 'new OptionsForm(' },
  {
    typedef: 'SavedListHost',
    home: 'app/saved-games-list.js',
    users: { 'app/saved-games-list.js': 'host' },
    made: 'mountSavedGames(',
  },
  {
    typedef: 'AnalysisHost',
    home: 'analysis/panel.js',
    users: { 'analysis/analysis.js': 'this.host', 'analysis/panel.js': 'this.host' },
    made: 'new AnalysisUi(',
  },
  {
    typedef: 'CorrespondenceHost',
    home: 'share/correspondence.js',
    users: { 'share/correspondence.js': 'this.host', 'share/correspondence-entry.js': 'this.host' },
    made: 'new CorrespondenceEntry(',
  },
  { typedef: 'EditorHost', home: 'editor.js', users: { 'editor.js': 'this.host' }, made: 'new SetupEditor(' },
  { typedef: 'ControllerHost', home: 'controller.js', users: { 'controller.js': 'this.host' }, made: 'new BoardController(' },
  { typedef: 'HistoryHost', home: 'app/history.js', users: { 'app/history.js': 'this.host' }, made: 'new GameHistory(' },
  { typedef: 'OpponentHost', home: 'app/seats.js', users: { 'app/seats.js': 'this.host' }, made: 'new Opponent(' },
  {
    typedef: 'StudyHost',
    home: 'app/study.js',
    users: { 'app/study.js': 'this.host', 'app/annotate-panel.js': 'this.study.host' },
    made: 'new Study(',
  },
  {
    typedef: 'OnlineHost',
    home: 'app/online-entry.js',
    users: { 'app/online-entry.js': 'this.host', 'online/online.js': 'this.host' },
    made: 'new OnlineEntry(',
  },
  { typedef: 'LearnEntryHost', home: 'app/learn-entry.js', users: { 'app/learn-entry.js': 'this.host' }, made: 'new LearnEntry(' },
  { typedef: 'ControlActions', home: 'app/controls.js', users: { 'app/controls.js': 'act' }, made: 'bindControls({' },
  { typedef: 'StatusFacts', home: 'app/status.js', users: { 'app/status.js': 'page' }, made: 'renderStatus(this.view, {' },
  // Made by the page and by the widget, each with the optional names it needs.
  { typedef: 'ShareMenuHost', home: 'share/menu.js', users: { 'share/menu.js': 'host', 'share/menu-panel.js': 'host' }, made: null },
];

/** The property names a host's type documents. */
function documented(home, typedef) {
  const names = documentedNames(home, typedef);
  assert.ok(names, `${typedef} is documented`);
  return names;
}

/** The names used on `host` (`this.host.x`, `host.x`) in a source. */
function used(source, host) {
  const pattern = new RegExp(`(?<![\\w.])${host.replaceAll('.', '\\.')}\\.(\\w+)`, 'g');
  return [...new Set([...source.matchAll(pattern)].map((m) => m[1]))].sort();
}

/** The top-level keys of the first argument of the call that starts with `call` in app.js. */
function handed(app, call) {
  const at = app.indexOf(call);
  assert.ok(at >= 0, `app.js makes ${call}`);
  const args = balanced(app, at + call.length - 1);
  const object = balanced(args, args.indexOf('{'));
  // Drop comments, nested brackets and strings, then split at the top level.
  let flat = object.slice(1, -1).replace(/\/\/.*$/gm, '');
  for (let prev = ''; prev !== flat; ) {
    prev = flat;
    flat = flat.replace(/\([^()]*\)|\{[^{}]*\}|\[[^[\]]*\]|'[^']*'|`[^`]*`/g, '');
  }
  return flat
    .split(',')
    .map((part) => part.trim().match(/^(\w+)/)?.[1])
    .filter(Boolean)
    .sort();
}

test('each sub-view uses only the host its typedef documents, never the App', () => {
  for (const { typedef, home, users } of SUB_VIEWS) {
    const names = documented(home, typedef);
    const all = new Set();
    for (const [file, host] of Object.entries(users)) {
      const source = read(file);
      assert.doesNotMatch(source, /\bthis\.app\b|\bapp\.(?!js\b)\w+/, `${file} reaches into the App`);
      for (const name of used(source, host)) {
        assert.ok(names.includes(name), `${file} uses ${host}.${name}, which ${typedef} does not document`);
        all.add(name);
      }
    }
    assert.deepEqual([...all].sort(), names, `${typedef} documents only what is used`);
  }
});

test('app.js hands each sub-view exactly the names of its host', () => {
  const app = read('app.js');
  for (const { typedef, home, made } of SUB_VIEWS.filter((view) => view.made)) {
    assert.deepEqual(handed(app, made), documented(home, typedef), `${made}…) in app.js`);
  }
});
