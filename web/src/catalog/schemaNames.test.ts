// Every name a family's folder reads out of its Rust schema exists there: frame fields, codes,
// limits, event kinds, and the variants and their URL parameter. The web names things; Rust
// states them; this test ties the two, so a renamed field or code fails here, not in a reader's
// browser.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasm } from '../wasm/loader';
import './index';
import { familyModule } from '../registry/family';
import { familySchema, type FamilySchema } from '../script/schema';
import { FOCUS_FIELDS, THREAD_STATES } from '../queue/viewModel';
import { OUTCOMES } from '../recycler/viewModel';
import { FAMILIES as FAMILY_FACTS } from './routes';

beforeAll(async () => {
  await loadWasm(readFileSync(join(import.meta.dirname, '..', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm')));
});

const SRC = join(import.meta.dirname, '..');

/** Each family's folder: the one whose family.tsx registers it by name. */
function folderOf(family: string): string {
  const folder = readdirSync(SRC).find((d) => {
    try {
      return readFileSync(join(SRC, d, 'family.tsx'), 'utf8').includes(`name: '${family}'`);
    } catch {
      return false;
    }
  });
  if (!folder) throw new Error(`no folder registers the family ${family}`);
  return folder;
}

/** The folder's sources, tests left out (they build frames of their own). */
function sources(folder: string): string {
  return readdirSync(join(SRC, folder))
    .filter((n) => /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n))
    .map((n) => readFileSync(join(SRC, folder, n), 'utf8'))
    .join('\n');
}

const all = (text: string, re: RegExp) => [...text.matchAll(re)];

/** Names `text` uses that `schema` does not state, each as "what name". */
function unknownNames(text: string, schema: FamilySchema, prefix = ''): string[] {
  const fields = new Set(schema.fields.map((f) => f.name));
  const missing: string[] = [];
  for (const [, name] of all(text, /\b(?:f|frame)\.(?:get|list)\(\s*'([a-z_]+)'/g)) {
    if (!fields.has(prefix + name) && !fields.has(name)) missing.push(`field ${name}`);
  }
  for (const [, set, name] of all(text, /\bcode(?:Of|Named|At)\([^,()]+,\s*'(\w+)'(?:,\s*'(\w+)')?/g)) {
    if (!schema.codes[set]) missing.push(`code set ${set}`);
    else if (name && !schema.codes[set].some((c) => c.name === name)) missing.push(`code ${set}.${name}`);
  }
  for (const [, name] of all(text, /\bfaultText\([^,()]+,\s*'(\w+)'/g)) {
    if (!schema.codes.fault?.some((c) => c.name === name)) missing.push(`code fault.${name}`);
  }
  for (const [, name] of all(text, /\blimits\.(\w+)/g)) {
    if (!(name in schema.limits)) missing.push(`limit ${name}`);
  }
  return missing;
}

/** Counts that report every kind name read from them. */
function recordingCounts(read: Set<string>): Record<string, number> {
  return new Proxy({}, { get: (_, k) => (typeof k === 'string' && read.add(k), 1) });
}

describe('every name the web reads from a family schema', () => {
  for (const { name: family } of FAMILY_FACTS) {
    it(`exists in the ${family} schema`, () => {
      const schema = familySchema(family);
      const folder = folderOf(family);
      expect(unknownNames(sources(folder), schema)).toEqual([]);

      const module = familyModule(family)!;
      expect(module.oldVariantParam).toBe(schema.oldVariantParam);
      expect([...module.variants].sort()).toEqual(schema.variants.map((v) => v.name).sort());
      const kinds = new Set(schema.kinds.map((k) => k.name));
      const read = new Set<string>();
      module.work(recordingCounts(read));
      for (const v of schema.variants) {
        module.describe(recordingCounts(read), v.name);
        for (const c of v.counters) expect(kinds, `${v.name} counts ${c}`).toContain(c);
      }
      expect([...read].filter((k) => !kinds.has(k))).toEqual([]);
    });
  }

  it('includes the heap fields the timers read under their prefix, and the code names the views switch on', () => {
    // The wheels draw their delay queue with the heaps' view model, on fields prefixed q_.
    expect(unknownNames(sources('heap'), familySchema('wheel'), 'q_')).toEqual([]);
    const names = (family: string, set: string) => familySchema(family).codes[set].map((c) => c.name);
    expect(names('queue', 'focus')).toEqual(expect.arrayContaining([...FOCUS_FIELDS]));
    expect(names('queue', 'state')).toEqual(expect.arrayContaining(THREAD_STATES.map((s) => s.toUpperCase())));
    expect(names('recycler', 'outcome')).toEqual(expect.arrayContaining(OUTCOMES.map((s) => s.toUpperCase())));
  });

  it('finds a name the schema does not state', () => {
    const schema = familySchema('queue');
    expect(unknownNames("f.get('no_such_field'); codeOf(s, 'focus', 'NOWHERE'); s.limits.drawnNothing", schema))
      .toEqual(['field no_such_field', 'code focus.NOWHERE', 'limit drawnNothing']);
  });
});

