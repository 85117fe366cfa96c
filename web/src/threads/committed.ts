// The last run of each threaded race committed with the lab (`npm run bench -- <family>-threads
// --save-wasm`): Node's worker threads on one shared wasm memory, the same harness and kernels as
// the page's Web Workers. A page that is not cross-origin isolated cannot run the race (no
// SharedArrayBuffer); it shows this run instead, labelled as what it is, never as live.
import type { ThreadRowResult, ThreadSet } from './harness';
import { rowId } from './harness';
import DIGESTS from 'virtual:kernel-digests';

export interface CommittedThreadRun {
  /** The set's name (`queues`) and the CLI's name for it (`queue-threads`). */
  set: string;
  cli: string;
  /** Date of the run (ISO). */
  measured: string;
  /** "Node v20.20.2 (V8 11.3…), worker threads". */
  runtime: string;
  machine: string;
  /** 1-minute load average before and after. */
  load: number[];
  perProducer: number;
  repeats: number;
  /** The code it measured: the race's digest (web/scripts/kernel-digest.mjs) and the commit. */
  code: { digest: string; commit?: string };
  /** Rows by id (`rowId`), bound to the set's rows when loaded. */
  results: { id: string; samples: ThreadRowResult['samples'] }[];
}

const FILES = import.meta.glob<CommittedThreadRun>('./results/*.json', { import: 'default' });

/** Whether the committed run measured the code this page runs. */
export function threadRunIsCurrent(c: Pick<CommittedThreadRun, 'cli' | 'code'>, digests: Readonly<Record<string, string>> = DIGESTS): boolean {
  return c.code.digest === digests[c.cli];
}

/** The set's committed run, its rows bound to the set's current rows (a row the set no longer has is left out), or undefined. */
export async function committedThreadRun(set: ThreadSet): Promise<{ run: CommittedThreadRun; rows: ThreadRowResult[] } | undefined> {
  const load = Object.entries(FILES).find(([path]) => path.endsWith(`/${set.name}.json`))?.[1];
  if (!load) return undefined;
  const run = await load();
  const rows = set.rows.flatMap((row) => {
    const saved = run.results.find((r) => r.id === rowId(row));
    return saved ? [{ row, samples: saved.samples }] : [];
  });
  return { run, rows };
}
