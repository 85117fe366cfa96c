// Parses an ops script and runs it on the real heaps: traced when small enough to draw, counted
// in a worker otherwise. Shared by the single-heap player and the race view.
import { useEffect, useMemo, useState } from 'react';
import { encodeCommands, parseScript, type Command, type ParseResult, type ScriptError } from './script';
import { traceScript, type Traced } from './run';
import { countScript, type ScriptCounts } from './counting';
import type { HeapKind } from './trace';

export type Counting =
  | { status: 'running' }
  /** `commands` are the ones counted: the script may have changed since. */
  | { status: 'done'; result: ScriptCounts; commands: Command[] }
  | { status: 'failed'; error: ScriptError };

export interface HeapScript {
  parsed: ParseResult;
  /** Set when the script is small enough to draw. */
  traced: Traced | null;
  /** Set when it is not: counters only. */
  counting: Counting | null;
  error: ScriptError | null;
}

export function useHeapScript(text: string, heaps: HeapKind[]): HeapScript {
  const key = heaps.join(',');
  const parsed = useMemo(() => parseScript(text), [text]);
  // Rust decides what can be drawn: the planner stops at the drawing limits, then we count.
  const traced = useMemo(
    () => (parsed.ok ? traceScript(parsed.commands, key.split(',') as HeapKind[]) : null),
    [parsed, key],
  );
  const drawable = !(traced && !traced.ok && traced.tooBig);
  const [counting, setCounting] = useState<Counting | null>(null);

  useEffect(() => {
    if (!parsed.ok || drawable) {
      setCounting(null);
      return;
    }
    const commands = parsed.commands;
    setCounting({ status: 'running' });
    const job = countScript(encodeCommands(commands), key.split(',') as HeapKind[]);
    job.result.then(
      (result) => setCounting({ status: 'done', result, commands }),
      (e: Error) => {
        if (e.name === 'AbortError') return;
        const m = /^op (\d+):/.exec(e.message);
        const c = m ? commands[Number(m[1]) - 1] : undefined;
        setCounting({ status: 'failed', error: { message: e.message, start: c?.start ?? 0, end: c?.end ?? 0 } });
      },
    );
    return job.cancel;
  }, [parsed, drawable, key]);

  const error = !parsed.ok
    ? parsed.error
    : traced && !traced.ok && !traced.tooBig
      ? traced.error
      : counting?.status === 'failed'
        ? counting.error
        : null;
  return { parsed, traced, counting: drawable ? null : counting, error };
}
