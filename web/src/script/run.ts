// Runs a parsed script through a family's real structures in wasm: planned once, then traced on
// each variant asked for, everything copied out at once so no wasm object outlives the call.
import { callWasm } from '../wasm/loader';
import { STEP_WIDTH, actionSpans, lazyLines, type Trace } from './trace';
import { encodeCommands, encodeSettings, parseScript, placeFault, type Command, type ScriptError } from './parse';
import { FaultError, faultOf } from './fault';
import { countsAt } from './counting';
import { familySchema } from './schema';

export type Traced =
  | { ok: true; traces: Record<string, Trace> }
  /** `tooBig`: a valid script beyond the drawing limits, to be counted instead. */
  | { ok: false; error: ScriptError; tooBig: boolean };

/** `settings`: the family's settings as `encodeSettings` writes them (thread names first). */
export function traceScript(family: string, commands: Command[], variants: readonly string[], settings = ''): Traced {
  const schema = familySchema(family);
  const refused = (e: unknown): Traced => {
    const f = faultOf(e);
    if (!f) throw e;
    return { ok: false, error: placeFault(f, commands), tooBig: false };
  };
  return callWasm((w) => {
    let script: InstanceType<typeof w.Script>;
    try {
      script = new w.Script(family, encodeCommands(commands), settings, true);
    } catch (e) {
      return refused(e);
    }
    try {
      if (!script.fits) {
        return { ok: false, tooBig: true, error: { message: 'the script is too big to draw', start: 0, end: 0 } };
      }
      const traces: Record<string, Trace> = {};
      for (const variant of variants) {
        let t: ReturnType<typeof script.trace>;
        try {
          t = script.trace(variant);
        } catch (e) {
          // A script this variant's contract forbids (two producers on a single-producer queue).
          return refused(e);
        }
        try {
          const steps = t.steps();
          const length = steps.length / STEP_WIDTH;
          const labels = t.actionLabels();
          const subjects = t.actionSubjects();
          traces[variant] = {
            family, variant, schema,
            initial: t.initialFrame(), steps, writes: t.writes(), length,
            overflowed: t.overflowed,
            actions: Array.from(t.actionCommands(), (command, i) => ({ command, label: labels[i], subject: subjects[i] })),
            ...actionSpans(steps),
            entityLabels: t.entityLabels(),
            text: lazyLines(t.texts(), length),
          };
        } finally {
          t.free();
        }
      }
      return { ok: true, traces };
    } finally {
      script.free();
    }
  });
}

/**
 * Counts a small script on the main thread (exercises ask about a few hundred operations): the
 * counts of each command by event kind name, then the totals.
 */
export function countNow(family: string, text: string, variant: string, settings: Record<string, string> = {}): Record<string, number>[] {
  const schema = familySchema(family);
  const parsed = parseScript(text, schema);
  if (!parsed.ok) throw new Error(`script does not parse: ${parsed.error.message}`);
  const flat = callWasm((w) => {
    try {
      const script = new w.Script(family, encodeCommands(parsed.commands), encodeSettings(parsed.threads, settings), false);
      try {
        return script.count(variant);
      } finally {
        script.free();
      }
    } catch (e) {
      const f = faultOf(e);
      throw f ? new FaultError(f) : e;
    }
  });
  return Array.from({ length: parsed.commands.length + 1 }, (_, i) => countsAt(Array.from(flat), schema.kinds, i));
}

/**
 * The trace of a small script on one variant, for exercises and tests: the script must parse and
 * be drawable, else this throws with the family's own message.
 */
export function traceOf(family: string, ops: string, variant: string, settings: Record<string, string> = {}): Trace {
  const parsed = parseScript(ops, familySchema(family));
  if (!parsed.ok) throw new Error(`${family} script does not parse: ${parsed.error.message}`);
  const t = traceScript(family, parsed.commands, [variant], encodeSettings(parsed.threads, settings));
  if (!t.ok) throw new Error(`${family} script failed: ${t.error.message}`);
  return t.traces[variant];
}
