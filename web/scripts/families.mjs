// `npm run families`: writes web/src/catalog/families.json from each family folder's family.json
// (web/src/<family>/family.json). The build's route list, the CLI's suite list and the tests read
// the one generated file, so none of them names a family; a unit test fails when it is stale.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './toolchain.mjs';

export const SRC = join(ROOT, 'web', 'src');
export const GENERATED = join(SRC, 'catalog', 'families.json');

/** The registry's table of families (Rust), whose order is the families' order everywhere. */
export const REGISTRY = join(ROOT, 'crates', 'core', 'src', 'families.rs');

/** The families' names in the order the registry lists them (`entry::<crate::heap::Heaps>()`, …). */
export function registryOrder(file = REGISTRY) {
  return [...readFileSync(file, 'utf8').matchAll(/^\s*entry::<crate::(\w+)::\w+>\(\),/gm)].map((m) => m[1]);
}

/**
 * Every family.json under web/src, in the registry's order (`order`: the names, first to last),
 * each checked: its name is its folder's, and the registry lists it.
 * @param {string} src
 * @param {string[]} order
 */
export function familyFacts(src = SRC, order = registryOrder()) {
  // A folder may be a link (the template test links web/src's into a copy): existsSync follows it.
  const facts = readdirSync(src)
    .filter((name) => existsSync(join(src, name, 'family.json')))
    .map((name) => {
      const file = join(src, name, 'family.json');
      const f = JSON.parse(readFileSync(file, 'utf8'));
      if (f.name !== name) throw new Error(`${file}: the family is named "${f.name}" but its folder "${name}"; one name on both sides`);
      if (!order.includes(name)) throw new Error(`${file}: the family "${name}" is not in the registry's table (crates/core/src/families.rs, FAMILIES): add its entry line there`);
      return f;
    });
  return facts.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
}

/**
 * The generated file's text for these facts.
 * @param {unknown[]} facts
 */
export const familiesJson = (facts) => `${JSON.stringify(facts, null, 2)}\n`;

if (process.argv[1] === import.meta.filename) {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(`usage: npm run families
  Writes web/src/catalog/families.json from every family folder's family.json (web/src/<family>/),
  in the order the registry lists them (crates/core/src/families.rs). Run it after adding a family
  or editing a family.json.
  --help    print this and exit`);
    process.exit(0);
  }
  const facts = familyFacts();
  writeFileSync(GENERATED, familiesJson(facts));
  console.log(`wrote ${GENERATED}: ${facts.map((f) => f.name).join(', ')}`);
}
