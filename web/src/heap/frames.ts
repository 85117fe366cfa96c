// Reading heap frames for exercises and small widgets: the array as deadlines, at any step.
import { FrameReplay } from '../script/replay';
import { Frame, frameAt } from '../script/frame';
import type { Trace } from '../script/trace';
import { traceOf } from '../script/run';

/** Runs `ops` on one heap and returns its trace (the script must be valid and drawable). */
export function heapTrace(ops: string, heap: string): Trace {
  return traceOf('heap', ops, heap);
}

/** The array at step `k`: each slot's timer as its deadline label ('–' for a hole). */
export function slotsAt(trace: Trace, k: number, replay = new FrameReplay(trace)): string[] {
  const f = new Frame(trace.schema, replay.frameAt(k));
  return f.list('slot', f.get('size')).map((seq) => (seq < 0 ? '–' : trace.entityLabels[seq]));
}

export function capacityAt(trace: Trace, k: number): number {
  return frameAt(trace, k).get('capacity');
}
