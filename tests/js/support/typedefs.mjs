// The names a page type documents, read from the sources: a JSDoc `@typedef {object} Name`
// with its `@property` lines, or the `export interface Name` of the declaration file a
// one-line `@typedef {import('…').Name} Name` points to (www/types/*.d.ts, which the page
// never downloads).
import { readFileSync } from 'node:fs';

const WWW = new URL('../../../www/', import.meta.url);

/** The text from an opening bracket at `start` to its closing bracket. */
export function balanced(text, start) {
  const pairs = { '{': '}', '(': ')', '[': ']' };
  const stack = [];
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (pairs[c]) stack.push(pairs[c]);
    else if (c === stack.at(-1)) {
      stack.pop();
      if (!stack.length) return text.slice(start, i + 1);
    }
  }
  throw new Error(`unbalanced from ${start}`);
}

/**
 * The member names of the type `name` as the page file `file` (a path under www/) documents
 * it, sorted; null if it documents no such type.
 */
export function documentedNames(file, name) {
  const source = readFileSync(new URL(file, WWW), 'utf8');
  const at = source.indexOf(`@typedef {object} ${name}`);
  if (at >= 0) {
    const block = source.slice(at, source.indexOf('*/', at));
    const names = [];
    for (let i = block.indexOf('@property'); i >= 0; i = block.indexOf('@property', i + 1)) {
      const type = balanced(block, block.indexOf('{', i));
      names.push(block.slice(block.indexOf(type, i) + type.length).match(/^\s*\[?(\w+)/)[1]);
    }
    return names.sort();
  }
  const alias = new RegExp(`@typedef \\{import\\('([^']+)'\\)\\.${name}\\} ${name}\\b`).exec(source);
  if (!alias) return null;
  const declarations = readFileSync(new URL(`${alias[1]}.d.ts`, new URL(file, WWW)), 'utf8');
  const start = declarations.indexOf(`export interface ${name} {`);
  if (start < 0) return null;
  const body = balanced(declarations, declarations.indexOf('{', start)).slice(1, -1);
  // Members at the interface's own depth: drop comments and nested types first.
  let flat = body.replace(/\/\*[\s\S]*?\*\//g, '');
  for (let prev = ''; prev !== flat; ) {
    prev = flat;
    flat = flat.replace(/\([^()]*\)|\{[^{}]*\}|\[[^[\]]*\]/g, '');
  }
  return [...flat.matchAll(/^\s*(\w+)\??:/gm)].map((m) => m[1]).sort();
}
