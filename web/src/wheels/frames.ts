// Reading wheel frames for exercises: traces of small scripts, and what a frame shows.
import { FrameReplay } from '../player/replay';
import { Frame } from '../player/frame';
import type { Trace } from '../player/trace';
import { traceScript } from '../script/run';
import { parseScript } from '../script/parse';
import { familySchema } from '../script/schema';
import { wheelModel, type WheelModel } from './viewModel';

/** Runs `ops` on one timer design ("wheel" or "delay-queue"); the script must be valid and drawable. */
export function wheelTrace(ops: string, variant: string): Trace {
  const parsed = parseScript(ops, familySchema('wheel'));
  if (!parsed.ok) throw new Error(`wheel script does not parse: ${parsed.error.message}`);
  const t = traceScript('wheel', parsed.commands, [variant]);
  if (!t.ok) throw new Error(`wheel script failed: ${t.error.message}`);
  return t.traces[variant];
}

export function frameAt(t: Trace, k: number): Frame {
  return new Frame(t.schema, new FrameReplay(t).frameAt(k));
}

/** The wheel as it stands after step `k`. */
export function modelAt(t: Trace, k: number): WheelModel {
  return wheelModel(frameAt(t, k), t.schema.limits.wheelSize);
}
