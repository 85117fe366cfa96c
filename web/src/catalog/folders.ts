// The family folders a glob found, in the families' order (families.json, which `npm run
// families` writes from each folder's family.json). A family's web folder is named as its Rust
// folder and its family: web/src/heap/ is the heap family's.
import { FAMILIES } from './routes';

/**
 * The modules of an `import.meta.glob('../*\/file')` that are families' (other folders may have a
 * file of that name: bench/suites.ts), ordered as the families are. catalog.test.ts holds every
 * folder with a family.tsx to a family.json, so a family cannot be skipped here unseen.
 */
export function inFamilyOrder<M>(found: Record<string, M>): M[] {
  const byFolder = byFolderName(found);
  return FAMILIES.flatMap((f) => (byFolder.has(f.name) ? [byFolder.get(f.name)!] : []));
}

/** The modules of such a glob by their folder's name (`../heap/agreement.ts` → heap), every folder's. */
export const byFolderName = <M>(found: Record<string, M>): Map<string, M> =>
  new Map(Object.entries(found).map(([path, m]) => [path.split('/')[1], m]));
