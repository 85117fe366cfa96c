// Traces of small recycler scripts, for tests and exercises.
import type { Trace } from '../script/trace';
import { frameAt } from '../script/frame';
import { traceOf } from '../script/run';
import { threadColumns, type ThreadColumn } from './viewModel';

export { frameAt } from '../script/frame';

/** Runs `ops` on one Recycler ("before" or "after"); the script must be valid and drawable. */
export function recyclerTrace(ops: string, variant: string, settings: Record<string, string> = {}): Trace {
  return traceOf('recycler', ops, variant, settings);
}

/** Each thread as the last frame shows it: its stack, pooled objects and last outcome. */
export function finalThreads(t: Trace): ThreadColumn[] {
  return threadColumns(frameAt(t, t.length), t);
}
