// Reading heap frames for exercises and small widgets: the array as deadlines, at any step.
import { FrameReplay } from '../player/replay';
import { Frame } from '../player/frame';
import type { Trace } from '../player/trace';
import { traceScript } from '../script/run';
import { parseScript } from '../script/parse';
import { familySchema } from '../script/schema';

/** Runs `ops` on one heap and returns its trace (the script must be valid and drawable). */
export function heapTrace(ops: string, heap: string): Trace {
  const parsed = parseScript(ops, familySchema('heap'));
  if (!parsed.ok) throw new Error(`heap script does not parse: ${parsed.error.message}`);
  const t = traceScript('heap', parsed.commands, [heap]);
  if (!t.ok) throw new Error(`heap script failed: ${t.error.message}`);
  return t.traces[heap];
}

/** The array at step `k`: each slot's timer as its deadline label ('–' for a hole). */
export function slotsAt(trace: Trace, k: number, replay = new FrameReplay(trace)): string[] {
  const f = new Frame(trace.schema, replay.frameAt(k));
  return f.list('slot', f.get('size')).map((seq) => (seq < 0 ? '–' : trace.entityLabels[seq]));
}

export function capacityAt(trace: Trace, k: number): number {
  return new Frame(trace.schema, new FrameReplay(trace).frameAt(k)).get('capacity');
}
