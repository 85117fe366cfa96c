// @vitest-environment node
// A fifth family, made from the template (templates/family/), is picked up by the catalog, the
// embed routes, the generated schema and the bench registry with no line written outside its
// folder: the test builds a copy of web/src in .cache/ (every folder linked, the catalog copied
// so its families.json can be regenerated), adds the template's folder, and loads the copy's
// catalog through Vite as the site does. The Rust half of the template is compiled and checked
// by crates/core/src/families.rs's tests, which keep templates/family/schema.json current.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familiesJson, familyFacts } from '../../scripts/families.mjs';
import { schemaModule } from '../../scripts/schema-ts.mjs';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const TEMPLATE = join(ROOT, 'templates', 'family');
const COPY = join(ROOT, '.cache', 'template-family');
const SRC = join(COPY, 'web', 'src');
const SCHEMA = JSON.parse(readFileSync(join(TEMPLATE, 'schema.json'), 'utf8'));
/** The site's own families, as the real families.json lists them. */
const REAL = familyFacts(join(ROOT, 'web', 'src'));

let vite: ViteDevServer;
const load = (path: string) => vite.ssrLoadModule(path);

beforeAll(async () => {
  rmSync(COPY, { recursive: true, force: true });
  mkdirSync(SRC, { recursive: true });
  const real = join(ROOT, 'web', 'src');
  for (const entry of readdirSync(real)) {
    if (entry === 'catalog') cpSync(join(real, entry), join(SRC, entry), { recursive: true });
    else symlinkSync(join(real, entry), join(SRC, entry));
  }
  // What a contributor does: copy the folder, then `npm run wasm` and `npm run families`.
  cpSync(join(TEMPLATE, 'web', 'src', 'sample'), join(SRC, 'sample'), { recursive: true });
  writeFileSync(join(SRC, 'sample', 'schema.gen.ts'), schemaModule(SCHEMA));
  // Its place: after the families there are, as its entry line would stand last in FAMILIES.
  writeFileSync(join(SRC, 'catalog', 'families.json'), familiesJson(familyFacts(SRC, [...REAL.map((f) => f.name), 'sample'])));
  vite = await createServer({
    root: COPY, configFile: false, logLevel: 'silent', appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null },
    // A CommonJS package the site imports by name: transformed, as the site's own build does.
    ssr: { noExternal: ['lz-string'] },
  });
}, 60_000); // a bound on a hang (copying and starting Vite), as the tests' own 60 s: not a measurement

afterAll(async () => {
  await vite?.close();
  rmSync(COPY, { recursive: true, force: true });
});

describe('a family made from the template', () => {
  it('is registered by the catalog, with its embed route and MDX widgets', async () => {
    await load('/web/src/catalog/index.tsx');
    const { familyNames, familyModule } = await load('/web/src/registry/family.ts');
    const { embedNames } = await load('/web/src/registry/embeds.ts');
    const { lessonWidgets } = await load('/web/src/registry/widgets.ts');
    const { EMBED_NAMES, FAMILIES } = await load('/web/src/catalog/routes.ts');
    expect(familyNames()).toEqual([...REAL.map((f) => f.name), 'sample']);
    expect(embedNames()).toContain('sample');
    expect(EMBED_NAMES).toContain('sample');
    expect(FAMILIES.at(-1).example.params.variant).toBe('by-one');
    expect(Object.keys(lessonWidgets())).toEqual(expect.arrayContaining(['SamplePlayer', 'SampleRace']));
    expect(familyModule('sample').variants).toEqual(SCHEMA.variants.map((v: { name: string }) => v.name));
  });

  it('draws a frame laid out as its Rust schema states', async () => {
    const { familyModule } = await load('/web/src/registry/family.ts');
    const { Frame } = await load('/web/src/script/frame.ts');
    const fields = SCHEMA.fields as { name: string; offset: number; len: number }[];
    const data = new Int32Array(fields.reduce((n, f) => Math.max(n, f.offset + f.len), 0)).fill(-1);
    const at = (name: string) => fields.find((f) => f.name === name)!.offset;
    data.set([2], at('size'));
    data.set([4], at('length'));
    data.set([7, 9], at('slot'));
    data.set([1], at('focus'));
    const { View } = familyModule('sample');
    const html = renderToStaticMarkup(createElement(View, { frame: new Frame(SCHEMA, data), moveMs: 0, trace: {} }));
    expect(html).toContain('2 of 4 slots in use');
    expect(html).toMatch(/<li>7<\/li><li class="focus">9<\/li><li>–<\/li><li>–<\/li>/);
  });

  it('type-checks as it stands, against the generated schema', () => {
    // The site's compiler options, on the template's folder and what it imports.
    const config = join(COPY, 'tsconfig.json');
    writeFileSync(config, JSON.stringify({ extends: join(ROOT, 'tsconfig.json'), include: ['web/src/sample', join(ROOT, 'web/src/vite-env.d.ts')] }));
    const tsc = spawnSync(join(ROOT, 'node_modules', '.bin', 'tsc'), ['--noEmit', '-p', config], { encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });

  it('has its suite registered for the panel and the CLI', async () => {
    await load('/web/src/catalog/suites.ts');
    const { suiteNames, suiteByName } = await load('/web/src/bench/registered.ts');
    const { FAMILIES } = await load('/web/src/catalog/routes.ts');
    expect(suiteNames().at(-1)).toBe('sample-push');
    expect(suiteByName('sample-push').rows.map((r: { kernel: { suite: string } }) => r.kernel.suite)).toEqual(Array(4).fill('sample-push'));
    // `npm run bench`'s suite list is families.json's.
    expect(FAMILIES.flatMap((f: { bench: { name: string }[] }) => f.bench.map((b) => b.name))).toContain('sample-push');
  });
});
