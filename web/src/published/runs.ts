// The committed runs a lesson's claims read by default: the saved wasm run of each suite (the
// benchmark panel's "committed run") and the JVM originals' run (jvm/results). Imported by the
// lessons' claims only, so the saved wasm runs load with a lesson, not with every page.
import type { ClaimData } from './claims';
import type { JvmResults } from '../bench/jvmResults';
import { countNow } from '../script/run';

const byName = <T,>(files: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(files).map(([path, v]) => [path.replace(/^.*\/([^/]+)\.json$/, '$1'), v]));

const WASM = byName(import.meta.glob<ClaimData['wasm'][string]>('../bench/results/*.json', { eager: true, import: 'default' }));
const JVM = byName(import.meta.glob<JvmResults>('../../../jvm/results/*.json', { eager: true, import: 'default' }));

/** The committed runs, and the lab's counters. */
export function committedData(): ClaimData {
  return { wasm: WASM, jvm: JVM, count: (family, ops, variant, settings) => countNow(family, ops, variant, settings) };
}
