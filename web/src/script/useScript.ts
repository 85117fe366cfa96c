// Parses a script and runs it on a family's real structures: traced when small enough to draw,
// counted in a worker otherwise. Shared by the single player and the race view of every family.
import { useEffect, useMemo, useState } from 'react';
import { encodeCommands, encodeSettings, parseScript, placeFault, type Command, type ParseResult, type ScriptError } from './parse';
import { FaultError } from './fault';
import { traceScript, type Traced } from './run';
import { countScript, type ScriptCounts } from './counting';
import { familySchema, type FamilySchema } from './schema';

const NONE: Readonly<Record<string, string>> = Object.freeze({});

export type Counting =
  | { status: 'running' }
  /** `commands` are the ones counted: the script may have changed since. */
  | { status: 'done'; result: ScriptCounts; commands: Command[] }
  | { status: 'failed'; error: ScriptError };

export interface Script {
  schema: FamilySchema;
  parsed: ParseResult;
  /** Set when the script is small enough to draw. */
  traced: Traced | null;
  /** Set when it is not: counters only. */
  counting: Counting | null;
  error: ScriptError | null;
}

/** `settings`: the family's settings besides the thread names (a queue's capacity, a schedule). */
export function useScript(family: string, text: string, variants: readonly string[], settings: Readonly<Record<string, string>> = NONE): Script {
  const key = variants.join(',');
  const schema = familySchema(family);
  const parsed = useMemo(() => parseScript(text, schema), [text, schema]);
  const encoded = parsed.ok ? encodeSettings(parsed.threads, settings) : '';
  // Rust decides what can be drawn: the planner stops at the drawing limits, then we count.
  const traced = useMemo(
    () => (parsed.ok ? traceScript(family, parsed.commands, key.split(','), encoded) : null),
    [family, parsed, key, encoded],
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
    const job = countScript(family, { commands: Array.from(encodeCommands(commands)), variants: key.split(','), settings: encoded });
    job.result.then(
      (result) => setCounting({ status: 'done', result, commands }),
      (e: Error) => {
        if (e.name === 'AbortError') return;
        const error = e instanceof FaultError ? placeFault(e.fault, commands) : { message: e.message, start: 0, end: 0 };
        setCounting({ status: 'failed', error });
      },
    );
    return job.cancel;
  }, [family, parsed, drawable, key, encoded]);

  const error = !parsed.ok
    ? parsed.error
    : traced && !traced.ok && !traced.tooBig
      ? traced.error
      : counting?.status === 'failed'
        ? counting.error
        : null;
  return { schema, parsed, traced, counting: drawable ? null : counting, error };
}
