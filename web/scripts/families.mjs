// `npm run families`: writes web/src/catalog/families.json from each family folder's family.json
// (web/src/<family>/family.json). The build's route list, the CLI's suite list and the tests read
// the one generated file, so none of them names a family; a unit test fails when it is stale.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './toolchain.mjs';

export const SRC = join(ROOT, 'web', 'src');
export const GENERATED = join(SRC, 'catalog', 'families.json');

/**
 * Every family.json under web/src, in the order their `position` gives (the lessons' order), each
 * checked: its name is its folder's, and no two share a position.
 * @param {string} src
 */
export function familyFacts(src = SRC) {
  // A folder may be a link (the template test links web/src's into a copy): existsSync follows it.
  const facts = readdirSync(src)
    .filter((name) => existsSync(join(src, name, 'family.json')))
    .map((name) => {
      const file = join(src, name, 'family.json');
      const f = JSON.parse(readFileSync(file, 'utf8'));
      if (f.name !== name) throw new Error(`${file}: the family is named "${f.name}" but its folder "${name}"; one name on both sides`);
      if (!Number.isInteger(f.position)) throw new Error(`${file}: "position" must be a whole number (where the family stands among the others)`);
      return f;
    })
    .sort((a, b) => a.position - b.position);
  for (let i = 1; i < facts.length; i++) {
    if (facts[i].position === facts[i - 1].position) throw new Error(`the families ${facts[i - 1].name} and ${facts[i].name} both stand at position ${facts[i].position}`);
  }
  return facts;
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
  in the order their "position" gives. Run it after adding a family or editing a family.json.
  --help    print this and exit`);
    process.exit(0);
  }
  const facts = familyFacts();
  writeFileSync(GENERATED, familiesJson(facts));
  console.log(`wrote ${GENERATED}: ${facts.map((f) => `${f.position} ${f.name}`).join(', ')}`);
}
