import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasm } from '../wasm/loader';
import { encodeCommands, formatScript, parseScript, placeFault } from './parse';
import { familySchema, type FamilySchema } from './schema';

type Grammar = Pick<FamilySchema, 'ops' | 'threads' | 'settings'>;
let heap: FamilySchema;
beforeAll(async () => {
  await loadWasm(readFileSync(join(import.meta.dirname, '..', 'wasm', 'pkg', 'hotpath_wasm_bg.wasm')));
  heap = familySchema('heap');
});

const ok = (text: string, g: Grammar = heap) => {
  const r = parseScript(text, g);
  if (!r.ok) throw new Error(r.error.message);
  return r.commands.map(({ op, args }) => (args.length ? { op, args } : { op }));
};
const err = (text: string, g: Grammar = heap) => {
  const r = parseScript(text, g);
  if (r.ok) throw new Error('expected an error');
  return r.error;
};

describe('the script parser, built from the heap grammar Rust exports', () => {
  it('reads every command, any separator, any spacing and case', () => {
    expect(ok('add 5, add 3;poll\nremove 3 ,  schedule 4,cancel-in-order,CANCEL-REVERSE')).toEqual([
      { op: 'add', args: [5] }, { op: 'add', args: [3] }, { op: 'poll' }, { op: 'remove', args: [3] },
      { op: 'schedule', args: [4] }, { op: 'cancel-in-order' }, { op: 'cancel-reverse' },
    ]);
    expect(ok('')).toEqual([]);
    expect(ok(' , ,')).toEqual([]);
  });

  it('round-trips through its canonical form', () => {
    const text = 'add 5, poll, remove 5, schedule 3, cancel-reverse';
    const r = parseScript(text.toUpperCase().replace(/, /g, ' ;\n'), heap);
    if (!r.ok) throw new Error(r.error.message);
    expect(formatScript(r.commands)).toBe(text);
  });

  it('encodes [opcode, a, b, c, thread] per command for wasm', () => {
    const r = parseScript('add 7, poll, cancel-reverse', heap);
    if (!r.ok) throw new Error();
    expect(Array.from(encodeCommands(r.commands))).toEqual([0, 7, 0, 0, 0, 1, 0, 0, 0, 0, 5, 0, 0, 0, 0]);
    expect(r.threads).toEqual([]);
  });

  it('does not take thread names where the family has no threads', () => {
    expect(err('P1: add 5').message).toBe('command 1: "P1:" is not a command; expected add, poll, remove, schedule, cancel-in-order, cancel-reverse');
  });

  it('locates an unknown command', () => {
    expect(err('add 5,add 3,add 9,remve 5,poll')).toEqual({
      message: 'command 4: "remve" is not a command; expected add, poll, remove, schedule, cancel-in-order, cancel-reverse',
      start: 18, end: 23,
    });
  });

  it('explains missing, extra and malformed arguments', () => {
    expect(err('add').message).toBe('command 1: add needs a deadline, e.g. "add 40"');
    expect(err('poll 3')).toMatchObject({ message: 'command 1: poll takes no argument', start: 5, end: 6 });
    expect(err('add 5, remove x')).toMatchObject({ message: 'command 2: "x" is not a whole number; remove needs a deadline, e.g. "remove 40"', start: 14, end: 15 });
    expect(err('add 5 6')).toMatchObject({ message: 'command 1: unexpected "6" after add 5; separate commands with commas', start: 6 });
    expect(err('add -4').message).toContain('"-4" is not a whole number');
  });

  it('states its limits rather than clamping', () => {
    expect(err('add 4294967296').message).toBe('command 1: add takes a deadline from 0 to 4,294,967,295, not 4,294,967,296');
    expect(err('schedule 0').message).toBe('command 1: schedule takes a count from 1 to 1,000,000, not 0');
    expect(err('schedule 1000001').message).toContain('from 1 to 1,000,000');
    expect(err('add 123456789012345678901234').message).toContain('not 123456789012345678901234');
    expect(ok('schedule 1000000')).toEqual([{ op: 'schedule', args: [1_000_000] }]);
  });

  it('handles commands with several arguments', () => {
    const g = { threads: false, settings: [], ops: [{ name: 'add', args: [{ what: 'an id', min: 1, max: 9 }, { what: 'a delay', min: 0, max: 100 }], example: 'add 1 20' }] };
    expect(ok('add 3 40', g)).toEqual([{ op: 'add', args: [3, 40] }]);
    expect(err('add 3', g).message).toBe('command 1: add needs an id and a delay, e.g. "add 1 20"');
    expect(err('add 3 400', g)).toMatchObject({ message: 'command 1: add takes a delay from 0 to 100, not 400', start: 6, end: 9 });
  });

  it('points a planner fault at its setting, or at its command', () => {
    expect(placeFault({ text: 'schedule: there is no thread "Q"', setting: 'schedule', overLimit: false }, [])).toEqual({
      message: 'schedule: there is no thread "Q"', start: 0, end: 0, setting: 'schedule',
    });
    const r = parseScript('add 1, schedule 3', heap);
    if (!r.ok) throw new Error();
    expect(placeFault({ text: 'command 2: too many', command: 1, overLimit: true }, r.commands)).toEqual({ message: 'command 2: too many', start: 7, end: 17 });
  });
});

describe('the queue grammar: commands on named threads', () => {
  let queue: FamilySchema;
  beforeAll(() => {
    queue = familySchema('queue');
  });
  const parse = (text: string) => {
    const r = parseScript(text, queue);
    if (!r.ok) throw new Error(r.error.message);
    return r;
  };

  it('gives each name a thread in order of appearance; an unnamed command stays on the thread before it', () => {
    const r = parse('P1: offer 5, offer 6; p2: offer 7\nC: poll, P2: fill 3, c:drain');
    expect(r.threads).toEqual(['P1', 'p2', 'C']);
    expect(r.commands.map((c) => [c.op, c.thread])).toEqual([
      ['offer', 0], ['offer', 0], ['offer', 1], ['poll', 2], ['fill', 1], ['drain', 2],
    ]);
    expect(Array.from(encodeCommands(r.commands)).slice(0, 10)).toEqual([0, 5, 0, 0, 0, 0, 6, 0, 0, 0]);
    expect(r.commands[2].start).toBe('P1: offer 5, offer 6; p2: '.length);
    expect(formatScript(r.commands, r.threads)).toBe('P1: offer 5, offer 6, p2: offer 7, C: poll, p2: fill 3, C: drain');
  });

  it('puts a script that names no thread on one thread, named as Rust says', () => {
    const r = parse('offer 5, offer 7, poll');
    expect(r.threads).toEqual(['T']);
    expect(r.commands.every((c) => c.thread === 0)).toBe(true);
    expect(formatScript(r.commands, r.threads)).toBe('T: offer 5, offer 7, poll');
  });

  it('locates a bad thread name or a missing command', () => {
    const e = parseScript('P1: offer 5, 2x: poll', queue);
    expect(e.ok || e.error).toMatchObject({ message: 'command 2: a thread name is a letter, then up to 11 letters, digits or _, then a colon', start: 13, end: 16 });
    // The same rule when the bad name starts the script (it used to read as a command called "2x:").
    const first = parseScript('2x: poll, P1: offer 5', queue);
    expect(first.ok || first.error).toMatchObject({ message: 'command 1: a thread name is a letter, then up to 11 letters, digits or _, then a colon', start: 0, end: 3 });
    const m = parseScript('P1:', queue);
    expect(m.ok || m.error.message).toBe('command 1: P1 needs a command after the colon, e.g. "P1: offer 5"');
  });
});
