// The scripts that drive every player and live in the URL, e.g. `?ops=add 50, add 30, poll`.
// One parser for every family, built from the family's grammar (its schema): commands are
// separated by commas, semicolons or new lines; a command is a name and whole-number arguments,
// and where the family has threads, may start with the thread's name (`P1: offer 5`; a command
// without one runs on the thread before it). Errors name the command (counting from 1) and point
// at the text.
import type { FamilySchema, OpSpec } from './schema';
import { excerpt, num } from '../util/format';

export interface Command {
  op: string;
  /** The opcode: the command's position in the grammar. */
  opcode: number;
  args: number[];
  /** The thread it runs on: an index into the result's `threads` (0 for families without). */
  thread: number;
  /** Where the command is in the script text, for messages and highlighting. */
  start: number;
  end: number;
}

export interface ScriptError {
  message: string;
  start: number;
  end: number;
  /** The setting at fault ("schedule"), when it is not the script text. */
  setting?: string;
}

/** `threads`: the thread names in order of first appearance (empty for families without). */
export type ParseResult = { ok: true; commands: Command[]; threads: string[] } | { ok: false; error: ScriptError };

/** The most commands a script may have (macros expand far beyond this). */
export const MAX_COMMANDS = 10_000;
/** Integers per encoded command: opcode, three arguments and the thread. */
export const COMMAND_WIDTH = 5;

const THREAD = /^([A-Za-z][A-Za-z0-9_]{0,11})\s*:\s*/;

/** The thread a command without a name runs on, when no command before it named one. */
export function mainThread(grammar: Pick<FamilySchema, 'settings'>): string {
  return grammar.settings.find((s) => s.name === 'threads')?.default || 'T';
}

const argHelp = (op: OpSpec) => `${op.args.map((a) => a.what).join(' and ')}, e.g. "${op.example}"`;

export function parseScript(text: string, grammar: Pick<FamilySchema, 'ops' | 'threads' | 'settings'>): ParseResult {
  const commands: Command[] = [];
  const names = grammar.ops.map((o) => o.name);
  const threads: string[] = [];
  let thread = -1;
  const piece = /[^,;\n]+/g;
  let m: RegExpExecArray | null;
  while ((m = piece.exec(text))) {
    const raw = m[0];
    let trimmed = raw.trim();
    if (!trimmed) continue;
    const n = commands.length + 1;
    let start = m.index + raw.indexOf(trimmed);
    const end = start + trimmed.length;
    const fail = (message: string, s = start, e = end): ParseResult => ({
      ok: false, error: { message: `command ${n}: ${message}`, start: s, end: e },
    });
    if (n > MAX_COMMANDS) return fail(`a script has at most ${num(MAX_COMMANDS)} commands`);
    const named = grammar.threads ? THREAD.exec(trimmed) : null;
    if (named) {
      const known = threads.findIndex((t) => t.toLowerCase() === named[1].toLowerCase());
      thread = known >= 0 ? known : threads.push(named[1]) - 1;
      start += named[0].length;
      trimmed = trimmed.slice(named[0].length);
      if (!trimmed) return fail(`${named[1]} needs a command after the colon, e.g. "${named[1]}: ${grammar.ops[0].example}"`);
    } else if (grammar.threads && /^\S+\s*:/.test(trimmed)) {
      // Something before a colon that is not a name: the same rule, whichever command it starts.
      return fail('a thread name is a letter, then up to 11 letters, digits or _, then a colon', start, start + trimmed.indexOf(':') + 1);
    } else if (grammar.threads && thread < 0) {
      thread = threads.push(mainThread(grammar)) - 1;
    }
    // Each word with its position, so an error can point at the very word.
    const words: { text: string; at: number }[] = [];
    const word = /\S+/g;
    let w: RegExpExecArray | null;
    while ((w = word.exec(trimmed))) words.push({ text: w[0], at: start + w.index });
    const name = words[0].text.toLowerCase();
    const opcode = names.indexOf(name);
    if (opcode < 0) {
      return fail(`"${excerpt(words[0].text)}" is not a command; expected ${names.join(', ')}`, start, start + words[0].text.length);
    }
    const op = grammar.ops[opcode];
    const given = words.slice(1);
    if (given.length > op.args.length) {
      const extra = given[op.args.length];
      return op.args.length === 0
        ? fail(`${op.name} takes no argument`, extra.at, end)
        : fail(`unexpected "${excerpt(extra.text)}" after ${excerpt(words.slice(0, op.args.length + 1).map((x) => x.text).join(' '))}; separate commands with commas`, extra.at, end);
    }
    if (given.length < op.args.length) return fail(`${op.name} needs ${argHelp(op)}`);
    const args: number[] = [];
    for (let i = 0; i < op.args.length; i++) {
      const spec = op.args[i];
      const g = given[i];
      if (!/^\d+$/.test(g.text)) return fail(`"${excerpt(g.text)}" is not a whole number; ${op.name} needs ${argHelp(op)}`, g.at, g.at + g.text.length);
      const value = Number(g.text);
      if (value < spec.min || value > spec.max || !Number.isSafeInteger(value)) {
        const shown = Number.isSafeInteger(value) ? num(value) : excerpt(g.text);
        return fail(`${op.name} takes ${spec.what} from ${num(spec.min)} to ${num(spec.max)}, not ${shown}`, g.at, g.at + g.text.length);
      }
      args.push(value);
    }
    commands.push({ op: op.name, opcode, args, thread: Math.max(thread, 0), start, end });
  }
  return { ok: true, commands, threads };
}

