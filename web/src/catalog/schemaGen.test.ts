// Each family folder's schema.gen.ts is what the built wasm states: the web reads fields, codes,
// limits and variants through it, typed, so a renamed field or code fails the type check, and a
// stale file fails here (`npm run wasm` writes them).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { callWasm, loadWasm } from '../wasm/loader';
import { familySchema } from '../script/schema';
import { schemaModule } from '../../scripts/schema-ts.mjs';
import { FAMILIES } from './routes';

beforeAll(async () => {
  await loadWasm(readFileSync(join(import.meta.dirname, '..', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm')));
});

describe('each family’s generated schema', () => {
  it('covers every family the wasm plans', () => {
    expect(callWasm((w) => w.family_names())).toEqual(FAMILIES.map((f) => f.name));
  });

  for (const { name } of FAMILIES) {
    it(`is what the wasm states for ${name}`, () => {
      const file = join(import.meta.dirname, '..', name, 'schema.gen.ts');
      expect(readFileSync(file, 'utf8'), `web/src/${name}/schema.gen.ts is stale: run npm run wasm`).toBe(schemaModule(familySchema(name)));
    });

    it(`counts, for each ${name} variant, only kinds the schema states`, () => {
      const schema = familySchema(name);
      const kinds = schema.kinds.map((k) => k.name);
      for (const v of schema.variants) expect(kinds, v.name).toEqual(expect.arrayContaining(v.counters));
    });
  }

  it('writes codes, limits and a frame type a view can read', () => {
    const text = schemaModule(familySchema('queue'));
    expect(text).toContain("export const VARIANTS = ['clq', 'abq', 'spsc', 'mpsc'] as const;");
    expect(text).toMatch(/ {2}state: \{ READY: 0, RUNNING: 1, FINISHED: 2 \},/);
    expect(text).toContain("export type Frame = import('../script/frame').Frame<Field>;");
  });
});
