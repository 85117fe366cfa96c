// The last run of each suite committed with the lab (`npm run bench -- <suite> --save-wasm`), shown
// by a benchmark panel until its reader runs the suite: labelled with where and when it was
// measured, never as live. Loaded on demand, so a page without a panel does not carry it.
import type { RowResult, SuiteRun } from './suites';
import type { Suite } from './suites';
import DIGESTS from 'virtual:kernel-digests';

export interface CommittedRun {
  suite: string;
  /** Date of the run (ISO). */
  measured: string;
  /** "Node v20.20.2 (V8 11.3…)". */
  runtime: string;
  machine: string;
  /** 1-minute load average before and after. */
  load?: number[];
  /** The run's nice value: below 0, it was scheduled ahead of the machine's other work. */
  nice?: number;
  /** The code it measured: its kernel's digest (web/scripts/kernel-digest.mjs); absent in runs saved before digests. */
  code?: { digest: string; commit?: string };
  run: SuiteRun;
}

/** Whether a committed run measured the code this page runs: its kernel digest is the sources' as built. */
export function measuresThisCode(c: Pick<CommittedRun, 'suite' | 'code'>, digests: Readonly<Record<string, string>> = DIGESTS): boolean {
  return !!c.code && c.code.digest === digests[c.suite];
}

const FILES = import.meta.glob<CommittedRun>('./results/*.json', { import: 'default' });

/** The committed run of a suite, its rows bound to the suite's current rows (by id), or undefined. */
export async function committedRun(suite: Suite): Promise<CommittedRun | undefined> {
  const load = Object.entries(FILES).find(([path]) => path.endsWith(`/${suite.name}.json`))?.[1];
  if (!load) return undefined;
  const saved = await load();
  const rows = saved.run.rows.flatMap((r): RowResult[] => {
    const row = suite.rows.find((x) => x.id === r.row.id);
    return row ? [{ ...r, row }] : [];
  });
  return { ...saved, run: { ...saved.run, rows } };
}
