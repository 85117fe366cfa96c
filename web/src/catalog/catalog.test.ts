// The catalog, the build's route list, the CLI's suite list and the Rust family list agree, and
// the generic folders never reach into a structure's folder.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasm, callWasm } from '../wasm/loader';
import './index';
import './suites';
import './threadSets';
import { EMBED_EXAMPLES, EMBED_NAMES, FAMILIES as FAMILY_FACTS } from './routes';
import { embedNames } from '../registry/embeds';
import { familyNames } from '../registry/family';
import { familySchema } from '../script/schema';
import { suiteNames } from '../bench/registered';
import { threadSets } from '../threads/harness';
import { SUITE_NAMES } from '../../scripts/bench-args.mjs';
import { GENERATED, familiesJson, familyFacts } from '../../scripts/families.mjs';

beforeAll(async () => {
  await loadWasm(readFileSync(join(import.meta.dirname, '..', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm')));
});

const SRC = resolve(import.meta.dirname, '..');
/**
 * Each structure family has its own folder (the one with a family.tsx, its manifest); every
 * other folder but the catalog serves all families. Found, not listed, so a new one is covered.
 */
const FOLDERS = readdirSync(SRC, { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== 'catalog').map((e) => e.name);
const STRUCTURES = FOLDERS.filter((f) => existsSync(join(SRC, f, 'family.tsx')));
const GENERIC = FOLDERS.filter((f) => !STRUCTURES.includes(f));

/** The relative imports of `folder`'s files that land in one of `targets` (top-level folders of web/src), as "file → import". */
function importsReaching(folder: string, targets: readonly string[]): string[] {
  return files(join(SRC, folder)).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)]
    .filter((m) => targets.includes(relative(SRC, resolve(dirname(file), m[1])).split('/')[0]))
    .map((m) => `${relative(SRC, file)} → ${m[1]}`));
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (n === 'pkg') return [];
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx)$/.test(n) && !/\.test\.tsx?$/.test(n) ? [p] : [];
  });
}

describe('the catalog', () => {
  it('registers exactly the embed routes the build writes pages for, each with one example', () => {
    expect(embedNames().sort()).toEqual([...EMBED_NAMES].sort());
    expect(EMBED_EXAMPLES.map((e) => e.name)).toEqual([...EMBED_NAMES]);
  });

  it('states each player example\'s variants in its `about` as the schema names them (npm run docs copies it into the routes table)', () => {
    for (const f of FAMILY_FACTS) {
      const variants = familySchema(f.name).variants.map((v) => v.name);
      expect(f.example.about, `${f.name}'s family.json example`).toMatch(new RegExp(`^variant=${[...variants, 'race'].join('\\|')}(,|$)`));
    }
  });

  it('reads families.json as `npm run families` writes it from the family folders', () => {
    expect(readFileSync(GENERATED, 'utf8'), 'web/src/catalog/families.json is stale: run npm run families').toBe(familiesJson(familyFacts()));
    for (const folder of STRUCTURES) expect(existsSync(join(SRC, folder, 'family.json')), `web/src/${folder}/family.json`).toBe(true);
  });

  it('registers the suites the CLI accepts, and the families Rust plans', () => {
    // The purgatory sweep and the threaded race are commands of their own, not JMH suites.
    expect([...suiteNames(), 'purgatory', 'class', ...threadSets().map((t) => t.cli)].sort()).toEqual([...SUITE_NAMES].sort());
    expect(familyNames().sort()).toEqual(callWasm((w) => w.family_names()).sort());
    expect(FAMILY_FACTS.map((f) => f.name)).toEqual(familyNames());
  });

  it('keeps the layering: no generic folder imports a structure folder or the catalog', () => {
    expect(STRUCTURES, 'one folder with a family.tsx per family').toHaveLength(FAMILY_FACTS.length);
    const offenders = GENERIC.flatMap((folder) => importsReaching(folder, [...STRUCTURES, 'catalog']));
    expect(offenders).toEqual([]);
  });

  it('keeps each family to its own folder: no family folder imports another (a drawing two share is generic: arrayHeap/)', () => {
    const offenders = STRUCTURES.flatMap((folder) => importsReaching(folder, STRUCTURES.filter((f) => f !== folder)));
    expect(offenders).toEqual([]);
  });

  it('keeps family names out of the generic folders and the scripts: a family lives in its folder', () => {
    const scripts = readdirSync(join(SRC, '..', 'scripts')).filter((n) => n.endsWith('.mjs') && !n.endsWith('.test.mjs'))
      .map((n) => join(SRC, '..', 'scripts', n));
    const offenders: string[] = [];
    // And the check of every family's tables against the frame, which finds each family's check by its file name.
    const agreement = join(SRC, 'catalog', 'agreement.test.ts');
    for (const file of [...GENERIC.flatMap((folder) => files(join(SRC, folder))), ...scripts, agreement]) {
      if (file.includes('-pkg')) continue; // wasm-bindgen's output, with Rust's doc comments
      const text = readFileSync(file, 'utf8');
      for (const { name } of FAMILY_FACTS) {
        // Its id as a string, or its route: what a registry line or a special case would write.
        if (new RegExp(`['"\`]${name}['"\`]|/embed/${name}\\b`).test(text)) offenders.push(`${relative(SRC, file)} names ${name}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
