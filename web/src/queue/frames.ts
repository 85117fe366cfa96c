// Traces of small queue scripts, for tests and exercises.
import type { Trace } from '../script/trace';
import { traceOf } from '../script/run';

export { frameAt } from '../script/frame';

/** Runs `ops` on one queue ("clq", "abq", "spsc", "mpsc"); the script must be valid and drawable. */
export function queueTrace(ops: string, variant: string, settings: Record<string, string> = {}): Trace {
  return traceOf('queue', ops, variant, settings);
}