/** How a command reads back: "add 40", "cancel-reverse". */
export function describeCommand(c: Pick<Command, 'op' | 'args'>): string {
  return [c.op, ...c.args].join(' ');
}

/** The canonical text of a script (what goes back into the URL); a thread is named where it changes. */
export function formatScript(commands: Pick<Command, 'op' | 'args' | 'thread'>[], threads: readonly string[] = []): string {
  return commands
    .map((c, i) => (threads.length && (i === 0 || commands[i - 1].thread !== c.thread) ? `${threads[c.thread]}: ` : '') + describeCommand(c))
    .join(', ');
}

/** `[opcode, a, b, c, thread]` per command, the form the wasm planner takes. */
export function encodeCommands(commands: Pick<Command, 'opcode' | 'args' | 'thread'>[]): Uint32Array {
  const out = new Uint32Array(commands.length * COMMAND_WIDTH);
  commands.forEach((c, i) => {
    out[COMMAND_WIDTH * i] = c.opcode;
    c.args.forEach((a, j) => {
      out[COMMAND_WIDTH * i + 1 + j] = a;
    });
    out[COMMAND_WIDTH * i + 4] = c.thread ?? 0;
  });
  return out;
}

/** A family's settings as the wasm planner takes them: `name=value` lines (threads first). */
export function encodeSettings(threads: readonly string[], settings: Readonly<Record<string, string>> = {}): string {
  const lines = threads.length ? [`threads=${threads.join(',')}`] : [];
  // A line break inside a value (a link's capacity=8%0Athreads=P,C) would start a setting of its
  // own: it stays in the value, shown, so the planner refuses that value at its own box.
  for (const [k, v] of Object.entries(settings)) lines.push(`${k}=${v.replace(/\r\n|[\r\n\u2028\u2029]/g, '⏎')}`);
  return lines.join('\n');
}

/** What the planner said is wrong, as it sends it: where (a command, a setting, or neither) and why. */
export interface Fault {
  /** The sentence to show, naming where: "command 2: there is no timer 4; …". */
  text: string;
  /** The 0-based command at fault, if a command is. */
  command?: number;
  /** The setting at fault ("schedule"), if a setting is. */
  setting?: string;
  /** A valid script past a size limit. */
  overLimit: boolean;
}

/** A planner's fault pointed at the script text: at its command, or at its setting's box. */
export function placeFault(f: Fault, commands: readonly Pick<Command, 'start' | 'end'>[]): ScriptError {
  const c = f.command === undefined ? undefined : commands[f.command];
  return { message: f.text, start: c?.start ?? 0, end: c?.end ?? 0, ...(f.setting ? { setting: f.setting } : {}) };
}
