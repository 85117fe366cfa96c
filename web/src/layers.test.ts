// The folders of web/src stand in layers: a folder may import the ones below it, never one that
// imports it back (player/ ↔ embed/ and site/ ↔ wasm/ once did). That no generic folder reaches
// into a family's folder is catalog.test.ts's check.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = dirname(new URL(import.meta.url).pathname);

/** Every import from one folder of web/src into another, as "from-folder -> to-folder: file". */
function crossings(): { from: string; to: string; file: string }[] {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && f.includes('/') && !f.includes('pkg/'));
  return files.flatMap((file) => [...readFileSync(join(SRC, file), 'utf8').matchAll(/from '(\.\.?\/[^']+)'/g)]
    .map((m) => relative(SRC, resolve(SRC, dirname(file), m[1])))
    .filter((target) => target.includes('/') && target.split('/')[0] !== file.split('/')[0])
    .map((target) => ({ from: file.split('/')[0], to: target.split('/')[0], file })));
}

describe('web/src layering', () => {
  const edges = crossings();
  it('has no pair of folders importing each other', () => {
    const pairs = new Set(edges.map((e) => `${e.from} -> ${e.to}`));
    const back = edges.filter((e) => pairs.has(`${e.to} -> ${e.from}`)).map((e) => `${e.file} imports ${e.to}/`);
    expect(back).toEqual([]);
  });
  it('finds the imports it checks', () => {
    // A regex that stopped matching would pass the test above on nothing.
    expect(edges.some((e) => e.from === 'heap' && e.to === 'registry')).toBe(true);
  });
});
