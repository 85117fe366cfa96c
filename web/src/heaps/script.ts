// The ops script that drives every heap widget and lives in the URL, e.g.
//   ?ops=add 50, add 30, poll, remove 30&step=12
//
// Grammar (operations separated by commas, semicolons or newlines; spaces are free):
//   add K            schedule a timer due at K (a whole number up to 4,294,967,295)
//   poll             take the earliest timer out
//   remove K         cancel the earliest-scheduled queued timer due at K
//                    (if none is queued, cancel one that is not: the JDK still scans everything)
//   schedule N       add deadlines 1, 2, …, N in ascending order (the benchmark's setup)
//   cancel-in-order  cancel every queued timer, in the order they were scheduled
//   cancel-reverse   cancel every queued timer, the most recently scheduled first

import { num as fmt } from '../site/format';

export const OPERATIONS = ['add', 'poll', 'remove', 'schedule', 'cancel-in-order', 'cancel-reverse'] as const;
export type OpName = (typeof OPERATIONS)[number];

export interface Command {
  op: OpName;
  arg?: number;
  /** Where the command is in the script text, for messages and highlighting. */
  start: number;
  end: number;
}

export interface ScriptError {
  message: string;
  start: number;
  end: number;
}

export type ParseResult = { ok: true; commands: Command[] } | { ok: false; error: ScriptError };

export const MAX_ARG = 4_294_967_295;
export const MAX_SCHEDULE = 1_000_000;
export const MAX_COMMANDS = 10_000;

const OPCODES: Record<OpName, number> = {
  add: 0, poll: 1, remove: 2, schedule: 3, 'cancel-in-order': 4, 'cancel-reverse': 5,
};
const TAKES_ARG: Record<OpName, string | null> = {
  add: 'a deadline, e.g. "add 40"',
  poll: null,
  remove: 'a deadline, e.g. "remove 40"',
  schedule: 'a count, e.g. "schedule 15"',
  'cancel-in-order': null,
  'cancel-reverse': null,
};


export function parseScript(text: string): ParseResult {
  const commands: Command[] = [];
  const piece = /[^,;\n]+/g;
  let m: RegExpExecArray | null;
  while ((m = piece.exec(text))) {
    const raw = m[0];
    const trimmed = raw.trim();
    if (!trimmed) continue;
    const n = commands.length + 1;
    const start = m.index + raw.indexOf(trimmed);
    const end = start + trimmed.length;
    const fail = (message: string, s = start, e = end): ParseResult => ({
      ok: false, error: { message: `op ${n}: ${message}`, start: s, end: e },
    });
    if (n > MAX_COMMANDS) return fail(`a script has at most ${fmt(MAX_COMMANDS)} operations`);
    const words = trimmed.split(/\s+/);
    const name = words[0].toLowerCase();
    const wordEnd = start + words[0].length;
    if (!(OPERATIONS as readonly string[]).includes(name)) {
      return fail(`"${words[0]}" is not an operation; expected ${OPERATIONS.join(', ')}`, start, wordEnd);
    }
    const op = name as OpName;
    const needs = TAKES_ARG[op];
    if (words.length > 2) {
      const extra = trimmed.indexOf(words[2], words[0].length + words[1].length);
      return fail(`unexpected "${words[2]}" after ${op} ${words[1]}; separate operations with commas`,
        start + extra, end);
    }
    if (!needs) {
      if (words.length > 1) return fail(`${op} takes no argument`, wordEnd + 1, end);
      commands.push({ op, start, end });
      continue;
    }
    if (words.length < 2) return fail(`${op} needs ${needs}`);
    const argStart = start + trimmed.lastIndexOf(words[1]);
    if (!/^\d+$/.test(words[1])) return fail(`"${words[1]}" is not a whole number; ${op} needs ${needs}`, argStart, end);
    const arg = Number(words[1]);
    if (op === 'schedule' && (arg < 1 || arg > MAX_SCHEDULE)) {
      return fail(`schedule takes a count from 1 to ${fmt(MAX_SCHEDULE)}, not ${fmt(arg)}`, argStart, end);
    }
    if (arg > MAX_ARG) return fail(`${fmt(arg)} is too large; deadlines go up to ${fmt(MAX_ARG)}`, argStart, end);
    commands.push({ op, arg, start, end });
  }
  return { ok: true, commands };
}

/** The canonical text of a script (what goes back into the URL). */
export function formatScript(commands: Pick<Command, 'op' | 'arg'>[]): string {
  return commands.map((c) => (c.arg === undefined ? c.op : `${c.op} ${c.arg}`)).join(', ');
}

/** `[opcode, argument]` pairs, the form the wasm planner takes. */
export function encodeCommands(commands: Pick<Command, 'op' | 'arg'>[]): Uint32Array {
  const out = new Uint32Array(commands.length * 2);
  commands.forEach((c, i) => {
    out[2 * i] = OPCODES[c.op];
    out[2 * i + 1] = c.arg ?? 0;
  });
  return out;
}

export function describeCommand(c: Pick<Command, 'op' | 'arg'>): string {
  return c.arg === undefined ? c.op : `${c.op} ${c.arg}`;
}
