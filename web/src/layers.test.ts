// The folders of web/src stand in layers: a folder may import the ones below it, never one that
// imports it back (player/ ↔ embed/ and site/ ↔ wasm/ once did), and no module of web/ imports
// itself in a circle (madge --circular, with type imports). That no generic folder reaches
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

/** Every module of web/src, web/server and web/scripts, and the modules it imports (types and dynamic imports too). */
function importGraph(): Map<string, string[]> {
  const root = resolve(SRC, '..', '..');
  const files = ['web/src', 'web/server', 'web/scripts'].flatMap((d) => readdirSync(join(root, d), { recursive: true, encoding: 'utf8' }).map((f) => join(d, f)))
    .filter((f) => /\.(tsx?|mjs|js)$/.test(f) && !/\.test\.|pkg\//.test(f));
  const known = new Set(files);
  const target = (from: string, spec: string) => ['', '.ts', '.tsx', '.mjs', '.js'].map((x) => relative(root, resolve(root, dirname(from), spec) + x)).find((f) => known.has(f));
  // Static imports and re-exports, and dynamic import()s of a literal path (a dynamic import
  // hid toolchain.mjs ↔ wasm.mjs from the first version of this check; madge saw it).
  const specifiers = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+'(\.\.?\/[^']+)'|\bimport\(\s*'(\.\.?\/[^']+)'\s*\)/g;
  return new Map(files.map((f) => [f, [...readFileSync(join(root, f), 'utf8').matchAll(specifiers)]
    .flatMap((m) => target(f, m[1] ?? m[2]) ?? [])]));
}

/** The graph's strongly connected components of more than one module (Tarjan's algorithm): its circles. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        part.push(w);
      } while (w !== v);
      if (part.length > 1) found.push(part.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('imports across web/src, web/server and web/scripts (issue 63)', () => {
  it('form no circle, type imports included', () => {
    expect(circles(importGraph())).toEqual([]);
  });
  it('keep the class server apart from the build scripts: nothing under web/server imports web/scripts', () => {
    const graph = importGraph();
    const reaching = [...graph].flatMap(([from, to]) => (from.startsWith('web/server/') ? to.filter((t) => t.startsWith('web/scripts/')).map((t) => `${from} → ${t}`) : []));
    expect(reaching).toEqual([]);
    expect(graph.get('web/scripts/static-server.mjs')).toContain('web/server/headers.mjs'); // the graph reads .mjs imports too
  });
  it('finds a circle where there is one, and reads the imports', () => {
    expect(circles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c']]);
    const graph = importGraph();
    expect(graph.get('web/server/app.ts')).toContain('web/server/errors.ts');
    expect(graph.get('web/src/bench/runner.ts')).toContain('web/src/bench/suites.ts');
  });
});
