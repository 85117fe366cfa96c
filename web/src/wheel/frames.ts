// Reading wheel frames for exercises: traces of small scripts, and what a frame shows.
import { frameAt } from '../script/frame';
import type { Trace } from '../script/trace';
import { traceOf } from '../script/run';
import { wheelModel, type WheelModel } from './viewModel';
import { LIMITS } from './schema.gen';

export { frameAt };

/** Runs `ops` on one timer design ("wheel" or "delay-queue"); the script must be valid and drawable. */
export function wheelTrace(ops: string, variant: string): Trace {
  return traceOf('wheel', ops, variant);
}

/** The wheel as it stands after step `k`. */
export function modelAt(t: Trace, k: number): WheelModel {
  return wheelModel(frameAt(t, k), LIMITS.wheelSize);
}
