// Traces of small queue scripts and the frames they pass through, for tests and exercises.
import { FrameReplay } from '../player/replay';
import { Frame } from '../player/frame';
import type { Trace } from '../player/trace';
import { traceScript } from '../script/run';
import { encodeSettings, parseScript } from '../script/parse';
import { familySchema } from '../script/schema';

/** Runs `ops` on one queue ("clq", "abq", "spsc", "mpsc"); the script must be valid and drawable. */
export function queueTrace(ops: string, variant: string, settings: Record<string, string> = {}): Trace {
  const parsed = parseScript(ops, familySchema('queue'));
  if (!parsed.ok) throw new Error(`queue script does not parse: ${parsed.error.message}`);
  const t = traceScript('queue', parsed.commands, [variant], encodeSettings(parsed.threads, settings));
  if (!t.ok) throw new Error(`queue script failed: ${t.error.message}`);
  return t.traces[variant];
}

export function frameAt(t: Trace, k: number): Frame {
  return new Frame(t.schema, new FrameReplay(t).frameAt(k));
}
